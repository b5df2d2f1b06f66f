//! Non-fatal findings of the syntax layer (notes) and the fatal ones (`SyntaxError`).
//!
//! A note marks something the reader tolerated: the game is still parsed and every note carries
//! the span of the text it is about. A `SyntaxError` means the game's structure could not be
//! recovered; the game is counted as unreadable and reading goes on with the next game.

use std::borrow::Cow;
use std::fmt;

use super::span::Span;

/// What a note is about. Each kind has a stable kebab-case [`code`](NoteKind::code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoteKind {
    /// The file is not UTF-8: its games that are not were read in the single-byte encoding
    /// its bytes show (named by the note's detail). On the first game read so.
    Encoding,
    /// Bytes that are not UTF-8 in a game read as UTF-8, replaced by U+FFFD.
    InvalidUtf8,
    /// The file is UTF-16 (named by the note's detail), read as such. On its first game.
    Transcoded,
    /// A result followed directly by the next game's first move number (`1-101.32-28`, as
    /// engine logs write them): the game ends at the result and the next one starts there.
    GluedGames,
    /// A line that starts again at move 1 in a game without terminator (opening books written
    /// one line per opening): the game ends before it and the line starts the next one.
    RestartedNumbering,
    /// The game ends without a terminator (`*` or a result).
    MissingTerminator,
    /// Text that is no PDN token; kept as junk and written back inside a comment.
    Junk,
    /// Text glued to a move without a space (`26-22Whiteoverstepped`); the move was cut there.
    GluedText,
    /// A number without a dot; not a move number, kept as junk.
    BareNumber,
    /// A `.` standing alone.
    StrayDot,
    /// The two characters `\r` (or `\n`) written as text; ignored like a space.
    LiteralEscape,
    /// A bracketed name without a value (`[Empty]`, `[pdn]`); read as an empty value.
    TagWithoutValue,
    /// A tag value without quotes (`[Round 3]`).
    UnquotedTagValue,
    /// A tag value whose closing quote is missing on its line.
    UnterminatedTagValue,
    /// A tag without its closing `]`.
    UnclosedTag,
    /// A line `Name "value"]` missing its `[`; read as a tag.
    TagMissingBracket,
    /// A `[` that opens nothing (`[[Event`, `[` alone before another tag).
    StrayBracket,
    /// A tag name that is not a PDN identifier (spaces, HTML entities...).
    OddTagName,
    /// A tag name used twice in one game; both are kept, lookups return the first.
    DuplicateTag,
    /// A `)` without a matching `(`; kept as junk.
    StrayParen,
    /// A result token inside a variation; kept as junk.
    ResultInVariation,
    /// The last token equals the game's non-standard `Result` tag (`4-6`, `-`) and was taken as
    /// the terminator.
    InferredTerminator,
    /// A numeric move written without separator (`3228`, PDN 1.0), read as `32-28`.
    RunTogetherMove,
    /// A `%` escape that does not start its line; kept as junk.
    MisplacedEscape,
    /// A tag after the movetext inside one game text (the splitter normally starts a new game
    /// there); kept as junk.
    TagInMovetext,
    /// Movetext after the terminator inside one game text; kept as junk.
    TextAfterTerminator,
    /// A `{` comment holding tag lines: its `}` is probably missing, and the games up to the
    /// next `}` were read as comment text.
    TagsInComment,
    /// A move whose square letters are upper case (`E3-D4`), as some exporters write them;
    /// read as lower case.
    UpperCaseSquare,
    /// A move in Russian short notation (`cd4`: the file of the moving piece and the target
    /// square), resolved against the legal moves of the position.
    ShortNotation,
    /// A strength mark separated from its move by white space (`18-22 !`, `37-32 (?)`); PDN
    /// 3.0 writes it glued to the move.
    SpacedStrength,
    /// A result in the Russian form (`1:0`, `0:1`, `1/2:1/2`); read as its PDN equivalent.
    ResultForm,
}

