//! The players of an archive: every person with games, the first and last date, the events,
//! and the spellings that are that person (`pdnkit players`).
//!
//! Games are tallied per spelling as they come ([`Players`], one per worker, merged), so
//! memory grows with the distinct names, not with the games. Once every game is read the
//! spellings are grouped into people ([`Players::roster`], the rules in [`identity`]'s
//! documentation); names that name nobody (`White`, `?`, `NN`, empty) are counted apart as
//! placeholders, and sides without a name tag as missing, never ranked as a player.
//!
//! ```
//! use pdnkit::players::Players;
//!
//! let mut players = Players::default();
//! players.add(Some("Nowicki, Piotr"), Some("Kowalski, J."), Some("2015.05.02"), Some("PL ch"));
//! players.add(Some("NOWICKI P."), Some("White"), Some("2016.01.10"), Some("Open"));
//! let roster = players.roster(None);
//! let nowicki = &roster.people[0];
//! assert_eq!(nowicki.name, "Nowicki, Piotr");
//! assert_eq!(nowicki.games, 2);
//! assert_eq!(nowicki.spellings.len(), 2);
//! assert_eq!(nowicki.last_date.unwrap().pdn(), "2016.01.10");
//! assert_eq!(roster.placeholders, [("White".to_string(), 1)]);
//! ```

pub mod aliases;
pub mod identity;

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

pub use aliases::{Aliases, SPELLING_SEPARATOR};
pub use identity::people_of;

use crate::CheckedGame;
use crate::filter::PartialDate;

/// What one spelling was seen with.
#[derive(Clone, Debug, Default)]
struct Tally {
    games: u64,
    first: Option<PartialDate>,
    last: Option<PartialDate>,
    events: BTreeSet<String>,
}

impl Tally {
    fn add_date(&mut self, date: Option<PartialDate>) {
        let Some(d) = date else { return };
        if self.first.is_none_or(|f| d.sort_key() < f.sort_key()) {
            self.first = Some(d);
        }
        if self.last.is_none_or(|l| d.sort_key() > l.sort_key()) {
            self.last = Some(d);
        }
    }

    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.add_date(other.first);
        self.add_date(other.last);
        self.events.extend(other.events);
    }
}

/// The players' games tallied by spelling, as a run reads them.
#[derive(Clone, Debug, Default)]
pub struct Players {
    spellings: HashMap<String, Tally>,
    placeholders: HashMap<String, u64>,
    missing: u64,
}

impl Players {
    /// Counts a game's two sides: their names as the tags write them (`None`: no tag), the
    /// Date and Event tags.
    pub fn add(
        &mut self,
        white: Option<&str>,
        black: Option<&str>,
        date: Option<&str>,
        event: Option<&str>,
    ) {
        let date = date.and_then(PartialDate::parse_tag);
        let event = event.map(str::trim).filter(|e| !e.is_empty() && *e != "?");
        for name in [white, black] {
            let Some(name) = name.map(str::trim) else {
                self.missing += 1;
                continue;
            };
            let known = self.spellings.contains_key(name);
            if !known && crate::names::PlayerName::parse(name).is_unknown() {
                *self.placeholders.entry(name.to_string()).or_default() += 1;
                continue;
            }
            let tally = self.spellings.entry(name.to_string()).or_default();
            tally.games += 1;
            tally.add_date(date);
            if let Some(e) = event
                && !tally.events.contains(e)
            {
                tally.events.insert(e.to_string());
            }
        }
    }

    /// Counts a checked game (an unreadable one by the tags the reader still found).
    pub fn add_game(&mut self, game: &CheckedGame<'_, '_>) {
        self.add(
            game.tag("White"),
            game.tag("Black"),
            game.tag("Date"),
            game.tag("Event"),
        );
    }

    /// Whether `name` (trimmed) was counted as a person's spelling: added, and not a
    /// placeholder.
    pub fn knows(&self, name: &str) -> bool {
        self.spellings.contains_key(name.trim())
    }

    /// Adds another worker's tallies.
    pub fn merge(&mut self, other: Players) {
        for (name, tally) in other.spellings {
            self.spellings.entry(name).or_default().merge(tally);
        }
        for (name, n) in other.placeholders {
            *self.placeholders.entry(name).or_default() += n;
        }
        self.missing += other.missing;
    }

    /// The spellings grouped into people, most games first.
    pub fn roster(&self, aliases: Option<&Aliases>) -> Roster {
        let mut spellings: Vec<(&String, &Tally)> = self.spellings.iter().collect();
        spellings.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
        let texts: Vec<&str> = spellings.iter().map(|(s, _)| s.as_str()).collect();
        let ids = people_of(&texts, aliases);
        let mut grouped: Vec<(Tally, Vec<(String, u64)>)> = Vec::new();
        for ((spelling, tally), id) in spellings.into_iter().zip(ids) {
            let Some(id) = id else { continue };
            if id == grouped.len() {
                grouped.push((Tally::default(), Vec::new()));
            }
            grouped[id].0.merge(tally.clone());
            grouped[id].1.push((spelling.clone(), tally.games));
        }
        let mut people: Vec<Person> = grouped
            .into_iter()
            .map(|(tally, spellings)| Person::new(tally, spellings, aliases))
            .collect();
        people.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.name.cmp(&b.name)));
        let mut placeholders: Vec<(String, u64)> = self
            .placeholders
            .iter()
            .map(|(name, n)| (name.clone(), *n))
            .collect();
        placeholders.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        Roster {
            people,
            placeholders,
            missing: self.missing,
        }
    }
}

