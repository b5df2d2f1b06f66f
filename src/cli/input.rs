//! The inputs of a run: every path in order (`-` is standard input; compressed files are read
//! through `pdn::open`), streamed as one sequence of games. A file that cannot be opened or
//! read is one item of the sequence too, so it is reported in order and the other files are
//! still processed.

use std::io::{self, BufRead};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::prescan::{DEFAULT_BLOCK, mapped_block_size, prescan, prescan_mapped};
use pdn as read;
use pdn::NotesPassed;
use pdn::RawGame;
use pdn::{Cut, SplitOptions, Splitter};
use pdnkit::ArchiveVariant;
use pdnkit::draughts::Variant;
use pdnkit::file_variant::{FileItem, with_file_variant};

/// One item of the input stream: by default a game cut out ([`games`]); a [`Piece`] for passes
/// that let plain games go by ([`cuts`]).
#[derive(Debug)]
pub enum Item<G = RawGame> {
    /// A game and the file it came from.
    Game { file: Arc<str>, game: G },
    /// An input that failed; the error's message names the path and the cause.
    Failed { error: io::Error },
}

impl Item<RawGame> {
    /// The bytes of the game it holds, for batching ([`pipeline::Pipeline::run_weighed`]).
    pub fn weight(&self) -> usize {
        match self {
            Item::Game { game, .. } => game.text.len(),
            Item::Failed { .. } => 0,
        }
    }
}

impl Item<Piece> {
    /// The bytes of the game it holds, for batching (nothing for plain games passed by).
    pub fn weight(&self) -> usize {
        match self {
            Item::Game {
                game: Piece::Game(game),
                ..
            } => game.text.len(),
            _ => 0,
        }
    }
}

/// What [`cuts`] streams: a game cut out, or a run of games in the plain shape passed by.
#[derive(Debug)]
pub enum Piece {
    Game(RawGame),
    /// How many plain games in a row were passed by (at least one).
    PlainRun(u64),
}

/// Most plain games in one [`Piece::PlainRun`]: runs save handing each game to the workers and
/// back, and stay short enough for the progress bar to move.
const MAX_PLAIN_RUN: u64 = 4096;

/// The splitter of a file being read.
type FileSplitter = Splitter<Box<dyn BufRead + Send>>;

/// A file being read: its name for reports and its games.
type OpenFile = (Arc<str>, FileSplitter);

/// Streams the games of `paths` in order. `bytes` is advanced as input is consumed, for
/// progress reporting.
pub fn games(paths: &[PathBuf], bytes: Arc<AtomicU64>) -> impl Iterator<Item = Item> + Send {
    stream(named(paths), bytes, read::games, Iterator::next)
}

/// Each path with its name in reports.
fn named(paths: &[PathBuf]) -> Vec<(PathBuf, Arc<str>)> {
    paths
        .iter()
        .map(|p| (p.clone(), display_name(p).into()))
        .collect()
}

/// Inputs a subcommand reads more than once: standard input is copied to a temporary file
/// first (removed when this is dropped), still named `-` in reports.
pub struct Rereadable {
    paths: Vec<(PathBuf, Arc<str>)>,
    spool: Option<PathBuf>,
}

