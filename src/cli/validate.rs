//! `pdnkit validate`: replay every game and report what breaks, like a compiler.

use std::collections::HashSet;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdnkit::archive::Counted;
use pdnkit::validate::{Validated, Validation};
use pdnkit::{Code, GameRecord, Located, Severity, Verdict};

use super::input;
use super::output::Output;
use super::report::{Counts, Listing, Reporter, Style, render_diagnostics};
use super::{ColorChoice, Format, GlobalArgs, ReplayArgs, Status};

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

/// What one game contributes: the report for stdout, its counts.
struct Written {
    report: Vec<u8>,
    counts: Counts,
    /// The text report's note of the variant decided for the game's file, which is the same
    /// for every game of the file: shown once, with the first game that has it.
    file_note: Option<(Arc<str>, Vec<u8>)>,
}

impl Counted for Written {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// How the report is written.
#[derive(Clone, Copy)]
struct Shown {
    shape: Shape,
    min: Severity,
    style: Style,
}

/// Runs `pdnkit validate`.
pub fn run(args: ValidateArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files.clone());
    let shown = shown(&args, global);
    let validation = Validation {
        syntax_only: args.syntax_only,
        min: shown.min,
        findings_only: shown.shape != Shape::Json,
        suggest: !args.no_suggest,
    };
    let mut archive = input::archive(&files, global, args.replay.options()?);
    if args.syntax_only && validation.findings_only {
        let (jobs, map) = (archive.job_count(), !args.no_mmap);
        archive = archive.opener(Arc::new(input::Prescanning { jobs, map }));
    }
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    if shown.shape == Shape::Csv {
        out.write_all(&csv_row(CSV_HEADER))?;
    }
    // The files whose variant note was shown.
    let mut noted: HashSet<Arc<str>> = HashSet::new();
    let result = validation.run(
        archive,
        &reporter,
        |validated| written(validated, shown),
        |checked| {
            let Some(checked) = reporter.game(checked) else {
                return ControlFlow::Continue(());
            };
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
    let ran = result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    out.finish()?;
    Ok(reporter.finish(ran.counts))
}

/// How the arguments ask for the report to be written.
fn shown(args: &ValidateArgs, global: &GlobalArgs) -> Shown {
    Shown {
        shape: match global.format.unwrap_or(Format::Text) {
            Format::Text => Shape::Text,
            Format::Json => Shape::Json,
            Format::Csv => Shape::Csv,
        },
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
    }
}

/// What the report says of one game's outcome.
fn written(validated: Validated, shown: Shown) -> Written {
    let (record, raw) = match validated {
        Validated::Unshown(games) => {
            return Written {
                report: Vec::new(),
                counts: Counts::clean(games),
                file_note: None,
            };
        }
        Validated::Shown { record, raw } => (record, raw),
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
                    ..(*record).clone()
                };
                render_diagnostics(&part, &raw.text, raw.position(0), shown.min, shown.style)
                    .into_bytes()
            };
            if !notes.is_empty() {
                let file: Arc<str> = record.file.as_str().into();
                file_note = Some((file, render(notes)));
            }
            render(rest)
        }
        Shape::Csv => csv_rows(&record, shown.min),
    };
    Written {
        report,
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
