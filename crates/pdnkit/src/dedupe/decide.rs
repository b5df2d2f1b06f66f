//! Which games are copies of one game, and which copy is kept: the games grouped by their
//! moves, each group split into sets of copies by the evidence, sets that are unfinished copies
//! of a longer game found, and every game's fate decided.

use std::collections::{HashMap, HashSet};

use super::{Difference, Evidence, move_keys, richness, text_key};
use crate::CheckedGame;

/// A game's place in the input: the how-many-th game read (from 0).
pub type Order = usize;

/// What makes two games copies of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// The same moves, the same players (names read alike) and no other year; short games:
    /// the same players, date and round.
    Evidence,
    /// The same moves, whoever played them and whenever.
    Moves,
}

/// How copies are told and which are left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What makes games copies.
    pub by: By,
    /// Games of fewer plies are copies only with the same players, date and round.
    pub min_plies: u32,
    /// An unfinished copy of a longer game is left out (else kept and reported).
    pub prefix: bool,
    /// Fewest moves a game needs to count as an unfinished copy of a longer one.
    pub prefix_min: u32,
}

/// What the first reading keeps of a game: a few numbers, never its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keyed {
    /// The key of its moves (of its text when it has none or could not be read).
    pub key: u64,
    /// Its main line's plies (0 when it was not replayed).
    pub plies: u32,
    /// Its tags and comments ([`richness`]).
    pub richness: u32,
    /// Who played it and when.
    pub evidence: Evidence,
}

impl Keyed {
    /// What `checked` gives.
    pub fn of(checked: &CheckedGame<'_, '_>) -> Keyed {
        Keyed::named(checked, None)
    }

    /// What `checked` gives, its players' names read through `aliases`.
    pub fn named(
        checked: &CheckedGame<'_, '_>,
        aliases: Option<&crate::players::Aliases>,
    ) -> Keyed {
        let keys = move_keys(checked);
        let plies = checked.replayed.map_or(0, |_| keys.len() as u32 - 1);
        // A game without moves says nothing of which game it is: only the same text is a
        // copy of it.
        let key = if plies == 0 {
            text_key(&checked.raw.text)
        } else {
            *keys.last().expect("a key per move and one before")
        };
        Keyed {
            key,
            plies,
            richness: richness(checked) as u32,
            evidence: Evidence::named(checked, aliases),
        }
    }
}

/// The games read once, grouped by their moves, each group split into sets of copies.
pub struct Groups {
    settings: Settings,
    keyed: Vec<Keyed>,
    /// The first game of each key.
    first_of: HashMap<u64, Order>,
    /// The first game of each game's group of the same moves.
    group: Vec<Order>,
    /// The first game of each game's set of copies.
    copies: Vec<Order>,
}

impl Groups {
    /// The games `keyed` (in input order) grouped: within each group of the same moves, a game
    /// joins the first set whose first game it is a copy of.
    pub fn new(keyed: Vec<Keyed>, settings: Settings) -> Groups {
        let mut first_of: HashMap<u64, Order> = HashMap::with_capacity(keyed.len());
        let group: Vec<Order> = (0..keyed.len())
            .map(|i| *first_of.entry(keyed[i].key).or_insert(i))
            .collect();
        let judge = Judge {
            keyed: &keyed,
            settings,
        };
        let copies = judge.copies(&group);
        Groups {
            settings,
            keyed,
            first_of,
            group,
            copies,
        }
    }

    /// How many games were read.
    pub fn len(&self) -> usize {
        self.keyed.len()
    }

    /// Whether no game was read.
    pub fn is_empty(&self) -> bool {
        self.keyed.is_empty()
    }

    /// The keys of the groups long enough to have unfinished copies, for the second reading.
    pub fn prefix_keys(&self) -> PrefixKeys {
        let min = self.settings.prefix_min.max(1);
        PrefixKeys {
            min,
            long_enough: self
                .first_of
                .iter()
                .filter(|&(_, &g)| self.keyed[g].plies >= min)
                .map(|(&k, &g)| (k, g))
                .collect(),
        }
    }

    /// Records that game `order` contains the moves of groups `found`
    /// ([`PrefixKeys::found_in`]), one game of each set of copies.
    pub fn add_containers(&self, containers: &mut Containers, order: Order, found: Vec<Order>) {
        for g in found {
            let list = containers.0.entry(g).or_default();
            if !list.iter().any(|&c| self.copies[c] == self.copies[order]) {
                list.push(order);
            }
        }
    }

