//! The inputs of a run, as the library's archive API reads them ([`pdnkit::archive`]): the
//! reading options of the command line (`--encoding`, `--text`, `--glob`), the archive a
//! subcommand reads, and the prescan that finds plain games ahead of the splitter in a syntax
//! pass (the binary's own way of opening a file: mapped into memory, scanned on other threads).

use std::io::{self, BufRead};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::GlobalArgs;
use super::prescan::{DEFAULT_BLOCK, mapped_block_size, prescan, prescan_mapped};
use pdn::{ReadOptions, Source, SplitOptions, Splitter};
use pdnkit::ReplayOptions;
use pdnkit::archive::{Archive, FileSplitter, Open};

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

/// The archive a subcommand reads: `files` with the run's reading options, on `--jobs`
/// workers, replayed with `options`.
pub fn archive(files: &[PathBuf], global: &GlobalArgs, options: ReplayOptions) -> Archive {
    Archive::new(files)
        .read_options(read_options().clone())
        .replay_options(options)
        .jobs(global.jobs.unwrap_or(0))
}

/// Opens each file for a pass that lets plain games go by: with more than one job, the plain
/// games are found ahead of the splitter by `jobs` threads ([`prescan`]), from regular files
/// mapped into memory when `map` is set ([`prescan_mapped`]).
pub struct Prescanning {
    pub jobs: usize,
    pub map: bool,
}

impl Open for Prescanning {
    fn open(
        &self,
        source: &Source,
        read: &ReadOptions,
        split: SplitOptions,
    ) -> io::Result<FileSplitter> {
        let (jobs, notes) = (self.jobs, split.notes_passed);
        // Hints serve only the fast paths: without them there is nothing to find ahead.
        if jobs <= 1 || !split.fast_paths {
            return Ok(pdn::open_source(source, read)?.games(split));
        }
        let mappable = match source {
            Source::File(path) if self.map => pdn::open_mappable(path, read)?,
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
        let split = SplitOptions { decoder, ..split };
        Ok(Splitter::with_options(reader, split).with_hints(hints))
    }
}

/// The archive of `paths` read with the run's options, replayed with the default options.
pub fn read_only(paths: &[PathBuf]) -> Archive {
    Archive::new(paths).read_options(read_options().clone())
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
