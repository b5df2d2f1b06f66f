//! One variant per file: games without a GameType or Variant tag play the rules their file's
//! first games replay under. The decision is made in the stream of games, before they go to
//! any worker, so it is the same for every number of threads.
//!
//! [`with_file_variant`] reads each file's first games ahead (at most [`WINDOW_GAMES`] games
//! or [`WINDOW_BYTES`] bytes), replays those without tags under each candidate
//! ([`VariantEvidence`], until one candidate leads by [`VariantEvidence::LEAD`] games, or up to
//! [`VariantEvidence::ENOUGH`] games with moves), and pairs every
//! item of the file with the decision. Memory stays bounded by the window; standard input is
//! read ahead in memory, never twice. Under a forced variant played on several boards, only the
//! board is decided. A game whose tags alone name its rules is read no further than its tags
//! (with fast paths: [`pdn::fast::readable_header`]).

use std::collections::VecDeque;
use std::sync::Arc;

use draughts::Variant;
use pdn::{Game, RawGame, parse_game};

use crate::{ArchiveVariant, VariantEvidence};

/// Most games of a file read ahead to decide its variant.
pub const WINDOW_GAMES: usize = 1024;
/// Most bytes of games of a file read ahead to decide its variant.
pub const WINDOW_BYTES: usize = 4 << 20;

/// An item of a stream of games from files: a game, or something else (an input that failed,
/// say), which passes through without a decision.
pub trait FileItem {
    /// The file (the same `Arc` for every game of a file) and the game, when it is one.
    fn file_game(&self) -> Option<(&Arc<str>, &RawGame)>;
}

/// Pairs every item with the variant decided for its file; a file whose first games all have
/// tags naming their rules gets no decision (a game without tags further on is judged alone).
/// Under `forced` (a variant imposed on every game) only the board is decided, and only for a
/// variant played on several. `fast_paths` lets a game's tag section stand for the game where
/// it says all the decision takes from it.
pub fn with_file_variant<T: FileItem + Send>(
    items: impl Iterator<Item = T> + Send,
    forced: Option<Variant>,
    fast_paths: bool,
) -> impl Iterator<Item = (T, Option<Arc<ArchiveVariant>>)> + Send {
    // A variant forced on one board leaves nothing to decide.
    let decides = forced.is_none_or(Variant::has_other_boards);
    let mut items = items.peekable();
    let mut window: VecDeque<T> = VecDeque::new();
    let mut current: Option<(Arc<str>, Option<Arc<ArchiveVariant>>)> = None;
    std::iter::from_fn(move || {
        if !decides {
            return items.next().map(|item| (item, None));
        }
        let item = match window.pop_front() {
            Some(item) => item,
            None => items.next()?,
        };
        let Some((file, raw)) = item.file_game() else {
            return Some((item, None));
        };
        if let Some((f, decision)) = &current
            && Arc::ptr_eq(f, file)
        {
            return Some((item, decision.clone()));
        }
        // The first game of a file: read the file's window ahead and decide.
        let file = Arc::clone(file);
        let mut bytes = raw.text.len();
        window.push_back(item);
        while window.len() < WINDOW_GAMES && bytes < WINDOW_BYTES {
            let Some((_, raw)) = items
                .peek()
                .and_then(FileItem::file_game)
                .filter(|(f, _)| Arc::ptr_eq(f, &file))
            else {
                break;
            };
            bytes += raw.text.len();
            window.push_back(items.next().expect("peeked"));
        }
        let games = window.iter().filter_map(|i| i.file_game().map(|(_, g)| g));
        let decision = decide(games, forced, fast_paths).map(Arc::new);
        current = Some((file, decision.clone()));
        window.pop_front().map(|item| (item, decision))
    })
}

/// What `games` (one file's first games) decide: the variant of those without tags, the board
/// of those of a variant played on several whose GameType does not give it.
fn decide<'g>(
    games: impl Iterator<Item = &'g RawGame> + Clone,
    forced: Option<Variant>,
    fast_paths: bool,
) -> Option<ArchiveVariant> {
    // Most archives give every game a GameType: then nothing needs parsing here (a Variant tag
    // alone may name a variant played on several boards).
    if forced.is_none() {
        games.clone().find(|raw| !raw.text.contains("[GameType"))?;
    }
    let evidence = match forced {
        Some(v) => VariantEvidence::forced(v),
        None => VariantEvidence::default(),
    };
    decide_from(games, evidence, fast_paths)
}

/// [`decide`], adding `games` to `evidence`.
fn decide_from<'g>(
    games: impl Iterator<Item = &'g RawGame>,
    mut evidence: VariantEvidence,
    fast_paths: bool,
) -> Option<ArchiveVariant> {
    for raw in games {
        let tagged = raw.text.contains("[GameType") || raw.text.contains("[Variant");
        // Once a candidate leads, a game without tags changes nothing: not even read.
        if !tagged && evidence.leads() {
            continue;
        }
        // A game whose tags name its rules adds them alone (past enough games with moves a
        // game with moves adds nothing, which only its moves can tell).
        if !evidence.is_enough()
            && tagged
            && let Some(header) = pdn::fast::readable_header(raw, fast_paths)
            && evidence.add_tags(&tags_only(raw, header))
        {
            continue;
        }
        let Ok(game) = parse_game(raw) else {
            continue;
        };
        // Past enough games with moves, each further one would cost a replay per candidate.
        if evidence.is_enough() && game.mainline_moves().next().is_some() {
            continue;
        }
        evidence.add(&game);
    }
    evidence.decide()
}

