//! Shared helpers for the PDN integration tests: where the corpus is, reading its files, what
//! a replay says about a game (to compare two replays), and the check that the splitter's way
//! of passing plain games by agrees with its iterator.
#![allow(dead_code)]

use std::io::BufRead;
use std::path::{Path, PathBuf};

use pdn as read;
use pdn::NoteKind;
use pdn::RawGame;
use pdn::Splitter;
use pdn::fast::Cut;
use pdn::fast::{NotesPassed, Scanned, scan_game};
use pdn::parse_game;
use pdnkit::CheckedGame;
use pdnkit::Ply;

#[path = "../skip/mod.rs"]
pub mod skip;

/// The corpus directory, or `None` when the test should skip it (said on stderr; a failure
/// where skipping is forbidden, see `skip`).
///
/// `PDNKIT_CORPUS` wins; when it is set the directory must exist (a CI misconfiguration must
/// fail, not skip). Unset, `<manifest>/../shared/corpus` is used if it exists.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PDNKIT_CORPUS") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "PDNKIT_CORPUS is set to {} but that is not a directory",
            dir.display()
        );
        return Some(dir);
    }
    let default = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if default.is_dir() {
        return Some(default);
    }
    skip::skipped(
        "the corpus of real archives",
        "set PDNKIT_CORPUS to its directory",
    );
    None
}

/// A corpus file by its path relative to the corpus; panics with the path when it is missing.
pub fn corpus_file(dir: &Path, relative: &str) -> PathBuf {
    let path = dir.join(relative);
    assert!(path.is_file(), "corpus file missing: {}", path.display());
    path
}

/// Every `.pdn` file under the corpus, as paths relative to it, sorted.
pub fn corpus_files(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for sub in std::fs::read_dir(dir).expect("corpus directory readable") {
        let sub = sub.expect("corpus entry").path();
        if !sub.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sub).expect("corpus subdirectory readable") {
            let f = f.expect("corpus entry").path();
            if f.extension().is_some_and(|e| e == "pdn") {
                let rel = f.strip_prefix(dir).expect("under the corpus");
                files.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    files
}

/// Every `.pdn` file of the fixtures, at any depth, sorted.
pub fn fixture_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("fixture directory") {
            let path = entry.expect("fixture entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// All raw games of a file (read as text even where it holds NUL bytes, as the fixtures of
/// the mutation harness do).
pub fn raw_games(path: &Path) -> Vec<RawGame> {
    let options = read::ReadOptions {
        force_text: true,
        ..read::ReadOptions::default()
    };
    read::open_source(&read::Source::path(path), &options)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .games(read::SplitOptions::default())
        .map(|g| g.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// Every cut of a splitter reading from memory ([`Splitter::next_cut`]).
pub fn all_cuts<R: BufRead>(mut splitter: Splitter<R>) -> Vec<Cut> {
    let mut cuts = Vec::new();
    while let Some(cut) = splitter.next_cut().expect("reading from memory") {
        cuts.push(cut);
    }
    cuts
}

/// Checks the cuts of an input against the games the iterator cuts from it: the same games at
/// the same places, and each game passed by one the plain-shape shortcut recognises (with the
/// notes `notes` lets by). Returns how many were passed by.
pub fn check_cuts(cuts: &[Cut], games: &[RawGame], notes: NotesPassed) -> Result<usize, String> {
    if cuts.len() != games.len() {
        return Err(format!(
            "next_cut gives {} games, the iterator {}",
            cuts.len(),
            games.len()
        ));
    }
    let mut passed = 0;
    for (cut, raw) in cuts.iter().zip(games) {
        match cut {
            Cut::Game(game) if game == raw => {}
            Cut::Game(game) => {
                return Err(format!("next_cut gives {game:?}, the iterator {raw:?}"));
            }
            Cut::Plain(plain) => {
                let at = (plain.index, plain.byte_offset);
                let place = (plain.first_line, plain.first_column, plain.len);
                let raw_place = (raw.first_line, raw.first_column, raw.text.len() as u64);
                if at != (raw.index, raw.byte_offset) || place != raw_place {
                    return Err(format!("passed by {plain:?}, the iterator cuts {raw:?}"));
                }
                if !passable(raw, notes) {
                    return Err(format!("passed by, but not plain ({notes:?}): {raw:?}"));
                }
                passed += 1;
            }
        }
    }
    Ok(passed)
}

/// Whether a game may be passed by with `notes` let by: in the plain shape, or (literal
/// escapes let by) read by the parser with no note but literal escapes.
fn passable(raw: &RawGame, notes: NotesPassed) -> bool {
    match notes {
        NotesPassed::None => matches!(scan_game(raw, true), Scanned::Plain { .. }),
        NotesPassed::LiteralEscapes => {
            raw.notes.is_empty()
                && raw.oversize.is_none()
                && parse_game(raw)
                    .is_ok_and(|game| game.notes.iter().all(|n| n.kind == NoteKind::LiteralEscape))
        }
    }
}

/// What a replay says about a game, for comparing two replays.
#[derive(Debug, PartialEq, Eq)]
pub struct Played {
    pub variant: Option<&'static str>,
    pub written: u32,
    pub final_fen: Option<String>,
    pub moves: Vec<(usize, usize, u128, bool)>,
}

/// The facts of `d` that a rewrite of the game must keep.
pub fn played(d: &CheckedGame<'_, '_>) -> Played {
    let key = |p: &Ply| {
        (
            p.mv.from.index(),
            p.mv.to.index(),
            p.mv.captured.bits(),
            p.mv.promotes,
        )
    };
    Played {
        variant: d.record.variant,
        written: d.record.plies,
        final_fen: d.record.final_fen.clone(),
        moves: d
            .replayed
            .map_or(Vec::new(), |r| r.plies.iter().map(key).collect()),
    }
}
