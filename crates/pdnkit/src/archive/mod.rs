//! One archive API: the inputs of a run (files, folders, zip members, standard input, or a
//! reader), the variant decided for each file's untagged games, the games spread over worker
//! threads, a visitor per game run on the workers, a sink that takes the results in input
//! order, and one summary of the games by verdict.
//!
//! Every command of the `pdnkit` binary and every function of the Python module that reads
//! archives builds an [`Archive`] and runs it: the command says what to do with one game and
//! what to write of its result, the library does the rest the same way for all. The result
//! is the same for every number of jobs: each decision that spans games (a file's variant) is
//! made in the stream, before the workers, and the sink sees results in input order.
//!
//! ```
//! use std::ops::ControlFlow;
//! use pdnkit::archive::Archive;
//! use pdnkit::check_game;
//! use pdnkit::summary::Counts;
//!
//! let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
//!             [GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n";
//! let archive = Archive::reader("demo.pdn", Box::new(std::io::Cursor::new(text))).jobs(2);
//! let mut games = Vec::new();
//! let ran = archive.run(
//!     &(), // no progress shown
//!     || (),
//!     // On the workers: each game checked, its verdict counted and its number kept.
//!     |_, game| {
//!         check_game(&game.file, &game.game, &game.options, |checked| {
//!             (Counts::verdict(checked.record.status), checked.record.game)
//!         })
//!     },
//!     // In input order: what each game gave, or an input that failed.
//!     |done| {
//!         games.push(done.map(|(_, number)| number).ok());
//!         ControlFlow::<()>::Continue(())
//!     },
//! )?;
//! assert_eq!(games, [Some(1), Some(2)]);
//! assert_eq!(
//!     ran.counts.summary(),
//!     "2 games read: 1 clean, 0 with warnings, 1 invalid, 0 unreadable"
//! );
//! # Ok::<(), ()>(())
//! ```

mod inputs;
#[cfg(test)]
mod tests;

use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pdn::fast::NotesPassed;
use pdn::{ReadOptions, SplitOptions};
use pipeline::Pipeline;

pub use inputs::{Direct, FileSplitter, Input, Open, Piece, Reading, Weighed};

use crate::file_variant::with_file_variant;
use crate::summary::Counts;
use crate::{ArchiveVariant, ReplayOptions};
use inputs::Planned;

/// A game as a worker gets it: its file's name, the game, and the replay options for it (the
/// run's options with its file's variant).
#[derive(Debug)]
pub struct ArchiveGame<G = pdn::RawGame> {
    /// The file's name in reports.
    pub file: Arc<str>,
    /// The game (or, where plain games are passed by, a [`Piece`]).
    pub game: G,
    /// The run's options with the variant decided for the game's file.
    pub options: ReplayOptions,
    /// The game's place among the games of the stream, from 0 (inputs that failed are not
    /// counted): the same on every pass over the same inputs.
    pub order: u64,
}

impl<G> ArchiveGame<G> {
    /// The same game held as `f` makes it.
    pub fn map<H>(self, f: impl FnOnce(G) -> H) -> ArchiveGame<H> {
        ArchiveGame {
            file: self.file,
            game: f(self.game),
            options: self.options,
            order: self.order,
        }
    }
}

/// What a visitor's result counts in the run's summary.
pub trait Counted {
    /// The games it stands for, by verdict.
    fn counts(&self) -> Counts;
}

impl Counted for Counts {
    fn counts(&self) -> Counts {
        *self
    }
}

impl<T> Counted for (Counts, T) {
    fn counts(&self) -> Counts {
        self.0
    }
}

/// What a run tells its caller as it goes, on the consumer's thread and in input order: a
/// progress bar or a log implements it; `()` ignores it.
pub trait Progress {
    /// An item was handled: the games counted so far, the bytes read of those to read (0 when
    /// unknown, as for standard input).
    fn advanced(&self, _counts: &Counts, _bytes: u64, _total: u64) {}
    /// A warning about the inputs (an empty file, a folder without a PDN file), without the
    /// program's name: given after the items read before it and before the next one.
    fn warning(&self, _message: &str) {}
}

