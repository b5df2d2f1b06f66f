//! Games and plies as Arrow record batches, with typed columns: the tables that
//! [`ParquetWriter`](super::ParquetWriter) writes and the Python module hands to pyarrow.
//!
//! A game becomes [`GameRows`] (owned values, so workers can build them in parallel; its plies
//! column by column, [`PlyColumns`]); a [`GamesBuilder`] and a [`PliesBuilder`] gather rows, in
//! order, into batches of [`games_schema`] and [`plies_schema`]. Squares are numbers and
//! positions bit masks ([`SquareNumbers`]). `docs/parquet.md` documents every column.

use std::sync::Arc;

use arrow_array::builder::{Date32Builder, Int32Builder, Int64Builder, ListBuilder, StringBuilder};
use arrow_array::{
    ArrayRef, BooleanArray, Int16Array, Int32Array, Int64Array, ListArray, RecordBatch,
    StringArray, StructArray,
};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, SchemaRef};
use chrono::NaiveDate;
use draughts::{Colour, Config, SquareNames};
use pdn::{Node, ResultToken};

use super::notation::write_full_path;
use super::square_numbers::{SquareNumbers, halves};
use crate::dedupe::move_keys;
use crate::openings::Openings;
use crate::stats::Outcome;
use crate::{CheckedGame, Located, Ply, Severity, side_name};

/// The tags of the seven-tag roster, in their columns' order (`date` is typed, and its text is
/// kept in `date_text`).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// One row of the games table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The file as named by the caller.
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// The roster's tags as written, in `ROSTER` order.
    pub roster: [Option<String>; 7],
    /// The Date tag as a date, when it names a whole valid day.
    pub date: Option<NaiveDate>,
    /// The GameType tag as written.
    pub game_type: Option<String>,
    /// The variant played.
    pub variant: Option<&'static str>,
    /// What the result says (Result tag, else the terminator), in first-mover terms.
    pub outcome: Option<&'static str>,
    /// The position the replay started from.
    pub start_fen: Option<String>,
    /// Main-line moves written.
    pub plies: u32,
    /// Main-line moves played.
    pub replayed: u32,
    /// `clean`, `warnings`, `invalid` or `unreadable`.
    pub status: &'static str,
    /// The code of the first error.
    pub first_error: Option<&'static str>,
    /// The position after the last move played.
    pub final_fen: Option<String>,
    /// The name of the opening line the game follows ([`Openings::name_of`]).
    pub opening: Option<String>,
    /// The main-line moves as written.
    pub moves: TextColumn,
    /// The game's key ([`move_keys`]): the same for games of the same variant, start and moves.
    pub key: u64,
    /// Every diagnostic, located.
    pub diagnostics: Vec<DiagnosticRow>,
}

/// One diagnostic of a game row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosticRow {
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// The stable code.
    pub code: &'static str,
    /// Line in the file.
    pub line: u32,
    /// Column in the file (characters, from 1).
    pub column: u32,
    /// 1-based ply in its line.
    pub ply: Option<u32>,
    /// Move number.
    pub move_number: Option<u32>,
    /// `white` or `black`.
    pub side: Option<&'static str>,
    /// The move as written.
    pub move_text: Option<String>,
    /// 0 in the main line, else the variation depth.
    pub variation: u32,
    /// What the rules wanted.
    pub message: String,
}

/// The plies of one game the replay played (main line), column by column: a few vectors per
/// game, no string per ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyColumns {
    /// 1-based ply.
    pub ply: Vec<i32>,
    /// Move number.
    pub move_number: Vec<i32>,
    /// The side that played.
    pub side: Vec<Colour>,
    /// The move as written (hops of a capture written hop by hop joined by a space).
    pub written: TextColumn,
    /// Every square the move passes through, in the variant's notation.
    pub notation: TextColumn,
    /// The number of the square the piece started on ([`SquareNumbers`]).
    pub from: Vec<i16>,
    /// The number of the square it stopped on.
    pub to: Vec<i16>,
    /// The numbers of the squares of the pieces taken, in capture order, ply after ply.
    pub captured: Vec<i16>,
    /// How many pieces each ply took (its share of `captured`).
    pub captures: Vec<u8>,
    /// The move crowned the piece.
    pub promotion: Vec<bool>,
    /// The position after the move: white men, white kings, black men, black kings, each a
    /// mask of square numbers ([`SquareNumbers::mask`]).
    pub masks: Vec<[u128; 4]>,
    /// The side to move after the move.
    pub to_move: Vec<Colour>,
    /// The position after the move as PDN FEN, when asked for.
    pub fen_after: Option<TextColumn>,
}

