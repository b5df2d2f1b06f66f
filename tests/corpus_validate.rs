//! The whole corpus validated: per file, how many games are clean, have warnings, are invalid
//! or unreadable, pinned; and the first error of every invalid or unreadable game, pinned with
//! its place. Each of those was read by hand and is a fault of the archive:
//!
//! - `english/beginner-problems.pdn` #10: FEN `W:W18,K15,1:...`: a White man on square 1, its
//!   own promotion row (the problem's king was written without its `K`).
//! - `english/bridges.pdn` #14: `[FEN "W::."]`, an empty position.
//! - `english/goulds.pdn` #93 (`B:WK23,12,3:BK15,K11`) and `english/lpc-problems.pdn` #36, #63,
//!   #65, #73: a man on its own promotion row, as in `beginner-problems.pdn` #10. (Judged game
//!   by game these were guessed Spanish or international, whose other numbering makes the
//!   square legal; played under the file's variant, they are what they are.)
//! - `english/tinsley.pdn` #541: `62. 32-28`, but Black's king went 32-28 at move 60; the
//!   square is empty (a transcription slip in the archive).
//! - `international/candidate95.pdn` #8: Result tag `0-1`, terminator `1/2-1/2`.
//! - `international/ita-camp40-internazionale.pdn` #1: Result tag `0-1`, terminator `1-0`.
//! - `international/problems-cat-c1.pdn` #46: the stray fragment `36x27 1-0` after the last
//!   problem, read as a game from the start position, where 36x27 is impossible.
//! - `international/training-bruno-vs-scan31.pdn` #11: `32. ... 17-11`: the piece on 17 was
//!   just taken by `12x21`; the moves from here are garbled.
//! - `italian/campionato-assoluto-2005.pdn` #46: the last move `3x26` fits two captures of three
//!   men each (3x10x19x26 and 3x10x17x26) and no later move tells them apart.
//! - `syntax/fen.pdn` #1: the probe `?:W29,13,11:B22,4,2`: side to move unknown.
//! - `syntax/nested-comment-invalid.pdn` #1: the standard's nested-comment probe.
//!
//! The games are replayed as `pdnkit validate` does, a file without GameType tags under one
//! variant decided from its games; the variants played are pinned too: each file's games are
//! played under the variant its directory names, but for the exceptions listed in
//! [`VARIANTS`], each read by hand.

mod pdn_support;

use pdn::parse_game;
use pdnkit::{GameRecord, Verdict};
use std::collections::BTreeMap;
use std::sync::Arc;

use pdn::Game;
use pdnkit::{ReplayOptions, Severity, VariantEvidence, replay};

/// Files whose games are not all played under the variant their directory names: (file,
/// games per variant).
///
/// - `derived/`: re-encoded copies of a Russian and two international files.
/// - `english/pwcp-2*.pdn`: 10x10 problems (squares up to 50) in the English directory.
/// - `italian/ballots-11man-italian.pdn`: FEN-only openings of squares 1-32 without any tag
///   saying Italian: nothing tells them from English ballots, the first candidate.
/// - lidraughts' own GameTypes: 96 breakthrough, 97 frysk, 98 antidraughts.
/// - `syntax/`: one-game probes of the standard, each decided alone.
const VARIANTS: [(&str, &[(&str, u64)]); 19] = [
    ("derived/abatsiev.cp1251.pdn", &[("russian", 56)]),
    (
        "derived/allinges-open-2007.cp1252.pdn",
        &[("international", 45)],
    ),
    (
        "derived/match-samb-buggy-2003.utf8-bom.pdn",
        &[("international", 6)],
    ),
    ("english/pwcp-2.pdn", &[("international", 51)]),
    ("english/pwcp-2a.pdn", &[("international", 59)]),
    ("frisian/lidraughts-frysk-sample.pdn", &[("frysk", 25)]),
    (
        "international/lidraughts-antidraughts-sample.pdn",
        &[("antidraughts", 25)],
    ),
    (
        "international/lidraughts-breakthrough-sample.pdn",
        &[("breakthrough", 25)],
    ),
    ("italian/ballots-11man-italian.pdn", &[("english", 2400)]),
    ("syntax/alphanumeric.pdn", &[("russian", 1)]),
    ("syntax/duplicate-event-tag.pdn", &[("english", 1)]),
    ("syntax/fen.pdn", &[("english", 2), ("international", 1)]),
    ("syntax/gameterminator.pdn", &[("international", 1)]),
    ("syntax/linecomment.pdn", &[("international", 1)]),
    ("syntax/movestrength.pdn", &[("international", 1)]),
    ("syntax/nested-comment-invalid.pdn", &[]),
    ("syntax/string.pdn", &[("international", 1)]),
    ("syntax/unicode.pdn", &[("international", 1)]),
    ("syntax/variation.pdn", &[("international", 1)]),
];

