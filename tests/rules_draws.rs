//! Every automatic draw rule at its threshold, on games of our own: the position one ply
//! before is not drawn, the one at the threshold is; replayed as PDN, a win recorded at the
//! threshold (or after it) is a `result-mismatch` warning, a win recorded one ply before and a
//! draw recorded at it are clean, and a move after it is a `moves-after-end` note on the next
//! ply. Then the claims (English, Czech), which never end a game by themselves.

use draughts::{Colour, Config, DrawRule, Fen, GameState, GameType, Move, Outcome, ResultScale};
use pdn::parse_text;
use pdnkit::{Code, ReplayOptions, Replayed, Severity, replay};

/// A game from `fen` whose position after its last move (ply `moves.len()`) is the first one
/// drawn by `rule`.
struct Case {
    name: &'static str,
    game_type: &'static str,
    fen: &'static str,
    moves: &'static str,
    rule: DrawRule,
}

const FMJD_ENDGAME: DrawRule = DrawRule::FmjdEndgame;
const RUSSIAN_ENDGAME: DrawRule = DrawRule::RussianEndgame;

const CASES: &[Case] = &[
    Case {
        name: "FMJD 5-move rule: two kings against one, 5 moves each",
        game_type: "20",
        fen: "W:WK15,K44:BK12",
        moves: "15-4 12-1 4-9 1-6 44-35 6-1 9-3 1-6 3-8 6-1",
        rule: FMJD_ENDGAME,
    },
    Case {
        name: "FMJD 5-move rule: crowning a second king does not restart the count",
        game_type: "20",
        fen: "W:W13,K22:BK40",
        moves: "13-8 40-45 22-17 45-40 8-2 40-45 17-22 45-40 22-17 40-45",
        rule: FMJD_ENDGAME,
    },
    Case {
        name: "FMJD 16-move rule: two kings and a man against one, 16 moves each",
        game_type: "20",
        fen: "W:WK15,K44,36:BK12",
        moves: "15-4 12-1 4-9 1-6 44-35 6-1 9-3 1-6 3-8 6-1 8-2 1-6 2-7 6-1 7-11 1-6 11-2 6-1 \
                2-8 1-6 8-3 6-1 3-9 1-6 9-4 6-1 4-10 1-6 10-5 6-1 5-14 1-6",
        rule: FMJD_ENDGAME,
    },
    Case {
        name: "FMJD 16-move rule: crowning a second king does not restart the count",
        game_type: "20",
        fen: "W:WK15,K44,6:BK12",
        moves: "15-4 12-1 4-9 1-7 6-1 7-2 1-6 2-7 6-17 7-1 9-3 1-6 17-39 6-1 3-8 1-6 8-2 6-1 \
                2-11 1-6 11-7 6-1 7-2 1-6 2-8 6-1 8-3 1-6 3-9 6-1 9-4 1-6",
        rule: FMJD_ENDGAME,
    },
    Case {
        name: "FMJD: the capture that turns a 16-move ending into a 5-move one restarts the count",
        game_type: "20",
        fen: "W:WK46,36,31:BK3",
        moves: "46-5 3-8 5-10 8-2 10-4 2-7 4-9 7-1 9-3 1-6 31-27 6-11 27-22 11x33 \
                3-8 33-6 8-2 6-1 2-8 1-7 8-2 7-12 2-11 12-1",
        rule: FMJD_ENDGAME,
    },
    Case {
        name: "FMJD: 25 king moves each without a man move or a capture",
        game_type: "20",
        fen: "W:WK46,K50,31,32:BK1,K5,19,20",
        moves: "46-37 1-6 37-41 5-10 41-36 6-1 36-41 1-7 41-36 7-2 36-41 2-8 41-36 8-3 36-41 \
                3-9 41-36 9-4 50-6 4-9 6-1 9-3 1-6 3-8 6-1 8-2 1-6 2-7 6-1 7-11 1-6 11-2 6-1 \
                2-8 1-6 8-3 6-1 3-9 1-6 9-4 6-1 4-13 1-6 10-4 6-1 4-9 1-6 9-3 6-1 3-8",
        rule: DrawRule::KingMoves {
            plies: 50,
            claim: false,
        },
    },
    Case {
        name: "FMJD: the same position for the third time",
        game_type: "20",
        fen: "W:W31,K46:B20,K1",
        moves: "46-41 1-6 41-46 6-1 46-41 1-6 41-46 6-1",
        rule: DrawRule::Repetition(3),
    },
    Case {
        name: "Russian 7.2.3: the same position for the third time",
        game_type: "25",
        fen: "W:WKa1,c3:BKh8,f6",
        moves: "a1-b2 h8-g7 b2-a1 g7-h8 a1-b2 h8-g7 b2-a1 g7-h8",
        rule: DrawRule::Repetition(3),
    },
    Case {
        name: "Russian 7.2.4: three kings against one, 15 moves (a man moving keeps the count)",
        game_type: "25",
        fen: "W:WKa1,Kc1,Ke1,h2:BKh6",
        moves: "h2-g3 h6-f8 g3-f4 f8-e7 f4-e5 e7-d8 e5-d6 d8-b6 d6-e7 b6-d8 a1-f6 d8-c7 f6-h8 \
                c7-b8 h8-g7 b8-a7 g7-f8 a7-b8 f8-h6 b8-a7 h6-g7 a7-b8 g7-f8 b8-a7 f8-h6 a7-b8 \
                h6-g5 b8-a7 g5-f6 a7-b8",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Russian 7.2.5: 15 moves each with only kings moving",
        game_type: "25",
        fen: "W:WKe1,Kg1,a3,c3:BKb8,Kd8,f6,h6",
        moves: "e1-h4 d8-e7 h4-f2 b8-a7 f2-g3 a7-b8 g3-h4 b8-a7 h4-f2 a7-b8 f2-a7 b8-c7 a7-b8 \
                c7-d8 b8-a7 e7-f8 a7-b8 d8-e7 b8-a7 f8-g7 a7-b8 e7-d8 b8-a7 d8-c7 a7-b8 c7-h2 \
                b8-a7 g7-f8 a7-b8 f8-e7",
        rule: DrawRule::KingMoves {
            plies: 30,
            claim: false,
        },
    },
    Case {
        name: "Russian 7.2.6: kings on both sides, four pieces, 30 moves without capture or crowning",
        game_type: "25",
        fen: "W:WKa1,c3:BKh8,f6",
        moves: "c3-d4 h8-g7 a1-c3 g7-f8 c3-a5 f8-e7 a5-c7 e7-d8 c7-b8 d8-e7 b8-a7 e7-d8 a7-c5 \
                d8-c7 c5-f8 c7-b8 f8-h6 b8-a7 h6-e3 a7-b8 d4-c5 b8-c7 e3-h6 c7-b8 h6-f8 b8-a7 \
                c5-d6 a7-b6 f8-h6 b6-d8 h6-f8 d8-e7 d6-c7 e7-a3 f8-h6 f6-e5 h6-f8 e5-d4 f8-g7 \
                d4-e3 g7-f8 a3-b2 f8-e7 e3-d2 e7-d8 b2-h8 d8-e7 h8-g7 e7-d8 g7-f8 d8-f6 f8-h6 \
                f6-d8 h6-g7 d8-e7 g7-f8 e7-d8 f8-h6 d8-e7 h6-f4",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Russian 7.2.6: kings on both sides, six pieces, 60 moves without capture or crowning",
        game_type: "25",
        fen: "W:WKa1,a3,c1:BKh8,h6,f8",
        moves: "a3-b4 f8-e7 b4-a5 e7-d6 a5-b6 h6-g5 b6-a7 d6-c5 c1-b2 h8-g7 b2-a3 g7-f8 a1-h8 \
                f8-e7 h8-g7 e7-d8 g7-f8 c5-d4 f8-g7 d4-e3 g7-f8 d8-c7 f8-e7 g5-f4 e7-d8 c7-b8 \
                d8-e7 b8-e5 e7-d8 e5-h8 d8-c7 h8-e5 c7-b6 e5-d4 b6-d8 d4-g7 d8-e7 g7-f8 e7-d8 \
                f8-d6 d8-b6 e3-d2 b6-d8 d6-b8 d8-e7 b8-c7 e7-d8 c7-d6 d8-b6 d6-b8 b6-d8 b8-e5 \
                d8-e7 e5-b8 e7-f8 b8-c7 f8-e7 c7-d8 e7-f8 d8-f6 f8-d6 f6-e5 d6-f8 e5-b8 f8-g7 \
                b8-c7 g7-f8 c7-d8 f8-g7 d8-e7 g7-h8 f4-e3 h8-g7 e7-d8 g7-f8 d8-c7 f8-e7 c7-b8 \
                e7-d8 b8-d6 d8-f6 d6-b8 f6-h8 b8-c7 h8-g7 c7-b8 g7-f8 b8-e5 f8-e7 e5-h8 e7-d8 \
                h8-g7 d8-c7 g7-f8 c7-b8 f8-e7 b8-c7 e7-d8 c7-b8 d8-f6 b8-c7 e3-f2 c7-b8 f6-d8 \
                b8-d6 d8-f6 d6-f8 f6-d8 f8-g7 d8-c7 g7-f8 c7-b8 f8-e7 b8-c7 e7-d8 c7-b8 d8-f6 \
                b8-c7 f6-h8 c7-b8",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Russian 7.2.7: king and man and king against one on the main road, 5 moves",
        game_type: "25",
        fen: "W:WKa5,Kh4,c1:BKd4",
        moves: "a5-d8 d4-h8 d8-c7 h8-g7 c7-b8 g7-h8 b8-a7 h8-g7 a7-b6 g7-h8",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Russian 7.2.7: three kings against one on the main road, 5 moves",
        game_type: "25",
        fen: "B:WKa5,Kh4,Kb8:BKd4",
        moves: "d4-h8 b8-a7 h8-g7 a7-b8 g7-d4 b8-a7 d4-h8 a7-b8 h8-g7 b8-a7",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Russian 7.2.8: two kings against one, 5 moves",
        game_type: "25",
        fen: "W:WKa1,Kc1:BKh6",
        moves: "a1-h8 h6-f8 h8-f6 f8-d6 f6-d8 d6-b8 d8-e7 b8-a7 e7-d8 a7-c5",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Brazilian (the Russian endings): two kings against one, 5 moves",
        game_type: "26",
        fen: "W:WKa1,Kc1:BKh6",
        moves: "a1-h8 h6-f8 h8-f6 f8-d6 f6-d8 d6-b8 d8-e7 b8-a7 e7-d8 a7-c5",
        rule: RUSSIAN_ENDGAME,
    },
    Case {
        name: "Frisian: two kings against one, 7 moves each",
        game_type: "40",
        fen: "W:WK46,K50:BK3",
        moves: "46-5 3-8 5-10 8-2 10-5 2-7 5-10 7-1 10-5 1-6 5-10 6-1 10-5 1-6",
        rule: DrawRule::FrisianEndgame,
    },
    Case {
        name: "Frisian: one king each, neither able to win at once",
        game_type: "40",
        fen: "B:W28,K50:BK5",
        moves: "5x32",
        rule: DrawRule::FrisianEndgame,
    },
    Case {
        name: "Pool: three kings against one, 13 moves",
        game_type: "23",
        fen: "B:WK1,K3,K5:BK30",
        moves: "30-12 1-6 12-16 3-8 16-2 5-9 2-7 6-1 7-2 9-5 2-7 1-6 7-3 8-4 3-7 4-15 7-2 5-9 \
                2-7 6-1 7-2 9-5 2-7 5-18 7-2 1-5",
        rule: DrawRule::ThreeKingsVsKing { plies: 26 },
    },
    Case {
        name: "Turkish: one piece each",
        game_type: "30",
        fen: "W:Wc4:Bh7,c5",
        moves: "c4xc6",
        rule: DrawRule::OnePieceEach,
    },
    Case {
        name: "Italian: the same position for the fourth time",
        game_type: "22",
        fen: "W:WK29,K30:BK3,K4",
        moves: "30-27 3-6 27-30 6-3 30-27 3-6 27-30 6-3 30-27 3-6 27-30 6-3",
        rule: DrawRule::Repetition(4),
    },
    Case {
        name: "Italian: 40 moves each without a man move or a capture",
        game_type: "22",
        fen: "W:WK29,K30,12:BK3,K4,21",
        moves: "30-27 3-6 27-22 6-2 22-19 2-5 19-14 5-1 14-11 1-5 11-6 5-2 6-11 4-8 11-15 8-4 \
                15-20 2-5 20-15 5-1 15-20 4-7 20-16 7-3 16-20 1-5 20-15 3-6 15-19 5-1 19-14 6-2 \
                14-10 2-5 10-6 5-2 6-3 1-5 3-7 2-6 7-3 5-10 3-7 6-2 7-3 2-5 3-7 5-1 7-3 10-5 \
                3-7 5-2 7-4 1-5 4-8 2-6 8-4 5-1 4-7 6-3 7-4 1-5 4-7 5-2 7-4 2-6 4-7 6-10 7-4 \
                3-6 4-8 6-2 8-4 2-5 4-8 5-1 8-4 10-5 4-8 5-2",
        rule: DrawRule::KingMoves {
            plies: 80,
            claim: false,
        },
    },
    Case {
        name: "Spanish: 20 king moves each",
        game_type: "24",
        fen: "W:WK1,K2,9:BK32,K31,24",
        moves: "2-15 31-28 15-29 28-31 29-26 31-28 26-30 28-31 30-21 31-28 21-26 28-31 26-30 \
                31-28 30-27 28-31 27-16 31-28 16-12 28-31 12-29 31-28 29-25 28-31 25-11 31-28 \
                11-21 28-31 21-25 31-28 25-18 28-31 18-13 31-28 13-22 28-31 22-12 31-28 12-16 \
                28-31",
        rule: DrawRule::KingMoves {
            plies: 40,
            claim: false,
        },
    },
    Case {
        name: "Czech: 15 moves each without a man move or a capture",
        game_type: "29",
        fen: "W:WKa1,Kc1,a3:BKh8,Kf8,h6",
        moves: "c1-f4 f8-e7 f4-b8 e7-d8 b8-a7 d8-c7 a7-b8 c7-b6 b8-a7 b6-d8 a7-b8 d8-e7 b8-a7 \
                e7-f8 a7-b8 f8-g7 b8-c7 g7-f8 c7-d8 f8-g7 d8-e7 g7-f8 e7-b4 f8-g7 b4-d6 g7-f8 \
                d6-c7 f8-e7 c7-d8 e7-f8",
        rule: DrawRule::KingMoves {
            plies: 30,
            claim: false,
        },
    },
];

