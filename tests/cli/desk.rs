//! The keeper's desk: `players` (spellings grouped into people, placeholders left out, the
//! table read back as aliases) and `standings` (figures checked against a count made here from
//! the files' tags, not by the code under test).

use std::collections::BTreeMap;

use crate::util::{Dir, csv_rows, run_in};

const STANDINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/standings");

/// A game of two named players with a result, as PDN.
fn game(event: &str, round: u32, white: &str, black: &str, result: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Date \"2015.05.{round:02}\"]\n[Round \"{round}\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[GameType \"20\"]\n\n\
         1. 32-28 19-23 2. 28x19 14x23 {result}\n\n"
    )
}

#[test]
fn players_put_the_usual_spellings_of_one_person_in_one_row() {
    let spellings = [
        "Nowicki, Piotr",
        "Nowicki,P.",
        "P. Nowicki",
        "NOWICKI P.",
        "Nowicki, P",
    ];
    let others = [
        "Kowalski, Jan",
        "Nowak, A.",
        "Wiśniewski, Adam",
        "Zieliński, J.",
    ];
    let mut pdn = String::new();
    for (i, s) in spellings.iter().enumerate() {
        pdn.push_str(&game(
            "Open",
            i as u32 + 1,
            s,
            others[i % others.len()],
            "1-0",
        ));
    }
    pdn.push_str(&game("Open", 9, "White", "?", "0-1"));
    pdn.push_str(&game("Open", 9, "NN", "Kowalski, Jan", "1-1"));
    let dir = Dir::new("players");
    dir.write("games.pdn", &pdn);
    let run = dir
        .run(&["players", "--format", "csv", "games.pdn"])
        .expect_code(0);
    let rows = csv_rows(&run.stdout);
    let holding = |s: &str| -> Vec<&BTreeMap<String, String>> {
        rows.iter()
            .filter(|r| r["spellings"].split(" | ").any(|x| x == s))
            .collect()
    };
    let nowicki = holding("Nowicki, Piotr");
    assert_eq!(nowicki.len(), 1, "{}", run.stdout);
    for s in spellings {
        assert_eq!(holding(s).len(), 1, "{s} in one row only: {}", run.stdout);
        assert_eq!(holding(s)[0]["name"], nowicki[0]["name"], "{s}");
    }
    assert_eq!(nowicki[0]["games"], "5");
    for o in others {
        let row = holding(o);
        assert_eq!(row.len(), 1, "{o}: {}", run.stdout);
        assert_ne!(row[0]["name"], nowicki[0]["name"]);
    }
    assert_eq!(rows.len(), 1 + others.len(), "{}", run.stdout);
    assert_eq!(holding("Kowalski, Jan")[0]["games"], "3");
    // Placeholders are no row, and stderr says how many sides they stood on.
    for p in ["White", "?", "NN"] {
        assert!(holding(p).is_empty(), "{p}");
    }
    assert!(
        run.stderr.contains("3 sides named by a placeholder"),
        "{}",
        run.stderr
    );
}

/// The games of PDN files as (event, round, white, black, result), read line by line.
fn tags_by_hand(files: &[std::path::PathBuf]) -> Vec<[String; 5]> {
    let mut games = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
        let mut current: BTreeMap<String, String> = BTreeMap::new();
        let mut flush = |current: &mut BTreeMap<String, String>| {
            if !current.is_empty() {
                let get = |k: &str| current.get(k).cloned().unwrap_or_default();
                games.push([
                    get("Event"),
                    get("Round"),
                    get("White"),
                    get("Black"),
                    get("Result"),
                ]);
                current.clear();
            }
        };
        for line in text.lines() {
            let Some(rest) = line.trim().strip_prefix('[') else {
                continue;
            };
            let (name, value) = rest.split_once(' ').unwrap();
            let value = value.trim_end_matches(']').trim_matches('"');
            if name == "Event" {
                flush(&mut current);
            }
            current.insert(name.to_string(), value.to_string());
        }
        flush(&mut current);
    }
    games
}

