//! The fast paths of the syntax pass against the reference path: a game [`scan_game`] finds in
//! the plain shape must be one the parser reads without error or note, with the same number of
//! main-line moves; the notes it reads around a game's plain moves must be the whole parse's.
//! Checked on every game of the corpus and the fixtures, and on random games built near the
//! edge of the plain shape. The counts of recognised games are asserted too, so the checks are
//! never vacuous.
//!
//! A plain game read without a tree (`read_plain`) must be the parser's tree, word by word:
//! its tags and terminator, each move number, move (with its squares) and comment.
//!
//! The splitter's way of passing plain games by (`Splitter::next_cut`) is held to its iterator:
//! the same games at the same places, the plain ones being exactly games the shortcut
//! recognises, however the input is cut into reads or into the blocks a prescan finds hints in;
//! and with the fast paths off, `next_cut` passes nothing by.

mod pdn_support;

use std::io::{BufReader, Read};
use std::path::Path;

use pdn as read;
use pdn::RawGame;
use pdn::fast::{Cut, NotesPassed, PlainToken, Scanned, hints_in_blocks, read_plain, scan_game};
use pdn::{Node, SplitOptions, Splitter, parse_game};

/// Checks one game; true when the shortcut recognised it.
fn agrees(raw: &RawGame, origin: &str) -> bool {
    let Scanned::Plain { moves } = scan_game(raw, true) else {
        assert!(read_plain(raw).is_none(), "{origin}: read as plain");
        return false;
    };
    words_agree(raw, origin);
    let game = parse_game(raw)
        .unwrap_or_else(|e| panic!("{origin}: plain for the shortcut but unreadable: {e}"));
    assert!(
        game.notes.is_empty(),
        "{origin}: plain for the shortcut but noted {:?}",
        game.notes
    );
    assert_eq!(game.mainline_moves().count(), moves, "{origin}");
    true
}

/// Checks a plain game's words against the parser's tree: its nodes but the NAGs, which the
/// words pass over, and between the words nothing but white space and those NAGs.
fn words_agree(raw: &RawGame, origin: &str) {
    let plain = read_plain(raw).unwrap_or_else(|| panic!("{origin}: plain but not read"));
    let game = parse_game(raw).unwrap_or_else(|e| panic!("{origin}: unreadable: {e}"));
    let words: Vec<PlainToken> = plain.tokens().collect();
    let is_nag = |n: &Node| matches!(n, Node::Nag(_));
    let parsed: Vec<&Node> = game.body.iter().filter(|n| !is_nag(n)).collect();
    for (word, node) in words.iter().zip(&parsed) {
        if let (PlainToken::Move(m), Node::Move(parsed)) = (word, node) {
            assert!(
                m.squares().eq(parsed.squares()),
                "{origin}: squares of {:?}",
                m.text
            );
            let squares: Vec<_> = parsed.squares().collect();
            assert_eq!(
                m.ends(),
                squares.first().copied().zip(squares.last().copied()),
                "{origin}: ends of {:?}",
                m.text
            );
            let dashed = parsed.separators().all(|s| s == pdn::Separator::Dash);
            assert_eq!(m.dashed, dashed, "{origin}: separators of {:?}", m.text);
        }
    }
    let rebuilt = pdn::Game {
        body: words.iter().map(PlainToken::node).collect(),
        ..plain.head.clone()
    };
    let without_nags = pdn::Game {
        body: parsed.into_iter().cloned().collect(),
        ..game.clone()
    };
    assert_eq!(rebuilt, without_nags, "{origin}");
    let mut spans: Vec<pdn::Span> = words.iter().map(|w| w.node().span()).collect();
    spans.extend(game.body.iter().filter(|n| is_nag(n)).map(Node::span));
    spans.sort_by_key(|s| s.start);
    let text = game.text;
    let header_end = game.tags().last().map_or(0, |t| t.span.end as usize);
    let terminator = game
        .terminator
        .as_ref()
        .expect("a plain game is terminated");
    let mut at = header_end;
    for span in spans.iter().chain([&terminator.span]) {
        let gap = &text[at..span.start as usize];
        assert!(
            gap.bytes().all(|c| c.is_ascii_whitespace()),
            "{origin}: {gap:?} passed over"
        );
        at = span.end as usize;
    }
}

