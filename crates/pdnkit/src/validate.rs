//! Validation of an archive, as `pdnkit validate` runs it: each game judged, read, replayed
//! and its moves that cannot be played given repairs, with the work a report does not show
//! left out. A report of findings says nothing of a clean game: a plain game is found clean
//! without its tree (the plain judge), and in a syntax pass the plain shape is found without
//! cutting the game out at all. These are fast paths: the verdicts and counts are those of the
//! full sequence ([`crate::check_game`]'s parse and replay).
//!
//! No variant is decided per file in a syntax pass, which replays nothing.

use std::io;
use std::ops::ControlFlow;

use pdn::fast::{NotesPassed, Scanned, scan_game};
use pdn::{Note, NoteKind, RawGame, Span, parse_game};

use crate::archive::{Archive, ArchiveGame, Counted, Finished, Piece, Progress};
use crate::repair::repairs;
use crate::{
    CheckedGame, GameRecord, PlainJudge, ReplayOptions, Severity, Verdict, check_syntax, replay,
    worst_syntax_note,
};

/// What a validation reports, which decides what it may skip.
#[derive(Clone, Copy, Debug)]
pub struct Validation {
    /// Read the PDN text only, without replaying the moves.
    pub syntax_only: bool,
    /// The least severity shown: a game with nothing at that level is not shown when
    /// `findings_only`.
    pub min: Severity,
    /// Only the games with findings are shown (a list of findings); otherwise every game's
    /// record is (one record per game).
    pub findings_only: bool,
    /// Look for repairs of moves that cannot be played.
    pub suggest: bool,
}

/// One game's (or a run of plain games') outcome.
#[derive(Debug)]
pub enum Validated {
    /// Games found clean that the report does not show (several for a run of plain games).
    Unshown(u64),
    /// A game the report shows: its record and its text.
    Shown {
        /// Verdict and located diagnostics, with repairs when asked for.
        record: Box<GameRecord>,
        /// The game's text, for quoting its lines.
        raw: RawGame,
    },
}

impl Counted for Validated {
    fn counts(&self) -> crate::summary::Counts {
        use crate::summary::Counts;
        match self {
            Validated::Unshown(games) => Counts::clean(*games),
            Validated::Shown { record, .. } => Counts::verdict(record.status),
        }
    }
}

impl Validation {
    /// Runs the validation over `archive`: `render` turns each game's outcome into what the
    /// caller writes (on the workers), `sink` takes those in input order, as in
    /// [`Archive::run`].
    ///
    /// # Errors
    /// What `sink` broke with.
    pub fn run<R, E>(
        &self,
        archive: Archive,
        progress: &dyn Progress,
        render: impl Fn(Validated) -> R + Sync,
        sink: impl FnMut(io::Result<R>) -> ControlFlow<E>,
    ) -> Result<Finished<PlainJudge>, E>
    where
        R: Counted + Send,
        E: Send,
    {
        if self.syntax_only && self.findings_only {
            let notes = self.notes_passed(archive.options());
            let visit = |judge: &mut PlainJudge, game| render(self.check(game, judge));
            return archive.run_passing_plain(notes, progress, PlainJudge::default, visit, sink);
        }
        let visit = |judge: &mut PlainJudge, game: ArchiveGame| {
            render(self.check(game.map(Piece::Game), judge))
        };
        // A syntax pass replays nothing: no variant to decide.
        let archive = if self.syntax_only {
            archive.without_file_variants()
        } else {
            archive
        };
        archive.run(progress, PlainJudge::default, visit, sink)
    }

    /// The notes a game passed by in a syntax pass may carry: literal escapes, when notes are
    /// not shown and such a note is no more than a note under `options`.
    pub fn notes_passed(&self, options: &ReplayOptions) -> NotesPassed {
        let literal_escape = Note::new(NoteKind::LiteralEscape, Span::new(0, 0));
        if self.min > Severity::Note
            && worst_syntax_note(&[literal_escape], options) < Some(self.min)
        {
            NotesPassed::LiteralEscapes
        } else {
            NotesPassed::None
        }
    }

    /// Judges one game (or passes a run of plain games by).
    pub fn check(&self, game: ArchiveGame<Piece>, judge: &mut PlainJudge) -> Validated {
        let ArchiveGame {
            file,
            game,
            options,
            ..
        } = game;
        let raw = match game {
            Piece::PlainRun(games) => return Validated::Unshown(games),
            Piece::Game(raw) => raw,
        };
        let options = &options;
        let findings_only = self.findings_only;
        // A game whose notes are not shown is silent in a syntax pass.
        let silent = |notes: &[Note]| worst_syntax_note(notes, options) < Some(Severity::Warning);
        let notes_unshown = self.min > Severity::Note;
        // Nor is a clean game in a replay: a plain one is found clean without its tree.
        let clean_unshown = findings_only && notes_unshown;
        if !self.syntax_only && clean_unshown && judge.is_clean(&raw, options) {
            return Validated::Unshown(1);
        }
        let parsed = if self.syntax_only && findings_only {
            match scan_game(&raw, options.fast_paths) {
                Scanned::Plain { .. } => return Validated::Unshown(1),
                Scanned::PlainMoves { notes } if notes_unshown && silent(&notes) => {
                    return Validated::Unshown(1);
                }
                // Notes to show: the tree gives them their words.
                Scanned::PlainMoves { .. } => parse_game(&raw),
                Scanned::Parsed(game) => Ok(game),
                Scanned::Unreadable(e) => Err(e),
            }
        } else {
            parse_game(&raw)
        };
        let record = match parsed {
            Ok(game)
                if self.syntax_only && findings_only && notes_unshown && silent(&game.notes) =>
            {
                return Validated::Unshown(1);
            }
            Ok(game) if self.syntax_only => {
                GameRecord::replayed(&file, &raw, &game, &check_syntax(&game, options))
            }
            Ok(game) => {
                let replayed = replay(&game, options);
                if clean_unshown && replayed.worst() < Some(Severity::Warning) {
                    return Validated::Unshown(1);
                }
                let mut record = GameRecord::replayed(&file, &raw, &game, &replayed);
                if self.suggest && matches!(record.status, Verdict::Warnings | Verdict::Invalid) {
                    let checked = CheckedGame {
                        raw: &raw,
                        record: &record,
                        game: Some(&game),
                        replayed: Some(&replayed),
                    };
                    let found = repairs(&checked, options);
                    record.attach_repairs(found);
                }
                record
            }
            Err(err) => GameRecord::unreadable(&file, &raw, &err),
        };
        Validated::Shown {
            record: Box::new(record),
            raw,
        }
    }
}
