//! `pdnkit stats`: replay every game and print archive statistics (results, lengths,
//! openings, players, events, captures), optionally grouped by a tag. Each worker keeps its own
//! totals (`pdnkit::stats::Stats`); they are merged once the input is read, then printed as a
//! table, tidy CSV or JSON.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pdnkit::ReplayOptions;
use pdnkit::check_game;
use pdnkit::openings::Openings;
use pdnkit::stats::{self, GameSummary, GroupBy, Settings, Stats};

use super::input::{self, Item};
use super::output::Output;
use super::report::{Counts, Reporter};
use super::{Format, GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit stats`.
#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Plies that make an opening (games from the standard start only).
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub opening_plies: u32,
    /// Name openings from this table (CSV with the columns variant, name, moves; the moves as
    /// written in PDN): each game's opening is the longest line it reaches, by any move order.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Group everything by a tag (`Event`, `White`, `Site`...), by `year` (of the Date tag)
    /// or by `variant`.
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

/// What one game tells the consumer (its counts go into the worker's own totals).
struct Counted {
    messages: String,
    counts: Counts,
}

/// Runs `pdnkit stats`.
pub fn run(args: StatsArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files);
    let options = args.replay.options()?;
    let openings = match &args.openings {
        None => None,
        Some(path) => {
            let file = std::fs::File::open(path)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            let table = Openings::from_csv(std::io::BufReader::new(file))
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            Some(std::sync::Arc::new(table))
        }
    };
    let settings = Settings {
        opening_plies: args.opening_plies,
        openings,
        by: args.by.as_deref().map(GroupBy::parse),
    };
    let mut reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let deciding = input::Deciding::replaying(options.variant);
    let games = input::decided_games(&files, reporter.progress(), deciding).enumerate();
    let states = global.pipeline().run_weighed(
        games,
        |(_, (item, _))| item.weight(),
        Stats::default,
        |stats, (order, (item, archive))| {
            let options = options.for_archive(archive);
            count(stats, order as u64, item, &options, &settings)
        },
        |c| {
            reporter.message(&c.messages);
            reporter.add(c.counts);
            ControlFlow::<()>::Continue(())
        },
    );
    let mut stats = Stats::default();
    for s in states.unwrap_or_default() {
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
    Ok(reporter.finish_validation())
}

fn count(
    stats: &mut Stats,
    order: u64,
    item: Item,
    options: &ReplayOptions,
    settings: &Settings,
) -> Counted {
    let (file, raw) = match item {
        Item::Failed { error } => {
            return Counted {
                messages: format!("pdnkit: {error}\n"),
                counts: Counts::failed_input(),
            };
        }
        Item::Game { file, game } => (file, game),
    };
    check_game(&file, &raw, options, |data| {
        stats.add(&GameSummary::of(data, order, settings));
        Counted {
            messages: String::new(),
            counts: Counts::verdict(data.record.status),
        }
    })
}
