//! `Position`: pieces, side to move and the Frisian king-move streaks, with legal move
//! generation and move application for any rule set. It dispatches to the bitboard engine on
//! 64-bit words where the board fits and on 128-bit words otherwise.

use super::bits::Bits;
use super::capture::{self, Path, Sink};
use super::ctx::{Ctx, RuleSet, Word};
use super::engine::{self, Pos, RawMove, Streak};
use super::layout::Layout;
use super::mv::{MAX_CAPTURES, Move};
use super::precedence::{self, CaptureFacts};
use super::sided::{Black, Sided, White};
use super::spec::{PassingPromotion, Rules};
use crate::Colour;
use crate::{Geometry, Square, SquareSet};

/// Man or king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A man.
    Man,
    /// A king.
    King,
}

/// A piece: colour and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub colour: Colour,
    /// Man or king.
    pub role: Role,
}

/// How a capture ranks under its variant's precedence rule (larger must be preferred;
/// equal ranks are a free choice). Compare ranks of captures from the same position only;
/// the fields say what the rank is made of, for messages ("takes 1; 3 are required").
#[derive(Clone, Copy, Debug)]
pub struct CaptureRank {
    key: u64,
    /// Pieces taken.
    pub pieces: u32,
    /// Kings among them.
    pub kings: u32,
    /// The capturing piece is a king.
    pub by_king: bool,
}

impl PartialEq for CaptureRank {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for CaptureRank {}

impl PartialOrd for CaptureRank {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for CaptureRank {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// How many pieces a side has, as far as [`Position::few`] tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Few {
    /// No piece.
    None,
    /// One piece, a king or a man.
    One {
        /// The piece is a king.
        king: bool,
    },
    /// Two or more.
    More,
}

/// What playing a move found by a lane ([`Position::quiet_unless_capture`],
/// [`Position::capture_between`]) needs but the pieces it takes: its ends as bit indices of
/// the generator's layout, and what the draw counters ask. (Four bytes: a quiet move is
/// passed around on every ply.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LaneMove {
    bits: (u8, u8),
    promotes: bool,
    by_king: bool,
}

impl LaneMove {
    /// A king moves.
    pub(crate) fn by_king(&self) -> bool {
        self.by_king
    }

    /// A man is crowned.
    pub(crate) fn promotes(&self) -> bool {
        self.promotes
    }

    fn raw<B: Bits>(&self, captured: B) -> RawMove<B> {
        RawMove {
            from: self.bits.0,
            to: self.bits.1,
            promote: self.promotes,
            captured,
        }
    }
}

/// A legal quiet move found by [`Lanes::quiet_unless_capture`](crate::fast::Lanes::quiet_unless_capture): what playing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietMove {
    from: Square,
    to: Square,
    lane: LaneMove,
}

impl QuietMove {
    /// The move as the move lists give it.
    pub fn to_move(&self) -> Move {
        Move::quiet(self.from, self.to, self.lane.promotes)
    }

    pub(crate) fn lane(&self) -> &LaneMove {
        &self.lane
    }
}

/// The one legal capture between two squares found by [`Lanes::capture_between`](crate::fast::Lanes::capture_between): what
/// playing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureMove {
    lane: LaneMove,
    /// The pieces taken, in the generator's layout.
    captured: u128,
}

impl CaptureMove {
    pub(crate) fn lane(&self) -> &LaneMove {
        &self.lane
    }
}

/// A position of some rule set: what is where, who is to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    inner: Inner,
}

#[derive(Clone, Copy)]
pub(crate) enum Inner {
    Small(&'static Ctx<u64>, Pos<u64>),
    Large(&'static Ctx<u128>, Pos<u128>),
}

impl PartialEq for Inner {
    fn eq(&self, other: &Inner) -> bool {
        match (self, other) {
            // The same rules (whether fast paths are on or not), the same pieces.
            (Inner::Small(a, p), Inner::Small(b, q)) => std::ptr::eq(a.rules, b.rules) && p == q,
            (Inner::Large(a, p), Inner::Large(b, q)) => std::ptr::eq(a.rules, b.rules) && p == q,
            _ => false,
        }
    }
}

impl Eq for Inner {}

impl std::hash::Hash for Inner {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            Inner::Small(_, p) => p.hash(state),
            Inner::Large(_, p) => p.hash(state),
        }
    }
}

