//! The games of a run counted as they come, in memory that grows with the distinct games (by
//! group, round, players, result and text), not with the number of games: an archive holding
//! the same event a hundred times keeps each of its games once, with how often it came.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use draughts::Colour;

use super::pairing::{Grouping, Pairing};
use super::{Flagged, Standings};
use crate::players::{Aliases, Players};

/// How many flagged games a [`Standings`] lists; the rest are counted
/// ([`Standings::flagged_total`]). [`Tally::add`] gives every one as it comes.
pub const FLAGGED_KEPT: usize = 1000;

/// One game's facts that a table needs, with how often they came.
#[derive(Clone, Debug)]
pub struct Distinct {
    /// The Round tag.
    pub round: Option<Arc<str>>,
    /// White's and Black's names as written.
    pub sides: [Arc<str>; 2],
    /// The Result tag, else the terminator.
    pub result: Option<Arc<str>>,
    /// The side whose score the result writes first.
    pub first_mover: Colour,
    /// The games with these facts.
    pub count: u64,
    /// The input position of the first of them.
    pub first: u64,
}

impl Distinct {
    /// The scores of White and Black in units and the result's scale, as
    /// [`Pairing::scores`] reads them.
    pub fn scores(&self) -> Option<([u32; 2], draughts::ResultScale)> {
        Pairing::scores_of(self.result.as_deref()?, self.first_mover)
    }
}

/// Round, sides, result, first mover and the text's key.
type DistinctKey = (
    Option<Arc<str>>,
    [Arc<str>; 2],
    Option<Arc<str>>,
    Colour,
    u64,
);

/// The counted games of one key before groups are merged: the same event, site, year (and tag
/// value) for all of them.
#[derive(Debug)]
pub struct Bucket {
    /// The Event tag.
    pub event: Arc<str>,
    /// The Site tag.
    pub site: Arc<str>,
    /// The year of the Date tag.
    pub year: Option<u16>,
    /// The value of the tag `--group` names.
    pub tag: Option<Arc<str>>,
    /// The distinct games, in the order of their first.
    pub games: Vec<Distinct>,
    /// The games counted, repeats included.
    pub total: u64,
    index: HashMap<DistinctKey, usize>,
}

/// The games of a run, counted in input order; [`Tally::standings`] makes the tables.
#[derive(Debug)]
pub struct Tally {
    grouping: Grouping,
    players: Players,
    texts: HashSet<Arc<str>>,
    keys: HashMap<String, usize>,
    buckets: Vec<Bucket>,
    flagged: Vec<Flagged>,
    flagged_total: u64,
    seen: u64,
}

impl Tally {
    /// An empty tally grouping as `grouping` says.
    pub fn new(grouping: Grouping) -> Tally {
        Tally {
            grouping,
            players: Players::default(),
            texts: HashSet::new(),
            keys: HashMap::new(),
            buckets: Vec::new(),
            flagged: Vec::new(),
            flagged_total: 0,
            seen: 0,
        }
    }

    /// Counts the next game in input order; returns why it is flagged when it is.
    pub fn add(&mut self, game: Pairing) -> Option<Flagged> {
        let at = self.seen;
        self.seen += 1;
        self.players
            .add(game.white.as_deref(), game.black.as_deref(), None, None);
        let flag = |reason: String| Flagged {
            file: game.file.to_string(),
            line: game.line,
            game: game.game,
            white: game.white.as_deref().unwrap_or_default().to_string(),
            black: game.black.as_deref().unwrap_or_default().to_string(),
            result: game.result.as_deref().unwrap_or_default().to_string(),
            reason,
        };
        let sides = match (&game.white, &game.black) {
            // Players counted every named side just now: a side it does not know is a
            // placeholder.
            (Some(w), Some(b)) if self.players.knows(w) && self.players.knows(b) => {
                [w.clone(), b.clone()]
            }
            _ => {
                let flagged =
                    flag("a player is not named (placeholder or no tag): left out".into());
                return Some(self.keep(flagged));
            }
        };
        let flagged = match (&game.mismatch, game.scores()) {
            (_, None) => Some(flag("no result: played, not scored".into())),
            (Some(why), Some(_)) => Some(flag(format!(
                "the replay disagrees ({why}): counted as the result is written"
            ))),
            _ => None,
        };
        self.count(&game, sides, at);
        flagged.map(|f| self.keep(f))
    }

