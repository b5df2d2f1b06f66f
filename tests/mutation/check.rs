//! The invariants every input must satisfy, whatever its bytes, checked by driving the library
//! the way the CLI does: split → parse → replay → record, then every writer (syntax PDN,
//! rule-aware PDN, FEN, CSV, JSON Lines, stats).
//!
//! * the splitter's games tile the input: each starts where the previous one ended, their
//!   bytes are the input's bytes, only white space is left after the last one; reading in
//!   tiny chunks gives the same games;
//! * every game read gets a record, so `read = clean + warnings + invalid + unreadable`, and
//!   every writer accounts for every game (a FEN line, a CSV row, a JSON line per game; a PDN
//!   game per readable game; the stats count them all);
//! * every diagnostic's line and column are inside the input and name the first character
//!   of its span: line L is the L-th line of the file (LF, CRLF and a lone CR each end one),
//!   and walking C − 1 characters from the start of that line (after a BOM on line 1; bytes
//!   of a game decoded as Windows-1252 are one character each) stays on the line and lands on
//!   the span's first byte;
//! * the syntax writer round-trips (same outline, idempotent), the rule-aware PDN reads back
//!   as the same games with the same tags, comments, moves and final positions; CSV fields
//!   survive a CSV reader; every JSON line is valid JSON holding the game's tags;
//! * text that was not UTF-8 is reported (an `encoding` diagnostic on the first game decoded
//!   with the fallback) and never reaches the output as raw bytes.
//!
//! A violated invariant is returned as an `Err` with a message; a panic is the caller's to
//! catch.
// Shared by the mutation harness and the round-trip test; each uses a part.
#![allow(dead_code)]

use std::io::BufReader;

use pdn::BOM;
use pdn::Game;
use pdn::Note;
use pdn::RawGame;
use pdn::fast::{NotesPassed, Scanned, scan_game};
use pdn::outline;
use pdn::parse_game;
use pdn::write_game;
use pdn::{SplitOptions, Splitter};
use pdnkit::export::JsonWriter;
use pdnkit::export::PdnWriter;
use pdnkit::export::{CsvWriter, DEFAULT_TAGS, Rows};
use pdnkit::export::{FenWriter, Positions};
use pdnkit::stats::{GameSummary, GroupBy, Settings, Stats};
use pdnkit::{CheckedGame, PlainJudge, check_game};
use pdnkit::{Code, ReplayOptions, VariantEvidence};
use pdnkit::{Located, Verdict};

use crate::pdn_support::{self, Played, played};

/// How to check one input.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Replay options (variant forced, main line only, strict).
    pub replay: ReplayOptions,
    /// The splitter's maximum game size (`None`: the default).
    pub max_game_size: Option<usize>,
    /// Also split with reads of this many bytes and compare.
    pub read_capacity: Option<usize>,
    /// Stats grouping.
    pub group_by: Option<String>,
}

/// What one input held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub clean: u64,
    pub warnings: u64,
    pub invalid: u64,
    pub unreadable: u64,
    pub diagnostics: u64,
    /// Games the plain-shape shortcut of `validate --syntax-only` recognised.
    pub plain: u64,
    /// Games the splitter passed by in the plain shape (`Splitter::next_cut`).
    pub passed: u64,
}

impl Summary {
    pub fn add(&mut self, o: &Summary) {
        self.games += o.games;
        self.clean += o.clean;
        self.warnings += o.warnings;
        self.invalid += o.invalid;
        self.unreadable += o.unreadable;
        self.diagnostics += o.diagnostics;
        self.plain += o.plain;
        self.passed += o.passed;
    }
}

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

const FILE: &str = "mutated.pdn";

