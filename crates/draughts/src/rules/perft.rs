//! Perft: counting the leaves of the move tree to a fixed depth, the standard check of a
//! move generator against published tables. Two counting modes: `Drop` counts
//! one move per (from, to, captured set); `Keep` counts every capture order separately.

use std::marker::PhantomData;

use super::bits::Bits;
use super::capture::{self, Path, Sink};
use super::ctx::RuleSet;
use super::engine::{self, Pos, RawMove};
use super::position::{Position, on_words_with_rules};
use super::sided::{Black, Side, Sided, White};
use crate::Notation;

/// How captures that take the same pieces in different orders are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountMode {
    /// One move per (from, to, captured set): the FMJD-forum / Scan convention.
    Drop,
    /// One move per capture order: dctl's "keep duplicates", Aart Bik's checkers numbers.
    Keep,
    /// One move per capture path, landing squares included: a king that may land on
    /// several squares behind a piece and go on along the same line counts once per
    /// landing square (the kish crate's Turkish numbers).
    Paths,
}

/// Leaves of the move tree `depth` plies deep. With `bulk`, the last ply is counted without
/// playing its moves (same result, much faster), and captures that are all single jumps of
/// men are listed without the capture search; without it, every move is found by the full
/// generator.
pub fn perft(pos: &Position, depth: u32, mode: CountMode, bulk: bool) -> u64 {
    on_words_with_rules!(pos.inner(), _c, rs, p => Counter::new(rs, depth, mode, bulk).run(p))
}

/// Perft split by root move: `(move text, leaves)` in generation order. Captures are written
/// in the short form unless two root moves would read the same, then in the long form.
pub fn divide(
    pos: &Position,
    depth: u32,
    mode: CountMode,
    bulk: bool,
    notation: &Notation,
) -> Vec<(String, u64)> {
    let moves = match mode {
        CountMode::Drop => pos.legal_moves(),
        CountMode::Keep => keep_root_moves(pos),
        CountMode::Paths if pos.has_capture() => pos.legal_capture_paths_all(),
        CountMode::Paths => pos.legal_moves(),
    };
    let sep = pos.rules().capture_separator;
    let short: Vec<String> = moves.iter().map(|m| m.text(notation, sep, false)).collect();
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let ambiguous = short.iter().filter(|s| **s == short[i]).count() > 1;
            let text = if ambiguous {
                m.text(notation, sep, true)
            } else {
                short[i].clone()
            };
            let n = if depth <= 1 {
                1
            } else {
                perft(&pos.played(m), depth - 1, mode, bulk)
            };
            (text, n)
        })
        .collect()
}

/// Root moves in `Keep` mode: one per capture order.
fn keep_root_moves(pos: &Position) -> Vec<super::Move> {
    if !pos.has_capture() {
        return pos.legal_moves();
    }
    let mut out: Vec<super::Move> = Vec::new();
    for m in pos.legal_capture_paths() {
        if !out
            .iter()
            .any(|x| x.same_effect(&m) && x.captures() == m.captures())
        {
            out.push(m);
        }
    }
    out
}

/// The body of [`Counter::count`] for positions where `$side` is to move, recursing into
/// `$count` for the other side: written once for the two compilations of the counter (with and
/// without the processor's population count).
macro_rules! count_body {
    ($self:ident, $side:ident, $pos:ident, $depth:ident, $bufs:ident, $count:ident) => {{
        debug_assert_eq!($pos.side(), $side::INDEX);
        let rs = Sided::<G, $side>::new($self.rs);
        let Some((buf, rest)) = $bufs.split_first_mut() else {
            return 1;
        };
        if $depth == 1 && $self.bulk {
            return $self.count_leaves(rs, $pos, buf);
        }
        $self.generate(rs, $pos, buf);
        if $depth == 1 {
            return buf.len() as u64;
        }
        let mut n = 0;
        if $depth == 2 && $self.bulk {
            let (leaf_buf, _) = rest.split_first_mut().expect("a buffer per ply");
            let next = Sided::<G, <$side as Side>::Other>::new($self.rs);
            for m in buf.iter() {
                n += $self.count_leaves(next, &$pos.apply(rs, m), leaf_buf);
            }
        } else {
            for m in buf.iter() {
                n += $self.$count::<<$side as Side>::Other>(&$pos.apply(rs, m), $depth - 1, rest);
            }
        }
        n
    }};
}

/// Per-run state: the rules, the counting mode and the `Keep` scratch. Move buffers, one
/// per ply, are passed down the recursion as a shrinking slice. Each ply is counted with the
/// rule set compiled for its side to move ([`Sided`]).
struct Counter<B, G> {
    rs: G,
    word: PhantomData<B>,
    orders: Vec<u8>,
    spans: Vec<(u32, u32, u8)>,
    mode: CountMode,
    bulk: bool,
    depth: u32,
}

