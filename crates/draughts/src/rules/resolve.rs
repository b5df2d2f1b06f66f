//! Reading a written move: the legal move a list of squares names in a position, or why none
//! does (no piece there, no such move, several captures, a move that breaks the capture duty).
//!
//! Matching follows PDN 3.0 move notation: start and end must agree, and written intermediate
//! squares must appear, in order, among the landing squares of the capture. Short captures,
//! PDN 3.0 minimal paths and "every landing square" paths are all read.

use std::fmt;

use super::mv::Move;
use super::position::{Position, Role};
use super::spec::{KingRange, Landing, MissedCapture, PassingPromotion, Precedence, Removal};
use crate::{Colour, Notation, NotationKind, Square, SquareToken};

/// How a written move separates its squares, as far as reading it depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WrittenAs {
    /// `-` between every two squares (`32-28`), as quiet moves are written.
    Quiet,
    /// A capture mark (`x`, `:`) between some squares (`28x19`), or no separator at all.
    Capture,
}

/// Why no legal move is the one written ([`Position::resolve`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// Fewer than two squares: a move names at least where it starts and where it ends.
    TooFewSquares,
    /// No piece stands on the start square.
    NoPiece(Square),
    /// The piece on the start square belongs to the side not to move.
    WrongSide(Square),
    /// No legal move fits, and none breaking the capture duty either.
    NoSuchMove,
    /// Several legal captures that take different pieces fit: one route of each, in the
    /// order of [`Position::legal_moves`].
    Ambiguous(Vec<Move>),
    /// A move that breaks the capture duty but can be played; `played` is that move as the
    /// writer played it (the quiet move, or the capture as far as it went).
    BreaksCaptureDuty {
        /// Which duty it breaks.
        breach: DutyBreach,
        /// The move as played.
        played: Move,
    },
}

