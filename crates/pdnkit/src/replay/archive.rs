//! One archive, one variant. The games of a file without GameType tags are played under one
//! variant, decided from the evidence of the file's games: the rules under which their moves
//! replay, the GameType of the file's other games, the variant its Event and Site tags name.
//! Deciding game by game would give a game without moves whatever a guess makes of no moves,
//! and flip its result when that guess has the other side move first.
//!
//! The caller feeds games ([`VariantEvidence::add`]) and passes the decision to the replay of
//! every game of the file ([`super::ReplayOptions::archive`]); a game whose moves replay only
//! under another variant keeps that one, with a note naming both.
//!
//! The same evidence decides the board of a variant played on several (Malaysian 12x12, 10x10
//! or 8x8; Ghanaian light- or dark-cornered) for the games whose GameType does not give it: the
//! board on which the file's games of that variant replay.

use draughts::{Config, Rules, Variant};
use pdn::Game;

use super::choose::{self, Choice};
use super::{Job, ReplayOptions, Source, StartSpec};

/// What was decided for the games of one archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveVariant {
    /// The variant of the games without GameType or Variant tag, and why, in words, for the
    /// notes of the games played under it; `None` when every game read had one.
    pub untagged: Option<(Variant, String)>,
    /// The board of each variant played on several, for its games whose GameType does not
    /// give one.
    pub boards: Vec<ArchiveBoard>,
}

/// The board decided for the games of a variant played on several ([`Variant::boards`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveBoard {
    /// The variant.
    pub variant: Variant,
    /// Its rules on the board decided.
    pub rules: &'static Rules,
    /// Why, in words.
    pub evidence: String,
}

impl ArchiveVariant {
    /// The board decided for `variant`'s games, if any.
    pub fn board(&self, variant: Variant) -> Option<&ArchiveBoard> {
        self.boards.iter().find(|b| b.variant == variant)
    }
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
    /// The variant `--variant` forces on every game, if any.
    forced: Option<Variant>,
    /// Games with moves replayed on each board of their variant.
    board_games: u32,
    /// Per board of a variant played on several, what the games replayed on it show.
    boards: Vec<BoardTally>,
    /// Every game is read, whatever lead a candidate has (for tests that hold the lead to the
    /// whole window's decision).
    no_lead: bool,
}

/// How the games of a variant whose GameType does not give the board replay on one of its
/// boards.
#[derive(Clone, Debug)]
struct BoardTally {
    rules: &'static Rules,
    variant: Variant,
    /// Games with moves replayed.
    games: u32,
    /// Those whose moves replay.
    replayed: u32,
    /// Plies played.
    plies: u64,
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

    /// True once [`Self::ENOUGH`] games with moves have been replayed under several variants or
    /// on several boards.
    pub fn is_enough(&self) -> bool {
        self.with_moves + self.board_games >= Self::ENOUGH
    }

    /// Games whose moves replay under one candidate more than under any other, past which
    /// that candidate is the archive's variant: the games left could only turn the tally with
    /// as many more replaying under another alone, and such games keep their own variant
    /// anyway (`in_archive`). A file's first few games then decide it, not its whole window.
    pub const LEAD: u32 = 8;

    /// True once one candidate leads every other by [`Self::LEAD`] games: further games without
    /// tags add nothing to the decision (callers skip them unread).
    pub fn leads(&self) -> bool {
        if self.no_lead {
            return false;
        }
        let Some(best) = self.tallies.iter().map(|t| t.1).max() else {
            return false;
        };
        let mut leaders = self.tallies.iter().filter(|t| t.1 == best);
        leaders.next().is_some()
            && leaders.next().is_none()
            && self
                .tallies
                .iter()
                .all(|t| t.1 == best || best - t.1 >= Self::LEAD)
    }

    /// The decision for an archive of `games` (all of them, or its first ones): each added
    /// until [`Self::is_enough`], then only those without moves (cheap to add); past a lead
    /// ([`Self::leads`]) a game without tags adds nothing.
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

    /// This evidence, reading every game it is given whatever lead a candidate has.
    pub fn without_lead(self) -> VariantEvidence {
        VariantEvidence {
            no_lead: true,
            ..self
        }
    }

    /// Evidence for an archive whose games are all played under `variant` (`--variant`): only
    /// the board is left to decide, when the variant is played on several.
    pub fn forced(variant: Variant) -> VariantEvidence {
        VariantEvidence {
            forced: Some(variant),
            ..VariantEvidence::default()
        }
    }

    /// Adds a game known by its tag section alone (`head`: a game of its header only), when
    /// its tags say all that [`Self::add`] would take from it: its rules named (on a board
    /// they give) or not understood. False when its moves are needed.
    pub fn add_tags(&mut self, head: &Game<'_>) -> bool {
        match choose::choose(head, self.forced) {
            Choice::Known(config, source) if !choose::board_is_open(head, &config) => {
                if source != Source::Flag {
                    bump(&mut self.tagged, config.variant);
                }
                true
            }
            Choice::Unknown(_) => true,
            _ => false,
        }
    }

