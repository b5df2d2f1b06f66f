//! Fixing a game as `pdnkit fix` does: its confirmed main-line repair written into its text,
//! kept only when the written game replays as the trials did (the move numbers from the first
//! change on then made to agree with the moves), and, when asked, its Result and GameType tags
//! set to agree with the game. Every change is listed.

use draughts::{Colour, Outcome, ResultScale};
use pdn::{Game, RawGame, ResultMeaning, ResultToken, parse_game};
use serde::Serialize;

use super::{Suggestion, apply, confirmed_main_line, renumber};
use crate::export::variant_tags;
use crate::{Code, ReplayOptions, Replayed, Verdict, check_game, replay};

/// What a fix does beyond the confirmed repairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixOptions {
    /// Set the Result tag to agree with the game: with the result the rules give when the
    /// game ended by them, else with the terminator.
    pub results: bool,
    /// Write a GameType tag where the variant was decided without one, or where
    /// [`ReplayOptions::variant`] overruled it.
    pub gametype: bool,
}

/// One change made to a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The game's file.
    pub file: String,
    /// The game's number in its file.
    pub game: u64,
    /// The ply of a move changed (none for a tag).
    pub ply: Option<u32>,
    /// What was written (a tag's value; empty for a tag added).
    pub written: String,
    /// What is written now.
    pub fixed: String,
    /// The slip repaired ([`super::Slip::name`]), or `result` or `gametype`.
    pub kind: &'static str,
    /// The plies that replay after the repaired move (none for a tag).
    pub plies_confirmed: Option<u32>,
}

/// The columns of the changes' CSV, in order.
pub const CHANGES_HEADER: [&str; 7] = [
    "file",
    "game",
    "ply",
    "written",
    "fixed",
    "kind",
    "plies_confirmed",
];

/// A game as a fix writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedGame {
    /// Its text: as it was when nothing changed.
    pub text: String,
    /// The changes made, in order.
    pub changes: Vec<Change>,
    /// The verdict on the text as written.
    pub status: Verdict,
}

/// Fixes game `raw` of `file`: its confirmed main-line repair (an invalid game's), then the
/// tags `fix` asks for; the verdict is that of what is written.
pub fn fix_game(file: &str, raw: &RawGame, options: &ReplayOptions, fix: FixOptions) -> FixedGame {
    let mut changes = Vec::new();
    let mut text = raw.text.clone();
    let (game, repaired) = check_game(file, raw, options, |checked| {
        // Repairs are looked for in invalid games only.
        let repaired = (checked.record.status == Verdict::Invalid)
            .then(|| confirmed_main_line(checked, options))
            .flatten()
            .and_then(|s| Some((apply_checked(&raw.text, checked.game?, &s, options)?, s)));
        (checked.record.game, repaired)
    });
    if let Some((fixed, suggestion)) = repaired {
        text = fixed;
        changes.extend(suggestion.fixes.iter().map(|f| Change {
            file: file.to_string(),
            game,
            ply: Some(f.ply),
            written: f.written.clone(),
            fixed: f.fixed.clone(),
            kind: f.slip.name(),
            plies_confirmed: Some(suggestion.plies_after),
        }));
    }
    let mut current = RawGame::from_text(text.clone());
    current.oversize = raw.oversize;
    current.encoding = raw.encoding;
    if (fix.results || fix.gametype)
        && let Ok(tree) = parse_game(&current)
    {
        let r = replay(&tree, options);
        let mut edits = tag_edits(&tree, &r, options, fix);
        if !edits.is_empty() {
            edits.sort_by_key(|e| std::cmp::Reverse(e.at.0));
            for e in edits {
                text.replace_range(e.at.0..e.at.1, &e.text);
                changes.push(Change {
                    file: file.to_string(),
                    game,
                    ply: None,
                    written: e.old,
                    fixed: e.new,
                    kind: e.kind,
                    plies_confirmed: None,
                });
            }
            current = RawGame::from_text(text.clone());
            current.encoding = raw.encoding;
        }
    }
    let status = check_game(file, &current, options, |checked| checked.record.status);
    FixedGame {
        text,
        changes,
        status,
    }
}

