//! Hover: on a move, the position before and after it (pictures and text boards), its full
//! path and the pieces it takes; on a tag, what the tag means and the value pdnkit read.

use pdnkit::draughts::{Colour, Config, Move, Position};
use pdnkit::export::full_path;
use pdnkit::pdn::{self, Game, ResultMeaning, Tag};
use pdnkit::{CheckedGame, Replayed, Source};

use crate::board;
use crate::cursor;

/// The Markdown shown for byte `offset` of a checked game, and the extent it is about.
pub fn at(checked: &CheckedGame<'_, '_>, offset: u32) -> Option<(String, (u32, u32))> {
    let (game, replayed) = (checked.game?, checked.replayed?);
    if let Some(tag) = cursor::tag_at(game, offset) {
        let text = tag_hover(game, replayed, tag);
        return Some((text, (tag.span.start, tag.span.end)));
    }
    let m = cursor::move_at(&game.body, offset)?;
    let config = replayed.config.as_ref()?;
    let text = match cursor::ply_of(replayed, game, m) {
        Some(ply) => {
            let side = side(ply.side);
            let dots = if ply.side == config.first_mover {
                "."
            } else {
                "..."
            };
            let mut text = format!(
                "**{}{dots} {}** · {side} · `{}`\n\n",
                ply.number,
                m.text,
                full_path(config, &ply.mv)
            );
            text.push_str(&taken(config, &ply.mv));
            if let Some(code) = ply.fault {
                text.push_str(&format!(" Played with a capture fault: `{}`.", code.name()));
            }
            text.push_str("\n\n");
            text.push_str(&boards(config, &ply.before, &ply.after, &ply.mv));
            text
        }
        None => {
            let mut text = format!("**{}** · not played", m.text);
            let said: Vec<String> = checked
                .record
                .diagnostics
                .iter()
                .filter(|d| {
                    d.span
                        .is_some_and(|(s, e)| s <= m.span.start && m.span.start < e)
                })
                .map(|d| format!("{} `{}`: {}", d.severity, d.code, d.message))
                .collect();
            for s in &said {
                text.push_str("\n\n");
                text.push_str(s);
            }
            if let Some(before) = cursor::position_before(game, replayed, m.span.start) {
                text.push_str("\n\nThe position it is written in:\n\n");
                text.push_str(&board::picture(
                    &before,
                    &config.notation,
                    None,
                    None,
                    "before",
                ));
                text.push_str("\n\n```text\n");
                text.push_str(&board::text(&before, &config.notation).join("\n"));
                text.push_str("\n```\n");
            }
            text
        }
    };
    Some((text, (m.span.start, m.span.end)))
}

fn side(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// What a move takes, in words.
fn taken(config: &Config, mv: &Move) -> String {
    let names = config.notation.names();
    match mv.captures() {
        [] => "A quiet move.".to_string(),
        squares => {
            let named: Vec<&str> = squares.iter().map(|&sq| names.name(sq)).collect();
            let pieces = if squares.len() == 1 {
                "piece"
            } else {
                "pieces"
            };
            format!("Takes {} {pieces}: {}.", squares.len(), named.join(", "))
        }
    }
}

/// The boards before and after a move: pictures side by side, then text boards side by side.
fn boards(config: &Config, before: &Position, after: &Position, mv: &Move) -> String {
    let n = &config.notation;
    let mut text = format!(
        "{} {}\n\n",
        board::picture(before, n, Some(mv), None, "before"),
        board::picture(after, n, None, Some(mv), "after")
    );
    let (left, right) = (board::text(before, n), board::text(after, n));
    let width = left.first().map_or(0, |r| r.chars().count());
    text.push_str("```text\n");
    text.push_str(&format!("{:<width$}    after\n", "before"));
    for (l, r) in left.iter().zip(&right) {
        text.push_str(&format!("{l:<width$}    {r}\n"));
    }
    text.push_str("```\n");
    text
}

/// What a tag means, and what pdnkit made of its value.
fn tag_hover(game: &Game<'_>, replayed: &Replayed, tag: &Tag<'_>) -> String {
    let value = tag.value.trim();
    let mut text = format!(
        "**{}** · {}\n\nValue: `{}`",
        tag.name,
        crate::tags::meaning(tag.name),
        pdn::shown(value)
    );
    let read = match tag.name {
        "GameType" | "Variant" => variant_read(replayed),
        "Result" => result_read(value, replayed),
        "FEN" => {
            let fen = game.fen().map(|f| f.map_err(|e| e.to_string()));
            match (fen, replayed.start, replayed.config) {
                (Some(Err(e)), ..) => Some(format!("Not read: {e}.")),
                (Some(Ok(_)), Some(start), Some(config)) => Some(format!(
                    "The start position:\n\n{}\n\n```text\n{}\n```",
                    board::picture(&start, &config.notation, None, None, "start"),
                    board::text(&start, &config.notation).join("\n")
                )),
                _ => None,
            }
        }
        _ => None,
    };
    if let Some(read) = read {
        text.push_str("\n\n");
        text.push_str(&read);
    }
    text
}

/// The variant the game was played under, and why.
fn variant_read(replayed: &Replayed) -> Option<String> {
    let config = replayed.config.as_ref()?;
    let g = config.rules().geometry;
    let why = match replayed.source? {
        Source::Flag => "the variant the settings force",
        Source::GameType => "from this GameType",
        Source::VariantTag => "from the Variant tag",
        Source::Guess => "guessed from the moves",
        Source::Archive => "decided for the whole file",
    };
    Some(format!(
        "Played as **{}** ({why}): a {}x{} board, {} moves first.",
        config.variant.name(),
        g.width(),
        g.height(),
        side(config.first_mover)
    ))
}

/// What a result says, with the side the first number belongs to.
fn result_read(value: &str, replayed: &Replayed) -> Option<String> {
    let token = pdn::ResultToken::from_tag(value);
    let first = replayed.config.map_or(Colour::White, |c| c.first_mover);
    let second = match first {
        Colour::White => Colour::Black,
        Colour::Black => Colour::White,
    };
    let said = match token.outcome? {
        ResultMeaning::FirstWins => format!("{} wins", side(first)),
        ResultMeaning::SecondWins => format!("{} wins", side(second)),
        ResultMeaning::Draw => "a draw".to_string(),
        ResultMeaning::BothLose => "both sides lose".to_string(),
        ResultMeaning::Unknown => "unfinished or unknown".to_string(),
    };
    Some(format!(
        "Read as: {said} (the first number is {}'s score).",
        side(first)
    ))
}