    /// Adds one game of the archive.
    pub fn add(&mut self, game: &Game<'_>) {
        match choose::choose(game, self.forced) {
            Choice::Known(config, source) => {
                if choose::board_is_open(game, &config) {
                    self.add_boards(game, config);
                }
                if source != Source::Flag {
                    bump(&mut self.tagged, config.variant);
                }
                return;
            }
            Choice::Unknown(_) => return,
            Choice::Guess if self.leads() => return,
            Choice::Guess => {}
        }
        let start = StartSpec::of(game);
        let candidates = choose::candidates(game, start.tag_fen());
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
            start,
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

    /// Replays `game`, played under `config`'s variant on a board its GameType does not give,
    /// on each board of the variant.
    fn add_boards(&mut self, game: &Game<'_>, config: Config) {
        if game.mainline_moves().next().is_none() {
            return;
        }
        self.board_games += 1;
        let options = ReplayOptions {
            mainline_only: true,
            ..ReplayOptions::default()
        };
        let job = Job {
            game,
            options: &options,
            start: StartSpec::of(game),
        };
        for board in config.variant.boards() {
            let r = job.replay_with(choose::on_board(config, board), Source::Guess, true);
            let at = match self
                .boards
                .iter()
                .position(|b| std::ptr::eq(b.rules, board))
            {
                Some(at) => at,
                None => {
                    self.boards.push(BoardTally {
                        rules: board,
                        variant: config.variant,
                        games: 0,
                        replayed: 0,
                        plies: 0,
                    });
                    self.boards.len() - 1
                }
            };
            let tally = &mut self.boards[at];
            tally.games += 1;
            tally.replayed += u32::from(r.moves_ok);
            tally.plies += r.plies.len() as u64;
        }
    }

    /// True when some game has no GameType or Variant tag, or its board is open: only then is a
    /// decision needed.
    pub fn is_needed(&self) -> bool {
        self.untagged > 0 || !self.boards.is_empty()
    }

    /// What the games added decide: the variant for the archive's untagged games and the board
    /// of variants played on several; `None` when there is nothing to decide.
    pub fn decide(&self) -> Option<ArchiveVariant> {
        let boards = self.decide_boards();
        let untagged = self.decide_untagged();
        (untagged.is_some() || !boards.is_empty()).then_some(ArchiveVariant { untagged, boards })
    }

    /// Per variant with board tallies, the board most of its games replay on (then the most
    /// plies, then the variant's standard board first).
    fn decide_boards(&self) -> Vec<ArchiveBoard> {
        let mut out: Vec<ArchiveBoard> = Vec::new();
        for variant in self.boards.iter().map(|t| t.variant) {
            if out.iter().any(|b| b.variant == variant) {
                continue;
            }
            let rank = |r: &'static Rules| variant.boards().position(|b| std::ptr::eq(b, r));
            let mut tallies: Vec<&BoardTally> = self
                .boards
                .iter()
                .filter(|t| t.variant == variant)
                .collect();
            tallies.sort_by_key(|t| {
                (
                    std::cmp::Reverse(t.replayed),
                    std::cmp::Reverse(t.plies),
                    rank(t.rules),
                )
            });
            let best = tallies[0];
            let others: Vec<String> = tallies[1..]
                .iter()
                .map(|t| {
                    let on = board_words(variant, t.rules);
                    format!("on the {on} {} ({} plies)", t.replayed, t.plies)
                })
                .collect();
            out.push(ArchiveBoard {
                variant,
                rules: best.rules,
                evidence: format!(
                    "the moves of {} of its {} {variant} games with moves replay on it ({} \
                     plies); {}",
                    best.replayed,
                    best.games,
                    best.plies,
                    others.join(", ")
                ),
            });
        }
        out
    }

    /// The variant for the archive's untagged games, or `None` when every game was tagged.
    fn decide_untagged(&self) -> Option<(Variant, String)> {
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
            // Cut short by a lead or by the most games read, the evidence is the file's first
            // games, not all of them.
            let first = if self.leads() || self.is_enough() {
                "first "
            } else {
                ""
            };
            return Some((
                variant,
                format!(
                    "the moves of {games} of its {first}{} games with moves replay under it \
                     ({plies} plies){tie}{also}",
                    self.with_moves
                ),
            ));
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
        Some((variant, evidence))
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

/// A board of `variant` in words: its size, and its corner colour where the variant has
/// another board of that size (`10x10 dark-cornered board`).
pub fn board_words(variant: Variant, board: &Rules) -> String {
    let g = board.geometry;
    let size = |r: &Rules| (r.geometry.width(), r.geometry.height());
    let twin = variant
        .boards()
        .any(|r| !std::ptr::eq(r, board) && size(r) == size(board));
    let corner = match g.squares() {
        draughts::Squares::Dark { bottom_left } if twin => {
            if bottom_left {
                " dark-cornered"
            } else {
                " light-cornered"
            }
        }
        _ => "",
    };
    format!("{}x{}{corner} board", g.width(), g.height())
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
