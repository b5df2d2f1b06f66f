//! `dedupe` on an archive made from real games: true copies (tags reordered, comments and
//! numbers dropped, names respelled) go; the same moves by other players, or in another year,
//! stay; short games between different pairings stay, and only their exact copy goes.
//!
//! The archive is built here from the sample archive, and from corpus files of other
//! scripts and name forms (Cyrillic, `MF Tinsley`, `Gerard Jansen`, `Baldangotov,B.`) when the
//! corpus is there. Every game carries a `Case` tag saying what it is, so the games written
//! can be named.

use std::collections::BTreeSet;
use std::path::Path;

use pdnkit::dedupe::move_keys;
use pdnkit::names::PlayerName;
use pdnkit::pdn::Game;
use pdnkit::{ReplayOptions, Verdict, check_game};

use crate::archive_tools::pdn_support;
use crate::util::Dir;

/// Games taken from each source file.
const PER_FILE: usize = 4;

/// A real game picked as the model of a case.
struct Model {
    /// The game's text.
    text: String,
    /// Its tags, in order, with the variant's tags when it had none.
    tags: Vec<(String, String)>,
    /// Its main line without numbers and comments, and its terminator.
    moves: String,
}

impl Model {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The first clean games of `path` with at least 20 plies, both players named and moves of
/// their own (the corpus holds copies too).
fn models(path: &Path) -> Vec<Model> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    // Untagged games play the variant of the first game picked (one variant per file).
    let mut options = ReplayOptions::default();
    for raw in pdnkit::pdn::games(path).unwrap() {
        let raw = raw.unwrap();
        let picked = check_game("m.pdn", &raw, &options, |g| {
            let (Some(tree), Some(replayed), Some(config)) = (g.game, g.replayed, g.config())
            else {
                return None;
            };
            let named = |t: &str| g.tag(t).is_some_and(|v| v.trim().len() > 2);
            if g.record.status != Verdict::Clean
                || replayed.plies.len() < 20
                || !named("White")
                || !named("Black")
                || !seen.insert(*move_keys(g).last().expect("a key"))
            {
                return None;
            }
            let mut tags: Vec<(String, String)> = tree
                .tags()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
            let mut text = raw.text.clone();
            if !tags.iter().any(|(n, _)| n == "GameType") {
                for (name, value) in pdnkit::export::variant_tags(config).into_iter().rev() {
                    text.insert_str(0, &format!("[{name} \"{value}\"]\n"));
                    tags.insert(0, (name.to_string(), value));
                }
            }
            Some((
                config.variant,
                Model {
                    text,
                    tags,
                    moves: plain_moves(tree),
                },
            ))
        });
        let picked = picked.map(|(variant, model)| {
            options.variant.get_or_insert(variant);
            model
        });
        out.extend(picked);
        if out.len() == PER_FILE {
            break;
        }
    }
    assert_eq!(
        out.len(),
        PER_FILE,
        "{}: too few games to pick",
        path.display()
    );
    out
}

/// The main line's moves without numbers or comments, and the terminator.
fn plain_moves(tree: &Game<'_>) -> String {
    let mut moves: Vec<&str> = tree.mainline_moves().map(|m| m.text).collect();
    moves.push(tree.terminator.as_ref().map_or("*", |t| t.token));
    moves.join(" ")
}

