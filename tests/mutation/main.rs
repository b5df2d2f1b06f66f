//! Mutation testing: every fixture and corpus file, mutated at random (byte flips, deletions,
//! truncation, unbalanced brackets, huge numbers, 100k-deep nesting, invalid UTF-8, NUL bytes,
//! very long lines and tags...), goes through the reader, the replayer and every writer, and
//! must keep the invariants of [`check`]: no panic, no hang, no game lost, every diagnostic
//! inside the input.
//!
//! * `cargo test --test mutation` runs a bounded run (a few seconds), the hostile shapes and
//!   the kept regressions of `fixtures/mutation/`;
//! * `PDNKIT_MUTATION_ITERATIONS=200000 cargo test --release --test mutation -- --nocapture`
//!   is the long run; `PDNKIT_MUTATION_SEED=<n>` (or `random`) picks the seed,
//!   `PDNKIT_MUTATION_ONLY=<i>` replays iteration `i` alone (the slowest is named in the
//!   summary) and writes its input to the temporary directory, `PDNKIT_MUTATION_WINDOW=<bytes>`
//!   sets how much of a large file one iteration takes.
//!
//! Each input runs on a worker thread with the 2 MiB stack of the CLI's worker threads; the
//! driver waits for it with a timeout. A failing input is saved under `fixtures/mutation/`
//! (the seed, the iteration and the path are printed) and is then checked by every run.

mod check;
mod hostile;
mod mutate;
#[path = "../pdn_support/mod.rs"]
mod pdn_support;
mod rng;

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use draughts::Variant;
use pdnkit::ReplayOptions;

use check::{CheckOptions, Summary, check};
use mutate::{KINDS, Scale};
use rng::Rng;

/// Stack of the worker threads: what `std::thread` gives the CLI's pipeline workers.
const WORKER_STACK: usize = 2 << 20;

/// The time one input may take: generous, since the machine is shared and tests may run in
/// debug builds; quadratic behaviour or a hang overshoots it by orders of magnitude.
fn time_limit(len: usize) -> Duration {
    let scale = if cfg!(debug_assertions) { 10 } else { 1 };
    Duration::from_secs(10 * scale) + Duration::from_micros(4 * scale * len as u64)
}

/// One input to check, and where the result goes.
struct Job {
    input: Vec<u8>,
    options: CheckOptions,
}

type Answer = (Result<Result<Summary, String>, String>, Duration);

/// A thread that checks inputs, so that a hang can be detected and a panic caught.
struct Worker {
    jobs: Sender<Job>,
    answers: Receiver<Answer>,
}

impl Worker {
    fn new() -> Worker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (answer_tx, answers) = mpsc::channel();
        thread::Builder::new()
            .name("mutation-worker".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                for job in job_rx {
                    let start = Instant::now();
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        check(&job.input, &job.options)
                    }))
                    .map_err(|p| panic_message(&p));
                    if answer_tx.send((result, start.elapsed())).is_err() {
                        return;
                    }
                }
            })
            .expect("spawn worker");
        Worker { jobs, answers }
    }

    /// Checks `input`: its summary, or what went wrong.
    fn run(&self, input: &[u8], options: &CheckOptions) -> Result<(Summary, Duration), Failure> {
        let limit = time_limit(input.len());
        self.jobs
            .send(Job {
                input: input.to_vec(),
                options: options.clone(),
            })
            .expect("worker alive");
        match self.answers.recv_timeout(limit) {
            Ok((Ok(Ok(summary)), took)) if took <= limit => Ok((summary, took)),
            Ok((Ok(Ok(_)), took)) => Err(Failure::Slow(took)),
            Ok((Ok(Err(violation)), _)) => Err(Failure::Violation(violation)),
            Ok((Err(panic), _)) => Err(Failure::Panic(panic)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Hang(limit)),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Panic("worker died".into())),
        }
    }
}

fn panic_message(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

#[derive(Debug)]
enum Failure {
    Panic(String),
    Hang(Duration),
    Slow(Duration),
    Violation(String),
}

impl Failure {
    fn kind(&self) -> &'static str {
        match self {
            Failure::Panic(_) => "panic",
            Failure::Hang(_) => "hang",
            Failure::Slow(_) => "slow",
            Failure::Violation(_) => "violation",
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Panic(m) => write!(f, "panic: {m}"),
            Failure::Hang(l) => write!(f, "no answer within {l:?}"),
            Failure::Slow(t) => write!(f, "took {t:?}, above the limit"),
            Failure::Violation(m) => write!(f, "invariant violated: {}", clip(m, 4000)),
        }
    }
}