/// Runs `$body` with `$c: &'static Ctx<B>` and `$p` the position's `Pos<B>` (borrowed as
/// `$inner` borrows the position's words) for whichever word the position uses.
macro_rules! on_words {
    ($inner:expr, $c:ident, $p:ident => $body:expr) => {
        match $inner {
            Inner::Small(c, $p) => {
                let $c = *c;
                $body
            }
            Inner::Large(c, $p) => {
                let $c = *c;
                $body
            }
        }
    };
}

/// `on_words!` with `$p: &Pos<B>`.
macro_rules! with {
    ($s:expr, $c:ident, $p:ident => $body:expr) => {
        on_words!(&$s.inner, $c, $p => $body)
    };
}

/// `on_words!` with `$p: &mut Pos<B>`.
macro_rules! with_mut {
    ($s:expr, $c:ident, $p:ident => $body:expr) => {
        on_words!(&mut $s.inner, $c, $p => $body)
    };
}

/// As `on_words!`, with `$rs` the rule set the generator asks: the context's rule set fixed
/// at compile time where it has one (fast paths on; see `fixed.rs`), else the context itself.
/// The body is compiled for each; for perft and the replay's hot lanes.
macro_rules! on_words_with_rules {
    ($inner:expr, $c:ident, $rs:ident, $p:ident => $body:expr) => {
        match $inner {
            $crate::rules::position::Inner::Small(c, $p) => {
                let $c = *c;
                $crate::rules::fixed::with_fixed_u64!($c, $rs => $body)
            }
            $crate::rules::position::Inner::Large(c, $p) => {
                let $c = *c;
                $crate::rules::fixed::with_fixed_u128!($c, $rs => $body)
            }
        }
    };
}

pub(crate) use on_words_with_rules;

/// `on_words_with_rules!` with `$p: &Pos<B>`.
macro_rules! with_rules {
    ($s:expr, $c:ident, $rs:ident, $p:ident => $body:expr) => {
        on_words_with_rules!(&$s.inner, $c, $rs, $p => $body)
    };
}