/// One person: the name used, the games, the dates and events, every spelling seen.
#[derive(Clone, Debug, Serialize)]
pub struct Person {
    /// The name the alias table gives, else the spelling with the most games.
    pub name: String,
    /// Games played, on either side.
    pub games: u64,
    /// Each spelling and its games, most first.
    pub spellings: Vec<(String, u64)>,
    /// The earliest date of a game (by the Date tags that can be read).
    #[serde(serialize_with = "date")]
    pub first_date: Option<PartialDate>,
    /// The latest date of a game.
    #[serde(serialize_with = "date")]
    pub last_date: Option<PartialDate>,
    /// The events played, in order of their names.
    pub events: Vec<String>,
}

impl Person {
    fn new(tally: Tally, spellings: Vec<(String, u64)>, aliases: Option<&Aliases>) -> Person {
        let listed = aliases.and_then(|a| {
            spellings
                .iter()
                .find_map(|(s, _)| a.name_of(s).map(str::to_string))
        });
        // The usual spelling with a first name in full, else the usual one.
        let usual = spellings
            .iter()
            .min_by_key(|(s, n)| {
                let full = !crate::names::PlayerName::parse(s).first_name().is_empty();
                (std::cmp::Reverse(full), std::cmp::Reverse(*n))
            })
            .map(|(s, _)| s.clone());
        let name = listed.or(usual).unwrap_or_default();
        Person {
            name,
            games: tally.games,
            spellings,
            first_date: tally.first,
            last_date: tally.last,
            events: tally.events.into_iter().collect(),
        }
    }

    /// The spellings as the alias table's `spellings` column writes them.
    pub fn spellings_column(&self) -> String {
        let names: Vec<&str> = self.spellings.iter().map(|(s, _)| s.as_str()).collect();
        names.join(SPELLING_SEPARATOR)
    }
}

fn date<S: serde::Serializer>(d: &Option<PartialDate>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => s.serialize_str(&d.pdn()),
        None => s.serialize_none(),
    }
}

/// The people of a run, and the sides that name nobody.
#[derive(Clone, Debug, Serialize)]
pub struct Roster {
    /// The people, most games first.
    pub people: Vec<Person>,
    /// Placeholder names (`White`, `?`, `NN`, empty) and the sides they stand on.
    pub placeholders: Vec<(String, u64)>,
    /// Sides without a White or Black tag.
    pub missing: u64,
}

impl Roster {
    /// The people as the CSV rows `players --format csv` writes, header first: the table
    /// [`Aliases::from_csv`] reads back.
    pub fn csv_rows(&self) -> Vec<Vec<String>> {
        let header = [
            "name",
            "games",
            "spellings",
            "first_date",
            "last_date",
            "events",
            "event_names",
        ];
        let mut rows = vec![header.iter().map(|h| h.to_string()).collect()];
        for p in &self.people {
            rows.push(vec![
                p.name.clone(),
                p.games.to_string(),
                p.spellings_column(),
                p.first_date.map(|d| d.pdn()).unwrap_or_default(),
                p.last_date.map(|d| d.pdn()).unwrap_or_default(),
                p.events.len().to_string(),
                p.events.join(SPELLING_SEPARATOR),
            ]);
        }
        rows
    }

    /// The sides left out of the people, in words: `3 sides named by a placeholder (White 2,
    /// ? 1), 1 without a name tag`.
    pub fn left_out(&self) -> String {
        let sides: u64 = self.placeholders.iter().map(|(_, n)| n).sum();
        let named: Vec<String> = self
            .placeholders
            .iter()
            .map(|(name, n)| format!("{} {n}", if name.is_empty() { "\"\"" } else { name }))
            .collect();
        let mut out = format!("{sides} sides named by a placeholder");
        if !named.is_empty() {
            out.push_str(&format!(" ({})", named.join(", ")));
        }
        out.push_str(&format!(", {} without a name tag", self.missing));
        out
    }

    /// The people as a text table: name, games, dates, events, spellings.
    pub fn text(&self) -> String {
        let width = self.people.iter().map(|p| p.name.chars().count()).max();
        let width = width.unwrap_or(0).max(6);
        let mut out = format!(
            "{:<width$}  {:>5}  {:<10}  {:<10}  {:>6}  spellings\n",
            "player", "games", "first", "last", "events"
        );
        for p in &self.people {
            let date = |d: Option<PartialDate>| d.map(|d| d.pdn()).unwrap_or_default();
            let spellings: Vec<String> = p
                .spellings
                .iter()
                .map(|(s, n)| format!("{s} ({n})"))
                .collect();
            out.push_str(&format!(
                "{:<width$}  {:>5}  {:<10}  {:<10}  {:>6}  {}\n",
                p.name,
                p.games,
                date(p.first_date),
                date(p.last_date),
                p.events.len(),
                spellings.join(SPELLING_SEPARATOR)
            ));
        }
        out.push_str(&format!("left out: {}\n", self.left_out()));
        out
    }
}
