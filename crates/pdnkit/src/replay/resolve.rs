//! Which legal move a written move means: matching square lists against the legal moves of a
//! position, and classifying what does not match (a capture fault that can still be played,
//! or a move that cannot be played at all).
//!
//! Matching follows PDN 3.0 move notation: start and end must agree, and written intermediate
//! squares must appear, in order, among the landing squares of the capture. This accepts short
//! captures, PDN 3.0 minimal paths and "every landing square" paths alike.

use draughts::NotationKind;
use draughts::{Geometry, Notation, Square};
use draughts::{KingRange, Landing, PassingPromotion, Precedence, Removal};
use draughts::{MissedCapture, Move, Position, Role};

use super::code::Code;

/// What a written move (its squares, already on the board) means in a position.
#[derive(Clone, Debug)]
pub enum Resolution {
    /// Exactly one legal move (up to capture order) fits.
    Legal(Move),
    /// Several legal moves with different captured pieces fit (one path of each).
    Ambiguous(Vec<Move>),
    /// A move that breaks a capture duty but can be played: reported, then applied.
    Fault(Fault),
    /// Nothing on the board fits.
    Unplayable(Code),
}

/// A playable move that breaks a capture duty.
#[derive(Clone, Debug)]
pub struct Fault {
    /// `capture-required`, `not-maximal-capture`, `incomplete-capture` or `missed-capture`.
    pub code: Code,
    /// The move as it was played.
    pub played: Move,
}

/// Resolves written moves, reusing its move buffer from one move to the next so the replay
/// loop does not allocate per move.
#[derive(Debug, Default)]
pub struct Resolver {
    legal: Vec<Move>,
    any_legal: bool,
    /// Match the common moves against the moves between their ends alone (the fast path), not
    /// the whole legal list.
    shortcut: bool,
}

impl Resolver {
    /// A resolver that takes the fast path of common moves when `fast_paths` is set.
    pub fn new(fast_paths: bool) -> Resolver {
        Resolver {
            shortcut: fast_paths,
            ..Resolver::default()
        }
    }

    /// Whether the position of the last [`Self::resolve`] call had a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.any_legal
    }

    /// Resolves `squares` in `pos`; `dashed`: the move is written with `-` between its
    /// squares, as quiet moves are.
    pub fn resolve(&mut self, pos: &Position, squares: &[Square], dashed: bool) -> Resolution {
        self.resolve_knowing(pos, squares, dashed, None)
    }

    /// [`Self::resolve`] for a caller that knows whether a capture is due in `pos`
    /// (`capture_due`, as [`Position::has_capture`] tells), sparing the shortcut a look.
    pub fn resolve_knowing(
        &mut self,
        pos: &Position,
        squares: &[Square],
        dashed: bool,
        capture_due: Option<bool>,
    ) -> Resolution {
        if squares.len() < 2 {
            return Resolution::Unplayable(Code::IllegalMove);
        }
        if self.shortcut
            && let Some(m) = self.between_ends(pos, squares, dashed, capture_due)
        {
            self.any_legal = true;
            return Resolution::Legal(m);
        }
        pos.legal_moves_into(&mut self.legal);
        self.any_legal = !self.legal.is_empty();
        let capture_due = self.legal.first().is_some_and(Move::is_capture);
        // Where a capture may be missed, a quiet move written as one is that move: the only
        // reading that plays as written (a capture stopped early does not).
        if capture_due
            && may_be_missed_capture(pos, dashed, squares.len())
            && let Some(m) = pos.quiet_move(squares[0], squares[1])
        {
            return Resolution::Fault(Fault {
                code: Code::MissedCapture,
                played: m,
            });
        }
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        let mut same_ends = self
            .legal
            .iter()
            .filter(|m| m.from == first && m.to == last);
        match (same_ends.next(), same_ends.next()) {
            (Some(m), None) if fits(m, squares) => return Resolution::Legal(*m),
            (Some(_), _) if capture_due => {
                // The legal list keeps one path per captured set: when several captures share
                // the ends, or the written path is not the listed one, look at every path.
                let paths = pos.legal_capture_paths_all();
                let fitting = distinct_effects(paths.iter(), squares);
                match fitting.len() {
                    0 => {}
                    1 => return Resolution::Legal(fitting[0]),
                    _ => {
                        // Written squares that are the whole landing list of one route name it:
                        // `g5:e3:g1` is the full path of a two-piece capture, not a shorthand
                        // for a longer one through e3 (PDN 3.0 §4.4: full paths list every
                        // landing square).
                        let whole = distinct_effects(
                            paths.iter().filter(|m| m.landings() == &squares[1..]),
                            squares,
                        );
                        return match whole.as_slice() {
                            [m] => Resolution::Legal(*m),
                            _ => Resolution::Ambiguous(fitting),
                        };
                    }
                }
            }
            _ => {}
        }
        if capture_due && let Some(fault) = classify_capture_fault(pos, squares) {
            return Resolution::Fault(fault);
        }
        unplayable(pos, squares)
    }
}

