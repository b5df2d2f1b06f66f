//! Invariants of convert and stats on the real archives of the corpus (`PDNKIT_CORPUS`; see
//! `pdn_support`): CSV move rows are the plies replayed; the FEN export is validate's final
//! FEN; the plies table's `fen_after` is every position of the FEN export; rule-aware PDN
//! re-validates to the same games, moves and final positions; stats count exactly what
//! validate counts.

#[path = "pdn_support/mod.rs"]
mod pdn_support;

use std::path::Path;
use std::process::{Command, Stdio};

use pdn::RawGame;
use pdnkit::ReplayOptions;
use pdnkit::Verdict;
use pdnkit::check_game;
use pdnkit::export::PdnWriter;
use pdnkit::export::{CsvWriter, Rows};
use pdnkit::export::{FenWriter, GameRows, Positions};

use pdn_support::played;

/// Checks one game; returns its status.
fn check_one(file: &str, raw: &RawGame) -> Verdict {
    let options = ReplayOptions::default();
    check_game(file, raw, &options, |d| {
        let r = d.record;
        let what = format!("{file} game {}", r.game);
        let mut csv = CsvWriter::new(Vec::new(), Rows::Moves);
        csv.write_game(d).unwrap();
        let rows = csv.finish().unwrap();
        // Fields never hold a line end (FENs and moves), so lines are rows.
        let rows = rows.iter().filter(|b| **b == b'\n').count();
        assert_eq!(rows as u32, r.replayed, "{what}: CSV move rows");
        let mut fen = FenWriter::new(Vec::new(), Positions::Final);
        fen.write_game(d).unwrap();
        let fen = String::from_utf8(fen.finish().unwrap()).unwrap();
        // The row's last field; no row for a game without a final position.
        assert_eq!(
            fen.trim_end_matches('\n')
                .rsplit('\t')
                .next()
                .filter(|f| !f.is_empty()),
            r.final_fen.as_deref(),
            "{what}: FEN"
        );
        // The plies table's fen_after (`--fen`) is every position `--position every-ply`
        // writes after the start.
        let plies = GameRows::of(d, true).plies;
        assert_eq!(plies.len() as u32, r.replayed, "{what}: plies rows");
        let mut every = FenWriter::new(Vec::new(), Positions::EveryPly);
        every.write_game(d).unwrap();
        let every = String::from_utf8(every.finish().unwrap()).unwrap();
        let after_start: Vec<&str> = every
            .lines()
            .filter(|l| l.split('\t').nth(2) != Some("0"))
            .filter_map(|l| l.rsplit('\t').next())
            .collect();
        let fens: Vec<&str> = plies.fen_after.as_ref().unwrap().iter().collect();
        assert_eq!(fens, after_start, "{what}: fen_after");
        let mut pdn = PdnWriter::new(Vec::new());
        pdn.write_game(d).unwrap();
        let text = String::from_utf8(pdn.finish().unwrap()).unwrap();
        if r.status != Verdict::Unreadable {
            let again = RawGame::from_text(text.clone());
            let before = played(d);
            let after = check_game(file, &again, &options, |e| {
                assert_ne!(e.record.status, Verdict::Unreadable, "{what}:\n{text}");
                played(e)
            });
            assert_eq!(
                before, after,
                "{what}: rewritten PDN replays differently:\n{text}"
            );
        }
        r.status
    })
}

#[test]
fn exports_agree_with_the_replay_on_every_corpus_game() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let mut games = 0;
    for rel in pdn_support::corpus_files(&dir) {
        for raw in pdn_support::raw_games(&dir.join(&rel)) {
            check_one(&rel, &raw);
            games += 1;
        }
    }
    assert!(games > 1000, "only {games} corpus games");
}

/// `validate`'s closing line and `stats --format json` agree on every count, with parallel
/// workers merging their totals; `convert --to fen` prints validate's final FEN of each game.
#[test]
fn stats_and_fen_agree_with_validate_on_the_corpus() {
    let Some(dir) = pdn_support::corpus_dir() else {
        return;
    };
    let files: Vec<String> = pdn_support::corpus_files(&dir)
        .iter()
        .map(|f| dir.join(f).to_string_lossy().into_owned())
        .collect();
    // All runs at once: they are independent, and the corpus takes a while in a debug build.
    let spawn = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .args(args)
            .args(&files)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let finish = |child: std::process::Child| {
        let out = child.wait_with_output().unwrap();
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let validate = spawn(&["-j", "2", "--format", "json", "validate"]);
    let stats = spawn(&["-j", "2", "--format", "json", "stats"]);
    let fen = spawn(&["-j", "2", "convert", "--to", "fen"]);
    let (records, validate) = finish(validate);
    let (json, stats_stderr) = finish(stats);
    let (fens, _) = finish(fen);
    // A row (file, game, ply, FEN) for each game with a final position, and only those.
    let finals: Vec<String> = records
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let fen = v["final_fen"].as_str()?;
            Some(format!(
                "{}\t{}\t{}\t{fen}",
                v["file"].as_str().unwrap(),
                v["game"],
                v["replayed"]
            ))
        })
        .collect();
    assert!(finals.len() > 1000);
    assert_eq!(fens.lines().collect::<Vec<_>>(), finals);
    let summary = |s: &str| {
        s.lines()
            .find(|l| l.contains(" games read: "))
            .map(str::to_string)
            .unwrap()
    };
    assert_eq!(summary(&validate), summary(&stats_stderr));
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let g = &report["groups"][0];
    let status = &g["status"];
    let expected = format!(
        "pdnkit: {} games read: {} clean, {} with warnings, {} invalid, {} unreadable",
        g["games"], status["clean"], status["warnings"], status["invalid"], status["unreadable"]
    );
    assert_eq!(summary(&validate), expected);
    let by_variant: u64 = g["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["games"].as_u64().unwrap())
        .sum();
    assert_eq!(Some(by_variant), g["games"].as_u64());
    let results = &g["results"];
    let by_result: u64 = ["white_wins", "draws", "black_wins", "both_lose", "unknown"]
        .iter()
        .map(|k| results[k].as_u64().unwrap())
        .sum();
    assert_eq!(Some(by_result), g["games"].as_u64());
    assert!(Path::new(&files[0]).is_file());
}
