//! The two sides, as PDN and FEN name them.

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

    pub(crate) fn from_letter(c: char) -> Option<Colour> {
        match c {
            'W' | 'w' => Some(Colour::White),
            'B' | 'b' => Some(Colour::Black),
            _ => None,
        }
    }
}
