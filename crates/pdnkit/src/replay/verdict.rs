//! The verdict on a game in the plain shape found without its syntax tree: the words of its
//! movetext played straight through the rules, with nothing recorded, for a report that says
//! nothing of clean games (`validate`'s text and CSV without notes).
//!
//! A shortcut, never a second opinion: it answers only "clean", where [`replay`](super::replay)
//! finds nothing worse than a note, and gives up at the first thing the reference replay would
//! report more severely or decide in a way this does not follow (a variant guessed, a square
//! off the board, a move that is not exactly one legal move, a move after a win, a result that
//! disagrees), leaving the game to it. `tests/replay_fast_paths.rs` holds it to the reference.

use draughts::fast::{CaptureMove, Lanes, QuietMove};
use draughts::{Colour, Config, GameState, Move, Outcome, Resolver, Square};
use pdn::fast::{Plain, PlainToken};
use pdn::{HeaderItem, RawGame};

use super::choose::{self, Choice};
use super::result::{self, DrawnAt};
use super::{ReplayOptions, Severity, StartSpec, written_as};

/// Judges games in the plain shape without their tree, reusing its buffers from one game to
/// the next (one per worker).
#[derive(Debug)]
pub struct PlainJudge {
    resolver: Resolver,
    squares: Vec<Square>,
    /// The last game's state, whose buffers the next game takes over.
    spare: Option<GameState>,
    /// The last game's header list, emptied, for the next game's tags.
    header: Vec<HeaderItem<'static>>,
}

impl Default for PlainJudge {
    fn default() -> Self {
        PlainJudge {
            resolver: Resolver::new(),
            squares: Vec::new(),
            spare: None,
            header: Vec::new(),
        }
    }
}

impl PlainJudge {
    /// True when `raw` is a game in the plain shape that [`replay`](super::replay) finds clean
    /// (no warning, no error); false when that is not known without the reference replay, and
    /// always without `options.fast_paths`.
    pub fn is_clean(&mut self, raw: &RawGame, options: &ReplayOptions) -> bool {
        options.fast_paths && is_clean(raw, options, self)
    }
}

fn is_clean(raw: &RawGame, options: &ReplayOptions, scratch: &mut PlainJudge) -> bool {
    let header = std::mem::take(&mut scratch.header);
    let Some(plain) = pdn::fast::read_plain_into(raw, header) else {
        return false;
    };
    let clean = judge(&plain, options, scratch);
    scratch.header = pdn::fast::empty_header(plain.head.header);
    clean
}

fn judge(plain: &Plain<'_>, options: &ReplayOptions, scratch: &mut PlainJudge) -> bool {
    let game = &plain.head;
    // The rules the reference keeps when the game replays cleanly under them: those its tags
    // name (on their one board), else the variant decided for its archive, else the first the
    // squares suggest.
    let known = match choose::choose(game, options.variant) {
        Choice::Known(config, _) if !choose::board_is_open(game, &config) => Some(config),
        Choice::Guess => None,
        _ => return false,
    };
    // Set up only for the games the rules let on (its FEN read once).
    let mut start = StartSpec::of(game);
    let config = match known {
        Some(config) => config,
        None => {
            let v = match options.archive.as_ref().and_then(|a| a.untagged.as_ref()) {
                Some((v, _)) => *v,
                None => {
                    let squares = plain.tokens().flat_map(|w| match w {
                        PlainToken::Move(m) => Some(m.squares()),
                        _ => None,
                    });
                    choose::candidates_of(squares.flatten(), start.tag_fen())[0]
                }
            };
            Config::standard(v)
        }
    };
    start.first_number = plain.tokens().find_map(|w| match w {
        PlainToken::Number(n) => Some(n.number),
        PlainToken::Move(_) => Some(1),
        PlainToken::Comment(_) => None,
    });
    let Ok((fresh, number)) = start.state(config) else {
        return false;
    };
    let state = match scratch.spare.take() {
        Some(mut state) => {
            state.restart(fresh);
            state
        }
        None => fresh,
    };
    let mut line = PlainLine {
        state,
        number,
        first_mover: config.first_mover,
        last: None,
        drawn: None,
    };
    let clean = line.play(plain.tokens(), options.strict, scratch) && {
        // As the reference: a draw that applied before the last move, else one after it.
        let end = &line.state;
        let drawn = line.drawn.or_else(|| match end.outcome() {
            Outcome::Draw(rule) => Some(DrawnAt {
                last: line.last,
                rule,
            }),
            _ => None,
        });
        result::check(game, config.first_mover, Some(end), drawn)
            .iter()
            .all(|d| d.severity < Severity::Warning)
    };
    scratch.spare = Some(line.state);
    clean
}