/// The capture duty a playable written move breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DutyBreach {
    /// A quiet move while a capture was due.
    CaptureRequired,
    /// A quiet move while a capture was due, under rules that let a capture be missed (the
    /// piece may be huffed, as in Malaysian draughts).
    MissedCapture,
    /// A capture of fewer (or lower-ranked) pieces than the precedence rule requires.
    NotMaximalCapture,
    /// A capture that stopped although it could and had to go on.
    IncompleteCapture,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::TooFewSquares => f.write_str("a move names at least two squares"),
            ResolveError::NoPiece(_) => f.write_str("there is no piece on the start square"),
            ResolveError::WrongSide(_) => {
                f.write_str("the piece on the start square is not the side to move's")
            }
            ResolveError::NoSuchMove => f.write_str("no legal move fits"),
            ResolveError::Ambiguous(moves) => {
                write!(
                    f,
                    "{} legal captures taking different pieces fit",
                    moves.len()
                )
            }
            ResolveError::BreaksCaptureDuty { breach, .. } => f.write_str(match breach {
                DutyBreach::CaptureRequired => "a quiet move while a capture is compulsory",
                DutyBreach::MissedCapture => "a quiet move that leaves a capture unplayed",
                DutyBreach::NotMaximalCapture => "a capture the precedence rule does not allow",
                DutyBreach::IncompleteCapture => "a capture that stops where it must go on",
            }),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Reads written moves, reusing its move buffer from one move to the next (a replay loop
/// keeps one and does not allocate per move). [`Position::resolve`] is the one-off form.
///
/// With the position's fast paths on ([`Position::with_fast_paths`]), a move is first matched
/// against the moves between its two ends alone; the answer is the one the whole legal list
/// gives.
#[derive(Clone, Debug, Default)]
pub struct Resolver {
    legal: Vec<Move>,
    had_legal_move: bool,
}

impl Resolver {
    /// A resolver with empty buffers.
    pub fn new() -> Resolver {
        Resolver::default()
    }

    /// Whether the position of the last call had a legal move (the moves were looked at to
    /// read the written one: a replay asks this to know whether the game was over).
    pub fn had_legal_move(&self) -> bool {
        self.had_legal_move
    }

    /// The legal move `squares` (in order, as written) name in `pos`; see
    /// [`Position::resolve`].
    ///
    /// # Errors
    /// Why no legal move fits: see [`ResolveError`].
    #[inline]
    pub fn resolve(
        &mut self,
        pos: &Position,
        squares: &[Square],
        written: WrittenAs,
    ) -> Result<Move, ResolveError> {
        self.resolve_knowing(pos, squares, written, None)
    }

    /// [`Self::resolve`] for a caller that already knows whether a capture is due in `pos`
    /// (`capture_due`, as [`Position::has_capture`] tells), sparing the shortcut a look.
    ///
    /// # Errors
    /// As [`Self::resolve`].
    pub fn resolve_knowing(
        &mut self,
        pos: &Position,
        squares: &[Square],
        written: WrittenAs,
        capture_due: Option<bool>,
    ) -> Result<Move, ResolveError> {
        if squares.len() < 2 {
            pos.legal_moves_into(&mut self.legal);
            self.had_legal_move = !self.legal.is_empty();
            return Err(ResolveError::TooFewSquares);
        }
        if pos.fast_paths()
            && let Some(m) = self.between_ends(pos, squares, written, capture_due)
        {
            self.had_legal_move = true;
            return Ok(m);
        }
        pos.legal_moves_into(&mut self.legal);
        self.had_legal_move = !self.legal.is_empty();
        let capture_due = self.legal.first().is_some_and(Move::is_capture);
        // Where a capture may be missed, a quiet move written as one is that move: the only
        // reading that plays as written (a capture stopped early does not).
        if capture_due
            && pos.may_be_missed_capture(squares.len(), written)
            && let Some(m) = pos.quiet_move(squares[0], squares[1])
        {
            return Err(breach(DutyBreach::MissedCapture, m));
        }
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        let mut same_ends = self
            .legal
            .iter()
            .filter(|m| m.from == first && m.to == last);
        match (same_ends.next(), same_ends.next()) {
            (Some(m), None) if m.fits(squares) => return Ok(*m),
            (Some(_), _) if capture_due => {
                // The legal list keeps one path per captured set: when several captures share
                // the ends, or the written path is not the listed one, look at every path.
                let paths = pos.legal_capture_paths_all();
                let fitting = distinct_effects(paths.iter(), squares);
                match fitting.len() {
                    0 => {}
                    1 => return Ok(fitting[0]),
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
                            [m] => Ok(*m),
                            _ => Err(ResolveError::Ambiguous(fitting)),
                        };
                    }
                }
            }
            _ => {}
        }
        if capture_due && let Some(fault) = classify_capture_fault(pos, squares) {
            return Err(fault);
        }
        Err(unplayable(pos, squares))
    }

    /// The move written in Russian short notation (`cd4`): a piece of the side to move on
    /// `file` (as [`SquareToken::File`] counts files in `notation`: `a` is 0) going to `target`. Each such piece is
    /// tried as the start of a move written `from-target` (so a capture due, a breach of the
    /// capture duty and the choice between capture routes are judged as for any written
    /// move): one legal fit is the move, several are ambiguous, one breach and no fit is that
    /// breach.
    ///
    /// # Errors
    /// [`ResolveError::Ambiguous`], [`ResolveError::BreaksCaptureDuty`], else
    /// [`ResolveError::NoSuchMove`].
    pub fn resolve_file_target(
        &mut self,
        pos: &Position,
        notation: &Notation,
        file: u8,
        target: Square,
    ) -> Result<Move, ResolveError> {
        let on_file = |sq: Square| {
            matches!(
                notation.format_as(sq, NotationKind::Alphanumeric),
                SquareToken::Alg { file: f, .. } if f == file
            )
        };
        let mut fits: Vec<Move> = Vec::new();
        let mut breaches: Vec<ResolveError> = Vec::new();
        let mut had_legal_move = false;
        for from in pos
            .pieces(pos.side_to_move())
            .into_iter()
            .filter(|&s| on_file(s))
        {
            match self.resolve(pos, &[from, target], WrittenAs::Capture) {
                Ok(m) => fits.push(m),
                Err(ResolveError::Ambiguous(ms)) => fits.extend(ms),
                Err(e @ ResolveError::BreaksCaptureDuty { .. }) => breaches.push(e),
                Err(_) => {}
            }
            had_legal_move |= self.had_legal_move;
        }
        self.had_legal_move = had_legal_move || !pos.legal_moves().is_empty();
        match (fits.len(), breaches.len()) {
            (1, _) => Ok(fits[0]),
            (0, 1) => Err(breaches.remove(0)),
            (0, _) => Err(ResolveError::NoSuchMove),
            _ => Err(ResolveError::Ambiguous(fits)),
        }
    }

    /// The fast path: the legal move `squares` name when the moves between their two ends
    /// alone tell it (as the whole list would), found without building the other moves: a
    /// quiet move when no capture is due, the one legal capture between the ends that fits
    /// when one is. `None`: the whole list decides.
    fn between_ends(
        &mut self,
        pos: &Position,
        squares: &[Square],
        written: WrittenAs,
        capture_due: Option<bool>,
    ) -> Option<Move> {
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        let capture_due = match capture_due {
            Some(due) => due,
            // One look at the board for whether a capture is due and the quiet move.
            None if squares.len() == 2 => match pos.quiet_unless_capture(first, last) {
                Some(quiet) => return quiet.map(|q| q.to_move()),
                None => true,
            },
            None => pos.has_capture(),
        };
        if !capture_due {
            return if squares.len() == 2 {
                pos.quiet_move(first, last)
            } else {
                None
            };
        }
        // Where a capture may be missed, a quiet move written as one is read by the whole list.
        if pos.may_be_missed_capture(squares.len(), written) {
            return None;
        }
        pos.legal_captures_between(first, last, &mut self.legal);
        match self.legal.as_slice() {
            [m] if m.fits(squares) => Some(*m),
            _ => None,
        }
    }
}

