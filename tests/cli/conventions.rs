//! What users of command-line tools expect: completions and a manual page generated from the
//! argument definitions, and colour that follows `--color` and `NO_COLOR`.

use crate::util::Dir;

const FAULTY: &str = "[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n";

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    let dir = Dir::new("completions");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = dir.run(&["completions", shell]).expect_code(0);
        for word in ["pdnkit", "validate", "captures", "convert", "variant"] {
            assert!(run.stdout.contains(word), "{shell}: no {word}");
        }
    }
    let run = dir.run(&["completions", "tcsh"]).expect_code(2);
    assert!(run.stderr.contains("tcsh"), "{}", run.stderr);
    let run = dir
        .run(&["--format", "json", "completions", "bash"])
        .expect_code(2);
    assert!(
        run.stderr.contains("--format is not used"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_manual_page_is_roff_with_every_subcommand() {
    let dir = Dir::new("man");
    let run = dir.run(&["man"]).expect_code(0);
    assert!(run.stdout.contains(".TH pdnkit 1"), "{}", run.stdout);
    for word in [
        "validate", "captures", "convert", "stats", "perft", "variants",
    ] {
        assert!(run.stdout.contains(word), "no {word}");
    }
}

#[test]
fn colour_follows_color_and_no_color() {
    let dir = Dir::new("colour");
    dir.write("f.pdn", FAULTY);
    let red = "\u{1b}[1;31merror[capture-required]\u{1b}[0m";
    let always = dir
        .run(&["--color", "always", "validate", "f.pdn"])
        .expect_code(1);
    assert!(always.stdout.contains(red), "{:?}", always.stdout);
    // Not a terminal: no colour unless asked for.
    let auto = dir.run(&["validate", "f.pdn"]).expect_code(1);
    assert!(!auto.stdout.contains('\u{1b}'), "{:?}", auto.stdout);
    let never = dir
        .run(&["--color", "never", "validate", "f.pdn"])
        .expect_code(1);
    assert_eq!(never.stdout, auto.stdout);
    // NO_COLOR turns off only what `auto` would colour; `always` is an explicit request.
    let no_color = Dir::cmd(&dir, &["validate", "f.pdn"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&no_color.stdout).contains('\u{1b}'));
    let captures = dir
        .run(&["--color", "always", "--format", "text", "captures", "f.pdn"])
        .expect_code(1);
    assert!(captures.stdout.contains(red), "{:?}", captures.stdout);
    // Machine formats are never coloured.
    let json = dir
        .run(&["--color", "always", "--format", "json", "validate", "f.pdn"])
        .expect_code(1);
    assert!(!json.stdout.contains('\u{1b}'), "{:?}", json.stdout);
}