/// The 128-bit context of `rules`, whose board does not fit 64 bits.
fn large_ctx(rules: &'static Rules, fast_paths: bool) -> &'static Ctx<u128> {
    u128::ctx(rules, fast_paths).expect("board fits 128 bits")
}

fn side_index(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

fn side_colour(i: usize) -> Colour {
    if i == 0 { Colour::White } else { Colour::Black }
}

impl Position {
    /// An empty board of `rules` with `to_move` to play, fast paths on (see
    /// [`Self::with_fast_paths`]).
    ///
    /// # Panics
    /// If the rules' board has more than 128 playable squares (never for built-in rules).
    pub fn empty(rules: &'static Rules, to_move: Colour) -> Position {
        let mut pos = match u64::ctx(rules, true) {
            Some(c) => Position {
                inner: Inner::Small(c, Pos::empty()),
            },
            None => Position {
                inner: Inner::Large(large_ctx(rules, true), Pos::empty()),
            },
        };
        pos.set_side_to_move(to_move);
        pos
    }

    /// The standard start position of `rules`, fast paths on (see [`Self::with_fast_paths`]).
    pub fn initial(rules: &'static Rules) -> Position {
        // Its pieces are set out once per rule set, with the generator's tables.
        let mut pos = match u64::ctx(rules, true) {
            Some(c) => Position {
                inner: Inner::Small(c, c.start),
            },
            None => {
                let c = large_ctx(rules, true);
                Position {
                    inner: Inner::Large(c, c.start),
                }
            }
        };
        pos.set_side_to_move(rules.first_mover);
        pos
    }

    /// The same position, its moves found with the rules' fast paths `on` or off: on, the
    /// generator runs compiled for the variant's fixed rule set (`perft` and the lanes of
    /// [`Lanes::quiet_unless_capture`](crate::fast::Lanes::quiet_unless_capture) and [`Lanes::capture_between`](crate::fast::Lanes::capture_between)); off, every answer is
    /// read from the rules at run time, the reference the fast paths are tested against. The
    /// moves, counts and positions are the same either way; the positions after it keep the
    /// setting. Positions are made with fast paths on; a caller that honours a switch (such as
    /// [`crate::fast_paths_default`], read at its edge) passes it here.
    pub fn with_fast_paths(self, on: bool) -> Position {
        // Each setting has one context per rule set: the same setting keeps the position.
        if self.fast_paths() == on {
            return self;
        }
        let inner = match self.inner {
            Inner::Small(c, p) => Inner::Small(u64::ctx(c.rules, on).expect("the same board"), p),
            Inner::Large(c, p) => Inner::Large(large_ctx(c.rules, on), p),
        };
        Position { inner }
    }

    /// Whether the position's moves are found with fast paths on ([`Self::with_fast_paths`]).
    pub fn fast_paths(&self) -> bool {
        with!(self, c, _p => c.fast_paths)
    }

    /// The rules.
    pub fn rules(&self) -> &'static Rules {
        with!(self, c, _p => c.rules)
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.rules().geometry
    }

    /// Side to move.
    pub fn side_to_move(&self) -> Colour {
        with!(self, _c, p => side_colour(p.side()))
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, c: Colour) {
        with_mut!(self, _c, p => p.set_side(side_index(c)))
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with!(self, c, p => {
            let b = c.layout.bit(sq);
            let colour = if (p.pieces[0] & b).any() {
                Colour::White
            } else if (p.pieces[1] & b).any() {
                Colour::Black
            } else {
                return None;
            };
            let role = if (p.kings & b).any() { Role::King } else { Role::Man };
            Some(Piece { colour, role })
        })
    }

    /// Puts `piece` on `sq` (or empties it). Clears the king-move streaks.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        with_mut!(self, c, p => {
            let b = c.layout.bit(sq);
            p.pieces = [p.pieces[0] & !b, p.pieces[1] & !b];
            p.kings &= !b;
            if let Some(pc) = piece {
                p.pieces[side_index(pc.colour)] |= b;
                if pc.role == Role::King {
                    p.kings |= b;
                }
            }
            p.set_streak(0, Streak::default());
            p.set_streak(1, Streak::default());
        })
    }

    /// Sets the board to White's pieces `own[0]`, Black's `own[1]` (disjoint), the kings among
    /// them `kings`: as [`Self::set_piece`] square by square on an empty board, in one pass.
    pub(crate) fn set_pieces(&mut self, own: [SquareSet; 2], kings: SquareSet) {
        with_mut!(self, c, p => {
            let bits = |set: SquareSet| set.iter().fold(Bits::ZERO, |b, sq| b | c.layout.bit(sq));
            p.pieces = [bits(own[0]), bits(own[1])];
            p.kings = bits(kings);
            p.set_streak(0, Streak::default());
            p.set_streak(1, Streak::default());
        })
    }

    /// Squares of `colour`'s pieces.
    pub fn pieces(&self, colour: Colour) -> SquareSet {
        with!(self, c, p => to_set(c, p.pieces[side_index(colour)]))
    }

    /// Squares of all kings.
    pub fn kings(&self) -> SquareSet {
        with!(self, c, p => to_set(c, p.kings))
    }

    /// Number of pieces (men, kings) of `colour`.
    pub fn count(&self, colour: Colour) -> (usize, usize) {
        with!(self, _c, p => {
            let own = p.pieces[side_index(colour)];
            ((own & !p.kings).count() as usize, (own & p.kings).count() as usize)
        })
    }

    /// Whether `colour` has no piece, one (and whether a king) or more: what the end-of-game
    /// rules ask first, answered without counting.
    pub(crate) fn few(&self, colour: Colour) -> Few {
        with!(self, _c, p => {
            let own = p.pieces[side_index(colour)];
            if own.is_empty() {
                Few::None
            } else if own.clear_lowest().is_empty() {
                Few::One { king: (own & p.kings).any() }
            } else {
                Few::More
            }
        })
    }

    /// True when a side has one piece, a king (what the endings the draw rules count need).
    #[inline]
    pub(crate) fn has_lone_king(&self) -> bool {
        with!(self, _c, p => p.pieces.iter().any(|&own| {
            own.any() && own.clear_lowest().is_empty() && (own & p.kings).any()
        }))
    }

    /// True when `colour` has a king.
    pub(crate) fn has_king(&self, colour: Colour) -> bool {
        with!(self, _c, p => (p.pieces[side_index(colour)] & p.kings).any())
    }

    /// The Frisian king-move streak of `colour`: the king that made the last quiet moves and
    /// how many in a row. `None` when there is no streak.
    pub fn king_streak(&self, colour: Colour) -> Option<(Square, u8)> {
        with!(self, c, p => {
            let s = p.streak(side_index(colour));
            (s.count > 0).then(|| (c.layout.square(s.bit as u32), s.count))
        })
    }

    /// Sets the Frisian king-move streak of `colour` (from a FEN extension, for example).
    pub fn set_king_streak(&mut self, colour: Colour, streak: Option<(Square, u8)>) {
        with_mut!(self, c, p => {
            let s = match streak {
                Some((sq, n)) => Streak { bit: c.layout.bit_index(sq), count: n },
                None => Streak::default(),
            };
            p.set_streak(side_index(colour), s);
        })
    }

    /// True when the side to move has a capture.
    pub fn has_capture(&self) -> bool {
        with_rules!(self, _c, rs, p => engine::has_capture(rs, p))
    }

    /// Whether the side to move has a legal move ([`Self::legal_moves`] is not empty), told
    /// without building the moves: a capture is due, or a quiet move can be made.
    pub(crate) fn has_legal_move(&self) -> bool {
        with_rules!(self, _c, rs, p => {
            engine::has_capture(rs, p) || engine::count_quiet(rs, p) > 0
        })
    }

    /// The legal moves: the captures the precedence rule allows if a capture is possible,
    /// else the quiet moves. One move per (from, to, captured set); each capture carries
    /// one of its paths.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// [`Self::legal_moves`] into a reused buffer.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.has_capture() {
            self.captures_into::<false>(out, true, true);
        } else {
            self.quiet_moves_into(out);
        }
    }

    /// The legal captures from `from` to `to`, as [`Self::legal_moves`] lists them (in its
    /// order, one per captured set, each with the same path), into a reused buffer: none when
    /// no capture is due. The other captures are searched but not built.
    pub fn legal_captures_between(&self, from: Square, to: Square, out: &mut Vec<Move>) {
        out.clear();
        // The replay resolves every written capture here: the rule set fixed at compile time.
        let fast = self.fast_paths();
        with_rules!(self, c, rs, p => {
            let (f, t) = (c.layout.bit_index(from), c.layout.bit_index(to));
            // When every capture is one jump of a man, the jump between the ends is the list.
            if fast && let Some(lands) = engine::single_man_jumps(rs, p) {
                if let Some(m) = engine::single_jump_between(rs, p, &lands, f, t) {
                    let taken = c.layout.square(m.captured.lowest());
                    out.push(Move::one_capture(from, taken, to, m.promote));
                }
                return;
            }
            let ends = Some((f, t));
            let mut sink = MoveSink::<_, false> { layout: &c.layout, out, merge: true, ends };
            capture::generate_from(rs, p, &mut sink, c.layout.bit(from), fast);
        })
    }

    /// The capture from `from` to `to` when it is the only one between them among the legal
    /// moves (as [`Self::legal_captures_between`] would list it alone), found without building
    /// a [`Move`]; `None` when there is no such capture or several with different effects.
    pub(crate) fn capture_between(&self, from: Square, to: Square) -> Option<CaptureMove> {
        with_rules!(self, c, rs, p => capture_lane(c, rs, p, from, to))
    }

    /// The quiet move from `from` to `to` when it is among [`Self::quiet_moves`] (whether or
    /// not a capture is due), found without generating the other moves.
    pub fn quiet_move(&self, from: Square, to: Square) -> Option<Move> {
        with_rules!(self, c, rs, p => {
            let raw = engine::find_quiet(rs, p, c.layout.bit_index(from), c.layout.bit_index(to))?;
            Some(Move::quiet(from, to, raw.promote))
        })
    }

    /// Every complete capture sequence, *without* the precedence filter and without merging:
    /// each distinct landing-square path is listed, including a king's landings further
    /// behind a piece when it goes on along the same line. Use it to match written
    /// intermediate squares leniently and to classify a written capture that is physically
    /// possible but not allowed (compare [`Self::capture_rank`]s).
    pub fn capture_sequences(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.captures_into::<true>(&mut out, false, false);
        out
    }

    /// The paths of the captures the precedence rule allows, in PDN 3.0 canonical form: one
    /// per capture order and turning squares, going on along a line always from the square
    /// directly behind the piece taken (not merged by effect).
    pub fn legal_capture_paths(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.captures_into::<false>(&mut out, true, false);
        out
    }

    /// Every landing-square path of the captures the precedence rule allows.
    pub fn legal_capture_paths_all(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.captures_into::<true>(&mut out, true, false);
        out
    }

    /// The quiet moves, even when a capture is due (to classify a missed capture).
    pub fn quiet_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.quiet_moves_into(&mut out);
        out
    }

    fn quiet_moves_into(&self, out: &mut Vec<Move>) {
        // The engine's raw list lives on the stack of this thread between calls: the replay
        // asks for quiet moves once per ply and must not allocate each time.
        thread_local! {
            static RAW64: std::cell::RefCell<Vec<RawMove<u64>>> = const { std::cell::RefCell::new(Vec::new()) };
            static RAW128: std::cell::RefCell<Vec<RawMove<u128>>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        match &self.inner {
            Inner::Small(c, p) => RAW64.with_borrow_mut(|raw| quiet_into(c, p, raw, out)),
            Inner::Large(c, p) => RAW128.with_borrow_mut(|raw| quiet_into(c, p, raw, out)),
        }
    }

    fn captures_into<const ALL: bool>(&self, out: &mut Vec<Move>, filter: bool, merge: bool) {
        with!(self, c, p => {
            let mut sink = MoveSink::<_, ALL> { layout: &c.layout, out, merge, ends: None };
            capture::generate(c, p, &mut sink, filter);
        })
    }

    /// How `m` (a capture from this position) ranks under the precedence rule.
    pub fn capture_rank(&self, m: &Move) -> CaptureRank {
        let by_king = self.piece_at(m.from).is_some_and(|p| p.role == Role::King);
        let kings = self.kings();
        let mut positions = 0u64;
        for (i, sq) in m.captures().iter().enumerate() {
            if kings.contains(*sq) {
                positions |= 1 << i;
            }
        }
        let facts = CaptureFacts {
            by_king,
            count: m.captured.len() as u32,
            kings: m.captured.intersection(kings).len() as u32,
            king_positions: positions,
        };
        CaptureRank {
            key: precedence::key(self.rules().precedence, &facts),
            pieces: facts.count,
            kings: facts.kings,
            by_king,
        }
    }

    /// The first `steps` captures of `m` as a move of their own (a capture stopped early),
    /// with the promotion that stopping there gives.
    ///
    /// # Panics
    /// When `steps` is zero or longer than `m`'s captures.
    pub fn capture_prefix(&self, m: &Move, steps: usize) -> Move {
        assert!(
            steps >= 1 && steps <= m.captures().len(),
            "bad prefix length"
        );
        let pairs: Vec<(Square, Square)> = m.captures()[..steps]
            .iter()
            .copied()
            .zip(m.landings()[..steps].iter().copied())
            .collect();
        let is_man = self.piece_at(m.from).is_some_and(|p| p.role == Role::Man);
        let promo_rank = match self.side_to_move() {
            Colour::White => self.geometry().height() as i32 - 1,
            Colour::Black => 0,
        };
        let on_promo = |sq: &Square| self.geometry().rank(*sq) == promo_rank;
        let promotes = is_man
            && match self.rules().passing_promotion {
                PassingPromotion::ContinuesAsKing => pairs.iter().any(|(_, l)| on_promo(l)),
                _ => on_promo(&pairs[steps - 1].1),
            };
        Move::capture(m.from, &pairs, promotes)
    }

    /// Plays `m`, which must come from this position's move lists (legal moves, capture
    /// sequences, quiet moves or a capture prefix): the piece moves, captured pieces leave,
    /// promotion applies, the side to move changes.
    #[inline]
    pub fn play(&mut self, m: &Move) {
        with_mut!(self, c, p => {
            let raw = to_raw(&c.layout, m);
            *p = p.apply(c, &raw);
        })
    }

    /// Whether a king stands on `sq` (what the draw counters ask of every move's start
    /// square: one look at the kings, not the whole piece).
    #[inline]
    pub(crate) fn king_at(&self, sq: Square) -> bool {
        with!(self, c, p => (p.kings & c.layout.bit(sq)).any())
    }

    /// When no capture is due, the quiet move from `from` to `to` if it is legal (`Some(None)`
    /// when it is not); `None` when a capture is due. One look at the board for what
    /// [`Self::has_capture`] and [`Self::quiet_move`] tell together, for a replay that plays
    /// the move at once ([`Lanes::play_quiet`](crate::fast::Lanes::play_quiet)).
    #[inline]
    pub(crate) fn quiet_unless_capture(
        &self,
        from: Square,
        to: Square,
    ) -> Option<Option<QuietMove>> {
        with_rules!(self, c, rs, p => quiet_lane(c, rs, p, from, to))
    }

    /// Plays a quiet move of [`Self::quiet_unless_capture`], as [`Self::play`] plays
    /// [`Move::quiet`] of the same squares.
    #[inline]
    pub(crate) fn play_quiet(&mut self, q: &QuietMove) {
        // Playing a move asks the rules one thing (whether king streaks are kept): the context
        // answers it in line, where a fixed rule set would cost a call.
        with_mut!(self, c, p => {
            *p = p.apply(c, &q.lane.raw(Bits::narrow(0)));
        })
    }

    /// Plays a capture of [`Self::capture_between`] in this position, as [`Self::play`] plays
    /// the listed move of the same effect.
    #[inline]
    pub(crate) fn play_capture(&mut self, m: &CaptureMove) {
        with_mut!(self, c, p => {
            *p = p.apply(c, &m.lane.raw(Bits::narrow(m.captured)));
        })
    }

    /// The position after `m` (see [`Self::play`]).
    pub fn played(&self, m: &Move) -> Position {
        let mut next = *self;
        next.play(m);
        next
    }

    pub(crate) fn inner(&self) -> &Inner {
        &self.inner
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("rules", &self.rules().name)
            .field("to_move", &self.side_to_move())
            .field("white", &self.pieces(Colour::White))
            .field("black", &self.pieces(Colour::Black))
            .field("kings", &self.kings())
            .finish()
    }
}

