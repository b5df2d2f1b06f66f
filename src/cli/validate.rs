//! `pdnkit validate`: replay every game and report what breaks, like a compiler.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pdnkit::pdn::note::{Note, NoteKind};
use pdnkit::pdn::parser::{notes_around_plain_moves, parse_game};
use pdnkit::pdn::quick::{NotesPassed, is_plain_game};
use pdnkit::pdn::span::Span;
use pdnkit::record::{GameRecord, Status as Verdict};
use pdnkit::replay::{ReplayOptions, Severity, check_syntax, replay, worst_syntax_note};

use super::input::{self, Item, Piece};
use super::output::Output;
use super::report::{Counts, Reporter, render_diagnostics};
use super::{Format, GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit validate`.
#[derive(clap::Args, Debug)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// Also print notes (how things were understood) in the text report.
    #[arg(long)]
    pub notes: bool,
    /// Check the PDN text only, without replaying the moves (a fast pass over an archive).
    #[arg(long)]
    pub syntax_only: bool,
    /// Read files rather than map them into memory. With several jobs the syntax pass maps
    /// regular files, which spares a copy; but a file truncated by another program within the
    /// blocks mapped ahead (up to 32 MB) then ends pdnkit with a bus error, not a read error.
    #[arg(long)]
    pub no_mmap: bool,
    /// PDN files to read (`-` is standard input; `.gz` is decompressed). Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What one game contributes: JSON for stdout, text for stderr, counts.
struct Checked {
    json: Vec<u8>,
    text: String,
    counts: Counts,
}

impl Checked {
    /// `games` clean games, of which the text report says nothing.
    fn clean_and_silent(games: u64) -> Checked {
        Checked {
            json: Vec::new(),
            text: String::new(),
            counts: Counts::clean(games),
        }
    }
}

/// Runs `pdnkit validate`.
pub fn run(args: ValidateArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    let files = input::default_stdin(args.files);
    let json = global.format == Some(Format::Json);
    let options = args.replay.options()?;
    let mut reporter = Reporter::new(global, &files);
    let mut out = Output::open(None)?;
    let min_shown = if args.notes {
        Severity::Note
    } else {
        Severity::Warning
    };
    // The text report of a syntax pass says nothing of a plain game: those are passed by, and
    // so are those whose only notes are literal escapes when such notes are not shown.
    let literal_escape = Note::new(NoteKind::LiteralEscape, Span::new(0, 0));
    let notes_passed = if min_shown > Severity::Note
        && worst_syntax_note(&[literal_escape], &options) < Some(min_shown)
    {
        NotesPassed::LiteralEscapes
    } else {
        NotesPassed::None
    };
    let bytes = reporter.bytes_counter();
    let items: Box<dyn Iterator<Item = Item<Piece>> + Send> = if args.syntax_only && !json {
        let (jobs, map) = (global.pipeline().jobs, !args.no_mmap);
        Box::new(input::cuts(&files, bytes, jobs, map, notes_passed))
    } else {
        Box::new(input::games(&files, bytes).map(|item| match item {
            Item::Game { file, game } => Item::Game {
                file,
                game: Piece::Game(game),
            },
            Item::Failed { error } => Item::Failed { error },
        }))
    };
    let result = global.pipeline().run_weighed(
        items,
        |item| item.weight(),
        || (),
        |_, item| check(item, &options, args.syntax_only, json, min_shown),
        |checked| {
            reporter.message(&checked.text);
            reporter.add(checked.counts);
            match out.write_all(&checked.json) {
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
    json: bool,
    min_shown: Severity,
) -> Checked {
    let (file, raw) = match item {
        Item::Failed { error } => {
            return Checked {
                json: Vec::new(),
                text: format!("pdnkit: {error}\n"),
                counts: Counts::failed_input(),
            };
        }
        Item::Game {
            game: Piece::Plain(games),
            ..
        } => return Checked::clean_and_silent(games),
        Item::Game {
            file,
            game: Piece::Game(raw),
        } => (file, raw),
    };
    // The text report says nothing of a clean game: a game in the plain shape needs no tree.
    if syntax_only && !json && is_plain_game(&raw) {
        return Checked::clean_and_silent(1);
    }
    // Nor of a game whose notes are not shown, which need not be written: when its moves are
    // plain, the rest of it says so.
    let silent = |notes: &[Note]| worst_syntax_note(notes, options) < Some(Severity::Warning);
    let notes_unshown = syntax_only && !json && min_shown > Severity::Note;
    if notes_unshown && notes_around_plain_moves(&raw).is_some_and(|notes| silent(&notes)) {
        return Checked::clean_and_silent(1);
    }
    let record = match parse_game(&raw) {
        Ok(game) if notes_unshown && silent(&game.notes) => {
            return Checked::clean_and_silent(1);
        }
        Ok(game) if syntax_only => {
            GameRecord::replayed(&file, &raw, &game, &check_syntax(&game, options))
        }
        Ok(game) => GameRecord::replayed(&file, &raw, &game, &replay(&game, options)),
        Err(err) => GameRecord::unreadable(&file, &raw, &err),
    };
    let counts = Counts::verdict(record.status);
    if json {
        let mut line = serde_json::to_vec(&record).expect("records serialise");
        line.push(b'\n');
        return Checked {
            json: line,
            text: String::new(),
            counts,
        };
    }
    let text = if record.status == Verdict::Clean && min_shown > Severity::Note {
        String::new()
    } else {
        render_diagnostics(&record, &raw.text, raw.position(0), min_shown)
    };
    Checked {
        json: Vec::new(),
        text,
        counts,
    }
}
