//! Named openings: a user's table of opening lines (CSV `variant,name,moves`, the moves as
//! written in PDN), and the name of a game's opening by the longest line it reaches. Lines are
//! compared by the positions they reach, so a game that gets there by another move order
//! (a transposition) is named too.
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
    /// The most plies of any line: no later position is looked up.
    longest: u32,
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

impl Openings {
    /// Reads a table: a header row naming the columns `variant`, `name` and `moves` (in any
    /// order; other columns are ignored), then one opening per row. Each row's moves are played
    /// from its variant's start; a row that does not play through is an error.
    pub fn from_csv(input: impl Read) -> Result<Openings, TableError> {
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
        let mut openings = Openings::default();
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
            openings
                .add(variant, name, moves)
                .map_err(|message| TableError { line, message })?;
        }
        Ok(openings)
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
            if matches!(record.status, Verdict::Invalid | Verdict::Unreadable) {
                let why = record
                    .diagnostics
                    .iter()
                    .find(|d| d.severity == crate::Severity::Error)
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
        self.longest = self.longest.max(plies);
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
        if replayed.start? != *GameState::new(*config).position() {
            return None;
        }
        // A transposition may take a few more plies than the line (exchanges in another
        // order): look a little past the longest line.
        let horizon = (self.longest as usize).saturating_mul(2).max(8);
        replayed
            .plies
            .iter()
            .take(horizon)
            .rev()
            .find_map(|p| self.by_position.get(&(config.variant, p.after.key())))
            .map(|&i| &self.lines[i])
    }
}
