//! File names as a page shows them: as given, or relative to a directory, so that a page meant
//! to be shared names no absolute path of the machine it was made on.

use std::path::{Component, Path, PathBuf};

/// `name` (a file as given on the command line) relative to `dir`: `games/a.pdn` for
/// `/data/games/a.pdn` and `/data`, `../b.pdn` for `/other/b.pdn` and `/other/x`. Both are
/// taken from the current directory when relative, and followed through symbolic links when
/// they exist. Standard input (`-`) and names that are not paths stay as they are.
pub fn shown_path(name: &str, dir: &Path) -> String {
    if name == "-" || name.starts_with('<') {
        return name.to_string();
    }
    let (Some(file), Some(dir)) = (absolute(Path::new(name)), absolute(dir)) else {
        return name.to_string();
    };
    let file: Vec<Component> = file.components().collect();
    let dir: Vec<Component> = dir.components().collect();
    let common = file.iter().zip(&dir).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..dir.len() {
        out.push("..");
    }
    for c in &file[common..] {
        out.push(c.as_os_str());
    }
    out.display().to_string()
}

/// `path` from the root: through its links when it exists, else lexically (`.` dropped, `..`
/// taking off the name before it).
fn absolute(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = path.canonicalize() {
        return Some(real);
    }
    let joined = std::path::absolute(path).ok()?;
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c.as_os_str()),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_relative_to_the_directory() {
        assert_eq!(
            shown_path("/nowhere/data/games/a.pdn", Path::new("/nowhere/data")),
            "games/a.pdn"
        );
        assert_eq!(
            shown_path("/nowhere/other/b.pdn", Path::new("/nowhere/data/x")),
            "../../other/b.pdn"
        );
        assert_eq!(
            shown_path("/nowhere/data/./c/../d.pdn", Path::new("/nowhere/data/")),
            "d.pdn"
        );
        assert_eq!(shown_path("-", Path::new("/nowhere")), "-");
    }

    #[test]
    fn relative_names_are_taken_from_the_current_directory() {
        let here = std::env::current_dir().unwrap();
        let name = "fixtures/sample/archive.pdn";
        assert_eq!(shown_path(name, &here), name);
        assert_eq!(
            shown_path(name, &here.join("fixtures")),
            "sample/archive.pdn"
        );
        let absolute = here.join(name).display().to_string();
        assert_eq!(shown_path(&absolute, Path::new(".")), name);
    }
}
