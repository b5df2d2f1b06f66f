//! `pdnkit report`: one self-contained HTML page for archives: counts and charts, a table of
//! the findings with their repairs, and a viewer for the games that have them. The page is
//! `pdnkit::html_report`'s; this file streams the games through it, and the page is written as
//! they come.

use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::Context;
use pdnkit::archive::Counted;
use pdnkit::check_game;
use pdnkit::html_report::{GameEntry, Report, Settings, shown_path};
use pdnkit::standings::Grouping;

use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit report`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// List notes too (how things were understood), not only warnings and errors.
    #[arg(long, visible_alias = "verbose")]
    pub notes: bool,
    /// Put every game in the viewer, not only the games with findings (a larger page).
    #[arg(long)]
    pub all_games: bool,
    /// Do not try repairs for moves that cannot be played (faster on archives with many).
    #[arg(long)]
    pub no_suggest: bool,
    /// Add a standings section: each event's standings, per-round results and the crosstable
    /// of a round robin, as `pdnkit standings` gives them (its memory grows with the games).
    #[arg(long)]
    pub standings: bool,
    /// With --standings: group games into events by `none`, `event` or a tag (default: Event,
    /// Site and year, as `pdnkit standings`).
    #[arg(long, value_name = "none|event|TAG", requires = "standings")]
    pub group: Option<String>,
    #[command(flatten)]
    pub aliases: super::aliases::AliasArgs,
    /// The page's title (default: pdnkit report of the first input).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Name files relative to this directory (`--relative-to .`: no absolute path on the
    /// page). Default: as given.
    #[arg(long, value_name = "DIR")]
    pub relative_to: Option<PathBuf>,
    /// Write the page to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What one game gives: its entry.
struct Entry(Box<GameEntry>);

impl Counted for Entry {
    fn counts(&self) -> Counts {
        Counts::verdict(self.0.record.status)
    }
}

/// Runs `pdnkit report`.
pub fn run(args: ReportArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("report", "one HTML page", None)?;
    let files = input::default_stdin(args.files.clone());
    let archive = input::archive(&files, global, args.replay.options()?);
    let settings = settings(&args, &files)?;
    let out = Output::open(args.output.as_deref())?;
    let mut report = Report::new(settings.clone(), out).context("writing the report")?;
    let reporter = Reporter::new(global, &files);
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| {
            check_game(&game.file, &game.game, &game.options, |checked| {
                Entry(Box::new(GameEntry::of(checked, &settings, &game.options)))
            })
        },
        |checked| {
            let Some(Entry(entry)) = reporter.game(checked) else {
                report.add_failed_input();
                return ControlFlow::Continue(());
            };
            match report.add(*entry) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    let ran = ran.context("writing the report")?;
    let totals = report.totals().clone();
    let out = report.finish().context("writing the report")?;
    out.finish()?;
    if !global.quiet {
        let t = &totals;
        let place = match &args.output {
            Some(path) => format!(
                " to {} ({} bytes)",
                path.display(),
                std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
            ),
            None => String::new(),
        };
        reporter.message(&format!(
            "pdnkit: report of {} in {} written{place}",
            plural(t.findings, "finding"),
            plural(t.games_with_findings, "game"),
        ));
    }
    Ok(reporter.finish(ran.counts))
}

/// The page's settings: what it lists, its title, its inputs as it names them, who is who.
fn settings(args: &ReportArgs, files: &[PathBuf]) -> anyhow::Result<Settings> {
    let inputs: Vec<String> = files
        .iter()
        .map(|p| {
            let name = input::display_name(p);
            match &args.relative_to {
                Some(dir) => shown_path(&name, dir),
                None => name,
            }
        })
        .collect();
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| match inputs.as_slice() {
            [one] => format!("pdnkit report: {one}"),
            [first, rest @ ..] => format!("pdnkit report: {first} and {} more", rest.len()),
            [] => "pdnkit report".to_string(),
        });
    Ok(Settings {
        notes: args.notes,
        all_games: args.all_games,
        suggest: !args.no_suggest,
        title,
        inputs,
        relative_to: args.relative_to.clone(),
        aliases: args.aliases.load()?,
        standings: args
            .standings
            .then(|| Grouping::parse(args.group.as_deref())),
    })
}
