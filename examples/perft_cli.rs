//! Runs `src/cli/perft.rs` stand-alone until the binary wires it in:
//! `cargo run --release --example perft_cli -- --variant russian --depth 6 --divide`.

#[path = "../src/cli/perft.rs"]
mod perft;

use clap::Parser;

#[derive(Parser, Debug)]
struct Cli {
    #[command(flatten)]
    args: perft::PerftArgs,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    perft::run(&cli.args, &mut std::io::stdout().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(argv: &[&str]) -> String {
        let cli =
            Cli::try_parse_from(std::iter::once("perft").chain(argv.iter().copied())).unwrap();
        let mut out = Vec::new();
        perft::run(&cli.args, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn total_is_the_last_line() {
        assert_eq!(run(&["--depth", "3"]), "658\n");
        let divided = run(&["--variant", "russian", "--depth", "2", "--divide"]);
        let lines: Vec<&str> = divided.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[7], "49");
        assert!(lines[0].starts_with("a3-b4 7") || lines.iter().any(|l| l.starts_with("c3-d4 ")));
        let keep = run(&[
            "--depth",
            "2",
            "--fen",
            "W:WK47:B14,19,29,31,42",
            "--divide",
            "--count",
            "keep",
        ]);
        assert!(keep.contains("47x38x24x13x36"), "{keep}");
    }
}
