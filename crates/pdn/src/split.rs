//! The streaming splitter: a byte stream in, one [`RawGame`] per game out, never holding more
//! than one game (plus one read chunk) in memory.
//!
//! It follows just enough of the grammar to find game boundaries (PDN 3.0 game structure): `{}`
//! comments, `;` and `%` line comments and quoted tag values are skipped, so a `[` or a result
//! inside them never splits a game; parentheses are counted so a result inside a variation is
//! no terminator. A new game starts at the first tag after any movetext token or terminator,
//! or at the first move or move number after a terminator. The terminator is optional.
//!
//! Words are classified by [`super::lex`], the same code the parser uses, so the splitter
//! and the parser agree on what a move or a result is. A game larger than the maximum size is
//! returned as an oversize record (its first bytes only) and reading resumes at the next line
//! that starts with a tag.

use std::io::{self, BufRead};

use memchr::{memchr, memchr2, memmem};

use super::encoding::{BOM, Decoder};
use super::lex::{self, WordClass};
use super::note::{Note, NoteKind};
use super::span::Span;

use super::plain::{Extent, LOOKAHEAD, NotesPassed, plain_game_extent};
use super::raw::RawGame;
use super::span::{count_chars, count_line_ends};

/// Default maximum size of one game: far above any real game, small enough to bound memory.
pub const DEFAULT_MAX_GAME_SIZE: usize = 1 << 20;

/// Bytes of an oversize game kept for reports.
const OVERSIZE_KEEP: usize = 4096;

/// Settings of a [`Splitter`].
#[derive(Clone, Debug)]
pub struct SplitOptions {
    /// Largest game in bytes; a larger one is reported as oversize and skipped.
    pub max_game_size: usize,
    /// Decoder for the games' bytes (each game's encoding decided from its bytes by default).
    pub decoder: Decoder,
    /// The notes a game [`Splitter::next_cut`] passes by may carry (none by default). The
    /// hints of [`Splitter::with_hints`] must be found with the same setting.
    pub notes_passed: NotesPassed,
    /// Take the fast paths: pass plain games by in [`Splitter::next_cut`] and on hints, and
    /// pass clean movetext 64 bytes or a line at a time. Off, every game is cut out and every
    /// word read one at a time, giving the same games ([`crate::fast::fast_paths_default`]).
    pub fast_paths: bool,
}

impl Default for SplitOptions {
    fn default() -> Self {
        SplitOptions {
            max_game_size: DEFAULT_MAX_GAME_SIZE,
            decoder: Decoder::default(),
            notes_passed: NotesPassed::None,
            fast_paths: crate::fast::fast_paths_default(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Normal,
    Comment,
    LineComment,
}

/// Scanner state for the game being cut; positions are in `Splitter::buf`.
#[derive(Clone, Copy, Debug)]
struct Scan {
    pos: usize,
    mode: Mode,
    depth: u32,
    seen_movetext: bool,
    terminated: bool,
    /// Where the terminator of the game ends, once it has one: a game that starts right there
    /// is glued to it (`1-101.32-28`).
    terminator_end: usize,
    /// The game ends because a line starts again at move 1 ([`lex::restarts_numbering`]).
    restarted: bool,
    line_start: bool,
    /// After a terminator: where a run of comments starting on a new line began. If a tag
    /// follows them with no blank line between, they open the next game rather than trail
    /// this one.
    leading_comments: Option<usize>,
    /// Line ends in the white space since the last token (CRLF counted once; the count stops
    /// at 2, a blank line), and whether the last byte of it was a CR.
    gap_line_ends: u8,
    gap_after_cr: bool,
    /// The first line end at or after `pos` when `eol_found`; else how far the search for it
    /// got. Words never span a line end, so a word is classified only once its line is
    /// buffered: the games found never depend on how the input was cut into reads.
    eol: usize,
    eol_found: bool,
    /// The last line end before `searched_to` (from where the game's scan started), for
    /// [`Scan::last_line_end`]: the bytes before `searched_to` are searched once.
    last_eol: Option<usize>,
    searched_to: usize,
}

impl Scan {
    fn new(pos: usize, line_start: bool) -> Scan {
        Scan {
            pos,
            mode: Mode::Normal,
            depth: 0,
            seen_movetext: false,
            terminated: false,
            terminator_end: 0,
            restarted: false,
            line_start,
            leading_comments: None,
            gap_line_ends: 0,
            gap_after_cr: false,
            eol: pos,
            eol_found: false,
            last_eol: None,
            searched_to: pos,
        }
    }

    /// The last line end at or after `pos` and before `end`, searching only bytes not
    /// searched before: `end` only grows while a game is cut, and a game on one long line
    /// must not be searched again for every word of it.
    fn last_line_end(&mut self, b: &[u8], end: usize) -> Option<usize> {
        if end > self.searched_to {
            let from = self.searched_to.max(self.pos);
            if let Some(i) = memchr::memrchr2(b'\n', b'\r', &b[from..end]) {
                self.last_eol = Some(from + i);
            }
            self.searched_to = end;
        }
        self.last_eol.filter(|&at| at >= self.pos && at < end)
    }

    /// The first line end at or after `pos` in `b`, searching only bytes not searched before.
    fn line_end(&mut self, b: &[u8]) -> Option<usize> {
        if self.eol_found && self.eol >= self.pos {
            return Some(self.eol);
        }
        let from = if !self.eol_found && self.eol > self.pos {
            self.eol
        } else {
            self.pos
        };
        match memchr2(b'\n', b'\r', &b[from..]) {
            Some(i) => {
                self.eol = from + i;
                self.eol_found = true;
                Some(self.eol)
            }
            None => {
                self.eol = b.len();
                self.eol_found = false;
                None
            }
        }
    }
}

/// A game as [`Splitter::next_cut`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// A game cut out, as the iterator gives it.
    Game(RawGame),
    /// A game in the plain shape, passed by without being copied or decoded: the parser would
    /// read it without error or note.
    Plain(PlainGame),
}

/// Where a game passed by in the plain shape lies: what [`RawGame`] says of it, but its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainGame {
    /// Position of the game in its input, counting from 1.
    pub index: u64,
    /// Offset of the game's first byte in the input file.
    pub byte_offset: u64,
    /// Line of the game's first byte, from 1.
    pub first_line: u32,
    /// Column (in characters) of the game's first byte, from 1.
    pub first_column: u32,
    /// Size of the game in bytes.
    pub len: u64,
}

enum Step {
    /// The next game starts at this position.
    Boundary(usize),
    /// The game is larger than the maximum size (a word's line reaches past it).
    Oversize,
    /// The buffer ended; read more (or finish at end of input).
    NeedMore,
}

/// Iterator over the games of a byte stream. Errors are I/O errors only; syntax problems are
/// found later by the parser.
pub struct Splitter<R> {
    reader: R,
    buf: Vec<u8>,
    /// Start of the current game in `buf`.
    start: usize,
    scan: Scan,
    eof: bool,
    bom_checked: bool,
    next_index: u64,
    /// File offset, line and column of `buf[start]`.
    offset: u64,
    line: u32,
    column: u32,
    options: SplitOptions,
    hints: Option<Hints>,
    hinted: u64,
}

/// Bytes of a game buffered up to which it is scanned again after every read; past them,
/// reads go on until the buffered bytes double, so that no token is scanned more than a few
/// times however the input is cut into reads.
const REREAD_FREELY: usize = 4 << 10;

/// Most bytes taken from the reader at once by a splitter with hints (see [`Splitter::fill`]).
const HINTED_FILL: usize = 16 << 10;

/// Where the plain games found ahead of a splitter are looked up, by file offset: the hint for
/// a game starting there, if one was found (found by [`PlainHint::find_in`], on other threads or not). Asked with offsets that only
/// grow, each once the bytes there have been read.
pub type Hints = Box<dyn FnMut(u64) -> Option<PlainHint> + Send>;

/// A game in the plain shape found ahead of the splitter: what the plain shape says of
/// the bytes at `offset`, and what the splitter needs to move past them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainHint {
    /// File offset of the game's first byte.
    pub offset: u64,
    /// Size of the game in bytes (its extent).
    pub len: usize,
    /// Its bytes are ASCII.
    pub ascii: bool,
    /// Its bytes are UTF-8.
    pub utf8: bool,
    /// Its line ends.
    pub lines: u32,
    /// The column after it: counted from 1 after its last line end, or, without line ends,
    /// the characters to add to the column it starts at.
    pub column_after: u32,
    /// It ends at the start of a line.
    pub ends_line: bool,
}

