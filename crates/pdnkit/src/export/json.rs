//! JSON Lines out: one object per game. The field names are stable (scripts rely on them) and
//! documented in the README:
//!
//! * game: `file`, `game`, `line`, `status`, `variant`, `result`, `tags` (an object, in
//!   written order, first of duplicates), `start_fen`, `plies` (written), `replayed`,
//!   `final_fen`, `comments` (before the first move), `moves`, `trailing_comments` (after the
//!   terminator), `diagnostics` (as `validate --format json` prints them), `opening` (the
//!   name of the line of a table of openings the game follows: pdnkit's own tables unless the
//!   caller gives another; `null` when none);
//! * move: `ply`, `number`, `side`, `move` (as written), `strength`, `notation` (full path),
//!   `minimal` (as `convert --to pdn` writes it), `from`, `to`, `captured` (squares in capture
//!   order), `promotion`, `fault` (capture-fault code), `nags`, `comments`, `variations`;
//!   the fields the replay provides are `null` for a move it did not reach;
//! * variation: `comments` (before its first move) and `moves`.

use std::io::{self, Write};
use std::sync::Arc;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use super::lines::{self, Entry, MoveLine, PlyIndex};
use super::notation::{full_path, minimal};
use crate::CheckedGame;
use crate::Located;
use crate::openings::Openings;
use crate::side_name;
use ::pdn::Game;
use draughts::Config;

/// Writes JSON Lines.
pub struct JsonWriter<W: Write> {
    out: W,
    openings: Arc<Openings>,
}

impl<W: Write> JsonWriter<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> JsonWriter<W> {
        JsonWriter {
            out,
            openings: Openings::builtin(),
        }
    }

    /// Names games' openings from `openings` instead of pdnkit's own tables.
    pub fn with_openings(mut self, openings: Arc<Openings>) -> JsonWriter<W> {
        self.openings = openings;
        self
    }

    /// Writes one game as one line.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_game(&mut self, data: &CheckedGame<'_, '_>) -> io::Result<()> {
        let mut line = render(data);
        line.opening = self.openings.name_of(data).map(|o| o.name.clone());
        serde_json::to_writer(&mut self.out, &line).map_err(io::Error::from)?;
        self.out.write_all(b"\n")
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

#[derive(Serialize)]
struct GameJson<'g> {
    file: &'g str,
    game: u64,
    line: u32,
    status: &'static str,
    variant: Option<&'static str>,
    result: Option<&'g str>,
    tags: Tags<'g>,
    start_fen: Option<String>,
    plies: u32,
    replayed: u32,
    final_fen: Option<&'g str>,
    comments: Vec<&'g str>,
    moves: Vec<MoveJson<'g>>,
    trailing_comments: Vec<&'g str>,
    diagnostics: &'g [Located],
    opening: Option<String>,
}

#[derive(Serialize)]
struct MoveJson<'g> {
    ply: Option<u32>,
    number: Option<u32>,
    side: Option<&'static str>,
    #[serde(rename = "move")]
    written: String,
    strength: Option<&'g str>,
    notation: Option<String>,
    minimal: Option<String>,
    from: Option<String>,
    to: Option<String>,
    captured: Option<Vec<String>>,
    promotion: Option<bool>,
    fault: Option<&'static str>,
    nags: Vec<u16>,
    comments: Vec<&'g str>,
    variations: Vec<LineJson<'g>>,
}

#[derive(Serialize)]
struct LineJson<'g> {
    comments: Vec<&'g str>,
    moves: Vec<MoveJson<'g>>,
}

/// The tags as a JSON object in written order; a repeated name keeps its first value.
struct Tags<'g>(Vec<(&'g str, &'g str)>);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

fn render<'g>(data: &CheckedGame<'g, '_>) -> GameJson<'g> {
    let r = data.record;
    let mut json = GameJson {
        file: &r.file,
        game: r.game,
        line: r.line,
        status: r.status.name(),
        variant: r.variant,
        result: r.result.as_deref(),
        tags: Tags(Vec::new()),
        start_fen: None,
        plies: r.plies,
        replayed: r.replayed,
        final_fen: r.final_fen.as_deref(),
        comments: Vec::new(),
        moves: Vec::new(),
        trailing_comments: Vec::new(),
        diagnostics: &r.diagnostics,
        opening: None,
    };
    let (Some(game), Some(replayed)) = (data.game, data.replayed) else {
        json.tags = Tags(label_tags(data));
        return json;
    };
    json.tags = Tags(tags(game));
    json.trailing_comments = trailing_comments(game);
    let config = replayed.config;
    json.start_fen = replayed
        .start
        .zip(config)
        .map(|(p, c)| p.fen_text(&c.notation));
    let index = PlyIndex::new(replayed, &game.body);
    let line = line_json(lines::line(&game.body, &index), config.as_ref());
    json.comments = line.comments;
    json.moves = line.moves;
    json
}

fn tags<'g>(game: &'g Game<'_>) -> Vec<(&'g str, &'g str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    for t in game.tags() {
        if !out.iter().any(|(n, _)| *n == t.name) {
            out.push((t.name, &t.value));
        }
    }
    out
}

fn label_tags<'g>(data: &CheckedGame<'g, '_>) -> Vec<(&'g str, &'g str)> {
    let r = data.record;
    [
        ("Event", &r.event),
        ("White", &r.white),
        ("Black", &r.black),
    ]
    .into_iter()
    .filter_map(|(n, v)| v.as_deref().map(|v| (n, v)))
    .collect()
}

fn trailing_comments<'g>(game: &'g Game<'_>) -> Vec<&'g str> {
    game.trailer
        .iter()
        .filter_map(|n| match n {
            pdn::Node::Comment(c) => Some(c.text),
            _ => None,
        })
        .collect()
}

fn line_json<'g>(line: MoveLine<'g, 'g>, config: Option<&Config>) -> LineJson<'g> {
    LineJson {
        comments: line.comments,
        moves: line
            .moves
            .into_iter()
            .map(|e| move_json(e, config))
            .collect(),
    }
}

fn move_json<'g>(e: Entry<'g, 'g>, config: Option<&Config>) -> MoveJson<'g> {
    let mut json = MoveJson {
        ply: None,
        number: None,
        side: None,
        written: e.written(),
        strength: e.strength,
        notation: None,
        minimal: None,
        from: None,
        to: None,
        captured: None,
        promotion: None,
        fault: None,
        nags: e.nags,
        comments: e.comments,
        variations: e
            .variations
            .into_iter()
            .map(|l| line_json(l, config))
            .collect(),
    };
    if let (Some(p), Some(config), Some(first)) = (e.ply, config, e.tokens.first()) {
        let name = |sq| config.notation.format(sq).to_string();
        json.ply = Some(p.ply);
        json.number = Some(p.number);
        json.side = Some(side_name(p.side));
        json.notation = Some(full_path(config, &p.mv));
        json.minimal = Some(minimal(config, p, first));
        json.from = Some(name(p.mv.from));
        json.to = Some(name(p.mv.to));
        json.captured = Some(p.mv.captures().iter().map(|s| name(*s)).collect());
        json.promotion = Some(p.mv.promotes);
        json.fault = p.fault.map(|c| c.name());
    }
    json
}
