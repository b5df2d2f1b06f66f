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

/// The subcommands `pdnkit --help` lists (but `help`).
fn subcommands(dir: &Dir) -> Vec<String> {
    let help = dir.run(&["--help"]).expect_code(0).stdout;
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The long options a help text lists (`--name` at the start of an option's line, below
/// `Options:`).
fn long_options(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Options:"))
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .flat_map(|l| l.split([',', ' ', '=']).filter(|w| w.starts_with("--")))
        .map(|w| w.trim_start_matches("--").to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn man_writes_a_page_for_pdnkit_and_every_subcommand_each_with_its_options() {
    let dir = Dir::new("man-pages");
    let names = subcommands(&dir);
    assert!(names.len() >= 16, "{names:?}");
    let run = dir.run(&["man", "--dir", "pages"]).expect_code(0);
    assert!(run.stderr.contains("written to pages"), "{}", run.stderr);
    let mut files: Vec<String> = std::fs::read_dir(dir.path.join("pages"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut want: Vec<String> = names.iter().map(|n| format!("pdnkit-{n}.1")).collect();
    want.push("pdnkit.1".to_string());
    want.sort();
    assert_eq!(files, want);
    for file in &files {
        let page = dir.read(&format!("pages/{file}"));
        // Every page another page refers to is one of those written.
        let mut rest = page.as_str();
        while let Some(at) = rest.find("(1)") {
            let before = &rest[..at];
            let name = before
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '\\'))
                .next()
                .unwrap()
                .replace("\\-", "-");
            assert!(
                files.contains(&format!("{name}.1")),
                "{file} refers to {name}(1), which is not written"
            );
            rest = &rest[at + 3..];
        }
    }
    // Each subcommand's page holds every option its help lists, and `man NAME` prints it.
    for name in &names {
        let page = dir.read(&format!("pages/pdnkit-{name}.1"));
        let help = dir.run(&[name, "--help"]).expect_code(0).stdout;
        let options = long_options(&help);
        assert!(
            options.contains(&"quiet".to_string()),
            "{name}: {options:?}"
        );
        for option in options {
            let roff = format!("\\-\\-{}", option.replace('-', "\\-"));
            assert!(page.contains(&roff), "{name}: the page has no --{option}");
        }
        let printed = dir.run(&["man", name]).expect_code(0).stdout;
        assert_eq!(printed, page, "man {name}");
    }
    assert_eq!(
        dir.run(&["man"]).expect_code(0).stdout,
        dir.read("pages/pdnkit.1")
    );
    let unknown = dir.run(&["man", "nonsense"]).expect_code(2);
    assert!(unknown.stderr.contains("validate"), "{}", unknown.stderr);
}

#[test]
fn completions_offer_the_variant_names() {
    let dir = Dir::new("completions-variants");
    let variants = dir
        .run(&["variants", "--format", "csv"])
        .expect_code(0)
        .stdout;
    let names: Vec<&str> = variants
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .collect();
    assert!(names.len() > 10, "{variants}");
    for shell in ["bash", "zsh", "fish"] {
        let script = dir.run(&["completions", shell]).expect_code(0).stdout;
        for name in &names {
            assert!(script.contains(name), "{shell}: no {name}");
        }
    }
    // An alias is still taken (it is not offered, to keep the list short).
    dir.write("game.pdn", "[GameType \"20\"]\n1. 32-28 *\n");
    let alias = dir
        .run(&["validate", "--variant", "polish", "game.pdn"])
        .expect_code(0);
    assert!(alias.stderr.contains("1 clean"), "{}", alias.stderr);
}

#[test]
fn format_is_offered_only_by_the_subcommands_that_take_it() {
    let dir = Dir::new("format-offered");
    dir.write("game.pdn", "[GameType \"20\"]\n1. 32-28 *\n");
    let takers = [
        "validate",
        "captures",
        "stats",
        "search",
        "perft",
        "variants",
        "players",
        "standings",
    ];
    for name in subcommands(&dir) {
        let help = dir.run(&[&name, "--help"]).expect_code(0).stdout;
        let offered = long_options(&help).contains(&"format".to_string());
        assert_eq!(offered, takers.contains(&name.as_str()), "{name}: {help}");
    }
    // Given anyway, before or after the subcommand's name, it is refused with a message that
    // says what the subcommand writes.
    for args in [
        &["convert", "--format", "json", "--to", "fen", "game.pdn"][..],
        &["--format", "json", "convert", "--to", "fen", "game.pdn"],
        &["filter", "--format", "csv", "game.pdn"],
        &["index", "--format", "csv", "-o", "x.idx", "game.pdn"],
        &["man", "--format", "csv"],
        &["lsp", "--format", "json"],
    ] {
        let run = dir.run(args).expect_code(2);
        assert!(
            run.stderr.contains("--format is not used"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "", "{args:?}");
    }
    // html is standings' page alone.
    let html = dir
        .run(&["--format", "html", "validate", "game.pdn"])
        .expect_code(2);
    assert!(html.stderr.contains("standings only"), "{}", html.stderr);
}
