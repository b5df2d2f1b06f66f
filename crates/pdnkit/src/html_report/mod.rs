//! The HTML report of an archive: one static page, readable offline in any browser, with the
//! counts and charts of the whole input, a table of every finding (paged, filtered, sorted by
//! the page's script), and a viewer that steps through the games with findings (or every
//! game), showing at each finding the board before the move: the move written in red with the
//! pieces it took marked, the move the rules required in green, hop by hop, and what the
//! writer may have meant (the repairs `validate` suggests, those `fix` applies marked).
//!
//! The page is written as the games come, so the memory it takes does not grow with the
//! archive: the head first, then the games with findings as compact JSON (a game is its start
//! and its moves, a word each; a finding's board is a ply of its game, which the page plays),
//! then the counts and charts, which CSS shows at the top. Nothing is fetched: styles, script
//! and data are inline. The data's format is described in `data.rs`. A page with standings
//! ([`Settings::standings`]) keeps each game's header facts for them until the end.
//!
//! Games are checked one by one ([`GameEntry::of`], on any thread), then added in input
//! order ([`Report::add`]), which writes them; [`Report::finish`] writes the rest.
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
//! let options = ReplayOptions::default();
//! let mut report = Report::new(settings.clone(), Vec::new())?;
//! for raw in Splitter::new(archive.as_bytes()) {
//!     let raw = raw?;
//!     let entry = check_game("demo.pdn", &raw, &options, |checked| {
//!         GameEntry::of(checked, &settings, &options)
//!     });
//!     report.add(entry)?;
//! }
//! assert_eq!(report.totals().findings, 1);
//! let page = String::from_utf8(report.finish()?).unwrap();
//! assert!(page.contains("\"capture-required\""));
//! # Ok::<(), std::io::Error>(())
//! ```

mod charts;
mod data;
mod entry;
mod finding;
mod page;
mod paths;
mod totals;
mod viewer;

pub use entry::GameEntry;
pub use finding::{Board, Finding, Repair, RepairStatus};
pub use paths::shown_path;
pub use totals::{Results, Totals};
pub use viewer::ViewerGame;

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;

use crate::players::Aliases;
use crate::standings::{Grouping, Tally};

/// What a report lists and shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// List notes too, not only warnings and errors.
    pub notes: bool,
    /// Put every game in the viewer, not only those with a finding listed.
    pub all_games: bool,
    /// Try repairs for the moves that cannot be played, and list them.
    pub suggest: bool,
    /// The page's title.
    pub title: String,
    /// The inputs, as named on the page.
    pub inputs: Vec<String>,
    /// Name files relative to this directory (see [`shown_path`]); as given when `None`.
    pub relative_to: Option<PathBuf>,
    /// Name players as this table says (the spellings of one person read as their name).
    pub aliases: Option<Arc<Aliases>>,
    /// Add a standings section, the events grouped so (it keeps every game's header facts
    /// until the end, so its memory grows with the games).
    pub standings: Option<Grouping>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            notes: false,
            all_games: false,
            suggest: true,
            title: "pdnkit report".to_string(),
            inputs: Vec::new(),
            relative_to: None,
            aliases: None,
            standings: None,
        }
    }
}

/// A report being written to `W`.
pub struct Report<W: Write> {
    settings: Settings,
    totals: Totals,
    data: data::Writer,
    /// The games the standings count, with [`Settings::standings`].
    tally: Option<Tally>,
    out: W,
}

impl<W: Write> Report<W> {
    /// Starts the page on `out`.
    ///
    /// # Errors
    /// When writing fails.
    pub fn new(settings: Settings, mut out: W) -> io::Result<Report<W>> {
        page::head(&mut out, &settings)?;
        Ok(Report {
            data: data::Writer::new(settings.relative_to.clone()),
            tally: settings.standings.clone().map(Tally::new),
            settings,
            totals: Totals::default(),
            out,
        })
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

    /// Adds the next game, in input order, and writes it when the page lists or shows it
    /// (the others are counted only).
    ///
    /// # Errors
    /// When writing fails.
    pub fn add(&mut self, mut entry: GameEntry) -> io::Result<()> {
        if let (Some(pairing), Some(tally)) = (entry.pairing.take(), &mut self.tally) {
            tally.add(*pairing);
        }
        let codes: Vec<(&'static str, &'static str)> = entry
            .findings
            .iter()
            .map(|f| (f.code.name(), f.severity.name()))
            .collect();
        self.totals.add(&entry.record, &codes);
        if entry.findings.is_empty() && entry.viewer.is_none() {
            return Ok(());
        }
        self.data.game(&mut self.out, &entry)
    }

    /// Writes the end of the page: the counts, the charts and the script; returns the writer.
    ///
    /// # Errors
    /// When writing fails.
    pub fn finish(mut self) -> io::Result<W> {
        self.data.close(&mut self.out)?;
        if let Some(tally) = &self.tally {
            let table = tally.standings(self.settings.aliases.as_deref());
            page::standings(&mut self.out, &table)?;
        }
        page::tail(&mut self.out, &self.totals, &self.data)?;
        Ok(self.out)
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
