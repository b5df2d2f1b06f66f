//! Rule-aware move text: how a move that was played is written back.
//!
//! * The **full path** (PDN 3.0 move notation): the start square, then for each captured
//!   piece but the last the square the capturing piece stands on before it goes for the next
//!   one (the square directly behind the piece when it goes on along the same line, the turning
//!   square when it changes direction), then the end square. Quiet moves are `from-to`.
//! * The **minimal form** that `convert --to pdn` writes: `from x to`, unless another legal move
//!   shares start and end but takes other pieces; then the full path.
//!
//! Squares are named in the game's notation; captures use the variant's separator (`x`, `:` in
//! Russian and Spantsiretti, `-` in Thai). This module decides text only; it knows nothing of
//! output formats.

use crate::Ply;
use ::pdn as ast;
use draughts::{Config, Move, Position};
use draughts::{Geometry, Square};

/// The full path of `mv` in PDN 3.0 form (`47x38x24x13x36`; `32-28` for a quiet move).
pub fn full_path(config: &Config, mv: &Move) -> String {
    let mut out = String::with_capacity(8);
    write_full_path(config, mv, &mut out);
    out
}

/// [`full_path`], appended to `out`.
pub fn write_full_path(config: &Config, mv: &Move, out: &mut String) {
    let names = config.notation.names();
    names.push_name(out, mv.from);
    if !mv.is_capture() {
        out.push('-');
        names.push_name(out, mv.to);
        return;
    }
    let sep = config.variant.capture_separator();
    for sq in canonical_landings(config.rules().geometry, mv) {
        out.push(sep);
        names.push_name(out, sq);
    }
}

/// The minimal text of a played move: short unless ambiguous, then the full path; always one
/// that replays to the same move. A move that broke a capture duty keeps the squares it was
/// written with (the replay classified exactly those), in normalised form.
pub fn minimal(config: &Config, ply: &Ply, written: &ast::Move<'_>) -> String {
    if ply.fault.is_some() {
        return normalised_squares(config, written, ply.mv.is_capture())
            .unwrap_or_else(|| full_path(config, &ply.mv));
    }
    minimal_legal(config, &ply.before, &ply.mv)
}

/// The minimal text of `mv`, a legal move in `before`.
pub fn minimal_legal(config: &Config, before: &Position, mv: &Move) -> String {
    let sep = config.variant.capture_separator();
    if !mv.is_capture() {
        return join(config, &[mv.from, mv.to], '-');
    }
    let ambiguous = before
        .legal_moves()
        .iter()
        .any(|m| m.from == mv.from && m.to == mv.to && m.captured != mv.captured);
    if !ambiguous {
        return join(config, &[mv.from, mv.to], sep);
    }
    let mut canonical = vec![mv.from];
    canonical.extend(canonical_landings(config.rules().geometry, mv));
    if reads_back_as(before, mv, &canonical) {
        return join(config, &canonical, sep);
    }
    // Some other route fits the canonical squares too: name every landing square.
    let mut every = vec![mv.from];
    every.extend_from_slice(mv.landings());
    join(config, &every, sep)
}

/// The squares of a written move, renamed in the game's notation and joined with the
/// variant's separator (`-` for a quiet move). `None` when a token names no square.
pub fn normalised_squares(
    config: &Config,
    written: &ast::Move<'_>,
    capture: bool,
) -> Option<String> {
    let squares: Option<Vec<Square>> = written
        .squares()
        .map(|t| config.notation.parse(t))
        .collect();
    let sep = if capture {
        config.variant.capture_separator()
    } else {
        '-'
    };
    Some(join(config, &squares?, sep))
}

/// True when the squares, written as a move in `before`, mean `mv` and nothing else.
fn reads_back_as(before: &Position, mv: &Move, squares: &[Square]) -> bool {
    before
        .legal_capture_paths_all()
        .iter()
        .filter(|m| m.fits(squares))
        .all(|m| m.same_effect(mv))
}

/// The landing square after each capture, reduced to the PDN 3.0 form: where the capturing
/// piece goes on along the same line, the square directly behind the piece it took (a flying
/// king may have landed further); where it turns, the turning square. The last is `to`.
pub fn canonical_landings(g: Geometry, mv: &Move) -> Vec<Square> {
    let (taken, landings) = (mv.captures(), mv.landings());
    let mut out = Vec::with_capacity(taken.len());
    let mut at = mv.from;
    for (i, (&victim, &landing)) in taken.iter().zip(landings).enumerate() {
        let inbound = direction(g, at, victim);
        let straight_on = taken
            .get(i + 1)
            .is_some_and(|&next| direction(g, landing, next) == inbound);
        let shown = if straight_on {
            next_on_line(g, victim, inbound).unwrap_or(landing)
        } else {
            landing
        };
        out.push(shown);
        at = landing;
    }
    out
}