fn config(case: &Case) -> Config {
    Config::from_game_type(&GameType::parse(case.game_type).unwrap()).unwrap()
}

fn start(case: &Case) -> GameState {
    GameState::from_fen(&Fen::parse(case.fen).unwrap(), config(case)).unwrap()
}

/// The legal move written `text` (short or with every landing square).
fn find(g: &GameState, text: &str) -> Move {
    let n = g.config().notation;
    let sep = g.config().variant.capture_separator();
    g.legal_moves()
        .into_iter()
        .find(|m| m.text(&n, sep, false) == text || m.text(&n, sep, true) == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {}", g.to_fen()))
}

fn moves(case: &Case) -> Vec<&'static str> {
    case.moves.split_whitespace().collect()
}

#[test]
fn each_draw_rule_applies_at_its_threshold_and_not_a_ply_before() {
    for case in CASES {
        let mut g = start(case);
        let plies = moves(case);
        for (i, text) in plies.iter().enumerate() {
            assert_eq!(g.outcome(), Outcome::Ongoing, "{}: ply {i}", case.name);
            let m = find(&g, text);
            g.play(&m);
        }
        assert_eq!(
            g.outcome(),
            Outcome::Draw(case.rule),
            "{}: ply {}",
            case.name,
            plies.len()
        );
    }
}

