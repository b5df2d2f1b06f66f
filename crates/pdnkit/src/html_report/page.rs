//! The page's HTML: the head and the empty frame of the table and the viewer, written before
//! the games' data ([`head`]); the counts and charts (shown at the top by the style), the meta
//! data the script reads and the script, written after it ([`tail`]). The style and the script
//! are `page.css` and `page.js`, inlined.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use draughts::{Colour, NotationKind, Role};
use serde::Serialize;

use super::data::{self, BoardKind, Writer};
use super::totals::Totals;
use super::viewer::SQUARES;
use super::{Settings, charts, escape};
use crate::Code;
use crate::diagram::{self, Layout, Paint, Theme};
use crate::standings::{STANDINGS_STYLE, Standings, html_tables};

const STYLE: &str = include_str!("page.css");
/// Most inputs named in the page's header before the list is folded.
const MAX_INPUTS_SHOWN: usize = 4;
const SCRIPT: &str = include_str!("page.js");

/// Everything the script reads besides the games.
#[derive(Serialize)]
struct Meta<'a> {
    /// The character of each square index in the games' moves.
    squares: &'static str,
    /// Every code's name, by the number the findings use.
    codes: Vec<&'static str>,
    /// Findings listed per code, as counted (the page checks its data against them).
    counts: BTreeMap<&'static str, u64>,
    /// Findings and games in the data.
    findings: u64,
    games: u64,
    files: Vec<&'a str>,
    variants: &'a [&'static str],
    boards: Vec<BoardData>,
    starts: &'a [String],
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

/// One board of the viewer: the picture without pieces, flipped and not, where each square's
/// centre is, and how its games' moves are named and numbered.
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
    /// The capture separator of its games' variant.
    separator: char,
    /// `W` or `B`: who moves first (whose moves are numbered).
    first: char,
}

/// Writes the page up to its data.
pub fn head(out: &mut dyn Write, settings: &Settings) -> io::Result<()> {
    let mut html = String::with_capacity(1 << 14);
    let title = escape(&settings.title);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"pdnkit {}\">\n<title>{title}</title>\n\
         <style>\n{STYLE}</style>\n</head>\n<body>\n<header><h1>{title}</h1><div class=\"meta\">",
        env!("CARGO_PKG_VERSION")
    );
    let inputs: Vec<String> = settings.inputs.iter().map(|i| escape(i)).collect();
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
    html.push_str("<main>");
    findings_pane(&mut html);
    viewer(&mut html);
    html.push_str("</main>\n");
    // Pieces, markers and arrow heads, shared by every board the script draws.
    html.push_str("<svg id=\"pdnkit-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">");
    diagram::defs(&mut html, Theme::Light, &[Paint::RED, Paint::GREEN]);
    html.push_str("</svg>\n");
    out.write_all(html.as_bytes())
}

/// Writes the standings section (`--standings`): the tables of `pdnkit standings --format
/// html` with every round robin's crosstable, shown after the findings by the style.
pub fn standings(out: &mut dyn Write, standings: &Standings) -> io::Result<()> {
    write!(
        out,
        "<section id=\"standings\" class=\"standings\"><style>{STANDINGS_STYLE}</style>\
         <h2>Standings</h2>\n{}</section>\n",
        html_tables(standings, true)
    )
}

/// Writes the page after its data: the counts and charts, the meta data, the script.
pub fn tail(out: &mut dyn Write, totals: &Totals, data: &Writer) -> io::Result<()> {
    let mut html = String::with_capacity(1 << 14);
    summary(&mut html, totals);
    html.push_str("<script type=\"application/json\" id=\"pdnkit-meta\">");
    out.write_all(html.as_bytes())?;
    let json = serde_json::to_vec(&meta(totals, data)).map_err(io::Error::other)?;
    data::write_escaped(out, &json)?;
    write!(
        out,
        "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    )
}

fn summary(html: &mut String, t: &Totals) {
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

fn findings_pane(html: &mut String) {
    html.push_str("<section id=\"findings-pane\"><h2>Findings</h2><div class=\"filters\">");
    for (name, label) in [
        ("code", "Code"),
        ("variant", "Variant"),
        ("severity", "Severity"),
    ] {
        // The script lists the values found in the data.
        let _ = write!(
            html,
            "<label>{label} <select id=\"filter-{name}\" data-filter=\"{name}\">\
             <option value=\"\">all</option></select></label> "
        );
    }
    html.push_str(
        "<span id=\"shown\"></span></div>\
         <noscript><p>The table of findings and the game viewer are drawn by the page's script; \
         the counts and charts above are there without it.</p></noscript>\
         <table id=\"findings\"><colgroup><col class=\"c-n\"><col class=\"c-place\">\
         <col class=\"c-game\"><col class=\"c-players\"><col class=\"c-variant\">\
         <col class=\"c-ply\"><col class=\"c-code\"><col class=\"c-message\"></colgroup>\
         <thead><tr><th data-key=\"n\">#</th><th data-key=\"place\">Place</th>\
         <th data-key=\"game\">Game</th><th data-key=\"players\">Players</th>\
         <th data-key=\"variant\">Variant</th><th data-key=\"ply\">Ply</th>\
         <th data-key=\"code\">Code</th><th data-key=\"message\">Message</th></tr></thead>\
         <tbody></tbody></table><div class=\"pager\">\
         <button id=\"page-first\" title=\"first page\">",
    );
    let _ = writeln!(
        html,
        "{FIRST}</button><button id=\"page-prev\" title=\"previous page\">{PREV}</button>\
         <span id=\"page-info\"></span>\
         <button id=\"page-next\" title=\"next page\">{NEXT}</button>\
         <button id=\"page-last\" title=\"last page\">{LAST}</button>\
         <label>rows <select id=\"page-size\"><option>50</option><option selected>100</option>\
         <option>250</option><option>1000</option></select></label></div></section>"
    );
}

fn viewer(html: &mut String) {
    let _ = write!(
        html,
        "<section id=\"viewer\" aria-label=\"game viewer\"><h2>Game</h2>\
         <div class=\"game-nav\"><button id=\"game-prev\" title=\"previous game\">{PREV}</button>\
         <span id=\"game-title\"></span>\
         <button id=\"game-next\" title=\"next game\">{NEXT}</button>\
         <label>game <input id=\"game-number\" type=\"number\" min=\"1\" \
         title=\"the game's number in its file\"></label></div>\
         <div id=\"board\"></div><div class=\"controls\">\
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

fn meta<'a>(totals: &Totals, data: &'a Writer) -> Meta<'a> {
    Meta {
        squares: SQUARES,
        codes: Code::ALL.iter().map(|c| c.name()).collect(),
        counts: totals
            .codes
            .iter()
            .map(|(code, (_, n))| (*code, *n))
            .collect(),
        findings: data.findings,
        games: data.games,
        files: data.file_names().collect(),
        variants: data.variants(),
        boards: data.boards.iter().map(board_data).collect(),
        starts: data.starts(),
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

fn board_data(kind: &BoardKind) -> BoardData {
    let notation = &kind.notation;
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
        separator: kind.separator,
        first: kind.first_mover.letter(),
    }
}
