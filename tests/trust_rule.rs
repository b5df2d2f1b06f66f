//! The trust rule, checked on every fixture and corpus file: a game called `ok` has no word in
//! its main line that looks like a move and was not read as one. What looks like a move is
//! decided here by a scanner of its own (not the reader's recognisers): two squares (a
//! number, or a letter and a number, either case) joined by `-`, `x` or `:`, or a file letter
//! and a square (`cd4`), anywhere in a word. Each such word must start inside a move the reader
//! read.

mod pdn_support;

use std::path::Path;

use pdn::RawGame;
use pdn::Splitter;
use pdn::parse_game;
use pdn::{Game, HeaderItem, Node};
use pdnkit::GameRecord;
use pdnkit::{ReplayOptions, VariantEvidence, replay};

/// The words of the main line: from the end of the tag section to the terminator, outside
/// comments, `%` lines, setups and variations; each with its offset in the text.
fn mainline_words<'a>(game: &Game<'a>) -> Vec<(usize, &'a str)> {
    let text = game.text;
    let start = game
        .header
        .iter()
        .rev()
        .find_map(|h| match h {
            HeaderItem::Tag(t) => Some(t.span.end as usize),
            _ => None,
        })
        .unwrap_or(0);
    let end = game
        .terminator
        .map_or(text.len(), |t| t.span.start as usize);
    let b = text.as_bytes();
    let (mut i, mut depth) = (start, 0usize);
    let mut words = Vec::new();
    while i < end {
        let at_line_start = text[..i]
            .trim_end_matches([' ', '\t'])
            .ends_with(['\n', '\r'])
            || i == 0;
        match b[i] {
            b'{' => i = text[i..].find('}').map_or(end, |k| i + k + 1),
            b';' => i = text[i..].find(['\n', '\r']).map_or(end, |k| i + k),
            b'%' if at_line_start => i = text[i..].find(['\n', '\r']).map_or(end, |k| i + k),
            b'/' if text[i..].starts_with("/FEN") => {
                // `/FEN "..."/`: past the quoted position and the closing slash.
                let close = text[i..].find('"').and_then(|q| {
                    let after = i + q + 1;
                    text[after..].find('"').map(|r| after + r + 1)
                });
                i = close
                    .and_then(|c| text[c..].find('/').map(|s| c + s + 1))
                    .unwrap_or(end);
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let len = text[i..end]
                    .find(|c: char| c.is_whitespace() || "{}();".contains(c))
                    .unwrap_or(end - i)
                    .max(1);
                if depth == 0 {
                    words.push((i, &text[i..i + len]));
                }
                i += len;
            }
        }
    }
    words
}

/// A square as written: an optional letter `a`-`l` (either case), then one or two digits, not
/// all zero, that do not continue a number or a fraction. Returns its length.
fn square_at(w: &[u8], i: usize) -> Option<usize> {
    if i > 0 && (w[i - 1].is_ascii_digit() || w[i - 1] == b'/') {
        return None;
    }
    let rest = w.get(i..)?;
    let letter = usize::from(
        rest.first()
            .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'a'..=b'l')),
    );
    let digits = rest[letter..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let nonzero = rest[letter..letter + digits].iter().any(|&c| c != b'0');
    ((1..=2).contains(&digits) && nonzero).then_some(letter + digits)
}

/// Where in `word` something that looks like a move starts, if anywhere.
fn move_like_at(word: &str) -> Option<usize> {
    let w = word.as_bytes();
    // `cd4`, Russian short notation.
    if let [b'a'..=b'l', b'a'..=b'l', b'1'..=b'9', ..] = w {
        return Some(0);
    }
    (0..w.len()).find(|&i| {
        let Some(a) = square_at(w, i) else {
            return false;
        };
        let j = i + a;
        let sep = w.get(j).is_some_and(|c| b"-xX:".contains(c));
        sep && square_at(w, j + 1).is_some()
    })
}

/// The move-like words of `game`'s main line not read as moves: their offsets and text.
fn unread_move_like<'a>(game: &Game<'a>) -> Vec<(usize, &'a str)> {
    let moves: Vec<(usize, usize)> = game
        .body
        .iter()
        .filter_map(|n| match n {
            Node::Move(m) => Some((m.span.start as usize, m.span.end as usize)),
            _ => None,
        })
        .collect();
    mainline_words(game)
        .into_iter()
        .filter_map(|(at, word)| {
            let start = at + move_like_at(word)?;
            let read = moves.iter().any(|&(s, e)| s <= start && start < e);
            (!read).then_some((start, word))
        })
        .collect()
}

/// Checks every game of `path`, replayed as `pdnkit validate` does (one variant decided for
/// the file). Returns the number of games checked.
fn check_file(path: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let raws: Vec<RawGame> = Splitter::new(&bytes[..]).map(|r| r.unwrap()).collect();
    let games: Vec<Game<'_>> = raws.iter().filter_map(|r| parse_game(r).ok()).collect();
    let archive = VariantEvidence::of_games(games.iter().take(1024)).map(std::sync::Arc::new);
    let options = ReplayOptions {
        archive,
        ..ReplayOptions::default()
    };
    let name = path.display().to_string();
    let mut checked = 0;
    for raw in &raws {
        let Ok(game) = parse_game(raw) else {
            continue;
        };
        let record = GameRecord::replayed(&name, raw, &game, &replay(&game, &options));
        let unread = unread_move_like(&game);
        assert!(
            !record.ok || unread.is_empty(),
            "{name} game {} is ok, but these words look like moves and were not read: {unread:?}",
            record.game
        );
        checked += 1;
    }
    checked
}

#[test]
fn the_scanner_finds_what_looks_like_a_move() {
    for word in [
        "32-28", "1.32-28", "K32-28", "W:c3-d4", "E3:G5", "cd4", "28x19x10",
    ] {
        assert!(move_like_at(word).is_some(), "{word}");
    }
    for word in [
        "1983-84",
        "Whiteoverstepped",
        "!?",
        "12.",
        "0-0",
        "1/2-1/2",
        "$3",
    ] {
        assert!(move_like_at(word).is_none(), "{word}");
    }
    let text = "[Event \"e\"]\n1. 32-28 {19-23} (1... 18-23) K17-21 /FEN \"W:W31-50:B1\"/ 2-0";
    let game = pdn::parse_text(text).unwrap();
    let words: Vec<&str> = mainline_words(&game).into_iter().map(|(_, w)| w).collect();
    assert_eq!(words, ["1.", "32-28", "K17-21"]);
    let unread: Vec<&str> = unread_move_like(&game)
        .into_iter()
        .map(|(_, w)| w)
        .collect();
    assert_eq!(unread, ["K17-21"]);
}

#[test]
fn no_game_is_ok_with_move_like_words_left_unread() {
    let mut files = pdn_support::fixture_files();
    if let Some(corpus) = pdn_support::corpus_dir() {
        for rel in pdn_support::corpus_files(&corpus) {
            files.push(corpus.join(rel));
        }
    }
    files.sort();
    let games: usize = files.iter().map(|f| check_file(f)).sum();
    assert!(files.len() > 40, "{} files", files.len());
    assert!(games > 500, "{games} games");
}
