//! Every corpus file is read, with exact game counts pinned per file (read = parsed +
//! unreadable), every unreadable game's diagnostic checked, and the notable recoveries pinned.
//!
//! Verdicts worth knowing when a count changes:
//! - `syntax/nested-comment-invalid.pdn`: the standard's probe; unreadable at the `}` that
//!   closes no comment (comments do not nest).
//! - `international/problems-cat-c1.pdn` has 46 games for 45 `[Event]`s: after the last
//!   game's `1-0` comes the stray fragment `36x27 1-0`, a headerless one-move game by the
//!   boundary rule (a move after a terminator starts a game).
//! - `international/polish-team-ch-48.pdn` has 82 games for 81 `[Event]`s: one game is
//!   `[Empty] 1. 32-28 ...` with no other tag.
//! - `international/african-ch-ouaga-2024.pdn` has 48 games: one of them names its tags with
//!   HTML entities (`[&#x00c9;v&#x00e9;nement ...]`).
//! - The KNDB exports (`surinam-*`, `african-*`, `france-*`) are fully recovered: the tag line
//!   without `[`, literal `\r` text and `[Empty]` lines are notes, not errors.

mod pdn_support;

use std::collections::BTreeMap;

use pdn::NoteKind;
use pdn::parse_game;

/// (file, games read, parsed, unreadable).
const COUNTS: [(&str, u64, u64, u64); 82] = [
    ("brazilian/lidraughts-sample.pdn", 25, 25, 0),
    ("czech/mrcd2000kval.pdn", 40, 40, 0),
    ("czech/mrcd2006.pdn", 44, 44, 0),
    ("czech/mrcd2007.pdn", 102, 102, 0),
    ("czech/mrdrcd07.pdn", 72, 72, 0),
    ("czech/mrdrcd08.pdn", 40, 40, 0),
    ("derived/abatsiev.cp1251.pdn", 56, 56, 0),
    ("derived/allinges-open-2007.cp1252.pdn", 45, 45, 0),
    ("derived/match-samb-buggy-2003.utf8-bom.pdn", 6, 6, 0),
    ("english/ballots-11man-english.pdn", 2400, 2400, 0),
    ("english/beginner-problems.pdn", 58, 58, 0),
    ("english/borderclassics.pdn", 183, 183, 0),
    ("english/bridges.pdn", 267, 267, 0),
    ("english/gem.pdn", 162, 162, 0),
    ("english/german-open-2004.pdn", 1, 1, 0),
    ("english/goulds.pdn", 262, 262, 0),
    ("english/inferno.pdn", 68, 68, 0),
    ("english/lpc-problems.pdn", 100, 100, 0),
    ("english/oca-2.0-excerpt.pdn", 43, 43, 0),
    ("english/playstrategy-american-sample.pdn", 30, 30, 0),
    ("english/principles-of-strategy.pdn", 16, 16, 0),
    ("english/pwcp-2.pdn", 51, 51, 0),
    ("english/pwcp-2a.pdn", 59, 59, 0),
    ("english/tinsley.pdn", 724, 724, 0),
    ("english/tricks-traps-shots.pdn", 91, 91, 0),
    ("frisian/homebrew-boardposition-tag.pdn", 1, 1, 0),
    ("frisian/lidraughts-frysk-sample.pdn", 25, 25, 0),
    ("frisian/lidraughts-movetext-sample.pdn", 14, 14, 0),
    ("international/african-ch-ouaga-2024.pdn", 48, 48, 0),
    ("international/allinges-open-2007.pdn", 45, 45, 0),
    ("international/avignon-open-2014.pdn", 97, 97, 0),
    ("international/candidate95.pdn", 8, 8, 0),
    ("international/delfts.pdn", 2, 2, 0),
    ("international/dutch96h.pdn", 13, 13, 0),
    ("international/france-ch-2021.pdn", 58, 58, 0),
    ("international/ita-camp40-internazionale.pdn", 45, 45, 0),
    ("international/kurnik.pdn", 4, 4, 0),
    (
        "international/lidraughts-antidraughts-sample.pdn",
        25,
        25,
        0,
    ),
    (
        "international/lidraughts-breakthrough-sample.pdn",
        25,
        25,
        0,
    ),
    (
        "international/lidraughts-gametype-movetext-sample.pdn",
        13,
        13,
        0,
    ),
    ("international/match-samb-buggy-2003.pdn", 6, 6, 0),
    ("international/match-sijbrands-andreiko.pdn", 20, 20, 0),
    ("international/match-vanderwal-wiersma.pdn", 20, 20, 0),
    ("international/moby-vs-programs-2022.pdn", 9, 9, 0),
    ("international/montpellier-open-a.pdn", 56, 56, 0),
    ("international/montpellier-open-b.pdn", 49, 49, 0),
    ("international/nk-2009-ronde12.pdn", 7, 7, 0),
    ("international/nk-ronde-01.pdn", 7, 7, 0),
    ("international/nk-ronde-02.pdn", 7, 7, 0),
    ("international/nk2003-amsterdam.pdn", 33, 33, 0),
    ("international/polish-team-ch-48.pdn", 82, 82, 0),
    ("international/problems-cat-a1.pdn", 35, 35, 0),
    ("international/problems-cat-b1.pdn", 37, 37, 0),
    ("international/problems-cat-c1.pdn", 46, 46, 0),
    ("international/problems-cat-d1.pdn", 19, 19, 0),
    ("international/problems-goedemoed-fen.pdn", 4, 4, 0),
    ("international/prof2.pdn", 16, 16, 0),
    ("international/rk-ronde-12.pdn", 7, 7, 0),
    ("international/schildpad.pdn", 34, 34, 0),
    ("international/surinam-veterans-2025.pdn", 98, 98, 0),
    ("international/tournoi-champions-regionaux.pdn", 12, 12, 0),
    ("international/training-brigitte-vs-scan.pdn", 1, 1, 0),
    ("international/training-bruno-vs-scan31.pdn", 11, 11, 0),
    ("international/truncated-no-result.pdn", 2, 2, 0),
    ("international/wc-match-women-2024.pdn", 2, 2, 0),
    ("international/windragon.pdn", 1, 1, 0),
    ("international/wk2003.pdn", 23, 23, 0),
    ("italian/ballots-11man-italian.pdn", 2400, 2400, 0),
    ("italian/campionato-assoluto-2005.pdn", 53, 53, 0),
    ("russian/abatsiev.pdn", 56, 56, 0),
    ("russian/lidraughts-movetext-sample.pdn", 9, 9, 0),
    ("russian/ussr1947.pdn", 153, 153, 0),
    ("syntax/alphanumeric.pdn", 1, 1, 0),
    ("syntax/duplicate-event-tag.pdn", 1, 1, 0),
    ("syntax/fen.pdn", 3, 3, 0),
    ("syntax/gameterminator.pdn", 1, 1, 0),
    ("syntax/linecomment.pdn", 1, 1, 0),
    ("syntax/movestrength.pdn", 1, 1, 0),
    ("syntax/nested-comment-invalid.pdn", 1, 0, 1),
    ("syntax/string.pdn", 1, 1, 0),
    ("syntax/unicode.pdn", 1, 1, 0),
    ("syntax/variation.pdn", 1, 1, 0),
];