/// How a game's squares are written and numbered.
struct Squares<'c> {
    config: &'c Config,
    names: &'static SquareNames,
    numbers: SquareNumbers,
}

impl PlyColumns {
    /// Columns with room for `plies` plies (one reservation a game, not one per ply grown).
    fn with_capacity(plies: usize, fen_after: bool) -> PlyColumns {
        PlyColumns {
            ply: Vec::with_capacity(plies),
            move_number: Vec::with_capacity(plies),
            side: Vec::with_capacity(plies),
            written: TextColumn::with_capacity(plies),
            notation: TextColumn::with_capacity(plies),
            from: Vec::with_capacity(plies),
            to: Vec::with_capacity(plies),
            captured: Vec::new(),
            captures: Vec::with_capacity(plies),
            promotion: Vec::with_capacity(plies),
            masks: Vec::with_capacity(plies),
            to_move: Vec::with_capacity(plies),
            fen_after: fen_after.then(|| TextColumn::with_capacity(plies)),
        }
    }

    /// Adds a ply, written `written` (its first token; later hops are appended).
    fn push(&mut self, p: &Ply, written: &str, squares: &Squares<'_>) {
        let number = |sq| i16::from(squares.numbers.number(sq));
        self.ply.push(p.ply as i32);
        self.move_number.push(p.number as i32);
        self.side.push(p.side);
        self.written.push(written);
        self.notation
            .push_with(|s| write_full_path(squares.config, &p.mv, s));
        self.from.push(number(p.mv.from));
        self.to.push(number(p.mv.to));
        self.captured
            .extend(p.mv.captures().iter().map(|&sq| number(sq)));
        self.captures.push(p.mv.captures().len() as u8);
        self.promotion.push(p.mv.promotes);
        let after = &p.after;
        let fast = after.fast_paths();
        let kings = after.kings();
        let [white, black] = [Colour::White, Colour::Black].map(|c| after.pieces(c));
        let mask = |set| squares.numbers.mask(set, fast);
        self.masks.push([
            mask(white.difference(kings)),
            mask(white.intersection(kings)),
            mask(black.difference(kings)),
            mask(black.intersection(kings)),
        ]);
        self.to_move.push(after.side_to_move());
        if let Some(fens) = &mut self.fen_after {
            fens.push_with(|s| after.write_fen(squares.names, s));
        }
    }

    /// Number of plies.
    pub fn len(&self) -> usize {
        self.ply.len()
    }

    /// No ply.
    pub fn is_empty(&self) -> bool {
        self.ply.is_empty()
    }
}

/// Texts one after the other in one string, with where each ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextColumn {
    text: String,
    ends: Vec<usize>,
}

impl TextColumn {
    /// Room for `texts` texts of a move's length.
    fn with_capacity(texts: usize) -> TextColumn {
        TextColumn {
            text: String::with_capacity(texts * 6),
            ends: Vec::with_capacity(texts),
        }
    }

    /// Adds a text written by `write` into the string it is given.
    pub fn push_with(&mut self, write: impl FnOnce(&mut String)) {
        write(&mut self.text);
        self.ends.push(self.text.len());
    }

    /// Adds `text`.
    pub fn push(&mut self, text: &str) {
        self.push_with(|s| s.push_str(text));
    }

    /// Appends a space and `more` to the last text (a hop of a capture written hop by hop).
    fn append_to_last(&mut self, more: &str) {
        self.text.push(' ');
        self.text.push_str(more);
        if let Some(end) = self.ends.last_mut() {
            *end = self.text.len();
        }
    }

    /// The texts in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.text[a..b])
    }

    /// Number of texts.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// No text.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Bytes of text.
    pub fn bytes(&self) -> usize {
        self.text.len()
    }
}

/// What one game contributes to the two tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRows {
    /// Its row of the games table.
    pub game: GameRow,
    /// Its rows of the plies table (they carry the game's file, index and key).
    pub plies: PlyColumns,
}

impl GameRows {
    /// The rows of a checked game, its opening named from pdnkit's own tables; with
    /// `fen_after`, each ply also carries the position after it as PDN FEN.
    pub fn of(data: &CheckedGame<'_, '_>, fen_after: bool) -> GameRows {
        GameRows::named(data, fen_after, &Openings::builtin())
    }