impl<B: Bits, G: RuleSet<B>> Counter<B, G> {
    fn new(rs: G, depth: u32, mode: CountMode, bulk: bool) -> Self {
        Counter {
            rs,
            word: PhantomData,
            orders: Vec::new(),
            spans: Vec::new(),
            mode,
            bulk,
            depth,
        }
    }

    fn run(&mut self, pos: &Pos<B>) -> u64 {
        let mut bufs: Vec<Vec<RawMove<B>>> =
            (0..self.depth).map(|_| Vec::with_capacity(128)).collect();
        // The leaves are counted with population counts: the processor's own instruction where
        // it has one (the release binary targets baseline x86-64, which lacks it).
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt") {
            return self.count_with_popcnt(pos, &mut bufs);
        }
        match pos.side() {
            0 => self.count::<White>(pos, self.depth, &mut bufs),
            _ => self.count::<Black>(pos, self.depth, &mut bufs),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    fn count_with_popcnt(&mut self, pos: &Pos<B>, bufs: &mut [Vec<RawMove<B>>]) -> u64 {
        // SAFETY: the caller has checked that the processor has POPCNT, the one feature
        // `count_popcnt` is compiled for; it has no other precondition.
        unsafe {
            match pos.side() {
                0 => self.count_popcnt::<White>(pos, self.depth, bufs),
                _ => self.count_popcnt::<Black>(pos, self.depth, bufs),
            }
        }
    }

    fn count<S: Side>(&mut self, pos: &Pos<B>, depth: u32, bufs: &mut [Vec<RawMove<B>>]) -> u64 {
        count_body!(self, S, pos, depth, bufs, count)
    }

    /// [`Self::count`] compiled for POPCNT, with the leaf counts inlined into it.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_popcnt<S: Side>(
        &mut self,
        pos: &Pos<B>,
        depth: u32,
        bufs: &mut [Vec<RawMove<B>>],
    ) -> u64 {
        count_body!(self, S, pos, depth, bufs, count_popcnt)
    }

    /// Number of legal moves, without generating quiet ones.
    #[inline(always)]
    fn count_leaves<R: RuleSet<B>>(
        &mut self,
        rs: R,
        pos: &Pos<B>,
        buf: &mut Vec<RawMove<B>>,
    ) -> u64 {
        if let Some(lands) = engine::single_man_jumps(rs, pos) {
            return engine::count_single_man_moves(rs, pos, &lands);
        }
        self.searched_captures(rs, pos, buf);
        if buf.is_empty() {
            engine::count_quiet(rs, pos)
        } else {
            buf.len() as u64
        }
    }

    fn generate<R: RuleSet<B>>(&mut self, rs: R, pos: &Pos<B>, buf: &mut Vec<RawMove<B>>) {
        // The capture search finds nothing exactly when there is no capture.
        self.captures(rs, pos, buf);
        if buf.is_empty() {
            engine::quiet_moves(rs, pos, buf);
        }
    }

    fn captures<R: RuleSet<B>>(&mut self, rs: R, pos: &Pos<B>, buf: &mut Vec<RawMove<B>>) {
        // Counting in bulk, the shortcut of the leaves serves inside the tree too: where every
        // capture is one man's single jump, the jumps are listed without the search.
        if self.bulk
            && let Some(lands) = engine::single_man_jumps(rs, pos)
        {
            buf.clear();
            engine::single_jumps(rs, pos, &lands, buf);
            return;
        }
        self.searched_captures(rs, pos, buf);
    }

    /// The captures, by the search.
    fn searched_captures<R: RuleSet<B>>(&mut self, rs: R, pos: &Pos<B>, buf: &mut Vec<RawMove<B>>) {
        buf.clear();
        match self.mode {
            CountMode::Drop => capture::generate(rs, pos, buf, true),
            CountMode::Paths => capture::generate(rs, pos, &mut EveryPath(buf), true),
            CountMode::Keep => {
                self.orders.clear();
                self.spans.clear();
                let mut sink = KeepSink {
                    out: buf,
                    orders: &mut self.orders,
                    spans: &mut self.spans,
                };
                capture::generate(rs, pos, &mut sink, true);
            }
        }
    }
}

/// Every path, no merging.
struct EveryPath<'a, B>(&'a mut Vec<RawMove<B>>);

impl<B: Bits> Sink<B> for EveryPath<'_, B> {
    const ALL_LANDINGS: bool = true;

    fn clear(&mut self) {
        self.0.clear();
    }

    fn push(&mut self, m: RawMove<B>, _path: &Path, _key: u64) {
        self.0.push(m);
    }
}

