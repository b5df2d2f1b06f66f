//! The layers of ARCHITECTURE.md, checked: dependencies point one way (draughts ← pdn ←
//! pdnkit ← the binary, the language server and the Python module) in the graph `cargo
//! metadata` resolves, the rules crate reads no PDN text, threads are spawned only by the
//! pipeline crate (which the library's archive API runs games through) and the binary's
//! prescan; only the binary maps files.

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

/// The library runs games in parallel only through the pipeline crate (its archive API); it
/// spawns no thread of its own and maps no file.
#[test]
fn the_library_leaves_its_own_threads_and_file_mapping_to_the_binary() {
    let files = sources(&root().join("crates/pdnkit/src"));
    assert!(files.len() > 20, "the library's sources were not found");
    for (path, text) in files {
        for word in ["std::thread", "memmap2", "unsafe ", "mpsc"] {
            assert!(!text.contains(word), "{path} uses {word}");
        }
    }
}

/// The workspace's resolved graph from `cargo metadata`: each package's name and the names of
/// the packages it needs to build (normal dependencies, not dev or build ones).
fn normal_graph() -> std::collections::BTreeMap<String, Vec<String>> {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--manifest-path",
        ])
        .arg(root().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let name_of: std::collections::BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let mut graph = std::collections::BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().unwrap() {
        let deps = node["deps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|k| k["kind"].is_null())
            })
            .map(|d| name_of[d["pkg"].as_str().unwrap()].to_string())
            .collect();
        graph.insert(name_of[node["id"].as_str().unwrap()].to_string(), deps);
    }
    graph
}

/// Every package `name` needs to build, itself left out.
fn needs(graph: &std::collections::BTreeMap<String, Vec<String>>, name: &str) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    let mut stack = vec![name.to_string()];
    while let Some(next) = stack.pop() {
        for dep in &graph[&next] {
            if seen.insert(dep.clone()) {
                stack.push(dep.clone());
            }
        }
    }
    seen.into_iter().collect()
}

#[test]
fn dependencies_point_one_way_in_the_resolved_graph() {
    let graph = normal_graph();
    let direct = |name: &str| graph[name].clone();
    assert!(
        direct("pdnkit-draughts").is_empty(),
        "{:?}",
        direct("pdnkit-draughts")
    );
    assert!(
        direct("pdnkit-pipeline").is_empty(),
        "{:?}",
        direct("pdnkit-pipeline")
    );
    assert!(direct("pdnkit-pdn").contains(&"pdnkit-draughts".to_string()));
    // The graph is read whole: the binary needs clap through its own package.
    assert!(needs(&graph, "pdnkit-cli").contains(&"clap".to_string()));
    let library = needs(&graph, "pdnkit");
    // The archive API runs games through the ordered parallel map.
    for name in ["pdnkit-draughts", "pdnkit-pdn", "pdnkit-pipeline"] {
        assert!(library.contains(&name.to_string()), "{library:?}");
    }
    // What Rust users import as `pdnkit` compiles no command-line crate and no front end.
    for name in [
        "clap",
        "clap_complete",
        "clap_mangen",
        "indicatif",
        "memmap2",
        "resvg",
        "pdnkit-cli",
        "pdnkit-lsp",
        "pdnkit-python",
    ] {
        assert!(
            !library.contains(&name.to_string()),
            "the library needs {name}"
        );
    }
    for front in ["pdnkit-cli", "pdnkit-lsp", "pdnkit-python"] {
        let Some(deps) = graph.get(front) else {
            panic!("no package {front}: {:?}", graph.keys().collect::<Vec<_>>())
        };
        assert!(deps.contains(&"pdnkit".to_string()), "{front}: {deps:?}");
    }
    for lower in ["pdnkit-pdn", "pdnkit-draughts"] {
        for front in ["pdnkit-lsp", "pdnkit-python"] {
            assert!(
                !direct(front).contains(&lower.to_string()),
                "{front} uses {lower}"
            );
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

/// The functions of the sources under `dir` longer than `most` lines, from the signature to the
/// closing brace as rustfmt lays them out, as `path:line name (lines)`.
fn long_functions(dir: &Path, most: usize) -> Vec<String> {
    let mut long = Vec::new();
    for (path, text) in sources(dir) {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.trim_start();
            let indent = &line[..line.len() - code.len()];
            let mut rest = code;
            for word in [
                "pub(crate) ",
                "pub(super) ",
                "pub ",
                "const ",
                "async ",
                "unsafe ",
            ] {
                rest = rest.strip_prefix(word).unwrap_or(rest);
            }
            let Some(signature) = rest.strip_prefix("fn ") else {
                continue;
            };
            if code.ends_with(';') || code.ends_with('}') {
                continue;
            }
            let close = format!("{indent}}}");
            let Some(end) = lines[i + 1..].iter().position(|l| *l == close) else {
                continue;
            };
            let length = end + 2;
            if length > most {
                let name: String = signature
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                long.push(format!("{path}:{} {name} ({length} lines)", i + 1));
            }
        }
    }
    long.sort();
    long
}

#[test]
fn the_command_line_is_arguments_and_output_in_short_functions() {
    let long = long_functions(&root().join("src"), 80);
    assert!(
        long.is_empty(),
        "functions of the command line over 80 lines (their work belongs in the library): {long:#?}"
    );
    // The count itself: a function this file knows to be long is found.
    let here = long_functions(&root().join("tests"), 30);
    assert!(
        here.iter().any(|f| f.contains("long_functions")),
        "{here:?}"
    );
}
