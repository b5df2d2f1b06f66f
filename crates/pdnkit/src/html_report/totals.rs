//! What the report counts over the whole input: games by verdict, results by variant, game
//! lengths and findings by code.

use std::collections::BTreeMap;

use pdn::{ResultMeaning, ResultToken};

use crate::{GameRecord, Verdict};

/// Results of one variant's games, in first-mover terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    /// Games.
    pub games: u64,
    /// Won by the side that moves first.
    pub first: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by the second mover.
    pub second: u64,
    /// Unfinished, unknown or both lost.
    pub other: u64,
}

/// The counts of a report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games read.
    pub games: u64,
    /// Clean games.
    pub clean: u64,
    /// Games with warnings and no error.
    pub warnings: u64,
    /// Games with an error.
    pub invalid: u64,
    /// Games whose text could not be read.
    pub unreadable: u64,
    /// Inputs that could not be read (counted by the caller).
    pub failed_inputs: u64,
    /// Results by variant (`unknown` for games without rules).
    pub variants: BTreeMap<String, Results>,
    /// Readable games by main-line plies written.
    pub lengths: BTreeMap<u32, u64>,
    /// Findings listed, by code, with their severity.
    pub codes: BTreeMap<&'static str, (&'static str, u64)>,
    /// Findings listed.
    pub findings: u64,
    /// Games with a finding listed.
    pub games_with_findings: u64,
}

impl Totals {
    /// Counts one game whose listed findings have `codes` (code and severity each).
    pub fn add(&mut self, record: &GameRecord, codes: &[(&'static str, &'static str)]) {
        self.games += 1;
        match record.status {
            Verdict::Clean => self.clean += 1,
            Verdict::Warnings => self.warnings += 1,
            Verdict::Invalid => self.invalid += 1,
            Verdict::Unreadable => self.unreadable += 1,
        }
        let variant = record.variant.unwrap_or("unknown").to_string();
        let r = self.variants.entry(variant).or_default();
        r.games += 1;
        let outcome = record
            .result
            .as_deref()
            .and_then(|t| ResultToken::from_tag(t).outcome);
        match outcome {
            Some(ResultMeaning::FirstWins) => r.first += 1,
            Some(ResultMeaning::Draw) => r.draws += 1,
            Some(ResultMeaning::SecondWins) => r.second += 1,
            _ => r.other += 1,
        }
        if record.status != Verdict::Unreadable {
            *self.lengths.entry(record.plies).or_default() += 1;
        }
        for &(code, severity) in codes {
            let entry = self.codes.entry(code).or_insert((severity, 0));
            // A code listed at several severities (ambiguous-move) shows the worst.
            if rank(severity) > rank(entry.0) {
                entry.0 = severity;
            }
            entry.1 += 1;
        }
        self.findings += codes.len() as u64;
        if !codes.is_empty() {
            self.games_with_findings += 1;
        }
    }
}

/// Severities in order, for "the worst".
fn rank(severity: &str) -> u8 {
    match severity {
        "error" => 2,
        "warning" => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReplayOptions, check_game};
    use pdn::Splitter;

    #[test]
    fn games_are_counted_by_verdict_result_variant_and_length() {
        let archive = "[GameType \"20\"][Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
                       [GameType \"25\"][Result \"1-1\"]\n1. c3-d4 1-1\n\n\
                       [GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n\n\
                       [GameType \"20\"]\n1. 32-28 { never closed\n";
        let mut totals = Totals::default();
        for raw in Splitter::new(archive.as_bytes()) {
            let raw = raw.unwrap();
            check_game("t.pdn", &raw, &ReplayOptions::default(), |c| {
                let codes: Vec<_> = c
                    .record
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity >= crate::Severity::Warning)
                    .map(|d| (d.code.name(), d.severity.name()))
                    .collect();
                totals.add(c.record, &codes);
            });
        }
        assert_eq!(totals.games, 4);
        assert_eq!(
            (totals.clean, totals.invalid, totals.unreadable),
            (2, 1, 1),
            "{totals:?}"
        );
        let intl = totals.variants["international"];
        assert_eq!((intl.games, intl.first, intl.other), (2, 1, 1), "{intl:?}");
        assert_eq!(totals.variants["russian"].draws, 1);
        assert_eq!(totals.variants["unknown"].games, 1);
        assert_eq!(totals.lengths, BTreeMap::from([(1, 1), (3, 1), (4, 1)]));
        assert_eq!(totals.codes["capture-required"], ("error", 1));
        assert_eq!(totals.codes["syntax"], ("error", 1));
        assert_eq!(totals.findings, 2);
        assert_eq!(totals.games_with_findings, 2);
    }
}