/// (file, clean, with warnings, invalid, unreadable).
const VERDICTS: [(&str, u64, u64, u64, u64); 82] = [
    ("brazilian/lidraughts-sample.pdn", 25, 0, 0, 0),
    ("czech/mrcd2000kval.pdn", 40, 0, 0, 0),
    ("czech/mrcd2006.pdn", 44, 0, 0, 0),
    ("czech/mrcd2007.pdn", 102, 0, 0, 0),
    ("czech/mrdrcd07.pdn", 72, 0, 0, 0),
    ("czech/mrdrcd08.pdn", 40, 0, 0, 0),
    ("derived/abatsiev.cp1251.pdn", 54, 2, 0, 0),
    ("derived/allinges-open-2007.cp1252.pdn", 44, 1, 0, 0),
    ("derived/match-samb-buggy-2003.utf8-bom.pdn", 6, 0, 0, 0),
    ("english/ballots-11man-english.pdn", 2400, 0, 0, 0),
    ("english/beginner-problems.pdn", 57, 0, 1, 0),
    ("english/borderclassics.pdn", 183, 0, 0, 0),
    ("english/bridges.pdn", 266, 0, 1, 0),
    ("english/gem.pdn", 162, 0, 0, 0),
    ("english/german-open-2004.pdn", 1, 0, 0, 0),
    ("english/goulds.pdn", 261, 0, 1, 0),
    ("english/inferno.pdn", 68, 0, 0, 0),
    ("english/lpc-problems.pdn", 96, 0, 4, 0),
    ("english/oca-2.0-excerpt.pdn", 43, 0, 0, 0),
    ("english/playstrategy-american-sample.pdn", 30, 0, 0, 0),
    ("english/principles-of-strategy.pdn", 16, 0, 0, 0),
    ("english/pwcp-2.pdn", 51, 0, 0, 0),
    ("english/pwcp-2a.pdn", 59, 0, 0, 0),
    ("english/tinsley.pdn", 721, 2, 1, 0),
    ("english/tricks-traps-shots.pdn", 89, 2, 0, 0),
    ("frisian/homebrew-boardposition-tag.pdn", 1, 0, 0, 0),
    ("frisian/lidraughts-frysk-sample.pdn", 25, 0, 0, 0),
    ("frisian/lidraughts-movetext-sample.pdn", 14, 0, 0, 0),
    ("international/african-ch-ouaga-2024.pdn", 48, 0, 0, 0),
    ("international/allinges-open-2007.pdn", 45, 0, 0, 0),
    ("international/avignon-open-2014.pdn", 97, 0, 0, 0),
    ("international/candidate95.pdn", 7, 0, 1, 0),
    ("international/delfts.pdn", 2, 0, 0, 0),
    ("international/dutch96h.pdn", 13, 0, 0, 0),
    ("international/france-ch-2021.pdn", 58, 0, 0, 0),
    ("international/ita-camp40-internazionale.pdn", 44, 0, 1, 0),
    ("international/kurnik.pdn", 4, 0, 0, 0),
    (
        "international/lidraughts-antidraughts-sample.pdn",
        25,
        0,
        0,
        0,
    ),
    (
        "international/lidraughts-breakthrough-sample.pdn",
        25,
        0,
        0,
        0,
    ),
    (
        "international/lidraughts-gametype-movetext-sample.pdn",
        13,
        0,
        0,
        0,
    ),
    ("international/match-samb-buggy-2003.pdn", 6, 0, 0, 0),
    ("international/match-sijbrands-andreiko.pdn", 20, 0, 0, 0),
    ("international/match-vanderwal-wiersma.pdn", 20, 0, 0, 0),
    ("international/moby-vs-programs-2022.pdn", 9, 0, 0, 0),
    ("international/montpellier-open-a.pdn", 56, 0, 0, 0),
    ("international/montpellier-open-b.pdn", 49, 0, 0, 0),
    ("international/nk-2009-ronde12.pdn", 7, 0, 0, 0),
    ("international/nk-ronde-01.pdn", 7, 0, 0, 0),
    ("international/nk-ronde-02.pdn", 7, 0, 0, 0),
    ("international/nk2003-amsterdam.pdn", 33, 0, 0, 0),
    ("international/polish-team-ch-48.pdn", 82, 0, 0, 0),
    ("international/problems-cat-a1.pdn", 35, 0, 0, 0),
    ("international/problems-cat-b1.pdn", 37, 0, 0, 0),
    ("international/problems-cat-c1.pdn", 45, 0, 1, 0),
    ("international/problems-cat-d1.pdn", 19, 0, 0, 0),
    ("international/problems-goedemoed-fen.pdn", 4, 0, 0, 0),
    ("international/prof2.pdn", 16, 0, 0, 0),
    ("international/rk-ronde-12.pdn", 7, 0, 0, 0),
    ("international/schildpad.pdn", 32, 2, 0, 0),
    ("international/surinam-veterans-2025.pdn", 98, 0, 0, 0),
    ("international/tournoi-champions-regionaux.pdn", 12, 0, 0, 0),
    ("international/training-brigitte-vs-scan.pdn", 1, 0, 0, 0),
    ("international/training-bruno-vs-scan31.pdn", 10, 0, 1, 0),
    ("international/truncated-no-result.pdn", 2, 0, 0, 0),
    ("international/wc-match-women-2024.pdn", 1, 1, 0, 0),
    ("international/windragon.pdn", 1, 0, 0, 0),
    ("international/wk2003.pdn", 23, 0, 0, 0),
    ("italian/ballots-11man-italian.pdn", 2400, 0, 0, 0),
    ("italian/campionato-assoluto-2005.pdn", 52, 0, 1, 0),
    ("russian/abatsiev.pdn", 55, 1, 0, 0),
    ("russian/lidraughts-movetext-sample.pdn", 9, 0, 0, 0),
    ("russian/ussr1947.pdn", 153, 0, 0, 0),
    ("syntax/alphanumeric.pdn", 1, 0, 0, 0),
    ("syntax/duplicate-event-tag.pdn", 1, 0, 0, 0),
    ("syntax/fen.pdn", 2, 0, 1, 0),
    ("syntax/gameterminator.pdn", 1, 0, 0, 0),
    ("syntax/linecomment.pdn", 1, 0, 0, 0),
    ("syntax/movestrength.pdn", 1, 0, 0, 0),
    ("syntax/nested-comment-invalid.pdn", 0, 0, 0, 1),
    ("syntax/string.pdn", 1, 0, 0, 0),
    ("syntax/unicode.pdn", 1, 0, 0, 0),
    ("syntax/variation.pdn", 1, 0, 0, 0),
];