/// Games, wins, draws, losses and points per player, counted from results written `2-0`,
/// `1-1`, `0-2` or `1-0`, `1/2-1/2`, `0-1` (points as written); `person` names each spelling.
fn count_by_hand(
    games: &[[String; 5]],
    person: impl Fn(&str) -> String,
) -> BTreeMap<String, [f64; 5]> {
    let mut table: BTreeMap<String, [f64; 5]> = BTreeMap::new();
    for [_, _, white, black, result] in games {
        let (w, b) = match result.as_str() {
            "2-0" => (2.0, 0.0),
            "1-1" => (1.0, 1.0),
            "0-2" => (0.0, 2.0),
            "1-0" => (1.0, 0.0),
            "1/2-1/2" => (0.5, 0.5),
            "0-1" => (0.0, 1.0),
            _ => continue,
        };
        for (name, mine, theirs) in [(white, w, b), (black, b, w)] {
            let t = table.entry(person(name)).or_default();
            t[0] += 1.0;
            t[4] += mine;
            if mine > theirs {
                t[1] += 1.0;
            } else if mine == theirs {
                t[2] += 1.0;
            } else {
                t[3] += 1.0;
            }
        }
    }
    table
}

/// Checks the standings CSV rows of one group against the count by hand.
fn assert_figures(rows: &[&BTreeMap<String, String>], expected: &BTreeMap<String, [f64; 5]>) {
    assert_eq!(rows.len(), expected.len(), "players: {rows:?}");
    for row in rows {
        let want = expected
            .get(&row["player"])
            .unwrap_or_else(|| panic!("{} is no player of the files", row["player"]));
        for (i, column) in ["games", "wins", "draws", "losses", "points"]
            .iter()
            .enumerate()
        {
            let got: f64 = row[*column].parse().unwrap();
            assert_eq!(got, want[i], "{} of {}", column, row["player"]);
        }
    }
}

/// The eleven round files of the fixture, in order.
fn round_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(STANDINGS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    files.sort();
    files
}

/// The person a spelling of the round files is, as the fixture's notes list them.
fn person(name: &str) -> String {
    match name {
        "NOWICKI P." | "P. Nowicki" | "Nowicki,P." => "Nowicki, Piotr".to_string(),
        "Kowalski J." => "Kowalski, Jan".to_string(),
        other => other.to_string(),
    }
}

#[test]
fn standings_of_eleven_round_files_are_the_results_counted_by_hand() {
    let files = round_files();
    assert_eq!(files.len(), 11);
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let mut args = vec!["--format", "csv", "standings"];
    args.extend(names.iter().map(String::as_str));
    // One game has no result: flagged, exit code 1.
    let run = run_in(STANDINGS, &args).expect_code(1);
    assert!(run.stderr.contains("round-11.pdn:"), "{}", run.stderr);
    assert!(run.stderr.contains("no result"), "{}", run.stderr);
    let rows = csv_rows(&run.stdout);
    let games = tags_by_hand(&files);
    let (women, men): (Vec<_>, Vec<_>) = games.into_iter().partition(|g| g[0].contains("women"));
    let groups: Vec<&str> = {
        let mut g: Vec<&str> = rows.iter().map(|r| r["group"].as_str()).collect();
        g.dedup();
        g
    };
    assert_eq!(groups.len(), 2, "(men) merged, (women) apart: {groups:?}");
    let in_group = |g: &str| -> Vec<&BTreeMap<String, String>> {
        rows.iter().filter(|r| r["group"] == g).collect()
    };
    let men_rows = in_group(groups[0]);
    assert_eq!(men_rows.len(), 12);
    assert_figures(&men_rows, &count_by_hand(&men, person));
    assert_figures(&in_group(groups[1]), &count_by_hand(&women, person));
    // Ranked by points, and the round robin is broken by Sonneborn-Berger.
    let points: Vec<f64> = men_rows
        .iter()
        .map(|r| r["points"].parse().unwrap())
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    assert!(men_rows.iter().all(|r| r["tiebreak"] == "Sonneborn-Berger"));
    assert!(men_rows.iter().all(|r| !r["round 11"].is_empty()));
}

#[test]
fn standings_html_is_a_page_with_every_player_and_the_crosstable() {
    let run = run_in(
        STANDINGS,
        &[
            "--format",
            "html",
            "standings",
            "--crosstable",
            "--group",
            "none",
            ".",
        ],
    )
    .expect_code(1);
    let page = run.stdout;
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.trim_end().ends_with("</html>"));
    for player in ["Nowicki, Piotr", "Dąbrowski, Łukasz", "Nowak, Anna"] {
        assert!(
            page.contains(&format!("<td class=\"name\">{player}</td>")),
            "{player}"
        );
    }
    assert!(!page.contains("<td class=\"name\">NOWICKI P.</td>"));
    assert!(!page.contains("<script"));
}

