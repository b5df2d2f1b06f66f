//! One finding as the page shows it: the located diagnostic, the source line it points at,
//! its move in the board's notation, what the writer may have meant (the repairs tried), and
//! what its board shows: the position before the move (as a ply of the game's moves, so the
//! page plays it; whole only in a variation), the move written (red, with the pieces it took
//! marked) and the move the rules required (green, hop by hop).

use draughts::{Move, Notation, Position};

use super::viewer::{code, in_board_notation, squares_text};
use crate::diagram::parse_route;
use crate::repair::Suggestion;
use crate::{CheckedGame, Code, Located, Ply, Severity, Verdict};

/// Most characters of the source line shown on each side of the finding's column.
const EXCERPT_REACH: usize = 48;

/// A finding of one game.
#[derive(Clone, Debug)]
pub struct Finding {
    /// How bad it is.
    pub severity: Severity,
    /// The stable code.
    pub code: Code,
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
    /// Its move with the squares named as its board names them, when that is not how it is
    /// written (`c3-d4` for `22-18` in a Russian game).
    pub board_text: Option<String>,
    /// 0 in the main line, else the variation depth.
    pub variation: u32,
    /// The source line, cut to the finding's surroundings.
    pub excerpt: String,
    /// Where the caret goes in the excerpt: character offset and length.
    pub caret: (usize, usize),
    /// The board, when there is one.
    pub board: Option<Board>,
    /// What the writer may have meant, best first.
    pub suggestions: Vec<Repair>,
}

/// A suggestion as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// `did you mean 32-28 (digits swapped)? With it the remaining 86 plies replay`.
    pub text: String,
    /// Whether it is trusted, and whether `pdnkit fix` writes it.
    pub status: RepairStatus,
}

/// How far a suggestion is trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepairStatus {
    /// Not confirmed: listed, never applied.
    Candidate,
    /// Confirmed, but in a variation: `fix` changes main lines only.
    Confirmed,
    /// Confirmed in the main line: what `pdnkit fix` applies.
    Applied,
}

impl RepairStatus {
    /// The page's number for it.
    pub fn number(self) -> u8 {
        match self {
            RepairStatus::Candidate => 0,
            RepairStatus::Confirmed => 1,
            RepairStatus::Applied => 2,
        }
    }
}

/// What a finding's board shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// The main-line position it is about, as plies played from the start; none for a finding
    /// in a variation.
    pub at: Option<u32>,
    /// The position of a finding in a variation, whole (as the viewer codes positions).
    pub position: Option<String>,
    /// The move written, as the route of its squares (red), in the viewer's square characters.
    pub written: String,
    /// The pieces it took (marked).
    pub captured: String,
    /// A move the rules required, hop by hop (green).
    pub required: String,
}

