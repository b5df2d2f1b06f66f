//! `pdnkit.tags`: games written back with their tags edited and every other byte as it was,
//! as `pdnkit tags` writes them (`pdnkit::tags`), on worker threads with the GIL released. The
//! games go to a file (or come back as one string); what comes back besides is a summary and
//! every change, one dict per row of `pdnkit tags --changes`.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdnkit::archive::{ArchiveGame, Counted};
use pdnkit::check_game;
use pdnkit::filter::{Condition, Filter};
use pdnkit::summary::Counts;
use pdnkit::tags::{CHANGES_HEADER, Retagged, TagChange, TagEdits, edit_tags};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString};

use crate::errors::{os_error, simple_error};
use crate::{desk, source};

/// A bad argument: a `PdnError` (a `ValueError`) of code `usage`.
fn usage(py: Python<'_>, message: String) -> PyErr {
    simple_error(py, "usage", message)
}

/// `NAME=VALUE` pairs from a dict, a `"NAME=VALUE"` string, or an iterable of such strings
/// and of `(name, value)` pairs; the name trimmed, as `pdnkit tags` reads its options.
fn pairs(
    py: Python<'_>,
    argument: &str,
    obj: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(String, String)>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    let items: Vec<Bound<'_, PyAny>> = if let Ok(map) = obj.cast::<PyMapping>() {
        map.items()?.iter().collect()
    } else if obj.is_instance_of::<PyString>() {
        vec![obj.clone()]
    } else {
        obj.try_iter()
            .map_err(|_| wrong_shape(argument))?
            .collect::<PyResult<_>>()?
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let (name, value) = if let Ok(spec) = item.extract::<String>() {
            match spec.split_once('=') {
                Some((name, value)) => (name.to_string(), value.to_string()),
                None => {
                    return Err(usage(
                        py,
                        format!("{argument} takes NAME=VALUE, not {spec:?}"),
                    ));
                }
            }
        } else {
            item.extract::<(String, String)>()
                .map_err(|_| wrong_shape(argument))?
        };
        let name = name.trim();
        if name.is_empty() || name.contains('=') {
            return Err(usage(
                py,
                format!("{argument}: {name:?} is not a tag name (write NAME=VALUE)"),
            ));
        }
        out.push((name.to_string(), value));
    }
    Ok(out)
}

fn wrong_shape(argument: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "{argument}: expected a dict, or a list of (name, value) pairs or \"NAME=VALUE\" strings"
    ))
}

/// Tag names from one string or an iterable of them.
fn names(py: Python<'_>, argument: &str, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    let not_names =
        || PyTypeError::new_err(format!("{argument}: expected a tag name or a list of them"));
    let list: Vec<String> = match obj.extract::<String>() {
        Ok(one) => vec![one],
        Err(_) => obj
            .try_iter()
            .map_err(|_| not_names())?
            .map(|item| item?.extract::<String>().map_err(|_| not_names()))
            .collect::<PyResult<_>>()?,
    };
    match list.iter().find(|n| n.trim().is_empty()) {
        Some(n) => Err(usage(py, format!("{argument}: {n:?} is not a tag name"))),
        None => Ok(list),
    }
}

/// What one game gave, as `pdnkit tags` has it: its text and changes, or none for a game over
/// the size limit (not written).
struct Edited {
    file: Arc<str>,
    retagged: Option<Retagged>,
    counts: Counts,
}

impl Counted for Edited {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// One game edited when the selection holds, else as it was.
fn edited(game: &ArchiveGame, selection: &Filter, edits: &TagEdits) -> Edited {
    check_game(&game.file, &game.game, &game.options, |checked| {
        let counts = Counts::verdict(checked.record.status);
        let retagged = if game.game.oversize.is_some() {
            None
        } else if selection.matches(checked) {
            Some(edit_tags(checked, edits))
        } else {
            Some(Retagged {
                text: game.game.text.clone(),
                changes: Vec::new(),
            })
        };
        Edited {
            file: Arc::clone(&game.file),
            retagged,
            counts,
        }
    })
}

/// Where the games go: a file written next to its target and moved into place when complete
/// (a device or a pipe written directly), or a string.
enum Sink {
    File {
        writer: BufWriter<File>,
        temp: Option<PathBuf>,
        target: PathBuf,
    },
    Text(String),
}

impl Sink {
    fn open(output: Option<PathBuf>) -> io::Result<Sink> {
        let Some(target) = output else {
            return Ok(Sink::Text(String::new()));
        };
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", target.display()));
        if std::fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(named)?;
            return Ok(Sink::File {
                writer: BufWriter::new(file),
                temp: None,
                target,
            });
        }
        let Some(name) = target.file_name() else {
            return Err(named(io::Error::other("not a file name")));
        };
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".pdnkit-{}.tmp", std::process::id()));
        let temp = target.with_file_name(temp_name);
        let file = File::create(&temp).map_err(named)?;
        Ok(Sink::File {
            writer: BufWriter::with_capacity(1 << 16, file),
            temp: Some(temp),
            target,
        })
    }

    fn write(&mut self, text: &str) -> io::Result<()> {
        match self {
            Sink::Text(s) => {
                s.push_str(text);
                Ok(())
            }
            Sink::File { writer, target, .. } => writer
                .write_all(text.as_bytes())
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", target.display()))),
        }
    }

    /// The text, for a string; for a file, flushed and moved into place.
    fn finish(self) -> io::Result<Option<String>> {
        match self {
            Sink::Text(s) => Ok(Some(s)),
            Sink::File {
                mut writer,
                temp,
                target,
            } => {
                let named =
                    |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", target.display()));
                writer.flush().map_err(named)?;
                if let Some(temp) = temp {
                    let moved = writer
                        .get_ref()
                        .sync_all()
                        .and_then(|()| std::fs::rename(&temp, &target));
                    if let Err(e) = moved {
                        let _ = std::fs::remove_file(&temp);
                        return Err(named(e));
                    }
                }
                Ok(None)
            }
        }
    }

    /// A run that failed leaves no partial file behind.
    fn abandon(self) {
        if let Sink::File {
            writer,
            temp: Some(temp),
            ..
        } = self
        {
            drop(writer);
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// A change as a dict with the columns of `pdnkit tags --changes` (`game` and `line` as
/// numbers).
fn change_row<'py>(py: Python<'py>, file: &str, c: &TagChange) -> PyResult<Bound<'py, PyDict>> {
    let row = PyDict::new(py);
    let [f, game, line, tag, old, new, kind] = CHANGES_HEADER;
    row.set_item(f, file)?;
    row.set_item(game, c.game)?;
    row.set_item(line, c.line)?;
    row.set_item(tag, &c.tag)?;
    row.set_item(old, &c.old)?;
    row.set_item(new, &c.new)?;
    row.set_item(kind, c.kind)?;
    Ok(row)
}

