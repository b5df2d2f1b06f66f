use std::path::{Path, PathBuf};

use super::format::{ENTRY, FOOTER, GameInfo};
use super::*;

/// A scratch directory removed at the end of the test.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("pdnkit-index-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn game(number: u32, plies: u16) -> GamePositions {
    GamePositions {
        game: number,
        variant: 3,
        positions: (0..=plies)
            .map(|p| {
                (
                    u64::from(number * 7919 + u32::from(p) * 104_729) % 1000,
                    p,
                    p / 2 + 1,
                    (p % 2) as u8,
                )
            })
            .collect(),
        info: GameInfo {
            event: Some(format!("Event {number}")),
            white: Some("Wit".to_string()),
            black: None,
            date: Some("2003.05.23".to_string()),
            moves: (0..plies)
                .map(|p| format!("{}-{}", 30 + p, 25 + p))
                .collect(),
        },
    }
}

fn table() -> Vec<IndexedFile> {
    vec![IndexedFile {
        path: "a.pdn".to_string(),
        location: "a.pdn".to_string(),
        size: 10,
        modified: 20,
        fingerprint: 30,
        variants: 0,
    }]
}

/// An index of six games written in runs of five entries.
fn build(dir: &Path) -> PathBuf {
    let path = dir.join("games.idx");
    let mut runs = IndexBuilder::with_run(&path, table(), 5).unwrap();
    for g in 1..=6 {
        runs.add_game(0, game(g, 2 * g as u16)).unwrap();
    }
    assert!(runs.spilled.len() > 3, "several runs are merged");
    let mut out = Vec::new();
    let entries = runs.finish(&mut out).unwrap();
    assert_eq!(entries, (1..=6).map(|g| 2 * g + 1).sum::<u64>());
    std::fs::write(&path, out).unwrap();
    path
}

#[test]
fn an_index_built_in_runs_finds_every_entry_and_game() {
    let dir = Scratch::new("round-trip");
    let path = build(&dir.0);
    let index = Index::open(&path).unwrap();
    let mut files = table();
    files[0].variants = 1 << 3;
    assert_eq!(index.files(), files);
    for g in 1..=6u32 {
        let want = game(g, 2 * g as u16);
        for &(key, ply, number, side) in &want.positions {
            let found = index.find(key).unwrap();
            assert!(
                found
                    .iter()
                    .any(|e| (e.game, e.ply, e.number, e.side) == (g, ply, number, side)),
                "game {g} ply {ply}"
            );
            assert!(found.iter().all(|e| e.key == key));
        }
    }
    // The records asked for, found in one pass over the directory; none for games it
    // does not list.
    let records = |wanted: &[(u32, u32)]| {
        let mut found = Vec::new();
        index
            .each_game(wanted, |slot, view| {
                let info = view.to_info().unwrap();
                assert_eq!(GameInfo::from_bytes(&info.to_bytes()).as_ref(), Some(&info));
                assert_eq!(view.moves(), info.moves.len());
                found.push((slot, info));
                Ok::<(), io::Error>(())
            })
            .unwrap();
        found
    };
    let wanted = [(0, 1), (0, 2), (0, 4), (0, 6), (0, 7), (1, 1)];
    let want: Vec<(usize, GameInfo)> = [1, 2, 4, 6]
        .into_iter()
        .enumerate()
        .map(|(slot, g)| (slot, game(g, 2 * g as u16).info))
        .collect();
    assert_eq!(records(&wanted), want);
    assert_eq!(records(&[(0, 3)]), [(0, game(3, 6).info)]);
    assert_eq!(records(&[]), []);
    // No temporary file is left beside the index.
    let left: Vec<_> = std::fs::read_dir(&dir.0).unwrap().collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

/// Every byte of the marks and the footer, and a byte in every 13 elsewhere (each write
/// of a file takes the disk's time).
fn places(len: usize) -> impl Iterator<Item = usize> {
    (0..len).filter(move |&i| i < 16 || i + FOOTER + 16 >= len || i % 13 == 0)
}

#[test]
fn a_changed_byte_or_a_cut_off_end_is_refused() {
    let dir = Scratch::new("damage");
    let path = build(&dir.0);
    let good = std::fs::read(&path).unwrap();
    let damaged = dir.0.join("damaged.idx");
    for at in places(good.len()) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x5A;
        std::fs::write(&damaged, &bytes).unwrap();
        assert!(
            Index::open(&damaged).is_err(),
            "byte {at} of {} changed",
            good.len()
        );
    }
    for len in places(good.len()) {
        std::fs::write(&damaged, &good[..len]).unwrap();
        let e = Index::open(&damaged)
            .err()
            .expect("a truncated index is refused");
        assert!(!e.to_string().contains('\n'), "one line: {e}");
    }
}

#[test]
fn a_run_changed_while_the_index_is_built_stops_the_build() {
    let dir = Scratch::new("run");
    let path = dir.0.join("games.idx");
    let mut runs = IndexBuilder::with_run(&path, table(), 5).unwrap();
    for g in 1..=4 {
        runs.add_game(0, game(g, 4)).unwrap();
    }
    let run = runs.spilled[1].path.clone();
    let mut bytes = std::fs::read(&run).unwrap();
    bytes[7] ^= 1;
    std::fs::write(&run, bytes).unwrap();
    let e = runs.finish(&mut Vec::new()).expect_err("the build stops");
    assert!(
        e.to_string().contains("changed while the index was built"),
        "{e}"
    );
    // A run cut short is caught as well.
    let mut runs = IndexBuilder::with_run(&path, table(), 5).unwrap();
    for g in 1..=4 {
        runs.add_game(0, game(g, 4)).unwrap();
    }
    let run = runs.spilled[0].path.clone();
    let bytes = std::fs::read(&run).unwrap();
    std::fs::write(&run, &bytes[..ENTRY * 2]).unwrap();
    assert!(runs.finish(&mut Vec::new()).is_err());
    // The temporary files go with the builder.
    let left: Vec<_> = std::fs::read_dir(&dir.0).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}
