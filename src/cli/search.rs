//! `pdnkit search`: the plies of games where a position, a pattern, a material balance or a
//! manoeuvre occurs, as CSV or JSON rows (file, game, ply, move number, FEN), or the games with
//! a comment at each hit. With `--index`, an exact position is looked up in an index built by
//! `pdnkit index` instead of replaying the archive.

use pdnkit::archive::Counted;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use draughts::Config;
use pdn::RawGame;
use pdnkit::search::{
    Hit, Misapplied, NotReadable, Query, QueryOptions, Row, Target, header_row, marked_text,
};
use pdnkit::{CheckedGame, ReplayOptions, check_game};

use super::games_out::{GamesOut, GamesWriter, Rendered, not_written};
use super::index;
use super::input;
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
    /// A sequence: after a place the query finds, this pattern (as --pattern) at most
    /// --within plies later in the main line; the hits are the pattern's places.
    #[arg(long, value_name = "PATTERN", conflicts_with = "variations")]
    pub then: Option<String>,
    /// With --then: the most plies between the first place and the pattern (default 10).
    #[arg(long, value_name = "N", requires = "then",
        value_parser = clap::value_parser!(u32).range(1..))]
    pub within: Option<u32>,
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
    let options = QueryOptions {
        any_side: args.any_side,
        mirror: args.mirror,
        at_least: args.for_plies,
        variations: args.variations,
    };
    let q = Query::with_options(target, options).map_err(|misapplied| {
        let (option, applies) = match misapplied {
            Misapplied::AtLeast => ("--for", "--pattern only"),
            Misapplied::AnySide => ("--any-side", "--fen and --pattern"),
            Misapplied::Mirror => ("--mirror", "--fen, --pattern and --material"),
        };
        anyhow::anyhow!("{option} applies to {applies}; it is not used with {kind}")
    })?;
    let q = match &args.then {
        Some(pattern) => {
            let then = Target::parse_pattern(pattern)
                .map_err(|e| anyhow::anyhow!("--then {pattern}: {e}"))?;
            q.followed_by(Query::new(then), args.within.unwrap_or(10))
        }
        None => q,
    };
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

impl Counted for Found {
    fn counts(&self) -> Counts {
        self.counts
    }
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
    let json = json_rows(&args, global)?;
    let query = query(&args)?;
    if let Some(index) = &args.index {
        return index::search(index, &query, &args, json, global);
    }
    let files = input::default_stdin(args.files.clone());
    let archive = input::archive(&files, global, args.replay.options()?);
    let reporter = Reporter::new(global, &files);
    let games_out = args.to.is_some();
    let mut out = HitsOut::open(&args, json)?;
    let mut tally = Tally::default();
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| {
            search_game(
                game.file,
                &game.game,
                &game.options,
                &query,
                games_out,
                json,
            )
        },
        |found| {
            let Some(f) = reporter.game(found) else {
                return ControlFlow::Continue(());
            };
            reporter.message(&f.message);
            tally.add(&f);
            match (f.file, f.rendered) {
                (Some(file), Some(rendered)) => out.write(&reporter, &file, &rendered),
                _ => ControlFlow::Continue(()),
            }
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    if let Some(refusal) = tally.refusal(&args) {
        reporter.abandon();
        return Err(refusal);
    }
    tally.report_unsearched(&args, &reporter);
    out.finish()?;
    if !global.quiet {
        reporter.message(&format!(
            "pdnkit: {} in {}",
            plural(tally.hits, "hit"),
            plural(tally.games_hit, "game")
        ));
    }
    let mut status = reporter.finish(ran.counts);
    status.findings = false;
    Ok(status)
}

/// Whether rows are written as JSON Lines (else CSV), from `--format`.
fn json_rows(args: &SearchArgs, global: &GlobalArgs) -> anyhow::Result<bool> {
    Ok(match (global.format, args.to) {
        (Some(_), Some(_)) => anyhow::bail!("--to writes games; --format is for rows"),
        (None | Some(Format::Csv), _) => false,
        (Some(Format::Json), _) => true,
        (Some(Format::Text), _) => {
            anyhow::bail!(
                "search writes csv (the default) or json rows; --format text is not offered"
            )
        }
    })
}

/// Where the hits go: rows after a header (CSV), or with `--to` the games.
struct HitsOut {
    out: Output,
    /// `--to`: the games are written.
    games: Option<GamesWriter>,
    /// The header, until it goes out with the first row, or at the end: a search that stops
    /// on a query the archive cannot hold writes nothing.
    header: Option<Vec<u8>>,
}

impl HitsOut {
    fn open(args: &SearchArgs, json: bool) -> anyhow::Result<HitsOut> {
        let games_out = args.to.is_some();
        Ok(HitsOut {
            out: Output::open(args.output.as_deref())?,
            games: games_out.then(GamesWriter::default),
            header: (!games_out && !json).then(header_row),
        })
    }

