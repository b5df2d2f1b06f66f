//! Typed views of the tags whose values have a grammar of their own: `GameType`, `FEN` and
//! `Result`.
//!
//! These are syntax only. A `GameType` says which board and notation the game uses, a `Fen`
//! lists square tokens, a `GameResult` says who scored; turning them into a rules variant, a
//! position or a verdict is the job of `rules` and `replay`.

use std::fmt;

use super::squares::{SquareToken, parse_square_token};

/// A side as PDN names it. In the rules engine the first mover of the variant decides which
/// colour moves first; PDN text only ever says `W` or `B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `W`.
    White,
    /// `B`.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `W` or `B`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }

    fn from_letter(c: char) -> Option<Colour> {
        match c {
            'W' | 'w' => Some(Colour::White),
            'B' | 'b' => Some(Colour::Black),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// GameType
// ---------------------------------------------------------------------------------------------

/// Notation family of a `GameType`: numeric (`N`), alphanumeric (`A`) or chess SAN (`S`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotationKind {
    /// Playable squares numbered 1..N.
    Numeric,
    /// File letter and rank number, `a1`...
    Alphanumeric,
    /// Chess short algebraic (type 0 only).
    Short,
}

/// The explicit attributes of a full `GameType` value (`20,W,10,10,N2,0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameTypeAttrs {
    /// Colour that moves first in the standard start.
    pub first_mover: Colour,
    /// Board width in squares.
    pub width: u8,
    /// Board height in squares.
    pub height: u8,
    /// Notation family.
    pub notation: NotationKind,
    /// Corner holding square 1 (or `a1`) seen from the first mover: 0 bottom-left,
    /// 1 bottom-right, 2 top-left, 3 top-right.
    pub corner: u8,
    /// Invert flag: `Some(true)` when the bottom-left square is not playable. Absent in the
    /// five-field form.
    pub invert: Option<bool>,
}

/// A parsed `GameType` tag: the type number and, in the full form, the attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameType {
    /// The type number (20 international, 21 English, ... ; lidraughts uses 96–99; `-1` for
    /// games without a number). Unknown numbers are kept.
    pub number: i32,
    /// The explicit attributes when the tag has the six-field (or five-field) form.
    pub attrs: Option<GameTypeAttrs>,
}

/// Why a `GameType` value could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameTypeError(pub String);

impl fmt::Display for ParseGameTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid GameType: {}", self.0)
    }
}

impl std::error::Error for ParseGameTypeError {}

