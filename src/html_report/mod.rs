//! The HTML report of an archive: one static page, readable offline in any browser, with the
//! counts and charts of the whole input, a table of every finding that can be filtered and
//! sorted, and a viewer that steps through the games with findings (or every game), showing at
//! each finding the board before the move: the move written in red with the pieces it took
//! marked, the move the rules required in green, hop by hop.
//!
//! The page carries the games as moves, not as pictures: its small script plays them from
//! each start position (every move checked here against the replay, a position sent whole
//! where the two would differ) and draws the boards with the pieces and board of
//! [`crate::diagram`]. Nothing is fetched: styles, script and data are inline.
//!
//! Games are checked one by one ([`GameEntry::of`], on any thread), then added in input
//! order ([`Report::add`]); the page is written once all are in ([`Report::write_html`]).
//!
//! # A report of two games
//!
//! ```
//! use pdnkit::html_report::{GameEntry, Report, Settings};
//! use pdnkit::pdn::Splitter;
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let archive = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
//!                [GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n";
//! let settings = Settings::default();
//! let mut report = Report::new(settings.clone());
//! for raw in Splitter::new(archive.as_bytes()) {
//!     let raw = raw?;
//!     let entry = check_game("demo.pdn", &raw, &ReplayOptions::default(), |checked| {
//!         GameEntry::of(checked, &settings)
//!     });
//!     report.add(entry);
//! }
//! assert_eq!(report.totals().findings, 1);
//! let mut page = Vec::new();
//! report.write_html(&mut page)?;
//! let page = String::from_utf8(page).unwrap();
//! assert!(page.contains("data-code=\"capture-required\""));
//! # Ok::<(), std::io::Error>(())
//! ```

mod charts;
mod entry;
mod finding;
mod page;
mod totals;
mod viewer;

pub use entry::GameEntry;
pub use finding::{Board, Finding};
pub use totals::{Results, Totals};
pub use viewer::{ViewerGame, ViewerPly};

use std::io::{self, Write};

use draughts::Notation;

/// What a report lists and shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// List notes too, not only warnings and errors.
    pub notes: bool,
    /// Put every game in the viewer, not only those with a finding listed.
    pub all_games: bool,
    /// The page's title.
    pub title: String,
    /// The inputs, as named on the page.
    pub inputs: Vec<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            notes: false,
            all_games: false,
            title: "pdnkit report".to_string(),
            inputs: Vec::new(),
        }
    }
}

/// A game of the viewer, as the page receives it.
struct Shown {
    entry_index: usize,
    board: usize,
    viewer: ViewerGame,
}

/// A report being gathered.
pub struct Report {
    settings: Settings,
    totals: Totals,
    /// Every game added (their findings are the table's rows).
    entries: Vec<Entry>,
    /// The viewer's games, in input order.
    shown: Vec<Shown>,
    /// The notations of the viewer's boards: one board per notation.
    boards: Vec<Notation>,
}

/// A game added, as the table needs it.
struct Entry {
    record: crate::GameRecord,
    findings: Vec<Finding>,
    /// Its place among the viewer's games.
    shown: Option<usize>,
}

impl Report {
    /// An empty report.
    pub fn new(settings: Settings) -> Report {
        Report {
            settings,
            totals: Totals::default(),
            entries: Vec::new(),
            shown: Vec::new(),
            boards: Vec::new(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The counts so far.
    pub fn totals(&self) -> &Totals {
        &self.totals
    }

    /// Counts an input that could not be read.
    pub fn add_failed_input(&mut self) {
        self.totals.failed_inputs += 1;
    }

    /// Adds the next game, in input order. Only games with a finding listed or a place in the
    /// viewer are kept; the others are counted.
    pub fn add(&mut self, entry: GameEntry) {
        let codes: Vec<(&'static str, &'static str)> = entry
            .findings
            .iter()
            .map(|f| (f.code, f.severity))
            .collect();
        self.totals.add(&entry.record, &codes);
        if entry.findings.is_empty() && entry.viewer.is_none() {
            return;
        }
        let entry_index = self.entries.len();
        let shown = entry.viewer.map(|viewer| {
            let board = match self.boards.iter().position(|n| *n == viewer.notation) {
                Some(i) => i,
                None => {
                    self.boards.push(viewer.notation);
                    self.boards.len() - 1
                }
            };
            self.shown.push(Shown {
                entry_index,
                board,
                viewer,
            });
            self.shown.len() - 1
        });
        self.entries.push(Entry {
            record: entry.record,
            findings: entry.findings,
            shown,
        });
    }

    /// Writes the page.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_html(&self, out: &mut dyn Write) -> io::Result<()> {
        page::write(self, out)
    }
}

/// `s` with `&`, `<`, `>`, `"` and `'` escaped, for HTML text and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_special_characters_are_escaped() {
        assert_eq!(
            escape("<a href=\"x\">Tom & Jerry's</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
        );
    }
}
