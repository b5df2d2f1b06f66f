//! Square names and coordinates drawn as strokes, not text: a picture then needs no font, so
//! every browser and the PNG rasteriser draw the same labels.
//!
//! Each glyph is path data in a box 4 units wide and 6 high (the baseline at 6, descenders to
//! 8), made of moves, lines and quadratic curves only, so scaling it is a matter of scaling
//! its numbers.

use std::fmt::Write as _;

/// Width of a glyph's box, in glyph units.
const WIDTH: f64 = 4.0;
/// Height of a digit (and of a letter with an ascender), in glyph units.
const HEIGHT: f64 = 6.0;
/// Distance from one glyph's box to the next one's, in glyph units.
const ADVANCE: f64 = 5.5;

/// The strokes of one character, or `None` for characters labels never hold.
fn glyph(c: char) -> Option<&'static str> {
    Some(match c {
        '0' => "M2 0Q0 0 0 3Q0 6 2 6Q4 6 4 3Q4 0 2 0Z",
        '1' => "M0.8 1.2L2.4 0L2.4 6M0.8 6L4 6",
        '2' => "M0.2 1.3Q0.6 0 2 0Q3.8 0 3.8 1.6Q3.8 2.8 0 6L4 6",
        '3' => "M0.3 0.9Q0.9 0 2 0Q3.7 0 3.7 1.5Q3.7 2.9 1.6 2.9Q4 2.9 4 4.5Q4 6 2 6Q0.6 6 0 5",
        '4' => "M3 6L3 0L0 4.2L4 4.2",
        '5' => "M3.7 0L0.6 0L0.3 2.7Q1 2.2 2 2.2Q4 2.2 4 4.1Q4 6 2 6Q0.7 6 0 5.1",
        '6' => "M3.4 0.5Q2.8 0 2 0Q0 0 0 3.4Q0 6 2 6Q4 6 4 4.1Q4 2.3 2 2.3Q0.7 2.3 0 3.3",
        '7' => "M0 0L4 0L1.4 6",
        '8' => {
            "M2 2.8Q0.3 2.8 0.3 1.4Q0.3 0 2 0Q3.7 0 3.7 1.4Q3.7 2.8 2 2.8Q0 2.8 0 4.4Q0 6 2 6\
             Q4 6 4 4.4Q4 2.8 2 2.8Z"
        }
        '9' => "M0.6 5.5Q1.2 6 2 6Q4 6 4 2.6Q4 0 2 0Q0 0 0 1.9Q0 3.7 2 3.7Q3.3 3.7 4 2.7",
        'a' => "M0.4 2.5Q1 2 2 2Q3.6 2 3.6 3.4L3.6 6M3.6 3.9Q0 3.9 0 5Q0 6 1.6 6Q3 6 3.6 5",
        'b' => "M0.2 0L0.2 6M0.2 4Q0.2 2 2.1 2Q4 2 4 4Q4 6 2.1 6Q0.2 6 0.2 4",
        'c' => "M3.8 2.6Q3.2 2 2.1 2Q0.2 2 0.2 4Q0.2 6 2.1 6Q3.2 6 3.8 5.4",
        'd' => "M3.8 0L3.8 6M3.8 4Q3.8 2 1.9 2Q0 2 0 4Q0 6 1.9 6Q3.8 6 3.8 4",
        'e' => "M0.2 4L3.8 4Q3.8 2 2 2Q0.2 2 0.2 4Q0.2 6 2.1 6Q3.2 6 3.8 5.4",
        'f' => "M3.6 0.4Q3.2 0 2.6 0Q1.6 0 1.6 1.2L1.6 6M0.4 2.2L3.4 2.2",
        'g' => {
            "M3.8 2L3.8 6.4Q3.8 8 2 8Q0.9 8 0.4 7.5M3.8 3.9Q3.8 2 1.9 2Q0 2 0 3.9Q0 5.8 1.9 5.8\
             Q3.8 5.8 3.8 3.9"
        }
        'h' => "M0.2 0L0.2 6M0.2 4Q0.2 2 2 2Q3.8 2 3.8 4L3.8 6",
        'i' => "M2 2.2L2 6M2 0.5L2 0.6",
        'j' => "M2.6 2.2L2.6 6.6Q2.6 8 1.3 8Q0.7 8 0.3 7.6M2.6 0.5L2.6 0.6",
        'k' => "M0.3 0L0.3 6M3.6 2L0.3 4.6M1.5 3.7L3.8 6",
        'l' => "M1.4 0L1.4 4.9Q1.4 6 2.5 6L3 6",
        _ => return None,
    })
}

