//! The candidates for a move that cannot be played, one kind of slip at a time. Edits of the
//! written move are found from the other side: each legal move is compared with what was
//! written (the same squares but one character, two characters swapped, start and end swapped,
//! the same start and end by another route), so only legal moves are ever tried.

use draughts::{Geometry, Move, NotationKind, Position, Square, SquareToken};
use pdn::{RawGame, parse_game};

use super::Slip;
use super::line::{FaultLine, Op};
use crate::export::minimal_legal;

/// A changed window and how to show it.
pub struct Candidate {
    /// The change, in window indices.
    pub op: Op,
    /// What to write instead of the written move (moves separated by spaces).
    pub shown: String,
    pub slip: Slip,
}

/// A written move's squares and separators.
struct Written {
    tokens: Vec<SquareToken>,
    /// The separator before each square but the first (`-`, `x`, `:`).
    separators: Vec<String>,
}

impl Written {
    fn is_capture(&self) -> bool {
        self.separators.iter().any(|s| s != "-")
    }

    /// The squares, where every token names one.
    fn squares(&self, line: &FaultLine) -> Option<Vec<Square>> {
        self.tokens
            .iter()
            .map(|t| line.config().notation.parse(*t))
            .collect()
    }
}

/// The moves of `text` (PDN move text) read as the reader reads them.
fn read_moves(text: &str) -> Vec<Written> {
    let raw = RawGame::from_text(format!("{text} *"));
    let Ok(game) = parse_game(&raw) else {
        return Vec::new();
    };
    game.mainline_moves()
        .map(|m| {
            let (separators, tokens) = m
                .steps()
                .map(|(sep, sq)| (sep.map(|s| s.as_str().to_string()), sq))
                .unzip::<_, _, Vec<_>, Vec<_>>();
            Written {
                tokens,
                separators: separators.into_iter().flatten().collect(),
            }
        })
        .collect()
}

/// The candidates for the move at `fault` (an index in the line's window).
pub fn of_window(line: &FaultLine, fault: usize) -> Vec<Candidate> {
    let window = &line.moves()[line.window()..];
    // The position before the fault: the window's first ply played when it comes before.
    let mut before = *line.window_start();
    if fault > 0 {
        let Some(prev) = read_moves(&window[..fault].join(" ")).into_iter().next() else {
            return Vec::new();
        };
        let Some(squares) = prev.squares(line) else {
            return Vec::new();
        };
        let Some(m) = before.legal_moves().into_iter().find(|m| m.fits(&squares)) else {
            return Vec::new();
        };
        before.play(&m);
    }
    let Some(written) = read_moves(&window[fault]).into_iter().next() else {
        return Vec::new();
    };
    let legal = before.legal_moves();
    let mut out = Vec::new();
    edits(line, &before, &legal, &written, fault, &mut out);
    due_captures(line, &before, &legal, fault, &mut out);
    plies(line, &before, &legal, &written, fault, window, &mut out);
    if line.whole_line() {
        whole_line(line, &mut out);
    }
    out
}

/// Legal moves that differ from the written one by an edit of its squares.
fn edits(
    line: &FaultLine,
    before: &Position,
    legal: &[Move],
    written: &Written,
    fault: usize,
    out: &mut Vec<Candidate>,
) {
    let config = line.config();
    let kind = match written.tokens.first() {
        Some(SquareToken::Num(_)) => NotationKind::Numeric,
        _ => NotationKind::Alphanumeric,
    };
    let name = |sq: Square| config.notation.format_as(sq, kind).to_string();
    let text: Vec<String> = written.tokens.iter().map(|t| t.to_string()).collect();
    let short = written
        .tokens
        .iter()
        .any(|t| matches!(t, SquareToken::File(_)));
    let (wf, wt) = (&text[0], &text[text.len() - 1]);
    for m in legal {
        let (lf, lt) = (name(m.from), name(m.to));
        let slip = if short {
            (lt == *wt).then_some(Slip::Nearest)
        } else if lf == *wf && lt == *wt {
            Some(Slip::Route)
        } else if lf == *wt && lt == *wf {
            Some(Slip::FromToSwapped)
        } else if lf == *wf {
            one_edit(&lt, wt).or(Some(Slip::Nearest))
        } else if lt == *wt {
            one_edit(&lf, wf).or(Some(Slip::Nearest))
        } else {
            None
        };
        let Some(slip) = slip else {
            continue;
        };
        // A route is only a slip when the written move was not this one's route already.
        if slip == Slip::Route && written.is_capture() == m.is_capture() && text.len() == 2 {
            continue;
        }
        let shown = minimal_legal(config, before, m);
        out.push(Candidate {
            op: Op::Replace {
                at: fault,
                text: shown.clone(),
            },
            shown,
            slip,
        });
    }
}

/// Where a capture was due, every legal capture that no edit of the written move gave: the
/// writer may have put down another move (even one that cannot be played) for the capture
/// the rules required.
fn due_captures(
    line: &FaultLine,
    before: &Position,
    legal: &[Move],
    fault: usize,
    out: &mut Vec<Candidate>,
) {
    if legal.is_empty() || !legal.iter().all(Move::is_capture) {
        return;
    }
    for m in legal {
        let shown = minimal_legal(line.config(), before, m);
        if out.iter().any(|c| c.shown == shown) {
            continue;
        }
        out.push(Candidate {
            op: Op::Replace {
                at: fault,
                text: shown.clone(),
            },
            shown,
            slip: Slip::CaptureDue,
        });
    }
}

