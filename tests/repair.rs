//! Repairs of moves that cannot be played: on random legal games with one injected slip of
//! each kind (the original known), on fixtures of the tricky cases, on the corpus, and
//! through `pdnkit fix`.
//!
//! The corpus's moves that cannot be played, checked by hand:
//!
//! * `english/tinsley.pdn` game 541, ply 123, `32-28` (no piece on 32): `28-32` is offered
//!   (start and end swapped). Black's man on 28 going to 32 fits the position and the three
//!   plies after it replay, so it is very likely right; three plies are too few to say so,
//!   and it is not confirmed.
//! * `international/problems-cat-c1.pdn` game 46: a problem's solution line `36x27 1-0`
//!   written as a game of its own, without its FEN: from the start position nothing is meant.
//!   `32-27` and `31-27` are offered as legal moves one digit away; nothing follows to tell,
//!   so neither is confirmed: right.
//! * `international/training-bruno-vs-scan31.pdn` game 11, ply 64, `17-11`: the moves from
//!   there on belong to no legal continuation (`33. 32x43` is White capturing its own side's
//!   way); no candidate replays further: no suggestion, right.
//! * `international/wc-match-women-2024.pdn` game 2, the variation `(1... 5-10)`: a Black
//!   move written after White's first move as if it were an alternative to it; `5-10` is
//!   legal nowhere near the start (10 is occupied): no suggestion, right.

#[path = "pdn_support/mod.rs"]
mod pdn_support;
#[path = "repair_support/mod.rs"]
mod repair_support;

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use draughts::Variant;
use pdnkit::repair::Slip;
use repair_support::{KINDS, Outcome, Rng, inject, judge, random_game};
use serde_json::Value;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/repair/slips.pdn");

