//! One event's table: scores, tie-breaks, ranks, each player's games by round.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use draughts::ResultScale;
use serde::Serialize;

use super::groups::Counted;

/// How an event was played, as its pairings show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Every two players met equally often.
    RoundRobin,
    /// Anything else: opponents differ.
    Swiss,
}

/// One game of a player.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// The Round tag.
    pub round: Option<Arc<str>>,
    /// The opponent's name.
    pub opponent: Arc<str>,
    /// `white` or `black`.
    pub colour: &'static str,
    /// The player's score as the table writes it (`2`, `1`, `½`...), `*` when not scored.
    pub score: &'static str,
    /// The player's score in units (win 2, draw 1, loss 0), when scored.
    #[serde(skip)]
    pub units: Option<u32>,
    /// How many games these are: more than one when the archive holds the game's text more
    /// than once.
    pub count: u64,
}

impl Played {
    /// The score as a cell writes it: `1`, or `1×3` for the same game three times.
    pub fn score_cell(&self) -> String {
        if self.count == 1 {
            self.score.to_string()
        } else {
            format!("{}×{}", self.score, self.count)
        }
    }
}

/// One player's line.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The rank; players equal on points, tie-break and wins share one.
    pub rank: usize,
    /// The player's name.
    pub player: String,
    /// Games scored.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses (`0-0` is a loss for both).
    pub losses: u64,
    /// Points on the event's scale.
    pub points: String,
    /// The tie-break's value.
    pub tiebreak: String,
    /// Games played without a result (not scored).
    pub unscored: u64,
    /// Every game, in input order; copies of one game's text once, with their `count`.
    pub played: Vec<Played>,
    #[serde(skip)]
    units: u64,
    #[serde(skip)]
    tiebreak_units: u64,
}

/// One event's standings.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    /// The group's name.
    pub name: String,
    /// Round robin or Swiss.
    pub kind: Kind,
    /// `2-1-0` or `1-½-0`.
    pub scale: &'static str,
    /// `Sonneborn-Berger` (round robin) or `Buchholz` (Swiss).
    pub tiebreak: &'static str,
    /// The Round tags' values, in order.
    pub rounds: Vec<String>,
    /// The players, by rank.
    pub rows: Vec<Row>,
    #[serde(skip)]
    two_scale: bool,
}

impl Table {
    /// The table of one group's games.
    pub fn new(name: String, games: &[Counted<'_>]) -> Table {
        let two_scale = written_on_two(games);
        let mut index: HashMap<&str, usize> = HashMap::new();
        let mut rows: Vec<Row> = Vec::new();
        let mut meetings: HashMap<(usize, usize), u64> = HashMap::new();
        let mut rounds: BTreeSet<(u64, String)> = BTreeSet::new();
        for (pairing, names) in games {
            let scores = pairing.scores().map(|(s, _)| s);
            let at = [0, 1].map(|side| {
                let next = rows.len();
                let i = *index.entry(&*names[side]).or_insert(next);
                if i == next {
                    rows.push(Row::new(&names[side]));
                }
                i
            });
            *meetings
                .entry((at[0].min(at[1]), at[0].max(at[1])))
                .or_default() += pairing.count;
            if let Some(r) = &pairing.round {
                rounds.insert((round_number(r), r.to_string()));
            }
            for side in [0, 1] {
                let units = scores.map(|s| s[side]);
                let row = &mut rows[at[side]];
                row.count(units, pairing.count);
                row.played.push(Played {
                    round: pairing.round.clone(),
                    opponent: names[1 - side].clone(),
                    colour: if side == 0 { "white" } else { "black" },
                    score: score_text(units, two_scale),
                    units,
                    count: pairing.count,
                });
            }
        }
        let kind = kind(rows.len(), &meetings);
        tiebreaks(&mut rows, kind);
        rank(&mut rows);
        for row in &mut rows {
            row.points = display(row.units, if two_scale { 1 } else { 2 });
            let per_point = match (kind, two_scale) {
                (Kind::RoundRobin, true) => 2,
                (Kind::RoundRobin, false) => 4,
                (Kind::Swiss, true) => 1,
                (Kind::Swiss, false) => 2,
            };
            row.tiebreak = display(row.tiebreak_units, per_point);
        }
        Table {
            name,
            kind,
            scale: if two_scale { "2-1-0" } else { "1-½-0" },
            tiebreak: match kind {
                Kind::RoundRobin => "Sonneborn-Berger",
                Kind::Swiss => "Buchholz",
            },
            rounds: rounds.into_iter().map(|(_, r)| r).collect(),
            rows,
            two_scale,
        }
    }

    /// The crosstable of a round robin, players by rank: for each row, the scores against each
    /// player (several games joined by spaces, `*` unscored, empty against oneself).
    pub fn crosstable(&self) -> Option<Vec<Vec<String>>> {
        if self.kind != Kind::RoundRobin {
            return None;
        }
        let place: HashMap<&str, usize> = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.player.as_str(), i))
            .collect();
        let n = self.rows.len();
        let mut cells = vec![vec![Vec::new(); n]; n];
        for (i, row) in self.rows.iter().enumerate() {
            for p in &row.played {
                if let Some(&j) = place.get(&*p.opponent) {
                    cells[i][j].push(p.score_cell());
                }
            }
        }
        Some(
            cells
                .into_iter()
                .map(|row| row.into_iter().map(|c| c.join(" ")).collect())
                .collect(),
        )
    }

    /// Whether points are written on the 2-1-0 scale.
    pub fn two_scale(&self) -> bool {
        self.two_scale
    }
}