/// The name written another way: `Surname, I.` as `I. Surname`, `I. Surname` or `Surname I.`
/// as `SURNAME, I.`, `Given Surname` as `Surname,G.`.
fn respelled(name: &str) -> String {
    let name = name.trim();
    if let Some((surname, given)) = name.split_once(',') {
        return format!("{} {}", given.trim(), surname.trim());
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let initial = |w: &str| w.trim_end_matches('.').chars().count() <= 2;
    match words.as_slice() {
        [first, rest @ ..] if initial(first) => {
            format!("{}, {first}", rest.join(" ").to_uppercase())
        }
        [init @ .., last] if initial(last) => format!("{last} {}", init.join(" ")),
        _ => {
            // The surname: the last word and the particles before it (`van den Akker`).
            let mut start = words.len() - 1;
            while start > 1 && words[start - 1].chars().all(char::is_lowercase) {
                start -= 1;
            }
            let initials: String = words[..start]
                .iter()
                .filter_map(|g| g.chars().next())
                .map(|c| format!("{c}."))
                .collect();
            format!("{},{initials}", words[start..].join(" "))
        }
    }
}

/// A game of `tags` (in this order) and `moves`.
fn game(case: &str, tags: &[(String, String)], moves: &str) -> String {
    let mut text = format!("[Case \"{case}\"]\n");
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    text.push_str(&format!("\n{moves}\n"));
    text
}

/// `tags` with `name` set to `value` (added when missing).
fn with(tags: &[(String, String)], name: &str, value: &str) -> Vec<(String, String)> {
    let mut out = tags.to_vec();
    match out.iter_mut().find(|(n, _)| n == name) {
        Some(t) => t.1 = value.to_string(),
        None => out.push((name.to_string(), value.to_string())),
    }
    out
}

/// The Date tag moved `years` on, when it names a year.
fn years_later(model: &Model, years: u32) -> Option<String> {
    let date = model.tag("Date")?;
    let year: u32 = date.get(..4)?.parse().ok()?;
    Some(format!("{}{}", year + years, &date[4..]))
}

/// The archive and the cases `dedupe` must write, and those it must leave out.
struct Archive {
    text: String,
    kept: BTreeSet<String>,
    left_out: BTreeSet<String>,
    /// The cases kept though they share their moves with another game kept.
    suspects: BTreeSet<String>,
}

fn archive(sources: &[std::path::PathBuf]) -> Archive {
    let mut a = Archive {
        text: String::new(),
        kept: BTreeSet::new(),
        left_out: BTreeSet::new(),
        suspects: BTreeSet::new(),
    };
    let push = |a: &mut Archive, case: String, text: String, kept: bool| {
        a.text.push_str(&text);
        a.text.push('\n');
        if kept {
            a.kept.insert(case);
        } else {
            a.left_out.insert(case);
        }
    };
    for (f, path) in sources.iter().enumerate() {
        let models = models(path);
        for (i, m) in models.iter().enumerate() {
            let id = format!("{f}.{i}");
            // The game as it is in its file.
            let original = format!("[Case \"original {id}\"]\n{}", m.text);
            push(&mut a, format!("original {id}"), original, true);
            // A true copy: tags in reverse order, names respelled, no comments or numbers.
            let mut tags: Vec<(String, String)> = m.tags.iter().rev().cloned().collect();
            for side in ["White", "Black"] {
                tags = with(&tags, side, &respelled(m.tag(side).unwrap()));
            }
            let copy = format!("copy {id}");
            push(&mut a, copy.clone(), game(&copy, &tags, &m.moves), false);
            // The same moves by the players of another game (of other players), years later.
            let key =
                |m: &Model, side: &str| PlayerName::parse(m.tag(side).unwrap()).key().to_string();
            let pairing = |m: &Model| (key(m, "White"), key(m, "Black"));
            let other = models
                .iter()
                .find(|o| pairing(o) != pairing(m))
                .expect("another pairing");
            let mut tags = m.tags.clone();
            for side in ["White", "Black"] {
                tags = with(&tags, side, other.tag(side).unwrap());
            }
            tags = with(
                &tags,
                "Date",
                &years_later(m, 11).unwrap_or("1999.??.??".into()),
            );
            let case = format!("other players {id}");
            push(&mut a, case.clone(), game(&case, &tags, &m.moves), true);
            a.suspects.insert(case);
            // The same moves and players, years later (when the year is known).
            if let Some(later) = years_later(m, 7) {
                let tags = with(&m.tags, "Date", &later);
                let case = format!("other year {id}");
                push(&mut a, case.clone(), game(&case, &tags, &m.moves), true);
                a.suspects.insert(case);
            }
        }
        // Short games: the first plies of the first game (as many as the source's number, so
        // that no two sources share them), between each model's pairing, in one round; an
        // exact copy of one of them goes, a game of the same pairing in another round stays.
        let first_plies: Vec<&str> = models[0].moves.split_whitespace().take(f + 1).collect();
        let short_moves = format!("{} *", first_plies.join(" "));
        for (i, m) in models.iter().enumerate() {
            let tags = with(&with(&m.tags, "Round", "9"), "Date", "2001.01.01");
            let case = format!("short {f}.{i}");
            push(&mut a, case.clone(), game(&case, &tags, &short_moves), true);
            if i == 0 {
                let copy: Vec<(String, String)> = tags.iter().rev().cloned().collect();
                let case = format!("short copy {f}.{i}");
                push(
                    &mut a,
                    case.clone(),
                    game(&case, &copy, &short_moves),
                    false,
                );
                let later = with(&tags, "Round", "10");
                let case = format!("short other round {f}.{i}");
                push(
                    &mut a,
                    case.clone(),
                    game(&case, &later, &short_moves),
                    true,
                );
            } else {
                a.suspects.insert(case);
            }
        }
        a.suspects.insert(format!("short other round {f}.0"));
    }
    a
}

/// The `Case` of each game of a PDN text, in order.
fn cases(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("[Case \"")?.strip_suffix("\"]"))
        .map(str::to_string)
        .collect()
}

