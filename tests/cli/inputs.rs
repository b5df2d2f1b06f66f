//! Archives as they come (`fixtures/inputs/`): every encoding read so that each name comes out
//! as it was written, folders and zip archives read whole, binary files refused in a line,
//! glued games and opening books cut into their games, empty input named.

use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{Dir, Run};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/inputs");

/// Runs pdnkit in the fixtures' directory.
fn run(args: &[&str]) -> Run {
    crate::util::run_in(FIXTURES, args)
}

/// The first column of a CSV's rows (the file a game came from).
fn files_of(csv: &Run) -> Vec<&str> {
    csv.stdout
        .lines()
        .skip(1)
        .map(|r| r.split(',').next().unwrap())
        .collect()
}

/// The CSV rows of `convert --to csv` without the file's name and the game's status (a game
/// read in a legacy encoding carries the warning that names it).
fn rows_without_file(run: &Run) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(run.stdout.as_bytes());
    let header = reader.headers().unwrap().clone();
    let kept: Vec<usize> = (0..header.len())
        .filter(|&i| !matches!(&header[i], "file" | "status"))
        .collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            kept.iter()
                .map(|&i| &r[i])
                .collect::<Vec<_>>()
                .join("\u{1f}")
        })
        .collect()
}

/// The copies of the championship in other encodings, each with the name of the encoding it
/// is read in, and whether a warning names it (UTF-16, told by its byte order mark, is only
/// noted).
const COPIES: [(&str, &str, bool); 5] = [
    ("championship.cp1251.pdn", "windows-1251", true),
    ("championship.koi8-r.pdn", "KOI8-R", true),
    ("championship.ibm866.pdn", "IBM866", true),
    ("championship.utf16le.pdn", "UTF-16LE", false),
    ("championship.utf16be.pdn", "UTF-16BE", false),
];

#[test]
fn every_encoding_gives_every_name_as_it_was_written() {
    let original = "championship.utf8.pdn";
    let csv = |file: &str| run(&["convert", "--to", "csv", file]).expect_code(0);
    let pdn = |file: &str| run(&["convert", "--to", "pdn", file]).expect_code(0);
    // The players' table of `stats` and its events.
    let stats = |file: &str| {
        let out = run(&["stats", "--top", "30", file]).expect_code(0).stdout;
        let from = out.find("\nplayer ").unwrap();
        let to = out.find("\ncaptures:").unwrap();
        out[from..to].to_owned()
    };
    let want_csv = rows_without_file(&csv(original));
    assert!(want_csv.iter().any(|row| row.contains("Блиндер Б.")));
    let want_pdn = pdn(original).stdout;
    let want_stats = stats(original);
    assert!(want_stats.contains("Миротин Б."), "{want_stats}");
    for (copy, encoding, warned) in COPIES {
        assert_eq!(rows_without_file(&csv(copy)), want_csv, "{copy}");
        assert_eq!(pdn(copy).stdout, want_pdn, "{copy}");
        assert_eq!(stats(copy), want_stats, "{copy}");
        let found = run(&["filter", "--player", "Блиндер", "--to", "csv", copy]).expect_code(0);
        assert_eq!(
            found.stdout.lines().count(),
            1 + 4,
            "{copy}: {}",
            found.stdout
        );
        // The decision is a warning naming the encoding, shown without --notes, once per file;
        // the UTF-16 copies say what they are in a note.
        let validate = run(&["validate", copy]).expect_code(0);
        let warning = format!("warning[encoding]: the file is not UTF-8: read as {encoding},");
        assert_eq!(
            validate.stdout.matches(&warning).count(),
            usize::from(warned),
            "{copy}: {}",
            validate.stdout
        );
        let notes = run(&["validate", "--notes", copy]).expect_code(0);
        assert_eq!(
            notes.stdout.contains(&format!("the file is {encoding}")),
            !warned,
            "{copy}: {}",
            notes.stdout
        );
    }
}