/// The game of `raw` as far as its tag section `header`: no moves, no notes.
fn tags_only<'a>(raw: &'a RawGame, header: Vec<pdn::HeaderItem<'a>>) -> Game<'a> {
    Game {
        text: &raw.text,
        header,
        body: Vec::new(),
        terminator: None,
        trailer: Vec::new(),
        notes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games of `text`, cut as the archive reader cuts them.
    fn games(text: &str) -> Vec<RawGame> {
        pdn::Splitter::new(text.as_bytes())
            .map(|g| g.expect("in memory"))
            .collect()
    }

    /// Every PDN file under `dir`, recursively.
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                out.push(path);
            }
        }
    }

    /// The PDN files of the fixtures, and of the corpus when `PDNKIT_CORPUS` names it.
    fn fixtures_and_corpus() -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut paths = Vec::new();
        files(&root.join("fixtures"), &mut paths);
        if let Some(corpus) = std::env::var_os("PDNKIT_CORPUS") {
            let before = paths.len();
            files(std::path::Path::new(&corpus), &mut paths);
            assert!(
                paths.len() > before,
                "PDNKIT_CORPUS is set but holds no PDN file: {corpus:?}"
            );
        }
        paths
    }

    #[test]
    fn reading_only_the_tags_decides_as_reading_the_games() {
        let paths = fixtures_and_corpus();
        let mut texts: Vec<String> = paths
            .iter()
            .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned())
            .collect();
        // Tagged games around untagged ones, and a variant played on several boards whose
        // GameType does not give the board.
        texts.push(
            "[GameType \"20\"]\n1. 32-28 19-23 *\n\n1. 32-28 19-23 *\n\n[GameType \"20\"]\n*\n\n\
             [GameType \"99\"]\n1. 32-28 *\n\n[Variant \"russian\"]\n1. c3-d4 f6-g5 *\n\n\
             [GameType \"40\"]\n1. 32-28 *\n"
                .to_string(),
        );
        let mut decided = 0;
        for text in &texts {
            let games = games(text);
            for forced in [None, Some(Variant::International), Some(Variant::Malaysian)] {
                let fast = decide(games.iter(), forced, true);
                assert_eq!(fast, decide(games.iter(), forced, false), "{text:.200}");
                decided += usize::from(fast.is_some());
            }
        }
        assert!(decided > 10, "only {decided} decisions made");
    }

    fn fixture(name: &str) -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        std::fs::read_to_string(root.join(name)).unwrap()
    }

    #[test]
    fn a_lead_of_eight_games_decides_without_the_rest_of_the_file() {
        // Six international games three times: the lead is reached before the file's end.
        let text = fixture("real-world/untagged-international.pdn").repeat(3);
        let games = games(&text);
        assert_eq!(games.len(), 18);
        let decision = decide(games.iter(), None, true).expect("untagged games");
        let (variant, why) = decision.untagged.expect("a variant for untagged games");
        assert_eq!(variant, Variant::International);
        let read: u32 = why
            .split(" of its first ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no count of the first games read: {why}"));
        assert!(
            (VariantEvidence::LEAD..18).contains(&read),
            "{read} games read: {why}"
        );
        // Reading every game decides the same, and says so without "first".
        let whole = decide_from(
            games.iter(),
            VariantEvidence::default().without_lead(),
            true,
        )
        .expect("untagged games");
        let (whole_variant, whole_why) = whole.untagged.expect("a variant");
        assert_eq!(whole_variant, variant);
        assert!(
            whole_why.contains(" of its ") && !whole_why.contains(" first "),
            "{whole_why}"
        );
    }

    #[test]
    fn a_close_race_reads_every_game() {
        // Russian games, most of which replay under Brazilian rules too: no lead of eight.
        let text = fixture("inputs/championship.utf8.pdn");
        let games = games(&text);
        let decision = decide(games.iter(), None, true).expect("untagged games");
        let (variant, why) = decision.untagged.expect("a variant");
        assert_eq!(variant, Variant::Russian);
        assert!(why.contains("of its 12 games with moves"), "{why}");
    }

    #[test]
    fn the_lead_decides_as_reading_every_game_on_every_file() {
        let paths = fixtures_and_corpus();
        let mut cut_short = 0;
        for path in &paths {
            let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
            let games = games(&text);
            let lead = decide(games.iter(), None, true);
            let whole = decide_from(
                games.iter(),
                VariantEvidence::default().without_lead(),
                true,
            );
            let variant = |d: &Option<ArchiveVariant>| {
                d.as_ref()
                    .map(|d| (d.untagged.as_ref().map(|u| u.0), d.boards.clone()))
            };
            assert_eq!(variant(&lead), variant(&whole), "{}", path.display());
            let why = |d: &Option<ArchiveVariant>| {
                d.as_ref()
                    .and_then(|d| d.untagged.as_ref())
                    .map(|u| u.1.clone())
            };
            cut_short += usize::from(why(&lead) != why(&whole));
        }
        assert!(cut_short > 0, "no file was decided by a lead");
    }
}
