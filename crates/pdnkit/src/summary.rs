//! The games a run read, by verdict, and the one line that says so.
//!
//! Every command that reads games counts them here and prints [`Counts::summary`]: the same
//! input gives the same counts whatever the command (each replays games with the same
//! defaults, variations included), and every game read lands in exactly one verdict.
//!
//! ```
//! use pdnkit::Verdict;
//! use pdnkit::summary::Counts;
//!
//! let mut counts = Counts::default();
//! for v in [Verdict::Clean, Verdict::Clean, Verdict::Warnings, Verdict::Unreadable] {
//!     counts.add(Counts::verdict(v));
//! }
//! counts.add(Counts::failed_input());
//! assert_eq!(
//!     counts.summary(),
//!     "4 games read: 2 clean, 1 with warnings, 0 invalid, 1 unreadable, 1 input failed"
//! );
//! ```

use crate::Verdict;

/// Game counts of a run; every game read lands in exactly one of clean, warnings, invalid and
/// unreadable.
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
    /// Replayed games without warnings or errors.
    pub clean: u64,
    /// Replayed games with warnings only.
    pub warnings: u64,
    /// Replayed games with errors.
    pub invalid: u64,
}

impl Counts {
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

    /// `games` clean games.
    pub fn clean(games: u64) -> Counts {
        Counts {
            read: games,
            parsed: games,
            clean: games,
            ..Counts::default()
        }
    }

    /// One game with this verdict.
    pub fn verdict(status: Verdict) -> Counts {
        let mut c = Counts {
            read: 1,
            parsed: 1,
            ..Counts::default()
        };
        match status {
            Verdict::Unreadable => return Counts::unreadable(),
            Verdict::Clean => c.clean = 1,
            Verdict::Warnings => c.warnings = 1,
            Verdict::Invalid => c.invalid = 1,
        }
        c
    }

    /// Adds `other` to these counts.
    pub fn add(&mut self, other: Counts) {
        self.read += other.read;
        self.parsed += other.parsed;
        self.unreadable += other.unreadable;
        self.failed_inputs += other.failed_inputs;
        self.clean += other.clean;
        self.warnings += other.warnings;
        self.invalid += other.invalid;
    }

    /// Some game is invalid or unreadable.
    pub fn has_findings(&self) -> bool {
        self.invalid + self.unreadable > 0
    }

    /// The summary line of a run (without the `pdnkit: ` its commands print first):
    /// `31 games read: 30 clean, 0 with warnings, 1 invalid, 0 unreadable`, and the inputs
    /// that failed when some did.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "{} read: {} clean, {} with warnings, {} invalid, {} unreadable",
            plural(self.read, "game"),
            self.clean,
            self.warnings,
            self.invalid,
            self.unreadable
        );
        if self.failed_inputs > 0 {
            line.push_str(&format!(", {} failed", plural(self.failed_inputs, "input")));
        }
        line
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verdict_lands_in_one_count() {
        let all = [
            Verdict::Clean,
            Verdict::Warnings,
            Verdict::Invalid,
            Verdict::Unreadable,
        ];
        let mut total = Counts::default();
        for v in all {
            let c = Counts::verdict(v);
            assert_eq!(c.read, 1);
            assert_eq!(c.clean + c.warnings + c.invalid + c.unreadable, 1, "{v:?}");
            assert_eq!(c.parsed, u64::from(v != Verdict::Unreadable));
            total.add(c);
        }
        assert_eq!(
            total.summary(),
            "4 games read: 1 clean, 1 with warnings, 1 invalid, 1 unreadable"
        );
        assert!(total.has_findings());
        assert!(!Counts::clean(3).has_findings());
        assert_eq!(
            Counts::clean(1).summary(),
            "1 game read: 1 clean, 0 with warnings, 0 invalid, 0 unreadable"
        );
    }
}
