//! The parts of a picture as SVG markup: the shared definitions (pieces, the captured-piece
//! marker, arrow heads), the board with its labels, pieces, highlights, markers and arrows.
//! Each function appends to a string; `super::svg` puts them in order, and the HTML report
//! reuses the definitions and the board so its pieces look the same.

use std::fmt::Write as _;

use draughts::{Colour, Notation, NotationKind, Position, Role, Square, Squares};

use super::glyphs::{self, push_number};
use super::layout::{Layout, SQUARE};
use super::{Paint, Theme};

/// Colours of a theme.
struct Palette {
    /// The squares that are not played.
    light: &'static str,
    /// The squares that are played (all of them on a Turkish board).
    played: &'static str,
    frame: &'static str,
    /// Lines between the squares of a board whose squares are all played.
    grid: &'static str,
    /// Coordinates in the frame.
    coordinate: &'static str,
    /// Square names, and the halo that keeps them readable over a piece.
    name: &'static str,
    name_halo: &'static str,
    /// The edge of a black piece (a white piece has a dark edge in both themes).
    black_edge: &'static str,
}

fn palette(theme: Theme, all_played: bool) -> Palette {
    // Played squares between the two pieces' fills in lightness, so that both stand out on
    // them (the tests hold every theme to it).
    let (light, dark) = match theme {
        Theme::Light => ("#efdfbf", "#a9794f"),
        Theme::Dark => ("#8b95a5", "#56637a"),
    };
    let (frame, coordinate, black_edge) = match theme {
        Theme::Light => ("#5b4030", "#f3e6c9", "#0d0d0d"),
        Theme::Dark => ("#15171a", "#c9ced6", "#a7adb6"),
    };
    // On a board of played squares only, the squares take the light colour and the names the
    // dark one; else names are light on the dark played squares.
    let on_dark = match theme {
        Theme::Light => light,
        Theme::Dark => "#c3cad3",
    };
    let (played, name, name_halo) = if all_played {
        (light, dark, light)
    } else {
        (dark, on_dark, dark)
    };
    Palette {
        light,
        played,
        frame,
        grid: dark,
        coordinate,
        name,
        name_halo,
        black_edge,
    }
}

/// The fills of the white and the black pieces, the same in every theme.
const WHITE_FILL: &str = "#f8f4ea";
const BLACK_FILL: &str = "#2a2522";

/// Radius of a piece.
const PIECE: f64 = 0.38 * SQUARE;
/// Height of a square name.
const NAME_HEIGHT: f64 = 0.2 * SQUARE;
/// Height of a coordinate in the frame.
const COORDINATE_HEIGHT: f64 = 0.26 * SQUARE;
/// Width of an arrow's line; its head is `HEAD` line widths long and wide.
pub const ARROW_WIDTH: f64 = 0.14 * SQUARE;
const HEAD: f64 = 3.5;
/// How far an arrow's line stops before its last centre: the middle of the head sits on the
/// line's end, its tip on the centre.
pub const ARROW_BACK: f64 = HEAD * ARROW_WIDTH / 2.0;

/// The id of a piece's definition.
pub fn piece_id(colour: Colour, role: Role) -> &'static str {
    match (colour, role) {
        (Colour::White, Role::Man) => "pdnkit-wm",
        (Colour::White, Role::King) => "pdnkit-wk",
        (Colour::Black, Role::Man) => "pdnkit-bm",
        (Colour::Black, Role::King) => "pdnkit-bk",
    }
}

/// The id of the captured-piece marker's definition.
pub const MARKER_ID: &str = "pdnkit-x";

/// The id of the arrow head of `paint`.
pub fn head_id(paint: Paint) -> String {
    format!("pdnkit-head-{}", &paint.hex()[1..])
}

/// `<defs>` with the four pieces, the captured-piece marker and an arrow head per paint, each
/// drawn about the origin so a `<use>` places it by its centre.
pub fn defs(out: &mut String, theme: Theme, paints: &[Paint]) {
    let black_edge = palette(theme, false).black_edge;
    out.push_str("<defs>");
    for (colour, fill, edge, ring) in [
        (Colour::White, WHITE_FILL, "#3b3b3b", "#b8b0a0"),
        (Colour::Black, BLACK_FILL, black_edge, "#6a625b"),
    ] {
        for role in [Role::Man, Role::King] {
            let _ = write!(out, "<g id=\"{}\">", piece_id(colour, role));
            piece(out, fill, edge, ring);
            if role == Role::King {
                crown(out);
            }
            out.push_str("</g>");
        }
    }
    marker(out);
    for &paint in paints {
        let _ = write!(
            out,
            "<marker id=\"{}\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"{HEAD}\" \
             markerHeight=\"{HEAD}\" markerUnits=\"strokeWidth\" orient=\"auto\">\
             <path d=\"M0 0L10 5L0 10Z\" fill=\"{}\"/></marker>",
            head_id(paint),
            paint.hex()
        );
    }
    out.push_str("</defs>");
}

