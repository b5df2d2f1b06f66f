//! The readable form of a [`Report`]: aligned tables, one block per group.

use std::fmt::Write as _;

use super::report::{GroupReport, Length, Report};

/// Widest histogram bar, in characters.
const BAR_WIDTH: u64 = 40;

/// The report as text.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for (i, g) in report.groups.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if let (Some(by), Some(value)) = (&report.by, &g.group) {
            let _ = writeln!(out, "== {by}: {value} ==\n");
        }
        group(&mut out, g, report.opening_plies);
    }
    out
}

fn group(out: &mut String, g: &GroupReport, opening_plies: Option<u32>) {
    let s = g.status;
    let _ = writeln!(
        out,
        "games: {} ({} clean, {} with warnings, {} invalid, {} unreadable), {} plies\n",
        g.games, s.clean, s.warnings, s.invalid, s.unreadable, g.plies
    );
    let mut t = Table::new(&["variant", "games", "plies"]);
    for v in &g.variants {
        t.row(vec![
            v.variant.clone(),
            v.games.to_string(),
            v.plies.to_string(),
        ]);
    }
    t.print(out);
    results(out, g);
    if let Some(l) = &g.length {
        length(out, l, g.without_moves);
    }
    if !g.openings.is_empty() {
        let title = match opening_plies {
            Some(n) => format!("opening (first {n} plies)"),
            None => "opening (named)".to_string(),
        };
        let mut t = Table::new(&[
            &title,
            "games",
            "White wins",
            "draws",
            "Black wins",
            "White score %",
        ]);
        for o in &g.openings {
            t.row(vec![
                match &o.name {
                    Some(name) => format!("{}: {name} ({})", o.variant, o.moves),
                    None => format!("{}: {}", o.variant, o.moves),
                },
                o.games.to_string(),
                o.white_wins.to_string(),
                o.draws.to_string(),
                o.black_wins.to_string(),
                opt(o.white_score_pct),
            ]);
        }
        t.print(out);
    }
    if !g.players.is_empty() {
        let mut t = Table::new(&["player", "games", "wins", "draws", "losses", "score %"]);
        for p in &g.players {
            t.row(vec![
                p.player.clone(),
                p.games.to_string(),
                p.wins.to_string(),
                p.draws.to_string(),
                p.losses.to_string(),
                opt(p.score_pct),
            ]);
        }
        t.print(out);
    }
    let left = g.players_left_out;
    if left.placeholder_sides + left.unnamed_sides > 0 {
        out.push_str(&format!(
            "players left out: {} sides named by a placeholder (?, NN, White...), {} without a \
             name tag\n\n",
            left.placeholder_sides, left.unnamed_sides
        ));
    }
    if !g.events.is_empty() {
        let mut t = Table::new(&[
            "event",
            "games",
            "plies",
            "White wins",
            "draws",
            "Black wins",
        ]);
        for e in &g.events {
            t.row(vec![
                e.event.clone(),
                e.games.to_string(),
                e.plies.to_string(),
                e.white_wins.to_string(),
                e.draws.to_string(),
                e.black_wins.to_string(),
            ]);
        }
        t.print(out);
    }
    captures(out, g);
}

fn results(out: &mut String, g: &GroupReport) {
    let r = g.results;
    let mut t = Table::new(&["result", "games", "%"]);
    t.row(vec![
        "White wins".into(),
        r.white_wins.to_string(),
        opt(r.white_wins_pct),
    ]);
    t.row(vec!["draws".into(), r.draws.to_string(), opt(r.draws_pct)]);
    t.row(vec![
        "Black wins".into(),
        r.black_wins.to_string(),
        opt(r.black_wins_pct),
    ]);
    if r.both_lose > 0 {
        t.row(vec![
            "both lose".into(),
            r.both_lose.to_string(),
            String::new(),
        ]);
    }
    t.row(vec![
        "unknown (*, none)".into(),
        r.unknown.to_string(),
        String::new(),
    ]);
    t.print(out);
}

fn length(out: &mut String, l: &Length, without_moves: u64) {
    let _ = writeln!(
        out,
        "game length in plies ({} game{}): min {}, q1 {}, median {}, q3 {}, max {}, mean {:.1}",
        l.games,
        if l.games == 1 { "" } else { "s" },
        l.min,
        l.q1,
        l.median,
        l.q3,
        l.max,
        l.mean
    );
    if without_moves > 0 {
        let _ = writeln!(out, "({without_moves} games without moves not counted)");
    }
    let most = l
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(0)
        .max(1);
    let labels: Vec<String> = l
        .histogram
        .iter()
        .map(|b| {
            if b.from == b.to {
                b.from.to_string()
            } else {
                format!("{}-{}", b.from, b.to)
            }
        })
        .collect();
    let label_width = labels.iter().map(String::len).max().unwrap_or(0);
    let count_width = most.to_string().len();
    for (b, label) in l.histogram.iter().zip(&labels) {
        let bar = "#".repeat((b.games * BAR_WIDTH).div_ceil(most) as usize);
        let line = format!("  {label:>label_width$} {:>count_width$} {bar}", b.games);
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push('\n');
}

fn captures(out: &mut String, g: &GroupReport) {
    let c = &g.captures;
    let per_game = c.per_game.map_or("-".to_string(), |x| format!("{x:.2}"));
    let _ = writeln!(
        out,
        "captures: {} moves ({per_game} per game), {} pieces; {} taking 2 or more ({})",
        c.moves,
        c.pieces,
        c.multi,
        c.multi_pct.map_or("-".to_string(), |p| format!("{p:.1}%"))
    );
    if let Some(l) = &c.largest {
        let _ = writeln!(
            out,
            "largest capture: {} piece{}, {} ({} game {}, ply {})",
            l.pieces,
            if l.pieces == 1 { "" } else { "s" },
            l.text,
            l.file,
            l.game,
            l.ply
        );
    }
    if !c.faults.is_empty() {
        let list: Vec<String> = c
            .faults
            .iter()
            .map(|f| format!("{} {}", f.count, f.code))
            .collect();
        let _ = writeln!(out, "capture faults: {}", list.join(", "));
    }
}

/// A percentage with one decimal, or `-`.
fn opt(x: Option<f64>) -> String {
    x.map_or("-".to_string(), |x| format!("{x:.1}"))
}

/// A table whose first column is left-aligned and the others right-aligned.
struct Table {
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(header: &[&str]) -> Table {
        Table {
            rows: vec![header.iter().map(|h| h.to_string()).collect()],
        }
    }

    fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn print(&self, out: &mut String) {
        let columns = self.rows[0].len();
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                let cells = self.rows.iter().map(|r| r[c].chars().count());
                cells.max().unwrap_or(0)
            })
            .collect();
        for row in &self.rows {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                let pad = " ".repeat(widths[c] - cell.chars().count());
                if c == 0 {
                    line.push_str(cell);
                    line.push_str(&pad);
                } else {
                    line.push_str("  ");
                    line.push_str(&pad);
                    line.push_str(cell);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
}
