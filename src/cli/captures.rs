//! `pdnkit captures`: the capture audit. One row per capture fault (a quiet move while a
//! capture was due, a capture that was not the one the rules demand, a capture stopped early,
//! a missed capture where huffing applies), in CSV (the default) or JSON Lines, or as
//! compiler-style text rendered as validate renders its findings.

use std::collections::BTreeMap;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use serde::Serialize;

use pdn::parse_game;
use pdnkit::archive::{ArchiveGame, Counted};
use pdnkit::{GameRecord, Located};
use pdnkit::{Severity, replay};

use super::input;
use super::output::Output;
use super::report::{Counts, Listing, Reporter, Style, plural, render_diagnostics};
use super::{Format, GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit captures`.
#[derive(clap::Args, Debug)]
pub struct CapturesArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; gzip, bzip2, xz and zstd are decompressed).
    /// Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// One row of the audit.
#[derive(Serialize)]
struct Row<'a> {
    file: &'a str,
    game: u64,
    event: &'a str,
    white: &'a str,
    black: &'a str,
    ply: u32,
    move_number: u32,
    side: &'a str,
    #[serde(rename = "move")]
    move_text: &'a str,
    code: &'static str,
    /// Squares taken by the written move, space-separated.
    captured: String,
    /// Pieces the rules required.
    required: u32,
    /// One best legal capture.
    best: &'a str,
    fen_before: &'a str,
}

const HEADER: [&str; 14] = [
    "file",
    "game",
    "event",
    "white",
    "black",
    "ply",
    "move_number",
    "side",
    "move",
    "code",
    "captured",
    "required",
    "best",
    "fen_before",
];

/// What one game gives: its rows, its counts, the codes of its faults.
struct Audited {
    data: Vec<u8>,
    counts: Counts,
    faults: Vec<&'static str>,
}

impl Counted for Audited {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// The faults found so far, by code, and the games that have them.
#[derive(Default)]
struct Faults {
    by_code: BTreeMap<&'static str, u64>,
    games: u64,
}

impl Faults {
    fn add(&mut self, codes: &[&'static str]) {
        self.games += u64::from(!codes.is_empty());
        for code in codes {
            *self.by_code.entry(code).or_default() += 1;
        }
    }

    fn total(&self) -> u64 {
        self.by_code.values().sum()
    }

    /// `pdnkit: 3 capture faults (2 capture-required, 1 not-maximal-capture) in 2 games`.
    fn summary(&self) -> String {
        let detail: Vec<String> = self
            .by_code
            .iter()
            .map(|(c, n)| format!("{n} {c}"))
            .collect();
        let detail = if detail.is_empty() {
            String::new()
        } else {
            format!(" ({})", detail.join(", "))
        };
        format!(
            "pdnkit: {}{detail} in {}",
            plural(self.total(), "capture fault"),
            plural(self.games, "game")
        )
    }
}

/// Runs `pdnkit captures`.
pub fn run(args: CapturesArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files);
    let format = global.format.unwrap_or(Format::Csv);
    let archive = input::archive(&files, global, args.replay.options()?);
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    if format == Format::Csv {
        let mut header = csv::Writer::from_writer(Vec::new());
        header.write_record(HEADER).expect("in-memory CSV");
        out.write_all(&header.into_inner().expect("in-memory CSV"))?;
    }
    let colour = global.color.colours_stdout() && args.output.is_none();
    let mut faults = Faults::default();
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| audit(&game, format, colour),
        |audited| {
            let Some(a) = reporter.game(audited) else {
                return ControlFlow::Continue(());
            };
            faults.add(&a.faults);
            match out.write_all(&a.data) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    out.finish()?;
    if !global.quiet {
        reporter.message(&faults.summary());
    }
    let mut status = reporter.finish(ran.counts);
    status.findings = faults.total() > 0;
    Ok(status)
}

fn audit(game: &ArchiveGame, format: Format, colour: bool) -> Audited {
    let (file, raw, options) = (&game.file, &game.game, &game.options);
    let record = match parse_game(raw) {
        Ok(game) => GameRecord::replayed(file, raw, &game, &replay(&game, options)),
        Err(err) => GameRecord::unreadable(file, raw, &err),
    };
    let faults: Vec<&Located> = record
        .diagnostics
        .iter()
        .filter(|d| d.capture.is_some() && d.variation == 0)
        .collect();
    let rows = faults.iter().map(|d| row(&record, d));
    let data = match format {
        Format::Json => {
            let mut data = Vec::new();
            for r in rows {
                serde_json::to_writer(&mut data, &r).expect("rows serialise");
                data.push(b'\n');
            }
            data
        }
        Format::Csv => {
            let mut csv = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(Vec::new());
            for r in rows {
                csv.serialize(r).expect("in-memory CSV");
            }
            csv.into_inner().expect("in-memory CSV")
        }
        Format::Text if faults.is_empty() => Vec::new(),
        Format::Text => {
            // The record with its capture faults alone, rendered as validate renders findings.
            let only_faults = GameRecord {
                diagnostics: faults.iter().map(|&d| d.clone()).collect(),
                ..record.clone()
            };
            let style = Style {
                listing: Listing::Each,
                colour,
            };
            render_diagnostics(
                &only_faults,
                &raw.text,
                raw.position(0),
                Severity::Note,
                style,
            )
            .into_bytes()
        }
    };
    Audited {
        data,
        counts: Counts::verdict(record.status),
        faults: faults.iter().map(|d| d.code.name()).collect(),
    }
}

fn row<'a>(record: &'a GameRecord, d: &'a Located) -> Row<'a> {
    let fault = d.capture.as_deref().expect("filtered on capture facts");
    Row {
        file: &record.file,
        game: record.game,
        event: record.event.as_deref().unwrap_or(""),
        white: record.white.as_deref().unwrap_or(""),
        black: record.black.as_deref().unwrap_or(""),
        ply: d.ply.unwrap_or(0),
        move_number: d.move_number.unwrap_or(0),
        side: d.side.unwrap_or(""),
        move_text: d.move_text.as_deref().unwrap_or(""),
        code: d.code.name(),
        captured: fault.captured.join(" "),
        required: fault.required,
        best: &fault.best,
        fen_before: &fault.fen_before,
    }
}
