//! Crafted games with known faults: every diagnostic code, in several variants. Each
//! `fixtures/validate/NAME.pdn` has a `NAME.expected` listing, in order, every diagnostic the
//! replay must produce: `GAME SEVERITY CODE PLY LINE:COL` (`-` when there is no ply).
//! Set `PDNKIT_BLESS=1` to rewrite the expected files from the current output (then review
//! the diff by eye: the expectations were written from the rules, not from the program).

use std::path::Path;

use pdn::Splitter;
use pdn::parse_game;
use pdnkit::GameRecord;
use pdnkit::{ReplayOptions, replay};

fn diagnostics_of(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut out = String::new();
    for raw in Splitter::new(&bytes[..]) {
        let raw = raw.unwrap();
        let record = match parse_game(&raw) {
            Ok(game) => GameRecord::replayed(
                &name,
                &raw,
                &game,
                &replay(&game, &ReplayOptions::default()),
            ),
            Err(e) => GameRecord::unreadable(&name, &raw, &e),
        };
        for d in &record.diagnostics {
            let ply = d.ply.map_or("-".to_string(), |p| p.to_string());
            out.push_str(&format!(
                "{} {} {} {ply} {}:{}\n",
                record.game, d.severity, d.code, d.line, d.column
            ));
        }
    }
    out
}

#[test]
fn crafted_faults_give_exactly_the_expected_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/validate");
    let bless = std::env::var_os("PDNKIT_BLESS").is_some();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "pdn") {
            continue;
        }
        let got = diagnostics_of(&path);
        let expected_path = path.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
        assert_eq!(got, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} fixture files found");
}

#[test]
fn every_diagnostic_code_is_exercised_by_a_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/validate");
    let mut all = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "expected") {
            all.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    for code in pdnkit::Code::ALL {
        // syntax-note is covered by the syntax layer's own fixtures too; all are listed here.
        let needle = format!(" {} ", code.name());
        assert!(all.contains(&needle), "no fixture produces {}", code.name());
    }
}
