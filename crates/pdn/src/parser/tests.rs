//! One test per grammar rule, stated as outlines (see `pdn::outline`).

use super::*;
use crate::note::NoteKind;
use crate::outline::outline;

fn tree(text: &str) -> String {
    outline(&parse_text(text).unwrap_or_else(|e| panic!("{text:?}: {e}")))
}

fn notes(text: &str) -> Vec<(NoteKind, &str)> {
    let game = parse_text(text).unwrap();
    game.notes
        .iter()
        .map(|n| (n.kind, n.span.text(text)))
        .collect()
}

fn fatal(text: &str) -> (SyntaxErrorKind, &str) {
    let err = parse_text(text).unwrap_err();
    (err.kind, err.span.text(text))
}

#[test]
fn tags_with_escapes_padding_and_order() {
    let text = "[Event       \"A \\\"B\\\" C\"]\n[Site \"x\\y\"]\n[Event \"2\"]\n*";
    assert_eq!(
        tree(text),
        "tag Event=\"A \\\"B\\\" C\"\ntag Site=\"x\\\\y\"\ntag Event=\"2\"\nend *\n"
    );
    let game = parse_text(text).unwrap();
    assert_eq!(game.tag("Event"), Some("A \"B\" C"));
    assert!(matches!(
        game.tags().nth(1).unwrap().value,
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(notes(text), vec![(NoteKind::DuplicateTag, "[Event \"2\"]")]);
}

#[test]
fn broken_tags_are_repaired_with_notes() {
    assert_eq!(tree("[\nEvent \"T\"]\n*"), "tag Event=\"T\"\nend *\n");
    assert_eq!(
        tree("[[Event \"T\"] *"),
        "comment \"[\"\ntag Event=\"T\"\nend *\n"
    );
    assert_eq!(
        tree("[Empty]\n[A \"1\"] *"),
        "tag Empty=\"\"\ntag A=\"1\"\nend *\n"
    );
    assert_eq!(tree("[Round 3] *"), "tag Round=\"3\"\nend *\n");
    assert_eq!(
        tree("[A \"x\"\n1. 32-28"),
        "tag A=\"x\"\nnumber 1.\nmove 32-28\n"
    );
    assert_eq!(tree("[A \"open]\n*"), "tag A=\"open\"\nend *\n");
    assert_eq!(tree("[A \"C:\\\"]\n*"), "tag A=\"C:\\\\\"\nend *\n");
    assert_eq!(
        tree("[A \"1\"]\nEvent \"T\"]\n*"),
        "tag A=\"1\"\ntag Event=\"T\"\nend *\n"
    );
    assert_eq!(
        tree("[Heure blanche \"0:10\"]\\r\n*"),
        "tag Heure blanche=\"0:10\"\nend *\n"
    );
    let kinds: Vec<NoteKind> = notes("[Heure blanche \"0:10\"]\\r\n[Empty]\n*")
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(
        kinds,
        vec![
            NoteKind::OddTagName,
            NoteKind::LiteralEscape,
            NoteKind::TagWithoutValue
        ]
    );
}

#[test]
fn move_numbers_any_dots_missing_or_glued() {
    assert_eq!(
        tree("1.32-28 19-23 2... 28x19 01. 34-29 *"),
        "number 1.\nmove 32-28\nmove 19-23\nnumber 2...\nmove 28x19\nnumber 1.\nmove 34-29\nend *\n"
    );
    assert_eq!(
        tree("1. ... 7-12 *"),
        "number 1.\nellipsis\nmove 7-12\nend *\n"
    );
    assert_eq!(notes("10 32-28 *"), vec![(NoteKind::BareNumber, "10")]);
}

#[test]
fn every_move_form_is_one_token() {
    assert_eq!(
        tree("32-28 28x19x10 c3:e5 a3b4 06-11 28X19 1- 7 35x 4 32\u{2013}28 *"),
        "move 32-28\nmove 28x19x10\nmove c3:e5\nmove a3b4\nmove 6-11\nmove 28x19\nmove 1-7\n\
         move 35x4\nmove 32-28\nend *\n"
    );
    // PDN 1.0: hop by hop stays two moves (the replayer joins them); run-together digits.
    assert_eq!(tree("11x18 18x25 *"), "move 11x18\nmove 18x25\nend *\n");
    assert_eq!(tree("3228 *"), "move 3228\nend *\n");
    assert_eq!(notes("3228 *"), vec![(NoteKind::RunTogetherMove, "3228")]);
}

#[test]
fn results_never_eat_moves() {
    // §3.3: `1-10` is a move, `1-1` a result, `10-15` holds `0-1` but is a move.
    assert_eq!(tree("1-10 10-15 1-1"), "move 1-10\nmove 10-15\nend 1-1\n");
    assert_eq!(tree("1-12 1-1"), "move 1-12\nend 1-1\n");
    for result in [
        "2-0", "0-2", "1-1", "1-0", "0-1", "0-0", "*", "½-½", "1/2-1/2", "0.5-0.5",
    ] {
        let text = format!("[Result \"{result}\"] 32-28 {result}");
        let game = parse_text(&text).unwrap();
        assert_eq!(game.terminator.unwrap().token, result);
        assert_eq!(game.result_tag().unwrap().raw, result);
        assert_eq!(
            game.terminator.unwrap().result().outcome,
            game.result_tag().unwrap().outcome
        );
    }
}

#[test]
fn star_glued_is_strength_free_standing_is_terminator() {
    assert_eq!(tree("1-6* 7-10 *"), "move 1-6*\nmove 7-10\nend *\n");
}

#[test]
fn strength_marks_and_nags() {
    assert_eq!(
        tree("32-28!? 19-23(!?!!!) 28x19?? $3 29-23(?)$14 *"),
        "move 32-28!?\nmove 19-23(!?!!!)\nmove 28x19??\nnag 3\nmove 29-23(?)\nnag 14\nend *\n"
    );
}

#[test]
fn comments_line_comments_and_escapes() {
    let text = "% top\n[A \"1\"]\n{pre} 32-28 ; to end {of line\n19-23 {[%clock w1:00 B0:59]} *";
    assert_eq!(
        tree(text),
        "escape \" top\"\ntag A=\"1\"\ncomment \"pre\"\nmove 32-28\ncomment \" to end {of line\"\n\
         move 19-23\ncomment \"[%clock w1:00 B0:59]\"\nend *\n"
    );
    let game = parse_text(text).unwrap();
    let Node::Comment(clock) = &game.body[4] else {
        panic!()
    };
    assert_eq!(
        clock.commands().collect::<Vec<_>>(),
        vec![("clock", "w1:00 B0:59")]
    );
    assert_eq!(
        notes("32-28 %x\n*"),
        vec![(NoteKind::MisplacedEscape, "%x")]
    );
}

#[test]
fn nested_variations() {
    assert_eq!(
        tree("32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins}) 12-18) 28x19 *"),
        "move 32-28\nmove 19-23\n(\n  move 18-23\n  move 38-32\n  (\n    move 37-32?\n    \
         move 23-29!\n    comment \"Black wins\"\n  )\n  move 12-18\n)\nmove 28x19\nend *\n"
    );
    let n = MAX_VARIATION_DEPTH;
    let deep = format!("32-28 {}{} *", "(".repeat(n), ")".repeat(n));
    assert!(parse_text(&deep).is_ok());
    let deeper = format!("32-28 {}{} *", "(".repeat(n + 1), ")".repeat(n + 1));
    assert_eq!(fatal(&deeper).0, SyntaxErrorKind::TooDeep);
    // 100k levels fail at the limit without using the stack for the rest.
    let hostile = format!("32-28 {}", "(".repeat(100_000));
    let err = parse_text(&hostile).unwrap_err();
    assert_eq!(
        (err.kind, err.span.start as usize),
        (SyntaxErrorKind::TooDeep, 6 + n)
    );
    assert!(err.message.contains("deeper than 30 levels"), "{err}");
}

#[test]
fn tags_longer_than_the_limits_make_the_game_unreadable() {
    let limits = ParseOptions {
        max_tag_name: 5,
        max_tag_value: 8,
        ..ParseOptions::default()
    };
    let ok = "[Event \"12345678\"]\n*";
    assert!(parse_text_with(ok, &limits).is_ok());
    let text = "[Event \"123456789\"]\n*";
    let err = parse_text_with(text, &limits).unwrap_err();
    assert_eq!(err.kind.code(), "tag-too-long");
    assert_eq!(err.span.text(text), "[Event \"123456789\"]");
    assert_eq!(
        err.message,
        "tag value of 9 bytes (tag `Event`) is longer than 8 bytes, the most a tag value may have"
    );
    let text = "[Events \"1\"]\n*";
    let err = parse_text_with(text, &limits).unwrap_err();
    assert!(err.message.starts_with("tag name of 6 bytes"), "{err}");
    // The label of an unreadable game is still read.
    assert_eq!(label(text).to_string(), "");
    assert_eq!(
        label("[Event \"123456789\"]").event.as_deref(),
        Some("123456789")
    );
}

#[test]
fn more_moves_than_the_limits_make_the_game_unreadable() {
    let limits = ParseOptions {
        max_mainline_moves: 3,
        max_moves: 5,
        ..ParseOptions::default()
    };
    assert!(parse_text_with("1. 32-28 19-23 2. 28x19 (33-29 24-29) *", &limits).is_ok());
    let text = "1. 32-28 19-23 2. 28x19 14x23 *";
    let err = parse_text_with(text, &limits).unwrap_err();
    assert_eq!(err.kind.code(), "too-many-moves");
    assert_eq!(err.span.text(text), "14x23");
    assert_eq!(
        err.message,
        "the main line has more than 3 moves, the most a game may have"
    );
    let text = "1. 32-28 (33-29 (34-30 35-30) 31-27) 19-23 *";
    let err = parse_text_with(text, &limits).unwrap_err();
    assert_eq!(err.span.text(text), "19-23");
    assert!(
        err.message
            .contains("more than 5 moves with its variations"),
        "{err}"
    );
}

#[test]
fn setups_anywhere() {
    assert_eq!(
        tree("/FEN \"W:W31-50:B1-20\"/ 32-28 / FEN \"B:W18:B12\" / *"),
        "setup \"W:W31-50:B1-20\"\nmove 32-28\nsetup \"B:W18:B12\"\nend *\n"
    );
    let game = parse_text("/FEN \"W:W31-50:B1-20\"/ *").unwrap();
    let Node::Setup(s) = &game.body[0] else {
        panic!()
    };
    assert_eq!(s.parse().unwrap().groups.len(), 2);
}

#[test]
fn unknown_moves_stray_dots_and_glued_text() {
    assert_eq!(
        tree("1. - - 2. - - 1-0"),
        "number 1.\nmove - -\nnumber 2.\nmove - -\nend 1-0\n"
    );
    assert_eq!(
        tree("3. 8-3 . 1-0"),
        "number 3.\nmove 8-3\ncomment \".\"\nend 1-0\n"
    );
    assert_eq!(
        tree("26-22Whiteoverstepped. 1-0"),
        "move 26-22\ncomment \"Whiteoverstepped.\"\nend 1-0\n"
    );
    assert_eq!(
        notes("26-22Whiteoverstepped. 1-0"),
        vec![(NoteKind::GluedText, "Whiteoverstepped.")]
    );
}

#[test]
fn terminators_missing_inferred_and_trailing() {
    assert_eq!(notes("32-28"), vec![(NoteKind::MissingTerminator, "")]);
    let delfts = "[Result \"4-6\"]\n64. 38-32 13-19 4-6\n";
    assert_eq!(
        tree(delfts),
        "tag Result=\"4-6\"\nnumber 64.\nmove 38-32\nmove 13-19\nend 4-6 (inferred)\n"
    );
    let dash = "[Result \"-\"] 1.32-28 - {c}";
    assert_eq!(
        tree(dash),
        "tag Result=\"-\"\nnumber 1.\nmove 32-28\nend - (inferred)\ncomment \"c\"\n"
    );
    assert_eq!(notes(dash), vec![(NoteKind::InferredTerminator, "-")]);
    // Junk after it is passed over like the comment the writer makes of it.
    assert_eq!(
        tree("[Result \"4-6\"] 1.32-28 4-6 ?!"),
        "tag Result=\"4-6\"\nnumber 1.\nmove 32-28\nend 4-6 (inferred)\ncomment \"?!\"\n"
    );
    assert_eq!(
        tree("32-28 1-0 {after} junk"),
        "move 32-28\nend 1-0\ncomment \"after\"\ncomment \"junk\"\n"
    );
    assert_eq!(notes("32-28 1-0 (1-1)")[0].0, NoteKind::TextAfterTerminator);
    assert_eq!(
        tree("32-28 (19-23 1-0) *"),
        "move 32-28\n(\n  move 19-23\n  comment \"1-0\"\n)\nend *\n"
    );
}

#[test]
fn header_only_and_headerless_games() {
    assert_eq!(tree("[FEN \"B:W1:B2\"] *"), "tag FEN=\"B:W1:B2\"\nend *\n");
    assert_eq!(tree("[FEN \"B:W1:B2\"]"), "tag FEN=\"B:W1:B2\"\n");
    assert_eq!(tree("1.a3b4"), "number 1.\nmove a3b4\n");
}

#[test]
fn literal_backslash_r_is_white_space() {
    assert_eq!(
        tree("[A \"1\"]\\r\n1. 32-28 2.\\r\n33-29 *"),
        "tag A=\"1\"\nnumber 1.\nmove 32-28\nnumber 2.\nmove 33-29\nend *\n"
    );
}

#[test]
fn fatal_structure_errors() {
    // The standard's probe: the first `}` ends the comment, the second closes nothing.
    let probe = "1. 33-29 19-23 2. 35-30 { nested { comment } } \r\n";
    let err = parse_text(probe).unwrap_err();
    assert_eq!(err.kind, SyntaxErrorKind::UnmatchedBrace);
    assert_eq!(err.span.start as usize, probe.rfind('}').unwrap());
    assert!(err.message.contains("do not nest"), "{}", err.message);
    assert_eq!(
        fatal("32-28 {open"),
        (SyntaxErrorKind::UnterminatedComment, "{")
    );
    assert_eq!(
        fatal("32-28 (19-23 (18-23) *"),
        (SyntaxErrorKind::UnterminatedVariation, "(")
    );
    assert_eq!(fatal("  {just a comment}  ").0, SyntaxErrorKind::Empty);
    assert_eq!(fatal("} *").0, SyntaxErrorKind::UnmatchedBrace);
}

#[test]
fn accessors_for_the_replayer() {
    let text = "[GameType \"21,B,8,8,N1,0\"]\n[FEN \"B:W21-32:B1-12\"]\n[Variant \"American/English\"]\n\
                [Result \"1-0\"]\n1. 11-15 (1. 9-13) 23-19 1-0";
    let game = parse_text(text).unwrap();
    assert_eq!(game.game_type().unwrap().unwrap().number, 21);
    assert_eq!(game.fen().unwrap().unwrap().groups.len(), 2);
    assert_eq!(game.variant_tag().unwrap().game_type, Some(21));
    let moves: Vec<String> = game.mainline_moves().map(|m| m.canonical()).collect();
    assert_eq!(moves, vec!["11-15", "23-19"]);
    let m = game.mainline_moves().next().unwrap();
    assert_eq!(
        (m.from().to_string(), m.to().to_string()),
        ("11".into(), "15".into())
    );
    assert_eq!(
        m.separators().collect::<Vec<_>>(),
        vec![crate::lex::Separator::Dash]
    );
    assert_eq!(m.span.text(text), "11-15");
}

/// Random token soup must never panic and every span must be on character boundaries.
#[test]
fn no_panics_on_token_soup() {
    let atoms = [
        "[", "]", "{", "}", "(", ")", "\"", "\\", "\\r", ";", "%", "$", "/", "FEN", "*", "1-0",
        "1", "32", "-", "x", ":", ".", "...", "é", "½", "\u{2013}", "a3", "K", " ", "\n", "\r",
        "!", "?", "Event", "\t", "0",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..(seed % 40) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.push_str(atoms[(seed % atoms.len() as u64) as usize]);
        }
        if let Ok(game) = parse_text(&text) {
            for n in &game.notes {
                assert!(text.is_char_boundary(n.span.start as usize), "{text:?}");
                assert!(text.is_char_boundary(n.span.end as usize), "{text:?}");
            }
            let written = crate::writer::write_game(&game);
            let again = parse_text(&written);
            assert!(again.is_ok(), "{text:?} -> {written:?}");
        }
    }
}

#[test]
fn a_comment_holding_tag_lines_is_flagged_at_its_brace() {
    // An unclosed `{` swallows the next game up to a later `}`: say so at the `{`.
    let swallowed = "32-28 {no end 19-23 *\n\n[Event \"next\"]\n31-27 } *";
    assert_eq!(notes(swallowed), vec![(NoteKind::TagsInComment, "{")]);
    // Brackets inside a comment that are not tag lines stay quiet.
    assert!(notes("32-28 {see [diagram]\n[a] and [x \"y\"} *").is_empty());
    assert!(notes("32-28 {[Event \"x\"] on the first line} *").is_empty());
}
