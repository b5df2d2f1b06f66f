//! Compressed inputs: bzip2, xz and zstd read as the plain file would be, whatever their names;
//! formats pdnkit does not read are named and the other files are still read; a truncated
//! stream gives its games before the cut and exit 2.

use std::io::Write;
use std::process::Stdio;

use crate::util::{Dir, Run};

/// Two clean games and one with an illegal move, so the report has findings to compare.
const ARCHIVE: &str = "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n\
                       [Event \"b\"]\n[GameType \"20\"]\n1. 33-29 18-22 *\n\n\
                       [Event \"c\"]\n[GameType \"20\"]\n1. 32-28 11-15 *\n";

const GAME: &str = "[Event \"ok\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n";

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn xz(data: &[u8]) -> Vec<u8> {
    let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::encode_all(data, 1).unwrap()
}

/// Compresses a whole archive.
type Compress = fn(&[u8]) -> Vec<u8>;

/// Each format read here, with the file suffix its tool gives.
const FORMATS: [(&str, Compress); 3] = [("bz2", bzip2), ("xz", xz), ("zst", zstd)];

/// Both streams of a run with `name` written as `plain.pdn`, for comparing with the plain run.
fn as_plain(run: &Run, name: &str) -> (String, String) {
    (
        run.stdout.replace(name, "plain.pdn"),
        run.stderr.replace(name, "plain.pdn"),
    )
}

#[test]
fn validate_reports_a_compressed_file_as_the_plain_file() {
    let dir = Dir::new("compressed-same");
    dir.write("plain.pdn", ARCHIVE);
    let plain = dir.run(&["validate", "plain.pdn"]).expect_code(1);
    assert!(
        plain.stderr.contains("3 games read: 2 clean"),
        "{}",
        plain.stderr
    );
    for (suffix, compress) in FORMATS {
        let name = format!("games.pdn.{suffix}");
        dir.write(&name, compress(ARCHIVE.as_bytes()));
        let run = dir.run(&["validate", &name]).expect_code(1);
        assert_eq!(
            as_plain(&run, &name),
            (plain.stdout.clone(), plain.stderr.clone()),
            "{suffix}"
        );
        // The content decides, not the name.
        let renamed = format!("{suffix}-inside.pdn");
        dir.write(&renamed, compress(ARCHIVE.as_bytes()));
        let run = dir.run(&["validate", &renamed]).expect_code(1);
        assert_eq!(as_plain(&run, &renamed).1, plain.stderr, "{suffix}");
    }
}

#[test]
fn concatenated_streams_are_all_read() {
    let dir = Dir::new("compressed-concat");
    for (suffix, compress) in FORMATS {
        let name = format!("two.pdn.{suffix}");
        let bytes = [compress(ARCHIVE.as_bytes()), compress(GAME.as_bytes())].concat();
        dir.write(&name, bytes);
        let run = dir.run(&["validate", &name]).expect_code(1);
        assert!(
            run.stderr.contains("4 games read: 3 clean"),
            "{suffix}: {}",
            run.stderr
        );
    }
}

#[test]
fn standard_input_is_decompressed_too() {
    let dir = Dir::new("compressed-stdin");
    dir.write("plain.pdn", ARCHIVE);
    let plain = dir.run(&["stats", "plain.pdn"]).expect_code(1);
    for (suffix, compress) in FORMATS {
        let path = dir.write(&format!("in.{suffix}"), compress(ARCHIVE.as_bytes()));
        let mut cmd = dir.cmd(&["stats", "-"]);
        cmd.stdin(Stdio::from(std::fs::File::open(path).unwrap()));
        let run = Run::from(cmd.output().unwrap()).expect_code(1);
        assert_eq!(run.stdout, plain.stdout, "{suffix}");
        assert!(run.stdout.starts_with("games: 3 "), "{}", run.stdout);
    }
}

