//! How the archive tools (filter, search, dedupe, split) write the games they keep: their
//! original text by default (the archive a user gets back is their own), or in a `convert`
//! format with `--to`.
//!
//! Original text is written as read, byte for byte, with three exceptions that keep the output
//! read as the input was: a game decoded from a legacy encoding is written in UTF-8 (one output
//! holding two encodings would be misread), a game without a GameType or Variant tag gets
//! a `GameType` tag naming the variant it was read as (its variant was decided with the other
//! games of its file, which the output may not hold), and a game without terminator gets `*`
//! on a line of its own (else the tags of the game written after it would be read as its own,
//! as `convert --to pdn` also knows).

use std::collections::HashSet;
use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;

use pdn::RawGame;
use pdnkit::export::variant_tags;
use pdnkit::{CheckedGame, Code};

use super::convert::{self, Format, Target};
use super::report::Reporter;

/// The form of the games written.
pub enum GamesOut {
    /// Each game's text as it was in its file.
    Original,
    /// A convert format with its default settings.
    Converted(Format),
}

/// A game as written, and the encoding it was read in when it was transcoded to UTF-8.
pub struct Rendered {
    pub data: Option<Vec<u8>>,
    pub transcoded: Option<&'static str>,
}

impl GamesOut {
    /// The original text, or `to`'s format.
    pub fn new(to: Option<Target>) -> GamesOut {
        match to {
            None => GamesOut::Original,
            Some(t) => GamesOut::Converted(Format::of(t)),
        }
    }

    /// What goes before the first game (a CSV header).
    pub fn header(&self) -> std::io::Result<Vec<u8>> {
        match self {
            GamesOut::Original => Ok(Vec::new()),
            GamesOut::Converted(f) => f.header(),
        }
    }

    /// A game as written; no data when it cannot be: an oversize game, of which only the first
    /// bytes were kept, has no original text to give back.
    pub fn render(&self, raw: &RawGame, checked: &CheckedGame<'_, '_>) -> Rendered {
        match self {
            GamesOut::Converted(f) => Rendered {
                data: Some(convert::render(f, checked)),
                transcoded: None,
            },
            GamesOut::Original => self.render_text(raw, checked, &raw.text),
        }
    }

    /// `text`, the game's original text or that text with comments added, as written in the
    /// original form.
    pub fn render_text(
        &self,
        raw: &RawGame,
        checked: &CheckedGame<'_, '_>,
        text: &str,
    ) -> Rendered {
        if raw.oversize.is_some() {
            return Rendered {
                data: None,
                transcoded: None,
            };
        }
        let decided = checked
            .record
            .diagnostics
            .iter()
            .any(|d| d.code == Code::VariantGuessed);
        let mut data = match checked.config() {
            Some(config) if decided => {
                // Before the first tag (or the movetext), after any blank lines.
                let at = text.len() - text.trim_start().len();
                let tag: String = variant_tags(config)
                    .iter()
                    .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
                    .collect();
                [&text[..at], &tag, &text[at..]].concat()
            }
            _ => text.to_string(),
        };
        if checked.game.is_some_and(|g| g.terminator.is_none()) {
            // After the game's last character, before the blank lines that end it.
            let end = data.trim_end().len();
            data.insert_str(end, "\n*");
        }
        let data = data.into_bytes();
        let transcoded = (raw.encoding.name() != "UTF-8").then(|| raw.encoding.name());
        Rendered {
            data: Some(data),
            transcoded,
        }
    }

    /// What to write before a game, after `first` (no game yet) and whether the last byte
    /// written ended a line: PDN games start on a line of their own (original ones as they
    /// were; converted ones after a blank line, as `convert` writes them).
    pub fn separator(&self, first: bool, ended_line: bool) -> &'static [u8] {
        match self {
            GamesOut::Original if !first && !ended_line => b"\n",
            GamesOut::Converted(Format::Pdn) if !first => b"\n",
            _ => b"",
        }
    }

    /// What to write after the last game: a line end when it did not end its line, so that
    /// the output is whole lines.
    pub fn ending(&self, wrote: bool, ended_line: bool) -> &'static [u8] {
        match self {
            GamesOut::Original if wrote && !ended_line => b"\n",
            _ => b"",
        }
    }
}

/// The note that the games of `file`, read in `encoding`, are written in UTF-8.
pub fn transcoded_note(file: &str, encoding: &str) -> String {
    format!("pdnkit: {file}: games read as {encoding} are written in UTF-8")
}

/// The message for a game kept whose text cannot be written.
pub fn not_written(checked: &CheckedGame<'_, '_>) -> String {
    format!(
        "pdnkit: {}: {}: larger than the maximum game size, its text was not kept; not written",
        checked.record.file,
        checked.record.describe()
    )
}

/// Writes games one after another to one output: the separators between them, a line end at
/// the end, and the note, once per input file, that games were written in UTF-8.
#[derive(Default)]
pub struct GamesWriter {
    /// Some game was written.
    wrote: bool,
    ended_line: bool,
    /// Games written.
    pub written: u64,
    transcoded_from: HashSet<Arc<str>>,
}

impl GamesWriter {
    /// Writes one game (its data as rendered in `form`); returns the note to show, if any.
    pub fn write(
        &mut self,
        form: &GamesOut,
        out: &mut impl Write,
        file: &Arc<str>,
        rendered: &Rendered,
    ) -> std::io::Result<Option<String>> {
        let Some(data) = &rendered.data else {
            return Ok(None);
        };
        out.write_all(form.separator(!self.wrote, self.ended_line || !self.wrote))?;
        out.write_all(data)?;
        self.wrote = true;
        self.written += 1;
        if !data.is_empty() {
            self.ended_line = data.ends_with(b"\n");
        }
        let note = rendered
            .transcoded
            .filter(|_| self.transcoded_from.insert(Arc::clone(file)));
        Ok(note.map(|e| transcoded_note(file, e)))
    }

    /// [`GamesWriter::write`] in a pipeline's consumer: the note shown through `reporter`,
    /// an error breaking the run.
    pub fn write_shown(
        &mut self,
        form: &GamesOut,
        out: &mut impl Write,
        reporter: &Reporter,
        file: &Arc<str>,
        rendered: &Rendered,
    ) -> ControlFlow<std::io::Error> {
        match self.write(form, out, file, rendered) {
            Ok(note) => {
                reporter.message(note.as_deref().unwrap_or(""));
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(e),
        }
    }

    /// Ends the output (a line end after a last game that had none).
    pub fn finish(&self, form: &GamesOut, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(form.ending(self.wrote, self.ended_line))
    }
}
