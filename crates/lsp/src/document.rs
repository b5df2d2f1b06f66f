//! An open document: its text, its lines, and its games, each with its check.
//!
//! An edit is applied to the text, then only the games around it are cut again: the splitter
//! starts at the start of the game before the edit (or earlier, at a game that starts a line)
//! and runs until it cuts a game exactly where an old game after the edit starts (moved by the
//! edit's change in length); from there on the old games stand. Games cut again whose text did
//! not change keep their result; the others are checked again ([`Document::check_pending`]).
//! So an edit in one game of a large file checks that game alone.

use std::collections::HashMap;
use std::sync::Arc;

use pdnkit::ArchiveVariant;
use pdnkit::ReplayOptions;
use pdnkit::draughts::Variant;
use pdnkit::file_variant::{FileItem, WINDOW_BYTES, WINDOW_GAMES, with_file_variant};
use pdnkit::pdn::{RawGame, Splitter};

use crate::diagnostics::GameJson;
use crate::encoding::{self, EncodingNote};
use crate::game::GameResult;
use crate::text::LineIndex;

/// A game of the document.
#[derive(Debug)]
pub struct Slot {
    /// Its first byte in the document.
    pub start: usize,
    /// Its length in bytes.
    pub len: usize,
    /// Its text as the splitter cut it (its index and place are not kept up to date: the
    /// slot's are).
    pub raw: RawGame,
    /// Its check; `None` until [`Document::check_pending`].
    pub result: Option<Arc<GameResult>>,
    /// Its diagnostics as last published (kept with its check, dropped with it).
    pub published: Option<GameJson>,
}

impl Slot {
    /// The byte just past the game.
    pub fn end(&self) -> usize {
        self.start + self.len
    }

    /// Drops its check, to be made again.
    fn forget(&mut self) {
        self.result = None;
        self.published = None;
    }
}

/// An open document.
pub struct Document {
    /// How the document is named in the records (its URI).
    pub name: Arc<str>,
    /// Its text.
    pub text: String,
    /// Its lines.
    pub lines: LineIndex,
    /// Its games, in order.
    pub games: Vec<Slot>,
    /// The variant decided for its games without GameType (as `validate` decides it for a
    /// file).
    pub decision: Option<Arc<ArchiveVariant>>,
    /// The note `validate` gives the file on disk for its encoding, when it is not UTF-8.
    pub encoding: Option<EncodingNote>,
}

impl Document {
    /// A document of `text`, its games cut but not checked.
    pub fn new(name: &str, text: String, forced: Option<Variant>) -> Document {
        let games = split(&text, 0).collect();
        let mut doc = Document {
            name: Arc::from(name),
            lines: LineIndex::new(&text),
            text,
            games,
            decision: None,
            encoding: None,
        };
        doc.decision = doc.decide(forced);
        doc
    }

    /// Reads the encoding of the file the document was opened from (its name a `file:` URI)
    /// and gives its game the note `validate` gives it.
    pub fn read_encoding_from_disk(&mut self) {
        self.encoding =
            encoding::from_disk(&self.name, self.games.iter().map(|g| g.raw.text.as_str()));
        if let Some(note) = &self.encoding {
            for slot in &mut self.games {
                if slot.raw.text == note.text {
                    note.attach(&mut slot.raw);
                    slot.forget();
                }
            }
        }
    }

    /// Replaces the bytes `start..end` by `new` and cuts the games around them again; returns
    /// true when the variant decided for the file changed (then every game must be checked
    /// again).
    pub fn edit(&mut self, start: usize, end: usize, new: &str, forced: Option<Variant>) -> bool {
        let end = end.max(start).min(self.text.len());
        let start = start.min(end);
        self.text.replace_range(start..end, new);
        self.lines.edit(&self.text, start, end, new.len());
        let first = self.resplit(start, end, new.len());
        let in_window =
            first < WINDOW_GAMES && self.games.get(first).is_none_or(|g| g.start < WINDOW_BYTES);
        if !in_window {
            return false;
        }
        let decision = self.decide(forced);
        if decision == self.decision {
            return false;
        }
        self.decision = decision;
        for game in &mut self.games {
            game.forget();
        }
        true
    }

