//! What a run tells the user on stderr: diagnostics, a progress bar, and the closing summary.
//!
//! Diagnostics are printed through the progress bar so lines never tear. The bar is hidden
//! when stderr is not a terminal or with `--quiet`.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use pdn::LineCol;
use pdnkit::archive;
use pdnkit::{Code, Severity};
use pdnkit::{GameRecord, Located};

use super::{GlobalArgs, Status};

pub use pdnkit::summary::{Counts, plural};

/// The stderr side of a run: the library's [`archive::Progress`] shown with indicatif.
pub struct Reporter {
    quiet: bool,
    bar: ProgressBar,
}

impl Reporter {
    /// A reporter for reading `files`; the bar tracks bytes of their total size. Standard input
    /// on a terminal gets a hint instead of a bar, which would only sit there while the
    /// terminal waits for text.
    pub fn new(global: &GlobalArgs, files: &[PathBuf]) -> Reporter {
        let stdin = files.is_empty() || files.iter().any(|f| f.as_os_str() == "-");
        let typing = stdin && std::io::stdin().is_terminal();
        if typing && !global.quiet {
            to_stderr(
                "pdnkit: reading PDN from the terminal: paste or type games, then Ctrl-D \
                 (Ctrl-Z on Windows); or name the files to read",
            );
        }
        let show = !global.quiet && !typing && std::io::stderr().is_terminal();
        let bar = if show {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr_with_hz(4));
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {decimal_bytes}/{decimal_total_bytes} {decimal_bytes_per_sec} \
                     {msg} (ETA {eta})",
                )
                .expect("valid progress template"),
            );
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        } else {
            ProgressBar::hidden()
        };
        Reporter {
            quiet: global.quiet,
            bar,
        }
    }

    /// Prints diagnostics (already ending with a line end) above the bar.
    pub fn message(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        let text = text.strip_suffix('\n').unwrap_or(text);
        if self.bar.is_hidden() {
            to_stderr(text);
        } else {
            self.bar.println(text);
        }
    }

    /// Runs `f` (a write to stdout) with the bar cleared, so the bar and the report do not
    /// tear each other's lines on a terminal.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.bar.is_hidden() {
            f()
        } else {
            self.bar.suspend(f)
        }
    }

    /// A game's result as a run hands it to its sink; `None` for an input that failed, which
    /// is printed (its message names it).
    pub fn game<R>(&self, done: std::io::Result<R>) -> Option<R> {
        match done {
            Ok(result) => Some(result),
            Err(error) => {
                self.message(&format!("pdnkit: {error}"));
                None
            }
        }
    }

    /// Clears the bar, prints the summary of the run's `counts` (unless quiet) and returns the
    /// run's status.
    pub fn finish(self, counts: Counts) -> Status {
        self.bar.finish_and_clear();
        if !self.quiet {
            to_stderr(&format!("pdnkit: {}", counts.summary()));
        }
        Status {
            findings: counts.has_findings(),
            failed: counts.failed_inputs > 0,
        }
    }

    /// Ends a run that stopped on a failure, which the caller reports: the bar is cleared,
    /// no summary printed.
    pub fn abandon(self) {
        self.bar.finish_and_clear();
    }
}

impl archive::Progress for Reporter {
    fn advanced(&self, counts: &Counts, bytes: u64, total: u64) {
        if !self.bar.is_hidden() {
            let c = counts;
            let rate = c.read as f64 / self.bar.elapsed().as_secs_f64().max(1e-3);
            self.bar.set_length(total);
            self.bar.set_position(bytes);
            self.bar.set_message(format!(
                "{} games, {rate:.0} games/s, {} with findings",
                c.read,
                c.invalid + c.unreadable + c.failed_inputs
            ));
        }
    }

    fn warning(&self, message: &str) {
        if !self.quiet {
            self.message(&format!("pdnkit: {message}"));
        }
    }
}

/// Writes a line to stderr. A reader of stderr that went away (`pdnkit ... 2>&1 | head`) does
/// not end the run: the data still goes to stdout or `--output`, and `eprintln!` would panic.
pub fn to_stderr(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Most words of a group quoted in its one message.
const QUOTED_IN_GROUP: usize = 5;

/// How the text report looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// One by one, or grouped.
    pub listing: Listing,
    /// Severities and carets in colour (ANSI escapes).
    pub colour: bool,
}

