//! `pdnkit diagram` and `pdnkit report` end to end: what they write, where, and what they say
//! when the input is wrong.

use std::path::Path;

use crate::util::Dir;

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// The games of a report page's data elements, and its meta data.
fn page_data(page: &str) -> (Vec<serde_json::Value>, serde_json::Value) {
    let open = "<script type=\"application/json\" class=\"pdnkit-games\">";
    let mut games = Vec::new();
    for part in page.split(open).skip(1) {
        let json = &part[..part.find("</script>").unwrap()];
        let chunk: Vec<serde_json::Value> = serde_json::from_str(json).unwrap();
        games.extend(chunk);
    }
    let meta = page
        .split("<script type=\"application/json\" id=\"pdnkit-meta\">")
        .nth(1)
        .unwrap();
    let meta = serde_json::from_str(&meta[..meta.find("</script>").unwrap()]).unwrap();
    (games, meta)
}

/// The codes of a report page's findings, in order.
fn page_codes(page: &str) -> Vec<String> {
    let (games, meta) = page_data(page);
    games
        .iter()
        .flat_map(|g| g[9].as_array().unwrap().clone())
        .map(|f| {
            meta["codes"][f[3].as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// The pieces a picture places, by kind: white men, white kings, black men, black kings.
fn pieces(svg: &str) -> [usize; 4] {
    ["wm", "wk", "bm", "bk"].map(|k| svg.matches(&format!("href=\"#pdnkit-{k}\"")).count())
}

#[test]
fn diagram_draws_a_start_position_a_fen_and_a_ply_of_a_game() {
    let dir = Dir::new("diagram");
    let start = dir.run(&["diagram"]).expect_code(0);
    assert!(start.stdout.starts_with("<svg"), "{}", start.stdout);
    roxmltree::Document::parse(&start.stdout).unwrap();
    assert_eq!(pieces(&start.stdout), [20, 0, 20, 0]);
    let russian = dir
        .run(&[
            "diagram",
            "--variant",
            "russian",
            "--fen",
            "W:Wc3,Ke1:Bd4,Kh8",
        ])
        .expect_code(0);
    assert_eq!(pieces(&russian.stdout), [1, 1, 1, 1]);

    // A ply of a game is drawn as its FEN is (same rules and notation), plus its last move.
    let archive = fixture("fixtures/report/archive.pdn");
    let fens = dir
        .run(&["convert", "--to", "fen", "--ply", "2", &archive])
        .stdout;
    let fen = fens
        .lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|row| row[1] == "3")
        .unwrap()[3];
    let from_fen = dir
        .run(&["diagram", "--variant", "russian", "--fen", fen])
        .expect_code(0);
    let from_game = dir
        .run(&["diagram", &archive, "--game", "3", "--ply", "2"])
        .expect_code(0);
    assert_eq!(from_game.stdout, from_fen.stdout);
    let marked = dir
        .run(&[
            "diagram",
            &archive,
            "--game",
            "3",
            "--ply",
            "4",
            "--last-move",
        ])
        .expect_code(0);
    // 2... e7xg5 takes the man on f6: two squares tinted, one piece marked.
    assert_eq!(marked.stdout.matches("href=\"#pdnkit-x\"").count(), 1);
    assert!(marked.stdout.contains("fill=\"#f4d03f\""));
}

#[test]
fn diagram_options_change_the_picture() {
    let dir = Dir::new("diagram-options");
    let plain = dir.run(&["diagram", "--size", "200"]).expect_code(0).stdout;
    assert!(plain.contains("width=\"200\" height=\"200\""));
    let run = |args: &[&str]| {
        let mut all = vec!["diagram", "--size", "200"];
        all.extend_from_slice(args);
        dir.run(&all).expect_code(0).stdout
    };
    let flipped = run(&["--flip"]);
    assert_ne!(flipped, plain);
    assert_eq!(pieces(&flipped), pieces(&plain));
    let arrows = run(&[
        "--arrow",
        "32-28",
        "--arrow",
        "33x24x15:red",
        "--arrow",
        "34-30:#00f",
    ]);
    assert_eq!(arrows.matches("<polyline").count(), 3);
    for colour in ["#2ca02c", "#d62728", "#0000ff"] {
        assert!(arrows.contains(&format!("stroke=\"{colour}\"")), "{colour}");
    }
    let squares = run(&["--squares", "28,29", "--squares", "30"]);
    assert_eq!(squares.matches("fill=\"#3d8fd6\"").count(), 1);
    assert!(squares.len() > plain.len() + 3 * 40, "three tinted squares");
    assert_ne!(run(&["--theme", "dark"]), plain);
    // Labels: numbers by default on a numbered board; coordinates or none on request.
    let none = run(&["--no-labels"]);
    let coordinates = run(&["--coordinates"]);
    assert!(none.len() < plain.len() && none.len() < coordinates.len());
    // A Russian capture written with `:` keeps its last square when no colour follows.
    let russian = dir
        .run(&["diagram", "--variant", "russian", "--arrow", "c3:e5"])
        .expect_code(0);
    assert_eq!(russian.stdout.matches("<polyline").count(), 1);
}

#[test]
fn diagram_writes_png_by_name_or_on_request() {
    let dir = Dir::new("diagram-png");
    dir.run(&["diagram", "--size", "123", "-o", "board.png"])
        .expect_code(0);
    let png = std::fs::read(dir.path.join("board.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((width, height), (123, 123));
    let out = dir
        .cmd(&["diagram", "--png", "--variant", "spantsiretti"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(&out.stdout[..4], b"\x89PNG");
    // 10 wide, 8 high, in a frame of the same width all round.
    let width = u32::from_be_bytes(out.stdout[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(out.stdout[20..24].try_into().unwrap());
    assert_eq!((width, height), (400, 327));
    dir.run(&["diagram", "-o", "board.svg"]).expect_code(0);
    assert!(dir.read("board.svg").starts_with("<svg"));
}

#[test]
fn diagram_says_what_is_wrong_and_exits_2() {
    let dir = Dir::new("diagram-errors");
    let archive = fixture("fixtures/report/archive.pdn");
    let cases: &[(&[&str], &str)] = &[
        (
            &["diagram", &archive, "--game", "99"],
            "there is no game 99 in this file",
        ),
        (
            &["diagram", &archive, "--game", "9", "--ply", "2"],
            "has 1 ply; --ply 2 is past its end",
        ),
        (
            &["diagram", &archive, "--game", "1", "--ply", "20"],
            "has 19 plies; --ply 20 is past",
        ),
        (
            &["diagram", &archive, "--game", "7", "--ply", "7"],
            "replays 6 of its 7 plies, not 7: ",
        ),
        (
            &["diagram", &archive, "--game", "7", "--ply", "7"],
            ":63:43: error[illegal-move]: 42-48",
        ),
        (
            &["diagram", &archive, "--game", "11"],
            ":93:10: error[syntax]: comment `{` is never closed",
        ),
        (
            &["diagram", "--fen", "W:W99"],
            "setting up FEN \"W:W99\" as international: square 99",
        ),
        (
            &["diagram", "--fen", "nonsense"],
            "reading FEN \"nonsense\"",
        ),
        (
            &["diagram", "--variant", "chess"],
            "unknown variant \"chess\"",
        ),
        (
            &["diagram", "--arrow", "32-28:mauve"],
            "unknown colour \"mauve\"",
        ),
        (&["diagram", "--arrow", "32"], "an arrow needs two squares"),
        (
            &["diagram", "--arrow", "32-51"],
            "square 51 is not a played square of the 10x10 board",
        ),
        (
            &["diagram", "--squares", "z9"],
            "--squares: `z9` in `z9` is not a square name",
        ),
        (
            &["diagram", "--last-move"],
            "--last-move needs the move with --fen",
        ),
        (
            &["diagram", &archive, "--ply", "0", "--last-move"],
            "no move led to it",
        ),
        (
            &["--format", "json", "diagram"],
            "--format is not used by diagram",
        ),
        (&["diagram", "missing.pdn"], "missing.pdn"),
    ];
    for (args, message) in cases {
        let run = dir.run(args).expect_code(2);
        assert!(
            run.stderr.starts_with("pdnkit: ") && run.stderr.contains(message),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?}");
    }
    // clap's own usage errors exit 2 as well.
    dir.run(&["diagram", "--game", "2"]).expect_code(2);
    dir.run(&["diagram", "--size", "0"]).expect_code(2);
}

#[test]
fn report_writes_one_page_the_same_for_any_jobs() {
    let dir = Dir::new("report");
    let archive = fixture("fixtures/report/archive.pdn");
    let run = dir
        .run(&["-j", "1", "report", &archive, "-o", "one.html"])
        .expect_code(1);
    assert!(
        run.stderr
            .contains("pdnkit: report of 15 findings in 11 games written to one.html"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("pdnkit: 11 games read: 0 clean, 1 with warnings")
    );
    let one = dir.read("one.html");
    let two = dir
        .run(&["-j", "2", "report", &archive])
        .expect_code(1)
        .stdout;
    assert_eq!(one, two);
    assert!(one.starts_with("<!DOCTYPE html>"));
    assert_eq!(page_codes(&one).len(), 15);
    // Self-contained: nothing is fetched.
    for outside in ["http://", "https://", "src=", "<link"] {
        let fetched = one.replace("http://www.w3.org/2000/svg", "");
        assert!(!fetched.contains(outside), "{outside}");
    }
    dir.run(&["--format", "csv", "report", &archive])
        .expect_code(2);
}

#[test]
fn report_lists_notes_and_every_game_on_request() {
    let dir = Dir::new("report-options");
    let sample = fixture("fixtures/sample/archive.pdn");
    // The games in the viewer: those with a board.
    let options = |page: &str| page_data(page).0.iter().filter(|g| !g[5].is_null()).count();
    let rows = |page: &str| page_codes(page).len();
    let plain = dir.run(&["report", &sample]).expect_code(1).stdout;
    assert_eq!(
        (rows(&plain), options(&plain)),
        (1, 1),
        "one finding, one game"
    );
    let all = dir
        .run(&["report", "--all-games", &sample])
        .expect_code(1)
        .stdout;
    assert_eq!(options(&all), 31);
    let untagged = fixture("fixtures/real-world/untagged-czech.pdn");
    let notes = dir
        .run(&["report", "--notes", &untagged])
        .expect_code(0)
        .stdout;
    assert_eq!(
        page_codes(&notes),
        ["variant-guessed"; 4],
        "a variant-guessed note per game"
    );
    let quiet = dir.run(&["report", &untagged]).expect_code(0).stdout;
    assert_eq!(rows(&quiet), 0);
}

#[test]
fn report_escapes_what_games_say_and_goes_on_after_a_failed_input() {
    let dir = Dir::new("report-hostile");
    dir.write(
        "hostile.pdn",
        "[White \"</script><script>alert(1)</script>\"]\n[Black \"Tom & <b>Jerry</b>\"]\n\
         [GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n",
    );
    let run = dir
        .run(&["report", "missing.pdn", "hostile.pdn", "-o", "r.html"])
        .expect_code(2);
    assert!(run.stderr.contains("missing.pdn"), "{}", run.stderr);
    let page = dir.read("r.html");
    assert_eq!(
        page.matches("<script").count(),
        3,
        "the games' data, the meta data and the script only"
    );
    assert!(!page.contains("alert(1)</script>"));
    assert!(page.contains("\\u003c/script>\\u003cscript>alert(1)"));
    let (games, _) = page_data(&page);
    assert_eq!(games[0][2], "</script><script>alert(1)</script>");
    assert_eq!(games[0][3], "Tom & <b>Jerry</b>");
    assert!(page.contains("<td data-count=\"inputs-not-read\">1</td>"));
}

#[test]
fn report_names_files_as_given_or_relative_to_a_directory() {
    let dir = Dir::new("report-relative");
    std::fs::create_dir_all(dir.path.join("games")).unwrap();
    let games = dir.write(
        "games/a.pdn",
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n",
    );
    let absolute = games.display().to_string();
    let page = dir.run(&["report", &absolute]).expect_code(1).stdout;
    assert!(page.contains(&absolute), "as given by default");
    let base = games.parent().unwrap().parent().unwrap();
    let page = dir
        .run(&[
            "report",
            "--relative-to",
            &base.display().to_string(),
            &absolute,
        ])
        .expect_code(1)
        .stdout;
    assert!(
        !page.contains(&base.display().to_string()),
        "no absolute path"
    );
    assert!(page.contains("<title>pdnkit report: games/a.pdn</title>"));
    let (_, meta) = page_data(&page);
    assert_eq!(meta["files"], serde_json::json!(["games/a.pdn"]));
    // A file outside the directory is reached through `..`.
    let page = dir
        .run(&[
            "report",
            "--relative-to",
            &games.parent().unwrap().join("x").display().to_string(),
            &absolute,
        ])
        .expect_code(1)
        .stdout;
    assert_eq!(page_data(&page).1["files"], serde_json::json!(["../a.pdn"]));
}

/// Runs pdnkit with its stdout on a pseudo-terminal (through Python's `pty`, which CI has);
/// returns the exit code, stderr and the bytes that reached the terminal.
fn on_a_terminal(dir: &Dir, args: &[&str]) -> (i32, String, usize) {
    const SCRIPT: &str = "import os, select, subprocess, sys\n\
        master, slave = os.openpty()\n\
        p = subprocess.Popen(sys.argv[1:], stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)\n\
        os.close(slave)\n\
        seen = 0\n\
        while True:\n\
        \x20   ready, _, _ = select.select([master], [], [], 0.2)\n\
        \x20   if ready:\n\
        \x20       try:\n\
        \x20           chunk = os.read(master, 65536)\n\
        \x20       except OSError:\n\
        \x20           chunk = b''\n\
        \x20       seen += len(chunk)\n\
        \x20       if not chunk:\n\
        \x20           break\n\
        \x20   elif p.poll() is not None:\n\
        \x20       break\n\
        err = p.stderr.read().decode()\n\
        sys.stdout.write('%d %d\\n%s' % (p.wait(), seen, err))\n";
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .current_dir(&dir.path)
        .output()
        .expect("python3 runs the program on a pseudo-terminal");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let (first, stderr) = text.split_once('\n').expect("python3 reports the run");
    let mut numbers = first.split(' ').map(|n| n.parse::<i64>().unwrap());
    let code = numbers.next().unwrap() as i32;
    let seen = numbers.next().unwrap() as usize;
    (code, stderr.to_string(), seen)
}

#[test]
fn a_png_is_not_written_to_a_terminal() {
    let dir = Dir::new("diagram-terminal");
    let (code, stderr, seen) = on_a_terminal(&dir, &["diagram", "--png"]);
    assert_eq!((code, seen), (2, 0), "{stderr}");
    assert!(stderr.contains("-o board.png"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // Into a file or a pipe it goes as asked; SVG is text and may go to the terminal.
    dir.run(&["diagram", "--png", "-o", "board.png"])
        .expect_code(0);
    assert!(
        std::fs::read(dir.path.join("board.png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );
    let piped = dir.cmd(&["diagram", "--png"]).output().unwrap();
    assert!(piped.stdout.starts_with(b"\x89PNG"));
    let (code, stderr, seen) = on_a_terminal(&dir, &["diagram", "--size", "64"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(seen > 100);
}
