//! `pdnkit search`: the plies of games where a position, a pattern, a material balance or a
//! manoeuvre occurs, as CSV or JSON rows (file, game, ply, move number, FEN), or the games with
//! a comment at each hit. With `--index`, an exact position is looked up in an index built by
//! `pdnkit index` instead of replaying the archive.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdnkit::search::{Hit, Query, Target};
use pdnkit::{CheckedGame, check_game};
use serde::Serialize;

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
    /// With --pattern: the pattern must hold for at least N positions in a row (one hit per
    /// run, at its first position).
    #[arg(
        long = "for",
        value_name = "N",
        requires = "pattern",
        default_value_t = 1
    )]
    pub for_plies: u32,
    /// Men and kings of each side: `W:3,K1 B:2` (three white men and a king, two black men).
    #[arg(long, value_name = "MATERIAL")]
    pub material: Option<String>,
    /// A manoeuvre: `FROM-TO` (a piece going from one square to another), `xN` (a capture of
    /// at least N pieces), `promotion`, or `king-taken`.
    #[arg(long = "move", id = "move", value_name = "MOVE")]
    pub move_: Option<String>,
    /// Positions match whoever is to move.
    #[arg(long)]
    pub any_side: bool,
    /// Also match the colour-reversed position (the board turned half a turn, colours
    /// swapped, the other side to move); for positions, patterns and material.
    #[arg(long)]
    pub mirror: bool,
    /// Also look in variations.
    #[arg(long)]
    pub variations: bool,
    /// Look the position up in this index (`pdnkit index`) instead of replaying the files;
    /// --fen only. The files are those the index was built from.
    #[arg(long, value_name = "INDEX", requires = "fen")]
    pub index: Option<PathBuf>,
    /// Write the matching games as PDN, each hit marked with a comment, instead of rows.
    #[arg(long, value_enum)]
    pub to: Option<ToGames>,
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The games' form with `--to`.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToGames {
    /// The games' original text, a comment after each matching move.
    Pdn,
}

/// One row of the output.
#[derive(Serialize)]
pub(super) struct Row<'a> {
    pub file: &'a str,
    pub game: u64,
    pub ply: u32,
    pub move_number: Option<u32>,
    pub played_by: Option<&'static str>,
    pub variation: u32,
    pub mirrored: bool,
    pub fen: &'a str,
}

/// The columns of the CSV rows.
pub(super) const HEADER: [&str; 8] = [
    "file",
    "game",
    "ply",
    "move_number",
    "played_by",
    "variation",
    "mirrored",
    "fen",
];

impl Row<'_> {
    /// The row as CSV or JSON Lines.
    pub(super) fn write(&self, json: bool, out: &mut Vec<u8>) {
        if json {
            serde_json::to_writer(&mut *out, self).expect("rows serialise");
            out.push(b'\n');
            return;
        }
        let mut csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        csv.serialize(self).expect("in-memory CSV");
        out.extend(csv.into_inner().expect("in-memory CSV"));
    }
}

/// The query the arguments describe.
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
    let mut q = Query::new(target);
    q.any_side = args.any_side;
    q.mirror = args.mirror;
    q.at_least = args.for_plies.max(1);
    q.variations = args.variations;
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
    let games_out = args.to.map(|_| GamesOut::Original);
    let mut writer = GamesWriter::default();
    if games_out.is_none() && !json {
        let mut header = csv::Writer::from_writer(Vec::new());
        header.write_record(HEADER).expect("in-memory CSV");
        out.write_all(&header.into_inner().expect("in-memory CSV"))?;
    }
    let (mut hits, mut games_hit) = (0u64, 0u64);
    let games = input::decided_games(
        &files,
        reporter.bytes_counter(),
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
                    return Found {
                        file: None,
                        rendered: None,
                        hits: 0,
                        message: format!("pdnkit: {error}"),
                        counts: Counts::failed_input(),
                    };
                }
                Item::Game { file, game } => (file, game),
            };
            check_game(&file, &raw, &options, |checked| {
                let counts = Counts::verdict(checked.record.status);
                let found = match query.try_hits(checked) {
                    Ok(found) => found,
                    Err(why) => {
                        return Found {
                            file: None,
                            rendered: None,
                            hits: 0,
                            message: format!(
                                "pdnkit: {}: {}: not searched: {why}\n",
                                checked.record.file,
                                checked.record.describe()
                            ),
                            counts,
                        };
                    }
                };
                let rendered = match &games_out {
                    _ if found.is_empty() => None,
                    Some(form) => {
                        Some(form.render_text(&raw, checked, &marked_game(checked, &found)))
                    }
                    None => {
                        let mut data = Vec::new();
                        for h in &found {
                            row(checked, h).write(json, &mut data);
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
                }
            })
        },
        |f| {
            reporter.message(&f.message);
            reporter.add(f.counts);
            if f.hits == 0 {
                return ControlFlow::Continue(());
            }
            hits += f.hits as u64;
            games_hit += 1;
            let (Some(file), Some(rendered)) = (f.file, f.rendered) else {
                return ControlFlow::Continue(());
            };
            match &games_out {
                Some(form) => writer.write_shown(form, &mut out, &reporter, &file, &rendered),
                None => match out.write_all(rendered.data.as_deref().unwrap_or_default()) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => ControlFlow::Break(e),
                },
            }
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    if let Some(form) = &games_out {
        writer.finish(form, &mut out)?;
    }
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

fn row<'a>(checked: &'a CheckedGame<'_, '_>, h: &'a Hit) -> Row<'a> {
    Row {
        file: &checked.record.file,
        game: checked.record.game,
        ply: h.ply,
        move_number: h.move_number,
        played_by: h.side.map(pdnkit::side_name),
        variation: h.variation,
        mirrored: h.mirrored,
        fen: &h.fen,
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
