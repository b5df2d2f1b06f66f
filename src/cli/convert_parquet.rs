//! `pdnkit convert --to parquet -o DIR`: the games and plies tables of `pdnkit::export`'s
//! [`ParquetWriter`]. Workers make each game's rows; the one consumer writes them in input
//! order, so the files are the same for every `--jobs`.

use std::ops::ControlFlow;

use pdnkit::export::{GameRows, ParquetWriter, Partition};

use super::convert::{ConvertArgs, PartitionBy, convert, summary};
use super::input;
use super::report::{Reporter, plural};
use super::{GlobalArgs, Status};

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
    let options = args.replay.options()?;
    let mut reporter = Reporter::new(global, &files);
    let mut writer = ParquetWriter::create(dir, partition)?;
    let games = input::games(&files, reporter.progress());
    let skip_invalid = args.skip_invalid;
    let (mut written, mut left_out, mut as_start) = (0u64, 0u64, 0u64);
    // Each game's rows hold a FEN per ply: fewer batches in flight than for text out.
    let mut pipeline = global.pipeline();
    pipeline.max_batches_in_flight = 2 * pipeline.jobs;
    let result = pipeline.run_weighed(
        input::decided(games, input::Deciding::replaying(options.variant)),
        |(item, _)| item.weight(),
        || (),
        |_, (item, archive)| {
            let options = options.for_archive(archive);
            convert(item, &options, skip_invalid, false, |data| {
                Ok(Some(Box::new(GameRows::of(data))))
            })
        },
        |c| {
            if !global.quiet || c.counts.failed_inputs > 0 {
                reporter.message(&c.messages);
            }
            reporter.add(c.counts);
            left_out += u64::from(c.left_out);
            as_start += u64::from(c.as_start);
            let Some(rows) = c.data.filter(|_| c.written) else {
                return ControlFlow::Continue(());
            };
            written += 1;
            match writer.write_rows(&rows) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing the Parquet tables"))?;
    let tables = writer.finish()?;
    if !global.quiet {
        let line = format!(
            "{}; {} and {} in {}",
            summary(written, as_start, left_out, 0),
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
    Ok(reporter.finish_validation())
}