/// One move per (from, to, captured pieces in order).
struct KeepSink<'a, B> {
    out: &'a mut Vec<RawMove<B>>,
    orders: &'a mut Vec<u8>,
    /// The kings' captures kept: index in `out`, and the span of their order in `orders`.
    spans: &'a mut Vec<(u32, u32, u8)>,
}

impl<B: Bits> Sink<B> for KeepSink<'_, B> {
    fn clear(&mut self) {
        self.out.clear();
        self.orders.clear();
        self.spans.clear();
    }

    fn push(&mut self, m: RawMove<B>, path: &Path, _key: u64) {
        // A man jumps to the square behind each piece it takes: the order of the pieces is its
        // whole path, found once. Only a king's capture may come again by another path.
        if !path.by_king {
            self.out.push(m);
            return;
        }
        let order = path.order();
        let dup = self.spans.iter().any(|&(at, s, l)| {
            self.out[at as usize] == m && &self.orders[s as usize..s as usize + l as usize] == order
        });
        if dup {
            return;
        }
        self.spans.push((
            self.out.len() as u32,
            self.orders.len() as u32,
            order.len() as u8,
        ));
        self.orders.extend_from_slice(order);
        self.out.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::rules::variant::all_rule_sets;
    use crate::test_rng::TestRng;

    /// The counter compiled for each fixed rule set counts what the counter reading the
    /// context counts (fast paths off), in every mode, along random games of every rule set.
    #[test]
    fn fixed_counter_counts_as_the_context() {
        let mut rng = TestRng::new(0x9e37_79b9_7f4a_7c15);
        for rules in all_rule_sets() {
            let mut compared = 0;
            for _ in 0..4 {
                let mut pos = Position::initial(rules);
                for ply in 0..150 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    if ply % 8 == 0 {
                        let reference = pos.with_fast_paths(false);
                        assert!(pos.fast_paths() && !reference.fast_paths());
                        for mode in [CountMode::Drop, CountMode::Keep, CountMode::Paths] {
                            for bulk in [false, true] {
                                assert_eq!(
                                    perft(&pos, 3, mode, bulk),
                                    perft(&reference, 3, mode, bulk),
                                    "{} {mode:?} bulk {bulk} at ply {ply}",
                                    rules.name
                                );
                            }
                        }
                        compared += 1;
                    }
                    pos.play(&moves[rng.below(moves.len())]);
                }
            }
            assert!(
                compared > 15,
                "{}: {compared} positions compared",
                rules.name
            );
        }
    }

    /// Counting in keep mode lists as many moves as there are distinct (effect, capture
    /// order) among the legal capture paths, in random positions of kings and men of every
    /// variant, where kings take the same pieces in the same order by several paths.
    #[test]
    fn keep_counts_one_move_per_capture_order() {
        use crate::{Config, Fen, GameState, Square};
        let mut rng = TestRng::new(0x6b65_6570_2026_1202);
        let (mut positions, mut merged) = (0, 0);
        for v in Variant::ALL {
            let config = Config::standard(v);
            let names = config.notation.names();
            let squares: Vec<Square> = Position::initial(v.rules()).geometry().all().collect();
            for _ in 0..600 {
                // Up to three white kings and one to three men against four to nine black
                // men, White to move.
                let mut taken: Vec<Square> = Vec::new();
                let mut pick = |rng: &mut TestRng, king: bool| {
                    let sq = loop {
                        let sq = squares[rng.below(squares.len())];
                        if !taken.contains(&sq) {
                            taken.push(sq);
                            break sq;
                        }
                    };
                    let mut name = String::from(if king { "K" } else { "" });
                    names.push_name(&mut name, sq);
                    name
                };
                let kings = rng.below(4);
                let white: Vec<String> = (0..kings + 1 + rng.below(3))
                    .map(|i| pick(&mut rng, i < kings))
                    .collect();
                let black: Vec<String> = (0..4 + rng.below(6))
                    .map(|_| pick(&mut rng, false))
                    .collect();
                let fen = format!("W:W{}:B{}", white.join(","), black.join(","));
                let Ok(game) = GameState::from_fen(&Fen::parse(&fen).unwrap(), config) else {
                    continue;
                };
                let pos = game.position();
                if !pos.has_capture() {
                    continue;
                }
                let listed = keep_root_moves(pos);
                for bulk in [false, true] {
                    let n = perft(pos, 1, CountMode::Keep, bulk);
                    assert_eq!(n, listed.len() as u64, "{v} bulk {bulk}: {fen}");
                }
                positions += 1;
                merged += usize::from(pos.legal_capture_paths().len() > listed.len());
            }
        }
        assert!(
            positions > 1000 && merged > 20,
            "{positions} positions with captures, {merged} where paths merged"
        );
    }
}
