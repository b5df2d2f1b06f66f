//! The inputs a list of paths names: a file as it is, standard input for `-`, a folder walked
//! for the files it holds, a zip archive read member by member. Folders are walked in a
//! stable order (each folder's entries sorted by name, depth first), so a run reads the same
//! games in the same order on every machine.
//!
//! Which files of a folder or an archive are read is a [`Selection`] of glob patterns matched
//! against their path below the folder (or inside the archive), ignoring case: by default the
//! PDN files and their compressed forms, and zip archives in folders. Files named on the
//! command line are always read. Hidden files and folders (names starting with `.`) and
//! symbolic links to folders are not walked.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use super::zip::{self, ZipMember};

/// The patterns of the files read from folders and archives when none are given.
pub const DEFAULT_GLOBS: &[&str] = &[
    "*.pdn",
    "*.pdn.gz",
    "*.pdn.bz2",
    "*.pdn.xz",
    "*.pdn.zst",
    "*.zip",
];

/// One input: standard input, a file, or a member of a zip archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-`).
    Stdin,
    /// A file (compressed or not).
    File(PathBuf),
    /// A file inside a zip archive.
    Member(Arc<ZipMember>),
}

impl Source {
    /// The source a path names on its own: `-` is standard input, anything else a file.
    pub fn path(path: &Path) -> Source {
        if path.as_os_str() == "-" {
            Source::Stdin
        } else {
            Source::File(path.to_path_buf())
        }
    }

    /// How the source is named in reports: `-`, the path as given, or
    /// `archive.zip:path/in/archive.pdn`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".to_owned(),
            Source::File(path) => path.display().to_string(),
            Source::Member(m) => format!("{}:{}", m.archive.display(), m.name),
        }
    }

    /// Its size in bytes as far as it is known before reading (decompressed for a member of a
    /// zip archive, as stored for a file; nothing for standard input), for progress bars.
    pub fn size(&self) -> u64 {
        match self {
            Source::Stdin => 0,
            Source::File(path) => std::fs::metadata(path)
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map_or(0, |m| m.len()),
            Source::Member(m) => m.size,
        }
    }
}

/// Which files of folders and zip archives are read: glob patterns (`*.pdn`, `2015/*.pdn.gz`)
/// matched against a file's path below its folder or inside its archive, ignoring case. A
/// pattern starting with `!` leaves out what it matches; without a pattern that selects, the
/// default patterns ([`DEFAULT_GLOBS`]) select.
#[derive(Clone, Debug)]
pub struct Selection {
    include: GlobSet,
    exclude: GlobSet,
    /// The patterns that select, for messages.
    shown: String,
}

impl Default for Selection {
    fn default() -> Self {
        Selection::new(&[]).expect("the default patterns are valid")
    }
}

impl Selection {
    /// The selection of `patterns` (the defaults when none selects).
    ///
    /// # Errors
    /// A pattern is not a valid glob; the message names it.
    pub fn new(patterns: &[String]) -> Result<Selection, String> {
        let excluded: Vec<&str> = patterns
            .iter()
            .filter_map(|p| p.strip_prefix('!'))
            .collect();
        let mut included: Vec<&str> = patterns
            .iter()
            .filter(|p| !p.starts_with('!'))
            .map(String::as_str)
            .collect();
        if included.is_empty() {
            included = DEFAULT_GLOBS.to_vec();
        }
        Ok(Selection {
            include: glob_set(&included)?,
            exclude: glob_set(&excluded)?,
            shown: included.join(", "),
        })
    }

    /// Whether the file at `relative` (its path below the folder walked, or inside the
    /// archive) is read.
    pub fn selects(&self, relative: &str) -> bool {
        self.include.is_match(relative) && !self.exclude.is_match(relative)
    }
}

fn glob_set(patterns: &[&str]) -> Result<GlobSet, String> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = GlobBuilder::new(pattern)
            .case_insensitive(true)
            .build()
            .map_err(|e| format!("--glob {pattern}: {e}"))?;
        set.add(glob);
    }
    set.build().map_err(|e| e.to_string())
}

/// What a path given names, in order: sources, inputs that cannot be read, and warnings
/// (a folder or an archive with nothing selected in it).
#[derive(Debug)]
pub enum Found {
    /// An input to read.
    Source(Source),
    /// A path that cannot be read (a folder that cannot be listed, a damaged zip archive); the
    /// message names it.
    Failed(io::Error),
    /// Something worth saying about an input that is not a failure.
    Warning {
        /// The input, named as in reports.
        input: String,
        /// What is worth saying.
        message: String,
    },
}