    /// [`Self::of`], the opening named from `openings`.
    pub fn named(data: &CheckedGame<'_, '_>, fen_after: bool, openings: &Openings) -> GameRows {
        let r = data.record;
        let roster = ROSTER.map(|t| data.tag(t).map(str::to_string));
        let date = roster[2].as_deref().and_then(parse_date);
        let mut game = GameRow {
            file: r.file.clone(),
            game: r.game,
            roster,
            date,
            game_type: data.tag("GameType").map(str::to_string),
            variant: r.variant,
            outcome: r.result.as_deref().and_then(|result| {
                outcome(
                    result,
                    data.config().map_or(Colour::White, |c| c.first_mover),
                )
            }),
            start_fen: None,
            plies: r.plies,
            replayed: r.replayed,
            status: r.status.name(),
            first_error: r
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
                .map(|d| d.code.name()),
            final_fen: r.final_fen.clone(),
            opening: openings.name_of(data).map(|o| o.name.clone()),
            moves: TextColumn::default(),
            key: move_keys(data).last().copied().unwrap_or_default(),
            diagnostics: r.diagnostics.iter().map(diagnostic_row).collect(),
        };
        let (Some(tree), Some(replayed), Some(config)) = (data.game, data.replayed, data.config())
        else {
            let plies = PlyColumns::with_capacity(0, fen_after);
            return GameRows { game, plies };
        };
        let mut plies = PlyColumns::with_capacity(replayed.plies.len(), fen_after);
        game.moves = TextColumn::with_capacity(replayed.plies.len());
        game.start_fen = replayed.start.map(|p| p.fen_text(&config.notation));
        let squares = Squares {
            config,
            names: config.notation.names(),
            numbers: SquareNumbers::of(&config.notation),
        };
        // The main line as written, with the plies played for it (in text order): a capture
        // written hop by hop (PDN 1.0) is one move, its later hops joined to it by a space.
        let mut played = replayed.plies.iter().peekable();
        let (mut hops, mut hops_of_ply) = (0, false);
        for node in &tree.body {
            match node {
                Node::Move(m) if hops > 0 => {
                    hops -= 1;
                    game.moves.append_to_last(m.text);
                    if hops_of_ply {
                        plies.written.append_to_last(m.text);
                    }
                }
                Node::Move(m) => {
                    game.moves.push(m.text);
                    let ply = played.next_if(|p| p.span.start == m.span.start);
                    hops = ply.map_or(0, |p| p.joined);
                    hops_of_ply = ply.is_some();
                    if let Some(p) = ply {
                        plies.push(p, m.text, &squares);
                    }
                }
                Node::UnknownMove(_) => {
                    game.moves.push("- -");
                    hops_of_ply = false;
                }
                _ => {}
            }
        }
        GameRows { game, plies }
    }
}

fn diagnostic_row(d: &Located) -> DiagnosticRow {
    DiagnosticRow {
        severity: d.severity.name(),
        code: d.code.name(),
        line: d.line,
        column: d.column,
        ply: d.ply,
        move_number: d.move_number,
        side: d.side,
        move_text: d.move_text.clone(),
        variation: d.variation,
        message: d.message.clone(),
    }
}

/// What a result says for White and Black in a game whose first mover is `first`, as `stats`
/// counts it; `None` for `*` and unknown forms.
fn outcome(result: &str, first: Colour) -> Option<&'static str> {
    match Outcome::of(ResultToken::from_tag(result).outcome?, first) {
        Outcome::WhiteWins => Some("white_wins"),
        Outcome::Draw => Some("draw"),
        Outcome::BlackWins => Some("black_wins"),
        Outcome::BothLose => Some("both_lose"),
        Outcome::Unknown => None,
    }
}

/// A Date tag that names one day: `YYYY.MM.DD` (PDN's form; `-` and `/` are read too) or
/// `DD.MM.YYYY`. Unknown parts (`2003.??.??`) and impossible days give none.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = text.trim().split(['.', '-', '/']).collect();
    let [a, b, c] = parts[..] else {
        return None;
    };
    if !parts
        .iter()
        .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let (y, m, d) = match (a.len(), c.len()) {
        (4, 1..=2) => (a, b, c),
        (1..=2, 4) => (c, b, a),
        _ => return None,
    };
    NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}

fn utf8(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Utf8, nullable)
}

fn list_of(name: &str, item: DataType) -> Field {
    Field::new(name, DataType::List(Arc::new(item_field(item))), false)
}

/// The items of a list column: never null.
fn item_field(item: DataType) -> Field {
    Field::new("item", item, false)
}

fn diagnostic_fields() -> Fields {
    Fields::from(vec![
        utf8("severity", false),
        utf8("code", false),
        Field::new("line", DataType::Int32, false),
        Field::new("column", DataType::Int32, false),
        Field::new("ply", DataType::Int32, true),
        Field::new("move_number", DataType::Int32, true),
        utf8("side", true),
        utf8("move", true),
        Field::new("variation", DataType::Int32, false),
        utf8("message", false),
    ])
}

