//! The tokenizer against the hand-written recognisers it replaced (`reference`): on words made
//! of the bytes the grammar tells apart, and at every word of the corpus's real files.

use std::path::PathBuf;

use super::{Squares, reference};
use crate::lex::{self, Separator};
use crate::test_rng::TestRng;
use draughts::SquareToken;

/// The squares of a move as the reference read them, step by step.
fn reference_squares(text: &[u8]) -> Vec<(Option<Separator>, SquareToken)> {
    let Some((mut previous, mut at)) = lex::parse_move_square_bytes(text) else {
        return Vec::new();
    };
    let mut out = vec![(None, previous)];
    while let Some((sep, square, used)) = reference::move_step(&text[at..], previous) {
        out.push((Some(sep), square));
        previous = square;
        at += used;
    }
    out
}

/// Every reading of the word at the start of `b` agrees with the reference.
fn agrees(b: &[u8]) {
    let shown = String::from_utf8_lossy(b);
    assert_eq!(
        lex::result_len(b),
        reference::result_len(b),
        "result {shown:?}"
    );
    assert_eq!(
        lex::move_number(b),
        reference::move_number(b),
        "number {shown:?}"
    );
    assert_eq!(
        lex::strength_len(b),
        reference::strength_len(b),
        "marks {shown:?}"
    );
    assert_eq!(lex::nag(b), reference::nag(b), "nag {shown:?}");
    let found = lex::scan_move(b);
    assert_eq!(found, reference::scan_move(b), "move {shown:?}");
    if let Some(m) = found.filter(|m| m.form == lex::MoveForm::Squares) {
        let text = &b[..m.len];
        let squares: Vec<_> = Squares::new(text).collect();
        assert_eq!(squares, reference_squares(text), "squares {shown:?}");
        assert_eq!(squares.len(), usize::from(m.squares), "count {shown:?}");
    }
}

/// The bytes the grammar tells apart, and a few it does not.
const ALPHABET: &[&[u8]] = &[
    b"0",
    b"1",
    b"2",
    b"3",
    b"5",
    b"9",
    b"a",
    b"c",
    b"l",
    b"m",
    b"C",
    b"L",
    b"K",
    b"x",
    b"X",
    b"-",
    b":",
    b".",
    b"/",
    b"*",
    b" ",
    b"\t",
    b"$",
    b"!",
    b"?",
    b"(",
    b")",
    b"{",
    b"\\r",
    "½".as_bytes(),
    "–".as_bytes(),
    "\u{2011}".as_bytes(),
    "…".as_bytes(),
    b"\xE2",
    b"\n",
];

#[test]
fn random_words_read_as_the_reference_reads_them() {
    let mut rng = TestRng::new(0x5eed_70c3);
    let mut word = Vec::new();
    for _ in 0..200_000 {
        word.clear();
        for _ in 0..rng.below(12) {
            word.extend_from_slice(ALPHABET[rng.below(ALPHABET.len())]);
        }
        agrees(&word);
    }
}

#[test]
fn words_near_the_shapes_read_as_the_reference_reads_them() {
    let shapes = [
        "32-28",
        "28x19x10)",
        "c3:e5:g3",
        "a3b4",
        "06-11",
        "1- 7 ",
        "1 - 5",
        "32\u{2013}28",
        "E3-D4 ",
        "E3:G5:e7",
        "C3D4",
        "K33-29",
        "E3-28",
        "c3-28",
        "cd4 ",
        "cd4!",
        "hg10)",
        "cd0",
        "3228 ",
        "0128",
        "1-0",
        "1-101.32-28",
        "1/2-1/2{",
        "½-½",
        "½–½",
        "0.5-0.5",
        "1:0 ",
        "12...19-23",
        "99999999999.",
        "$902 ",
        "(!?!!!) ",
        "!? ",
        "*",
        "13-19 - -",
        "a00-b1",
        "a01-b10",
        "l12xa1",
        "1-2-3-4-5-6-7-8-9-10",
        "32-28.",
        "32 -28",
        "32- \t28",
        "32\u{2011}28",
        "32 \u{2013} 28",
        "001.",
        "0.",
        "a3 b4",
        "c3-d4x",
        "28x",
    ];
    for shape in shapes {
        let b = shape.as_bytes();
        // Every prefix, so that each word also ends at every byte.
        for end in 0..=b.len() {
            agrees(&b[..end]);
        }
    }
}

/// The corpus directory: `PDNKIT_CORPUS` (which must exist when set), else the shared one.
fn corpus() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PDNKIT_CORPUS") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "PDNKIT_CORPUS is not a directory: {}",
            dir.display()
        );
        return Some(dir);
    }
    let default = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    default.is_dir().then_some(default)
}

#[test]
fn every_word_of_the_corpus_reads_as_the_reference_reads_it() {
    let Some(dir) = corpus() else {
        eprintln!("skipped: the corpus (set PDNKIT_CORPUS)");
        return;
    };
    let mut files = 0;
    let mut words = 0;
    for sub in std::fs::read_dir(&dir).expect("corpus readable") {
        let sub = sub.expect("corpus entry").path();
        let Ok(entries) = std::fs::read_dir(&sub) else {
            continue;
        };
        for file in entries {
            let path = file.expect("corpus entry").path();
            if path.extension().is_none_or(|e| e != "pdn") {
                continue;
            }
            let bytes = std::fs::read(&path).expect("corpus file readable");
            files += 1;
            // Each byte after white space or a bracket starts a word.
            for i in 0..bytes.len() {
                if i == 0 || lex::ends_junk(bytes[i - 1]) {
                    agrees(&bytes[i..bytes.len().min(i + 64)]);
                    words += 1;
                }
            }
        }
    }
    assert!(
        files > 10 && words > 100_000,
        "{files} files, {words} words"
    );
}