impl GameType {
    /// Reads `T` or `T,C,W,H,Nd[,I]`. Spaces around fields are tolerated.
    pub fn parse(value: &str) -> Result<GameType, ParseGameTypeError> {
        let err = |why: &str| ParseGameTypeError(format!("{why} in {value:?}"));
        let fields: Vec<&str> = value.split(',').map(str::trim).collect();
        let number: i32 = fields[0]
            .parse()
            .map_err(|_| err("the type number is not an integer"))?;
        if fields.len() == 1 {
            return Ok(GameType {
                number,
                attrs: None,
            });
        }
        if !(5..=6).contains(&fields.len()) {
            return Err(err("expected 1, 5 or 6 comma-separated fields"));
        }
        let first_mover = match fields[1] {
            "W" | "w" => Colour::White,
            "B" | "b" => Colour::Black,
            _ => return Err(err("the start colour must be W or B")),
        };
        let size = |s: &str| -> Result<u8, ParseGameTypeError> {
            match s.parse::<u8>() {
                Ok(n) if (2..=26).contains(&n) => Ok(n),
                _ => Err(err("board width and height must be numbers from 2 to 26")),
            }
        };
        let width = size(fields[2])?;
        let height = size(fields[3])?;
        let code = fields[4].as_bytes();
        if code.len() != 2 {
            return Err(err(
                "the notation field must be a letter and a digit, e.g. N2",
            ));
        }
        let notation = match code[0] {
            b'N' | b'n' => NotationKind::Numeric,
            b'A' | b'a' => NotationKind::Alphanumeric,
            b'S' | b's' => NotationKind::Short,
            _ => return Err(err("the notation letter must be N, A or S")),
        };
        let corner = match code[1] {
            d @ b'0'..=b'3' => d - b'0',
            _ => return Err(err("the notation corner must be 0 to 3")),
        };
        let invert = match fields.get(5) {
            None => None,
            Some(&"0") => Some(false),
            Some(&"1") => Some(true),
            Some(_) => return Err(err("the invert flag must be 0 or 1")),
        };
        Ok(GameType {
            number,
            attrs: Some(GameTypeAttrs {
                first_mover,
                width,
                height,
                notation,
                corner,
                invert,
            }),
        })
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number)?;
        if let Some(a) = self.attrs {
            let n = match a.notation {
                NotationKind::Numeric => 'N',
                NotationKind::Alphanumeric => 'A',
                NotationKind::Short => 'S',
            };
            write!(
                f,
                ",{},{},{},{}{}",
                a.first_mover.letter(),
                a.width,
                a.height,
                n,
                a.corner
            )?;
            if let Some(inv) = a.invert {
                write!(f, ",{}", u8::from(inv))?;
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------------------------

/// One entry of a FEN piece list: a square or a numeric range, possibly kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FenItem {
    /// `K` prefix: the piece(s) are kings.
    pub king: bool,
    /// The square, or the first square of a range.
    pub square: SquareToken,
    /// Last square of a range (`31-50`), inclusive.
    pub range_end: Option<SquareToken>,
}

/// One colour block of a FEN (`W31-50` or `BK3,7`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenGroup {
    /// `None` for the `?` colour (PDN 3.0 extension).
    pub colour: Option<Colour>,
    /// The pieces, in the order written (possibly none: `W:W31:B`).
    pub items: Vec<FenItem>,
}

/// A draughts FEN as written in a `FEN` tag or a `/FEN "..."/` setup: syntax only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    /// Side to move; `None` for `?`.
    pub turn: Option<Colour>,
    /// Colour blocks, in the order written (either order is legal).
    pub groups: Vec<FenGroup>,
    /// Extra `:`-separated fields that are not colour blocks (lidraughts `H0`, `F1`, `+1+0`),
    /// kept verbatim.
    pub extras: Vec<String>,
    /// The FEN ended with a `.` (CheckerBoard/Aurora style).
    pub trailing_dot: bool,
}

/// Why a FEN could not be read, with the byte offset inside the FEN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// Byte offset in the FEN value where the problem was found.
    pub offset: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseFenError {}

impl Fen {
    /// Reads `turn (':' colour items?)* extras* '.'?`.
    ///
    /// Tolerated: spaces around items, a trailing `.`, empty colour blocks, lower-case colour
    /// letters, lidraughts' extra fields. Rejected: anything else, with the offset of the fault.
    pub fn parse(text: &str) -> Result<Fen, ParseFenError> {
        let fail = |offset: usize, message: String| Err(ParseFenError { offset, message });
        let trimmed_end = text.trim_end();
        let (body, trailing_dot) = match trimmed_end.strip_suffix('.') {
            Some(b) => (b, true),
            None => (trimmed_end, false),
        };
        let mut fields = split_with_offsets(body, ':');
        let (turn_off, turn_text) = fields.next().unwrap_or((0, ""));
        let turn = match turn_text.trim() {
            "W" | "w" => Some(Colour::White),
            "B" | "b" => Some(Colour::Black),
            "?" => None,
            other => {
                return fail(
                    turn_off,
                    format!("the side to move must be W, B or ?, found {other:?}"),
                );
            }
        };
        let mut fen = Fen {
            turn,
            groups: Vec::new(),
            extras: Vec::new(),
            trailing_dot,
        };
        for (off, field) in fields {
            let lead = field.len() - field.trim_start().len();
            let field_trim = field.trim();
            let mut chars = field_trim.chars();
            let colour_char = chars.next();
            let colour = match colour_char {
                Some('?') => None,
                Some(c) if Colour::from_letter(c).is_some() => Colour::from_letter(c),
                _ => {
                    if fen.groups.is_empty() && field_trim.is_empty() {
                        return fail(off, "empty field after the side to move".into());
                    }
                    fen.extras.push(field_trim.to_string());
                    continue;
                }
            };
            let items = parse_items(&field_trim[1..], off + lead + 1)?;
            fen.groups.push(FenGroup { colour, items });
        }
        Ok(fen)
    }

    /// True when some square in the FEN is alphanumeric.
    pub fn has_alg_squares(&self) -> bool {
        self.squares().any(SquareToken::is_alg)
    }

    /// True when some square in the FEN is numeric.
    pub fn has_numeric_squares(&self) -> bool {
        self.squares().any(|s| !s.is_alg())
    }

