//! Capture generation: complete capture sequences by depth-first search over bitboards,
//! for every capture rule the variants use (men forward/backward, straight captures, short
//! and flying kings, landing rules, end-of-move versus immediate removal, 180-degree ban,
//! promotion in the middle of a capture). Precedence is applied while generating: a sink
//! only ever holds the captures with the best key so far.

use super::bits::Bits;
use super::ctx::RuleSet;
use super::engine::{Pos, RawMove};
use super::precedence::{self, CaptureFacts};
use super::spec::{PassingPromotion, Precedence};

/// Longest capture the generator can follow (more than any side's pieces on any board).
pub(crate) const MAX_PATH: usize = 64;

/// The capture path being explored: bit index of each captured piece and of the landing
/// square after it.
#[derive(Clone, Debug)]
pub(crate) struct Path {
    pub captured: [u8; MAX_PATH],
    pub landings: [u8; MAX_PATH],
    pub len: usize,
    /// Some of the path was travelled by a king (from the start, or after a crowning on the
    /// way): only then can another path take the same pieces in the same order.
    pub by_king: bool,
}

impl Path {
    fn new() -> Path {
        Path {
            captured: [0; MAX_PATH],
            landings: [0; MAX_PATH],
            len: 0,
            by_king: false,
        }
    }

    #[inline(always)]
    fn push(&mut self, captured: u32, landing: u32) {
        self.captured[self.len] = captured as u8;
        self.landings[self.len] = landing as u8;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.len -= 1;
    }

    /// The captured pieces in order.
    pub fn order(&self) -> &[u8] {
        &self.captured[..self.len]
    }
}

/// Receives complete captures.
pub(crate) trait Sink<B> {
    /// Wants every landing-square path: also those that land further behind a piece and
    /// go on along the same line (same captures as landing directly behind it).
    const ALL_LANDINGS: bool = false;
    /// Drops everything received so far (a better capture was found).
    fn clear(&mut self);
    /// Takes one complete capture with its path and precedence key.
    fn push(&mut self, m: RawMove<B>, path: &Path, key: u64);
}

/// The plain sink: one move per (from, to, captured set, promotion).
impl<B: Bits> Sink<B> for Vec<RawMove<B>> {
    fn clear(&mut self) {
        Vec::clear(self);
    }

    #[inline]
    fn push(&mut self, m: RawMove<B>, path: &Path, _key: u64) {
        // One or two captured pieces cannot be taken in two orders between the same squares
        // by a man; for kings the check is cheap anyway.
        if path.len >= 2 && self.contains(&m) {
            return;
        }
        Vec::push(self, m);
    }
}

/// Generates the captures of the side to move into `sink`. With `filter`, only the captures
/// the precedence rule allows are kept; without it, every complete capture sequence is.
/// Nothing is generated exactly when the side to move has no capture.
pub(crate) fn generate<B: Bits, G: RuleSet<B>, S: Sink<B>>(
    rs: G,
    pos: &Pos<B>,
    sink: &mut S,
    filter: bool,
) {
    let (men, kings) = (capturing_men(rs, pos), capturing_kings(rs, pos));
    search(rs, pos, sink, filter, men, kings);
}

/// The legal captures of the piece on `from` (a bit), among others a sink that keeps only
/// those may see: with `fast` under the free precedence rule that piece alone is searched (no
/// other piece's capture can rule one of its captures out), else every piece, as [`generate`].
pub(crate) fn generate_from<B: Bits, G: RuleSet<B>, S: Sink<B>>(
    rs: G,
    pos: &Pos<B>,
    sink: &mut S,
    from: B,
    fast: bool,
) {
    if fast && rs.precedence() == Precedence::Free {
        let (men, kings) = (
            capturing_men(rs, pos) & from,
            capturing_kings(rs, pos) & from,
        );
        search(rs, pos, sink, true, men, kings);
    } else {
        generate(rs, pos, sink, true);
    }
}

