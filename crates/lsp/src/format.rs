//! Formatting: the document as `convert --to pdn` writes it (tags one per line, moves in
//! their minimal rule-aware form, a blank line between games); a game that cannot be read is
//! kept as it is, since the writer cannot rewrite it. And the smallest edit from one text to
//! another, which formatting and the quick fixes send.

use pdnkit::check_game;
use pdnkit::export::render_pdn;
use pdnkit::pdn::{TerminatorStyle, WriteOptions};

use crate::document::Document;
use crate::text::changed_between;

/// The document in the canonical layout.
pub fn formatted(doc: &Document, options: &pdnkit::ReplayOptions) -> String {
    let options = doc.options(options);
    let write = WriteOptions {
        terminator: TerminatorStyle::AsReadOrStar,
        ..WriteOptions::default()
    };
    let games: Vec<String> = doc
        .games
        .iter()
        .map(|slot| {
            check_game(&doc.name, &slot.raw, &options, |checked| {
                render_pdn(checked, write)
            })
            .unwrap_or_else(|| format!("{}\n", slot.raw.text.trim_end()))
        })
        .collect();
    games.join("\n")
}

/// The one edit that turns `old` into `new`: the bytes `start..end` of `old` replaced by the
/// returned text. What the two share at both ends is left alone, but words changed are
/// replaced whole (a move `33-28` fixed to `32-28` is written as `32-28`, not as its `2`).
pub fn smallest_edit<'n>(old: &str, new: &'n str) -> (usize, usize, &'n str) {
    // Boundaries fall before or after white space, so on character boundaries too; never
    // between the CR and the LF of a line end, where the protocol has no position.
    let in_word = |b: u8| !b.is_ascii_whitespace();
    let bytes = old.as_bytes();
    let in_crlf = |at: usize| at > 0 && bytes[at - 1] == b'\r' && bytes.get(at) == Some(&b'\n');
    changed_between(
        old,
        new,
        |cut| in_word(bytes[cut - 1]) || in_crlf(cut),
        |cut| in_word(bytes[cut]) || in_crlf(cut),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_edit_leaves_the_shared_ends() {
        assert_eq!(smallest_edit("1. 23-28 *", "1. 32-28 *"), (3, 8, "32-28"));
        let fixed = "1. 32-28 {pdnkit: written 33-28} 17-22";
        assert_eq!(
            smallest_edit("1. 33-28 17-22", fixed),
            (3, 8, "32-28 {pdnkit: written 33-28}")
        );
        assert_eq!(smallest_edit("abc", "abc"), (0, 3, "abc"));
        assert_eq!(smallest_edit("a b", "a b c"), (2, 3, "b c"));
        assert_eq!(smallest_edit("x é", "x è"), (2, 4, "è"));
        let (s, e, t) = smallest_edit("ab", "");
        assert_eq!((s, e, t), (0, 2, ""));
        // Line ends changed from CRLF to LF: the edit takes each CRLF whole.
        assert_eq!(smallest_edit("1-0\r\n", "1-0\n"), (0, 5, "1-0\n"));
        assert_eq!(smallest_edit("a \r\nb", "a \nb"), (2, 5, "\nb"));
    }
}
