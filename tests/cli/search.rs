//! `search` and `index` as a user meets them: a query checked before any game is read, options
//! that apply to it only, rows that name the game and the move, `--to pdn` as the files had
//! the games, an index restricted to some of its files, and a damaged index refused.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::util::{Dir, Run, csv_rows};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SAMPLE: &str = "fixtures/sample/archive.pdn";
const DUPLICATES: &str = "fixtures/archive-tools/duplicates.pdn";
/// The position after 1. 32-28 in international draughts.
const AFTER_32_28: &str = "B:W28,31,33-50:B1-20";

/// A directory holding copies of the sample archive and the duplicates fixture.
fn archives(name: &str) -> Dir {
    let dir = Dir::new(name);
    for (from, to) in [(SAMPLE, "sample.pdn"), (DUPLICATES, "duplicates.pdn")] {
        dir.write(to, std::fs::read(Path::new(ROOT).join(from)).unwrap());
    }
    dir
}

/// The one line a refusal prints, with nothing on stdout and exit code 2.
fn refused(r: Run) -> String {
    let r = r.expect_code(2);
    assert_eq!(r.stdout, "", "nothing written");
    assert_eq!(r.stderr.lines().count(), 1, "one message: {}", r.stderr);
    r.stderr
}

#[test]
fn a_query_no_game_can_hold_is_refused_before_reading_in_one_line() {
    let dir = archives("search-refused");
    // Square 66 is not on the international board: refused after the first game rather than
    // once per game, with the board named.
    let e = refused(dir.run(&["search", "--fen", "W:W66:B1", "sample.pdn"]));
    assert!(
        e.contains("square 66") && e.contains("international"),
        "{e}"
    );
    let e = refused(dir.run(&["search", "--pattern", "W:W66", "sample.pdn"]));
    assert!(e.contains("square 66"), "{e}");
    // With --variant, the board is known before reading: a file that does not exist is not
    // even opened.
    let e = refused(dir.run(&[
        "search",
        "--variant",
        "international",
        "--fen",
        "W:W66:B1",
        "missing.pdn",
    ]));
    assert!(e.contains("square 66") && !e.contains("missing.pdn"), "{e}");
    // What no board can hold, or no one can read, is refused before any file is opened.
    for query in [
        &["--fen", "W:W200:B1"][..],
        &["--fen", "W:Wxyz:B1"],
        &["--fen", "nonsense"],
        &["--pattern", "Q:W28"],
        &["--pattern", "W:X28"],
        &["--material", "W:three"],
        &["--material", "white"],
        &["--move", "32+28"],
        &["--move", "x"],
    ] {
        let mut args = vec!["search"];
        args.extend_from_slice(query);
        args.push("missing.pdn");
        let e = refused(dir.run(&args));
        assert!(!e.contains("missing.pdn"), "{query:?}: {e}");
    }
    // A man on its own promotion row cannot stand there: refused too.
    let e = refused(dir.run(&["search", "--fen", "W:W3:B48", "sample.pdn"]));
    assert!(e.contains("promotion"), "{e}");
}

#[test]
fn the_index_refuses_a_query_its_games_cannot_hold_in_one_line() {
    let dir = archives("index-refused");
    dir.run(&["index", "-q", "-o", "games.idx", "sample.pdn"])
        .expect_code(0);
    let e = refused(dir.run(&["search", "--index", "games.idx", "--fen", "W:W66:B1"]));
    assert!(
        e.contains("square 66") && e.contains("international"),
        "{e}"
    );
    refused(dir.run(&["search", "--index", "games.idx", "--fen", "W:W200:B1"]));
}

#[test]
fn a_query_some_games_cannot_hold_searches_the_others_and_says_so_once() {
    let dir = archives("search-mixed");
    dir.write(
        "english.pdn",
        "[GameType \"21\"]\n1. 11-15 23-19 *\n\n[GameType \"21\"]\n1. 9-13 22-18 *\n",
    );
    let r = dir
        .run(&["search", "--fen", AFTER_32_28, "english.pdn", "sample.pdn"])
        .expect_code(0);
    assert_eq!(csv_rows(&r.stdout).len(), 19);
    let said: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.contains("not searched"))
        .collect();
    assert_eq!(said.len(), 1, "{}", r.stderr);
    assert!(said[0].contains("2 games of english"), "{}", said[0]);
}

