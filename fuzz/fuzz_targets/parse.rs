//! The reader on arbitrary bytes: the splitter's games tile the input, reading in small parts
//! gives the same games, and every game that parses writes back (syntax writer) into a text
//! that reads as one game with the same tree, and writes again identically. A game the
//! plain-shape fast path recognises (`pdn::fast::scan_game`) reads without error or note, with the
//! same number of main-line moves; a game whose moves it recognises has, read around them, the
//! notes of the whole parse; the splitter passing plain games by gives the same games, with or
//! without the plain games found ahead in blocks. The splitter's own fast paths follow
//! `PDNKIT_NO_FAST_PATHS`, so the target runs on either path.
#![no_main]

#[path = "../../tests/pdn_support/mod.rs"]
mod pdn_support;

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use pdn::fast::{NotesPassed, Scanned, hints_in_blocks, scan_game};
use pdn::{Game, RawGame, SplitOptions, Splitter, outline, parse_game, write_game};

fuzz_target!(|data: &[u8]| {
    // The first byte picks a read size, a maximum game size and whether literal escapes are
    // let by, so every path is fuzzed.
    let (knob, data) = data.split_first().map_or((0, data), |(k, d)| (*k, d));
    let options = SplitOptions {
        max_game_size: if knob & 1 == 1 {
            64 + usize::from(knob) * 4
        } else {
            1 << 20
        },
        notes_passed: if knob & 2 == 2 {
            NotesPassed::LiteralEscapes
        } else {
            NotesPassed::None
        },
        ..SplitOptions::default()
    };
    let whole: Vec<RawGame> = Splitter::with_options(data, options.clone())
        .map(|g| g.expect("memory"))
        .collect();
    let cuts = pdn_support::all_cuts(Splitter::with_options(
        BufReader::with_capacity(1 + usize::from(knob >> 2), data),
        options.clone(),
    ));
    if let Err(e) = pdn_support::check_cuts(&cuts, &whole, options.notes_passed) {
        panic!("passing plain games by: {e}");
    }
    let hints = hints_in_blocks(data, 1 + usize::from(knob), options.notes_passed);
    let prescanned =
        pdn_support::all_cuts(Splitter::with_options(data, options.clone()).with_hints(hints));
    assert_eq!(prescanned, cuts, "the games found with a prescan differ");
    let parts: Vec<RawGame> = Splitter::with_options(
        BufReader::with_capacity(1 + usize::from(knob >> 2), data),
        options,
    )
    .map(|g| g.expect("memory"))
    .collect();
    assert_eq!(whole, parts, "reading in parts gives other games");
    if let Ok(text) = std::str::from_utf8(data) {
        let raw = RawGame::from_text(text);
        if let Scanned::Plain { moves } = scan_game(&raw, true) {
            check_plain(&parse_game(&raw), moves, text);
        }
    }
    for raw in &whole {
        let parsed = parse_game(raw);
        match scan_game(raw, true) {
            Scanned::Plain { moves } => check_plain(&parsed, moves, &raw.text),
            Scanned::PlainMoves { notes } => {
                let game = parsed.as_ref().unwrap_or_else(|e| {
                    panic!("plain moves but unreadable ({e:?}): {:?}", raw.text)
                });
                assert_eq!(
                    notes, game.notes,
                    "notes around plain moves of {:?}",
                    raw.text
                );
            }
            Scanned::Parsed(_) | Scanned::Unreadable(_) => {}
        }
        let Ok(game) = &parsed else { continue };
        let written = write_game(game);
        let again: Vec<RawGame> = Splitter::new(written.as_bytes())
            .map(|g| g.expect("memory"))
            .collect();
        assert_eq!(
            again.len(),
            1,
            "written game reads as {} games:\n{written}",
            again.len()
        );
        let reparsed = parse_game(&again[0]).expect("written game readable");
        assert_eq!(
            outline(&reparsed),
            outline(game),
            "tree changed:\n{written}"
        );
        assert_eq!(write_game(&reparsed), written, "writing is not idempotent");
    }
});

/// The parser's reading of a text the shortcut calls plain, with `moves` main-line moves.
fn check_plain<E: std::fmt::Debug>(parsed: &Result<Game<'_>, E>, moves: usize, text: &str) {
    let game = parsed
        .as_ref()
        .unwrap_or_else(|e| panic!("plain but unreadable ({e:?}): {text:?}"));
    assert!(
        game.notes.is_empty(),
        "plain but noted {:?}: {text:?}",
        game.notes
    );
    assert_eq!(
        game.mainline_moves().count(),
        moves,
        "move count of {text:?}"
    );
}