impl Progress for () {}

/// What a run leaves once every item went through the sink.
#[derive(Debug)]
pub struct Finished<S> {
    /// The games by verdict and the inputs that failed.
    pub counts: Counts,
    /// Each worker's state, to merge.
    pub states: Vec<S>,
}

/// A request to read an archive: its inputs, how they are read and replayed, how many jobs.
pub struct Archive {
    inputs: Inputs,
    read: ReadOptions,
    replay: ReplayOptions,
    decide: bool,
    pipeline: Pipeline,
    open: Arc<dyn Open>,
}

/// Where the games come from.
enum Inputs {
    Paths {
        paths: Vec<PathBuf>,
        /// Standard input copied to a file, to be read more than once.
        spool: Option<Spool>,
    },
    /// A reader, read once.
    Reader(Mutex<Option<Named>>),
}

/// A reader and its name in reports.
type Named = (Arc<str>, Box<dyn Read + Send>);

/// A temporary file holding what standard input gave, removed when dropped.
struct Spool(PathBuf);

impl Drop for Spool {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

impl Archive {
    /// The archive of `paths`, in order (`-` is standard input; a folder gives the PDN files
    /// below it, a zip archive those inside it), read with the default options, replayed with
    /// the default options, on all cores.
    pub fn new(paths: &[PathBuf]) -> Archive {
        Archive::of(Inputs::Paths {
            paths: paths.to_vec(),
            spool: None,
        })
    }

    /// The archive one reader gives (compressed or not, in any encoding a file may have),
    /// named `name` in reports. It can be read once.
    pub fn reader(name: &str, reader: Box<dyn Read + Send>) -> Archive {
        Archive::of(Inputs::Reader(Mutex::new(Some((name.into(), reader)))))
    }

    fn of(inputs: Inputs) -> Archive {
        Archive {
            inputs,
            read: ReadOptions::default(),
            replay: ReplayOptions::default(),
            decide: true,
            pipeline: Pipeline::new(0),
            open: Arc::new(Direct),
        }
    }

    /// Reads the inputs with `read` (an encoding, text forced, the files chosen in folders).
    pub fn read_options(mut self, read: ReadOptions) -> Archive {
        self.read = read;
        self
    }

    /// Replays the games with `replay`; its variant, when set, is forced on every game.
    pub fn replay_options(mut self, replay: ReplayOptions) -> Archive {
        self.replay = replay;
        self
    }

    /// The options games are replayed with.
    pub fn options(&self) -> &ReplayOptions {
        &self.replay
    }

    /// Decides no variant per file: for passes that do not replay the games.
    pub fn without_file_variants(mut self) -> Archive {
        self.decide = false;
        self
    }

    /// Runs on `jobs` worker threads (0: one per core; 1: inline, without threads).
    pub fn jobs(mut self, jobs: usize) -> Archive {
        let batches = self.pipeline.max_batches_in_flight / self.pipeline.jobs.max(1);
        self.pipeline = Pipeline::new(jobs);
        self.pipeline.max_batches_in_flight = batches * self.pipeline.jobs;
        self
    }

    /// The worker threads the run uses.
    pub fn job_count(&self) -> usize {
        self.pipeline.jobs
    }

    /// Keeps at most `per_job` batches per job in flight (4 by default): fewer for results much
    /// larger than their games.
    pub fn batches_per_job(mut self, per_job: usize) -> Archive {
        self.pipeline.max_batches_in_flight = per_job * self.pipeline.jobs;
        self
    }

    /// Opens each source with `open` rather than [`Direct`].
    pub fn opener(mut self, open: Arc<dyn Open>) -> Archive {
        self.open = open;
        self
    }

