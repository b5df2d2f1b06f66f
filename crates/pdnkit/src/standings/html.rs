//! Standings as one standalone HTML page, laid out for printing (no script, no network), and
//! the same tables as a part of another page (the standings section of `pdnkit report`).

use super::render::{flag_line, unlisted};
use super::table::{Table, by_round};
use super::{Kind, Standings};

/// The style of the tables, for any page holding them in an element of class `standings`.
pub const STANDINGS_STYLE: &str = ".standings h2{font-size:1.15em;margin-top:2em;\
page-break-after:avoid}.standings p.about{color:#444;margin:.2em 0 .6em}\
.standings table{border-collapse:collapse;margin:.5em 0 1em;page-break-inside:avoid}\
.standings th,.standings td{border:1px solid #999;padding:.2em .45em;text-align:right}\
.standings th{background:#eee}.standings td.name,.standings th.name{text-align:left}\
.standings td.self{background:#ccc}.standings ul.flagged{font-family:monospace;font-size:.9em}";

/// The standalone page's own style, besides [`STANDINGS_STYLE`].
const PAGE_STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#111}\
h1{font-size:1.4em}@media print{body{margin:0}a{color:inherit}}";

/// Text with `&`, `<`, `>` and `"` escaped.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The whole page: [`tables`] under a title.
pub fn html(standings: &Standings, title: &str, crosstable: bool) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{PAGE_STYLE}{STANDINGS_STYLE}</style>\n</head>\n<body>\n\
         <h1>{}</h1>\n<div class=\"standings\">\n{}</div>\n</body>\n</html>\n",
        esc(title),
        esc(title),
        tables(standings, crosstable)
    )
}

/// A section per group (standings, per-round results, the crosstable of a round robin when
/// `crosstable`), then the games flagged: HTML for an element of class `standings`.
pub fn tables(standings: &Standings, crosstable: bool) -> String {
    let mut out = String::new();
    for t in &standings.tables {
        out.push_str(&section(t, crosstable));
    }
    if !standings.flagged.is_empty() {
        out.push_str("<h2>Flagged games</h2>\n<ul class=\"flagged\">\n");
        for f in &standings.flagged {
            out.push_str(&format!("<li>{}</li>\n", esc(&flag_line(f))));
        }
        if let Some(more) = unlisted(standings) {
            out.push_str(&format!("<li>{}</li>\n", esc(&more)));
        }
        out.push_str("</ul>\n");
    }
    out
}

fn section(t: &Table, crosstable: bool) -> String {
    let kind = match t.kind {
        Kind::RoundRobin => "round robin",
        Kind::Swiss => "Swiss",
    };
    let mut out = format!(
        "<h2>{}</h2>\n<p class=\"about\">{kind}; points {}; tie-break {}</p>\n<table>\n\
         <thead><tr><th>rank</th><th class=\"name\">player</th><th>games</th><th>wins</th>\
         <th>draws</th><th>losses</th><th>points</th><th>{}</th>",
        esc(&t.name),
        esc(t.scale),
        esc(t.tiebreak),
        esc(t.tiebreak)
    );
    for r in &t.rounds {
        out.push_str(&format!("<th>R{}</th>", esc(r)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str(&format!(
            "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td>",
            row.rank,
            esc(&row.player),
            row.games,
            row.wins,
            row.draws,
            row.losses,
            esc(&row.points),
            esc(&row.tiebreak)
        ));
        let played = by_round(row);
        for r in &t.rounds {
            let cell: Vec<String> = played
                .get(r.as_str())
                .into_iter()
                .flatten()
                .map(|p| format!("{} {}", p.score_cell(), &p.colour[..1]))
                .collect();
            out.push_str(&format!("<td>{}</td>", esc(&cell.join(" "))));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    if crosstable && let Some(cells) = t.crosstable() {
        out.push_str(&cross(t, &cells));
    }
    out
}

fn cross(t: &Table, cells: &[Vec<String>]) -> String {
    let mut out =
        String::from("<table class=\"cross\">\n<thead><tr><th></th><th class=\"name\">player</th>");
    for i in 1..=t.rows.len() {
        out.push_str(&format!("<th>{i}</th>"));
    }
    out.push_str("<th>points</th></tr></thead>\n<tbody>\n");
    for (i, row) in t.rows.iter().enumerate() {
        out.push_str(&format!(
            "<tr><td>{}</td><td class=\"name\">{}</td>",
            i + 1,
            esc(&row.player)
        ));
        for (j, c) in cells[i].iter().enumerate() {
            if i == j {
                out.push_str("<td class=\"self\"></td>");
            } else {
                out.push_str(&format!("<td>{}</td>", esc(c)));
            }
        }
        out.push_str(&format!("<td>{}</td></tr>\n", esc(&row.points)));
    }
    out.push_str("</tbody>\n</table>\n");
    out
}
