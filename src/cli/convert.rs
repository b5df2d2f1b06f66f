//! `pdnkit convert`: replay every game and write it in another format (FEN, CSV, JSON Lines,
//! rule-aware PDN), game by game, in input order, or as Parquet tables (`convert_parquet.rs`).
//! The formats live in `pdnkit::export`; this file wires options, the pipeline and the stderr
//! report.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use clap::ValueEnum;

use pdn::parse_game;
use pdnkit::archive::{Archive, ArchiveGame, Counted, Input};
use pdnkit::export::JsonWriter;
use pdnkit::export::PdnWriter;
use pdnkit::export::{CsvWriter, DEFAULT_TAGS, Rows};
use pdnkit::export::{FenWriter, Positions, missing_position};
use pdnkit::openings::Openings;
use pdnkit::{CheckedGame, check_game};
use pdnkit::{Code, Severity};
use pdnkit::{GameRecord, Verdict};

use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Output format (required; --format is not used by convert).
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// FEN: `final` (a row per game, the default) or `every-ply` (a row per position). Rows
    /// are file, game, ply, FEN, tab-separated.
    #[arg(long, value_enum, value_name = "WHICH")]
    pub position: Option<Which>,
    /// FEN: the position after ply N of the main line (0 is the start), a row per game that
    /// has it; each shorter game is named on stderr.
    #[arg(long, value_name = "N", conflicts_with = "position")]
    pub ply: Option<u32>,
    /// CSV: tag columns, comma-separated, or `all` for every tag seen (default: the seven-tag
    /// roster and GameType).
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub tags: Option<Vec<String>>,
    /// CSV: one row per ply instead of one per game.
    #[arg(long, conflicts_with = "tags")]
    pub moves: bool,
    /// CSV, JSON and Parquet: name each game's opening (the `opening` column) from this table:
    /// `builtin` (the default: pdnkit's tables of English, Russian and international openings)
    /// or a CSV file with the columns variant, name, moves.
    #[arg(long, value_name = "TABLE")]
    pub openings: Option<PathBuf>,
    /// Leave out invalid and unreadable games (they are still counted and reported).
    #[arg(long)]
    pub skip_invalid: bool,
    /// Write to this file instead of stdout (written to a temporary file, then renamed); with
    /// --to parquet, the directory to write the tables into (required).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Parquet: split both tables into Hive partitions by the variant played or the year of
    /// the Date tag (DIR/games/variant=russian/part-0.parquet, ...).
    #[arg(long, value_enum, value_name = "BY")]
    pub partition: Option<PartitionBy>,
    /// Parquet: give the plies table a `fen_after` column, the position after each ply as PDN
    /// FEN (the masks hold the same position in a fraction of the space).
    #[arg(long)]
    pub fen: bool,
    /// PDN files to read (`-` is standard input; gzip, bzip2, xz and zstd are decompressed).
    /// Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Output formats of `convert`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// PDN FEN positions.
    Fen,
    /// CSV with a header row.
    Csv,
    /// JSON Lines, one object per game.
    Json,
    /// PDN with rule-aware move text.
    Pdn,
}

/// What `convert --to` writes: a format of [`Target`], or Parquet tables.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConvertTo {
    /// PDN FEN positions.
    Fen,
    /// CSV with a header row.
    Csv,
    /// JSON Lines, one object per game.
    Json,
    /// PDN with rule-aware move text.
    Pdn,
    /// Parquet tables of games and plies, in the directory -o names (docs/parquet.md).
    Parquet,
}

/// How `--to parquet` partitions its tables.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartitionBy {
    /// One partition per variant played.
    Variant,
    /// One partition per year of the Date tag.
    Year,
}

/// Which FEN positions to write.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The final position of each game.
    Final,
    /// Every position of each game's main line.
    EveryPly,
}

/// The format with its settings.
#[derive(Clone, Debug)]
pub(super) enum Format {
    Fen(Positions),
    /// The rows, and the table naming the games' openings.
    Csv(Rows, Arc<Openings>),
    Json(Arc<Openings>),
    Pdn,
}