impl PlainHint {
    /// The hints for the plain games of a block of an input (`last`: the input ends with it),
    /// which a caller may find on other threads, ahead of the splitter ([`Splitter::with_hints`]): at each line that starts with `[` after a line that does not
    /// (where a game may start), then from the end of each plain game found, where the next starts.
    /// A game that runs past the block gets no hint, unless the input ends with the block.
    pub fn find_in(bytes: &[u8], offset: u64, last: bool, notes: NotesPassed) -> Vec<PlainHint> {
        let line_then_tag = memmem::Finder::new(b"\n[");
        let next_candidate = |from| next_candidate(&line_then_tag, bytes, from);
        let mut hints = Vec::new();
        let mut at = next_candidate(0);
        while let Some(c) = at {
            at = match plain_game_extent(&bytes[c..], last, notes) {
                Extent::Plain { len, ascii } => {
                    let game = &bytes[c..c + len];
                    let utf8 = ascii || std::str::from_utf8(game).is_ok();
                    hints.push(PlainHint::of(game, offset + c as u64, ascii, utf8));
                    (c + len < bytes.len()).then_some(c + len)
                }
                Extent::Other | Extent::Short => next_candidate(c + 1),
            };
        }
        hints
    }

    /// The hint for a plain game of these bytes at `offset`.
    pub fn of(bytes: &[u8], offset: u64, ascii: bool, utf8: bool) -> PlainHint {
        // One count gives the lines and where the last starts, which the column and the line
        // end depend on alone (one game in a thousand bytes: a search per field cost as much
        // as the count).
        let (lines, line_start) = count_line_ends(bytes);
        let last_line = &bytes[line_start..];
        PlainHint {
            offset,
            len: bytes.len(),
            ascii,
            utf8,
            lines,
            column_after: column_after_last_line(last_line, lines > 0, 0),
            ends_line: only_blanks(last_line),
        }
    }
}

/// The next `[` at or after `from` that starts a line after a line not starting with `[`;
/// `line_then_tag` finds `\n[`.
fn next_candidate(line_then_tag: &memmem::Finder<'_>, bytes: &[u8], from: usize) -> Option<usize> {
    let mut from = from.saturating_sub(1);
    loop {
        let at = from + line_then_tag.find(&bytes[from..])? + 1;
        let line_before = memchr::memrchr(b'\n', &bytes[..at - 1]).map_or(0, |i| i + 1);
        // At the block's start the line before is not known: any `[` after a line end will do.
        if line_before == 0 || bytes[line_before] != b'[' {
            return Some(at);
        }
        from = at;
    }
}

/// Hints for the plain games of `input`, found block by block as a caller would find them on
/// other threads ([`PlainHint::find_in`]), in blocks of `block` bytes: for a splitter over the
/// same bytes ([`Splitter::with_hints`]), in one thread.
pub fn hints_in_blocks(input: &[u8], block: usize, notes: NotesPassed) -> Hints {
    let mut found: std::collections::VecDeque<PlainHint> = input
        .chunks(block.max(1))
        .enumerate()
        .flat_map(|(i, bytes)| {
            let offset = (i * block.max(1)) as u64;
            let last = offset as usize + bytes.len() == input.len();
            PlainHint::find_in(bytes, offset, last, notes)
        })
        .collect();
    Box::new(move |offset| {
        while found.front().is_some_and(|h| h.offset < offset) {
            found.pop_front();
        }
        found.front().filter(|h| h.offset == offset).copied()
    })
}

