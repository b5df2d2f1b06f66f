//! FEN out: positions of replayed games as PDN FEN, in the game's notation, one
//! tab-separated row per position: `file game ply fen` (the ply after which the position
//! stands, 0 for the start).
//!
//! * [`Positions::Final`]: the position after the last ply replayed, one row per game;
//! * [`Positions::AfterPly`]: the position after that ply, one row per game that has it;
//! * [`Positions::EveryPly`]: every position of the main line, from ply 0 (the start) to the
//!   last ply replayed.
//!
//! A game without the position asked for (unreadable, no start position, shorter than the ply
//! asked for) gets no row; [`missing`] says why, for the caller to report.

use std::io::{self, Write};

use crate::CheckedGame;

/// Which positions to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// The position after the last move played.
    Final,
    /// The position after this many plies of the main line (0: the start).
    AfterPly(u32),
    /// Every position of the main line.
    EveryPly,
}

/// Writes FEN lines.
pub struct FenWriter<W: Write> {
    out: W,
    positions: Positions,
}

impl<W: Write> FenWriter<W> {
    /// A writer of `positions` to `out`.
    pub fn new(out: W, positions: Positions) -> FenWriter<W> {
        FenWriter { out, positions }
    }

    /// Writes the positions of one game.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_game(&mut self, data: &CheckedGame<'_, '_>) -> io::Result<()> {
        let r = data.record;
        let (from, to) = match self.positions {
            Positions::Final => {
                let last = replayed_plies(data);
                (last, last)
            }
            Positions::AfterPly(n) => (n, n),
            Positions::EveryPly => (0, replayed_plies(data)),
        };
        for ply in from..=to {
            let Some(fen) = fen_after(data, ply) else {
                break;
            };
            writeln!(self.out, "{}\t{}\t{ply}\t{fen}", r.file, r.game)?;
        }
        Ok(())
    }

    /// Flushes and returns the inner writer.
    ///
    /// # Errors
    /// When flushing fails.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The FEN after `ply` plies of the main line (0: the start), if the replay got there.
pub fn fen_after(data: &CheckedGame<'_, '_>, ply: u32) -> Option<String> {
    let replayed = data.replayed?;
    let notation = replayed.config?.notation;
    let position = match ply {
        0 => replayed.start?,
        n => replayed.plies.get(n as usize - 1)?.after,
    };
    Some(position.fen_text(&notation))
}

/// The number of main-line plies replayed.
fn replayed_plies(data: &CheckedGame<'_, '_>) -> u32 {
    data.replayed.map_or(0, |p| p.plies.len() as u32)
}

/// Why `positions` gives no row for a game, if it gives none: it has no start position, or
/// fewer plies replayed than the ply asked for.
pub fn missing(data: &CheckedGame<'_, '_>, positions: Positions) -> Option<String> {
    let ply = match positions {
        Positions::AfterPly(n) => n,
        Positions::Final | Positions::EveryPly => 0,
    };
    if fen_after(data, ply).is_some() {
        return None;
    }
    if fen_after(data, 0).is_none() {
        return Some("no position: the game was not replayed from a start position".to_string());
    }
    let replayed = replayed_plies(data);
    let plies = if replayed == 1 { "ply" } else { "plies" };
    Some(format!(
        "no position after ply {ply}: {replayed} {plies} replayed"
    ))
}
