//! `pdnkit convert --to parquet`: the tables read back with the parquet crate, their types,
//! their rows against `validate --format json`, partitions, the same files for every `--jobs`,
//! and what is refused.

use std::fs::File;
use std::path::Path;

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch, RecordBatchReader};
use arrow_schema::DataType;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use crate::util::Dir;

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/sample/archive.pdn");

/// Every row of a Parquet file, as one batch (these files are small).
fn read(path: &Path) -> RecordBatch {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .with_batch_size(1 << 24)
        .build()
        .unwrap();
    let schema = reader.schema();
    let mut batches: Vec<RecordBatch> = reader.map(Result::unwrap).collect();
    assert!(batches.len() <= 1, "{} batches", batches.len());
    batches
        .pop()
        .unwrap_or_else(|| RecordBatch::new_empty(schema))
}

fn column<'b>(batch: &'b RecordBatch, name: &str) -> &'b dyn Array {
    batch
        .column_by_name(name)
        .unwrap_or_else(|| panic!("no column {name}"))
        .as_ref()
}

fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    column(batch, name)
        .as_string::<i32>()
        .iter()
        .map(|s| s.map(str::to_string))
        .collect()
}

/// `validate --format json` of `path`: one JSON value per game.
fn records(dir: &Dir, path: &str) -> Vec<serde_json::Value> {
    let run = dir.run(&["validate", "--format", "json", "--quiet", path]);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_tables_hold_a_typed_row_per_game_and_per_ply_replayed() {
    let dir = Dir::new("parquet-rows");
    let run = dir
        .run(&["convert", "--to", "parquet", "-o", "out", SAMPLE])
        .expect_code(1); // game 31's result contradicts its moves
    assert!(
        run.stderr
            .contains("pdnkit: 31 games converted; 3197 plies and 2 files in out"),
        "{}",
        run.stderr
    );
    let games = read(&dir.path.join("out/games.parquet"));
    let plies = read(&dir.path.join("out/plies.parquet"));
    let expected = records(&dir, SAMPLE);
    assert_eq!(games.num_rows(), expected.len());
    let replayed: u64 = expected
        .iter()
        .map(|r| r["replayed"].as_u64().unwrap())
        .sum();
    assert_eq!(plies.num_rows() as u64, replayed);

    let types = |batch: &RecordBatch, name: &str| {
        batch
            .schema()
            .field_with_name(name)
            .unwrap()
            .data_type()
            .clone()
    };
    assert_eq!(types(&games, "game"), DataType::Int64);
    assert_eq!(types(&games, "date"), DataType::Date32);
    assert_eq!(types(&games, "plies"), DataType::Int32);
    assert_eq!(types(&games, "key"), DataType::Int64);
    assert!(
        matches!(types(&games, "moves"), DataType::List(f) if *f.data_type() == DataType::Utf8)
    );
    assert!(
        matches!(types(&games, "diagnostics"), DataType::List(f) if matches!(f.data_type(), DataType::Struct(s) if s.len() == 10))
    );
    assert_eq!(types(&plies, "promotion"), DataType::Boolean);

    // Verdicts, final FENs and counts as validate gives them, game by game.
    let status = strings(&games, "status");
    let final_fen = strings(&games, "final_fen");
    let counts = column(&games, "replayed").as_primitive::<Int32Type>();
    for (i, r) in expected.iter().enumerate() {
        assert_eq!(status[i].as_deref(), r["status"].as_str(), "game {}", i + 1);
        assert_eq!(
            final_fen[i].as_deref(),
            r["final_fen"].as_str(),
            "game {}",
            i + 1
        );
        assert_eq!(counts.value(i) as u64, r["replayed"].as_u64().unwrap());
    }
    assert_eq!(
        strings(&games, "first_error")[30].as_deref(),
        Some("result-mismatch")
    );
    // Dates are typed where they name a day, and kept as text.
    let dates = column(&games, "date").as_primitive::<Date32Type>();
    let texts = strings(&games, "date_text");
    for (i, text) in texts.iter().enumerate() {
        let text = text.as_deref().unwrap_or("");
        let parsed = pdnkit::export::parse_date(text);
        assert_eq!(dates.is_valid(i), parsed.is_some(), "{text}");
    }
    assert!(
        dates.iter().flatten().count() > 0,
        "no date parsed: {texts:?}"
    );
    // Each ply row carries its game's key, and the moves list holds every main-line move.
    let keys = column(&games, "key").as_primitive::<Int64Type>();
    let ply_keys = column(&plies, "key").as_primitive::<Int64Type>();
    let ply_games = column(&plies, "game").as_primitive::<Int64Type>();
    for row in 0..plies.num_rows() {
        let game = ply_games.value(row) as usize;
        assert_eq!(ply_keys.value(row), keys.value(game - 1));
    }
    let moves = column(&games, "moves").as_list::<i32>();
    let written = column(&games, "plies").as_primitive::<Int32Type>();
    for i in 0..games.num_rows() {
        assert_eq!(
            moves.value(i).len() as i32,
            written.value(i),
            "game {}",
            i + 1
        );
    }
}

#[test]
fn the_files_are_the_same_for_every_jobs() {
    let dir = Dir::new("parquet-jobs");
    for jobs in ["1", "2", "3"] {
        let out = format!("out{jobs}");
        dir.run(&["convert", "--to", "parquet", "-j", jobs, "-o", &out, SAMPLE])
            .expect_code(1);
    }
    for table in ["games.parquet", "plies.parquet"] {
        let one = std::fs::read(dir.path.join("out1").join(table)).unwrap();
        for jobs in ["2", "3"] {
            let other = std::fs::read(dir.path.join(format!("out{jobs}")).join(table)).unwrap();
            assert!(one == other, "{table} differs with -j {jobs}");
        }
    }
}

const TWO_VARIANTS: &str = "[GameType \"20\"]\n[Date \"2001.02.03\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
    [GameType \"25\"]\n[Date \"1965\"]\n1. c3-d4 f6-g5 *\n\n\
    [GameType \"25\"]\n1. c3-d4 *\n\n\
    [Event \"broken\"]\n1. 32-28 { a { b } c }\n";

#[test]
fn partitions_follow_hive_and_leave_the_partition_column_to_the_directory() {
    let dir = Dir::new("parquet-partitions");
    dir.write("in.pdn", TWO_VARIANTS);
    dir.run(&[
        "convert",
        "--to",
        "parquet",
        "--partition",
        "variant",
        "-o",
        "v",
        "in.pdn",
    ])
    .expect_code(1);
    let part = |p: &str| dir.path.join("v").join(p);
    let intl = read(&part("games/variant=international/part-0.parquet"));
    let russian = read(&part("games/variant=russian/part-0.parquet"));
    let none = read(&part(
        "games/variant=__HIVE_DEFAULT_PARTITION__/part-0.parquet",
    ));
    assert_eq!(
        (intl.num_rows(), russian.num_rows(), none.num_rows()),
        (1, 2, 1)
    );
    assert!(intl.schema().field_with_name("variant").is_err());
    assert_eq!(
        read(&part("plies/variant=international/part-0.parquet")).num_rows(),
        4
    );
    assert_eq!(
        read(&part("plies/variant=russian/part-0.parquet")).num_rows(),
        3
    );
    // The unreadable game has no plies: no file, and no empty directory.
    assert!(!part("plies/variant=__HIVE_DEFAULT_PARTITION__").exists());

    dir.run(&[
        "convert",
        "--to",
        "parquet",
        "--partition",
        "year",
        "-o",
        "y",
        "in.pdn",
    ])
    .expect_code(1);
    let year = |y: &str| read(&dir.path.join(format!("y/games/year={y}/part-0.parquet")));
    assert_eq!(year("2001").num_rows(), 1);
    assert_eq!(year("1965").num_rows(), 1);
    assert_eq!(year("__HIVE_DEFAULT_PARTITION__").num_rows(), 2);
    // By year, the variant stays a column.
    assert_eq!(
        strings(&year("1965"), "variant"),
        [Some("russian".to_string())]
    );
    let no_partial = walk(&dir.path).into_iter().all(|p| !p.contains(".partial"));
    assert!(no_partial, "{:?}", walk(&dir.path));
}

fn walk(path: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(path).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        }
        out.push(p.display().to_string());
    }
    out
}