#[test]
fn one_broken_byte_leaves_the_file_utf8_and_is_named_where_it_is() {
    let original = rows_without_file(&run(&["convert", "--to", "csv", "championship.utf8.pdn"]));
    let broken = run(&["convert", "--to", "csv", "championship.broken-byte.pdn"]).expect_code(0);
    let broken = rows_without_file(&broken);
    let differ: Vec<(&String, &String)> = original
        .iter()
        .zip(&broken)
        .filter(|(a, b)| a != b)
        .collect();
    // Only game 5, whose White lost half of its first letter; every other name is intact.
    assert_eq!(differ.len(), 1, "{differ:#?}");
    assert!(differ[0].0.starts_with("5\u{1f}") && differ[0].0.contains("Коршунов Д."));
    assert!(
        differ[0].1.contains("\u{FFFD}оршунов Д."),
        "{}",
        differ[0].1
    );
    let validate = run(&[
        "validate",
        "--format",
        "json",
        "championship.broken-byte.pdn",
    ]);
    let games: Vec<Value> = validate
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let encoding: Vec<(u64, u64, u64)> = games
        .iter()
        .flat_map(|g| {
            g["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["code"] == "encoding")
                .map(|d| {
                    let n = |k: &str| d[k].as_u64().unwrap();
                    (g["game"].as_u64().unwrap(), n("line"), n("column"))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(encoding, [(5, 66, 9)]);
}

#[test]
fn a_named_encoding_overrides_the_decision_and_an_unknown_one_is_refused() {
    // Read as Windows-1252, the CP1251 bytes give the mojibake the decision avoids.
    let forced = run(&[
        "convert",
        "--to",
        "csv",
        "--encoding",
        "cp1252",
        "championship.cp1251.pdn",
    ]);
    assert!(forced.stdout.contains("Áëèíäåð Á."), "{}", forced.stdout);
    let told = run(&[
        "validate",
        "--encoding",
        "koi8-r",
        "championship.koi8-r.pdn",
    ])
    .expect_code(0);
    assert!(
        !told.stdout.contains("warning[encoding]"),
        "{}",
        told.stdout
    );
    let unknown =
        run(&["validate", "--encoding", "klingon", "championship.utf8.pdn"]).expect_code(2);
    assert!(
        unknown.stderr.contains("unknown encoding \"klingon\""),
        "{}",
        unknown.stderr
    );
}

#[test]
fn binary_files_are_refused_in_one_line_each_and_the_others_still_read() {
    let dir = Dir::new("inputs-binary");
    // Random bytes, and an executable (this very program).
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let noise: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let noise = dir.write("noise.pdn", noise);
    let picture = format!("{FIXTURES}/picture.png");
    let good = format!("{FIXTURES}/championship.utf8.pdn");
    let exe = env!("CARGO_BIN_EXE_pdnkit");
    let noise = noise.display().to_string();
    for subcommand in ["validate", "stats", "convert"] {
        let mut args = vec![subcommand];
        if subcommand == "convert" {
            args.extend(["--to", "csv"]);
        }
        args.extend([noise.as_str(), picture.as_str(), exe, good.as_str()]);
        let refused = dir.run(&args).expect_code(2);
        for input in [&noise, &picture, &exe.to_owned()] {
            let line =
                format!("pdnkit: {input}: not a text file (NUL bytes in its first kilobytes)");
            assert_eq!(
                refused.stderr.matches(&line).count(),
                1,
                "{}",
                refused.stderr
            );
        }
        if subcommand == "validate" {
            assert_eq!(refused.stdout, "", "{subcommand}");
        }
        assert!(refused.stderr.lines().count() <= 6, "{}", refused.stderr);
        assert!(
            refused.stderr.contains("12 games read"),
            "{}",
            refused.stderr
        );
        assert!(
            refused.stderr.contains("3 inputs failed"),
            "{}",
            refused.stderr
        );
    }
    // --text reads them all the same.
    let forced = dir.run(&["validate", "-q", "--text", picture.as_str()]);
    assert_ne!(forced.code, 2, "{}", forced.stderr);
}

#[test]
fn a_glued_engine_log_is_read_as_its_games() {
    let run14 = run(&["validate", "engine-log.pdn"]).expect_code(0);
    assert!(
        run14.stderr.contains("14 games read: 14 clean"),
        "{}",
        run14.stderr
    );
    // The variant is decided from the moves (no --variant) and every game ends at its result.
    let csv = run(&[
        "convert",
        "--to",
        "csv",
        "--tags",
        "Result",
        "engine-log.pdn",
    ])
    .expect_code(0);
    let variants: Vec<&str> = csv
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(3).unwrap())
        .collect();
    assert_eq!(variants, ["international"; 14]);
    let notes = run(&["validate", "--notes", "engine-log.pdn"]).expect_code(0);
    assert_eq!(
        notes.stdout.matches("syntax-note]: glued-games").count(),
        13
    );
    // With fast paths off, the same games.
    let reference = Run::from(
        Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .args(["validate", "--notes", "engine-log.pdn"])
            .current_dir(FIXTURES)
            .env("PDNKIT_NO_FAST_PATHS", "1")
            .output()
            .unwrap(),
    );
    assert_eq!(reference.stdout, notes.stdout);
}

#[test]
fn an_opening_book_is_read_one_game_a_line() {
    let book = run(&["validate", "--notes", "opening-book.pdn"]).expect_code(0);
    assert!(
        book.stderr.contains("20 games read: 20 clean"),
        "{}",
        book.stderr
    );
    assert_eq!(
        book.stdout
            .matches("syntax-note]: restarted-numbering")
            .count(),
        19
    );
    let fens = run(&["convert", "--to", "fen", "opening-book.pdn"]).expect_code(0);
    assert_eq!(fens.stdout.lines().count(), 20);
}

#[test]
fn an_empty_file_is_named_as_empty() {
    let empty = run(&["validate", "empty.pdn", "championship.utf8.pdn"]).expect_code(0);
    assert!(
        empty
            .stderr
            .contains("pdnkit: empty.pdn: warning: empty, no game read"),
        "{}",
        empty.stderr
    );
    let quiet = run(&["validate", "-q", "empty.pdn"]).expect_code(0);
    assert_eq!(quiet.stderr, "");
}

/// Warnings about inputs and failed inputs come in the order of the inputs, before the closing
/// lines, whatever the jobs (a warning was once printed after the next item when one job read).
#[test]
fn warnings_and_failed_inputs_come_in_input_order_for_every_jobs() {
    let inputs = [
        "missing-one.pdn",
        "empty.pdn",
        "championship.utf8.pdn",
        "empty.pdn",
        "missing-two.pdn",
    ];
    for command in [
        &["convert", "--to", "json"][..],
        &["captures"],
        &["stats"],
        &["validate", "--syntax-only"],
        &["filter", "--status", "clean"],
    ] {
        let runs: Vec<Run> = ["1", "3"]
            .iter()
            .map(|jobs| run(&[&["-j", jobs], command, &inputs[..]].concat()).expect_code(2))
            .collect();
        assert_eq!(runs[0].stderr, runs[1].stderr, "{command:?}");
        let lines: Vec<&str> = runs[0].stderr.lines().collect();
        let at = |needle: &str| {
            lines
                .iter()
                .position(|l| l.contains(needle))
                .unwrap_or_else(|| panic!("{needle} not in {lines:?}"))
        };
        let empty: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].contains("empty.pdn: warning: empty"))
            .collect();
        assert_eq!(empty.len(), 2, "{lines:?}");
        assert!(at("missing-one.pdn") < empty[0], "{lines:?}");
        assert!(empty[1] < at("missing-two.pdn"), "{lines:?}");
        assert!(at("missing-two.pdn") < at("games read"), "{lines:?}");
    }
}

#[test]
fn a_zip_archive_is_read_member_by_member() {
    let zip = run(&["convert", "--to", "csv", "--tags", "White", "archive.zip"]).expect_code(0);
    let rows: Vec<&str> = zip.stdout.lines().skip(1).collect();
    assert_eq!(
        files_of(&zip),
        [
            "archive.zip:2015/round-01.pdn",
            "archive.zip:2015/round-01.pdn",
            "archive.zip:2015/round-02.pdn.gz",
            "archive.zip:2015/round-02.pdn.gz",
            "archive.zip:2015/round-03.pdn",
            "archive.zip:2015/round-03.pdn",
        ]
    );
    // The CP1251 member is decoded as the files are.
    assert!(rows[4].contains("Романов В.А."), "{}", rows[4]);
    let validate = run(&["validate", "--format", "json", "archive.zip"]);
    assert!(
        validate
            .stdout
            .contains("\"file\":\"archive.zip:2015/round-03.pdn\"")
    );
    for jobs in ["1", "3"] {
        let again = run(&[
            "-j",
            jobs,
            "convert",
            "--to",
            "csv",
            "--tags",
            "White",
            "archive.zip",
        ]);
        assert_eq!(again.stdout, zip.stdout);
    }
    // An index finds its games again by their offsets in a file: not in a zip archive.
    let dir = Dir::new("inputs-zip-index");
    let index = dir.path.join("games.idx").display().to_string();
    let refused = run(&["index", "-o", &index, "archive.zip"]).expect_code(2);
    assert!(
        refused
            .stderr
            .contains("archive.zip: a zip archive; an index names files"),
        "{}",
        refused.stderr
    );
}

#[test]
fn a_folder_tree_is_read_whole_in_a_stable_order() {
    let tree = run(&["convert", "--to", "csv", "tree"]).expect_code(0);
    assert_eq!(
        files_of(&tree),
        [
            "tree/2014/a.pdn",
            "tree/2015/b.pdn.gz",
            "tree/2015/finals/c.PDN",
            "tree/2016.zip:d.pdn"
        ]
    );
    let chosen = run(&[
        "convert", "--to", "csv", "--glob", "*.pdn", "--glob", "!2015/**", "tree",
    ]);
    assert_eq!(files_of(&chosen), ["tree/2014/a.pdn"]);
    let none = run(&["validate", "--glob", "*.txt", "tree/2014"]).expect_code(0);
    assert!(
        none.stderr
            .contains("pdnkit: tree/2014: warning: no file selected in this folder"),
        "{}",
        none.stderr
    );
    let bad = run(&["validate", "--glob", "a[", "tree"]).expect_code(2);
    assert!(bad.stderr.contains("--glob a["), "{}", bad.stderr);
}

#[test]
fn a_terminal_on_standard_input_gets_a_hint() {
    // `script` (util-linux) runs the command on a terminal of its own and types its input.
    let command = format!("{} validate", env!("CARGO_BIN_EXE_pdnkit"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the `script` command of util-linux");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        stdin.write_all(b"1. 32-28 *\n\x04").unwrap();
    }
    let out = Run::from(child.wait_with_output().unwrap());
    assert!(
        out.stdout
            .contains("pdnkit: reading PDN from the terminal: paste or type games, then Ctrl-D"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("1 game read: 1 clean"),
        "{}",
        out.stdout
    );
}