    /// Copies standard input, when it is among the inputs, to a temporary file (removed when
    /// the archive is dropped), so the archive can be read more than once; it is still named
    /// `-` in reports.
    ///
    /// # Errors
    /// The temporary file cannot be written, or standard input cannot be read.
    pub fn rereadable(mut self) -> io::Result<Archive> {
        let Inputs::Paths { paths, spool } = &mut self.inputs else {
            return Err(io::Error::other("a reader can be read once only"));
        };
        if spool.is_none() && paths.iter().any(|p| p.as_os_str() == "-") {
            let path =
                std::env::temp_dir().join(format!("pdnkit-stdin-{}.pdn", std::process::id()));
            let mut file = std::fs::File::create(&path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            *spool = Some(Spool(path));
            io::copy(&mut io::stdin().lock(), &mut file)
                .map_err(|e| io::Error::new(e.kind(), format!("-: {e}")))?;
        }
        Ok(self)
    }

    /// The inputs as the stream reads them.
    fn plan(&self) -> Vec<Planned> {
        match &self.inputs {
            Inputs::Paths { paths, spool } => {
                inputs::plan(paths, &self.read, spool.as_ref().map(|s| &s.0))
            }
            Inputs::Reader(reader) => {
                let taken = reader.lock().expect("reader lock").take();
                match taken {
                    Some((name, reader)) => vec![Planned::Reader(name, reader)],
                    None => vec![Planned::Failed(io::Error::other(
                        "the reader was read already",
                    ))],
                }
            }
        }
    }

    fn stream_reader(&self, split: SplitOptions) -> inputs::Reader {
        inputs::Reader {
            read: self.read.clone(),
            open: Arc::clone(&self.open),
            split,
        }
    }

    /// Every game of the inputs in order, each cut out; `reading` is told how reading goes.
    pub fn games(&self, reading: Arc<Reading>) -> impl Iterator<Item = Input> + Send + use<> {
        inputs::games(
            self.plan(),
            self.stream_reader(SplitOptions::default()),
            reading,
        )
    }

    /// [`Archive::games`], each with the variant decided for its file (for games without a
    /// GameType or Variant tag; [`crate::file_variant`]), unless no variant is to be decided.
    pub fn decided_games(
        &self,
        reading: Arc<Reading>,
    ) -> impl Iterator<Item = (Input, Option<Arc<ArchiveVariant>>)> + Send + use<> {
        decided(
            self.games(reading),
            self.decide.then_some(self.replay.variant),
            self.replay.fast_paths,
        )
    }

    /// Every game in order with the options it is replayed with, read on the caller's thread:
    /// for a caller that takes one game at a time. An input that failed is an `Err`, and the
    /// games after it follow.
    pub fn each_game(&self) -> impl Iterator<Item = io::Result<ArchiveGame>> + Send + use<> {
        let replay = self.replay.clone();
        numbered(self.decided_games(Arc::default())).map(move |(input, archive, order)| match input
        {
            Input::Failed { error } => Err(error),
            Input::Game { file, game } => Ok(ArchiveGame {
                file,
                game,
                options: replay.for_archive(archive),
                order,
            }),
        })
    }

    /// Runs `visit` on every game on the workers (each with its own state from `init`) and
    /// hands each result, or each input that failed, to `sink` in input order; `progress` is
    /// told of every item handled and of the warnings about inputs. Stops when `sink` breaks,
    /// with its error.
    ///
    /// # Errors
    /// What `sink` broke with.
    pub fn run<S, R, E>(
        &self,
        progress: &dyn Progress,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, ArchiveGame) -> R + Sync,
        sink: impl FnMut(io::Result<R>) -> ControlFlow<E>,
    ) -> Result<Finished<S>, E>
    where
        S: Send,
        R: Counted + Send,
        E: Send,
    {
        let reading = Arc::new(Reading::default());
        let games = self.games(Arc::clone(&reading));
        let items = decided(
            games,
            self.decide.then_some(self.replay.variant),
            self.replay.fast_paths,
        );
        self.drive(items, reading, progress, init, visit, sink)
    }

