//! `pdnkit perft`: move-generator node counts for any variant, from the start or a FEN.
//! As text, one `move count` line per root move with `--divide`, then the total as the last
//! line; as JSON, one object; as CSV, `move,count` rows ending with the total. No domain logic
//! here: it wires `draughts::perft` to the command line.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};
use serde::Serialize;

use draughts::Fen;
use draughts::{
    CountMode, Position, default_notation, divide, other_rule_set_names, perft, rules_by_name,
};

use super::Format;

/// How duplicate captures are counted.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountArg {
    /// One move per (from, to, captured set).
    Drop,
    /// One move per capture order.
    Keep,
    /// One move per landing-square path.
    Paths,
}

/// Arguments of `pdnkit perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Variant (international, russian, english, frisian, ...; see `pdnkit variants`), another
    /// board of a variant (malaysian-10x10, malaysian-8x8, ghanaian-dark-cornered) or test rule
    /// set (spantsiretti-international, thai-12).
    #[arg(long, default_value = "international", value_parser = super::variant_names())]
    pub variant: String,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Start from this FEN (in the variant's notation) instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Counting of captures that take the same pieces in different orders.
    #[arg(long, value_enum, default_value = "drop")]
    pub count: CountArg,
    /// Play the last ply's moves instead of counting them in bulk (slower, same result).
    #[arg(long)]
    pub no_bulk: bool,
    /// Print the time and speed to stderr.
    #[arg(long)]
    pub stats: bool,
}

/// What `--format json` writes.
#[derive(Serialize)]
struct Report<'a> {
    variant: &'a str,
    depth: u32,
    /// The position counted from, the start position too.
    fen: String,
    count: &'a str,
    total: u64,
    /// With `--divide`: the count below each root move.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Divided<'a>>>,
}

#[derive(Serialize)]
struct Divided<'a> {
    #[serde(rename = "move")]
    text: &'a str,
    count: u64,
}

/// Runs perft and writes the result to `out` in `format`.
///
/// # Errors
/// An unknown or ambiguous variant, an unreadable or impossible FEN, or a write failure.
pub fn run(args: &PerftArgs, format: Format, out: &mut dyn Write) -> Result<()> {
    let rules = rules_by_name(&args.variant).ok_or_else(|| {
        let others: Vec<&str> = other_rule_set_names().collect();
        super::not_a_variant(&args.variant, &others)
    })?;
    let notation = default_notation(rules);
    let pos = match &args.fen {
        None => Position::initial(rules),
        Some(text) => {
            let fen = Fen::parse(text).with_context(|| format!("reading FEN {text:?}"))?;
            Position::from_fen(&fen, rules, &notation)
                .with_context(|| format!("setting up FEN {text:?}"))?
        }
    }
    .with_fast_paths(draughts::fast_paths_default());
    let mode = match args.count {
        CountArg::Drop => CountMode::Drop,
        CountArg::Keep => CountMode::Keep,
        CountArg::Paths => CountMode::Paths,
    };
    let bulk = !args.no_bulk;
    let start = Instant::now();
    let (total, lines) = if args.divide && args.depth > 0 {
        let lines = divide(&pos, args.depth, mode, bulk, &notation);
        (lines.iter().map(|(_, n)| n).sum(), lines)
    } else {
        (perft(&pos, args.depth, mode, bulk), Vec::new())
    };
    match format {
        Format::Text => {
            for (text, n) in &lines {
                writeln!(out, "{text} {n}")?;
            }
            writeln!(out, "{total}")?;
        }
        Format::Json => {
            let report = Report {
                variant: rules.name,
                depth: args.depth,
                fen: pos.fen_text(&notation),
                count: count_name(args.count),
                total,
                moves: args.divide.then(|| {
                    lines
                        .iter()
                        .map(|(text, count)| Divided {
                            text,
                            count: *count,
                        })
                        .collect()
                }),
            };
            // Rendered in memory: serde_json's error would hide a broken pipe from `main`.
            let mut json = serde_json::to_vec(&report)?;
            json.push(b'\n');
            out.write_all(&json)?;
        }
        Format::Csv => {
            let mut csv = csv::Writer::from_writer(Vec::new());
            csv.write_record(["move", "count"])?;
            for (text, n) in &lines {
                csv.write_record([text.as_str(), &n.to_string()])?;
            }
            csv.write_record(["total", &total.to_string()])?;
            out.write_all(&csv.into_inner()?)?;
        }
    }
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        super::report::to_stderr(&format!(
            "{total} nodes in {secs:.3} s, {:.1} Mnodes/s",
            total as f64 / secs / 1e6
        ));
    }
    Ok(())
}

/// The `--count` value as written.
fn count_name(count: CountArg) -> &'static str {
    match count {
        CountArg::Drop => "drop",
        CountArg::Keep => "keep",
        CountArg::Paths => "paths",
    }
}
