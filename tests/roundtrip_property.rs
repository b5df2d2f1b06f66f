//! Nothing lost: games generated with the rules engine (several variants, tags with quotes,
//! commas, backslashes and Unicode, comments, NAGs, nested variations) are read back with the
//! tags, comments, moves and final positions they were generated with; `convert --to pdn`
//! output reads back the same again; CSV fields survive a CSV reader and JSON lines parse,
//! whatever the bytes (invalid UTF-8 is decoded as Windows-1252 and reported). The corpus
//! goes through the same invariants (`mutation/check.rs`) as the mutation harness.
//!
//! `PDNKIT_ROUNDTRIP_GAMES=<n>` generates more games (default 120);
//! `PDNKIT_ROUNDTRIP_CORPUS=all` checks every corpus game instead of the first few per file.

#[path = "mutation/check.rs"]
mod check;
#[path = "pdn_support/mod.rs"]
mod pdn_support;
#[path = "mutation/rng.rs"]
mod rng;

use draughts::{Config, GameState, Outcome, Variant};
use pdn::RawGame;
use pdn::Splitter;
use pdn::{Game as Tree, HeaderItem, Node};
use pdnkit::ReplayOptions;
use pdnkit::Verdict;
use pdnkit::export::PdnWriter;
use pdnkit::export::{full_path, minimal_legal};
use pdnkit::{CheckedGame, check_game};

use check::CheckOptions;
use rng::Rng;

const VARIANTS: [Variant; 12] = [
    Variant::International,
    Variant::English,
    Variant::Russian,
    Variant::Frisian,
    Variant::Italian,
    Variant::Turkish,
    Variant::Brazilian,
    Variant::Canadian,
    Variant::Czech,
    Variant::Thai,
    Variant::Pool,
    Variant::Spanish,
];

/// Tag values that stress every writer: quotes, commas, backslashes, escapes as text,
/// Unicode, CSV and JSON specials.
const VALUES: &[&str] = &[
    "Golden \"quotes\", commas; and semicolons",
    "Wit, A.",
    "Zoë IJsselmeer — 高文龙 ½-½ Ω",
    "C:\\draughts\\",
    "back\\slash \\\" mixed",
    "a\\nb (a backslash and n, not a line end)",
    "tab\there",
    "=HYPERLINK(\"x\")",
    "'single' and \"double\"",
    "",
    " padded ",
    "{braces} [brackets] (parens)",
    "1-0",
    "*",
    "%not an escape",
    ";not a comment",
];

const NAMES: &[&str] = &["Annotator", "Heure blanche", "X_1", "Opening", "Remark"];

/// Comment texts: line ends, Unicode, clock commands; never a `}`.
const COMMENTS: &[&str] = &[
    "plain",
    "two\nlines",
    "crlf\r\nline",
    "[%clock w1:00:00 b0:59:58]",
    "Zoë — 高文龙 ½",
    "\"quoted\", with commas",
    " { no nesting ",
    "",
    "(not a variation) [not a tag] 1-0 *",
];

/// What a generated game holds, as its reader must find it.
#[derive(Debug, PartialEq, Eq, Clone)]
struct Truth {
    variant: &'static str,
    tags: Vec<(String, String)>,
    comments: Vec<String>,
    moves: Vec<(usize, usize, u128, bool)>,
    final_fen: String,
}

fn key(m: &draughts::Move) -> (usize, usize, u128, bool) {
    (m.from.index(), m.to.index(), m.captured.bits(), m.promotes)
}

