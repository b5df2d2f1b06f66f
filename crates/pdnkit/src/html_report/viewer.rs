//! A game for the page's viewer: its start position and its main-line moves, written compactly
//! (one short word a move) so that the page carries a game in a few hundred bytes. The page
//! plays the moves itself; each move is played here the same simple way and checked against
//! the replay: where the page would go wrong (a position, a move number), the word says so.
//!
//! A move's word is the squares' characters ([`SQUARES`]) of its start and end, then of each
//! piece it takes, in order; then, each only when needed:
//!
//! | mark | what follows | when |
//! |---|---|---|
//! | `*` | nothing | the man is crowned |
//! | `#` | the move number | it is not the one counted from the game's first move |
//! | `=` | the position after the move | playing the move as the page does gives another |
//! | `^` | the FEN's extra field after the move | it has one (Frisian king-move counts) |
//! | `\|` | the move in the board's notation | it is not `from-to` (or with the capture separator) |
//! | `~` | the move as written | it is not the move in the board's notation |
//!
//! Words are separated by spaces.

use draughts::{Colour, Config, Notation, Position, Role, Square, parse_square_token};

use crate::CheckedGame;

/// The characters that stand for squares, by square index: none of them is a mark, a space,
/// or a character JSON or HTML would escape. The largest board has 72 played squares.
pub const SQUARES: &str =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!$%()+,-./:;?@[]_{}";

/// The page's code for an empty square; pieces are `w`, `W` (a white king), `b`, `B`.
const EMPTY: u8 = b'.';

/// A position as the page stores it: the side to move, then one character per square in
/// square order.
pub fn code(position: &Position) -> String {
    let mut out = String::with_capacity(1 + position.geometry().len());
    out.push(position.side_to_move().letter());
    for sq in position.geometry().all() {
        out.push(char::from(piece_code(position, sq)));
    }
    out
}

fn piece_code(position: &Position, sq: Square) -> u8 {
    match position.piece_at(sq) {
        None => EMPTY,
        Some(p) => match (p.colour, p.role) {
            (Colour::White, Role::Man) => b'w',
            (Colour::White, Role::King) => b'W',
            (Colour::Black, Role::Man) => b'b',
            (Colour::Black, Role::King) => b'B',
        },
    }
}

/// `board` is the code of `position` (compared without writing the code).
fn is_code_of(board: &[u8], position: &Position) -> bool {
    board.first() == Some(&(position.side_to_move().letter() as u8))
        && position
            .geometry()
            .all()
            .all(|sq| board.get(1 + sq.index()) == Some(&piece_code(position, sq)))
}

/// Appends the character of `sq`.
pub fn push_square(out: &mut String, sq: Square) {
    push_index(out, sq.index());
}

/// The characters of `squares`.
pub fn squares_text(squares: impl IntoIterator<Item = Square>) -> String {
    let mut out = String::new();
    for sq in squares {
        push_square(&mut out, sq);
    }
    out
}

fn push_index(out: &mut String, index: usize) {
    out.push(char::from(SQUARES.as_bytes()[index]));
}