impl<R: BufRead> Splitter<R> {
    /// A splitter with default options.
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_options(reader, SplitOptions::default())
    }

    /// A splitter with the given options.
    pub fn with_options(reader: R, options: SplitOptions) -> Splitter<R> {
        Splitter {
            reader,
            buf: Vec::new(),
            start: 0,
            scan: Scan::new(0, true),
            eof: false,
            bom_checked: false,
            next_index: 1,
            offset: 0,
            line: 1,
            column: 1,
            options,
            hints: None,
            hinted: 0,
        }
    }

    /// This splitter, taking the plain games found ahead of it (found by [`PlainHint::find_in`], on other threads or not) instead of
    /// looking at them again in [`Self::next_cut`]. A hint is taken only for a game that starts
    /// where one is found, and says no more than the splitter would find itself: the games are
    /// the same with or without hints.
    pub fn with_hints(mut self, hints: Hints) -> Splitter<R> {
        self.hints = Some(hints);
        self
    }

    /// Bytes consumed from the input so far (for progress bars).
    pub fn bytes_read(&self) -> u64 {
        self.offset + (self.buf.len() - self.start) as u64
    }

    /// The next game, passed by when it is in the plain shape (allowing the notes of
    /// [`SplitOptions::notes_passed`]), else cut out as the iterator would. For passes that
    /// only need to know a plain game is there (`validate
    /// --syntax-only`): the games, their positions and the decoding of the others are the same
    /// as the iterator's.
    ///
    /// # Errors
    /// I/O errors only, as for the iterator.
    pub fn next_cut(&mut self) -> io::Result<Option<Cut>> {
        if let Some(plain) = self.pass_plain()? {
            return Ok(Some(Cut::Plain(plain)));
        }
        self.next_game().map(|game| game.map(Cut::Game))
    }

    /// Passes the game at `start` by when it is in the plain shape and the splitter would cut
    /// it where the plain shape ends it: at the start of a game, within the maximum size,
    /// when decoding would leave its bytes as they are. Reads on while the answer is not known
    /// yet.
    fn pass_plain(&mut self) -> io::Result<Option<PlainGame>> {
        if self.scan.pos != self.start || !self.options.fast_paths {
            return Ok(None);
        }
        if let Some(hint) = self.hint_here()?
            && self.decodes_as_is(hint.ascii, hint.utf8)
            && hint.len <= self.options.max_game_size
        {
            self.hinted += 1;
            return Ok(Some(self.pass(&hint)));
        }
        loop {
            let rest = &self.buf[self.start..];
            match plain_game_extent(rest, self.eof, self.options.notes_passed) {
                Extent::Plain { len, ascii } => {
                    let utf8 = ascii || std::str::from_utf8(&rest[..len]).is_ok();
                    if len > self.options.max_game_size || !self.decodes_as_is(ascii, utf8) {
                        return Ok(None);
                    }
                    let hint = PlainHint::of(&rest[..len], self.offset, ascii, utf8);
                    return Ok(Some(self.pass(&hint)));
                }
                Extent::Other => return Ok(None),
                // The extent looks at most a terminator's length past the game: a plain game
                // within the maximum size is never given up on, however the input was read.
                Extent::Short if rest.len() > self.options.max_game_size + LOOKAHEAD => {
                    return Ok(None);
                }
                Extent::Short => {
                    // Read on until the bytes buffered at least double (or pass the most a
                    // game may take): a game read in many small parts is then checked a few
                    // times in all, not once a part (a long comment made that quadratic).
                    let wanted = (2 * rest.len())
                        .max(rest.len() + 1)
                        .min(self.options.max_game_size + LOOKAHEAD + 1);
                    while self.buf.len() - self.start < wanted && !self.eof {
                        self.fill()?;
                    }
                }
            }
        }
    }

    /// Whether the decoder leaves a game's bytes as they are, without note.
    fn decodes_as_is(&self, ascii: bool, utf8: bool) -> bool {
        self.options.decoder.decodes_as_is(ascii, utf8)
    }

    /// The hint for a plain game at `start`, if one was given, with its bytes buffered or, when
    /// nothing is buffered, wholly in the reader's next bytes (where [`Self::pass`] passes them
    /// by without copying them: the bytes of a run of plain games are never copied).
    fn hint_here(&mut self) -> io::Result<Option<PlainHint>> {
        let Some(hints) = self.hints.as_mut() else {
            return Ok(None);
        };
        // The hints of a part of the input come with its bytes.
        let nothing_buffered = self.start == self.buf.len() && !self.eof;
        let hint = if nothing_buffered && self.bom_checked {
            let available = self.reader.fill_buf()?.len();
            let hint = hints(self.offset);
            if hint.is_some_and(|h| h.len <= available) {
                return Ok(hint);
            }
            hint
        } else {
            if nothing_buffered {
                self.fill()?;
            }
            self.hints.as_mut().and_then(|hints| hints(self.offset))
        };
        let Some(hint) = hint else {
            return Ok(None);
        };
        // Only the game's bytes: the games after it may then be passed in the reader.
        while self.buf.len() - self.start < hint.len {
            if self.eof {
                return Ok(None);
            }
            self.fill_at_most(hint.len - (self.buf.len() - self.start))?;
        }
        Ok(Some(hint))
    }

    /// Moves past a plain game at `start`, as [`Self::emit`] would; in the reader when nothing
    /// is buffered ([`Self::hint_here`]).
    fn pass(&mut self, hint: &PlainHint) -> PlainGame {
        let game = PlainGame {
            index: self.next_index,
            byte_offset: self.offset,
            first_line: self.line,
            first_column: self.column,
            len: hint.len as u64,
        };
        self.next_index += 1;
        self.options.decoder.passed_as_is(hint.ascii);
        self.offset += hint.len as u64;
        self.line += hint.lines;
        self.column = if hint.lines > 0 {
            hint.column_after
        } else {
            self.column + hint.column_after
        };
        if self.start == self.buf.len() {
            self.reader.consume(hint.len);
        } else {
            self.start += hint.len;
        }
        self.scan = Scan::new(self.start, hint.ends_line);
        game
    }

    /// Plain games passed by on a hint so far (see [`Self::with_hints`]).
    pub fn hinted(&self) -> u64 {
        self.hinted
    }

    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        loop {
            // A game is oversize when its bytes (up to the next game, or the end of the input)
            // are more than the maximum, however the input was cut into reads: while reading,
            // once it is certain (everything buffered but the scanner's lookahead belongs to
            // the game), else when its end is found.
            let max = self.options.max_game_size;
            match self.step() {
                Step::Boundary(at) if at - self.start > max => return self.oversize().map(Some),
                Step::Boundary(at) => return Ok(Some(self.emit(at))),
                Step::Oversize => return self.oversize().map(Some),
                Step::NeedMore if self.eof => {
                    if self.buf.len() - self.start > max && !self.rest_is_blank() {
                        return self.oversize().map(Some);
                    }
                    return Ok(self.finish());
                }
                Step::NeedMore => {
                    // Everything buffered belongs to the game (or to a line that reaches past
                    // the maximum, which `step` also calls oversize when it is buffered whole),
                    // except a run of comments after the terminator, which may open the next.
                    let certain = self.scan.leading_comments.unwrap_or(self.buf.len());
                    if certain - self.start > max {
                        return self.oversize().map(Some);
                    }
                    // Past a few KB, read on until the game's bytes buffered at least double
                    // (or pass the maximum): a token judged whole (a tag) is then looked at
                    // again a few times, not at every read (quadratic in a long tag line read
                    // in small parts). Smaller games take one read, as the prescan's reader
                    // hands them over (reading on there cost time on every game).
                    let pending = self.buf.len() - self.start;
                    let wanted = if pending < REREAD_FREELY {
                        pending + 1
                    } else {
                        (2 * pending).min(max.saturating_add(1)).max(pending + 1)
                    };
                    self.fill()?;
                    while !self.eof && self.buf.len() - self.start < wanted {
                        self.fill()?;
                    }
                }
            }
        }
    }

    /// Reads the next chunk, first dropping the bytes of games already returned. With hints,
    /// only a part of it: the plain games after the bytes buffered are passed by in the reader,
    /// uncopied ([`Self::hint_here`]).
    fn fill(&mut self) -> io::Result<()> {
        let limit = if self.hints.is_some() {
            HINTED_FILL
        } else {
            usize::MAX
        };
        self.fill_at_most(limit)
    }

    /// [`Self::fill`], taking at most `limit` bytes of the reader's next chunk.
    fn fill_at_most(&mut self, limit: usize) -> io::Result<()> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.scan.pos -= self.start;
            self.scan.eol = self.scan.eol.saturating_sub(self.start);
            self.scan.searched_to = self.scan.searched_to.saturating_sub(self.start);
            self.scan.terminator_end = self.scan.terminator_end.saturating_sub(self.start);
            self.scan.last_eol = self.scan.last_eol.and_then(|at| at.checked_sub(self.start));
            if let Some(p) = &mut self.scan.leading_comments {
                *p -= self.start;
            }
            self.start = 0;
        }
        let chunk = self.reader.fill_buf()?;
        if chunk.is_empty() {
            self.eof = true;
            return Ok(());
        }
        let n = chunk.len().min(limit);
        self.buf.extend_from_slice(&chunk[..n]);
        self.reader.consume(n);
        if !self.bom_checked && (self.buf.len() >= BOM.len() || self.eof) {
            self.skip_bom();
        }
        Ok(())
    }

    fn skip_bom(&mut self) {
        self.bom_checked = true;
        if self.buf.starts_with(BOM) {
            self.start = BOM.len();
            self.scan.pos = BOM.len();
            self.offset = BOM.len() as u64;
        }
    }

    /// Cuts the current game at `at` and starts the next one there.
    fn emit(&mut self, at: usize) -> RawGame {
        let bytes = self.buf[self.start..at].to_vec();
        let line_start = ends_line(&bytes);
        let (glued, restarted) = (
            self.scan.terminated && self.scan.terminator_end == at && at < self.buf.len(),
            self.scan.restarted,
        );
        let mut game = self.make_game(bytes, None);
        // Why the game ends where it does, where the text alone does not show it.
        let text = &game.text;
        if glued {
            let result = text.rfind(|c: char| c.is_whitespace()).map_or(0, |i| i + 1);
            game.notes.push(Note::new(
                NoteKind::GluedGames,
                Span::new(result, text.len()),
            ));
        } else if restarted {
            let end = text.trim_end().len();
            game.notes
                .push(Note::new(NoteKind::RestartedNumbering, Span::new(end, end)));
        }
        self.start = at;
        self.scan = Scan::new(at, line_start);
        game
    }

    fn rest_is_blank(&self) -> bool {
        self.buf[self.start..].iter().all(u8::is_ascii_whitespace)
    }

    /// The rest of the input, if it holds more than white space.
    fn finish(&mut self) -> Option<RawGame> {
        if self.rest_is_blank() {
            self.advance(self.buf.len());
            return None;
        }
        let end = self.buf.len();
        Some(self.emit(end))
    }

    /// A game from its bytes (for an oversize game: the kept part; the caller then moves
    /// the line and column past the whole game).
    fn make_game(&mut self, bytes: Vec<u8>, oversize: Option<u64>) -> RawGame {
        let len = bytes.len();
        let (lines, _) = count_line_ends(&bytes);
        let (text, encoding, notes) = self.options.decoder.decode(bytes);
        let game = RawGame {
            index: self.next_index,
            byte_offset: self.offset,
            byte_len: oversize.unwrap_or(len as u64),
            first_line: self.line,
            first_column: self.column,
            text,
            encoding,
            notes,
            oversize,
        };
        self.next_index += 1;
        self.offset += oversize.unwrap_or(len as u64);
        if oversize.is_none() {
            self.line += lines;
            self.column = column_after(game.text.as_bytes(), self.column);
        }
        game
    }

    fn advance(&mut self, to: usize) {
        let (lines, _) = count_line_ends(&self.buf[self.start..to]);
        self.offset += (to - self.start) as u64;
        self.line += lines;
        self.column = column_after(&self.buf[self.start..to], self.column);
        self.start = to;
    }

    /// Reports the current game as oversize and skips to the next line that starts with `[`
    /// (after the game's first token), reading on as needed. The game's first bytes are kept
    /// for reports; how many depends only on the input and the options, never on how the
    /// input was cut into reads. Called only when more than `max_game_size` bytes of the game
    /// are buffered.
    fn oversize(&mut self) -> io::Result<RawGame> {
        let keep = OVERSIZE_KEEP.min(self.options.max_game_size);
        // One byte more, to see whether the cut falls inside a UTF-8 sequence.
        let mut kept = self.buf[self.start..(self.start + keep + 1).min(self.buf.len())].to_vec();
        let (first_offset, first_line, first_column) = (self.offset, self.line, self.column);
        let index = self.next_index;
        let mut skipped = 0u64;
        let mut lines = 0u32;
        let mut pos = self.start;
        let mut state = Resync::Leading;
        let mut blanks = 0;
        let resume = loop {
            let (found, scanned, next) = find_resync(&self.buf, pos, state);
            if let Some(at) = found {
                if let Resync::LineStart(n) = next {
                    blanks = n;
                }
                break at;
            }
            if self.eof {
                break self.buf.len();
            }
            // Drop what was searched, but keep a trailing CR so a CRLF split over two reads
            // is counted once.
            let mut cut = scanned;
            state = next;
            if cut > self.start && self.buf[cut - 1] == b'\r' {
                cut -= 1;
            }
            skipped += (cut - self.start) as u64;
            lines += count_line_ends(&self.buf[self.start..cut]).0;
            self.start = cut;
            // The game's scan is over (a new one starts at the resync point): none of its
            // positions, such as where comments after its terminator began, may outlive the
            // bytes dropped here.
            self.scan = Scan::new(cut, false);
            self.fill()?;
            pos = self.start;
        };
        skipped += (resume - self.start) as u64;
        lines += count_line_ends(&self.buf[self.start..resume]).0;
        self.start = resume;
        self.scan = Scan::new(resume, true);
        kept.truncate(utf8_cut(&kept, keep.min(skipped as usize)));
        let (text, encoding, notes) = self.options.decoder.decode(kept);
        self.next_index += 1;
        self.offset = first_offset + skipped;
        self.line = first_line + lines;
        // The resume point is a `[` after the blanks that start its line.
        self.column = if lines > 0 {
            1 + blanks
        } else {
            column_after(text.as_bytes(), first_column)
        };
        Ok(RawGame {
            index,
            byte_offset: first_offset,
            byte_len: skipped,
            first_line,
            first_column,
            text,
            encoding,
            notes,
            oversize: Some(skipped),
        })
    }

    /// Scans from the saved position until a game boundary or the end of the buffer.
    fn step(&mut self) -> Step {
        let b = &self.buf[..];
        let eof = self.eof;
        let max = self.options.max_game_size;
        let limit = self.start.saturating_add(max);
        let fast = self.options.fast_paths;
        let s = &mut self.scan;
        // Comments on their own lines after a terminator open the next game if a tag follows
        // them with no blank line between. A run of them larger than the maximum game size
        // opens the next game whatever follows, so that the game before it never depends on
        // how far the input was read.
        let run_too_long = |s: &Scan| s.leading_comments.is_some_and(|p| s.pos - p > max);
        loop {
            let more = match s.mode {
                Mode::Normal => false,
                Mode::Comment => match memchr(b'}', &b[s.pos..]) {
                    Some(i) => {
                        s.pos += i + 1;
                        s.mode = Mode::Normal;
                        s.line_start = false;
                        false
                    }
                    None => {
                        s.pos = b.len();
                        true
                    }
                },
                Mode::LineComment => match memchr2(b'\n', b'\r', &b[s.pos..]) {
                    Some(i) => {
                        s.pos += i;
                        s.mode = Mode::Normal;
                        false
                    }
                    None => {
                        s.pos = b.len();
                        true
                    }
                },
            };
            if run_too_long(s) {
                return Step::Boundary(s.leading_comments.unwrap_or(s.pos));
            }
            if more {
                return Step::NeedMore;
            }
            if fast && s.seen_movetext && !s.terminated && s.mode == Mode::Normal {
                skip_movetext(b, s, limit);
            }
            while let Some(&c) = b.get(s.pos) {
                if !c.is_ascii_whitespace() {
                    break;
                }
                if c == b'\n' || c == b'\r' {
                    s.line_start = true;
                    if !(c == b'\n' && s.gap_after_cr) {
                        s.gap_line_ends = (s.gap_line_ends + 1).min(2);
                    }
                }
                s.gap_after_cr = c == b'\r';
                s.pos += 1;
            }
            // A blank line ends a run of comments: they trail the game before it (the writer
            // leaves one between games, so what it writes after a terminator is read back there).
            if s.gap_line_ends >= 2 {
                s.leading_comments = None;
            }
            if run_too_long(s) {
                return Step::Boundary(s.leading_comments.unwrap_or(s.pos));
            }
            if s.pos >= b.len() {
                return Step::NeedMore;
            }
            if let Some(step) = token(b, s, eof, limit) {
                return step;
            }
        }
    }
}

