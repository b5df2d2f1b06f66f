//! The layers of ARCHITECTURE.md, checked: dependencies point one way (draughts ← pdn ←
//! pdnkit ← the binary and the Python module), the rules crate reads no PDN text, and only the
//! front ends (through the pipeline crate) and the binary's prescan spawn threads; only the
//! binary maps files.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }
    out
}

/// The `[dependencies]` table of a manifest, as its lines.
fn dependencies(manifest: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(manifest)).unwrap();
    let mut in_table = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('[') {
            in_table = line == "[dependencies]";
            continue;
        }
        if in_table && !line.trim().is_empty() && !line.starts_with('#') {
            out.push(line.to_string());
        }
    }
    out
}

#[test]
fn the_rules_crate_depends_on_nothing_and_reads_no_pdn_text() {
    assert!(dependencies("crates/draughts/Cargo.toml").is_empty());
    for (path, text) in sources(&root().join("crates/draughts/src")) {
        for word in ["pdn::", "pdnkit::", "std::thread", "std::fs", "memmap2"] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}

#[test]
fn the_pdn_crate_uses_the_rules_crate_only_and_owns_no_threads() {
    let deps = dependencies("crates/pdn/Cargo.toml");
    assert!(deps.iter().any(|d| d.starts_with("draughts ")), "{deps:?}");
    assert!(
        !deps
            .iter()
            .any(|d| d.contains("pdnkit =") || d.starts_with("pdnkit "))
    );
    for (path, text) in sources(&root().join("crates/pdn/src")) {
        for word in ["pdnkit::", "std::thread", "memmap2", "mpsc"] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}

#[test]
fn the_library_leaves_threads_and_file_mapping_to_the_binary() {
    for (path, text) in sources(&root().join("src")) {
        if path.contains("/src/cli/") || path.ends_with("main.rs") {
            continue;
        }
        for word in ["mod cli", "std::thread", "pipeline::", "memmap2", "unsafe "] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}

#[test]
fn the_pipeline_crate_knows_no_games() {
    assert!(dependencies("crates/pipeline/Cargo.toml").is_empty());
    for (path, text) in sources(&root().join("crates/pipeline/src")) {
        for word in ["pdn::", "pdnkit::", "draughts::", "unsafe "] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}

#[test]
fn the_python_module_stands_on_the_library() {
    let deps = dependencies("crates/python/Cargo.toml");
    let names: Vec<&str> = deps
        .iter()
        .filter_map(|d| d.split([' ', '=']).next())
        .collect();
    assert!(names.contains(&"pdnkit"), "{deps:?}");
    // The lower layers only through the library's re-exports; never the binary's modules.
    for lower in ["pdn", "draughts"] {
        assert!(!names.contains(&lower), "{deps:?}");
    }
    for (path, text) in sources(&root().join("crates/python/src")) {
        for word in ["cli::", "memmap2", "unsafe "] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}

#[test]
fn the_language_server_stands_on_the_library() {
    let deps = dependencies("crates/lsp/Cargo.toml");
    let names: Vec<&str> = deps
        .iter()
        .filter_map(|d| d.split([' ', '=']).next())
        .collect();
    assert!(names.contains(&"pdnkit"), "{deps:?}");
    for lower in ["pdn", "draughts", "pdnkit-pdn", "pdnkit-draughts"] {
        assert!(!names.contains(&lower), "{deps:?}");
    }
    for (path, text) in sources(&root().join("crates/lsp/src")) {
        for word in ["cli::", "memmap2", "unsafe "] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}