/// The search of [`generate`] from the capturing `men` and `kings` of the side to move.
#[inline(always)]
fn search<B: Bits, G: RuleSet<B>, S: Sink<B>>(
    rs: G,
    pos: &Pos<B>,
    sink: &mut S,
    filter: bool,
    men: B,
    kings: B,
) {
    if men.is_empty() && kings.is_empty() {
        return;
    }
    let me = pos.mover(rs);
    let own = pos.pieces[me];
    let opp = pos.pieces[me ^ 1];
    let mut g = Search {
        rs,
        sink,
        filter,
        best: 0,
        side: me,
        from: 0,
        by_king: false,
        promoted: false,
        base_empty: B::ZERO,
        own,
        opp,
        opp_kings: opp & pos.kings,
        captured: B::ZERO,
        path: Path::new(),
        track_order: rs.precedence() == Precedence::Italian,
    };
    for man in men.singles() {
        g.start(man, false);
        g.man(man, NO_DIR);
    }
    for king in kings.singles() {
        g.start(king, true);
        g.king(king, NO_DIR, true);
    }
}

/// The men of the side to move that have a first jump (only they need a search).
#[inline]
fn capturing_men<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>) -> B {
    let me = pos.mover(rs);
    let men = pos.pieces[me] & !pos.kings;
    let opp = pos.pieces[me ^ 1];
    let targets = if rs.men_take_kings() {
        opp
    } else {
        opp & !pos.kings
    };
    let empty = rs.board() & !pos.occupied();
    let mut from = B::ZERO;
    for d in rs.man_captures(me) {
        let lands = d.step(d.step(men) & targets) & empty;
        from |= d.back(d.back(lands));
    }
    from
}

/// The kings of the side to move that have a first jump: walk each line out from the kings
/// to the first piece, keep the enemy pieces with a free square behind, walk back to the
/// kings that see them.
#[inline]
fn capturing_kings<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>) -> B {
    let me = pos.mover(rs);
    let kings = pos.pieces[me] & pos.kings;
    if kings.is_empty() {
        return kings;
    }
    let opp = pos.pieces[me ^ 1];
    let empty = rs.board() & !pos.occupied();
    let mut from = B::ZERO;
    for d in rs.king_captures() {
        let back = rs.dir(d.index as usize ^ 1);
        let mut ray = d.step(kings);
        let mut hit = B::ZERO;
        while ray.any() {
            hit |= ray & opp;
            ray = if rs.flying() {
                d.step(ray & empty)
            } else {
                B::ZERO
            };
        }
        let victims = back.step(d.step(hit) & empty);
        let mut seen = back.step(victims);
        while seen.any() {
            from |= seen & kings;
            seen = if rs.flying() {
                back.step(seen & empty)
            } else {
                B::ZERO
            };
        }
    }
    from
}

/// "No previous direction".
const NO_DIR: usize = 8;

struct Search<'a, B, G, S> {
    rs: G,
    sink: &'a mut S,
    filter: bool,
    best: u64,
    side: usize,
    from: u8,
    by_king: bool,
    /// A man crowned during this capture, now capturing as a king (Russian).
    promoted: bool,
    /// Empty squares at the start, with the moving piece's square counted as empty.
    base_empty: B,
    own: B,
    opp: B,
    opp_kings: B,
    captured: B,
    path: Path,
    track_order: bool,
}