/// The unreadable games: (file, game index, line:col, error code).
const UNREADABLE: [(&str, u64, &str, &str); 1] = [(
    "syntax/nested-comment-invalid.pdn",
    1,
    "1:46",
    "unmatched-brace",
)];

#[test]
fn every_file_is_read_with_pinned_counts() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let files = pdn_support::corpus_files(&dir);
    let pinned: Vec<&str> = COUNTS.iter().map(|c| c.0).collect();
    assert_eq!(files, pinned, "corpus files and pinned list differ");
    let mut unreadable_seen = Vec::new();
    for (file, read, parsed, unreadable) in COUNTS {
        let path = pdn_support::corpus_file(&dir, file);
        let games = pdn_support::raw_games(&path);
        let mut ok = 0;
        let mut bad = 0;
        for raw in &games {
            match parse_game(raw) {
                Ok(game) => {
                    ok += 1;
                    // The splitter and the parser agree on game boundaries.
                    for note in &game.notes {
                        assert!(
                            !matches!(
                                note.kind,
                                NoteKind::TagInMovetext | NoteKind::TextAfterTerminator
                            ),
                            "{file} game {}: {:?} at {}",
                            raw.index,
                            note.kind,
                            raw.position(note.span.start)
                        );
                    }
                }
                Err(err) => {
                    bad += 1;
                    let at = raw.position(err.span.start).to_string();
                    unreadable_seen.push((file, raw.index, at, err.kind.code()));
                }
            }
        }
        assert_eq!(
            (games.len() as u64, ok, bad),
            (read, parsed, unreadable),
            "{file}: (read, parsed, unreadable)"
        );
    }
    let expected: Vec<_> = UNREADABLE
        .iter()
        .map(|&(f, i, at, code)| (f, i, at.to_string(), code))
        .collect();
    assert_eq!(unreadable_seen, expected);
}

