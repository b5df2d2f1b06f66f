//! The inputs of an archive streamed as one sequence of games: every path in order (`-` is
//! standard input; a folder read for the PDN files below it, a zip archive for those inside it:
//! [`pdn::find_sources`]; compressed files and other encodings read through
//! [`pdn::open_source`]), or one reader. An input that cannot be opened or read is one item of
//! the sequence too, so it is reported in order and the other inputs are still read. Warnings
//! about inputs (an empty file, a folder with no PDN file) are queued in [`Reading`], each
//! with the number of items before it, for the consumer to print in order.

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use pdn::fast::Cut;
use pdn::{Found, Place, RawGame, ReadOptions, Source, SplitOptions, Splitter};

use crate::file_variant::FileItem;

/// One item of the stream: a game (or a [`Piece`] where plain games are passed by) and the
/// file it came from, or an input that failed.
#[derive(Debug)]
pub enum Input<G = RawGame> {
    /// A game and the name of its file.
    Game {
        /// The file's name in reports (the same `Arc` for every game of a file).
        file: Arc<str>,
        /// The game.
        game: G,
    },
    /// An input that failed; the error's message names the input and the cause.
    Failed {
        /// What failed.
        error: io::Error,
    },
}

impl<G: Weighed> Input<G> {
    /// The bytes of the game it holds, for batching.
    pub fn weight(&self) -> usize {
        match self {
            Input::Game { game, .. } => game.weight(),
            Input::Failed { .. } => 0,
        }
    }
}

impl FileItem for Input {
    fn file_game(&self) -> Option<(&Arc<str>, &RawGame)> {
        match self {
            Input::Game { file, game } => Some((file, game)),
            Input::Failed { .. } => None,
        }
    }
}

/// What a stream that passes plain games by gives: a game cut out, or a run of games in the
/// plain shape passed by ([`Splitter::next_cut`]).
#[derive(Debug)]
pub enum Piece {
    /// A game cut out.
    Game(RawGame),
    /// How many plain games in a row were passed by (at least one).
    PlainRun(u64),
}

/// The bytes a unit of work holds, for closing batches ([`pipeline::Pipeline::run_weighed`]).
pub trait Weighed {
    /// The bytes of game text held.
    fn weight(&self) -> usize;
}

impl Weighed for RawGame {
    fn weight(&self) -> usize {
        self.text.len()
    }
}

impl Weighed for Piece {
    fn weight(&self) -> usize {
        match self {
            Piece::Game(game) => game.text.len(),
            Piece::PlainRun(_) => 0,
        }
    }
}

/// Most plain games in one [`Piece::PlainRun`]: runs save handing each game to the workers and
/// back, and stay short enough for progress to move.
const MAX_PLAIN_RUN: u64 = 4096;

/// The splitter of an input being read.
pub type FileSplitter = Splitter<Box<dyn BufRead + Send>>;

/// How a source is opened into its games: the library reads it ([`Direct`]); a caller may find
/// games ahead of the splitter its own way (the command line maps files and scans them on
/// other threads), as long as the splitter gives the same games.
pub trait Open: Send + Sync {
    /// The games of `source`, read with `read` and cut with `split`.
    ///
    /// # Errors
    /// The source cannot be opened; the message names it.
    fn open(
        &self,
        source: &Source,
        read: &ReadOptions,
        split: SplitOptions,
    ) -> io::Result<FileSplitter>;
}

/// Opens a source with [`pdn::open_source`], nothing found ahead.
#[derive(Clone, Copy, Debug, Default)]
pub struct Direct;

impl Open for Direct {
    fn open(
        &self,
        source: &Source,
        read: &ReadOptions,
        split: SplitOptions,
    ) -> io::Result<FileSplitter> {
        Ok(pdn::open_source(source, read)?.games(split))
    }
}

/// What the stream tells the consumer: bytes read so far, the total to read once the inputs
/// are known, and warnings about inputs, each to be shown after the items before it.
#[derive(Debug, Default)]
pub struct Reading {
    bytes: AtomicU64,
    total: AtomicU64,
    /// Warnings, each with the number of items streamed before it.
    warnings: Mutex<VecDeque<(u64, String)>>,
}

impl Reading {
    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The size of the inputs, as far as it is known (0 for standard input alone).
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Queues `message` to be shown once the first `items` items are handled.
    fn warn(&self, items: u64, message: String) {
        let mut warnings = self.warnings.lock().expect("warnings lock");
        warnings.push_back((items, message));
    }

    /// The warnings due once `handled` items are handled (all of them for `u64::MAX`).
    pub fn warnings_due(&self, handled: u64) -> Vec<String> {
        let mut warnings = self.warnings.lock().expect("warnings lock");
        let due = warnings.iter().take_while(|(at, _)| *at <= handled).count();
        warnings.drain(..due).map(|(_, message)| message).collect()
    }
}

/// An input of the stream: a source with its name in reports, an input that cannot be read, a
/// warning, or a reader given by the caller.
pub(super) enum Planned {
    Read(Source, Arc<str>),
    Failed(io::Error),
    Warning(String),
    Reader(Arc<str>, Box<dyn Read + Send>),
}

