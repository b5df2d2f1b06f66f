//! Does the result agree with itself and with the board? The Result tag against the
//! terminator, and both against the final position when the rules decided the game.

use draughts::Colour;
use draughts::{self, Outcome};
use pdn::Game;
use pdn::{ResultMeaning as Said, ResultToken};

use super::code::{Code, Severity};
use super::describe;
use super::diagnostic::{Diagnostic, side_name};

/// Checks the results of `game`; `end` is the final state when the whole main line replayed.
pub fn check(
    game: &Game<'_>,
    first_mover: Colour,
    end: Option<&draughts::GameState>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let tag = game.result_tag();
    let tag_span = game.tags().find(|t| t.name == "Result").map(|t| t.span);
    let term = game.terminator.as_ref().map(|t| (t.result(), t.span));
    let said = |r: &ResultToken| r.outcome.filter(|o| *o != Said::Unknown);
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
    let Some(end) = end else {
        return out;
    };
    let claims: Vec<(&ResultToken, Option<_>)> = [
        tag.as_ref().map(|t| (t, tag_span)),
        term.as_ref().map(|(r, s)| (r, Some(*s))),
    ]
    .into_iter()
    .flatten()
    .collect();
    if let Outcome::Win { winner, reason } = end.outcome() {
        let expected = if winner == first_mover {
            Said::FirstWins
        } else {
            Said::SecondWins
        };
        if let Some((r, span)) = claims
            .iter()
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
