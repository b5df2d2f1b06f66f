//! `pdnkit stats`: replay every game and print archive statistics (results, lengths,
//! openings, players, events, captures), optionally grouped by a tag. Each worker keeps its own
//! totals (`pdnkit::stats::Stats`); they are merged once the input is read, then printed as a
//! table, tidy CSV or JSON.

use std::convert::Infallible;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pdnkit::check_game;
use pdnkit::stats::{self, GameSummary, GroupBy, Settings, Stats};

use super::input;
use super::output::Output;
use super::report::{Counts, Reporter};
use super::{Format, GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit stats`.
#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    #[command(flatten)]
    pub aliases: super::aliases::AliasArgs,
    /// Plies that make an opening (games from the standard start only).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub opening_plies: u32,
    /// Name openings from a table: `builtin` (pdnkit's tables of English, Russian and
    /// international openings) or a CSV file with the columns variant, name, moves (the moves as
    /// written in PDN). Each game's opening is the longest line it reaches, by any move order.
    #[arg(long, value_name = "TABLE")]
    pub openings: Option<PathBuf>,
    /// Group everything by a tag (`Event`, `White`, `Site`...), by `year` (of the Date tag),
    /// by `variant`, or by `player` (a game counts in each of its players' groups; sides named
    /// by a placeholder such as `?` or `White` in `(placeholder name)`, sides without a name
    /// tag in `(no name tag)`).
    #[arg(long, value_name = "TAG")]
    pub by: Option<String>,
    /// List at most N openings, players and events per group (0: all).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub top: usize,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; gzip, bzip2, xz and zstd are decompressed).
    /// Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Runs `pdnkit stats`.
pub fn run(args: StatsArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files);
    let archive = input::archive(&files, global, args.replay.options()?);
    let settings = Settings {
        opening_plies: args.opening_plies,
        openings: args
            .openings
            .as_deref()
            .map(super::openings::table)
            .transpose()?,
        by: args.by.as_deref().map(GroupBy::parse),
        aliases: args.aliases.load()?,
    };
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let ran = archive.run(
        &reporter,
        Stats::default,
        |stats, game| {
            check_game(&game.file, &game.game, &game.options, |data| {
                stats.add(&GameSummary::of(data, game.order, &settings));
                Counts::verdict(data.record.status)
            })
        },
        |done| {
            reporter.game(done);
            ControlFlow::<Infallible>::Continue(())
        },
    );
    let Ok(mut ran) = ran;
    let mut stats = Stats::default();
    for s in std::mem::take(&mut ran.states) {
        stats.merge(s);
    }
    let by = settings.by.as_ref().map(GroupBy::name);
    let plies = settings
        .openings
        .is_none()
        .then_some(settings.opening_plies);
    let report = stats::report(&stats, by, plies, args.top);
    match global.format.unwrap_or(Format::Text) {
        Format::Text => out.write_all(stats::render_table(&report).as_bytes())?,
        Format::Json => {
            // Rendered in memory: serde_json's error would hide a broken pipe from `main`.
            let mut json = serde_json::to_vec_pretty(&report)?;
            json.push(b'\n');
            out.write_all(&json)?;
        }
        Format::Csv => {
            let mut csv = csv::Writer::from_writer(Vec::new());
            for row in stats::tidy_rows(&report) {
                csv.write_record(&row)?;
            }
            out.write_all(&csv.into_inner()?)?;
        }
    }
    out.finish()?;
    Ok(reporter.finish(ran.counts))
}