    /// Cuts the games around an edit of `start..old_end` (now `inserted` bytes long) again;
    /// returns the index of the first game cut again.
    fn resplit(&mut self, start: usize, old_end: usize, inserted: usize) -> usize {
        let new_end = start + inserted;
        let moved = |at: usize| at + new_end - old_end;
        // From the game before the one holding the edit, at a game that starts a line.
        let mut first = self
            .games
            .partition_point(|g| g.start <= start)
            .saturating_sub(2);
        while first > 0 && !starts_line(&self.text, self.games[first].start) {
            first -= 1;
        }
        let from = if first == 0 {
            0
        } else {
            self.games[first].start
        };
        // The old games after the edit, where the cutting may meet them again.
        let mut after = self.games.partition_point(|g| g.start <= old_end);
        let mut fresh = Vec::new();
        let mut rejoined = self.games.len();
        for slot in split(&self.text, from) {
            if slot.start > new_end {
                while after < self.games.len() && moved(self.games[after].start) < slot.start {
                    after += 1;
                }
                if after < self.games.len() && moved(self.games[after].start) == slot.start {
                    rejoined = after;
                    break;
                }
            }
            fresh.push(slot);
        }
        if let Some(note) = &self.encoding {
            for slot in &mut fresh {
                note.attach(&mut slot.raw);
            }
        }
        let old: Vec<Slot> = self.games.splice(first..rejoined, []).collect();
        // A game cut again with the same text keeps its result.
        let mut kept: HashMap<&str, &Arc<GameResult>> = HashMap::new();
        for slot in &old {
            if let Some(result) = &slot.result
                && slot.raw.notes.is_empty()
                && slot.raw.oversize.is_none()
            {
                kept.insert(&slot.raw.text, result);
            }
        }
        for slot in &mut fresh {
            if slot.raw.notes.is_empty() && slot.raw.oversize.is_none() {
                slot.result = kept.get(slot.raw.text.as_str()).map(|r| Arc::clone(r));
            }
        }
        for slot in &mut self.games[first..] {
            slot.start = moved(slot.start);
        }
        let tail = self.games.split_off(first);
        self.games.extend(fresh);
        self.games.extend(tail);
        first
    }

    /// The variant decided for the games without GameType, from the first games as `validate`
    /// reads them ([`with_file_variant`]).
    fn decide(&self, forced: Option<Variant>) -> Option<Arc<ArchiveVariant>> {
        // Where every game read ahead has a GameType, nothing is decided (the same test the
        // library makes first; here it spares copying the games).
        let mut bytes = 0;
        let window = self.games.iter().take_while(|g| {
            let within = bytes < WINDOW_BYTES;
            bytes += g.raw.text.len();
            within
        });
        let window: Vec<&Slot> = window.take(WINDOW_GAMES).collect();
        if forced.is_none() && window.iter().all(|g| g.raw.text.contains("[GameType")) {
            return None;
        }
        let items = window
            .into_iter()
            .map(|g| CutGame(Arc::clone(&self.name), g.raw.clone()));
        // The server checks games with the process's default fast paths, as validate does.
        let fast_paths = pdnkit::ReplayOptions::default().fast_paths;
        with_file_variant(items, forced, fast_paths)
            .next()
            .and_then(|(_, decision)| decision)
    }

    /// Checks every game without a result, on every core.
    pub fn check_pending(&mut self, options: &ReplayOptions) {
        let options = options.for_archive(self.decision.clone());
        let mut pending: Vec<&mut Slot> = self
            .games
            .iter_mut()
            .filter(|g| g.result.is_none())
            .collect();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let name = &*self.name;
        if pending.len() < 2 * threads {
            for slot in pending {
                slot.result = Some(Arc::new(GameResult::check(name, &slot.raw, &options)));
            }
            return;
        }
        let per_thread = pending.len().div_ceil(threads);
        std::thread::scope(|scope| {
            for chunk in pending.chunks_mut(per_thread) {
                let options = &options;
                scope.spawn(move || {
                    for slot in chunk {
                        slot.result = Some(Arc::new(GameResult::check(name, &slot.raw, options)));
                    }
                });
            }
        });
    }