/// [`Position::quiet_unless_capture`] under the rule set `rs` of the context `c`: compiled
/// once per rule set and side to move, and called from the dispatch (kept out of line, so that
/// the dispatch stays small enough to sit in the replay's loop).
#[inline(never)]
fn quiet_lane<B: Bits, G: RuleSet<B>>(
    c: &Ctx<B>,
    rs: G,
    p: &Pos<B>,
    from: Square,
    to: Square,
) -> Option<Option<QuietMove>> {
    match p.side() {
        0 => quiet_lane_sided(c, Sided::<G, White>::new(rs), p, from, to),
        _ => quiet_lane_sided(c, Sided::<G, Black>::new(rs), p, from, to),
    }
}

/// [`quiet_lane`] for the side to move of `rs`.
#[inline(always)]
fn quiet_lane_sided<B: Bits, G: RuleSet<B>>(
    c: &Ctx<B>,
    rs: G,
    p: &Pos<B>,
    from: Square,
    to: Square,
) -> Option<Option<QuietMove>> {
    if engine::has_capture(rs, p) {
        return None;
    }
    let (f, t) = (c.layout.bit_index(from), c.layout.bit_index(to));
    let Some(raw) = engine::find_quiet(rs, p, f, t) else {
        return Some(None);
    };
    let lane = LaneMove {
        bits: (f, t),
        promotes: raw.promote,
        by_king: p.king_on(f),
    };
    Some(Some(QuietMove { from, to, lane }))
}

