//! The report's charts as inline SVG: results by variant (stacked bars), game lengths (a
//! histogram) and findings by code. Text takes the page's font and colour (`currentColor`).

use std::fmt::Write as _;

use super::escape;
use super::totals::Totals;

/// Width of every chart, in drawing units (the page scales it).
const WIDTH: f64 = 420.0;
/// Height of one bar of a bar chart, and the gap below it.
const BAR: f64 = 18.0;
const GAP: f64 = 6.0;
/// Width of the label column of a bar chart.
const LABELS: f64 = 150.0;
/// Room right of the longest bar for its count.
const COUNT_ROOM: f64 = 50.0;

/// Colours of the result parts: first-mover wins, draws, second-mover wins, other.
const RESULT_COLOURS: [&str; 4] = ["#4c78a8", "#9d9d9d", "#e45756", "#d8c9a8"];
const RESULT_NAMES: [&str; 4] = ["first mover won", "draw", "second mover won", "other"];

/// Most bins of the length histogram.
const MAX_BINS: u32 = 24;

/// Results by variant: one bar per variant (most games first), split by result.
pub fn results(totals: &Totals) -> String {
    let mut rows: Vec<(&String, &super::totals::Results)> = totals.variants.iter().collect();
    rows.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
    let most = rows.iter().map(|r| r.1.games).max().unwrap_or(0).max(1);
    let legend = 22.0;
    let height = legend + rows.len() as f64 * (BAR + GAP);
    let mut out = open("Results by variant", height);
    let mut x = 0.0;
    for (name, colour) in RESULT_NAMES.iter().zip(RESULT_COLOURS) {
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"2\" width=\"10\" height=\"10\" fill=\"{colour}\"/>\
             <text x=\"{}\" y=\"11\" font-size=\"10\">{name}</text>",
            x + 13.0
        );
        x += 13.0 + 6.0 * name.len() as f64 + 10.0;
    }
    let scale = (WIDTH - LABELS - COUNT_ROOM) / most as f64;
    for (i, (variant, r)) in rows.iter().enumerate() {
        let y = legend + i as f64 * (BAR + GAP);
        label(&mut out, y, variant);
        let mut x = LABELS;
        for (part, colour) in [r.first, r.draws, r.second, r.other]
            .into_iter()
            .zip(RESULT_COLOURS)
        {
            if part == 0 {
                continue;
            }
            let w = part as f64 * scale;
            let _ = write!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y}\" width=\"{w:.1}\" height=\"{BAR}\" fill=\"{colour}\">\
                 <title>{part}</title></rect>"
            );
            x += w;
        }
        count(&mut out, x, y, r.games);
    }
    out.push_str("</svg>");
    out
}

/// Game lengths in plies: games per bin of a round width.
pub fn lengths(totals: &Totals) -> String {
    let longest = totals.lengths.keys().next_back().copied().unwrap_or(0);
    let width = bin_width(longest);
    let bins = longest / width + 1;
    let mut games = vec![0u64; bins as usize];
    for (&plies, &n) in &totals.lengths {
        games[(plies / width) as usize] += n;
    }
    let most = games.iter().copied().max().unwrap_or(0).max(1);
    let (top, plot, axis) = (14.0, 120.0, 16.0);
    let mut out = open("Game length (plies)", top + plot + axis);
    let step = WIDTH / f64::from(bins);
    for (i, &n) in games.iter().enumerate() {
        let h = plot * n as f64 / most as f64;
        let x = i as f64 * step;
        let from = i as u32 * width;
        let range = if width == 1 {
            from.to_string()
        } else {
            format!("{from}-{}", from + width - 1)
        };
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#4c78a8\">\
             <title>{range} plies: {n} games</title></rect>",
            x + 1.0,
            top + plot - h,
            (step - 2.0).max(1.0)
        );
    }
    // The axis: the first, middle and last bins' lower bounds.
    for i in [0, bins / 2, bins - 1] {
        let x = (f64::from(i) + 0.5) * step;
        let _ = write!(
            out,
            "<text x=\"{x:.1}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
            top + plot + 12.0,
            i * width
        );
    }
    let _ = write!(
        out,
        "<text x=\"{WIDTH}\" y=\"10\" font-size=\"10\" text-anchor=\"end\">most: {most} games</text>"
    );
    out.push_str("</svg>");
    out
}

