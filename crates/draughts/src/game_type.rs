//! The `GameType` tag's value: the game's number and, in its full form, the board, the notation
//! of its squares and the side that moves first (PDN 3.0). Which rules that means is for
//! [`Variant::from_game_type`](crate::Variant::from_game_type).

use std::fmt;

use crate::Colour;

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
        // At most six fields are read; `count` counts them all.
        let mut fields = [""; 6];
        let mut count = 0;
        for field in value.split(',') {
            if let Some(slot) = fields.get_mut(count) {
                *slot = field.trim();
            }
            count += 1;
        }
        let fields = &fields[..count.min(6)];
        let number: i32 = fields[0]
            .parse()
            .map_err(|_| err("the type number is not an integer"))?;
        if count == 1 {
            return Ok(GameType {
                number,
                attrs: None,
            });
        }
        if !(5..=6).contains(&count) {
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

/// The scoring scale of a result: PDN's GameType table gives each game type a "result type".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultScale {
    /// `1-0`, `0-1`, `1/2-1/2` (PDN "Default").
    One,
    /// `2-0`, `0-2`, `1-1` (PDN "International").
    Two,
    /// `*` or `0-0`: scale-free.
    Neutral,
}

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
}