    fn squares(&self) -> impl Iterator<Item = SquareToken> + '_ {
        self.groups
            .iter()
            .flat_map(|g| g.items.iter())
            .flat_map(|i| std::iter::once(i.square).chain(i.range_end))
    }
}

impl fmt::Display for Fen {
    /// Writes the FEN in PDN 3.0 writing form (no spaces, no trailing dot; extras kept).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.turn {
            Some(c) => {
                if c == Colour::White {
                    "W"
                } else {
                    "B"
                }
            }
            None => "?",
        })?;
        for g in &self.groups {
            let c = g.colour.map_or('?', Colour::letter);
            write!(f, ":{c}")?;
            for (i, item) in g.items.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                if item.king {
                    f.write_str("K")?;
                }
                write!(f, "{}", item.square)?;
                if let Some(end) = item.range_end {
                    write!(f, "-{end}")?;
                }
            }
        }
        for e in &self.extras {
            write!(f, ":{e}")?;
        }
        Ok(())
    }
}

/// Splits `s` at `sep`, yielding each piece with its byte offset in `s`.
fn split_with_offsets(s: &str, sep: char) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    s.split(sep).map(move |piece| {
        let at = offset;
        offset += piece.len() + sep.len_utf8();
        (at, piece)
    })
}

fn parse_items(list: &str, base: usize) -> Result<Vec<FenItem>, ParseFenError> {
    let mut items = Vec::new();
    if list.trim().is_empty() {
        return Ok(items);
    }
    for (off, raw) in split_with_offsets(list, ',') {
        let at = base + off + (raw.len() - raw.trim_start().len());
        let item = raw.trim();
        let fail = |message: String| ParseFenError {
            offset: at,
            message,
        };
        let (king, rest) = match item.strip_prefix(['K', 'k']) {
            Some(r) => (true, r),
            None => (false, item),
        };
        let (square, used) = parse_square_token(rest)
            .ok_or_else(|| fail(format!("expected a square, found {item:?}")))?;
        let tail = rest[used..].trim_start();
        let range_end = if tail.is_empty() {
            None
        } else if let Some(end_text) = tail.strip_prefix('-') {
            let end_text = end_text.trim();
            match parse_square_token(end_text) {
                Some((end, n)) if n == end_text.len() => Some(end),
                _ => return Err(fail(format!("bad range end in {item:?}"))),
            }
        } else {
            return Err(fail(format!(
                "unexpected text after the square in {item:?}"
            )));
        };
        items.push(FenItem {
            king,
            square,
            range_end,
        });
    }
    Ok(items)
}

// ---------------------------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------------------------

/// What a result token says, in terms of the side that moves first in the variant's standard
/// start (PDN's convention: the first number is the first mover's score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
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

/// The scoring scale a result token was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultScale {
    /// `1-0`, `0-1`, `1/2-1/2` (PDN "Default").
    One,
    /// `2-0`, `0-2`, `1-1` (PDN "International").
    Two,
    /// `*` or `0-0`: scale-free.
    Neutral,
}

/// A result as written (Result tag value or game terminator).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The text as written, trimmed.
    pub raw: String,
    /// The meaning, when the text is one of the known result forms.
    pub outcome: Option<Outcome>,
    /// The scale, when known.
    pub scale: Option<ResultScale>,
}

