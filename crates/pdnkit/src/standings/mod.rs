//! Standings and crosstables from the games of events (`pdnkit standings`).
//!
//! Each game gives a [`Pairing`]: its header facts (event, site, year, round, players, result,
//! whether the replay disagrees with the result), never its moves. A [`Tally`] counts them as
//! they come, each distinct game once with how often it came, and flags games as it goes; once
//! every game is read, the tally is grouped into events and each event into a [`Table`]. Its
//! memory follows the distinct games (copies of one game's text are one), not their number.
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
mod tally;

pub use html::{STANDINGS_STYLE, html, tables as html_tables};
pub use pairing::{Grouping, Pairing};
pub use render::{crosstable_text, csv_rows, flag_line, text};
pub use table::{Kind, Played, Row, Table};
pub use tally::{FLAGGED_KEPT, Tally};

use serde::Serialize;

use crate::players::Aliases;

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
    /// The first [`FLAGGED_KEPT`] games flagged, in input order.
    pub flagged: Vec<Flagged>,
    /// How many games were flagged, listed or not.
    pub flagged_total: u64,
}

/// The standings of `pairings` (in input order), grouped as `grouping` says, the names read
/// through `aliases` and grouped into people as `pdnkit players` groups them: a [`Tally`] of
/// them all.
pub fn standings(
    pairings: impl IntoIterator<Item = Pairing>,
    grouping: &Grouping,
    aliases: Option<&Aliases>,
) -> Standings {
    let mut tally = Tally::new(grouping.clone());
    for p in pairings {
        tally.add(p);
    }
    tally.standings(aliases)
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
            text: crate::dedupe::text_key(&format!("{event} {white} {black} {result}")),
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
        let s = standings(games.clone(), &Grouping::EventSiteYear, None);
        let sizes: Vec<usize> = s.tables.iter().map(|t| t.rows.len()).collect();
        assert_eq!(sizes, [3, 2, 2]);
        let men = &s.tables[0];
        assert_eq!(men.kind, Kind::RoundRobin);
        let ann = men.rows.iter().find(|r| r.player == "A, Ann").unwrap();
        assert_eq!((ann.games, ann.wins, ann.points.as_str()), (2, 2, "4"));
        // One table for all, on request.
        assert_eq!(standings(games, &Grouping::None, None).tables.len(), 1);
    }

    /// A, Ann's row of the first table.
    fn ann_of(s: &Standings) -> &Row {
        s.tables[0]
            .rows
            .iter()
            .find(|r| r.player == "A, Ann")
            .unwrap()
    }

    #[test]
    fn copies_of_a_game_are_counted_each_time_and_listed_once() {
        let round = |n: &str, white: &str, black: &str, result: &str| Pairing {
            round: Some(n.into()),
            ..pairing("Ch", "Ede", Some(2020), white, black, result)
        };
        let games = [
            round("1", "A, Ann", "B, Bob", "2-0"),
            round("1", "C, Cid", "D, Dee", "1-1"),
            round("2", "B, Bob", "C, Cid", "0-2"),
        ];
        let mut tally = Tally::new(Grouping::EventSiteYear);
        // The same round files read three times, as an archive built by concatenation holds them.
        for _ in 0..3 {
            for g in &games {
                assert!(tally.add(g.clone()).is_none());
            }
        }
        assert_eq!(tally.buckets_games(), [3]);
        let s = tally.standings(None);
        let [table] = s.tables.as_slice() else {
            panic!("one table: {:?}", s.tables)
        };
        let ann = table.rows.iter().find(|r| r.player == "A, Ann").unwrap();
        assert_eq!((ann.games, ann.wins, ann.points.as_str()), (3, 3, "6"));
        assert_eq!(ann.played.len(), 1);
        assert_eq!(ann.played[0].count, 3);
        let cid = table.rows.iter().find(|r| r.player == "C, Cid").unwrap();
        assert_eq!((cid.games, cid.wins, cid.draws), (6, 3, 3));
        let csv = csv_rows(&s, false);
        let cid_line = csv.iter().find(|l| l[2] == "C, Cid").unwrap();
        assert_eq!(cid_line[11..13], ["1×3 w D, Dee", "2×3 b B, Bob"]);
        // Two different games with the same round, players and result stay two entries.
        let mut other = round("1", "A, Ann", "B, Bob", "2-0");
        other.text ^= 1;
        let s = standings(
            [round("1", "A, Ann", "B, Bob", "2-0"), other],
            &Grouping::None,
            None,
        );
        let ann = ann_of(&s);
        assert_eq!(
            ann.played.iter().map(|p| p.count).collect::<Vec<_>>(),
            [1, 1]
        );
    }

    #[test]
    fn flagged_games_beyond_those_listed_are_counted() {
        let mut tally = Tally::new(Grouping::None);
        let extra = 5;
        for n in 0..FLAGGED_KEPT + extra {
            let mut game = pairing("Ch", "Ede", None, "A, Ann", "B, Bob", "*");
            game.game = n as u64 + 1;
            let flagged = tally.add(game).expect("a game without a result is flagged");
            assert_eq!(flagged.game, n as u64 + 1);
        }
        let s = tally.standings(None);
        assert_eq!(s.flagged.len(), FLAGGED_KEPT);
        assert_eq!(s.flagged_total, (FLAGGED_KEPT + extra) as u64);
        assert!(text(&s, false).contains("and 5 more flagged games, not listed"));
        let ann = ann_of(&s);
        assert_eq!(
            (ann.games, ann.unscored),
            (0, (FLAGGED_KEPT + extra) as u64)
        );
    }
}
