//! The archive tools (filter, search, index, dedupe, split, named openings), each checked
//! against what another subcommand says of the same games: filter against `convert --to json`,
//! search against `convert --to fen --position every-ply`, split against `validate`.

#[path = "../pdn_support/mod.rs"]
pub mod pdn_support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{Dir, Run, csv_rows};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs pdnkit in the repository's directory.
fn run(args: &[&str]) -> Run {
    crate::util::run_in(ROOT, args)
}

/// Runs pdnkit with `input` on standard input.
fn run_on(args: &[&str], input: &[u8]) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    Run::from(child.wait_with_output().unwrap())
}

/// Runs with -j 1, 2 and 3 and checks that stdout is the same; returns the first run.
fn same_for_every_jobs(args: &[&str]) -> Run {
    let runs: Vec<Run> = ["1", "2", "3"]
        .iter()
        .map(|j| {
            let mut a = vec!["-j", j];
            a.extend_from_slice(args);
            run(&a)
        })
        .collect();
    for r in &runs[1..] {
        assert_eq!(
            r.stdout, runs[0].stdout,
            "output differs between -j values: {args:?}"
        );
        assert_eq!(r.code, runs[0].code, "exit code differs: {args:?}");
    }
    runs.into_iter().next().unwrap()
}

const SAMPLE: &str = "fixtures/sample/archive.pdn";
const DUPLICATES: &str = "fixtures/archive-tools/duplicates.pdn";

/// Sample files: the bundled ones, and real archives of several variants when the corpus is
/// there.
fn archives() -> Vec<String> {
    let mut files = vec![SAMPLE.to_string(), DUPLICATES.to_string()];
    if let Some(dir) = pdn_support::corpus_dir() {
        for f in [
            "international/wk2003.pdn",
            "international/match-sijbrands-andreiko.pdn",
            "russian/abatsiev.pdn",
            "english/goulds.pdn",
            "brazilian/lidraughts-sample.pdn",
            "frisian/lidraughts-frysk-sample.pdn",
        ] {
            files.push(pdn_support::corpus_file(&dir, f).display().to_string());
        }
    }
    files
}

fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every game of `files` as `convert --to json` describes it.
fn converted(files: &[String]) -> Vec<Value> {
    let mut args = vec!["convert", "--to", "json", "-q"];
    args.extend(files.iter().map(String::as_str));
    let r = run(&args);
    assert!(r.code < 2, "{}", r.stderr);
    json_lines(&r.stdout)
}

fn tag<'a>(game: &'a Value, name: &str) -> &'a str {
    game["tags"][name].as_str().unwrap_or("")
}