/// [`Position::capture_between`] under the rule set `rs` of the context `c`, compiled once
/// per rule set and side to move (as [`quiet_lane`]).
#[inline(never)]
fn capture_lane<B: Bits, G: RuleSet<B>>(
    c: &Ctx<B>,
    rs: G,
    p: &Pos<B>,
    from: Square,
    to: Square,
) -> Option<CaptureMove> {
    match p.side() {
        0 => capture_lane_sided(c, Sided::<G, White>::new(rs), p, from, to),
        _ => capture_lane_sided(c, Sided::<G, Black>::new(rs), p, from, to),
    }
}

/// [`capture_lane`] for the side to move of `rs`.
#[inline(always)]
fn capture_lane_sided<B: Bits, G: RuleSet<B>>(
    c: &Ctx<B>,
    rs: G,
    p: &Pos<B>,
    from: Square,
    to: Square,
) -> Option<CaptureMove> {
    let (f, t) = (c.layout.bit_index(from), c.layout.bit_index(to));
    // Most captures are one jump of a man, with no other kind of capture on the board.
    if let Some(lands) = engine::single_man_jumps(rs, p) {
        return engine::single_jump_between(rs, p, &lands, f, t).map(|m| CaptureMove {
            lane: LaneMove {
                bits: (f, t),
                promotes: m.promote,
                by_king: false,
            },
            captured: m.captured.wide(),
        });
    }
    let mut sink = OneBetween {
        ends: (f, t),
        found: None,
        several: false,
    };
    capture::generate_from(rs, p, &mut sink, B::bit(u32::from(f)), c.fast_paths);
    match sink.found {
        Some(m) if !sink.several => Some(CaptureMove {
            lane: LaneMove {
                bits: (f, t),
                promotes: m.promote,
                by_king: p.king_on(f),
            },
            captured: m.captured.wide(),
        }),
        _ => None,
    }
}

