//! `pdnkit variants`: the rule sets pdnkit knows, with the GameType that selects each.

use std::io::Write;

use pdnkit::rules::{KingRange, Precedence, Variant};

/// Writes one line per variant: name, GameType, board, men, first mover, kings, captures.
pub fn run(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(
        out,
        "{:<13} {:<17} {:<6} {:>4}  {:<6} {:<7} capture rule",
        "variant", "GameType", "board", "men", "first", "kings"
    )?;
    for v in Variant::ALL {
        let r = v.rules();
        let g = r.geometry;
        let game_type = if r.game_type > 0 || r.game_type == -1 {
            v.game_type().to_string()
        } else {
            "-".into()
        };
        writeln!(
            out,
            "{:<13} {:<17} {:<6} {:>4}  {:<6} {:<7} {}",
            v.name(),
            game_type,
            format!("{}x{}", g.width(), g.height()),
            r.men_per_side(),
            super::side_word(r.first_mover),
            match r.king_range {
                KingRange::Flying => "flying",
                _ => "short",
            },
            precedence(r.precedence)
        )?;
    }
    Ok(())
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
