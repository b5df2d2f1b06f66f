//! docs/desk.md, run: every `$` line of its console blocks runs in a folder holding the
//! repository's `fixtures/`, with its exit code (`# exits N`, else 0) and the lines shown under
//! it (but `...`) found in what it printed.

use std::path::Path;

use crate::util::Dir;

/// One command of the page: the shell line, the exit code, the lines it must print.
struct Step {
    command: String,
    code: i32,
    shows: Vec<String>,
}

fn steps(page: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut in_console = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, code) = match command.rsplit_once("# exits ") {
                Some((c, n)) => (c.trim_end(), n.trim().parse().unwrap()),
                None => (command, 0),
            };
            steps.push(Step {
                command: command.to_string(),
                code,
                shows: Vec::new(),
            });
        } else if line.trim() != "..." {
            steps
                .last_mut()
                .expect("output after a command")
                .shows
                .push(line.to_string());
        }
    }
    steps
}

#[test]
fn the_keepers_workflow_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/desk.md")).unwrap();
    let steps = steps(&page);
    assert!(steps.len() >= 8, "the page shows the workflow's commands");
    let dir = Dir::new("desk-doc");
    std::os::unix::fs::symlink(root.join("fixtures"), dir.path.join("fixtures")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_pdnkit")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for step in &steps {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&step.command)
            .current_dir(&dir.path)
            .env("PATH", &path)
            .output()
            .unwrap();
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            out.status.code(),
            Some(step.code),
            "{}\n{printed}",
            step.command
        );
        for line in &step.shows {
            assert!(
                printed.contains(line.as_str()),
                "{}: no {line:?} in\n{printed}",
                step.command
            );
        }
    }
}
