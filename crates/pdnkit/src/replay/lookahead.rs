//! Deciding an ambiguous short capture by looking ahead: the route with which the rest of the
//! line replays wins (as lidraughts does, but reported, never silent).

use draughts::SquareToken;
use draughts::{self, Move, ResolveError, Resolver};
use pdn::MoveForm;
use pdn::{self as ast, Node};

use super::code::{Code, Severity};
use super::describe::{long_text, written_notation};
use super::diagnostic::Diagnostic;

/// Picks one of `options` (legal moves that all fit `written`) by replaying `rest` after
/// each; returns the choice and the `ambiguous-move` diagnostic (a warning when look-ahead
/// decided, an error when it could not).
pub fn decide(
    state: &draughts::GameState,
    options: &[Move],
    rest: &[Node<'_>],
    written: &ast::Move<'_>,
) -> (Move, Diagnostic) {
    let scores: Vec<(u32, bool)> = options
        .iter()
        .map(|m| {
            let mut s = state.clone();
            s.play(m);
            replayable(s, rest)
        })
        .collect();
    let best = scores.iter().copied().max().expect("at least two options");
    let winners: Vec<usize> = (0..options.len()).filter(|&i| scores[i] == best).collect();
    let notation = written_notation(state, written);
    let routes: Vec<String> = options
        .iter()
        .map(|m| {
            let taken: Vec<String> = m
                .captures()
                .iter()
                .map(|s| notation.format(*s).to_string())
                .collect();
            if taken.is_empty() {
                long_text(state, &notation, m)
            } else {
                format!(
                    "{} (takes {})",
                    long_text(state, &notation, m),
                    taken.join(", ")
                )
            }
        })
        .collect();
    let chosen = winners[0];
    let (severity, verdict) = if winners.len() == 1 {
        (
            Severity::Warning,
            format!(
                "the rest of the game replays only after {}",
                long_text(state, &notation, &options[chosen])
            ),
        )
    } else {
        (
            Severity::Error,
            format!(
                "the rest of the game does not tell them apart; {} was assumed",
                long_text(state, &notation, &options[chosen])
            ),
        )
    };
    let advice = match written.form {
        MoveForm::FileAndTarget => "the from-square tells them apart",
        _ => "PDN 3.0 asks for the full path",
    };
    let message = format!(
        "{} is ambiguous: it fits {}; {verdict} ({advice})",
        written.text,
        routes.join(" and ")
    );
    (
        options[chosen],
        Diagnostic::new(severity, Code::AmbiguousMove, message),
    )
}

/// How many of the moves in `rest` replay after `state`, and whether all of them did. Nested
/// ambiguities take their first route; faults and unplayable moves end the count.
fn replayable(mut state: draughts::GameState, rest: &[Node<'_>]) -> (u32, bool) {
    let mut count = 0;
    let mut resolver = Resolver::new();
    for node in rest {
        let Node::Move(m) = node else {
            continue;
        };
        let notation = state.config().notation;
        let file = m.squares().find_map(|t| match t {
            SquareToken::File(f) => Some(f),
            _ => None,
        });
        let squares: Option<Vec<_>> = m
            .squares()
            .filter(|t| !matches!(t, SquareToken::File(_)))
            .map(|t| notation.parse(t))
            .collect();
        let Some(squares) = squares else {
            return (count, false);
        };
        let resolution = match (file, squares.as_slice()) {
            (Some(f), &[target]) => {
                resolver.resolve_file_target(state.position(), &notation, f, target)
            }
            _ => {
                let dashed = m.separators().all(|s| s == pdn::Separator::Dash);
                resolver.resolve(state.position(), &squares, super::written_as(dashed))
            }
        };
        let mv = match resolution {
            Ok(mv) => mv,
            Err(ResolveError::Ambiguous(options)) => options[0],
            Err(_) => return (count, false),
        };
        state.play(&mv);
        count += 1;
    }
    (count, true)
}