/// Checks the notes read around a game's plain moves against the notes of the whole parse;
/// true when the game's moves were plain (and it had a terminator).
fn notes_agree(raw: &RawGame, origin: &str) -> bool {
    let Scanned::PlainMoves { notes } = scan_game(raw, true) else {
        return false;
    };
    let game = parse_game(raw)
        .unwrap_or_else(|e| panic!("{origin}: plain moves for the shortcut but unreadable: {e}"));
    assert_eq!(notes, game.notes, "{origin}");
    true
}

/// The games of a file, those in the plain shape, and those outside it whose moves are plain.
fn check_file(path: &Path) -> (usize, usize, usize) {
    let games = pdn_support::raw_games(path);
    let (mut plain, mut plain_moves) = (0, 0);
    for raw in &games {
        let origin = format!("{} game {}", path.display(), raw.index);
        let whole = agrees(raw, &origin);
        let moves = notes_agree(raw, &origin);
        // Without fast paths, every game is parsed.
        assert!(
            matches!(
                scan_game(raw, false),
                Scanned::Parsed(_) | Scanned::Unreadable(_)
            ),
            "{origin}"
        );
        plain += usize::from(whole);
        plain_moves += usize::from(moves);
    }
    (games.len(), plain, plain_moves)
}

#[test]
fn corpus_games_recognised_read_cleanly() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let (mut games, mut plain, mut plain_moves) = (0, 0, 0);
    for file in pdn_support::corpus_files(&dir) {
        let (g, p, m) = check_file(&dir.join(file));
        games += g;
        plain += p;
        plain_moves += m;
    }
    eprintln!(
        "corpus: {plain} of {games} games in the plain shape, {plain_moves} more with plain moves"
    );
    // Nine in ten games of real archives have the plain shape (the others have comments,
    // variations, move strengths, literal `\r` text...). Most of the others have plain moves,
    // with notes on their tags or after their terminator (a literal `\r` ending every line).
    assert!(
        games > 8_000 && plain * 10 > games * 9 && plain_moves * 2 > games - plain,
        "{plain}, {plain_moves} of {games}"
    );
}

#[test]
fn fixture_games_recognised_read_cleanly() {
    let (mut games, mut plain, mut plain_moves) = (0, 0, 0);
    for path in pdn_support::fixture_files() {
        let (g, p, m) = check_file(&path);
        games += g;
        plain += p;
        plain_moves += m;
    }
    eprintln!(
        "fixtures: {plain} of {games} games in the plain shape, {plain_moves} more with plain moves"
    );
    assert!(
        plain > 50 && plain_moves > 5,
        "{plain}, {plain_moves} of {games}"
    );
}

