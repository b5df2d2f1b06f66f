//! A position for a hover: an SVG picture (as a data URI, for clients that show Markdown images)
//! and a text board (for those that show plain text).

use pdnkit::diagram::{self, Arrow, Paint};
use pdnkit::draughts::{Colour, Move, Notation, Position, Role};

/// Width of the pictures in a hover, in pixels.
const PICTURE_SIZE: u32 = 240;

/// The picture of `position`, with `mv` (about to be played) as an arrow and the pieces it
/// takes marked, or with `last` (just played) tinted; as a Markdown image.
pub fn picture(
    position: &Position,
    notation: &Notation,
    mv: Option<&Move>,
    last: Option<&Move>,
    title: &str,
) -> String {
    let mut options = diagram::Options::new(notation);
    options.size = PICTURE_SIZE;
    if let Some(mv) = mv {
        let mut route = vec![mv.from];
        route.extend_from_slice(if mv.is_capture() {
            mv.landings()
        } else {
            std::slice::from_ref(&mv.to)
        });
        options.arrows.push(Arrow {
            route,
            paint: Paint::BLUE,
        });
        options.captured.extend_from_slice(mv.captures());
    }
    if let Some(last) = last {
        options = options.with_last_move(last);
    }
    let svg = diagram::svg(position, notation, &options);
    format!(
        "![{title}](data:image/svg+xml;base64,{})",
        base64(svg.as_bytes())
    )
}

/// The position as text, White at the bottom as the pictures show it: `w` and `b` men, `W`
/// and `B` kings, `.` an empty played square.
pub fn text(position: &Position, notation: &Notation) -> Vec<String> {
    let layout = diagram::Layout::new(notation, false, false);
    let g = layout.geometry();
    let (w, h) = (usize::from(g.width()), usize::from(g.height()));
    let mut grid = vec![vec![' '; w]; h];
    for sq in g.all() {
        let (col, row) = layout.cell(sq);
        grid[row as usize][col as usize] = match position.piece_at(sq) {
            None => '.',
            Some(p) => match (p.colour, p.role) {
                (Colour::White, Role::Man) => 'w',
                (Colour::White, Role::King) => 'W',
                (Colour::Black, Role::Man) => 'b',
                (Colour::Black, Role::King) => 'B',
            },
        };
    }
    grid.into_iter()
        .map(|row| {
            let cells: Vec<String> = row.into_iter().map(String::from).collect();
            cells.join(" ")
        })
        .collect()
}

/// `bytes` in standard Base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(DIGITS[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdnkit::draughts::{Config, Variant};

    #[test]
    fn base64_pads_as_the_standard_says() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn the_text_board_has_the_start_position() {
        let config = Config::standard(Variant::International);
        let start = Position::initial(config.rules());
        let rows = text(&start, &config.notation);
        assert_eq!(rows.len(), 10);
        assert_eq!(rows[0], "  b   b   b   b   b");
        assert_eq!(rows[4], "  .   .   .   .   .");
        assert_eq!(rows[9], "w   w   w   w   w  ");
    }
}