#[test]
fn the_players_table_edited_by_hand_is_read_back_as_aliases() {
    let dir = Dir::new("aliases");
    let mut pdn = String::new();
    pdn.push_str(&game("Cup", 1, "Bubbi Raoul", "Pesce Ludovico", "1-0"));
    pdn.push_str(&game("Cup", 2, "Pesce Ludovico", "Bubbi Raul", "1/2-1/2"));
    dir.write("cup.pdn", &pdn);
    let table = dir
        .run(&["players", "--format", "csv", "cup.pdn"])
        .expect_code(0);
    // Two spellings the rules cannot join: two rows.
    assert_eq!(csv_rows(&table.stdout).len(), 3, "{}", table.stdout);
    dir.write(
        "aliases.csv",
        "name,spellings\nRaoul Bubbi,Bubbi Raoul | Bubbi Raul\n",
    );
    let joined = dir
        .run(&[
            "players",
            "--format",
            "csv",
            "--aliases",
            "aliases.csv",
            "cup.pdn",
        ])
        .expect_code(0);
    let rows = csv_rows(&joined.stdout);
    assert_eq!(rows.len(), 2, "{}", joined.stdout);
    let bubbi = rows.iter().find(|r| r["name"] == "Raoul Bubbi").unwrap();
    assert_eq!(bubbi["games"], "2");
    let standings = dir
        .run(&[
            "--format",
            "csv",
            "standings",
            "--aliases",
            "aliases.csv",
            "cup.pdn",
        ])
        .expect_code(0);
    let rows = csv_rows(&standings.stdout);
    let bubbi = rows.iter().find(|r| r["player"] == "Raoul Bubbi").unwrap();
    assert_eq!(
        (bubbi["games"].as_str(), bubbi["points"].as_str()),
        ("2", "1.5")
    );
    // A table that is not one is refused with its line.
    dir.write("bad.csv", "name,spellings\nA B,X\nC D,x\n");
    let bad = dir
        .run(&["players", "--aliases", "bad.csv", "cup.pdn"])
        .expect_code(2);
    assert!(bad.stderr.contains("bad.csv: line 3"), "{}", bad.stderr);
}

#[test]
fn a_real_round_robin_split_into_round_files() {
    let Some(corpus) = crate::archive_tools::pdn_support::corpus_dir() else {
        return;
    };
    let source = crate::archive_tools::pdn_support::corpus_file(
        &corpus,
        "international/ita-camp40-internazionale.pdn",
    );
    let text = std::fs::read_to_string(&source).unwrap();
    let dir = Dir::new("rounds");
    // Cut at each Event tag and write each game to its round's file.
    let mut rounds: BTreeMap<String, String> = BTreeMap::new();
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(text.len());
        let game = &text[start..end];
        let round = game
            .split("[Round \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        rounds.entry(round.to_string()).or_default().push_str(game);
    }
    assert_eq!(rounds.len(), 9);
    let mut files = Vec::new();
    for (round, games) in &rounds {
        files.push(dir.write(&format!("round-{round}.pdn"), games));
    }
    dir.write(
        "aliases.csv",
        "name,spellings\nBubbi Raoul,Bubbi Raul | Bubbi Raoul (non disponibile)\n",
    );
    let mut args = vec![
        "--format",
        "csv",
        "standings",
        "--group",
        "none",
        "--aliases",
        "aliases.csv",
    ];
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    args.extend(names.iter().map(String::as_str));
    // One game's Result tag disagrees with its moves: counted as written, flagged.
    let run = dir.run(&args).expect_code(1);
    assert!(
        run.stderr.contains("the replay disagrees"),
        "{}",
        run.stderr
    );
    let rows = csv_rows(&run.stdout);
    let person = |name: &str| -> String {
        let plain = name.replace(" (non disponibile)", "");
        let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
        match plain.as_str() {
            "Bubbi Raul" => "Bubbi Raoul".to_string(),
            "Berté Daniele" => "Bertè Daniele".to_string(),
            other => other.to_string(),
        }
    };
    let expected = count_by_hand(&tags_by_hand(&files), person);
    assert_eq!(expected.len(), 10);
    let rows: Vec<&BTreeMap<String, String>> = rows.iter().collect();
    assert_figures(&rows, &expected);
    assert!(
        rows.iter().all(|r| r["tiebreak"] == "Sonneborn-Berger"),
        "all met all"
    );
}