fn clip(s: &str, n: usize) -> String {
    if s.len() <= n {
        return s.to_string();
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &s[..end], s.len())
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn regression_dir() -> PathBuf {
    manifest().join("fixtures/mutation")
}

/// Saves a failing input for regression and returns its path.
fn save(name: &str, input: &[u8]) -> PathBuf {
    let dir = regression_dir();
    std::fs::create_dir_all(&dir).expect("create fixtures/mutation");
    let path = dir.join(name);
    std::fs::write(&path, input).expect("save failing input");
    path
}

/// Every `.pdn` file under `dir`, recursively, sorted.
fn pdn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.expect("dir entry").path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pdn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pdn") {
            out.push(p);
        }
    }
}

/// The inputs mutations start from: fixtures (not the kept failures, so that saving one does
/// not change what a seed reproduces), then the corpus if present.
fn seed_inputs() -> Vec<(String, Vec<u8>)> {
    let mut paths = Vec::new();
    pdn_files(&manifest().join("fixtures"), &mut paths);
    paths.retain(|p| !p.starts_with(regression_dir()));
    if let Some(dir) = pdn_support::corpus_dir() {
        pdn_files(&dir, &mut paths);
    }
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).expect("read seed input");
            (p.display().to_string(), bytes)
        })
        .collect()
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    if v == "random" {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock")
            .as_nanos();
        return Some(t as u64);
    }
    Some(
        v.parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number")),
    )
}

const VARIANTS: [Variant; 10] = [
    Variant::International,
    Variant::Russian,
    Variant::English,
    Variant::Frisian,
    Variant::Italian,
    Variant::Turkish,
    Variant::Thai,
    Variant::Canadian,
    Variant::Spantsiretti,
    Variant::Pool,
];

/// Random options: mostly the defaults, sometimes a forced variant, main line only, strict,
/// a tiny maximum game size, or tiny reads.
fn random_options(rng: &mut Rng, len: usize) -> CheckOptions {
    let mut o = CheckOptions {
        replay: ReplayOptions::default(),
        ..CheckOptions::default()
    };
    if rng.one_in(4) {
        o.replay.variant = Some(*rng.pick(&VARIANTS));
    }
    o.replay.mainline_only = rng.one_in(10);
    o.replay.strict = rng.one_in(10);
    if rng.one_in(10) {
        o.max_game_size = Some(rng.range(16, 4096));
    }
    if rng.one_in(8) {
        o.read_capacity = Some(if len < 1 << 16 {
            rng.range(1, 64)
        } else {
            rng.range(1024, 1 << 16)
        });
    }
    o.group_by = match rng.below(6) {
        0 => Some("year".into()),
        1 => Some("variant".into()),
        2 => Some("Event".into()),
        _ => None,
    };
    o
}

/// A window of `input` of at most `max` bytes, starting at a random line.
fn window(input: &[u8], rng: &mut Rng, max: usize) -> Vec<u8> {
    if input.len() <= max {
        return input.to_vec();
    }
    let mut start = rng.below(input.len() - max);
    if let Some(nl) = input[start..].iter().position(|&b| b == b'\n') {
        start = (start + nl + 1).min(input.len());
    }
    let end = (start + max).min(input.len());
    input[start..end].to_vec()
}

/// Counts of a run, for the closing report.
#[derive(Default, Debug)]
struct Tally {
    inputs: u64,
    bytes: u64,
    summary: Summary,
    slowest: Duration,
    slowest_len: usize,
    slowest_iteration: u64,
    by_kind: Vec<u64>,
}

impl Tally {
    fn add(&mut self, iteration: u64, len: usize, s: &Summary, took: Duration) {
        self.inputs += 1;
        self.bytes += len as u64;
        self.summary.add(s);
        if took > self.slowest {
            self.slowest = took;
            self.slowest_len = len;
            self.slowest_iteration = iteration;
        }
    }
}