/// The unit step from `a` towards `b` (they lie on one line).
fn direction(g: Geometry, a: Square, b: Square) -> (i32, i32) {
    let ((xa, ya), (xb, yb)) = (g.coords(a), g.coords(b));
    let (dx, dy) = (xb - xa, yb - ya);
    let unit = gcd(dx.abs(), dy.abs()).max(1);
    (dx / unit, dy / unit)
}

/// The first playable square after `sq` going in `dir` (orthogonal lines on a board of dark
/// squares skip the light ones).
fn next_on_line(g: Geometry, sq: Square, (ux, uy): (i32, i32)) -> Option<Square> {
    let (mut x, mut y) = g.coords(sq);
    loop {
        x += ux;
        y += uy;
        if x < 0 || y < 0 || x >= g.width() as i32 || y >= g.height() as i32 {
            return None;
        }
        if let Some(next) = g.square_at(x, y) {
            return Some(next);
        }
    }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn join(config: &Config, squares: &[Square], sep: char) -> String {
    let names = config.notation.names();
    let mut s = String::with_capacity(squares.len() * 3);
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            s.push(sep);
        }
        names.push_name(&mut s, *sq);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::Fen;
    use draughts::{GameState, Variant};

    fn game(variant: Variant, fen: &str) -> GameState {
        GameState::from_fen(&Fen::parse(fen).unwrap(), Config::standard(variant)).unwrap()
    }

    /// Two captures 47x36 taking different pieces need their full paths.
    #[test]
    fn ambiguous_king_captures_get_the_pdn3_full_path() {
        let g = game(Variant::International, "W:WK47:B14,19,29,31,42");
        let config = *g.config();
        let mut texts: Vec<String> = g
            .legal_moves()
            .iter()
            .map(|m| minimal_legal(&config, g.position(), m))
            .collect();
        texts.sort();
        assert_eq!(texts, ["47x38x20x9x36", "47x38x24x13x36"]);
    }

    #[test]
    fn unambiguous_captures_are_short_and_use_the_variant_separator() {
        let g = game(Variant::Russian, "W:Wc3:Bd4,f6");
        let config = *g.config();
        let moves = g.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(minimal_legal(&config, g.position(), &moves[0]), "c3:g7");
        assert_eq!(full_path(&config, &moves[0]), "c3:e5:g7");
    }

    #[test]
    fn a_flying_king_going_on_straight_is_written_from_the_square_behind() {
        // The king on 46 takes 41 and 23 on one diagonal: the path names 37, right behind 41,
        // whichever of 37, 32 or 28 it used on the way.
        let g = game(Variant::International, "W:WK46:B41,23");
        let config = *g.config();
        let paths = g.position().legal_capture_paths_all();
        let middles: std::collections::BTreeSet<usize> =
            paths.iter().map(|m| m.landings()[0].index()).collect();
        assert!(middles.len() > 1, "the engine lists several landings");
        for m in &paths {
            let text = full_path(&config, m);
            assert!(text.starts_with("46x37x"), "{text}");
        }
    }

    #[test]
    fn canonical_landings_agree_with_the_engine_canonical_paths() {
        for (v, fen) in [
            (Variant::International, "W:WK47:B14,19,29,31,42"),
            (Variant::Frisian, "W:WK28:B22,23,33,39,18"),
            (Variant::Turkish, "W:Wd4:Bd5,d7,e8,c6"),
            (Variant::Russian, "W:WKa1:Bc3,f6,e7,c5"),
        ] {
            let g = game(v, fen);
            let geometry = v.rules().geometry;
            let canonical = g.position().legal_capture_paths();
            for m in g.position().legal_capture_paths_all() {
                let reduced = canonical_landings(geometry, &m);
                assert!(
                    canonical.iter().any(|c| c.same_effect(&m)
                        && c.captures() == m.captures()
                        && c.landings() == reduced.as_slice()),
                    "{v} {fen}: {m:?} reduced to {reduced:?}"
                );
            }
        }
    }
}