impl<B: Bits, G: RuleSet<B>, S: Sink<B>> Search<'_, B, G, S> {
    fn start(&mut self, piece: B, king: bool) {
        self.from = piece.lowest() as u8;
        self.by_king = king;
        // The moving piece's own square counts as empty (circular captures).
        self.base_empty = self.rs.board() & !(self.opp | (self.own & !piece));
        self.captured = B::ZERO;
        self.path.len = 0;
    }

    #[inline(always)]
    fn empty(&self) -> B {
        if self.rs.immediate() {
            self.base_empty | self.captured
        } else {
            self.base_empty
        }
    }

    #[inline(always)]
    fn king_targets(&self) -> B {
        self.opp & !self.captured
    }

    #[inline(always)]
    fn man_targets(&self) -> B {
        if self.rs.men_take_kings() {
            self.opp & !self.captured
        } else {
            self.opp & !self.captured & !self.opp_kings
        }
    }

    /// Man captures from `sq`; true when at least one jump was possible.
    fn man(&mut self, sq: B, last: usize) -> bool {
        let rs = self.rs;
        // Both are restored after each jump, so they hold for the whole loop.
        let (targets, empty) = (self.man_targets(), self.empty());
        let dirs = rs.man_captures(self.side);
        // Which directions jump, for all of them first: a loop without calls, which the
        // compiler unrolls into shifts by constants for a fixed rule set. Then each jump is
        // followed.
        let mut jumps = 0u32;
        for (i, d) in dirs.iter().enumerate() {
            let reverse = last != NO_DIR && d.index as usize == last ^ 1 && rs.block_reverse();
            if !reverse && (d.step(d.step(sq) & targets) & empty).any() {
                jumps |= 1 << i;
            }
        }
        let found = jumps != 0;
        while jumps != 0 {
            let d = dirs[jumps.trailing_zeros() as usize];
            jumps &= jumps - 1;
            let victim = d.step(sq) & targets;
            let land = d.step(victim) & empty;
            self.captured |= victim;
            self.path.push(victim.lowest(), land.lowest());
            self.after_man_jump(land, d.index as usize);
            self.path.pop();
            self.captured &= !victim;
        }
        found
    }

    /// Continues (or ends) a man's capture that has just landed on `land`.
    fn after_man_jump(&mut self, land: B, di: usize) {
        let promo = (land & self.rs.promotion(self.side)).any();
        match (promo, self.rs.passing_promotion()) {
            (true, PassingPromotion::EndsMove) => self.emit(land, true),
            (true, PassingPromotion::ContinuesAsKing) => {
                self.promoted = true;
                if !self.king(land, di, true) {
                    self.emit(land, true);
                }
                self.promoted = false;
            }
            _ => {
                if !self.man(land, di) {
                    self.emit(land, promo);
                }
            }
        }
    }

    /// King captures from `sq`. `last` is the direction of the previous jump; `first` says
    /// whether `sq` is the square directly behind the last captured piece (only from there
    /// is going on along the same line explored, unless the sink wants every landing path:
    /// further landings would find the same piece). True when at least one jump was
    /// possible.
    fn king(&mut self, sq: B, last: usize, first: bool) -> bool {
        let mut found = false;
        let rs = self.rs;
        for d in rs.king_captures() {
            let di = d.index as usize;
            if last != NO_DIR {
                if di == last ^ 1 && rs.block_reverse() {
                    continue;
                }
                if di == last && !first && !S::ALL_LANDINGS {
                    continue;
                }
            }
            let empty = self.empty();
            let mut x = d.step(sq);
            if rs.flying() {
                while (x & empty).any() {
                    x = d.step(x);
                }
            }
            let victim = x & self.king_targets();
            if victim.is_empty() {
                continue;
            }
            let mut land = d.step(victim) & empty;
            if land.is_empty() {
                continue;
            }
            found = true;
            self.captured |= victim;
            let mut continued = false;
            let mut finals = B::ZERO;
            let mut first_landing = true;
            while land.any() {
                self.path.push(victim.lowest(), land.lowest());
                if self.king(land, di, first_landing) {
                    continued = true;
                } else {
                    finals |= land;
                }
                self.path.pop();
                if !rs.multi_landing() {
                    break;
                }
                land = d.step(land) & empty;
                first_landing = false;
            }
            // Where the capture can go on from some landing square, it must.
            if !continued {
                for f in finals.singles() {
                    self.path.push(victim.lowest(), f.lowest());
                    self.emit(f, self.promoted);
                    self.path.pop();
                }
            }
            self.captured &= !victim;
        }
        found
    }

    /// Hands a complete capture ending on `to` to the sink, subject to precedence.
    fn emit(&mut self, to: B, promote: bool) {
        // One piece per step of the path.
        let facts = CaptureFacts {
            by_king: self.by_king,
            count: self.path.len as u32,
            kings: if self.opp_kings.any() {
                (self.captured & self.opp_kings).count()
            } else {
                0
            },
            king_positions: if self.track_order {
                self.king_positions()
            } else {
                0
            },
        };
        let key = precedence::key(self.rs.precedence(), &facts);
        if self.filter {
            if key < self.best {
                return;
            }
            if key > self.best {
                self.sink.clear();
                self.best = key;
            }
        }
        self.path.by_king = self.by_king || self.promoted;
        let m = RawMove {
            from: self.from,
            to: to.lowest() as u8,
            promote,
            captured: self.captured,
        };
        self.sink.push(m, &self.path, key);
    }

    fn king_positions(&self) -> u64 {
        let mut bits = 0u64;
        for (i, &c) in self.path.order().iter().enumerate().take(64) {
            if (self.opp_kings & B::bit(c as u32)).any() {
                bits |= 1 << i;
            }
        }
        bits
    }
}
