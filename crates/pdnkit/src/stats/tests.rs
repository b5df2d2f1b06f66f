use super::report::report;
use super::*;
use crate::ReplayOptions;
use crate::check_game;
use pdn::RawGame;

fn summary(i: u64) -> GameSummary {
    let outcomes = [
        Some(Outcome::WhiteWins),
        Some(Outcome::Draw),
        Some(Outcome::BlackWins),
        None,
        Some(Outcome::BothLose),
    ];
    GameSummary {
        order: i,
        file: format!("f{}.pdn", i % 3),
        game: i,
        group: ["", "a", "b"][(i % 3) as usize].to_string(),
        second_group: None,
        variant: [Some("international"), Some("russian"), None][(i % 3) as usize],
        status: Some([Verdict::Clean, Verdict::Warnings, Verdict::Invalid][(i % 3) as usize]),
        outcome: outcomes[(i % 5) as usize],
        plies: Some((i * 7 % 90) as u32),
        opening: i.is_multiple_of(2).then(|| format!("m{}", i % 4)),
        opening_name: None,
        players: [
            Some(format!("p{}", i % 4)),
            Some(format!("p{}", (i + 1) % 4)),
        ],
        placeholder_sides: 0,
        unnamed_sides: 0,
        event: Some(format!("e{}", i % 2)),
        captures: (0..(i % 4) as u32)
            .map(|k| (1 + (i as u32 + k) % 5, format!("c{i}.{k}"), k + 1))
            .collect(),
        faults: if i.is_multiple_of(6) {
            vec!["capture-required"]
        } else {
            Vec::new()
        },
    }
}

fn stats_of(range: impl Iterator<Item = u64>) -> Stats {
    let mut s = Stats::default();
    for i in range {
        s.add(&summary(i));
    }
    s
}

#[test]
fn merging_in_any_split_and_order_gives_the_same_totals() {
    let whole = stats_of(0..60);
    for cut in [0, 1, 17, 59, 60] {
        for second_cut in [cut, (cut + 60) / 2, 60] {
            let (a, b, c) = (
                stats_of(0..cut),
                stats_of(cut..second_cut),
                stats_of(second_cut..60),
            );
            let mut left = a.clone();
            left.merge(b.clone());
            left.merge(c.clone());
            let mut right = c;
            right.merge(a);
            right.merge(b);
            assert_eq!(left, whole, "cut {cut} {second_cut}");
            assert_eq!(right, whole, "cut {cut} {second_cut}, other order");
        }
    }
}

#[test]
fn the_largest_capture_is_the_first_played_of_the_largest_size() {
    let whole = stats_of(0..60);
    let largest = whole.groups[""].captures.largest.clone().unwrap();
    assert_eq!(largest.pieces, 5);
    // Game 3 (group "") is the first whose capture list reaches five pieces.
    assert_eq!(
        (largest.game, largest.ply, largest.text.as_str()),
        (3, 2, "c3.1")
    );
}

#[test]
fn quartiles_are_nearest_rank_and_the_histogram_covers_every_game() {
    let mut s = Stats::default();
    for (i, plies) in [0, 10, 20, 30, 40, 50, 60, 70, 80].into_iter().enumerate() {
        s.add(&GameSummary {
            order: i as u64,
            plies: Some(plies),
            status: Some(Verdict::Clean),
            ..GameSummary::default()
        });
    }
    let r = report(&s, None, Some(4), 10);
    let l = r.groups[0].length.as_ref().unwrap();
    assert_eq!(r.groups[0].without_moves, 1);
    assert_eq!((l.games, l.min, l.max), (8, 10, 80));
    // 8 lengths: ranks 2, 4, 6.
    assert_eq!((l.q1, l.median, l.q3), (20, 40, 60));
    assert_eq!(l.mean, 45.0);
    assert_eq!(l.bin_width, 5);
    assert_eq!(l.histogram.iter().map(|b| b.games).sum::<u64>(), 8);
    assert_eq!(l.histogram.first().unwrap().from, 10);
    assert_eq!(l.histogram.last().unwrap().to, 84);
}

#[test]
fn results_and_scores_are_white_s_and_black_s_whoever_moves_first() {
    // English: Black moves first, so 1-0 is a win for the Black player.
    let text =
        "[GameType \"21\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1. 11-15 23-19 1-0\n";
    let raw = RawGame::from_text(text);
    let settings = Settings {
        opening_plies: 2,
        openings: None,
        by: None,
        aliases: None,
    };
    let s = check_game("t.pdn", &raw, &ReplayOptions::default(), |d| {
        GameSummary::of(d, 0, &settings)
    });
    assert_eq!(s.players, [Some("W".to_string()), Some("B".to_string())]);
    assert_eq!(s.outcome, Some(Outcome::BlackWins));
    assert_eq!(s.opening.as_deref(), Some("11-15 23-19"));
    let mut stats = Stats::default();
    stats.add(&s);
    let g = &report(&stats, None, Some(2), 0).groups[0];
    let black = g.players.iter().find(|p| p.player == "B").unwrap();
    assert_eq!(
        (black.wins, black.losses, black.score_pct),
        (1, 0, Some(100.0))
    );
    assert_eq!((g.results.white_wins, g.results.black_wins), (0, 1));
    assert_eq!(g.results.black_wins_pct, Some(100.0));
    assert_eq!(g.openings[0].white_score_pct, Some(0.0));
}

