//! `pdnkit.Board`: a position of any variant pdnkit plays, its legal moves, moves played in
//! any notation pdnkit reads, and perft. A move is read as the replay of an archive reads it
//! (the library's `LiveGame`: the same notations, the same diagnostics), from the position the
//! moves before it left: a move costs the same late in a game as early.

use pdnkit::diagram::{self, Theme};
use pdnkit::draughts::{Config, CountMode, Fen, GameState, Move, perft};
use pdnkit::export::{full_path, minimal_legal};
use pdnkit::{LiveGame, Located, side_name};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{pdn_error, simple_error};
use crate::record::Diagnostic;

/// A draughts position with its history, under one variant's rules.
#[pyclass(module = "pdnkit")]
pub struct Board {
    config: Config,
    /// The moves played, each written in full (read back without ambiguity).
    played: Vec<String>,
    /// The last move played, for pictures.
    last: Option<Move>,
    game: LiveGame,
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
        Ok(Board {
            config,
            played: Vec::new(),
            last: None,
            game: LiveGame::new(state),
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
        side_name(self.state().side_to_move())
    }

    /// The moves played so far, each written in full.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.played.clone()
    }

    /// The position as PDN FEN.
    fn fen(&self) -> String {
        self.state().to_fen().to_string()
    }

    /// The legal moves, each in the shortest form PDN writes that no other legal move shares.
    fn legal_moves(&self) -> Vec<String> {
        let position = self.state().position();
        self.state()
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
        let mv = self
            .game
            .play(text)
            .map_err(|d| pdn_error(py, &Diagnostic::from(&Located::unplaced(&d))))?;
        self.played.push(full_path(&self.config, &mv));
        self.last = Some(mv);
        Ok(())
    }

    /// True when the game is over by the rules: a side has no move (or no piece), or a draw
    /// rule ends it.
    fn is_over(&self) -> bool {
        self.state().outcome().is_over()
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
        let position = *self.state().position();
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
            self.state().position(),
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
    /// The game after the moves played.
    fn state(&self) -> &GameState {
        self.game.state()
    }
}
