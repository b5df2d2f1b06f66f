//! End of game: wins by the variant's goal and draws by its rules.

use super::game::GameState;
use super::position::Position;
use super::spec::{DrawRule, Goal};
use crate::Colour;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has no legal move.
    NoMoves,
    /// The loser is left with a single piece (Ghanaian).
    LonePiece,
    /// The winner crowned the first king (Breakthrough).
    FirstKing,
    /// Antidraughts: the winner has no pieces or no legal move.
    Anti,
}

/// State of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// `winner` won.
    Win {
        /// The winner.
        winner: Colour,
        /// Why.
        reason: WinReason,
    },
    /// Drawn by this rule.
    Draw(DrawRule),
}

impl Outcome {
    /// True unless `Ongoing`.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// Men and kings of each side, counted once per decision (White first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Material([(usize, usize); 2]);

impl Material {
    fn of(pos: &Position) -> Material {
        Material([pos.count(Colour::White), pos.count(Colour::Black)])
    }

    /// (men, kings) of `c`.
    fn count(&self, c: Colour) -> (usize, usize) {
        self.0[usize::from(c == Colour::Black)]
    }

    /// Pieces of `c`.
    fn total(&self, c: Colour) -> usize {
        let (m, k) = self.count(c);
        m + k
    }
}

pub(crate) fn decide(game: &GameState, has_legal_move: impl FnOnce() -> bool) -> Outcome {
    let material = Material::of(game.position());
    if let Some(o) = decide_win(game.position(), &material, has_legal_move) {
        return o;
    }
    game.position()
        .rules()
        .draws
        .iter()
        .find(|r| !is_claim(r) && draw_applies(game, &material, r))
        .map_or(Outcome::Ongoing, |r| Outcome::Draw(*r))
}

pub(crate) fn claimable(game: &GameState) -> Option<DrawRule> {
    let rules = game.position().rules();
    let material = Material::of(game.position());
    rules
        .draws
        .iter()
        .find(|r| is_claim(r) && draw_applies(game, &material, r))
        .copied()
}

fn is_claim(r: &DrawRule) -> bool {
    matches!(r, DrawRule::KingMoves { claim: true, .. })
}

fn decide_win(
    pos: &Position,
    material: &Material,
    has_legal_move: impl FnOnce() -> bool,
) -> Option<Outcome> {
    let goal = pos.rules().goal;
    let mover = pos.side_to_move();
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    if goal == Goal::FirstKing {
        for c in [mover.opposite(), mover] {
            if material.count(c).1 > 0 {
                return win(c, WinReason::FirstKing);
            }
        }
    }
    if goal == Goal::LonePieceLoses {
        for c in [mover, mover.opposite()] {
            if material.total(c) == 1 && material.total(c.opposite()) > 1 {
                return win(c.opposite(), WinReason::LonePiece);
            }
        }
    }
    let stuck = if material.total(mover) == 0 {
        Some(WinReason::NoPieces)
    } else if !has_legal_move() {
        Some(WinReason::NoMoves)
    } else {
        None
    };
    stuck.and_then(|reason| match goal {
        Goal::Anti => win(mover, WinReason::Anti),
        _ => win(mover.opposite(), reason),
    })
}

/// The strong side's (men, kings) when the other side has a lone king.
fn lone_king_ending(material: &Material) -> Option<(usize, usize)> {
    for c in [Colour::White, Colour::Black] {
        if material.count(c) == (0, 1) {
            return Some(material.count(c.opposite()));
        }
    }
    None
}

fn draw_applies(game: &GameState, material: &Material, rule: &DrawRule) -> bool {
    let pos = game.position();
    let c = game.counters();
    match *rule {
        // The history holds each position since the last man move or capture once per
        // occurrence, so a shorter one cannot hold `n` occurrences.
        DrawRule::Repetition(n) => {
            game.history_len() >= n as usize && game.repetitions() >= n as usize
        }
        DrawRule::KingMoves { plies, .. } => c.king_moves >= plies as u32,
        DrawRule::FmjdEndgame => match lone_king_ending(material) {
            // 16-move rule: three pieces with at least one king; 5-move rule: two or fewer.
            Some((m, k)) if k >= 1 && m + k == 3 => c.same_material >= 32,
            Some((m, k)) if k >= 1 && m + k <= 2 => c.same_material >= 10,
            _ => false,
        },
        DrawRule::RussianEndgame => russian_endgame(pos, material, c.same_material),
        DrawRule::FrisianEndgame => frisian_endgame(pos, material, c.same_material),
        DrawRule::ThreeKingsVsKing { plies } => {
            lone_king_ending(material) == Some((0, 3)) && c.same_material >= plies as u32
        }
        DrawRule::OnePieceEach => {
            material.total(Colour::White) == 1 && material.total(Colour::Black) == 1
        }
    }
}

/// FMJD-64 7.2.4, 7.2.6–7.2.8 (7.2.3 and 7.2.5 are separate rules).
fn russian_endgame(pos: &Position, material: &Material, same: u32) -> bool {
    if let Some((m, k)) = lone_king_ending(material) {
        // 7.2.4: three or more kings against a lone king, 15 moves.
        if k >= 3 && same >= 30 {
            return true;
        }
        // 7.2.7: three pieces with a king against a lone king on the long diagonal, 5 moves.
        if k >= 1 && m + k == 3 && lone_king_on_main_diagonal(pos, material) && same >= 10 {
            return true;
        }
        // 7.2.8: two pieces or fewer with a king against a lone king, 5 moves.
        if k >= 1 && m + k <= 2 && same >= 10 {
            return true;
        }
    }
    // 7.2.6: both sides have kings, material unchanged: 30 moves with 4-5 pieces, 60 with 6-7.
    let (w, b) = (material.count(Colour::White), material.count(Colour::Black));
    let pieces = w.0 + w.1 + b.0 + b.1;
    w.1 > 0
        && b.1 > 0
        && match pieces {
            4 | 5 => same >= 60,
            6 | 7 => same >= 120,
            _ => false,
        }
}

fn lone_king_on_main_diagonal(pos: &Position, material: &Material) -> bool {
    let g = pos.geometry();
    [Colour::White, Colour::Black].into_iter().any(|c| {
        material.count(c) == (0, 1)
            && pos.pieces(c).iter().all(|sq| {
                let (x, y) = g.coords(sq);
                x == y
            })
    })
}

/// Frisian: 2 kings v 1 king, 7 moves each; 1 king each, drawn at once unless the kings
/// stand on the two ends of the main diagonal.
fn frisian_endgame(pos: &Position, material: &Material, same: u32) -> bool {
    let (w, b) = (material.count(Colour::White), material.count(Colour::Black));
    if (w == (0, 2) && b == (0, 1)) || (w == (0, 1) && b == (0, 2)) {
        return same >= 14;
    }
    if w == (0, 1) && b == (0, 1) {
        let g = pos.geometry();
        let corners = [(0, 0), (g.width() as i32 - 1, g.height() as i32 - 1)];
        let on_corners = pos.kings().iter().all(|sq| corners.contains(&g.coords(sq)));
        return !on_corners;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fen;
    use crate::{Config, Counters, Variant};

    fn at(v: Variant, fen: &str, king_moves: u32, same_material: u32) -> GameState {
        GameState::from_fen(&Fen::parse(fen).unwrap(), Config::standard(v))
            .unwrap()
            .with_counters(Counters {
                plies: 0,
                king_moves,
                same_material,
            })
    }

    #[test]
    fn international_king_move_and_endgame_counts() {
        let many = "W:WK46,K50,31,32:BK1,K5,19,20";
        assert_eq!(
            at(Variant::International, many, 49, 49).outcome(),
            Outcome::Ongoing
        );
        let rule = DrawRule::KingMoves {
            plies: 50,
            claim: false,
        };
        assert_eq!(
            at(Variant::International, many, 50, 50).outcome(),
            Outcome::Draw(rule)
        );
        // 16-move rule: lone king against three pieces with a king.
        let sixteen = "W:WK46,31,32:BK5";
        assert_eq!(
            at(Variant::International, sixteen, 0, 31).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::International, sixteen, 0, 32).outcome(),
            Outcome::Draw(DrawRule::FmjdEndgame)
        );
        // 5-move rule: lone king against two pieces with a king.
        let five = "W:WK46,31:BK5";
        assert_eq!(
            at(Variant::International, five, 0, 9).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::International, five, 0, 10).outcome(),
            Outcome::Draw(DrawRule::FmjdEndgame)
        );
        // Without a king the stronger side is not limited.
        assert_eq!(
            at(Variant::International, "W:W31,32,33:BK5", 0, 40).outcome(),
            Outcome::Ongoing
        );
    }