/// (file, game, code of the first error, line, column).
const FIRST_ERRORS: [(&str, u64, &str, u32, u32); 15] = [
    ("english/beginner-problems.pdn", 10, "bad-fen", 78, 1),
    ("english/bridges.pdn", 14, "bad-fen", 124, 1),
    ("english/goulds.pdn", 93, "bad-fen", 837, 1),
    ("english/lpc-problems.pdn", 36, "bad-fen", 286, 1),
    ("english/lpc-problems.pdn", 63, "bad-fen", 502, 1),
    ("english/lpc-problems.pdn", 65, "bad-fen", 518, 1),
    ("english/lpc-problems.pdn", 73, "bad-fen", 582, 1),
    ("english/tinsley.pdn", 541, "no-piece", 5588, 5),
    (
        "international/candidate95.pdn",
        8,
        "result-mismatch",
        157,
        43,
    ),
    (
        "international/ita-camp40-internazionale.pdn",
        1,
        "result-mismatch",
        21,
        49,
    ),
    (
        "international/problems-cat-c1.pdn",
        46,
        "illegal-move",
        611,
        1,
    ),
    (
        "international/training-bruno-vs-scan31.pdn",
        11,
        "no-piece",
        183,
        28,
    ),
    (
        "italian/campionato-assoluto-2005.pdn",
        46,
        "ambiguous-move",
        753,
        43,
    ),
    ("syntax/fen.pdn", 1, "bad-fen", 1, 1),
    ("syntax/nested-comment-invalid.pdn", 1, "syntax", 1, 46),
];

