//! `pdnkit convert`: every format, options, the stderr account and the exit codes.

use crate::util::Dir;

const TWO_GAMES: &str = "[Event \"A\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
                         [Event \"B\"]\n1. 33-29 {no terminator}\n";

#[test]
fn pdn_output_reads_back_into_the_same_text() {
    let dir = Dir::new("convert-roundtrip");
    dir.write("in.pdn", TWO_GAMES);
    let first = dir
        .run(&["convert", "--to", "pdn", "in.pdn"])
        .expect_code(0);
    // The guessed variant is written down, so the output reads back under the same rules.
    assert!(
        first
            .stdout
            .starts_with("[Event \"A\"]\n[Result \"2-0\"]\n[GameType \"20\"]\n\n1. 32-28 19-23"),
        "{}",
        first.stdout
    );
    // A game read without terminator gets `*`, so the next game cannot absorb its text.
    assert!(
        first.stdout.ends_with("1. 33-29 {no terminator} *\n"),
        "{}",
        first.stdout
    );
    assert!(first.stderr.contains("pdnkit: 2 games converted\n"));
    assert!(
        first
            .stderr
            .contains("2 games read: 2 clean, 0 with warnings, 0 invalid, 0 unreadable"),
        "{}",
        first.stderr
    );
    dir.write("out.pdn", &first.stdout);
    let second = dir
        .run(&["convert", "--to", "pdn", "out.pdn"])
        .expect_code(0);
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn unreadable_games_are_reported_counted_and_exit_1() {
    let dir = Dir::new("convert-unreadable");
    dir.write(
        "bad.pdn",
        "[Event \"ok\"]\n1. 32-28 *\n\n[Event \"broken\"]\n1. 32-28 { a { b } c }\n",
    );
    let run = dir
        .run(&["convert", "--to", "pdn", "bad.pdn"])
        .expect_code(1);
    assert!(run.stdout.contains("[Event \"ok\"]"));
    assert!(!run.stdout.contains("broken"));
    assert!(
        run.stderr.contains("bad.pdn:5:22: error[syntax]:"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("in game 2 (Event: broken): not written (unreadable)"),
        "{}",
        run.stderr
    );
    // The summary accounts for the game not written.
    assert!(
        run.stderr
            .contains("pdnkit: 1 game converted, 1 not written\n")
    );
    assert!(
        run.stderr
            .contains("2 games read: 1 clean, 0 with warnings, 0 invalid, 1 unreadable")
    );
}

#[test]
fn output_file_is_written_whole_and_stdin_is_read_with_dash() {
    let dir = Dir::new("convert-output");
    let mut child = dir
        .cmd(&["convert", "--to", "pdn", "-", "--output", "out.pdn"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(TWO_GAMES.as_bytes())
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert!(dir.read("out.pdn").contains("[Event \"B\"]"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir.path)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_missing_file_is_named_and_the_others_are_still_converted() {
    let dir = Dir::new("convert-missing");
    dir.write("in.pdn", TWO_GAMES);
    let run = dir
        .run(&["convert", "--to", "pdn", "missing.pdn", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr.contains("missing.pdn: No such file"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("[Event \"B\"]"));
}

#[test]
fn output_is_identical_for_any_jobs_value() {
    let dir = Dir::new("convert-jobs");
    let many: String = (0..300)
        .map(|i| format!("[Round \"{i}\"]\n1. 32-28 19-23 *\n\n"))
        .collect();
    dir.write("many.pdn", many);
    let one = dir
        .run(&["-j", "1", "convert", "--to", "pdn", "many.pdn"])
        .expect_code(0);
    let four = dir
        .run(&["-j", "4", "convert", "--to", "pdn", "many.pdn"])
        .expect_code(0);
    assert_eq!(one.stdout, four.stdout);
    assert!(one.stdout.contains("[Round \"299\"]"));
}

/// Two international games, the second invalid from its third move on.
const MIXED: &str = "[Event \"Ok, \\\"quoted\\\"\"]\n[White \"A\"]\n[Annotator \"X\"]\n\
                     1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                     [Event \"Bad\"]\n[Round \"2\"]\n1. 32-28 19-23 2. 50-45 23-29 *\n";

#[test]
fn fen_gives_a_row_per_game_one_ply_or_every_position() {
    let dir = Dir::new("convert-fen");
    dir.write("in.pdn", MIXED);
    let last = dir
        .run(&["convert", "--to", "fen", "in.pdn"])
        .expect_code(1);
    // Every row names its file, game and ply, as every-ply rows do.
    assert_eq!(
        last.stdout,
        "in.pdn\t1\t4\tW:W31,33-50:B1-13,15-18,20,23\nin.pdn\t2\t2\tW:W28,31,33-50:B1-18,20,23\n"
    );
    assert!(
        last.stderr.contains("error[illegal-move]"),
        "{}",
        last.stderr
    );
    assert!(
        last.stderr
            .contains("in game 2 (Event: Bad): converted; 2 of 4 moves replayed")
    );
    let ply = dir
        .run(&["convert", "--to", "fen", "--ply", "3", "in.pdn"])
        .expect_code(1);
    // Game 2 has no third ply: no row, and stderr says why.
    assert_eq!(ply.stdout, "in.pdn\t1\t3\tB:W19,31,33-50:B1-18,20\n");
    assert!(
        ply.stderr.contains(
            "game 2 (Event: Bad): not written (no position after ply 3: 2 plies replayed)"
        ),
        "{}",
        ply.stderr
    );
    assert!(
        ply.stderr.contains("1 game converted, 1 not written"),
        "{}",
        ply.stderr
    );
    let every = dir
        .run(&[
            "convert",
            "--to",
            "fen",
            "--position",
            "every-ply",
            "in.pdn",
        ])
        .expect_code(1);
    let rows: Vec<&str> = every.stdout.lines().collect();
    assert_eq!(rows.len(), 5 + 3);
    assert_eq!(rows[0], "in.pdn\t1\t0\tW:W31-50:B1-20");
    assert_eq!(rows[7], "in.pdn\t2\t2\tW:W28,31,33-50:B1-18,20,23");
}

#[test]
fn csv_quotes_tags_and_all_takes_every_tag_even_from_stdin() {
    // `all`: the roster columns that occur, in roster order, then the others as first seen.
    let dir = Dir::new("convert-csv");
    let mut child = dir
        .cmd(&["convert", "--to", "csv", "--tags", "all"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(MIXED.as_bytes())
        .unwrap();
    let run = crate::util::Run::from(child.wait_with_output().unwrap());
    let run = run.expect_code(1);
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next().unwrap(),
        "file,game,Event,Round,White,Annotator,variant,recorded_result,plies,replayed,status,\
         first_error,final_fen,opening"
    );
    // The last column names the opening from pdnkit's tables, when they know it.
    let first = lines.next().unwrap();
    assert!(
        first.starts_with(
            "-,1,\"Ok, \"\"quoted\"\"\",,A,X,international,*,4,4,clean,,\
             \"W:W31,33-50:B1-13,15-18,20,23\","
        ),
        "{first}"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("-,2,Bad,2,,,international,*,4,2,invalid,illegal-move,")
    );
    assert_eq!(lines.next(), None);
    let chosen = {
        dir.write("in.pdn", MIXED);
        dir.run(&["convert", "--to", "csv", "--tags", "Round,White", "in.pdn"])
    };
    assert!(chosen.stdout.starts_with("file,game,Round,White,variant,"));
}

#[test]
fn csv_moves_has_one_row_per_ply_replayed() {
    let dir = Dir::new("convert-moves");
    dir.write("in.pdn", MIXED);
    let run = dir
        .run(&["convert", "--to", "csv", "--moves", "in.pdn"])
        .expect_code(1);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows.len(), 1 + 4 + 2);
    assert_eq!(
        rows[0],
        "file,game,ply,move_number,side,move,notation,from,to,captured,captures,promotion,fen_after"
    );
    assert_eq!(
        rows[3],
        "in.pdn,1,3,2,white,28x19,28x19,28,19,23,1,false,\"B:W19,31,33-50:B1-18,20\""
    );
}

#[test]
fn skip_invalid_leaves_games_out_but_accounts_for_them() {
    let dir = Dir::new("convert-skip");
    dir.write("in.pdn", MIXED);
    for to in ["fen", "csv", "json", "pdn"] {
        let run = dir
            .run(&["convert", "--to", to, "--skip-invalid", "in.pdn"])
            .expect_code(1);
        assert!(!run.stdout.contains("Bad"), "{to}: {}", run.stdout);
        assert!(
            run.stderr
                .contains("in game 2 (Event: Bad): left out (--skip-invalid)"),
            "{to}: {}",
            run.stderr
        );
        assert!(
            run.stderr
                .contains("pdnkit: 1 game converted, 1 left out\n")
        );
        assert!(
            run.stderr
                .contains("2 games read: 1 clean, 0 with warnings, 1 invalid")
        );
    }
}

#[test]
fn json_lines_carry_moves_variations_and_diagnostics() {
    let dir = Dir::new("convert-json");
    dir.write(
        "in.pdn",
        "[GameType \"20\"]\n1. 32-28 {c} 19-23! $3 (1... 18-23 2. 38-32) 2. 28x19 *\n",
    );
    let run = dir
        .run(&["convert", "--to", "json", "in.pdn"])
        .expect_code(0);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["comments"], serde_json::json!(["c"]));
    assert_eq!(moves[1]["strength"], "!");
    assert_eq!(moves[1]["nags"], serde_json::json!([3]));
    let variation = &moves[1]["variations"][0]["moves"];
    assert_eq!(variation[0]["move"], "18-23");
    assert_eq!(variation[1]["ply"], 3);
    assert_eq!(variation[1]["side"], "white");
    assert_eq!(moves[2]["captured"], serde_json::json!(["23"]));
    assert_eq!(v["status"], "clean");
}

#[test]
fn rule_aware_pdn_writes_full_paths_only_where_needed_and_reads_back() {
    let dir = Dir::new("convert-pdn-rules");
    dir.write(
        "in.pdn",
        "[GameType \"25\"]\n1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3xg5 *\n\n\
         [GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x24x36 *\n",
    );
    let run = dir
        .run(&["convert", "--to", "pdn", "in.pdn"])
        .expect_code(0);
    assert!(run.stdout.contains("3. e3:g5 *"), "{}", run.stdout);
    assert!(run.stdout.contains("1. 47x38x24x13x36 *"), "{}", run.stdout);
    dir.write("out.pdn", &run.stdout);
    let again = dir
        .run(&["--format", "json", "validate", "out.pdn"])
        .expect_code(0);
    let before = dir.run(&["--format", "json", "validate", "in.pdn"]);
    let fens = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["final_fen"].to_string())
            .collect()
    };
    assert_eq!(fens(&before.stdout), fens(&again.stdout));
}

#[test]
fn options_of_other_formats_are_refused() {
    let dir = Dir::new("convert-usage");
    dir.write("in.pdn", MIXED);
    let run = dir
        .run(&["convert", "--to", "pdn", "--moves", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr
            .contains("--tags and --moves apply to --to csv only")
    );
    let run = dir
        .run(&["convert", "--to", "csv", "--ply", "2", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr
            .contains("--position and --ply apply to --to fen only")
    );
    assert_eq!(run.stdout, "");
}

#[test]
fn every_format_is_identical_for_any_jobs_value_and_survives_a_closed_pipe() {
    let dir = Dir::new("convert-jobs-formats");
    let many: String = (0..1500)
        .map(|i| format!("[Round \"{i}\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"))
        .collect();
    dir.write("many.pdn", many);
    for extra in [
        &["--to", "fen"][..],
        &["--to", "csv", "--moves"],
        &["--to", "json"],
    ] {
        let args = |j: &'static str| {
            let mut a = vec!["-j", j, "convert"];
            a.extend_from_slice(extra);
            a.push("many.pdn");
            a
        };
        let one = dir.run(&args("1")).expect_code(0);
        let three = dir.run(&args("3")).expect_code(0);
        assert_eq!(one.stdout, three.stdout, "{extra:?}");
        // The reader goes away after one line: pdnkit stops quietly with success.
        let mut child = dir
            .cmd(&args("2"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        use std::io::BufRead;
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{extra:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("error"));
    }
}

#[test]
fn pdn_under_a_forced_variant_says_so_in_its_own_gametype() {
    // py-draughts writes Frysk! games as GameType 40 (Frisian); forced back to frysk, the
    // output must read back as frysk without the flag.
    let dir = Dir::new("convert-forced-variant");
    dir.write(
        "in.pdn",
        "[Event \"F\"]\n[GameType \"40\"]\n1. 46-41 5-10 *\n",
    );
    let out = dir
        .run(&["convert", "--to", "pdn", "--variant", "frysk", "in.pdn"])
        .expect_code(0);
    assert!(out.stdout.contains("[GameType \"97\"]"), "{}", out.stdout);
    assert!(!out.stdout.contains("[GameType \"40\"]"));
    dir.write("out.pdn", &out.stdout);
    let back = dir
        .run(&["--format", "json", "validate", "out.pdn"])
        .expect_code(0);
    assert!(
        back.stdout.contains("\"variant\":\"frysk\""),
        "{}",
        back.stdout
    );
    assert!(back.stdout.contains("\"status\":\"clean\""));
}

#[test]
fn pdn_keeps_a_variant_tag_that_names_the_variant_as_written() {
    // A board's GameType reads as another variant, so a Variant tag is needed: the game's own
    // stays as written; one is added where the game had none.
    let dir = Dir::new("convert-variant-tag");
    let game = "[GameType \"-1,W,10,10,N2,0\"]\n[Variant \"Malaysian\"]\n1. 32-28 19-23 *\n";
    dir.write("in.pdn", game);
    let out = dir
        .run(&["convert", "--to", "pdn", "in.pdn"])
        .expect_code(0);
    assert!(
        out.stdout.contains("[Variant \"Malaysian\"]"),
        "{}",
        out.stdout
    );
    assert_eq!(out.stdout.matches("[Variant ").count(), 1, "{}", out.stdout);
    dir.write(
        "bare.pdn",
        "[GameType \"-1,W,10,10,N2,0\"]\n1. 32-28 19-23 *\n",
    );
    let out = dir
        .run(&[
            "convert",
            "--to",
            "pdn",
            "--variant",
            "malaysian",
            "bare.pdn",
        ])
        .expect_code(0);
    assert!(
        out.stdout.contains("[Variant \"malaysian\"]"),
        "{}",
        out.stdout
    );
    // It reads back as the game that was replayed, without the flag.
    dir.write("out.pdn", &out.stdout);
    let back = dir
        .run(&["--format", "json", "validate", "out.pdn"])
        .expect_code(0);
    assert!(
        back.stdout.contains("\"variant\":\"malaysian\""),
        "{}",
        back.stdout
    );
}

#[test]
fn quiet_leaves_out_the_lines_about_single_games_but_not_a_failed_input() {
    let dir = Dir::new("convert-quiet");
    dir.write("in.pdn", MIXED);
    for to in [
        &["--to", "fen", "--ply", "3"][..],
        &["--to", "pdn"],
        &["--to", "csv"],
    ] {
        let mut args = vec!["convert"];
        args.extend_from_slice(to);
        args.push("in.pdn");
        let loud = dir.run(&args).expect_code(1);
        assert!(
            loud.stderr.contains("game 2 (Event: Bad)"),
            "{}",
            loud.stderr
        );
        let mut quiet = vec!["-q"];
        quiet.extend_from_slice(&args);
        let run = dir.run(&quiet).expect_code(1);
        assert_eq!(run.stderr, "", "{to:?}");
        assert_eq!(run.stdout, loud.stdout, "{to:?}");
    }
    let failed = dir
        .run(&["-q", "convert", "--to", "fen", "in.pdn", "missing.pdn"])
        .expect_code(2);
    assert!(failed.stderr.contains("missing.pdn"), "{}", failed.stderr);
    assert_eq!(failed.stderr.lines().count(), 1, "{}", failed.stderr);
}

#[test]
fn fen_of_a_ply_some_games_lack_writes_no_blank_line_and_names_each_game() {
    let dir = Dir::new("convert-fen-short");
    dir.write(
        "sample.pdn",
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/sample/archive.pdn"
        ))
        .unwrap(),
    );
    let run = dir
        .run(&["convert", "--to", "fen", "--ply", "100", "sample.pdn"])
        .expect_code(1);
    let rows: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(!run.stdout.contains("\n\n") && !run.stdout.starts_with('\n'));
    assert!(
        rows.iter()
            .all(|r| r.len() == 4 && r[0] == "sample.pdn" && r[2] == "100")
    );
    let named: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("no position after ply 100"))
        .collect();
    // Every game is either a row or a line on stderr, and the summary counts both.
    assert_eq!(rows.len() + named.len(), 31, "{}", run.stderr);
    assert!(!rows.is_empty() && !named.is_empty());
    assert!(
        run.stderr.contains(&format!(
            "{} games converted, {} not written",
            rows.len(),
            named.len()
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn csv_columns_differ_whatever_their_case() {
    let dir = Dir::new("convert-csv-case");
    dir.write("in.pdn", MIXED);
    dir.write("untagged.pdn", "1. 32-28 19-23 1-0\n");
    for tags in [&[][..], &["--tags", "all"]] {
        let mut args = vec!["convert", "--to", "csv"];
        args.extend_from_slice(tags);
        args.extend(["in.pdn", "untagged.pdn"]);
        let run = dir.run(&args).expect_code(1);
        let header: Vec<String> = run
            .stdout
            .lines()
            .next()
            .unwrap()
            .split(',')
            .map(str::to_lowercase)
            .collect();
        let mut distinct = header.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), header.len(), "{header:?}");
        assert!(header.contains(&"recorded_result".to_string()));
    }
    // The recorded result is the Result tag, else the terminator.
    let run = dir
        .run(&["convert", "--to", "csv", "--tags", "Result", "untagged.pdn"])
        .expect_code(0);
    let rows = crate::util::csv_rows(&run.stdout);
    assert_eq!(
        (&*rows[0]["Result"], &*rows[0]["recorded_result"]),
        ("", "1-0")
    );
}
