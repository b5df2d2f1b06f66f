//! The bitboard position the generator works on, quiet moves, capture detection and move
//! application. Captures themselves are in `capture.rs`. Everything here is crate-private;
//! the public face is `Position`.

use super::bits::Bits;
use super::ctx::RuleSet;

/// Frisian king-move streak of one side: which king (bit index) made `count` quiet moves in a
/// row. `count == 0` means no streak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Streak {
    pub bit: u8,
    pub count: u8,
}

/// Pieces by side (0 White, 1 Black), kings of both sides, and in one word the side to move
/// (bit 0) and both sides' king-move streaks (bits 8–23 and 24–39). One word, so that a new
/// position is written and read in whole words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pos<B> {
    pub pieces: [B; 2],
    pub kings: B,
    meta: u64,
}

/// A move as the generator sees it: bit indices and the captured set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RawMove<B> {
    pub from: u8,
    pub to: u8,
    pub promote: bool,
    pub captured: B,
}

impl<B: Bits> Pos<B> {
    /// Empty board, White to move.
    pub fn empty() -> Pos<B> {
        Pos {
            pieces: [B::ZERO; 2],
            kings: B::ZERO,
            meta: 0,
        }
    }

    /// Side to move: 0 White, 1 Black.
    #[inline(always)]
    pub fn side(&self) -> usize {
        (self.meta & 1) as usize
    }

    /// The side to move, as the rule set `rs` knows it: a rule set compiled for one side to
    /// move ([`super::sided::Sided`]) answers with a constant.
    #[inline(always)]
    pub fn mover<G: RuleSet<B>>(&self, rs: G) -> usize {
        rs.to_move(self.side())
    }

    /// Sets the side to move.
    pub fn set_side(&mut self, side: usize) {
        self.meta = (self.meta & !1) | (side as u64 & 1);
    }

    /// King-move streak of `side`.
    #[inline(always)]
    pub fn streak(&self, side: usize) -> Streak {
        let x = self.meta >> (8 + 16 * side);
        Streak {
            bit: x as u8,
            count: (x >> 8) as u8,
        }
    }

    /// Sets the king-move streak of `side`.
    pub fn set_streak(&mut self, side: usize, s: Streak) {
        let shift = 8 + 16 * side;
        let value = (s.bit as u64 | (s.count as u64) << 8) << shift;
        self.meta = (self.meta & !(0xFFFF << shift)) | value;
    }

    /// True when a king stands on bit `i`.
    #[inline(always)]
    pub fn king_on(&self, i: u8) -> bool {
        (self.kings & B::bit(i as u32)).any()
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.pieces[0] | self.pieces[1]
    }

    /// The king of the side to move that may not make another quiet move (Frisian).
    #[inline(always)]
    pub fn frozen_king<G: RuleSet<B>>(&self, rs: G) -> B {
        let Some(limit) = rs.king_move_limit() else {
            return B::ZERO;
        };
        let side = self.mover(rs);
        let s = self.streak(side);
        let has_men = (self.pieces[side] & !self.kings).any();
        if s.count >= limit && has_men {
            B::bit(s.bit as u32)
        } else {
            B::ZERO
        }
    }

    /// The position after `m` (which must be legal here).
    #[inline(always)]
    pub fn apply<G: RuleSet<B>>(&self, rs: G, m: &RawMove<B>) -> Pos<B> {
        let me = self.mover(rs);
        let from = B::bit(m.from as u32);
        let to = B::bit(m.to as u32);
        let was_king = (self.kings & from).any();
        let mover = (self.pieces[me] & !from) | to;
        let other = self.pieces[me ^ 1] & !m.captured;
        let kings = self.kings & !m.captured;
        let kings = if was_king {
            (kings & !from) | to
        } else if m.promote {
            kings | to
        } else {
            kings
        };
        // Built field by field (not copied and patched) so the new value is written once.
        let mut next = Pos {
            pieces: if me == 0 {
                [mover, other]
            } else {
                [other, mover]
            },
            kings,
            meta: self.meta ^ 1,
        };
        if rs.track_streaks() {
            next.update_streaks(me, was_king, m);
        }
        next
    }

