//! Variants played on several boards (Malaysian 12x12, 10x10 and 8x8; Ghanaian light- and
//! dark-cornered): the board a file's games replay on, written back so that it reads back.

use crate::util::Dir;

/// Ghanaian games numbered as on the international board, and a bare position that is legal on
/// both layouts.
const GHANAIAN: &str = "[Event \"a\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                        [Event \"b\"]\n1. 33-28 18-22 *\n\n\
                        [Event \"c\"]\n[FEN \"W:W31,32:B19,20\"]\n*\n";

#[test]
fn a_file_plays_on_the_board_its_games_replay_on() {
    let dir = Dir::new("boards-file");
    dir.write("in.pdn", GHANAIAN);
    let run = dir
        .run(&["validate", "--notes", "--variant", "ghanaian", "in.pdn"])
        .expect_code(0);
    // Every game, the bare position too, is played on the board of the file, with a note
    // (shown once for the file; each game's record has it).
    let notes: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("note[variant-guessed]"))
        .collect();
    assert_eq!(notes.len(), 1, "{}", run.stdout);
    let json = dir
        .run(&[
            "validate",
            "--format",
            "json",
            "--variant",
            "ghanaian",
            "in.pdn",
        ])
        .expect_code(0);
    assert_eq!(
        json.stdout.matches("\"variant-guessed\"").count(),
        3,
        "{}",
        json.stdout
    );
    for n in notes {
        assert!(
            n.ends_with(
                "ghanaian played on the 10x10 dark-cornered board, the board of this file (the \
                 moves of 2 of its 2 ghanaian games with moves replay on it (6 plies); on the \
                 10x10 light-cornered board 0 (1 plies)), not on the 10x10 light-cornered board; \
                 a full GameType chooses"
            ),
            "{n}"
        );
    }
}

#[test]
fn a_board_decided_from_the_moves_is_written_back_and_reads_back() {
    let dir = Dir::new("boards-convert");
    dir.write("in.pdn", GHANAIAN);
    let pdn = dir
        .run(&["convert", "--to", "pdn", "--variant", "ghanaian", "in.pdn"])
        .expect_code(0);
    assert!(
        pdn.stdout.starts_with(
            "[Event \"a\"]\n[GameType \"-1,W,10,10,N2,0\"]\n[Variant \"ghanaian\"]\n\n1. 32-28"
        ),
        "{}",
        pdn.stdout
    );
    dir.write("out.pdn", &pdn.stdout);
    let with_flag = dir
        .run(&["convert", "--to", "fen", "--variant", "ghanaian", "in.pdn"])
        .expect_code(0);
    let read_back = dir
        .run(&["convert", "--to", "fen", "out.pdn"])
        .expect_code(0);
    // The rows name their file: the positions are compared.
    let fens = |rows: &str| -> Vec<String> {
        rows.lines()
            .map(|l| l.rsplit('\t').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(fens(&read_back.stdout), fens(&with_flag.stdout));
    assert_eq!(
        fens(&with_flag.stdout),
        [
            "W:W31,33-50:B1-13,15-18,20,23",
            "W:W28,31,32,34-50:B1-17,19,20,22",
            "W:W31,32:B19,20"
        ]
    );
}

#[test]
fn perft_runs_on_every_board() {
    let dir = Dir::new("boards-perft");
    for (rules, nodes) in [
        ("malaysian", "1222"),
        ("malaysian-10x10", "658"),
        ("malaysian-8x8", "302"),
        ("ghanaian", "658"),
        ("ghanaian-dark-cornered", "658"),
    ] {
        let run = dir
            .run(&["perft", "--variant", rules, "--depth", "3"])
            .expect_code(0);
        assert_eq!(run.stdout.trim(), nodes, "{rules}");
    }
}