/// Note totals over the corpus, by kind: every tolerated deviation is deliberate.
#[test]
fn notes_over_the_corpus_are_pinned() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let mut totals: BTreeMap<&str, usize> = BTreeMap::new();
    for file in pdn_support::corpus_files(&dir) {
        for raw in pdn_support::raw_games(&pdn_support::corpus_file(&dir, &file)) {
            if let Ok(game) = parse_game(&raw) {
                for note in &game.notes {
                    *totals.entry(note.kind.code()).or_default() += 1;
                }
            }
        }
    }
    let expected: BTreeMap<&str, usize> = [
        ("duplicate-tag", 3), // two of them are `[Empty]` lines twice in a surinam game
        ("encoding", 2),
        // `0-1[Event ...` in tricks-traps-shots: the next game's tag right after the result.
        ("glued-games", 1),
        ("glued-text", 2),
        ("inferred-terminator", 7),
        ("literal-escape", 2777),
        ("missing-terminator", 21),
        ("odd-tag-name", 10),
        ("stray-bracket", 2),
        ("stray-dot", 1),
        ("tag-missing-bracket", 1),
        ("tag-without-value", 30),
    ]
    .into_iter()
    .collect();
    assert_eq!(totals, expected);
}

/// Named recoveries, each at its line and column.
#[test]
fn recoveries_point_at_the_right_place() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let cases = [
        (
            "international/surinam-veterans-2025.pdn",
            11,
            NoteKind::TagMissingBracket,
            "212:1",
        ),
        ("english/tinsley.pdn", 693, NoteKind::GluedText, "7170:22"),
        (
            "international/delfts.pdn",
            1,
            NoteKind::InferredTerminator,
            "26:69",
        ),
        (
            "international/polish-team-ch-48.pdn",
            81,
            NoteKind::StrayBracket,
            "174:1",
        ),
        (
            "international/problems-cat-a1.pdn",
            30,
            NoteKind::StrayDot,
            "405:36",
        ),
        (
            "derived/allinges-open-2007.cp1252.pdn",
            2,
            NoteKind::Encoding,
            "25:24",
        ),
        (
            "syntax/duplicate-event-tag.pdn",
            1,
            NoteKind::DuplicateTag,
            "4:1",
        ),
    ];
    for (file, index, kind, at) in cases {
        let games = pdn_support::raw_games(&pdn_support::corpus_file(&dir, file));
        let raw = &games[index as usize - 1];
        let game = parse_game(raw).unwrap();
        let found: Vec<String> = game
            .notes
            .iter()
            .filter(|n| n.kind == kind)
            .map(|n| raw.position(n.span.start).to_string())
            .collect();
        assert_eq!(found, vec![at.to_string()], "{file} game {index}: {kind:?}");
    }
}