/// Checks every invariant on `input`.
pub fn check(input: &[u8], options: &CheckOptions) -> Result<Summary, String> {
    let split = SplitOptions {
        max_game_size: options
            .max_game_size
            .unwrap_or(SplitOptions::default().max_game_size),
        // Half the inputs let literal escapes by, as a syntax pass without notes does.
        notes_passed: if input.len() % 2 == 1 {
            NotesPassed::LiteralEscapes
        } else {
            NotesPassed::None
        },
        ..SplitOptions::default()
    };
    let games = split_all(input, &split, None)?;
    check_tiling(input, &games)?;
    if let Some(capacity) = options.read_capacity {
        let again = split_all(input, &split, Some(capacity))?;
        if let Some(i) = (0..games.len().max(again.len())).find(|&i| games.get(i) != again.get(i)) {
            let show = |g: Option<&RawGame>| {
                g.map(|g| {
                    format!(
                        "index {} offset {} line {} column {} oversize {:?} text {:?}",
                        g.index,
                        g.byte_offset,
                        g.first_line,
                        g.first_column,
                        g.oversize,
                        g.text.chars().take(200).collect::<String>()
                    )
                })
            };
            return Err(format!(
                "reading in chunks of {capacity} bytes gives other games ({} instead of {}); \
                 first difference:\n{:?}\n{:?}",
                again.len(),
                games.len(),
                show(games.get(i)),
                show(again.get(i))
            ));
        }
    }
    let cuts = pdn_support::all_cuts(match options.read_capacity {
        Some(n) => Splitter::with_options(BufReader::with_capacity(n, input), split.clone()),
        None => Splitter::with_options(BufReader::new(input), split.clone()),
    });
    let passed = pdn_support::check_cuts(&cuts, &games, split.notes_passed)?;
    let whole = pdn_support::all_cuts(Splitter::with_options(input, split.clone()));
    ensure!(
        whole == cuts,
        "the games passed by depend on how the input is read"
    );
    // The plain games found ahead, in blocks of a size the input picks (the binary finds them
    // so on other threads).
    let block = 1 + input.len() % 4_093;
    let hints = pdn::fast::hints_in_blocks(input, block, split.notes_passed);
    let prescanned =
        pdn_support::all_cuts(Splitter::with_options(input, split.clone()).with_hints(hints));
    ensure!(
        prescanned == cuts,
        "the games found with a prescan in blocks of {block} bytes differ"
    );
    let map = LineMap::new(input, &games);
    let mut out = Outputs::new(options);
    out.summary.passed = passed as u64;
    // Without a variant forced, the file's games without tags play under one variant, as
    // `validate` decides it from the file's first games.
    let replay = match options.replay.variant {
        Some(_) => options.replay.clone(),
        None => {
            let parsed: Vec<Game<'_>> = games.iter().filter_map(|r| parse_game(r).ok()).collect();
            let decided = VariantEvidence::of_games(parsed.iter().take(1024));
            options.replay.for_archive(decided.map(std::sync::Arc::new))
        }
    };
    let mut judge = PlainJudge::default();
    for raw in &games {
        let judged_clean = judge.is_clean(raw, &replay);
        check_game(FILE, raw, &replay, |data| {
            // The plain judge of `validate`, against the replay.
            ensure!(
                !judged_clean || data.record.status == Verdict::Clean,
                "game {}: clean for the plain judge, {:?} for the replay: {:?}",
                raw.index,
                data.record.status,
                raw.text
            );
            check_one(&map, raw, data, &mut out)
        })?;
    }
    out.finish(&games, options)
}

fn split_all(
    input: &[u8],
    options: &SplitOptions,
    capacity: Option<usize>,
) -> Result<Vec<RawGame>, String> {
    let result: std::io::Result<Vec<RawGame>> = match capacity {
        None => Splitter::with_options(input, options.clone()).collect(),
        Some(n) => {
            Splitter::with_options(BufReader::with_capacity(n, input), options.clone()).collect()
        }
    };
    result.map_err(|e| format!("reading from memory failed: {e}"))
}

/// Bytes of the input a game's text came from.
fn raw_len(raw: &RawGame) -> u64 {
    raw.byte_len
}

/// Bytes of the input before byte `offset` of a game's text: the same in a game read as UTF-8
/// without replacement, one a character in a single-byte encoding, else found by decoding
/// the input's bytes of the game until the text before `offset` is reached.
fn raw_prefix(raw: &RawGame, input: &[u8], offset: usize) -> usize {
    let bytes = &input[raw.byte_offset as usize..(raw.byte_offset + raw.byte_len) as usize];
    if raw.encoding == encoding_rs::UTF_8 && bytes.len() == raw.text.len() {
        return offset;
    }
    let target = raw.text[..offset].chars().count();
    char_starts_in(raw.encoding, bytes)
        .into_iter()
        .nth(target)
        .unwrap_or(bytes.len())
}

