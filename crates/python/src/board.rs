//! `pdnkit.Board`: a position of any variant pdnkit plays, its legal moves, moves played in
//! any notation pdnkit reads, and perft. A move is read as the replay of an archive reads it:
//! the board keeps its moves and replays them with the new one, so a move is understood (and
//! refused) exactly as `pdnkit validate` would understand it in a game.

use pdnkit::diagram::{self, Theme};
use pdnkit::draughts::{Config, CountMode, Fen, GameState, Move, perft};
use pdnkit::export::{full_path, minimal_legal};
use pdnkit::pdn::RawGame;
use pdnkit::{ReplayOptions, Severity, check_game, side_name};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{pdn_error, simple_error};
use crate::record::Diagnostic;

/// A draughts position with its history, under one variant's rules.
#[pyclass(module = "pdnkit")]
pub struct Board {
    config: Config,
    /// The start position as FEN, when it is not the variant's standard start.
    start: Option<String>,
    /// The moves played, each written in full (read back without ambiguity).
    played: Vec<String>,
    /// The last move played, for pictures.
    last: Option<Move>,
    state: GameState,
}

#[pymethods]
impl Board {
    /// A board of `variant` (a name or alias of `pdnkit.variants()`) at its standard start, or
    /// at `fen` (PDN FEN in the variant's notation).
    #[new]
    #[pyo3(signature = (variant, fen = None))]
    fn new(py: Python<'_>, variant: &str, fen: Option<&str>) -> PyResult<Board> {
        let config = Config::standard(crate::variant_named(py, variant)?);
        let state = match fen {
            None => GameState::new(config),
            Some(text) => {
                let bad = |e: String| simple_error(py, "bad-fen", format!("{text:?}: {e}"));
                let fen = Fen::parse(text).map_err(|e| bad(e.to_string()))?;
                GameState::from_fen(&fen, config).map_err(|e| bad(e.to_string()))?
            }
        };
        let start = fen.map(|_| state.to_fen().to_string());
        Ok(Board {
            config,
            start,
            played: Vec::new(),
            last: None,
            state,
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.config.variant.name()
    }

    /// `"white"` or `"black"`: the side to move.
    #[getter]
    fn turn(&self) -> &'static str {
        side_name(self.state.side_to_move())
    }

    /// The moves played so far, each written in full.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.played.clone()
    }

    /// The position as PDN FEN.
    fn fen(&self) -> String {
        self.state.to_fen().to_string()
    }

    /// The legal moves, each in the shortest form PDN writes that no other legal move shares.
    fn legal_moves(&self) -> Vec<String> {
        let position = self.state.position();
        self.state
            .legal_moves()
            .iter()
            .map(|m| minimal_legal(&self.config, position, m))
            .collect()
    }

    /// Plays `move`, written in any form pdnkit reads in an archive (`32-28`, `19x30`, a full
    /// capture path, `c3-d4`, Russian short `cd4`, upper-case squares...). A move that is not
    /// legal here, or is ambiguous, raises `PdnError` with the diagnostic's fields.
    #[pyo3(name = "play")]
    fn play_move(&mut self, py: Python<'_>, r#move: &str) -> PyResult<()> {
        let text = r#move.trim();
        let is_move_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | 'x' | ':');
        if text.is_empty() || !text.chars().all(is_move_char) {
            return Err(simple_error(
                py,
                "unread-move",
                format!("not one move: {move:?}", move = r#move),
            ));
        }
        let (state, played, mv) = self.replay_with(py, text)?;
        self.state = state;
        self.played.push(played);
        self.last = Some(mv);
        Ok(())
    }

    /// True when the game is over by the rules: a side has no move (or no piece), or a draw
    /// rule ends it.
    fn is_over(&self) -> bool {
        self.state.outcome().is_over()
    }

    /// The leaves of the move tree `depth` plies deep. `count` says how captures that take the
    /// same pieces in different orders count: `"drop"` (once), `"keep"` (once per order) or
    /// `"paths"` (once per landing path), as `pdnkit perft --count`. The GIL is released.
    #[pyo3(signature = (depth, count = "drop"))]
    fn perft(&self, py: Python<'_>, depth: u32, count: &str) -> PyResult<u64> {
        let mode = match count {
            "drop" => CountMode::Drop,
            "keep" => CountMode::Keep,
            "paths" => CountMode::Paths,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "count must be \"drop\", \"keep\" or \"paths\", not {count:?}"
                )));
            }
        };
        let position = *self.state.position();
        Ok(py.detach(|| perft(&position, depth, mode, true)))
    }

    /// The position as an SVG picture, as `pdnkit diagram` draws it: `size` pixels wide, Black
    /// at the bottom when `flip`, the last move's squares tinted and the pieces it took marked
    /// when `last_move`, the `"light"` or `"dark"` theme.
    #[pyo3(signature = (size = diagram::DEFAULT_SIZE, flip = false, last_move = true, theme = "light"))]
    fn svg(&self, size: u32, flip: bool, last_move: bool, theme: &str) -> PyResult<String> {
        let theme = match theme {
            "light" => Theme::Light,
            "dark" => Theme::Dark,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "theme must be \"light\" or \"dark\", not {theme:?}"
                )));
            }
        };
        if !(16..=8192).contains(&size) {
            return Err(PyValueError::new_err(format!(
                "size must be between 16 and 8192 pixels, not {size}"
            )));
        }
        let mut options = diagram::Options::new(&self.config.notation);
        if let (true, Some(mv)) = (last_move, &self.last) {
            options = options.with_last_move(mv);
        }
        options.size = size;
        options.flip = flip;
        options.theme = theme;
        Ok(diagram::svg(
            self.state.position(),
            &self.config.notation,
            &options,
        ))
    }

    /// The picture notebooks (Jupyter, IPython) show for a board: `svg()` with its defaults.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(diagram::DEFAULT_SIZE, false, true, "light")
    }

    fn __repr__(&self) -> String {
        format!(
            "<pdnkit.Board {} {}>",
            self.config.variant.name(),
            self.fen()
        )
    }
}

impl Board {
    /// The game after the moves played and `text`, `text`'s move written in full, and the move;
    /// the replay's first error on that move, if any, as `PdnError`.
    fn replay_with(&self, py: Python<'_>, text: &str) -> PyResult<(GameState, String, Move)> {
        let mut pdn = String::new();
        if let Some(fen) = &self.start {
            pdn.push_str(&format!("[FEN \"{fen}\"]\n"));
        }
        for m in &self.played {
            pdn.push_str(m);
            pdn.push(' ');
        }
        pdn.push_str(text);
        pdn.push_str(" *\n");
        let options = ReplayOptions {
            variant: Some(self.config.variant),
            mainline_only: true,
            ..ReplayOptions::default()
        };
        let ply = self.played.len() as u32 + 1;
        let raw = RawGame::from_text(pdn);
        check_game("<board>", &raw, &options, |data| {
            let error = data
                .record
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error && d.ply.is_none_or(|p| p == ply));
            if let Some(d) = error {
                return Err(pdn_error(py, &Diagnostic::from(d)));
            }
            let replayed = data.replayed.expect("a game that parsed was replayed");
            match (replayed.plies.last(), &replayed.end) {
                (Some(last), Some(end)) if replayed.plies.len() as u32 == ply => {
                    Ok((end.clone(), full_path(&self.config, &last.mv), last.mv))
                }
                _ => Err(simple_error(
                    py,
                    "illegal-move",
                    format!("{text:?} is not a move that can be played here"),
                )),
            }
        })
    }
}
