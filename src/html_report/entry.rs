//! What one game gives the report: its record for the counts, its findings, and its moves for
//! the viewer when the page shows the game. Built where the game is checked (on a worker), so
//! the report itself only collects.

use super::Settings;
use super::finding::Finding;
use super::viewer::ViewerGame;
use crate::{CheckedGame, GameRecord, Severity};

/// One game's part of a report.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// Where the game is and its verdict (without its diagnostics: those the report lists
    /// are in `findings`).
    pub record: GameRecord,
    /// The findings listed, in the record's order.
    pub findings: Vec<Finding>,
    /// The game for the viewer, when the page shows it.
    pub viewer: Option<ViewerGame>,
}

impl GameEntry {
    /// The entry of `checked` under `settings`: findings of warning severity and above (notes
    /// too with [`Settings::notes`]); the viewer's moves for a game with a finding listed, or
    /// for every game with [`Settings::all_games`].
    pub fn of(checked: &CheckedGame<'_, '_>, settings: &Settings) -> GameEntry {
        let min = if settings.notes {
            Severity::Note
        } else {
            Severity::Warning
        };
        let findings: Vec<Finding> = checked
            .record
            .diagnostics
            .iter()
            .filter(|d| d.severity >= min)
            .map(|d| Finding::of(checked, d))
            .collect();
        let viewer = if settings.all_games || !findings.is_empty() {
            ViewerGame::of(checked)
        } else {
            None
        };
        GameEntry {
            record: GameRecord {
                final_fen: None,
                diagnostics: Vec::new(),
                ..checked.record.clone()
            },
            findings,
            viewer,
        }
    }
}
