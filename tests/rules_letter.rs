//! The rules to the letter, beyond the draw rules (`rules_draws.rs`): a quiet move where a
//! capture may be missed, the boards Malaysian and Ghanaian are played on, who moves first,
//! and king capture routes that stop where they cannot go on.

use std::sync::Arc;

use draughts::{Colour, Variant};
use pdn::{Game, parse_text};
use pdnkit::{Code, ReplayOptions, Replayed, Severity, VariantEvidence, replay};

fn replayed(text: &str, options: &ReplayOptions) -> Replayed {
    replay(&parse_text(text).unwrap(), options)
}

fn default(text: &str) -> Replayed {
    replayed(text, &ReplayOptions::default())
}

fn forced(v: Variant) -> ReplayOptions {
    ReplayOptions {
        variant: Some(v),
        ..ReplayOptions::default()
    }
}

/// `code severity` of each diagnostic.
fn codes(r: &Replayed) -> Vec<(Code, Severity)> {
    r.diagnostics.iter().map(|d| (d.code, d.severity)).collect()
}

fn board(r: &Replayed) -> &'static str {
    r.config.unwrap().rules().name
}

const HUFF: &str = "[GameType \"-1,W,12,12,N2,0\"]\n[FEN \"W:WK64:B8,25,26,29,34,38,53\"]\n";

#[test]
fn malaysian_a_quiet_move_written_with_a_dash_is_that_quiet_move() {
    let r = default(&format!("{HUFF}1. 64-45 *\n"));
    assert_eq!(codes(&r), [(Code::MissedCapture, Severity::Note)]);
    let ply = &r.plies[0];
    assert_eq!(ply.fault, Some(Code::MissedCapture));
    assert!(!ply.mv.is_capture());
    assert_eq!(ply.after.count(Colour::Black), (7, 0), "nothing was taken");
    assert!(r.moves_ok);
    // Written as a capture, the same squares are a capture stopped early.
    let r = default(&format!("{HUFF}1. 64x45 *\n"));
    assert_eq!(codes(&r), [(Code::IncompleteCapture, Severity::Error)]);
    assert_eq!(r.plies[0].mv.captures().len(), 3);
    // Where a missed capture is illegal, a quiet move is no missed capture.
    let r = default("[GameType \"20\"]\n[FEN \"W:W32:B27\"]\n1. 32-28 *\n");
    assert_eq!(codes(&r), [(Code::CaptureRequired, Severity::Error)]);
}

const TEN: &str = "1. 32-28 19-23 2. 28x19 14x23 *\n";

#[test]
fn malaysian_plays_on_the_board_the_game_type_gives() {
    for (tags, options) in [
        (
            "[GameType \"-1,W,10,10,N2,0\"]\n",
            forced(Variant::Malaysian),
        ),
        (
            "[GameType \"-1,W,10,10,N2,0\"]\n[Variant \"Malaysian\"]\n",
            ReplayOptions::default(),
        ),
    ] {
        let r = replayed(&format!("{tags}{TEN}"), &options);
        assert_eq!(board(&r), "malaysian-10x10", "{tags}");
        assert!(r.diagnostics.is_empty(), "{tags}: {:?}", r.diagnostics);
        assert_eq!(r.final_fen().unwrap(), "W:W31,33-50:B1-13,15-18,20,23");
    }
    let eight = "[GameType \"-1,W,8,8,N2,0\"]\n[Variant \"Malaysian\"]\n\
                 1. 22-18 11-15 2. 18x11 8x15 *\n";
    let r = default(eight);
    assert_eq!(board(&r), "malaysian-8x8");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    // The standard board stays the 12x12.
    let r = replayed(
        &format!("[GameType \"-1,W,12,12,N2,0\"]\n{TEN}"),
        &forced(Variant::Malaysian),
    );
    assert_eq!(board(&r), "malaysian");
}

#[test]
fn without_a_game_type_a_game_plays_on_the_board_its_moves_replay_on() {
    let r = replayed(TEN, &forced(Variant::Malaysian));
    assert_eq!(board(&r), "malaysian-10x10");
    assert_eq!(codes(&r), [(Code::VariantGuessed, Severity::Note)]);
    assert_eq!(
        r.diagnostics[0].message,
        "no GameType gives the board: malaysian played on the 10x10 board, the board on which \
         its moves replay, not on the 12x12 board; a full GameType chooses"
    );
    // Ghanaian numbered as on the international board: the dark-cornered layout.
    let r = replayed(TEN, &forced(Variant::Ghanaian));
    assert_eq!(board(&r), "ghanaian-dark-cornered");
    assert!(
        r.diagnostics[0]
            .message
            .contains("10x10 dark-cornered board")
    );
    assert!(r.moves_ok);
    // Numbered as on the light-cornered board: that one, without a note.
    let light = "1. 31-26 20-25 *\n";
    let r = replayed(light, &forced(Variant::Ghanaian));
    assert_eq!(board(&r), "ghanaian");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    // A Variant tag alone leaves the board open as `--variant` does.
    let r = default(&format!("[Variant \"Ghanaian\"]\n{TEN}"));
    assert_eq!(board(&r), "ghanaian-dark-cornered");
}

