//! The page's data, written game by game as the report goes: JSON in
//! `<script type="application/json" class="pdnkit-games">` elements of about 256 KB each,
//! each an array of games; the tables they point into (files, variants, boards, starts) come
//! once, after them, in the page's meta data ([`Writer::meta`]).
//!
//! A game is an array:
//!
//! `[file, number, white, black, variant, board, start, first_number, moves, findings]`
//!
//! * `file`, `variant`: indices into the meta data's `files` and `variants`;
//! * `board`: index into `boards` (how to draw and name its squares), `null` when the game
//!   cannot be shown (it was not replayed); then `start` is `null` and `moves` empty;
//! * `start`: index into `starts`, or the position itself (see [`super::viewer::code`]);
//! * `moves`: the main line's moves, a word each (see [`super::viewer`]);
//! * `findings`: arrays of `[line, column, severity, code, message, ply, variation, written,
//!   board_text, excerpt, caret_at, caret_length, board, repairs]`: `severity` 0 note,
//!   1 warning, 2 error; `code` an index into `codes`; `board` is `null` or `[at, position,
//!   written_route, captured, required_route]` (routes in square characters); `repairs` are
//!   `[text, status]`, status 0 a candidate, 1 confirmed, 2 what `fix` applies.
//!
//! Every `<` in the JSON is written `\u003c`, so no data can end its script element.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::PathBuf;

use draughts::{Colour, Notation};
use serde::Serialize;

use super::entry::GameEntry;
use super::finding::Finding;
use super::shown_path;
use crate::{Code, Severity};

/// A data element is closed once it holds this many bytes (a game more at most).
const CHUNK: usize = 1 << 18;
/// Most start positions kept in the shared table; the others are written in their games.
const MAX_STARTS: usize = 64;

/// How the page draws and names the squares of a game: one board per kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardKind {
    pub notation: Notation,
    /// The capture separator (`x`, `:`).
    pub separator: char,
    pub first_mover: Colour,
}

/// Writes the games and keeps the tables they point into.
pub struct Writer {
    relative_to: Option<PathBuf>,
    /// Files as given, and as the page names them.
    files: Vec<(String, String)>,
    /// Where each file is in `files`.
    file_index: HashMap<String, usize>,
    variants: Vec<&'static str>,
    pub boards: Vec<BoardKind>,
    starts: Vec<String>,
    /// Games and findings written.
    pub games: u64,
    pub findings: u64,
    /// Bytes in the element being written; `None` when none is open.
    open: Option<usize>,
    /// An element is closed once it holds this many bytes.
    chunk: usize,
    /// A game's JSON before it is escaped into the page.
    buffer: Vec<u8>,
}

/// A game as written (a JSON array).
#[derive(Serialize)]
struct GameRow<'a>(
    usize,
    u64,
    Option<&'a str>,
    Option<&'a str>,
    usize,
    Option<usize>,
    Option<Start<'a>>,
    u32,
    &'a str,
    Vec<FindingRow<'a>>,
);

#[derive(Serialize)]
#[serde(untagged)]
enum Start<'a> {
    Shared(usize),
    Own(&'a str),
}

#[derive(Serialize)]
struct FindingRow<'a>(
    u32,
    u32,
    u8,
    usize,
    &'a str,
    Option<u32>,
    u32,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    usize,
    usize,
    Option<BoardRow<'a>>,
    Vec<(&'a str, u8)>,
);

#[derive(Serialize)]
struct BoardRow<'a>(Option<u32>, Option<&'a str>, &'a str, &'a str, &'a str);

impl Writer {
    pub fn new(relative_to: Option<PathBuf>) -> Writer {
        Writer {
            relative_to,
            files: Vec::new(),
            file_index: HashMap::new(),
            variants: Vec::new(),
            boards: Vec::new(),
            starts: Vec::new(),
            games: 0,
            findings: 0,
            open: None,
            chunk: CHUNK,
            buffer: Vec::with_capacity(1 << 14),
        }
    }

    /// Writes `entry` into the current element (opening one when needed).
    pub fn game(&mut self, out: &mut dyn Write, entry: &GameEntry) -> io::Result<()> {
        let r = &entry.record;
        let file = self.file(&r.file);
        let variant = index_of(&mut self.variants, r.variant.unwrap_or("unknown"));
        let (board, start, first_number, moves) = match &entry.viewer {
            Some(v) => {
                let kind = BoardKind {
                    notation: v.notation,
                    separator: v.separator,
                    first_mover: v.first_mover,
                };
                let board = index_of(&mut self.boards, kind);
                let start = match self.starts.iter().position(|s| *s == v.start) {
                    Some(i) => Start::Shared(i),
                    None if self.starts.len() < MAX_STARTS => {
                        self.starts.push(v.start.clone());
                        Start::Shared(self.starts.len() - 1)
                    }
                    None => Start::Own(&v.start),
                };
                (Some(board), Some(start), v.first_number, v.moves.as_str())
            }
            None => (None, None, 0, ""),
        };
        let row = GameRow(
            file,
            r.game,
            r.white.as_deref(),
            r.black.as_deref(),
            variant,
            board,
            start,
            first_number,
            moves,
            entry.findings.iter().map(finding_row).collect(),
        );
        self.buffer.clear();
        serde_json::to_writer(&mut self.buffer, &row).map_err(io::Error::other)?;
        let written = match self.open {
            Some(n) => {
                out.write_all(b",\n")?;
                n
            }
            None => {
                out.write_all(b"<script type=\"application/json\" class=\"pdnkit-games\">[")?;
                0
            }
        };
        write_escaped(out, &self.buffer)?;
        let written = written + self.buffer.len();
        self.open = Some(written);
        if written >= self.chunk {
            self.close(out)?;
        }
        self.games += 1;
        self.findings += entry.findings.len() as u64;
        Ok(())
    }