    /// The standings of the games counted, the names read through `aliases` and grouped into
    /// people as `pdnkit players` groups them.
    pub fn standings(&self, aliases: Option<&Aliases>) -> Standings {
        let roster = self.players.roster(aliases);
        let mut person: HashMap<&str, Arc<str>> = HashMap::new();
        for p in &roster.people {
            let name: Arc<str> = Arc::from(p.name.as_str());
            for (spelling, _) in &p.spellings {
                person.insert(spelling, Arc::clone(&name));
            }
        }
        // Every counted side is named, so it is somebody in the roster.
        let name_of = |spelling: &Arc<str>| {
            person
                .get(&**spelling)
                .cloned()
                .unwrap_or_else(|| Arc::clone(spelling))
        };
        let tables = super::groups::group(&self.buckets, &self.grouping, &name_of)
            .into_iter()
            .map(|(name, games)| super::Table::new(name, &games))
            .collect();
        Standings {
            tables,
            flagged: self.flagged.clone(),
            flagged_total: self.flagged_total,
        }
    }

    fn keep(&mut self, flagged: Flagged) -> Flagged {
        self.flagged_total += 1;
        if self.flagged.len() < FLAGGED_KEPT {
            self.flagged.push(flagged.clone());
        }
        flagged
    }

    fn count(&mut self, game: &Pairing, sides: [Arc<str>; 2], at: u64) {
        let key = match &self.grouping {
            Grouping::None => String::new(),
            Grouping::Event => game.event.to_string(),
            Grouping::Tag(_) => game.group_tag.as_deref().unwrap_or_default().to_string(),
            Grouping::EventSiteYear => format!(
                "{}\u{1}{}\u{1}{}",
                game.event,
                game.site,
                game.year.map(|y| y.to_string()).unwrap_or_default()
            ),
        };
        let b = match self.keys.get(&key) {
            Some(&b) => b,
            None => {
                let bucket = Bucket {
                    event: self.shared(&game.event),
                    site: self.shared(&game.site),
                    year: game.year,
                    tag: game.group_tag.as_ref().map(|t| self.shared(t)),
                    games: Vec::new(),
                    total: 0,
                    index: HashMap::new(),
                };
                self.buckets.push(bucket);
                self.keys.insert(key, self.buckets.len() - 1);
                self.buckets.len() - 1
            }
        };
        let key: DistinctKey = (
            game.round.as_ref().map(|r| self.shared(r)),
            sides.map(|s| self.shared(&s)),
            game.result.as_ref().map(|r| self.shared(r)),
            game.first_mover,
            game.text,
        );
        let bucket = &mut self.buckets[b];
        bucket.total += 1;
        match bucket.index.get(&key) {
            Some(&i) => bucket.games[i].count += 1,
            None => {
                bucket.index.insert(key.clone(), bucket.games.len());
                let (round, sides, result, first_mover, _) = key;
                bucket.games.push(Distinct {
                    round,
                    sides,
                    result,
                    first_mover,
                    count: 1,
                    first: at,
                });
            }
        }
    }

    fn shared(&mut self, text: &Arc<str>) -> Arc<str> {
        match self.texts.get(text) {
            Some(kept) => Arc::clone(kept),
            None => {
                self.texts.insert(Arc::clone(text));
                Arc::clone(text)
            }
        }
    }

    /// How many distinct games each bucket holds.
    #[cfg(test)]
    pub(super) fn buckets_games(&self) -> Vec<usize> {
        self.buckets.iter().map(|b| b.games.len()).collect()
    }
}