#[test]
fn a_damaged_zip_archive_is_named_and_the_other_files_are_still_read() {
    let dir = Dir::new("compressed-zip");
    // The start of a zip archive's first entry (its magic bytes and a stored `g.pdn`), and no
    // directory of its files: a zip archive cut short.
    let mut zip = b"PK\x03\x04\x0a\x00\x00\x00\x00\x00".to_vec();
    zip.extend([0; 16]);
    zip.extend(b"\x05\x00\x00\x00g.pdn");
    zip.extend(GAME.as_bytes());
    dir.write("games.zip", &zip);
    dir.write("ok.pdn.xz", xz(GAME.as_bytes()));
    for subcommand in ["validate", "stats", "captures"] {
        let run = dir
            .run(&[subcommand, "games.zip", "ok.pdn.xz"])
            .expect_code(2);
        assert!(
            run.stderr
                .contains("pdnkit: games.zip: damaged zip archive: invalid Zip archive"),
            "{subcommand}: {}",
            run.stderr
        );
        assert!(run.stderr.contains("1 input failed"), "{}", run.stderr);
    }
    let run = dir
        .run(&["validate", "games.zip", "ok.pdn.xz"])
        .expect_code(2);
    assert!(
        run.stderr.contains("1 game read: 1 clean"),
        "{}",
        run.stderr
    );
}

#[test]
fn other_compressors_are_named_with_what_pdnkit_reads() {
    let dir = Dir::new("compressed-other");
    dir.write("a.pdn.lz4", b"\x04\x22\x4d\x18\x64\x40\xa7");
    dir.write("a.pdn.Z", b"\x1f\x9d\x90[Event");
    dir.write("ok.pdn", GAME);
    let run = dir
        .run(&["validate", "a.pdn.lz4", "a.pdn.Z", "ok.pdn"])
        .expect_code(2);
    for expected in [
        "pdnkit: a.pdn.lz4: lz4-compressed, which pdnkit does not read (decompress it first; \
         pdnkit reads gzip, bzip2, xz and zstd)",
        "pdnkit: a.pdn.Z: compressed with Unix compress (.Z), which pdnkit does not read",
        "2 inputs failed",
        "1 game read: 1 clean",
    ] {
        assert!(run.stderr.contains(expected), "{expected}\n{}", run.stderr);
    }
}

/// An archive long enough for several bzip2 blocks, each game different so that the
/// compressed stream has whole blocks before a cut in the middle.
fn long_archive() -> String {
    (0..20_000)
        .map(|i| {
            format!(
                "[Round \"{i}\"]\n[Site \"{}\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n",
                i * 7919 % 10007
            )
        })
        .collect()
}

/// The number of games read, from the summary `pdnkit: N games read: ...`.
fn games_read(stderr: &str) -> u32 {
    stderr
        .lines()
        .last()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary: {stderr}"))
}

#[test]
fn a_truncated_stream_gives_the_games_before_the_cut_and_exit_2() {
    let dir = Dir::new("compressed-cut");
    dir.write("ok.pdn", GAME);
    let archive = long_archive();
    for (suffix, compress) in FORMATS {
        let bytes = compress(archive.as_bytes());
        let name = format!("cut.pdn.{suffix}");
        dir.write(&name, &bytes[..bytes.len() / 2]);
        let run = dir
            .run(&["validate", "--syntax-only", &name, "ok.pdn"])
            .expect_code(2);
        assert!(
            run.stderr.contains(&format!("pdnkit: {name}: ")),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.contains("the file looks truncated"),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.contains("reading stopped after"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("1 input failed"), "{}", run.stderr);
        // The games before the cut and the game of the next file.
        let read = games_read(&run.stderr);
        assert!(read > 100 && read < 20_000, "{suffix}: {read}");
        // With the plain games found ahead on another thread, the same games and message.
        let ahead = dir
            .run(&["-j", "2", "validate", "--syntax-only", &name, "ok.pdn"])
            .expect_code(2);
        assert_eq!(ahead.stderr, run.stderr, "{suffix}");
    }
    // The full pass reads the same games as the syntax pass.
    let run = dir
        .run(&["validate", "cut.pdn.bz2", "ok.pdn"])
        .expect_code(2);
    assert!(
        run.stderr
            .contains("pdnkit: cut.pdn.bz2: bzip2 data cut short, the file looks truncated"),
        "{}",
        run.stderr
    );
    assert!(games_read(&run.stderr) > 100);
}