fn norm(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

/// Writes one random legal game of `v` and what it holds.
fn generate(v: Variant, rng: &mut Rng) -> (String, Truth) {
    let config = Config::standard(v);
    let game_type = if v.rules().game_type > 0 {
        v.rules().game_type.to_string()
    } else {
        v.game_type().to_string()
    };
    let mut tags = vec![
        ("Event".to_string(), rng.pick(VALUES).to_string()),
        ("White".to_string(), rng.pick(VALUES).to_string()),
        ("Black".to_string(), rng.pick(VALUES).to_string()),
        ("GameType".to_string(), game_type),
    ];
    for _ in 0..rng.below(3) {
        tags.push((rng.pick(NAMES).to_string(), rng.pick(VALUES).to_string()));
    }
    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
    }
    text.push('\n');
    let mut comments = Vec::new();
    let mut game = GameState::new(config);
    let mut moves = Vec::new();
    if rng.one_in(4) {
        let c = rng.pick(COMMENTS);
        text.push_str(&format!("{{{c}}} "));
        comments.push(norm(c));
    }
    let plies = rng.below(60);
    let mut before = game.clone();
    for ply in 0..plies {
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = *rng.pick(&legal);
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            text.push_str(&format!("{number}. "));
        } else if rng.one_in(3) {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(&move_text(&config, &game, &mv, rng));
        text.push(' ');
        moves.push(key(&mv));
        before = game.clone();
        game.play(&mv);
        if rng.one_in(6) {
            text.push_str(&format!("${} ", 1 + rng.below(255)));
        }
        if rng.one_in(5) {
            let c = rng.pick(COMMENTS);
            text.push_str(&format!("{{{c}}} "));
            comments.push(norm(c));
        }
        if rng.one_in(6) {
            variation(&config, &before, ply, 1, rng, &mut text, &mut comments);
        }
    }
    let _ = before;
    text.push('*');
    if rng.one_in(5) {
        let c = rng.pick(COMMENTS);
        text.push_str(&format!(" {{{c}}}"));
        comments.push(norm(c));
    }
    text.push('\n');
    let truth = Truth {
        variant: v.name(),
        tags,
        comments,
        moves,
        final_fen: game.to_fen().to_string(),
    };
    (text, truth)
}

fn move_text(config: &Config, game: &GameState, mv: &draughts::Move, rng: &mut Rng) -> String {
    if mv.is_capture() && rng.one_in(2) {
        full_path(config, mv)
    } else {
        minimal_legal(config, game.position(), mv)
    }
}

/// A variation replacing ply `ply`, played from `before` (the position before it).
fn variation(
    config: &Config,
    before: &GameState,
    ply: usize,
    depth: usize,
    rng: &mut Rng,
    text: &mut String,
    comments: &mut Vec<String>,
) {
    let mut game = before.clone();
    text.push('(');
    for i in 0..1 + rng.below(4) {
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let p = ply + i;
        let number = p / 2 + 1;
        if p.is_multiple_of(2) {
            text.push_str(&format!("{number}. "));
        } else if i == 0 {
            text.push_str(&format!("{number}... "));
        }
        let mv = *rng.pick(&legal);
        text.push_str(&move_text(config, &game, &mv, rng));
        text.push(' ');
        let here = game.clone();
        game.play(&mv);
        if rng.one_in(4) {
            let c = rng.pick(COMMENTS);
            text.push_str(&format!("{{{c}}} "));
            comments.push(norm(c));
        }
        if depth < 3 && rng.one_in(5) {
            variation(config, &here, p, depth + 1, rng, text, comments);
        }
    }
    text.push_str(") ");
}

/// What a reader found in a game, in the truth's terms.
fn found(tree: &Tree<'_>, data: &CheckedGame<'_, '_>) -> Truth {
    let mut comments = Vec::new();
    for h in &tree.header {
        if let HeaderItem::Comment(c) = h {
            comments.push(norm(c.text));
        }
    }
    collect_comments(&tree.body, &mut comments);
    collect_comments(&tree.trailer, &mut comments);
    Truth {
        variant: data.record.variant.unwrap_or("none"),
        tags: tree
            .tags()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect(),
        comments,
        moves: data
            .replayed
            .map_or(Vec::new(), |r| r.plies.iter().map(|p| key(&p.mv)).collect()),
        final_fen: data.record.final_fen.clone().unwrap_or_default(),
    }
}