/// The columns of the games table.
pub fn games_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        utf8("file", false),
        Field::new("game", DataType::Int64, false),
        utf8("event", true),
        utf8("site", true),
        Field::new("date", DataType::Date32, true),
        utf8("date_text", true),
        utf8("round", true),
        utf8("white", true),
        utf8("black", true),
        utf8("result", true),
        utf8("game_type", true),
        utf8("variant", true),
        utf8("outcome", true),
        utf8("start_fen", true),
        Field::new("plies", DataType::Int32, false),
        Field::new("replayed", DataType::Int32, false),
        utf8("status", false),
        utf8("first_error", true),
        utf8("final_fen", true),
        utf8("opening", true),
        list_of("moves", DataType::Utf8),
        Field::new("key", DataType::Int64, false),
        list_of("diagnostics", DataType::Struct(diagnostic_fields())),
    ]))
}

/// The names of the mask columns, in the order of [`PlyColumns::masks`]: squares 1–64.
pub const MASK_COLUMNS: [&str; 4] = ["white_men", "white_kings", "black_men", "black_kings"];

/// The columns of the plies table; `fen_after` only when asked for.
pub fn plies_schema(fen_after: bool) -> SchemaRef {
    let int64 = |name: &str| Field::new(name, DataType::Int64, false);
    let mut fields = vec![
        utf8("file", false),
        int64("game"),
        int64("key"),
        Field::new("ply", DataType::Int32, false),
        Field::new("move_number", DataType::Int32, false),
        utf8("side", false),
        utf8("move", false),
        utf8("notation", false),
        Field::new("from", DataType::Int16, false),
        Field::new("to", DataType::Int16, false),
        list_of("captured", DataType::Int16),
        Field::new("promotion", DataType::Boolean, false),
    ];
    fields.extend(MASK_COLUMNS.map(int64));
    fields.push(utf8("side_to_move", false));
    fields.extend(MASK_COLUMNS.map(|name| int64(&format!("{name}_hi"))));
    if fen_after {
        fields.push(utf8("fen_after", false));
    }
    Arc::new(Schema::new(fields))
}

/// The key as stored: its 64 bits as a signed integer (the type every reader has).
fn key_column(key: u64) -> i64 {
    key as i64
}

fn days_since_epoch(date: NaiveDate) -> i32 {
    let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).expect("a valid date");
    date.signed_duration_since(epoch).num_days() as i32
}

fn string_list() -> ListBuilder<StringBuilder> {
    ListBuilder::new(StringBuilder::new()).with_field(Arc::new(item_field(DataType::Utf8)))
}

/// Gathers game rows into batches of [`games_schema`].
pub struct GamesBuilder {
    strings: Vec<StringBuilder>,
    game: Int64Builder,
    date: Date32Builder,
    counts: [Int32Builder; 2],
    moves: ListBuilder<StringBuilder>,
    key: Int64Builder,
    diagnostics: DiagnosticsBuilder,
    rows: usize,
    bytes: usize,
}

/// The string columns of the games table, in the order `GamesBuilder::strings` holds them.
const GAME_STRINGS: usize = 16;

impl Default for GamesBuilder {
    fn default() -> Self {
        GamesBuilder {
            strings: (0..GAME_STRINGS).map(|_| StringBuilder::new()).collect(),
            game: Int64Builder::new(),
            date: Date32Builder::new(),
            counts: [Int32Builder::new(), Int32Builder::new()],
            moves: string_list(),
            key: Int64Builder::new(),
            diagnostics: DiagnosticsBuilder::default(),
            rows: 0,
            bytes: 0,
        }
    }
}

impl GamesBuilder {
    /// Adds a row.
    pub fn append(&mut self, row: &GameRow) {
        let [event, site, date_text, round, white, black, result] = &row.roster;
        let strings: [Option<&str>; GAME_STRINGS] = [
            Some(&row.file),
            event.as_deref(),
            site.as_deref(),
            date_text.as_deref(),
            round.as_deref(),
            white.as_deref(),
            black.as_deref(),
            result.as_deref(),
            row.game_type.as_deref(),
            row.variant,
            row.outcome,
            row.start_fen.as_deref(),
            Some(row.status),
            row.first_error,
            row.final_fen.as_deref(),
            row.opening.as_deref(),
        ];
        for (builder, value) in self.strings.iter_mut().zip(strings) {
            self.bytes += value.map_or(0, str::len);
            builder.append_option(value);
        }
        self.game.append_value(row.game as i64);
        self.date.append_option(row.date.map(days_since_epoch));
        self.counts[0].append_value(row.plies as i32);
        self.counts[1].append_value(row.replayed as i32);
        for m in row.moves.iter() {
            self.moves.values().append_value(m);
        }
        self.bytes += row.moves.bytes();
        self.moves.append(true);
        self.key.append_value(key_column(row.key));
        self.bytes += self.diagnostics.append(&row.diagnostics);
        self.rows += 1;
    }

