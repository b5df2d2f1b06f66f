//! Shared helpers for the PDN integration tests: where the corpus is, and reading its files.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use pdnkit::pdn::raw::RawGame;
use pdnkit::pdn::read;

/// The corpus directory, or `None` (with a message on stderr) when the tests should skip it.
///
/// `PDNKIT_CORPUS` wins; when it is set the directory must exist (a CI misconfiguration must
/// fail, not skip). Unset, `<manifest>/../shared/corpus` is used if it exists.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PDNKIT_CORPUS") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "PDNKIT_CORPUS is set to {} but that is not a directory",
            dir.display()
        );
        return Some(dir);
    }
    let default = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if default.is_dir() {
        return Some(default);
    }
    eprintln!("corpus tests skipped: set PDNKIT_CORPUS to the corpus directory");
    None
}

/// A corpus file by its path relative to the corpus; panics with the path when it is missing.
pub fn corpus_file(dir: &Path, relative: &str) -> PathBuf {
    let path = dir.join(relative);
    assert!(path.is_file(), "corpus file missing: {}", path.display());
    path
}

/// Every `.pdn` file under the corpus, as paths relative to it, sorted.
pub fn corpus_files(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for sub in std::fs::read_dir(dir).expect("corpus directory readable") {
        let sub = sub.expect("corpus entry").path();
        if !sub.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sub).expect("corpus subdirectory readable") {
            let f = f.expect("corpus entry").path();
            if f.extension().is_some_and(|e| e == "pdn") {
                let rel = f.strip_prefix(dir).expect("under the corpus");
                files.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    files
}

/// All raw games of a file.
pub fn raw_games(path: &Path) -> Vec<RawGame> {
    read::games(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .map(|g| g.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}
