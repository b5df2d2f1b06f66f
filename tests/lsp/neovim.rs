//! A real editor: Neovim, headless, with its own LSP client, opens a faulty file, waits for
//! the diagnostics, applies the quick fix of a move that cannot be played and writes the buffer
//! (`quickfix.lua`); the buffer must then be what `pdnkit fix` writes. Without Neovim the
//! test says it is skipped, and fails where `PDNKIT_NO_SKIP=1` or `CI` is set (`.ci/run`
//! installs it).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn neovim() -> Option<&'static str> {
    let found = Command::new("nvim").arg("--version").output();
    if found.is_ok_and(|o| o.status.success()) {
        return Some("nvim");
    }
    super::skip::skipped("Neovim (nvim) on PATH", "apt-get install neovim");
    None
}

#[test]
fn neovim_applies_the_quick_fix_of_a_move_that_cannot_be_played() {
    let Some(nvim) = neovim() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let slips = std::fs::read_to_string(root.join("fixtures/repair/slips.pdn")).unwrap();
    // The first game: one slip, whose repair is confirmed.
    let game = slips.split("\n\n[Event").next().unwrap().to_string() + "\n";
    let dir = std::env::temp_dir().join(format!("pdnkit-lsp-nvim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("faulty.pdn");
    let out = dir.join("fixed.pdn");
    std::fs::write(&file, &game).unwrap();

    let mut child = Command::new(nvim)
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!(
            "luafile {}",
            root.join("tests/lsp/quickfix.lua").display()
        ))
        .env("PDNKIT", env!("CARGO_BIN_EXE_pdnkit"))
        .env("PDN_FILE", &file)
        .env("PDN_OUT", &out)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("Neovim did not finish in two minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let result = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "Neovim failed: {stderr}");

    let buffer = std::fs::read_to_string(&out).unwrap();
    let fixed = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["fix", "-q"])
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_ne!(buffer, game, "the buffer was not changed");
    assert_eq!(buffer, String::from_utf8(fixed.stdout).unwrap());
}
