//! Does the result agree with itself and with the board? The Result tag against the
//! terminator, and both against the final position when the rules decided the game: a win on
//! the board, or a draw by rule reached on the way (the rules say when; this only compares).

use draughts::Colour;
use draughts::{self, DrawRule, Outcome};
use pdn::Game;
use pdn::{ResultMeaning as Said, ResultToken};

use super::code::{Code, Severity};
use super::describe;
use super::diagnostic::{Diagnostic, side_name};

/// Where a rule drew the main line: after the move `last` (its number and side), or in the
/// start position (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawnAt {
    /// The number and side of the last move played before the draw applied.
    pub last: Option<(u32, Colour)>,
    /// The rule.
    pub rule: DrawRule,
}

/// A win recorded where a rule had drawn the game: a warning, not an error. The moves stand and
/// the result is the one thing wrong; servers apply some draw rules differently (lidraughts'
/// Frisian king endings) and some players play on where the rule would be claimed, so an
/// arbiter is pointed at the game rather than told it is invalid.
const DRAWN_BUT_WON: Severity = Severity::Warning;

/// Checks the results of `game`; `end` is the final state when the whole main line replayed;
/// `drawn`, where a draw rule ended the main line (before its last move, or at its end).
pub fn check(
    game: &Game<'_>,
    first_mover: Colour,
    end: Option<&draughts::GameState>,
    drawn: Option<DrawnAt>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let tag = game.result_tag();
    let tag_span = game.tags().find(|t| t.name == "Result").map(|t| t.span);
    let term = game.terminator.as_ref().map(|t| (t.result(), t.span));
    let said = |r: &ResultToken<'_>| r.outcome.filter(|o| *o != Said::Unknown);
    if let (Some(t), Some((r, span))) = (&tag, &term)
        && let (Some(a), Some(b)) = (said(t), said(r))
        && a != b
    {
        let d = Diagnostic::new(
            Severity::Error,
            Code::ResultMismatch,
            format!(
                "the Result tag says {} ({}) but the game ends with {} ({})",
                t.raw,
                meaning(a, first_mover),
                r.raw,
                meaning(b, first_mover)
            ),
        );
        out.push(d.with_span(*span));
    }
    let claims = [tag.map(|t| (t, tag_span)), term.map(|(r, s)| (r, Some(s)))];
    // A draw by rule decides the game whatever is played after it: a win on the board later
    // does not count, a win recorded does not agree.
    if let Some(drawn) = drawn {
        let won = |r: &ResultToken<'_>| matches!(said(r), Some(Said::FirstWins | Said::SecondWins));
        if let Some((r, span)) = claims.iter().flatten().find(|(r, _)| won(r)) {
            let when = match drawn.last {
                Some((number, side)) => format!("after {}'s move {number}", side_name(side)),
                None => "in its start position".to_string(),
            };
            let mut d = Diagnostic::new(
                DRAWN_BUT_WON,
                Code::ResultMismatch,
                format!(
                    "the game was drawn by rule {when} ({}), but the result is {} ({})",
                    describe::draw_rule(drawn.rule),
                    r.raw,
                    meaning(said(r).expect("a win"), first_mover)
                ),
            );
            d.span = *span;
            out.push(d);
        }
        return out;
    }
    let Some(end) = end else {
        return out;
    };
    if let Outcome::Win { winner, reason } = end.outcome() {
        let expected = if winner == first_mover {
            Said::FirstWins
        } else {
            Said::SecondWins
        };
        if let Some((r, span)) = claims
            .iter()
            .flatten()
            .find(|(r, _)| said(r).is_some_and(|o| o != expected && o != Said::BothLose))
        {
            let claimed = said(r).expect("checked");
            // `1-0` for a White win where Black moves first: the result follows chess.
            let chess_reading = match winner {
                Colour::White => Said::FirstWins,
                Colour::Black => Said::SecondWins,
            };
            let chess = if first_mover == Colour::Black && claimed == chess_reading {
                format!(
                    "; it reads as chess results do ({} = {} wins), but PDN gives the first \
                     number to the side that moves first, Black here",
                    r.raw,
                    side_word(winner)
                )
            } else {
                String::new()
            };
            let mut d = Diagnostic::new(
                Severity::Error,
                Code::ResultMismatch,
                format!(
                    "the final position is a win for {} ({}), but the result is {} ({}){chess}",
                    side_name(winner),
                    describe::win_reason(reason),
                    r.raw,
                    meaning(claimed, first_mover)
                ),
            );
            d.span = *span;
            out.push(d);
        }
    }
    out
}

/// `White` or `Black`.
fn side_word(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// `white wins`, `draw`... with the first number belonging to `first_mover`.
fn meaning(o: Said, first_mover: Colour) -> String {
    match o {
        Said::FirstWins => format!("{} wins", side_name(first_mover)),
        Said::SecondWins => format!("{} wins", side_name(first_mover.opposite())),
        Said::Draw => "draw".into(),
        Said::BothLose => "both lose".into(),
        Said::Unknown => "unknown".into(),
    }
}