/// Where each character of `bytes` decoded as `encoding` starts: one byte a character in a
/// single-byte encoding, one or more in Big5, Shift_JIS or UTF-16 (a broken sequence is one
/// character, as the decoder writes it U+FFFD).
fn char_starts_in(encoding: &'static encoding_rs::Encoding, bytes: &[u8]) -> Vec<usize> {
    if encoding == encoding_rs::UTF_8 {
        return char_starts(bytes);
    }
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut starts = Vec::with_capacity(bytes.len());
    // The first byte of the character the decoder has not written yet.
    let mut pending = 0;
    let mut out = String::with_capacity(64);
    for i in 0..bytes.len() {
        out.clear();
        let last = i + 1 == bytes.len();
        let _ = decoder.decode_to_string(&bytes[i..=i], &mut out, last);
        // A byte that ends a character writes it; one that also breaks the sequence before it
        // writes U+FFFD for that sequence first, and its own character starts at itself.
        for (k, _) in out.chars().enumerate() {
            starts.push(if k == 0 { pending } else { i });
        }
        if !out.is_empty() {
            pending = i + 1;
        }
    }
    starts
}

/// Where each character of `bytes`, read as UTF-8 with each broken sequence one U+FFFD,
/// starts.
fn char_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        match std::str::from_utf8(&bytes[at..]) {
            Ok(text) => {
                starts.extend(text.char_indices().map(|(i, _)| at + i));
                break;
            }
            Err(e) => {
                let good = std::str::from_utf8(&bytes[at..at + e.valid_up_to()]).unwrap();
                starts.extend(good.char_indices().map(|(i, _)| at + i));
                starts.push(at + e.valid_up_to());
                at += e.valid_up_to() + e.error_len().unwrap_or(bytes.len() - at - e.valid_up_to());
            }
        }
    }
    starts
}

fn check_tiling(input: &[u8], games: &[RawGame]) -> Result<(), String> {
    let mut at = if input.starts_with(BOM) { BOM.len() } else { 0 } as u64;
    for (i, g) in games.iter().enumerate() {
        ensure!(
            g.index == i as u64 + 1,
            "game {} has index {}",
            i + 1,
            g.index
        );
        ensure!(
            g.byte_offset == at,
            "game {} starts at byte {} but the game before it ended at byte {at}: bytes lost",
            g.index,
            g.byte_offset
        );
        let len = raw_len(g);
        let end = at + len;
        ensure!(
            end as usize <= input.len(),
            "game {} ends past the input",
            g.index
        );
        let bytes = &input[at as usize..end as usize];
        if g.oversize.is_none() {
            let decoded = g.encoding.decode_without_bom_handling(bytes).0;
            ensure!(
                decoded == g.text,
                "game {}: its text is not the input's bytes {at}..{end}",
                g.index
            );
        } else {
            ensure!(
                !g.text.is_empty() || bytes.is_empty(),
                "oversize game {} kept no text",
                g.index
            );
        }
        at = end;
    }
    let rest = &input[at as usize..];
    ensure!(
        rest.iter().all(u8::is_ascii_whitespace),
        "{} bytes after the last game are in no game",
        rest.len()
    );
    Ok(())
}

/// Line starts of the input and the characters before each byte, each game's bytes read in
/// the encoding it was decoded in.
struct LineMap<'i> {
    input: &'i [u8],
    bom: usize,
    /// Offset where each line starts.
    starts: Vec<usize>,
    /// `chars[i]`: characters starting before byte `i`.
    chars: Vec<u32>,
}