    /// Forgets every check (the settings changed).
    pub fn forget_checks(&mut self, forced: Option<Variant>) {
        self.decision = self.decide(forced);
        for game in &mut self.games {
            game.forget();
        }
    }

    /// The index of the game holding byte `offset` (the last game starting at or before it).
    pub fn game_at(&self, offset: usize) -> Option<usize> {
        self.games
            .partition_point(|g| g.start <= offset)
            .checked_sub(1)
    }

    /// The options the document's games are checked with.
    pub fn options(&self, options: &ReplayOptions) -> ReplayOptions {
        options.for_archive(self.decision.clone())
    }
}

/// A game for [`with_file_variant`].
struct CutGame(Arc<str>, RawGame);

impl FileItem for CutGame {
    fn file_game(&self) -> Option<(&Arc<str>, &RawGame)> {
        Some((&self.0, &self.1))
    }
}

/// True when byte `at` of `text` starts a line.
fn starts_line(text: &str, at: usize) -> bool {
    at == 0 || matches!(text.as_bytes().get(at - 1), Some(b'\n' | b'\r'))
}

/// The games of `text` from byte `from` (which starts a line) on.
fn split(text: &str, from: usize) -> impl Iterator<Item = Slot> + '_ {
    // Reading from memory fails never: the splitter's errors are I/O errors.
    Splitter::new(&text.as_bytes()[from..])
        .map_while(Result::ok)
        .map(move |raw| Slot {
            start: from + raw.byte_offset as usize,
            len: raw.byte_len as usize,
            raw,
            result: None,
            published: None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n\
        [Event \"b\"]\n[GameType \"20\"]\n1. 33-28 18-23 2. 28x19 14x23 *\n\n\
        [Event \"c\"]\n[GameType \"20\"]\n1. 34-29 {a comment} 20-24 *\n\n\
        [Event \"d\"]\n[GameType \"20\"]\n1. 31-26 (1. 32-27 17-21) 19-23 1-0\n";

    fn cut(doc: &Document) -> Vec<(usize, usize, String)> {
        doc.games
            .iter()
            .map(|g| (g.start, g.len, g.raw.text.clone()))
            .collect()
    }

    /// Every edit leaves the games as cutting the whole text again gives them.
    #[test]
    fn edits_cut_the_games_as_a_whole_split_does() {
        let mut doc = Document::new("t", GAMES.to_string(), None);
        let mut seed = 7u64;
        let inserts = [
            "",
            "x",
            "\n",
            "[White \"q\"]\n",
            " *\n\n",
            "{",
            "}",
            "(",
            ")",
            "1-0",
        ];
        for _ in 0..400 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = doc.text.len();
            let a = (seed >> 33) as usize % (len + 1);
            let b = (a + (seed >> 20) as usize % 6).min(len);
            let new = inserts[(seed >> 40) as usize % inserts.len()];
            if !doc.text.is_char_boundary(a) || !doc.text.is_char_boundary(b) {
                continue;
            }
            doc.edit(a, b, new, None);
            let whole = Document::new("t", doc.text.clone(), None);
            assert_eq!(
                cut(&doc),
                cut(&whole),
                "after replacing {a}..{b} by {new:?}"
            );
            if doc.text.len() > 4 * GAMES.len() {
                doc = Document::new("t", GAMES.to_string(), None);
            }
        }
    }

    #[test]
    fn an_edit_in_one_game_leaves_the_others_checked() {
        let mut doc = Document::new("t", GAMES.to_string(), None);
        doc.check_pending(&ReplayOptions::default());
        let at = doc.text.find("20-24").unwrap();
        doc.edit(at, at + 5, "20-25", None);
        let pending: Vec<bool> = doc.games.iter().map(|g| g.result.is_none()).collect();
        assert_eq!(pending, [false, false, true, false]);
        doc.check_pending(&ReplayOptions::default());
        assert!(doc.games.iter().all(|g| g.result.is_some()));
    }
}
