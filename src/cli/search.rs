//! `pdnkit search`: the plies of games where a position, a pattern, a material balance or a
//! manoeuvre occurs, as CSV or JSON rows (file, game, ply, move number, FEN), or the games with
//! a comment at each hit. With `--index`, an exact position is looked up in an index built by
//! `pdnkit index` instead of replaying the archive.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use draughts::Config;
use pdn::RawGame;
use pdnkit::search::{Hit, NotReadable, Query, Row, Target, header_row};
use pdnkit::{CheckedGame, check_game};

use super::games_out::{GamesOut, GamesWriter, Rendered, not_written};
use super::index;
use super::input::{self, Item};
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{Format, GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit search`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("target").required(true)
    .args(["fen", "pattern", "material", "move"])))]
pub struct SearchArgs {
    /// An exact position (the side to move included unless --any-side), in each game's
    /// notation: `W:W28,31-50:B1-20`.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Pieces that must stand on given squares and squares that must be empty, the rest free:
    /// `W:W28,K33:B19:E22,23` (side to move W, B or ?; groups W, B and E, each optional).
    #[arg(long, value_name = "PATTERN")]
    pub pattern: Option<String>,
    /// With --pattern only: the pattern must hold for at least N positions in a row (one hit
    /// per run, at its first position).
    #[arg(long = "for", value_name = "N",
        value_parser = clap::value_parser!(u32).range(1..))]
    pub for_plies: Option<u32>,
    /// Men and kings of each side: `W:3,K1 B:2` (three white men and a king, two black men).
    #[arg(long, value_name = "MATERIAL")]
    pub material: Option<String>,
    /// A manoeuvre: `FROM-TO` (a piece going from one square to another), `xN` (a capture of
    /// at least N pieces), `promotion`, or `king-taken`.
    #[arg(long = "move", id = "move", value_name = "MOVE")]
    pub move_: Option<String>,
    /// With --fen or --pattern: positions match whoever is to move.
    #[arg(long)]
    pub any_side: bool,
    /// With --fen, --pattern or --material: also match the colour-reversed position (the
    /// board turned half a turn, colours swapped, the other side to move).
    #[arg(long)]
    pub mirror: bool,
    /// Also look in variations.
    #[arg(long)]
    pub variations: bool,
    /// Look the position up in this index (`pdnkit index`) instead of replaying the files;
    /// --fen only. With FILEs, only the hits in those files (each must be in the index).
    #[arg(long, value_name = "INDEX", requires = "fen")]
    pub index: Option<PathBuf>,
    /// Write the matching games as PDN instead of rows: each game's text as it is in its
    /// file, with a `{pdnkit search: FEN}` comment after each matching move.
    #[arg(long, value_enum)]
    pub to: Option<ToGames>,
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin. With --index: the indexed files to answer from (default: all of them).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The games' form with `--to`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToGames {
    /// The games' original text, a comment after each matching move.
    Pdn,
}

/// The option that names the query, as written: `--fen W:W28:B19`.
pub(super) fn shown(args: &SearchArgs) -> String {
    let (option, value) = if let Some(fen) = &args.fen {
        ("--fen", fen)
    } else if let Some(p) = &args.pattern {
        ("--pattern", p)
    } else if let Some(m) = &args.material {
        ("--material", m)
    } else if let Some(m) = &args.move_ {
        ("--move", m)
    } else {
        unreachable!("clap requires one target")
    };
    format!("{option} {value}")
}

/// The query the arguments describe, checked before any game is read: it must be written
/// correctly, its options must apply to it, and some board (the one `--variant` names, if
/// given) must hold it.
fn query(args: &SearchArgs) -> anyhow::Result<Query> {
    let target = if let Some(fen) = &args.fen {
        Target::parse_fen(fen)
    } else if let Some(p) = &args.pattern {
        Target::parse_pattern(p)
    } else if let Some(m) = &args.material {
        Target::parse_material(m)
    } else if let Some(m) = &args.move_ {
        Target::parse_move(m)
    } else {
        unreachable!("clap requires one target")
    }
    .map_err(anyhow::Error::msg)?;
    let kind = match &target {
        Target::Position(_) => "--fen",
        Target::Pattern(_) => "--pattern",
        Target::Material(_) => "--material",
        Target::Move(_) => "--move",
    };
    let not_with = |option: &str, applies: &str| {
        anyhow::anyhow!("{option} applies to {applies}; it is not used with {kind}")
    };
    if args.for_plies.is_some() && !matches!(target, Target::Pattern(_)) {
        return Err(not_with("--for", "--pattern only"));
    }
    if args.any_side && !matches!(target, Target::Position(_) | Target::Pattern(_)) {
        return Err(not_with("--any-side", "--fen and --pattern"));
    }
    if args.mirror && matches!(target, Target::Move(_)) {
        return Err(not_with("--mirror", "--fen, --pattern and --material"));
    }
    let mut q = Query::new(target);
    q.any_side = args.any_side;
    q.mirror = args.mirror;
    q.at_least = args.for_plies.unwrap_or(1);
    q.variations = args.variations;
    match super::variant_named(args.replay.variant.as_deref())? {
        Some(v) => q
            .check_in(v, &Config::standard(v).notation)
            .map_err(|e| anyhow::anyhow!("{} cannot be read {e}", shown(args)))?,
        None => q
            .check_somewhere()
            .map_err(|e| anyhow::anyhow!("{} fits no variant's board; {e}", shown(args)))?,
    }
    Ok(q)
}

/// What one game gave.
struct Found {
    /// Its file, and its rows or its text as written (none without a hit).
    file: Option<Arc<str>>,
    rendered: Option<Rendered>,
    hits: usize,
    message: String,
    counts: Counts,
    /// The query cannot be read in the game's variant: the game was not searched.
    unreadable: Option<NotReadable>,
}

impl Found {
    fn nothing(message: String, counts: Counts) -> Found {
        Found {
            file: None,
            rendered: None,
            hits: 0,
            message,
            counts,
            unreadable: None,
        }
    }
}

/// Runs `pdnkit search`.
pub fn run(args: SearchArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let json = match (global.format, args.to) {
        (Some(_), Some(_)) => anyhow::bail!("--to writes games; --format is for rows"),
        (None | Some(Format::Csv), _) => false,
        (Some(Format::Json), _) => true,
        (Some(Format::Text), _) => {
            anyhow::bail!(
                "search writes csv (the default) or json rows; --format text is not offered"
            )
        }
    };
    let query = query(&args)?;
    if let Some(index) = &args.index {
        return index::search(index, &query, &args, json, global);
    }
    let files = input::default_stdin(args.files.clone());
    let options = args.replay.options()?;
    let mut reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let games_out = args.to.is_some();
    let mut writer = GamesWriter::default();
    // The header goes out with the first row, or at the end: a search that stops on a query
    // the archive cannot hold writes nothing.
    let mut header = (!games_out && !json).then(header_row);
    let (mut hits, mut games_hit) = (0u64, 0u64);
    // Games searched, and those whose variant cannot hold the query, by variant.
    let mut searched = 0u64;
    let mut not_searched: Vec<(NotReadable, u64)> = Vec::new();
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
            let (file, raw) = match item {
                Item::Failed { error } => {
                    return Found::nothing(format!("pdnkit: {error}"), Counts::failed_input());
                }
                Item::Game { file, game } => (file, game),
            };
            check_game(&file, &raw, &options, |checked| {
                let counts = Counts::verdict(checked.record.status);
                let found = match query.try_hits(checked) {
                    Ok(found) => found,
                    Err(why) => {
                        let mut f = Found::nothing(String::new(), counts);
                        f.unreadable = Some(why);
                        return f;
                    }
                };
                let rendered = match games_out {
                    _ if found.is_empty() => None,
                    true => Some(marked_text(&raw, checked, &found)),
                    false => {
                        let mut data = Vec::new();
                        for h in &found {
                            Row::of(checked, h).write(json, &mut data);
                        }
                        Some(Rendered {
                            data: Some(data),
                            transcoded: None,
                        })
                    }
                };
                let message = match &rendered {
                    Some(r) if r.data.is_none() => not_written(checked),
                    _ => String::new(),
                };
                Found {
                    file: Some(file.clone()),
                    rendered,
                    hits: found.len(),
                    message,
                    counts,
                    unreadable: None,
                }
            })
        },
        |f| {
            reporter.message(&f.message);
            reporter.add(f.counts);
            match f.unreadable {
                Some(why) => match not_searched.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, n)) => *n += 1,
                    None => not_searched.push((why, 1)),
                },
                None if f.counts.read > 0 => searched += 1,
                None => {}
            }
            if f.hits == 0 {
                return ControlFlow::Continue(());
            }
            hits += f.hits as u64;
            games_hit += 1;
            let (Some(file), Some(rendered)) = (f.file, f.rendered) else {
                return ControlFlow::Continue(());
            };
            if games_out {
                return writer.write_shown(
                    &GamesOut::Original,
                    &mut out,
                    &reporter,
                    &file,
                    &rendered,
                );
            }
            let header = header.take().unwrap_or_default();
            match out
                .write_all(&header)
                .and_then(|()| out.write_all(rendered.data.as_deref().unwrap_or_default()))
            {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    if searched == 0
        && let Some((why, n)) = not_searched.first()
    {
        // Not one game could hold the query: a mistake in it, said once.
        reporter.abandon();
        anyhow::bail!(
            "{} cannot be read {why}; no game searched ({} of {} read)",
            shown(&args),
            plural(*n, "game"),
            why.variant
        );
    }
    for (why, n) in &not_searched {
        reporter.message(&format!(
            "pdnkit: {} cannot be read {why}: {} of {} not searched",
            shown(&args),
            plural(*n, "game"),
            why.variant
        ));
    }
    if games_out {
        writer.finish(&GamesOut::Original, &mut out)?;
    }
    out.write_all(&header.unwrap_or_default())?;
    out.finish()?;
    if !global.quiet {
        reporter.message(&format!(
            "pdnkit: {} in {}",
            plural(hits, "hit"),
            plural(games_hit, "game")
        ));
    }
    let mut status = reporter.finish_validation();
    status.findings = false;
    Ok(status)
}

/// A matching game as `--to pdn` writes it: its text as in its file with the hits' comments,
/// in UTF-8, and `*` after a game that had no terminator (so the next game stays apart). No
/// tag is added: what a user gets is their own game.
fn marked_text(raw: &RawGame, checked: &CheckedGame<'_, '_>, hits: &[Hit]) -> Rendered {
    if raw.oversize.is_some() {
        return Rendered {
            data: None,
            transcoded: None,
        };
    }
    let mut text = marked_game(checked, hits);
    if checked.game.is_some_and(|g| g.terminator.is_none()) {
        let end = text.trim_end().len();
        let line_end = if text.contains("\r\n") { "\r\n" } else { "\n" };
        text.insert_str(end, &format!("{line_end}*"));
    }
    Rendered {
        data: Some(text.into_bytes()),
        transcoded: (raw.encoding.name() != "UTF-8").then(|| raw.encoding.name()),
    }
}

/// The game's original text with a comment after each matching move (before the first move
/// for the start position).
fn marked_game(checked: &CheckedGame<'_, '_>, hits: &[Hit]) -> String {
    let text = &checked.raw.text;
    let Some(replayed) = checked.replayed else {
        return text.clone();
    };
    // Where each comment goes: after the move's text, or where the movetext starts.
    let movetext_start = checked
        .game
        .and_then(|g| g.body.first().map(|n| n.span().start as usize))
        .unwrap_or(text.len());
    let mut marks: Vec<(usize, String)> = hits
        .iter()
        .map(|h| {
            let at = match h.ply.checked_sub(1) {
                Some(i) if h.variation == 0 => replayed.plies[i as usize].span.end as usize,
                Some(_) => replayed
                    .variation_plies
                    .iter()
                    .find(|p| {
                        p.ply == h.ply
                            && p.depth == h.variation
                            && p.after
                                .fen_text(&checked.config().expect("replayed").notation)
                                == h.fen
                    })
                    .map_or(movetext_start, |p| p.span.end as usize),
                None => movetext_start,
            };
            let mirrored = if h.mirrored { ", mirrored" } else { "" };
            let comment = format!("{{pdnkit search: {}{mirrored}}}", h.fen);
            // After a move, or before the first one for the start position.
            let text = if h.ply == 0 {
                format!("{comment} ")
            } else {
                format!(" {comment}")
            };
            (at, text)
        })
        .collect();
    marks.sort_by_key(|m| m.0);
    let mut out = String::with_capacity(text.len() + 64 * marks.len());
    let mut from = 0;
    for (at, comment) in marks {
        out.push_str(&text[from..at]);
        out.push_str(&comment);
        from = at;
    }
    out.push_str(&text[from..]);
    out
}
