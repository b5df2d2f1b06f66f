//! The HTML report opened in a real browser: headless Chromium, driven over the DevTools
//! protocol (`browser/`). For a fixture archive of faults in many variants, for the bundled
//! sample, for the repair fixtures and for an archive of a thousand findings: the page runs
//! without a script error; its table, read page by page, lists the findings `validate --format
//! json` gives (warnings and errors, in the same order), and its counts per code are exact;
//! filtering by a code keeps exactly that code's rows; the arrow keys step a game through the
//! FEN of each ply as `convert --to fen --position every-ply` writes them; a finding's board
//! shows its arrows; each finding shows its repairs, those `fix` applies marked; a move is
//! named as its board names it; messages wrap inside the table; a screenshot is taken and
//! checked.
//!
//! Without Chromium the test says it is skipped and passes, unless `PDNKIT_NO_SKIP=1` (as in
//! `.ci/run`) or `CI` is set, where it fails.

mod browser;
#[path = "skip/mod.rs"]
mod skip;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use browser::{Browser, find_chromium};
use serde_json::{Value, json};

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

/// The findings the report lists (warnings and errors), in order, from `validate --format
/// json`: each diagnostic with its game.
fn expected_findings(archive: &str) -> Vec<(u64, Value)> {
    let (_, json) = pdnkit(&["validate", "--format", "json", archive]);
    let mut found = Vec::new();
    for line in json.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        for d in record["diagnostics"].as_array().unwrap() {
            if d["severity"] != "note" {
                found.push((record["game"].as_u64().unwrap(), d.clone()));
            }
        }
    }
    found
}