impl GameResult {
    /// Interprets a Result tag value. Any string is accepted (PDN 3.0 asks readers to); unknown
    /// forms keep `outcome == None`.
    pub fn from_tag(value: &str) -> GameResult {
        let raw = value.trim();
        let (outcome, scale) = match result_token_meaning(raw) {
            Some((o, s)) => (Some(o), Some(s)),
            None => (None, None),
        };
        GameResult {
            raw: raw.to_string(),
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
pub fn result_token_meaning(token: &str) -> Option<(Outcome, ResultScale)> {
    use Outcome::*;
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
    fn gametype_short_and_full_forms() {
        assert_eq!(
            GameType::parse("20").unwrap(),
            GameType {
                number: 20,
                attrs: None
            }
        );
        let g = GameType::parse("21,B,8,8,N1,0").unwrap();
        let a = g.attrs.unwrap();
        assert_eq!(g.number, 21);
        assert_eq!(a.first_mover, Colour::Black);
        assert_eq!((a.width, a.height, a.corner), (8, 8, 1));
        assert_eq!(a.notation, NotationKind::Numeric);
        assert_eq!(a.invert, Some(false));
        assert_eq!(g.to_string(), "21,B,8,8,N1,0");
        let spantsiretti = GameType::parse("41,W,10,8,A0,0").unwrap().attrs.unwrap();
        assert_eq!((spantsiretti.width, spantsiretti.height), (10, 8));
        let unnumbered = GameType::parse("-1, W, 14, 14, N2").unwrap();
        assert_eq!(unnumbered.number, -1);
        assert_eq!(unnumbered.attrs.unwrap().invert, None);
        assert_eq!(GameType::parse("97").unwrap().number, 97);
    }

    #[test]
    fn gametype_rejects_broken_values_with_a_reason() {
        assert!(GameType::parse("").is_err());
        assert!(GameType::parse("twenty").is_err());
        assert!(GameType::parse("20,W,10").is_err());
        assert!(GameType::parse("20,X,10,10,N2,0").is_err());
        assert!(GameType::parse("20,W,10,10,N5,0").is_err());
        assert!(GameType::parse("20,W,10,10,N2,7").is_err());
    }

    #[test]
    fn fen_numeric_with_ranges_and_kings() {
        let fen = Fen::parse("W:W31-50:B1-20").unwrap();
        assert_eq!(fen.turn, Some(Colour::White));
        assert_eq!(fen.groups.len(), 2);
        assert_eq!(
            fen.groups[0].items[0],
            FenItem {
                king: false,
                square: SquareToken::Num(31),
                range_end: Some(SquareToken::Num(50))
            }
        );
        let kings = Fen::parse("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").unwrap();
        assert_eq!(kings.turn, Some(Colour::Black));
        assert!(kings.groups[0].items[4].king);
        assert_eq!(kings.groups[1].items.len(), 6);
        assert_eq!(
            kings.to_string(),
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
        );
    }

    #[test]
    fn fen_tolerates_real_world_forms() {
        let dot = Fen::parse("W:W7,26,28:B8,14,17.").unwrap();
        assert!(dot.trailing_dot);
        assert_eq!(dot.to_string(), "W:W7,26,28:B8,14,17");
        let alg = Fen::parse("W:Wa3,c3,e3:Bb8,d8").unwrap();
        assert!(alg.has_alg_squares() && !alg.has_numeric_squares());
        let one_sided = Fen::parse("W:W31:B").unwrap();
        assert!(one_sided.groups[1].items.is_empty());
        assert_eq!(Fen::parse("W:W31").unwrap().groups.len(), 1);
        let unknown = Fen::parse("?:?31-35:W1").unwrap();
        assert_eq!(unknown.turn, None);
        assert_eq!(unknown.groups[0].colour, None);
        let lidraughts = Fen::parse("W:W31,32:B1,2:H0:F1").unwrap();
        assert_eq!(lidraughts.extras, vec!["H0".to_string(), "F1".to_string()]);
        let spaced = Fen::parse("W:W 31, 32 :B 1").unwrap();
        assert_eq!(spaced.groups[0].items.len(), 2);
        let swapped = Fen::parse("W:B12,13:W25,27").unwrap();
        assert_eq!(swapped.groups[0].colour, Some(Colour::Black));
    }

    #[test]
    fn fen_errors_point_at_the_fault() {
        let e = Fen::parse("X:W31").unwrap_err();
        assert_eq!(e.offset, 0);
        let e = Fen::parse("W:W31,3x,33").unwrap_err();
        assert_eq!(e.offset, 6);
        assert!(Fen::parse("W:W31-").is_err());
        assert!(Fen::parse("W:WK").is_err());
    }

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
            ("2-0", Outcome::FirstWins),
            ("0-2", Outcome::SecondWins),
            ("1-1", Outcome::Draw),
            ("1-0", Outcome::FirstWins),
            ("0-1", Outcome::SecondWins),
            ("0-0", Outcome::BothLose),
            ("*", Outcome::Unknown),
            ("½-½", Outcome::Draw),
            ("1/2-1/2", Outcome::Draw),
            ("0.5-0.5", Outcome::Draw),
        ] {
            assert_eq!(GameResult::from_tag(tok).outcome, Some(outcome), "{tok}");
        }
        let spaced = GameResult::from_tag(" 0-1");
        assert_eq!(spaced.raw, "0-1");
        assert_eq!(spaced.outcome, Some(Outcome::SecondWins));
        let delfts = GameResult::from_tag("4-6");
        assert_eq!((delfts.raw.as_str(), delfts.outcome), ("4-6", None));
    }
}
