//! Finished statistics: totals turned into the numbers people read (percentages, quartiles,
//! a histogram, rankings). Every output format prints a [`Report`], so they always agree; the
//! JSON output is this structure serialised, and its field names are stable.
//!
//! Percentages have one decimal; a percentage of nothing is `null`. Quartiles are nearest-rank
//! (always a length that occurs). Rankings list the most games first, then by name.

use serde::Serialize;

use super::{Group, Largest, Results, Stats};

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The grouping (`null` when not grouped).
    pub by: Option<String>,
    /// Plies that make an opening (`null` when openings are named from a table).
    pub opening_plies: Option<u32>,
    /// One entry per group, in group order.
    pub groups: Vec<GroupReport>,
}

/// The statistics of one group.
#[derive(Clone, Debug, Serialize)]
pub struct GroupReport {
    /// The group value (`null` when not grouped).
    pub group: Option<String>,
    /// Games read.
    pub games: u64,
    /// Main-line moves written.
    pub plies: u64,
    /// Games by verdict.
    pub status: StatusCounts,
    /// Games and plies by variant.
    pub variants: Vec<VariantRow>,
    /// Results for White and Black.
    pub results: ResultRow,
    /// Game length in plies (`null` when no game has a move).
    pub length: Option<Length>,
    /// Readable games without a move (positions, problems, ballots): not in `length`.
    pub without_moves: u64,
    /// The most frequent openings.
    pub openings: Vec<OpeningRow>,
    /// The players with the most games.
    pub players: Vec<PlayerRow>,
    /// Sides that name no player: by a placeholder (`?`, `NN`, `White`), or without a tag.
    pub players_left_out: LeftOut,
    /// The events with the most games.
    pub events: Vec<EventRow>,
    /// Captures.
    pub captures: CaptureReport,
}

/// Sides of games that name no player.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LeftOut {
    /// Sides named by a placeholder (`?`, `NN`, `White`, empty).
    pub placeholder_sides: u64,
    /// Sides without a White or Black tag.
    pub unnamed_sides: u64,
}

/// Games by verdict, as `validate` counts them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StatusCounts {
    /// No warning or error.
    pub clean: u64,
    /// Warnings only.
    pub warnings: u64,
    /// At least one error.
    pub invalid: u64,
    /// Not readable as PDN.
    pub unreadable: u64,
}

/// One variant.
#[derive(Clone, Debug, Serialize)]
pub struct VariantRow {
    /// Its name (`unknown` for unreadable games and games without known rules).
    pub variant: String,
    /// Games.
    pub games: u64,
    /// Main-line moves written.
    pub plies: u64,
}

/// Results; percentages are of the games won or drawn.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ResultRow {
    /// White won.
    pub white_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Black won.
    pub black_wins: u64,
    /// Both lost.
    pub both_lose: u64,
    /// No known result.
    pub unknown: u64,
    /// Share of White's wins.
    pub white_wins_pct: Option<f64>,
    /// Share of draws.
    pub draws_pct: Option<f64>,
    /// Share of Black's wins.
    pub black_wins_pct: Option<f64>,
}

/// Game length in plies (main-line moves written).
#[derive(Clone, Debug, Serialize)]
pub struct Length {
    /// Games measured.
    pub games: u64,
    /// Shortest.
    pub min: u32,
    /// First quartile.
    pub q1: u32,
    /// Median.
    pub median: u32,
    /// Third quartile.
    pub q3: u32,
    /// Mean, one decimal.
    pub mean: f64,
    /// Longest.
    pub max: u32,
    /// Width of the histogram bins.
    pub bin_width: u32,
    /// Games per bin, from the shortest game's bin to the longest's.
    pub histogram: Vec<Bin>,
}

/// One histogram bin: lengths `from..=to`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Bin {
    /// Shortest length in the bin.
    pub from: u32,
    /// Longest length in the bin.
    pub to: u32,
    /// Games.
    pub games: u64,
}

/// An opening: the first plies of games from the standard start.
#[derive(Clone, Debug, Serialize)]
pub struct OpeningRow {
    /// The variant.
    pub variant: String,
    /// Its name in the table of named openings (`null` without a table).
    pub name: Option<String>,
    /// The moves, normalised, separated by spaces.
    pub moves: String,
    /// Games.
    pub games: u64,
    /// White won.
    pub white_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Black won.
    pub black_wins: u64,
    /// White's score: (wins + draws / 2) / games won or drawn.
    pub white_score_pct: Option<f64>,
}