    /// Closes the element being written, if any.
    pub fn close(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.open.take().is_some() {
            out.write_all(b"]</script>\n")?;
        }
        Ok(())
    }

    /// The index of `given` in the files, added (with the name the page gives it) when new.
    fn file(&mut self, given: &str) -> usize {
        if let Some(&i) = self.file_index.get(given) {
            return i;
        }
        let shown = match &self.relative_to {
            Some(dir) => shown_path(given, dir),
            None => given.to_string(),
        };
        self.files.push((given.to_string(), shown));
        self.file_index
            .insert(given.to_string(), self.files.len() - 1);
        self.files.len() - 1
    }

    /// The files as the page names them.
    pub fn file_names(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|(_, shown)| shown.as_str())
    }

    /// The variants met.
    pub fn variants(&self) -> &[&'static str] {
        &self.variants
    }

    /// The start positions shared by games.
    pub fn starts(&self) -> &[String] {
        &self.starts
    }
}

fn finding_row(f: &Finding) -> FindingRow<'_> {
    let severity = match f.severity {
        Severity::Note => 0,
        Severity::Warning => 1,
        Severity::Error => 2,
    };
    FindingRow(
        f.line,
        f.column,
        severity,
        code_index(f.code),
        &f.message,
        f.ply,
        f.variation,
        f.written_text.as_deref(),
        f.board_text.as_deref(),
        &f.excerpt,
        f.caret.0,
        f.caret.1,
        f.board.as_ref().map(|b| {
            BoardRow(
                b.at,
                b.position.as_deref(),
                &b.written,
                &b.captured,
                &b.required,
            )
        }),
        f.suggestions
            .iter()
            .map(|s| (s.text.as_str(), s.status.number()))
            .collect(),
    )
}

/// The page's number of `code`: its place in [`Code::ALL`].
pub fn code_index(code: Code) -> usize {
    Code::ALL
        .iter()
        .position(|&c| c == code)
        .expect("every code is listed")
}

/// The index of `value` in `table`, pushed when it is not there.
fn index_of<T: PartialEq>(table: &mut Vec<T>, value: T) -> usize {
    match table.iter().position(|v| *v == value) {
        Some(i) => i,
        None => {
            table.push(value);
            table.len() - 1
        }
    }
}

/// Writes `json` with every `<` as `\u003c` (it only occurs inside JSON strings, where the
/// escape means the same).
pub fn write_escaped(out: &mut dyn Write, json: &[u8]) -> io::Result<()> {
    let mut rest = json;
    while let Some(at) = rest.iter().position(|&b| b == b'<') {
        out.write_all(&rest[..at])?;
        out.write_all(b"\\u003c")?;
        rest = &rest[at + 1..];
    }
    out.write_all(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html_report::Settings;
    use crate::{ReplayOptions, check_game};
    use pdn::Splitter;

    /// The data elements written for the games of `archive`, elements closed at `chunk` bytes.
    fn elements(archive: &str, chunk: usize) -> Vec<serde_json::Value> {
        let settings = Settings::default();
        let options = ReplayOptions::default();
        let mut writer = Writer::new(None);
        writer.chunk = chunk;
        let mut out = Vec::new();
        for raw in Splitter::new(archive.as_bytes()) {
            let raw = raw.unwrap();
            let entry = check_game("t.pdn", &raw, &options, |c| {
                GameEntry::of(c, &settings, &options)
            });
            writer.game(&mut out, &entry).unwrap();
        }
        writer.close(&mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        let open = "<script type=\"application/json\" class=\"pdnkit-games\">";
        assert!(page.starts_with(open), "{page}");
        page.split(open)
            .skip(1)
            .map(|e| serde_json::from_str(e.strip_suffix("</script>\n").unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn games_are_written_in_elements_of_bounded_size() {
        let game = "[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n\n";
        let archive = game.repeat(5);
        let one = elements(&archive, CHUNK);
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].as_array().unwrap().len(), 5);
        // Each element closes once past its size: here after every game.
        let many = elements(&archive, 1);
        assert_eq!(many.len(), 5);
        assert!(many.iter().all(|e| e.as_array().unwrap().len() == 1));
        assert_eq!(many[0][0], one[0][0]);
    }

    #[test]
    fn start_positions_are_shared_up_to_a_limit() {
        let mut archive = String::new();
        for i in 0..MAX_STARTS + 2 {
            let (white, black) = (31 + i % 20, 1 + i / 20);
            archive.push_str(&format!(
                "[GameType \"20\"]\n[FEN \"W:W{white}:B{black}\"]\n1. 99-98 *\n\n"
            ));
        }
        let games: Vec<serde_json::Value> = elements(&archive, CHUNK)
            .into_iter()
            .flat_map(|e| e.as_array().unwrap().clone())
            .collect();
        let starts: Vec<&serde_json::Value> = games.iter().map(|g| &g[6]).collect();
        assert!(
            starts[..MAX_STARTS]
                .iter()
                .enumerate()
                .all(|(i, s)| *s == i)
        );
        assert!(
            starts[MAX_STARTS..].iter().all(|s| s.is_string()),
            "{starts:?}"
        );
    }

    #[test]
    fn no_less_than_sign_reaches_the_page() {
        let mut out = Vec::new();
        write_escaped(&mut out, br#"["</script><!--","a<b"]"#).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, r#"["\u003c/script>\u003c!--","a\u003cb"]"#);
        let back: Vec<String> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, ["</script><!--", "a<b"]);
    }
}
