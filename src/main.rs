//! The `pdnkit` command: parse the arguments, run the subcommand, map the outcome to an exit
//! code. Everything else lives in the library (`pdnkit::...`) or in `cli/`.

// The binary's two `unsafe` operations map a file's blocks (`cli::prescan`) and cap glibc's
// heaps (`cli::arenas`).
#![deny(unsafe_code)]

mod cli;
// The library's generator for the tests' random inputs, shared rather than written again.
#[cfg(test)]
#[path = "../crates/draughts/src/test_rng.rs"]
mod test_rng;

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::parse();
    match cli::run(args) {
        Ok(status) => status.exit_code(),
        Err(err) if is_broken_pipe(&err) => {
            // The reader of our output went away (`pdnkit ... | head`): that is how pipelines
            // end, not a failure, so exit quietly with success as other Unix tools do.
            ExitCode::SUCCESS
        }
        Err(err) => {
            // Not `eprintln!`, which panics when stderr is a closed pipe.
            let _ = writeln!(io::stderr(), "pdnkit: {err:#}");
            ExitCode::from(cli::EXIT_FAILURE)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