/// The width of the histogram's bins: the smallest of 1, 2, 5, 10, 20, 50... that keeps
/// lengths up to `longest` in [`MAX_BINS`] bins.
fn bin_width(longest: u32) -> u32 {
    let mut k = 0u32;
    loop {
        let w = [1u64, 2, 5][(k % 3) as usize] * 10u64.pow(k / 3);
        if u64::from(longest) / w < u64::from(MAX_BINS) {
            return w as u32;
        }
        k += 1;
    }
}

/// Findings by code, most first, coloured by severity.
pub fn codes(totals: &Totals) -> String {
    let mut rows: Vec<(&&str, &(&str, u64))> = totals.codes.iter().collect();
    rows.sort_by(|a, b| b.1.1.cmp(&a.1.1).then(a.0.cmp(b.0)));
    let most = rows.iter().map(|r| r.1.1).max().unwrap_or(0).max(1);
    let height = (rows.len().max(1)) as f64 * (BAR + GAP);
    let mut out = open("Findings by code", height);
    if rows.is_empty() {
        out.push_str("<text x=\"0\" y=\"14\" font-size=\"12\">no findings</text>");
    }
    let scale = (WIDTH - LABELS - COUNT_ROOM) / most as f64;
    for (i, (code, (severity, n))) in rows.iter().enumerate() {
        let y = i as f64 * (BAR + GAP);
        label(&mut out, y, code);
        let colour = match *severity {
            "error" => "#d62728",
            "warning" => "#ff9f1c",
            _ => "#9d9d9d",
        };
        let w = *n as f64 * scale;
        let _ = write!(
            out,
            "<rect x=\"{LABELS}\" y=\"{y}\" width=\"{w:.1}\" height=\"{BAR}\" fill=\"{colour}\"/>"
        );
        count(&mut out, LABELS + w, y, *n);
    }
    out.push_str("</svg>");
    out
}

/// The opening tag of a chart `height` high, with its title for screen readers.
fn open(title: &str, height: f64) -> String {
    format!(
        "<svg class=\"chart\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" \
         aria-label=\"{title}\" fill=\"currentColor\"><title>{title}</title>"
    )
}

/// A bar's label, right-aligned before the bars.
fn label(out: &mut String, y: f64, text: &str) {
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\">{}</text>",
        LABELS - 6.0,
        y + BAR - 5.0,
        escape(text)
    );
}

/// A bar's count, after its end.
fn count(out: &mut String, x: f64, y: f64, n: u64) {
    let _ = write!(
        out,
        "<text x=\"{:.1}\" y=\"{}\" font-size=\"12\">{n}</text>",
        x + 4.0,
        y + BAR - 5.0
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_are_round_and_few() {
        let cases = [
            (0, 1),
            (23, 1),
            (24, 2),
            (47, 2),
            (48, 5),
            (119, 5),
            (120, 10),
        ];
        for (longest, width) in cases {
            assert_eq!(bin_width(longest), width, "{longest}");
        }
        assert_eq!(bin_width(230), 10);
        assert_eq!(bin_width(240), 20);
        assert_eq!(bin_width(600), 50);
        assert_eq!(bin_width(10_000), 500);
        for longest in [0, 1, 99, 1000, 10_000, u32::MAX / 2] {
            assert!(longest / bin_width(longest) < MAX_BINS, "{longest}");
        }
    }

    #[test]
    fn every_game_lands_in_one_bin() {
        let mut totals = Totals::default();
        totals.lengths.extend([(0, 2), (9, 1), (50, 3), (61, 4)]);
        let svg = lengths(&totals);
        // Bins of 5: 0-4 holds 2 games, 5-9 one, 50-54 three, 60-64 four; 13 bins in all.
        assert_eq!(svg.matches("<rect").count(), 13);
        for title in [
            "0-4 plies: 2 games",
            "5-9 plies: 1 games",
            "50-54 plies: 3 games",
            "60-64 plies: 4 games",
        ] {
            assert!(svg.contains(title), "{title}");
        }
        assert!(svg.contains("most: 4 games"));
    }
}