impl Position {
    /// The legal move that `squares` (a written move's squares, in order) name here, or why
    /// none does. Start and end must be the move's; written squares between them must be
    /// landing squares of the capture, in order (short, minimal and full paths are all read).
    /// `written` says how the squares were separated: under rules that let a capture be
    /// missed, a quiet move written with `-` while a capture is due is that quiet move.
    ///
    /// ```
    /// use draughts::{DutyBreach, GameState, ResolveError, Square, Variant, WrittenAs};
    ///
    /// let mut game = GameState::initial(Variant::International);
    /// let notation = game.config().notation;
    /// let sq = |n: u16| notation.parse(draughts::SquareToken::Num(n)).unwrap();
    /// let squares = |ns: &[u16]| ns.iter().map(|&n| sq(n)).collect::<Vec<Square>>();
    ///
    /// for written in [[32, 28], [19, 23]] {
    ///     let m = game.position().resolve(&squares(&written), WrittenAs::Quiet).unwrap();
    ///     game.play(&m);
    /// }
    /// // White must take on 23: a quiet move is refused, and says which move it would be.
    /// let pos = *game.position();
    /// match pos.resolve(&squares(&[31, 27]), WrittenAs::Quiet) {
    ///     Err(ResolveError::BreaksCaptureDuty { breach, played }) => {
    ///         assert_eq!(breach, DutyBreach::CaptureRequired);
    ///         assert_eq!((played.from, played.to), (sq(31), sq(27)));
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(
    ///     pos.resolve(&squares(&[33, 29]), WrittenAs::Quiet).unwrap_err().to_string(),
    ///     "a quiet move while a capture is compulsory"
    /// );
    /// assert_eq!(
    ///     pos.resolve(&squares(&[23, 18]), WrittenAs::Quiet),
    ///     Err(ResolveError::WrongSide(sq(23)))
    /// );
    /// let capture = pos.resolve(&squares(&[28, 19]), WrittenAs::Capture).unwrap();
    /// assert_eq!(capture.captures(), [sq(23)]);
    /// ```
    ///
    /// # Errors
    /// Why no legal move fits: see [`ResolveError`]. A move that breaks the capture duty but
    /// can be played is an error that carries the move
    /// ([`ResolveError::BreaksCaptureDuty`]), for a caller that plays on.
    pub fn resolve(&self, squares: &[Square], written: WrittenAs) -> Result<Move, ResolveError> {
        Resolver::new().resolve(self, squares, written)
    }

    /// Whether a move written as `len` squares, `written` so, may be the quiet move it names
    /// where a capture is due: the rules let a capture be missed (Malaysian), and the move is
    /// written as a quiet move from one square to another.
    pub fn may_be_missed_capture(&self, len: usize, written: WrittenAs) -> bool {
        written == WrittenAs::Quiet
            && len == 2
            && self.rules().missed_capture == MissedCapture::Huffable
    }
}

impl Move {
    /// True when the written `squares` name this move: the same start and end, and the
    /// written squares between them among its landing squares before the end, in order.
    pub fn fits(&self, squares: &[Square]) -> bool {
        let [first, middle @ .., last] = squares else {
            return false;
        };
        if self.from != *first || self.to != *last {
            return false;
        }
        if middle.is_empty() {
            return true;
        }
        let landings = self.landings();
        let before_end = &landings[..landings.len().saturating_sub(1)];
        is_subsequence(middle, before_end)
    }
}

fn breach(breach: DutyBreach, played: Move) -> ResolveError {
    ResolveError::BreaksCaptureDuty { breach, played }
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
    for m in candidates.filter(|m| m.fits(squares)) {
        if !out.iter().any(|o| o.same_effect(m)) {
            out.push(*m);
        }
    }
    out
}

/// A capture was due and the written move is none of the allowed ones: is it a capture the
/// precedence rule forbids, a capture stopped early, or a quiet move?
fn classify_capture_fault(pos: &Position, squares: &[Square]) -> Option<ResolveError> {
    let sequences = pos.capture_sequences();
    if let Some(m) = sequences.iter().find(|m| m.fits(squares)) {
        return Some(breach(DutyBreach::NotMaximalCapture, *m));
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
        let kind = match pos.rules().missed_capture {
            MissedCapture::Illegal => DutyBreach::CaptureRequired,
            _ => DutyBreach::MissedCapture,
        };
        return Some(breach(kind, m));
    }
    None
}

/// A capture that follows some capture sequence for its first pieces and ends where the written
/// move ends: on the landing square the sequence uses (the capture stopped early), or, for a
/// flying king, on another free square behind the last piece taken. From such a square the
/// king may be unable to go on: the route is complete but takes fewer pieces than the rules
/// require (`NotMaximalCapture`, where they rank captures); where it could go on, or where the
/// rules leave the choice of capture free and only forbid stopping, the capture stopped early
/// (`IncompleteCapture`).
fn cut_short(pos: &Position, sequences: &[Move], squares: &[Square]) -> Option<ResolveError> {
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
                return Some(breach(DutyBreach::NotMaximalCapture, route));
            }
            stopped.get_or_insert(route);
        }
    }
    stopped.map(|played| breach(DutyBreach::IncompleteCapture, played))
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
    let g = pos.geometry();
    let crowned_on_the_way = rules.passing_promotion == PassingPromotion::ContinuesAsKing && {
        let promo_rank = match pos.side_to_move() {
            Colour::White => g.height() as i32 - 1,
            Colour::Black => 0,
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
fn unplayable(pos: &Position, squares: &[Square]) -> ResolveError {
    match pos.piece_at(squares[0]) {
        None => ResolveError::NoPiece(squares[0]),
        Some(p) if p.colour != pos.side_to_move() => ResolveError::WrongSide(squares[0]),
        Some(_) => ResolveError::NoSuchMove,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::TestRng;
    use crate::{Fen, GameState, Variant, parse_square_token};

    fn game(v: Variant, fen: &str) -> GameState {
        GameState::from_fen(&Fen::parse(fen).unwrap(), crate::Config::standard(v)).unwrap()
    }

    /// The squares of a move written in `v`'s notation (`32x23x12`, `g5:e3`).
    fn squares(v: Variant, written: &str) -> Vec<Square> {
        written
            .split(['-', 'x', ':'])
            .map(|t| {
                let (token, _) = parse_square_token(t).unwrap();
                v.notation().parse(token).unwrap()
            })
            .collect()
    }

    fn read(g: &GameState, written: &str) -> Result<Move, ResolveError> {
        let how = if written.contains('-') {
            WrittenAs::Quiet
        } else {
            WrittenAs::Capture
        };
        let squares = squares(g.config().variant, written);
        let fast = g.position().resolve(&squares, how);
        let slow = g.position().with_fast_paths(false).resolve(&squares, how);
        assert_eq!(
            fast, slow,
            "{written}: the shortcut and the whole list disagree"
        );
        fast
    }

    /// The move's squares in `v`'s notation, every landing square written.
    fn text(v: Variant, m: &Move) -> String {
        m.text(&v.notation(), 'x', true)
    }

    #[test]
    fn a_move_is_read_or_refused_with_the_reason() {
        use Variant::International as I;
        let start = GameState::initial(I);
        let m = read(&start, "32-28").unwrap();
        assert_eq!(text(I, &m), "32-28");
        let sq = |n: &str| squares(I, n)[0];
        assert_eq!(read(&start, "32-26"), Err(ResolveError::NoSuchMove));
        assert_eq!(
            read(&start, "19-23"),
            Err(ResolveError::WrongSide(sq("19")))
        );
        assert_eq!(read(&start, "25-30"), Err(ResolveError::NoPiece(sq("25"))));
        assert_eq!(
            start.position().resolve(&[sq("32")], WrittenAs::Quiet),
            Err(ResolveError::TooFewSquares)
        );
        assert_eq!(
            start.position().resolve(&[], WrittenAs::Capture),
            Err(ResolveError::TooFewSquares)
        );
    }

    #[test]
    fn a_move_that_breaks_the_capture_duty_carries_the_move_played() {
        use Variant::International as I;
        // 32 takes 28 and 18 (two pieces); 35 could take 30 alone.
        let g = game(I, "W:W32,35:B18,28,30");
        for written in ["32x12", "32x23x12", "32x23x12"] {
            assert_eq!(text(I, &read(&g, written).unwrap()), "32x23x12");
        }
        let breach_of = |written: &str| match read(&g, written) {
            Err(ResolveError::BreaksCaptureDuty { breach, played }) => (breach, text(I, &played)),
            other => panic!("{written}: {other:?}"),
        };
        assert_eq!(
            breach_of("32x23"),
            (DutyBreach::IncompleteCapture, "32x23".into())
        );
        assert_eq!(
            breach_of("35x24"),
            (DutyBreach::NotMaximalCapture, "35x24".into())
        );
        assert_eq!(
            breach_of("32-27"),
            (DutyBreach::CaptureRequired, "32-27".into())
        );
        // A piece with no capture, and no quiet move either: no such move.
        assert_eq!(read(&g, "35-30"), Err(ResolveError::NoSuchMove));
        assert!(
            read(&g, "32x23")
                .unwrap_err()
                .to_string()
                .contains("must go on")
        );
    }

    #[test]
    fn a_short_capture_that_fits_several_routes_is_ambiguous() {
        // PDN 3.0's example: the king's 47x36 takes 38, 20... or other pieces.
        let g = game(Variant::International, "W:WK47:B14,19,29,31,42");
        match read(&g, "47x36") {
            Err(ResolveError::Ambiguous(routes)) => {
                assert_eq!(routes.len(), 2);
                assert!(routes[0].captured != routes[1].captured);
                assert!(
                    routes
                        .iter()
                        .all(|m| m.fits(&squares(Variant::International, "47x36")))
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(read(&g, "47x38x20x9x36").is_ok());
        // Russian: g5:e3:g1 is the whole path of one route, g5:g1 fits two.
        let r = game(
            Variant::Russian,
            "B:W17,19,22,25,26,27,28,29,31:B4,6,8,9,10,11,12,16",
        );
        let m = read(&r, "g5:e3:g1").unwrap();
        assert_eq!(m.captures().len(), 2);
        assert!(matches!(read(&r, "g5:g1"), Err(ResolveError::Ambiguous(v)) if v.len() == 2));
    }

    #[test]
    fn russian_short_notation_names_the_piece_by_its_file() {
        let g = GameState::initial(Variant::Russian);
        let notation = Variant::Russian.notation();
        let file = |f: char| f as u8 - b'a';
        let to = |s: &str| squares(Variant::Russian, s)[0];
        let mut resolver = Resolver::new();
        let m = resolver
            .resolve_file_target(g.position(), &notation, file('c'), to("d4"))
            .unwrap();
        assert_eq!(m.text(&notation, ':', true), "c3-d4");
        assert!(resolver.had_legal_move());
        assert_eq!(
            resolver.resolve_file_target(g.position(), &notation, file('h'), to("d4")),
            Err(ResolveError::NoSuchMove)
        );
    }

    /// Two squares written as a move get the same answer with fast paths on and off, whether
    /// the caller knows that a capture is due or not: the ends of every legal move and of a
    /// few pairs of any squares, written both ways, along random games of every variant.
    #[test]
    fn two_squares_read_the_same_either_way() {
        let mut rng = TestRng::new(0x2545_f491_4f6c_dd1d);
        let (mut quiet, mut refused) = (0, 0);
        for v in Variant::ALL {
            for _ in 0..4 {
                let mut g = GameState::initial(v);
                for _ in 0..120 {
                    let legal = g.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let fast = g.position().with_fast_paths(true);
                    let slow = fast.with_fast_paths(false);
                    let all: Vec<Square> = fast.geometry().all().collect();
                    let mut pairs: Vec<[Square; 2]> =
                        legal.iter().map(|m| [m.from, m.to]).collect();
                    for _ in 0..3 {
                        pairs.push([all[rng.below(all.len())], all[rng.below(all.len())]]);
                    }
                    let due = Some(legal[0].is_capture());
                    for ends in pairs {
                        for how in [WrittenAs::Quiet, WrittenAs::Capture] {
                            let want = Resolver::new().resolve(&slow, &ends, how);
                            for knowing in [None, due] {
                                let got =
                                    Resolver::new().resolve_knowing(&fast, &ends, how, knowing);
                                assert_eq!(got, want, "{v} {ends:?} {how:?} {knowing:?}");
                            }
                            match want {
                                Ok(m) if !m.is_capture() => quiet += 1,
                                Err(_) => refused += 1,
                                Ok(_) => {}
                            }
                        }
                    }
                    g.play(&legal[rng.below(legal.len())]);
                }
            }
        }
        assert!(
            quiet > 1_000 && refused > 1_000,
            "{quiet} quiet, {refused} refused"
        );
    }

    /// Along random games of every variant, fast paths on and off alike: every legal move is
    /// read back from its full path and from its ends; a quiet move written while a capture is
    /// due, and a capture the precedence rule forbids, are read as breaches with their move.
    #[test]
    fn every_legal_move_is_read_back_and_every_breach_named() {
        let mut rng = TestRng::new(0x5eed_0f0d_d5e5);
        let (mut captures_read, mut breaches) = (0, [0usize; 4]);
        for v in Variant::ALL {
            for _ in 0..6 {
                let mut g = GameState::initial(v);
                for _ in 0..160 {
                    let legal = g.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let pos = *g.position();
                    let mut resolver = Resolver::new();
                    for m in &legal {
                        let how = if m.is_capture() {
                            WrittenAs::Capture
                        } else {
                            WrittenAs::Quiet
                        };
                        let full: Vec<Square> = std::iter::once(m.from)
                            .chain(m.landings().iter().copied())
                            .collect();
                        let full = if m.is_capture() {
                            full
                        } else {
                            vec![m.from, m.to]
                        };
                        for p in [pos, pos.with_fast_paths(false)] {
                            let found = resolver.resolve(&p, &full, how).unwrap();
                            assert!(found.same_effect(m), "{v} {}", text(v, m));
                            assert!(resolver.had_legal_move());
                            match resolver.resolve(&p, &[m.from, m.to], how) {
                                Ok(found) => assert!(found.from == m.from && found.to == m.to),
                                Err(ResolveError::Ambiguous(routes)) => {
                                    assert!(routes.iter().any(|r| r.same_effect(m)))
                                }
                                Err(e) => panic!("{v} {}: {e:?}", text(v, m)),
                            }
                        }
                        captures_read += usize::from(m.is_capture());
                    }
                    if legal[0].is_capture() {
                        for quiet in pos.quiet_moves() {
                            let ends = [quiet.from, quiet.to];
                            let got = pos.resolve(&ends, WrittenAs::Quiet);
                            let huffable = pos.rules().missed_capture == MissedCapture::Huffable;
                            // A king's route may come back beside its start square.
                            if !huffable && legal.iter().any(|m| m.fits(&ends)) {
                                assert!(
                                    got.is_ok() || matches!(got, Err(ResolveError::Ambiguous(_)))
                                );
                                continue;
                            }
                            let Err(ResolveError::BreaksCaptureDuty { breach, played }) = got
                            else {
                                panic!("{v}: {got:?}");
                            };
                            if huffable {
                                assert_eq!(breach, DutyBreach::MissedCapture);
                                assert_eq!(played, quiet);
                            } else if breach == DutyBreach::CaptureRequired {
                                assert_eq!(played, quiet);
                            } else {
                                assert!(matches!(
                                    breach,
                                    DutyBreach::IncompleteCapture | DutyBreach::NotMaximalCapture
                                ));
                            }
                            breaches[breach as usize] += 1;
                        }
                        for seq in pos.capture_sequences() {
                            if legal.iter().any(|m| m.same_effect(&seq)) {
                                continue;
                            }
                            let full: Vec<Square> = std::iter::once(seq.from)
                                .chain(seq.landings().iter().copied())
                                .collect();
                            // Its path may also fit a longer legal capture.
                            match pos.resolve(&full, WrittenAs::Capture) {
                                Err(ResolveError::BreaksCaptureDuty {
                                    breach: DutyBreach::NotMaximalCapture,
                                    played,
                                }) => {
                                    assert!(played.fits(&full));
                                    breaches[DutyBreach::NotMaximalCapture as usize] += 1;
                                }
                                Ok(m) => assert!(legal.iter().any(|l| l.same_effect(&m))),
                                Err(ResolveError::Ambiguous(routes)) => {
                                    assert!(routes.iter().all(|r| r.fits(&full)))
                                }
                                other => panic!("{v} {}: {other:?}", text(v, &seq)),
                            }
                        }
                        // A capture of several pieces written to its first landing square:
                        // another legal move, or a capture stopped there.
                        for m in legal.iter().filter(|m| m.captures().len() > 1) {
                            let stop = m.landings()[0];
                            match pos.resolve(&[m.from, stop], WrittenAs::Capture) {
                                Err(ResolveError::BreaksCaptureDuty { breach, played }) => {
                                    assert!(matches!(
                                        breach,
                                        DutyBreach::IncompleteCapture
                                            | DutyBreach::NotMaximalCapture
                                    ));
                                    assert_eq!((played.from, played.to), (m.from, stop));
                                    breaches[breach as usize] += 1;
                                }
                                Ok(o) => assert!(legal.iter().any(|l| l.same_effect(&o))),
                                Err(ResolveError::Ambiguous(_)) => {}
                                other => panic!("{v} {}: {other:?}", text(v, m)),
                            }
                        }
                    }
                    g.play(&legal[rng.below(legal.len())]);
                }
            }
        }
        assert!(captures_read > 1000, "{captures_read}");
        assert!(breaches.iter().all(|&n| n > 10), "{breaches:?}");
    }
}
