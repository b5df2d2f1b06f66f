//! The fast paths of the replay against the reference path, on every game of the corpus and
//! the fixtures, under several options:
//!
//! * the resolver's shortcut (a written move matched against the moves between its ends alone)
//!   must replay every game exactly as the whole legal list does: the same moves, positions
//!   and diagnostics;
//! * a game the plain judge of `validate` finds clean (without its tree) must be one the
//!   reference replay finds clean, and the judge must find most clean plain games so.
//!
//! The counts are asserted, so the checks are never vacuous.

mod pdn_support;

use std::path::PathBuf;
use std::sync::Arc;

use draughts::Variant;
use pdn::fast::read_plain;
use pdn::{RawGame, parse_game};
use pdnkit::{ArchiveVariant, PlainJudge, ReplayOptions, Severity, VariantEvidence, replay};

/// The option sets every game is replayed under: as `validate` replays the games of a file
/// whose first games decided `archive`, and without that decision.
fn option_sets(archive: Option<Arc<ArchiveVariant>>) -> Vec<(&'static str, ReplayOptions)> {
    let alone = ReplayOptions {
        fast_paths: true,
        ..ReplayOptions::default()
    };
    let base = alone.for_archive(archive);
    vec![
        ("alone", alone),
        ("default", base.clone()),
        (
            "strict",
            ReplayOptions {
                strict: true,
                ..base.clone()
            },
        ),
        (
            "mainline-only",
            ReplayOptions {
                mainline_only: true,
                ..base.clone()
            },
        ),
        (
            "--variant russian",
            ReplayOptions {
                variant: Some(Variant::Russian),
                ..base.clone()
            },
        ),
        (
            "--variant international",
            ReplayOptions {
                variant: Some(Variant::International),
                ..base
            },
        ),
    ]
}

/// What was compared.
#[derive(Default)]
struct Counts {
    games: usize,
    /// Plain games the reference finds clean.
    clean_plain: usize,
    /// Games the judge found clean.
    judged: usize,
}

fn check_game(
    raw: &RawGame,
    origin: &str,
    archive: &Option<Arc<ArchiveVariant>>,
    judge: &mut PlainJudge,
    counts: &mut Counts,
) {
    let Ok(game) = parse_game(raw) else {
        return;
    };
    for (name, fast) in option_sets(archive.clone()) {
        let reference = ReplayOptions {
            fast_paths: false,
            ..fast.clone()
        };
        let expected = replay(&game, &reference);
        let got = replay(&game, &fast);
        assert_eq!(
            format!("{got:?}"),
            format!("{expected:?}"),
            "{origin} ({name}): the shortcut replays otherwise"
        );
        let clean = expected.worst() < Some(Severity::Warning);
        let judged = judge.is_clean(raw, &fast);
        assert!(
            !judged || clean,
            "{origin} ({name}): clean for the plain judge, not for the replay: {:?}",
            expected.diagnostics
        );
        assert!(
            !judge.is_clean(raw, &reference),
            "{origin}: judged without fast paths"
        );
        counts.games += 1;
        counts.clean_plain += usize::from(clean && read_plain(raw).is_some());
        counts.judged += usize::from(judged);
    }
}

fn check_files(paths: &[PathBuf]) -> Counts {
    let mut judge = PlainJudge::default();
    let mut counts = Counts::default();
    for path in paths {
        let games = pdn_support::raw_games(path);
        let parsed: Vec<pdn::Game<'_>> = games.iter().filter_map(|r| parse_game(r).ok()).collect();
        let archive = VariantEvidence::of_games(parsed.iter().take(1024)).map(Arc::new);
        for raw in &games {
            let origin = format!("{} game {}", path.display(), raw.index);
            check_game(raw, &origin, &archive, &mut judge, &mut counts);
        }
    }
    counts
}

#[test]
fn corpus_games_replay_alike_and_judged_clean_are_clean() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let files: Vec<PathBuf> = pdn_support::corpus_files(&dir)
        .iter()
        .map(|f| dir.join(f))
        .collect();
    let c = check_files(&files);
    eprintln!(
        "corpus: {} replays compared; {} judged clean of {} clean plain games",
        c.games, c.judged, c.clean_plain
    );
    // Most clean games of real archives are plain, tagged with their variant, and judged so.
    assert!(
        c.games > 50_000 && c.judged * 10 > c.clean_plain * 9,
        "{} of {}",
        c.judged,
        c.clean_plain
    );
}

#[test]
fn fixture_games_replay_alike_and_judged_clean_are_clean() {
    let c = check_files(&pdn_support::fixture_files());
    eprintln!(
        "fixtures: {} replays compared; {} judged clean of {} clean plain games",
        c.games, c.judged, c.clean_plain
    );
    assert!(c.judged > 100, "{} of {}", c.judged, c.clean_plain);
}