/// The main line being played.
struct PlainLine {
    state: GameState,
    /// Number of the next move.
    number: u32,
    first_mover: Colour,
    /// The number and side of the last move played.
    last: Option<(u32, Colour)>,
    /// Where a draw rule ended the line, when moves follow it.
    drawn: Option<DrawnAt>,
}

impl PlainLine {
    /// Plays `words`; false at the first that the reference reports as a warning or an error
    /// (`strict`: its notes are errors), or decides otherwise than by playing the one move it
    /// names.
    fn play<'a>(
        &mut self,
        words: impl Iterator<Item = PlainToken<'a>>,
        strict: bool,
        scratch: &mut PlainJudge,
    ) -> bool {
        let names = self.state.config().notation.names();
        let mut ended = false;
        for word in words {
            let m = match word {
                PlainToken::Move(m) => m,
                // A number other than the expected one is a note.
                PlainToken::Number(n) if strict && n.number != self.number => return false,
                PlainToken::Number(_) | PlainToken::Comment(_) => continue,
            };
            // Most moves are their two ends: read without the list. Where no capture is due,
            // the quiet move between them, found and played without the resolver when it is
            // legal (as the resolver's shortcut finds it); where one is, the one capture
            // between them (as the shortcut finds it, but for a quiet move written where a
            // capture may be missed, which the resolver reads). Else the resolver decides.
            let found = if m.len == 2 {
                let Some((Some(from), Some(to))) =
                    m.ends().map(|(a, b)| (names.parse(a), names.parse(b)))
                else {
                    return false;
                };
                match self.state.quiet_unless_capture(from, to) {
                    Some(Some(q)) => Some(Found::Quiet(q)),
                    Some(None) => self.resolve(scratch, &[from, to], m.dashed, Some(false)),
                    None if !self
                        .state
                        .position()
                        .may_be_missed_capture(2, written_as(m.dashed)) =>
                    {
                        match self.state.capture_between(from, to) {
                            Some(c) => Some(Found::Capture(c)),
                            None => self.resolve(scratch, &[from, to], m.dashed, Some(true)),
                        }
                    }
                    None => self.resolve(scratch, &[from, to], m.dashed, Some(true)),
                }
            } else {
                let squares = &mut scratch.squares;
                squares.clear();
                for token in m.squares() {
                    let Some(sq) = names.parse(token) else {
                        return false;
                    };
                    squares.push(sq);
                }
                let squares = std::mem::take(&mut scratch.squares);
                let found = self.resolve(scratch, &squares, m.dashed, None);
                scratch.squares = squares;
                found
            };
            // Anything but the one legal move the words name is the reference's to report.
            let Some(found) = found else {
                return false;
            };
            // Notes: a quiet move written with a capture separator, a capture written with the
            // quiet one (where the variant's is another).
            let dash_separates_captures = self.state.config().variant.capture_separator() == '-';
            let separator_note = match &found {
                Found::Quiet(_) => !m.dashed,
                Found::Capture(_) => m.dashed && !dash_separates_captures,
                Found::Listed(mv) if mv.is_capture() => m.dashed && !dash_separates_captures,
                Found::Listed(_) => !m.dashed,
            };
            if strict && separator_note {
                return false;
            }
            // The side to move has a legal move: the one found.
            if !ended {
                match self.state.outcome_knowing(true) {
                    Outcome::Ongoing => {}
                    Outcome::Win { .. } => return false,
                    // A move after a draw by rule is a note; the result check weighs the draw.
                    Outcome::Draw(rule) => {
                        ended = true;
                        self.drawn = Some(DrawnAt {
                            last: self.last,
                            rule,
                        });
                    }
                }
            }
            let side = self.state.side_to_move();
            match found {
                Found::Quiet(q) => self.state.play_quiet(&q),
                Found::Capture(c) => self.state.play_capture(&c),
                Found::Listed(mv) => self.state.play(&mv),
            }
            self.last = Some((self.number, side));
            if side != self.first_mover {
                self.number += 1;
            }
        }
        true
    }

    /// The move the resolver finds for `squares`, when it is legal (`capture_due`: whether a
    /// capture is due, when known).
    #[cold]
    #[inline(never)]
    fn resolve(
        &self,
        scratch: &mut PlainJudge,
        squares: &[Square],
        dashed: bool,
        capture_due: Option<bool>,
    ) -> Option<Found> {
        scratch
            .resolver
            .resolve_knowing(
                self.state.position(),
                squares,
                written_as(dashed),
                capture_due,
            )
            .ok()
            .map(Found::Listed)
    }
}

/// The legal move a word names, as found.
enum Found {
    Quiet(QuietMove),
    Capture(CaptureMove),
    Listed(Move),
}