impl NoteKind {
    /// Stable identifier, e.g. `missing-terminator`.
    pub fn code(self) -> &'static str {
        use NoteKind::*;
        match self {
            Encoding => "encoding",
            InvalidUtf8 => "invalid-utf8",
            Transcoded => "transcoded",
            GluedGames => "glued-games",
            RestartedNumbering => "restarted-numbering",
            MissingTerminator => "missing-terminator",
            Junk => "junk",
            GluedText => "glued-text",
            BareNumber => "bare-number",
            StrayDot => "stray-dot",
            LiteralEscape => "literal-escape",
            TagWithoutValue => "tag-without-value",
            UnquotedTagValue => "unquoted-tag-value",
            UnterminatedTagValue => "unterminated-tag-value",
            UnclosedTag => "unclosed-tag",
            TagMissingBracket => "tag-missing-bracket",
            StrayBracket => "stray-bracket",
            OddTagName => "odd-tag-name",
            DuplicateTag => "duplicate-tag",
            StrayParen => "stray-paren",
            ResultInVariation => "result-in-variation",
            InferredTerminator => "inferred-terminator",
            RunTogetherMove => "run-together-move",
            MisplacedEscape => "misplaced-escape",
            TagInMovetext => "tag-in-movetext",
            TextAfterTerminator => "text-after-terminator",
            TagsInComment => "tags-in-comment",
            UpperCaseSquare => "upper-case-square",
            ShortNotation => "short-notation",
            SpacedStrength => "spaced-strength",
            ResultForm => "result-form",
        }
    }

    /// One-line description for users.
    pub fn message(self) -> &'static str {
        use NoteKind::*;
        match self {
            Encoding => {
                "the file is not UTF-8: read in the encoding its bytes show (--encoding NAME \
                 reads it as another)"
            }
            InvalidUtf8 => "bytes that are not UTF-8, replaced by U+FFFD",
            Transcoded => "the file is UTF-16 (it starts with a byte order mark), read as such",
            GluedGames => "the next game starts right after this result, without a space",
            RestartedNumbering => {
                "the game has no terminator and the next line starts again at move 1: read as \
                 the start of the next game"
            }
            MissingTerminator => "game has no terminator (`*` or a result)",
            Junk => "text that is not PDN, kept as a comment",
            GluedText => "text glued to the move, kept as a comment",
            BareNumber => "number without a dot, kept as a comment",
            StrayDot => "stray `.`, kept as a comment",
            LiteralEscape => "literal `\\r` text, ignored",
            TagWithoutValue => "tag without a value, read as an empty value",
            UnquotedTagValue => "tag value without quotes",
            UnterminatedTagValue => "tag value without its closing quote",
            UnclosedTag => "tag without its closing `]`",
            TagMissingBracket => "tag line without its opening `[`",
            StrayBracket => "stray `[`, ignored",
            OddTagName => "tag name is not a PDN identifier",
            DuplicateTag => "tag appears twice in this game; the first one counts",
            StrayParen => "`)` without a matching `(`, kept as a comment",
            ResultInVariation => "result inside a variation, kept as a comment",
            InferredTerminator => {
                "non-standard result equal to the Result tag, read as the terminator"
            }
            RunTogetherMove => "numeric move without separator (PDN 1.0), read as two squares",
            MisplacedEscape => "`%` escape not at the start of a line, kept as a comment",
            TagInMovetext => "tag after the moves, kept as a comment",
            TextAfterTerminator => "moves after the game terminator, kept as a comment",
            TagsInComment => {
                "comment holds tag lines: a `}` is probably missing, and the games up to the next \
                 `}` are read as comment text"
            }
            UpperCaseSquare => "square letters in upper case, read as lower case",
            ShortNotation => {
                "move in Russian short notation (file of the moving piece and target square), \
                 resolved against the legal moves"
            }
            SpacedStrength => "strength mark apart from its move, read as the move's mark",
            ResultForm => "result in the Russian form, read as its PDN equivalent",
        }
    }
}

/// A tolerated deviation, with the span of the text it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Note {
    /// What was found.
    pub kind: NoteKind,
    /// Where, in the game's text.
    pub span: Span,
    /// What the kind's message leaves open: the encoding of an [`NoteKind::Encoding`] or
    /// [`NoteKind::Transcoded`] note.
    pub detail: Option<&'static str>,
}

impl Note {
    /// A note of `kind` about `span`.
    pub fn new(kind: NoteKind, span: Span) -> Note {
        Note {
            kind,
            span,
            detail: None,
        }
    }

    /// A note of `kind` about `span` with a detail for its message.
    pub fn with_detail(kind: NoteKind, span: Span, detail: &'static str) -> Note {
        Note {
            kind,
            span,
            detail: Some(detail),
        }
    }

    /// One-line description for users: the kind's message, with the detail where the kind
    /// has one.
    pub fn message(&self) -> Cow<'static, str> {
        match (self.kind, self.detail) {
            (NoteKind::Encoding, Some(encoding)) => Cow::Owned(format!(
                "the file is not UTF-8: read as {encoding}, the encoding its bytes show \
                 (--encoding NAME reads it as another)"
            )),
            (NoteKind::Transcoded, Some(encoding)) => Cow::Owned(format!(
                "the file is {encoding} (it starts with a byte order mark or has the shape of \
                 one), read as such"
            )),
            _ => Cow::Borrowed(self.kind.message()),
        }
    }
}

/// Why a game is unreadable. Each kind has a stable kebab-case code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// A `{` comment runs to the end of the game.
    UnterminatedComment,
    /// A `}` outside any comment (the standard's nested-comment probe).
    UnmatchedBrace,
    /// A `(` variation runs to the end of the game.
    UnterminatedVariation,
    /// Variations nested deeper than the parser's limit.
    TooDeep,
    /// The game is larger than the splitter's maximum game size.
    Oversize,
    /// A tag name or value longer than the parser's limit.
    TagTooLong,
    /// More moves than the parser's limit, in the main line or in all.
    TooManyMoves,
    /// The text holds neither a tag nor a movetext token.
    Empty,
}

impl SyntaxErrorKind {
    /// Stable identifier, e.g. `unterminated-comment`.
    pub fn code(self) -> &'static str {
        use SyntaxErrorKind::*;
        match self {
            UnterminatedComment => "unterminated-comment",
            UnmatchedBrace => "unmatched-brace",
            UnterminatedVariation => "unterminated-variation",
            TooDeep => "too-deep",
            Oversize => "oversize",
            TagTooLong => "tag-too-long",
            TooManyMoves => "too-many-moves",
            Empty => "empty",
        }
    }
}

/// A game whose structure could not be recovered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What went wrong.
    pub kind: SyntaxErrorKind,
    /// Where, in the game's text (for an oversize game: its first byte).
    pub span: Span,
    /// Human-readable explanation (no file name, line or column: those come from the caller).
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}