/// Handles one token at `s.pos`; returns a step when the scan must stop. `limit` is where the
/// game would pass the maximum size.
fn token(b: &[u8], s: &mut Scan, eof: bool, limit: usize) -> Option<Step> {
    let rest = &b[s.pos..];
    let starts_game = s.seen_movetext || s.terminated;
    let line_start = std::mem::replace(&mut s.line_start, false);
    s.gap_line_ends = 0;
    s.gap_after_cr = false;
    let is_comment = matches!(rest[0], b'{' | b';') || (rest[0] == b'%' && line_start);
    if !is_comment && rest[0] != b'[' && !(line_start && rest[0].is_ascii_uppercase()) {
        s.leading_comments = None;
    } else if is_comment && line_start && s.terminated && s.depth == 0 {
        s.leading_comments.get_or_insert(s.pos);
    }
    match rest[0] {
        b'{' => {
            s.mode = Mode::Comment;
            s.pos += 1;
        }
        b';' => {
            s.mode = Mode::LineComment;
            s.pos += 1;
        }
        b'%' if line_start => {
            s.mode = Mode::LineComment;
            s.pos += 1;
        }
        b'[' => {
            if starts_game {
                return Some(Step::Boundary(s.leading_comments.unwrap_or(s.pos)));
            }
            let Some((n, _)) = lex::tag_extent(rest, eof) else {
                s.line_start = line_start;
                return Some(Step::NeedMore);
            };
            s.pos += n;
        }
        b'(' => {
            s.depth += 1;
            s.seen_movetext = true;
            s.pos += 1;
        }
        b')' | b'}' | b']' => {
            s.depth = s.depth.saturating_sub(u32::from(rest[0] == b')'));
            s.pos += 1;
        }
        c => {
            // A word is classified with its whole line buffered; a line reaching past the
            // maximum game size makes the game oversize, whether read at once or in parts.
            let end = match s.line_end(b) {
                Some(end) => end,
                None if eof => b.len(),
                None => {
                    s.line_start = line_start;
                    return Some(Step::NeedMore);
                }
            };
            if end > limit {
                s.line_start = line_start;
                return Some(Step::Oversize);
            }
            if let Some(n) = (line_start && c.is_ascii_uppercase())
                .then(|| lex::missing_bracket_tag(rest))
                .flatten()
            {
                if starts_game {
                    return Some(Step::Boundary(s.leading_comments.unwrap_or(s.pos)));
                }
                s.pos += n;
                return None;
            }
            s.leading_comments = None;
            let esc = lex::literal_escape_len(rest);
            if esc > 0 {
                s.pos += esc;
                return None;
            }
            if s.seen_movetext && !s.terminated {
                if line_start && s.depth == 0 && lex::restarts_numbering(&b[s.pos..end]) {
                    s.restarted = true;
                    return Some(Step::Boundary(s.pos));
                }
                // Inside movetext only a terminator changes the state: skip words cheaply.
                let (word_end, result) = movetext_word(b, s.pos, end);
                s.pos = word_end;
                if result && s.depth == 0 {
                    s.terminated = true;
                    s.terminator_end = word_end;
                }
                return None;
            }
            let (class, n) = lex::classify_word(rest);
            match class {
                WordClass::Terminator if s.depth == 0 => {
                    s.terminated = true;
                    s.terminator_end = s.pos + n;
                }
                WordClass::MoveStart if s.terminated && s.depth == 0 => {
                    return Some(Step::Boundary(s.pos));
                }
                WordClass::MoveStart | WordClass::Movetext => s.seen_movetext = true,
                _ => {}
            }
            s.pos += n;
        }
    }
    None
}