/// PlainTokens of random games: plain ones, and others that sit next to the plain shape.
const PLAIN_WORDS: [&str; 29] = [
    "3.32-28",
    "10- 4",
    "1.",
    "12.",
    "32-28",
    "19-23",
    "28x19",
    "14x23",
    "5-10",
    "1-6",
    "2-7",
    "1-10",
    "33x24x15",
    "1x1",
    "c3-d4",
    "a3xc5xe7",
    "h10:f8",
    "1:6",
    "{[%clock w0:59:48 B0:59:55]}",
    "{a 2-0; b}",
    "{a [b]\n 1. 32-28\r\n\n}",
    "{\n}",
    "32-28!",
    "19-23?!$1",
    "28x19$14",
    "c3-d4!!",
    "$2",
    "$255$7",
    "{café\n\u{a0}thé [x]}",
];
const EDGE_WORDS: [&str; 107] = [
    // A result glued to the next game's first move number, and lines that start again at
    // move 1: both end a game.
    "1-101.32-28",
    "0-001.",
    "*01.",
    "1/2-1/21.",
    "\n1. 32-28",
    "\n01.",
    "\n 1.",
    "\r1.",
    "\n1...",
    "1.1-1",
    "12.2-0",
    "1.05-10",
    "32- 05",
    "32- 8- 2-0",
    "32- \n28",
    "28x  19",
    "32- 0-2",
    "32- 28- 2-0",
    "1- 1-1",
    "32-\n28",
    "c3- d4",
    "32- 28x 19",
    "{a\n[Event \"x\"]}",
    "{a\nb}",
    "{a{b}",
    "{é}",
    "{\u{0}}",
    "{\\r}",
    "{%c}",
    "{2-0",
    "{}x",
    "{ 1-1\n}",
    "x{}",
    "1...",
    "0.",
    "12345.",
    "1.32-28",
    "05-10",
    "100-95",
    "3228",
    "32--28",
    "32-",
    "-28",
    "x",
    "32-28!",
    "32-28?",
    "32-28*",
    "c3d4",
    "C3-D4",
    "c3",
    "m3-n4",
    "c0-d1",
    "32X28",
    "32:28",
    "- -",
    "--",
    "$1",
    "{c}",
    "{",
    "}",
    "(33-28)",
    "(",
    ")",
    "[Event \"x\"]",
    "%esc",
    ";c",
    "\\r",
    "2-0",
    "0-2",
    "1-1",
    "1-0",
    "0-1",
    "0-0",
    "*",
    "1/2-1/2",
    "0.5-0.5",
    "½-½",
    "2-1",
    "1-2",
    "2-2",
    "é",
    ".",
    "32",
    "\u{c}",
    // Comments over lines, marks and NAGs next to the plain shape.
    "{a\n [b}",
    "{a\r\n\t[%c]}",
    "{\n[}",
    "{a\n{b}",
    "{a\u{b}b}",
    "{a\n\u{a0}[Event \"x\"]}",
    "{a\n\u{85}[b}",
    "{\u{7f}}",
    "$",
    "$0",
    "$1234",
    "$65536",
    "$1x",
    "$1.",
    "32-28$",
    "32-28!x",
    "1-1!",
    "1-1$1",
    "!",
    "?!",
    "!!32-28",
    "32-28!(?)",
    "c3?",
];
const BLANKS: [&str; 6] = [" ", "  ", "\n", "\r\n", "\t", "\r"];
const TAGS: [&str; 12] = [
    "[Event \"Club\"]",
    "[White \"Émile\"]",
    "[Black \"\"]",
    "[Result \"2-0\"]",
    "[Event \"dup\"]",
    "[event \"x\"]",
    "[Round 3]",
    "[Site  \"x\"]",
    "[Date \"a\\\"b\"]",
    "[Event \"x\"] ",
    "[Empty]",
    "[A_1 \"{x}\"]",
];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