impl Resolver {
    /// The fast path: the legal move `squares` name when the moves between their two ends
    /// alone tell it (as the whole list below would), found without building the other moves:
    /// a quiet move when no capture is due, the one legal capture between the ends that fits
    /// when one is. `None`: the whole list decides.
    fn between_ends(
        &mut self,
        pos: &Position,
        squares: &[Square],
        dashed: bool,
        capture_due: Option<bool>,
    ) -> Option<Move> {
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        if !capture_due.unwrap_or_else(|| pos.has_capture()) {
            return if squares.len() == 2 {
                pos.quiet_move(first, last)
            } else {
                None
            };
        }
        // Where a capture may be missed, a quiet move written as one is read below.
        if may_be_missed_capture(pos, dashed, squares.len()) {
            return None;
        }
        pos.legal_captures_between(first, last, &mut self.legal);
        match self.legal.as_slice() {
            [m] if fits(m, squares) => Some(*m),
            _ => None,
        }
    }

    /// Resolves a move in Russian short notation (`cd4`): a piece of the side to move on
    /// `file` (in the letters of `notation`) going to `target`. Each such piece is tried as
    /// the start of a move written `from-target` (so a capture due, a capture fault and the
    /// choice between capture routes are judged as for any written move); one legal fit is the
    /// move, several are ambiguous, none is illegal.
    pub fn resolve_file_target(
        &mut self,
        pos: &Position,
        notation: &Notation,
        file: u8,
        target: Square,
    ) -> Resolution {
        let on_file = |sq: Square| {
            matches!(
                notation.format_as(sq, NotationKind::Alphanumeric),
                draughts::SquareToken::Alg { file: f, .. } if f == file
            )
        };
        let mut fits: Vec<Move> = Vec::new();
        let mut faults: Vec<Fault> = Vec::new();
        let mut any_legal = false;
        for from in pos
            .pieces(pos.side_to_move())
            .into_iter()
            .filter(|&s| on_file(s))
        {
            match self.resolve(pos, &[from, target], false) {
                Resolution::Legal(m) => fits.push(m),
                Resolution::Ambiguous(ms) => fits.extend(ms),
                Resolution::Fault(f) => faults.push(f),
                Resolution::Unplayable(_) => {}
            }
            any_legal |= self.any_legal;
        }
        self.any_legal = any_legal || !pos.legal_moves().is_empty();
        match (fits.len(), faults.len()) {
            (1, _) => Resolution::Legal(fits[0]),
            (0, 1) => Resolution::Fault(faults.remove(0)),
            (0, _) => Resolution::Unplayable(Code::IllegalMove),
            _ => Resolution::Ambiguous(fits),
        }
    }
}

/// Whether a move written as `len` squares, `dashed` as quiet moves are, may be the quiet
/// move it names where a capture is due: the rules let a capture be missed (Malaysian), and
/// the move is the whole list's to read, not a capture's between its ends.
pub fn may_be_missed_capture(pos: &Position, dashed: bool, len: usize) -> bool {
    dashed && len == 2 && pos.rules().missed_capture == MissedCapture::Huffable
}

/// True when `m` fits the written squares: same start and end, and the written intermediate
/// squares appear in order among the landing squares before the end.
pub fn fits(m: &Move, squares: &[Square]) -> bool {
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    if m.from != first || m.to != last {
        return false;
    }
    let middle = &squares[1..squares.len() - 1];
    if middle.is_empty() {
        return true;
    }
    let landings = m.landings();
    let before_end = &landings[..landings.len().saturating_sub(1)];
    is_subsequence(middle, before_end)
}

fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut hay = hay.iter();
    needle.iter().all(|n| hay.any(|h| h == n))
}

/// The moves among `candidates` that fit, one per (from, to, captured set).
fn distinct_effects<'m>(
    candidates: impl Iterator<Item = &'m Move>,
    squares: &[Square],
) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in candidates.filter(|m| fits(m, squares)) {
        if !out.iter().any(|o| o.same_effect(m)) {
            out.push(*m);
        }
    }
    out
}

/// A capture was due and the written move is none of the allowed ones: is it a capture the
/// precedence rule forbids, a capture stopped early, or a quiet move?
fn classify_capture_fault(pos: &Position, squares: &[Square]) -> Option<Fault> {
    let sequences = pos.capture_sequences();
    let fault = |code, played| Some(Fault { code, played });
    if let Some(m) = sequences.iter().find(|m| fits(m, squares)) {
        return fault(Code::NotMaximalCapture, *m);
    }
    if let Some(f) = cut_short(pos, &sequences, squares) {
        return Some(f);
    }
    if squares.len() == 2
        && let Some(m) = pos
            .quiet_moves()
            .into_iter()
            .find(|m| m.from == squares[0] && m.to == squares[1])
    {
        let code = match pos.rules().missed_capture {
            MissedCapture::Illegal => Code::CaptureRequired,
            _ => Code::MissedCapture,
        };
        return fault(code, m);
    }
    None
}

