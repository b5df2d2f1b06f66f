//! Games and plies as Arrow record batches, with typed columns: the tables that
//! [`ParquetWriter`](super::ParquetWriter) writes and the Python module hands to pyarrow.
//!
//! A game becomes [`GameRows`] (owned values, so workers can build them in parallel); a
//! [`GamesBuilder`] and a [`PliesBuilder`] gather rows, in order, into batches of
//! [`games_schema`] and [`plies_schema`]. `docs/parquet.md` documents every column.

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Int32Builder, Int64Builder, ListBuilder, StringBuilder,
};
use arrow_array::{ArrayRef, ListArray, RecordBatch, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, SchemaRef};
use chrono::NaiveDate;
use draughts::Colour;
use pdn::ResultToken;

use super::lines::{self, PlyIndex};
use super::notation::write_full_path;
use crate::dedupe::move_keys;
use crate::stats::Outcome;
use crate::{CheckedGame, Located, Severity, side_name};

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
    /// The main-line moves as written.
    pub moves: Vec<String>,
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

/// One row of the plies table: a main-line ply the replay played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRow {
    /// 1-based ply.
    pub ply: u32,
    /// Move number.
    pub move_number: u32,
    /// `white` or `black`.
    pub side: &'static str,
    /// The move as written (hops of a capture written hop by hop joined by a space).
    pub written: String,
    /// Every square the move passes through, in the variant's notation.
    pub notation: String,
    /// Where the piece started.
    pub from: String,
    /// Where it stopped.
    pub to: String,
    /// The squares of the pieces taken, in capture order.
    pub captured: Vec<String>,
    /// The move crowned the piece.
    pub promotion: bool,
    /// The position after the move, as PDN FEN.
    pub fen_after: String,
}

/// What one game contributes to the two tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRows {
    /// Its row of the games table.
    pub game: GameRow,
    /// Its rows of the plies table (they carry the game's file, index and key).
    pub plies: Vec<PlyRow>,
}

impl GameRows {
    /// The rows of a checked game.
    pub fn of(data: &CheckedGame<'_, '_>) -> GameRows {
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
            moves: Vec::new(),
            key: move_keys(data).last().copied().unwrap_or_default(),
            diagnostics: r.diagnostics.iter().map(diagnostic_row).collect(),
        };
        let (Some(tree), Some(replayed), Some(config)) = (data.game, data.replayed, data.config())
        else {
            return GameRows {
                game,
                plies: Vec::new(),
            };
        };
        game.start_fen = replayed.start.map(|p| p.fen_text(&config.notation));
        let index = PlyIndex::new(replayed, &tree.body);
        let line = lines::line(&tree.body, &index);
        game.moves = line.moves.iter().map(|e| e.written()).collect();
        let names = config.notation.names();
        let name = |sq| {
            let mut s = String::new();
            names.push_name(&mut s, sq);
            s
        };
        let plies = line
            .moves
            .iter()
            .filter_map(|e| e.ply.map(|p| (e, p)))
            .map(|(e, p)| {
                let mut notation = String::new();
                write_full_path(config, &p.mv, &mut notation);
                let mut fen_after = String::new();
                p.after.write_fen(names, &mut fen_after);
                PlyRow {
                    ply: p.ply,
                    move_number: p.number,
                    side: side_name(p.side),
                    written: e.written(),
                    notation,
                    from: name(p.mv.from),
                    to: name(p.mv.to),
                    captured: p.mv.captures().iter().map(|&sq| name(sq)).collect(),
                    promotion: p.mv.promotes,
                    fen_after,
                }
            })
            .collect();
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
        list_of("moves", DataType::Utf8),
        Field::new("key", DataType::Int64, false),
        list_of("diagnostics", DataType::Struct(diagnostic_fields())),
    ]))
}

/// The columns of the plies table.
pub fn plies_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        utf8("file", false),
        Field::new("game", DataType::Int64, false),
        Field::new("key", DataType::Int64, false),
        Field::new("ply", DataType::Int32, false),
        Field::new("move_number", DataType::Int32, false),
        utf8("side", false),
        utf8("move", false),
        utf8("notation", false),
        utf8("from", false),
        utf8("to", false),
        list_of("captured", DataType::Utf8),
        Field::new("promotion", DataType::Boolean, false),
        utf8("fen_after", false),
    ]))
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
const GAME_STRINGS: usize = 15;

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
        ];
        for (builder, value) in self.strings.iter_mut().zip(strings) {
            self.bytes += value.map_or(0, str::len);
            builder.append_option(value);
        }
        self.game.append_value(row.game as i64);
        self.date.append_option(row.date.map(days_since_epoch));
        self.counts[0].append_value(row.plies as i32);
        self.counts[1].append_value(row.replayed as i32);
        for m in &row.moves {
            self.bytes += m.len();
            self.moves.values().append_value(m);
        }
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
        let (status, first_error, final_fen) = (next(), next(), next());
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

/// Gathers ply rows into batches of [`plies_schema`].
pub struct PliesBuilder {
    file: StringBuilder,
    game: Int64Builder,
    key: Int64Builder,
    numbers: [Int32Builder; 2],
    text: [StringBuilder; 5],
    captured: ListBuilder<StringBuilder>,
    promotion: BooleanBuilder,
    fen_after: StringBuilder,
    rows: usize,
    bytes: usize,
}

impl Default for PliesBuilder {
    fn default() -> Self {
        PliesBuilder {
            file: StringBuilder::new(),
            game: Int64Builder::new(),
            key: Int64Builder::new(),
            numbers: [Int32Builder::new(), Int32Builder::new()],
            text: std::array::from_fn(|_| StringBuilder::new()),
            captured: string_list(),
            promotion: BooleanBuilder::new(),
            fen_after: StringBuilder::new(),
            rows: 0,
            bytes: 0,
        }
    }
}

impl PliesBuilder {
    /// Adds the plies of `game`.
    pub fn append(&mut self, game: &GameRow, plies: &[PlyRow]) {
        for p in plies {
            self.file.append_value(&game.file);
            self.game.append_value(game.game as i64);
            self.key.append_value(key_column(game.key));
            self.numbers[0].append_value(p.ply as i32);
            self.numbers[1].append_value(p.move_number as i32);
            let text = [p.side, &p.written, &p.notation, &p.from, &p.to];
            for (builder, value) in self.text.iter_mut().zip(text) {
                builder.append_value(value);
                self.bytes += value.len();
            }
            for sq in &p.captured {
                self.captured.values().append_value(sq);
            }
            self.captured.append(true);
            self.promotion.append_value(p.promotion);
            self.fen_after.append_value(&p.fen_after);
            self.bytes += game.file.len() + p.fen_after.len() + 40;
            self.rows += 1;
        }
    }

    /// Rows gathered since the last batch.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// No row gathered since the last batch.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
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
        let [side, written, notation, from, to] = &mut self.text;
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.file.finish()),
            Arc::new(self.game.finish()),
            Arc::new(self.key.finish()),
            Arc::new(self.numbers[0].finish()),
            Arc::new(self.numbers[1].finish()),
            Arc::new(side.finish()),
            Arc::new(written.finish()),
            Arc::new(notation.finish()),
            Arc::new(from.finish()),
            Arc::new(to.finish()),
            Arc::new(self.captured.finish()),
            Arc::new(self.promotion.finish()),
            Arc::new(self.fen_after.finish()),
        ];
        self.rows = 0;
        self.bytes = 0;
        batch(plies_schema(), columns, leave_out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