    /// Rows gathered since the last batch.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// No row gathered since the last batch.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// About how many bytes the rows gathered hold (their text), for bounding memory.
    pub fn bytes(&self) -> usize {
        self.bytes + self.rows * 64
    }

    /// The rows gathered as a batch, without the columns named in `leave_out` (a partition's
    /// column, which its directory names); the builder starts afresh.
    ///
    /// # Errors
    /// Never for rows appended through [`Self::append`]; the type says what Arrow checks.
    pub fn finish(&mut self, leave_out: &[&str]) -> Result<RecordBatch, ArrowError> {
        let mut s = self
            .strings
            .iter_mut()
            .map(|b| Arc::new(b.finish()) as ArrayRef);
        let mut next = || s.next().expect("a string column");
        let file = next();
        let (event, site, date_text, round, white, black, result) =
            (next(), next(), next(), next(), next(), next(), next());
        let (game_type, variant, outcome, start_fen) = (next(), next(), next(), next());
        let (status, first_error, final_fen, opening) = (next(), next(), next(), next());
        let columns: Vec<ArrayRef> = vec![
            file,
            Arc::new(self.game.finish()),
            event,
            site,
            Arc::new(self.date.finish()),
            date_text,
            round,
            white,
            black,
            result,
            game_type,
            variant,
            outcome,
            start_fen,
            Arc::new(self.counts[0].finish()),
            Arc::new(self.counts[1].finish()),
            status,
            first_error,
            final_fen,
            opening,
            Arc::new(self.moves.finish()),
            Arc::new(self.key.finish()),
            Arc::new(self.diagnostics.finish()),
        ];
        self.rows = 0;
        self.bytes = 0;
        batch(games_schema(), columns, leave_out)
    }
}

/// `columns` of `schema` as a batch, without the columns named in `leave_out`.
fn batch(
    schema: SchemaRef,
    columns: Vec<ArrayRef>,
    leave_out: &[&str],
) -> Result<RecordBatch, ArrowError> {
    let batch = RecordBatch::try_new(schema, columns)?;
    let keep: Vec<usize> = (0..batch.num_columns())
        .filter(|&i| !leave_out.contains(&batch.schema().field(i).name().as_str()))
        .collect();
    batch.project(&keep)
}

/// The diagnostics column: a list of structs, built column by column.
#[derive(Default)]
struct DiagnosticsBuilder {
    lengths: Vec<usize>,
    severity: StringBuilder,
    code: StringBuilder,
    line: Int32Builder,
    column: Int32Builder,
    ply: Int32Builder,
    move_number: Int32Builder,
    side: StringBuilder,
    move_text: StringBuilder,
    variation: Int32Builder,
    message: StringBuilder,
}

impl DiagnosticsBuilder {
    /// Adds one game's list; returns the bytes of text it holds.
    fn append(&mut self, diagnostics: &[DiagnosticRow]) -> usize {
        let mut bytes = 0;
        for d in diagnostics {
            self.severity.append_value(d.severity);
            self.code.append_value(d.code);
            self.line.append_value(d.line as i32);
            self.column.append_value(d.column as i32);
            self.ply.append_option(d.ply.map(|n| n as i32));
            self.move_number
                .append_option(d.move_number.map(|n| n as i32));
            self.side.append_option(d.side);
            self.move_text.append_option(d.move_text.as_deref());
            self.variation.append_value(d.variation as i32);
            self.message.append_value(&d.message);
            bytes += d.message.len() + 32;
        }
        self.lengths.push(diagnostics.len());
        bytes
    }

    fn finish(&mut self) -> ListArray {
        let children: Vec<ArrayRef> = vec![
            Arc::new(self.severity.finish()),
            Arc::new(self.code.finish()),
            Arc::new(self.line.finish()),
            Arc::new(self.column.finish()),
            Arc::new(self.ply.finish()),
            Arc::new(self.move_number.finish()),
            Arc::new(self.side.finish()),
            Arc::new(self.move_text.finish()),
            Arc::new(self.variation.finish()),
            Arc::new(self.message.finish()),
        ];
        let values = StructArray::new(diagnostic_fields(), children, None);
        let offsets = OffsetBuffer::from_lengths(self.lengths.iter().copied());
        self.lengths.clear();
        ListArray::new(
            Arc::new(item_field(DataType::Struct(diagnostic_fields()))),
            offsets,
            Arc::new(values),
            None,
        )
    }
}

