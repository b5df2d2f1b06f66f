//! `pdnkit index` and `pdnkit search --index`: the positions of an archive's games in a file
//! sorted by position key (`index_file.rs`), so that an exact position is found by a binary
//! search instead of a replay of the archive. A search refuses an index that does not match
//! its checksums, and one whose files changed since it was built.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use draughts::{Colour, Config, Position, Variant};
use pdnkit::search::{Query, Target, mirrored};
use pdnkit::{ReplayOptions, check_game};

use super::index_file::{
    Entry, GamePositions, Index, Indexed, RUN, Runs, index_dir, indexed_key, named, positions,
    relative,
};
use super::input::{self, Item};
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::search::{Row, SearchArgs, header_row, shown};
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
    if global.format.is_some() {
        anyhow::bail!("index writes an index file; --format is not used by index");
    }
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
    let mut indexed: Vec<Indexed> = names
        .iter()
        .map(|n| {
            let indexed = Indexed::now(n)?;
            let location = std::fs::canonicalize(n).map_err(|e| named(n, e))?;
            Ok(Indexed {
                location: relative(&dir, &location).to_string_lossy().into_owned(),
                ..indexed
            })
        })
        .collect::<io::Result<_>>()?;
    let options: ReplayOptions = args.replay.options()?;
    let mut reporter = Reporter::new(global, &args.files);
    let mut runs = Runs::new(&args.output, RUN)?;
    let games = input::decided_games(
        &args.files,
        reporter.progress(),
        input::Deciding::replaying(options.variant),
    );
    let result = global.pipeline().run_weighed(
        games,
        |(item, _)| item.weight(),
        || (),
        |_, (item, archive)| {
            let options = options.for_archive(archive);
            match item {
                Item::Failed { error } => Indexing {
                    file: None,
                    found: None,
                    message: format!("pdnkit: {error}\n"),
                    counts: Counts::failed_input(),
                },
                Item::Game { file, game } => {
                    check_game(&file, &game, &options, |checked| Indexing {
                        file: Some(file.clone()),
                        found: positions(checked),
                        message: String::new(),
                        counts: Counts::verdict(checked.record.status),
                    })
                }
            }
        },
        |indexing| {
            reporter.message(&indexing.message);
            reporter.add(indexing.counts);
            let (Some(file), Some(found)) = (indexing.file, indexing.found) else {
                return ControlFlow::Continue(());
            };
            let number = names.iter().position(|n| **n == *file).unwrap_or(0);
            indexed[number].variants |= 1 << found.variant;
            match runs.push_game(number as u32, found) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing the index"))?;
    let status = reporter.finish_validation();
    if status.failed {
        anyhow::bail!("an input could not be read whole: no index written");
    }
    let entries = runs.finish(&indexed)?;
    if !global.quiet {
        super::report::to_stderr(&format!(
            "pdnkit: {} indexed in {}",
            plural(entries, "position"),
            args.output.display()
        ));
    }
    Ok(Status::default())
}

/// What a worker gives for one game.
struct Indexing {
    file: Option<std::sync::Arc<str>>,
    found: Option<GamePositions>,
    message: String,
    counts: Counts,
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
    let Target::Position(fen) = query.target() else {
        anyhow::bail!("--index finds exact positions only (--fen)");
    };
    let index = Index::open(index_path)?;
    let dir = index_dir(index_path)?;
    let chosen = chosen_files(&index, &dir, index_path, &args.files)?;
    for &n in &chosen {
        let f = &index.files[n];
        let location = dir.join(&f.location);
        let now = Indexed::at(&f.path, &location.to_string_lossy())?;
        if (now.size, now.modified, now.fingerprint) != (f.size, f.modified, f.fingerprint) {
            anyhow::bail!(
                "{}: changed since {} was built (size, time or content); run `pdnkit index` again",
                f.path,
                index_path.display()
            );
        }
    }
    let variants = chosen
        .iter()
        .fold(0u32, |all, &n| all | index.files[n].variants);
    // The variants of the files answered from that can hold the query; those that cannot are
    // named, and when none can, the query is refused.
    let mut searchable = Vec::new();
    let mut not_searched = Vec::new();
    for (n, &variant) in Variant::ALL.iter().enumerate() {
        if variants & (1 << n) != 0 {
            match query.check_in(variant, &Config::standard(variant).notation) {
                Ok(()) => searchable.push((n, variant)),
                Err(why) => not_searched.push(why),
            }
        }
    }
    if searchable.is_empty()
        && let Some(why) = not_searched.first()
    {
        anyhow::bail!(
            "{} cannot be read {why}; no game searched (the index holds games of {})",
            shown(args),
            why.variant
        );
    }
    for why in &not_searched {
        super::report::to_stderr(&format!(
            "pdnkit: {} cannot be read {why}: the games of {} not searched",
            shown(args),
            why.variant
        ));
    }
    let mut found: Vec<(Entry, String, bool)> = Vec::new();
    for (n, variant) in searchable {
        let config = Config::standard(variant);
        let mut wanted = fen.clone();
        if wanted.turn.is_none() {
            wanted.turn = Some(Colour::White);
        }
        let pos = Position::from_fen(&wanted, variant.rules(), &config.notation)
            .map_err(|e| anyhow::anyhow!("{} in {variant}: {e}", shown(args)))?;
        let mut looked: Vec<(Position, bool)> = vec![(pos, false)];
        if query.any_side || fen.turn.is_none() {
            let mut other = pos;
            other.set_side_to_move(pos.side_to_move().opposite());
            looked.push((other, false));
        }
        if query.mirror {
            let turned: Vec<(Position, bool)> =
                looked.iter().map(|(p, _)| (mirrored(p), true)).collect();
            looked.extend(turned);
        }
        for (p, was_mirrored) in looked {
            for e in index.find(indexed_key(&p, variant))? {
                if e.variant as usize == n && chosen.contains(&(e.file as usize)) {
                    found.push((e, p.fen_text(&config.notation), was_mirrored));
                }
            }
        }
    }
    // In the order of the archive, as a search without the index writes them.
    found.sort_by_key(|(e, ..)| (e.file, e.game, e.ply));
    found.dedup_by_key(|(e, ..)| (e.file, e.game, e.ply));
    let mut out = Output::open(args.output.as_deref())?;
    if !json {
        out.write_all(&header_row())?;
    }
    let mut wanted: Vec<(u32, u32)> = found.iter().map(|(e, ..)| (e.file, e.game)).collect();
    wanted.dedup();
    // The rows of each game as its record comes, in the order of the hits.
    let mut rows = found.iter().peekable();
    let mut data = Vec::new();
    index.each_game(&wanted, |slot, game| -> anyhow::Result<()> {
        let (file, number) = wanted[slot];
        data.clear();
        while let Some((e, fen_text, was_mirrored)) =
            rows.next_if(|(e, ..)| (e.file, e.game) <= (file, number))
        {
            if (e.file, e.game) != (file, number) {
                return Err(no_record(index_path, &index, e));
            }
            let row = Row {
                file: &index.files[e.file as usize].path,
                game: u64::from(e.game),
                event: game.event,
                white: game.white,
                black: game.black,
                date: game.date,
                ply: u32::from(e.ply),
                move_number: (e.side != 2).then_some(u32::from(e.number)),
                played_by: match e.side {
                    0 => Some("white"),
                    1 => Some("black"),
                    _ => None,
                },
                mv: (e.ply > 0)
                    .then(|| game.move_at(usize::from(e.ply) - 1))
                    .flatten(),
                variation: 0,
                mirrored: *was_mirrored,
                fen: fen_text,
            };
            row.write(json, &mut data);
        }
        out.write_all(&data)?;
        Ok(())
    })?;
    if let Some((e, ..)) = rows.next() {
        return Err(no_record(index_path, &index, e));
    }
    let rows = found.len() as u64;
    out.finish()?;
    if !global.quiet {
        super::report::to_stderr(&format!("pdnkit: {} in the index", plural(rows, "hit")));
    }
    Ok(Status::default())
}

/// The refusal of an index whose directory does not list a game its entries name.
fn no_record(index_path: &Path, index: &Index, e: &Entry) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: the index names game {} of {} but holds no record of it; build it again with \
         `pdnkit index`",
        index_path.display(),
        e.game,
        index.files[e.file as usize].path
    )
}

/// The numbers of the files a search answers from: those named (each must be in the index,
/// found by where it is), or every file indexed.
fn chosen_files(
    index: &Index,
    dir: &Path,
    index_path: &Path,
    named: &[PathBuf],
) -> anyhow::Result<Vec<usize>> {
    if named.is_empty() {
        return Ok((0..index.files.len()).collect());
    }
    let located: Vec<Option<PathBuf>> = index
        .files
        .iter()
        .map(|f| std::fs::canonicalize(dir.join(&f.location)).ok())
        .collect();
    let mut chosen = Vec::new();
    for path in named {
        let shown = input::display_name(path);
        let at = std::fs::canonicalize(path).map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
        let n = located
            .iter()
            .position(|l| l.as_deref() == Some(at.as_path()))
            .ok_or_else(|| {
                let covered: Vec<&str> = index.files.iter().map(|f| f.path.as_str()).collect();
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