/// The bulk of a game, movetext before the terminator, in whole buffered lines: white space,
/// parentheses and words are handled exactly as `step` and `token` would handle them;
/// anything else (comments, tags, escapes, `%` or a capital at a line start, a line not yet
/// buffered whole or reaching past `limit`) is left to them. Why: the per-token bookkeeping of
/// `token` (line end, size limit, comment runs) is then paid once per line.
fn skip_movetext(b: &[u8], s: &mut Scan, limit: usize) {
    // Comment runs are only tracked after a terminator.
    if s.leading_comments.is_some() {
        return;
    }
    loop {
        skip_plain_words(b, s, limit);
        let Some(end) = s.line_end(b) else { return };
        if end > limit {
            return;
        }
        if !skip_line_word_by_word(b, s, end) {
            return;
        }
        // `b[end]` is a line end.
        s.pos = end + 1;
        s.line_start = true;
    }
}

/// The rest of a buffered line, word by word, up to `end` (its line end): false when it stops
/// before, at a terminator or at anything [`token`] must handle.
fn skip_line_word_by_word(b: &[u8], s: &mut Scan, end: usize) -> bool {
    while s.pos < end {
        match b[s.pos] {
            b' ' | b'\t' | 0x0C => s.pos += 1,
            b'{' | b';' | b'[' | b'}' | b']' | b'\\' => return false,
            b'%' | b'A'..=b'Z' if s.line_start => return false,
            b'0' | b'1' if s.line_start && lex::restarts_numbering(&b[s.pos..end]) => return false,
            b'(' => {
                s.depth += 1;
                s.line_start = false;
                s.pos += 1;
            }
            b')' => {
                s.depth = s.depth.saturating_sub(1);
                s.line_start = false;
                s.pos += 1;
            }
            _ => {
                s.line_start = false;
                let (word_end, result) = movetext_word(b, s.pos, end);
                s.pos = word_end;
                if result && s.depth == 0 {
                    s.terminated = true;
                    s.terminator_end = word_end;
                    return false;
                }
            }
        }
    }
    true
}

