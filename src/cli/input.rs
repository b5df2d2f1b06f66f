//! The inputs of a run: every path in order (`-` is standard input; a folder read for the PDN
//! files below it, a zip archive for those inside it: `pdn::find_sources`; compressed files
//! and other encodings read through `pdn::open_source`), streamed as one sequence of games. An
//! input that cannot be opened or read is one item of the sequence too, so it is reported in
//! order and the other inputs are still processed. Warnings about inputs (an empty file, a
//! folder with no PDN file) go to the run's reporter, which prints them in the order of the
//! items ([`Progress`]).

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::prescan::{DEFAULT_BLOCK, mapped_block_size, prescan, prescan_mapped};
use pdn::RawGame;
use pdn::fast::{Cut, NotesPassed};
use pdn::{Found, ReadOptions, Source, SplitOptions, Splitter};
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

/// An input being read: its name for reports, its games, and how many it gave so far.
struct OpenInput {
    name: Arc<str>,
    splitter: FileSplitter,
    games: u64,
}

/// How inputs are read: options every subcommand that reads games understands.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct InputArgs {
    /// Read every game in this encoding (utf-8, windows-1251 or cp1251, koi8-r, ibm866 or
    /// cp866, windows-1250, iso-8859-2, utf-16le...). By default each file's encoding is
    /// decided from its bytes, and a file that is not UTF-8 gets a warning naming the encoding
    /// it was read in.
    #[arg(long, global = true, value_name = "NAME")]
    pub encoding: Option<String>,
    /// Read inputs that do not look like text (NUL or control bytes in their first kilobytes)
    /// as PDN all the same; by default they are refused.
    #[arg(long, global = true)]
    pub text: bool,
    /// The files read from folders and zip archives: a glob matched against a file's path below
    /// the folder (or inside the archive), ignoring case; `!GLOB` leaves files out. Repeat it
    /// for several. Default: *.pdn and its compressed forms (.gz, .bz2, .xz, .zst), and zip
    /// archives in folders.
    #[arg(long = "glob", global = true, value_name = "GLOB")]
    pub globs: Vec<String>,
}

impl InputArgs {
    /// The reading options these arguments give.
    ///
    /// # Errors
    /// An encoding name or a glob that is not valid.
    pub fn read_options(&self) -> anyhow::Result<ReadOptions> {
        let encoding = match &self.encoding {
            None => None,
            Some(name) => Some(pdn::encoding_named(name).ok_or_else(|| {
                anyhow::anyhow!(
                    "unknown encoding {name:?}; known names include utf-8, windows-1251 \
                         (cp1251), koi8-r, koi8-u, ibm866 (cp866), windows-1250, windows-1252, \
                         iso-8859-2, iso-8859-5, utf-16le, utf-16be"
                )
            })?),
        };
        Ok(ReadOptions {
            encoding,
            force_text: self.text,
            selection: pdn::Selection::new(&self.globs).map_err(anyhow::Error::msg)?,
        })
    }
}

/// The command line's reading options (`--encoding`, `--text`, `--glob`).
static READ_OPTIONS: OnceLock<ReadOptions> = OnceLock::new();

/// Sets how every input of the run is read; called once, before a subcommand reads (later
/// calls change nothing).
pub fn set_read_options(options: ReadOptions) {
    let _ = READ_OPTIONS.set(options);
}

/// How inputs are read: as set by [`set_read_options`], else the defaults.
pub fn read_options() -> &'static ReadOptions {
    READ_OPTIONS.get_or_init(ReadOptions::default)
}

/// What the input stream tells the run's reporter: the bytes read so far, the total to read
/// once the inputs are known, and warnings, each to be printed after the item it follows.
#[derive(Debug, Default)]
pub struct Progress {
    bytes: AtomicU64,
    total: AtomicU64,
    /// Warnings, each with the number of items streamed before it.
    warnings: Mutex<VecDeque<(u64, String)>>,
}

