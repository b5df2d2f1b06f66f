//! One count everywhere: every command that reads games says the same about the same input.

use crate::util::Dir;

/// Games of every verdict: a bad move inside a variation (warnings), a capture fault
/// (invalid), a game whose syntax cannot be recovered (unreadable), untagged Russian games.
const CRAFTED: &str = "[Event \"clean\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
[Event \"a bad move in a variation\"]\n[GameType \"20\"]\n1. 32-28 (1. 33-28 19-23 2. 28-99) 19-23 *\n\n\
[Event \"a variation of a variation\"]\n[GameType \"21\"]\n1. 11-15 (1. 9-14 (1. 10-14 22-17) 22-18) 23-19 *\n\n\
[Event \"capture fault\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n\n\
[Event \"unreadable\"]\n[GameType \"20\"]\n1. 32-28 { a { b } c }\n\n";

const UNTAGGED_RUSSIAN: &str = "1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3xg5 h6xf4 *\n\n\
1. c3-d4 b6-a5 2. d4-c5 d6xb4 3. a3xc5 (3. a3-b4 a5xc3) f6-g5 *\n";

/// The counts of a summary line: `pdnkit: N games read: ...`.
fn summary(stderr: &str, command: &str) -> String {
    stderr
        .lines()
        .rev()
        .find(|l| l.contains(" read: "))
        .unwrap_or_else(|| panic!("{command}: no summary line in\n{stderr}"))
        .to_string()
}

#[test]
fn every_command_counts_the_same_games_the_same_way() {
    let dir = Dir::new("counts");
    dir.write("crafted.pdn", CRAFTED);
    dir.write("russian.pdn", UNTAGGED_RUSSIAN);
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = vec![
        format!("{root}/fixtures/sample/archive.pdn"),
        format!("{root}/fixtures/validate/setup.pdn"),
        format!("{root}/fixtures/validate/draw-rules.pdn"),
        format!("{root}/fixtures/real-world/noisy-annotations.pdn"),
        format!("{root}/fixtures/real-world/untagged-english.pdn"),
        format!("{root}/fixtures/real-world/russian-short-ambiguous.pdn"),
        "crafted.pdn".to_string(),
        "russian.pdn".to_string(),
    ];
    files.push("missing.pdn".to_string());
    // (`index` is left out: an index of a failed input would answer for games it lacks, so
    // it refuses to be written.)
    let runs: [(&str, Vec<&str>); 10] = [
        ("validate", vec!["validate"]),
        ("stats", vec!["stats"]),
        ("split", vec!["split", "--games", "7", "-o", "parts"]),
        ("dedupe", vec!["dedupe"]),
        ("filter", vec!["filter", "--plies", "0.."]),
        ("convert", vec!["convert", "--to", "json"]),
        ("convert pdn", vec!["convert", "--to", "pdn"]),
        ("search", vec!["search", "--move", "x3"]),
        ("captures", vec!["captures"]),
        ("report", vec!["report", "-o", "report.html"]),
    ];
    let mut lines = Vec::new();
    for (name, args) in runs {
        let mut all: Vec<&str> = args;
        all.extend(files.iter().map(String::as_str));
        let run = dir.run(&all);
        // The missing input fails every run.
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        lines.push((name, summary(&run.stderr, name)));
    }
    let (_, first) = &lines[0];
    // The input holds every verdict and a failed input, so equal lines say something.
    let (_, counts) = first.split_once(" read: ").expect("a summary");
    let parts: Vec<&str> = counts.split(", ").collect();
    assert_eq!(parts.len(), 5, "{first}");
    for part in parts {
        assert!(!part.starts_with("0 "), "no game {part} in {first}");
    }
    for (name, line) in &lines {
        assert_eq!(line, first, "{name} counts otherwise than validate");
    }
}
