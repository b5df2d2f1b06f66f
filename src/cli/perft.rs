//! `pdnkit perft`: move-generator node counts for any variant, from the start or a FEN.
//! Prints one `move count` line per root move with `--divide`, then the total as the last
//! line. No domain logic here: it wires `pdnkit::rules::perft` to the command line.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result, anyhow};
use pdnkit::pdn::tags::Fen;
use pdnkit::rules::{CountMode, Position, default_notation, divide, perft, rules_by_name};

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
    /// Variant (international, russian, english, frisian, ...) or test rule set
    /// (spantsiretti-international, thai-12).
    #[arg(long, default_value = "international")]
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

/// Runs perft and writes the result to `out`.
///
/// # Errors
/// An unknown variant, an unreadable or impossible FEN, or a write failure.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
    let rules = rules_by_name(&args.variant)
        .ok_or_else(|| anyhow!("unknown variant {:?}", args.variant))?;
    let notation = default_notation(rules);
    let pos = match &args.fen {
        None => Position::initial(rules),
        Some(text) => {
            let fen = Fen::parse(text).with_context(|| format!("reading FEN {text:?}"))?;
            Position::from_fen(&fen, rules, &notation)
                .with_context(|| format!("setting up FEN {text:?}"))?
        }
    };
    let mode = match args.count {
        CountArg::Drop => CountMode::Drop,
        CountArg::Keep => CountMode::Keep,
        CountArg::Paths => CountMode::Paths,
    };
    let bulk = !args.no_bulk;
    let start = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let lines = divide(&pos, args.depth, mode, bulk, &notation);
        for (text, n) in &lines {
            writeln!(out, "{text} {n}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, args.depth, mode, bulk)
    };
    writeln!(out, "{total}")?;
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        super::report::to_stderr(&format!(
            "{total} nodes in {secs:.3} s, {:.1} Mnodes/s",
            total as f64 / secs / 1e6
        ));
    }
    Ok(())
}
