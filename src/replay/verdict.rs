//! The verdict on a game in the plain shape found without its syntax tree: the words of its
//! movetext played straight through the rules, with nothing recorded, for a report that says
//! nothing of clean games (`validate`'s text and CSV without notes).
//!
//! A shortcut, never a second opinion: it answers only "clean", where [`replay`](super::replay)
//! finds nothing worse than a note, and gives up at the first thing the reference replay would
//! report more severely or decide in a way this does not follow (a variant guessed, a square
//! off the board, a move that is not exactly one legal move, a move after a win, a result that
//! disagrees), leaving the game to it. `tests/replay_fast_paths.rs` holds it to the reference.

use draughts::{Colour, Config, GameState, MissedCapture, Outcome, Square};
use pdn::{RawGame, Word};

use super::choose::{self, Choice};
use super::resolve::{Resolution, Resolver};
use super::result::{self, DrawnAt};
use super::{ReplayOptions, Severity, StartSpec};

/// Judges games in the plain shape without their tree, reusing its buffers from one game to
/// the next (one per worker).
#[derive(Debug)]
pub struct PlainJudge {
    resolver: Resolver,
    squares: Vec<Square>,
}

impl Default for PlainJudge {
    fn default() -> Self {
        PlainJudge {
            resolver: Resolver::new(true),
            squares: Vec::new(),
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
    let Some(plain) = pdn::read_plain(raw) else {
        return false;
    };
    let game = &plain.head;
    // The rules the reference keeps when the game replays cleanly under them: those its tags
    // name (on their one board), else the variant decided for its archive, else the first the
    // squares suggest.
    let config = match choose::choose(game, options.variant) {
        Choice::Known(config, _) if !choose::board_is_open(game, &config) => config,
        Choice::Guess(_) => {
            let v = match options.archive.as_ref().and_then(|a| a.untagged.as_ref()) {
                Some((v, _)) => *v,
                None => {
                    let squares = plain.words().flat_map(|w| match w {
                        Word::Move(m) => Some(m.squares()),
                        _ => None,
                    });
                    choose::candidates_of(squares.flatten(), game)[0]
                }
            };
            Config::standard(v)
        }
        _ => return false,
    };
    let mut start = StartSpec::of(game);
    start.first_number = plain.words().find_map(|w| match w {
        Word::Number(n) => Some(n.number),
        Word::Move(_) => Some(1),
        Word::Comment(_) => None,
    });
    let Ok((state, number)) = start.state(config) else {
        return false;
    };
    let mut line = Line {
        state,
        number,
        first_mover: config.first_mover,
        last: None,
        drawn: None,
    };
    if !line.play(plain.words(), options.strict, scratch) {
        return false;
    }
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
}

/// The main line being played.
struct Line {
    state: GameState,
    /// Number of the next move.
    number: u32,
    first_mover: Colour,
    /// The number and side of the last move played.
    last: Option<(u32, Colour)>,
    /// Where a draw rule ended the line, when moves follow it.
    drawn: Option<DrawnAt>,
}

impl Line {
    /// Plays `words`; false at the first that the reference reports as a warning or an error
    /// (`strict`: its notes are errors), or decides otherwise than by playing the one move it
    /// names.
    fn play<'a>(
        &mut self,
        words: impl Iterator<Item = Word<'a>>,
        strict: bool,
        scratch: &mut PlainJudge,
    ) -> bool {
        let names = self.state.config().notation.names();
        let huffable = self.state.position().rules().missed_capture == MissedCapture::Huffable;
        let mut ended = false;
        for word in words {
            let m = match word {
                Word::Move(m) => m,
                // A number other than the expected one is a note.
                Word::Number(n) if strict && n.number != self.number => return false,
                Word::Number(_) | Word::Comment(_) => continue,
            };
            // Most moves are their two ends: read without the list.
            let two;
            let squares: &[Square] = if m.len == 2 {
                let Some((Some(from), Some(to))) =
                    m.ends().map(|(a, b)| (names.parse(a), names.parse(b)))
                else {
                    return false;
                };
                two = [from, to];
                &two
            } else {
                let squares = &mut scratch.squares;
                squares.clear();
                for token in m.squares() {
                    let Some(sq) = names.parse(token) else {
                        return false;
                    };
                    squares.push(sq);
                }
                squares
            };
            // A move of two squares: where no capture is due, the quiet move between them,
            // found and played without the resolver when it is legal (as the resolver's
            // shortcut finds it); where one is, the one capture between them (as the shortcut
            // finds it, but for a quiet move written where a capture may be missed, which the
            // resolver reads). Else the resolver decides.
            let lane = match squares {
                [from, to] => Some(self.state.quiet_unless_capture(*from, *to)),
                _ => None,
            };
            let quiet = lane.flatten().flatten();
            let capture = match (lane, squares) {
                (Some(None), [from, to]) if !(m.dashed && huffable) => {
                    self.state.capture_between(*from, *to)
                }
                _ => None,
            };
            let resolution = match (quiet, capture) {
                (None, None) => Some(scratch.resolver.resolve_knowing(
                    self.state.position(),
                    squares,
                    m.dashed,
                    lane.map(|l| l.is_none()),
                )),
                _ => None,
            };
            if !ended {
                let has_legal_move =
                    quiet.is_some() || capture.is_some() || scratch.resolver.has_legal_move();
                match self.state.outcome_knowing(has_legal_move) {
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
            match (quiet, capture, resolution) {
                (Some(q), _, _) => {
                    // A quiet move written with a capture separator is a note.
                    if strict && !m.dashed {
                        return false;
                    }
                    self.state.play_quiet(&q);
                }
                (None, Some(c), _) => self.state.play_capture(&c),
                (None, None, Some(Resolution::Legal(mv))) => {
                    if strict && !mv.is_capture() && !m.dashed {
                        return false;
                    }
                    self.state.play(&mv);
                }
                _ => return false,
            }
            self.last = Some((self.number, side));
            if side != self.first_mover {
                self.number += 1;
            }
        }
        true
    }
}