#[test]
fn stats_filter_and_dedupe_read_the_alias_table() {
    let dir = Dir::new("aliases-everywhere");
    let mut pdn = String::new();
    pdn.push_str(&game("Cup", 1, "Bubbi Raoul", "Pesce Ludovico", "1-0"));
    pdn.push_str(&game("Cup", 2, "Pesce Ludovico", "Bubbi Raul", "1/2-1/2"));
    pdn.push_str(&game("Cup", 3, "?", "Pesce Ludovico", "0-1"));
    dir.write("cup.pdn", &pdn);
    dir.write(
        "aliases.csv",
        "name,spellings\nRaoul Bubbi,Bubbi Raoul | Bubbi Raul\n",
    );
    let kept = dir
        .run(&[
            "filter",
            "--player",
            "^Raoul Bubbi$",
            "--aliases",
            "aliases.csv",
            "cup.pdn",
        ])
        .expect_code(0);
    assert_eq!(kept.stdout.matches("[Event ").count(), 2, "{}", kept.stdout);
    let without = dir
        .run(&["filter", "--player", "^Raoul Bubbi$", "cup.pdn"])
        .expect_code(0);
    assert_eq!(without.stdout.matches("[Event ").count(), 0);
    let stats = dir
        .run(&[
            "--format",
            "csv",
            "stats",
            "--by",
            "player",
            "--aliases",
            "aliases.csv",
            "cup.pdn",
        ])
        .expect_code(0);
    let games = |group: &str| {
        csv_rows(&stats.stdout)
            .into_iter()
            .find(|r| r["group"] == group && r["section"] == "overview" && r["metric"] == "games")
            .map(|r| r["value"].clone())
    };
    assert_eq!(
        games("Raoul Bubbi").as_deref(),
        Some("2"),
        "{}",
        stats.stdout
    );
    assert_eq!(games("Pesce Ludovico").as_deref(), Some("3"));
    assert_eq!(games("(placeholder name)").as_deref(), Some("1"));
    // The same moves by the same players written two ways: a copy only with the table.
    let mut copies = game("Cup", 1, "Bubbi Raoul", "Pesce Ludovico", "1-0");
    copies.push_str(&game("Cup", 1, "Bubbi Raul", "Pesce Ludovico", "1-0"));
    dir.write("copies.pdn", &copies);
    let apart = dir.run(&["dedupe", "copies.pdn"]).expect_code(0);
    assert_eq!(
        apart.stdout.matches("[Event ").count(),
        2,
        "{}",
        apart.stderr
    );
    let joined = dir
        .run(&["dedupe", "--aliases", "aliases.csv", "copies.pdn"])
        .expect_code(0);
    assert_eq!(
        joined.stdout.matches("[Event ").count(),
        1,
        "{}",
        joined.stderr
    );
}

/// `text` without its tag lines: what `tags` must leave byte for byte.
fn without_tag_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|l| !l.trim_start().starts_with('['))
        .collect()
}

#[test]
fn tags_edit_the_tags_and_leave_every_other_byte() {
    let Some(corpus) = crate::archive_tools::pdn_support::corpus_dir() else {
        return;
    };
    let dir = Dir::new("tags");
    let files = [
        "international/allinges-open-2007.pdn",
        "international/nk2003-amsterdam.pdn",
        "english/tinsley.pdn",
        "international/polish-team-ch-48.pdn",
    ];
    for f in files {
        let path = crate::archive_tools::pdn_support::corpus_file(&corpus, f);
        let path = path.display().to_string();
        let original = std::fs::read_to_string(&path).unwrap();
        // Nothing asked: the file comes back as it was.
        let same = dir.run(&["tags", &path]).expect_code(0);
        assert!(same.stdout == original, "{f} changed without an edit");
        let run = dir
            .run(&[
                "tags",
                "--dates",
                "--plycount",
                "--gametype",
                "--remove",
                "Round",
                "--set",
                "Annotator=keeper",
                "--changes",
                "changes.csv",
                &path,
            ])
            .expect_code(0);
        assert_eq!(
            without_tag_lines(&run.stdout),
            without_tag_lines(&original),
            "{f}: only tags change"
        );
        let changes = csv_rows(&dir.read("changes.csv"));
        let games = original.matches("[Event ").count().max(1);
        let kind = |k: &str| changes.iter().filter(|c| c["kind"] == k).count();
        assert_eq!(
            kind("plycount"),
            run.stdout.matches("[PlyCount \"").count(),
            "{f}"
        );
        assert_eq!(
            kind("set"),
            run.stdout.matches("[Annotator \"keeper\"]").count()
        );
        assert!(kind("set") >= games.min(1), "{f}");
        assert_eq!(run.stdout.matches("[Round ").count(), 0, "{f}");
        assert_eq!(kind("remove"), original.matches("[Round ").count(), "{f}");
        // Each change names the line of its tag in the original.
        let lines: Vec<&str> = original.lines().collect();
        for c in changes
            .iter()
            .filter(|c| c["kind"] == "remove" || c["kind"] == "dates")
        {
            let line: usize = c["line"].parse().unwrap();
            assert!(lines[line - 1].contains(&c["old"]), "{f}: {c:?}");
        }
        for d in changes.iter().filter(|c| c["kind"] == "dates") {
            let new = &d["new"];
            assert!(new.len() == 10 && new.as_bytes()[4] == b'.', "{new}");
        }
        assert!(run.stderr.contains("changed"), "{}", run.stderr);
    }
}