#[test]
fn for_applies_to_patterns_and_the_other_options_to_their_queries() {
    let dir = archives("search-options");
    for (query, option) in [
        (&["--fen", AFTER_32_28][..], &["--for", "3"][..]),
        (&["--move", "x4"], &["--for", "3"]),
        (&["--material", "W:4 B:4"], &["--for", "2"]),
        (&["--move", "x4"], &["--mirror"]),
        (&["--move", "x4"], &["--any-side"]),
        (&["--material", "W:4 B:4"], &["--any-side"]),
    ] {
        let mut args = vec!["search"];
        args.extend_from_slice(query);
        args.extend_from_slice(option);
        args.push("sample.pdn");
        let e = refused(dir.run(&args));
        assert!(e.contains(option[0]), "{args:?}: {e}");
    }
    let zero = dir
        .run(&["search", "--pattern", "?:W31", "--for", "0", "sample.pdn"])
        .expect_code(2);
    assert!(zero.stderr.contains("--for"), "{}", zero.stderr);
    // With a pattern, --for counts positions in a row: the start pattern of every game holds
    // for one position or more, a run of a thousand is found in none.
    let once = dir
        .run(&["search", "-q", "--pattern", "W:W31-50:B1-20", "sample.pdn"])
        .expect_code(0);
    assert_eq!(csv_rows(&once.stdout).len(), 31);
    let long = dir
        .run(&[
            "search",
            "-q",
            "--pattern",
            "?:W50",
            "--for",
            "1000",
            "sample.pdn",
        ])
        .expect_code(0);
    assert_eq!(csv_rows(&long.stdout).len(), 0);
    // --for N: one hit per run of N positions or more in a row, at the run's first position,
    // as the hits of every single position say.
    let every = dir
        .run(&["search", "-q", "--pattern", "?:W45:E40", "sample.pdn"])
        .expect_code(0);
    let at = hits(&every.stdout);
    for n in [2u64, 5, 20] {
        let mut want = Vec::new();
        let mut i = 0;
        while i < at.len() {
            let mut j = i;
            while j + 1 < at.len() && at[j + 1] == (at[j].0, at[j].1 + 1) {
                j += 1;
            }
            if (j - i + 1) as u64 >= n {
                want.push(at[i]);
            }
            i = j + 1;
        }
        let runs = dir
            .run(&[
                "search",
                "-q",
                "--pattern",
                "?:W45:E40",
                "--for",
                &n.to_string(),
                "sample.pdn",
            ])
            .expect_code(0);
        assert!(!want.is_empty(), "--for {n}");
        assert_eq!(hits(&runs.stdout), want, "--for {n}");
    }
}

/// The (game, ply) of each row of search's CSV output, in order.
fn hits(stdout: &str) -> Vec<(u64, u64)> {
    csv_rows(stdout)
        .iter()
        .map(|row| (row["game"].parse().unwrap(), row["ply"].parse().unwrap()))
        .collect()
}

/// Every main-line ply of `file` as `convert --to csv --moves` writes it, by (game, ply).
fn plies(dir: &Dir, file: &str) -> BTreeMap<(String, String), BTreeMap<String, String>> {
    let r = dir.run(&["convert", "-q", "--to", "csv", "--moves", file]);
    csv_rows(&r.stdout)
        .into_iter()
        .map(|row| ((row["game"].clone(), row["ply"].clone()), row))
        .collect()
}

/// The tags of each game of `file` as `convert --to json` reads them.
fn tags(dir: &Dir, file: &str) -> BTreeMap<String, Value> {
    let r = dir.run(&["convert", "-q", "--to", "json", file]);
    r.stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|g| (g["game"].to_string(), g["tags"].clone()))
        .collect()
}

#[test]
fn every_position_that_matches_is_a_hit_even_right_after_another() {
    let dir = archives("search-every");
    // Captures often follow each other: each is a hit.
    let r = dir
        .run(&["search", "-q", "--move", "x1", "sample.pdn"])
        .expect_code(0);
    let mut captures: Vec<(u64, u64)> = plies(&dir, "sample.pdn")
        .into_iter()
        .filter(|(_, row)| row["captures"] != "0")
        .map(|((game, ply), _)| (game.parse().unwrap(), ply.parse().unwrap()))
        .collect();
    captures.sort();
    let mut sorted = hits(&r.stdout);
    sorted.sort();
    assert!(captures.len() > 100);
    assert_eq!(sorted, captures);
    // Material that holds for several plies in a row: a hit at each.
    let r = dir
        .run(&["search", "-q", "--material", "W:20 B:20", "sample.pdn"])
        .expect_code(0);
    let starts = csv_rows(&r.stdout)
        .iter()
        .filter(|row| row["ply"] == "0")
        .count();
    assert_eq!(starts, 31);
    assert!(
        csv_rows(&r.stdout).len() > 31 * 2,
        "the plies before the first capture too"
    );
}

