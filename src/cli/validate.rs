//! `pdnkit validate`: replay every game and report what breaks, like a compiler.

use std::collections::HashSet;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdn::Span;
use pdn::fast::{NotesPassed, Scanned, scan_game};
use pdn::parse_game;
use pdn::{Note, NoteKind};
use pdnkit::{Code, GameRecord, Located, PlainJudge, Verdict};
use pdnkit::{ReplayOptions, Severity, check_syntax, replay, worst_syntax_note};

use super::input::{self, Item, Piece};
use super::output::Output;
use super::report::{Counts, Listing, Reporter, Style, render_diagnostics};
use super::{ColorChoice, Format, GlobalArgs, ReplayArgs, Status};
use pdnkit::CheckedGame;
use pdnkit::repair::repairs;

/// Arguments of `pdnkit validate`.
#[derive(clap::Args, Debug)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Also print notes (how things were understood), and list every finding one by one (by
    /// default a game's reader notes and junk of one kind are one group).
    #[arg(long, visible_alias = "verbose")]
    pub notes: bool,
    /// Check the PDN text only, without replaying the moves (a fast pass over an archive).
    #[arg(long)]
    pub syntax_only: bool,
    /// Read files rather than map them into memory. With several jobs the syntax pass maps
    /// regular files, which spares a copy; but a file truncated by another program within the
    /// blocks mapped ahead (up to 32 MB) then ends pdnkit with a bus error, not a read error.
    #[arg(long)]
    pub no_mmap: bool,
    /// Do not look for what the writer of a move that cannot be played meant (the
    /// suggestions: moves tried in its place, with the rest of the game replayed).
    #[arg(long)]
    pub no_suggest: bool,
    /// Write the report to this file instead of stdout (written to a temporary file, then
    /// renamed; not coloured unless --color always).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The columns of `--format csv`: one row per finding shown.
const CSV_HEADER: [&str; 17] = [
    "file",
    "game",
    "event",
    "white",
    "black",
    "variant",
    "status",
    "severity",
    "code",
    "line",
    "column",
    "ply",
    "move_number",
    "side",
    "move",
    "message",
    "suggestion",
];

/// How findings are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Text,
    Json,
    Csv,
}

/// What one game contributes: the report for stdout, messages for stderr, counts.
struct Checked {
    report: Vec<u8>,
    errors: String,
    counts: Counts,
    /// The text report's note of the variant decided for the game's file, which is the same
    /// for every game of the file: shown once, with the first game that has it.
    file_note: Option<(Arc<str>, Vec<u8>)>,
}

impl Checked {
    /// `games` clean games, of which the report says nothing.
    fn clean_and_silent(games: u64) -> Checked {
        Checked {
            report: Vec::new(),
            errors: String::new(),
            counts: Counts::clean(games),
            file_note: None,
        }
    }
}

/// What the report shows.
#[derive(Clone, Copy)]
struct Shown {
    shape: Shape,
    min: Severity,
    style: Style,
    /// Look for repairs of moves that cannot be played.
    suggest: bool,
}