#[test]
fn ghanaian_plays_on_the_layout_the_game_type_gives() {
    for (layout, expected) in [("0", "ghanaian-dark-cornered"), ("1", "ghanaian")] {
        let text = format!("[GameType \"-1,W,10,10,N2,{layout}\"]\n[Variant \"Ghanaian\"]\n*\n");
        assert_eq!(board(&default(&text)), expected);
        let text = format!("[GameType \"-1,W,10,10,N2,{layout}\"]\n*\n");
        assert_eq!(
            board(&replayed(&text, &forced(Variant::Ghanaian))),
            expected
        );
    }
    // The light-cornered GameType names Ghanaian by itself.
    assert_eq!(
        board(&default("[GameType \"-1,W,10,10,N2,1\"]\n*\n")),
        "ghanaian"
    );
    // On the light-cornered board, the international first move is not one.
    let r = default(&format!("[GameType \"-1,W,10,10,N2,1\"]\n{TEN}"));
    assert_eq!(codes(&r), [(Code::IllegalMove, Severity::Error)]);
}

#[test]
fn a_file_decides_the_board_for_its_games_even_those_without_moves() {
    // Three games numbered as on the international board; the last, a bare FEN, is no evidence
    // by itself (its position is legal on both layouts).
    let text = format!(
        "[Event \"a\"]\n{TEN}\n[Event \"b\"]\n1. 33-28 18-22 *\n\n\
         [Event \"c\"]\n[FEN \"W:W31,32:B19,20\"]\n*\n"
    );
    let raws: Vec<_> = pdn::Splitter::new(text.as_bytes())
        .map(|raw| raw.unwrap())
        .collect();
    let games: Vec<Game<'_>> = raws
        .iter()
        .map(|raw| pdn::parse_game(raw).unwrap())
        .collect();
    let mut evidence = VariantEvidence::forced(Variant::Ghanaian);
    for g in &games {
        evidence.add(g);
    }
    let decided = evidence.decide().expect("a board decision");
    assert_eq!(decided.untagged, None);
    let b = decided.board(Variant::Ghanaian).expect("Ghanaian's board");
    assert_eq!(b.rules.name, "ghanaian-dark-cornered");
    assert!(
        b.evidence
            .starts_with("the moves of 2 of its 2 ghanaian games"),
        "{}",
        b.evidence
    );
    let options = ReplayOptions {
        archive: Some(Arc::new(decided)),
        ..forced(Variant::Ghanaian)
    };
    let r = replay(&games[2], &options);
    assert_eq!(board(&r), "ghanaian-dark-cornered");
    assert!(r.diagnostics[0].message.contains("the board of this file"));
    // Judged alone, the same game keeps the standard board.
    assert_eq!(
        board(&replay(&games[2], &forced(Variant::Ghanaian))),
        "ghanaian"
    );
    // Nothing to decide for a variant played on one board.
    let mut evidence = VariantEvidence::forced(Variant::International);
    for g in &games {
        evidence.add(g);
    }
    assert_eq!(evidence.decide(), None);
}

#[test]
fn malaysian_black_may_move_first() {
    // By the FEN, and by the GameType's start colour (then the first number of a result is
    // Black's: PDN gives it to the side that moves first).
    let by_fen = "[GameType \"-1,W,12,12,N2,0\"]\n[FEN \"B:W43-72:B1-30\"]\n\
                  1... 25-31 2. 44-38 *\n";
    let by_game_type = "[GameType \"-1,B,12,12,N1,0\"]\n1. 25-31 44-38 *\n";
    for text in [by_fen, by_game_type] {
        let r = default(text);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        assert_eq!(r.plies[0].side, Colour::Black);
        assert_eq!(r.final_fen().unwrap(), "B:W38,43,45-72:B1-24,26-31");
    }
    assert_eq!(
        default(by_game_type).config.unwrap().first_mover,
        Colour::Black
    );
    // Black takes White's last man: `1-0` agrees, `0-1` does not.
    let won = |result: &str| {
        default(&format!(
            "[GameType \"-1,B,12,12,N1,0\"]\n[FEN \"B:W37:B31\"]\n[Result \"{result}\"]\n\
             1. 31x44 {result}\n"
        ))
    };
    assert!(won("1-0").diagnostics.is_empty());
    assert_eq!(
        codes(&won("0-1")),
        [(Code::ResultMismatch, Severity::Error)]
    );
}