#[test]
fn tags_where_selects_the_games_edited_and_aliases_rename_players() {
    let dir = Dir::new("tags-where");
    let mut pdn = String::new();
    pdn.push_str(&game("Cup", 1, "Bubbi Raul", "Pesce Ludovico", "1-0"));
    pdn.push_str(&game("Cup", 2, "Pesce Ludovico", "Bubbi Raul", "1/2-1/2"));
    dir.write("cup.pdn", &pdn);
    dir.write("aliases.csv", "name,spellings\nBubbi Raoul,Bubbi Raul\n");
    let run = dir
        .run(&[
            "tags",
            "--where",
            "Round=^2$",
            "--aliases",
            "aliases.csv",
            "--set",
            "Site=Arco",
            "cup.pdn",
        ])
        .expect_code(0);
    let games: Vec<&str> = run.stdout.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2);
    assert!(games[0].contains("[White \"Bubbi Raul\"]") && !games[0].contains("Site"));
    assert!(games[1].contains("[Black \"Bubbi Raoul\"]"), "{}", games[1]);
    assert!(games[1].contains("[Site \"Arco\"]"));
    assert!(
        run.stderr.contains("1 changed (1 aliases, 1 set)"),
        "{}",
        run.stderr
    );
    let bad = dir
        .run(&["tags", "--set", "Site", "cup.pdn"])
        .expect_code(2);
    assert!(
        bad.stderr.contains("--set takes NAME=VALUE"),
        "{}",
        bad.stderr
    );
}

/// `game` with a Site tag after the Event tag.
fn game_at(site: &str, event: &str, round: u32, white: &str, black: &str, result: &str) -> String {
    game(event, round, white, black, result).replacen(
        "\n[Date",
        &format!("\n[Site \"{site}\"]\n[Date"),
        1,
    )
}

#[test]
fn an_archive_holding_the_round_files_twice_counts_each_copy_and_lists_each_game_once() {
    let files = round_files();
    let dir = Dir::new("standings-twice");
    let mut archive = Vec::new();
    for _ in 0..2 {
        for f in &files {
            archive.extend(std::fs::read(f).unwrap());
            archive.extend(b"\n\n");
        }
    }
    dir.write("twice.pdn", &archive);
    let once = run_in(STANDINGS, &["--format", "csv", "standings", "round-01.pdn"]);
    let once = csv_rows(&once.stdout);
    let twice = dir
        .run(&["--format", "csv", "standings", "twice.pdn"])
        .expect_code(1);
    // The game without a result is flagged as each copy is read.
    assert_eq!(
        twice.stderr.matches("no result").count(),
        2,
        "{}",
        twice.stderr
    );
    let rows = csv_rows(&twice.stdout);
    let games = tags_by_hand(&files);
    let (_, men): (Vec<_>, Vec<_>) = games.into_iter().partition(|g| g[0].contains("women"));
    let doubled: Vec<_> = men.iter().chain(&men).cloned().collect();
    let group = &rows[0]["group"];
    let men_rows: Vec<_> = rows.iter().filter(|r| &r["group"] == group).collect();
    assert_figures(&men_rows, &count_by_hand(&doubled, person));
    // Each round's cell names each game once, with how often it came.
    assert!(once.iter().all(|r| !r["round 1"].contains('×')));
    for row in &men_rows {
        let cell = &row["round 1"];
        assert!(cell.contains("×2 "), "{}: {cell:?}", row["player"]);
        assert!(!cell.contains(';'), "{}: {cell:?}", row["player"]);
    }
    let json = dir
        .run(&["--format", "json", "standings", "twice.pdn"])
        .expect_code(1);
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["flagged_total"], 2);
    let played = &json["tables"][0]["rows"][0]["played"];
    assert!(
        played.as_array().unwrap().iter().all(|p| p["count"] == 2),
        "{played}"
    );
}

