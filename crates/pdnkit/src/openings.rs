//! Named openings: a table of opening lines (CSV `variant,name,moves`, the moves as written in
//! PDN), and the name of a game's opening by the longest line it reaches. Lines are compared by
//! the positions they reach, so a game that gets there by another move order (a transposition)
//! is named too. pdnkit ships tables for English checkers, Russian and international draughts
//! ([`Openings::builtin`], docs/openings.md); a user brings their own with [`Openings::from_csv`].
//!
//! ```
//! use pdnkit::openings::Openings;
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let table = "variant,name,moves\n\
//!              international,Centre opening,32-28\n\
//!              international,Centre opening: classical,32-28 18-23 33-29\n";
//! let openings = Openings::from_csv(table.as_bytes()).unwrap();
//! let raw = pdnkit::pdn::RawGame::from_text("[GameType \"20\"]\n1. 32-28 18-23 2. 33-29 23x34 *");
//! let named = check_game("g.pdn", &raw, &ReplayOptions::default(), |g| {
//!     openings.name_of(g).map(|o| o.name.clone())
//! });
//! assert_eq!(named.as_deref(), Some("Centre opening: classical"));
//! ```

use std::collections::HashMap;
use std::io::Read;
use std::sync::{Arc, OnceLock};

use draughts::{GameState, Variant};

use crate::export::minimal_legal;
use crate::{CheckedGame, ReplayOptions, Verdict, check_game};

/// A named line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The variant it is played in.
    pub variant: Variant,
    /// Its name.
    pub name: String,
    /// Its moves, normalised as `stats` writes moves (`32-28 18-23`).
    pub moves: String,
    /// How many plies it has.
    pub plies: u32,
}

/// A table of named openings, ready to name games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Openings {
    lines: Vec<Opening>,
    /// The line reaching each position (variant, position key); the first of the table when
    /// two lines reach the same position.
    by_position: HashMap<(Variant, u64), usize>,
    /// The most plies of any line of each variant: no later position is looked up.
    longest: HashMap<Variant, u32>,
}

/// Why a table could not be read: the line of the table and the cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The line of the table (1 is the header).
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// The tables pdnkit ships, by variant (their rows and sources: docs/openings.md).
const BUILTIN: [(&str, &str); 3] = [
    ("english", include_str!("../openings/english.csv")),
    ("russian", include_str!("../openings/russian.csv")),
    (
        "international",
        include_str!("../openings/international.csv"),
    ),
];

impl Openings {
    /// The tables pdnkit ships, as one table (each row names its variant), read once per
    /// process.
    pub fn builtin() -> Arc<Openings> {
        static TABLES: OnceLock<Arc<Openings>> = OnceLock::new();
        TABLES
            .get_or_init(|| {
                let mut all = Openings::default();
                for (name, table) in BUILTIN {
                    // The tables are part of the program; a test reads each of them.
                    all.read_csv(table.as_bytes())
                        .unwrap_or_else(|e| panic!("the built-in {name} openings: {e}"));
                }
                Arc::new(all)
            })
            .clone()
    }

    /// Reads a table: a header row naming the columns `variant`, `name` and `moves` (in any
    /// order; other columns are ignored), then one opening per row. Each row's moves are played
    /// from its variant's start; a row that does not play through is an error.
    pub fn from_csv(input: impl Read) -> Result<Openings, TableError> {
        let mut openings = Openings::default();
        openings.read_csv(input)?;
        Ok(openings)
    }

    /// Adds the rows of a table (as [`Self::from_csv`] reads it) after those already held.
    pub fn read_csv(&mut self, input: impl Read) -> Result<(), TableError> {
        let mut csv = csv::ReaderBuilder::new().flexible(true).from_reader(input);
        let at = |e: &csv::Error| e.position().map_or(0, |p| p.line());
        let header = csv.headers().map_err(|e| TableError {
            line: at(&e),
            message: e.to_string(),
        })?;
        let column = |name: &str| {
            header
                .iter()
                .position(|h| h.trim().eq_ignore_ascii_case(name))
                .ok_or_else(|| TableError {
                    line: 1,
                    message: format!("no `{name}` column (the header needs variant, name, moves)"),
                })
        };
        let (v_col, n_col, m_col) = (column("variant")?, column("name")?, column("moves")?);
        for record in csv.records() {
            let record = record.map_err(|e| TableError {
                line: at(&e),
                message: e.to_string(),
            })?;
            let line = record.position().map_or(0, |p| p.line());
            let field = |i: usize| record.get(i).unwrap_or("").trim();
            let (variant, name, moves) = (field(v_col), field(n_col), field(m_col));
            if variant.is_empty() && name.is_empty() && moves.is_empty() {
                continue;
            }
            let variant = Variant::from_name(variant).ok_or_else(|| TableError {
                line,
                message: format!("unknown variant {variant:?} (see `pdnkit variants`)"),
            })?;
            if name.is_empty() {
                return Err(TableError {
                    line,
                    message: "the opening has no name".into(),
                });
            }
            self.add(variant, name, moves)
                .map_err(|message| TableError { line, message })?;
        }
        Ok(())
    }

