//! `pdnkit fix`: writes the archive back with the repairs the evidence confirms. A game is
//! changed only where a repair of its main line is confirmed (see `pdnkit::repair`), each
//! changed move marked with a comment, and, when asked, where its Result or GameType tag
//! disagrees with the game; every other game is written as it was.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use draughts::ResultScale;
use pdn::{Game, RawGame, ResultMeaning, parse_game};
use pdnkit::export::variant_tags;
use pdnkit::repair::{Suggestion, apply, renumber, repairs};
use pdnkit::{CheckedGame, Code, ReplayOptions, Replayed, Verdict, check_game, replay};

use super::games_out::{GamesOut, GamesWriter, Rendered};
use super::input::{self, Item};
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

/// One change made to a game.
#[derive(serde::Serialize)]
struct Change {
    file: String,
    game: u64,
    ply: Option<u32>,
    written: String,
    fixed: String,
    kind: &'static str,
    plies_confirmed: Option<u32>,
}

/// What one game gave.
struct Fixed {
    file: Option<Arc<str>>,
    rendered: Option<Rendered>,
    changes: Vec<Change>,
    message: String,
    counts: Counts,
}

/// Runs `pdnkit fix`.
pub fn run(args: FixArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    if global.format.is_some() {
        anyhow::bail!("fix writes PDN; --format is not used by fix");
    }
    let files = input::default_stdin(args.files.clone());
    let options = args.replay.options()?;
    let mut reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let mut changes_out = match &args.changes {
        Some(path) => Some(
            // The header is written even when nothing changes.
            csv::WriterBuilder::new()
                .has_headers(false)
                .from_path(path)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        ),
        None => None,
    };
    if let Some(w) = changes_out.as_mut() {
        w.write_record([
            "file",
            "game",
            "ply",
            "written",
            "fixed",
            "kind",
            "plies_confirmed",
        ])?;
    }
    let form = GamesOut::Original;
    let mut writer = GamesWriter::default();
    let mut by_kind: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut games_changed = 0u64;
    let games = input::decided_games(
        &files,
        reporter.progress(),
        input::Deciding::replaying(options.variant),
    );
    let result = global.pipeline().run_weighed(
        games,
        |(item, _)| item.weight(),
        || (),
        |_, (item, archive)| {
            let options = options.for_archive(archive);
            match item {
                Item::Failed { error } => Fixed {
                    file: None,
                    rendered: None,
                    changes: Vec::new(),
                    message: format!("pdnkit: {error}"),
                    counts: Counts::failed_input(),
                },
                Item::Game { file, game } => fix_game(file, &game, &options, &args),
            }
        },
        |f| {
            reporter.message(&f.message);
            reporter.add(f.counts);
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
    result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    writer.finish(&form, &mut out)?;
    out.finish()?;
    if let Some(mut w) = changes_out {
        w.flush()?;
    }
    if !global.quiet {
        let kinds: Vec<String> = by_kind.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let detail = if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        };
        reporter.message(&format!(
            "pdnkit: {} written, {} changed{detail}",
            plural(writer.written, "game"),
            games_changed
        ));
    }
    Ok(reporter.finish_validation())
}

/// Fixes one game: its text as it is to be written, the changes, and the verdict on what is
/// written.
fn fix_game(file: Arc<str>, raw: &RawGame, options: &ReplayOptions, args: &FixArgs) -> Fixed {
    let mut changes = Vec::new();
    let mut text = raw.text.clone();
    // The main line's repair, when one is confirmed.
    let (game, repaired) = check_game(&file, raw, options, |checked| {
        let repaired = confirmed(checked, options).and_then(|suggestion| {
            let fixed = apply(&raw.text, checked.game?, &suggestion)?;
            Some((fixed, suggestion))
        });
        (checked.record.game, repaired)
    });
    if let Some((fixed, suggestion)) = repaired {
        // Kept only when the written text replays as the trials did; the move numbers from
        // the first change on then agree with the moves as they now stand.
        let again = RawGame::from_text(fixed.clone());
        let changed_from = raw
            .text
            .bytes()
            .zip(fixed.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let renumbered = parse_game(&again).ok().and_then(|g| {
            let r = replay(&g, options);
            let stops = r.diagnostics.iter().any(|d| {
                stops_line(d.code) && d.at.as_ref().is_some_and(|a| a.variation_depth == 0)
            });
            (!stops).then(|| renumber(&fixed, &g, &r, changed_from))
        });
        if let Some(renumbered) = renumbered {
            text = renumbered;
            for f in &suggestion.fixes {
                changes.push(Change {
                    file: file.to_string(),
                    game,
                    ply: Some(f.ply),
                    written: f.written.clone(),
                    fixed: f.fixed.clone(),
                    kind: f.slip.name(),
                    plies_confirmed: Some(suggestion.plies_after),
                });
            }
        }
    }
    let mut current = RawGame::from_text(text.clone());
    current.oversize = raw.oversize;
    current.encoding = raw.encoding;
    if (args.results || args.gametype)
        && let Ok(tree) = parse_game(&current)
    {
        let r = replay(&tree, options);
        let edits = tag_edits(&tree, &r, options, args);
        if !edits.is_empty() {
            let mut t = text.clone();
            let mut sorted = edits;
            sorted.sort_by_key(|e| std::cmp::Reverse(e.at.0));
            for e in &sorted {
                t.replace_range(e.at.0..e.at.1, &e.text);
                changes.push(Change {
                    file: file.to_string(),
                    game,
                    ply: None,
                    written: e.old.clone(),
                    fixed: e.new.clone(),
                    kind: e.kind,
                    plies_confirmed: None,
                });
            }
            text = t;
            current = RawGame::from_text(text.clone());
            current.encoding = raw.encoding;
        }
    }
    // The verdict on what is written.
    let (counts, rendered) = check_game(&file, &current, options, |checked| {
        // Unchanged games as they were; the text is written in UTF-8 (see `games_out`).
        let rendered = Rendered {
            data: raw.oversize.is_none().then(|| text.clone().into_bytes()),
            transcoded: (raw.encoding.name() != "UTF-8").then(|| raw.encoding.name()),
        };
        (Counts::verdict(checked.record.status), rendered)
    });
    let message = match (&rendered.data, raw.oversize) {
        (None, _) | (_, Some(_)) => format!(
            "pdnkit: {file}: a game larger than the maximum game size, its text was not kept; \
             not written"
        ),
        _ => String::new(),
    };
    Fixed {
        file: Some(file),
        rendered: Some(rendered).filter(|r| r.data.is_some()),
        changes,
        message,
        counts,
    }
}

/// The confirmed repair of the main line, if any.
fn confirmed(checked: &CheckedGame<'_, '_>, options: &ReplayOptions) -> Option<Suggestion> {
    if checked.record.status != Verdict::Invalid {
        return None;
    }
    repairs(checked, options)
        .into_iter()
        .find(|f| f.variation == 0)?
        .suggestions
        .into_iter()
        .find(|s| s.confirmed)
}

/// The codes of a move that ends its line's replay.
fn stops_line(code: Code) -> bool {
    matches!(
        code,
        Code::IllegalMove | Code::NoPiece | Code::WrongSide | Code::UnknownSquare
    )
}

/// A change to a tag.
struct TagEdit {
    /// The bytes replaced (an empty range inserts).
    at: (usize, usize),
    text: String,
    old: String,
    new: String,
    kind: &'static str,
}

/// The Result and GameType edits `args` asks for.
fn tag_edits(
    tree: &Game<'_>,
    r: &Replayed,
    options: &ReplayOptions,
    args: &FixArgs,
) -> Vec<TagEdit> {
    let mut edits = Vec::new();
    let Some(config) = r.config else {
        return edits;
    };
    // Before the first tag, or at the start.
    let top = tree.tags().next().map_or(0, |t| t.span.start as usize);
    if args.gametype {
        let decided = r.diagnostics.iter().any(|d| d.code == Code::VariantGuessed);
        let tags = variant_tags(&config);
        let value = tags[0].1.clone();
        let own = tree.tags().find(|t| t.name == "GameType");
        match own {
            None if decided => edits.push(TagEdit {
                at: (top, top),
                text: tags
                    .iter()
                    .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
                    .collect(),
                old: String::new(),
                new: value,
                kind: "gametype",
            }),
            Some(t) if options.variant.is_some() && t.value.trim() != value => {
                edits.push(TagEdit {
                    at: (t.span.start as usize, t.span.end as usize),
                    text: format!("[GameType \"{value}\"]"),
                    old: t.value.to_string(),
                    new: value,
                    kind: "gametype",
                })
            }
            _ => {}
        }
    }
    if args.results
        && let Some(wanted) = wanted_result(
            tree,
            r,
            config.first_mover,
            config.variant.rules().result_scale,
        )
    {
        let own = tree.tags().find(|t| t.name == "Result");
        let said = own.map(|t| pdn::ResultToken::from_tag(&t.value).outcome);
        let meaning = pdn::ResultToken::from_tag(&wanted).outcome;
        if said != Some(meaning) {
            let (at, text) = match own {
                Some(t) => (
                    (t.span.start as usize, t.span.end as usize),
                    format!("[Result \"{wanted}\"]"),
                ),
                None => ((top, top), format!("[Result \"{wanted}\"]\n")),
            };
            edits.push(TagEdit {
                at,
                text,
                old: own.map(|t| t.value.to_string()).unwrap_or_default(),
                new: wanted,
                kind: "result",
            });
        }
    }
    edits
}

/// The result the game should carry: the rules' when they ended it, else the terminator's.
fn wanted_result(
    tree: &Game<'_>,
    r: &Replayed,
    first_mover: draughts::Colour,
    scale: ResultScale,
) -> Option<String> {
    let written = tree
        .result_tag()
        .map(|t| t.raw.to_string())
        .or_else(|| tree.terminator.as_ref().map(|t| t.token.to_string()));
    // The scale the game writes results in, else the variant's.
    let two = match written.as_deref() {
        Some(w) if w.contains('2') || w == "1-1" => true,
        Some(w) if w.contains("1/2") || w == "1-0" || w == "0-1" => false,
        _ => scale == ResultScale::Two,
    };
    let token = |m: ResultMeaning| -> Option<String> {
        Some(
            match (m, two) {
                (ResultMeaning::FirstWins, true) => "2-0",
                (ResultMeaning::SecondWins, true) => "0-2",
                (ResultMeaning::Draw, true) => "1-1",
                (ResultMeaning::FirstWins, false) => "1-0",
                (ResultMeaning::SecondWins, false) => "0-1",
                (ResultMeaning::Draw, false) => "1/2-1/2",
                _ => return None,
            }
            .to_string(),
        )
    };
    let complete = r.plies.iter().map(|p| 1 + p.joined).sum::<u32>() == r.written;
    if complete && let Some(end) = &r.end {
        match end.outcome() {
            draughts::Outcome::Win { winner, .. } => {
                return token(if winner == first_mover {
                    ResultMeaning::FirstWins
                } else {
                    ResultMeaning::SecondWins
                });
            }
            draughts::Outcome::Draw(_) => return token(ResultMeaning::Draw),
            draughts::Outcome::Ongoing => {}
        }
    }
    let term = tree.terminator.as_ref()?.result();
    token(term.outcome?)
}