    /// Every game's fate, given the games that contain each group's moves.
    pub fn decide(self, containers: &Containers) -> Decisions {
        let judge = Judge {
            keyed: &self.keyed,
            settings: self.settings,
        };
        // Each set of copies that is an unfinished copy: the set of the longer game.
        let mut longer: HashMap<Order, Order> = HashMap::new();
        for (c, &first) in self.copies.iter().enumerate() {
            let list = containers.0.get(&self.group[c]).filter(|_| first == c);
            if let Some(&k) = list.and_then(|l| l.iter().find(|&&k| judge.differs(c, k).is_none()))
            {
                longer.insert(c, self.copies[k]);
            }
        }
        let differences = (0..self.copies.len())
            .filter(|&c| self.copies[c] == c && self.group[c] != c)
            .filter_map(|c| Some((c, judge.differs(c, self.group[c])?)))
            .collect();
        Decisions::new(self, longer, differences)
    }
}

/// The keys of the groups long enough to have unfinished copies.
pub struct PrefixKeys {
    min: u32,
    long_enough: HashMap<u64, Order>,
}

impl PrefixKeys {
    /// Whether no group is long enough: the second reading can be left out.
    pub fn is_empty(&self) -> bool {
        self.long_enough.is_empty()
    }

    /// The groups whose moves are the start of `checked`'s (replayed as main line only).
    pub fn found_in(&self, checked: &CheckedGame<'_, '_>) -> Vec<Order> {
        let keys = move_keys(checked);
        let plies = keys.len().saturating_sub(1);
        (self.min as usize..plies)
            .filter_map(|n| self.long_enough.get(&keys[n]).copied())
            .collect()
    }
}

/// The games whose moves start with those of each group's games, one of each set of copies.
#[derive(Debug, Default)]
pub struct Containers(HashMap<Order, Vec<Order>>);

/// Judges which games with the same moves are copies.
struct Judge<'a> {
    keyed: &'a [Keyed],
    settings: Settings,
}

impl Judge<'_> {
    /// Why game `i` is not a copy of game `other`, whose moves are the same (or, for an
    /// unfinished copy, start with its moves); `None` when it is one.
    fn differs(&self, i: Order, other: Order) -> Option<Difference> {
        let (a, b) = (&self.keyed[i], &self.keyed[other]);
        match self.settings.by {
            By::Moves => None,
            By::Evidence => a
                .evidence
                .differs(&b.evidence, a.plies, self.settings.min_plies),
        }
    }

    /// Each game's set of copies, named by its first game.
    fn copies(&self, group: &[Order]) -> Vec<Order> {
        let mut copies = Vec::with_capacity(group.len());
        // The first games of the sets of each group but the group's own first game.
        let mut more: HashMap<Order, Vec<Order>> = HashMap::new();
        for (i, &g) in group.iter().enumerate() {
            if g == i {
                copies.push(i);
                continue;
            }
            let others = more.get(&g).map_or(&[][..], Vec::as_slice);
            let found = std::iter::once(g)
                .chain(others.iter().copied())
                .find(|&first| self.differs(i, first).is_none());
            match found {
                Some(first) => copies.push(first),
                None => {
                    more.entry(g).or_default().push(i);
                    copies.push(i);
                }
            }
        }
        copies
    }
}

/// What became of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Written: the copy kept of its set.
    Kept,
    /// Left out: a copy of the game kept.
    Same,
    /// An unfinished copy of a longer game: left out with [`Settings::prefix`], else kept.
    Prefix,
    /// Written: its moves are those of another game kept, but the evidence says it is
    /// another game.
    Suspect,
}

impl Fate {
    /// The name the report writes (`kept`, `same`, `prefix`, `suspect`).
    pub fn name(self) -> &'static str {
        match self {
            Fate::Kept => "kept",
            Fate::Same => "same",
            Fate::Prefix => "prefix",
            Fate::Suspect => "suspect",
        }
    }
}

/// How many games met each fate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games left out.
    pub left_out: u64,
    /// Suspects kept.
    pub suspects: u64,
    /// Unfinished copies kept.
    pub unfinished: u64,
    /// Sets of copies of more than one game.
    pub groups: u64,
}

/// Every game's fate after the first two readings.
pub struct Decisions {
    pub(super) settings: Settings,
    pub(super) keyed: Vec<Keyed>,
    /// The first game of each game's group of the same moves.
    pub(super) group: Vec<Order>,
    /// The first game of each game's set of copies.
    pub(super) copies: Vec<Order>,
    /// The set each game is written for: its own, or with --prefix the longest it is an
    /// unfinished copy of.
    merged: Vec<Order>,
    /// Sets of copies that are unfinished copies of a longer game's set.
    longer: HashMap<Order, Order>,
    /// The game written of each merged set.
    kept_of: HashMap<Order, Order>,
    pub(super) members: HashMap<Order, u32>,
    /// The group each game is reported in: that of the longest game it is an unfinished copy
    /// of, else its own.
    pub(super) report_group: Vec<Order>,
    in_report_group: HashMap<Order, u32>,
    /// The plies and richness of the best game of each merged set after the one kept.
    pub(super) runner_up: HashMap<Order, (u32, u32)>,
    /// Why each set of copies that is not its group's first is another game.
    pub(super) differences: HashMap<Order, Difference>,
}