impl Format {
    /// `target` with its default settings (the final position, a row per game with the
    /// default tags), for the subcommands that write what they select in a convert format.
    pub(super) fn of(target: Target) -> Format {
        match target {
            Target::Fen => Format::Fen(Positions::Final),
            Target::Csv => Format::Csv(
                Rows::Games(DEFAULT_TAGS.iter().map(|t| t.to_string()).collect()),
                Openings::builtin(),
            ),
            Target::Json => Format::Json(Openings::builtin()),
            Target::Pdn => Format::Pdn,
        }
    }

    /// What goes before the first game: the CSV header row.
    pub(super) fn header(&self) -> std::io::Result<Vec<u8>> {
        match self {
            Format::Csv(rows, _) => {
                let mut header = CsvWriter::new(Vec::new(), rows.clone());
                header.write_header()?;
                header.finish()
            }
            _ => Ok(Vec::new()),
        }
    }
}

/// What one game contributes: its data (bytes, or Parquet rows), what to say of it.
pub(super) struct Converted<D = Vec<u8>> {
    pub(super) data: D,
    pub(super) messages: String,
    pub(super) counts: Counts,
    pub(super) written: bool,
    pub(super) left_out: bool,
    /// Not written: the format has nothing to write of it (an unreadable game as PDN, a game
    /// without the position asked for).
    pub(super) not_written: bool,
    /// Written although no move of it was understood: its start position stands for it.
    pub(super) as_start: bool,
}

impl<D> Counted for Converted<D> {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// What a conversion wrote and left out, for its closing line.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) written: u64,
    as_start: u64,
    left_out: u64,
    not_written: u64,
}

impl Tally {
    /// Counts one item and prints what is said of it (a game's lines are findings of the run,
    /// which --quiet leaves out; an input that failed is a failure, said whatever); returns
    /// the game's data when it is to be written.
    pub(super) fn take<D>(
        &mut self,
        converted: std::io::Result<Converted<D>>,
        reporter: &Reporter,
        quiet: bool,
    ) -> Option<D> {
        let c = reporter.game(converted)?;
        if !quiet {
            reporter.message(&c.messages);
        }
        self.written += u64::from(c.written);
        self.left_out += u64::from(c.left_out);
        self.not_written += u64::from(c.not_written);
        self.as_start += u64::from(c.as_start);
        c.written.then_some(c.data)
    }

    /// The closing line: games converted, how many only as their start position, how many
    /// left out (`--skip-invalid`), how many the format had nothing to write of.
    pub(super) fn summary(&self) -> String {
        let mut line = format!("pdnkit: {} converted", plural(self.written, "game"));
        if self.as_start > 0 {
            line.push_str(&format!(
                " ({} as the start position: no move replayed)",
                self.as_start
            ));
        }
        if self.left_out > 0 {
            line.push_str(&format!(", {} left out", self.left_out));
        }
        if self.not_written > 0 {
            line.push_str(&format!(", {} not written", self.not_written));
        }
        line
    }
}

/// Runs `pdnkit convert`.
pub fn run(args: ConvertArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    // `--to` already names the output format: a second option that could disagree with it is
    // refused rather than ignored.
    global.refuse_format(
        "convert",
        "what --to names",
        Some("use --to json|csv|fen|pdn"),
    )?;
    if args.to == ConvertTo::Parquet {
        return super::convert_parquet::run(&args, global);
    }
    if args.partition.is_some() || args.fen {
        anyhow::bail!("--partition and --fen apply to --to parquet only");
    }
    let files = input::default_stdin(args.files.clone());
    let reporter = Reporter::new(global, &files);
    let (format, archive) = format(&args, &files, global)?;
    let mut out = Output::open(args.output.as_deref())?;
    out.write_all(&format.header()?)?;
    let (skip_invalid, pdn) = (args.skip_invalid, matches!(format, Format::Pdn));
    let mut tally = Tally::default();
    let visit = |_: &mut (), game: ArchiveGame| {
        convert(game, skip_invalid, pdn, |data| match &format {
            Format::Fen(positions) => match missing_position(data, *positions) {
                Some(why) => Err(why),
                None => Ok(render(&format, data)),
            },
            _ => Ok(render(&format, data)),
        })
    };
    let sink = |converted: std::io::Result<Converted>| {
        let first = tally.written == 0;
        let Some(data) = tally.take(converted, &reporter, global.quiet) else {
            return ControlFlow::Continue(());
        };
        // PDN games are separated by a blank line; the other formats are line-based.
        let separator: &[u8] = if pdn && !first { b"\n" } else { b"" };
        match out.write_all(separator).and_then(|()| out.write_all(&data)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        }
    };
    let ran = archive.run(&reporter, || (), visit, sink);
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    out.finish()?;
    if !global.quiet {
        reporter.message(&tally.summary());
    }
    Ok(reporter.finish(ran.counts))
}