const TURKISH: &str = "[GameType \"30\"]\n\
    [FEN \"B:WKe8,Kf8,b7,c4,a3,c3,e3,g3,b2,f2,h2:Bg7,b6,d6,h6,a5,g5,Kf1\"]\n";

#[test]
fn turkish_a_king_stopping_where_it_cannot_go_on_takes_too_few() {
    let r = default(&format!("{TURKISH}1... f1xc5 *\n"));
    assert_eq!(codes(&r), [(Code::NotMaximalCapture, Severity::Error)]);
    let d = &r.diagnostics[0];
    assert!(
        d.message
            .starts_with("f1xc5 takes 5 pieces; the rules require a capture of 6 pieces: f1x"),
        "{}",
        d.message
    );
    let fault = d.capture.as_ref().unwrap();
    assert_eq!(fault.captured, ["f2", "c4", "a3", "b2", "c3"]);
    assert_eq!(fault.required, 6);
    // Played as written: the king stands on c5, five white pieces fewer.
    let after = r.plies[0].after;
    assert_eq!(after.count(Colour::White), (4, 2));
    assert_eq!(
        r.final_fen().unwrap().split(':').nth(2).unwrap(),
        "Ba5,b6,d6,g5,g7,h6,Kc5"
    );
}

#[test]
fn two_legal_moves_sharing_their_short_form_are_listed_with_every_landing() {
    let r = default(&format!("{TURKISH}1... b6-b8 *\n"));
    assert_eq!(codes(&r), [(Code::IllegalMove, Severity::Error)]);
    assert!(
        r.diagnostics[0]
            .message
            .ends_with("legal moves: f1xf4xa4xa2xc2xc7xa7, f1xf4xa4xa2xe2xe7xa7"),
        "{}",
        r.diagnostics[0].message
    );
}

#[test]
fn every_flying_king_variant_classifies_a_king_landing_where_it_cannot_go_on() {
    // A king takes one piece and may land on several squares, from one of which it takes a
    // second. Where the rules count pieces, landing elsewhere takes too few; where they leave
    // the choice free, it breaks the duty to go on. Landing on the square that goes on and
    // stopping there is a capture stopped early everywhere.
    let international = ("W:WK46:B37,22", "46x32", "46x28");
    let eight = ("W:WKa1:Bc3,f4", "a1xd4", "a1xe5");
    for (game_type, (fen, dead, live), expected) in [
        ("20", international, Code::NotMaximalCapture),
        (
            "40",
            ("W:WK46,23:B37,18", "46x32", "46x28"),
            Code::NotMaximalCapture,
        ),
        ("98", international, Code::NotMaximalCapture),
        ("26", eight, Code::NotMaximalCapture),
        ("25", eight, Code::IncompleteCapture),
        ("29", eight, Code::IncompleteCapture),
        (
            "41",
            ("W:WKa1:Bc3,f4", "a1xd4", "a1xe5"),
            Code::IncompleteCapture,
        ),
    ] {
        let text = |m: &str| format!("[GameType \"{game_type}\"]\n[FEN \"{fen}\"]\n1. {m} *\n");
        let r = default(&text(dead));
        assert_eq!(
            codes(&r),
            [(expected, Severity::Error)],
            "{game_type} {dead}"
        );
        assert_eq!(r.plies[0].mv.captures().len(), 1, "{game_type}");
        let r = default(&text(live));
        assert_eq!(
            codes(&r),
            [(Code::IncompleteCapture, Severity::Error)],
            "{game_type} {live}"
        );
    }
}

#[test]
fn a_king_that_is_not_flying_has_no_landing_beyond_the_square_behind() {
    // English: the king takes 6 and must land on 10 (then take 14); 15, further along the
    // line, is no landing at all.
    let text = |m: &str| format!("[GameType \"21\"]\n[FEN \"B:W6,14:BK1\"]\n1. {m} *\n");
    assert_eq!(
        codes(&default(&text("1x15"))),
        [(Code::IllegalMove, Severity::Error)]
    );
    assert_eq!(
        codes(&default(&text("1x10"))),
        [(Code::IncompleteCapture, Severity::Error)]
    );
}