/// Gathers the plies of games into batches of [`plies_schema`], column by column: each game's
/// columns are appended whole.
#[derive(Default)]
pub struct PliesBuilder {
    fen_after: bool,
    file: StringsBuilder,
    game: Vec<i64>,
    key: Vec<i64>,
    ply: Vec<i32>,
    move_number: Vec<i32>,
    side: StringsBuilder,
    written: StringsBuilder,
    notation: StringsBuilder,
    from: Vec<i16>,
    to: Vec<i16>,
    captured: Vec<i16>,
    captured_offsets: Vec<i32>,
    promotion: Vec<bool>,
    /// White men, white kings, black men, black kings: squares 1–64, then 65–128.
    masks: [Vec<i64>; 8],
    side_to_move: StringsBuilder,
    fens: StringsBuilder,
    bytes: usize,
}

impl PliesBuilder {
    /// A builder of the plies table; with `fen_after`, of its `fen_after` column too.
    pub fn new(fen_after: bool) -> PliesBuilder {
        PliesBuilder {
            fen_after,
            ..PliesBuilder::default()
        }
    }

    /// Adds the plies of `game`.
    ///
    /// # Panics
    /// When the builder writes `fen_after` and the plies were made without it.
    pub fn append(&mut self, game: &GameRow, plies: &PlyColumns) {
        let n = plies.len();
        for _ in 0..n {
            self.file.push(&game.file);
        }
        self.game.extend(std::iter::repeat_n(game.game as i64, n));
        self.key
            .extend(std::iter::repeat_n(key_column(game.key), n));
        self.ply.extend_from_slice(&plies.ply);
        self.move_number.extend_from_slice(&plies.move_number);
        for &side in &plies.side {
            self.side.push(side_name(side));
        }
        self.written.extend(&plies.written);
        self.notation.extend(&plies.notation);
        self.from.extend_from_slice(&plies.from);
        self.to.extend_from_slice(&plies.to);
        self.captured.extend_from_slice(&plies.captured);
        if self.captured_offsets.is_empty() {
            self.captured_offsets.push(0);
        }
        let mut end = *self.captured_offsets.last().expect("an offset");
        for &taken in &plies.captures {
            end += i32::from(taken);
            self.captured_offsets.push(end);
        }
        self.promotion.extend_from_slice(&plies.promotion);
        for position in &plies.masks {
            for (i, &mask) in position.iter().enumerate() {
                let (low, high) = halves(mask);
                self.masks[i].push(low);
                self.masks[i + 4].push(high);
            }
        }
        for &side in &plies.to_move {
            self.side_to_move.push(side_name(side));
        }
        if self.fen_after {
            let fens = plies
                .fen_after
                .as_ref()
                .expect("plies made with fen_after for a table that has it");
            self.fens.extend(fens);
        }
        self.bytes += game.file.len() * n
            + plies.written.bytes()
            + plies.notation.bytes()
            + plies.fen_after.as_ref().map_or(0, TextColumn::bytes)
            + n * 96;
    }

    /// Rows gathered since the last batch.
    pub fn len(&self) -> usize {
        self.ply.len()
    }

    /// No row gathered since the last batch.
    pub fn is_empty(&self) -> bool {
        self.ply.is_empty()
    }