/// The format the arguments ask for, and the archive to convert; for `--tags all`, the tags of
/// a first pass over the archive (standard input kept in a temporary file for the second).
fn format(
    args: &ConvertArgs,
    files: &[PathBuf],
    global: &GlobalArgs,
) -> anyhow::Result<(Format, Archive)> {
    let archive = input::archive(files, global, args.replay.options()?);
    let fen_only = args.position.is_some() || args.ply.is_some();
    let csv_only = args.tags.is_some() || args.moves;
    if args.openings.is_some() && matches!(args.to, ConvertTo::Fen | ConvertTo::Pdn) {
        anyhow::bail!("--openings applies to --to csv, json and parquet only");
    }
    let openings = naming(args)?;
    if fen_only && args.to != ConvertTo::Fen {
        anyhow::bail!("--position and --ply apply to --to fen only");
    }
    if csv_only && args.to != ConvertTo::Csv {
        anyhow::bail!("--tags and --moves apply to --to csv only");
    }
    let format = match args.to {
        ConvertTo::Fen => Format::Fen(match (args.position, args.ply) {
            (_, Some(n)) => Positions::AfterPly(n),
            (Some(Which::EveryPly), None) => Positions::EveryPly,
            _ => Positions::Final,
        }),
        ConvertTo::Csv if args.moves => Format::Csv(Rows::Moves, openings),
        ConvertTo::Csv => {
            let tags = match args.tags.as_deref() {
                Some([all]) if all == "all" => {
                    let archive = archive.rereadable()?;
                    let tags = tags_seen(&archive);
                    return Ok((Format::Csv(Rows::Games(tags), openings), archive));
                }
                Some(tags) => tags.iter().map(|t| t.trim().to_string()).collect(),
                None => DEFAULT_TAGS.iter().map(|t| t.to_string()).collect(),
            };
            Format::Csv(Rows::Games(tags), openings)
        }
        ConvertTo::Json => Format::Json(openings),
        ConvertTo::Pdn => Format::Pdn,
        ConvertTo::Parquet => unreachable!("--to parquet is run by convert_parquet"),
    };
    Ok((format, archive))
}

/// The table `--openings` names (pdnkit's own by default).
pub(super) fn naming(args: &ConvertArgs) -> anyhow::Result<Arc<Openings>> {
    match &args.openings {
        Some(spec) => super::openings::table(spec),
        None => Ok(Openings::builtin()),
    }
}

/// Every tag name in the inputs: the default columns first (those that occur), then the
/// others in order of first appearance.
fn tags_seen(archive: &Archive) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for item in archive.games(Arc::default()) {
        if let Input::Game { game: raw, .. } = &item
            && let Ok(game) = parse_game(raw)
        {
            for t in game.tags() {
                if !seen.iter().any(|s| s == t.name) {
                    seen.push(t.name.to_string());
                }
            }
        }
    }
    let mut tags: Vec<String> = DEFAULT_TAGS
        .iter()
        .filter(|t| seen.iter().any(|s| s == *t))
        .map(|t| t.to_string())
        .collect();
    tags.extend(
        seen.into_iter()
            .filter(|s| !DEFAULT_TAGS.contains(&s.as_str())),
    );
    tags
}