#[test]
fn rounds_played_in_two_towns_are_one_event_and_an_event_of_other_players_stays_apart() {
    let dir = Dir::new("two-towns");
    let mut rounds = String::new();
    // A round robin of three, round 1 in one town, rounds 2 and 3 in another.
    rounds.push_str(&game_at("Arnhem", "NK 2015", 1, "Ann", "Bob", "2-0"));
    rounds.push_str(&game_at("Zwolle", "NK 2015", 2, "Bob", "Cor", "1-1"));
    rounds.push_str(&game_at("Zwolle", "NK 2015", 3, "Cor", "Ann", "0-2"));
    // An event of the same name and year elsewhere, one player shared of four.
    rounds.push_str(&game_at("Gouda", "NK 2015", 1, "Ann", "Dirk", "1-1"));
    rounds.push_str(&game_at("Gouda", "NK 2015", 1, "Eva", "Fred", "2-0"));
    rounds.push_str(&game_at("Gouda", "NK 2015", 2, "Dirk", "Eva", "0-2"));
    dir.write("rounds.pdn", &rounds);
    let run = dir
        .run(&["--format", "csv", "standings", "rounds.pdn"])
        .expect_code(0);
    let rows = csv_rows(&run.stdout);
    let mut groups: Vec<&str> = rows.iter().map(|r| r["group"].as_str()).collect();
    groups.dedup();
    assert_eq!(groups.len(), 2, "{groups:?}");
    let players = |g: &str| -> Vec<(String, String)> {
        let mut p: Vec<_> = rows
            .iter()
            .filter(|r| r["group"] == g)
            .map(|r| (r["player"].clone(), r["points"].clone()))
            .collect();
        p.sort();
        p
    };
    assert_eq!(
        players(groups[0]),
        [
            ("Ann".to_string(), "4".to_string()),
            ("Bob".to_string(), "1".to_string()),
            ("Cor".to_string(), "1".to_string())
        ]
    );
    assert_eq!(players(groups[1]).len(), 4);
}

#[test]
fn report_has_the_standings_with_names_read_through_the_alias_table() {
    let dir = Dir::new("report-standings");
    let mut pdn = String::new();
    pdn.push_str(&game("Cup", 1, "Nowicki, Piotr", "Kowalski, Jan", "2-0"));
    pdn.push_str(&game("Cup", 2, "Kowalski, Jan", "NOWICKI P.", "1-1"));
    dir.write("cup.pdn", &pdn);
    dir.write(
        "aliases.csv",
        "name,spellings\nPiotr Nowicki,\"Nowicki, Piotr | NOWICKI P.\"\n",
    );
    dir.run(&[
        "report",
        "-q",
        "--standings",
        "--aliases",
        "aliases.csv",
        "--all-games",
        "-o",
        "page.html",
        "cup.pdn",
    ])
    .expect_code(0);
    let page = dir.read("page.html");
    let section = &page[page
        .find("<section id=\"standings\"")
        .expect("a standings section")..];
    let section = &section[..section.find("</section>").unwrap()];
    // One row per person, the alias table's name, 3 points of 4 on the 2-1-0 scale.
    assert!(
        section.contains("<td class=\"name\">Piotr Nowicki</td>"),
        "{section}"
    );
    assert!(!section.contains("NOWICKI P."), "{section}");
    assert!(
        section.contains("<td class=\"name\">Kowalski, Jan</td>"),
        "{section}"
    );
    assert!(section.contains("round robin"), "{section}");
    // The viewer's games name the players as the table does.
    assert!(page.contains("\"Piotr Nowicki\""));
    assert!(!page.contains("\"NOWICKI P.\""));
    // Without --standings the page has no such section.
    dir.run(&["report", "-q", "-o", "plain.html", "cup.pdn"])
        .expect_code(0);
    assert!(!dir.read("plain.html").contains("id=\"standings\""));
}
