//! Crafted bad inputs in `fixtures/pdn/bad/`: each `NAME.pdn` has a `NAME.expected` listing
//! the counts (`games READ PARSED UNREADABLE`) and, for every unreadable game,
//! `INDEX LINE:COL CODE`. Lines starting with `#` are comments. This pins that syntax errors
//! name the right line and column (CRLF, CR, tabs, BOM, Windows-1252) and that reading goes on
//! with the next game.

use std::path::Path;

use pdn as read;
use pdn::parse_game;
use pdn::{SplitOptions, Splitter};

fn actual(path: &Path) -> String {
    let (mut read, mut parsed) = (0, 0);
    let mut errors = String::new();
    for raw in read::games(path).expect("fixture opens") {
        let raw = raw.expect("fixture reads");
        read += 1;
        match parse_game(&raw) {
            Ok(_) => parsed += 1,
            Err(e) => {
                let at = raw.position(e.span.start);
                errors.push_str(&format!("{} {at} {}\n", raw.index, e.kind.code()));
            }
        }
    }
    format!("games {read} {parsed} {}\n{errors}", read - parsed)
}

fn expected(path: &Path) -> String {
    let text = std::fs::read_to_string(path.with_extension("expected")).expect("expected file");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn bad_fixtures_report_the_right_place() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pdn/bad");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures/pdn/bad exists") {
        let path = entry.expect("fixture entry").path();
        if path.extension().is_some_and(|e| e == "pdn") {
            assert_eq!(actual(&path), expected(&path), "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} fixtures");
}

#[test]
fn an_oversize_game_is_unreadable_and_the_next_one_is_read() {
    let text = format!(
        "[Event \"big\"]\n1. 32-28 {{{}}} *\n[Event \"next\"]\n1. 33-29 *\n",
        "x".repeat(3000)
    );
    let options = SplitOptions {
        max_game_size: 1000,
        ..SplitOptions::default()
    };
    let games: Vec<_> = Splitter::with_options(text.as_bytes(), options)
        .map(|g| g.expect("in memory"))
        .collect();
    assert_eq!(games.len(), 2);
    let err = parse_game(&games[0]).unwrap_err();
    assert_eq!(err.kind.code(), "oversize");
    assert_eq!(games[0].position(err.span.start).to_string(), "1:1");
    assert!(err.message.contains("3028 bytes"), "{}", err.message);
    let next = parse_game(&games[1]).expect("next game readable");
    assert_eq!(next.tag("Event"), Some("next"));
    assert_eq!(games[1].first_line, 3);
}
