//! One finding as the page shows it: the located diagnostic, the source line it points at,
//! and what its board shows: the position before the move, the move written (red, with the
//! pieces it took marked) and the move the rules required (green, hop by hop).

use draughts::{Move, Notation, Position, Square};
use serde::Serialize;

use super::viewer::code;
use crate::diagram::parse_route;
use crate::replay::fits;
use crate::{CheckedGame, Located, Ply};

/// Most characters of the source line shown on each side of the finding's column.
const EXCERPT_REACH: usize = 80;

/// A finding of one game.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// The stable code.
    pub code: &'static str,
    /// The message.
    pub message: String,
    /// Line in the file.
    pub line: u32,
    /// Column in the file (characters, from 1).
    pub column: u32,
    /// The ply of its move (1-based in its line).
    pub ply: Option<u32>,
    /// Its move as written.
    pub written_text: Option<String>,
    /// 0 in the main line, else the variation depth.
    pub variation: u32,
    /// The source line, cut to the finding's surroundings.
    pub excerpt: String,
    /// Where the caret goes in the excerpt: character offset and length.
    pub caret: (usize, usize),
    /// The board, when there is one.
    pub board: Option<Board>,
}

/// What a finding's board shows.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Board {
    /// The main-line position it is about, as plies played from the start; none for a finding
    /// in a variation.
    pub at: Option<u32>,
    /// The position of a finding in a variation, whole (as the viewer codes positions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The move written, as the route of its squares (red).
    pub written: Vec<u8>,
    /// The pieces it took (marked).
    pub captured: Vec<u8>,
    /// A move the rules required, hop by hop (green).
    pub required: Vec<u8>,
}

impl Finding {
    /// The finding `d` of `checked`.
    pub fn of(checked: &CheckedGame<'_, '_>, d: &Located) -> Finding {
        let (excerpt, caret) = excerpt(&checked.raw.text, d.span);
        Finding {
            severity: d.severity.name(),
            code: d.code.name(),
            message: d.message.clone(),
            line: d.line,
            column: d.column,
            ply: d.ply,
            written_text: d.move_text.clone(),
            variation: d.variation,
            excerpt,
            caret,
            board: board(checked, d),
        }
    }
}

/// The board of finding `d`: the position where it is, and its moves.
fn board(checked: &CheckedGame<'_, '_>, d: &Located) -> Option<Board> {
    let replayed = checked.replayed?;
    let notation = checked.config()?.notation;
    let start = replayed.start?;
    let span_start = d.span.map(|s| s.0);
    // The ply the finding is about, when the replay played it.
    let played: Option<&Ply> = span_start.and_then(|at| {
        let plies = if d.variation == 0 {
            &replayed.plies
        } else {
            &replayed.variation_plies
        };
        plies
            .iter()
            .find(|p| p.span.start == at && Some(p.ply) == d.ply)
    });
    let mut b = Board::default();
    let before: Position = if d.variation > 0 {
        let before = match played {
            Some(p) => p.before,
            None => variation_position_before(replayed, d)?,
        };
        b.position = Some(code(&before));
        before
    } else {
        // Before the finding's move; for a finding without one, after the moves written
        // before it (a result is checked after the last move).
        let at = match (d.ply, span_start) {
            (Some(ply), _) => ply.saturating_sub(1),
            (None, Some(s)) => replayed.plies.iter().filter(|p| p.span.start < s).count() as u32,
            (None, None) => replayed.plies.len() as u32,
        };
        let at = at.min(replayed.plies.len() as u32);
        b.at = Some(at);
        match at.checked_sub(1) {
            None => start,
            Some(i) => replayed.plies[i as usize].after,
        }
    };
    if d.ply.is_some() {
        match played {
            Some(p) => {
                b.written = route(&p.mv);
                b.captured = indices(p.mv.captures());
            }
            None => {
                let text = d.move_text.as_deref().unwrap_or("");
                b.written = parse_route(&notation, text)
                    .map(|r| indices(&r))
                    .unwrap_or_default();
            }
        }
    }
    if let Some(fault) = &d.capture {
        b.required = required(&before, &notation, &fault.best).unwrap_or_default();
    }
    Some(b)
}

/// The position before the move of `d`, a move of a variation that was not played: after the
/// move before it in its own line, or, for the first move of a variation, in the line it
/// branches from (the last such move written before it).
fn variation_position_before(replayed: &crate::Replayed, d: &Located) -> Option<Position> {
    let (ply, at) = (d.ply?, d.span?.0);
    let Some(previous) = ply.checked_sub(1).filter(|&p| p > 0) else {
        return replayed.start;
    };
    for depth in (1..=d.variation).rev() {
        let found = replayed
            .variation_plies
            .iter()
            .rev()
            .find(|p| p.depth == depth && p.ply == previous && p.span.start < at);
        if let Some(p) = found {
            return Some(p.after);
        }
    }
    replayed.plies.get(previous as usize - 1).map(|p| p.after)
}

/// The route of a move: its start, then each landing square.
fn route(mv: &Move) -> Vec<u8> {
    let mut r = vec![mv.from.index() as u8];
    if mv.is_capture() {
        r.extend(mv.landings().iter().map(|s| s.index() as u8));
    } else {
        r.push(mv.to.index() as u8);
    }
    r
}