impl<'i> LineMap<'i> {
    fn new(input: &'i [u8], games: &[RawGame]) -> LineMap<'i> {
        let mut starts = vec![0];
        for (i, &b) in input.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && input.get(i + 1) != Some(&b'\n')) {
                starts.push(i + 1);
            }
        }
        // Where characters start: at lead bytes outside games; in a game, as it was decoded
        // (`char_starts_in`).
        let mut starts_char: Vec<bool> = input.iter().map(|&b| b & 0xC0 != 0x80).collect();
        for g in games.iter().filter(|g| g.oversize.is_none()) {
            let range = g.byte_offset as usize..(g.byte_offset + g.byte_len) as usize;
            let Some(bytes) = input.get(range.clone()) else {
                continue;
            };
            starts_char[range.clone()].fill(false);
            for i in char_starts_in(g.encoding, bytes) {
                starts_char[range.start + i] = true;
            }
        }
        let mut chars = Vec::with_capacity(input.len() + 1);
        let mut n = 0u32;
        for &start in &starts_char {
            chars.push(n);
            n += u32::from(start);
        }
        chars.push(n);
        LineMap {
            input,
            bom: if input.starts_with(BOM) { BOM.len() } else { 0 },
            starts,
            chars,
        }
    }

    /// Start and end (before its line end) of 1-based line `line`.
    fn line(&self, line: usize) -> (usize, usize) {
        let start = if line == 1 {
            self.bom
        } else {
            self.starts[line - 1]
        };
        let end = match self.starts.get(line) {
            None => self.input.len(),
            Some(&next) => {
                // `next - 1` is the LF or CR ending the line; a CRLF ends at its CR.
                let mut end = next - 1;
                if self.input[end] == b'\n' && end > 0 && self.input[end - 1] == b'\r' {
                    end -= 1;
                }
                end
            }
        };
        (start, end.max(start))
    }

    /// The byte offset that line `line`, column `column` names, or why it is outside.
    fn offset(&self, line: u32, column: u32) -> Result<usize, String> {
        let l = line as usize;
        ensure!(
            l >= 1 && l <= self.starts.len(),
            "line {line} is outside the input ({} lines)",
            self.starts.len()
        );
        ensure!(column >= 1, "column 0");
        let (start, end) = self.line(l);
        let target = self.chars[start] + (column - 1);
        let width = self.chars[end] - self.chars[start];
        ensure!(
            target <= self.chars[end],
            "column {column} is past the end of line {line} ({width} characters)"
        );
        if target == self.chars[end] {
            return Ok(end);
        }
        // The byte that starts character `target`: the first whose next byte has more than
        // `target` characters before it.
        let at = start + self.chars[start + 1..=end].partition_point(|&c| c <= target);
        Ok(at)
    }
}

fn check_located(map: &LineMap<'_>, raw: &RawGame, d: &Located) -> Result<(), String> {
    let what = format!(
        "game {} diagnostic {}[{}] at {}:{}",
        raw.index, d.severity, d.code, d.line, d.column
    );
    let at = map
        .offset(d.line, d.column)
        .map_err(|e| format!("{what}: {e}"))?;
    let Some((start, end)) = d.span else {
        ensure!(
            at == raw.byte_offset as usize,
            "{what}: without a span it should name the game's start, byte {}, not byte {at}",
            raw.byte_offset
        );
        return Ok(());
    };
    let (s, e) = (start as usize, end as usize);
    ensure!(
        s <= e && e <= raw.text.len(),
        "{what}: span {s}..{e} outside the game's {} bytes",
        raw.text.len()
    );
    ensure!(
        raw.text.is_char_boundary(s) && raw.text.is_char_boundary(e),
        "{what}: span {s}..{e} not on character boundaries"
    );
    let expected = raw.byte_offset as usize + raw_prefix(raw, map.input, s);
    ensure!(
        at == expected,
        "{what}: line and column name byte {at} but the span starts at byte {expected}; line \
         {:?}",
        {
            let (ls, le) = map.line(d.line as usize);
            String::from_utf8_lossy(&map.input[ls..le.min(ls + 200)])
        }
    );
    Ok(())
}

/// The outline without move lines (the rule-aware writer rewrites moves) and without the
/// GameType tag it may add.
fn outline_without_moves(game: &Game<'_>) -> String {
    let mut shape: String = outline(game)
        .lines()
        .filter(|l| !l.trim_start().starts_with("move "))
        // The rules' tags are the writer's to set: the variant the game was replayed under.
        .filter(|l| !l.starts_with("tag GameType=") && !l.starts_with("tag Variant="))
        .map(|l| format!("{l}\n"))
        .collect();
    // The rule-aware writer ends a game without terminator with `*`.
    if game.terminator.is_none() {
        shape.push_str("end *\n");
    }
    shape
}

