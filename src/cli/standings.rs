//! `pdnkit standings`: each event's standings, tie-breaks, per-round results and crosstable
//! from its games' headers (`pdnkit::standings`), counted as the games come. The tables go to
//! stdout; each game flagged (no result, a result the replay contradicts, a placeholder name)
//! to stderr as it is read, with its file and line, and the exit code is 1 when one was.

use std::convert::Infallible;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pdnkit::standings::{self, Grouping, Pairing, Tally};
use pdnkit::{ReplayOptions, check_game};

use super::aliases::AliasArgs;
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{FormatAsked, GlobalArgs, Status};

/// Arguments of `pdnkit standings`.
#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// Group games into events by `none` (one table), `event` (the Event tag), or a tag's
    /// name (default: Event, Site and year, with event names that differ by a trailing
    /// qualifier in brackets merged when their players overlap).
    #[arg(long, value_name = "none|event|TAG")]
    pub group: Option<String>,
    /// Add the crosstable of each round robin.
    #[arg(long)]
    pub crosstable: bool,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Runs `pdnkit standings`.
pub fn run(args: StandingsArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let aliases = args.aliases.load()?;
    let grouping = Grouping::parse(args.group.as_deref());
    let files = input::default_stdin(args.files);
    let archive = input::archive(&files, global, ReplayOptions::default());
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let mut tally = Tally::new(grouping.clone());
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| {
            check_game(&game.file, &game.game, &game.options, |checked| {
                (
                    Counts::verdict(checked.record.status),
                    Pairing::of(checked, &grouping),
                )
            })
        },
        |done| {
            if let Some((_, pairing)) = reporter.game(done)
                && let Some(flagged) = tally.add(pairing)
            {
                reporter.message(&format!("pdnkit: {}", standings::flag_line(&flagged)));
            }
            ControlFlow::<Infallible>::Continue(())
        },
    );
    let Ok(ran) = ran;
    let table = tally.standings(aliases.as_deref());
    write(&table, global, args.crosstable, &mut out)?;
    out.finish()?;
    if !global.quiet {
        reporter.message(&format!(
            "pdnkit: {} in {}; {} flagged",
            plural(
                table.tables.iter().map(|t| t.rows.len() as u64).sum(),
                "player"
            ),
            plural(table.tables.len() as u64, "group"),
            plural(table.flagged_total, "game")
        ));
    }
    let mut status = reporter.finish(ran.counts);
    status.findings = table.flagged_total > 0;
    Ok(status)
}

/// The standings in the format asked for.
fn write(
    table: &standings::Standings,
    global: &GlobalArgs,
    crosstable: bool,
    out: &mut Output,
) -> anyhow::Result<()> {
    match global.format_asked.unwrap_or(FormatAsked::Text) {
        FormatAsked::Text => out.write_all(standings::text(table, crosstable).as_bytes())?,
        FormatAsked::Html => {
            let title = match table.tables.as_slice() {
                [one] => one.name.clone(),
                _ => "Standings".to_string(),
            };
            out.write_all(standings::html(table, &title, crosstable).as_bytes())?;
        }
        FormatAsked::Csv => {
            let mut csv = csv::Writer::from_writer(Vec::new());
            for row in standings::csv_rows(table, crosstable) {
                csv.write_record(&row)?;
            }
            out.write_all(&csv.into_inner()?)?;
        }
        FormatAsked::Json => {
            let mut json = serde_json::to_vec_pretty(table)?;
            json.push(b'\n');
            out.write_all(&json)?;
        }
    }
    Ok(())
}