#[test]
fn hit_rows_name_the_game_and_the_move_played_and_the_help_lists_their_columns() {
    let dir = archives("search-rows");
    let r = dir
        .run(&["search", "-q", "--move", "x3", "sample.pdn"])
        .expect_code(0);
    let rows = csv_rows(&r.stdout);
    assert!(rows.len() > 5);
    let plies = plies(&dir, "sample.pdn");
    let tags = tags(&dir, "sample.pdn");
    for row in &rows {
        let ply = &plies[&(row["game"].clone(), row["ply"].clone())];
        assert_eq!(row["move"], ply["notation"], "{row:?}");
        let tags = &tags[&row["game"]];
        for (column, tag) in [
            ("event", "Event"),
            ("white", "White"),
            ("black", "Black"),
            ("date", "Date"),
        ] {
            assert_eq!(row[column], tags[tag].as_str().unwrap_or(""), "{row:?}");
        }
    }
    // The same fields in JSON, the start position without a move.
    let json = dir
        .run(&[
            "search",
            "-q",
            "--format",
            "json",
            "--fen",
            "W:W31-50:B1-20",
            "sample.pdn",
        ])
        .expect_code(0);
    let first: Value = serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["ply"], 0);
    assert_eq!(first["move"], Value::Null);
    assert_eq!(first["white"], "Ndjofang, J.M.");
    // The help lists the columns the output has, in order.
    let header: Vec<String> = r
        .stdout
        .lines()
        .next()
        .unwrap()
        .split(',')
        .map(String::from)
        .collect();
    let help = dir.run(&["search", "--help"]).expect_code(0).stdout;
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let listed = help
        .split("with the columns ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("the help lists the columns");
    let listed: Vec<String> = listed.split(", ").map(String::from).collect();
    assert_eq!(listed, header);
    let object: Vec<String> = first.as_object().unwrap().keys().cloned().collect();
    let mut sorted = header.clone();
    sorted.sort();
    let mut keys = object;
    keys.sort();
    assert_eq!(keys, sorted, "JSON has the CSV's fields");
    // The documentation lists them too.
    let docs = std::fs::read_to_string(Path::new(ROOT).join("docs/archive-tools.md")).unwrap();
    assert!(
        docs.contains(&header.join(",")),
        "docs/archive-tools.md shows the header"
    );
}

#[test]
fn search_to_pdn_writes_the_games_as_their_file_has_them() {
    let dir = Dir::new("search-to-pdn");
    // Untagged games (their variant decided for the file), CRLF line ends, a long line and
    // a game without terminator.
    let games = [
        "[Event \"one\"]\r\n[White \"A\"]\r\n\r\n1. 32-28 17-22 2. 28x17 12x21 3. 31-26 7-12 4. 26x17 12x21 5. 36-31 19-23 6. 34-29 *\r\n",
        "[Event \"two\"]\r\n\r\n1. 32-28 17-22\r\n2. 28x17 12x21 {a comment}\r\n*\r\n",
        "[Event \"three\"]\r\n\r\n1. 32-28 17-22 2. 28x17 12x21 3. 31-26\r\n",
    ];
    let text = games.join("\r\n");
    dir.write("games.pdn", &text);
    let r = dir
        .run(&["search", "-q", "--move", "x1", "--to", "pdn", "games.pdn"])
        .expect_code(0);
    assert!(!r.stdout.contains("GameType"), "no tag added: {}", r.stdout);
    assert_eq!(r.stdout.matches("{pdnkit search: ").count(), 8);
    // Without the comments, the games' text as the file has it; a game without terminator
    // gets one so that the next game stays apart.
    let mut plain = r.stdout.clone();
    while let Some(at) = plain.find(" {pdnkit search: ") {
        let end = at + plain[at..].find('}').unwrap() + 1;
        plain.replace_range(at..end, "");
    }
    let want = format!(
        "{}\r\n{}\r\n{}\r\n*\r\n",
        games[0],
        games[1],
        games[2].trim_end()
    );
    assert_eq!(plain, want);
}