impl Progress {
    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// The size of the inputs, as far as it is known (0 for standard input alone).
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Queues `message` to be printed once the first `items` items are handled.
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

/// Streams the games of `paths` in order. `progress` is told how reading goes.
pub fn games(paths: &[PathBuf], progress: Arc<Progress>) -> impl Iterator<Item = Item> + Send {
    stream(plan(paths), progress, open_games, Iterator::next)
}

/// The games of one input, read with the run's options.
fn open_games(source: &Source) -> io::Result<FileSplitter> {
    Ok(pdn::open_source(source, read_options())?.games(SplitOptions::default()))
}

/// What reading `paths` comes to: each input with its name in reports, inputs that cannot be
/// read, warnings.
#[derive(Clone, Debug)]
enum Planned {
    Read(Source, Arc<str>),
    Failed(io::ErrorKind, String),
    Warning(String),
}

/// The inputs `paths` name ([`pdn::find_sources`]), with the run's selection of files.
fn plan(paths: &[PathBuf]) -> Vec<Planned> {
    pdn::find_sources(paths, &read_options().selection)
        .into_iter()
        .map(|found| match found {
            Found::Source(source) => {
                let name = source.name().into();
                Planned::Read(source, name)
            }
            Found::Failed(error) => Planned::Failed(error.kind(), error.to_string()),
            Found::Warning { input, message } => {
                Planned::Warning(format!("{input}: warning: {message}"))
            }
        })
        .collect()
}

/// Inputs a subcommand reads more than once: standard input is copied to a temporary file
/// first (removed when this is dropped), still named `-` in reports.
pub struct Rereadable {
    plan: Vec<Planned>,
    spool: Option<PathBuf>,
}

impl Rereadable {
    /// `paths`, with `-` read into a temporary file.
    pub fn new(paths: &[PathBuf]) -> io::Result<Rereadable> {
        let mut plan = plan(paths);
        let mut spool = None;
        if plan
            .iter()
            .any(|p| matches!(p, Planned::Read(Source::Stdin, _)))
        {
            let path =
                std::env::temp_dir().join(format!("pdnkit-stdin-{}.pdn", std::process::id()));
            let mut file = std::fs::File::create(&path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            spool = Some(path.clone());
            io::copy(&mut io::stdin().lock(), &mut file)
                .map_err(|e| io::Error::new(e.kind(), format!("-: {e}")))?;
            for p in &mut plan {
                if let Planned::Read(source @ Source::Stdin, _) = p {
                    *source = Source::File(path.clone());
                }
            }
        }
        Ok(Rereadable { plan, spool })
    }

    /// The games of every input, in order ([`games`]).
    pub fn games(&self, progress: Arc<Progress>) -> impl Iterator<Item = Item> + Send + use<> {
        stream(self.plan.clone(), progress, open_games, Iterator::next)
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
    progress: Arc<Progress>,
    jobs: usize,
    map: bool,
    notes: NotesPassed,
) -> impl Iterator<Item = Item<Piece>> + Send {
    let options = SplitOptions {
        notes_passed: notes,
        ..SplitOptions::default()
    };
    let open = move |source: &Source| -> io::Result<FileSplitter> {
        let read = read_options();
        // Hints serve only the fast paths: without them there is nothing to find ahead.
        if jobs <= 1 || !options.fast_paths {
            return Ok(pdn::open_source(source, read)?.games(options.clone()));
        }
        let mappable = match source {
            Source::File(path) if map => pdn::open_mappable(path, read)?,
            _ => None,
        };
        let (reader, decoder, hints) = match mappable {
            Some((file, decoder)) => {
                let (reader, hints) = prescan_mapped(file, jobs, mapped_block_size(jobs), notes)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", source.name())))?;
                (reader, decoder, hints)
            }
            None => {
                let opened = pdn::open_source(source, read)?;
                let (reader, hints) = prescan(opened.reader, jobs, DEFAULT_BLOCK, notes);
                (reader, opened.decoder, hints)
            }
        };
        let reader: Box<dyn BufRead + Send> = Box::new(reader);
        let options = SplitOptions {
            decoder,
            ..options.clone()
        };
        Ok(Splitter::with_options(reader, options).with_hints(hints))
    };
    // What ended a run of plain games, streamed after the run: the next game, an error, or the
    // end of the file (`None`).
    let mut held: Option<Option<io::Result<Piece>>> = None;
    stream(plan(paths), progress, open, move |splitter| {
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

/// The games of the inputs `plan` holds: each opened by `open`, its games taken by `next`.
fn stream<G>(
    plan: Vec<Planned>,
    progress: Arc<Progress>,
    open: impl Fn(&Source) -> io::Result<FileSplitter> + Send,
    mut next: impl FnMut(&mut FileSplitter) -> Option<io::Result<G>> + Send,
) -> impl Iterator<Item = Item<G>> + Send {
    let total = plan
        .iter()
        .map(|p| match p {
            Planned::Read(source, _) => source.size(),
            _ => 0,
        })
        .sum();
    progress.total.store(total, Ordering::Relaxed);
    let mut plan = plan.into_iter();
    let mut current: Option<OpenInput> = None;
    let mut done_before = 0u64;
    // Items streamed so far: a warning is printed after the items before it.
    let mut items = 0u64;
    std::iter::from_fn(move || {
        let item = loop {
            if let Some(input) = current.as_mut() {
                let next = next(&mut input.splitter);
                let read = input.splitter.bytes_read();
                progress.bytes.store(done_before + read, Ordering::Relaxed);
                match next {
                    Some(Ok(game)) => {
                        input.games += 1;
                        break Item::Game {
                            file: Arc::clone(&input.name),
                            game,
                        };
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
                        break Item::Failed { error };
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
                            progress.warn(items, message);
                        }
                        current = None;
                    }
                }
            }
            match plan.next()? {
                Planned::Read(source, name) => match open(&source) {
                    Ok(splitter) => {
                        current = Some(OpenInput {
                            name,
                            splitter,
                            games: 0,
                        });
                    }
                    Err(error) => break Item::Failed { error },
                },
                Planned::Failed(kind, message) => {
                    break Item::Failed {
                        error: io::Error::new(kind, message),
                    };
                }
                Planned::Warning(message) => progress.warn(items, message),
            }
        };
        items += 1;
        Some(item)
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
    progress: Arc<Progress>,
    deciding: Deciding,
) -> Box<dyn Iterator<Item = Decided> + Send + '_> {
    decided(games(paths, progress), deciding)
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