/// `text` with every square named as the board names it (`22-18` becomes `c3-d4` on a Russian
/// board); `None` when a square of it is not on the board.
pub fn in_board_notation(notation: &Notation, text: &str) -> Option<String> {
    let names = notation.names();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match parse_square_token(rest) {
            Some((token, len)) => {
                names.push_name(&mut out, notation.parse(token)?);
                rest = &rest[len..];
            }
            None => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    Some(out)
}

/// A game the viewer can step through.
#[derive(Clone, Debug)]
pub struct ViewerGame {
    /// The notation of its squares: the page draws one board per notation.
    pub notation: Notation,
    /// The capture separator of its variant (`x`, `:`).
    pub separator: char,
    /// The side that moves first in its variant.
    pub first_mover: Colour,
    /// The start position's code.
    pub start: String,
    /// The number of its first move.
    pub first_number: u32,
    /// Its main-line moves, as far as the replay played them: one word each, separated by
    /// spaces.
    pub moves: String,
}

impl ViewerGame {
    /// The viewer's form of a replayed game; `None` when it has no start position.
    pub fn of(checked: &CheckedGame<'_, '_>) -> Option<ViewerGame> {
        let replayed = checked.replayed?;
        let config = checked.config()?;
        let start = replayed.start?;
        let text = &checked.raw.text;
        let mut board = code(&start).into_bytes();
        let first_number = replayed.plies.first().map_or(1, |p| p.number);
        let mut number = first_number;
        let mut moves = String::with_capacity(4 * replayed.plies.len());
        for p in &replayed.plies {
            if !moves.is_empty() {
                moves.push(' ');
            }
            let at = p.span.start as usize;
            let written = text.get(at..at + p.text_len as usize).unwrap_or("");
            push_index(&mut moves, p.mv.from.index());
            push_index(&mut moves, p.mv.to.index());
            for &c in p.mv.captures() {
                push_square(&mut moves, c);
            }
            if p.mv.promotes {
                moves.push('*');
            }
            if p.number != number {
                moves.push('#');
                moves.push_str(&p.number.to_string());
                number = p.number;
            }
            if p.side != config.first_mover {
                number += 1;
            }
            play(
                &mut board,
                p.mv.from,
                p.mv.to,
                p.mv.captures(),
                p.mv.promotes,
            );
            if !is_code_of(&board, &p.after) {
                let after = code(&p.after);
                moves.push('=');
                moves.push_str(&after);
                board = after.into_bytes();
            }
            if let Some(extra) = fen_extra(&p.after, &config.notation) {
                moves.push('^');
                moves.push_str(&extra);
            }
            push_texts(
                &mut moves,
                config,
                p.mv.from,
                p.mv.to,
                p.mv.is_capture(),
                written,
            );
        }
        Some(ViewerGame {
            notation: config.notation,
            separator: config.variant.capture_separator(),
            first_mover: config.first_mover,
            start: code(&start),
            first_number,
            moves,
        })
    }
}

/// The `|` and `~` parts of a move's word: the move in the board's notation, and as written,
/// each when it is not what the page would make of the part before it.
fn push_texts(
    out: &mut String,
    config: &Config,
    from: Square,
    to: Square,
    capture: bool,
    written: &str,
) {
    let names = config.notation.names();
    let mut plain = String::with_capacity(8);
    names.push_name(&mut plain, from);
    plain.push(if capture {
        config.variant.capture_separator()
    } else {
        '-'
    });
    names.push_name(&mut plain, to);
    // A word holds no space: a move written across a line break keeps its parts apart.
    let written = written.replace(char::is_whitespace, "\u{a0}");
    let shown = in_board_notation(&config.notation, &written).unwrap_or_else(|| written.clone());
    if shown != plain {
        out.push('|');
        out.push_str(&shown);
    }
    if written != shown {
        out.push('~');
        out.push_str(&written);
    }
}

/// Plays a move on a position's code as the page does: the piece leaves its square, the
/// pieces taken are removed, the piece (crowned if it is) lands, the other side is to move.
fn play(board: &mut [u8], from: Square, to: Square, captures: &[Square], crowned: bool) {
    let (from, to) = (1 + from.index(), 1 + to.index());
    let piece = board[from];
    board[from] = EMPTY;
    for &c in captures {
        board[1 + c.index()] = EMPTY;
    }
    board[to] = if crowned {
        piece.to_ascii_uppercase()
    } else {
        piece
    };
    board[0] = if board[0] == b'W' { b'B' } else { b'W' };
}

/// What a FEN of `position` has after its piece lists, if anything: the king-move streaks,
/// whose text the FEN writer decides.
fn fen_extra(position: &Position, notation: &Notation) -> Option<String> {
    if [Colour::White, Colour::Black]
        .iter()
        .all(|&c| position.king_streak(c).is_none())
    {
        return None;
    }
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

    fn words(g: &ViewerGame) -> Vec<&str> {
        g.moves.split(' ').collect()
    }

    /// The character of square `n` (1-based) of a numbered board.
    fn sq(n: usize) -> char {
        char::from(SQUARES.as_bytes()[n - 1])
    }

    #[test]
    fn the_square_characters_are_distinct_and_need_no_escaping() {
        let chars: std::collections::BTreeSet<char> = SQUARES.chars().collect();
        assert_eq!(chars.len(), SQUARES.len());
        assert!(SQUARES.len() >= 72, "the 12x12 board's squares");
        for mark in [
            ' ', '*', '#', '=', '^', '|', '~', '"', '\\', '<', '>', '&', '\'',
        ] {
            assert!(!chars.contains(&mark), "{mark}");
        }
    }

    #[test]
    fn moves_are_words_of_their_squares() {
        let g = viewer("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n");
        assert_eq!(g.start.len(), 51);
        assert!(g.start.starts_with("Wbbbbb"));
        assert_eq!(
            (g.first_number, g.first_mover, g.separator),
            (1, Colour::White, 'x')
        );
        // 28x19 goes from 28 to 19 and takes the man on 23; nothing else is needed.
        let expected = [
            format!("{}{}", sq(32), sq(28)),
            format!("{}{}", sq(19), sq(23)),
            format!("{}{}{}", sq(28), sq(19), sq(23)),
            format!("{}{}{}", sq(14), sq(23), sq(19)),
        ];
        assert_eq!(words(&g), expected);
    }

    #[test]
    fn a_crowning_and_frisian_king_counts_reach_the_page() {
        // A Frisian king's quiet moves are counted in the FEN's extra field.
        let g = viewer("[GameType \"40\"]\n[FEN \"W:W6,K46:B45,K50\"]\n1. 6-1 50-44 2. 46-37 *\n");
        let w = words(&g);
        assert_eq!(w[0], format!("{}{}*", sq(6), sq(1)), "6-1 crowns the man");
        // Black's streak first: the king on 44 has made one move, then White's on 37 one too.
        assert_eq!(w[1], format!("{}{}^+144+0", sq(50), sq(44)));
        assert_eq!(w[2], format!("{}{}^+144+137", sq(46), sq(37)));
        assert!(!g.moves.contains('='), "no position sent whole");
    }

    #[test]
    fn a_move_not_written_from_to_keeps_its_text() {
        // A capture written with its landing squares; a move in the other notation.
        let g = viewer("[GameType \"20\"]\n[FEN \"W:W28:B13,23,45\"]\n1. 28x19x8 *\n");
        assert_eq!(
            words(&g)[0],
            format!("{}{}{}{}|28x19x8", sq(28), sq(8), sq(23), sq(13))
        );
        let g = viewer("[GameType \"25\"]\n1. 22-18 11-15 2. d4:f6 *\n");
        let w = words(&g);
        assert_eq!(&w[0][2..], "~22-18", "the page names it c3-d4: {w:?}");
        assert!(!w[2].contains(['|', '~']), "{w:?}");
    }

    #[test]
    fn move_numbers_are_counted_unless_written_otherwise() {
        let g = viewer("[GameType \"20\"]\n[FEN \"B:W32:B19\"]\n12. ... 19-23 13. 32-28 *\n");
        assert_eq!(g.first_number, 12);
        assert!(!g.moves.contains('#'), "{}", g.moves);
    }

    #[test]
    fn squares_are_renamed_in_the_board_notation() {
        let russian = Config::standard(draughts::Variant::Russian).notation;
        assert_eq!(
            in_board_notation(&russian, "22-18").as_deref(),
            Some("c3-d4")
        );
        assert_eq!(
            in_board_notation(&russian, "c3:e5").as_deref(),
            Some("c3:e5")
        );
        assert_eq!(in_board_notation(&russian, "99-18"), None);
    }
}