/// Writes the games of `paths` with their tags edited, as `pdnkit tags` does with the same
/// options: to `output` (a path), or, when it is `None`, into the result's `"text"`. Returns
/// `{"written", "changed", "not_written", "read", "unreadable", "kinds", "changes", "text"}`.
#[pyfunction]
#[pyo3(signature = (
    paths, output = None, *, set = None, r#where = None, rename = None, remove = None,
    aliases = None, dates = false, plycount = false, result = false, gametype = false, jobs = 0
))]
#[allow(clippy::too_many_arguments)]
pub fn tags(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    output: Option<PathBuf>,
    set: Option<&Bound<'_, PyAny>>,
    r#where: Option<&Bound<'_, PyAny>>,
    rename: Option<&Bound<'_, PyAny>>,
    remove: Option<&Bound<'_, PyAny>>,
    aliases: Option<&str>,
    dates: bool,
    plycount: bool,
    result: bool,
    gametype: bool,
    jobs: usize,
) -> PyResult<Py<PyAny>> {
    let edits = TagEdits {
        set: pairs(py, "set", set)?,
        rename: pairs(py, "rename", rename)?,
        remove: names(py, "remove", remove)?,
        aliases: desk::aliases(py, aliases)?,
        dates,
        plycount,
        result,
        gametype,
    };
    let mut conditions = Vec::new();
    for (name, pattern) in pairs(py, "where", r#where)? {
        let condition = Condition::parse_tag(&format!("{name}={pattern}"))
            .map_err(|e| usage(py, format!("where: {e}")))?;
        conditions.push(condition);
    }
    let selection = Filter::new(conditions);
    let archive = source::archive(paths, pdnkit::ReplayOptions::default())?.jobs(jobs);
    let mut sink = Sink::open(output).map_err(|e| os_error(&e))?;
    let mut failures = Vec::new();
    let mut changes: Vec<(Arc<str>, TagChange)> = Vec::new();
    let mut kinds: BTreeMap<&'static str, u64> = BTreeMap::new();
    let (mut written, mut changed, mut not_written) = (0u64, 0u64, 0u64);
    let ran = py.detach(|| {
        archive.run(
            &(),
            || (),
            |_, game| edited(&game, &selection, &edits),
            |done| {
                let e = match done {
                    Ok(e) => e,
                    Err(error) => {
                        failures.push(error.to_string());
                        return ControlFlow::Continue(());
                    }
                };
                let Some(r) = e.retagged else {
                    not_written += 1;
                    return ControlFlow::Continue(());
                };
                written += 1;
                changed += u64::from(!r.changes.is_empty());
                if let Err(error) = sink.write(&r.text) {
                    return ControlFlow::Break(error);
                }
                for c in r.changes {
                    *kinds.entry(c.kind).or_default() += 1;
                    changes.push((Arc::clone(&e.file), c));
                }
                ControlFlow::Continue(())
            },
        )
    });
    let ran = match ran {
        Ok(ran) => ran,
        Err(error) => {
            sink.abandon();
            return Err(os_error(&error));
        }
    };
    let text = sink.finish().map_err(|e| os_error(&e))?;
    desk::failed(py, failures)?;
    let out = PyDict::new(py);
    out.set_item("written", written)?;
    out.set_item("changed", changed)?;
    out.set_item("not_written", not_written)?;
    out.set_item("read", ran.counts.read)?;
    out.set_item("unreadable", ran.counts.unreadable)?;
    let by_kind = PyDict::new(py);
    for (kind, n) in kinds {
        by_kind.set_item(kind, n)?;
    }
    out.set_item("kinds", by_kind)?;
    let rows = PyList::empty(py);
    for (file, c) in &changes {
        rows.append(change_row(py, file, c)?)?;
    }
    out.set_item("changes", rows)?;
    out.set_item("text", text)?;
    Ok(out.into_any().unbind())
}
