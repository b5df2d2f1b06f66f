//! `pdnkit index` and `pdnkit search --index`: the positions of an archive's games in an index
//! (`pdnkit::index` owns the format), so that an exact position is found by a binary search
//! instead of a replay of the archive. A search refuses an index that does not match its
//! checksums, and one whose files changed since it was built.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use pdnkit::archive::Counted;
use pdnkit::check_game;
use pdnkit::index::{GamePositions, Index, IndexBuilder, IndexError, IndexedFile, index_dir};
use pdnkit::search::{Query, Row, Target, header_row};

use super::index_file::refused;
use super::input;
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::search::{SearchArgs, shown};
use super::{GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit index`.
#[derive(clap::Args, Debug)]
pub struct IndexArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// The index file to write.
    #[arg(short, long, value_name = "INDEX")]
    pub output: PathBuf,
    /// PDN files to index (regular files: an index names them and checks them when used).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// Runs `pdnkit index`.
pub fn run(args: IndexArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("index", "an index file", None)?;
    let (names, indexed) = indexed_files(&args)?;
    let archive = input::archive(&args.files, global, args.replay.options()?);
    let reporter = Reporter::new(global, &args.files);
    let mut builder = IndexBuilder::new(&args.output, indexed)?;
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| {
            check_game(&game.file, &game.game, &game.options, |checked| Indexing {
                file: game.file.clone(),
                found: pdnkit::index::positions(checked),
                counts: Counts::verdict(checked.record.status),
            })
        },
        |indexing| {
            let Some(Indexing {
                file,
                found: Some(found),
                ..
            }) = reporter.game(indexing)
            else {
                return ControlFlow::Continue(());
            };
            let number = names.iter().position(|n| **n == *file).unwrap_or(0);
            match builder.add_game(number as u32, found) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing the index"))?;
    let status = reporter.finish(ran.counts);
    if status.failed {
        anyhow::bail!("an input could not be read whole: no index written");
    }
    let mut out = Output::open(Some(&args.output))?;
    let entries = builder.finish(&mut out)?;
    out.finish()?;
    if !global.quiet {
        super::report::to_stderr(&format!(
            "pdnkit: {} indexed in {}",
            plural(entries, "position"),
            args.output.display()
        ));
    }
    Ok(Status::default())
}

/// The files to index as reports name them, and as the index names them: each a file that can
/// be checked later, given once.
fn indexed_files(args: &IndexArgs) -> anyhow::Result<(Vec<String>, Vec<IndexedFile>)> {
    let names: Vec<String> = args.files.iter().map(|p| input::display_name(p)).collect();
    if names.iter().any(|n| n == "-") {
        anyhow::bail!("an index covers files it can check later; standard input cannot be indexed");
    }
    if let Some(n) = names
        .iter()
        .enumerate()
        .find_map(|(i, n)| names[..i].contains(n).then_some(n))
    {
        anyhow::bail!("{n} is given twice; an index covers each file once");
    }
    let dir = index_dir(&args.output)?;
    let indexed = names
        .iter()
        .map(|n| IndexedFile::for_index(n, &dir))
        .collect::<io::Result<_>>()?;
    Ok((names, indexed))
}

/// What a worker gives for one game.
struct Indexing {
    file: std::sync::Arc<str>,
    found: Option<GamePositions>,
    counts: Counts,
}

impl Counted for Indexing {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// `pdnkit search --index`: the position of `query` looked up in the index, in each variant
/// the files answered from hold, the query read in that variant's standard notation.
pub fn search(
    index_path: &Path,
    query: &Query,
    args: &SearchArgs,
    json: bool,
    global: &GlobalArgs,
) -> anyhow::Result<Status> {
    if args.to.is_some() || args.variations {
        anyhow::bail!(
            "with --index, search writes rows of the main lines' positions (no --to, no --variations)"
        );
    }
    let Target::Position(_) = query.target() else {
        anyhow::bail!("--index finds exact positions only (--fen)");
    };
    let index = Index::open(index_path).map_err(|e| refused(index_path, e))?;
    let chosen = chosen_files(&index, index_path, &args.files)?;
    for &n in &chosen {
        if !index.unchanged(n)? {
            anyhow::bail!(
                "{}: changed since {} was built (size, time or content); run `pdnkit index` again",
                index.files()[n].path,
                index_path.display()
            );
        }
    }
    let lookup = index.lookup(query, &chosen).map_err(|e| match e {
        IndexError::Unreadable(why) => anyhow::anyhow!("{} {why}", shown(args)),
        e => refused(index_path, e),
    })?;
    // The variants of the files answered from that cannot hold the query are named, and
    // when none can, the query is refused.
    if lookup.searched.is_empty()
        && let Some(why) = lookup.not_searched.first()
    {
        anyhow::bail!(
            "{} cannot be read {why}; no game searched (the index holds games of {})",
            shown(args),
            why.variant
        );
    }
    for why in &lookup.not_searched {
        super::report::to_stderr(&format!(
            "pdnkit: {} cannot be read {why}: the games of {} not searched",
            shown(args),
            why.variant
        ));
    }
    let mut out = Output::open(args.output.as_deref())?;
    if !json {
        out.write_all(&header_row())?;
    }
    let mut data = Vec::new();
    index
        .rows(&lookup, |row: Row<'_>| -> anyhow::Result<()> {
            data.clear();
            row.write(json, &mut data);
            Ok(out.write_all(&data)?)
        })
        .map_err(|e| match e.downcast::<IndexError>() {
            Ok(e) => refused(index_path, e),
            Err(e) => e,
        })?;
    out.finish()?;
    if !global.quiet {
        let rows = lookup.hits.len() as u64;
        super::report::to_stderr(&format!("pdnkit: {} in the index", plural(rows, "hit")));
    }
    Ok(Status::default())
}

/// The numbers of the files a search answers from: those named (each must be in the index,
/// found by where it is), or every file indexed.
fn chosen_files(index: &Index, index_path: &Path, named: &[PathBuf]) -> anyhow::Result<Vec<usize>> {
    if named.is_empty() {
        return Ok((0..index.files().len()).collect());
    }
    let mut chosen = Vec::new();
    for path in named {
        let shown = input::display_name(path);
        let n = index
            .file_number(path)
            .map_err(|e| anyhow::anyhow!("{shown}: {e}"))?
            .ok_or_else(|| {
                let covered: Vec<&str> = index.files().iter().map(|f| f.path.as_str()).collect();
                anyhow::anyhow!(
                    "{shown} is not in the index {} (it covers {})",
                    index_path.display(),
                    covered.join(", ")
                )
            })?;
        if !chosen.contains(&n) {
            chosen.push(n);
        }
    }
    chosen.sort_unstable();
    Ok(chosen)
}