/// The PDN text of `case`'s first `plies` moves, then `extra` (a move after them, if any), with
/// `result` in the tag and as the terminator.
fn pdn(case: &Case, plies: usize, extra: Option<&str>, result: &str) -> String {
    let config = config(case);
    let mut side = start(case).side_to_move();
    let mut number = 1;
    let mut text = String::new();
    for (i, m) in moves(case)[..plies]
        .iter()
        .copied()
        .chain(extra)
        .enumerate()
    {
        if side == config.first_mover {
            text.push_str(&format!("{number}. "));
        } else if i == 0 {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(m);
        text.push(' ');
        if side != config.first_mover {
            number += 1;
        }
        side = side.opposite();
    }
    format!(
        "[Event \"{}\"]\n[GameType \"{}\"]\n[FEN \"{}\"]\n[Result \"{result}\"]\n{text}{result}\n",
        case.name, case.game_type, case.fen
    )
}

fn replayed(text: &str) -> Replayed {
    replay(&parse_text(text).unwrap(), &ReplayOptions::default())
}

/// A win for the first mover and a draw, in the variant's result scale.
fn results(case: &Case) -> (&'static str, &'static str) {
    match config(case).rules().result_scale {
        ResultScale::Two => ("2-0", "1-1"),
        _ => ("1-0", "1/2-1/2"),
    }
}

/// The findings of `r` that are not notes, as `code severity` lines.
fn findings(r: &Replayed) -> Vec<String> {
    r.diagnostics
        .iter()
        .filter(|d| d.severity > Severity::Note)
        .map(|d| format!("{} {}: {}", d.code, d.severity, d.message))
        .collect()
}

#[test]
fn a_win_recorded_where_a_rule_drew_the_game_is_a_result_mismatch_warning() {
    for case in CASES {
        let n = moves(case).len();
        let (win, draw) = results(case);
        // One ply before the threshold a win (a resignation) is clean.
        let before = replayed(&pdn(case, n - 1, None, win));
        assert!(
            findings(&before).is_empty(),
            "{}: {:?}",
            case.name,
            findings(&before)
        );
        // At it, a draw is clean and a win is not.
        let drawn = replayed(&pdn(case, n, None, draw));
        assert!(drawn.moves_ok, "{}", case.name);
        assert!(
            drawn.diagnostics.is_empty(),
            "{}: {:?}",
            case.name,
            drawn.diagnostics
        );
        let won = replayed(&pdn(case, n, None, win));
        assert_eq!(
            won.diagnostics.len(),
            1,
            "{}: {:?}",
            case.name,
            won.diagnostics
        );
        let d = &won.diagnostics[0];
        assert_eq!(
            (d.code, d.severity),
            (Code::ResultMismatch, Severity::Warning),
            "{}",
            case.name
        );
        assert!(
            d.message.starts_with("the game was drawn by rule"),
            "{}",
            d.message
        );
        assert!(won.is_ok() && won.moves_ok);
    }
}

#[test]
fn a_move_after_the_threshold_is_after_the_end_and_a_later_win_does_not_count() {
    for case in CASES {
        let n = moves(case).len();
        let (win, draw) = results(case);
        let mut g = start(case);
        for text in moves(case) {
            let m = find(&g, text);
            g.play(&m);
        }
        let next = g.legal_moves()[0];
        let sep = g.config().variant.capture_separator();
        let next = next.text(&g.config().notation, sep, true);
        for result in [win, draw] {
            let r = replayed(&pdn(case, n, Some(&next), result));
            let after: Vec<_> = r
                .diagnostics
                .iter()
                .filter(|d| d.code == Code::MovesAfterEnd)
                .collect();
            assert_eq!(after.len(), 1, "{}", case.name);
            assert_eq!(after[0].severity, Severity::Note);
            assert_eq!(
                after[0].at.as_ref().unwrap().ply,
                n as u32 + 1,
                "{}",
                case.name
            );
            let mismatches = r
                .diagnostics
                .iter()
                .filter(|d| d.code == Code::ResultMismatch)
                .count();
            assert_eq!(mismatches, usize::from(result == win), "{}", case.name);
        }
    }
}

#[test]
fn the_mismatch_names_the_rule_and_the_move_after_which_it_applied() {
    let case = &CASES[1];
    let r = replayed(&pdn(case, moves(case).len(), None, "2-0"));
    assert_eq!(
        r.diagnostics[0].message,
        "the game was drawn by rule after black's move 5 (the FMJD 16/5-move endgame rule), but \
         the result is 2-0 (white wins)"
    );
    // A start position drawn by rule.
    let text = "[GameType \"30\"]\n[FEN \"W:Wa2:Bh7\"]\n[Result \"0-1\"]\n0-1\n";
    let r = replayed(text);
    assert_eq!(
        findings(&r),
        [
            "result-mismatch warning: the game was drawn by rule in its start position (one piece \
          each), but the result is 0-1 (black wins)"
        ]
    );
}

#[test]
fn a_win_by_force_at_once_with_one_frisian_king_each_is_no_draw() {
    // The positions: Black to move takes the king; White's king in the corner can only
    // step onto the diagonal, where Black's takes it.
    for (fen, movetext) in [("B:WK28:BK5", "1... 5x46"), ("W:WK46:BK5", "1. 46-28 5x46")] {
        let text =
            format!("[GameType \"40\"]\n[FEN \"{fen}\"]\n[Result \"0-1\"]\n{movetext} 0-1\n");
        let r = replayed(&text);
        assert!(r.diagnostics.is_empty(), "{fen}: {:?}", r.diagnostics);
        let end = r.end.unwrap();
        assert_eq!(
            end.outcome(),
            Outcome::Win {
                winner: Colour::Black,
                reason: draughts::WinReason::NoPieces
            }
        );
    }
}

#[test]
fn english_and_czech_repetitions_are_claims_that_never_end_the_game() {
    // Each shuffle starts with the variant's first mover and brings the start position back
    // for the third time after 8 plies; English plays one move more.
    for (game_type, fen, shuffle, more) in [
        (
            "21",
            "B:WK29:BK4",
            ["4-8", "29-25", "8-4", "25-29"],
            Some("4-8"),
        ),
        (
            "29",
            "W:WKa3:BKh6",
            ["a3-b4", "h6-g7", "b4-a3", "g7-h6"],
            None,
        ),
    ] {
        let gt = GameType::parse(game_type).unwrap();
        let config = Config::from_game_type(&gt).unwrap();
        let mut g = GameState::from_fen(&Fen::parse(fen).unwrap(), config).unwrap();
        assert_eq!(g.side_to_move(), config.first_mover);
        let written: Vec<&str> = shuffle
            .iter()
            .cycle()
            .take(8)
            .copied()
            .chain(more)
            .collect();
        for text in &written[..8] {
            let m = find(&g, text);
            g.play(&m);
        }
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.outcome(), Outcome::Ongoing, "{game_type}");
        assert_eq!(g.claimable_draw(), Some(DrawRule::RepetitionOnClaim(3)));
        // Played on (or not) and recorded as a win: nothing to say about the result.
        let mut movetext = String::new();
        for (i, m) in written.iter().enumerate() {
            if i % 2 == 0 {
                movetext.push_str(&format!("{}. ", i / 2 + 1));
            }
            movetext.push_str(m);
            movetext.push(' ');
        }
        let text = format!(
            "[GameType \"{game_type}\"]\n[FEN \"{fen}\"]\n[Result \"1-0\"]\n{movetext}1-0\n"
        );
        let r = replayed(&text);
        assert!(r.diagnostics.is_empty(), "{game_type}: {:?}", r.diagnostics);
        assert_eq!(r.plies.len(), written.len());
    }
}