/// Skips the words from `s.pos` (at a word boundary) that [`is_plain_movetext`] would pass,
/// checking 64 bytes at a time: a game's movetext up to its last word or two goes by without a
/// look at each word or line end. Only words whose line is buffered whole and ends by `limit`
/// are skipped, as the word-by-word path would: a game on one line goes by as well as one cut
/// into short lines.
fn skip_plain_words(b: &[u8], s: &mut Scan, limit: usize) {
    const BLOCK: usize = 64;
    // Only words of lines buffered whole, ending at most at `limit`, are skipped (none once the
    // game is past it).
    let end = b.len().min(limit.saturating_add(1));
    if s.pos >= end {
        return;
    }
    let Some(last_end) = s.last_line_end(b, end) else {
        return;
    };
    let region = &b[s.pos..last_end];
    let mut clean = 0;
    if region.len() >= BLOCK && is_plain_movetext(&region[..BLOCK]) {
        clean = BLOCK;
        // The next blocks are judged with the two bytes before them and the one after, for
        // results cut by a block boundary.
        while let Some(window) = region.get(clean - 2..clean + BLOCK + 1) {
            if !plain_block(window.try_into().expect("block of 67 bytes")) {
                break;
            }
            clean += BLOCK;
        }
    }
    // A line that starts again at move 1 may end the game: the word-by-word path decides.
    if let Some(line) = first_restart(&region[..clean], s.line_start) {
        clean = line;
    }
    // Up to the last blank of the clean bytes: the words before it are whole, judged with the
    // bytes around them.
    let Some(last_blank) = region[..clean]
        .iter()
        .rposition(|&c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
    else {
        return;
    };
    let skipped = &region[..=last_blank];
    // A line start lasts through white space and ends at a word, as in `step`.
    let last_word = skipped.iter().rposition(|c| !c.is_ascii_whitespace());
    s.line_start = match (memchr::memrchr2(b'\n', b'\r', skipped), last_word) {
        (Some(line_end), Some(word)) => line_end > word,
        (Some(_), None) => true,
        (None, Some(_)) => false,
        (None, None) => s.line_start,
    };
    s.pos += last_blank + 1;
    // The cached line end may lie behind the new position.
    s.eol = s.pos;
    s.eol_found = false;
}

/// Where the first line of `bytes` that starts again at move 1 begins (its first blank or
/// word, after the line end), if one does; `line_start` says whether `bytes` starts a line.
fn first_restart(bytes: &[u8], line_start: bool) -> Option<usize> {
    let restarts_at = |at: usize| {
        let word = at + lex::leading_blanks(&bytes[at..]);
        lex::restarts_numbering(&bytes[word..])
    };
    if line_start && restarts_at(0) {
        return Some(0);
    }
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .map(|i| i + 1)
        .find(|&at| restarts_at(at))
}

/// [`is_plain_movetext`] for the 64 bytes after the first two of `w`, which are movetext
/// already judged plain; the last byte is only looked at as the one after a dash.
fn plain_block(w: &[u8; 67]) -> bool {
    // Index loops over fixed sizes and a byte accumulator: the form that compiles to vector
    // code.
    let mut bad = 0u8;
    for i in 0..64 {
        let result = may_be_result(w[i], w[i + 1], w[i + 2], w[i + 3]);
        bad |= u8::from(is_stop(w[i + 2]) | result);
    }
    bad == 0
}

/// True when `rest`, movetext starting at a word boundary, cannot change the scan's state: it
/// holds no comment, bracket, parenthesis, escape, capital, non-ASCII byte, `*` or `/`, and no
/// word that may be a result. Most lines of an archive are like this.
#[inline]
fn is_plain_movetext(rest: &[u8]) -> bool {
    // Folds without early exit, so that they compile to vector code.
    let stops = rest.iter().fold(false, |acc, &c| acc | is_stop(c));
    if stops {
        return false;
    }
    // A dash with a word start before it and nothing or a digit 0-2 after it.
    let at_start = matches!(
        rest,
        [b'0'..=b'2', b'-'] | [b'0'..=b'2', b'-', b'0'..=b'2', ..]
    );
    let at_end = match rest {
        [.., before, first, b'-'] => may_be_result(*before, *first, b'-', b'0'),
        _ => false,
    };
    let maybe_result = rest.windows(4).fold(at_start | at_end, |acc, w| {
        acc | may_be_result(w[0], w[1], w[2], w[3])
    });
    !maybe_result
}

/// A byte that may change the splitter's state in movetext: a capital (a tag without `[` at a
/// line start), `[`, `\\`, `]`, `(`, `)`, `*`, `/`, `%`, `;`, `{`, `}`, or a non-ASCII byte.
#[inline(always)]
fn is_stop(c: u8) -> bool {
    (c.wrapping_sub(b'A') <= b']' - b'A')
        | (c.wrapping_sub(b'(') <= b'*' - b'(')
        | (c == b'/')
        | (c == b'%')
        | (c == b';')
        | (c == b'{')
        | (c == b'}')
        | (c >= 0x80)
}

/// Whether `first`, `dash`, `second` may be a result that starts a word after `before`:
/// `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `0-0` or the middle of `0.5-0.5` (the other results hold
/// a stop byte). Loose on purpose, for fewer operations: any byte but a digit may come before
/// a short one. A yes sends the line to the word-by-word path.
#[inline(always)]
fn may_be_result(before: u8, first: u8, dash: u8, second: u8) -> bool {
    let short = (first.wrapping_sub(b'0') <= 2) & (before.wrapping_sub(b'0') > 9);
    let half = (first == b'5') & (before == b'.');
    (dash == b'-') & (second.wrapping_sub(b'0') <= 2) & (short | half)
}

/// The end of the word at `b[start]` when the game already has movetext and no terminator
/// (`end` is the end of its line), and whether it is a result. A move number prefix (`12.`)
/// is a word of its own, so that `12.2-0` is seen like the parser sees it.
#[inline(always)]
fn movetext_word(b: &[u8], start: usize, end: usize) -> (usize, bool) {
    let word = &b[start..end];
    if let Some(n) = lex::result_len(word) {
        return (start + n, true);
    }
    // Only a word with a dot after its digits may start with a move number.
    let digits = word.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0
        && word.get(digits) == Some(&b'.')
        && let Some((_, _, n)) = lex::move_number(word)
    {
        return (start + n, false);
    }
    let len = word[digits..].iter().position(|&c| lex::ends_word(c));
    (start + len.map_or(word.len(), |n| digits + n).max(1), false)
}

/// Where to cut `bytes` at or before `len` without cutting a UTF-8 sequence (a cut one would
/// switch the file to the fallback encoding): before a lead byte whose continuation bytes
/// would be cut off.
fn utf8_cut(bytes: &[u8], len: usize) -> usize {
    if len >= bytes.len() || bytes[len] & 0xC0 != 0x80 {
        return len;
    }
    let back = bytes[..len]
        .iter()
        .rev()
        .take(3)
        .take_while(|&&c| c & 0xC0 == 0x80)
        .count();
    if len > back && bytes[len - back - 1] >= 0xC0 {
        len - back - 1
    } else {
        len
    }
}

/// True when a game of these bytes ends at the start of a line: only spaces and tabs follow
/// its last line end (or it has nothing else).
fn ends_line(bytes: &[u8]) -> bool {
    only_blanks(last_line(bytes).0)
}

/// The column after `text` (UTF-8 or ASCII white space) when it starts at `column`.
fn column_after(text: &[u8], column: u32) -> u32 {
    let (last, after_line_end) = last_line(text);
    column_after_last_line(last, after_line_end, column)
}

/// The bytes of `text` after its last line end, and whether it has one.
fn last_line(text: &[u8]) -> (&[u8], bool) {
    match memchr::memrchr2(b'\n', b'\r', text) {
        Some(i) => (&text[i + 1..], true),
        None => (text, false),
    }
}

/// The column after a text whose last line is `last` (the text started at `column`, unless a
/// line end comes before `last`).
fn column_after_last_line(last: &[u8], after_line_end: bool, column: u32) -> u32 {
    let start = if after_line_end { 1 } else { column };
    start + count_chars(last) as u32
}

/// Spaces and tabs only: what may follow a game's last line end when it ends a line.
fn only_blanks(last: &[u8]) -> bool {
    last.iter().all(|&c| c == b' ' || c == b'\t')
}

/// Where the search for the resync point of an oversize game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resync {
    /// In the white space before the game's first token, or between the tag lines that start
    /// the game (a `[` there is the game's own).
    Leading,
    /// Inside one of the tag lines that start the game.
    Header,
    /// At the start of a line, after this many blanks.
    LineStart(u32),
    /// Inside a line.
    MidLine,
}

