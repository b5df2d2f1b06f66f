//! PDN out with the rules: the normalised PDN of [`pdn::writer`] (tags, comments,
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
//! * a game played under `--variant` or under a guessed variant, without a `GameType` tag,
//!   gets one, so it reads back under the same rules (the moves rewritten in the variant's
//!   notation may fit another candidate of a new guess better); unless the game's own
//!   `GameType` says how its squares are numbered for those rules (a full form under
//!   `--variant`): that tag is kept, since a bare number would renumber the squares;
//! * an unreadable game cannot be rewritten: it is not written (the caller reports it).

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{self, Write};

use super::lines::PlyIndex;
use super::notation::{minimal, normalised_squares};
use crate::CheckedGame;
use crate::{Code, Severity, Source, tagged_variant};
use ::pdn::Span;
use ::pdn::{Game, HeaderItem, Tag};
use ::pdn::{TerminatorStyle, WriteOptions, Writer};
use draughts::Config;

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
    pub fn write_game(&mut self, data: &CheckedGame<'_, '_>) -> io::Result<()> {
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
pub fn render(data: &CheckedGame<'_, '_>, options: WriteOptions) -> Option<String> {
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
    // Under `--variant` or a guessed variant, the written game must say so itself when its
    // tags named other rules (or none), or it would not read back as the game that was
    // replayed (moves rewritten in the variant's notation may fit another guess better).
    // A notation taken from the game's own full GameType (under `--variant`) is not the
    // variant's standard one: the tag stays, or the squares would read back renumbered.
    let chosen = matches!(
        replayed.source,
        Some(Source::Flag | Source::Guess | Source::Archive)
    );
    let own_notation = *config != Config::standard(config.variant);
    // A variant played on several boards, on one its GameType did not give (decided from the
    // moves): the full GameType of that board, and the variant's name where that GameType
    // alone would read as another variant.
    let board_decided = !std::ptr::eq(config.rules(), config.variant.rules())
        && !matches!(game.game_type(), Some(Ok(gt)) if gt.attrs.is_some());
    let tagged = if board_decided {
        Some(with_board(game, config))
    } else if !chosen || tagged_variant(game) == Some(config.variant) {
        None
    } else if own_notation {
        // The game's own full GameType gives the board and its numbering; the variant's name
        // tells the rest (that GameType alone reads as another variant).
        Some(with_tag(game, "Variant", config.variant.name().to_string()))
    } else {
        Some(with_game_type(game, config.variant))
    };
    writer.write_game(tagged.as_ref().unwrap_or(game), &mut text);
    Some(text)
}

/// Where the main line has a short capture that look-ahead could not decide: the route the
/// replay assumed is a guess, so the move keeps its written (ambiguous) squares.
fn undecided_ambiguities(data: &CheckedGame<'_, '_>) -> HashSet<u32> {
    data.record
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::AmbiguousMove && d.severity == Severity::Error)
        .filter(|d| d.variation == 0)
        .filter_map(|d| d.span.map(|(start, _)| start))
        .collect()
}

/// The value of the `GameType` tag that selects `variant`: its number, or the full form for
/// variants without one.
pub fn game_type_value(variant: draughts::Variant) -> String {
    if variant.rules().game_type > 0 {
        variant.rules().game_type.to_string()
    } else {
        variant.game_type().to_string()
    }
}

/// The tags that make a game read under `config`: its GameType (the number, or the full form
/// for a variant without one or a board other than the variant's usual one), and a `Variant`
/// tag when that GameType would read as another variant (Malaysian on 10x10 reads as
/// international).
pub fn variant_tags(config: &Config) -> Vec<(&'static str, String)> {
    if *config == Config::standard(config.variant) {
        return vec![("GameType", game_type_value(config.variant))];
    }
    let game_type = config.game_type();
    let mut tags = vec![("GameType", game_type.to_string())];
    if !matches!(draughts::Variant::from_game_type(&game_type), Ok(v) if v == config.variant) {
        tags.push(("Variant", config.variant.name().to_string()));
    }
    tags
}

/// `game` with the `GameType` tag of `variant`: in place of its own GameType tag, else after
/// its other tags.
fn with_game_type<'a>(game: &Game<'a>, variant: draughts::Variant) -> Game<'a> {
    with_tag(game, "GameType", game_type_value(variant))
}

