//! The bitboard position the generator works on, quiet moves, capture detection and move
//! application. Captures themselves are in `capture.rs`. Everything here is crate-private;
//! the public face is `Position`.

use super::bits::Bits;
use super::ctx::Ctx;

/// Frisian king-move streak of one side: which king (bit index) made `count` quiet moves in a
/// row. `count == 0` means no streak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Streak {
    pub bit: u8,
    pub count: u8,
}

/// Pieces by side (0 White, 1 Black), kings of both sides, side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pos<B> {
    pub pieces: [B; 2],
    pub kings: B,
    pub side: usize,
    pub streak: [Streak; 2],
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
            side: 0,
            streak: [Streak::default(); 2],
        }
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.pieces[0] | self.pieces[1]
    }

    /// The king of the side to move that may not make another quiet move (Frisian).
    #[inline(always)]
    pub fn frozen_king(&self, ctx: &Ctx<B>) -> B {
        let Some(limit) = ctx.rules.king_move_limit else {
            return B::ZERO;
        };
        let s = self.streak[self.side];
        let has_men = (self.pieces[self.side] & !self.kings).any();
        if s.count >= limit && has_men {
            B::bit(s.bit as u32)
        } else {
            B::ZERO
        }
    }

    /// The position after `m` (which must be legal here).
    #[inline(always)]
    pub fn apply(&self, ctx: &Ctx<B>, m: &RawMove<B>) -> Pos<B> {
        let me = self.side;
        let from = B::bit(m.from as u32);
        let to = B::bit(m.to as u32);
        let was_king = (self.kings & from).any();
        let mut next = *self;
        next.pieces[me] = (next.pieces[me] & !from) | to;
        next.pieces[me ^ 1] &= !m.captured;
        next.kings &= !m.captured;
        if was_king {
            next.kings = (next.kings & !from) | to;
        } else if m.promote {
            next.kings |= to;
        }
        next.side = me ^ 1;
        if ctx.rules.king_move_limit.is_some() {
            next.update_streaks(me, was_king, m);
        }
        next
    }

    fn update_streaks(&mut self, me: usize, was_king: bool, m: &RawMove<B>) {
        let s = &mut self.streak[me];
        if was_king && m.captured.is_empty() {
            let same = s.count > 0 && s.bit == m.from;
            *s = Streak {
                bit: m.to,
                count: if same { s.count.saturating_add(1) } else { 1 },
            };
        } else {
            *s = Streak::default();
        }
        let theirs = &mut self.streak[me ^ 1];
        if theirs.count > 0 && (m.captured & B::bit(theirs.bit as u32)).any() {
            *theirs = Streak::default();
        }
    }
}

/// True when the side to move has a capture.
#[inline]
pub(crate) fn has_capture<B: Bits>(ctx: &Ctx<B>, pos: &Pos<B>) -> bool {
    let me = pos.side;
    let opp = pos.pieces[me ^ 1];
    let empty = ctx.layout.board & !pos.occupied();
    let men = pos.pieces[me] & !pos.kings;
    let men_targets = if ctx.rules.men_capture_kings {
        opp
    } else {
        opp & !pos.kings
    };
    if men.any() {
        for d in ctx.man_captures[me].as_slice() {
            if (d.step(d.step(men) & men_targets) & empty).any() {
                return true;
            }
        }
    }
    let kings = pos.pieces[me] & pos.kings;
    if kings.is_empty() {
        return false;
    }
    for d in ctx.king_captures.as_slice() {
        let hit = if ctx.flying {
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

/// Appends the quiet (non-capturing) moves of the side to move.
pub(crate) fn quiet_moves<B: Bits>(ctx: &Ctx<B>, pos: &Pos<B>, out: &mut Vec<RawMove<B>>) {
    let me = pos.side;
    let empty = ctx.layout.board & !pos.occupied();
    let men = pos.pieces[me] & !pos.kings;
    let promo = ctx.layout.promotion[me];
    for d in ctx.man_steps[me].as_slice() {
        for to in (d.step(men) & empty).singles() {
            out.push(RawMove {
                from: d.back(to).lowest() as u8,
                to: to.lowest() as u8,
                promote: (to & promo).any(),
                captured: B::ZERO,
            });
        }
    }
    let kings = pos.pieces[me] & pos.kings & !pos.frozen_king(ctx);
    for k in kings.singles() {
        let from = k.lowest() as u8;
        for d in ctx.king_steps.as_slice() {
            let mut to = d.step(k) & empty;
            while to.any() {
                out.push(RawMove {
                    from,
                    to: to.lowest() as u8,
                    promote: false,
                    captured: B::ZERO,
                });
                if !ctx.flying {
                    break;
                }
                to = d.step(to) & empty;
            }
        }
    }
}

/// Number of quiet moves of the side to move (what [`quiet_moves`] would append).
#[inline]
pub(crate) fn count_quiet<B: Bits>(ctx: &Ctx<B>, pos: &Pos<B>) -> u64 {
    let me = pos.side;
    let empty = ctx.layout.board & !pos.occupied();
    let men = pos.pieces[me] & !pos.kings;
    let mut n = 0u64;
    for d in ctx.man_steps[me].as_slice() {
        n += (d.step(men) & empty).count() as u64;
    }
    let kings = pos.pieces[me] & pos.kings & !pos.frozen_king(ctx);
    if kings.is_empty() {
        return n;
    }
    for d in ctx.king_steps.as_slice() {
        let mut to = d.step(kings) & empty;
        if !ctx.flying {
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