#[test]
fn every_corpus_file_replays_to_its_pinned_verdicts() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let files = pdn_support::corpus_files(&dir);
    let pinned: Vec<&str> = VERDICTS.iter().map(|v| v.0).collect();
    assert_eq!(files, pinned, "the corpus has other files than the table");
    let mut first_errors = Vec::new();
    for &(file, clean, warnings, invalid, unreadable) in &VERDICTS {
        let path = pdn_support::corpus_file(&dir, file);
        let mut got = [0u64; 4];
        let raws = pdn_support::raw_games(&path);
        // The variant decided for the file from its first games, as `validate` decides it.
        let parsed: Vec<Game<'_>> = raws.iter().filter_map(|r| parse_game(r).ok()).collect();
        let options = ReplayOptions {
            archive: VariantEvidence::of_games(parsed.iter().take(1024)).map(Arc::new),
            ..ReplayOptions::default()
        };
        let mut variants: BTreeMap<&str, u64> = BTreeMap::new();
        for raw in &raws {
            let record = match parse_game(raw) {
                Ok(game) => GameRecord::replayed(file, raw, &game, &replay(&game, &options)),
                Err(e) => GameRecord::unreadable(file, raw, &e),
            };
            if let Some(v) = record.variant {
                *variants.entry(v).or_default() += 1;
            }
            let slot = match record.status {
                Verdict::Clean => 0,
                Verdict::Warnings => 1,
                Verdict::Invalid => 2,
                Verdict::Unreadable => 3,
            };
            got[slot] += 1;
            if matches!(record.status, Verdict::Invalid | Verdict::Unreadable) {
                let e = record
                    .diagnostics
                    .iter()
                    .find(|d| d.severity == Severity::Error)
                    .expect("an invalid game has an error");
                first_errors.push((file, record.game, e.code.name(), e.line, e.column));
            }
        }
        assert_eq!(
            got,
            [clean, warnings, invalid, unreadable],
            "{file}: clean, warnings, invalid, unreadable"
        );
        let expected: BTreeMap<&str, u64> = match VARIANTS.iter().find(|v| v.0 == file) {
            Some((_, listed)) => listed.iter().copied().collect(),
            None => {
                let directory = file.split('/').next().unwrap();
                [(directory, clean + warnings + invalid)]
                    .into_iter()
                    .collect()
            }
        };
        assert_eq!(variants, expected, "{file}: games per variant");
    }
    assert_eq!(first_errors, FIRST_ERRORS.to_vec());
}