#[test]
fn random_mutations_keep_every_invariant() {
    let iterations = env_u64("PDNKIT_MUTATION_ITERATIONS").unwrap_or(40);
    let seed = env_u64("PDNKIT_MUTATION_SEED").unwrap_or(0x5EED_F9D4);
    let only = env_u64("PDNKIT_MUTATION_ONLY");
    let max_window = env_u64("PDNKIT_MUTATION_WINDOW").unwrap_or(8192) as usize;
    let huge = env_u64("PDNKIT_MUTATION_HUGE").unwrap_or(100_000) as usize;
    let scale = Scale { huge };
    let seeds = seed_inputs();
    assert!(!seeds.is_empty(), "no fixtures found");
    let others: Vec<Vec<u8>> = seeds
        .iter()
        .map(|(_, b)| window(b, &mut Rng::new(1), 4096))
        .collect();
    eprintln!(
        "mutation: seed {seed}, {iterations} iterations over {} inputs; one iteration alone: \
         PDNKIT_MUTATION_SEED={seed} PDNKIT_MUTATION_ONLY=<i>",
        seeds.len()
    );
    let worker = Worker::new();
    let mut tally = Tally {
        by_kind: vec![0; KINDS.len()],
        ..Tally::default()
    };
    let mut failures: Vec<Failure> = Vec::new();
    let started = Instant::now();
    let range = match only {
        Some(i) => i..i + 1,
        None => 0..iterations,
    };
    for i in range {
        let mut rng = Rng::for_iteration(seed, i);
        let (name, original) = rng.pick(&seeds);
        let mut input = window(original, &mut rng, max_window);
        let mutations = 1 + rng.below(4);
        for _ in 0..mutations {
            let kind = if rng.one_in(12) {
                rng.range(8, KINDS.len() - 1)
            } else {
                rng.below(8)
            };
            tally.by_kind[kind] += 1;
            mutate::apply(kind, &mut input, &mut rng, &others, scale);
        }
        let options = random_options(&mut rng, input.len());
        if only.is_some() {
            // One iteration alone is for a look at its input.
            let path = std::env::temp_dir().join(format!("pdnkit-mutation-{seed:x}-{i}.pdn"));
            std::fs::write(&path, &input).expect("write the input");
            eprintln!(
                "mutation: input of iteration {i} ({options:?}) in {}",
                path.display()
            );
        }
        match worker.run(&input, &options) {
            Ok((summary, took)) => tally.add(i, input.len(), &summary, took),
            Err(failure) => {
                let file = format!("{}-{seed:x}-{i}.pdn", failure.kind());
                let path = save(&file, &input);
                eprintln!(
                    "mutation: iteration {i} (seed {seed}, from {name}, options {options:?}) \
                     failed: {failure}\n  input saved as {}",
                    path.display()
                );
                let fatal = matches!(failure, Failure::Hang(_));
                failures.push(failure);
                if fatal || failures.len() >= 5 {
                    break;
                }
            }
        }
        if i % 10_000 == 9_999 {
            eprintln!(
                "mutation: {} inputs, {} games, {:?}",
                tally.inputs,
                tally.summary.games,
                started.elapsed()
            );
        }
    }
    let kinds: Vec<String> = KINDS
        .iter()
        .zip(&tally.by_kind)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    eprintln!(
        "mutation: seed {seed}: {} inputs ({} MB), {} games ({} clean, {} with warnings, {} \
         invalid, {} unreadable; {} plain, {} passed by), {} diagnostics checked; failures: {} panics, {} hangs, {} slow, \
         {} violations; slowest {:?} for {} bytes (iteration {}); {:?} in all\n  mutations: {}",
        tally.inputs,
        tally.bytes / 1_000_000,
        tally.summary.games,
        tally.summary.clean,
        tally.summary.warnings,
        tally.summary.invalid,
        tally.summary.unreadable,
        tally.summary.plain,
        tally.summary.passed,
        tally.summary.diagnostics,
        count(&failures, "panic"),
        count(&failures, "hang"),
        count(&failures, "slow"),
        count(&failures, "violation"),
        tally.slowest,
        tally.slowest_len,
        tally.slowest_iteration,
        started.elapsed(),
        kinds.join(", ")
    );
    assert!(
        failures.is_empty(),
        "{} inputs failed (see above)",
        failures.len()
    );
}

fn count(failures: &[Failure], kind: &str) -> usize {
    failures.iter().filter(|f| f.kind() == kind).count()
}

/// Option sets every kept regression and hostile input is checked under.
fn option_sets() -> Vec<CheckOptions> {
    let mut sets = vec![CheckOptions::default()];
    for v in [
        Variant::International,
        Variant::Russian,
        Variant::English,
        Variant::Frisian,
    ] {
        let mut o = CheckOptions::default();
        o.replay.variant = Some(v);
        sets.push(o);
    }
    let mut o = CheckOptions::default();
    o.replay.strict = true;
    o.read_capacity = Some(4096);
    o.max_game_size = Some(64 << 10);
    sets.push(o);
    // Tiny reads and a tiny maximum game size: the oversize paths.
    let mut o = CheckOptions::default();
    o.replay.mainline_only = true;
    o.read_capacity = Some(7);
    o.max_game_size = Some(300);
    sets.push(o);
    // Reads of one byte and a maximum below most games (the fuzzer's smallest).
    sets.push(CheckOptions {
        read_capacity: Some(1),
        max_game_size: Some(68),
        ..CheckOptions::default()
    });
    sets
}