/// The sources: the sample archive, and corpus files of other name forms when the corpus is
/// there.
fn sources() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("fixtures/sample/archive.pdn")];
    if let Some(corpus) = pdn_support::corpus_dir() {
        for f in [
            "russian/ussr1947.pdn",
            "english/tinsley.pdn",
            "international/nk2003-amsterdam.pdn",
            "czech/mrcd2006.pdn",
        ] {
            files.push(pdn_support::corpus_file(&corpus, f));
        }
    }
    files
}

#[test]
fn copies_go_and_other_games_with_the_same_moves_stay() {
    let a = archive(&sources());
    let dir = Dir::new("dedupe-evidence");
    dir.write("archive.pdn", &a.text);
    let run = dir
        .run(&["dedupe", "--report", "report.csv", "archive.pdn"])
        .expect_code(0);
    let written: Vec<String> = cases(&run.stdout);
    let all = cases(&a.text);
    let want: Vec<String> = all
        .iter()
        .filter(|c| a.kept.contains(*c))
        .cloned()
        .collect();
    assert_eq!(written, want, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "{} left out",
            if a.left_out.len() == 1 {
                "1 duplicate".to_string()
            } else {
                format!("{} duplicates", a.left_out.len())
            }
        )),
        "{}",
        run.stderr
    );

    // The report: each copy names the game kept, each suspect why it stays.
    let mut report = csv::Reader::from_path(dir.path.join("report.csv")).unwrap();
    let headers = report.headers().unwrap().clone();
    let col = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (game, kept, copy, why) = (col("game"), col("kept"), col("copy"), col("why"));
    let rows: Vec<csv::StringRecord> = report.records().map(Result::unwrap).collect();
    let case_of = |n: &str| all[n.parse::<usize>().unwrap() - 1].clone();
    let mut suspects = BTreeSet::new();
    for row in &rows {
        let case = case_of(&row[game]);
        let expect_kept = a.kept.contains(&case);
        assert_eq!(&row[kept], if expect_kept { "yes" } else { "no" }, "{case}");
        match &row[copy] {
            "same" => {
                let original = case
                    .replace("short copy", "short")
                    .replace("copy", "original");
                let of = all.iter().position(|c| *c == original).unwrap() + 1;
                assert!(
                    row[why].starts_with(&format!("a copy of game {of}:")),
                    "{case}: {}",
                    &row[why]
                );
            }
            "suspect" => {
                suspects.insert(case.clone());
                let reason = if case.starts_with("other players") {
                    "other players"
                } else if case.starts_with("other year") {
                    "dates years apart"
                } else if case.starts_with("short other round") {
                    "another date or round"
                } else {
                    // The short games of other pairings.
                    "other players"
                };
                assert!(row[why].contains(reason), "{case}: {}", &row[why]);
            }
            "kept" => assert!(case.starts_with("original") || case.starts_with("short ")),
            other => panic!("{case}: {other}"),
        }
    }
    assert_eq!(suspects, a.suspects);

    // By the moves alone, the games of other players and years go too: one game of each
    // model's moves is written (the one with the most tags), one short game of each source.
    let run = dir
        .run(&["dedupe", "--by", "moves", "archive.pdn"])
        .expect_code(0);
    let written = cases(&run.stdout);
    let set_of = |case: &str| {
        let id = case.rsplit(' ').next().unwrap().to_string();
        if case.starts_with("short") {
            id.split('.').next().unwrap().to_string()
        } else {
            id
        }
    };
    let sets: BTreeSet<String> = all.iter().map(|c| set_of(c)).collect();
    let written_sets: Vec<String> = written.iter().map(|c| set_of(c)).collect();
    assert_eq!(written_sets.len(), sets.len(), "{written:?}");
    assert_eq!(written_sets.into_iter().collect::<BTreeSet<_>>(), sets);
}

#[test]
fn respelled_names_are_the_same_players() {
    for name in [
        "Ndjofang, J.M.",
        "Блиндер Б.",
        "MF Tinsley",
        "Gerard Jansen",
        "Jeroen van den Akker",
        "Baldangotov,B.",
        "Aleks. Baljakin",
    ] {
        let again = respelled(name);
        assert_ne!(again, name);
        assert!(
            PlayerName::parse(name).same_player(&PlayerName::parse(&again)),
            "{name} / {again}"
        );
    }
}