fn quiet_into<B: Bits>(
    c: &'static Ctx<B>,
    p: &Pos<B>,
    raw: &mut Vec<RawMove<B>>,
    out: &mut Vec<Move>,
) {
    raw.clear();
    engine::quiet_moves(c, p, raw);
    out.extend(raw.iter().map(|m| {
        Move::quiet(
            c.layout.square(m.from as u32),
            c.layout.square(m.to as u32),
            m.promote,
        )
    }));
}

/// The squares of bits `b`: by the layout's runs of bits (fast paths on), else bit by bit.
fn to_set<B: Bits>(c: &Ctx<B>, b: B) -> SquareSet {
    if c.fast_paths {
        c.layout.square_set(b)
    } else {
        c.layout.squares(b).collect()
    }
}

/// A listed move in the generator's terms (bit indices and the captured set).
#[inline]
fn to_raw<B: Bits>(layout: &Layout<B>, m: &Move) -> RawMove<B> {
    RawMove {
        from: layout.bit_index(m.from),
        to: layout.bit_index(m.to),
        promote: m.promotes,
        // The capture order lists the same squares as the set, without a search for bits.
        captured: m.captures().iter().fold(B::ZERO, |b, &s| b | layout.bit(s)),
    }
}

/// Keeps the capture between two bits when it is the only one by effect.
struct OneBetween<B> {
    ends: (u8, u8),
    found: Option<RawMove<B>>,
    several: bool,
}

