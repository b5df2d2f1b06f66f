//! The tidy (long) CSV form of a [`Report`]: one observation per row, with the columns
//! `group, section, key, metric, value`. Sections: `overview`, `variants`, `results`,
//! `length`, `length_histogram`, `openings`, `players`, `events`, `captures`,
//! `capture_faults`. `key` names the row's entity (a variant, a player, a bin...) and is
//! empty for a group-wide figure; a percentage of nothing is an empty value.

use super::report::{GroupReport, Report};

/// The header row.
pub const HEADER: [&str; 5] = ["group", "section", "key", "metric", "value"];

/// One row.
pub type Row = [String; 5];

/// The rows of `report`, header first.
pub fn rows(report: &Report) -> Vec<Row> {
    let mut out = vec![HEADER.map(str::to_string)];
    for g in &report.groups {
        let mut rows = Rows {
            group: g.group.clone().unwrap_or_default(),
            out: &mut out,
        };
        group(&mut rows, g);
    }
    out
}

struct Rows<'o> {
    group: String,
    out: &'o mut Vec<Row>,
}

impl Rows<'_> {
    fn push(&mut self, section: &str, key: &str, metric: &str, value: impl ToString) {
        self.out.push([
            self.group.clone(),
            section.to_string(),
            key.to_string(),
            metric.to_string(),
            value.to_string(),
        ]);
    }

    fn opt(&mut self, section: &str, key: &str, metric: &str, value: Option<f64>) {
        let v = value.map_or(String::new(), |x| x.to_string());
        self.push(section, key, metric, v);
    }
}

fn group(r: &mut Rows<'_>, g: &GroupReport) {
    let s = g.status;
    for (metric, v) in [
        ("games", g.games),
        ("plies", g.plies),
        ("clean", s.clean),
        ("warnings", s.warnings),
        ("invalid", s.invalid),
        ("unreadable", s.unreadable),
    ] {
        r.push("overview", "", metric, v);
    }
    for v in &g.variants {
        r.push("variants", &v.variant, "games", v.games);
        r.push("variants", &v.variant, "plies", v.plies);
    }
    let res = g.results;
    for (metric, v) in [
        ("white_wins", res.white_wins),
        ("draws", res.draws),
        ("black_wins", res.black_wins),
        ("both_lose", res.both_lose),
        ("unknown", res.unknown),
    ] {
        r.push("results", "", metric, v);
    }
    r.opt("results", "", "white_wins_pct", res.white_wins_pct);
    r.opt("results", "", "draws_pct", res.draws_pct);
    r.opt("results", "", "black_wins_pct", res.black_wins_pct);
    length(r, g);
    rankings(r, g);
    captures(r, g);
}

fn length(r: &mut Rows<'_>, g: &GroupReport) {
    r.push("length", "", "without_moves", g.without_moves);
    let Some(l) = &g.length else { return };
    r.push("length", "", "games", l.games);
    for (metric, v) in [
        ("min", l.min),
        ("q1", l.q1),
        ("median", l.median),
        ("q3", l.q3),
        ("max", l.max),
    ] {
        r.push("length", "", metric, v);
    }
    r.push("length", "", "mean", l.mean);
    for b in &l.histogram {
        r.push(
            "length_histogram",
            &format!("{}-{}", b.from, b.to),
            "games",
            b.games,
        );
    }
}

fn rankings(r: &mut Rows<'_>, g: &GroupReport) {
    for o in &g.openings {
        let key = match &o.name {
            Some(name) => format!("{}: {name}", o.variant),
            None => format!("{}: {}", o.variant, o.moves),
        };
        r.push("openings", &key, "games", o.games);
        r.push("openings", &key, "white_wins", o.white_wins);
        r.push("openings", &key, "draws", o.draws);
        r.push("openings", &key, "black_wins", o.black_wins);
        r.opt("openings", &key, "white_score_pct", o.white_score_pct);
    }
    for p in &g.players {
        r.push("players", &p.player, "games", p.games);
        r.push("players", &p.player, "wins", p.wins);
        r.push("players", &p.player, "draws", p.draws);
        r.push("players", &p.player, "losses", p.losses);
        r.opt("players", &p.player, "score_pct", p.score_pct);
    }
    let left = g.players_left_out;
    if left.placeholder_sides + left.unnamed_sides > 0 {
        r.push(
            "players_left_out",
            "placeholder",
            "sides",
            left.placeholder_sides,
        );
        r.push(
            "players_left_out",
            "no_name_tag",
            "sides",
            left.unnamed_sides,
        );
    }
    for e in &g.events {
        r.push("events", &e.event, "games", e.games);
        r.push("events", &e.event, "plies", e.plies);
        r.push("events", &e.event, "white_wins", e.white_wins);
        r.push("events", &e.event, "draws", e.draws);
        r.push("events", &e.event, "black_wins", e.black_wins);
    }
}

fn captures(r: &mut Rows<'_>, g: &GroupReport) {
    let c = &g.captures;
    r.push("captures", "", "moves", c.moves);
    r.opt("captures", "", "per_game", c.per_game);
    r.push("captures", "", "pieces", c.pieces);
    r.push("captures", "", "multi", c.multi);
    r.opt("captures", "", "multi_pct", c.multi_pct);
    if let Some(l) = &c.largest {
        r.push("captures", "largest", "pieces", l.pieces);
        r.push("captures", "largest", "file", &l.file);
        r.push("captures", "largest", "game", l.game);
        r.push("captures", "largest", "ply", l.ply);
        r.push("captures", "largest", "move", &l.text);
    }
    for f in &c.faults {
        r.push("capture_faults", &f.code, "count", f.count);
    }
}
