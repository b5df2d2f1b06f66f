//! One archive, one variant. The games of a file without GameType tags are played under one
//! variant, decided from the evidence of the file's games: the rules under which their moves
//! replay, the GameType of the file's other games, the variant its Event and Site tags name.
//! Deciding game by game would give a game without moves whatever a guess makes of no moves,
//! and flip its result when that guess has the other side move first.
//!
//! The caller feeds games ([`VariantEvidence::add`]) and passes the decision to the replay of
//! every game of the file ([`super::ReplayOptions::archive`]); a game whose moves replay only
//! under another variant keeps that one, with a note naming both.

use draughts::{Config, Variant};
use pdn::Game;

use super::choose::{self, Choice};
use super::{Job, ReplayOptions, Source, StartSpec};

/// The variant decided for the games of one archive that have no GameType or Variant tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveVariant {
    /// The variant.
    pub variant: Variant,
    /// Why, in words, for the notes of the games played under it.
    pub evidence: String,
}

/// What the games of an archive say about its variant, gathered game by game.
#[derive(Clone, Debug, Default)]
pub struct VariantEvidence {
    /// Games without a GameType or Variant tag.
    untagged: u32,
    /// Of those, games with moves in the main line.
    with_moves: u32,
    /// Per candidate variant: games whose moves replay under it, and plies played under it.
    tallies: Vec<(Variant, u32, u64)>,
    /// Games per variant named by their own tags.
    tagged: Vec<(Variant, u32)>,
    /// Games per variant named in their Event or Site tag.
    hinted: Vec<(Variant, u32)>,
    /// The candidates of the first untagged game with moves (else of the first untagged game),
    /// most likely first: the order that breaks the last ties.
    order: Option<(bool, Vec<Variant>)>,
}

/// Words in an Event or Site tag that name a variant (lower case; matched inside words).
const NAMES: &[(&str, Variant)] = &[
    ("international", Variant::International),
    ("internazional", Variant::International),
    ("fmjd", Variant::International),
    ("dammen", Variant::International),
    ("brazil", Variant::Brazilian),
    ("brasil", Variant::Brazilian),
    ("canad", Variant::Canadian),
    ("russia", Variant::Russian),
    ("russk", Variant::Russian),
    ("русск", Variant::Russian),
    ("shashki", Variant::Russian),
    ("шашк", Variant::Russian),
    ("frisian", Variant::Frisian),
    ("fries", Variant::Frisian),
    ("checkers", Variant::English),
    ("english", Variant::English),
    ("pool", Variant::Pool),
    ("italia", Variant::Italian),
    ("spain", Variant::Spanish),
    ("españ", Variant::Spanish),
    ("espan", Variant::Spanish),
    ("portug", Variant::Portuguese),
    ("czech", Variant::Czech),
    ("česk", Variant::Czech),
    ("cesk", Variant::Czech),
    ("turk", Variant::Turkish),
    ("türk", Variant::Turkish),
    ("thai", Variant::Thai),
];

impl VariantEvidence {
    /// Games with moves and without tags past which more evidence adds little and costs a
    /// replay per candidate each: callers stop adding such games there ([`Self::is_enough`]).
    pub const ENOUGH: u32 = 256;

    /// True once [`Self::ENOUGH`] games without tags and with moves have been added.
    pub fn is_enough(&self) -> bool {
        self.with_moves >= Self::ENOUGH
    }