impl<B: Bits> Sink<B> for OneBetween<B> {
    fn clear(&mut self) {
        self.found = None;
        self.several = false;
    }

    #[inline]
    fn push(&mut self, m: RawMove<B>, _path: &Path, _key: u64) {
        if (m.from, m.to) != self.ends {
            return;
        }
        match self.found {
            None => self.found = Some(m),
            // The same effect by another path or order is one move.
            Some(x) if x == m => {}
            Some(_) => self.several = true,
        }
    }
}

/// Collects captures as public moves, merged by effect or not; `ALL`: every landing path.
struct MoveSink<'a, B, const ALL: bool> {
    layout: &'a Layout<B>,
    out: &'a mut Vec<Move>,
    merge: bool,
    /// Only the captures between these bits, when set.
    ends: Option<(u8, u8)>,
}

impl<B: Bits, const ALL: bool> Sink<B> for MoveSink<'_, B, ALL> {
    const ALL_LANDINGS: bool = ALL;

    fn clear(&mut self) {
        self.out.clear();
    }

    fn push(&mut self, m: RawMove<B>, path: &Path, _key: u64) {
        if self.ends.is_some_and(|ends| ends != (m.from, m.to)) {
            return;
        }
        let n = path.len.min(MAX_CAPTURES);
        let mut steps = [(
            Square::new(0).expect("square 0"),
            Square::new(0).expect("square 0"),
        ); MAX_CAPTURES];
        for (i, step) in steps.iter_mut().enumerate().take(n) {
            *step = (
                self.layout.square(path.captured[i] as u32),
                self.layout.square(path.landings[i] as u32),
            );
        }
        let mv = Move::capture(self.layout.square(m.from as u32), &steps[..n], m.promote);
        if self.merge && self.out.iter().any(|x| x.same_effect(&mv)) {
            return;
        }
        self.out.push(mv);
    }
}
