//! The README documents every diagnostic code and the reader's limits, and its first lines stay
//! the two commands a new user needs.

#[test]
fn readme_lists_every_diagnostic_code() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for code in pdnkit::Code::ALL {
        let cell = format!("| `{}` |", code.name());
        assert!(
            readme.contains(&cell),
            "README does not list `{}`",
            code.name()
        );
    }
}

#[test]
fn readme_starts_with_the_sample_run_and_the_test_command() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let head: Vec<&str> = readme.lines().take(6).collect();
    let sample = head
        .iter()
        .find(|l| l.starts_with("cargo run"))
        .expect("a cargo run line");
    let path = sample
        .split_whitespace()
        .find(|w| w.starts_with("fixtures/"))
        .expect("the sample archive is in fixtures/");
    assert!(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(path)
            .is_file(),
        "{path} is missing"
    );
    assert!(head.iter().any(|l| l.starts_with("cargo test")));
}

/// `1048576` as the README writes it: `1,048,576`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn readme_states_the_limits_the_reader_applies() {
    use pdn::DEFAULT_MAX_GAME_SIZE;
    use pdn::{MAX_MAINLINE_MOVES, MAX_MOVES, MAX_TAG_NAME, MAX_TAG_VALUE, MAX_VARIATION_DEPTH};
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let rows = [
        format!(
            "| game size | {} MiB ({} bytes) |",
            DEFAULT_MAX_GAME_SIZE >> 20,
            grouped(DEFAULT_MAX_GAME_SIZE)
        ),
        format!("| variation nesting | {MAX_VARIATION_DEPTH} levels |"),
        format!("| tag name | {MAX_TAG_NAME} bytes |"),
        format!(
            "| tag value | {} bytes (after unescaping) |",
            grouped(MAX_TAG_VALUE)
        ),
        format!(
            "| moves in the main line | {} |",
            grouped(MAX_MAINLINE_MOVES)
        ),
        format!("| moves with the variations | {} |", grouped(MAX_MOVES)),
        format!("nested variations (up to {MAX_VARIATION_DEPTH} deep)"),
    ];
    for row in rows {
        assert!(readme.contains(&row), "README does not say {row:?}");
    }
}

#[test]
fn readme_stays_under_250_lines() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines < 250, "README has {lines} lines; details go to docs/");
}
