//! Typed views of the tag values PDN gives a grammar of its own, beside `GameType` and `FEN`
//! (which belong to the rules crate): `Result`, and the `Variant` tag of playstrategy and
//! lidraughts.
//!
//! These are syntax only: turning a result into a verdict on the game is the replay's job.

use draughts::ResultScale;

// ---------------------------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------------------------

/// What a result token says, in terms of the side that moves first in the variant's standard
/// start (PDN's convention: the first number is the first mover's score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultMeaning {
    /// First mover won (`1-0`, `2-0`).
    FirstWins,
    /// Second mover won (`0-1`, `0-2`).
    SecondWins,
    /// Draw (`1/2-1/2`, `1-1`, `½-½`, `0.5-0.5`).
    Draw,
    /// Both players lost (`0-0`, double forfeit).
    BothLose,
    /// Unfinished or unknown (`*`).
    Unknown,
}

/// A result as written (Result tag value or game terminator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResultToken<'a> {
    /// The text as written, trimmed.
    pub raw: &'a str,
    /// The meaning, when the text is one of the known result forms.
    pub outcome: Option<ResultMeaning>,
    /// The scale, when known.
    pub scale: Option<ResultScale>,
}

impl<'a> ResultToken<'a> {
    /// Interprets a Result tag value. Any string is accepted (PDN 3.0 asks readers to); unknown
    /// forms keep `outcome == None`.
    pub fn from_tag(value: &'a str) -> ResultToken<'a> {
        let raw = value.trim();
        let (outcome, scale) = match result_token_meaning(raw) {
            Some((o, s)) => (Some(o), Some(s)),
            None => (None, None),
        };
        ResultToken {
            raw,
            outcome,
            scale,
        }
    }
}

/// The result tokens that may end a game in movetext, longest first so that a prefix never
/// wins (`1/2-1/2` before `1-1`). The forms with `:` are those of Russian books and archives.
pub const RESULT_TOKENS: [&str; 14] = [
    "1/2-1/2", "1/2:1/2", "0.5-0.5", "½-½", "2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "1:0", "0:1",
    "*", "½–½",
];

/// The PDN spelling of a result written in another known form (`1:0` is `1-0`, `½-½` is
/// `1/2-1/2`); `None` for a standard token or an unknown one.
pub fn standard_result_token(token: &str) -> Option<&'static str> {
    Some(match token {
        "1:0" => "1-0",
        "0:1" => "0-1",
        "1/2:1/2" => "1/2-1/2",
        _ => return None,
    })
}

/// Meaning of a known result token, or `None`.
pub fn result_token_meaning(token: &str) -> Option<(ResultMeaning, ResultScale)> {
    use ResultMeaning::*;
    use ResultScale::*;
    Some(match token {
        "1-0" | "1:0" => (FirstWins, One),
        "0-1" | "0:1" => (SecondWins, One),
        "1/2-1/2" | "½-½" | "½–½" | "0.5-0.5" | "1/2:1/2" => (Draw, One),
        "2-0" => (FirstWins, Two),
        "0-2" => (SecondWins, Two),
        "1-1" => (Draw, Two),
        "0-0" => (BothLose, Neutral),
        "*" => (Unknown, Neutral),
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Variant
// ---------------------------------------------------------------------------------------------

/// A `Variant` tag as written by playstrategy.org and lidraughts (`"American/English"`,
/// `"Frisian"`), with the `GameType` number it names when the name is known.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantTag {
    /// The value as written, trimmed.
    pub raw: String,
    /// The GameType number of the named variant (lidraughts' private 96–99 included).
    pub game_type: Option<i32>,
}

impl VariantTag {
    /// Interprets a `Variant` value: case, spaces and punctuation are ignored.
    pub fn parse(value: &str) -> VariantTag {
        let key: String = value
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        let game_type = VARIANT_NAMES
            .iter()
            .find(|(names, _)| names.contains(&key.as_str()))
            .map(|&(_, n)| n);
        VariantTag {
            raw: value.trim().to_string(),
            game_type,
        }
    }
}

/// Variant names (lower case, letters and digits only) and their GameType numbers.
const VARIANT_NAMES: [(&[&str], i32); 18] = [
    (
        &[
            "international",
            "standard",
            "internationaldraughts",
            "polish",
        ],
        20,
    ),
    (
        &[
            "english",
            "american",
            "americanenglish",
            "englishamerican",
            "checkers",
            "englishdraughts",
            "americancheckers",
        ],
        21,
    ),
    (&["italian"], 22),
    (&["pool", "americanpool", "poolcheckers"], 23),
    (&["spanish"], 24),
    (&["russian"], 25),
    (&["brazilian"], 26),
    (&["canadian"], 27),
    (&["portuguese"], 28),
    (&["czech"], 29),
    (&["turkish"], 30),
    (&["thai"], 31),
    (&["frisian"], 40),
    (&["spantsiretti"], 41),
    (&["breakthrough"], 96),
    (&["frysk"], 97),
    (&["antidraughts"], 98),
    (&["fromposition"], 99),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_tags_name_game_types() {
        assert_eq!(VariantTag::parse("American/English").game_type, Some(21));
        assert_eq!(VariantTag::parse(" Frysk! ").game_type, Some(97));
        assert_eq!(VariantTag::parse(" Frysk! ").raw, "Frysk!");
        assert_eq!(VariantTag::parse("From Position").game_type, Some(99));
        assert_eq!(VariantTag::parse("Losing chess").game_type, None);
    }

    #[test]
    fn results_every_form() {
        for (tok, outcome) in [
            ("2-0", ResultMeaning::FirstWins),
            ("0-2", ResultMeaning::SecondWins),
            ("1-1", ResultMeaning::Draw),
            ("1-0", ResultMeaning::FirstWins),
            ("0-1", ResultMeaning::SecondWins),
            ("0-0", ResultMeaning::BothLose),
            ("*", ResultMeaning::Unknown),
            ("½-½", ResultMeaning::Draw),
            ("1/2-1/2", ResultMeaning::Draw),
            ("0.5-0.5", ResultMeaning::Draw),
        ] {
            assert_eq!(ResultToken::from_tag(tok).outcome, Some(outcome), "{tok}");
        }
        let spaced = ResultToken::from_tag(" 0-1");
        assert_eq!(spaced.raw, "0-1");
        assert_eq!(spaced.outcome, Some(ResultMeaning::SecondWins));
        let delfts = ResultToken::from_tag("4-6");
        assert_eq!((delfts.raw, delfts.outcome), ("4-6", None));
    }
}