/// The slip that turns `a` into `b` by one edit: two adjacent characters swapped, or one
/// character changed, added or dropped.
fn one_edit(a: &str, b: &str) -> Option<Slip> {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len() == b.len() {
        let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        return match diff[..] {
            [_] => Some(Slip::Digit),
            [i, j] if j == i + 1 && a[i] == b[j] && a[j] == b[i] => Some(Slip::DigitsSwapped),
            _ => None,
        };
    }
    let (long, short) = if a.len() > b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    if long.len() != short.len() + 1 {
        return None;
    }
    (0..long.len())
        .any(|skip| {
            long.iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, c)| c)
                .eq(short.iter())
        })
        .then_some(Slip::Digit)
}

/// Ply-level slips: a ply missing before the move, the move doubled, two plies swapped.
fn plies(
    line: &FaultLine,
    before: &Position,
    legal: &[Move],
    written: &Written,
    fault: usize,
    window: &[String],
    out: &mut Vec<Candidate>,
) {
    let config = line.config();
    if let Some(squares) = written.squares(line) {
        for m in legal {
            let after = before.played(m);
            if after.legal_moves().iter().any(|n| n.fits(&squares)) {
                let inserted = minimal_legal(config, before, m);
                out.push(Candidate {
                    shown: format!("{inserted} {}", window[fault]),
                    op: Op::InsertBefore {
                        at: fault,
                        text: inserted,
                    },
                    slip: Slip::MissingPly,
                });
            }
        }
    }
    // Leaving out the last move of a line says nothing: nothing follows to confirm it.
    if fault + 1 < window.len() {
        out.push(Candidate {
            op: Op::Delete { at: fault },
            shown: String::new(),
            slip: Slip::DoubledPly,
        });
    }
    if fault + 1 < window.len() {
        out.push(Candidate {
            op: Op::SwapWithNext { at: fault },
            shown: format!("{} {}", window[fault + 1], window[fault]),
            slip: Slip::PliesSwapped,
        });
    }
    if fault > 0 {
        out.push(Candidate {
            op: Op::SwapWithNext { at: fault - 1 },
            shown: format!("{} {}", window[fault], window[fault - 1]),
            slip: Slip::PliesSwapped,
        });
    }
}

/// Where a square goes when the board is turned half a turn, or when each row is numbered
/// from its other end (the writer counting from the other corner of the same side).
type Turn = fn(Geometry, Square) -> Option<Square>;

/// The square half a turn away.
pub fn turned(g: Geometry, sq: Square) -> Option<Square> {
    let (x, y) = g.coords(sq);
    g.square_at(g.width() as i32 - 1 - x, g.height() as i32 - 1 - y)
}

/// The square numbered from the other end of its row.
pub fn mirrored_in_row(g: Geometry, sq: Square) -> Option<Square> {
    let (_, y) = g.coords(sq);
    let row: Vec<Square> = (0..g.width() as i32)
        .filter_map(|x| g.square_at(x, y))
        .collect();
    let i = row.iter().position(|&s| s == sq)?;
    row.get(row.len() - 1 - i).copied()
}

/// The whole line renumbered: from the other side of the board, or each row from its other
/// end.
fn whole_line(line: &FaultLine, out: &mut Vec<Candidate>) {
    let notation = &line.config().notation;
    let g = notation.geometry();
    let moves = read_moves(&line.moves().join(" "));
    if moves.len() != line.moves().len() {
        return;
    }
    let turns: [(Slip, Turn); 2] = [
        (Slip::NumberingReversed, turned),
        (Slip::BoardMirrored, mirrored_in_row),
    ];
    'turns: for (slip, turn) in turns {
        let mut texts = Vec::with_capacity(moves.len());
        for w in &moves {
            let Some(squares) = w.squares(line) else {
                continue 'turns;
            };
            let kind = match w.tokens.first() {
                Some(SquareToken::Num(_)) => NotationKind::Numeric,
                _ => NotationKind::Alphanumeric,
            };
            let mut text = String::new();
            for (i, sq) in squares.iter().enumerate() {
                let Some(to) = turn(g, *sq) else {
                    continue 'turns;
                };
                if i > 0 {
                    text.push_str(&w.separators[i - 1]);
                }
                text.push_str(&notation.format_as(to, kind).to_string());
            }
            texts.push(text);
        }
        let shown = texts[line.fault()].clone();
        out.push(Candidate {
            op: Op::Rewrite { texts },
            shown,
            slip,
        });
    }
}

/// Legal moves in place of the move written at `at` (a line index, played from `before`) that
/// differ from it by an edit of its squares: a slip that left a legal move.
pub fn earlier(line: &FaultLine, at: usize, before: &Position) -> Vec<Candidate> {
    let Some(written) = read_moves(&line.moves()[at]).into_iter().next() else {
        return Vec::new();
    };
    let legal = before.legal_moves();
    let mut out = Vec::new();
    edits(line, before, &legal, &written, 0, &mut out);
    out.retain(|c| {
        matches!(
            c.slip,
            Slip::Digit | Slip::DigitsSwapped | Slip::FromToSwapped
        )
    });
    // The move as written is legal here: it is one of the edits' sources, not a candidate.
    out.retain(|c| c.shown != line.moves()[at]);
    out
}
