//! The page: HTML for what reads without a script (the counts, the charts, the table of
//! findings), and the data the script reads to draw boards and step through games, as JSON
//! inside the page. The style and the script are `page.css` and `page.js`, inlined.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::{self, Write};

use draughts::{Colour, Notation, NotationKind, Role};
use serde::Serialize;

use super::viewer::ViewerPly;
use super::{Board, Report, charts, escape};
use crate::diagram::{self, Layout, Paint, Theme};

const STYLE: &str = include_str!("page.css");
/// Most inputs named in the page's header before the list is folded.
const MAX_INPUTS_SHOWN: usize = 4;
const SCRIPT: &str = include_str!("page.js");

/// Everything the script reads.
#[derive(Serialize)]
struct Data<'a> {
    boards: Vec<BoardData>,
    games: Vec<GameData<'a>>,
    findings: Vec<FindingData<'a>>,
    style: Style,
}

/// How the script draws what the board markup does not hold.
#[derive(Serialize)]
struct Style {
    /// The arrow heads' ids, by use: the move written, the move required.
    written: String,
    required: String,
    written_colour: String,
    required_colour: String,
    arrow_width: f64,
    /// How far an arrow's line stops before its last centre.
    arrow_back: f64,
    last_move_tint: &'static str,
    /// The side of a square.
    square: f64,
    /// The id of each piece's definition, by the character the positions use for it.
    pieces: BTreeMap<char, &'static str>,
    /// The id of the captured-piece marker.
    marker: &'static str,
}

/// One board of the viewer: the picture without pieces, flipped and not, and where each
/// square's centre is.
#[derive(Serialize)]
struct BoardData {
    width: f64,
    height: f64,
    /// The centre of each square, unflipped (flipped, the picture turns about its centre).
    centres: Vec<[f64; 2]>,
    /// Square names, by square index.
    names: Vec<String>,
    /// Square indices in the order a FEN lists them.
    order: Vec<u8>,
    /// Names are numbers (runs of men are written as ranges in a FEN).
    numeric: bool,
    /// The frame and squares, unflipped and flipped.
    board: [String; 2],
    /// Square names drawn over the pieces, unflipped and flipped (empty for algebraic boards,
    /// whose coordinates are in the frame).
    labels: [String; 2],
}

#[derive(Serialize)]
struct GameData<'a> {
    file: &'a str,
    game: u64,
    title: String,
    variant: &'a str,
    board: usize,
    start: &'a str,
    plies: &'a [ViewerPly],
    /// Its findings, as indices into the findings.
    findings: Vec<usize>,
}

#[derive(Serialize)]
struct FindingData<'a> {
    /// Its game among the viewer's games.
    game: Option<usize>,
    /// `file:line:column`.
    place: String,
    severity: &'static str,
    code: &'static str,
    message: &'a str,
    /// `ply 12: 28-22`, when it is about a move.
    about: Option<String>,
    /// Its move as written, when it is about one.
    text: Option<&'a str>,
    excerpt: &'a str,
    caret: (usize, usize),
    board: Option<&'a Board>,
}

