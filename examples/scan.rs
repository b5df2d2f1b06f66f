//! Streams PDN files through the splitter and parser and counts games: the syntax-only pass the
//! CLI builds on, and the harness for the memory measurements.
//!
//! Usage: `cargo run --release --example scan -- [-v] FILE...` (`-` reads standard input,
//! `.gz` is decompressed). Prints `read parsed unreadable bytes seconds MB/s` per file; with
//! `-v` also each unreadable game's diagnostic, with `-n` every note.

use std::path::Path;
use std::time::Instant;

use pdnkit::pdn::parser::parse_game;
use pdnkit::pdn::read;

fn main() -> std::io::Result<()> {
    let mut verbose = false;
    let mut notes = false;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "-v" => verbose = true,
            "-n" => notes = true,
            _ => files.push(arg),
        }
    }
    for file in files {
        let path = Path::new(&file);
        let started = Instant::now();
        let mut games = read::games(path)?;
        let (mut read_count, mut parsed, mut unreadable, mut moves) = (0u64, 0u64, 0u64, 0u64);
        for raw in games.by_ref() {
            let raw = raw?;
            read_count += 1;
            match parse_game(&raw) {
                Ok(game) => {
                    parsed += 1;
                    if notes {
                        for note in &game.notes {
                            let at = raw.position(note.span.start);
                            eprintln!(
                                "{file}:{at}: note[{}]: {} `{}` (game {})",
                                note.kind.code(),
                                note.kind.message(),
                                note.span.text(&raw.text).escape_debug(),
                                raw.index
                            );
                        }
                    }
                    moves += game.mainline_moves().count() as u64;
                }
                Err(err) => {
                    unreadable += 1;
                    if verbose {
                        let at = raw.position(err.span.start);
                        eprintln!("{file}:{at}: error[syntax]: {err} (game {})", raw.index);
                    }
                }
            }
        }
        let secs = started.elapsed().as_secs_f64();
        let bytes = games.bytes_read();
        println!(
            "{file}: read {read_count} parsed {parsed} unreadable {unreadable} moves {moves} \
             bytes {bytes} seconds {secs:.3} MB/s {:.1}",
            bytes as f64 / 1e6 / secs.max(1e-9)
        );
    }
    Ok(())
}
