//! Reads a PDN archive and prints one line per game: its verdict, how many of its moves
//! replayed, and its first error, if any. The library's `check_game` does the work that every
//! subcommand of the `pdnkit` command does.
//!
//! `cargo run --example check_archive -- fixtures/sample/archive.pdn`

use std::path::Path;

use pdnkit::{ReplayOptions, Severity, check_game};

fn main() -> std::io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("fixtures/sample/archive.pdn".into());
    let options = ReplayOptions::default();
    for raw in pdnkit::pdn::games(Path::new(&path))? {
        let raw = raw?;
        check_game(&path, &raw, &options, |checked| {
            let r = checked.record;
            let first_error = r
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
                .map(|d| format!("  {}:{}: {}", d.line, d.column, d.message))
                .unwrap_or_default();
            println!(
                "game {:>4} {:<10} {:>3}/{:<3} {}{first_error}",
                r.game,
                r.status.name(),
                r.replayed,
                r.plies,
                r.variant.unwrap_or("-"),
            );
        });
    }
    Ok(())
}