/// The first value of each tag name, in order.
fn first_tags<'g>(game: &'g Game<'_>) -> Vec<(&'g str, &'g str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    for t in game.tags() {
        if !out.iter().any(|(n, _)| *n == t.name) {
            out.push((t.name, &t.value));
        }
    }
    out
}

/// Everything the writers produced, and what they must reproduce.
struct Outputs {
    summary: Summary,
    fen_final: FenWriter<Vec<u8>>,
    fen_every: FenWriter<Vec<u8>>,
    fen_every_rows: u64,
    /// Games with a final position: each has a row of the final FEN, the others none.
    fen_final_rows: u64,
    csv_games: CsvWriter<Vec<u8>>,
    csv_moves: CsvWriter<Vec<u8>>,
    csv_move_rows: u64,
    json: Vec<u8>,
    pdn: PdnWriter<Vec<u8>>,
    /// For each game the rule-aware writer wrote: replay facts and outline.
    pdn_expected: Vec<(u64, Played, String)>,
    stats: Stats,
    settings: Settings,
    /// First game decoded with the fallback, and whether it was reported.
    fallback: Option<(u64, bool)>,
}

impl Outputs {
    fn new(options: &CheckOptions) -> Outputs {
        let mut csv_games = CsvWriter::new(
            Vec::new(),
            Rows::Games(DEFAULT_TAGS.iter().map(|t| t.to_string()).collect()),
        );
        csv_games.write_header().expect("memory");
        let mut csv_moves = CsvWriter::new(Vec::new(), Rows::Moves);
        csv_moves.write_header().expect("memory");
        Outputs {
            summary: Summary::default(),
            fen_final: FenWriter::new(Vec::new(), Positions::Final),
            fen_every: FenWriter::new(Vec::new(), Positions::EveryPly),
            fen_every_rows: 0,
            fen_final_rows: 0,
            csv_games,
            csv_moves,
            csv_move_rows: 0,
            json: Vec::new(),
            pdn: PdnWriter::new(Vec::new()),
            pdn_expected: Vec::new(),
            stats: Stats::default(),
            settings: Settings {
                opening_plies: 4,
                openings: None,
                by: options.group_by.as_deref().map(GroupBy::parse),
                aliases: None,
            },
            fallback: None,
        }
    }

    fn finish(self, games: &[RawGame], options: &CheckOptions) -> Result<Summary, String> {
        let n = games.len() as u64;
        let s = self.summary;
        ensure!(
            s.games == n && s.clean + s.warnings + s.invalid + s.unreadable == n,
            "{n} games read but {s:?} accounted for"
        );
        if let Some((index, reported)) = self.fallback {
            ensure!(
                reported,
                "game {index} was decoded as Windows-1252 without an encoding diagnostic"
            );
        }
        let fen = self.fen_final.finish().expect("memory");
        let lines = fen.iter().filter(|&&b| b == b'\n').count() as u64;
        ensure!(
            lines == self.fen_final_rows,
            "{lines} FEN rows for {} games with a final position ({n} games)",
            self.fen_final_rows
        );
        let every = self.fen_every.finish().expect("memory");
        let lines = every.iter().filter(|&&b| b == b'\n').count() as u64;
        ensure!(
            lines == self.fen_every_rows,
            "{lines} every-ply FEN rows, {} expected",
            self.fen_every_rows
        );
        let csv = self.csv_games.finish().expect("memory");
        let records = read_csv(&csv)?;
        ensure!(
            records.len() as u64 == n + 1,
            "{} CSV game records for {n} games and a header",
            records.len()
        );
        let csv = self.csv_moves.finish().expect("memory");
        let records = read_csv(&csv)?;
        ensure!(
            records.len() as u64 == self.csv_move_rows + 1,
            "{} CSV move records for {} plies and a header",
            records.len(),
            self.csv_move_rows
        );
        ensure!(
            records.iter().all(|r| r.len() == 13),
            "CSV move rows of the wrong width"
        );
        let lines = self.json.iter().filter(|&&b| b == b'\n').count() as u64;
        ensure!(lines == n, "{lines} JSON lines for {n} games");
        check_pdn_output(
            &self.pdn.finish().expect("memory"),
            &self.pdn_expected,
            options,
        )?;
        check_stats(&self.stats, &self.settings, &s)?;
        Ok(s)
    }
}