/// The ANSI escape that colours a severity (bold red, yellow, cyan), and the one that resets.
fn severity_colour(s: Severity) -> &'static str {
    match s {
        Severity::Error => "\x1b[1;31m",
        Severity::Warning => "\x1b[1;33m",
        Severity::Note => "\x1b[1;36m",
    }
}
const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
/// A help line's label (bold green, as compilers print it).
const HELP: &str = "\x1b[1;32m";

/// How a game's report lists its diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// Every diagnostic one by one.
    Each,
    /// The reader's notes and junk of one kind, and move-number notes, as one line group per
    /// kind and severity: the first in full, then how many there are and the first words.
    Grouped,
}

/// The kind a diagnostic is grouped by, when it is grouped: reader notes and junk by the
/// kind their message starts with, move-number notes by their code.
fn group_key(d: &Located) -> Option<(Code, Severity, &str)> {
    match d.code {
        Code::SyntaxNote => {
            let kind = d.message.split_once(": ").map_or("", |(k, _)| k);
            Some((d.code, d.severity, kind))
        }
        Code::MoveNumber => Some((d.code, d.severity, "")),
        _ => None,
    }
}

/// The text a diagnostic is about, quoted for a group's message.
fn quoted(text: &str, d: &Located) -> String {
    let (start, end) = d.span.unwrap_or((0, 0));
    let spanned = text.get(start as usize..end as usize).unwrap_or("");
    let word: String = spanned.chars().take(24).collect();
    let cut = if word.len() < spanned.len() {
        "..."
    } else {
        ""
    };
    format!("`{}{cut}`", pdn::shown(&word))
}

/// A game's diagnostics of at least `min` severity, compiler style: the place and message,
/// the game and move, the source line with a caret under the text in question.
pub fn render_diagnostics(
    record: &GameRecord,
    text: &str,
    first: LineCol,
    min: Severity,
    style: Style,
) -> String {
    let mut out = String::new();
    let shown: Vec<&Located> = record
        .diagnostics
        .iter()
        .filter(|d| d.severity >= min)
        .collect();
    let mut groups_done: Vec<(Code, Severity, &str)> = Vec::new();
    for d in &shown {
        let message = if style.listing == Listing::Grouped
            && let Some(key) = group_key(d)
        {
            if groups_done.contains(&key) {
                continue;
            }
            groups_done.push(key);
            group_message(d, key, &shown, text)
        } else {
            Cow::Borrowed(d.message.as_str())
        };
        render_one(&mut out, record, d, &message, (text, first), style);
    }
    out
}

/// The message of the first of a group of diagnostics (`key`): with how many there are and
/// their first words, when there are several.
fn group_message<'d>(
    d: &'d Located,
    key: (Code, Severity, &str),
    shown: &[&Located],
    text: &str,
) -> Cow<'d, str> {
    let members: Vec<&&Located> = shown.iter().filter(|o| group_key(o) == Some(key)).collect();
    if members.len() <= 1 {
        return Cow::Borrowed(d.message.as_str());
    }
    let words: Vec<String> = members
        .iter()
        .take(QUOTED_IN_GROUP)
        .map(|m| quoted(text, m))
        .collect();
    let more = if members.len() > QUOTED_IN_GROUP {
        " ..."
    } else {
        ""
    };
    let head = match key.2 {
        "" => d.message.clone(),
        kind => format!("{kind}: {}", kind_message(&d.message, kind)),
    };
    Cow::Owned(format!(
        "{head} ({} in this game: {}{more}; --verbose lists each)",
        members.len(),
        words.join(" ")
    ))
}