/// The inputs `paths` name ([`pdn::find_sources`]), with `read`'s selection of files;
/// standard input read from `spool` when it was copied there.
pub(super) fn plan(paths: &[PathBuf], read: &ReadOptions, spool: Option<&PathBuf>) -> Vec<Planned> {
    pdn::find_sources(paths, &read.selection)
        .into_iter()
        .map(|found| match found {
            Found::Source(source) => {
                let name = source.name().into();
                match (source, spool) {
                    (Source::Stdin, Some(path)) => Planned::Read(Source::File(path.clone()), name),
                    (source, _) => Planned::Read(source, name),
                }
            }
            Found::Failed(error) => Planned::Failed(error),
            Found::Warning { input, message } => {
                Planned::Warning(format!("{input}: warning: {message}"))
            }
        })
        .collect()
}

/// An input being read: its name for reports, its games, and how many it gave so far.
struct OpenInput {
    name: Arc<str>,
    splitter: FileSplitter,
    games: u64,
}

/// How the stream reads: the reading options, the opener, the splitter's options.
pub(super) struct Reader {
    pub read: ReadOptions,
    pub open: Arc<dyn Open>,
    pub split: SplitOptions,
}

impl Reader {
    /// Opens an input to read: a source, or the caller's reader.
    fn open(&self, planned: Planned) -> io::Result<(Arc<str>, FileSplitter)> {
        match planned {
            Planned::Read(source, name) => {
                let splitter = self.open.open(&source, &self.read, self.split.clone())?;
                Ok((name, splitter))
            }
            Planned::Reader(name, inner) => match pdn::open_reader(inner, Place::Stdin, &self.read)
            {
                Ok(opened) => Ok((name, opened.games(self.split.clone()))),
                Err(e) => Err(io::Error::new(e.kind(), format!("{name}: {e}"))),
            },
            Planned::Failed(error) => Err(error),
            Planned::Warning(_) => unreachable!("warnings are not opened"),
        }
    }
}

/// Every game of `plan`'s inputs, cut out.
pub(super) fn games(
    plan: Vec<Planned>,
    reader: Reader,
    reading: Arc<Reading>,
) -> impl Iterator<Item = Input> + Send + use<> {
    stream(plan, reader, reading, Iterator::next)
}

/// Every game of `plan`'s inputs, the games in the plain shape passed by as runs
/// ([`Splitter::next_cut`]).
pub(super) fn pieces(
    plan: Vec<Planned>,
    reader: Reader,
    reading: Arc<Reading>,
) -> impl Iterator<Item = Input<Piece>> + Send + use<> {
    // What ended a run of plain games, streamed after the run: the next game, an error, or the
    // end of the file (`None`).
    let mut held: Option<Option<io::Result<Piece>>> = None;
    stream(plan, reader, reading, move |splitter: &mut FileSplitter| {
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

/// The games of the inputs `plan` holds, each opened by `reader`, its games taken by `next`.
fn stream<G>(
    plan: Vec<Planned>,
    reader: Reader,
    reading: Arc<Reading>,
    mut next: impl FnMut(&mut FileSplitter) -> Option<io::Result<G>> + Send,
) -> impl Iterator<Item = Input<G>> + Send {
    let total = plan
        .iter()
        .map(|p| match p {
            Planned::Read(source, _) => source.size(),
            _ => 0,
        })
        .sum();
    reading.total.store(total, Ordering::Relaxed);
    // Each input is opened when its turn comes, on the thread that reads.
    let mut plan = plan.into_iter();
    let mut current: Option<OpenInput> = None;
    let mut done_before = 0u64;
    // Items streamed so far: a warning is shown after the items before it.
    let mut items = 0u64;
    std::iter::from_fn(move || {
        let item = loop {
            if let Some(input) = current.as_mut() {
                let next = next(&mut input.splitter);
                let read = input.splitter.bytes_read();
                reading.bytes.store(done_before + read, Ordering::Relaxed);
                match next {
                    Some(Ok(game)) => {
                        input.games += 1;
                        let file = Arc::clone(&input.name);
                        break Input::Game { file, game };
                    }
                    Some(Err(error)) => {
                        done_before += read;
                        // Errors after opening come from the decoder or the device, without
                        // the input's name: name it, and say how far reading got.
                        let error = io::Error::new(
                            error.kind(),
                            format!(
                                "{}: {error} (reading stopped after {read} bytes)",
                                input.name
                            ),
                        );
                        current = None;
                        break Input::Failed { error };
                    }
                    None => {
                        done_before += read;
                        if input.games == 0 {
                            let what = if read == 0 {
                                "empty"
                            } else {
                                "only white space"
                            };
                            let message = format!("{}: warning: {what}, no game read", input.name);
                            reading.warn(items, message);
                        }
                        current = None;
                    }
                }
            }
            match plan.next()? {
                Planned::Warning(message) => reading.warn(items, message),
                planned => match reader.open(planned) {
                    Ok((name, splitter)) => {
                        current = Some(OpenInput {
                            name,
                            splitter,
                            games: 0,
                        });
                    }
                    Err(error) => break Input::Failed { error },
                },
            }
        };
        items += 1;
        Some(item)
    })
}