fn collect_comments(nodes: &[Node<'_>], out: &mut Vec<String>) {
    for n in nodes {
        match n {
            Node::Comment(c) => out.push(norm(c.text)),
            Node::Variation(v) => collect_comments(&v.nodes, out),
            _ => {}
        }
    }
}

/// Reads `text` and compares every game with `truths`; returns the rule-aware PDN output.
fn read_back(text: &str, truths: &[Truth], what: &str) -> String {
    let raws: Vec<RawGame> = Splitter::new(text.as_bytes())
        .map(|g| g.expect("memory"))
        .collect();
    assert_eq!(raws.len(), truths.len(), "{what}: game count\n{text}");
    let mut out = PdnWriter::new(Vec::new());
    for (raw, truth) in raws.iter().zip(truths) {
        check_game("gen.pdn", raw, &ReplayOptions::default(), |d| {
            let tree = d
                .game
                .unwrap_or_else(|| panic!("{what}: unreadable:\n{}", raw.text));
            assert_eq!(&found(tree, d), truth, "{what}:\n{}", raw.text);
            assert_eq!(
                d.record.status,
                Verdict::Clean,
                "{what}: {:?}\n{}",
                d.record.diagnostics,
                raw.text
            );
            out.write_game(d).expect("memory");
        });
    }
    String::from_utf8(out.finish().expect("memory")).expect("UTF-8")
}

#[test]
fn generated_games_read_back_and_convert_back_to_the_same_games() {
    let n: u64 = std::env::var("PDNKIT_ROUNDTRIP_GAMES")
        .ok()
        .map_or(120, |v| v.parse().expect("a number"));
    let mut rng = Rng::new(0x00DD_BA11);
    let mut generated = 0;
    while generated < n {
        // A file of one to four games.
        let mut text = String::new();
        let mut truths = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let v = *rng.pick(&VARIANTS);
            let (game, truth) = generate(v, &mut rng);
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&game);
            truths.push(truth);
            generated += 1;
        }
        let what = format!("file ending with game {generated}");
        let converted = read_back(&text, &truths, &what);
        // `convert --to pdn` output holds the same games, and converts to itself.
        let again = read_back(&converted, &truths, &format!("{what}, converted"));
        assert_eq!(again, converted, "{what}: converting twice");
        check::check(text.as_bytes(), &CheckOptions::default())
            .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    }
}

#[test]
fn json_and_csv_hold_any_bytes() {
    // Windows-1252 bytes in tags and comments, control characters, NUL, a lone CR.
    let input = b"[Event \"Caf\xe9 \x93quoted\x94, \x80\"]\n[White \"a\x01b\x00c\"]\n\
                  [Black \"line\rbreak\"]\n1. 32-28 {\xff\xfe comment} *\n"
        .to_vec();
    let summary = check::check(&input, &CheckOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.games, 1);
    // So few letters leave the detector a choice among the Western code pages: the text is
    // whatever the encoding it reports makes of the bytes.
    let raw = Splitter::new(&input[..]).next().unwrap().unwrap();
    assert!(raw.encoding != encoding_rs::UTF_8);
    let decoded = |bytes: &[u8]| {
        raw.encoding
            .decode_without_bom_handling(bytes)
            .0
            .into_owned()
    };
    let mut json = pdnkit::export::JsonWriter::new(Vec::new());
    check_game("x.pdn", &raw, &ReplayOptions::default(), |d| {
        json.write_game(d).unwrap();
        assert!(
            d.record
                .diagnostics
                .iter()
                .any(|l| l.code == pdnkit::Code::Encoding),
            "the fallback is reported"
        );
    });
    let line = String::from_utf8(json.finish().unwrap()).expect("JSON is UTF-8");
    let value: serde_json::Value = serde_json::from_str(line.trim_end()).expect("valid JSON");
    assert_eq!(
        value["tags"]["Event"],
        decoded(b"Caf\xe9 \x93quoted\x94, \x80")
    );
    assert_eq!(value["tags"]["White"], "a\u{1}b\u{0}c");
    assert_eq!(
        value["moves"][0]["comments"][0],
        decoded(b"\xff\xfe comment")
    );
}

#[test]
fn corpus_games_keep_every_invariant() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let all = std::env::var("PDNKIT_ROUNDTRIP_CORPUS").is_ok_and(|v| v == "all");
    let mut games = 0;
    for file in pdn_support::corpus_files(&dir) {
        let path = pdn_support::corpus_file(&dir, &file);
        let bytes = std::fs::read(&path).expect("corpus file");
        // The first few games of each file, cut at a game boundary (or the whole file).
        let take = if all {
            bytes.len()
        } else {
            Splitter::new(&bytes[..])
                .map(|g| g.expect("memory"))
                .nth(4)
                .map_or(bytes.len(), |g| g.byte_offset as usize)
        };
        let summary = check::check(&bytes[..take], &CheckOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        games += summary.games;
    }
    assert!(games > 250, "only {games} corpus games checked");
}