fn pdnkit(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A suggestion as the tests compare them: what to write, the first slip, confirmed or not.
type Offered = (String, String, bool);

/// The suggestions of each game's move faults, by game.
fn suggestions(file: &str) -> BTreeMap<u64, Vec<Offered>> {
    let (out, _, _) = pdnkit(&["validate", "--format", "json", "-q", file]);
    let mut found = BTreeMap::new();
    for g in json_lines(&out) {
        for d in g["diagnostics"].as_array().unwrap() {
            let Some(list) = d["suggestions"].as_array() else {
                continue;
            };
            let entry: &mut Vec<_> = found.entry(g["game"].as_u64().unwrap()).or_default();
            for s in list {
                let fixed: Vec<&str> = s["fixes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f["fixed"].as_str().unwrap())
                    .collect();
                entry.push((
                    fixed.join(" + "),
                    s["fixes"][0]["slip"].as_str().unwrap().to_string(),
                    s["confirmed"].as_bool().unwrap(),
                ));
            }
        }
    }
    found
}

#[test]
fn injected_slips_are_repaired_and_never_wrongly() {
    let mut rng = Rng(0x5EED_2026);
    let mut by_kind: BTreeMap<Slip, [usize; 2]> = BTreeMap::new();
    let (mut slips, mut repaired, mut wrong) = (0, 0, Vec::new());
    for variant in Variant::ALL {
        for kind in KINDS {
            let mut done = 0;
            for _ in 0..40 {
                if done == 3 {
                    break;
                }
                let game = random_game(variant, &mut rng, 60);
                if game.moves.len() < 24 {
                    continue;
                }
                let at = match kind {
                    Slip::NumberingReversed | Slip::BoardMirrored => 0,
                    _ => rng.below(game.moves.len() - 12),
                };
                let Some(faulty) = inject(&game, kind, at, &mut rng) else {
                    continue;
                };
                let outcome = judge(&game, &faulty);
                if outcome == Outcome::Silent {
                    continue;
                }
                done += 1;
                slips += 1;
                let counts = by_kind.entry(kind).or_default();
                counts[0] += 1;
                match outcome {
                    Outcome::Repaired => {
                        repaired += 1;
                        counts[1] += 1;
                    }
                    Outcome::Wrong => {
                        wrong.push(format!("{} {}: {faulty:?}", variant.name(), kind.name()))
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(wrong.is_empty(), "wrong repairs confirmed: {wrong:#?}");
    assert!(slips > 400, "{slips} slips: too few to say anything");
    let share = repaired as f64 / slips as f64;
    assert!(share >= 0.9, "{repaired} of {slips} repaired: {by_kind:?}");
    for (kind, [n, r]) in by_kind {
        assert!(r * 4 >= n * 3, "{}: {r} of {n} repaired", kind.name());
    }
}

#[test]
fn fixtures_of_the_tricky_cases() {
    let found = suggestions(FIXTURE);
    let s = |g: u64| found.get(&g).cloned().unwrap_or_default();
    // A slip with the rest of the game as evidence: confirmed.
    assert_eq!(s(1), [("36-31".into(), "from-to-swapped".into(), true)]);
    // Two slips: the first repair replays to the second, which is repaired too.
    assert_eq!(
        s(2),
        [("37-32 + 44-39".into(), "digits-swapped".into(), true)]
    );
    // Two plies from the end: offered, not confirmed.
    assert_eq!(s(3), [("12-18".into(), "digits-swapped".into(), false)]);
    // Two repairs that replay as far: both listed, neither confirmed.
    assert_eq!(
        s(4),
        [
            ("32-28".into(), "digits-swapped".into(), false),
            ("33-28".into(), "digit".into(), false)
        ]
    );
    // In a variation: suggested (and, as the next test shows, not applied).
    assert_eq!(s(5), [("23x34".into(), "digits-swapped".into(), true)]);
}

#[test]
fn validate_prints_help_lines_and_no_suggest_skips_them() {
    let (text, _, code) = pdnkit(&["validate", FIXTURE]);
    assert_eq!(code, 1);
    assert!(
        text.contains(
            "  = help: did you mean 36-31 (start and end swapped)? With it the remaining 71 plies replay; pdnkit fix applies it\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "(too few plies after it to be sure); not confirmed, so pdnkit fix leaves it\n"
        )
    );
    // Confirmed in a variation: fix changes main lines only.
    assert!(
        text.contains("replay; confirmed, but pdnkit fix changes main lines only\n"),
        "{text}"
    );
    let (json, _, _) = pdnkit(&["validate", "--format", "json", FIXTURE]);
    // Game 1's repair is applied by fix, game 5's (in a variation) is not.
    let games = json_lines(&json);
    let first = |g: usize| games[g]["diagnostics"][0]["suggestions"][0].clone();
    assert_eq!(first(0)["fix_applies"], true, "{}", first(0));
    assert_eq!(first(4)["confirmed"], true);
    assert_eq!(first(4)["fix_applies"], false);
    let (json, _, _) = pdnkit(&["validate", "--no-suggest", "--format", "json", FIXTURE]);
    assert!(!json.contains("suggestions"));
    let (csv, _, _) = pdnkit(&["validate", "--format", "csv", FIXTURE]);
    assert!(csv.lines().next().unwrap().ends_with(",message,suggestion"));
    assert!(csv.contains("did you mean 36-31"));
}

#[test]
fn fix_applies_confirmed_main_line_repairs_only_and_twice_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("pdnkit-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (fixed_path, changes, again) = (
        dir.join("fixed.pdn"),
        dir.join("changes.csv"),
        dir.join("again.csv"),
    );
    let fixed_s = fixed_path.to_str().unwrap();
    let (_, err, code) = pdnkit(&[
        "fix",
        "-o",
        fixed_s,
        "--changes",
        changes.to_str().unwrap(),
        FIXTURE,
    ]);
    assert_eq!(code, 1, "games 3 to 5 stay invalid or with warnings: {err}");
    assert!(
        err.contains("5 games written, 2 changed (1 digit, 1 digits-swapped, 1 from-to-swapped)"),
        "{err}"
    );
    let rows = std::fs::read_to_string(&changes).unwrap();
    assert_eq!(
        rows.lines().collect::<Vec<_>>(),
        [
            "file,game,ply,written,fixed,kind,plies_confirmed",
            &format!("{FIXTURE},1,9,31-36,36-31,from-to-swapped,71"),
            &format!("{FIXTURE},2,17,73-32,37-32,digits-swapped,39"),
            &format!("{FIXTURE},2,41,44-38,44-39,digit,39"),
        ]
    );
    let fixed = std::fs::read_to_string(&fixed_path).unwrap();
    assert!(fixed.contains("36-31 {pdnkit: written 31-36}"));
    // The games not repaired are as they were.
    let original = std::fs::read_to_string(FIXTURE).unwrap();
    let tail = |t: &str| {
        t[t.find("[Event \"A slip two plies").unwrap()..]
            .trim_end()
            .to_string()
    };
    assert_eq!(tail(&fixed), tail(&original));
    // The repaired games now replay clean.
    let (report, _, _) = pdnkit(&["validate", "--format", "json", "-q", fixed_s]);
    let verdicts: Vec<String> = json_lines(&report)
        .iter()
        .map(|g| g["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(verdicts[..2], ["clean", "clean"]);
    // Again: nothing to change.
    let (second, _, _) = pdnkit(&["fix", "--changes", again.to_str().unwrap(), fixed_s]);
    assert_eq!(second, fixed);
    assert_eq!(std::fs::read_to_string(&again).unwrap().lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fix_results_and_gametype() {
    let dir = std::env::temp_dir().join(format!("pdnkit-fix-tags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.pdn");
    // A result contradicting the terminator; a game without GameType (decided for its file).
    std::fs::write(
        &input,
        "[Result \"0-1\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1/2-1/2\n\n\
         [Event \"untagged\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n",
    )
    .unwrap();
    let changes = dir.join("c.csv");
    let (out, _, _) = pdnkit(&[
        "fix",
        "--results",
        "--gametype",
        "--changes",
        changes.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(out.starts_with("[Result \"1/2-1/2\"]\n"), "{out}");
    assert!(
        out.contains("[GameType \"20\"]\n[Event \"untagged\"]"),
        "{out}"
    );
    let rows = std::fs::read_to_string(&changes).unwrap();
    assert!(rows.contains(",1,,0-1,1/2-1/2,result,"), "{rows}");
    assert!(rows.contains(",2,,,20,gametype,"), "{rows}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corpus_faults_get_the_suggestions_checked_by_hand() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let expect: [(&str, u64, Vec<Offered>); 4] = [
        (
            "english/tinsley.pdn",
            541,
            vec![("28-32".into(), "from-to-swapped".into(), false)],
        ),
        (
            "international/problems-cat-c1.pdn",
            46,
            vec![
                ("32-27".into(), "digit".into(), false),
                ("31-27".into(), "digit".into(), false),
            ],
        ),
        ("international/training-bruno-vs-scan31.pdn", 11, vec![]),
        ("international/wc-match-women-2024.pdn", 2, vec![]),
    ];
    for (file, game, want) in expect {
        let path = pdn_support::corpus_file(&dir, file);
        let found = suggestions(path.to_str().unwrap());
        let got = found.get(&game).cloned().unwrap_or_default();
        assert_eq!(got, want, "{file} game {game}");
        // No other game of the file has a move fault with suggestions that is not listed.
        assert!(found.keys().all(|g| *g == game), "{file}: {found:?}");
    }
}

/// `moves` numbered as a writer numbers what they wrote: `1. a b 2. c d ...`.
fn numbered(moves: &[String]) -> String {
    moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn fix_renumbers_the_moves_after_every_kind_of_repair() {
    let mut rng = Rng(0x0DD_2033);
    let mut archive = String::new();
    let mut kinds = std::collections::BTreeSet::new();
    for kind in KINDS {
        let mut done = 0;
        for variant in [Variant::International, Variant::Russian, Variant::English] {
            for _ in 0..20 {
                if done == 4 {
                    break;
                }
                let game = random_game(variant, &mut rng, 60);
                if game.moves.len() < 30 || game.fen.is_some() {
                    continue;
                }
                let at = match kind {
                    Slip::NumberingReversed | Slip::BoardMirrored => 0,
                    _ => 4 + rng.below(game.moves.len() - 20),
                };
                let Some(faulty) = inject(&game, kind, at, &mut rng) else {
                    continue;
                };
                if judge(&game, &faulty) != Outcome::Repaired {
                    continue;
                }
                done += 1;
                kinds.insert(kind.name());
                archive.push_str(&format!(
                    "[Event \"{}\"]\n[GameType \"{}\"]\n{} *\n\n",
                    kind.name(),
                    pdnkit::export::game_type_value(variant),
                    numbered(&faulty)
                ));
            }
        }
    }
    assert_eq!(kinds.len(), KINDS.len(), "{kinds:?}");
    // The slip the issue saw: a ply left out, the numbers of the moves written as they were.
    let game = loop {
        let game = random_game(Variant::International, &mut rng, 60);
        let mut faulty = game.moves.clone();
        if faulty.len() > 50 {
            faulty.remove(39);
            if judge(&game, &faulty) == Outcome::Repaired {
                break game;
            }
        }
    };
    let mut moves: Vec<String> = game.moves.clone();
    let mut words: Vec<String> = Vec::new();
    for (i, m) in moves.drain(..).enumerate() {
        if i % 2 == 0 {
            words.push(format!("{}.", i / 2 + 1));
        }
        // Black's 20th move left out.
        if i != 39 {
            words.push(m);
        }
    }
    archive.push_str(&format!(
        "[Event \"missing, numbers as they were\"]\n[GameType \"20\"]\n{} *\n",
        words.join(" ")
    ));
    let dir = std::env::temp_dir().join(format!("pdnkit-renumber-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, fixed) = (dir.join("slips.pdn"), dir.join("fixed.pdn"));
    std::fs::write(&input, &archive).unwrap();
    let (_, err, code) = pdnkit(&[
        "fix",
        "-o",
        fixed.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    if code != 0 {
        let (report, _, _) = pdnkit(&["validate", fixed.to_str().unwrap()]);
        panic!("{err}\n{report}");
    }
    let text = std::fs::read_to_string(&fixed).unwrap();
    let (notes, err, code) = pdnkit(&["validate", "--notes", fixed.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!notes.contains("move-number"), "{notes}");
    assert!(!notes.contains("error"), "{notes}");
    assert!(err.contains("0 with warnings, 0 invalid"), "{err}");
    // The restored ply stands after White's 20th move, the number 21 before White's next.
    let restored = format!(
        "20. {} {} {{pdnkit: a ply was missing here}} 21. {}",
        game.moves[38], game.moves[39], game.moves[40]
    );
    assert!(text.contains(&restored), "{restored}\n{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_quiet_move_written_where_the_only_legal_move_was_a_capture_gets_that_capture() {
    // The sample archive's first game with `4. 29x20` (White's only legal move: 29 takes 24)
    // written as `4. 46-41`; Black's reply `25x14` and the rest depend on the capture.
    let game = "[Event \"capture due\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\
                [GameType \"20\"]\n\n\
                1. 33-29 20-25 2. 39-33 14-20 3. 44-39 20-24 4. 46-41 25x14\n\
                5. 35-30 18-23 6. 30-25 12-18 7. 34-30 7-12 8. 30-24 19x30\n\
                9. 25x34 14-19 10. 32-28 23x32 11. 37x28 10-14 *\n";
    let dir = std::env::temp_dir().join(format!("pdnkit-capture-due-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.pdn");
    std::fs::write(&path, game).unwrap();
    let file = path.to_str().unwrap();

    let offered = suggestions(file);
    assert_eq!(
        offered[&1][0],
        ("29x20".to_string(), "capture-due".to_string(), true),
        "{offered:?}"
    );
    let (fixed, err, code) = pdnkit(&["fix", file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        fixed.contains("4. 29x20 {pdnkit: written 46-41} 25x14"),
        "{fixed}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
