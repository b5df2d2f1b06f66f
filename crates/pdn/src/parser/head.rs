//! The tag section of a game the parser reads, found without reading the movetext's words: for
//! a pass that weighs only the tags of the readable games (pdnkit's file-variant decision, for
//! the games whose tags name their rules).
//!
//! Whether a game is readable is decided by its brackets: past its tags, the parser fails only
//! on an unclosed `{` or `(`, a `}` outside a comment, variations nested too deep, too many
//! moves, or a game with neither tag nor move. A look at the brackets alone sees what the
//! parser sees as long as no token can hide a bracket from it, so a `;` or `%` line, a tag
//! in movetext or anything quoted (a setup) sends the game to the parser. A shortcut, never a
//! second opinion: `None` only means "parse the game".

use memchr::memchr;

use super::cursor::Cursor;
use super::{ParseOptions, header, split_off_after_last_tag};
use crate::ast::HeaderItem;
use crate::raw::RawGame;

/// The header [`parse_game`](super::parse_game) gives `raw` (its tags, and the comments,
/// escapes and junk between them), when that game is readable and this is seen without
/// reading its movetext's words; `None` when the game must be parsed to know (always when
/// `fast_paths` is off).
pub fn readable_header(raw: &RawGame, fast_paths: bool) -> Option<Vec<HeaderItem<'_>>> {
    if !fast_paths || raw.oversize.is_some() {
        return None;
    }
    let limits = ParseOptions::default();
    let mut c = Cursor::new(&raw.text, limits);
    let mut header = header::header(&mut c).ok()?;
    // With a tag the game is not empty.
    if !header.iter().any(|h| matches!(h, HeaderItem::Tag(_))) {
        return None;
    }
    // Each move takes at least one byte: a movetext this short is within the move limits.
    let movetext = c.rest();
    if movetext.len() > limits.max_mainline_moves.min(limits.max_moves) {
        return None;
    }
    if !brackets_close(movetext, limits.max_variation_depth) {
        return None;
    }
    split_off_after_last_tag(&mut header);
    Some(header)
}

/// Bytes that stop the look at the brackets.
static STOP: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"{}();%[\"";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = true;
        i += 1;
    }
    t
};