    fn update_streaks(&mut self, me: usize, was_king: bool, m: &RawMove<B>) {
        let s = self.streak(me);
        let mine = if was_king && m.captured.is_empty() {
            let same = s.count > 0 && s.bit == m.from;
            Streak {
                bit: m.to,
                count: if same { s.count.saturating_add(1) } else { 1 },
            }
        } else {
            Streak::default()
        };
        self.set_streak(me, mine);
        let theirs = self.streak(me ^ 1);
        if theirs.count > 0 && (m.captured & B::bit(theirs.bit as u32)).any() {
            self.set_streak(me ^ 1, Streak::default());
        }
    }
}

/// True when the side to move has a capture.
#[inline(always)]
pub(crate) fn has_capture<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>) -> bool {
    let me = pos.mover(rs);
    let opp = pos.pieces[me ^ 1];
    let empty = rs.board() & !pos.occupied();
    let men = pos.pieces[me] & !pos.kings;
    let men_targets = if rs.men_take_kings() {
        opp
    } else {
        opp & !pos.kings
    };
    if men.any() {
        for d in rs.man_captures(me) {
            if (d.step(d.step(men) & men_targets) & empty).any() {
                return true;
            }
        }
    }
    let kings = pos.pieces[me] & pos.kings;
    if kings.is_empty() {
        return false;
    }
    for d in rs.king_captures() {
        let hit = if rs.flying() {
            let mut ray = d.step(kings);
            let mut hit = B::ZERO;
            while ray.any() {
                hit |= ray & opp;
                ray = d.step(ray & empty);
            }
            hit
        } else {
            d.step(kings) & opp
        };
        if (d.step(hit) & empty).any() {
            return true;
        }
    }
    false
}

/// When the side to move has only men, the precedence rule cannot tell single captures
/// apart (Italian men never take kings; value rules need enemy kings to tell), and no
/// capture can possibly go on after its first jump: the landing squares of the men's single
/// jumps, by capture direction (in the order of the rule set's man capture directions). Then every such jump is
/// a legal move, and there is no other capture. `None` when that is not sure and the
/// captures must be searched.
#[inline(always)]
pub(crate) fn single_man_jumps<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>) -> Option<[B; 8]> {
    let me = pos.mover(rs);
    let opp = pos.pieces[me ^ 1];
    let opp_kings = opp & pos.kings;
    if (pos.pieces[me] & pos.kings).any() || (!rs.kind_blind() && opp_kings.any()) {
        return None;
    }
    let men = pos.pieces[me];
    let targets = if rs.men_take_kings() {
        opp
    } else {
        opp ^ opp_kings
    };
    let empty = rs.board() & !(men | opp);
    // A second jump can neither land on the man's start square (that would retake the first
    // piece) nor on the first piece's square (it is next to the landing), so today's empty
    // squares and every enemy piece are a generous test for "could go on".
    let dirs = rs.man_captures(me);
    let mut lands = [B::ZERO; 8];
    let mut all_lands = B::ZERO;
    for (i, d) in dirs.iter().enumerate() {
        let l = d.step(d.step(men) & targets) & empty;
        lands[i & 7] = l;
        all_lands |= l;
    }
    if all_lands.any() {
        if rs.crowned_midway() && (all_lands & rs.promotion(me)).any() {
            return None;
        }
        for e in dirs {
            if (e.step(e.step(all_lands) & opp) & empty).any() {
                return None;
            }
        }
    }
    Some(lands)
}

/// Bulk-counting shortcut: the number of legal moves when every capture is a single jump of
/// a man (`lands` from [`single_man_jumps`]): the jumps, or the quiet moves when there is
/// none.
#[inline(always)]
pub(crate) fn count_single_man_moves<B: Bits, G: RuleSet<B>>(
    rs: G,
    pos: &Pos<B>,
    lands: &[B; 8],
) -> u64 {
    let n: u64 = lands.iter().map(|l| l.count() as u64).sum();
    if n > 0 {
        return n;
    }
    // No capture: count the men's steps (the side has no kings).
    let me = pos.mover(rs);
    let men = pos.pieces[me];
    let empty = rs.board() & !pos.occupied();
    rs.man_steps(me)
        .iter()
        .map(|d| (d.step(men) & empty).count() as u64)
        .sum()
}

/// Appends the jumps of [`single_man_jumps`] as moves.
#[inline]
pub(crate) fn single_jumps<B: Bits, G: RuleSet<B>>(
    rs: G,
    pos: &Pos<B>,
    lands: &[B; 8],
    out: &mut Vec<RawMove<B>>,
) {
    let me = pos.mover(rs);
    let promo = rs.promotion(me);
    for (d, l) in rs.man_captures(me).iter().zip(lands) {
        for to in l.singles() {
            let victim = d.back(to);
            out.push(RawMove {
                from: d.back(victim).lowest() as u8,
                to: to.lowest() as u8,
                promote: (to & promo).any(),
                captured: victim,
            });
        }
    }
}