fn codes_of(found: &[(u64, Value)]) -> Vec<String> {
    found
        .iter()
        .map(|(_, d)| d["code"].as_str().unwrap().to_string())
        .collect()
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
        skip::skipped(
            "Chromium, to check the HTML report in a browser",
            "apt-get install chromium, or set PDNKIT_CHROMIUM",
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
    check_archive(&mut browser, &dir, "fixtures/repair/slips.pdn", &[]);
    repairs_are_shown(&mut browser, &dir);
    moves_are_named_as_the_board_names_them(&mut browser, &dir);
    long_words_wrap(&mut browser, &dir);
    starts_of_their_own(&mut browser, &dir);
    a_thousand_findings_are_paged(&mut browser, &dir);
    drop(browser);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes the report of `archive` (with `extra` arguments) and opens it.
fn open_report(browser: &mut Browser, dir: &Path, archive: &str, name: &str, extra: &[&str]) {
    let page = dir.join(format!("{name}.html"));
    let mut args = vec!["report", archive, "-o", page.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, _) = pdnkit(&args);
    assert_eq!(code, 1, "{archive}: some game is invalid, as validate says");
    browser.open(&format!("file://{}", page.display()));
    assert!(browser.errors.is_empty(), "{archive}: {:?}", browser.errors);
    assert_eq!(
        browser.eval("document.body.dataset.ready"),
        "1",
        "{archive}"
    );
}

/// Every row of the table, page after page (by the pager's buttons): what `fields` (a
/// function of the row `r`, in script) gives for each.
fn every_row(browser: &mut Browser, fields: &str) -> Value {
    let rows = browser.eval(&format!(
        "(() => {{ const out = []; const field = (r) => ({fields}); \
         document.getElementById('page-first').click(); \
         for (let pages = 0; pages < 100000; pages++) {{ \
           for (const r of document.querySelectorAll('#findings tbody tr')) out.push(field(r)); \
           const next = document.getElementById('page-next'); \
           if (next.disabled) break; next.click(); }} \
         document.getElementById('page-first').click(); return out; }})()"
    ));
    assert!(rows.is_array(), "{rows}");
    rows
}

fn check_archive(browser: &mut Browser, dir: &Path, archive: &str, step_games: &[u64]) {
    let name = Path::new(archive)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    open_report(browser, dir, archive, &name, &[]);
    let expected = expected_findings(archive);
    let codes = codes_of(&expected);
    assert!(!codes.is_empty(), "{archive} has findings");
    let rows = every_row(browser, "r.dataset.code");
    assert_eq!(rows, json!(codes), "{archive}: the table's findings");
    counts_are_exact(browser, archive, &codes);
    filter_by_code(browser, archive, &codes);
    for &game in step_games {
        step_through(browser, archive, game);
    }
    capture_board(browser, archive);
    every_finding_opens(browser, archive);
    messages_wrap_inside_the_table(browser, archive);
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

/// The counts the page shows: findings listed, and per code in the code filter.
fn counts_are_exact(browser: &mut Browser, archive: &str, codes: &[String]) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for c in codes {
        *counts.entry(c.clone()).or_default() += 1;
    }
    let listed = browser
        .eval("document.querySelector('#summary [data-count=\"findings-listed\"]').textContent");
    assert_eq!(listed, codes.len().to_string(), "{archive}");
    let options = browser.eval(
        "Array.from(document.getElementById('filter-code').options).slice(1).map(o => o.textContent)",
    );
    let expected: Vec<String> = counts.iter().map(|(c, n)| format!("{c} ({n})")).collect();
    assert_eq!(options, json!(expected), "{archive}: the counts per code");
}

/// Choosing each code in the code filter shows that code's rows and only those.
fn filter_by_code(browser: &mut Browser, archive: &str, codes: &[String]) {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for c in codes {
        *counts.entry(c).or_default() += 1;
    }
    let choose = |browser: &mut Browser, code: &str| {
        browser.eval(&format!(
            "(() => {{ const s = document.getElementById('filter-code'); s.value = '{code}'; \
             s.dispatchEvent(new Event('change')); }})()"
        ));
    };
    for (code, n) in counts {
        choose(browser, code);
        let shown = every_row(browser, "r.dataset.code");
        assert_eq!(shown, json!(vec![code; n]), "{archive}: filter {code}");
        let text = browser.eval("document.getElementById('shown').textContent");
        assert_eq!(text, format!("{n} of {} findings", codes.len()));
    }
    choose(browser, "");
    assert_eq!(
        every_row(browser, "1").as_array().unwrap().len(),
        codes.len()
    );
}

/// The viewer shows `game` (chosen by its number); Home, then the right arrow ply by ply, End
/// and the left arrow bring the board to each ply's FEN.
fn step_through(browser: &mut Browser, archive: &str, game: u64) {
    let fens = expected_fens(archive);
    let plies = (0..).take_while(|&p| fens.contains_key(&(game, p))).count() as u32 - 1;
    assert!(plies > 0, "{archive} game {game} has moves");
    let title = browser.eval(&format!(
        "(() => {{ const i = document.getElementById('game-number'); i.value = '{game}'; \
         i.dispatchEvent(new Event('change')); \
         return document.getElementById('game-title').textContent; }})()"
    ));
    assert!(
        title
            .as_str()
            .unwrap()
            .starts_with(&format!("{archive} #{game}:")),
        "{archive}: game {game} is in the viewer: {title}"
    );
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
         const ply = Number(r.children[5].textContent); \
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
        json!(["#d62728", "#2ca02c"]),
        "{archive}: the written move in red, the required one in green"
    );
}

/// Every finding of the table opens without a script error: its board shows a position (or
/// says why there is none), and its message is shown. A finding in a variation shows the
/// variation's position.
fn every_finding_opens(browser: &mut Browser, archive: &str) {
    let opened = every_row(
        browser,
        "(r.click(), [r.dataset.severity, r.children[5].textContent, \
         document.getElementById('viewer').dataset.fen || null, \
         document.querySelector('#board svg') !== null, \
         document.querySelector('#finding-box .message').textContent === \
         r.querySelector('.message .text').textContent])",
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
            fen.trim().rsplit('\t').next(),
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

/// No cell of the table is wider than its column (long messages and places wrap), and the
/// table ends left of the viewer.
fn messages_wrap_inside_the_table(browser: &mut Browser, archive: &str) {
    let overflowing = every_row(
        browser,
        "Array.from(r.children).filter(td => td.scrollWidth > td.clientWidth + 1) \
         .map(td => td.textContent)",
    );
    for cells in overflowing.as_array().unwrap() {
        assert_eq!(
            cells,
            &json!([]),
            "{archive}: cells wider than their column"
        );
    }
    let edges = browser.eval(
        "(() => { const pane = document.getElementById('findings-pane'); \
         return [document.getElementById('findings').getBoundingClientRect().right, \
          document.getElementById('viewer').getBoundingClientRect().left, \
          pane.scrollWidth - pane.clientWidth]; })()",
    );
    assert!(
        edges[0].as_f64().unwrap() <= edges[1].as_f64().unwrap(),
        "{archive}: the table runs under the viewer: {edges}"
    );
    assert_eq!(edges[2], 0, "{archive}: the table is wider than its place");
}

/// Words longer than a column (a name, a file name, a move) wrap inside it too.
fn long_words_wrap(browser: &mut Browser, dir: &Path) {
    let long = "x".repeat(40);
    let archive = dir.join(format!("an-archive-with-a-long-name-{long}.pdn"));
    std::fs::write(
        &archive,
        format!(
            "[White \"{}\"]\n[Black \"B\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n\n\
             [GameType \"20\"]\n1. 32-28 19-23 2. 28-22{} *\n",
            "Surname,".repeat(40),
            "x28".repeat(60),
        ),
    )
    .unwrap();
    let archive = archive.to_str().unwrap();
    open_report(browser, dir, archive, "long", &[]);
    assert!(every_row(browser, "1").as_array().unwrap().len() >= 2);
    messages_wrap_inside_the_table(browser, archive);
}

/// Each finding with repairs lists them as `validate` does, those `fix` applies (confirmed, in
/// the main line) marked, in the table and beside the board.
fn repairs_are_shown(browser: &mut Browser, dir: &Path) {
    let archive = "fixtures/repair/slips.pdn";
    open_report(browser, dir, archive, "repairs", &[]);
    let rows = every_row(
        browser,
        "(r.click(), [Array.from(r.querySelectorAll('.repair')).map(li => \
           [li.querySelector('.text').textContent, Number(li.dataset.status)]), \
         document.querySelectorAll('#finding-box .repair').length])",
    );
    let expected = expected_findings(archive);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), expected.len());
    let mut applied = std::collections::BTreeSet::new();
    for (row, (game, d)) in rows.iter().zip(&expected) {
        let suggestions = d["suggestions"].as_array().cloned().unwrap_or_default();
        let shown = row[0].as_array().unwrap();
        assert_eq!(shown.len(), suggestions.len(), "game {game}: {row}");
        assert_eq!(row[1], shown.len(), "game {game}: beside the board too");
        for (s, item) in suggestions.iter().zip(shown) {
            let fixed = s["fixes"][0]["fixed"].as_str().unwrap();
            assert!(
                item[0].as_str().unwrap().contains(fixed),
                "game {game}: {item} names {fixed}"
            );
            let in_main_line = d.get("variation").is_none();
            let status = match (s["confirmed"].as_bool().unwrap(), in_main_line) {
                (false, _) => 0,
                (true, false) => 1,
                (true, true) => 2,
            };
            assert_eq!(item[1], status, "game {game}: {item}");
            if status == 2 {
                applied.insert(*game);
            }
        }
    }
    assert!(!applied.is_empty(), "the fixture has repairs fix applies");
    // What `fix` applies is what the page marks: the games it changes.
    let changes = dir.join("changes.csv");
    pdnkit(&[
        "fix",
        archive,
        "--changes",
        changes.to_str().unwrap(),
        "-o",
        "/dev/null",
    ]);
    let changed: std::collections::BTreeSet<u64> = std::fs::read_to_string(&changes)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(changed, applied);
    assert!(browser.errors.is_empty(), "{:?}", browser.errors);
}

/// A Russian game written in numbers: its finding names the move as the board (lettered a-h)
/// does, with the written form beside it.
fn moves_are_named_as_the_board_names_them(browser: &mut Browser, dir: &Path) {
    open_report(browser, dir, "fixtures/report/archive.pdn", "notation", &[]);
    let about = browser.eval(
        "(() => { const r = Array.from(document.querySelectorAll('#findings tbody tr')) \
         .find(r => r.dataset.variant === 'russian'); r.click(); \
         return [r.querySelector('.about').textContent, \
         document.querySelector('#finding-box .where').textContent, \
         Array.from(document.querySelectorAll('#moves .ply')).map(s => s.textContent)]; })()",
    );
    // 26 and 3 are d2 and f8 in the numbers Russian games are written in (1 is b8).
    assert_eq!(about[0], "ply 29: d2:f8 (written 26:3)");
    assert!(
        about[1]
            .as_str()
            .unwrap()
            .ends_with("ply 29: d2:f8 (written 26:3)"),
        "{about}"
    );
    let moves = about[2].as_array().unwrap();
    assert_eq!(
        moves[0], "e3-d4",
        "the move list names 23-18 as the board does"
    );
    assert!(browser.errors.is_empty(), "{:?}", browser.errors);
}

/// An archive of about a thousand findings (its data in several elements): the table shows a
/// page at a time, the pager walks them all, a link to a finding opens its page, sorting orders
/// every finding, and the counts are exact.
fn a_thousand_findings_are_paged(browser: &mut Browser, dir: &Path) {
    let fixture = std::fs::read_to_string(root().join("fixtures/report/archive.pdn")).unwrap();
    // Without its last game, whose comment never ends and would swallow the copies after it.
    let readable = &fixture[..fixture.rfind("\n[Event").unwrap()];
    let archive = dir.join("many.pdn");
    std::fs::write(&archive, format!("{readable}\n\n").repeat(80)).unwrap();
    let archive = archive.to_str().unwrap();
    open_report(browser, dir, archive, "many", &["--no-suggest"]);
    let page = std::fs::read_to_string(dir.join("many.html")).unwrap();
    let elements = page.matches("class=\"pdnkit-games\"").count();
    assert!(elements > 1, "the data in several elements: {elements}");
    let codes = codes_of(&expected_findings(archive));
    assert!(codes.len() > 1000, "{}", codes.len());
    assert_eq!(every_row(browser, "r.dataset.code"), json!(codes));
    counts_are_exact(browser, archive, &codes);
    let first_page = browser.eval(
        "[document.querySelectorAll('#findings tbody tr').length, \
          document.getElementById('page-info').textContent]",
    );
    let pages = codes.len().div_ceil(100);
    assert_eq!(
        first_page,
        json!([
            100,
            format!(
                "rows 1\u{2013}100 of {} \u{b7} page 1 of {pages}",
                codes.len()
            )
        ])
    );
    let bigger = browser.eval(
        "(() => { const s = document.getElementById('page-size'); s.value = '250'; \
         s.dispatchEvent(new Event('change')); \
         return document.querySelectorAll('#findings tbody tr').length; })()",
    );
    assert_eq!(bigger, 250);
    // A link to finding 1000: its page, its row chosen, its game on the board.
    let linked = browser.eval(
        "new Promise(done => { window.addEventListener('hashchange', () => { \
           const r = document.getElementById('f1000'); \
           done([r !== null && r.classList.contains('chosen'), \
                 document.getElementById('viewer').dataset.game || null]); }, { once: true }); \
           location.hash = '#f1000'; })",
    );
    assert_eq!(linked[0], true, "{linked}");
    // Sorting by ply, descending: every finding, the largest ply first.
    let plies = browser.eval(
        "(() => { const th = document.querySelector('#findings th[data-key=\"ply\"]'); \
         th.click(); th.click(); return th.getAttribute('aria-sort'); })()",
    );
    assert_eq!(plies, "descending");
    let sorted: Vec<i64> = every_row(browser, "Number(r.children[5].textContent || -1)")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(sorted.len(), codes.len());
    assert!(sorted.windows(2).all(|w| w[0] >= w[1]), "sorted by ply");
    assert!(browser.errors.is_empty(), "{:?}", browser.errors);
}

/// Games from more start positions than the page's shared table holds carry their own: each
/// starts from its FEN.
fn starts_of_their_own(browser: &mut Browser, dir: &Path) {
    let mut text = String::new();
    for i in 0..70 {
        let (white, black) = (31 + i % 20, 1 + i / 20);
        text.push_str(&format!(
            "[GameType \"20\"]\n[FEN \"W:W{white}:B{black}\"]\n1. {white}-{} 99-98 *\n\n",
            white - 5
        ));
    }
    let archive = dir.join("starts.pdn");
    std::fs::write(&archive, text).unwrap();
    let archive = archive.to_str().unwrap();
    open_report(browser, dir, archive, "starts", &[]);
    let fens = expected_fens(archive);
    for game in [1, 64, 65, 70] {
        let shown = browser.eval(&format!(
            "(() => {{ const i = document.getElementById('game-number'); i.value = '{game}'; \
             i.dispatchEvent(new Event('change')); \
             const v = document.getElementById('viewer').dataset; return [v.ply, v.fen]; }})()"
        ));
        assert_eq!(shown, json!(["0", fens[&(game, 0)]]), "game {game}");
        browser.press("ArrowRight");
        let after = browser.eval("document.getElementById('viewer').dataset.fen");
        assert_eq!(after, fens[&(game, 1)], "game {game}");
    }
    assert!(browser.errors.is_empty(), "{:?}", browser.errors);
}
