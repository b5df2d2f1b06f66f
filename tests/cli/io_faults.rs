//! Faults outside the archive's text: missing, unreadable and truncated inputs, full devices
//! and closed pipes. Each gives one message naming the path and the cause, the documented exit
//! code, and the other inputs are still processed.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::util::{Dir, Run};

const GAME: &str = "[Event \"ok\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n";

#[test]
fn a_missing_file_is_named_and_the_next_file_is_still_validated() {
    let dir = Dir::new("io-missing");
    dir.write("ok.pdn", GAME);
    let run = dir
        .run(&["validate", "missing.pdn", "ok.pdn"])
        .expect_code(2);
    assert!(
        run.stderr
            .contains("pdnkit: missing.pdn: No such file or directory"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("1 game read: 1 clean"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("1 input failed"));
}

#[test]
fn a_folder_without_pdn_files_is_named_and_the_others_are_read() {
    let dir = Dir::new("io-directory");
    dir.write("ok.pdn", GAME);
    std::fs::create_dir(dir.path.join("sub")).unwrap();
    dir.write("sub/notes.txt", "not a game");
    let run = dir.run(&["validate", "sub", "ok.pdn"]).expect_code(0);
    assert!(
        run.stderr
            .contains("pdnkit: sub: warning: no file selected in this folder"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("1 game read: 1 clean"));
}

#[test]
fn a_file_without_read_permission_is_named() {
    let dir = Dir::new("io-permission");
    dir.write("ok.pdn", GAME);
    let secret = dir.write("secret.pdn", GAME);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::set_permissions(&dir.path, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Root reads anything: run as an unprivileged user so the permission applies.
    let mut cmd = if is_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_pdnkit"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_pdnkit"))
    };
    cmd.args(["validate", "secret.pdn", "ok.pdn"])
        .current_dir(&dir.path)
        .stdin(Stdio::null());
    let run = Run::from(cmd.output().unwrap()).expect_code(2);
    assert!(
        run.stderr.contains("pdnkit: secret.pdn: Permission denied"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("1 game read: 1 clean"));
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

#[test]
fn a_truncated_gzip_file_is_named_and_reading_goes_on() {
    let dir = Dir::new("io-gzip");
    dir.write("ok.pdn", GAME);
    // Varied text, so the compressed stream has many blocks and the first half decodes.
    let archive: String = (0..20_000)
        .map(|i| {
            format!(
                "[Round \"{i}\"]\n[Site \"{}\"]\n1. 32-28 19-23 *\n\n",
                i * 7919 % 10007
            )
        })
        .collect();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(archive.as_bytes()).unwrap();
    let bytes = gz.finish().unwrap();
    dir.write("cut.pdn.gz", &bytes[..bytes.len() / 2]);
    let run = dir
        .run(&["validate", "cut.pdn.gz", "ok.pdn"])
        .expect_code(2);
    assert!(
        run.stderr.contains("pdnkit: cut.pdn.gz: "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("1 input failed"));
    // The games before the cut and the next file were read.
    let games: u32 = run
        .stderr
        .lines()
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(games > 1, "{}", run.stderr);
    // The syntax pass, inline or with the plain games found ahead on other threads, stops at
    // the same byte and reads the same games.
    let syntax = |jobs| {
        dir.run(&[
            "-j",
            jobs,
            "validate",
            "--syntax-only",
            "cut.pdn.gz",
            "ok.pdn",
        ])
        .expect_code(2)
        .stderr
    };
    let inline = syntax("1");
    assert!(inline.contains("reading stopped after"), "{inline}");
    assert_eq!(inline, syntax("2"));
}

#[test]
fn a_full_device_fails_with_exit_2_and_a_clear_message() {
    let dir = Dir::new("io-full");
    dir.write("ok.pdn", GAME);
    let out = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let run = Run::from(
        dir.cmd(&["convert", "--to", "pdn", "ok.pdn"])
            .stdout(out)
            .output()
            .unwrap(),
    )
    .expect_code(2);
    assert!(
        run.stderr.contains("No space left on device"),
        "{}",
        run.stderr
    );
    let run = dir
        .run(&["convert", "--to", "pdn", "ok.pdn", "--output", "/dev/full"])
        .expect_code(2);
    assert!(run.stderr.contains("/dev/full"), "{}", run.stderr);
    // The device is written, never replaced by a file.
    let meta = std::fs::metadata("/dev/full").unwrap();
    assert!(!meta.is_file());
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_with_exit_0() {
    let dir = Dir::new("io-pipe");
    dir.write("many.pdn", GAME.repeat(20_000));
    for args in [
        &["convert", "--to", "pdn", "many.pdn"][..],
        &["--format", "json", "validate", "many.pdn"][..],
    ] {
        let mut child = dir
            .cmd(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("Broken pipe"), "{stderr}");
    }
}

#[test]
fn a_failed_run_leaves_no_output_file_behind() {
    let dir = Dir::new("io-atomic");
    dir.write("ok.pdn", GAME);
    // The second input is missing: the run fails (exit 2) but what was read is written whole.
    dir.run(&["convert", "--to", "pdn", "ok.pdn", "--output", "out.pdn"])
        .expect_code(0);
    let before = dir.read("out.pdn");
    // Writing into a directory that does not exist fails before anything is replaced.
    let run = dir
        .run(&[
            "convert",
            "--to",
            "pdn",
            "ok.pdn",
            "--output",
            "nowhere/out.pdn",
        ])
        .expect_code(2);
    assert!(run.stderr.contains("nowhere/out.pdn"), "{}", run.stderr);
    assert_eq!(dir.read("out.pdn"), before);
    assert_no_temporary_file(&dir);
}

#[test]
fn a_write_that_fails_midway_names_the_output_and_keeps_the_old_file() {
    let dir = Dir::new("io-midway");
    dir.write("many.pdn", GAME.repeat(20_000));
    dir.write("out.pdn", "old\n");
    // A file size limit of 16 KiB, with SIGXFSZ ignored: a write past it fails (EFBIG).
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["convert", "--to", "pdn", "many.pdn", "--output", "out.pdn"])
        .current_dir(&dir.path)
        .stdin(Stdio::null());
    let run = Run::from(cmd.output().unwrap()).expect_code(2);
    assert!(
        run.stderr.contains("out.pdn: File too large"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.read("out.pdn"), "old\n");
    assert_no_temporary_file(&dir);
}

#[test]
fn a_closed_stderr_pipe_does_not_crash_the_run() {
    let dir = Dir::new("io-stderr-pipe");
    // Every game has a warning, so validate writes a report to stderr for each.
    let game = "[Event \"junk\"]\n[GameType \"20\"]\n1. 32-28 junk 19-23 *\n";
    dir.write("many.pdn", game.repeat(20_000));
    for _ in 0..3 {
        let mut child = dir
            .cmd(&["validate", "many.pdn"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let mut first = [0u8; 16];
        std::io::Read::read_exact(&mut stderr, &mut first).unwrap();
        drop(stderr);
        let status = child.wait().unwrap();
        // Warnings only: exit 0, as if stderr had been read to the end (a panic exits 101).
        assert_eq!(status.code(), Some(0));
    }
}

/// `--output` writes through a temporary file: none may be left behind after a failure.
fn assert_no_temporary_file(dir: &Dir) {
    let names: Vec<String> = std::fs::read_dir(&dir.path)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp")), "{names:?}");
}
