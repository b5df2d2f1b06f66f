//! `pdnkit split`: cut archives into files of N games, one file per tag value, or N shards
//! by a stable hash of each game's moves. Every game is written as it was in its file (see
//! `games_out` for the two exceptions that keep each file read as the whole was); a manifest
//! says where each came from, so results computed shard by shard can be put back in input
//! order.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use pdnkit::archive::{ArchiveGame, Counted};
use pdnkit::dedupe::{move_keys, text_key};
use pdnkit::filter::PartialDate;
use pdnkit::{ReplayOptions, check_game};

use super::games_out::{GamesOut, not_written, transcoded_note};
use super::input;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, Status};

/// Arguments of `pdnkit split`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("how").required(true).args(["games", "by", "shards"])))]
pub struct SplitArgs {
    /// The directory to write into (created when missing; it must hold no file yet, unless
    /// --force).
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// N games per file: part-0001.pdn, part-0002.pdn, ...
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// One file per value: `variant` (the rules the game was played under), `year` (of the
    /// Date tag), or a tag's name (`Event`, `White`, ...). Games without one go to
    /// `unknown.pdn`.
    #[arg(long, value_name = "TAG|variant|year")]
    pub by: Option<String>,
    /// N shards by a stable hash of each game's moves (variant, start and main line): copies of
    /// a game land in the same shard, and a game lands in the same shard on every run.
    #[arg(long, value_name = "N")]
    pub shards: Option<u32>,
    /// Write into a directory that already holds files (those split writes are replaced).
    #[arg(long)]
    pub force: bool,
    /// Play every game under these rules (default: the GameType or Variant tag, else the one
    /// decided for its file). See `pdnkit variants`.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// PDN files to read (`-` is standard input; compressed files are decompressed). Default:
    /// stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The manifest's name in the output directory.
pub const MANIFEST: &str = "manifest.csv";

/// Most output files open at once; past it, files are closed and reopened to append.
const MAX_OPEN: usize = 64;

/// How games are sent to files.
enum Rule {
    Games(u64),
    Variant,
    Year,
    Tag(String),
    Shards(u32),
}

/// The output files: named as they are first used, opened on demand.
struct Files {
    dir: PathBuf,
    /// The file of each value.
    names: HashMap<String, String>,
    used: HashSet<String>,
    open: HashMap<String, BufWriter<File>>,
    /// Games written to each file so far.
    counts: HashMap<String, u64>,
}

impl Files {
    fn new(dir: PathBuf) -> Files {
        let mut used = HashSet::new();
        used.insert(MANIFEST.to_string());
        Files {
            dir,
            names: HashMap::new(),
            used,
            open: HashMap::new(),
            counts: HashMap::new(),
        }
    }

    /// The file for `value`: the value made a file name (letters, digits, `-`, `_` and `.`
    /// kept, anything else `_`), numbered when two values give the same name.
    fn name_of(&mut self, value: &str) -> String {
        if let Some(name) = self.names.get(value) {
            return name.clone();
        }
        let mut stem: String = value
            .trim()
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        stem = stem.trim_matches('.').chars().take(100).collect();
        if stem.is_empty() {
            stem = "unknown".into();
        }
        let mut name = format!("{stem}.pdn");
        let mut n = 2;
        while !self.used.insert(name.to_lowercase()) {
            name = format!("{stem}-{n}.pdn");
            n += 1;
        }
        self.names.insert(value.to_string(), name.clone());
        name
    }

    /// Writes one game to `name`; returns its number in that file.
    fn write(&mut self, name: &str, text: &[u8]) -> io::Result<u64> {
        let count = self.counts.entry(name.to_string()).or_insert(0);
        if !self.open.contains_key(name) {
            if self.open.len() >= MAX_OPEN {
                for (_, mut w) in self.open.drain() {
                    w.flush()?;
                }
            }
            let path = self.dir.join(name);
            let file = if *count == 0 {
                File::create(&path)
            } else {
                OpenOptions::new().append(true).open(&path)
            }
            .map_err(|e| named(&path, e))?;
            self.open.insert(name.to_string(), BufWriter::new(file));
        }
        let w = self.open.get_mut(name).expect("opened above");
        if *count > 0 {
            w.write_all(b"\n")?;
        }
        w.write_all(text)?;
        if !text.ends_with(b"\n") {
            w.write_all(b"\n")?;
        }
        *count += 1;
        Ok(*count)
    }

