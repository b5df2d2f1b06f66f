//! One Parquet file written from Arrow batches as `parquet::arrow::ArrowWriter` writes it (the
//! same row groups, pages and bytes), with each batch's columns encoded on several threads:
//! encoding is most of what `convert --to parquet` does in its one consumer thread, and the
//! columns of a batch are encoded independently of each other.

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnWriter, ArrowLeafColumn, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::errors::Result;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use std::fs::File;

/// A Parquet file being written.
pub struct ParquetFile {
    file: SerializedFileWriter<File>,
    groups: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    max_rows: Option<usize>,
    threads: usize,
    /// The row group being filled: its columns' writers and its rows so far.
    group: Option<(Vec<ArrowColumnWriter>, usize)>,
}

impl ParquetFile {
    /// A file for batches of `schema` written with `properties` (the Arrow schema is kept in
    /// the file's metadata, as `ArrowWriter` keeps it), encoding on up to `threads` threads.
    pub fn new(
        file: File,
        schema: SchemaRef,
        properties: WriterProperties,
        threads: usize,
    ) -> Result<ParquetFile> {
        let max_rows = properties.max_row_group_row_count();
        let (file, groups) = ArrowWriter::try_new(file, schema.clone(), Some(properties))?
            .into_serialized_writer()?;
        Ok(ParquetFile {
            file,
            groups,
            schema,
            max_rows,
            threads: threads.max(1),
            group: None,
        })
    }

    /// Adds `batch`'s rows, closing the row group whenever it reaches the most rows allowed.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        let mut remaining = batch.clone();
        while remaining.num_rows() > 0 {
            let index = self.file.flushed_row_groups().len();
            let (writers, rows) = match &mut self.group {
                Some(group) => group,
                None => self
                    .group
                    .insert((self.groups.create_column_writers(index)?, 0)),
            };
            let room = self.max_rows.map_or(usize::MAX, |max| max - *rows);
            let now = if remaining.num_rows() > room {
                let now = remaining.slice(0, room);
                remaining = remaining.slice(room, remaining.num_rows() - room);
                now
            } else {
                std::mem::replace(&mut remaining, batch.slice(0, 0))
            };
            encode(&self.schema, writers, &now, self.threads)?;
            *rows += now.num_rows();
            if self.max_rows.is_some_and(|max| *rows >= max) {
                self.flush()?;
            }
        }
        Ok(())
    }

    /// Closes the row group being filled, if any.
    pub fn flush(&mut self) -> Result<()> {
        let Some((writers, _)) = self.group.take() else {
            return Ok(());
        };
        let mut group = self.file.next_row_group()?;
        for writer in writers {
            writer.close()?.append_to_row_group(&mut group)?;
        }
        group.close()?;
        Ok(())
    }

    /// The estimated bytes of the row group being filled, encoded.
    pub fn in_progress_size(&self) -> usize {
        self.group.as_ref().map_or(0, |(writers, _)| {
            writers
                .iter()
                .map(ArrowColumnWriter::get_estimated_total_bytes)
                .sum()
        })
    }

    /// Closes the last row group and writes the file's footer.
    pub fn close(mut self) -> Result<()> {
        self.flush()?;
        self.file.close()?;
        Ok(())
    }
}

/// Encodes each leaf column of `batch` into its writer, on up to `threads` threads taking the
/// next column not yet taken (columns differ much in cost: a string with its dictionary weighs
/// more than a small integer). The threads are the pipeline crate's, as every thread the
/// library runs.
fn encode(
    schema: &SchemaRef,
    writers: &mut [ArrowColumnWriter],
    batch: &RecordBatch,
    threads: usize,
) -> Result<()> {
    let mut leaves: Vec<ArrowLeafColumn> = Vec::with_capacity(writers.len());
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        leaves.extend(compute_leaves(field, column)?);
    }
    pipeline::each_in_parallel(
        writers.iter_mut().zip(&leaves),
        threads.min(leaves.len()),
        |(writer, leaf)| writer.write(leaf),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::arrow::{GameRows, PliesBuilder};
    use crate::{ReplayOptions, check_game};
    use parquet::basic::{Compression, ZstdLevel};

    /// Batches of the plies of the sample archive's games (comments, variations, captures,
    /// several variants), `per_batch` games each.
    fn batches(per_batch: usize) -> Vec<RecordBatch> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/sample/archive.pdn"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut out = Vec::new();
        let mut plies = PliesBuilder::new(true);
        for (i, raw) in pdn::Splitter::new(text.as_bytes()).enumerate() {
            let raw = raw.unwrap();
            let rows = check_game("t.pdn", &raw, &ReplayOptions::default(), |data| {
                GameRows::of(data, true)
            });
            plies.append(&rows.game, &rows.plies);
            if i % per_batch == per_batch - 1 {
                out.push(plies.finish(&[]).unwrap());
            }
        }
        out.push(plies.finish(&[]).unwrap());
        out
    }

    fn properties(max_rows: usize) -> WriterProperties {
        WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(max_rows))
            .set_data_page_size_limit(4 << 10)
            .build()
    }

    #[test]
    fn the_file_is_the_one_arrow_writer_writes_on_any_number_of_threads() {
        let dir = std::env::temp_dir().join(format!("pdnkit-parquet-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let batches = batches(3);
        let schema = batches[0].schema();
        let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
        // Row groups closed inside a batch, at a batch's end and at the file's end.
        let max_rows = rows / 5;
        assert!(
            batches.len() > 5 && max_rows > 100,
            "{} batches",
            batches.len()
        );
        let reference = dir.join("arrow-writer.parquet");
        let mut writer = ArrowWriter::try_new(
            File::create(&reference).unwrap(),
            schema.clone(),
            Some(properties(max_rows)),
        )
        .unwrap();
        for b in &batches {
            writer.write(b).unwrap();
        }
        writer.close().unwrap();
        let expected = std::fs::read(&reference).unwrap();
        for threads in [1, 2, 5] {
            let path = dir.join(format!("threads-{threads}.parquet"));
            let mut file = ParquetFile::new(
                File::create(&path).unwrap(),
                schema.clone(),
                properties(max_rows),
                threads,
            )
            .unwrap();
            let mut filling = false;
            for b in &batches {
                file.write(b).unwrap();
                filling |= file.in_progress_size() > 0;
            }
            assert!(filling);
            file.close().unwrap();
            let got = std::fs::read(&path).unwrap();
            assert!(
                got == expected,
                "{threads} threads: {} bytes against {}",
                got.len(),
                expected.len()
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