/// A capture that follows some capture sequence for its first pieces and ends where the written
/// move ends: on the landing square the sequence uses (the capture stopped early), or, for a
/// flying king, on another free square behind the last piece taken. From such a square the
/// king may be unable to go on: the route is complete but takes fewer pieces than the rules
/// require (`not-maximal-capture`, where they rank captures); where it could go on, or where
/// the rules leave the choice of capture free and only forbid stopping, the capture stopped
/// early (`incomplete-capture`).
fn cut_short(pos: &Position, sequences: &[Move], squares: &[Square]) -> Option<Fault> {
    let last = squares[squares.len() - 1];
    let middle = &squares[1..squares.len() - 1];
    let ranked = !matches!(
        pos.rules().precedence,
        Precedence::Free | Precedence::KingFirst
    );
    let mut stopped: Option<Move> = None;
    for seq in sequences.iter().filter(|m| m.from == squares[0]) {
        let (taken, landings) = (seq.captures(), seq.landings());
        for k in 1..taken.len() {
            if !is_subsequence(middle, &landings[..k - 1]) {
                continue;
            }
            let prefix = pos.capture_prefix(seq, k);
            if landings[k - 1] == last {
                stopped.get_or_insert(prefix);
                continue;
            }
            let from_sq = if k == 1 { seq.from } else { landings[k - 2] };
            if !flies_behind(pos, seq, k, from_sq, last) {
                continue;
            }
            let mut steps: Vec<(Square, Square)> = taken[..k]
                .iter()
                .copied()
                .zip(landings[..k].iter().copied())
                .collect();
            steps[k - 1].1 = last;
            let route = Move::capture(seq.from, &steps, prefix.promotes);
            let goes_on = sequences.iter().any(|s| {
                s.from == seq.from
                    && s.captures().len() > k
                    && s.captures()[..k] == taken[..k]
                    && s.landings()[k - 1] == last
            });
            if ranked && !goes_on {
                return Some(Fault {
                    code: Code::NotMaximalCapture,
                    played: route,
                });
            }
            stopped.get_or_insert(route);
        }
    }
    stopped.map(|played| Fault {
        code: Code::IncompleteCapture,
        played,
    })
}

/// True when the piece making `seq`, a flying king by then (a king from the start, or a man
/// crowned on the way where crowned men go on as kings), may land on `stop` after its `k`th
/// capture: `stop` lies beyond the `k`th piece taken on the line from `start` through it, with
/// only free squares between. The capturing piece's own square is free; pieces taken before
/// are free where captured pieces leave at once, and block otherwise.
fn flies_behind(pos: &Position, seq: &Move, k: usize, start: Square, stop: Square) -> bool {
    let rules = pos.rules();
    if rules.king_range != KingRange::Flying || rules.king_landing != Landing::AnyBehind {
        return false;
    }
    let (taken, landings) = (seq.captures(), seq.landings());
    let g: Geometry = pos.geometry();
    let crowned_on_the_way = rules.passing_promotion == PassingPromotion::ContinuesAsKing && {
        let promo_rank = match pos.side_to_move() {
            draughts::Colour::White => g.height() as i32 - 1,
            draughts::Colour::Black => 0,
        };
        landings[..k - 1].iter().any(|&l| g.rank(l) == promo_rank)
    };
    let is_king = pos.piece_at(seq.from).is_some_and(|p| p.role == Role::King);
    if !is_king && !crowned_on_the_way {
        return false;
    }
    let gone = |sq: Square| {
        sq == seq.from || (rules.removal == Removal::Immediate && taken[..k - 1].contains(&sq))
    };
    let victim = taken[k - 1];
    let ((x0, y0), (xv, yv), (xs, ys)) = (g.coords(start), g.coords(victim), g.coords(stop));
    let (dx, dy) = (xv - x0, yv - y0);
    let unit = gcd(dx.abs(), dy.abs()).max(1);
    let (ux, uy) = (dx / unit, dy / unit);
    let (mut x, mut y) = (xv + ux, yv + uy);
    let on_board =
        |x: i32, y: i32| (0..g.width() as i32).contains(&x) && (0..g.height() as i32).contains(&y);
    while on_board(x, y) {
        if let Some(sq) = g.square_at(x, y) {
            if !gone(sq) && pos.piece_at(sq).is_some() {
                return false;
            }
            if (x, y) == (xs, ys) {
                return true;
            }
        }
        x += ux;
        y += uy;
    }
    false
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Why nothing fits: no piece on the start square, a piece of the other side, or no such
/// move for this piece.
fn unplayable(pos: &Position, squares: &[Square]) -> Resolution {
    Resolution::Unplayable(match pos.piece_at(squares[0]) {
        None => Code::NoPiece,
        Some(p) if p.colour != pos.side_to_move() => Code::WrongSide,
        Some(_) => Code::IllegalMove,
    })
}
