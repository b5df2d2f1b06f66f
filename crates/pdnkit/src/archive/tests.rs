//! The archive API on small archives written to a temporary folder: items in input order and
//! counted once whatever the jobs, failed inputs and warnings in their places, the file's
//! variant decided for untagged games, plain games passed by counted as clean.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::*;
use crate::{Verdict, check_game};

const TAGGED: &str = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                      [GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n";
/// Russian games without tags: read under the file's variant.
const UNTAGGED: &str = "1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n\n1. c3-d4 f6-g5 *\n";

/// A folder of its own under the temporary directory, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir =
            std::env::temp_dir().join(format!("pdnkit-archive-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What the sink and the progress saw, in order.
#[derive(Default)]
struct Log(RefCell<Vec<String>>);

impl Progress for Log {
    fn advanced(&self, counts: &Counts, _bytes: u64, _total: u64) {
        self.0.borrow_mut().push(format!("read {}", counts.read));
    }

    fn warning(&self, message: &str) {
        self.0.borrow_mut().push(format!("warning {message}"));
    }
}

/// Each item of a run over `paths` on `jobs` workers, as the sink saw it, with the progress
/// between, and the summary.
fn run(paths: &[PathBuf], jobs: usize) -> (Vec<String>, String) {
    let log = Log::default();
    let archive = Archive::new(paths).jobs(jobs);
    let ran = archive.run(
        &log,
        || (),
        |_, game| {
            check_game(&game.file, &game.game, &game.options, |checked| {
                let r = checked.record;
                let line = format!("{} {} {:?} {}", r.file, r.game, r.status, game.order);
                (Counts::verdict(r.status), line)
            })
        },
        |done| {
            let line = match done {
                Ok((_, line)) => line,
                Err(e) => format!("failed {e}"),
            };
            log.0.borrow_mut().push(line);
            ControlFlow::<()>::Continue(())
        },
    );
    let ran = ran.unwrap();
    (log.0.into_inner(), ran.counts.summary())
}

fn name(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn items_come_in_input_order_and_are_counted_once_for_every_number_of_jobs() {
    let folder = Folder::new("order");
    let tagged = folder.file("tagged.pdn", TAGGED);
    let empty = folder.file("empty.pdn", "");
    let missing = folder.0.join("missing.pdn");
    let untagged = folder.file("untagged.pdn", UTAGGED_TWICE);
    let paths = [
        tagged.clone(),
        empty.clone(),
        missing,
        untagged.clone(),
        empty.clone(),
    ];
    let (lines, summary) = run(&paths, 1);
    let (t, e, u) = (name(&tagged), name(&empty), name(&untagged));
    assert_eq!(lines[0], format!("{t} 1 Clean 0"));
    assert_eq!(lines[1], "read 1");
    assert_eq!(lines[2], format!("{t} 2 Invalid 1"));
    assert_eq!(lines[3], "read 2");
    // The empty file's warning comes after the items before it, then the missing file, which
    // takes a place of its own.
    assert_eq!(
        lines[4],
        format!("warning {e}: warning: empty, no game read")
    );
    assert!(
        lines[5].starts_with("failed ") && lines[5].contains("missing.pdn"),
        "{lines:?}"
    );
    assert_eq!(lines[6], "read 2");
    // Failed inputs are not numbered among the games.
    assert_eq!(lines[7], format!("{u} 1 Clean 2"));
    // The warning about the last input, after every item.
    assert_eq!(
        lines.last().unwrap(),
        &format!("warning {e}: warning: empty, no game read")
    );
    assert_eq!(
        summary,
        "6 games read: 5 clean, 0 with warnings, 1 invalid, 0 unreadable, 1 input failed"
    );
    for jobs in [2, 3] {
        assert_eq!(
            run(&paths, jobs),
            (lines.clone(), summary.clone()),
            "jobs {jobs}"
        );
    }
}

/// Four untagged Russian games, enough for the file's decision.
const UTAGGED_TWICE: &str = "1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n\n1. c3-d4 f6-g5 *\n\n\
                             1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n\n1. c3-d4 f6-g5 *\n";

#[test]
fn untagged_games_play_their_files_variant_in_a_run_and_one_by_one() {
    let folder = Folder::new("variant");
    let untagged = folder.file("untagged.pdn", UNTAGGED);
    let variants = |game: &ArchiveGame| {
        check_game(&game.file, &game.game, &game.options, |checked| {
            checked.config().map(|c| c.variant.name().to_string())
        })
    };
    let archive = Archive::new(std::slice::from_ref(&untagged));
    let one_by_one: Vec<_> = archive.each_game().map(|g| variants(&g.unwrap())).collect();
    assert_eq!(
        one_by_one,
        [Some("russian".to_string()), Some("russian".to_string())]
    );
    let mut in_run = Vec::new();
    archive
        .run(
            &(),
            || (),
            |_, game| (Counts::clean(1), variants(&game)),
            |done| {
                in_run.push(done.unwrap().1);
                ControlFlow::<()>::Continue(())
            },
        )
        .unwrap();
    assert_eq!(in_run, one_by_one);
}

#[test]
fn a_reader_is_read_as_a_file_is_and_only_once() {
    let archive = Archive::reader("given", Box::new(std::io::Cursor::new(TAGGED)));
    let games: Vec<_> = archive.each_game().collect();
    assert_eq!(games.len(), 2);
    let game = games[0].as_ref().unwrap();
    assert_eq!((&*game.file, game.game.index), ("given", 1));
    let again: Vec<_> = archive.each_game().collect();
    assert_eq!(again.len(), 1);
    assert!(
        again[0]
            .as_ref()
            .is_err_and(|e| e.to_string().contains("read already"))
    );
}

#[test]
fn plain_games_passed_by_are_counted_clean_and_the_rest_visited() {
    let folder = Folder::new("plain");
    let plain = "[Event \"a\"]\n1. 32-28 19-23 *\n\n[Event \"b\"]\n1. 32-28 19-23 *\n\n";
    let file = folder.file(
        "plain.pdn",
        &format!("{plain}[Event \"c\"]\n1. 32-28 {{x}} (19-23) *\n"),
    );
    let mut seen = Vec::new();
    let ran = Archive::new(&[file])
        .run_passing_plain(
            pdn::fast::NotesPassed::None,
            &(),
            || (),
            |_, game| match game.game {
                Piece::PlainRun(n) => (Counts::clean(n), format!("run of {n}")),
                Piece::Game(raw) => (
                    Counts::verdict(Verdict::Clean),
                    format!("game {}", raw.index),
                ),
            },
            |done| {
                seen.push(done.unwrap().1);
                ControlFlow::<()>::Continue(())
            },
        )
        .unwrap();
    assert_eq!(ran.counts.read, 3);
    let last = seen.last().unwrap();
    assert_eq!(last, "game 3", "{seen:?}");
    if pdn::fast::fast_paths_default() {
        assert_eq!(seen, ["run of 2", "game 3"]);
    } else {
        assert_eq!(seen, ["game 1", "game 2", "game 3"]);
    }
}