/// Checks one game and renders it with `render`, unless it is left out (`skip_invalid`) or
/// cannot be written (an unreadable game, when `pdn`: PDN out needs its moves; whatever
/// `render` refuses, with the reason).
pub(super) fn convert<D: Default>(
    game: ArchiveGame,
    skip_invalid: bool,
    pdn: bool,
    render: impl FnOnce(&CheckedGame<'_, '_>) -> Result<D, String>,
) -> Converted<D> {
    check_game(&game.file, &game.game, &game.options, |data| {
        let status = data.record.status;
        let faulty = matches!(status, Verdict::Invalid | Verdict::Unreadable);
        let left_out = faulty && skip_invalid;
        let rendered = if left_out {
            Ok(D::default())
        } else if status == Verdict::Unreadable && pdn {
            Err("unreadable".to_string())
        } else {
            render(data)
        };
        let (rendered, unwritten) = match rendered {
            Ok(d) => (d, None),
            Err(why) => (D::default(), Some(why)),
        };
        let written = !left_out && unwritten.is_none();
        let messages = if faulty {
            fault_message(data, left_out, unwritten.as_deref())
        } else if let Some(why) = &unwritten {
            let r = data.record;
            format!("{}: {}: not written ({why})\n", r.file, r.describe())
        } else {
            String::new()
        };
        Converted {
            data: rendered,
            messages,
            counts: Counts::verdict(status),
            written,
            left_out,
            not_written: unwritten.is_some(),
            as_start: written && faulty && only_start(data.record),
        }
    })
}

/// One game in the chosen format.
pub(super) fn render(format: &Format, data: &CheckedGame<'_, '_>) -> Vec<u8> {
    let out = Vec::new();
    let rendered = match format {
        Format::Fen(p) => {
            let mut w = FenWriter::new(out, *p);
            w.write_game(data).and_then(|()| w.finish())
        }
        Format::Csv(rows, openings) => {
            let mut w = CsvWriter::new(out, rows.clone()).with_openings(openings.clone());
            w.write_game(data).and_then(|()| w.finish())
        }
        Format::Json(openings) => {
            let mut w = JsonWriter::new(out).with_openings(openings.clone());
            w.write_game(data).and_then(|()| w.finish())
        }
        Format::Pdn => {
            let mut w = PdnWriter::new(out);
            w.write_game(data).and_then(|()| w.finish())
        }
    };
    rendered.expect("writing to memory cannot fail")
}

/// True for a game of which moves were written (read or not) and none was replayed: what is
/// written of it is its start position, not its result.
fn only_start(r: &GameRecord) -> bool {
    let unread = r.diagnostics.iter().any(|d| d.code == Code::UnreadMove);
    r.status != Verdict::Unreadable && r.replayed == 0 && (r.plies > 0 || unread)
}

/// The first error of an invalid or unreadable game, and what became of the game.
fn fault_message(data: &CheckedGame<'_, '_>, left_out: bool, unwritten: Option<&str>) -> String {
    let r = data.record;
    let fate = if left_out {
        "left out (--skip-invalid)".to_string()
    } else if let Some(why) = unwritten {
        format!("not written ({why})")
    } else if r.status == Verdict::Unreadable {
        "written as unreadable".to_string()
    } else if only_start(r) {
        format!(
            "converted as its start position: {} of {} moves replayed",
            r.replayed, r.plies
        )
    } else {
        format!("converted; {} of {} moves replayed", r.replayed, r.plies)
    };
    match r.diagnostics.iter().find(|d| d.severity == Severity::Error) {
        Some(d) => format!(
            "{}:{}:{}: error[{}]: {}\n  in {}: {fate}\n",
            r.file,
            d.line,
            d.column,
            d.code,
            d.message,
            r.describe()
        ),
        None => format!("{}: {}: {fate}\n", r.file, r.describe()),
    }
}