/// Width of `text` drawn `height` high.
pub(crate) fn width(text: &str, height: f64) -> f64 {
    let n = text.chars().count() as f64;
    if n == 0.0 {
        return 0.0;
    }
    (WIDTH + (n - 1.0) * ADVANCE) * height / HEIGHT
}

/// Appends the path data of `text` drawn `height` high with the top-left corner of its first
/// glyph at `(x, y)`. Characters without a glyph leave a gap.
pub(crate) fn push_path(out: &mut String, text: &str, x: f64, y: f64, height: f64) {
    let k = height / HEIGHT;
    for (i, c) in text.chars().enumerate() {
        let Some(strokes) = glyph(c) else {
            continue;
        };
        let left = x + i as f64 * ADVANCE * k;
        push_scaled(out, strokes, left, y, k);
    }
}

/// Appends `strokes` with every coordinate pair scaled by `k` and moved by `(dx, dy)`.
fn push_scaled(out: &mut String, strokes: &str, dx: f64, dy: f64, k: f64) {
    // Numbers come in x, y pairs after each command letter: M, L and Q take only absolute
    // coordinate pairs, Z none.
    let mut x_next = true;
    let mut number = String::new();
    let flush = |number: &mut String, out: &mut String, x_next: &mut bool| {
        if number.is_empty() {
            return;
        }
        let v: f64 = number.parse().expect("glyph numbers are numbers");
        let scaled = if *x_next { dx + v * k } else { dy + v * k };
        if !out.ends_with(|c: char| c.is_ascii_alphabetic()) {
            out.push(' ');
        }
        push_number(out, scaled);
        *x_next = !*x_next;
        number.clear();
    };
    for c in strokes.chars() {
        match c {
            '0'..='9' | '.' => number.push(c),
            ' ' => flush(&mut number, out, &mut x_next),
            _ => {
                flush(&mut number, out, &mut x_next);
                out.push(c);
                x_next = true;
            }
        }
    }
    flush(&mut number, out, &mut x_next);
}

/// Appends `v` with at most two decimals and no trailing zeros (`12`, `3.5`, `-0.25`).
pub(crate) fn push_number(out: &mut String, v: f64) {
    let rounded = (v * 100.0).round() / 100.0;
    // -0 prints as 0.
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    let start = out.len();
    let _ = write!(out, "{rounded:.2}");
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.pop();
    }
    debug_assert!(out.len() > start);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every number of a path's data, in order.
    fn numbers(path: &str) -> Vec<f64> {
        path.split(|c: char| c.is_ascii_alphabetic() || c == ' ')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    }

    #[test]
    fn every_label_character_has_strokes_inside_its_box() {
        for c in ('0'..='9').chain('a'..='l') {
            let strokes = glyph(c).unwrap_or_else(|| panic!("no glyph for {c}"));
            let n = numbers(strokes);
            assert!(n.len() >= 4 && n.len().is_multiple_of(2), "{c}: {strokes}");
            for pair in n.chunks(2) {
                assert!((0.0..=WIDTH).contains(&pair[0]), "{c}: x {}", pair[0]);
                assert!((0.0..=8.0).contains(&pair[1]), "{c}: y {}", pair[1]);
            }
            // Only letters a descender may go below the baseline.
            let below = n.chunks(2).any(|p| p[1] > HEIGHT);
            assert_eq!(below, matches!(c, 'g' | 'j'), "{c}");
        }
        assert_eq!(glyph('x'), None);
    }

    #[test]
    fn a_label_is_scaled_and_placed_glyph_by_glyph() {
        let mut out = String::new();
        push_path(&mut out, "17", 10.0, 20.0, 12.0);
        // `1` then `7`, each scaled by 2; `7` starts one advance (11) further right.
        assert_eq!(
            out,
            "M11.6 22.4L14.8 20L14.8 32M11.6 32L18 32M21 20L29 20L23.8 32"
        );
        assert_eq!(width("17", 12.0), 19.0);
        assert_eq!(width("", 12.0), 0.0);
    }

    #[test]
    fn numbers_are_written_short() {
        let mut out = String::new();
        for v in [12.0, 3.5, -0.25, 1.0 / 3.0, -0.001, 2.999] {
            push_number(&mut out, v);
            out.push(',');
        }
        assert_eq!(out, "12,3.5,-0.25,0.33,0,3,");
    }
}