/// A random game: tags, words and a terminator, each now and then replaced by a word next to
/// the plain shape; and whether such a word was put in.
fn random_game(rng: &mut Rng, max_words: usize) -> (String, bool) {
    let mut text = String::new();
    for _ in 0..rng.below(4) {
        text.push_str(rng.pick(&TAGS));
        text.push_str(if rng.below(8) == 0 { " " } else { "\n" });
    }
    let edge = rng.below(3) == 0;
    let mut edged = false;
    for _ in 0..rng.below(max_words) {
        let word = if edge && rng.below(6) == 0 {
            edged = true;
            rng.pick(&EDGE_WORDS)
        } else {
            rng.pick(&PLAIN_WORDS)
        };
        text.push_str(word);
        text.push_str(if rng.below(20) == 0 {
            ""
        } else {
            rng.pick(&BLANKS)
        });
    }
    if rng.below(10) != 0 {
        text.push_str(rng.pick(&["2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "*", "1/2-1/2"]));
    }
    for _ in 0..rng.below(3) {
        text.push_str(rng.pick(&BLANKS));
    }
    if rng.below(10) == 0 {
        edged = true;
        text.push_str(rng.pick(&EDGE_WORDS));
    }
    (text, edged)
}

#[test]
fn random_games_recognised_read_cleanly() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut plain, mut edge_plain) = (0, 0);
    for _ in 0..200_000 {
        let (text, edged) = random_game(&mut rng, 12);
        let raw = RawGame::from_text(text.as_str());
        let Scanned::Plain { moves } = scan_game(&raw, true) else {
            continue;
        };
        let game = parse_game(&raw)
            .unwrap_or_else(|e| panic!("{text:?}: plain for the shortcut but unreadable: {e}"));
        assert!(game.notes.is_empty(), "{text:?}: {:?}", game.notes);
        assert_eq!(game.mainline_moves().count(), moves, "{text:?}");
        words_agree(&raw, &format!("{text:?}"));
        plain += 1;
        edge_plain += usize::from(edged);
    }
    eprintln!("random: {plain} games in the plain shape, {edge_plain} holding an edge word");
    assert!(plain > 40_000 && edge_plain > 300, "{plain}, {edge_plain}");
}

/// An annotated game in the plain shape: comments over several lines (LF and CRLF), with
/// `[` inside them, strength marks and NAGs glued to moves or standing alone.
const ANNOTATED: &str = "[Event \"NK\"]\r\n[Result \"2-0\"]\r\n\r\n{ Both players\r\nmet \
     before [2007]. }\n1. 32-28! $1 17-22 2. 28x17 { the usual\n  2.39-34 or [%eval 0.1]\n\t}\n\
     11x22?! 3. 37-32$14 6-11!?$2$3 4. $4 41-37 { a\n1. 33-28 line } 2-0\n";

/// Bytes that make or break the plain shape inside and around comments, marks and NAGs.
const MUTATIONS: [&str; 17] = [
    "{", "}", "[", "$", "!", "?", "\n", "\r", " ", "0", "7", "(", "-", "\u{b}", "é", "\u{a0}",
    "[A \"",
];

/// Every game one edit away from [`ANNOTATED`] (a byte deleted, or one of [`MUTATIONS`] put
/// before or in place of it) is plain exactly when the parser reads it without note or error
/// and the words reader agrees, or else left to the parser; the plain ones read as the
/// parser reads them.
#[test]
fn games_one_edit_from_an_annotated_one_are_plain_only_where_the_parser_has_no_word() {
    let base = RawGame::from_text(ANNOTATED);
    assert!(agrees(&base, "the annotated game"), "not plain");
    let (mut plain, mut clean_not_plain, mut noted) = (0, 0, 0);
    for (at, c) in ANNOTATED.char_indices() {
        let after = &ANNOTATED[at + c.len_utf8()..];
        let before = &ANNOTATED[..at];
        let mut edits = vec![format!("{before}{after}")];
        for m in MUTATIONS {
            edits.push(format!("{before}{m}{c}{after}"));
            edits.push(format!("{before}{m}{after}"));
        }
        for text in edits {
            let raw = RawGame::from_text(text.as_str());
            let origin = format!("{text:?}");
            let recognised = agrees(&raw, &origin);
            plain += usize::from(recognised);
            match parse_game(&raw) {
                Ok(game) if game.notes.is_empty() => {
                    clean_not_plain += usize::from(!recognised);
                }
                _ => {
                    assert!(
                        !recognised,
                        "{origin}: plain, but the parser has a word on it"
                    );
                    noted += 1;
                }
            }
        }
    }
    eprintln!(
        "one edit away: {plain} plain, {clean_not_plain} clean but left to the parser, \
         {noted} noted or unreadable"
    );
    // Most edits inside a comment keep the game plain; most elsewhere do not.
    assert!(
        plain > 2_000 && noted > 2_000 && clean_not_plain < plain,
        "{plain}, {clean_not_plain}, {noted}"
    );
}

/// What may stand after a tag or a terminator in a game outside the plain shape: notes (a
/// literal `\r`, junk, a stray bracket, a tag), comments, `%` lines, and what is unreadable.
const AROUND: [&str; 16] = [
    "\\r",
    "\\r\\n",
    " junk",
    " {comment}",
    " {open",
    " }",
    " (",
    " 1-0",
    "\n%escape",
    " ; to the end",
    " [Round \"3\"]",
    "\u{a0}",
    " $1",
    " /FEN \"W:W31:B1\"/",
    " 32-28",
    "",
];

/// A random game whose tags and what follows its terminator may carry notes, with moves as
/// [`random_game`] writes them.
fn random_noted_game(rng: &mut Rng) -> String {
    let mut text = String::new();
    for _ in 0..rng.below(4) {
        text.push_str(rng.pick(&TAGS));
        if rng.below(3) == 0 {
            text.push_str(rng.pick(&AROUND));
        }
        text.push_str(rng.pick(&["\n", "\r\n", " "]));
    }
    let (moves, _) = random_game(rng, 12);
    // The tags of the moves' game are dropped: its text from the first move on.
    let from = moves.rfind(']').map_or(0, |k| k + 1);
    text.push_str(&moves[from..]);
    for _ in 0..rng.below(3) {
        text.push_str(rng.pick(&AROUND));
    }
    text
}

#[test]
fn notes_around_plain_moves_are_those_of_the_whole_parse() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut plain_moves, mut noted) = (0, 0);
    for k in 0..100_000 {
        let text = random_noted_game(&mut rng);
        // Each game the splitter cuts (a tag after the terminator may start another).
        for raw in Splitter::new(text.as_bytes()) {
            let raw = raw.expect("read from memory");
            if !notes_agree(&raw, &format!("{k}: {text:?}")) {
                continue;
            }
            plain_moves += 1;
            noted += usize::from(!parse_game(&raw).expect("read").notes.is_empty());
        }
    }
    eprintln!("random: {plain_moves} games with plain moves, {noted} of them noted");
    assert!(
        plain_moves > 20_000 && noted > 5_000,
        "{plain_moves}, {noted}"
    );
}

