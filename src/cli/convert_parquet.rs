//! `pdnkit convert --to parquet -o DIR`: the games and plies tables of `pdnkit::export`'s
//! [`ParquetWriter`]. Workers make each game's rows; the one consumer writes them in input
//! order, encoding each batch's columns on `--jobs` threads, so the files are the same for
//! every `--jobs`.

use std::ops::ControlFlow;

use pdnkit::export::{GameRows, ParquetWriter, Partition};

use super::convert::{ConvertArgs, PartitionBy, Tally, convert, naming};
use super::report::{Reporter, plural};
use super::{GlobalArgs, Status};
use super::{arenas, input};

/// Runs `pdnkit convert --to parquet`.
pub fn run(args: &ConvertArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    if args.position.is_some() || args.ply.is_some() || args.tags.is_some() || args.moves {
        anyhow::bail!(
            "--position, --ply, --tags and --moves do not apply to --to parquet (the games \
             table has every roster tag, the plies table every ply)"
        );
    }
    let Some(dir) = args.output.as_deref() else {
        anyhow::bail!("--to parquet writes a directory of tables: name it with -o DIR");
    };
    let partition = args.partition.map(|p| match p {
        PartitionBy::Variant => Partition::Variant,
        PartitionBy::Year => Partition::Year,
    });
    let files = input::default_stdin(args.files.clone());
    // Each game's rows hold every ply's columns: fewer batches in flight than for text out.
    let archive = input::archive(&files, global, args.replay.options()?).batches_per_job(2);
    // The memory budget holds with one heap a job, not one a thread.
    arenas::cap_to_jobs(archive.job_count());
    let reporter = Reporter::new(global, &files);
    let fen_after = args.fen;
    let openings = naming(args)?;
    // The consumer encodes the columns of each batch on as many threads as the run has jobs.
    let mut writer = ParquetWriter::create(dir, partition)?
        .with_fen_after(fen_after)
        .with_threads(archive.job_count());
    let skip_invalid = args.skip_invalid;
    let mut tally = Tally::default();
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| {
            convert(game, skip_invalid, false, |data| {
                Ok(Some(Box::new(GameRows::named(data, fen_after, &openings))))
            })
        },
        |converted| match tally.take(converted, &reporter, global.quiet).flatten() {
            Some(rows) => match writer.write_rows(&rows) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            },
            None => ControlFlow::Continue(()),
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing the Parquet tables"))?;
    let tables = writer.finish()?;
    if !global.quiet {
        let line = format!(
            "{}; {} and {} in {}",
            tally.summary(),
            if tables.plies == 1 {
                "1 ply".to_string()
            } else {
                format!("{} plies", tables.plies)
            },
            plural(tables.files.len() as u64, "file"),
            dir.display()
        );
        reporter.message(&line);
    }
    Ok(reporter.finish(ran.counts))
}