fn read_csv(bytes: &[u8]) -> Result<Vec<csv::StringRecord>, String> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes)
        .records()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("CSV output does not parse: {e}"))
}

fn check_one(
    map: &LineMap<'_>,
    raw: &RawGame,
    data: &CheckedGame<'_, '_>,
    out: &mut Outputs,
) -> Result<(), String> {
    let r = data.record;
    let index = raw.index;
    ensure!(
        r.game == index,
        "record of game {index} says game {}",
        r.game
    );
    ensure!(
        r.line == raw.first_line,
        "record of game {index}: line {} instead of {}",
        r.line,
        raw.first_line
    );
    out.summary.games += 1;
    match r.status {
        Verdict::Clean => out.summary.clean += 1,
        Verdict::Warnings => out.summary.warnings += 1,
        Verdict::Invalid => out.summary.invalid += 1,
        Verdict::Unreadable => out.summary.unreadable += 1,
    }
    ensure!(
        (r.status == Verdict::Unreadable) == data.game.is_none(),
        "game {index}: status {:?} but parsed: {}",
        r.status,
        data.game.is_some()
    );
    out.summary.diagnostics += r.diagnostics.len() as u64;
    for d in &r.diagnostics {
        check_located(map, raw, d)?;
    }
    if raw.encoding != encoding_rs::UTF_8 && out.fallback.is_none() {
        let reported = r.diagnostics.iter().any(|d| d.code == Code::Encoding);
        out.fallback = Some((index, reported));
    }
    // The fast paths of the syntax pass, against the parser.
    match scan_game(raw, true) {
        Scanned::Plain { moves } => {
            out.summary.plain += 1;
            check_plain(raw, data.game, moves)?;
        }
        Scanned::PlainMoves { notes } => check_notes_around_plain_moves(raw, data.game, &notes)?,
        Scanned::Parsed(_) | Scanned::Unreadable(_) => {}
    }
    if let Some(game) = data.game {
        check_syntax_round_trip(index, game)?;
        check_csv_fields(index, data, game)?;
    }
    write_outputs(data, out)?;
    check_json_line(index, data, out)?;
    if let Some(game) = data.game {
        // The rule-aware writer writes every readable game.
        out.pdn_expected
            .push((index, played(data), outline_without_moves(game)));
    }
    out.stats.add(&GameSummary::of(data, index, &out.settings));
    Ok(())
}

/// A game the shortcut recognises is one the parser reads without error or note, with the
/// same number of main-line moves.
fn check_plain(raw: &RawGame, game: Option<&Game<'_>>, moves: usize) -> Result<(), String> {
    let index = raw.index;
    let game = readable(raw, game, "plain")?;
    ensure!(
        game.notes.is_empty(),
        "game {index}: plain for the shortcut but the parser notes {:?}: {:?}",
        game.notes,
        raw.text
    );
    let parsed = game.mainline_moves().count();
    ensure!(
        parsed == moves,
        "game {index}: the shortcut counts {moves} moves, the parser {parsed}: {:?}",
        raw.text
    );
    Ok(())
}

/// A game whose moves the shortcut recognises has, read around them, the notes of the whole
/// parse (what the syntax pass judges it by without its tree).
fn check_notes_around_plain_moves(
    raw: &RawGame,
    game: Option<&Game<'_>>,
    notes: &[Note],
) -> Result<(), String> {
    let index = raw.index;
    let game = readable(raw, game, "plain moves")?;
    ensure!(
        game.notes == notes,
        "game {index}: read around its plain moves noted {notes:?}, the parser {:?}: {:?}",
        game.notes,
        raw.text
    );
    Ok(())
}

