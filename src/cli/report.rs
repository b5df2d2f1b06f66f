//! What a run tells the user on stderr: diagnostics, a progress bar, and the closing summary.
//!
//! Diagnostics are printed through the progress bar so lines never tear. The bar is hidden
//! when stderr is not a terminal or with `--quiet`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{GlobalArgs, Status, input};

/// Game counts of a run; every game read lands in exactly one of parsed or unreadable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games read.
    pub read: u64,
    /// Games whose syntax could be read.
    pub parsed: u64,
    /// Games whose syntax could not be recovered.
    pub unreadable: u64,
    /// Inputs that could not be opened or read to the end.
    pub failed_inputs: u64,
}

impl Counts {
    /// One parsed game.
    pub fn parsed() -> Counts {
        Counts {
            read: 1,
            parsed: 1,
            ..Counts::default()
        }
    }

    /// One unreadable game.
    pub fn unreadable() -> Counts {
        Counts {
            read: 1,
            unreadable: 1,
            ..Counts::default()
        }
    }

    /// One failed input.
    pub fn failed_input() -> Counts {
        Counts {
            failed_inputs: 1,
            ..Counts::default()
        }
    }

    /// Adds `other` to these counts.
    pub fn add(&mut self, other: Counts) {
        self.read += other.read;
        self.parsed += other.parsed;
        self.unreadable += other.unreadable;
        self.failed_inputs += other.failed_inputs;
    }
}

/// The stderr side of a run.
pub struct Reporter {
    quiet: bool,
    bar: ProgressBar,
    bytes: Arc<AtomicU64>,
    counts: Counts,
}

impl Reporter {
    /// A reporter for reading `files`; the bar tracks bytes of their total size.
    pub fn new(global: &GlobalArgs, files: &[PathBuf]) -> Reporter {
        let show = !global.quiet && std::io::stderr().is_terminal();
        let bar = if show {
            let bar = ProgressBar::with_draw_target(
                Some(input::total_size(files)),
                ProgressDrawTarget::stderr_with_hz(4),
            );
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {decimal_bytes}/{decimal_total_bytes} {msg} ({eta})",
                )
                .expect("valid progress template"),
            );
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        } else {
            ProgressBar::hidden()
        };
        Reporter {
            quiet: global.quiet,
            bar,
            bytes: Arc::new(AtomicU64::new(0)),
            counts: Counts::default(),
        }
    }

    /// The counter the input stream advances.
    pub fn bytes_counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.bytes)
    }

    /// Prints diagnostics (already ending with a line end) above the bar.
    pub fn message(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        let text = text.strip_suffix('\n').unwrap_or(text);
        if self.bar.is_hidden() {
            eprintln!("{text}");
        } else {
            self.bar.println(text);
        }
    }

    /// Records one item's counts and advances the bar.
    pub fn add(&mut self, counts: Counts) {
        self.counts.add(counts);
        if !self.bar.is_hidden() {
            self.bar.set_position(self.bytes.load(Ordering::Relaxed));
            self.bar.set_message(format!("{} games", self.counts.read));
        }
    }

    /// Clears the bar, prints the summary (unless quiet) and returns the run's status.
    pub fn finish(self, verb: &str) -> Status {
        self.bar.finish_and_clear();
        let c = self.counts;
        if !self.quiet {
            let mut line = format!(
                "pdnkit: {} read, {} {verb}, {} unreadable",
                plural(c.read, "game"),
                c.parsed,
                c.unreadable
            );
            if c.failed_inputs > 0 {
                line.push_str(&format!(", {} failed", plural(c.failed_inputs, "input")));
            }
            eprintln!("{line}");
        }
        Status {
            findings: c.unreadable > 0,
            failed: c.failed_inputs > 0,
        }
    }
}

/// `1 game`, `3 games`.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