/// A reader handing its bytes out in pieces of random sizes, so that reads end everywhere.
struct Pieces<'a> {
    data: &'a [u8],
    rng: Rng,
    largest: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (1 + self.rng.below(self.largest))
            .min(buf.len())
            .min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// How [`cuts_agree`] reads an input besides at once: in pieces of at most `largest` bytes
/// (their sizes drawn from `seed`), and with the plain games found ahead in blocks of `block` bytes;
/// and the notes the games passed by may carry.
struct Reads {
    largest: usize,
    seed: u64,
    block: usize,
    notes: NotesPassed,
}

/// Splits `data` with `next_cut` and checks it against the iterator (the same games at the
/// same places, the ones passed by recognised by the shortcut); then that reading it in pieces
/// or with a prescan gives the same cuts. Returns the games, how many were passed by, and how
/// many of those on a hint.
fn cuts_agree(data: &[u8], reads: &Reads, origin: &str) -> (usize, usize, u64) {
    // The fast paths on whatever the environment says: they are what is checked here.
    let options = SplitOptions {
        notes_passed: reads.notes,
        fast_paths: true,
        ..SplitOptions::default()
    };
    let games: Vec<RawGame> = Splitter::new(data).map(|g| g.expect("in memory")).collect();
    let cuts = pdn_support::all_cuts(Splitter::with_options(data, options.clone()));
    let passed = pdn_support::check_cuts(&cuts, &games, reads.notes)
        .unwrap_or_else(|e| panic!("{origin}: {e}"));
    let pieces = Pieces {
        data,
        rng: Rng(reads.seed | 1),
        largest: reads.largest,
    };
    let reader = BufReader::with_capacity(reads.largest, pieces);
    assert!(
        pdn_support::all_cuts(Splitter::with_options(reader, options.clone())) == cuts,
        "{origin}: read in pieces"
    );
    // The plain games found ahead, block by block (the binary finds them so on other
    // threads, `src/cli/prescan.rs`, whose tests compare its hints with these).
    let hints = hints_in_blocks(data, reads.block, reads.notes);
    let mut splitter = Splitter::with_options(data, options.clone()).with_hints(hints);
    let mut prescanned = Vec::new();
    while let Some(cut) = splitter.next_cut().expect("in memory") {
        prescanned.push(cut);
    }
    assert!(prescanned == cuts, "{origin}: prescanned");
    let hinted = splitter.hinted();
    // The fast paths off, nothing is passed by, hints or not: the iterator's games.
    let reference = SplitOptions {
        fast_paths: false,
        ..options
    };
    let hints = hints_in_blocks(data, reads.block, reads.notes);
    let mut splitter = Splitter::with_options(data, reference).with_hints(hints);
    let mut slow = Vec::new();
    while let Some(cut) = splitter.next_cut().expect("in memory") {
        match cut {
            Cut::Game(game) => slow.push(game),
            Cut::Plain(_) => panic!("{origin}: passed by with the fast paths off"),
        }
    }
    assert!(slow == games, "{origin}: the games with the fast paths off");
    (games.len(), passed, hinted)
}