fn check_all(name: &str, input: &[u8], sets: &[CheckOptions]) -> Vec<String> {
    let worker = Worker::new();
    let mut failed = Vec::new();
    for options in sets {
        if let Err(failure) = worker.run(input, options) {
            failed.push(format!("{name} with {options:?}: {failure}"));
            if matches!(failure, Failure::Hang(_)) {
                break;
            }
        }
    }
    failed
}

#[test]
fn kept_regressions_stay_fixed() {
    let mut paths = Vec::new();
    pdn_files(&regression_dir(), &mut paths);
    let sets = option_sets();
    let mut failed = Vec::new();
    for p in &paths {
        let input = std::fs::read(p).expect("read regression");
        failed.extend(check_all(&p.display().to_string(), &input, &sets));
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The hostile shapes: nesting, long lines and tags at 100k; the shapes that cost per unit at
/// 100k in release builds, 2k in debug builds (`PDNKIT_MUTATION_HUGE` sets both).
fn hostile_shapes() -> Vec<hostile::Shape> {
    let huge = env_u64("PDNKIT_MUTATION_HUGE").map(|n| n as usize);
    let volume = if cfg!(debug_assertions) {
        5_000
    } else {
        100_000
    };
    hostile::shapes(huge.unwrap_or(100_000), huge.unwrap_or(volume))
}

#[test]
fn hostile_shapes_are_read_in_bounded_time_and_nothing_is_lost() {
    let shapes = hostile_shapes();
    let worker = Worker::new();
    let mut failed = Vec::new();
    for s in &shapes {
        let options = CheckOptions {
            read_capacity: s.read_capacity,
            ..CheckOptions::default()
        };
        match worker.run(&s.bytes, &options) {
            Ok((summary, took)) => {
                if std::env::var_os("PDNKIT_MUTATION_VERBOSE").is_some() {
                    eprintln!("{}: {} bytes, {summary:?}, {took:?}", s.name, s.bytes.len());
                }
                // Reading goes on after the hostile part: the good game at the end is read.
                if summary.games < s.min_games as u64 {
                    failed.push(format!(
                        "{}: {} games read, at least {} expected",
                        s.name, summary.games, s.min_games
                    ));
                }
            }
            Err(failure) => {
                let path = save(&format!("{}-{}.pdn", failure.kind(), s.name), &s.bytes);
                failed.push(format!(
                    "{}: {failure} (saved as {})",
                    s.name,
                    path.display()
                ));
                if matches!(failure, Failure::Hang(_)) {
                    break;
                }
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_executable_survives_hostile_shapes_on_its_worker_threads() {
    let dir = std::env::temp_dir().join(format!("pdnkit-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut failed = Vec::new();
    for s in hostile_shapes().into_iter().filter(|s| s.cli) {
        let path = dir.join(format!("{}.pdn", s.name));
        std::fs::write(&path, &s.bytes).expect("write input");
        let games = pdn::Splitter::new(&s.bytes[..]).count();
        // The text report too: it shows every finding with an excerpt of its line, and a line
        // of `long-junk-line` holds 100,000 findings.
        let runs: [&[&str]; 4] = [
            &["validate"],
            &["validate", "--format", "json"],
            &["convert", "--to", "json"],
            &["stats"],
        ];
        for args in runs {
            if let Err(e) = run_cli(args, &path, games, time_limit(s.bytes.len())) {
                failed.push(format!("{} {}: {e}", args.join(" "), s.name));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Runs `pdnkit ARGS --jobs 2 PATH`: exit code 0 or 1, the stderr summary counts `games`,
/// JSON Lines output has a line per game.
fn run_cli(args: &[&str], path: &Path, games: usize, limit: Duration) -> Result<(), String> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .args(["--jobs", "2"])
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    // Read the pipes on threads so a large output cannot block the child.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut v).map(|_| v)
    });
    let err = thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut v).map(|_| v)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            return Err(format!("no exit within {limit:?}"));
        }
        thread::sleep(Duration::from_millis(20));
    };
    let stdout = out.join().expect("reader").map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&err.join().expect("reader").map_err(|e| e.to_string())?)
        .into_owned();
    let code = status.code();
    if !matches!(code, Some(0 | 1)) || stderr.contains("panicked") {
        return Err(format!("exit {code:?}: {}", clip(&stderr, 2000)));
    }
    let noun = if games == 1 { "game" } else { "games" };
    if !stderr.contains(&format!("{games} {noun} read")) {
        return Err(format!(
            "stderr does not count {games} games: {}",
            clip(&stderr, 2000)
        ));
    }
    if args.contains(&"json") {
        let lines = stdout.iter().filter(|&&b| b == b'\n').count();
        if lines != games {
            return Err(format!("{lines} JSON lines for {games} games"));
        }
    }
    Ok(())
}