/// The single jump of a man from bit `from` to bit `to` among the jumps of
/// [`single_man_jumps`], if there is one.
#[inline(always)]
pub(crate) fn single_jump_between<B: Bits, G: RuleSet<B>>(
    rs: G,
    pos: &Pos<B>,
    lands: &[B; 8],
    from: u8,
    to: u8,
) -> Option<RawMove<B>> {
    let me = pos.mover(rs);
    let (f, t) = (B::bit(from as u32), B::bit(to as u32));
    for (d, l) in rs.man_captures(me).iter().zip(lands) {
        if (*l & t).any() && d.back(d.back(t)) == f {
            return Some(RawMove {
                from,
                to,
                promote: (t & rs.promotion(me)).any(),
                captured: d.back(t),
            });
        }
    }
    None
}

/// Appends the quiet (non-capturing) moves of the side to move.
pub(crate) fn quiet_moves<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>, out: &mut Vec<RawMove<B>>) {
    let me = pos.mover(rs);
    let empty = rs.board() & !pos.occupied();
    let men = pos.pieces[me] & !pos.kings;
    let promo = rs.promotion(me);
    for d in rs.man_steps(me) {
        for to in (d.step(men) & empty).singles() {
            out.push(RawMove {
                from: d.back(to).lowest() as u8,
                to: to.lowest() as u8,
                promote: (to & promo).any(),
                captured: B::ZERO,
            });
        }
    }
    let kings = pos.pieces[me] & pos.kings & !pos.frozen_king(rs);
    for k in kings.singles() {
        let from = k.lowest() as u8;
        for d in rs.king_steps() {
            let mut to = d.step(k) & empty;
            while to.any() {
                out.push(RawMove {
                    from,
                    to: to.lowest() as u8,
                    promote: false,
                    captured: B::ZERO,
                });
                if !rs.flying() {
                    break;
                }
                to = d.step(to) & empty;
            }
        }
    }
}

/// The quiet move of the side to move from bit `from` to bit `to`, if [`quiet_moves`] would
/// list it: looks at the one piece only, without generating the other moves.
#[inline(always)]
pub(crate) fn find_quiet<B: Bits, G: RuleSet<B>>(
    rs: G,
    pos: &Pos<B>,
    from: u8,
    to: u8,
) -> Option<RawMove<B>> {
    let me = pos.mover(rs);
    let (f, t) = (B::bit(from as u32), B::bit(to as u32));
    let empty = rs.board() & !pos.occupied();
    if (pos.pieces[me] & f).is_empty() || (empty & t).is_empty() {
        return None;
    }
    let quiet = |promote| {
        Some(RawMove {
            from,
            to,
            promote,
            captured: B::ZERO,
        })
    };
    if (pos.kings & f).is_empty() {
        let steps = rs.man_steps(me);
        if steps.iter().any(|d| (d.step(f) & t).any()) {
            return quiet((t & rs.promotion(me)).any());
        }
        return None;
    }
    if (pos.frozen_king(rs) & f).any() {
        return None;
    }
    for d in rs.king_steps() {
        let mut at = d.step(f) & empty;
        while at.any() {
            if at == t {
                return quiet(false);
            }
            if !rs.flying() {
                break;
            }
            at = d.step(at) & empty;
        }
    }
    None
}

/// Number of quiet moves of the side to move (what [`quiet_moves`] would append).
#[inline(always)]
pub(crate) fn count_quiet<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>) -> u64 {
    let me = pos.mover(rs);
    let empty = rs.board() & !pos.occupied();
    let men = pos.pieces[me] & !pos.kings;
    let mut n = 0u64;
    for d in rs.man_steps(me) {
        n += (d.step(men) & empty).count() as u64;
    }
    let kings = pos.pieces[me] & pos.kings & !pos.frozen_king(rs);
    if kings.is_empty() {
        return n;
    }
    for d in rs.king_steps() {
        let mut to = d.step(kings) & empty;
        if !rs.flying() {
            n += to.count() as u64;
            continue;
        }
        while to.any() {
            n += to.count() as u64;
            to = d.step(to) & empty;
        }
    }
    n
}
