//! `pdnkit players`: every person with games, their dates, events and spellings
//! (`pdnkit::players`). The table goes to stdout; what was left out (placeholders, sides
//! without a name) and the summary to stderr.

use std::convert::Infallible;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pdnkit::players::Players;
use pdnkit::{ReplayOptions, check_game};

use super::aliases::AliasArgs;
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{Format, GlobalArgs, Status};

/// Arguments of `pdnkit players`.
#[derive(clap::Args, Debug)]
pub struct PlayersArgs {
    #[command(flatten)]
    pub aliases: AliasArgs,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Runs `pdnkit players`.
pub fn run(args: PlayersArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let aliases = args.aliases.load()?;
    let files = input::default_stdin(args.files);
    let archive = input::archive(&files, global, ReplayOptions::default());
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    let ran = archive.run(
        &reporter,
        Players::default,
        |players, game| {
            check_game(&game.file, &game.game, &game.options, |checked| {
                players.add_game(checked);
                Counts::verdict(checked.record.status)
            })
        },
        |done| {
            reporter.game(done);
            ControlFlow::<Infallible>::Continue(())
        },
    );
    let Ok(mut ran) = ran;
    let mut players = Players::default();
    for p in std::mem::take(&mut ran.states) {
        players.merge(p);
    }
    let roster = players.roster(aliases.as_deref());
    match global.format.unwrap_or(Format::Text) {
        Format::Text => out.write_all(roster.text().as_bytes())?,
        Format::Csv => {
            let mut csv = csv::Writer::from_writer(Vec::new());
            for row in roster.csv_rows() {
                csv.write_record(&row)?;
            }
            out.write_all(&csv.into_inner()?)?;
        }
        Format::Json => {
            let mut json = serde_json::to_vec_pretty(&roster)?;
            json.push(b'\n');
            out.write_all(&json)?;
        }
    }
    out.finish()?;
    if !global.quiet {
        reporter.message(&format!(
            "pdnkit: {}; left out: {}",
            plural(roster.people.len() as u64, "player"),
            roster.left_out()
        ));
    }
    let mut status = reporter.finish(ran.counts);
    // The table is what players reports: its exit code says whether it ran.
    status.findings = false;
    Ok(status)
}
