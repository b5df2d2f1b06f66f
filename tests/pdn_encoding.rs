//! Encodings and line ends over the corpus' derived copies: a Windows-1252 copy, a CP1251 copy
//! and a UTF-8-with-BOM copy read into the same trees, at the same lines and columns, as their
//! UTF-8 originals.

mod pdn_support;

use std::path::Path;

use pdn as read;
use pdn::Decoder;
use pdn::NoteKind;
use pdn::RawGame;
use pdn::outline;
use pdn::parse_game;
use pdn::{SplitOptions, Splitter};

fn outlines(games: &[RawGame]) -> Vec<String> {
    games
        .iter()
        .map(|g| outline(&parse_game(g).expect("readable")))
        .collect()
}

/// Position of every mainline move: (line, column).
fn move_positions(games: &[RawGame]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for raw in games {
        let game = parse_game(raw).expect("readable");
        for m in game.mainline_moves() {
            let p = raw.position(m.span.start);
            out.push((p.line, p.column));
        }
    }
    out
}

#[test]
fn windows_1252_copy_reads_like_the_original() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let original = pdn_support::raw_games(&pdn_support::corpus_file(
        &dir,
        "international/allinges-open-2007.pdn",
    ));
    let copy = pdn_support::raw_games(&pdn_support::corpus_file(
        &dir,
        "derived/allinges-open-2007.cp1252.pdn",
    ));
    assert_eq!(outlines(&copy), outlines(&original));
    assert_eq!(move_positions(&copy), move_positions(&original));
    // The games that are ASCII are read as UTF-8 (the same text); those with other bytes in
    // Windows-1252, and game 2, the first of them, carries the one note that names it.
    for (c, o) in copy.iter().zip(&original) {
        let expected = if o.text.is_ascii() {
            encoding_rs::UTF_8
        } else {
            encoding_rs::WINDOWS_1252
        };
        assert_eq!(c.encoding, expected, "game {}", c.index);
    }
    assert!(!original[1].text.is_ascii());
    let with_note: Vec<u64> = copy
        .iter()
        .filter(|g| g.notes.iter().any(|n| n.kind == NoteKind::Encoding))
        .map(|g| g.index)
        .collect();
    assert_eq!(with_note, vec![2]);
}

#[test]
fn cp1251_copy_is_decided_and_decodes_exactly_when_told() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let original = pdn_support::raw_games(&pdn_support::corpus_file(&dir, "russian/abatsiev.pdn"));
    let path = pdn_support::corpus_file(&dir, "derived/abatsiev.cp1251.pdn");
    // Decided from its bytes: Windows-1251, the same trees, the first game with the warning.
    let decided = pdn_support::raw_games(&path);
    assert_eq!(outlines(&decided), outlines(&original));
    assert_eq!(move_positions(&decided), move_positions(&original));
    assert!(
        decided[0]
            .notes
            .iter()
            .any(|n| n.kind == NoteKind::Encoding && n.detail == Some("windows-1251"))
    );
    // With the right encoding the trees are identical.
    let options = SplitOptions {
        decoder: Decoder::forced(encoding_rs::WINDOWS_1251),
        ..SplitOptions::default()
    };
    let exact: Vec<RawGame> = Splitter::with_options(read::open(&path).unwrap(), options)
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(outlines(&exact), outlines(&original));
    assert!(exact.iter().all(|g| g.notes.is_empty()));
}

#[test]
fn bom_copy_has_the_same_lines_and_columns() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let original = pdn_support::raw_games(&pdn_support::corpus_file(
        &dir,
        "international/match-samb-buggy-2003.pdn",
    ));
    let copy = pdn_support::raw_games(&pdn_support::corpus_file(
        &dir,
        "derived/match-samb-buggy-2003.utf8-bom.pdn",
    ));
    assert_eq!(outlines(&copy), outlines(&original));
    assert_eq!(move_positions(&copy), move_positions(&original));
    assert!(!copy[0].text.starts_with('\u{feff}'));
    for (c, o) in copy.iter().zip(&original) {
        assert_eq!(
            c.byte_offset,
            o.byte_offset + 3,
            "the BOM's bytes count in offsets"
        );
        assert_eq!(c.first_line, o.first_line);
    }
}

#[test]
fn crlf_and_lf_copies_of_a_collection_agree() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    // pwcp-2 (LF) and pwcp-2a (CRLF) are the same collection; a CRLF-only file must give
    // the same line numbers as LF would.
    let crlf = pdn_support::raw_games(&pdn_support::corpus_file(&dir, "english/pwcp-2a.pdn"));
    let text = std::fs::read(pdn_support::corpus_file(&dir, "english/pwcp-2a.pdn")).unwrap();
    let lf_text = String::from_utf8_lossy(&text).replace("\r\n", "\n");
    let lf: Vec<RawGame> = Splitter::new(lf_text.as_bytes())
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(outlines(&crlf), outlines(&lf));
    assert_eq!(move_positions(&crlf), move_positions(&lf));
    let cr_text = lf_text.replace('\n', "\r");
    let cr: Vec<RawGame> = Splitter::new(cr_text.as_bytes())
        .map(|g| g.unwrap())
        .collect();
    assert_eq!(move_positions(&cr), move_positions(&lf));
}

#[test]
fn gzip_copy_of_a_corpus_file_reads_the_same() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    use std::io::Write;
    let path = pdn_support::corpus_file(&dir, "english/tinsley.pdn");
    let bytes = std::fs::read(&path).unwrap();
    let tmp = std::env::temp_dir().join(format!("pdnkit-gz-{}.pdn.gz", std::process::id()));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&bytes).unwrap();
    std::fs::write(&tmp, gz.finish().unwrap()).unwrap();
    let plain = pdn_support::raw_games(&path);
    let zipped = pdn_support::raw_games(Path::new(&tmp));
    std::fs::remove_file(&tmp).unwrap();
    assert_eq!(zipped, plain);
}
