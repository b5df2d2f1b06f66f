//! Standings and crosstables from the games of events (`pdnkit standings`).
//!
//! Each game gives a [`Pairing`]: its header facts (event, site, year, round, players, result,
//! whether the replay disagrees with the result), never its moves. Once every game is read,
//! the pairings are grouped into events and each event into a [`Table`].
//!
//! **Groups.** By default a group is the games of one Event, Site and year (of the Date tag).
//! Two such groups are merged when their event names are the same once a trailing qualifier in
//! brackets is taken off and case and accents are folded (`Championship 2015` and
//! `Championship 2015 (men)`), their years are equal or one is missing, and they share players:
//! at least one when their sites are equal (folded alike) or one is missing, at least two and at
//! least half the players of the smaller group when the sites differ (the rounds of one event played in
//! several towns). The round files of one event written two ways become one table, while
//! `(women)` beside `(men)` stays apart, and so does an event of the same name and year
//! elsewhere with other players. `--group none` puts
//! every game in one table, `--group event` groups by the Event tag as written, `--group TAG`
//! by any tag's value.
//!
//! **Players.** The names are grouped into people as `pdnkit players` groups them (and as the
//! alias table says), so a player written two ways in two round files is one row.
//!
//! **Scores.** A result is counted as the Result tag (else the terminator) writes it, the first
//! number being the first mover's score. Points are shown on the scale the event writes: 2-1-0
//! for `2-0`/`1-1`/`0-2`, 1-½-0 for `1-0`/`1/2-1/2`/`0-1` (a game written on the other scale
//! counts as the same win, draw or loss); `0-0` is a loss for both. A game without a result
//! (`*`, none, a token not understood) is not scored and is flagged; a game whose result the
//! replay contradicts (`result-mismatch`) is counted as written and flagged; a game with a
//! placeholder name (`?`, `NN`, `White`) is flagged and left out.
//!
//! **Tie-breaks**, after points: a round robin (every two players met equally often) ranks by
//! Sonneborn-Berger, the sum of the points of the opponents one beat plus half the points of
//! those one drew with: everyone met everyone, so what tells equal scores apart is against
//! whom they were made. Buchholz (the sum of the opponents' points) would say nothing there: in
//! a round robin it is the total of all points less one's own. A Swiss event, where opponents
//! differ, ranks by Buchholz, the strength of the opposition met. Then the number of wins, then
//! the name. Players equal on all three share a rank.

mod groups;
mod html;
mod pairing;
mod render;
mod table;

pub use html::{STANDINGS_STYLE, html, tables as html_tables};
pub use pairing::{Grouping, Pairing, Pairings};
pub use render::{crosstable_text, csv_rows, flag_line, text};
pub use table::{Kind, Played, Row, Table};

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;

use crate::players::{Aliases, Players};

/// A game counted with a reservation, or not counted, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Flagged {
    /// The file, as named.
    pub file: String,
    /// The line of the game's first byte.
    pub line: u32,
    /// The game's number in its file.
    pub game: u64,
    /// White and Black as written.
    pub white: String,
    /// Black as written.
    pub black: String,
    /// The result as written.
    pub result: String,
    /// Why it is flagged, and how it was counted.
    pub reason: String,
}

/// The standings of every group.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// One table per group, in the order of their first game.
    pub tables: Vec<Table>,
    /// The games flagged, in input order.
    pub flagged: Vec<Flagged>,
}

/// The standings of `pairings` (in input order), grouped as `grouping` says, the names read
/// through `aliases` and grouped into people as `pdnkit players` groups them.
pub fn standings(
    pairings: &[Pairing],
    grouping: &Grouping,
    aliases: Option<&Aliases>,
) -> Standings {
    let mut players = Players::default();
    for p in pairings {
        players.add(p.white.as_deref(), p.black.as_deref(), None, None);
    }
    let roster = players.roster(aliases);
    let mut person: HashMap<&str, Arc<str>> = HashMap::new();
    for p in &roster.people {
        let name: Arc<str> = Arc::from(p.name.as_str());
        for (spelling, _) in &p.spellings {
            person.insert(spelling, Arc::clone(&name));
        }
    }
    let name_of = |side: &Option<Arc<str>>| -> Option<Arc<str>> {
        side.as_deref().and_then(|s| person.get(s)).cloned()
    };
    let mut flagged = Vec::new();
    let mut counted = Vec::new();
    for p in pairings {
        let flag = |reason: String| Flagged {
            file: p.file.to_string(),
            line: p.line,
            game: p.game,
            white: p.white.as_deref().unwrap_or_default().to_string(),
            black: p.black.as_deref().unwrap_or_default().to_string(),
            result: p.result.as_deref().unwrap_or_default().to_string(),
            reason,
        };
        let (Some(white), Some(black)) = (name_of(&p.white), name_of(&p.black)) else {
            flagged.push(flag(
                "a player is not named (placeholder or no tag): left out".into(),
            ));
            continue;
        };
        match (&p.mismatch, p.scores()) {
            (_, None) => flagged.push(flag("no result: played, not scored".into())),
            (Some(why), Some(_)) => flagged.push(flag(format!(
                "the replay disagrees ({why}): counted as the result is written"
            ))),
            _ => {}
        }
        counted.push((p, [white, black]));
    }
    let tables = groups::group(&counted, grouping)
        .into_iter()
        .map(|(name, games)| Table::new(name, &games))
        .collect();
    Standings { tables, flagged }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(
        event: &str,
        site: &str,
        year: Option<u16>,
        white: &str,
        black: &str,
        result: &str,
    ) -> Pairing {
        Pairing {
            file: "r.pdn".into(),
            game: 1,
            line: 1,
            event: event.into(),
            site: site.into(),
            year,
            group_tag: None,
            round: None,
            white: Some(white.into()),
            black: Some(black.into()),
            result: Some(result.into()),
            first_mover: draughts::Colour::White,
            mismatch: None,
        }
    }

    #[test]
    fn round_files_written_two_ways_are_one_event() {
        let games = [
            pairing("Ch 2015", "Wrocław", Some(2015), "A, Ann", "B, Bob", "2-0"),
            pairing(
                "Ch 2015 (men)",
                "WROCLAW",
                Some(2015),
                "B, Bob",
                "C, Cid",
                "1-1",
            ),
            pairing("Ch 2015 (men)", "", None, "C, Cid", "A, Ann", "0-2"),
            pairing(
                "Ch 2015 (women)",
                "Wrocław",
                Some(2015),
                "D, Dee",
                "E, Eve",
                "1-1",
            ),
            pairing("Ch 2016", "Wrocław", Some(2016), "A, Ann", "B, Bob", "2-0"),
        ];
        let s = standings(&games, &Grouping::EventSiteYear, None);
        let sizes: Vec<usize> = s.tables.iter().map(|t| t.rows.len()).collect();
        assert_eq!(sizes, [3, 2, 2]);
        let men = &s.tables[0];
        assert_eq!(men.kind, Kind::RoundRobin);
        let ann = men.rows.iter().find(|r| r.player == "A, Ann").unwrap();
        assert_eq!((ann.games, ann.wins, ann.points.as_str()), (2, 2, "4"));
        // One table for all, on request.
        assert_eq!(standings(&games, &Grouping::None, None).tables.len(), 1);
    }
}