    #[test]
    fn a_capture_turning_16_moves_into_5_restarts_the_count() {
        // Lone black king against king and two men after 30 plies: the 16-move rule
        // (32 plies) has not run out.
        let mut g = at(Variant::International, "B:WK46,28,33:BK5", 0, 30);
        assert_eq!(g.outcome(), Outcome::Ongoing);
        let capture = g
            .legal_moves()
            .into_iter()
            .find(|m| m.is_capture())
            .expect("a capture");
        g.play(&capture);
        // Now lone king against two pieces: the 5-move count starts at the capture.
        assert_eq!(g.counters().same_material, 0);
        assert_eq!(g.outcome(), Outcome::Ongoing);
        let c = |n| Counters {
            plies: 0,
            king_moves: 0,
            same_material: n,
        };
        assert_eq!(g.clone().with_counters(c(9)).outcome(), Outcome::Ongoing);
        assert_eq!(
            g.clone().with_counters(c(10)).outcome(),
            Outcome::Draw(DrawRule::FmjdEndgame)
        );
    }

    #[test]
    fn russian_endgame_counts() {
        let three_kings = "W:WKa1,Kc1,Ke1:BKh6";
        assert_eq!(
            at(Variant::Russian, three_kings, 0, 29).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::Russian, three_kings, 0, 30).outcome(),
            Outcome::Draw(DrawRule::RussianEndgame)
        );
        // 7.2.7: the lone king holds the long diagonal: five moves only.
        let diagonal = "W:WKa1,Kc1,Ke1:BKh8";
        assert_eq!(
            at(Variant::Russian, diagonal, 0, 10).outcome(),
            Outcome::Draw(DrawRule::RussianEndgame)
        );
        let balanced = "W:WKa1,c3:BKh8,f6";
        assert_eq!(
            at(Variant::Russian, balanced, 0, 59).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::Russian, balanced, 0, 60).outcome(),
            Outcome::Draw(DrawRule::RussianEndgame)
        );
    }

    #[test]
    fn english_forty_moves_is_a_claim() {
        let g = at(Variant::English, "B:WK1,K3:BK30,K32", 80, 80);
        assert_eq!(g.outcome(), Outcome::Ongoing);
        assert_eq!(
            g.claimable_draw(),
            Some(DrawRule::KingMoves {
                plies: 80,
                claim: true
            })
        );
        assert_eq!(
            at(Variant::English, "B:WK1,K3:BK30,K32", 79, 79).claimable_draw(),
            None
        );
    }

    #[test]
    fn pool_three_kings_against_one() {
        let g = at(Variant::Pool, "B:WK1,K3,K5:BK30", 0, 26);
        assert_eq!(
            g.outcome(),
            Outcome::Draw(DrawRule::ThreeKingsVsKing { plies: 26 })
        );
    }
}