/// Writes `report`'s page to `out`.
pub fn write(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut html = String::with_capacity(1 << 16);
    head(&mut html, report);
    summary(&mut html, report);
    html.push_str("<main>");
    findings_table(&mut html, report);
    viewer(&mut html, report);
    html.push_str("</main>");
    // Pieces, markers and arrow heads, shared by every board the script draws.
    html.push_str("<svg id=\"pdnkit-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">");
    diagram::defs(&mut html, Theme::Light, &[Paint::RED, Paint::GREEN]);
    html.push_str("</svg>\n<script type=\"application/json\" id=\"pdnkit-data\">");
    out.write_all(html.as_bytes())?;
    let json = serde_json::to_string(&data(report)).map_err(io::Error::other)?;
    // `<` appears only inside JSON strings, where `\u003c` means the same: no `</script>`.
    out.write_all(json.replace('<', "\\u003c").as_bytes())?;
    write!(
        out,
        "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

fn head(html: &mut String, report: &Report) {
    let s = &report.settings;
    let title = escape(&s.title);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"pdnkit {}\">\n<title>{title}</title>\n\
         <style>\n{STYLE}</style>\n</head>\n<body>\n<header><h1>{title}</h1><div class=\"meta\">",
        env!("CARGO_PKG_VERSION")
    );
    let inputs: Vec<String> = s.inputs.iter().map(|i| escape(i)).collect();
    let listed = match inputs.len() {
        1 => format!("Input: {}", inputs[0]),
        // A long list is folded away.
        n if n > MAX_INPUTS_SHOWN => format!(
            "<details><summary>{n} inputs</summary>{}</details>",
            inputs.join(", ")
        ),
        _ => format!("Inputs: {}", inputs.join(", ")),
    };
    let _ = writeln!(
        html,
        "{listed} &middot; pdnkit {}</div></header>",
        env!("CARGO_PKG_VERSION")
    );
}

fn summary(html: &mut String, report: &Report) {
    let t = &report.totals;
    html.push_str("<section id=\"summary\"><div class=\"counts\"><table>");
    let rows = [
        ("games read", t.games),
        ("clean", t.clean),
        ("with warnings", t.warnings),
        ("invalid", t.invalid),
        ("unreadable", t.unreadable),
        ("inputs not read", t.failed_inputs),
        ("findings listed", t.findings),
        ("games with findings", t.games_with_findings),
    ];
    for (name, n) in rows {
        let _ = write!(
            html,
            "<tr><th>{name}</th><td data-count=\"{}\">{n}</td></tr>",
            name.replace(' ', "-")
        );
    }
    html.push_str("</table></div><div class=\"charts\">");
    for (caption, chart) in [
        ("Results by variant", charts::results(t)),
        ("Game length (plies)", charts::lengths(t)),
        ("Findings by code", charts::codes(t)),
    ] {
        let _ = write!(
            html,
            "<figure><figcaption>{caption}</figcaption>{chart}</figure>"
        );
    }
    html.push_str("</div></section>\n");
}

fn findings_table(html: &mut String, report: &Report) {
    let t = &report.totals;
    html.push_str("<section id=\"findings-pane\"><h2>Findings</h2><div class=\"filters\">");
    let codes: Vec<&str> = t.codes.keys().copied().collect();
    let variants: BTreeSet<&str> = report
        .entries
        .iter()
        .filter(|e| !e.findings.is_empty())
        .map(|e| e.record.variant.unwrap_or("unknown"))
        .collect();
    let severities: BTreeSet<&str> = report
        .entries
        .iter()
        .flat_map(|e| e.findings.iter().map(|f| f.severity))
        .collect();
    filter(html, "code", "Code", &codes);
    filter(
        html,
        "variant",
        "Variant",
        &variants.into_iter().collect::<Vec<_>>(),
    );
    filter(
        html,
        "severity",
        "Severity",
        &severities.into_iter().collect::<Vec<_>>(),
    );
    let _ = write!(
        html,
        "<span id=\"shown\">{0} of {0} findings</span></div>\n\
         <table id=\"findings\"><thead><tr><th data-type=\"num\">#</th><th>Place</th>\
         <th data-type=\"num\">Game</th><th>Players</th><th>Variant</th>\
         <th data-type=\"num\">Ply</th><th>Code</th><th>Message</th></tr>\
         </thead><tbody>\n",
        t.findings
    );
    let mut n = 0;
    for e in &report.entries {
        let r = &e.record;
        let players = players(r);
        let variant = r.variant.unwrap_or("unknown");
        for f in &e.findings {
            n += 1;
            let ply = f.ply.map(|p| p.to_string()).unwrap_or_default();
            let _ = writeln!(
                html,
                "<tr id=\"f{n}\" data-finding=\"{}\" data-code=\"{}\" data-variant=\"{variant}\" \
                 data-severity=\"{}\"><td data-v=\"{n}\"><a href=\"#f{n}\">{n}</a></td>\
                 <td>{}:{}:{}</td><td data-v=\"{}\">{}</td><td>{}</td><td>{variant}</td>\
                 <td data-v=\"{}\">{ply}</td>\
                 <td><code class=\"sev {}\" title=\"{}\">{}</code></td><td>{}</td></tr>",
                n - 1,
                f.code,
                f.severity,
                escape(&r.file),
                f.line,
                f.column,
                r.game,
                r.game,
                escape(&players),
                f.ply.unwrap_or(0),
                f.severity,
                f.severity,
                f.code,
                escape(&f.message)
            );
        }
    }
    html.push_str("</tbody></table></section>\n");
}

/// A `<select>` that keeps the rows whose `data-NAME` is the value chosen.
fn filter(html: &mut String, name: &str, label: &str, values: &[&str]) {
    let _ = write!(
        html,
        "<label>{label} <select id=\"filter-{name}\" data-filter=\"{name}\">\
         <option value=\"\">all</option>"
    );
    for v in values {
        let v = escape(v);
        let _ = write!(html, "<option value=\"{v}\">{v}</option>");
    }
    html.push_str("</select></label> ");
}

/// `White – Black` (either may be missing).
fn players(r: &crate::GameRecord) -> String {
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".to_string());
    format!("{} \u{2013} {}", name(&r.white), name(&r.black))
}

fn viewer(html: &mut String, report: &Report) {
    html.push_str(
        "<section id=\"viewer\" aria-label=\"game viewer\"><h2>Game</h2>\
         <select id=\"game-select\" aria-label=\"game\">",
    );
    for (i, s) in report.shown.iter().enumerate() {
        let e = &report.entries[s.entry_index];
        let count = match e.findings.len() {
            0 => String::new(),
            1 => " (1 finding)".to_string(),
            k => format!(" ({k} findings)"),
        };
        let _ = write!(
            html,
            "<option value=\"{i}\">{} #{}: {}{count}</option>",
            escape(&e.record.file),
            e.record.game,
            escape(&players(&e.record))
        );
    }
    let _ = write!(
        html,
        "</select><div id=\"board\"></div><div class=\"controls\">\
         <button id=\"first\" title=\"start (Home)\">{FIRST}</button>\
         <button id=\"prev\" title=\"back (left arrow)\">{PREV}</button>\
         <button id=\"next\" title=\"forward (right arrow)\">{NEXT}</button>\
         <button id=\"last\" title=\"end (End)\">{LAST}</button>\
         <button id=\"flip\" title=\"turn the board\">flip</button></div>\
         <div id=\"finding-box\"></div><div id=\"moves\"></div></section>"
    );
}

/// The buttons' icons: drawn, so that no font needs the symbols.
const FIRST: &str =
    "<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"M2 2h2v12H2zM14 2v12L5 8z\"/></svg>";
const PREV: &str =
    "<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"M12 2v12L3 8z\"/></svg>";
const NEXT: &str =
    "<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"M4 2v12l9-6z\"/></svg>";
const LAST: &str = "<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"M12 2h2v12h-2zM2 2v12l9-6z\"/></svg>";

fn data(report: &Report) -> Data<'_> {
    let boards = report.boards.iter().map(board_data).collect();
    let mut findings = Vec::new();
    let mut game_findings: Vec<Vec<usize>> = vec![Vec::new(); report.shown.len()];
    for e in &report.entries {
        for f in &e.findings {
            if let Some(g) = e.shown {
                game_findings[g].push(findings.len());
            }
            let about = f.ply.map(|ply| {
                let text = f.written_text.as_deref().unwrap_or("");
                let line = if f.variation > 0 {
                    " in a variation"
                } else {
                    ""
                };
                format!("ply {ply}{line}: {text}")
            });
            findings.push(FindingData {
                game: e.shown,
                place: format!("{}:{}:{}", e.record.file, f.line, f.column),
                severity: f.severity,
                code: f.code,
                message: &f.message,
                about,
                text: f.written_text.as_deref(),
                excerpt: &f.excerpt,
                caret: f.caret,
                board: f.board.as_ref(),
            });
        }
    }
    let games = report
        .shown
        .iter()
        .zip(game_findings)
        .map(|(s, findings)| {
            let r = &report.entries[s.entry_index].record;
            GameData {
                file: &r.file,
                game: r.game,
                title: players(r),
                variant: r.variant.unwrap_or("unknown"),
                board: s.board,
                start: &s.viewer.start,
                plies: &s.viewer.plies,
                findings,
            }
        })
        .collect();
    Data {
        boards,
        games,
        findings,
        style: Style {
            written: diagram::head_id(Paint::RED),
            required: diagram::head_id(Paint::GREEN),
            written_colour: Paint::RED.hex(),
            required_colour: Paint::GREEN.hex(),
            arrow_width: diagram::ARROW_WIDTH,
            arrow_back: diagram::ARROW_BACK,
            last_move_tint: diagram::LAST_MOVE_TINT,
            square: diagram::SQUARE,
            pieces: [
                ('w', Colour::White, Role::Man),
                ('W', Colour::White, Role::King),
                ('b', Colour::Black, Role::Man),
                ('B', Colour::Black, Role::King),
            ]
            .into_iter()
            .map(|(c, colour, role)| (c, diagram::piece_id(colour, role)))
            .collect(),
            marker: diagram::MARKER_ID,
        },
    }
}

fn board_data(notation: &Notation) -> BoardData {
    let numeric = notation.preferred() == NotationKind::Numeric;
    let g = notation.geometry();
    let names = notation.names();
    let layouts = [false, true].map(|flip| Layout::new(notation, flip, !numeric));
    let pictures = layouts.map(|layout| {
        let mut board = String::new();
        diagram::board(&mut board, &layout, notation, Theme::Light, !numeric);
        let mut labels = String::new();
        if numeric {
            diagram::square_names(&mut labels, &layout, notation, Theme::Light);
        }
        (board, labels)
    });
    let [(board0, labels0), (board1, labels1)] = pictures;
    BoardData {
        width: layouts[0].width(),
        height: layouts[0].height(),
        centres: g
            .all()
            .map(|sq| {
                let (x, y) = layouts[0].centre(sq);
                [x, y]
            })
            .collect(),
        names: g.all().map(|sq| names.name(sq).to_string()).collect(),
        order: names
            .in_fen_order(g.full_set())
            .map(|sq| sq.index() as u8)
            .collect(),
        numeric,
        board: [board0, board1],
        labels: [labels0, labels1],
    }
}