    /// About how many bytes the rows gathered hold, for bounding memory.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The rows gathered as a batch ([`GamesBuilder::finish`]).
    ///
    /// # Errors
    /// Never for rows appended through [`Self::append`].
    pub fn finish(&mut self, leave_out: &[&str]) -> Result<RecordBatch, ArrowError> {
        let captured_offsets = match take_keeping_room(&mut self.captured_offsets) {
            offsets if offsets.is_empty() => vec![0],
            offsets => offsets,
        };
        let captured = ListArray::try_new(
            Arc::new(item_field(DataType::Int16)),
            OffsetBuffer::new(ScalarBuffer::from(captured_offsets)),
            Arc::new(Int16Array::from(take_keeping_room(&mut self.captured))),
            None,
        )?;
        let int64 = |v: &mut Vec<i64>| Arc::new(Int64Array::from(take_keeping_room(v))) as ArrayRef;
        let int32 = |v: &mut Vec<i32>| Arc::new(Int32Array::from(take_keeping_room(v))) as ArrayRef;
        let int16 = |v: &mut Vec<i16>| Arc::new(Int16Array::from(take_keeping_room(v))) as ArrayRef;
        let [wm, wk, bm, bk, wm_hi, wk_hi, bm_hi, bk_hi] = &mut self.masks;
        let mut columns: Vec<ArrayRef> = vec![
            self.file.finish()?,
            int64(&mut self.game),
            int64(&mut self.key),
            int32(&mut self.ply),
            int32(&mut self.move_number),
            self.side.finish()?,
            self.written.finish()?,
            self.notation.finish()?,
            int16(&mut self.from),
            int16(&mut self.to),
            Arc::new(captured),
            Arc::new(BooleanArray::from(take_keeping_room(&mut self.promotion))),
            int64(wm),
            int64(wk),
            int64(bm),
            int64(bk),
            self.side_to_move.finish()?,
            int64(wm_hi),
            int64(wk_hi),
            int64(bm_hi),
            int64(bk_hi),
        ];
        if self.fen_after {
            columns.push(self.fens.finish()?);
        }
        self.bytes = 0;
        batch(plies_schema(self.fen_after), columns, leave_out)
    }
}

/// The values of `v`, leaving it room for as many: batches are of about one size, so the next
/// fills it without growing it step by step.
fn take_keeping_room<T>(v: &mut Vec<T>) -> Vec<T> {
    let room = v.len();
    std::mem::replace(v, Vec::with_capacity(room))
}

/// A string column built from whole texts and [`TextColumn`]s: the bytes and where each
/// string ends, made into an Arrow array without a copy.
#[derive(Default)]
struct StringsBuilder {
    bytes: Vec<u8>,
    offsets: Vec<i32>,
}

