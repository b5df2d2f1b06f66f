//! The HTML report opened in a real browser: headless Chromium, driven over the DevTools
//! protocol (`browser/`). For a fixture archive of faults in many variants and for the bundled
//! sample: the page runs without a script error, lists as many findings as `validate --format
//! json` gives (warnings and errors, in the same order), filtering by a code keeps exactly that
//! code's rows, the arrow keys step a game through the FEN of each ply as `convert --to fen
//! --position every-ply` writes them, a finding's board shows its arrows, and a screenshot is
//! taken and checked.
//!
//! Without Chromium the test says so loudly and passes, unless `PDNKIT_REQUIRE_BROWSER=1`
//! (as in `.ci/run`), where it fails.

mod browser;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use browser::{Browser, find_chromium};
use serde_json::Value;

/// The viewport of the screenshots.
const WIDTH: u32 = 1280;
const HEIGHT: u32 = 900;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `pdnkit` with `args` and returns its exit code and stdout.
fn pdnkit(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("running pdnkit");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
    )
}

/// The codes of the findings the report lists (warnings and errors), in order, from
/// `validate --format json`.
fn expected_codes(archive: &str) -> Vec<String> {
    let (_, json) = pdnkit(&["validate", "--format", "json", archive]);
    let mut codes = Vec::new();
    for line in json.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        for d in record["diagnostics"].as_array().unwrap() {
            if d["severity"] != "note" {
                codes.push(d["code"].as_str().unwrap().to_string());
            }
        }
    }
    codes
}

/// The FEN of every position of every game, by game and ply, from `convert`.
fn expected_fens(archive: &str) -> HashMap<(u64, u32), String> {
    let (_, rows) = pdnkit(&["convert", "--to", "fen", "--position", "every-ply", archive]);
    rows.lines()
        .map(|row| {
            let cells: Vec<&str> = row.split('\t').collect();
            let key = (cells[1].parse().unwrap(), cells[2].parse().unwrap());
            (key, cells[3].to_string())
        })
        .collect()
}

