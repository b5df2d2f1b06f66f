//! The encoding note `validate` gives a file that is not UTF-8. An editor decodes such a file
//! itself and hands the server text, in which nothing shows the file's encoding; so when the
//! document is a file on disk, the server reads its bytes as `validate` does and keeps the note
//! for its game, at the same line and column of that game in the editor's text.

use pdnkit::pdn::{Note, NoteKind, RawGame, Span, Splitter, locate};

/// An encoding note and the game it is about.
#[derive(Clone, Debug)]
pub struct EncodingNote {
    /// The game's text in the editor: the note stays with a game of this text.
    pub text: String,
    /// The note, its span in that text.
    pub note: Note,
}

impl EncodingNote {
    /// Gives `raw` the note when it is the game the note is about.
    pub fn attach(&self, raw: &mut RawGame) {
        if raw.text == self.text && !raw.notes.contains(&self.note) {
            raw.notes.push(self.note);
        }
    }
}

/// The encoding note of the file at `uri` (a `file:` URI), placed in the editor's games:
/// `games` are their texts, in order. `None` for a file in UTF-8, one that cannot be read, or
/// one whose games the editor's text does not match.
pub fn from_disk<'t>(uri: &str, games: impl IntoIterator<Item = &'t str>) -> Option<EncodingNote> {
    let path = uri.strip_prefix("file://")?;
    let bytes = std::fs::read(percent_decoded(path)?).ok()?;
    if std::str::from_utf8(&bytes).is_ok() {
        return None;
    }
    let mut games = games.into_iter();
    for raw in Splitter::new(&bytes[..]).map_while(Result::ok) {
        let text = games.next()?;
        let Some(note) = raw.notes.iter().find(|n| is_encoding(n.kind)) else {
            continue;
        };
        let span = same_place(&raw.text, note.span, text)?;
        return Some(EncodingNote {
            text: text.to_string(),
            note: Note { span, ..*note },
        });
    }
    None
}

fn is_encoding(kind: NoteKind) -> bool {
    matches!(
        kind,
        NoteKind::Encoding | NoteKind::InvalidUtf8 | NoteKind::Transcoded
    )
}

/// The span of `editor` at the line and column where `span` is in `decoded` (the same game
/// as the server decoded it), as many characters long.
fn same_place(decoded: &str, span: Span, editor: &str) -> Option<Span> {
    let start = locate(decoded, 1, span.start as usize);
    let chars = decoded
        .get(span.start as usize..span.end as usize)?
        .chars()
        .count();
    let line_start = if start.line == 1 {
        0
    } else {
        editor
            .match_indices('\n')
            .nth(start.line as usize - 2)
            .map(|(i, _)| i + 1)?
    };
    let mut at = editor[line_start..]
        .char_indices()
        .map(|(i, _)| line_start + i);
    let from = at.nth(start.column as usize - 1).unwrap_or(editor.len());
    let to = editor[from..]
        .char_indices()
        .nth(chars)
        .map_or(editor.len(), |(i, _)| from + i);
    Some(Span::new(from, to))
}

/// A URI's path with its `%XX` escapes decoded.
fn percent_decoded(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}