    /// Adds a line: `moves` (PDN move text) played from `variant`'s start.
    pub fn add(&mut self, variant: Variant, name: &str, moves: &str) -> Result<(), String> {
        let raw = pdn::RawGame::from_text(format!("{moves} *"));
        let options = ReplayOptions {
            variant: Some(variant),
            mainline_only: true,
            ..ReplayOptions::default()
        };
        let played = check_game("openings", &raw, &options, |g| {
            let record = g.record;
            // A line is its moves, every one read and played: a move read as junk or any
            // other warning would leave a shorter line than the one written.
            if record.status != Verdict::Clean {
                let why = record
                    .diagnostics
                    .iter()
                    .find(|d| d.severity >= crate::Severity::Warning)
                    .map_or_else(
                        || "its moves could not be read".to_string(),
                        |d| d.message.clone(),
                    );
                return Err(format!("{name:?}: {why}"));
            }
            let (replayed, config) = (g.replayed.expect("read"), g.config().expect("replayed"));
            let Some(last) = replayed.plies.last() else {
                return Err(format!("{name:?}: no moves"));
            };
            let moves: Vec<String> = replayed
                .plies
                .iter()
                .map(|p| minimal_legal(config, &p.before, &p.mv))
                .collect();
            Ok((
                last.after.key(),
                moves.join(" "),
                replayed.plies.len() as u32,
            ))
        })?;
        let (key, moves, plies) = played;
        self.by_position
            .entry((variant, key))
            .or_insert(self.lines.len());
        let longest = self.longest.entry(variant).or_default();
        *longest = (*longest).max(plies);
        self.lines.push(Opening {
            variant,
            name: name.to_string(),
            moves,
            plies,
        });
        Ok(())
    }

    /// The lines of the table, in its order.
    pub fn lines(&self) -> &[Opening] {
        &self.lines
    }

    /// The opening of a game from its variant's standard start: the line whose position the
    /// game reaches latest in its main line (so the longest line it follows, by whatever move
    /// order).
    pub fn name_of(&self, game: &CheckedGame<'_, '_>) -> Option<&Opening> {
        let (replayed, config) = (game.replayed?, game.config()?);
        let longest = self.longest.get(&config.variant).copied()?;
        if replayed.start? != *GameState::new(*config).position() {
            return None;
        }
        // A transposition may take a few more plies than the line (exchanges in another
        // order): look a little past the variant's longest line.
        let horizon = (longest as usize).saturating_mul(2).max(8);
        replayed
            .plies
            .iter()
            .take(horizon)
            .rev()
            .find_map(|p| self.by_position.get(&(config.variant, p.after.key())))
            .map(|&i| &self.lines[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game of `moves` from its variant's start, named from `openings`.
    fn named(openings: &Openings, variant: Variant, moves: &str) -> Option<Opening> {
        let raw = pdn::RawGame::from_text(format!("{moves} *"));
        let options = ReplayOptions {
            variant: Some(variant),
            ..ReplayOptions::default()
        };
        check_game("t.pdn", &raw, &options, |g| openings.name_of(g).cloned())
    }

    #[test]
    fn every_built_in_table_reads_and_holds_only_its_variant() {
        for (name, table) in BUILTIN {
            let variant = Variant::from_name(name).expect("a variant's name");
            let openings = Openings::from_csv(table.as_bytes())
                .unwrap_or_else(|e| panic!("the built-in {name} table: {e}"));
            assert!(!openings.lines().is_empty(), "{name}");
            assert!(
                openings.lines().iter().all(|o| o.variant == variant),
                "{name}: a row of another variant"
            );
        }
        let all = Openings::builtin();
        let rows: usize = BUILTIN
            .iter()
            .map(|(_, t)| Openings::from_csv(t.as_bytes()).unwrap().lines().len())
            .sum();
        assert_eq!(all.lines().len(), rows);
    }

    #[test]
    fn a_game_playing_a_built_in_line_is_named_by_a_line_reaching_its_position() {
        let all = Openings::builtin();
        for line in all.lines() {
            let found = named(&all, line.variant, &line.moves)
                .unwrap_or_else(|| panic!("{} ({}) not named", line.name, line.moves));
            // The game ends on the line's position: the first line of the tables reaching that
            // position names it (the line itself, or an earlier row of the same position).
            assert_eq!(found.plies, line.plies, "{}", line.name);
            assert_eq!(
                named(&all, found.variant, &found.moves),
                Some(found.clone())
            );
            let first = all
                .lines()
                .iter()
                .position(|o| o == &found)
                .expect("a line of the tables");
            let own = all.lines().iter().position(|o| o == line).unwrap();
            assert!(first <= own, "{} named by a later row", line.name);
        }
    }

    #[test]
    fn a_row_with_a_move_not_read_is_refused_not_shortened() {
        // `d:b4` is not a move of Russian draughts' notation here: read as junk, it would
        // leave a line of one ply.
        let table = "variant,name,moves\nrussian,Short,c3-d4 d:b4\n";
        let e = Openings::from_csv(table.as_bytes()).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.contains("Short"), "{e}");
        let fine = "variant,name,moves\nrussian,City,c3-d4 f6-g5\n";
        assert_eq!(
            Openings::from_csv(fine.as_bytes()).unwrap().lines()[0].plies,
            2
        );
    }

    #[test]
    fn a_game_of_another_variant_or_start_is_not_named() {
        let all = Openings::builtin();
        let international = all
            .lines()
            .iter()
            .find(|o| o.variant == Variant::from_name("international").unwrap())
            .expect("an international line");
        // The same moves under Frisian rules: no table names Frisian games.
        assert_eq!(
            named(
                &all,
                Variant::from_name("frisian").unwrap(),
                &international.moves
            ),
            None
        );
        let raw = pdn::RawGame::from_text(format!(
            "[GameType \"20\"]\n[FEN \"W:W31-50:B1-19\"]\n{} *",
            international.moves
        ));
        let from_setup = check_game("t.pdn", &raw, &ReplayOptions::default(), |g| {
            all.name_of(g).cloned()
        });
        assert_eq!(from_setup, None);
    }
}
