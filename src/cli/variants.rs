//! `pdnkit variants`: the rule sets pdnkit knows, with their aliases and the GameType that
//! selects each, as a table, JSON Lines or CSV.

use std::io::Write;

use serde::Serialize;

use draughts::{KingRange, Precedence, Variant};

use super::Format;

/// Widest line of the text table: longer capture rules wrap under their column.
const WIDTH: usize = 100;

/// One variant as the formats write it.
#[derive(Serialize)]
struct Row {
    name: &'static str,
    /// The full GameType; `None` where PDN has none to write.
    game_type: Option<String>,
    board: String,
    men: usize,
    first: &'static str,
    kings: &'static str,
    capture_rule: &'static str,
    aliases: Vec<&'static str>,
    /// The rule sets of the other boards the variant is played on (`malaysian-10x10`).
    other_boards: Vec<&'static str>,
}

fn row(v: Variant) -> Row {
    let r = v.rules();
    let g = r.geometry;
    Row {
        name: v.name(),
        game_type: (r.game_type > 0 || r.game_type == -1).then(|| v.game_type().to_string()),
        board: format!("{}x{}", g.width(), g.height()),
        men: r.men_per_side(),
        first: super::side_word(r.first_mover),
        kings: match r.king_range {
            KingRange::Flying => "flying",
            _ => "short",
        },
        capture_rule: precedence(r.precedence),
        aliases: v.aliases().collect(),
        other_boards: v.boards().skip(1).map(|b| b.name).collect(),
    }
}

/// Writes every variant in `format`.
pub fn run(format: Format, out: &mut dyn Write) -> anyhow::Result<()> {
    let rows = Variant::ALL.map(row);
    match format {
        Format::Text => text(&rows, out),
        Format::Json => {
            for r in &rows {
                // Rendered in memory: serde_json's error would hide a broken pipe from `main`.
                let mut line = serde_json::to_vec(r)?;
                line.push(b'\n');
                out.write_all(&line)?;
            }
            Ok(())
        }
        Format::Csv => {
            let mut csv = csv::Writer::from_writer(Vec::new());
            csv.write_record([
                "name",
                "game_type",
                "board",
                "men",
                "first",
                "kings",
                "capture_rule",
                "aliases",
                "other_boards",
            ])?;
            for r in &rows {
                csv.write_record([
                    r.name,
                    r.game_type.as_deref().unwrap_or(""),
                    &r.board,
                    &r.men.to_string(),
                    r.first,
                    r.kings,
                    r.capture_rule,
                    &r.aliases.join(" "),
                    &r.other_boards.join(" "),
                ])?;
            }
            out.write_all(&csv.into_inner()?)?;
            Ok(())
        }
    }
}

/// The table: one line per variant (the capture rule wrapped to stay within [`WIDTH`]), its
/// aliases on the line below, and the names refused as ambiguous at the end.
fn text(rows: &[Row], out: &mut dyn Write) -> anyhow::Result<()> {
    let cells = |name: &str, game_type: &str, board: &str, men: &str, first: &str, kings: &str| {
        format!("{name:<13} {game_type:<15} {board:<5} {men:>3} {first:<5} {kings:<6} ")
    };
    let header = cells("variant", "GameType", "board", "men", "first", "kings");
    let indent = header.len();
    writeln!(out, "{header}capture rule")?;
    for r in rows {
        let lead = cells(
            r.name,
            r.game_type.as_deref().unwrap_or("-"),
            &r.board,
            &r.men.to_string(),
            r.first,
            r.kings,
        );
        for (i, part) in wrap(r.capture_rule, WIDTH - indent).iter().enumerate() {
            let lead = if i == 0 { lead.as_str() } else { "" };
            writeln!(out, "{lead:<indent$}{part}")?;
        }
        if !r.aliases.is_empty() {
            writeln!(out, "{:14}aliases: {}", "", r.aliases.join(", "))?;
        }
        if !r.other_boards.is_empty() {
            writeln!(
                out,
                "{:14}also played on: {}",
                "",
                r.other_boards.join(", ")
            )?;
        }
    }
    for (name, candidates) in Variant::ambiguous_names() {
        let names: Vec<&str> = candidates.iter().map(|v| v.name()).collect();
        writeln!(
            out,
            "\n{name:?} is refused as ambiguous: it may mean {}.",
            super::list(&names, "or")
        )?;
    }
    Ok(())
}

/// `text` in lines of at most `width` characters, broken after a comma where it can, else
/// between words (a longer word has a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for clause in text.split_inclusive(", ") {
        let clause = clause.trim_end();
        let pieces: Vec<&str> = if clause.chars().count() <= width {
            vec![clause]
        } else {
            clause.split_whitespace().collect()
        };
        for piece in pieces {
            let line = lines.last_mut().expect("never empty");
            if line.is_empty() {
                line.push_str(piece);
            } else if line.chars().count() + 1 + piece.chars().count() <= width {
                line.push(' ');
                line.push_str(piece);
            } else {
                lines.push(piece.to_string());
            }
        }
    }
    lines
}

fn precedence(p: Precedence) -> &'static str {
    match p {
        Precedence::Free => "free choice",
        Precedence::Quantity => "most pieces",
        Precedence::KingFirst => "a king captures first, else free",
        Precedence::QuantityThenKing => "most pieces, then by a king",
        Precedence::QuantityThenKings => "most pieces, then most kings",
        Precedence::Italian => "most pieces, by a king, most kings, king first met",
        Precedence::Frisian(_) => "highest value (king > man), then by a king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_after_commas_else_between_words() {
        assert_eq!(wrap("most pieces", 20), ["most pieces"]);
        assert_eq!(
            wrap("most pieces, by a king, most kings", 24),
            ["most pieces, by a king,", "most kings"]
        );
        assert_eq!(
            wrap("highest value (king > man), then", 20),
            ["highest value (king", "> man), then"]
        );
        // A word longer than the width has a line of its own.
        assert_eq!(wrap("ab abcdefghij cd", 4), ["ab", "abcdefghij", "cd"]);
    }

    #[test]
    fn the_table_stays_within_its_width_and_lists_every_alias() {
        let mut out = Vec::new();
        run(Format::Text, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
        for v in Variant::ALL {
            assert!(text.contains(&format!("\n{:<13} ", v.name())), "{v}");
            for alias in v.aliases() {
                assert!(text.contains(alias), "{alias}");
            }
        }
        assert!(text.contains("\"dama\" is refused as ambiguous"), "{text}");
    }
}