#[test]
fn the_report_works_in_headless_chromium() {
    let Some(chromium) = find_chromium() else {
        assert!(
            std::env::var("PDNKIT_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "PDNKIT_REQUIRE_BROWSER=1 but no Chromium was found: apt-get install chromium \
             (or set PDNKIT_CHROMIUM)"
        );
        eprintln!(
            "\n*** SKIPPED: no Chromium on PATH, so the HTML report was NOT checked in a \
             browser. Install it (apt-get install chromium); PDNKIT_REQUIRE_BROWSER=1 makes \
             this a failure. ***\n"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("pdnkit-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut browser = Browser::launch(&chromium, &dir.join("profile"), WIDTH, HEIGHT);
    // The fixture's Russian game (a capture stopped after 28 plies), its Frisian game (kings'
    // move counts in the FEN) and the sample's game with a finding.
    check_archive(&mut browser, &dir, "fixtures/report/archive.pdn", &[3, 7]);
    check_archive(&mut browser, &dir, "fixtures/sample/archive.pdn", &[31]);
    drop(browser);
    let _ = std::fs::remove_dir_all(&dir);
}

fn check_archive(browser: &mut Browser, dir: &Path, archive: &str, step_games: &[u64]) {
    let name = Path::new(archive)
        .parent()
        .unwrap()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let page = dir.join(format!("{name}.html"));
    let (code, _) = pdnkit(&["report", archive, "-o", page.to_str().unwrap()]);
    assert_eq!(code, 1, "{archive}: some game is invalid, as validate says");
    browser.open(&format!("file://{}", page.display()));
    assert!(browser.errors.is_empty(), "{archive}: {:?}", browser.errors);
    assert_eq!(
        browser.eval("document.body.dataset.ready"),
        "1",
        "{archive}"
    );

    let codes = expected_codes(archive);
    assert!(!codes.is_empty(), "{archive} has findings");
    let rows = browser.eval(
        "Array.from(document.querySelectorAll('#findings tbody tr')).map(r => r.dataset.code)",
    );
    assert_eq!(
        rows,
        serde_json::json!(codes),
        "{archive}: the table's findings"
    );
    filter_by_code(browser, archive, &codes);
    for &game in step_games {
        step_through(browser, archive, game);
    }
    capture_board(browser, archive);
    every_finding_opens(browser, archive);
    assert!(browser.errors.is_empty(), "{archive}: {:?}", browser.errors);

    let shot = browser.screenshot();
    let png = dir.join(format!("{name}.png"));
    std::fs::write(&png, &shot).unwrap();
    let written = std::fs::read(&png).unwrap();
    assert_eq!(&written[..8], b"\x89PNG\r\n\x1a\n", "{archive}: a PNG");
    let size = |at: usize| u32::from_be_bytes(written[at..at + 4].try_into().unwrap());
    assert_eq!(
        (size(16), size(20)),
        (WIDTH, HEIGHT),
        "{archive}: the viewport"
    );
    // A blank page of this size compresses to a few kilobytes; a page of tables, charts and
    // a board to many more.
    assert!(
        written.len() > 40_000,
        "{archive}: a screenshot of {} bytes shows too little",
        written.len()
    );
}

/// Choosing each code in the code filter shows that code's rows and only those.
fn filter_by_code(browser: &mut Browser, archive: &str, codes: &[String]) {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for c in codes {
        *counts.entry(c).or_default() += 1;
    }
    for (code, n) in counts {
        let shown = browser.eval(&format!(
            "(() => {{ const s = document.getElementById('filter-code'); s.value = '{code}'; \
             s.dispatchEvent(new Event('change')); \
             return Array.from(document.querySelectorAll('#findings tbody tr'))\
             .filter(r => !r.hidden).map(r => r.dataset.code); }})()"
        ));
        assert_eq!(
            shown,
            serde_json::json!(vec![code; n]),
            "{archive}: filter {code}"
        );
        let text = browser.eval("document.getElementById('shown').textContent");
        assert_eq!(text, format!("{n} of {} findings", codes.len()));
    }
    let all = browser.eval(
        "(() => { const s = document.getElementById('filter-code'); s.value = ''; \
         s.dispatchEvent(new Event('change')); \
         return document.querySelectorAll('#findings tbody tr:not([hidden])').length; })()",
    );
    assert_eq!(all, codes.len());
}

/// The viewer shows `game`; Home, then the right arrow ply by ply, End and the left arrow
/// bring the board to each ply's FEN.
fn step_through(browser: &mut Browser, archive: &str, game: u64) {
    let fens = expected_fens(archive);
    let plies = (0..).take_while(|&p| fens.contains_key(&(game, p))).count() as u32 - 1;
    assert!(plies > 0, "{archive} game {game} has moves");
    let chosen = browser.eval(&format!(
        "(() => {{ const s = document.getElementById('game-select'); \
         const o = Array.from(s.options).find(o => o.text.startsWith('{archive} #{game}:')); \
         if (!o) return false; s.value = o.value; s.dispatchEvent(new Event('change')); \
         return true; }})()"
    ));
    assert_eq!(chosen, true, "{archive}: game {game} is in the viewer");
    let state = |browser: &mut Browser| {
        let v = browser.eval(
            "[document.getElementById('viewer').dataset.ply, \
              document.getElementById('viewer').dataset.fen]",
        );
        (
            v[0].as_str().unwrap().parse::<u32>().unwrap(),
            v[1].as_str().unwrap().to_string(),
        )
    };
    browser.press("End");
    browser.press("Home");
    assert_eq!(
        state(browser),
        (0, fens[&(game, 0)].clone()),
        "{archive} {game}"
    );
    for ply in 1..=plies {
        browser.press("ArrowRight");
        assert_eq!(
            state(browser),
            (ply, fens[&(game, ply)].clone()),
            "{archive} game {game}"
        );
    }
    // Past the end the board stays; back from it goes one ply back.
    browser.press("ArrowRight");
    assert_eq!(state(browser).0, plies);
    browser.press("Home");
    browser.press("End");
    browser.press("ArrowLeft");
    assert_eq!(
        state(browser),
        (plies - 1, fens[&(game, plies - 1)].clone()),
        "{archive} game {game}"
    );
}

/// Choosing a capture fault shows the board before the move with the written move in red
/// and the required one in green.
fn capture_board(browser: &mut Browser, archive: &str) {
    let found = browser.eval(
        "(() => { const r = Array.from(document.querySelectorAll('#findings tbody tr')) \
         .find(r => ['capture-required', 'not-maximal-capture', 'incomplete-capture'] \
         .includes(r.dataset.code)); if (!r) return null; r.click(); \
         const ply = Number(r.children[5].dataset.v); \
         const lines = Array.from(document.querySelectorAll('#board polyline')) \
         .map(l => l.getAttribute('stroke')); \
         return [ply, Number(document.getElementById('viewer').dataset.ply), lines]; })()",
    );
    if found.is_null() {
        return;
    }
    let ply = found[0].as_u64().unwrap();
    assert_eq!(
        found[1].as_u64().unwrap(),
        ply - 1,
        "{archive}: before the move"
    );
    assert_eq!(
        found[2],
        serde_json::json!(["#d62728", "#2ca02c"]),
        "{archive}: the written move in red, the required one in green"
    );
}

/// Every finding of the table opens without a script error: its board shows a position (or
/// says why there is none), and its message is shown. A finding in a variation shows the
/// variation's position.
fn every_finding_opens(browser: &mut Browser, archive: &str) {
    let opened = browser.eval(
        "Array.from(document.querySelectorAll('#findings tbody tr')).map(r => { r.click(); \
         const v = document.getElementById('viewer').dataset; \
         return [r.dataset.severity, r.children[5].dataset.v, v.fen || null, \
         document.querySelector('#board svg') !== null, \
         document.getElementById('finding-box').textContent.includes(r.children[7].textContent)]; })",
    );
    let opened = opened.as_array().unwrap();
    assert!(!opened.is_empty());
    for row in opened {
        assert_eq!(row[4], true, "{archive}: the message is shown: {row}");
        assert_eq!(row[2].is_string(), row[3] == true, "{archive}: {row}");
    }
    if archive.ends_with("report/archive.pdn") {
        // The warning is the illegal move of game 10's variation, whose position is
        // 1. 32-28 19-23 2. 28x19 14x23 3. 31-27 played from the start.
        let warning = opened.iter().find(|r| r[0] == "warning").unwrap();
        let dir = std::env::temp_dir().join(format!("pdnkit-variation-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let line = dir.join("line.pdn");
        std::fs::write(
            &line,
            "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 31-27 *\n",
        )
        .unwrap();
        let (_, fen) = pdnkit(&["convert", "--to", "fen", line.to_str().unwrap()]);
        assert_eq!(
            warning[2].as_str(),
            Some(fen.trim()),
            "{archive}: the variation's board"
        );
        let _ = std::fs::remove_dir_all(&dir);
        // The unreadable game has no board.
        let unreadable = opened.last().unwrap();
        assert_eq!(
            (unreadable[2].is_null(), &unreadable[3]),
            (true, &Value::Bool(false))
        );
    }
}
