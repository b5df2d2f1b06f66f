//! What one game gives the report: its record for the counts, its findings with their
//! repairs, and its moves for the viewer when the page shows the game. Built where the game is
//! checked (on a worker), so the report itself only writes.

use super::Settings;
use super::finding::Finding;
use super::viewer::ViewerGame;
use crate::repair::{FaultRepairs, repairs};
use crate::standings::Pairing;
use crate::{CheckedGame, GameRecord, ReplayOptions, Severity, Verdict};

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
    /// What the standings count of it, when the page has standings.
    pub pairing: Option<Box<Pairing>>,
}

impl GameEntry {
    /// The entry of `checked` under `settings`: findings of warning severity and above (notes
    /// too with [`Settings::notes`]), each with its repairs (with [`Settings::suggest`], tried
    /// under `options`, as `validate` tries them); the viewer's moves for a game with a
    /// finding listed, or for every game with [`Settings::all_games`].
    pub fn of(
        checked: &CheckedGame<'_, '_>,
        settings: &Settings,
        options: &ReplayOptions,
    ) -> GameEntry {
        let min = if settings.notes {
            Severity::Note
        } else {
            Severity::Warning
        };
        let found: Vec<FaultRepairs> = if settings.suggest
            && matches!(checked.record.status, Verdict::Warnings | Verdict::Invalid)
        {
            repairs(checked, options)
        } else {
            Vec::new()
        };
        let findings: Vec<Finding> = checked
            .record
            .diagnostics
            .iter()
            .filter(|d| d.severity >= min)
            .map(|d| {
                // Repairs belong to the fault at their span (as `GameRecord::attach_repairs`
                // attaches them).
                let suggestions = found
                    .iter()
                    .find(|r| d.severity >= Severity::Warning && Some(r.span) == d.span)
                    .map_or(&d.suggestions[..], |r| &r.suggestions[..]);
                Finding::of(checked, d, suggestions)
            })
            .collect();
        let viewer = if settings.all_games || !findings.is_empty() {
            ViewerGame::of(checked)
        } else {
            None
        };
        let mut record = GameRecord {
            final_fen: None,
            diagnostics: Vec::new(),
            ..checked.record.clone()
        };
        if let Some(aliases) = &settings.aliases {
            for name in [&mut record.white, &mut record.black].into_iter().flatten() {
                if let Some(person) = aliases.name_of(name) {
                    *name = person.to_string();
                }
            }
        }
        GameEntry {
            record,
            findings,
            viewer,
            pairing: settings
                .standings
                .as_ref()
                .map(|grouping| Box::new(Pairing::of(checked, grouping))),
        }
    }
}
