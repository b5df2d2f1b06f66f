//! PDN out with the rules: the normalised PDN of [`crate::pdn::writer`] (tags, comments,
//! variations, NAGs and strength marks all kept), with every replayed move written in its
//! minimal PDN 3.0 form ([`notation::minimal`](super::notation::minimal)): short captures
//! where they are unambiguous, full paths where not, squares in the game's notation and the
//! variant's capture separator.
//!
//! * moves the replay did not reach keep their text (normalised by the syntax writer only);
//! * a short capture that look-ahead could not tell apart from another (an `ambiguous-move`
//!   error) keeps its squares: the route the replay assumed is a guess, not information;
//! * a capture written hop by hop (PDN 1.0 `11x18 18x25`) keeps its hops, with the variant's
//!   separator, so it reads back as the same single move;
//! * a game played under `--variant` without a `GameType` tag gets one, so it reads back
//!   under the same rules; games whose variant was guessed are left as they are (the same
//!   guess is made again);
//! * an unreadable game cannot be rewritten: it is not written (the caller reports it).

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{self, Write};

use super::GameData;
use super::lines::PlyIndex;
use super::notation::{minimal, normalised_squares};
use crate::pdn::ast::{Game, HeaderItem, Tag};
use crate::pdn::span::Span;
use crate::pdn::writer::{TerminatorStyle, WriteOptions, Writer};
use crate::replay::{Code, Severity, Source};

/// Writes PDN games separated by blank lines.
pub struct PdnWriter<W: Write> {
    out: W,
    options: WriteOptions,
    first: bool,
}

impl<W: Write> PdnWriter<W> {
    /// A writer to `out`; games without terminator get `*` so that games stay apart.
    pub fn new(out: W) -> PdnWriter<W> {
        PdnWriter {
            out,
            options: WriteOptions {
                terminator: TerminatorStyle::AsReadOrStar,
                ..WriteOptions::default()
            },
            first: true,
        }
    }

    /// Writes one game; an unreadable game writes nothing.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_game(&mut self, data: &GameData<'_, '_>) -> io::Result<()> {
        let Some(text) = render(data, self.options) else {
            return Ok(());
        };
        if !self.first {
            self.out.write_all(b"\n")?;
        }
        self.first = false;
        self.out.write_all(text.as_bytes())
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

/// The game as rule-aware PDN, or `None` for an unreadable game.
pub fn render(data: &GameData<'_, '_>, options: WriteOptions) -> Option<String> {
    let game = data.game?;
    let mut text = String::with_capacity(game.text.len() + 64);
    let (Some(replayed), Some(config)) = (data.replayed, data.config()) else {
        Writer::new(options).write_game(game, &mut text);
        return Some(text);
    };
    let index = PlyIndex::new(replayed, &game.body);
    let undecided = undecided_ambiguities(data);
    let mut writer = Writer::new(options).with_move_text(|m| {
        if index.is_hop(m) {
            return normalised_squares(config, m, true);
        }
        let ply = index.ply(m)?;
        if ply.joined > 0 || undecided.contains(&m.span.start) {
            return normalised_squares(config, m, ply.mv.is_capture());
        }
        Some(minimal(config, ply, m))
    });
    let tagged = (replayed.source == Some(Source::Flag) && game.tag("GameType").is_none())
        .then(|| with_game_type(game, config.variant));
    writer.write_game(tagged.as_ref().unwrap_or(game), &mut text);
    Some(text)
}

/// Where the main line has a short capture that look-ahead could not decide: the route the
/// replay assumed is a guess, so the move keeps its written (ambiguous) squares.
fn undecided_ambiguities(data: &GameData<'_, '_>) -> HashSet<u32> {
    data.record
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::AmbiguousMove && d.severity == Severity::Error)
        .filter(|d| d.variation == 0)
        .filter_map(|d| d.span.map(|(start, _)| start))
        .collect()
}

/// `game` with a `GameType` tag for `variant` after its other tags.
fn with_game_type<'a>(game: &Game<'a>, variant: crate::rules::Variant) -> Game<'a> {
    let value = if variant.rules().game_type > 0 {
        variant.rules().game_type.to_string()
    } else {
        variant.game_type().to_string()
    };
    let mut game = game.clone();
    let at = game
        .header
        .iter()
        .rposition(|h| matches!(h, HeaderItem::Tag(_)))
        .map_or(0, |i| i + 1);
    game.header.insert(
        at,
        HeaderItem::Tag(Tag {
            name: "GameType",
            value: Cow::Owned(value),
            span: Span::new(0, 0),
        }),
    );
    game
}