#[test]
fn an_index_searched_with_files_answers_from_those_files_only() {
    let dir = archives("index-files");
    dir.run(&[
        "index",
        "-q",
        "-o",
        "games.idx",
        "sample.pdn",
        "duplicates.pdn",
    ])
    .expect_code(0);
    let all = dir
        .run(&["search", "-q", "--index", "games.idx", "--fen", AFTER_32_28])
        .expect_code(0);
    let files = |r: &Run| -> Vec<String> {
        let mut f: Vec<String> = csv_rows(&r.stdout)
            .iter()
            .map(|r| r["file"].clone())
            .collect();
        f.dedup();
        f
    };
    assert_eq!(files(&all), ["sample.pdn", "duplicates.pdn"]);
    for file in ["sample.pdn", "duplicates.pdn"] {
        let one = dir
            .run(&[
                "search",
                "-q",
                "--index",
                "games.idx",
                "--fen",
                AFTER_32_28,
                file,
            ])
            .expect_code(0);
        assert_eq!(files(&one), [file]);
        // The rows a replay of that file gives.
        let replayed = dir
            .run(&["search", "-q", "--fen", AFTER_32_28, file])
            .expect_code(0);
        assert_eq!(one.stdout, replayed.stdout);
    }
    // A file named by another path is the same file; one the index does not cover is refused.
    std::fs::create_dir(dir.path.join("sub")).unwrap();
    let other = dir
        .run(&[
            "search",
            "-q",
            "--index",
            "games.idx",
            "--fen",
            AFTER_32_28,
            "sub/../sample.pdn",
        ])
        .expect_code(0);
    assert_eq!(files(&other), ["sample.pdn"]);
    dir.write("other.pdn", "[GameType \"20\"]\n1. 32-28 *\n");
    let e = refused(dir.run(&[
        "search",
        "--index",
        "games.idx",
        "--fen",
        AFTER_32_28,
        "other.pdn",
    ]));
    assert!(
        e.contains("other.pdn") && e.contains("not in the index"),
        "{e}"
    );
}

#[test]
fn a_damaged_or_truncated_index_is_refused_in_one_line() {
    let dir = archives("index-damaged");
    dir.run(&["index", "-q", "-o", "games.idx", "sample.pdn"])
        .expect_code(0);
    let good = std::fs::read(dir.path.join("games.idx")).unwrap();
    let search = |dir: &Dir| dir.run(&["search", "--index", "games.idx", "--fen", AFTER_32_28]);
    assert_eq!(csv_rows(&search(&dir).expect_code(0).stdout).len(), 19);
    // Fifty bytes flipped in the entries, in the games' records, in the file table.
    for at in [good.len() / 5, good.len() * 4 / 5, good.len() - 120] {
        let mut bytes = good.clone();
        for b in &mut bytes[at..at + 50] {
            *b ^= 0xA5;
        }
        dir.write("games.idx", &bytes);
        let e = refused(search(&dir));
        assert!(e.contains("games.idx") && e.contains("damaged"), "{e}");
    }
    for len in [good.len() - 1, good.len() / 2, 30] {
        dir.write("games.idx", &good[..len]);
        let e = refused(search(&dir));
        assert!(e.contains("damaged"), "{e}");
    }
    dir.write("games.idx", b"not an index at all\n");
    let e = refused(search(&dir));
    assert!(e.contains("not an index"), "{e}");
}

#[test]
fn a_sequence_is_the_second_pattern_after_the_first_within_n_plies() {
    let dir = Dir::new("search-then");
    let sample = Path::new(ROOT).join("fixtures/sample/archive.pdn");
    let sample = sample.to_str().unwrap();
    let places = |pattern: &str| -> Vec<(String, u32)> {
        let run = dir
            .run(&["search", "--pattern", pattern, sample])
            .expect_code(0);
        crate::util::csv_rows(&run.stdout)
            .into_iter()
            .map(|r| (r["game"].clone(), r["ply"].parse().unwrap()))
            .collect()
    };
    let (first, then) = ("?:W28", "?:B23");
    let (a, b) = (places(first), places(then));
    for within in [1, 4] {
        let expected: Vec<(String, u32)> = b
            .iter()
            .filter(|(g, p)| {
                a.iter()
                    .any(|(ga, pa)| ga == g && pa < p && *p <= pa + within)
            })
            .cloned()
            .collect();
        let n = within.to_string();
        let run = dir
            .run(&[
                "search",
                "--pattern",
                first,
                "--then",
                then,
                "--within",
                &n,
                sample,
            ])
            .expect_code(0);
        let got: Vec<(String, u32)> = crate::util::csv_rows(&run.stdout)
            .into_iter()
            .map(|r| (r["game"].clone(), r["ply"].parse().unwrap()))
            .collect();
        assert!(!expected.is_empty(), "the sample holds such sequences");
        assert_eq!(got, expected, "within {within}");
    }
    let bad = dir
        .run(&["search", "--pattern", first, "--then", "W:W99", sample])
        .expect_code(2);
    assert!(bad.stderr.contains("fits no variant"), "{}", bad.stderr);
}