/// A player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerRow {
    /// The name as written in the White or Black tag.
    pub player: String,
    /// Games.
    pub games: u64,
    /// Won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
    /// (wins + draws / 2) / games with a known result.
    pub score_pct: Option<f64>,
}

/// An event.
#[derive(Clone, Debug, Serialize)]
pub struct EventRow {
    /// The Event tag.
    pub event: String,
    /// Games.
    pub games: u64,
    /// Main-line moves written.
    pub plies: u64,
    /// White won.
    pub white_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Black won.
    pub black_wins: u64,
}

/// Captures in main lines.
#[derive(Clone, Debug, Serialize)]
pub struct CaptureReport {
    /// Capture moves.
    pub moves: u64,
    /// Capture moves per replayed game, two decimals.
    pub per_game: Option<f64>,
    /// Pieces taken.
    pub pieces: u64,
    /// Captures of two pieces or more.
    pub multi: u64,
    /// Their share of all captures.
    pub multi_pct: Option<f64>,
    /// The largest single capture (the first one played, on equal size).
    pub largest: Option<Largest>,
    /// Capture faults by code.
    pub faults: Vec<FaultRow>,
}

/// Capture faults of one code.
#[derive(Clone, Debug, Serialize)]
pub struct FaultRow {
    /// The diagnostic code.
    pub code: String,
    /// How many.
    pub count: u64,
}

impl Serialize for Largest {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Largest", 5)?;
        st.serialize_field("pieces", &self.pieces)?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("game", &self.game)?;
        st.serialize_field("ply", &self.ply)?;
        st.serialize_field("move", &self.text)?;
        st.end()
    }
}

/// The report of `stats`, listing at most `top` openings, players and events (0: all).
pub fn report(stats: &Stats, by: Option<&str>, opening_plies: Option<u32>, top: usize) -> Report {
    Report {
        by: by.map(str::to_string),
        opening_plies,
        groups: stats
            .groups
            .iter()
            .map(|(key, g)| GroupReport {
                group: by.map(|_| key.clone()),
                ..group_report(g, top)
            })
            .collect(),
    }
}

fn group_report(g: &Group, top: usize) -> GroupReport {
    let mut variants: Vec<VariantRow> = g
        .variants
        .iter()
        .map(|(v, t)| VariantRow {
            variant: v.unwrap_or("unknown").to_string(),
            games: t.games,
            plies: t.plies,
        })
        .collect();
    variants.sort_by(|a, b| {
        b.games
            .cmp(&a.games)
            .then_with(|| a.variant.cmp(&b.variant))
    });
    GroupReport {
        group: None,
        games: g.games,
        plies: g.variants.values().map(|t| t.plies).sum(),
        status: StatusCounts {
            clean: g.status[0],
            warnings: g.status[1],
            invalid: g.status[2],
            unreadable: g.status[3],
        },
        variants,
        results: result_row(&g.results),
        length: length(g),
        without_moves: g.without_moves,
        openings: openings(g, top),
        players: players(g, top),
        players_left_out: LeftOut {
            placeholder_sides: g.players_left_out[0],
            unnamed_sides: g.players_left_out[1],
        },
        events: events(g, top),
        captures: captures(g),
    }
}

/// `part` of `whole` in percent with one decimal; `None` of nothing.
pub fn pct(part: f64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| (part * 1000.0 / whole as f64).round() / 10.0)
}

fn result_row(r: &Results) -> ResultRow {
    let decided = r.decided();
    ResultRow {
        white_wins: r.white,
        draws: r.draws,
        black_wins: r.black,
        both_lose: r.both_lose,
        unknown: r.unknown,
        white_wins_pct: pct(r.white as f64, decided),
        draws_pct: pct(r.draws as f64, decided),
        black_wins_pct: pct(r.black as f64, decided),
    }
}

