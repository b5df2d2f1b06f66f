//! Round trip over the whole corpus: for every game that parses, writing it and parsing the
//! output gives the same tree (compared as outlines: everything but spans and notes, with the
//! writer's documented normalisations), and the output is a single game.

mod pdn_support;

use pdn::RawGame;
use pdn::Splitter;
use pdn::outline;
use pdn::write_game;
use pdn::{parse_game, parse_text};

fn reparse_one(written: &str) -> RawGame {
    let mut games: Vec<RawGame> = Splitter::new(written.as_bytes())
        .map(|g| g.expect("in-memory read"))
        .collect();
    assert_eq!(
        games.len(),
        1,
        "written game split into {}:\n{written}",
        games.len()
    );
    games.remove(0)
}

#[test]
fn every_corpus_game_round_trips() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let mut checked = 0;
    for file in pdn_support::corpus_files(&dir) {
        let path = pdn_support::corpus_file(&dir, &file);
        let mut whole_output = String::new();
        let mut originals = Vec::new();
        for raw in pdn_support::raw_games(&path) {
            let Ok(game) = parse_game(&raw) else { continue };
            let written = write_game(&game);
            let again = reparse_one(&written);
            let reparsed = parse_game(&again).unwrap_or_else(|e| {
                panic!(
                    "{file} game {}: rewritten game unreadable: {e}\n{written}",
                    raw.index
                )
            });
            assert_eq!(
                outline(&reparsed),
                outline(&game),
                "{file} game {}: tree changed by write+parse; written:\n{written}",
                raw.index
            );
            // Writing is idempotent.
            assert_eq!(write_game(&reparsed), written, "{file} game {}", raw.index);
            whole_output.push_str(&written);
            whole_output.push('\n');
            originals.push(outline(&game));
            checked += 1;
        }
        // The whole file written back reads as the same games.
        let again: Vec<String> = Splitter::new(whole_output.as_bytes())
            .map(|g| {
                let raw = g.expect("in-memory read");
                outline(&parse_text(&raw.text).expect("rewritten game readable"))
            })
            .collect();
        assert_eq!(
            again.len(),
            originals.len(),
            "{file}: game count after rewriting"
        );
        for (i, (a, b)) in again.iter().zip(&originals).enumerate() {
            assert_eq!(
                a,
                b,
                "{file}: game {} differs after rewriting the whole file",
                i + 1
            );
        }
    }
    assert!(checked > 8000, "only {checked} games checked");
}
