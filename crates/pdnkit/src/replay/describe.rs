//! The words of diagnostics: what the rules wanted, with squares named the way the game writes
//! them (numbers or letters: a game may write the kind its GameType does not prefer).

use draughts::NotationKind;
use draughts::SquareToken;
use draughts::{self, CaptureRank, DrawRule, Move, Position, Role, WinReason};
use draughts::{Notation, Square};
use pdn as ast;
use pdn::MoveForm;

use super::code::{Code, Severity};
use super::diagnostic::{CaptureFault, Diagnostic, side_name};

/// Most legal moves listed in an `illegal-move` message.
const LISTED_MOVES: usize = 12;

/// The notation that names squares the way `written` does: numbers or letters.
pub fn written_notation(state: &draughts::GameState, written: &ast::Move<'_>) -> Notation {
    let kind = match written.from() {
        SquareToken::Num(_) => NotationKind::Numeric,
        _ => NotationKind::Alphanumeric,
    };
    state.config().notation.as_written(kind)
}

/// A move with every landing square (`27x18x9x20`), in `notation` and the variant's separator.
pub fn long_text(state: &draughts::GameState, notation: &Notation, m: &Move) -> String {
    m.text(notation, state.config().variant.capture_separator(), true)
}

/// Why a game was won, in words.
pub fn win_reason(r: WinReason) -> &'static str {
    match r {
        WinReason::NoPieces => "the opponent has no pieces left",
        WinReason::NoMoves => "the opponent has no legal move",
        WinReason::LonePiece => "the opponent is left with a single piece",
        WinReason::FirstKing => "a man was crowned first",
        WinReason::Anti => "the winner has no pieces or no legal move left",
    }
}

/// A draw rule, in words.
pub fn draw_rule(r: DrawRule) -> String {
    match r {
        DrawRule::Repetition(n) | DrawRule::RepetitionOnClaim(n) => {
            format!("the same position occurred {n} times")
        }
        DrawRule::KingMoves { plies, .. } => {
            format!(
                "{} moves each with only kings moving and no capture",
                plies / 2
            )
        }
        DrawRule::FmjdEndgame => "the FMJD 16/5-move endgame rule".into(),
        DrawRule::RussianEndgame => "the Russian endgame move limits".into(),
        DrawRule::FrisianEndgame => "the Frisian king endgame rule".into(),
        DrawRule::ThreeKingsVsKing { plies } => {
            format!(
                "three kings did not beat one king within {} moves",
                plies / 2
            )
        }
        DrawRule::OnePieceEach => "one piece each".into(),
    }
}

/// The diagnostic of a capture fault (`code`, the move `played`), naming what was taken and
/// one best legal capture.
pub fn capture_fault(
    state: &draughts::GameState,
    code: Code,
    played: &Move,
    written: &ast::Move<'_>,
) -> Diagnostic {
    let pos = state.position();
    let notation = written_notation(state, written);
    let best = best_capture(pos);
    let best_rank = pos.capture_rank(&best);
    let best_text = long_text(state, &notation, &best);
    let taken = played.captures().len();
    let message = match code {
        Code::CaptureRequired => format!(
            "{} is a quiet move, but a capture is compulsory: {best_text} ({})",
            written.text,
            takes(&best_rank)
        ),
        Code::MissedCapture => format!(
            "{} leaves a capture unplayed ({best_text}); the rules allow it, but the piece may \
             be huffed",
            written.text
        ),
        Code::IncompleteCapture => format!(
            "{} stops after {}, but the capture can go on; the rules require {}: {best_text}",
            written.text,
            plural(taken as u32, "piece"),
            requirement(&best_rank)
        ),
        _ => {
            let played = pos.capture_rank(played);
            format!(
                "{} {}; the rules require {}{}: {best_text}",
                written.text,
                takes(&played),
                requirement(&best_rank),
                if best_rank.by_king && !played.by_king {
                    ", made by a king"
                } else {
                    ""
                }
            )
        }
    };
    let severity = if code == Code::MissedCapture {
        Severity::Note
    } else {
        Severity::Error
    };
    let mut d = Diagnostic::new(severity, code, message);
    d.capture = Some(Box::new(CaptureFault {
        captured: played
            .captures()
            .iter()
            .map(|s| notation.format(*s).to_string())
            .collect(),
        required: best_rank.pieces,
        best: best_text,
        fen_before: state.to_fen().to_string(),
    }));
    d
}

/// The highest-ranked legal capture (the legal list holds only captures the precedence rule
/// allows, so any of them is "best"; the longest path is the clearest example).
fn best_capture(pos: &Position) -> Move {
    pos.legal_moves()
        .into_iter()
        .max_by_key(|m| (pos.capture_rank(m), m.captures().len()))
        .expect("a capture fault implies a legal capture")
}

fn takes(rank: &CaptureRank) -> String {
    let kings = match rank.kings {
        0 => String::new(),
        k => format!(" ({} among them)", plural(k, "king")),
    };
    format!("takes {}{kings}", plural(rank.pieces, "piece"))
}

fn requirement(rank: &CaptureRank) -> String {
    let kings = match rank.kings {
        0 => String::new(),
        k => format!(" including {}", plural(k, "king")),
    };
    format!("a capture of {}{kings}", plural(rank.pieces, "piece"))
}

fn plural(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Why a written move cannot be played; squares named in `notation` (the kind the move is
/// written in).
pub fn unplayable(
    pos: &Position,
    notation: &Notation,
    code: Code,
    squares: &[Square],
    written: &ast::Move<'_>,
) -> String {
    // Name the square as the user wrote it (a game may use the notation's other kind).
    let from = written.from();
    let text = written.text;
    let mover = side_name(pos.side_to_move());
    match code {
        Code::NoPiece => format!("{text}: there is no piece on {from}"),
        Code::WrongSide => {
            format!("{text}: the piece on {from} is not {mover}'s, and {mover} is to move")
        }
        _ if written.form == MoveForm::FileAndTarget => {
            let target = written.to();
            let listed = listed_moves(pos, notation);
            format!(
                "{text} is not a legal move: no piece of {mover} on file {from} can go to \
                 {target}; legal moves: {listed}"
            )
        }
        _ => {
            let piece = match pos.piece_at(squares[0]).map(|p| p.role) {
                Some(Role::King) => "king",
                _ => "man",
            };
            let has_move = pos.legal_moves().iter().any(|m| m.from == squares[0]);
            let why = if pos.has_capture() && !has_move {
                "a capture is compulsory and this piece has none".to_string()
            } else if !has_move {
                format!("the {piece} on {from} has no legal move")
            } else {
                format!("the {piece} on {from} cannot go there")
            };
            let listed = listed_moves(pos, notation);
            format!("{text} is not a legal move: {why}; legal moves: {listed}")
        }
    }
}

/// The legal moves of `pos`, the first [`LISTED_MOVES`] of them, for a message: short, but
/// with every landing square where two moves share their short form (two routes of a king
/// between the same squares).
fn listed_moves(pos: &Position, notation: &Notation) -> String {
    let mut moves = pos.legal_moves();
    moves.sort_by_key(|m| (m.from.index(), m.to.index()));
    let shared = |m: &Move| {
        moves
            .iter()
            .filter(|o| o.from == m.from && o.to == m.to)
            .count()
            > 1
    };
    let mut listed: Vec<String> = moves
        .iter()
        .take(LISTED_MOVES)
        .map(|m| m.text(notation, 'x', shared(m)))
        .collect();
    if moves.len() > LISTED_MOVES {
        listed.push("...".into());
    }
    listed.join(", ")
}
