//! The README documents every diagnostic code, and its first lines stay the two commands a new
//! user needs.

#[test]
fn readme_lists_every_diagnostic_code() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for code in pdnkit::replay::Code::ALL {
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
