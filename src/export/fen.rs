//! FEN out: positions of replayed games as PDN FEN, in the game's notation.
//!
//! * [`Positions::Final`] and [`Positions::AfterPly`]: one line per game, the FEN alone; a
//!   game without that position (unreadable, no start position, or shorter than the ply asked
//!   for) gives an empty line, so line N is always game N;
//! * [`Positions::EveryPly`]: one tab-separated row per position, `file game ply fen`, from
//!   ply 0 (the start) to the last ply replayed.

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
        match self.positions {
            Positions::Final => {
                let fen = data.record.final_fen.as_deref().unwrap_or("");
                writeln!(self.out, "{fen}")
            }
            Positions::AfterPly(n) => {
                let fen = fen_after(data, n).unwrap_or_default();
                writeln!(self.out, "{fen}")
            }
            Positions::EveryPly => {
                let r = data.record;
                let plies = data.replayed.map_or(0, |p| p.plies.len() as u32);
                for ply in 0..=plies {
                    let Some(fen) = fen_after(data, ply) else {
                        break;
                    };
                    writeln!(self.out, "{}\t{}\t{ply}\t{fen}", r.file, r.game)?;
                }
                Ok(())
            }
        }
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