fn length(g: &Group) -> Option<Length> {
    let games: u64 = g.lengths.values().sum();
    let (&min, &max) = (g.lengths.keys().next()?, g.lengths.keys().next_back()?);
    let total: u64 = g.lengths.iter().map(|(l, n)| u64::from(*l) * n).sum();
    let width = bin_width(max);
    let mut histogram: Vec<Bin> = (min / width..=max / width)
        .map(|k| Bin {
            from: k * width,
            to: k * width + width - 1,
            games: 0,
        })
        .collect();
    for (l, n) in &g.lengths {
        histogram[(l / width - min / width) as usize].games += n;
    }
    Some(Length {
        games,
        min,
        q1: quantile(g, games, 1, 4),
        median: quantile(g, games, 1, 2),
        q3: quantile(g, games, 3, 4),
        mean: (total as f64 * 10.0 / games as f64).round() / 10.0,
        max,
        bin_width: width,
        histogram,
    })
}

/// The nearest-rank quantile `num/den`: the length of the game at rank ceil(n·num/den).
fn quantile(g: &Group, games: u64, num: u64, den: u64) -> u32 {
    let rank = (games * num).div_ceil(den).max(1);
    let mut seen = 0;
    for (l, n) in &g.lengths {
        seen += n;
        if seen >= rank {
            return *l;
        }
    }
    0
}

/// A round bin width giving at most 20 bins from 0 to `max`.
fn bin_width(max: u32) -> u32 {
    let mut unit = 1;
    loop {
        for w in [unit, 2 * unit, 5 * unit] {
            if max / w < 20 {
                return w;
            }
        }
        unit *= 10;
    }
}

fn ranked<T>(mut rows: Vec<T>, top: usize, key: impl Fn(&T) -> (u64, &str)) -> Vec<T> {
    rows.sort_by(|a, b| {
        let (ga, na) = key(a);
        let (gb, nb) = key(b);
        gb.cmp(&ga).then_with(|| na.cmp(nb))
    });
    if top > 0 {
        rows.truncate(top);
    }
    rows
}

fn openings(g: &Group, top: usize) -> Vec<OpeningRow> {
    let mut rows: Vec<OpeningRow> = g
        .openings
        .iter()
        .map(|((variant, moves), r)| OpeningRow {
            variant: variant.to_string(),
            name: g.opening_names.get(&(*variant, moves.clone())).cloned(),
            moves: moves.clone(),
            games: r.white + r.draws + r.black + r.both_lose + r.unknown,
            white_wins: r.white,
            draws: r.draws,
            black_wins: r.black,
            white_score_pct: pct(r.white as f64 + r.draws as f64 / 2.0, r.decided()),
        })
        .collect();
    // The same moves may open games of two variants: ties go by variant, whatever the order
    // the totals were kept in.
    rows.sort_by(|a, b| a.variant.cmp(&b.variant));
    ranked(rows, top, |r| (r.games, &r.moves))
}

fn players(g: &Group, top: usize) -> Vec<PlayerRow> {
    let rows = g
        .players
        .iter()
        .map(|(name, t)| PlayerRow {
            player: name.clone(),
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            score_pct: pct(
                t.wins as f64 + t.draws as f64 / 2.0,
                t.wins + t.draws + t.losses,
            ),
        })
        .collect();
    ranked(rows, top, |r| (r.games, &r.player))
}

fn events(g: &Group, top: usize) -> Vec<EventRow> {
    let rows = g
        .events
        .iter()
        .map(|(name, t)| EventRow {
            event: name.clone(),
            games: t.games,
            plies: t.plies,
            white_wins: t.results.white,
            draws: t.results.draws,
            black_wins: t.results.black,
        })
        .collect();
    ranked(rows, top, |r| (r.games, &r.event))
}

fn captures(g: &Group) -> CaptureReport {
    let c = &g.captures;
    let replayed: u64 = g
        .variants
        .iter()
        .filter(|(v, _)| v.is_some())
        .map(|(_, t)| t.games)
        .sum();
    CaptureReport {
        moves: c.moves,
        per_game: (replayed > 0)
            .then(|| (c.moves as f64 * 100.0 / replayed as f64).round() / 100.0),
        pieces: c.pieces,
        multi: c.multi,
        multi_pct: pct(c.multi as f64, c.moves),
        largest: c.largest.clone(),
        faults: c
            .faults
            .iter()
            .map(|(code, n)| FaultRow {
                code: code.to_string(),
                count: *n,
            })
            .collect(),
    }
}
