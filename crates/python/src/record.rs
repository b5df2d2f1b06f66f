//! The Python objects of a checked game: [`Record`] (the verdict, as `validate --format json`
//! prints it), [`Game`] (a record with the game's tags, moves and comments), [`Move`] and
//! [`Diagnostic`].

use pdnkit::export::{MoveLine, PlyIndex, full_path, line};
use pdnkit::{CheckedGame, GameRecord, Located, side_name};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A finding: what does not fit, and where.
#[pyclass(module = "pdnkit", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct Diagnostic {
    /// `"error"`, `"warning"` or `"note"`.
    pub severity: &'static str,
    /// The stable code (`"illegal-move"`, ...; the README lists them).
    pub code: &'static str,
    /// What the rules wanted.
    pub message: String,
    /// Line in the file.
    pub line: u32,
    /// Column in the file (characters, from 1).
    pub column: u32,
    /// 1-based ply in its line, for a finding about a move.
    pub ply: Option<u32>,
    /// Its move number.
    pub move_number: Option<u32>,
    /// `"white"` or `"black"`.
    pub side: Option<&'static str>,
    /// The move as written.
    #[pyo3(name = "move")]
    pub move_text: Option<String>,
    /// 0 in the main line, else the variation depth.
    pub variation: u32,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {}:{}: {}[{}]: {}>",
            self.line, self.column, self.severity, self.code, self.message
        )
    }
}

impl From<&Located> for Diagnostic {
    fn from(d: &Located) -> Diagnostic {
        Diagnostic {
            severity: d.severity.name(),
            code: d.code.name(),
            message: d.message.clone(),
            line: d.line,
            column: d.column,
            ply: d.ply,
            move_number: d.move_number,
            side: d.side,
            move_text: d.move_text.clone(),
            variation: d.variation,
        }
    }
}

/// The verdict on one game: where it is, how it replayed, what was found.
#[pyclass(module = "pdnkit", frozen, get_all, subclass, skip_from_py_object)]
#[derive(Clone)]
pub struct Record {
    /// The file as named by the caller.
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Line of the game's first byte.
    pub line: u32,
    /// The Event tag.
    pub event: Option<String>,
    /// The White tag.
    pub white: Option<String>,
    /// The Black tag.
    pub black: Option<String>,
    /// The Result tag, else the terminator.
    pub result: Option<String>,
    /// The variant played.
    pub variant: Option<&'static str>,
    /// Main-line moves written.
    pub plies: u32,
    /// Main-line moves played.
    pub replayed: u32,
    /// No error.
    pub ok: bool,
    /// `"clean"`, `"warnings"`, `"invalid"` or `"unreadable"`.
    pub status: &'static str,
    /// The position after the last move played, as PDN FEN.
    pub final_fen: Option<String>,
    /// Every finding.
    pub diagnostics: Vec<Diagnostic>,
}

#[pymethods]
impl Record {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let r = slf.get();
        Ok(format!(
            "<pdnkit.{} {} game {}: {}, {} of {} plies>",
            slf.get_type().name()?,
            r.file,
            r.game,
            r.status,
            r.replayed,
            r.plies
        ))
    }
}

impl From<&GameRecord> for Record {
    fn from(r: &GameRecord) -> Record {
        Record {
            file: r.file.clone(),
            game: r.game,
            line: r.line,
            event: r.event.clone(),
            white: r.white.clone(),
            black: r.black.clone(),
            result: r.result.clone(),
            variant: r.variant,
            plies: r.plies,
            replayed: r.replayed,
            ok: r.ok,
            status: r.status.name(),
            final_fen: r.final_fen.clone(),
            diagnostics: r.diagnostics.iter().map(Diagnostic::from).collect(),
        }
    }
}