/// True when every `{` of `movetext` is closed, no `}` stands outside a comment, every `(` is
/// closed and none nests deeper than `max_depth`, and nothing could hide a bracket.
///
/// Every `(` and `)` outside comments is counted, though the parser takes some as strength
/// marks (`(?)`, each closed at once) or, after the terminator, as junk: the count is then
/// never below the parser's depth, so where it closes and stays within `max_depth`, so does the
/// parser's. A `)` with nothing open is junk to the parser too.
fn brackets_close(movetext: &[u8], max_depth: usize) -> bool {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut i = 0;
    while i < movetext.len() {
        let c = movetext[i];
        if !STOP[usize::from(c)] {
            i += 1;
            continue;
        }
        match c {
            b'{' => match memchr(b'}', &movetext[i + 1..]) {
                Some(close) => i += close + 1,
                None => return false,
            },
            b'(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' => depth = depth.saturating_sub(1),
            _ => return false,
        }
        i += 1;
    }
    depth == 0 && deepest <= max_depth
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::readable_header;
    use crate::raw::RawGame;
    use crate::split::Splitter;
    use crate::test_rng::TestRng;
    use crate::{Game, parse_game};

    /// Checks the shortcut against the parser on `raw`: a header it gives is the parsed game's,
    /// and a game it passes is readable. True when it gave one.
    fn agrees(raw: &RawGame, origin: &str) -> bool {
        assert_eq!(
            readable_header(raw, false),
            None,
            "{origin}: fast paths off"
        );
        let Some(header) = readable_header(raw, true) else {
            return false;
        };
        let game: Game<'_> = parse_game(raw)
            .unwrap_or_else(|e| panic!("{origin}: header given but unreadable: {e}"));
        assert_eq!(header, game.header, "{origin}");
        true
    }

    fn game(text: &str) -> RawGame {
        RawGame::from_text(text)
    }

    #[test]
    fn annotated_games_are_read_to_their_tags() {
        for text in [
            "[Event \"x\"]\n1. 32-28 {a (b} 19-23 $1 (1... 18-23 (33-29)) 2. 28x19 14x23 1-0",
            "[Event \"x\"]\n{before} 1. 32-28 37-32 (?) 1-0 {after} )",
            "[Event \"x\"]\n1. 32-28(!?) ) 19-23 *",
            "[Event \"x\"]\n[Site \"y\"] {between}\n{after the tags}",
            "[Event \"x\"]",
        ] {
            assert!(agrees(&game(text), text), "{text}");
        }
    }

    #[test]
    fn what_could_hide_a_bracket_or_fail_goes_to_the_parser() {
        for (text, readable) in [
            ("[E \"x\"]\n1. 32-28 {open 1-0", false),
            ("[E \"x\"]\n1. 32-28 } 1-0", false),
            ("[E \"x\"]\n1. 32-28 (19-23 1-0", false),
            ("[E \"x\"]\n1. 32-28 [T \"{\"] } 1-0", false),
            ("[E \"x\"]\n1. 32-28 ; a { b\n} 1-0", false),
            ("[E \"x\"]\n%{ escape\n} 1-0", false),
            ("[E \"x\"]\n/FEN \"W:W{\"/ } 1-0", false),
            ("[E \"x\"]\n1. 32-28 ; a comment\n1-0", true),
            ("[E \"x\"]\n1-0 (", true),
            ("1. 32-28 1-0", true),
        ] {
            let raw = game(text);
            assert_eq!(readable_header(&raw, true), None, "{text}");
            assert_eq!(parse_game(&raw).is_ok(), readable, "{text}");
        }
        let mut oversize = game("[E \"x\"]\n1. 32-28 1-0");
        oversize.oversize = Some(1 << 30);
        assert_eq!(readable_header(&oversize, true), None);
    }

    #[test]
    fn variations_nest_to_the_parsers_limit() {
        let nested = |depth: usize| {
            let open = "(32-28 ".repeat(depth);
            game(&format!(
                "[E \"x\"]\n1. 32-28 {open}{} 1-0",
                ")".repeat(depth)
            ))
        };
        let limit = super::ParseOptions::default().max_variation_depth;
        assert!(agrees(&nested(limit), "at the limit"));
        let deeper = nested(limit + 1);
        assert_eq!(readable_header(&deeper, true), None);
        assert!(parse_game(&deeper).is_err());
    }

    /// Random games of movetext fragments that open, close and hide brackets.
    fn random_game(rng: &mut TestRng) -> String {
        const PARTS: &[&str] = &[
            "1.",
            "32-28",
            "19-23",
            "28x19",
            "{c}",
            "{",
            "}",
            "(",
            ")",
            "(?)",
            "!?",
            "$2",
            "1-0",
            "*",
            ";x\n",
            ";{\n",
            "\n%x\n",
            "\n%(\n",
            "[T \"v\"]",
            "/FEN \"W:W31:B1\"/",
            "\n",
            " ",
            "{a\n[B \"c\"]}",
        ];
        let mut text = String::from("[Event \"r\"]\n");
        for _ in 0..rng.below(24) {
            text.push_str(PARTS[rng.below(PARTS.len())]);
            text.push(' ');
        }
        text
    }

    #[test]
    fn random_games_read_to_their_tags_as_the_parser_reads_them() {
        let mut rng = TestRng::new(35);
        let (mut given, mut readable) = (0, 0);
        for i in 0..20_000 {
            let raw = game(&random_game(&mut rng));
            given += usize::from(agrees(&raw, &format!("random game {i}: {:?}", raw.text)));
            readable += usize::from(parse_game(&raw).is_ok());
        }
        // Neither side vacuous: many given, and many readable games left to the parser.
        assert!(
            given > 2_000 && readable > given + 2_000,
            "{given} given of {readable} readable"
        );
    }

    fn games_of(path: &Path) -> Vec<RawGame> {
        let file = std::fs::File::open(path).expect("readable");
        Splitter::new(std::io::BufReader::new(file))
            .map(|g| g.expect("no I/O error"))
            .collect()
    }

    fn pdn_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("readable directory") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pdn_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                out.push(path);
            }
        }
    }

    #[test]
    fn corpus_and_fixture_games_read_to_their_tags_as_the_parser_reads_them() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        pdn_files(&here.join("../../fixtures"), &mut files);
        let corpus = std::env::var_os("PDNKIT_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| here.join("../../../shared/corpus"));
        let with_corpus = corpus.is_dir();
        if with_corpus {
            pdn_files(&corpus, &mut files);
        }
        let (mut games, mut given) = (0, 0);
        for path in files {
            for raw in games_of(&path) {
                let origin = format!("{} game {}", path.display(), raw.index);
                games += 1;
                given += usize::from(agrees(&raw, &origin));
            }
        }
        eprintln!("{given} of {games} games read to their tags");
        let least = if with_corpus { 8_000 } else { 100 };
        assert!(given > least && given < games, "{given} of {games}");
    }
}