/// Runs `pdnkit validate`.
pub fn run(args: ValidateArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files.clone());
    let shape = match global.format.unwrap_or(Format::Text) {
        Format::Text => Shape::Text,
        Format::Json => Shape::Json,
        Format::Csv => Shape::Csv,
    };
    let options = args.replay.options()?;
    let mut reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let shown = Shown {
        shape,
        min: if args.notes {
            Severity::Note
        } else {
            Severity::Warning
        },
        style: Style {
            listing: if args.notes {
                Listing::Each
            } else {
                Listing::Grouped
            },
            // A file is coloured only when asked for; `auto` looks at the terminal.
            colour: match (&args.output, global.color) {
                (Some(_), ColorChoice::Auto) => false,
                _ => global.color.colours_stdout(),
            },
        },
        suggest: !args.no_suggest,
    };
    if shape == Shape::Csv {
        out.write_all(&csv_row(CSV_HEADER))?;
    }
    // A report of findings only (text, CSV) says nothing of a plain game in a syntax pass:
    // those are passed by, and so are those whose only notes are literal escapes when such
    // notes are not shown.
    let literal_escape = Note::new(NoteKind::LiteralEscape, Span::new(0, 0));
    let notes_passed = if shown.min > Severity::Note
        && worst_syntax_note(&[literal_escape], &options) < Some(shown.min)
    {
        NotesPassed::LiteralEscapes
    } else {
        NotesPassed::None
    };
    let bytes = reporter.progress();
    let findings_only = shape != Shape::Json;
    let items: Box<dyn Iterator<Item = (Item<Piece>, _)> + Send> =
        if args.syntax_only && findings_only {
            let (jobs, map) = (global.pipeline().jobs, !args.no_mmap);
            let cuts = input::cuts(&files, bytes, jobs, map, notes_passed);
            Box::new(cuts.map(|item| (item, None)))
        } else {
            let deciding = if args.syntax_only {
                input::Deciding::Nothing
            } else {
                input::Deciding::replaying(options.variant)
            };
            let games = input::decided_games(&files, bytes, deciding);
            Box::new(games.map(|(item, archive)| {
                let item = match item {
                    Item::Game { file, game } => Item::Game {
                        file,
                        game: Piece::Game(game),
                    },
                    Item::Failed { error } => Item::Failed { error },
                };
                (item, archive)
            }))
        };
    // The files whose variant note was shown.
    let mut noted: HashSet<Arc<str>> = HashSet::new();
    let result = global.pipeline().run_weighed(
        items,
        |(item, _)| item.weight(),
        PlainJudge::default,
        |judge, (item, archive)| {
            let options = options.for_archive(archive);
            check(item, &options, args.syntax_only, shown, judge)
        },
        |checked| {
            reporter.message(&checked.errors);
            reporter.add(checked.counts);
            let note = match checked.file_note {
                Some((file, note)) if noted.insert(Arc::clone(&file)) => note,
                _ => Vec::new(),
            };
            match reporter.suspend(|| {
                out.write_all(&note)
                    .and_then(|()| out.write_all(&checked.report))
            }) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    out.finish()?;
    Ok(reporter.finish_validation())
}

fn check(
    item: Item<Piece>,
    options: &ReplayOptions,
    syntax_only: bool,
    shown: Shown,
    judge: &mut PlainJudge,
) -> Checked {
    let (file, raw) = match item {
        Item::Failed { error } => {
            return Checked {
                report: Vec::new(),
                errors: format!("pdnkit: {error}\n"),
                counts: Counts::failed_input(),
                file_note: None,
            };
        }
        Item::Game {
            game: Piece::PlainRun(games),
            ..
        } => return Checked::clean_and_silent(games),
        Item::Game {
            file,
            game: Piece::Game(raw),
        } => (file, raw),
    };
    let findings_only = shown.shape != Shape::Json;
    // A report of findings says nothing of a clean game, nor of a game whose notes are not
    // shown: in a syntax pass, the fast paths tell such games without their tree.
    let silent = |notes: &[Note]| worst_syntax_note(notes, options) < Some(Severity::Warning);
    let notes_unshown = shown.min > Severity::Note;
    // Nor of a clean game in a replay: a plain one is found clean without its tree.
    let clean_unshown = findings_only && notes_unshown;
    if !syntax_only && clean_unshown && judge.is_clean(&raw, options) {
        return Checked::clean_and_silent(1);
    }
    let parsed = if syntax_only && findings_only {
        match scan_game(&raw, options.fast_paths) {
            Scanned::Plain { .. } => return Checked::clean_and_silent(1),
            Scanned::PlainMoves { notes } if notes_unshown && silent(&notes) => {
                return Checked::clean_and_silent(1);
            }
            // Notes to show: the tree gives them their words.
            Scanned::PlainMoves { .. } => parse_game(&raw),
            Scanned::Parsed(game) => Ok(game),
            Scanned::Unreadable(e) => Err(e),
        }
    } else {
        parse_game(&raw)
    };
    let record = match parsed {
        Ok(game) if syntax_only && findings_only && notes_unshown && silent(&game.notes) => {
            return Checked::clean_and_silent(1);
        }
        Ok(game) if syntax_only => {
            GameRecord::replayed(&file, &raw, &game, &check_syntax(&game, options))
        }
        Ok(game) => {
            let replayed = replay(&game, options);
            if clean_unshown && replayed.worst() < Some(Severity::Warning) {
                return Checked::clean_and_silent(1);
            }
            let mut record = GameRecord::replayed(&file, &raw, &game, &replayed);
            if shown.suggest && matches!(record.status, Verdict::Warnings | Verdict::Invalid) {
                let checked = CheckedGame {
                    raw: &raw,
                    record: &record,
                    game: Some(&game),
                    replayed: Some(&replayed),
                };
                let found = repairs(&checked, options);
                record.attach_repairs(found);
            }
            record
        }
        Err(err) => GameRecord::unreadable(&file, &raw, &err),
    };
    let counts = Counts::verdict(record.status);
    let mut file_note = None;
    let report = match shown.shape {
        Shape::Json => {
            let mut line = serde_json::to_vec(&record).expect("records serialise");
            line.push(b'\n');
            line
        }
        _ if record.status == Verdict::Clean && shown.min > Severity::Note => Vec::new(),
        Shape::Text => {
            let (notes, rest): (Vec<_>, Vec<_>) = record
                .diagnostics
                .iter()
                .cloned()
                .partition(|d| d.code == Code::VariantGuessed);
            let render = |diagnostics: Vec<Located>| {
                let part = GameRecord {
                    diagnostics,
                    ..record.clone()
                };
                render_diagnostics(&part, &raw.text, raw.position(0), shown.min, shown.style)
                    .into_bytes()
            };
            if !notes.is_empty() {
                file_note = Some((file.clone(), render(notes)));
            }
            render(rest)
        }
        Shape::Csv => csv_rows(&record, shown.min),
    };
    Checked {
        report,
        errors: String::new(),
        counts,
        file_note,
    }
}

/// The findings of a game of at least `min` severity as CSV rows.
fn csv_rows(record: &GameRecord, min: Severity) -> Vec<u8> {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let mut out = Vec::new();
    for d in record.diagnostics.iter().filter(|d| d.severity >= min) {
        out.extend(csv_row([
            record.file.as_str(),
            &record.game.to_string(),
            &text(&record.event),
            &text(&record.white),
            &text(&record.black),
            record.variant.unwrap_or(""),
            record.status.name(),
            d.severity.name(),
            d.code.name(),
            &d.line.to_string(),
            &d.column.to_string(),
            &number(d.ply),
            &number(d.move_number),
            d.side.unwrap_or(""),
            d.move_text.as_deref().unwrap_or(""),
            &d.message,
            &d.suggestions.first().map(|s| s.help()).unwrap_or_default(),
        ]));
    }
    out
}

/// One CSV record.
fn csv_row<const N: usize>(fields: [&str; N]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(fields).expect("in-memory CSV");
    w.into_inner().expect("in-memory CSV")
}