    /// The decision for an archive of `games` (all of them, or its first ones): each added
    /// until [`Self::is_enough`], then only those without moves (cheap to add).
    pub fn of_games<'g, 'a: 'g>(
        games: impl IntoIterator<Item = &'g Game<'a>>,
    ) -> Option<ArchiveVariant> {
        let mut evidence = VariantEvidence::default();
        for game in games {
            if evidence.is_enough() && game.mainline_moves().next().is_some() {
                continue;
            }
            evidence.add(game);
        }
        evidence.decide()
    }

    /// Adds one game of the archive.
    pub fn add(&mut self, game: &Game<'_>) {
        let candidates = match choose::choose(game, None) {
            Choice::Known(config, _) => return bump(&mut self.tagged, config.variant),
            Choice::Unknown(_) => return,
            Choice::Guess(candidates) => candidates,
        };
        self.untagged += 1;
        for v in hinted_variants(game) {
            bump(&mut self.hinted, v);
        }
        let has_moves = game.mainline_moves().next().is_some();
        match &self.order {
            Some((true, _)) => {}
            Some((false, _)) if !has_moves => {}
            _ => self.order = Some((has_moves, candidates.clone())),
        }
        if !has_moves {
            return;
        }
        self.with_moves += 1;
        let options = ReplayOptions {
            mainline_only: true,
            ..ReplayOptions::default()
        };
        let job = Job {
            game,
            options: &options,
            start: StartSpec::of(game),
        };
        for v in candidates {
            let r = job.replay_with(Config::standard(v), Source::Guess, true);
            let at = match self.tallies.iter().position(|t| t.0 == v) {
                Some(at) => at,
                None => {
                    self.tallies.push((v, 0, 0));
                    self.tallies.len() - 1
                }
            };
            self.tallies[at].1 += u32::from(r.moves_ok);
            self.tallies[at].2 += r.plies.len() as u64;
        }
    }

    /// True when some game has no GameType or Variant tag: only then is a decision needed.
    pub fn is_needed(&self) -> bool {
        self.untagged > 0
    }

    /// The variant for the archive's untagged games, or `None` when every game was tagged.
    pub fn decide(&self) -> Option<ArchiveVariant> {
        if self.untagged == 0 {
            return None;
        }
        let order: &[Variant] = match &self.order {
            Some((_, order)) => order,
            None => &[Variant::International],
        };
        let rank = |v: Variant| order.iter().position(|&o| o == v).unwrap_or(order.len());
        let count =
            |list: &[(Variant, u32)], v: Variant| list.iter().find(|e| e.0 == v).map_or(0, |e| e.1);
        if self.with_moves > 0 {
            let mut tallies = self.tallies.clone();
            tallies.sort_by_key(|&(v, games, plies)| {
                (
                    std::cmp::Reverse(games),
                    std::cmp::Reverse(count(&self.tagged, v)),
                    std::cmp::Reverse(count(&self.hinted, v)),
                    std::cmp::Reverse(plies),
                    rank(v),
                )
            });
            let (variant, games, plies) = tallies[0];
            let others: Vec<String> = tallies[1..]
                .iter()
                .take(2)
                .map(|&(v, g, p)| format!("{v} {g} ({p} plies)"))
                .collect();
            let also = if others.is_empty() {
                String::new()
            } else {
                format!("; under {}", others.join(", "))
            };
            let tie = match tallies.get(1) {
                Some(&(v, g, _)) if g == games => self.tie_break(variant, v),
                _ => "",
            };
            return Some(ArchiveVariant {
                variant,
                evidence: format!(
                    "the moves of {games} of its {} games with moves replay under it ({plies} \
                     plies){tie}{also}",
                    self.with_moves
                ),
            });
        }
        let pick = |list: &[(Variant, u32)]| {
            list.iter()
                .max_by_key(|&&(v, n)| (n, std::cmp::Reverse(rank(v))))
                .copied()
        };
        let (variant, evidence) = if let Some((v, n)) = pick(&self.tagged) {
            (
                v,
                format!(
                    "no game without a GameType has moves; {n} games of the file are tagged {v}"
                ),
            )
        } else if let Some((v, _)) = pick(&self.hinted) {
            (
                v,
                format!("no game has moves; the Event or Site tags name {v}"),
            )
        } else if self.order.is_some() && order[0] != Variant::International {
            let v = order[0];
            (
                v,
                format!("no game has moves; {v} is the first candidate for the squares of its FEN"),
            )
        } else {
            let v = Variant::International;
            (
                v,
                format!("no game has moves and no tag names the rules; {v}, the default"),
            )
        };
        Some(ArchiveVariant { variant, evidence })
    }

    /// Why `chosen` won over `other`, which replays as many games.
    fn tie_break(&self, chosen: Variant, other: Variant) -> &'static str {
        let count =
            |list: &[(Variant, u32)], v: Variant| list.iter().find(|e| e.0 == v).map_or(0, |e| e.1);
        if count(&self.tagged, chosen) > count(&self.tagged, other) {
            ", and other games of the file are tagged so"
        } else if count(&self.hinted, chosen) > count(&self.hinted, other) {
            ", and the Event or Site tags name it"
        } else {
            ""
        }
    }
}

fn bump(list: &mut Vec<(Variant, u32)>, v: Variant) {
    match list.iter_mut().find(|e| e.0 == v) {
        Some(e) => e.1 += 1,
        None => list.push((v, 1)),
    }
}

/// The variants the game's Event or Site tag names.
fn hinted_variants(game: &Game<'_>) -> Vec<Variant> {
    let text: String = ["Event", "Site"]
        .iter()
        .filter_map(|t| game.tag(t))
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let mut out: Vec<Variant> = Vec::new();
    for &(word, v) in NAMES {
        if text.contains(word) && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}