/// One diagnostic with `message`: its place, the game and move, the source line of the
/// game's `text` (whose first line is at `first`), the repairs suggested.
fn render_one(
    out: &mut String,
    record: &GameRecord,
    d: &Located,
    message: &str,
    (text, first): (&str, LineCol),
    style: Style,
) {
    let (on, bold, off) = if style.colour {
        (severity_colour(d.severity), BOLD, RESET)
    } else {
        ("", "", "")
    };
    out.push_str(&format!(
        "{bold}{}:{}:{}:{off} {on}{}[{}]{off}{bold}:{off} {}\n  in {}",
        record.file,
        d.line,
        d.column,
        d.severity,
        d.code,
        message,
        record.describe()
    ));
    if let (Some(n), Some(side)) = (d.move_number, d.side) {
        out.push_str(&format!(", move {n} ({side})"));
    }
    out.push('\n');
    if let Some((start, end)) = d.span {
        let excerpt = source_excerpt(text, first, d.line, d.column, start, end);
        match excerpt
            .rfind('^')
            .and_then(|last| Some((excerpt[..last].rfind(" | ")?, last)))
        {
            // The carets of the last line in the severity's colour.
            Some((bar, last)) if style.colour => {
                let first = bar + 3 + excerpt[bar + 3..].find('^').unwrap_or(0);
                let (head, rest) = excerpt.split_at(first);
                let (carets, tail) = rest.split_at(last + 1 - first);
                out.push_str(&format!("{head}{on}{carets}{off}{tail}"));
            }
            _ => out.push_str(&excerpt),
        }
    }
    let (on, off) = if style.colour {
        (HELP, RESET)
    } else {
        ("", "")
    };
    for suggestion in &d.suggestions {
        out.push_str(&format!(
            "  = {on}help{off}: {}; {}\n",
            suggestion.help(),
            suggestion.fix_note()
        ));
    }
}

/// The words of a reader note's message after its kind, without the quoted text at its end.
fn kind_message<'m>(message: &'m str, kind: &str) -> &'m str {
    let rest = message
        .strip_prefix(kind)
        .and_then(|r| r.strip_prefix(": "))
        .unwrap_or(message);
    match rest.rfind(" `") {
        Some(i) if rest.ends_with('`') => &rest[..i],
        _ => rest,
    }
}

/// Widest source excerpt shown; longer lines are cut to a window around the column.
const EXCERPT_WIDTH: usize = 100;

