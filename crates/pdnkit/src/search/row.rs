//! What a search writes of each hit: a row (file, game, players, ply, move, FEN) as CSV or
//! JSON Lines, or the game's own text with a comment at each hit.

use serde::Serialize;

use super::Hit;
use crate::CheckedGame;

/// One row of a search's output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row<'a> {
    /// The file, as the run names it.
    pub file: &'a str,
    /// The game's number in its file (from 1).
    pub game: u64,
    /// The Event tag.
    pub event: Option<&'a str>,
    /// The White tag.
    pub white: Option<&'a str>,
    /// The Black tag.
    pub black: Option<&'a str>,
    /// The Date tag.
    pub date: Option<&'a str>,
    /// The ply after which the position stands (0: the start).
    pub ply: u32,
    /// The number of the move of that ply (none at the start).
    pub move_number: Option<u32>,
    /// `white` or `black`: who played that ply (none at the start).
    pub played_by: Option<&'static str>,
    /// The move of that ply as a full path (none at the start).
    #[serde(rename = "move")]
    pub mv: Option<&'a str>,
    /// 0 in the main line, else the variation's depth.
    pub variation: u32,
    /// It matched the position turned and with colours swapped.
    pub mirrored: bool,
    /// The position as PDN FEN in the game's notation.
    pub fen: &'a str,
}

/// The columns of the CSV rows (and the fields of the JSON ones), in order.
pub const HEADER: [&str; 13] = [
    "file",
    "game",
    "event",
    "white",
    "black",
    "date",
    "ply",
    "move_number",
    "played_by",
    "move",
    "variation",
    "mirrored",
    "fen",
];

impl<'a> Row<'a> {
    /// The row of hit `h` of `checked`.
    pub fn of(checked: &'a CheckedGame<'_, '_>, h: &'a Hit) -> Row<'a> {
        let r = checked.record;
        Row {
            file: &r.file,
            game: r.game,
            event: r.event.as_deref(),
            white: r.white.as_deref(),
            black: r.black.as_deref(),
            date: checked.game.and_then(|g| g.tag("Date")),
            ply: h.ply,
            move_number: h.move_number,
            played_by: h.side.map(crate::side_name),
            mv: h.mv.as_deref(),
            variation: h.variation,
            mirrored: h.mirrored,
            fen: &h.fen,
        }
    }

    /// Appends the row to `out` as CSV (without header) or as a JSON line.
    pub fn write(&self, json: bool, out: &mut Vec<u8>) {
        if json {
            serde_json::to_writer(&mut *out, self).expect("rows serialise");
            out.push(b'\n');
            return;
        }
        let mut csv = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        csv.serialize(self).expect("in-memory CSV");
        out.extend(csv.into_inner().expect("in-memory CSV"));
    }
}

/// The CSV header row.
pub fn header_row() -> Vec<u8> {
    let mut header = csv::Writer::from_writer(Vec::new());
    header.write_record(HEADER).expect("in-memory CSV");
    header.into_inner().expect("in-memory CSV")
}

/// The game's original text with a comment `{pdnkit search: FEN}` after each hit's move
/// (before the first move for the start position; `, mirrored` added for a mirror image).
pub fn marked_text(checked: &CheckedGame<'_, '_>, hits: &[Hit]) -> String {
    let text = &checked.raw.text;
    let Some(replayed) = checked.replayed else {
        return text.clone();
    };
    // Where each comment goes: after the move's text, or where the movetext starts.
    let movetext_start = checked
        .game
        .and_then(|g| g.body.first().map(|n| n.span().start as usize))
        .unwrap_or(text.len());
    let mut marks: Vec<(usize, String)> = hits
        .iter()
        .map(|h| {
            let at = match h.ply.checked_sub(1) {
                Some(i) if h.variation == 0 => replayed.plies[i as usize].span.end as usize,
                Some(_) => replayed
                    .variation_plies
                    .iter()
                    .find(|p| {
                        p.ply == h.ply
                            && p.depth == h.variation
                            && p.after
                                .fen_text(&checked.config().expect("replayed").notation)
                                == h.fen
                    })
                    .map_or(movetext_start, |p| p.span.end as usize),
                None => movetext_start,
            };
            let mirrored = if h.mirrored { ", mirrored" } else { "" };
            let comment = format!("{{pdnkit search: {}{mirrored}}}", h.fen);
            // After a move, or before the first one for the start position.
            let text = if h.ply == 0 {
                format!("{comment} ")
            } else {
                format!(" {comment}")
            };
            (at, text)
        })
        .collect();
    marks.sort_by_key(|m| m.0);
    let mut out = String::with_capacity(text.len() + 64 * marks.len());
    let mut from = 0;
    for (at, comment) in marks {
        out.push_str(&text[from..at]);
        out.push_str(&comment);
        from = at;
    }
    out.push_str(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Query, Target};
    use crate::{ReplayOptions, check_game};

    #[test]
    fn a_hit_is_marked_after_its_move_and_written_as_a_row() {
        let raw = pdn::RawGame::from_text(
            "[Event \"e\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *",
        );
        let query = Query::new(Target::parse_fen("B:W28,31,33-50:B1-20").unwrap());
        let (text, csv, json) = check_game("g.pdn", &raw, &ReplayOptions::default(), |g| {
            let hits = query.hits(g);
            let (mut csv, mut json) = (header_row(), Vec::new());
            Row::of(g, &hits[0]).write(false, &mut csv);
            Row::of(g, &hits[0]).write(true, &mut json);
            (marked_text(g, &hits), csv, json)
        });
        assert_eq!(
            text,
            "[Event \"e\"]\n[GameType \"20\"]\n1. 32-28 {pdnkit search: B:W28,31,33-50:B1-20} \
             19-23 2. 28x19 14x23 *"
        );
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "file,game,event,white,black,date,ply,move_number,played_by,move,variation,\
             mirrored,fen\ng.pdn,1,e,,,,1,1,white,32-28,0,false,\"B:W28,31,33-50:B1-20\"\n"
        );
        let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(value["move"], "32-28");
        assert_eq!(value["played_by"], "white");
    }
}