impl StringsBuilder {
    fn push(&mut self, text: &str) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.bytes.extend_from_slice(text.as_bytes());
        self.offsets.push(self.bytes.len() as i32);
    }

    fn extend(&mut self, texts: &TextColumn) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let base = self.bytes.len();
        self.bytes.extend_from_slice(texts.text.as_bytes());
        self.offsets
            .extend(texts.ends.iter().map(|&end| (base + end) as i32));
    }

    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let offsets = match take_keeping_room(&mut self.offsets) {
            offsets if offsets.is_empty() => vec![0],
            offsets => offsets,
        };
        let array = StringArray::try_new(
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            Buffer::from_vec(take_keeping_room(&mut self.bytes)),
            None,
        )?;
        Ok(Arc::new(array))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{full_path, game_type_value};
    use crate::{ReplayOptions, check_game};
    use draughts::{Config, Position, Role, SquareToken, Variant};

    /// A game of `variant` of up to `plies` moves (each the legal move `ply % n` of `n`),
    /// written in its notation.
    fn game_text(variant: Variant, plies: usize) -> String {
        let config = Config::standard(variant);
        let mut position = Position::initial(config.rules());
        let mut text = format!("[GameType \"{}\"]\n", game_type_value(variant));
        for ply in 0..plies {
            let moves = position.legal_moves();
            let Some(mv) = moves.get(ply * 7 % moves.len().max(1)) else {
                break;
            };
            text.push_str(&full_path(&config, mv));
            text.push(' ');
            position.play(mv);
        }
        text + "*\n"
    }

    #[test]
    fn masks_and_square_numbers_name_the_squares_search_reads() {
        for variant in Variant::ALL {
            let raw = pdn::RawGame::from_text(game_text(variant, 60));
            check_game("t.pdn", &raw, &ReplayOptions::default(), |data| {
                let rows = GameRows::of(data, true);
                let replayed = data.replayed.expect("replayed");
                let notation = data.config().expect("a variant").notation;
                let numbers = SquareNumbers::of(&notation);
                assert_eq!(rows.plies.len(), replayed.plies.len(), "{variant:?}");
                assert!(rows.plies.len() >= 20, "{variant:?}: {}", rows.plies.len());
                let fens: Vec<&str> = rows.plies.fen_after.as_ref().unwrap().iter().collect();
                let mut captured = rows.plies.captured.iter();
                for (i, p) in replayed.plies.iter().enumerate() {
                    // A square's number is the one a numeric token names it by (what
                    // `search --pattern` reads), and its bit is set in the mask of its piece.
                    let square = |n: i16| notation.parse(SquareToken::Num(n as u16));
                    assert_eq!(square(rows.plies.from[i]), Some(p.mv.from));
                    assert_eq!(square(rows.plies.to[i]), Some(p.mv.to));
                    for &sq in p.mv.captures() {
                        assert_eq!(square(*captured.next().unwrap()), Some(sq));
                    }
                    let masks = rows.plies.masks[i];
                    for sq in notation.geometry().all() {
                        let n = numbers.number(sq);
                        assert_eq!(square(n.into()), Some(sq), "{variant:?}");
                        let slot = p.after.piece_at(sq).map(|piece| {
                            let colour = usize::from(piece.colour == Colour::Black);
                            2 * colour + usize::from(piece.role == Role::King)
                        });
                        for (k, mask) in masks.iter().enumerate() {
                            let set = mask >> (n - 1) & 1 == 1;
                            assert_eq!(set, slot == Some(k), "{variant:?} ply {i} {n}");
                        }
                    }
                    assert_eq!(rows.plies.to_move[i], p.after.side_to_move());
                    assert_eq!(fens[i], p.after.fen_text(&notation));
                    assert_eq!(
                        rows.plies.written.iter().nth(i),
                        rows.game.moves.iter().nth(i)
                    );
                }
                assert!(captured.next().is_none());
            });
        }
    }

    #[test]
    fn moves_and_plies_are_the_main_line_as_the_json_export_reads_it() {
        for text in [
            // Hops of a PDN 1.0 capture, comments, a variation, and an unknown move.
            "[GameType \"21\"]\n[FEN \"B:W18,27,10:B14,K5\"]\n1. 14x23 23x32 {done} 2. 10-6 *\n",
            "[GameType \"20\"]\n{a} 1. 32-28 {b} $1 19-23 (1... 18-23 2. 38-32) 2. 28x19 14x23 - - \
             3. 33-29 *\n",
            "[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 17x28 3. 33x22 *\n",
            "[GameType \"20\"]\n1. 32-28 28-23 2. 33-29 *\n",
        ] {
            let raw = pdn::RawGame::from_text(text.to_string());
            check_game("t.pdn", &raw, &ReplayOptions::default(), |data| {
                let rows = GameRows::of(data, false);
                let (tree, replayed) = (data.game.unwrap(), data.replayed.unwrap());
                let index = super::super::lines::PlyIndex::new(replayed, &tree.body);
                let line = super::super::lines::line(&tree.body, &index);
                let moves: Vec<String> = line.moves.iter().map(|e| e.written()).collect();
                assert_eq!(rows.game.moves.iter().collect::<Vec<_>>(), moves, "{text}");
                let plies: Vec<(String, u32)> = line
                    .moves
                    .iter()
                    .filter_map(|e| e.ply.map(|p| (e.written(), p.ply)))
                    .collect();
                let ours: Vec<(String, u32)> = rows
                    .plies
                    .written
                    .iter()
                    .zip(&rows.plies.ply)
                    .map(|(w, &p)| (w.to_string(), p as u32))
                    .collect();
                assert_eq!(ours, plies, "{text}");
                assert_eq!(rows.plies.len(), replayed.plies.len());
            });
        }
    }

    #[test]
    fn dates_are_typed_when_they_name_one_day() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
        assert_eq!(parse_date("2003.05.12"), day(2003, 5, 12));
        assert_eq!(parse_date(" 1965-1-1 "), day(1965, 1, 1));
        assert_eq!(parse_date("12.5.2003"), day(2003, 5, 12));
        for text in [
            "2003.??.??",
            "2003",
            "2003.02.30",
            "03.05.12",
            "2003.05.12.1",
            "",
            "x.y.z",
        ] {
            assert_eq!(parse_date(text), None, "{text}");
        }
        assert_eq!(days_since_epoch(day(1970, 1, 2).unwrap()), 1);
        assert_eq!(days_since_epoch(day(1969, 12, 31).unwrap()), -1);
    }

    #[test]
    fn outcomes_name_the_winner_by_colour_from_the_first_mover() {
        let (white, black) = (Colour::White, Colour::Black);
        assert_eq!(outcome("1-0", white), Some("white_wins"));
        assert_eq!(outcome("2-0", white), Some("white_wins"));
        assert_eq!(outcome("0-1", white), Some("black_wins"));
        // Where Black moves first (English checkers), the first score is Black's.
        assert_eq!(outcome("1-0", black), Some("black_wins"));
        assert_eq!(outcome("0-1", black), Some("white_wins"));
        assert_eq!(outcome("1/2-1/2", white), Some("draw"));
        assert_eq!(outcome("0-0", black), Some("both_lose"));
        assert_eq!(outcome("*", white), None);
        assert_eq!(outcome("won on time", white), None);
    }
}
