//! `pdnkit filter`: keep the games that match every condition given (or, with `--not`, the
//! others), written as they were in their files, or in a convert format with `--to`.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use draughts::Variant;
use pdnkit::archive::{ArchiveGame, Counted};
use pdnkit::filter::{Condition, Filter};
use pdnkit::{Code, ReplayOptions, Verdict, check_game};

use super::convert::Target;
use super::games_out::{GamesOut, GamesWriter, Rendered, not_written};
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, Status, not_a_variant};

/// Arguments of `pdnkit filter`.
#[derive(clap::Args, Debug)]
pub struct FilterArgs {
    #[command(flatten)]
    pub aliases: super::aliases::AliasArgs,
    /// White player (a regular expression, case-insensitive, found anywhere in the tag; with
    /// --aliases, in the name the table gives the spelling too).
    #[arg(long, value_name = "REGEX")]
    pub white: Option<String>,
    /// Black player (as --white).
    #[arg(long, value_name = "REGEX")]
    pub black: Option<String>,
    /// A player on either side (as --white).
    #[arg(long, value_name = "REGEX")]
    pub player: Option<String>,
    /// The Event tag (as --white).
    #[arg(long, value_name = "REGEX")]
    pub event: Option<String>,
    /// The Site tag (as --white).
    #[arg(long, value_name = "REGEX")]
    pub site: Option<String>,
    /// Any tag: NAME=REGEX (case-sensitive unless the pattern says `(?i)`); repeatable.
    #[arg(long, value_name = "NAME=REGEX")]
    pub tag: Vec<String>,
    /// The Date tag within a range: `2003`, `2003.05..2004`, `..1950.06.30` (inclusive).
    #[arg(long, value_name = "RANGE")]
    pub date: Option<String>,
    /// The year of the Date tag, or a range of years (`1950..1960`).
    #[arg(long, value_name = "YEAR")]
    pub year: Option<String>,
    /// The result: a token as written (`2-0`, `1/2-1/2`, `*`) or `first-wins`,
    /// `second-wins`, `draw`, `unknown` (the first number is the first mover's).
    #[arg(long, value_name = "RESULT")]
    pub result: Option<String>,
    /// The variant the game was played under (its GameType, else the one decided for its
    /// file; see `pdnkit variants`).
    #[arg(long, value_name = "NAME", value_parser = super::variant_names())]
    pub variant: Option<String>,
    /// The number of main-line moves written: `MIN..MAX` (either end may be left out).
    #[arg(long, value_name = "MIN..MAX")]
    pub plies: Option<String>,
    /// The game's verdict.
    #[arg(long, value_enum)]
    pub status: Option<VerdictArg>,
    /// The game has a diagnostic of this code (see the README's table); repeatable: all must
    /// be there.
    #[arg(long, value_name = "CODE")]
    pub code: Vec<String>,
    /// Keep the games that do not match.
    #[arg(long)]
    pub not: bool,
    /// Write the games in this format instead of their original text.
    #[arg(long, value_enum)]
    pub to: Option<Target>,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// A verdict, as `--status` names it.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerdictArg {
    /// No warning, no error.
    Clean,
    /// Warnings, no error.
    Warnings,
    /// At least one error.
    Invalid,
    /// The text could not be read.
    Unreadable,
}

impl VerdictArg {
    fn verdict(self) -> Verdict {
        match self {
            VerdictArg::Clean => Verdict::Clean,
            VerdictArg::Warnings => Verdict::Warnings,
            VerdictArg::Invalid => Verdict::Invalid,
            VerdictArg::Unreadable => Verdict::Unreadable,
        }
    }
}