/// The games `filter` keeps, as `--to json` writes them.
fn filtered(files: &[String], conditions: &[&str]) -> Vec<Value> {
    let mut args = vec!["filter", "--to", "json", "-q"];
    args.extend_from_slice(conditions);
    args.extend(files.iter().map(String::as_str));
    let r = same_for_every_jobs(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    json_lines(&r.stdout)
}

#[test]
fn filter_keeps_exactly_the_games_that_match() {
    let files = archives();
    let all = converted(&files);
    assert!(all.len() > 40);
    let year = |g: &Value| -> Option<u32> {
        let date = tag(g, "Date");
        date.split(|c: char| !c.is_ascii_digit())
            .find(|w| w.len() == 4)
            .and_then(|w| w.parse().ok())
    };
    let codes = |g: &Value| -> Vec<String> {
        g["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };
    type Check = Box<dyn Fn(&Value) -> bool>;
    let cases: Vec<(Vec<&str>, Check)> = vec![
        (
            vec!["--player", "heusdens"],
            Box::new(|g| {
                let p = |s: &str| s.to_lowercase().contains("heusdens");
                p(tag(g, "White")) || p(tag(g, "Black"))
            }),
        ),
        (
            vec!["--white", "^a"],
            Box::new(|g| tag(g, "White").to_lowercase().starts_with('a')),
        ),
        (
            vec!["--event", "WK 2003"],
            Box::new(|g| tag(g, "Event").to_lowercase().contains("wk 2003")),
        ),
        (
            vec!["--tag", "Round=^1$"],
            Box::new(|g| tag(g, "Round") == "1"),
        ),
        (
            vec!["--year", "1990..2010"],
            Box::new(move |g| year(g).is_some_and(|y| (1990..=2010).contains(&y))),
        ),
        (
            vec!["--variant", "russian"],
            Box::new(|g| g["variant"] == "russian"),
        ),
        (
            vec!["--plies", "60..90"],
            Box::new(|g| (60..=90).contains(&g["plies"].as_u64().unwrap_or(0))),
        ),
        (
            vec!["--status", "invalid"],
            Box::new(|g| g["status"] == "invalid"),
        ),
        (
            vec!["--code", "result-mismatch"],
            Box::new(move |g| codes(g).iter().any(|c| c == "result-mismatch")),
        ),
        (
            vec!["--result", "draw"],
            Box::new(|g| matches!(tag(g, "Result"), "1/2-1/2" | "1-1" | "1/2:1/2")),
        ),
        (
            vec!["--player", "heusdens", "--not"],
            Box::new(|g| {
                let p = |s: &str| s.to_lowercase().contains("heusdens");
                !(p(tag(g, "White")) || p(tag(g, "Black")))
            }),
        ),
    ];
    for (args, check) in cases {
        let want: Vec<&Value> = all.iter().filter(|g| check(g)).collect();
        let got = filtered(&files, &args);
        assert!(!want.is_empty(), "{args:?} matches no game: not a test");
        assert_eq!(got.len(), want.len(), "{args:?}: games kept");
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(
                (&g["file"], &g["game"]),
                (&w["file"], &w["game"]),
                "{args:?}"
            );
        }
    }
}

#[test]
fn filter_writes_the_original_text_byte_for_byte() {
    let original = std::fs::read(Path::new(ROOT).join(SAMPLE)).unwrap();
    let r = run(&["filter", "-q", "--plies", "0..", SAMPLE]).expect_code(0);
    // Every game kept: the archive comes back as it was (its last line ended).
    let mut want = original.clone();
    if !want.ends_with(b"\n") {
        want.push(b'\n');
    }
    assert_eq!(r.stdout.as_bytes(), &want[..]);
    // A few games kept: each one's text is a piece of the original.
    let r = run(&["filter", "-q", "--player", "heusdens", SAMPLE]).expect_code(0);
    let text = String::from_utf8(original).unwrap();
    let kept: Vec<&str> = r.stdout.split("\n[Event").collect();
    assert!(kept.len() >= 2);
    for piece in kept {
        assert!(text.contains(piece.trim()), "not in the original:\n{piece}");
    }
}

#[test]
fn filter_refuses_bad_conditions_with_a_usage_error() {
    for args in [
        &["filter", "--year", "nineteen", SAMPLE][..],
        &["filter", "--white", "(", SAMPLE],
        &["filter", "--code", "no-such-code", SAMPLE],
        &["filter", "--plies", "9..3", SAMPLE],
        &["filter", "--format", "json", SAMPLE],
    ] {
        let r = run(args).expect_code(2);
        assert!(r.stdout.is_empty(), "{args:?}");
        assert!(r.stderr.starts_with("pdnkit:"), "{args:?}: {}", r.stderr);
    }
}

/// Every position of every game's main line: (file, game, ply) for each FEN.
fn every_ply(files: &[String]) -> BTreeMap<String, BTreeSet<(String, u64, u64)>> {
    let mut args = vec!["convert", "--to", "fen", "--position", "every-ply", "-q"];
    args.extend(files.iter().map(String::as_str));
    let r = run(&args);
    let mut at: BTreeMap<String, BTreeSet<(String, u64, u64)>> = BTreeMap::new();
    for line in r.stdout.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        at.entry(f[3].to_string()).or_default().insert((
            f[0].to_string(),
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
        ));
    }
    at
}

fn search_rows(args: &[&str]) -> BTreeSet<(String, u64, u64)> {
    let r = same_for_every_jobs(args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    csv_rows(&r.stdout)
        .iter()
        .map(|row| {
            (
                row["file"].clone(),
                row["game"].parse().unwrap(),
                row["ply"].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn search_by_fen_finds_every_game_that_lists_the_position_and_no_other() {
    let files = archives();
    let at = every_ply(&files);
    // Positions reached in more than one game (openings), and positions of one game only.
    let shared: Vec<&String> = at
        .iter()
        .filter(|(_, s)| s.len() > 1)
        .map(|(f, _)| f)
        .collect();
    let single: Vec<&String> = at
        .iter()
        .filter(|(_, s)| s.len() == 1)
        .map(|(f, _)| f)
        .collect();
    assert!(shared.len() > 3 && single.len() > 3);
    let picks = shared
        .iter()
        .step_by(shared.len() / 3)
        .chain(single.iter().step_by(single.len() / 4));
    for fen in picks {
        let mut args = vec!["search", "--fen", fen.as_str(), "-q"];
        args.extend(files.iter().map(String::as_str));
        assert_eq!(search_rows(&args), at[*fen], "search --fen {fen}");
    }
}

#[test]
fn search_with_an_index_answers_as_the_replay_does() {
    let files = archives();
    let dir = Dir::new("index");
    let index = dir.path.join("games.idx");
    let index = index.to_str().unwrap();
    let mut args = vec!["index", "-q", "-o", index];
    args.extend(files.iter().map(String::as_str));
    run(&args).expect_code(0);
    let at = every_ply(&files);
    for fen in at.keys().step_by(at.len() / 6) {
        let mut replayed = vec!["search", "-q", "--fen", fen.as_str()];
        replayed.extend(files.iter().map(String::as_str));
        let by_replay = run(&replayed).expect_code(0);
        let by_index = run(&["search", "-q", "--fen", fen, "--index", index]).expect_code(0);
        assert_eq!(by_index.stdout, by_replay.stdout, "--fen {fen}");
    }
    // A file changed since: the index is refused, with the file named.
    let copy = dir.write(
        "copy.pdn",
        std::fs::read(Path::new(ROOT).join(SAMPLE)).unwrap(),
    );
    let small = dir.path.join("small.idx");
    let small = small.to_str().unwrap();
    run(&["index", "-q", "-o", small, copy.to_str().unwrap()]).expect_code(0);
    let start = "W:W31-50:B1-20";
    let before = run(&["search", "-q", "--fen", start, "--index", small]).expect_code(0);
    assert_eq!(
        before.stdout.lines().count(),
        1 + 31,
        "a header and every game's start"
    );
    let mut text = std::fs::read(&copy).unwrap();
    text.extend_from_slice(b"\n[Event \"added\"]\n1. 32-28 *\n");
    std::fs::write(&copy, text).unwrap();
    let after = run(&["search", "-q", "--fen", start, "--index", small]).expect_code(2);
    assert!(
        after.stderr.contains("copy.pdn") && after.stderr.contains("changed since"),
        "{}",
        after.stderr
    );
}

#[test]
fn search_with_mirror_finds_the_colour_reversed_position() {
    let dir = Dir::new("mirror");
    // After 1. 32-28 (Black to move), and its mirror: Black's man gone from 19 to 23 with
    // White to move, reached from a position with Black to move.
    dir.write(
        "pair.pdn",
        "[Event \"A\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n\
         [Event \"B\"]\n[GameType \"20\"]\n[FEN \"B:W31-50:B1-20\"]\n\n1... 19-23 *\n",
    );
    let fen = "B:W28,31,33-50:B1-20";
    let plain = dir
        .run(&["search", "-q", "--fen", fen, "pair.pdn"])
        .expect_code(0);
    let rows = csv_rows(&plain.stdout);
    assert_eq!(rows.len(), 1, "{}", plain.stdout);
    assert_eq!((&*rows[0]["game"], &*rows[0]["ply"]), ("1", "1"));
    let both = dir
        .run(&["search", "-q", "--mirror", "--fen", fen, "pair.pdn"])
        .expect_code(0);
    let rows = csv_rows(&both.stdout);
    assert_eq!(rows.len(), 2, "{}", both.stdout);
    let at = |row: &BTreeMap<String, String>| {
        (
            row["game"].clone(),
            row["ply"].clone(),
            row["mirrored"].clone(),
        )
    };
    assert_eq!(at(&rows[0]), ("1".into(), "1".into(), "false".into()));
    assert_eq!(at(&rows[1]), ("2".into(), "1".into(), "true".into()));
}

#[test]
fn search_patterns_material_and_manoeuvres() {
    // A pattern with the side to move left free holds at the start of every international game.
    let r = run(&["search", "-q", "--pattern", "?:W31,50:B1:E25,26", SAMPLE]).expect_code(0);
    let rows = csv_rows(&r.stdout);
    let starts = rows.iter().filter(|row| row["ply"] == "0");
    assert_eq!(starts.count(), 31);
    // Material: every hit's FEN has the counts asked for.
    let r = run(&["search", "-q", "--material", "W:4 B:4", SAMPLE]).expect_code(0);
    let rows = csv_rows(&r.stdout);
    assert!(!rows.is_empty());
    for row in &rows {
        let fen = &row["fen"];
        let count = |side: &str| -> usize {
            let part = fen
                .split(':')
                .skip(1)
                .find(|p| p.starts_with(side))
                .unwrap();
            part[1..]
                .split(',')
                .filter(|s| !s.is_empty())
                .map(|s| match s.split_once('-') {
                    Some((a, b)) => {
                        b.parse::<usize>().unwrap()
                            - a.trim_start_matches('K').parse::<usize>().unwrap()
                            + 1
                    }
                    None => 1,
                })
                .sum()
        };
        assert_eq!((count("W"), count("B")), (4, 4), "{row:?}");
    }
    // A capture of four or more: the move on the row's ply takes that many (checked by JSON).
    let r = run(&["search", "-q", "--move", "x4", SAMPLE]).expect_code(0);
    let hits: Vec<(u64, u64)> = csv_rows(&r.stdout)
        .iter()
        .map(|row| (row["game"].parse().unwrap(), row["ply"].parse().unwrap()))
        .collect();
    let games = converted(&[SAMPLE.to_string()]);
    let mut want = Vec::new();
    for g in &games {
        for m in g["moves"].as_array().unwrap() {
            if m["captured"].as_array().unwrap().len() >= 4 {
                want.push((g["game"].as_u64().unwrap(), m["ply"].as_u64().unwrap()));
            }
        }
    }
    assert!(!want.is_empty());
    assert_eq!(hits, want);
}

#[test]
fn search_to_pdn_marks_each_hit_with_a_comment() {
    let r = run(&["search", "-q", "--move", "x4", "--to", "pdn", SAMPLE]).expect_code(0);
    assert!(r.stdout.contains("{pdnkit search:"));
    // The games written read back with the same moves and no new finding.
    let again = run_on(
        &["validate", "--format", "json", "-q", "-"],
        r.stdout.as_bytes(),
    );
    for g in json_lines(&again.stdout) {
        assert_eq!(g["ok"], true, "{g}");
    }
}

/// The report rows of `dedupe`: (group, game, kept, copy).
fn dedupe_report(args: &[&str]) -> (Run, Vec<(u64, u64, String, String)>) {
    let dir = Dir::new("dedupe");
    let report = dir.path.join("report.csv");
    let mut a = args.to_vec();
    a.extend(["--report", report.to_str().unwrap()]);
    let r = same_for_every_jobs(&a);
    let mut reader = csv::Reader::from_path(&report).unwrap();
    let headers = reader.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (group, game, kept, copy) = (
        column("group"),
        column("game"),
        column("kept"),
        column("copy"),
    );
    let rows = reader
        .records()
        .map(|row| {
            let row = row.unwrap();
            (
                row[group].parse().unwrap(),
                row[game].parse().unwrap(),
                row[kept].to_string(),
                row[copy].to_string(),
            )
        })
        .collect();
    (r, rows)
}

#[test]
fn dedupe_groups_one_game_written_four_ways_and_leaves_near_misses_apart() {
    // By the moves alone: games 1 to 4 are the same game (move numbers or none, x for every
    // move, the full capture path, other tags); the third has the most tags and comments and
    // is kept.
    let (r, rows) = dedupe_report(&["dedupe", "-q", "--by", "moves", DUPLICATES]);
    let row = |game: u64| rows.iter().find(|r| r.1 == game).cloned();
    for game in 1..=4 {
        let (group, _, kept, copy) = row(game).unwrap();
        let (want_kept, want_copy) = if game == 3 {
            ("yes", "kept")
        } else {
            ("no", "same")
        };
        assert_eq!(
            (group, kept.as_str(), copy.as_str()),
            (1, want_kept, want_copy),
            "game {game}"
        );
    }
    // Game 6 is its first 40 plies: reported as an unfinished copy, and kept.
    assert_eq!(row(6), Some((1, 6, "yes".into(), "prefix".into())));
    // Near misses: another 70th move (5), transpositions (7, 8), games without moves (9, 10).
    for game in [5, 7, 8, 9, 10] {
        assert_eq!(row(game), None, "game {game} is no copy");
    }
    let events: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("[Event"))
        .collect();
    assert_eq!(events.len(), 7, "{events:?}");
    // With --prefix, the unfinished copy goes too.
    let (r, rows) = dedupe_report(&["dedupe", "-q", "--by", "moves", "--prefix", DUPLICATES]);
    assert_eq!(rows.iter().find(|r| r.1 == 6).unwrap().2, "no");
    assert_eq!(
        r.stdout.lines().filter(|l| l.starts_with("[Event")).count(),
        6
    );
    // By evidence (the default): game 1 names the players of game 3 otherwise and goes; game
    // 2 names them without initials and game 4 not at all, so neither is taken for a copy:
    // both are kept, as suspects.
    let (r, rows) = dedupe_report(&["dedupe", "-q", DUPLICATES]);
    let row = |game: u64| rows.iter().find(|r| r.1 == game).cloned();
    assert_eq!(row(1), Some((1, 1, "no".into(), "same".into())));
    assert_eq!(row(3), Some((1, 3, "yes".into(), "kept".into())));
    for game in [2, 4] {
        assert_eq!(row(game), Some((1, game, "yes".into(), "suspect".into())));
    }
    assert_eq!(row(6), Some((1, 6, "yes".into(), "prefix".into())));
    // Nine games written, game 4 without an Event tag.
    assert_eq!(
        r.stdout.lines().filter(|l| l.starts_with("[Event")).count(),
        8
    );
}

#[test]
fn dedupe_of_two_merged_archives_writes_each_game_once() {
    let files = archives();
    let mut args = vec!["dedupe", "-q"];
    args.extend(files.iter().map(String::as_str));
    args.extend(files.iter().map(String::as_str));
    let doubled = same_for_every_jobs(&args);
    let mut once = vec!["dedupe", "-q"];
    once.extend(files.iter().map(String::as_str));
    let single = run(&once);
    assert_eq!(doubled.stdout, single.stdout);
    // From standard input, the same games.
    let text = std::fs::read(Path::new(ROOT).join(SAMPLE)).unwrap();
    let mut twice = text.clone();
    twice.extend_from_slice(b"\n");
    twice.extend_from_slice(&text);
    let piped = run_on(&["dedupe", "-q", "-"], &twice);
    let direct = run(&["dedupe", "-q", SAMPLE]);
    assert_eq!(piped.stdout, direct.stdout);
}

/// `validate`'s verdict of each game, without where it is (file, game, line and column).
fn verdicts(files: &[&Path]) -> Vec<Value> {
    let mut args = vec![
        "validate".to_string(),
        "--format".into(),
        "json".into(),
        "-q".into(),
    ];
    args.extend(files.iter().map(|f| f.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let r = run(&args);
    json_lines(&r.stdout)
}

/// A verdict without where the game is, and without the note of how its variant was decided
/// (split writes that variant in a GameType tag).
fn without_place(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                if let Some(Value::Array(d)) = m.get_mut("diagnostics") {
                    d.retain(|d| d["code"] != "variant-guessed");
                }
                for k in ["file", "game", "line", "column"] {
                    m.remove(k);
                }
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

#[test]
fn split_shards_concatenate_back_to_the_whole() {
    let files = archives();
    let dir = Dir::new("shards");
    let out = dir.path.join("out");
    let mut args = vec!["split", "-q", "--shards", "3", "-o", out.to_str().unwrap()];
    args.extend(files.iter().map(String::as_str));
    run(&args).expect_code(0);
    let whole_paths: Vec<PathBuf> = files.iter().map(|f| Path::new(ROOT).join(f)).collect();
    let whole_refs: Vec<&Path> = whole_paths.iter().map(PathBuf::as_path).collect();
    let whole = verdicts(&whole_refs);
    // Each shard's verdicts, put back in input order through the manifest.
    let mut manifest = csv::Reader::from_path(out.join("manifest.csv")).unwrap();
    let mut place: BTreeMap<(String, u64), (usize, u64)> = BTreeMap::new();
    for row in manifest.records() {
        let row = row.unwrap();
        let source = files.iter().position(|f| f == &row[2]).unwrap();
        place.insert(
            (row[0].to_string(), row[1].parse().unwrap()),
            (source, row[3].parse().unwrap()),
        );
    }
    assert_eq!(place.len(), whole.len(), "every game in one shard");
    let mut back: Vec<((usize, u64), Value)> = Vec::new();
    for shard in ["shard-0.pdn", "shard-1.pdn", "shard-2.pdn"] {
        for v in verdicts(&[&out.join(shard)]) {
            let at = place[&(shard.to_string(), v["game"].as_u64().unwrap())];
            back.push((at, without_place(v)));
        }
    }
    back.sort_by_key(|(at, _)| *at);
    let back: Vec<Value> = back.into_iter().map(|(_, v)| v).collect();
    let whole: Vec<Value> = whole.into_iter().map(without_place).collect();
    assert_eq!(back, whole);
    // The copies of one game land in the same shard.
    let shard_of = |game: u64| {
        let source = files.iter().position(|f| f == DUPLICATES).unwrap();
        place
            .iter()
            .find(|(_, at)| **at == (source, game))
            .unwrap()
            .0
            .0
            .clone()
    };
    assert!((2..=4).all(|g| shard_of(g) == shard_of(1)));
    // The same shards for any number of jobs, and a directory with files in it is refused.
    let again = dir.path.join("again");
    let mut args = vec![
        "split",
        "-q",
        "-j",
        "3",
        "--shards",
        "3",
        "-o",
        again.to_str().unwrap(),
    ];
    args.extend(files.iter().map(String::as_str));
    run(&args).expect_code(0);
    for name in ["shard-0.pdn", "shard-1.pdn", "shard-2.pdn", "manifest.csv"] {
        assert_eq!(
            std::fs::read(out.join(name)).unwrap(),
            std::fs::read(again.join(name)).unwrap()
        );
    }
    run(&args).expect_code(2);
}

#[test]
fn split_by_count_and_by_tag() {
    let dir = Dir::new("split");
    let out = dir.path.join("parts");
    run(&[
        "split",
        "-q",
        "--games",
        "10",
        "-o",
        out.to_str().unwrap(),
        SAMPLE,
    ])
    .expect_code(0);
    let parts: Vec<PathBuf> = (1..=4)
        .map(|n| out.join(format!("part-{n:04}.pdn")))
        .collect();
    let counts: Vec<usize> = parts
        .iter()
        .map(|p| verdicts(&[p.as_path()]).len())
        .collect();
    assert_eq!(counts, [10, 10, 10, 1]);
    let refs: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
    let whole = verdicts(&[&Path::new(ROOT).join(SAMPLE)]);
    let joined = verdicts(&refs);
    assert_eq!(
        joined.into_iter().map(without_place).collect::<Vec<_>>(),
        whole.into_iter().map(without_place).collect::<Vec<_>>()
    );
    let out = dir.path.join("years");
    run(&[
        "split",
        "-q",
        "--by",
        "year",
        "-o",
        out.to_str().unwrap(),
        SAMPLE,
    ])
    .expect_code(0);
    for v in verdicts(&[&out.join("2003.pdn")]) {
        assert!(v["final_fen"].is_string());
    }
    let years = converted(&[out.join("2003.pdn").display().to_string()]);
    assert!(!years.is_empty());
    assert!(years.iter().all(|g| tag(g, "Date").starts_with("2003")));
    let others = converted(&[out.join("1995.pdn").display().to_string()]);
    assert_eq!(years.len() + others.len(), 31);
}

/// `stats --format json --openings TABLE FILE` in `dir`, read.
fn stats_with_openings(dir: &Dir, table: &str, file: &str) -> Value {
    let r = dir
        .run(&["stats", "-q", "--format", "json", "--openings", table, file])
        .expect_code(0);
    serde_json::from_str(&r.stdout).unwrap()
}

#[test]
fn stats_names_openings_from_a_table_by_position() {
    let dir = Dir::new("openings");
    let table = Path::new(ROOT).join("fixtures/archive-tools/openings-english.csv");
    // The Glasgow line, the same position by another move order, and a Kelso.
    dir.write(
        "games.pdn",
        "[GameType \"21\"]\n[Result \"1-0\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 11-16 24-20 1-0\n\n\
         [GameType \"21\"]\n[Result \"0-1\"]\n\n1. 11-15 22-17 2. 8-11 23-19 3. 11-16 24-20 0-1\n\n\
         [GameType \"21\"]\n[Result \"1/2-1/2\"]\n\n1. 10-15 23-19 1/2-1/2\n",
    );
    let report = stats_with_openings(&dir, table.to_str().unwrap(), "games.pdn");
    assert_eq!(report["opening_plies"], Value::Null);
    let openings = report["groups"][0]["openings"].as_array().unwrap();
    let named: Vec<(&str, u64)> = openings
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), o["games"].as_u64().unwrap()))
        .collect();
    assert_eq!(named, [("Glasgow", 2), ("Kelso", 1)]);
    // A table line that does not play through is refused with its line.
    let bad = dir.write(
        "bad.csv",
        "variant,name,moves\nenglish,Broken,11-15 23-20\n",
    );
    let r = dir
        .run(&["stats", "--openings", bad.to_str().unwrap(), "games.pdn"])
        .expect_code(2);
    assert!(
        r.stderr.contains("bad.csv: line 2") && r.stderr.contains("23-20"),
        "{}",
        r.stderr
    );
}

/// The named line of the built-in tables whose position a game of `variant` reaches last,
/// worked out here from the tables' CSV by replaying their lines with `convert --to fen`.
fn builtin_lines(variant: &str) -> Vec<(String, String)> {
    let table = std::fs::read_to_string(
        Path::new(ROOT).join(format!("crates/pdnkit/openings/{variant}.csv")),
    )
    .unwrap();
    let mut rows = csv::ReaderBuilder::new().from_reader(table.as_bytes());
    let header = rows.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (name, moves) = (col("name"), col("moves"));
    rows.records()
        .map(|r| {
            let r = r.unwrap();
            (r[name].to_string(), r[moves].to_string())
        })
        .collect()
}

#[test]
fn convert_names_each_games_opening_from_the_built_in_tables_or_a_users_table() {
    let dir = Dir::new("convert-openings");
    // A game of each built-in table's longest line, then a game of no line (a setup).
    let mut pdn = String::new();
    let mut expected = Vec::new();
    for (variant, game_type) in [("english", 21), ("russian", 25), ("international", 20)] {
        let lines = builtin_lines(variant);
        let (name, moves) = lines
            .iter()
            .max_by_key(|(_, m)| m.split_whitespace().count())
            .unwrap();
        pdn.push_str(&format!("[GameType \"{game_type}\"]\n\n{moves} *\n\n"));
        expected.push(name.clone());
    }
    pdn.push_str("[GameType \"20\"]\n[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 *\n");
    dir.write("games.pdn", &pdn);
    let csv = dir
        .run(&["convert", "-q", "--to", "csv", "games.pdn"])
        .expect_code(0);
    let rows = crate::util::csv_rows(&csv.stdout);
    let named: Vec<&str> = rows.iter().map(|r| r["opening"].as_str()).collect();
    // A later row of the same position may name it first: then its name is another line's,
    // with the same moves' position. Most lines are their own first row.
    assert_eq!(named.len(), 4);
    assert_eq!(named[3], "", "a game from a setup follows no line");
    let same_or_earlier = |variant: &str, got: &str, want: &str| {
        let lines = builtin_lines(variant);
        let at = |n: &str| lines.iter().position(|(name, _)| name == n);
        got == want || at(got).is_some_and(|g| at(want).is_some_and(|w| g < w))
    };
    for (i, variant) in ["english", "russian", "international"].iter().enumerate() {
        assert!(
            same_or_earlier(variant, named[i], &expected[i]),
            "{variant}: {} for {}",
            named[i],
            expected[i]
        );
    }
    let json = dir
        .run(&["convert", "-q", "--to", "json", "games.pdn"])
        .expect_code(0);
    let from_json: Vec<Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["opening"].clone())
        .collect();
    for (j, c) in from_json.iter().zip(&named) {
        match c.is_empty() {
            true => assert_eq!(*j, Value::Null),
            false => assert_eq!(j.as_str(), Some(*c)),
        }
    }
    // A user's table names instead; a game it does not know gets no name.
    dir.write(
        "mine.csv",
        "variant,name,moves\ninternational,My setup-free line,32-28\n",
    );
    dir.write(
        "one.pdn",
        "[GameType \"20\"]\n\n1. 32-28 18-23 2. 37-32 *\n\n[GameType \"20\"]\n\n1. 31-27 *\n",
    );
    let mine = dir
        .run(&[
            "convert",
            "-q",
            "--to",
            "csv",
            "--openings",
            "mine.csv",
            "one.pdn",
        ])
        .expect_code(0);
    let rows = crate::util::csv_rows(&mine.stdout);
    assert_eq!(rows[0]["opening"], "My setup-free line");
    assert_eq!(rows[1]["opening"], "");
    let refused = dir
        .run(&[
            "convert",
            "--to",
            "pdn",
            "--openings",
            "mine.csv",
            "one.pdn",
        ])
        .expect_code(2);
    assert!(refused.stderr.contains("--openings"), "{}", refused.stderr);
    // `stats --openings builtin` names with the same tables as convert.
    let report = stats_with_openings(&dir, "builtin", "games.pdn");
    let mut listed: Vec<String> = report["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["openings"].as_array().unwrap().iter())
        .map(|o| o["name"].as_str().unwrap().to_string())
        .collect();
    listed.sort();
    let mut from_convert: Vec<String> = named[..3].iter().map(|s| s.to_string()).collect();
    from_convert.sort();
    assert_eq!(listed, from_convert);
}

/// See: the Spark recipe's test (issue 25), whose shards read back two games fewer than split
/// wrote. A game without terminator followed by another game's tags reads as one game.
#[test]
fn a_game_written_without_terminator_gets_one_so_the_next_stays_apart() {
    let dir = Dir::new("split-unterminated");
    dir.write("a.pdn", "[Event \"A\"]\n[GameType \"20\"]\n");
    dir.write("b.pdn", "[Event \"B\"] [GameType \"20\"]\n1. 32-28 19-23\n");
    dir.write("c.pdn", "[Event \"C\"]\n[GameType \"20\"]\n1. 33-29 *\n");
    dir.run(&[
        "split", "-q", "--games", "10", "-o", "out", "a.pdn", "b.pdn", "c.pdn",
    ])
    .expect_code(0);
    let part = dir.read("out/part-0001.pdn");
    assert_eq!(
        part,
        "[Event \"A\"]\n[GameType \"20\"]\n*\n\n[Event \"B\"] [GameType \"20\"]\n1. 32-28 19-23\n*\n\n\
         [Event \"C\"]\n[GameType \"20\"]\n1. 33-29 *\n"
    );
    let back = verdicts(&[&dir.path.join("out/part-0001.pdn")]);
    let events: Vec<&str> = back.iter().map(|v| v["event"].as_str().unwrap()).collect();
    assert_eq!(events, ["A", "B", "C"]);
    let plies: Vec<u64> = back.iter().map(|v| v["plies"].as_u64().unwrap()).collect();
    assert_eq!(plies, [0, 2, 1]);
}