/// Searches `buf` from `pos` for a `[` that starts a line (after blanks) after the game's
/// first token and its tag lines. Returns the `[` if found, else how far the search got and
/// its state there.
fn find_resync(buf: &[u8], mut pos: usize, mut state: Resync) -> (Option<usize>, usize, Resync) {
    while pos < buf.len() {
        match state {
            Resync::Leading => match buf[pos..].iter().position(|c| !c.is_ascii_whitespace()) {
                // Past the first byte of the game's first token, or of one of its tag lines.
                Some(i) => {
                    pos += i;
                    state = if buf[pos] == b'[' {
                        Resync::Header
                    } else {
                        Resync::MidLine
                    };
                    pos += 1;
                }
                None => pos = buf.len(),
            },
            Resync::Header => match memchr2(b'\n', b'\r', &buf[pos..]) {
                Some(i) => {
                    pos += i + 1;
                    state = Resync::Leading;
                }
                None => pos = buf.len(),
            },
            Resync::LineStart(mut blanks) => {
                while pos < buf.len() && matches!(buf[pos], b' ' | b'\t') {
                    pos += 1;
                    blanks += 1;
                }
                state = Resync::LineStart(blanks);
                match buf.get(pos) {
                    None => {}
                    Some(b'[') => return (Some(pos), pos, state),
                    Some(b'\n' | b'\r') => {
                        pos += 1;
                        state = Resync::LineStart(0);
                    }
                    Some(_) => state = Resync::MidLine,
                }
            }
            Resync::MidLine => match memchr2(b'\n', b'\r', &buf[pos..]) {
                Some(i) => {
                    pos += i + 1;
                    state = Resync::LineStart(0);
                }
                None => pos = buf.len(),
            },
        }
    }
    (None, buf.len(), state)
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::TestRng;

    /// Random movetext-like bytes: plain words, results, near-results and stop bytes.
    fn random_movetext(seed: u64) -> Vec<u8> {
        const PIECES: [&str; 44] = [
            "1.", "12.", " ", "  ", "\n", "\r\n", "\r", "\t", "\u{c}", "32-28", "1-6", "2-7",
            "1-1", "2-0", "0-2", "1-0", "0-1", "0-0", "0.5-0.5", "5-10", "1-10", "10-15", "35x24",
            "a3-b4", "x", "-", ".", "0", "1", "2", "5", "*", "1/2-1/2", "(", ")", "{", "}", "[",
            "%", ";", "\\", "E", "é", "½-½",
        ];
        let mut rng = TestRng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut next = |n: usize| rng.below(n);
        // Mostly plain words, so that long plain runs occur.
        // Short lines for some texts, one long line (as some exports write a game) for others.
        let line_end = if next(2) == 0 { "\n" } else { " " };
        let mut text = Vec::new();
        while text.len() < 400 {
            let piece = if next(30) == 0 {
                PIECES[next(PIECES.len())]
            } else {
                ["1.", " ", "32-28", "35x24", line_end, "12."][next(6)]
            };
            text.extend_from_slice(piece.as_bytes());
        }
        text
    }

    /// The scan of [`skip_movetext`] done by the word-by-word path alone.
    fn word_by_word(text: &[u8], mut s: Scan) -> Scan {
        while let Some(end) = s.line_end(text) {
            if !skip_line_word_by_word(text, &mut s, end) {
                break;
            }
            s.pos = end + 1;
            s.line_start = true;
        }
        s
    }

    fn outcome(s: &Scan) -> (usize, u32, bool, bool) {
        (s.pos, s.depth, s.terminated, s.line_start)
    }

    #[test]
    fn the_plain_shortcuts_skip_only_what_the_word_by_word_path_passes() {
        let (mut lines, mut runs, mut mid_line) = (0, 0, 0);
        for seed in 0..20_000 {
            let text = random_movetext(seed);
            for line in text.split(|&c| c == b'\n' || c == b'\r') {
                // A line that starts again at move 1 may end the game: both paths stop there.
                let first = lex::leading_blanks(line);
                if is_plain_movetext(line) && !lex::restarts_numbering(&line[first..]) {
                    let mut with_end = line.to_vec();
                    with_end.push(b'\n');
                    let mut s = Scan::new(0, true);
                    s.seen_movetext = true;
                    let passed = word_by_word(&with_end, s);
                    assert!(
                        passed.pos == with_end.len() && passed.depth == 0,
                        "{}",
                        line.escape_ascii()
                    );
                    lines += 1;
                }
            }
            for start_of_line in [true, false] {
                let mut start = Scan::new(0, start_of_line);
                start.seen_movetext = true;
                let mut shortcut = start;
                skip_plain_words(&text, &mut shortcut, usize::MAX);
                runs += usize::from(shortcut.pos >= 128);
                mid_line += usize::from(shortcut.pos > 0 && !ends_line(&text[..shortcut.pos]));
                // From there on, and through the whole movetext, the shortcuts end where the
                // word-by-word path does, in the same state.
                assert_eq!(
                    outcome(&word_by_word(&text, shortcut)),
                    outcome(&word_by_word(&text, start)),
                    "{}",
                    text.escape_ascii()
                );
                let mut whole = start;
                skip_movetext(&text, &mut whole, usize::MAX);
                assert_eq!(
                    outcome(&whole),
                    outcome(&word_by_word(&text, start)),
                    "{}",
                    text.escape_ascii()
                );
            }
        }
        // The shortcuts did skip, to line ends and within lines: the test is not vacuous.
        assert!(
            lines > 10_000 && runs > 1_000 && mid_line > 1_000,
            "{lines} lines, {runs} runs, {mid_line} within a line"
        );
    }

    fn split(text: &str) -> Vec<String> {
        Splitter::new(text.as_bytes())
            .map(|g| g.unwrap().text)
            .collect()
    }

    #[test]
    fn a_tag_after_movetext_starts_a_game_even_without_terminator() {
        let games = split("[A \"1\"]\n1. 32-28\n[B \"2\"]\n1. 33-29 *\n");
        assert_eq!(
            games,
            vec!["[A \"1\"]\n1. 32-28\n", "[B \"2\"]\n1. 33-29 *\n"]
        );
    }

    #[test]
    fn a_move_after_a_terminator_starts_a_headerless_game() {
        let games = split("1. 32-28 1-0 {after} 1. 33-29 2-0");
        assert_eq!(games, vec!["1. 32-28 1-0 {after} ", "1. 33-29 2-0"]);
    }

    #[test]
    fn comments_on_their_own_line_after_a_terminator_open_the_next_game() {
        let games = split("1. 32-28 1-0 {trails}\n{leads}\n% also\n[B \"2\"] *\n");
        assert_eq!(
            games,
            vec!["1. 32-28 1-0 {trails}\n", "{leads}\n% also\n[B \"2\"] *\n"]
        );
        let games = split("1. 32-28 1-0\n{trails} junk\n[B \"2\"] *\n");
        assert_eq!(
            games,
            vec!["1. 32-28 1-0\n{trails} junk\n", "[B \"2\"] *\n"]
        );
        // Without a terminator the comment stays with the moves it follows.
        let games = split("1. 32-28\n{trails}\n[B \"2\"] *\n");
        assert_eq!(games, vec!["1. 32-28\n{trails}\n", "[B \"2\"] *\n"]);
    }

    #[test]
    fn a_blank_line_keeps_the_comments_before_it_with_the_game_they_follow() {
        // Every kind of blank line: LF, CRLF, CR, white space inside.
        for blank in ["\n\n", "\r\n\r\n", "\r\r", "\n \t\n", "\r\n\r", "\r \n"] {
            let text = format!("1. 32-28 1-0\n% esc\n{{c}}{blank}[B \"2\"] *\n");
            let cut = text.find('[').unwrap();
            let expected = vec![text[..cut].to_string(), text[cut..].to_string()];
            assert_eq!(split(&text), expected, "{blank:?}");
            // However the input is cut into reads (a CRLF split between two of them is still
            // one line end).
            for capacity in [1, 2, 3, 5] {
                let reader = io::BufReader::with_capacity(capacity, text.as_bytes());
                let games: Vec<String> = Splitter::new(reader).map(|g| g.unwrap().text).collect();
                assert_eq!(games, expected, "{blank:?}, reads of {capacity} bytes");
            }
        }
        // One line end, CRLF included, is no blank line.
        for end in ["\n", "\r\n", "\r"] {
            let text = format!("1. 32-28 1-0\n{{c}}{end}[B \"2\"] *\n");
            assert_eq!(
                split(&text)[1],
                format!("{{c}}{end}[B \"2\"] *\n"),
                "{end:?}"
            );
        }
        // Only the comments after the last blank line open the next game.
        let games = split("1. 32-28 1-0\n{a}\n\n{b}\n[B \"2\"] *\n");
        assert_eq!(games, vec!["1. 32-28 1-0\n{a}\n\n", "{b}\n[B \"2\"] *\n"]);
    }

    #[test]
    fn an_escape_line_opening_a_game_is_still_an_escape() {
        let games = split("1.32-28 1/2-1/2\n% Board 10x10\n[Date \"x\"]\n1. 32-28 *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1], "% Board 10x10\n[Date \"x\"]\n1. 32-28 *\n");
    }

    #[test]
    fn brackets_and_results_inside_comments_and_strings_do_not_split() {
        let games = split("[A \"x [B] 1-0\"]\n1. 32-28 {[%clock w1:00] 1-0 [X \"y\"]} 19-23 *\n");
        assert_eq!(games.len(), 1);
        let games = split("1. 32-28 (19-23 1-0) 18-23 * 1. 33-29");
        assert_eq!(games, vec!["1. 32-28 (19-23 1-0) 18-23 * ", "1. 33-29"]);
        let games = split("1. 32-28 ; [B \"x\"] 1-0\n19-23 *\n");
        assert_eq!(games.len(), 1);
        let games = split("1. 32-28\n% [B \"x\"]\n19-23 *\n");
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn tags_only_games_and_one_line_games() {
        let games = split("[FEN \"B:W1:B2\"] *\n[FEN \"B:W3:B4\"] *\n");
        assert_eq!(
            games,
            vec!["[FEN \"B:W1:B2\"] *\n", "[FEN \"B:W3:B4\"] *\n"]
        );
        let games = split("[A \"1\"] [B \"2\"] 1.32-28 1-1\n\n[A \"3\"] 1.33-29 2-0\n");
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn positions_of_each_game() {
        let text = "\u{feff}[A \"1\"]\r\n1. 32-28 *\r\n\r\n[B \"2\"]\r1. 33-29 *";
        let games: Vec<RawGame> = Splitter::new(text.as_bytes()).map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(
            (games[0].index, games[0].byte_offset, games[0].first_line),
            (1, 3, 1)
        );
        assert!(games[0].text.starts_with("[A"));
        assert_eq!((games[1].index, games[1].first_line), (2, 4));
        assert_eq!(games[1].byte_offset, text.find("[B").unwrap() as u64);
    }

    #[test]
    fn tag_line_missing_its_bracket_starts_the_next_game() {
        let games = split("[A \"1\"]\n1. 32-28 14.\n\nEvent \"X\"]\n[Site \"\"]\n1. 33-29 *\n");
        assert_eq!(games.len(), 2);
        assert!(games[1].starts_with("Event \"X\"]"));
    }

    #[test]
    fn tiny_reads_give_the_same_games() {
        let text = "[A \"1\"]\n1. 32-28 {c [x]} 1- 7 1-0\n1. 33-29 (1-1) *\n[B \"}\"]\n1. 34-30";
        let whole = split(text);
        let reader = io::BufReader::with_capacity(3, text.as_bytes());
        let tiny: Vec<String> = Splitter::new(reader).map(|g| g.unwrap().text).collect();
        assert_eq!(tiny, whole);
        assert_eq!(whole.len(), 3);
    }

    #[test]
    fn oversize_games_are_reported_and_skipped_to_the_next_tag_line() {
        let big = format!("[A \"1\"]\n{{{}\n[B \"2\"]\n1. 32-28 *\n", "x".repeat(5000));
        let options = SplitOptions {
            max_game_size: 1000,
            ..SplitOptions::default()
        };
        let reader = io::BufReader::with_capacity(300, big.as_bytes());
        let games: Vec<RawGame> = Splitter::with_options(reader, options)
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].oversize, Some(big.find("[B").unwrap() as u64));
        assert_eq!((games[1].index, games[1].first_line), (2, 3));
        assert_eq!(games[1].text, "[B \"2\"]\n1. 32-28 *\n");
    }

    #[test]
    fn an_oversize_game_with_several_tag_lines_is_one_game() {
        // The game's own tag lines are no resync point: one oversize game, not one per tag.
        let big = format!(
            "[A \"1\"]\n [B \"2\"]\n\n[C \"3\"]\n1. 32-28 {{{}}} *\n[D \"4\"]\n1. 32-28 *\n",
            "x".repeat(5000)
        );
        let options = SplitOptions {
            max_game_size: 1000,
            ..SplitOptions::default()
        };
        for capacity in [1, 7, 300, 1 << 16] {
            let reader = io::BufReader::with_capacity(capacity, big.as_bytes());
            let games: Vec<RawGame> = Splitter::with_options(reader, options.clone())
                .map(|g| g.unwrap())
                .collect();
            assert_eq!(games.len(), 2, "reads of {capacity} bytes");
            assert_eq!(games[0].oversize, Some(big.find("[D").unwrap() as u64));
            assert_eq!((games[1].index, games[1].first_line), (2, 6));
            assert_eq!(games[1].text, "[D \"4\"]\n1. 32-28 *\n");
        }
    }

    /// The first 12 characters and the oversize mark of each game of `text`, read in parts of
    /// `capacity` bytes.
    fn heads_read_in_parts(
        text: &str,
        options: &SplitOptions,
        capacity: usize,
    ) -> Vec<(String, Option<u64>)> {
        let reader = io::BufReader::with_capacity(capacity, text.as_bytes());
        Splitter::with_options(reader, options.clone())
            .map(|g| g.unwrap())
            .map(|g| (g.text.chars().take(12).collect(), g.oversize))
            .collect()
    }

    #[test]
    fn an_oversize_game_found_after_comments_that_follow_its_terminator_is_skipped_in_parts() {
        // Found by fuzzing: comments on their own line after the terminator, then a line
        // longer than the maximum; skipping it in small reads dropped bytes before the start
        // of the comments (an overflow in debug builds).
        let text = format!(
            "[A \"1\"]\n1. 32-28 1-0\n{{c}}\nWhite {}\n[B \"2\"]\n1. 33-29 *\n",
            "x".repeat(200)
        );
        let options = SplitOptions {
            max_game_size: 68,
            ..SplitOptions::default()
        };
        let read = |capacity: usize| heads_read_in_parts(&text, &options, capacity);
        let whole = read(1 << 16);
        assert_eq!(whole.last().unwrap().0, "[B \"2\"]\n1. 3");
        for capacity in [1, 2, 7, 50] {
            assert_eq!(read(capacity), whole, "reads of {capacity} bytes");
        }
    }

    #[test]
    fn a_long_run_of_comments_after_a_terminator_opens_the_next_game_however_it_is_read() {
        let text = format!(
            "[A \"1\"]\n1. 32-28 1-0\n{{{}}}\n;x\n[B \"2\"]\n1. 33-29 *\n",
            "x".repeat(2000)
        );
        let options = SplitOptions {
            max_game_size: 1000,
            ..SplitOptions::default()
        };
        let read = |capacity: usize| heads_read_in_parts(&text, &options, capacity);
        let whole = read(1 << 16);
        assert_eq!(
            whole,
            vec![
                ("[A \"1\"]\n1. 3".to_string(), None),
                ("{xxxxxxxxxxx".to_string(), Some(2006)),
                ("[B \"2\"]\n1. 3".to_string(), None),
            ]
        );
        for capacity in [1, 7, 50, 999] {
            assert_eq!(read(capacity), whole, "reads of {capacity} bytes");
        }
    }

    #[test]
    fn white_space_alone_is_no_game() {
        assert!(split(" \n\r\n").is_empty());
        assert!(split("").is_empty());
    }
}
