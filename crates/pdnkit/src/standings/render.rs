//! Standings as text and CSV rows.

use std::collections::BTreeSet;

use super::table::{Played, Table, by_round};
use super::{Flagged, Standings};

/// A player's games in one round, as a cell: `1 w Bruch Elio` (score, colour, opponent).
fn round_cell(games: &[&Played]) -> String {
    let cells: Vec<String> = games
        .iter()
        .map(|p| format!("{} {} {}", p.score_cell(), &p.colour[..1], p.opponent))
        .collect();
    cells.join("; ")
}

/// Every round of every table, in order, once.
fn all_rounds(standings: &Standings) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for t in &standings.tables {
        for r in &t.rounds {
            if seen.insert(r.clone()) {
                out.push(r.clone());
            }
        }
    }
    out
}

/// The standings as CSV rows, header first: group, rank, player, games, wins, draws, losses,
/// points, tiebreak (its name), tiebreak_value, unscored, a column per round (`round 1`...),
/// and with `crosstable` a column per rank (`vs 1`...) in round robins.
pub fn csv_rows(standings: &Standings, crosstable: bool) -> Vec<Vec<String>> {
    let rounds = all_rounds(standings);
    let most = standings
        .tables
        .iter()
        .filter(|t| crosstable && t.crosstable().is_some())
        .map(|t| t.rows.len())
        .max()
        .unwrap_or(0);
    let mut header: Vec<String> = [
        "group",
        "rank",
        "player",
        "games",
        "wins",
        "draws",
        "losses",
        "points",
        "tiebreak",
        "tiebreak_value",
        "unscored",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(rounds.iter().map(|r| format!("round {r}")));
    header.extend((1..=most).map(|i| format!("vs {i}")));
    let mut out = vec![header];
    for t in &standings.tables {
        let cross = if crosstable { t.crosstable() } else { None };
        for (i, row) in t.rows.iter().enumerate() {
            let mut line = vec![
                t.name.clone(),
                row.rank.to_string(),
                row.player.clone(),
                row.games.to_string(),
                row.wins.to_string(),
                row.draws.to_string(),
                row.losses.to_string(),
                row.points.clone(),
                t.tiebreak.to_string(),
                row.tiebreak.clone(),
                row.unscored.to_string(),
            ];
            let played = by_round(row);
            line.extend(rounds.iter().map(|r| {
                played
                    .get(r.as_str())
                    .map(|g| round_cell(g))
                    .unwrap_or_default()
            }));
            let cells = cross.as_ref().map(|c| c[i].clone()).unwrap_or_default();
            line.extend((0..most).map(|j| cells.get(j).cloned().unwrap_or_default()));
            out.push(line);
        }
    }
    out
}

/// The standings as text tables, each with its crosstable when asked and the event is a round
/// robin, then the games flagged.
pub fn text(standings: &Standings, crosstable: bool) -> String {
    let mut out = String::new();
    for t in &standings.tables {
        out.push_str(&table_text(t));
        if crosstable && let Some(text) = crosstable_text(t) {
            out.push('\n');
            out.push_str(&text);
        }
        out.push('\n');
    }
    if !standings.flagged.is_empty() {
        out.push_str("flagged games:\n");
        for f in &standings.flagged {
            out.push_str(&format!("  {}\n", flag_line(f)));
        }
        if let Some(more) = unlisted(standings) {
            out.push_str(&format!("  {more}\n"));
        }
    }
    out
}

/// `and N more flagged games, not listed` when more were flagged than are listed.
pub fn unlisted(standings: &Standings) -> Option<String> {
    let more = standings.flagged_total - standings.flagged.len() as u64;
    (more > 0).then(|| format!("and {more} more flagged games, not listed"))
}

/// A flagged game in one line: `file:line: game N (White - Black, result): reason`.
pub fn flag_line(f: &Flagged) -> String {
    format!(
        "{}:{}: game {} ({} - {}, {}): {}",
        f.file,
        f.line,
        f.game,
        f.white,
        f.black,
        if f.result.is_empty() {
            "no result"
        } else {
            &f.result
        },
        f.reason
    )
}

fn table_text(t: &Table) -> String {
    let width = t.rows.iter().map(|r| r.player.chars().count()).max();
    let width = width.unwrap_or(0).max(6);
    let kind = match t.kind {
        super::Kind::RoundRobin => "round robin",
        super::Kind::Swiss => "Swiss",
    };
    let mut out = format!(
        "{}\n{kind}, points {}, tie-break {}\n",
        t.name, t.scale, t.tiebreak
    );
    out.push_str(&format!(
        "{:>4}  {:<width$}  {:>5}  {:>4}  {:>5}  {:>6}  {:>6}  {:>8}\n",
        "rank", "player", "games", "wins", "draws", "losses", "points", "tiebreak"
    ));
    for r in &t.rows {
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>5}  {:>4}  {:>5}  {:>6}  {:>6}  {:>8}",
            r.rank, r.player, r.games, r.wins, r.draws, r.losses, r.points, r.tiebreak
        ));
        if r.unscored > 0 {
            out.push_str(&format!("  ({} without a result)", r.unscored));
        }
        out.push('\n');
    }
    out
}

/// A round robin's crosstable as text: a line per player by rank, a column per rank.
pub fn crosstable_text(t: &Table) -> Option<String> {
    let cells = t.crosstable()?;
    let width = t.rows.iter().map(|r| r.player.chars().count()).max();
    let width = width.unwrap_or(0).max(6);
    let cell = cells
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(t.rows.len().to_string().len())
        .max(1);
    let mut out = format!("{:>4}  {:<width$}", "", "");
    for i in 1..=t.rows.len() {
        out.push_str(&format!("  {i:>cell$}"));
    }
    out.push_str(&format!("  {:>6}\n", "points"));
    for (i, r) in t.rows.iter().enumerate() {
        out.push_str(&format!("{:>4}  {:<width$}", i + 1, r.player));
        for (j, c) in cells[i].iter().enumerate() {
            let c = if i == j { "x" } else { c.as_str() };
            out.push_str(&format!("  {c:>cell$}"));
        }
        out.push_str(&format!("  {:>6}\n", r.points));
    }
    Some(out)
}