impl Finding {
    /// The finding `d` of `checked`, with the suggestions found for it.
    pub fn of(checked: &CheckedGame<'_, '_>, d: &Located, suggestions: &[Suggestion]) -> Finding {
        let (excerpt, caret) = excerpt(&checked.raw.text, d.span);
        let notation = checked.config().map(|c| c.notation);
        let board_text = match (&d.move_text, notation) {
            (Some(text), Some(notation)) => {
                in_board_notation(&notation, text).filter(|shown| shown != text)
            }
            _ => None,
        };
        // `fix` applies a confirmed repair of an invalid game's main line.
        let applies = d.variation == 0 && checked.record.status == Verdict::Invalid;
        let suggestions = suggestions
            .iter()
            .map(|s| Repair {
                text: s.help(),
                status: match (s.confirmed, applies) {
                    (false, _) => RepairStatus::Candidate,
                    (true, false) => RepairStatus::Confirmed,
                    (true, true) => RepairStatus::Applied,
                },
            })
            .collect();
        Finding {
            severity: d.severity,
            code: d.code,
            message: d.message.clone(),
            line: d.line,
            column: d.column,
            ply: d.ply,
            written_text: d.move_text.clone(),
            board_text,
            variation: d.variation,
            excerpt,
            caret,
            board: board(checked, d),
            suggestions,
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
                b.captured = squares_text(p.mv.captures().iter().copied());
            }
            None => {
                let text = d.move_text.as_deref().unwrap_or("");
                b.written = parse_route(&notation, text)
                    .map(squares_text)
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
fn route(mv: &Move) -> String {
    let mut r = vec![mv.from];
    if mv.is_capture() {
        r.extend_from_slice(mv.landings());
    } else {
        r.push(mv.to);
    }
    squares_text(r)
}

/// The route of the legal move the rules required, written as `best` (every landing square).
fn required(before: &Position, notation: &Notation, best: &str) -> Option<String> {
    let squares = parse_route(notation, best).ok()?;
    let mv = before
        .legal_capture_paths_all()
        .into_iter()
        .chain(before.legal_moves())
        .find(|m| m.fits(&squares))?;
    Some(route(&mv))
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

    /// The findings of the first game of `pdn`, with the repairs found for them.
    fn findings(pdn: &str) -> Vec<Finding> {
        let raw = Splitter::new(pdn.as_bytes()).next().unwrap().unwrap();
        let options = ReplayOptions::default();
        check_game("t.pdn", &raw, &options, |c| {
            let repairs = crate::repair::repairs(c, &options);
            c.record
                .diagnostics
                .iter()
                .map(|d| {
                    let found = repairs.iter().find(|r| Some(r.span) == d.span);
                    Finding::of(c, d, found.map_or(&[], |r| &r.suggestions))
                })
                .collect()
        })
    }

    /// The boards of the findings of the first game of `pdn`.
    fn boards(pdn: &str) -> Vec<Option<Board>> {
        findings(pdn).into_iter().map(|f| f.board).collect()
    }

    /// The viewer's characters of squares numbered `n` (1-based) on a numbered board.
    fn squares(n: &[usize]) -> String {
        n.iter()
            .map(|&n| char::from(super::super::viewer::SQUARES.as_bytes()[n - 1]))
            .collect()
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
        // Before White's second move; 28-22 written, 28x19 required.
        assert_eq!((b.at, &b.position), (Some(2), &None));
        assert_eq!(
            (b.written.clone(), b.captured.clone()),
            (squares(&[28, 22]), String::new())
        );
        assert_eq!(b.required, squares(&[28, 19]));
    }

    #[test]
    fn a_move_that_cannot_be_played_lists_its_repairs_and_whether_fix_applies_them() {
        // 23-28 was written for 32-28; the rest of the game replays with it (the example of
        // `pdnkit::repair`).
        let pdn = "[GameType \"20\"]\n1. 23-28 17-22 2. 28x17 12x21 3. 31-26 7-12 4. 26x17 \
                   12x21 5. 36-31 19-23 6. 34-29 23x34 7. 39x30 20-24 8. 30x19 14x23 9. 37-32 \
                   21-27 *\n";
        let found = findings(pdn);
        let repairs = &found[0].suggestions;
        assert_eq!(repairs.len(), 1, "{repairs:?}");
        assert!(repairs[0].text.contains("32-28"), "{repairs:?}");
        assert_eq!(repairs[0].status, RepairStatus::Applied);
        // The same slip in a variation is confirmed, but `fix` leaves variations alone.
        let pdn = format!(
            "[GameType \"20\"]\n1. 33-28 (1. {} ) 1... 17-22 *\n",
            "23-28 17-22 2. 28x17 12x21 3. 31-26 7-12 4. 26x17 12x21 5. 36-31 19-23 6. 34-29 \
             23x34 7. 39x30 20-24 8. 30x19 14x23 9. 37-32 21-27"
        );
        let found = findings(&pdn);
        let statuses: Vec<RepairStatus> = found
            .iter()
            .flat_map(|f| f.suggestions.iter().map(|s| s.status))
            .collect();
        assert_eq!(statuses, [RepairStatus::Confirmed], "{found:?}");
    }

    #[test]
    fn a_move_is_also_named_in_the_board_notation() {
        // A Russian game written in numbers: the board is labelled a-h.
        let found = findings("[GameType \"25\"]\n1. 22-18 11-15 2. 22-18 *\n");
        let f = found.iter().find(|f| f.written_text.is_some()).unwrap();
        assert_eq!(f.written_text.as_deref(), Some("22-18"));
        assert_eq!(f.board_text.as_deref(), Some("c3-d4"), "{f:?}");
        // A move written as the board names it has nothing more.
        let found = findings("[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n");
        assert_eq!(found[0].board_text, None);
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
