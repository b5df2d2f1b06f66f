//! `pdnkit tags`: the games written back with their tags edited and everything else byte for
//! byte (`pdnkit::tags`). The games go to stdout or -o; a count of the changes by kind to
//! stderr; `--changes FILE` lists each change.

use std::collections::BTreeMap;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pdnkit::filter::{Condition, Filter};
use pdnkit::tags::{CHANGES_HEADER, Retagged, TagEdits, edit_tags};
use pdnkit::{ReplayOptions, check_game};

use super::aliases::AliasArgs;
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, Status};

/// Arguments of `pdnkit tags`.
#[derive(clap::Args, Debug)]
pub struct TagsArgs {
    /// Set a tag (added where missing): TAG=VALUE; repeatable.
    #[arg(long, value_name = "TAG=VALUE")]
    pub set: Vec<String>,
    /// Edit only the games whose tag matches: TAG=REGEX, as filter's --tag; repeatable (all
    /// must hold). The other games are written as they were.
    #[arg(long = "where", value_name = "TAG=REGEX")]
    pub where_tag: Vec<String>,
    /// Rename a tag: OLD=NEW; repeatable.
    #[arg(long, value_name = "OLD=NEW")]
    pub rename: Vec<String>,
    /// Remove every tag of this name; repeatable.
    #[arg(long, value_name = "TAG")]
    pub remove: Vec<String>,
    /// White and Black written as the table names each spelling listed.
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// Write Date tags as YYYY.MM.DD (those written with numbers alone).
    #[arg(long)]
    pub dates: bool,
    /// Set PlyCount to the moves of the main line.
    #[arg(long)]
    pub plycount: bool,
    /// Set Result where the rules ended the game (never from the terminator alone).
    #[arg(long)]
    pub result: bool,
    /// Add GameType where missing, from the variant the game was read as.
    #[arg(long)]
    pub gametype: bool,
    /// Write every change to this CSV (file, game, line, tag, old, new, kind).
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

/// `NAME=VALUE` split, or a usage error naming the option.
fn pair(option: &str, spec: &str) -> anyhow::Result<(String, String)> {
    match spec.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.to_string()))
        }
        _ => anyhow::bail!("{option} takes NAME=VALUE, not {spec:?}"),
    }
}

/// The edits the arguments ask for.
fn edits(args: &TagsArgs) -> anyhow::Result<TagEdits> {
    let pairs = |option: &str, specs: &[String]| -> anyhow::Result<Vec<(String, String)>> {
        specs.iter().map(|s| pair(option, s)).collect()
    };
    Ok(TagEdits {
        set: pairs("--set", &args.set)?,
        rename: pairs("--rename", &args.rename)?,
        remove: args.remove.clone(),
        aliases: args.aliases.load()?,
        dates: args.dates,
        plycount: args.plycount,
        result: args.result,
        gametype: args.gametype,
    })
}

/// What one game gave: its text as written (none for an oversize game), its changes.
struct Edited {
    file: String,
    retagged: Option<Retagged>,
    message: String,
    counts: Counts,
}

impl pdnkit::archive::Counted for Edited {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// Runs `pdnkit tags`.
pub fn run(args: TagsArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("tags", "games", None)?;
    let edits = edits(&args)?;
    let mut conditions = Vec::new();
    for spec in &args.where_tag {
        conditions.push(Condition::parse_tag(spec).map_err(anyhow::Error::msg)?);
    }
    let selection = Filter::new(conditions);
    let files = input::default_stdin(args.files);
    let archive = input::archive(&files, global, ReplayOptions::default());
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let mut changes = match &args.changes {
        Some(path) => {
            let mut csv = csv::Writer::from_writer(Output::open(Some(path))?);
            csv.write_record(CHANGES_HEADER)?;
            Some(csv)
        }
        None => None,
    };
    let mut kinds: BTreeMap<&'static str, u64> = BTreeMap::new();
    let (mut written, mut changed, mut lost) = (0u64, 0u64, 0u64);
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| edited(&game, &selection, &edits),
        |done| {
            let Some(e) = reporter.game(done) else {
                return ControlFlow::Continue(());
            };
            reporter.message(&e.message);
            let Some(r) = e.retagged else {
                lost += 1;
                return ControlFlow::Continue(());
            };
            written += 1;
            changed += u64::from(!r.changes.is_empty());
            let wrote = out
                .write_all(r.text.as_bytes())
                .map_err(anyhow::Error::from);
            let listed = match &mut changes {
                Some(csv) => list(csv, &e.file, &r, &mut kinds),
                None => {
                    r.changes
                        .iter()
                        .for_each(|c| *kinds.entry(c.kind).or_default() += 1);
                    Ok(())
                }
            };
            match wrote.and(listed) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    )?;
    out.finish()?;
    if let Some(csv) = changes {
        csv.into_inner()
            .map_err(|e| anyhow::anyhow!("{}", e.error()))?
            .finish()?;
    }
    if !global.quiet {
        let by_kind: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let detail = if by_kind.is_empty() {
            String::new()
        } else {
            format!(" ({})", by_kind.join(", "))
        };
        reporter.message(&format!(
            "pdnkit: {} written, {} changed{detail}",
            plural(written, "game"),
            changed
        ));
    }
    let mut status = reporter.finish(ran.counts);
    // What tags reports is what it wrote: a game it could not write is the one finding.
    status.findings = lost > 0;
    Ok(status)
}

/// The changes of one game as CSV rows, counted by kind.
fn list(
    csv: &mut csv::Writer<Output>,
    file: &str,
    r: &Retagged,
    kinds: &mut BTreeMap<&'static str, u64>,
) -> anyhow::Result<()> {
    for c in &r.changes {
        *kinds.entry(c.kind).or_default() += 1;
        let (game, line) = (c.game.to_string(), c.line.to_string());
        csv.write_record([file, &game, &line, &c.tag, &c.old, &c.new, c.kind])?;
    }
    Ok(())
}

/// One game edited when the selection holds, else as it was; an oversize game (of which
/// only the beginning was kept) is not written, with a message.
fn edited(game: &pdnkit::archive::ArchiveGame, selection: &Filter, edits: &TagEdits) -> Edited {
    check_game(&game.file, &game.game, &game.options, |checked| {
        let counts = Counts::verdict(checked.record.status);
        let file = game.file.to_string();
        if game.game.oversize.is_some() {
            let r = checked.record;
            return Edited {
                message: format!(
                    "pdnkit: {}:{}: game {} is larger than the game size limit: not written",
                    r.file, r.line, r.game
                ),
                file,
                retagged: None,
                counts,
            };
        }
        let retagged = if selection.matches(checked) {
            edit_tags(checked, edits)
        } else {
            Retagged {
                text: game.game.text.clone(),
                changes: Vec::new(),
            }
        };
        Edited {
            file,
            retagged: Some(retagged),
            message: String::new(),
            counts,
        }
    })
}