impl Row {
    fn new(player: &str) -> Row {
        Row {
            rank: 0,
            player: player.to_string(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points: String::new(),
            tiebreak: String::new(),
            unscored: 0,
            played: Vec::new(),
            units: 0,
            tiebreak_units: 0,
        }
    }

    fn count(&mut self, units: Option<u32>, count: u64) {
        match units {
            Some(u) => {
                self.games += count;
                self.units += u64::from(u) * count;
                match u {
                    2 => self.wins += count,
                    1 => self.draws += count,
                    _ => self.losses += count,
                }
            }
            None => self.unscored += count,
        }
    }
}

/// The event writes its results on the 2-1-0 scale: more of its games use it than the 1-½-0.
fn written_on_two(games: &[Counted<'_>]) -> bool {
    let (mut one, mut two) = (0, 0);
    for (p, _) in games {
        match p.scores().map(|(_, scale)| scale) {
            Some(ResultScale::One) => one += p.count,
            Some(ResultScale::Two) => two += p.count,
            _ => {}
        }
    }
    two > one
}

/// A round robin when every two of the players met, all equally often.
fn kind(players: usize, meetings: &HashMap<(usize, usize), u64>) -> Kind {
    let pairs = players * players.saturating_sub(1) / 2;
    let counts: BTreeSet<u64> = meetings
        .iter()
        .filter(|((a, b), _)| a != b)
        .map(|(_, n)| *n)
        .collect();
    if players >= 2 && meetings.len() == pairs && counts.len() == 1 {
        Kind::RoundRobin
    } else {
        Kind::Swiss
    }
}

/// Sonneborn-Berger (in units squared) or Buchholz (in units), per scored game.
fn tiebreaks(rows: &mut [Row], kind: Kind) {
    let points: HashMap<String, u64> = rows.iter().map(|r| (r.player.clone(), r.units)).collect();
    for row in rows.iter_mut() {
        row.tiebreak_units = row
            .played
            .iter()
            .filter_map(|p| {
                let mine = u64::from(p.units?);
                let theirs = points.get(&*p.opponent).copied().unwrap_or(0);
                Some(
                    p.count
                        * match kind {
                            Kind::RoundRobin => theirs * mine,
                            Kind::Swiss => theirs,
                        },
                )
            })
            .sum();
    }
}

/// Sorts by points, tie-break, wins, then name, and numbers the ranks (equals share one).
fn rank(rows: &mut [Row]) {
    let key = |r: &Row| (r.units, r.tiebreak_units, r.wins);
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then_with(|| a.player.cmp(&b.player)));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].rank
        } else {
            i + 1
        };
    }
}

/// `value / per_point` as a decimal without trailing zeros (`4.5`, `12`, `30.25`).
fn display(value: u64, per_point: u64) -> String {
    let whole = value / per_point;
    let rest = value % per_point;
    if rest == 0 {
        return whole.to_string();
    }
    let fraction = format!("{:.2}", rest as f64 / per_point as f64);
    let fraction = fraction.trim_start_matches('0').trim_end_matches('0');
    format!("{whole}{fraction}")
}

/// A player's score in one game as the table writes it.
fn score_text(units: Option<u32>, two_scale: bool) -> &'static str {
    match (units, two_scale) {
        (None, _) => "*",
        (Some(2), true) => "2",
        (Some(1), true) => "1",
        (Some(2), false) => "1",
        (Some(1), false) => "½",
        (Some(_), _) => "0",
    }
}

/// The leading number of a round's name, for ordering (`10` after `9`; `2.1` after `2`).
fn round_number(round: &str) -> u64 {
    let digits: String = round.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(u64::MAX)
}

/// The games of each round a player played, for the per-round columns.
pub fn by_round(row: &Row) -> BTreeMap<&str, Vec<&Played>> {
    let mut out: BTreeMap<&str, Vec<&Played>> = BTreeMap::new();
    for p in &row.played {
        if let Some(r) = &p.round {
            out.entry(&**r).or_default().push(p);
        }
    }
    out
}
