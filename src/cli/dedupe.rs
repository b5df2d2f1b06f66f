//! `pdnkit dedupe`: find the games that are copies of one game and write each once, the copy
//! with the most tags and comments.
//!
//! Games are copies by evidence: the same variant, start and main-line moves (however
//! written), the same players once their names are read alike, and no other year (a short
//! game: the same date and round). Games with the same moves that fail the rest are kept, and
//! listed as suspects in the report; `--by moves` takes the moves alone as the evidence.
//!
//! Three passes over the input, each streamed, the decisions made by `pdnkit::dedupe`: the
//! first keys every game by its moves and reads its evidence ([`Keyed`]), the second finds
//! games whose moves are the start of another's (unfinished copies), the third writes the
//! games kept and the report. Memory holds a few numbers per game and one hash-map entry per
//! distinct game, never a game's text.

use std::collections::HashSet;
use std::convert::Infallible;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdn::RawGame;
use pdnkit::archive::{Archive, Counted};
use pdnkit::dedupe::{
    Containers, Decisions, Groups, Keyed, Order, Report, ReportRow, Settings, Tally,
};
use pdnkit::{ReplayOptions, check_game};

use super::convert::Target;
use super::games_out::{GamesOut, GamesWriter, Rendered, not_written};
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, Status};

/// What makes two games copies of one game (`pdnkit::dedupe::By`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// The same moves, the same players (names read alike) and no other year; short games:
    /// the same players, date and round.
    Evidence,
    /// The same moves, whoever played them and whenever.
    Moves,
}

/// Arguments of `pdnkit dedupe`.
#[derive(clap::Args, Debug)]
pub struct DedupeArgs {
    #[command(flatten)]
    pub aliases: super::aliases::AliasArgs,
    /// What makes games copies: `evidence` (moves, players, date) or `moves` alone.
    #[arg(long, value_enum, default_value_t = By::Evidence)]
    pub by: By,
    /// Games of fewer plies are copies only with the same players, date and round (short
    /// games, forfeits above all, repeat between different games).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub min_plies: u32,
    /// Also treat a game whose moves are the start of a longer game's (an unfinished copy, of
    /// the same players) as a copy of it, and keep the longer one. Without it, unfinished copies
    /// are kept and reported.
    #[arg(long)]
    pub prefix: bool,
    /// Fewest moves a game needs to count as an unfinished copy of a longer one: shorter
    /// openings are shared by too many games to say anything.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub prefix_min: u32,
    /// Write every group of games with the same moves to this CSV file: group, file, game,
    /// event, white, black, date, plies, kept, copy (`kept`, `same`, `prefix` or `suspect`),
    /// why.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Play every game under these rules (default: the GameType or Variant tag, else the one
    /// decided for its file). See `pdnkit variants`.
    #[arg(long, value_name = "NAME", value_parser = super::variant_names())]
    pub variant: Option<String>,
    /// Write the games kept in this format instead of their original text.
    #[arg(long, value_enum)]
    pub to: Option<Target>,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input, read once into a temporary file; compressed
    /// files are decompressed). Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The settings and inputs of one run.
struct Run<'a> {
    args: &'a DedupeArgs,
    /// Who is who (`--aliases`): players' spellings read as one name.
    aliases: Option<std::sync::Arc<pdnkit::players::Aliases>>,
    /// The inputs, standard input kept for the passes after the first. The games are counted,
    /// and written in other forms, with their variations replayed, as every command does.
    archive: Archive,
}

/// Runs `pdnkit dedupe`.
pub fn run(args: DedupeArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("dedupe", "games", Some("use --to json|csv|fen|pdn"))?;
    let variant = super::variant_named(args.variant.as_deref())?;
    let files = input::default_stdin(args.files.clone());
    let options = ReplayOptions {
        variant,
        ..ReplayOptions::default()
    };
    let run = Run {
        args: &args,
        aliases: args.aliases.load()?,
        archive: input::archive(&files, global, options).rereadable()?,
    };
    let reporter = Reporter::new(global, &files);
    let settings = Settings {
        by: match args.by {
            By::Evidence => pdnkit::dedupe::By::Evidence,
            By::Moves => pdnkit::dedupe::By::Moves,
        },
        min_plies: args.min_plies,
        prefix: args.prefix,
        prefix_min: args.prefix_min,
    };
    let (keyed, counts) = run.keyed(&reporter);
    let groups = Groups::new(keyed, settings);
    let containers = run.unfinished_copies(&groups)?;
    let decided = groups.decide(&containers);
    let written = run.write_kept(&decided, &reporter)?;
    if !global.quiet {
        reporter.message(&summary(&decided.tally(), written));
    }
    let mut status = reporter.finish(counts);
    status.findings = false;
    Ok(status)
}