/// The game the parser read, which a game the shortcut recognised (as `recognised`) must be.
fn readable<'a, 'g>(
    raw: &RawGame,
    game: Option<&'a Game<'g>>,
    recognised: &str,
) -> Result<&'a Game<'g>, String> {
    game.ok_or_else(|| {
        format!(
            "game {}: {recognised} for the shortcut but unreadable: {:?}",
            raw.index, raw.text
        )
    })
}

fn write_outputs(data: &CheckedGame<'_, '_>, out: &mut Outputs) -> Result<(), String> {
    let io = |e: std::io::Error| format!("writing to memory failed: {e}");
    out.fen_final.write_game(data).map_err(io)?;
    out.fen_every.write_game(data).map_err(io)?;
    if let Some(r) = data.replayed
        && r.config.is_some()
        && r.start.is_some()
    {
        out.fen_every_rows += r.plies.len() as u64 + 1;
        out.fen_final_rows += 1;
    }
    out.csv_games.write_game(data).map_err(io)?;
    out.csv_moves.write_game(data).map_err(io)?;
    out.csv_move_rows += data.replayed.map_or(0, |r| {
        if r.config.is_some() {
            r.plies.len() as u64
        } else {
            0
        }
    });
    let mut json = JsonWriter::new(&mut out.json);
    json.write_game(data).map_err(io)?;
    out.pdn.write_game(data).map_err(io)?;
    Ok(())
}

/// The last JSON line is one valid object for this game, with its tags.
fn check_json_line(index: u64, data: &CheckedGame<'_, '_>, out: &Outputs) -> Result<(), String> {
    let body = &out.json[..out.json.len() - 1];
    let start = body.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = std::str::from_utf8(&body[start..])
        .map_err(|e| format!("game {index}: JSON line is not UTF-8: {e}"))?;
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|e| format!("game {index}: JSON line does not parse: {e}"))?;
    ensure!(
        value["game"] == index,
        "game {index}: JSON says game {}",
        value["game"]
    );
    ensure!(
        value["status"] == data.record.status.name(),
        "game {index}: JSON status {}",
        value["status"]
    );
    if let Some(game) = data.game {
        let tags = value["tags"]
            .as_object()
            .ok_or(format!("game {index}: JSON tags are not an object"))?;
        let expected = first_tags(game);
        ensure!(
            tags.len() == expected.len(),
            "game {index}: {} JSON tags, {} expected",
            tags.len(),
            expected.len()
        );
        for (name, value) in expected {
            ensure!(
                tags.get(name).and_then(|v| v.as_str()) == Some(value),
                "game {index}: JSON tag {name:?} is not {value:?}"
            );
        }
    }
    Ok(())
}

/// Split options for reading written output back: no maximum game size. Writing may make a
/// game larger (junk becomes `{junk}`), so a game just under the limit can be over it once
/// written; the limit is about resources, the round trip about content.
fn unlimited() -> SplitOptions {
    SplitOptions {
        max_game_size: usize::MAX,
        ..SplitOptions::default()
    }
}

/// Writing with the syntax writer and reading back gives the same tree, and writing again
/// gives the same text.
fn check_syntax_round_trip(index: u64, game: &Game<'_>) -> Result<(), String> {
    let written = write_game(game);
    let again: Vec<RawGame> = Splitter::with_options(written.as_bytes(), unlimited())
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    ensure!(
        again.len() == 1,
        "game {index}: written game reads back as {} games:\n{written}",
        again.len()
    );
    let reparsed = parse_game(&again[0])
        .map_err(|e| format!("game {index}: written game unreadable: {e}\n{written}"))?;
    let (a, b) = (outline(game), outline(&reparsed));
    ensure!(
        a == b,
        "game {index}: tree changed by write and read:\n{}\nwritten:\n{written}",
        first_difference(&a, &b)
    );
    let twice = write_game(&reparsed);
    ensure!(
        twice == written,
        "game {index}: writing is not idempotent:\n{written}\n---\n{twice}"
    );
    Ok(())
}