    /// [`Archive::run`] for a pass that does not need every game cut out: runs of games in
    /// the plain shape (with only the notes `notes` lets by) are passed by and visited as one
    /// [`Piece::PlainRun`]. No variant is decided per file.
    ///
    /// # Errors
    /// What `sink` broke with.
    pub fn run_passing_plain<S, R, E>(
        &self,
        notes: NotesPassed,
        progress: &dyn Progress,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, ArchiveGame<Piece>) -> R + Sync,
        sink: impl FnMut(io::Result<R>) -> ControlFlow<E>,
    ) -> Result<Finished<S>, E>
    where
        S: Send,
        R: Counted + Send,
        E: Send,
    {
        let reading = Arc::new(Reading::default());
        let split = SplitOptions {
            notes_passed: notes,
            ..SplitOptions::default()
        };
        let pieces = inputs::pieces(self.plan(), self.stream_reader(split), Arc::clone(&reading));
        let items = pieces.map(|piece| (piece, None));
        self.drive(items, reading, progress, init, visit, sink)
    }

    /// The pipeline over `items`: visits on the workers, the sink, the counts and the
    /// progress in order.
    fn drive<G, S, R, E>(
        &self,
        items: impl Iterator<Item = (Input<G>, Option<Arc<ArchiveVariant>>)> + Send,
        reading: Arc<Reading>,
        progress: &dyn Progress,
        init: impl Fn() -> S + Sync,
        visit: impl Fn(&mut S, ArchiveGame<G>) -> R + Sync,
        mut sink: impl FnMut(io::Result<R>) -> ControlFlow<E>,
    ) -> Result<Finished<S>, E>
    where
        G: Weighed + Send,
        S: Send,
        R: Counted + Send,
        E: Send,
    {
        let mut counts = Counts::default();
        let mut handled = 0u64;
        let replay = &self.replay;
        let states = self.pipeline.run_weighed(
            numbered(items),
            |(input, _, _)| input.weight(),
            init,
            |state, (input, archive, order)| match input {
                Input::Failed { error } => Err(error),
                Input::Game { file, game } => {
                    let options = replay.for_archive(archive);
                    let game = ArchiveGame {
                        file,
                        game,
                        options,
                        order,
                    };
                    Ok(visit(state, game))
                }
            },
            |done| {
                // The warnings about inputs read before this item: every one of them was
                // queued before the item was read, so they come here whatever the jobs.
                for warning in reading.warnings_due(handled) {
                    progress.warning(&warning);
                }
                let these = match &done {
                    Ok(result) => result.counts(),
                    Err(_) => Counts::failed_input(),
                };
                let flow = sink(done);
                counts.add(these);
                handled += 1;
                progress.advanced(&counts, reading.bytes(), reading.total());
                flow
            },
        )?;
        // Those about inputs after the last item (every input empty, say).
        for warning in reading.warnings_due(u64::MAX) {
            progress.warning(&warning);
        }
        Ok(Finished { counts, states })
    }
}

/// `items`, each with its number among the games ([`ArchiveGame::order`]).
fn numbered<G, T>(
    items: impl Iterator<Item = (Input<G>, T)>,
) -> impl Iterator<Item = (Input<G>, T, u64)> {
    let mut games = 0;
    items.map(move |(input, extra)| {
        let order = games;
        games += u64::from(matches!(input, Input::Game { .. }));
        (input, extra, order)
    })
}

/// `items`, each with the variant decided for its file under `deciding` (`Some(forced)`:
/// decide, with the variant forced if any; `None`: decide nothing), with fast paths or not.
pub fn decided<'a>(
    items: impl Iterator<Item = Input> + Send + 'a,
    deciding: Option<Option<draughts::Variant>>,
    fast_paths: bool,
) -> Box<dyn Iterator<Item = (Input, Option<Arc<ArchiveVariant>>)> + Send + 'a> {
    match deciding {
        Some(forced) => Box::new(with_file_variant(items, forced, fast_paths)),
        None => Box::new(items.map(|item| (item, None))),
    }
}
