//! The stable diagnostic codes: their names never change once released, because scripts
//! filter on them. Listed once here; the README mirrors this list.

use std::fmt;

use draughts::DutyBreach;

/// How bad a finding is. A game with an `Error` is invalid; with only `Warning`s it is
/// "with warnings"; `Note`s never change a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational: how something was understood (variant guessed, encoding fallback).
    Note,
    /// Not what the standard asks for, but the game is still understood unambiguously.
    Warning,
    /// The game breaks the rules or cannot be read.
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $summary:literal; )*) => {
        /// A diagnostic code: a stable kebab-case name and a one-line summary.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in documentation order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable name (`not-maximal-capture`).
            pub fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// One line saying what the code means.
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }

            /// The code with this name.
            pub fn from_name(name: &str) -> Option<Code> {
                match name { $($name => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    /// The text is not PDN the reader can recover from.
    Syntax = "syntax", "the text cannot be read as PDN (the game is unreadable)";
    /// A recoverable oddity of the text.
    SyntaxNote = "syntax-note", "recoverable oddity in the text (stray token, odd move number, duplicate tag)";
    /// The text was not UTF-8.
    Encoding = "encoding", "the file is not UTF-8 (read in the encoding its bytes show, named in the message) or holds bytes that are not UTF-8 (replaced by U+FFFD)";
    /// No rules were found for the game.
    UnknownVariant = "unknown-variant", "GameType or Variant tag names no variant pdnkit knows";
    /// The variant (or the board of a variant played on several) was guessed.
    VariantGuessed = "variant-guessed", "no GameType tag: the variant, or the board of a variant played on several, was inferred from the moves";
    /// The FEN tag or setup cannot be used.
    BadFen = "bad-fen", "the FEN tag or /FEN/ setup cannot be read or is impossible";
    /// A square that is not on the board.
    UnknownSquare = "unknown-square", "a move names a square that is not on this board";
    /// Nothing stands on the from-square.
    NoPiece = "no-piece", "the move starts on an empty square";
    /// A piece of the side not to move.
    WrongSide = "wrong-side", "the move starts with a piece of the side not to move";
    /// Words that look like moves were not read as moves.
    UnreadMove = "unread-move", "words of the main line look like moves but could not be read as moves: the game is not what was written";
    /// A move written as unknown (`- -`).
    UnknownMove = "unknown-move", "a move is written as unknown (`- -`); the replay stops there";
    /// Not a legal move.
    IllegalMove = "illegal-move", "no legal move matches what is written";
    /// A quiet move while a capture was due.
    CaptureRequired = "capture-required", "a quiet move was played while a capture was compulsory";
    /// A capture that is not the one the precedence rules demand.
    NotMaximalCapture = "not-maximal-capture", "a capture took fewer (or lower-ranked) pieces than the rules require";
    /// A capture that stopped while it could go on.
    IncompleteCapture = "incomplete-capture", "a capture stopped although it could and had to continue";
    /// The written move fits several legal captures.
    AmbiguousMove = "ambiguous-move", "a short capture matches several legal captures that take different pieces";
    /// Result tag, terminator and final position disagree.
    ResultMismatch = "result-mismatch", "the Result tag, the terminator and the final position disagree, or a win is recorded where a draw rule had ended the game";
    /// Moves after the game was over.
    MovesAfterEnd = "moves-after-end", "moves are written after the game ended by the rules";
    /// A missed capture where the rules allow it (Malaysian huffing).
    MissedCapture = "missed-capture", "a capture was not made where the rules allow it (huffing)";
    /// Move numbers that disagree with the ply count.
    MoveNumber = "move-number", "a move number disagrees with the position of the move";
}

impl Code {
    /// True for the codes of a written move that the rules reject or that breaks them: a
    /// game with one of them as an error does not replay as written.
    pub fn is_move_fault(self) -> bool {
        use Code::*;
        matches!(
            self,
            BadFen
                | UnknownSquare
                | NoPiece
                | WrongSide
                | UnknownMove
                | IllegalMove
                | CaptureRequired
                | NotMaximalCapture
                | IncompleteCapture
                | AmbiguousMove
                | MovesAfterEnd
        )
    }
}

impl From<DutyBreach> for Code {
    /// The code of a move that breaks the capture duty in this way.
    fn from(breach: DutyBreach) -> Code {
        match breach {
            DutyBreach::CaptureRequired => Code::CaptureRequired,
            DutyBreach::MissedCapture => Code::MissedCapture,
            DutyBreach::NotMaximalCapture => Code::NotMaximalCapture,
            DutyBreach::IncompleteCapture => Code::IncompleteCapture,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_kebab_case_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &code in Code::ALL {
            let name = code.name();
            assert!(seen.insert(name), "duplicate {name}");
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{name}"
            );
            assert_eq!(Code::from_name(name), Some(code));
            assert!(!code.summary().is_empty());
        }
        assert_eq!(Code::from_name("nonsense"), None);
    }
}