impl Decisions {
    fn new(
        groups: Groups,
        longer: HashMap<Order, Order>,
        differences: HashMap<Order, Difference>,
    ) -> Decisions {
        let Groups {
            settings,
            keyed,
            group,
            copies,
            ..
        } = groups;
        let root = |mut c: Order| {
            while let Some(&l) = longer.get(&c) {
                c = l;
            }
            c
        };
        let merged: Vec<Order> = copies
            .iter()
            .map(|&c| if settings.prefix { root(c) } else { c })
            .collect();
        let (kept_of, members, runner_up) = best_of_sets(&keyed, &merged);
        let report_group: Vec<Order> = copies.iter().map(|&c| group[root(c)]).collect();
        let mut in_report_group: HashMap<Order, u32> = HashMap::new();
        for &g in &report_group {
            *in_report_group.entry(g).or_default() += 1;
        }
        Decisions {
            settings,
            keyed,
            group,
            copies,
            merged,
            longer,
            kept_of,
            members,
            report_group,
            in_report_group,
            runner_up,
            differences,
        }
    }

    /// How many games were read.
    pub fn len(&self) -> usize {
        self.keyed.len()
    }

    /// Whether no game was read.
    pub fn is_empty(&self) -> bool {
        self.keyed.is_empty()
    }

    /// Whether game `i` is written.
    pub fn kept(&self, i: Order) -> bool {
        self.kept_of[&self.merged[i]] == i
    }

    /// Whether game `i` has a row in the report (its group holds more than one game).
    pub fn reported(&self, i: Order) -> bool {
        self.in_report_group[&self.report_group[i]] > 1
    }

    /// The games the report's rows compare others with.
    pub fn referred(&self) -> HashSet<Order> {
        (0..self.len())
            .filter(|&i| self.reported(i))
            .map(|i| self.why(i).1)
            .collect()
    }

    /// The longest set of copies that set `c` is an unfinished copy of (its own when none).
    pub(super) fn root(&self, mut c: Order) -> Order {
        while let Some(&l) = self.longer.get(&c) {
            c = l;
        }
        c
    }

    /// What became of game `i`, and the game the report compares it with.
    pub fn why(&self, i: Order) -> (Fate, Order) {
        let set = self.copies[i];
        let kept = self.kept_of[&self.merged[i]];
        if kept != i {
            let copy = if self.keyed[i].plies < self.keyed[kept].plies {
                Fate::Prefix
            } else {
                Fate::Same
            };
            return (copy, kept);
        }
        if !self.settings.prefix && self.longer.contains_key(&set) {
            let root = self.root(set);
            return (Fate::Prefix, self.kept_of[&self.merged[root]]);
        }
        let root = self.root(set);
        let first = self.group[root];
        if root != first {
            return (Fate::Suspect, self.kept_of[&self.merged[first]]);
        }
        (Fate::Kept, i)
    }

    /// The merged set game `i` is written for.
    pub(super) fn merged(&self, i: Order) -> Order {
        self.merged[i]
    }

    /// How many games met each fate.
    pub fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for i in 0..self.len() {
            match (self.kept(i), self.why(i).0) {
                (false, _) => tally.left_out += 1,
                (true, Fate::Suspect) => tally.suspects += 1,
                (true, Fate::Prefix) => tally.unfinished += 1,
                _ => {}
            }
        }
        tally.groups = self.members.values().filter(|&&m| m > 1).count() as u64;
        tally
    }
}

/// The game kept of each merged set (the longest, then the richest, then the first), how many
/// games each set holds, and the plies and richness of the best game after the one kept.
#[allow(clippy::type_complexity)]
fn best_of_sets(
    keyed: &[Keyed],
    merged: &[Order],
) -> (
    HashMap<Order, Order>,
    HashMap<Order, u32>,
    HashMap<Order, (u32, u32)>,
) {
    let mut kept_of: HashMap<Order, Order> = HashMap::with_capacity(keyed.len());
    let mut members: HashMap<Order, u32> = HashMap::new();
    for (i, &m) in merged.iter().enumerate() {
        *members.entry(m).or_default() += 1;
        let best = kept_of.entry(m).or_insert(i);
        let (a, b) = (&keyed[i], &keyed[*best]);
        if (a.plies, a.richness) > (b.plies, b.richness) {
            *best = i;
        }
    }
    let mut runner_up: HashMap<Order, (u32, u32)> = HashMap::new();
    for (i, &m) in merged.iter().enumerate() {
        if kept_of[&m] != i {
            let here = (keyed[i].plies, keyed[i].richness);
            let best = runner_up.entry(m).or_insert(here);
            *best = (*best).max(here);
        }
    }
    (kept_of, members, runner_up)
}
