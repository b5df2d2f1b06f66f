//! Where a subcommand's data goes: stdout, or a file given with `--output`.
//!
//! A regular file is written under a temporary name in the same directory and renamed into
//! place only when the run finished writing, so a failed or interrupted run never leaves a
//! half-written output where the user expects a complete one. Anything else that exists at the
//! path (a device such as `/dev/null`, a named pipe) is written directly: replacing it would
//! destroy it.

use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, LineWriter, Stdout, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The data sink of one run.
pub struct Output {
    sink: Sink,
}

enum Sink {
    /// Interactive terminal: flush every line so output appears as it is produced.
    Terminal(LineWriter<Stdout>),
    /// Pipe or file redirect: large buffered writes.
    Stdout(BufWriter<Stdout>),
    File(PendingFile),
    /// An existing special file, written in place.
    Special(BufWriter<File>, PathBuf),
}

struct PendingFile {
    writer: BufWriter<File>,
    temp: PathBuf,
    target: PathBuf,
    done: bool,
}

impl Output {
    /// Opens stdout, or a temporary file next to `path` when one is given.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Output> {
        let sink = match path {
            None if io::stdout().is_terminal() => Sink::Terminal(LineWriter::new(io::stdout())),
            None => Sink::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())),
            Some(target) if is_special(target) => {
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .with_context(|| format!("{}: cannot open output", target.display()))?;
                Sink::Special(BufWriter::new(file), target.to_path_buf())
            }
            Some(target) => Sink::File(PendingFile::create(target)?),
        };
        Ok(Output { sink })
    }

    /// Flushes everything and, for a file, moves it into place.
    pub fn finish(mut self) -> anyhow::Result<()> {
        match &mut self.sink {
            Sink::Terminal(w) => w.flush().context("writing to stdout")?,
            Sink::Stdout(w) => w.flush().context("writing to stdout")?,
            Sink::File(f) => f.commit()?,
            Sink::Special(w, path) => w
                .flush()
                .with_context(|| format!("writing output: {}", path.display()))?,
        }
        Ok(())
    }
}

// Errors writing a file name it (`out.pdn: No space left on device`); the kind is kept, so a
// closed pipe is still seen as one.
impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Terminal(w) => w.write(buf),
            Sink::Stdout(w) => w.write(buf),
            Sink::File(f) => f.writer.write(buf).map_err(named(&f.target)),
            Sink::Special(w, path) => w.write(buf).map_err(named(path)),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Terminal(w) => w.write_all(buf),
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File(f) => f.writer.write_all(buf).map_err(named(&f.target)),
            Sink::Special(w, path) => w.write_all(buf).map_err(named(path)),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Terminal(w) => w.flush(),
            Sink::Stdout(w) => w.flush(),
            Sink::File(f) => f.writer.flush().map_err(named(&f.target)),
            Sink::Special(w, path) => w.flush().map_err(named(path)),
        }
    }
}

/// `e` with `path` in front of its message.
fn named(path: &Path) -> impl Fn(io::Error) -> io::Error + '_ {
    move |e| io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// True when something other than a regular file exists at `path`.
fn is_special(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| !m.is_file())
}

impl PendingFile {
    fn create(target: &Path) -> anyhow::Result<PendingFile> {
        let name = target
            .file_name()
            .with_context(|| format!("{}: not a file name", target.display()))?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".pdnkit-{}.tmp", std::process::id()));
        let temp = target.with_file_name(temp_name);
        let file = File::create(&temp)
            .with_context(|| format!("{}: cannot create output", target.display()))?;
        Ok(PendingFile {
            writer: BufWriter::with_capacity(1 << 16, file),
            temp,
            target: target.to_path_buf(),
            done: false,
        })
    }

    fn commit(&mut self) -> anyhow::Result<()> {
        let what = || format!("writing output: {}", self.target.display());
        self.writer.flush().with_context(what)?;
        self.writer.get_ref().sync_all().with_context(what)?;
        fs::rename(&self.temp, &self.target).with_context(what)?;
        self.done = true;
        Ok(())
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if !self.done {
            // Best effort: the run failed, so the partial file must not survive.
            let _ = fs::remove_file(&self.temp);
        }
    }
}