#[test]
fn corpus_games_passed_by_are_the_plain_ones_where_the_iterator_cuts_them() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let (mut games, mut passed, mut hinted) = (0, 0, 0);
    let mut passed_with_escapes = 0;
    for (k, file) in pdn_support::corpus_files(&dir).iter().enumerate() {
        let mut data = Vec::new();
        read::open(&dir.join(file))
            .and_then(|mut r| r.read_to_end(&mut data))
            .expect("corpus file");
        let mut reads = Reads {
            largest: [7, 100, 5_000, 1 << 16][k % 4],
            seed: k as u64,
            block: [100, 4_096, 65_536][k % 3],
            notes: NotesPassed::None,
        };
        let (g, p, h) = cuts_agree(&data, &reads, file);
        games += g;
        passed += p;
        hinted += h;
        reads.notes = NotesPassed::LiteralEscapes;
        passed_with_escapes += cuts_agree(&data, &reads, file).1;
    }
    eprintln!(
        "corpus: {passed} of {games} games passed by, {hinted} on a hint; \
         {passed_with_escapes} with literal escapes let by"
    );
    assert!(
        games > 8_000 && passed * 10 > games * 8,
        "{passed} of {games}"
    );
    assert!(hinted * 2 > passed as u64, "{hinted} of {passed}");
    // The exports that end every tag line with a literal `\r`: 120 games whose only notes
    // are those.
    assert!(
        passed_with_escapes >= passed + 120,
        "{passed_with_escapes} against {passed}"
    );
}

#[test]
fn random_archives_passed_by_where_the_iterator_cuts_them() {
    const BETWEEN: [&str; 9] = [
        "\n\n", "\n", " ", "", "\r\n\r\n", "\n{c}\n", "\n%esc\n", "\n;c\n", "\u{c}",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut games, mut passed, mut hinted) = (0, 0, 0);
    for seed in 0..3_000 {
        let mut archive = Vec::new();
        for _ in 0..1 + rng.below(30) {
            if rng.below(50) == 0 {
                // Not UTF-8: the rest of the file is read as Windows-1252.
                archive.extend_from_slice(b"[Event \"Caf\xe9\"]\n");
            }
            if rng.below(50) == 0 {
                // The same in a comment.
                archive.extend_from_slice(b"[Event \"a\"]\n1. 32-28 {Caf\xe9\n} *\n\n");
            }
            archive.extend_from_slice(random_game(&mut rng, 80).0.as_bytes());
            archive.extend_from_slice(rng.pick(&BETWEEN).as_bytes());
        }
        let largest = 1 + rng.below(300);
        let block = 1 + rng.below(2_000);
        let reads = Reads {
            largest,
            seed,
            block,
            notes: NotesPassed::None,
        };
        let origin = String::from_utf8_lossy(&archive).into_owned();
        let (g, p, h) = cuts_agree(&archive, &reads, &origin);
        games += g;
        passed += p;
        hinted += h;
    }
    eprintln!("random archives: {passed} of {games} games passed by, {hinted} on a hint");
    assert!(passed > 1_000 && passed < games, "{passed} of {games}");
    assert!(hinted > 100, "{hinted} of {passed}");
}

/// With literal escapes let by, the games passed by are those whose only notes are literal
/// escapes, cut where the iterator cuts them: archives of games with notes after their tags
/// and terminators, one in two of them a literal escape.
#[test]
fn random_archives_with_literal_escapes_passed_by_where_the_iterator_cuts_them() {
    // Literal escapes, and near misses the parser reads otherwise.
    const ESCAPES: [&str; 12] = [
        "\\r", "\\n", "\\r\\n", "\\r\\r", "\\t", "\\", "\\rx", "\\r\\", "\\\\r", "x\\r", "\\r[",
        "\\R",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut games, mut passed, mut passed_as_plain, mut hinted) = (0, 0, 0, 0);
    for seed in 0..2_000 {
        let mut archive = String::new();
        for _ in 0..1 + rng.below(20) {
            // Tags, moves and what follows the terminator as in `random_noted_game`, but most
            // notes literal escapes.
            let around = |rng: &mut Rng| match rng.below(6) {
                0 => rng.pick(&AROUND),
                1 => "",
                2 => rng.pick(&ESCAPES[4..]),
                _ => rng.pick(&ESCAPES[..4]),
            };
            for _ in 0..rng.below(4) {
                archive.push_str(rng.pick(&TAGS));
                archive.push_str(around(&mut rng));
                archive.push_str(rng.pick(&["\n", "\r\n", " "]));
            }
            let (moves, _) = random_game(&mut rng, 12);
            archive.push_str(&moves[moves.rfind(']').map_or(0, |k| k + 1)..]);
            archive.push_str(around(&mut rng));
            archive.push_str(rng.pick(&["\n\n", "\n", "\r\n\r\n", " "]));
        }
        let mut reads = Reads {
            largest: 1 + rng.below(300),
            seed,
            block: 1 + rng.below(2_000),
            notes: NotesPassed::LiteralEscapes,
        };
        let (g, p, h) = cuts_agree(archive.as_bytes(), &reads, &archive);
        games += g;
        passed += p;
        hinted += h;
        reads.notes = NotesPassed::None;
        passed_as_plain += cuts_agree(archive.as_bytes(), &reads, &archive).1;
    }
    eprintln!(
        "random archives with escapes: {passed} of {games} games passed by ({passed_as_plain} \
         without escapes let by), {hinted} on a hint"
    );
    assert!(passed < games, "{passed} of {games}");
    assert!(
        passed > passed_as_plain + 300,
        "{passed}, {passed_as_plain}"
    );
    assert!(hinted > 100, "{hinted} of {passed}");
}

