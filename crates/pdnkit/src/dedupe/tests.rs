//! Grouping, decisions and the report on games given by what the first reading keeps of them.

use super::*;

const LONG: u64 = 1;
const SHORT: u64 = 2;

fn keyed(key: u64, plies: u32, richness: u32, players: u64, year: u16) -> Keyed {
    Keyed {
        key,
        plies,
        richness,
        evidence: Evidence {
            players,
            year: Some(year),
            occasion: 0,
        },
    }
}

/// Three copies of one game (the second the richest), the same moves by other players, an
/// unfinished copy of the first three, and a game of its own.
fn games() -> Vec<Keyed> {
    vec![
        keyed(LONG, 30, 4, 7, 2000),
        keyed(LONG, 30, 9, 7, 2000),
        keyed(LONG, 30, 4, 7, 2000),
        keyed(LONG, 30, 4, 8, 2000),
        keyed(SHORT, 20, 4, 7, 2000),
        keyed(3, 40, 4, 7, 2000),
    ]
}

fn decide(by: By, prefix: bool) -> Decisions {
    let settings = Settings {
        by,
        min_plies: 20,
        prefix,
        prefix_min: 20,
    };
    let groups = Groups::new(games(), settings);
    let keys = groups.prefix_keys();
    assert!(!keys.is_empty());
    let mut containers = Containers::default();
    // Games 0 to 3 start with game 4's moves.
    for order in 0..4 {
        groups.add_containers(&mut containers, order, vec![4]);
    }
    groups.decide(&containers)
}

fn fates(d: &Decisions) -> Vec<(bool, Fate, Order)> {
    (0..d.len())
        .map(|i| (d.kept(i), d.why(i).0, d.why(i).1))
        .collect()
}

#[test]
fn copies_by_evidence_keep_the_richest_and_leave_suspects_and_unfinished_copies_written() {
    let d = decide(By::Evidence, false);
    assert_eq!(
        fates(&d),
        [
            (false, Fate::Same, 1),
            (true, Fate::Kept, 1),
            (false, Fate::Same, 1),
            (true, Fate::Suspect, 1),
            (true, Fate::Prefix, 1),
            (true, Fate::Kept, 5),
        ]
    );
    let tally = d.tally();
    assert_eq!(
        (
            tally.left_out,
            tally.suspects,
            tally.unfinished,
            tally.groups
        ),
        (2, 1, 1, 1)
    );
    assert_eq!(
        (0..6).map(|i| d.reported(i)).collect::<Vec<_>>(),
        [true, true, true, true, true, false]
    );
}

#[test]
fn with_prefix_an_unfinished_copy_is_left_out_and_by_moves_there_are_no_suspects() {
    let d = decide(By::Evidence, true);
    assert_eq!(fates(&d)[4], (false, Fate::Prefix, 1));
    let d = decide(By::Moves, false);
    assert_eq!(fates(&d)[3], (false, Fate::Same, 1));
    assert_eq!(d.tally().left_out, 3);
}

#[test]
fn the_report_numbers_groups_and_says_why() {
    let d = decide(By::Evidence, false);
    let mut report = Report::default();
    for i in (0..5).rev() {
        report.add_place(i, "a.pdn".to_string(), i as u64 + 1);
        report.add_row(ReportRow {
            group: 0,
            file: "a.pdn".to_string(),
            game: i as u64 + 1,
            event: String::new(),
            white: String::new(),
            black: String::new(),
            date: String::new(),
            plies: d.keyed[i].plies,
            kept: if d.kept(i) { "yes" } else { "no" },
            copy: d.why(i).0.name(),
            why: String::new(),
            order: (d.report_group[i], i),
        });
    }
    let mut out = Vec::new();
    report.write(&d, &mut out).unwrap();
    let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(out.as_slice())
        .records()
        .collect::<Result<_, _>>()
        .unwrap();
    let columns = |i: usize| -> Vec<String> { rows.iter().map(|r| r[i].to_string()).collect() };
    assert_eq!(
        columns(10),
        [
            "a copy of game 2: the same moves and players",
            "kept: the most tags and comments",
            "a copy of game 2: the same moves and players",
            "kept: the moves of game 2, other players",
            "an unfinished copy of game 2, kept (--prefix leaves it out)",
        ]
    );
    assert_eq!(columns(0), ["1"; 5]);
    assert_eq!(columns(2), ["1", "2", "3", "4", "5"]);
    assert_eq!(columns(9), ["same", "kept", "same", "suspect", "prefix"]);
    // With no rows, the header alone.
    let mut out = Vec::new();
    Report::default().write(&d, &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        REPORT_HEADER.join(",") + "\n"
    );
}
