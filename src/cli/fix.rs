//! `pdnkit fix`: writes the archive back with the repairs the evidence confirms. A game is
//! changed only where a repair of its main line is confirmed (`pdnkit::repair::fix_game`),
//! each changed move marked with a comment, and, when asked, where its Result or GameType tag
//! disagrees with the game; every other game is written as it was.

use std::collections::BTreeMap;
use std::fs::File;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pdn::RawGame;
use pdnkit::ReplayOptions;
use pdnkit::archive::Counted;
use pdnkit::repair::{CHANGES_HEADER, Change, FixOptions, fix_game};

use super::games_out::{GamesOut, GamesWriter, Rendered};
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit fix`.
#[derive(clap::Args, Debug)]
pub struct FixArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Also set the Result tag to agree with the game: with the result the rules give when
    /// the game ended by them, else with the terminator.
    #[arg(long)]
    pub results: bool,
    /// Also write a GameType tag where the variant was decided without one, or where
    /// --variant overruled it.
    #[arg(long)]
    pub gametype: bool,
    /// Write one CSV row per change to this file: file, game, ply, written, fixed, kind,
    /// plies_confirmed.
    #[arg(long, value_name = "FILE")]
    pub changes: Option<PathBuf>,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What one game gave.
struct Fixed {
    file: Option<Arc<str>>,
    rendered: Option<Rendered>,
    changes: Vec<Change>,
    message: String,
    counts: Counts,
}

impl Counted for Fixed {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// Runs `pdnkit fix`.
pub fn run(args: FixArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("fix", "PDN", None)?;
    let files = input::default_stdin(args.files.clone());
    let archive = input::archive(&files, global, args.replay.options()?);
    let fix = FixOptions {
        results: args.results,
        gametype: args.gametype,
    };
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let mut changes_out = changes_writer(args.changes.as_deref())?;
    let form = GamesOut::Original;
    let mut writer = GamesWriter::default();
    let mut by_kind: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut games_changed = 0u64;
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| fixed(game.file, &game.game, &game.options, fix),
        |fixed| {
            let Some(f) = reporter.game(fixed) else {
                return ControlFlow::Continue(());
            };
            reporter.message(&f.message);
            if !f.changes.is_empty() {
                games_changed += 1;
            }
            for c in &f.changes {
                *by_kind.entry(c.kind).or_default() += 1;
                if let Some(w) = changes_out.as_mut()
                    && let Err(e) = w.serialize(c)
                {
                    return ControlFlow::Break(std::io::Error::other(e));
                }
            }
            let (Some(file), Some(rendered)) = (f.file, f.rendered) else {
                return ControlFlow::Continue(());
            };
            writer.write_shown(&form, &mut out, &reporter, &file, &rendered)
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    writer.finish(&form, &mut out)?;
    out.finish()?;
    if let Some(mut w) = changes_out {
        w.flush()?;
    }
    if !global.quiet {
        reporter.message(&summary(&by_kind, writer.written, games_changed));
    }
    Ok(reporter.finish(ran.counts))
}

/// The CSV writer of `--changes`, its header written (even when nothing changes).
fn changes_writer(path: Option<&Path>) -> anyhow::Result<Option<csv::Writer<File>>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_path(path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    w.write_record(CHANGES_HEADER)?;
    Ok(Some(w))
}

/// Fixes one game: its text as it is to be written, the changes, and the verdict on what is
/// written.
fn fixed(file: Arc<str>, raw: &RawGame, options: &ReplayOptions, fix: FixOptions) -> Fixed {
    let fixed = fix_game(&file, raw, options, fix);
    // Unchanged games as they were; the text is written in UTF-8 (see `games_out`).
    let rendered = Rendered {
        data: raw.oversize.is_none().then(|| fixed.text.into_bytes()),
        transcoded: (raw.encoding.name() != "UTF-8").then(|| raw.encoding.name()),
    };
    let message = match rendered.data {
        None => format!(
            "pdnkit: {file}: a game larger than the maximum game size, its text was not kept; \
             not written"
        ),
        Some(_) => String::new(),
    };
    Fixed {
        file: Some(file),
        rendered: Some(rendered).filter(|r| r.data.is_some()),
        changes: fixed.changes,
        message,
        counts: Counts::verdict(fixed.status),
    }
}

/// The line that says what was written and changed, by kind of change.
fn summary(by_kind: &BTreeMap<&'static str, u64>, written: u64, games_changed: u64) -> String {
    let kinds: Vec<String> = by_kind.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let detail = if kinds.is_empty() {
        String::new()
    } else {
        format!(" ({})", kinds.join(", "))
    };
    format!(
        "pdnkit: {} written, {} changed{detail}",
        plural(written, "game"),
        games_changed
    )
}