#[test]
fn a_plain_game_near_the_maximum_size_is_passed_by_however_it_is_read() {
    let game = "[Event \"a\"]\n1. 32-28 19-23 *\n\n";
    let archive = format!("{game}[Event \"b\"]\n1. 32-28 *\n");
    for max in game.len()..game.len() + 10 {
        let options = SplitOptions {
            max_game_size: max,
            fast_paths: true,
            ..SplitOptions::default()
        };
        let whole =
            pdn_support::all_cuts(Splitter::with_options(archive.as_bytes(), options.clone()));
        assert!(matches!(whole[0], Cut::Plain(_)), "{max}: {whole:?}");
        for capacity in [1, 2, 7] {
            let reader = BufReader::with_capacity(capacity, archive.as_bytes());
            let parts = pdn_support::all_cuts(Splitter::with_options(reader, options.clone()));
            assert_eq!(parts, whole, "max {max}, reads of {capacity}");
        }
    }
}

/// A plain game whose comments run over lines (LF, CRLF and CR) is passed by, and the notes of
/// the game after it are placed where the whole archive has them: the passed game's lines
/// all count.
#[test]
fn notes_after_a_plain_game_with_comments_over_lines_keep_their_place() {
    let first = "[Event \"a\"]\n1. 32-28 {one\r\ntwo\rthree\nfour} 19-23! $1\n{x\n y} 2-0\n\n";
    let second = "[Event \"b\"]\n1. 32-28 {c\nd} 19-23 ! *\n";
    let archive = format!("{first}{second}");
    let options = SplitOptions {
        fast_paths: true,
        ..SplitOptions::default()
    };
    let cuts = pdn_support::all_cuts(Splitter::with_options(archive.as_bytes(), options));
    assert!(matches!(cuts[0], Cut::Plain(_)), "{cuts:?}");
    let Cut::Game(raw) = &cuts[1] else {
        panic!("the second game is noted: {cuts:?}")
    };
    let game = parse_game(raw).expect("readable");
    let [note] = game.notes.as_slice() else {
        panic!("{:?}", game.notes)
    };
    // The spaced `!`, found in the archive's text.
    let mark = first.len() + second.find(" ! ").expect("a spaced mark") + 1;
    assert_eq!(
        raw.position(note.span.start),
        read::locate(&archive, 1, mark),
        "{note:?}"
    );
    assert_eq!(raw.position(note.span.start).line, 11);
}

/// A game passed by whose text is UTF-8 outside ASCII tells the decoder the file is UTF-8, as
/// decoding it would: a later game with a broken byte is then read as UTF-8 either way.
#[test]
fn a_utf8_game_passed_by_counts_for_the_encoding_of_the_games_after_it() {
    for first in [
        "[White \"Émile\"]\n1. 32-28 *\n\n",
        "[Event \"a\"]\n1. 32-28 {café} *\n\n",
    ] {
        let archive = [first.as_bytes(), b"[Event \"Caf\xe9\"]\n1. 32-28 *\n"].concat();
        let options = SplitOptions {
            fast_paths: true,
            ..SplitOptions::default()
        };
        let games: Vec<RawGame> = Splitter::new(&archive[..])
            .map(|g| g.expect("in memory"))
            .collect();
        assert_eq!(
            games[1].encoding,
            pdn::Encoding::for_label(b"utf-8").unwrap()
        );
        let cuts = pdn_support::all_cuts(Splitter::with_options(&archive[..], options));
        assert!(matches!(cuts[0], Cut::Plain(_)), "{first:?}: {cuts:?}");
        let passed = pdn_support::check_cuts(&cuts, &games, NotesPassed::None);
        assert_eq!(passed, Ok(1), "{first:?}");
    }
}