/// A man: a disc with an edge and an inner ring, as draughtsmen are turned.
fn piece(out: &mut String, fill: &str, edge: &str, ring: &str) {
    out.push_str("<circle r=\"");
    push_number(out, PIECE);
    let _ = write!(out, "\" fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"");
    push_number(out, 0.04 * SQUARE);
    out.push_str("\"/><circle r=\"");
    push_number(out, 0.7 * PIECE);
    let _ = write!(out, "\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"");
    push_number(out, 0.025 * SQUARE);
    out.push_str("\"/>");
}

/// A king's crown: five points over a band, gold on either colour.
fn crown(out: &mut String) {
    const POINTS: [(f64, f64); 9] = [
        (-0.2, 0.1),
        (-0.23, -0.12),
        (-0.11, -0.01),
        (0.0, -0.16),
        (0.11, -0.01),
        (0.23, -0.12),
        (0.2, 0.1),
        (0.2, 0.15),
        (-0.2, 0.15),
    ];
    out.push_str("<path d=\"");
    for (i, (x, y)) in POINTS.iter().enumerate() {
        out.push(if i == 0 { 'M' } else { 'L' });
        push_number(out, x * SQUARE);
        out.push(' ');
        push_number(out, y * SQUARE);
    }
    out.push_str("Z\" fill=\"#e0b12e\" stroke=\"#5a4100\" stroke-width=\"");
    push_number(out, 0.022 * SQUARE);
    out.push_str("\" stroke-linejoin=\"round\"/>");
}

/// The captured-piece marker: a red cross with a white halo.
fn marker(out: &mut String) {
    let a = 0.17 * SQUARE;
    let mut d = String::new();
    for (x0, y0, x1, y1) in [(-a, -a, a, a), (a, -a, -a, a)] {
        d.push('M');
        push_number(&mut d, x0);
        d.push(' ');
        push_number(&mut d, y0);
        d.push('L');
        push_number(&mut d, x1);
        d.push(' ');
        push_number(&mut d, y1);
    }
    let _ = write!(
        out,
        "<g id=\"{MARKER_ID}\" fill=\"none\" stroke-linecap=\"round\">\
         <path d=\"{d}\" stroke=\"#ffffff\" stroke-width=\""
    );
    push_number(out, 0.16 * SQUARE);
    let _ = write!(
        out,
        "\"/><path d=\"{d}\" stroke=\"#d62728\" stroke-width=\""
    );
    push_number(out, 0.09 * SQUARE);
    out.push_str("\"/></g>");
}

/// The frame, the squares and the coordinates (square names come later, over the pieces).
pub fn board(out: &mut String, layout: &Layout, notation: &Notation, theme: Theme, coords: bool) {
    let g = layout.geometry();
    let all_played = g.squares() == Squares::All;
    let p = palette(theme, all_played);
    rect(out, 0.0, 0.0, layout.width(), layout.height(), p.frame, "");
    let (x0, y0) = layout.corner_of(0, 0);
    let (bw, bh) = (
        f64::from(g.width()) * SQUARE,
        f64::from(g.height()) * SQUARE,
    );
    rect(out, x0, y0, bw, bh, p.light, "");
    let names = notation.names();
    for sq in g.all() {
        let (x, y) = layout.corner(sq);
        let name = format!(" data-square=\"{}\"", names.name(sq));
        rect(out, x, y, SQUARE, SQUARE, p.played, &name);
    }
    if all_played {
        grid(out, layout, p.grid);
    }
    if coords {
        coordinates(out, layout, notation, p.coordinate);
    }
}

/// Lines between the squares, for a board whose squares are all one colour.
fn grid(out: &mut String, layout: &Layout, colour: &str) {
    let g = layout.geometry();
    let (x0, y0) = layout.corner_of(0, 0);
    let (x1, y1) = layout.corner_of(i32::from(g.width()), i32::from(g.height()));
    let mut d = String::new();
    for col in 1..i32::from(g.width()) {
        let (x, _) = layout.corner_of(col, 0);
        line(&mut d, (x, y0), (x, y1));
    }
    for row in 1..i32::from(g.height()) {
        let (_, y) = layout.corner_of(0, row);
        line(&mut d, (x0, y), (x1, y));
    }
    let _ = write!(
        out,
        "<path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"1\" fill=\"none\"/>"
    );
}

/// File letters under the board and rank numbers left of it, as the game would write them in
/// algebraic notation (its own letters, or those pdnkit reads in a numbered game).
fn coordinates(out: &mut String, layout: &Layout, notation: &Notation, colour: &str) {
    let g = layout.geometry();
    let algebraic = notation.as_written(NotationKind::Alphanumeric);
    let mut files = vec![None; usize::from(g.width())];
    let mut ranks = vec![None; usize::from(g.height())];
    for sq in g.all() {
        let (col, row) = layout.cell(sq);
        if let draughts::SquareToken::Alg { file, rank } = algebraic.format(sq) {
            files[col as usize] = Some(char::from(b'a' + file).to_string());
            ranks[row as usize] = Some(rank.to_string());
        }
    }
    let frame = layout.frame();
    let h = COORDINATE_HEIGHT;
    let mut d = String::new();
    // Letters are inked from a third of their box down: centre that part in the frame.
    let top = layout.height() - frame / 2.0 - 2.0 * h / 3.0;
    for (col, file) in files.iter().enumerate() {
        let Some(file) = file else { continue };
        let (x, _) = layout.corner_of(col as i32, 0);
        glyphs::push_path(
            &mut d,
            file,
            x + (SQUARE - glyphs::width(file, h)) / 2.0,
            top,
            h,
        );
    }
    for (row, rank) in ranks.iter().enumerate() {
        let Some(rank) = rank else { continue };
        let (_, y) = layout.corner_of(0, row as i32);
        glyphs::push_path(
            &mut d,
            rank,
            (frame - glyphs::width(rank, h)) / 2.0,
            y + (SQUARE - h) / 2.0,
            h,
        );
    }
    stroked(out, &d, colour, 0.13 * h, None);
}

/// The name of every played square in its top-left corner, over whatever stands there.
pub fn square_names(out: &mut String, layout: &Layout, notation: &Notation, theme: Theme) {
    let g = layout.geometry();
    let p = palette(theme, g.squares() == Squares::All);
    let names = notation.names();
    let mut d = String::new();
    let inset = 0.07 * SQUARE;
    for sq in g.all() {
        let (x, y) = layout.corner(sq);
        glyphs::push_path(&mut d, names.name(sq), x + inset, y + inset, NAME_HEIGHT);
    }
    let width = 0.13 * NAME_HEIGHT;
    stroked(out, &d, p.name, width, Some((p.name_halo, 3.0 * width)));
}

/// `d` stroked round in `colour`, over a wider halo when one is given.
fn stroked(out: &mut String, d: &str, colour: &str, width: f64, halo: Option<(&str, f64)>) {
    if d.is_empty() {
        return;
    }
    out.push_str("<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">");
    for (colour, width) in halo.into_iter().chain([(colour, width)]) {
        let _ = write!(out, "<path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"");
        push_number(out, width);
        out.push_str("\"/>");
    }
    out.push_str("</g>");
}

/// Every piece of `position`.
pub fn pieces(out: &mut String, layout: &Layout, position: &Position) {
    for sq in layout.geometry().all() {
        if let Some(piece) = position.piece_at(sq) {
            use_at(out, piece_id(piece.colour, piece.role), layout.centre(sq));
        }
    }
}

/// Captured-piece markers on `squares`.
pub fn markers(out: &mut String, layout: &Layout, squares: &[Square]) {
    for &sq in squares {
        use_at(out, MARKER_ID, layout.centre(sq));
    }
}

/// `squares` tinted with `fill`.
pub fn highlights(out: &mut String, layout: &Layout, squares: &[Square], fill: &str) {
    if squares.is_empty() {
        return;
    }
    let _ = write!(out, "<g fill=\"{fill}\" opacity=\"0.55\">");
    for &sq in squares {
        let (x, y) = layout.corner(sq);
        rect(out, x, y, SQUARE, SQUARE, "", "");
    }
    out.push_str("</g>");
}

/// An arrow through the centres of `route` (two squares or more), its head on the last.
pub fn arrow(out: &mut String, layout: &Layout, route: &[Square], paint: Paint) {
    let points: Vec<(f64, f64)> = route.iter().map(|&sq| layout.centre(sq)).collect();
    let Some(points) = arrow_points(&points) else {
        return;
    };
    let _ = write!(out, "<polyline points=\"");
    for (i, (x, y)) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_number(out, *x);
        out.push(',');
        push_number(out, *y);
    }
    let _ = write!(
        out,
        "\" fill=\"none\" stroke=\"{}\" stroke-width=\"",
        paint.hex()
    );
    push_number(out, ARROW_WIDTH);
    let _ = write!(
        out,
        "\" stroke-linejoin=\"round\" opacity=\"0.85\" marker-end=\"url(#{})\"/>",
        head_id(paint)
    );
}

/// The points of an arrow's line: repeated points dropped, and the last pulled back by half
/// the head, whose middle sits on the line's end, so that the tip falls on the last centre and
/// the line's end is hidden under the head. `None` for fewer than two distinct points.
pub fn arrow_points(points: &[(f64, f64)]) -> Option<Vec<(f64, f64)>> {
    let mut kept: Vec<(f64, f64)> = Vec::with_capacity(points.len());
    for &p in points {
        if kept.last() != Some(&p) {
            kept.push(p);
        }
    }
    if kept.len() < 2 {
        return None;
    }
    let (x1, y1) = kept[kept.len() - 1];
    let (x0, y0) = kept[kept.len() - 2];
    let length = (x1 - x0).hypot(y1 - y0);
    let back = ARROW_BACK.min(length / 2.0);
    let last = kept.len() - 1;
    kept[last] = (
        x1 - (x1 - x0) * back / length,
        y1 - (y1 - y0) * back / length,
    );
    Some(kept)
}

/// A `<use>` of the definition `id` with its origin at `(x, y)`.
fn use_at(out: &mut String, id: &str, (x, y): (f64, f64)) {
    let _ = write!(out, "<use href=\"#{id}\" x=\"");
    push_number(out, x);
    out.push_str("\" y=\"");
    push_number(out, y);
    out.push_str("\"/>");
}

/// A rectangle; `fill` empty to inherit it, `extra` for more attributes.
fn rect(out: &mut String, x: f64, y: f64, w: f64, h: f64, fill: &str, extra: &str) {
    out.push_str("<rect x=\"");
    push_number(out, x);
    out.push_str("\" y=\"");
    push_number(out, y);
    out.push_str("\" width=\"");
    push_number(out, w);
    out.push_str("\" height=\"");
    push_number(out, h);
    out.push('"');
    if !fill.is_empty() {
        let _ = write!(out, " fill=\"{fill}\"");
    }
    out.push_str(extra);
    out.push_str("/>");
}

/// A line segment as path data.
fn line(d: &mut String, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) {
    d.push('M');
    push_number(d, x0);
    d.push(' ');
    push_number(d, y0);
    d.push('L');
    push_number(d, x1);
    d.push(' ');
    push_number(d, y1);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WCAG contrast ratio of two `#rrggbb` colours (1 to 21).
    fn contrast(a: &str, b: &str) -> f64 {
        let luminance = |hex: &str| {
            let channel = |i: usize| {
                let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
                if c <= 0.039_28 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn both_pieces_stand_out_on_the_played_squares_of_every_theme() {
        for theme in [Theme::Light, Theme::Dark] {
            // On the played squares of a board with unplayed ones, by their fills.
            let played = palette(theme, false).played;
            let (black, white) = (contrast(BLACK_FILL, played), contrast(WHITE_FILL, played));
            assert!(black >= 2.0, "{theme:?}: black men on {played}: {black:.2}");
            assert!(white >= 2.0, "{theme:?}: white men on {played}: {white:.2}");
            // On a board of played squares only (Turkish), by fill or by edge.
            let palette = palette(theme, true);
            for (fill, edge) in [(BLACK_FILL, palette.black_edge), (WHITE_FILL, "#3b3b3b")] {
                let seen =
                    contrast(fill, palette.played) >= 2.0 || contrast(edge, palette.played) >= 4.5;
                assert!(seen, "{theme:?}: {fill} edged {edge} on {}", palette.played);
            }
        }
        // What was reported: black men on the dark theme's squares of #2b3038.
        assert!(contrast(BLACK_FILL, "#2b3038") < 1.2);
    }

    #[test]
    fn an_arrow_ends_half_a_head_before_the_centre_it_points_at() {
        let back = ARROW_BACK;
        let points = arrow_points(&[(0.0, 0.0), (0.0, 0.0), (100.0, 0.0)]).unwrap();
        assert_eq!(points, [(0.0, 0.0), (100.0 - back, 0.0)]);
        // A hop shorter than the head: the line keeps half of it.
        let points = arrow_points(&[(0.0, 0.0), (0.0, 10.0)]).unwrap();
        assert_eq!(points, [(0.0, 0.0), (0.0, 5.0)]);
        assert_eq!(arrow_points(&[(1.0, 1.0), (1.0, 1.0)]), None);
        assert_eq!(arrow_points(&[]), None);
    }
}