/// A row with every tag of the game as a column reads back with the same values.
fn check_csv_fields(index: u64, data: &CheckedGame<'_, '_>, game: &Game<'_>) -> Result<(), String> {
    let tags = first_tags(game);
    let names: Vec<String> = tags.iter().map(|(n, _)| n.to_string()).collect();
    let mut w = CsvWriter::new(Vec::new(), Rows::Games(names));
    w.write_header().expect("memory");
    w.write_game(data).expect("memory");
    let bytes = w.finish().expect("memory");
    let records = read_csv(&bytes)?;
    ensure!(
        records.len() == 2,
        "game {index}: CSV with its tags gives {} records",
        records.len()
    );
    for (i, (name, value)) in tags.iter().enumerate() {
        ensure!(
            records[0].get(2 + i) == Some(*name),
            "game {index}: CSV header {:?} instead of tag name {name:?}",
            records[0].get(2 + i)
        );
        ensure!(
            records[1].get(2 + i) == Some(*value),
            "game {index}: CSV field {:?} instead of tag {name} = {value:?}",
            records[1].get(2 + i)
        );
    }
    Ok(())
}

/// The rule-aware PDN output reads back as the same games.
fn check_pdn_output(
    bytes: &[u8],
    expected: &[(u64, Played, String)],
    options: &CheckOptions,
) -> Result<(), String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("PDN output not UTF-8: {e}"))?;
    let games: Vec<RawGame> = Splitter::with_options(text.as_bytes(), unlimited())
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    ensure!(
        games.len() == expected.len(),
        "PDN output holds {} games, {} written",
        games.len(),
        expected.len()
    );
    for (raw, (index, before, shape)) in games.iter().zip(expected) {
        let result = check_game("out.pdn", raw, &options.replay, |d| {
            let Some(game) = d.game else {
                return Err(format!(
                    "game {index}: rewritten as PDN it is unreadable:\n{}",
                    raw.text
                ));
            };
            let after = played(d);
            ensure!(
                &after == before,
                "game {index}: rewritten as PDN it replays differently:\n{before:?}\n{after:?}\n{}",
                raw.text
            );
            let again = outline_without_moves(game);
            ensure!(
                &again == shape,
                "game {index}: rewritten as PDN its tags or comments changed:\n{}\n{}",
                first_difference(shape, &again),
                raw.text
            );
            Ok(())
        });
        result?;
    }
    Ok(())
}

fn check_stats(stats: &Stats, settings: &Settings, s: &Summary) -> Result<(), String> {
    let report = pdnkit::stats::report(
        stats,
        settings.by.as_ref().map(|b| b.name()),
        Some(settings.opening_plies),
        5,
    );
    let mut totals = [0u64; 5];
    for g in &report.groups {
        totals[0] += g.games;
        totals[1] += g.status.clean;
        totals[2] += g.status.warnings;
        totals[3] += g.status.invalid;
        totals[4] += g.status.unreadable;
    }
    ensure!(
        totals == [s.games, s.clean, s.warnings, s.invalid, s.unreadable],
        "stats count {totals:?}, validate {s:?}"
    );
    let _ = pdnkit::stats::render_table(&report);
    let _ = pdnkit::stats::tidy_rows(&report);
    serde_json::to_string(&report).map_err(|e| format!("stats JSON: {e}"))?;
    Ok(())
}

fn first_difference(a: &str, b: &str) -> String {
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}: {x:?} became {y:?}", i + 1);
        }
    }
    format!(
        "{} lines became {} lines",
        a.lines().count(),
        b.lines().count()
    )
}

/// The harness's own character starts follow the decoder: a Big5 pair, a UTF-16 unit pair and
/// a broken sequence before an ASCII byte.
#[test]
fn character_starts_follow_the_decoder() {
    assert_eq!(
        char_starts_in(encoding_rs::BIG5, b"E5\xbaA5"),
        vec![0, 1, 2, 4]
    );
    assert_eq!(
        char_starts_in(encoding_rs::UTF_16LE, b"3\x002\x00"),
        vec![0, 2]
    );
    // 0x81 starts a two-byte character in Big5; `A` (0x41) is a valid second byte, `-` is
    // not, so the lead is broken and `-` is a character of its own.
    assert_eq!(char_starts_in(encoding_rs::BIG5, b"\x81-1"), vec![0, 1, 2]);
    assert_eq!(
        char_starts_in(encoding_rs::WINDOWS_1252, b"\xe9t\xe9"),
        vec![0, 1, 2]
    );
}