impl Rereadable {
    /// `paths`, with `-` read into a temporary file.
    pub fn new(paths: &[PathBuf]) -> io::Result<Rereadable> {
        let mut named = named(paths);
        let mut spool = None;
        if named.iter().any(|(p, _)| p.as_os_str() == "-") {
            let path =
                std::env::temp_dir().join(format!("pdnkit-stdin-{}.pdn", std::process::id()));
            let mut file = std::fs::File::create(&path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            spool = Some(path.clone());
            io::copy(&mut io::stdin().lock(), &mut file)
                .map_err(|e| io::Error::new(e.kind(), format!("-: {e}")))?;
            for (p, _) in named.iter_mut().filter(|(p, _)| p.as_os_str() == "-") {
                p.clone_from(&path);
            }
        }
        Ok(Rereadable {
            paths: named,
            spool,
        })
    }

    /// The games of every input, in order ([`games`]).
    pub fn games(&self, bytes: Arc<AtomicU64>) -> impl Iterator<Item = Item> + Send + use<> {
        stream(self.paths.clone(), bytes, read::games, Iterator::next)
    }
}

impl Drop for Rereadable {
    fn drop(&mut self) {
        if let Some(path) = &self.spool {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Streams the games of `paths` in order as [`games`] does, but passes the games in the plain
/// shape by without cutting them out ([`Splitter::next_cut`]), as runs of consecutive plain
/// games. With more than one job, the plain games are found ahead of the splitter by `jobs`
/// threads ([`prescan`]), from regular files mapped into memory when `map` is set
/// ([`prescan_mapped`]). Games whose only notes are those `notes` lets by are passed by too.
pub fn cuts(
    paths: &[PathBuf],
    bytes: Arc<AtomicU64>,
    jobs: usize,
    map: bool,
    notes: NotesPassed,
) -> impl Iterator<Item = Item<Piece>> + Send {
    let options = SplitOptions {
        notes_passed: notes,
        ..SplitOptions::default()
    };
    let open = move |path: &Path| -> io::Result<FileSplitter> {
        // Hints serve only the fast paths: without them there is nothing to find ahead.
        if jobs <= 1 || !options.fast_paths {
            return Ok(Splitter::with_options(read::open(path)?, options.clone()));
        }
        let mappable = if map {
            read::open_mappable(path)?
        } else {
            None
        };
        let (reader, hints) = match mappable {
            Some(file) => prescan_mapped(file, jobs, mapped_block_size(jobs), notes)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
            None => prescan(read::open(path)?, jobs, DEFAULT_BLOCK, notes),
        };
        let reader: Box<dyn BufRead + Send> = Box::new(reader);
        Ok(Splitter::with_options(reader, options.clone()).with_hints(hints))
    };
    // What ended a run of plain games, streamed after the run: the next game, an error, or the
    // end of the file (`None`).
    let mut held: Option<Option<io::Result<Piece>>> = None;
    stream(named(paths), bytes, open, move |splitter| {
        if let Some(next) = held.take() {
            return next;
        }
        let mut run = 0;
        while run < MAX_PLAIN_RUN {
            let next = match splitter.next_cut() {
                Ok(Some(Cut::Plain(_))) => {
                    run += 1;
                    continue;
                }
                Ok(Some(Cut::Game(game))) => Some(Ok(Piece::Game(game))),
                Ok(None) => None,
                Err(error) => Some(Err(error)),
            };
            if run == 0 {
                return next;
            }
            held = Some(next);
            break;
        }
        Some(Ok(Piece::PlainRun(run)))
    })
}

/// The games of `paths`: each file opened by `open`, its games taken by `next`.
fn stream<G>(
    paths: Vec<(PathBuf, Arc<str>)>,
    bytes: Arc<AtomicU64>,
    open: impl Fn(&Path) -> io::Result<FileSplitter> + Send,
    mut next: impl FnMut(&mut FileSplitter) -> Option<io::Result<G>> + Send,
) -> impl Iterator<Item = Item<G>> + Send {
    let mut files = paths.into_iter();
    let mut current: Option<OpenFile> = None;
    let mut done_before = 0u64;
    std::iter::from_fn(move || {
        loop {
            if let Some((file, splitter)) = current.as_mut() {
                let next = next(splitter);
                bytes.store(done_before + splitter.bytes_read(), Ordering::Relaxed);
                match next {
                    Some(Ok(game)) => {
                        return Some(Item::Game {
                            file: Arc::clone(file),
                            game,
                        });
                    }
                    Some(Err(error)) => {
                        done_before += splitter.bytes_read();
                        // Errors after opening come from the decoder or the device, without
                        // the path: name it, and say how far reading got.
                        let error = io::Error::new(
                            error.kind(),
                            format!(
                                "{file}: {error} (reading stopped after {} bytes)",
                                splitter.bytes_read()
                            ),
                        );
                        current = None;
                        return Some(Item::Failed { error });
                    }
                    None => {
                        done_before += splitter.bytes_read();
                        current = None;
                    }
                }
            }
            let (path, name) = files.next()?;
            match open(&path) {
                Ok(splitter) => current = Some((name, splitter)),
                Err(error) => return Some(Item::Failed { error }),
            }
        }
    })
}

/// A game with the variant decided for its file, for games without GameType or Variant tag.
pub type Decided = (Item, Option<Arc<ArchiveVariant>>);

impl FileItem for Item {
    fn file_game(&self) -> Option<(&Arc<str>, &RawGame)> {
        match self {
            Item::Game { file, game } => Some((file, game)),
            Item::Failed { .. } => None,
        }
    }
}

/// What the archive decision is asked for: nothing (the games are not replayed), the variant
/// of untagged games (and boards), or only the board of the variant `--variant` forces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deciding {
    /// No decision: the games are not replayed.
    Nothing,
    /// `None`: decide the variant of untagged games; `Some`: the variant `--variant` forces.
    For(Option<Variant>),
}

impl Deciding {
    /// For games replayed under `forced` (`--variant`), if any.
    pub fn replaying(forced: Option<Variant>) -> Deciding {
        Deciding::For(forced)
    }
}

/// The games of `paths` ([`games`]), each with the variant decided for its file
/// ([`with_file_variant`]).
pub fn decided_games(
    paths: &[PathBuf],
    bytes: Arc<AtomicU64>,
    deciding: Deciding,
) -> Box<dyn Iterator<Item = Decided> + Send + '_> {
    decided(games(paths, bytes), deciding)
}

/// `items`, each with the variant decided for its file ([`with_file_variant`]); without a
/// decision when nothing is to be decided: no replay, or a `--variant` played on one board.
pub fn decided<'a>(
    items: impl Iterator<Item = Item> + Send + 'a,
    deciding: Deciding,
) -> Box<dyn Iterator<Item = Decided> + Send + 'a> {
    match deciding {
        Deciding::For(forced) => Box::new(with_file_variant(items, forced)),
        Deciding::Nothing => Box::new(items.map(|item| (item, None))),
    }
}

/// Total size of the regular files among `paths` (stdin and special files count 0).
pub fn total_size(paths: &[PathBuf]) -> u64 {
    paths
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}

/// How a path is named in reports: as the user wrote it.
pub fn display_name(path: &Path) -> String {
    path.display().to_string()
}

/// The files to read: the given paths, or standard input when none is given.
pub fn default_stdin(files: Vec<PathBuf>) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files
    }
}