/// The route of the legal move the rules required, written as `best` (every landing square).
fn required(before: &Position, notation: &Notation, best: &str) -> Option<Vec<u8>> {
    let squares = parse_route(notation, best).ok()?;
    let mv = before
        .legal_capture_paths_all()
        .into_iter()
        .chain(before.legal_moves())
        .find(|m| fits(m, &squares))?;
    Some(route(&mv))
}

fn indices(squares: &[Square]) -> Vec<u8> {
    squares.iter().map(|s| s.index() as u8).collect()
}

/// The line of `text` that holds `span`'s start, cut to at most [`EXCERPT_REACH`] characters
/// on each side of it, and the caret's character offset and length in that cut.
fn excerpt(text: &str, span: Option<(u32, u32)>) -> (String, (usize, usize)) {
    let (start, end) = span.map_or((0, 0), |(s, e)| (s as usize, e as usize));
    let start = floor_char(text, start.min(text.len()));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = text[line_start..line_end].trim_end_matches('\r');
    let before: Vec<char> = text[line_start..start].chars().collect();
    let skipped = before.len().saturating_sub(EXCERPT_REACH);
    let caret_len = text[start..end.clamp(start, line_start + line.len())]
        .chars()
        .count()
        .max(1);
    let shown: String = line
        .chars()
        .skip(skipped)
        .take(before.len() - skipped + EXCERPT_REACH)
        .collect();
    (shown, (before.len() - skipped, caret_len))
}

/// The largest char boundary of `text` at or before `i`.
fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReplayOptions, check_game};
    use pdn::Splitter;

    /// The boards of the findings of the first game of `pdn`.
    fn boards(pdn: &str) -> Vec<Option<Board>> {
        let raw = Splitter::new(pdn.as_bytes()).next().unwrap().unwrap();
        check_game("t.pdn", &raw, &ReplayOptions::default(), |c| {
            c.record
                .diagnostics
                .iter()
                .map(|d| Finding::of(c, d).board)
                .collect()
        })
    }

    /// The page's code of the position after `moves` from the international start.
    fn after(moves: &str) -> String {
        let pdn = format!("[GameType \"20\"]\n{moves} *\n");
        let raw = Splitter::new(pdn.as_bytes()).next().unwrap().unwrap();
        check_game("t.pdn", &raw, &ReplayOptions::default(), |c| {
            code(&c.replayed.unwrap().plies.last().unwrap().after)
        })
    }

    #[test]
    fn a_capture_fault_shows_the_move_written_and_the_capture_required() {
        let found = boards("[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n");
        let b = found[0].as_ref().unwrap();
        // Before White's second move; 28-22 written (indices 27, 21), 28x19 required.
        assert_eq!((b.at, &b.position), (Some(2), &None));
        assert_eq!(
            (b.written.clone(), b.captured.clone()),
            (vec![27, 21], vec![])
        );
        assert_eq!(b.required, vec![27, 18]);
    }

    #[test]
    fn a_move_of_a_variation_shows_the_variation_position() {
        let pdn = "[GameType \"20\"]\n1. 32-28 17-22 (1... 19-23 2. 28x19 14x23 3. 31-27 23-34) \
                   2. 28x17 (2. 33-29 (2. 31-26 19-23 3. 26-21 23-99)) 11x22 *\n";
        let found: Vec<Board> = boards(pdn).into_iter().flatten().collect();
        let positions: Vec<Option<&str>> = found.iter().map(|b| b.position.as_deref()).collect();
        // 23-34 cannot be played: the board is after the move before it in its variation.
        // 33-29 and 31-26 (and 26-21 after it) are played where 28x17 is due: each board is
        // before its move. 23-99 names no square: after 26-21, in the nested variation.
        let expected = [
            after("1. 32-28 19-23 2. 28x19 14x23 3. 31-27"),
            after("1. 32-28 17-22"),
            after("1. 32-28 17-22"),
            after("1. 32-28 17-22 2. 31-26 19-23"),
            after("1. 32-28 17-22 2. 31-26 19-23 3. 26-21"),
        ];
        let expected: Vec<Option<&str>> = expected.iter().map(|s| Some(s.as_str())).collect();
        assert_eq!(positions, expected);
    }

    #[test]
    fn an_excerpt_is_the_line_of_the_span_and_a_caret_under_it() {
        let text = "[Event \"x\"]\n1. 32-28 19-23 2. 28-22 *\n";
        let at = text.find("28-22").unwrap() as u32;
        let (line, caret) = excerpt(text, Some((at, at + 5)));
        assert_eq!(line, "1. 32-28 19-23 2. 28-22 *");
        assert_eq!(caret, (18, 5));
        // No span: the first line, a caret of one.
        assert_eq!(excerpt(text, None), ("[Event \"x\"]".to_string(), (0, 1)));
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret_counting_characters() {
        let text = format!("{}é 32-28 {}", "ü".repeat(200), "x".repeat(200));
        let at = text.find("32-28").unwrap() as u32;
        let (line, caret) = excerpt(&text, Some((at, at + 5)));
        assert_eq!(caret, (EXCERPT_REACH, 5));
        assert_eq!(line.chars().count(), 2 * EXCERPT_REACH);
        assert_eq!(
            line.chars().skip(caret.0).take(5).collect::<String>(),
            "32-28"
        );
        // A span past the end of its line is cut at the line's end.
        let (_, caret) = excerpt("ab\ncd", Some((1, 5)));
        assert_eq!(caret, (1, 1));
    }
}