/// The filter the arguments describe.
fn filter(args: &FilterArgs) -> anyhow::Result<Filter> {
    let mut conditions = Vec::new();
    for (names, pattern) in [
        (&["White"][..], &args.white),
        (&["Black"][..], &args.black),
        (&["White", "Black"][..], &args.player),
        (&["Event"][..], &args.event),
        (&["Site"][..], &args.site),
    ] {
        if let Some(p) = pattern {
            conditions.push(Condition::tag_any(names, p).map_err(anyhow::Error::msg)?);
        }
    }
    for spec in &args.tag {
        conditions.push(Condition::parse_tag(spec).map_err(anyhow::Error::msg)?);
    }
    if let Some(d) = &args.date {
        conditions.push(Condition::parse_date(d).map_err(anyhow::Error::msg)?);
    }
    if let Some(y) = &args.year {
        conditions.push(Condition::parse_year(y).map_err(anyhow::Error::msg)?);
    }
    if let Some(r) = &args.result {
        conditions.push(Condition::parse_result(r));
    }
    if let Some(name) = &args.variant {
        let v = Variant::from_name(name).ok_or_else(|| not_a_variant(name, &[]))?;
        conditions.push(Condition::Variant(v));
    }
    if let Some(p) = &args.plies {
        conditions.push(Condition::parse_plies(p).map_err(anyhow::Error::msg)?);
    }
    if let Some(s) = args.status {
        conditions.push(Condition::Verdict(s.verdict()));
    }
    for name in &args.code {
        let code = Code::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Code::ALL.iter().map(|c| c.name()).collect();
            anyhow::anyhow!("unknown code {name:?}; known: {}", known.join(", "))
        })?;
        conditions.push(Condition::Code(code));
    }
    let filter = Filter::new(conditions).with_aliases(args.aliases.load()?);
    Ok(if args.not { filter.negated() } else { filter })
}

/// What one game gave.
struct Kept {
    /// The game as written, when it is kept, and its file.
    kept: Option<(Arc<str>, Rendered)>,
    message: String,
    counts: Counts,
}

impl Counted for Kept {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// Runs `pdnkit filter`.
pub fn run(args: FilterArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("filter", "games", Some("use --to json|csv|fen|pdn"))?;
    let filter = filter(&args)?;
    let files = input::default_stdin(args.files);
    let archive = input::archive(&files, global, ReplayOptions::default());
    let form = GamesOut::new(args.to);
    let mut writer = GamesWriter::default();
    let reporter = Reporter::new(global, &files);
    let mut out = Output::open(args.output.as_deref())?;
    out.write_all(&form.header()?)?;
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| kept(&game, &filter, &form),
        |kept| {
            let Some(k) = reporter.game(kept) else {
                return ControlFlow::Continue(());
            };
            reporter.message(&k.message);
            let Some((file, rendered)) = k.kept else {
                return ControlFlow::Continue(());
            };
            match writer.write(&form, &mut out, &file, &rendered) {
                Ok(note) => {
                    reporter.message(note.as_deref().unwrap_or(""));
                    ControlFlow::Continue(())
                }
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    writer.finish(&form, &mut out)?;
    out.finish()?;
    if !global.quiet {
        reporter.message(&format!("pdnkit: {} kept", plural(writer.written, "game")));
    }
    let mut status = reporter.finish(ran.counts);
    // A filter reports what it kept, not findings: its exit code says whether it ran.
    status.findings = false;
    Ok(status)
}

/// What `filter` makes of one game: kept (rendered in `form`) or not.
fn kept(game: &ArchiveGame, filter: &Filter, form: &GamesOut) -> Kept {
    check_game(&game.file, &game.game, &game.options, |checked| {
        let counts = Counts::verdict(checked.record.status);
        if !filter.matches(checked) {
            return Kept {
                kept: None,
                message: String::new(),
                counts,
            };
        }
        let rendered = form.render(&game.game, checked);
        let message = match rendered.data {
            Some(_) => String::new(),
            None => not_written(checked),
        };
        Kept {
            kept: Some((game.file.clone(), rendered)),
            message,
            counts,
        }
    })
}
