//! A game for the page's viewer: its start position and each main-line move as what the page
//! needs to play it (from, to, the pieces taken, a crowning), not as positions. The page plays
//! the moves itself; here each move is played the same simple way and checked against the
//! replay's position after it, and where the two differ the position is sent whole.

use draughts::{Colour, Notation, Position, Role};
use serde::Serialize;

use crate::CheckedGame;

/// The page's code for an empty square; pieces are `w`, `W` (a white king), `b`, `B`.
const EMPTY: u8 = b'.';

/// A position as the page stores it: the side to move, then one character per square in
/// square order.
pub fn code(position: &Position) -> String {
    let mut out = String::with_capacity(1 + position.geometry().len());
    out.push(position.side_to_move().letter());
    for sq in position.geometry().all() {
        out.push(char::from(match position.piece_at(sq) {
            None => EMPTY,
            Some(p) => match (p.colour, p.role) {
                (Colour::White, Role::Man) => b'w',
                (Colour::White, Role::King) => b'W',
                (Colour::Black, Role::Man) => b'b',
                (Colour::Black, Role::King) => b'B',
            },
        }));
    }
    out
}

/// One main-line move.
#[derive(Clone, Debug, Serialize)]
pub struct ViewerPly {
    /// The move as written.
    pub t: String,
    /// The move number before it, where a list shows one (`12.` before the first mover's
    /// move, `12...` before a first move by the second mover).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<String>,
    /// From, as a square index.
    pub f: u8,
    /// To, as a square index.
    pub o: u8,
    /// The pieces taken, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub c: Vec<u8>,
    /// The landing square after each piece taken.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub l: Vec<u8>,
    /// The man is crowned.
    #[serde(skip_serializing_if = "is_false")]
    pub k: bool,
    /// The position after the move, when playing it as the page does gives another.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub s: Option<String>,
    /// The FEN's extra field after the move (Frisian king-move counts), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A game the viewer can step through.
#[derive(Clone, Debug)]
pub struct ViewerGame {
    /// The notation of its squares: the page draws one board per notation.
    pub notation: Notation,
    /// The start position's code.
    pub start: String,
    /// Its main-line moves, as far as the replay played them.
    pub plies: Vec<ViewerPly>,
}

impl ViewerGame {
    /// The viewer's form of a replayed game; `None` when it has no start position.
    pub fn of(checked: &CheckedGame<'_, '_>) -> Option<ViewerGame> {
        let replayed = checked.replayed?;
        let config = checked.config()?;
        let start = replayed.start?;
        let text = &checked.raw.text;
        let mut board = code(&start).into_bytes();
        let mut plies = Vec::with_capacity(replayed.plies.len());
        for (i, p) in replayed.plies.iter().enumerate() {
            let at = p.span.start as usize;
            let written = text.get(at..at + p.text_len as usize).unwrap_or("");
            let mut ply = ViewerPly {
                t: written.to_string(),
                n: number(i, p.side, p.number, config.first_mover),
                f: p.mv.from.index() as u8,
                o: p.mv.to.index() as u8,
                c: p.mv.captures().iter().map(|s| s.index() as u8).collect(),
                l: p.mv.landings().iter().map(|s| s.index() as u8).collect(),
                k: p.mv.promotes,
                s: None,
                x: None,
            };
            play(&mut board, &ply);
            let after = code(&p.after);
            if board != after.as_bytes() {
                board = after.clone().into_bytes();
                ply.s = Some(after);
            }
            ply.x = fen_extra(&p.after, &config.notation);
            plies.push(ply);
        }
        Some(ViewerGame {
            notation: config.notation,
            start: code(&start),
            plies,
        })
    }
}

/// `12.` before a move of the first mover, `12...` before the game's first move when the
/// second mover makes it; nothing before other moves.
fn number(index: usize, side: Colour, number: u32, first_mover: Colour) -> Option<String> {
    if side == first_mover {
        Some(format!("{number}."))
    } else if index == 0 {
        Some(format!("{number}..."))
    } else {
        None
    }
}

/// Plays `ply` on a position's code as the page does: the piece leaves its square, the
/// pieces taken are removed, the piece (crowned if it is) lands, the other side is to move.
pub fn play(board: &mut [u8], ply: &ViewerPly) {
    let (from, to) = (1 + usize::from(ply.f), 1 + usize::from(ply.o));
    let piece = board[from];
    board[from] = EMPTY;
    for &c in &ply.c {
        board[1 + usize::from(c)] = EMPTY;
    }
    board[to] = if ply.k {
        piece.to_ascii_uppercase()
    } else {
        piece
    };
    board[0] = if board[0] == b'W' { b'B' } else { b'W' };
}

/// What a FEN of `position` has after its piece lists, if anything.
fn fen_extra(position: &Position, notation: &Notation) -> Option<String> {
    let fen = position.fen_text(notation);
    fen.splitn(4, ':').nth(3).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReplayOptions, check_game};
    use pdn::Splitter;

    fn viewer(pdn: &str) -> ViewerGame {
        let raw = Splitter::new(pdn.as_bytes()).next().unwrap().unwrap();
        check_game("t.pdn", &raw, &ReplayOptions::default(), |c| {
            ViewerGame::of(c).unwrap()
        })
    }

    #[test]
    fn moves_carry_what_the_page_needs_to_play_them() {
        let g = viewer("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n");
        assert_eq!(g.start.len(), 51);
        assert!(g.start.starts_with("Wbbbbb"));
        let t: Vec<&str> = g.plies.iter().map(|p| p.t.as_str()).collect();
        assert_eq!(t, ["32-28", "19-23", "28x19", "14x23"]);
        let n: Vec<Option<&str>> = g.plies.iter().map(|p| p.n.as_deref()).collect();
        assert_eq!(n, [Some("1."), None, Some("2."), None]);
        // Square 28 is index 27; 28x19 takes the man on 23 and lands on 19.
        assert_eq!((g.plies[2].f, g.plies[2].o), (27, 18));
        assert_eq!(
            (g.plies[2].c.clone(), g.plies[2].l.clone()),
            (vec![22], vec![18])
        );
        // Every move is explained by the simple play: no position sent whole.
        assert!(g.plies.iter().all(|p| p.s.is_none() && p.x.is_none()));
    }

    #[test]
    fn a_crowning_and_frisian_king_counts_reach_the_page() {
        // A Frisian king's quiet moves are counted in the FEN's extra field.
        let g = viewer("[GameType \"40\"]\n[FEN \"W:W6,K46:B45,K50\"]\n1. 6-1 50-44 2. 46-37 *\n");
        assert!(g.plies[0].k, "6-1 crowns the man");
        assert!(g.plies.iter().all(|p| p.s.is_none()));
        let extras: Vec<Option<&str>> = g.plies.iter().map(|p| p.x.as_deref()).collect();
        // Black's streak first: the king on 44 has made one move, then White's on 37 one too.
        assert_eq!(extras, [None, Some("+144+0"), Some("+144+137")]);
    }

    #[test]
    fn a_second_mover_starting_is_numbered_with_dots() {
        let g = viewer("[GameType \"20\"]\n[FEN \"B:W32:B19\"]\n12. ... 19-23 13. 32-28 *\n");
        let n: Vec<Option<&str>> = g.plies.iter().map(|p| p.n.as_deref()).collect();
        assert_eq!(n, [Some("12..."), Some("13.")]);
    }
}