/// A main-line move as written, with what the replay made of it.
#[pyclass(module = "pdnkit", frozen, get_all, skip_from_py_object)]
#[derive(Clone)]
pub struct Move {
    /// The move as written (hops of a capture written hop by hop joined by a space).
    #[pyo3(name = "move")]
    pub written: String,
    /// 1-based ply, when the replay reached the move.
    pub ply: Option<u32>,
    /// Its move number.
    pub number: Option<u32>,
    /// `"white"` or `"black"`.
    pub side: Option<&'static str>,
    /// Every square it passes through, in the variant's notation.
    pub notation: Option<String>,
    /// Where the piece started.
    pub from_square: Option<String>,
    /// Where it stopped.
    pub to_square: Option<String>,
    /// The squares of the pieces taken, in capture order.
    pub captured: Vec<String>,
    /// The move crowned the piece.
    pub promotion: bool,
    /// Numeric annotation glyphs after it.
    pub nags: Vec<u16>,
    /// Comments after it.
    pub comments: Vec<String>,
}

#[pymethods]
impl Move {
    fn __repr__(&self) -> String {
        format!("<Move {}>", self.written)
    }
}

/// A game: its record, and its tags, main-line moves and comments.
#[pyclass(module = "pdnkit", frozen, extends = Record, skip_from_py_object)]
pub struct Game {
    tags: Vec<(String, String)>,
    /// The position the replay started from.
    #[pyo3(get)]
    start_fen: Option<String>,
    /// The main-line moves.
    #[pyo3(get)]
    moves: Vec<Move>,
    /// Comments before the first move.
    #[pyo3(get)]
    comments: Vec<String>,
}

#[pymethods]
impl Game {
    /// The tags in written order (a repeated name keeps its first value).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.tags {
            if !dict.contains(name)? {
                dict.set_item(name, value)?;
            }
        }
        Ok(dict)
    }
}

/// The Python game of a checked game.
pub fn game(py: Python<'_>, data: &CheckedGame<'_, '_>) -> PyResult<Py<Game>> {
    let record = Record::from(data.record);
    let mut game = Game {
        tags: Vec::new(),
        start_fen: None,
        moves: Vec::new(),
        comments: Vec::new(),
    };
    match (data.game, data.replayed) {
        (Some(tree), Some(replayed)) => {
            game.tags = tree
                .tags()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
            let config = replayed.config;
            game.start_fen = replayed
                .start
                .zip(config)
                .map(|(p, c)| p.fen_text(&c.notation));
            let index = PlyIndex::new(replayed, &tree.body);
            let main: MoveLine<'_, '_> = line(&tree.body, &index);
            game.comments = main.comments.iter().map(|c| c.to_string()).collect();
            game.moves = main
                .moves
                .iter()
                .map(|e| {
                    let mut m = Move {
                        written: e.written(),
                        ply: None,
                        number: None,
                        side: None,
                        notation: None,
                        from_square: None,
                        to_square: None,
                        captured: Vec::new(),
                        promotion: false,
                        nags: e.nags.clone(),
                        comments: e.comments.iter().map(|c| c.to_string()).collect(),
                    };
                    if let (Some(p), Some(config)) = (e.ply, config.as_ref()) {
                        let name = |sq| config.notation.format(sq).to_string();
                        m.ply = Some(p.ply);
                        m.number = Some(p.number);
                        m.side = Some(side_name(p.side));
                        m.notation = Some(full_path(config, &p.mv));
                        m.from_square = Some(name(p.mv.from));
                        m.to_square = Some(name(p.mv.to));
                        m.captured = p.mv.captures().iter().map(|&s| name(s)).collect();
                        m.promotion = p.mv.promotes;
                    }
                    m
                })
                .collect();
        }
        _ => {
            for (name, value) in [
                ("Event", &record.event),
                ("White", &record.white),
                ("Black", &record.black),
            ] {
                if let Some(v) = value {
                    game.tags.push((name.to_string(), v.clone()));
                }
            }
        }
    }
    Py::new(py, PyClassInitializer::from(record).add_subclass(game))
}