#[test]
fn what_parquet_out_refuses() {
    let dir = Dir::new("parquet-refusals");
    dir.write("in.pdn", TWO_VARIANTS);
    let run = dir
        .run(&["convert", "--to", "parquet", "in.pdn"])
        .expect_code(2);
    assert!(run.stderr.contains("name it with -o DIR"), "{}", run.stderr);
    let run = dir
        .run(&["convert", "--to", "csv", "--partition", "year", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr
            .contains("--partition and --fen apply to --to parquet only")
    );
    let run = dir
        .run(&["convert", "--to", "parquet", "--moves", "-o", "o", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr.contains("do not apply to --to parquet"),
        "{}",
        run.stderr
    );
    // Tables already there are not replaced.
    dir.write("games.parquet", "mine");
    let run = dir
        .run(&["convert", "--to", "parquet", "-o", ".", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr.contains("games.parquet exists already"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.read("games.parquet"), "mine");
    assert!(!dir.path.join("plies.parquet").exists());
}

#[test]
fn an_empty_input_gives_empty_tables_with_their_columns() {
    let dir = Dir::new("parquet-empty");
    dir.write("empty.pdn", "");
    dir.run(&["convert", "--to", "parquet", "-o", "out", "empty.pdn"])
        .expect_code(0);
    let games = read(&dir.path.join("out/games.parquet"));
    assert_eq!(games.num_rows(), 0);
    assert_eq!(games.schema(), pdnkit::export::games_schema());
    let plies = read(&dir.path.join("out/plies.parquet"));
    assert_eq!(plies.schema(), pdnkit::export::plies_schema(false));
}

#[test]
fn squares_are_numbers_and_fen_gives_back_every_position_of_convert_to_fen() {
    let dir = Dir::new("parquet-fen");
    let real_world = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/real-world");
    let mut inputs = vec![SAMPLE.to_string()];
    let mut names: Vec<String> = std::fs::read_dir(real_world)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".pdn"))
        .collect();
    names.sort();
    inputs.extend(names);
    let args = |extra: &[&'static str]| -> Vec<&str> {
        let mut a: Vec<&str> = extra.to_vec();
        a.extend(inputs.iter().map(String::as_str));
        a
    };
    let run = dir.run(&args(&["convert", "--to", "parquet", "--fen", "-o", "out"]));
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
    let plies = read(&dir.path.join("out/plies.parquet"));
    let every = dir.run(&args(&[
        "convert",
        "--to",
        "fen",
        "--position",
        "every-ply",
    ]));
    // Every position after a ply, as `convert --to fen` writes it (ply 0 is the start).
    let expected: Vec<(String, i64, i32, String)> = every
        .stdout
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].to_string(),
            )
        })
        .filter(|r| r.2 > 0)
        .collect();
    let files = strings(&plies, "file");
    let games = column(&plies, "game").as_primitive::<Int64Type>();
    let ply = column(&plies, "ply").as_primitive::<Int32Type>();
    let fens = strings(&plies, "fen_after");
    let got: Vec<(String, i64, i32, String)> = (0..plies.num_rows())
        .map(|i| {
            (
                files[i].clone().unwrap(),
                games.value(i),
                ply.value(i),
                fens[i].clone().unwrap(),
            )
        })
        .collect();
    assert!(got.len() > 3000, "{}", got.len());
    assert_eq!(got, expected);
    // Without --fen there is no FEN column, and the squares are numbers: the sample's first
    // move is 32-28, its first capture 28x17 takes the man on 22.
    dir.run(&["convert", "--to", "parquet", "-o", "plain", SAMPLE])
        .expect_code(1);
    let plain = read(&dir.path.join("plain/plies.parquet"));
    assert!(plain.column_by_name("fen_after").is_none());
    assert_eq!(plain.schema(), pdnkit::export::plies_schema(false));
    let from = column(&plain, "from").as_primitive::<arrow_array::types::Int16Type>();
    let to = column(&plain, "to").as_primitive::<arrow_array::types::Int16Type>();
    assert_eq!((from.value(0), to.value(0)), (32, 28));
    let moves = strings(&plain, "move");
    let captured = column(&plain, "captured").as_list::<i32>();
    let first_capture = (0..plain.num_rows())
        .find(|&i| !captured.value(i).is_empty())
        .unwrap();
    let taken = captured.value(first_capture);
    let taken = taken.as_primitive::<arrow_array::types::Int16Type>();
    assert_eq!(
        (moves[first_capture].as_deref(), taken.values().to_vec()),
        (Some("28x17"), vec![22])
    );
    // The masks of the start's first move: white men on 28, 31 and 33-50.
    let white_men = column(&plain, "white_men").as_primitive::<Int64Type>();
    let expected_men: i64 = [28, 31]
        .into_iter()
        .chain(33..=50)
        .map(|n| 1i64 << (n - 1))
        .sum();
    assert_eq!(white_men.value(0), expected_men);
    assert_eq!(strings(&plain, "side_to_move")[0].as_deref(), Some("black"));
}