    fn finish(mut self) -> io::Result<usize> {
        for (_, mut w) in self.open.drain() {
            w.flush()?;
        }
        Ok(self.counts.len())
    }
}

fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// What one game gave: the file it goes to and its text, or a message.
struct Placed {
    to: Option<(String, Vec<u8>)>,
    /// The encoding the game was read in, when its text was written in UTF-8.
    transcoded: Option<&'static str>,
    source: (Arc<str>, u64),
    message: String,
    counts: Counts,
}

impl Counted for Placed {
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// Runs `pdnkit split`.
pub fn run(args: SplitArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("split", "files of games", None)?;
    let rule = rule(&args)?;
    let variant = super::variant_named(args.variant.as_deref())?;
    prepare(&args.output, args.force)?;
    // Variations replayed too: the games are counted as every command counts them.
    let options = ReplayOptions {
        variant,
        ..ReplayOptions::default()
    };
    let files = input::default_stdin(args.files);
    let archive = input::archive(&files, global, options);
    let reporter = Reporter::new(global, &files);
    let mut out = Shards::create(&args.output, &rule)?;
    let width = out.width;
    let ran = archive.run(
        &reporter,
        || (),
        |_, game| place(&game, &rule, width),
        |placed| {
            let Some(p) = reporter.game(placed) else {
                return ControlFlow::Continue(());
            };
            reporter.message(&p.message);
            match out.write(p, &reporter) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        },
    );
    let ran = ran.map_err(|e| anyhow::Error::new(e).context("writing the split files"))?;
    let (seen, count) = out.finish()?;
    if !global.quiet {
        reporter.message(&format!(
            "pdnkit: {} written to {} in {}",
            plural(seen, "game"),
            plural(count as u64, "file"),
            args.output.display()
        ));
    }
    let mut status = reporter.finish(ran.counts);
    status.findings = false;
    Ok(status)
}

/// How the arguments send games to files.
fn rule(args: &SplitArgs) -> anyhow::Result<Rule> {
    Ok(match (args.games, args.by.as_deref(), args.shards) {
        (Some(0), _, _) => anyhow::bail!("--games must be at least 1"),
        (Some(n), _, _) => Rule::Games(n),
        (_, Some("variant"), _) => Rule::Variant,
        (_, Some("year"), _) => Rule::Year,
        (_, Some(tag), _) => Rule::Tag(tag.to_string()),
        (_, _, Some(0)) => anyhow::bail!("--shards must be at least 1"),
        (_, _, Some(n)) => Rule::Shards(n),
        _ => unreachable!("clap requires one of --games, --by, --shards"),
    })
}

/// Where one game goes under `rule` (shards' names `width` digits wide), with its text.
fn place(game: &ArchiveGame, rule: &Rule, width: usize) -> Placed {
    let (file, raw) = (&game.file, &game.game);
    check_game(file, raw, &game.options, |checked| {
        let value = match rule {
            Rule::Games(_) => None,
            Rule::Variant => checked.config().map(|c| c.variant.name().to_string()),
            Rule::Year => checked
                .tag("Date")
                .and_then(PartialDate::parse_tag)
                .map(|d| d.year.to_string()),
            Rule::Tag(name) => checked
                .tag(name)
                .map(str::trim)
                .filter(|v| !v.is_empty() && *v != "?")
                .map(str::to_string),
            Rule::Shards(n) => {
                let keys = move_keys(checked);
                let key = match keys.len() {
                    0 | 1 => text_key(&raw.text),
                    _ => *keys.last().expect("not empty"),
                };
                Some(format!("shard-{:0width$}", key % u64::from(*n)))
            }
        };
        let rendered = GamesOut::Original.render(raw, checked);
        let message = match rendered.data {
            None => not_written(checked),
            Some(_) => String::new(),
        };
        Placed {
            to: rendered
                .data
                .map(|text| (value.unwrap_or_else(|| "unknown".into()), text)),
            transcoded: rendered.transcoded,
            source: (file.clone(), checked.record.game),
            message,
            counts: Counts::verdict(checked.record.status),
        }
    })
}

/// The files split writes: the games' files, the manifest, the inputs whose games were
/// written in UTF-8 (noted once each).
struct Shards {
    files: Files,
    manifest: csv::Writer<File>,
    manifest_path: PathBuf,
    rule_games: Option<u64>,
    /// Digits of a shard's number.
    width: usize,
    seen: u64,
    transcoded_from: HashSet<Arc<str>>,
}

impl Shards {
    fn create(dir: &Path, rule: &Rule) -> anyhow::Result<Shards> {
        let manifest_path = dir.join(MANIFEST);
        let mut manifest = csv::Writer::from_path(&manifest_path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
        manifest.write_record(["file", "game", "source", "source_game"])?;
        Ok(Shards {
            files: Files::new(dir.to_path_buf()),
            manifest,
            manifest_path,
            rule_games: match rule {
                Rule::Games(n) => Some(*n),
                _ => None,
            },
            width: match rule {
                Rule::Shards(n) => (n - 1).to_string().len(),
                _ => 4,
            },
            seen: 0,
            transcoded_from: HashSet::new(),
        })
    }

    /// Writes one game where it goes, and its line of the manifest.
    fn write(&mut self, p: Placed, reporter: &Reporter) -> io::Result<()> {
        let (Some((value, text)), (source, source_game)) = (p.to, p.source) else {
            return Ok(());
        };
        if let Some(encoding) = p.transcoded
            && self.transcoded_from.insert(source.clone())
        {
            reporter.message(&transcoded_note(&source, encoding));
        }
        let width = self.width;
        let name = match self.rule_games {
            Some(n) => format!("part-{:0width$}.pdn", self.seen / n + 1),
            None => self.files.name_of(&value),
        };
        self.seen += 1;
        let game = self.files.write(&name, &text)?;
        self.manifest
            .write_record([
                name.as_str(),
                &game.to_string(),
                &source,
                &source_game.to_string(),
            ])
            .map_err(io::Error::from)
    }

    /// Closes every file; the games written and the files written.
    fn finish(mut self) -> anyhow::Result<(u64, usize)> {
        let count = self.files.finish()?;
        self.manifest
            .flush()
            .map_err(|e| anyhow::anyhow!("{}: {e}", self.manifest_path.display()))?;
        Ok((self.seen, count))
    }
}

/// Creates `dir` when missing; refuses one that holds files, unless `force`.
fn prepare(dir: &Path, force: bool) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let mut entries =
        std::fs::read_dir(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    if !force && entries.next().is_some() {
        anyhow::bail!(
            "{} is not empty; split writes into an empty directory (--force writes into it anyway)",
            dir.display()
        );
    }
    Ok(())
}
