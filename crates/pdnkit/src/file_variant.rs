//! One variant per file: games without a GameType or Variant tag play the rules their file's
//! first games replay under. The decision is made in the stream of games, before they go to
//! any worker, so it is the same for every number of threads.
//!
//! [`with_file_variant`] reads each file's first games ahead (at most [`WINDOW_GAMES`] games
//! or [`WINDOW_BYTES`] bytes), replays those without tags under each candidate
//! ([`VariantEvidence`], up to [`VariantEvidence::ENOUGH`] games with moves), and pairs every
//! item of the file with the decision. Memory stays bounded by the window; standard input is
//! read ahead in memory, never twice. Under a forced variant played on several boards, only the
//! board is decided.

use std::collections::VecDeque;
use std::sync::Arc;

use draughts::Variant;
use pdn::{RawGame, parse_game};

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
/// variant played on several.
pub fn with_file_variant<T: FileItem + Send>(
    items: impl Iterator<Item = T> + Send,
    forced: Option<Variant>,
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
        let decision = decide(games, forced).map(Arc::new);
        current = Some((file, decision.clone()));
        window.pop_front().map(|item| (item, decision))
    })
}

/// What `games` (one file's first games) decide: the variant of those without tags, the board
/// of those of a variant played on several whose GameType does not give it.
fn decide<'g>(
    games: impl Iterator<Item = &'g RawGame> + Clone,
    forced: Option<Variant>,
) -> Option<ArchiveVariant> {
    // Most archives give every game a GameType: then nothing needs parsing here (a Variant tag
    // alone may name a variant played on several boards).
    if forced.is_none() {
        games.clone().find(|raw| !raw.text.contains("[GameType"))?;
    }
    let mut evidence = match forced {
        Some(v) => VariantEvidence::forced(v),
        None => VariantEvidence::default(),
    };
    for raw in games {
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