/// `text` (the game `tree` was read from) with the repair `suggestion` written in
/// ([`apply`]), only when the written game's main line then replays without a move that
/// cannot be played, and with the move numbers from the first change on renumbered to agree
/// with the moves. What `fix` writes and the language server's quick fixes offer.
pub fn apply_checked(
    text: &str,
    tree: &Game<'_>,
    suggestion: &Suggestion,
    options: &ReplayOptions,
) -> Option<String> {
    let fixed = apply(text, tree, suggestion)?;
    let again = RawGame::from_text(fixed.clone());
    let tree = parse_game(&again).ok()?;
    let replayed = replay(&tree, options);
    let breaks = replayed.diagnostics.iter().any(|d| {
        matches!(
            d.code,
            Code::IllegalMove | Code::NoPiece | Code::WrongSide | Code::UnknownSquare
        ) && d.at.as_ref().is_some_and(|a| a.variation_depth == 0)
    });
    if breaks {
        return None;
    }
    let changed_from = text
        .bytes()
        .zip(fixed.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    Some(renumber(&fixed, &tree, &replayed, changed_from))
}

/// A change to a tag.
struct TagEdit {
    /// The bytes replaced (an empty range inserts).
    at: (usize, usize),
    text: String,
    old: String,
    new: String,
    kind: &'static str,
}

/// The Result and GameType edits `fix` asks for.
fn tag_edits(
    tree: &Game<'_>,
    r: &Replayed,
    options: &ReplayOptions,
    fix: FixOptions,
) -> Vec<TagEdit> {
    let mut edits = Vec::new();
    let Some(config) = r.config else {
        return edits;
    };
    // Before the first tag, or at the start.
    let top = tree.tags().next().map_or(0, |t| t.span.start as usize);
    if fix.gametype {
        edits.extend(gametype_edit(tree, r, options, &config, top));
    }
    if fix.results
        && let Some(wanted) = wanted_result(
            tree,
            r,
            config.first_mover,
            config.variant.rules().result_scale,
            false,
        )
    {
        let own = tree.tags().find(|t| t.name == "Result");
        let said = own.map(|t| ResultToken::from_tag(&t.value).outcome);
        let meaning = ResultToken::from_tag(&wanted).outcome;
        if said != Some(meaning) {
            let (at, text) = match own {
                Some(t) => (
                    (t.span.start as usize, t.span.end as usize),
                    format!("[Result \"{wanted}\"]"),
                ),
                None => ((top, top), format!("[Result \"{wanted}\"]\n")),
            };
            edits.push(TagEdit {
                at,
                text,
                old: own.map(|t| t.value.to_string()).unwrap_or_default(),
                new: wanted,
                kind: "result",
            });
        }
    }
    edits
}

/// The GameType tag written where the variant was decided without one (with the tags that go
/// with it), or set where `--variant` overruled it.
fn gametype_edit(
    tree: &Game<'_>,
    r: &Replayed,
    options: &ReplayOptions,
    config: &draughts::Config,
    top: usize,
) -> Option<TagEdit> {
    let decided = r.diagnostics.iter().any(|d| d.code == Code::VariantGuessed);
    let tags = variant_tags(config);
    let value = tags[0].1.clone();
    match tree.tags().find(|t| t.name == "GameType") {
        None if decided => Some(TagEdit {
            at: (top, top),
            text: tags
                .iter()
                .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
                .collect(),
            old: String::new(),
            new: value,
            kind: "gametype",
        }),
        Some(t) if options.variant.is_some() && t.value.trim() != value => Some(TagEdit {
            at: (t.span.start as usize, t.span.end as usize),
            text: format!("[GameType \"{value}\"]"),
            old: t.value.to_string(),
            new: value,
            kind: "gametype",
        }),
        _ => None,
    }
}

/// The result the rules gave a game they ended, every written move of its main line played,
/// on the scale the game writes its result in; `None` when the rules did not end it.
pub fn rules_result(tree: &Game<'_>, r: &Replayed) -> Option<String> {
    let config = r.config?;
    let scale = config.variant.rules().result_scale;
    wanted_result(tree, r, config.first_mover, scale, true)
}

/// The result the game should carry: the rules' when they ended it, else (unless
/// `rules_only`) the terminator's.
fn wanted_result(
    tree: &Game<'_>,
    r: &Replayed,
    first_mover: Colour,
    scale: ResultScale,
    rules_only: bool,
) -> Option<String> {
    let written = tree
        .result_tag()
        .map(|t| t.raw.to_string())
        .or_else(|| tree.terminator.as_ref().map(|t| t.token.to_string()));
    // The scale the game writes results in, else the variant's.
    let two = match written.as_deref() {
        Some(w) if w.contains('2') || w == "1-1" => true,
        Some(w) if w.contains("1/2") || w == "1-0" || w == "0-1" => false,
        _ => scale == ResultScale::Two,
    };
    let token = |m: ResultMeaning| -> Option<String> {
        Some(
            match (m, two) {
                (ResultMeaning::FirstWins, true) => "2-0",
                (ResultMeaning::SecondWins, true) => "0-2",
                (ResultMeaning::Draw, true) => "1-1",
                (ResultMeaning::FirstWins, false) => "1-0",
                (ResultMeaning::SecondWins, false) => "0-1",
                (ResultMeaning::Draw, false) => "1/2-1/2",
                _ => return None,
            }
            .to_string(),
        )
    };
    let complete = r.plies.iter().map(|p| 1 + p.joined).sum::<u32>() == r.written;
    if complete && let Some(end) = &r.end {
        match end.outcome() {
            Outcome::Win { winner, .. } => {
                return token(if winner == first_mover {
                    ResultMeaning::FirstWins
                } else {
                    ResultMeaning::SecondWins
                });
            }
            Outcome::Draw(_) => return token(ResultMeaning::Draw),
            Outcome::Ongoing => {}
        }
    }
    if rules_only {
        return None;
    }
    let term = tree.terminator.as_ref()?.result();
    token(term.outcome?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 23-28 written for 32-28 (see the module's example), without move numbers after the
    /// first, and a Result tag that says another result.
    const SLIPPED: &str = "[GameType \"20\"]\n[Result \"2-0\"]\n1. 23-28 17-22 2. 28x17 12x21 \
        3. 31-26 7-12 4. 26x17 12x21 5. 36-31 19-23 6. 34-29 23x34 7. 39x30 20-24 8. 30x19 \
        14x23 9. 37-32 21-27 1-1";

    #[test]
    fn a_confirmed_repair_is_written_with_its_mark_and_listed() {
        let raw = RawGame::from_text(SLIPPED);
        let options = ReplayOptions::default();
        let fixed = fix_game("g.pdn", &raw, &options, FixOptions::default());
        assert!(
            fixed
                .text
                .contains("1. 32-28 {pdnkit: written 23-28} 17-22"),
            "{}",
            fixed.text
        );
        assert_eq!(fixed.changes.len(), 1);
        let c = &fixed.changes[0];
        assert_eq!(
            (c.ply, c.written.as_str(), c.fixed.as_str(), c.kind),
            (Some(1), "23-28", "32-28", "digits-swapped")
        );
        // The Result tag still disagrees with the terminator.
        assert_eq!(fixed.status, Verdict::Invalid);
        // Fixed again, nothing changes.
        let again = fix_game(
            "g.pdn",
            &RawGame::from_text(fixed.text.clone()),
            &options,
            FixOptions::default(),
        );
        assert_eq!((again.text, again.changes), (fixed.text, Vec::new()));
    }

    #[test]
    fn the_result_tag_is_set_only_when_asked() {
        let raw = RawGame::from_text(SLIPPED);
        let options = ReplayOptions::default();
        let with = FixOptions {
            results: true,
            gametype: true,
        };
        let fixed = fix_game("g.pdn", &raw, &options, with);
        let kinds: Vec<&str> = fixed.changes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, ["digits-swapped", "result"]);
        let result = &fixed.changes[1];
        // The terminator says a draw, on the scale the game writes.
        assert_eq!(
            (result.written.as_str(), result.fixed.as_str()),
            ("2-0", "1-1")
        );
        assert!(fixed.text.contains("[Result \"1-1\"]"), "{}", fixed.text);
        // Without --variant, a GameType tag of the game's own is left alone.
        assert!(fixed.text.starts_with("[GameType \"20\"]\n"));
        assert_ne!(fixed.status, Verdict::Invalid);
    }
}