/// The inputs `paths` name, in order: a folder's selected files (walked in a stable order), a
/// zip archive's selected members (a zip archive in a folder when `*.zip` is selected), a
/// file as it is, `-` standard input.
pub fn find_sources(paths: &[PathBuf], selection: &Selection) -> Vec<Found> {
    let mut found = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            found.push(Found::Source(Source::Stdin));
        } else if path.is_dir() {
            let before = found.len();
            walk(path, "", selection, &mut found);
            if found.len() == before {
                found.push(Found::Warning {
                    input: path.display().to_string(),
                    message: format!(
                        "no file selected in this folder (selected: {}; --glob chooses others)",
                        selection.shown
                    ),
                });
            }
        } else {
            file(path, selection, &mut found);
        }
    }
    found
}

/// A file: its members when it is a zip archive, else itself.
fn file(path: &Path, selection: &Selection, found: &mut Vec<Found>) {
    if !starts_zip(path) {
        found.push(Found::Source(Source::File(path.to_path_buf())));
        return;
    }
    let name = path.display();
    match zip::members(path) {
        Err(e) => found.push(Found::Failed(io::Error::new(
            e.kind(),
            format!("{name}: {e}"),
        ))),
        Ok(members) => {
            let count = members.len();
            let before = found.len();
            found.extend(
                members
                    .into_iter()
                    .filter(|m| selection.selects(&m.name))
                    .map(|m| Found::Source(Source::Member(Arc::new(m)))),
            );
            if found.len() == before {
                found.push(Found::Warning {
                    input: name.to_string(),
                    message: format!(
                        "no file selected among the {count} files of this zip archive \
                         (selected: {}; --glob chooses others)",
                        selection.shown
                    ),
                });
            }
        }
    }
}

/// Whether the file at `path` starts as a zip archive does (an unreadable one is left for
/// opening to report).
fn starts_zip(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| zip::is_zip(&head))
}

/// The selected files below `dir` (whose path below the walk's start is `relative`), in the
/// order of their names, folders walked where they sort.
fn walk(dir: &Path, relative: &str, selection: &Selection, found: &mut Vec<Found>) {
    let entries = match std::fs::read_dir(dir).and_then(|d| d.collect::<io::Result<Vec<_>>>()) {
        Ok(entries) => entries,
        Err(e) => {
            let error = io::Error::new(e.kind(), format!("{}: {e}", dir.display()));
            found.push(Found::Failed(error));
            return;
        }
    };
    let mut entries: Vec<(String, std::fs::DirEntry)> = entries
        .into_iter()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e))
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, entry) in entries {
        let path = entry.path();
        let below = if relative.is_empty() {
            name.clone()
        } else {
            format!("{relative}/{name}")
        };
        // A symbolic link is followed to a file, never to a folder (no loops).
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            walk(&path, &below, selection, found);
        } else if path.is_file() && selection.selects(&below) {
            file(&path, selection, found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(found: &[Found]) -> Vec<String> {
        found
            .iter()
            .map(|f| match f {
                Found::Source(s) => s.name(),
                Found::Failed(e) => format!("failed: {e}"),
                Found::Warning { input, message } => format!("warning: {input}: {message}"),
            })
            .collect()
    }

    #[test]
    fn a_folder_is_walked_in_a_stable_order_and_filtered() {
        let root = std::env::temp_dir().join(format!("pdnkit-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (file, text) in [
            ("b.pdn", "x"),
            ("a/z.PDN", "x"),
            ("a/y.pdn.gz", "x"),
            ("a/readme.txt", "x"),
            ("c/d/e.pdn", "x"),
            (".hidden/h.pdn", "x"),
            ("notes.txt", "x"),
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        std::fs::create_dir_all(root.join("empty")).unwrap();
        let shown = |p: &str| format!("{}/{p}", root.display());
        let found = find_sources(std::slice::from_ref(&root), &Selection::default());
        assert_eq!(
            names(&found),
            [
                shown("a/y.pdn.gz"),
                shown("a/z.PDN"),
                shown("b.pdn"),
                shown("c/d/e.pdn")
            ]
        );
        let txt = Selection::new(&["*.txt".to_owned()]).unwrap();
        let found = find_sources(std::slice::from_ref(&root), &txt);
        assert_eq!(names(&found), [shown("a/readme.txt"), shown("notes.txt")]);
        let not_a = Selection::new(&["!a/*".to_owned()]).unwrap();
        let found = find_sources(std::slice::from_ref(&root), &not_a);
        assert_eq!(names(&found), [shown("b.pdn"), shown("c/d/e.pdn")]);
        let found = find_sources(&[root.join("empty")], &Selection::default());
        assert!(
            names(&found)[0].starts_with("warning: "),
            "{:?}",
            names(&found)
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_bad_pattern_is_named() {
        let error = Selection::new(&["a[".to_owned()]).unwrap_err();
        assert!(error.starts_with("--glob a["), "{error}");
    }
}