    /// Writes a game's rows, or the game.
    fn write(
        &mut self,
        reporter: &Reporter,
        file: &Arc<str>,
        rendered: &Rendered,
    ) -> ControlFlow<std::io::Error> {
        if let Some(writer) = &mut self.games {
            return writer.write_shown(
                &GamesOut::Original,
                &mut self.out,
                reporter,
                file,
                rendered,
            );
        }
        let header = self.header.take().unwrap_or_default();
        match self.out.write_all(&header).and_then(|()| {
            self.out
                .write_all(rendered.data.as_deref().unwrap_or_default())
        }) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        }
    }

    fn finish(mut self) -> anyhow::Result<()> {
        if let Some(writer) = &self.games {
            writer.finish(&GamesOut::Original, &mut self.out)?;
        }
        self.out.write_all(&self.header.unwrap_or_default())?;
        self.out.finish()
    }
}

/// Searches one game: its rows (or with `--to`, its text with the hits marked).
fn search_game(
    file: Arc<str>,
    raw: &RawGame,
    options: &ReplayOptions,
    query: &Query,
    games_out: bool,
    json: bool,
) -> Found {
    check_game(&file, raw, options, |checked| {
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
            true => Some(marked(raw, checked, &found)),
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
}

/// The hits counted, and the games searched or not, by variant.
#[derive(Default)]
struct Tally {
    hits: u64,
    games_hit: u64,
    searched: u64,
    /// The variants whose games cannot hold the query, and how many of their games were read.
    not_searched: Vec<(NotReadable, u64)>,
}

impl Tally {
    fn add(&mut self, f: &Found) {
        match &f.unreadable {
            Some(why) => match self.not_searched.iter_mut().find(|(w, _)| w == why) {
                Some((_, n)) => *n += 1,
                None => self.not_searched.push((why.clone(), 1)),
            },
            None if f.counts.read > 0 => self.searched += 1,
            None => {}
        }
        if f.hits > 0 {
            self.hits += f.hits as u64;
            self.games_hit += 1;
        }
    }

    /// The refusal of a query not one game could hold (a mistake in it, said once).
    fn refusal(&self, args: &SearchArgs) -> Option<anyhow::Error> {
        let (why, n) = self.not_searched.first().filter(|_| self.searched == 0)?;
        Some(anyhow::anyhow!(
            "{} cannot be read {why}; no game searched ({} of {} read)",
            shown(args),
            plural(*n, "game"),
            why.variant
        ))
    }

    /// Names the games of each variant that were not searched.
    fn report_unsearched(&self, args: &SearchArgs, reporter: &Reporter) {
        for (why, n) in &self.not_searched {
            reporter.message(&format!(
                "pdnkit: {} cannot be read {why}: {} of {} not searched",
                shown(args),
                plural(*n, "game"),
                why.variant
            ));
        }
    }
}

/// A matching game as `--to pdn` writes it: its text as in its file with the hits' comments,
/// in UTF-8, and `*` after a game that had no terminator (so the next game stays apart). No
/// tag is added: what a user gets is their own game.
fn marked(raw: &RawGame, checked: &CheckedGame<'_, '_>, hits: &[Hit]) -> Rendered {
    if raw.oversize.is_some() {
        return Rendered {
            data: None,
            transcoded: None,
        };
    }
    let mut text = marked_text(checked, hits);
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