impl Run<'_> {
    /// Pass 1: every game's key and evidence, and the games counted.
    fn keyed(&self, reporter: &Reporter) -> (Vec<Keyed>, Counts) {
        let mut keyed: Vec<Keyed> = Vec::new();
        let ran = self.archive.run(
            reporter,
            || (),
            |_, game| {
                check_game(&game.file, &game.game, &game.options, |checked| {
                    (
                        Counts::verdict(checked.record.status),
                        Keyed::named(checked, self.aliases.as_deref()),
                    )
                })
            },
            |done| {
                keyed.extend(reporter.game(done).map(|(_, k)| k));
                ControlFlow::<Infallible>::Continue(())
            },
        );
        let Ok(ran) = ran;
        (keyed, ran.counts)
    }

    /// Pass 2: unfinished copies, the games whose moves start with those of a group's games
    /// (finding them needs the main lines only).
    fn unfinished_copies(&self, groups: &Groups) -> anyhow::Result<Containers> {
        let mut containers = Containers::default();
        let keys = groups.prefix_keys();
        if keys.is_empty() {
            return Ok(containers);
        }
        let mut seen = 0usize;
        // Counted in the first pass: nothing to count here, nor to show.
        let ran = self.archive.run(
            &(),
            || (),
            |_, game| {
                let options = ReplayOptions {
                    mainline_only: true,
                    ..game.options
                };
                let found = check_game(&game.file, &game.game, &options, |checked| {
                    keys.found_in(checked)
                });
                (Counts::default(), (game.order as Order, found))
            },
            |done| {
                if let Ok((_, (order, found))) = done {
                    seen += 1;
                    groups.add_containers(&mut containers, order, found);
                }
                ControlFlow::<Infallible>::Continue(())
            },
        );
        let Ok(_) = ran;
        changed_since(seen, groups.len())?;
        Ok(containers)
    }

    /// Pass 3: writes the games kept and the report; returns how many games were written.
    fn write_kept(&self, decided: &Decisions, reporter: &Reporter) -> anyhow::Result<u64> {
        let form = GamesOut::new(self.args.to);
        let mut writer = GamesWriter::default();
        let mut out = Output::open(self.args.output.as_deref())?;
        out.write_all(&form.header()?)?;
        let mut report = Report::default();
        let mut seen = 0usize;
        let reporting = self.args.report.is_some();
        let referred = if reporting {
            decided.referred()
        } else {
            HashSet::new()
        };
        let result = self.archive.run(
            &(),
            || (),
            |_, game| {
                let wanted = Wanted::of(decided, game.order as Order, reporting, &referred);
                wanted.write(decided, &form, game.file, &game.game, &game.options)
            },
            |written| {
                // Failed inputs were told of in the first pass.
                let Ok(w) = written else {
                    return ControlFlow::Continue(());
                };
                reporter.message(&w.message);
                if let Some(order) = w.order {
                    seen += 1;
                    if let Some((file, game)) = w.place {
                        report.add_place(order, file, game);
                    }
                }
                if let Some(row) = w.row {
                    report.add_row(row);
                }
                let Some((file, rendered)) = w.kept else {
                    return ControlFlow::Continue(());
                };
                writer.write_shown(&form, &mut out, reporter, &file, &rendered)
            },
        );
        result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
        writer.finish(&form, &mut out)?;
        out.finish()?;
        changed_since(seen, decided.len())?;
        if let Some(path) = &self.args.report {
            let shown = |e: std::io::Error| anyhow::anyhow!("{}: {e}", path.display());
            let file = std::fs::File::create(path).map_err(shown)?;
            report.write(decided, file).map_err(shown)?;
        }
        Ok(writer.written)
    }
}

/// What the third pass wants of a game.
struct Wanted {
    order: Order,
    /// It is written.
    keep: bool,
    /// It has a row in the report.
    report: bool,
    /// Its place is named in the report.
    place: bool,
}

impl Wanted {
    fn of(decided: &Decisions, order: Order, reporting: bool, referred: &HashSet<Order>) -> Wanted {
        let known = order < decided.len();
        let report = reporting && known && decided.reported(order);
        Wanted {
            order,
            keep: known && decided.kept(order),
            report,
            place: reporting && known && (report || referred.contains(&order)),
        }
    }

    /// The game as written when kept, its report row and its place when wanted.
    fn write(
        &self,
        decided: &Decisions,
        form: &GamesOut,
        file: Arc<str>,
        game: &RawGame,
        options: &ReplayOptions,
    ) -> Written {
        if !self.keep && !self.place {
            return Written {
                order: Some(self.order),
                ..Written::default()
            };
        }
        check_game(&file, game, options, |checked| {
            let rendered = self.keep.then(|| form.render(game, checked));
            let message = match &rendered {
                Some(r) if r.data.is_none() => not_written(checked),
                _ => String::new(),
            };
            let record = checked.record;
            Written {
                order: Some(self.order),
                kept: rendered.map(|r| (file.clone(), r)),
                message,
                place: self.place.then(|| (record.file.to_string(), record.game)),
                row: decided.row(self.order, checked).filter(|_| self.report),
            }
        })
    }
}

/// The line that says what was done.
fn summary(tally: &Tally, written: u64) -> String {
    let mut line = format!(
        "pdnkit: {} written, {} left out ({} of copies)",
        plural(written, "game"),
        plural(tally.left_out, "duplicate"),
        plural(tally.groups, "group")
    );
    let unfinished = tally.unfinished;
    if unfinished > 0 {
        let (copies, them) = if unfinished == 1 {
            ("copy", "it")
        } else {
            ("copies", "them")
        };
        line.push_str(&format!(
            "; {unfinished} unfinished {copies} kept (--prefix leaves {them} out)"
        ));
    }
    if tally.suspects > 0 {
        line.push_str(&format!(
            "; {} kept (the moves of another game, other players or dates: see --report)",
            plural(tally.suspects, "suspect")
        ));
    }
    line
}

/// An error when a later pass read another number of games than the first.
fn changed_since(seen: usize, first: usize) -> anyhow::Result<()> {
    if seen != first {
        anyhow::bail!(
            "the input changed while being read: {first} games the first time, {seen} later"
        );
    }
    Ok(())
}

impl Counted for Written {
    /// Counted in the first pass.
    fn counts(&self) -> Counts {
        Counts::default()
    }
}

/// What the third pass gives for one game.
#[derive(Default)]
struct Written {
    order: Option<Order>,
    /// The game as written, when it is kept, and its file.
    kept: Option<(Arc<str>, Rendered)>,
    message: String,
    /// Its file and number, for the report.
    place: Option<(String, u64)>,
    row: Option<ReportRow>,
}