/// `  42 | 1. 32-28 19-23` and a caret line under the span (clipped to its first line).
///
/// The excerpt is cut from around the span's start, `line` and `column` being where that
/// start is: the line is never read whole, as it may be the size of a file with a finding
/// every few bytes (read whole for each, such a line took minutes to report).
fn source_excerpt(
    text: &str,
    first: LineCol,
    line: u32,
    column: u32,
    start: u32,
    end: u32,
) -> String {
    let mut at = (start as usize).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    // The LF of a CRLF is located at the start of the next line, where that line's text starts.
    if column == 1 && at > 0 && text.as_bytes()[at - 1..].starts_with(b"\r\n") {
        at += 1;
    }
    // A game that starts mid-line: the text before it (another game's) is shown blank.
    let indent = if line == first.line {
        first.column.saturating_sub(1) as usize
    } else {
        0
    };
    let col = column.saturating_sub(1) as usize;
    let on_the_line = |c: &char| !matches!(c, '\n' | '\r');
    // Control characters (a NUL, an escape sequence) never reach the terminal raw.
    let shown_char = |c: char| match c {
        '\t' => ' ',
        c if c.is_control() => '\u{FFFD}',
        c => c,
    };
    // The line's characters from the span's start, one past the most a decision below needs.
    let after: Vec<char> = text[at..]
        .chars()
        .take_while(on_the_line)
        .take(EXCERPT_WIDTH + 1)
        .map(shown_char)
        .collect();
    let len = col + after.len();
    let (from, prefix) = if len > EXCERPT_WIDTH && col > EXCERPT_WIDTH / 3 {
        (col - EXCERPT_WIDTH / 3, "...")
    } else {
        (0, "")
    };
    let to = len.min(from + EXCERPT_WIDTH);
    let suffix = if to < len { "..." } else { "" };
    // The characters from `from` to the span's start: the line's in the text, then the
    // indent's blanks before them.
    let in_text = col.saturating_sub(indent.max(from));
    let mut before: Vec<char> = text[..at]
        .chars()
        .rev()
        .take_while(on_the_line)
        .take(in_text)
        .map(shown_char)
        .collect();
    before.resize(col - from, ' ');
    before.reverse();
    let shown: String = before.into_iter().chain(after).take(to - from).collect();
    let width = text
        .get(start as usize..end as usize)
        .unwrap_or("")
        .chars()
        .take_while(on_the_line)
        .take(EXCERPT_WIDTH)
        .count()
        .max(1);
    let caret_at = prefix.len() + col - from;
    let gutter = line.to_string();
    format!(
        "{pad} |\n{gutter} | {prefix}{shown}{suffix}\n{pad} | {}{}\n",
        " ".repeat(caret_at),
        "^".repeat(width),
        pad = " ".repeat(gutter.len())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::locate_all;

    /// The excerpt as it was first written: the whole line read into characters.
    fn excerpt_from_whole_line(
        text: &str,
        first: LineCol,
        line: u32,
        column: u32,
        start: u32,
        end: u32,
    ) -> String {
        let Some(source) = nth_line(text, line.saturating_sub(first.line) as usize) else {
            return String::new();
        };
        let indent = if line == first.line {
            first.column.saturating_sub(1) as usize
        } else {
            0
        };
        let chars: Vec<char> = std::iter::repeat_n(' ', indent)
            .chain(source.chars().map(|c| match c {
                '\t' => ' ',
                c if c.is_control() => '\u{FFFD}',
                c => c,
            }))
            .collect();
        let spanned = text.get(start as usize..end as usize).unwrap_or("");
        let width = spanned
            .split(['\n', '\r'])
            .next()
            .map_or(1, |s| s.chars().count().max(1));
        let col = (column.saturating_sub(1) as usize).min(chars.len());
        let (from, prefix) = if chars.len() > EXCERPT_WIDTH && col > EXCERPT_WIDTH / 3 {
            (col - EXCERPT_WIDTH / 3, "...")
        } else {
            (0, "")
        };
        let to = chars.len().min(from + EXCERPT_WIDTH);
        let suffix = if to < chars.len() { "..." } else { "" };
        let shown: String = chars[from..to].iter().collect();
        let caret_at = prefix.len() + col - from;
        let gutter = line.to_string();
        format!(
            "{pad} |\n{gutter} | {prefix}{shown}{suffix}\n{pad} | {}{}\n",
            " ".repeat(caret_at),
            "^".repeat(width.min(EXCERPT_WIDTH)),
            pad = " ".repeat(gutter.len())
        )
    }

    fn nth_line(text: &str, n: usize) -> Option<&str> {
        let mut rest = text;
        for _ in 0..n {
            let i = rest.find(['\n', '\r'])?;
            let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
            rest = &rest[i + skip..];
        }
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        Some(&rest[..end])
    }

    #[test]
    fn excerpts_cut_around_the_span_are_those_of_the_whole_line() {
        // Lines short and long, every kind of line end, tabs, control and wide characters, and
        // games that start mid-line.
        const PIECES: [&str; 12] = [
            "1. 32-28 ",
            "19-23 ",
            "\n",
            "\r\n",
            "\r",
            "\t",
            "\u{1}",
            "é",
            "漢",
            "{c} ",
            "x",
            " ",
        ];
        let mut rng = crate::test_rng::TestRng::new(0x2545_F491_4F6C_DD1D);
        let mut next = |n: usize| rng.below(n);
        let mut compared = 0;
        for round in 0..3_000 {
            let long = round % 5 == 0;
            let mut text = String::new();
            for _ in 0..next(if long { 400 } else { 40 }) {
                let piece = PIECES[next(PIECES.len())];
                // Long lines: mostly without line ends.
                if long && matches!(piece, "\n" | "\r\n" | "\r") && next(10) > 0 {
                    continue;
                }
                text.push_str(piece);
            }
            let first = LineCol {
                line: 1 + next(3) as u32,
                column: 1 + [0, 0, 5, 130][next(4)] as u32,
            };
            let offsets: Vec<usize> = (0..20)
                .map(|_| next(text.len() + 1))
                .filter(|&k| text.is_char_boundary(k))
                .collect();
            for (&start, at) in offsets.iter().zip(locate_all(&text, first.line, &offsets)) {
                // Positions as the records give them: on the first line, after the indent.
                let column = if at.line == first.line {
                    at.column + first.column - 1
                } else {
                    at.column
                };
                let end = (start + next(30)).min(text.len());
                let (start, end) = (start as u32, end as u32);
                assert_eq!(
                    source_excerpt(&text, first, at.line, column, start, end),
                    excerpt_from_whole_line(&text, first, at.line, column, start, end),
                    "{text:?} at {start}..{end}, {at:?}, first {first:?}"
                );
                compared += 1;
            }
        }
        assert!(compared > 30_000, "{compared}");
    }
}