/// `game` with the full `GameType` of `config`'s board, and a `Variant` tag naming the variant
/// when that GameType reads as another one (Malaysian on 10x10 reads as international).
fn with_board<'a>(game: &Game<'a>, config: &Config) -> Game<'a> {
    let game_type = config.game_type();
    let game = with_tag(game, "GameType", game_type.to_string());
    match variant_tags(config)
        .into_iter()
        .find(|(name, _)| *name == "Variant")
    {
        // A Variant tag of the game's own that names the variant stays as written.
        Some(_)
            if game.tag("Variant").and_then(draughts::Variant::from_name)
                == Some(config.variant) =>
        {
            game
        }
        Some((name, value)) => with_tag(&game, name, value),
        None => game,
    }
}

/// `game` with the tag `name` set to `value`: in place of its own tag of that name, else after
/// its other tags.
fn with_tag<'a>(game: &Game<'a>, name: &'static str, value: String) -> Game<'a> {
    let mut game = game.clone();
    let names_rules = |h: &HeaderItem<'_>| matches!(h, HeaderItem::Tag(t) if t.name == name);
    let own = game.header.iter().position(names_rules);
    game.header.retain(|h| !names_rules(h));
    let at = own.unwrap_or_else(|| {
        game.header
            .iter()
            .rposition(|h| matches!(h, HeaderItem::Tag(_)))
            .map_or(0, |i| i + 1)
    });
    game.header.insert(
        at,
        HeaderItem::Tag(Tag {
            name,
            value: Cow::Owned(value),
            span: Span::new(0, 0),
        }),
    );
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ReplayOptions;
    use crate::check_game;
    use draughts::Variant;
    use pdn::RawGame;

    fn pdn(text: &str, options: &ReplayOptions) -> String {
        let raw = RawGame::from_text(text);
        let write = WriteOptions::default();
        check_game("t.pdn", &raw, options, |d| render(d, write)).unwrap()
    }

    fn movetext(text: &str) -> String {
        let out = pdn(text, &ReplayOptions::default());
        out.lines().last().unwrap().to_string()
    }

    #[test]
    fn a_capture_written_hop_by_hop_keeps_its_hops_with_the_variant_separator() {
        let text = "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,f6\"]\n1. c3xe5 e5xg7 *\n";
        assert_eq!(movetext(text), "1. c3:e5 e5:g7 *");
    }

    #[test]
    fn an_undecided_ambiguous_capture_keeps_its_written_squares() {
        let text = "[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 *\n";
        assert_eq!(movetext(text), "1. 47x36 *");
    }

    #[test]
    fn moves_the_replay_did_not_reach_keep_their_text() {
        let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 50-45 23X29 *\n";
        assert_eq!(movetext(text), "1. 32-28 19-23 2. 50-45 23x29 *");
    }

    #[test]
    fn a_variant_forced_by_flag_or_guessed_is_written_as_a_game_type_tag() {
        let options = ReplayOptions {
            variant: Some(Variant::Russian),
            ..ReplayOptions::default()
        };
        let out = pdn("[Event \"E\"]\n1. c3-d4 *\n", &options);
        assert!(
            out.starts_with("[Event \"E\"]\n[GameType \"25\"]\n\n1. c3-d4 *"),
            "{out}"
        );
        // So are guessed variants: a new guess on the rewritten moves might differ.
        let guessed = pdn("[Event \"E\"]\n1. c3-d4 *\n", &ReplayOptions::default());
        assert!(
            guessed.starts_with("[Event \"E\"]\n[GameType \"25\"]\n\n1. c3-d4 *"),
            "{guessed}"
        );
    }

    #[test]
    fn a_foreign_game_type_under_a_forced_variant_becomes_the_variants_own() {
        // PlayOK's `20,W,10,10,N1,0` is read by its number alone, also under `--variant
        // frisian`: Frisian's standard squares, so `GameType "40"` reads back the same game.
        let options = ReplayOptions {
            variant: Some(Variant::Frisian),
            ..ReplayOptions::default()
        };
        let text = "[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 18-23 *\n";
        let out = pdn(text, &options);
        assert!(out.starts_with("[GameType \"40\"]\n"), "{out}");
        assert!(out.contains("1. 32-28 18-23 *"), "{out}");
    }

    #[test]
    fn quiet_moves_written_as_captures_and_numeric_squares_are_normalised() {
        // Tinsley's archive writes a quiet move `10x14`; Russian games may use numbers.
        let text = "[GameType \"21\"]\n1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 *\n";
        assert_eq!(
            movetext(text),
            "1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10-14 *"
        );
        let russian = "[GameType \"25\"]\n1. 22-18 *\n";
        assert_eq!(movetext(russian), "1. c3-d4 *");
    }
}