#[test]
fn group_values_come_from_tags_the_date_year_or_the_variant() {
    let text = "[Event \" Open \"]\n[Date \"1.1.1965\"]\n[GameType \"25\"]\n1. c3-d4 *\n";
    let raw = RawGame::from_text(text);
    let group_by = |by: &str| {
        let settings = Settings {
            opening_plies: 4,
            openings: None,
            by: Some(GroupBy::parse(by)),
            aliases: None,
        };
        check_game("t.pdn", &raw, &ReplayOptions::default(), |d| {
            GameSummary::of(d, 0, &settings).group
        })
    };
    assert_eq!(group_by("Event"), "Open");
    assert_eq!(group_by("year"), "1965");
    assert_eq!(group_by("Year"), "1965");
    assert_eq!(group_by("variant"), "russian");
    assert_eq!(group_by("Site"), NO_GROUP_VALUE);
    assert_eq!(year("2003.05.01").as_deref(), Some("2003"));
    assert_eq!(year("12.05.03"), None);
}

#[test]
fn rankings_are_cut_to_top_and_ordered_by_games_then_name() {
    let whole = stats_of(0..60);
    let r = report(&whole, Some("x"), Some(4), 2);
    for g in &r.groups {
        assert!(g.players.len() <= 2);
        for w in g.players.windows(2) {
            assert!((w[1].games, &w[0].player) <= (w[0].games, &w[1].player));
        }
    }
    assert_eq!(r.groups.len(), 3);
    assert_eq!(r.groups[1].group.as_deref(), Some("a"));
}

#[test]
fn openings_tied_across_variants_are_listed_by_variant() {
    // The same moves opening as many games in several variants: the order must not depend on
    // how the totals were stored.
    let mut stats = Stats::default();
    for (i, variant) in ["russian", "brazilian", "international", "czech"]
        .into_iter()
        .enumerate()
    {
        let mut s = summary(i as u64 * 6);
        s.group = String::new();
        s.variant = Some(variant);
        s.opening = Some("32-28 19-23".into());
        stats.add(&s);
    }
    let report = report(&stats, None, Some(2), 0);
    let variants: Vec<&str> = report.groups[0]
        .openings
        .iter()
        .map(|o| o.variant.as_str())
        .collect();
    assert_eq!(variants, ["brazilian", "czech", "international", "russian"]);
}

#[test]
fn placeholders_are_no_players_and_by_player_counts_each_side() {
    let games = [
        "[White \"Tinsley, M.\"]\n[Black \"White\"]\n[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 1-0",
        "[White \"?\"]\n[Black \"Tinsley, M.\"]\n[Result \"0-1\"]\n[GameType \"20\"]\n1. 32-28 0-1",
        "[Black \"Long, A.\"]\n[Result \"1/2-1/2\"]\n[GameType \"20\"]\n1. 32-28 1/2-1/2",
    ];
    for by in [None, Some("player")] {
        let settings = Settings {
            opening_plies: 2,
            openings: None,
            by: by.map(GroupBy::parse),
            aliases: None,
        };
        let mut stats = Stats::default();
        for text in games {
            let raw = RawGame::from_text(text);
            check_game("t.pdn", &raw, &ReplayOptions::default(), |d| {
                stats.add(&GameSummary::of(d, 0, &settings));
            });
        }
        let r = report(&stats, by, Some(2), 0);
        let names: Vec<&str> = r.groups.iter().filter_map(|g| g.group.as_deref()).collect();
        let all: Vec<&str> = r
            .groups
            .iter()
            .flat_map(|g| g.players.iter().map(|p| p.player.as_str()))
            .collect();
        assert!(!all.contains(&"White") && !all.contains(&"?"), "{all:?}");
        match by {
            None => {
                let left = r.groups[0].players_left_out;
                assert_eq!((left.placeholder_sides, left.unnamed_sides), (2, 1));
                let tinsley = &r.groups[0].players[0];
                assert_eq!(
                    (tinsley.player.as_str(), tinsley.games, tinsley.wins),
                    ("Tinsley, M.", 2, 2)
                );
            }
            Some(_) => {
                for group in ["Tinsley, M.", "Long, A.", PLACEHOLDER_GROUP, NO_NAME_GROUP] {
                    assert!(names.contains(&group), "{group}: {names:?}");
                }
                let tinsley = r
                    .groups
                    .iter()
                    .find(|g| g.group.as_deref() == Some("Tinsley, M."))
                    .unwrap();
                assert_eq!(tinsley.games, 2);
                let placeholder = r
                    .groups
                    .iter()
                    .find(|g| g.group.as_deref() == Some(PLACEHOLDER_GROUP))
                    .unwrap();
                assert_eq!(placeholder.games, 2);
            }
        }
    }
}
