//! `pdnkit dedupe`: find the games that are copies of one game and write each once, the copy
//! with the most tags and comments.
//!
//! Games are copies by evidence: the same variant, start and main-line moves (however
//! written), the same players once their names are read alike, and no other year (a short
//! game: the same date and round). Games with the same moves that fail the rest are kept, and
//! listed as suspects in the report; `--by moves` takes the moves alone as the evidence.
//!
//! Three passes over the input, each streamed: the first keys every game by its moves
//! ([`move_keys`]) and reads its [`Evidence`], the second finds games whose moves are the
//! start of another's (unfinished copies), the third writes the games kept and the report.
//! Memory holds a few numbers per game and one hash-map entry per distinct game, never a
//! game's text.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdnkit::dedupe::{Difference, Evidence, move_keys, richness, text_key};
use pdnkit::{ReplayOptions, check_game};

use super::convert::Target;
use super::games_out::{GamesOut, GamesWriter, Rendered, not_written};
use super::input::{self, Item, Rereadable};
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, Status};

/// What makes two games copies of one game.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// The same moves, the same players (names read alike) and no other year; short games:
    /// the same players, date and round.
    Evidence,
    /// The same moves, whoever played them and whenever.
    Moves,
}

/// Arguments of `pdnkit dedupe`.
#[derive(clap::Args, Debug)]
pub struct DedupeArgs {
    /// What makes games copies: `evidence` (moves, players, date) or `moves` alone.
    #[arg(long, value_enum, default_value_t = By::Evidence)]
    pub by: By,
    /// Games of fewer plies are copies only with the same players, date and round (short
    /// games, forfeits above all, repeat between different games).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub min_plies: u32,
    /// Also treat a game whose moves are the start of a longer game's (an unfinished copy, of
    /// the same players) as a copy of it, and keep the longer one. Without it, unfinished copies
    /// are kept and reported.
    #[arg(long)]
    pub prefix: bool,
    /// Fewest moves a game needs to count as an unfinished copy of a longer one: shorter
    /// openings are shared by too many games to say anything.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub prefix_min: u32,
    /// Write every group of games with the same moves to this CSV file: group, file, game,
    /// event, white, black, date, plies, kept, copy (`kept`, `same`, `prefix` or `suspect`),
    /// why.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Play every game under these rules (default: the GameType or Variant tag, else the one
    /// decided for its file). See `pdnkit variants`.
    #[arg(long, value_name = "NAME", value_parser = super::variant_names())]
    pub variant: Option<String>,
    /// Write the games kept in this format instead of their original text.
    #[arg(long, value_enum)]
    pub to: Option<Target>,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// PDN files to read (`-` is standard input, read once into a temporary file; compressed
    /// files are decompressed). Default: stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What the first pass keeps of a game.
#[derive(Clone, Copy)]
struct Keyed {
    /// The key of its moves (of its text when it has none or could not be read).
    key: u64,
    plies: u32,
    richness: u32,
    evidence: Evidence,
}

/// A game's place in the input: the how-many-th game read (failed inputs not counted).
type Order = usize;

/// Numbers each game of `items` in input order.
fn numbered<T>(
    items: impl Iterator<Item = (Item, T)> + Send,
) -> impl Iterator<Item = (Option<Order>, Item, T)> + Send {
    let mut next = 0;
    items.map(move |(item, extra)| {
        let order = matches!(item, Item::Game { .. }).then(|| {
            next += 1;
            next - 1
        });
        (order, item, extra)
    })
}

/// Runs `pdnkit dedupe`.
pub fn run(args: DedupeArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    if global.format.is_some() {
        anyhow::bail!(
            "dedupe writes games; --format is not used by dedupe (use --to json|csv|fen|pdn)"
        );
    }
    let variant = super::variant_named(args.variant.as_deref())?;
    // The games are counted, and written in other forms, with their variations replayed, as
    // every command does; finding unfinished copies needs the main lines only.
    let options = ReplayOptions {
        variant,
        ..ReplayOptions::default()
    };
    let mainline_options = ReplayOptions {
        mainline_only: true,
        ..options.clone()
    };
    let files = input::default_stdin(args.files.clone());
    let inputs = Rereadable::new(&files)?;
    let mut reporter = Reporter::new(global, &files);

    // Pass 1: every game's key and evidence.
    let mut keyed: Vec<Keyed> = Vec::new();
    let games = input::decided(
        inputs.games(reporter.progress()),
        input::Deciding::replaying(variant),
    );
    let _ = global.pipeline().run_weighed(
        games,
        |(item, _)| item.weight(),
        || (),
        |_, (item, archive)| {
            let options = options.for_archive(archive);
            match item {
                Item::Failed { error } => {
                    (None, format!("pdnkit: {error}\n"), Counts::failed_input())
                }
                Item::Game { file, game } => check_game(&file, &game, &options, |checked| {
                    let keys = move_keys(checked);
                    let plies = checked.replayed.map_or(0, |_| keys.len() as u32 - 1);
                    // A game without moves says nothing of which game it is: only the same
                    // text is a copy of it.
                    let key = if plies == 0 {
                        text_key(&game.text)
                    } else {
                        *keys.last().expect("a key per move and one before")
                    };
                    let k = Keyed {
                        key,
                        plies,
                        richness: richness(checked) as u32,
                        evidence: Evidence::of(checked),
                    };
                    (
                        Some(k),
                        String::new(),
                        Counts::verdict(checked.record.status),
                    )
                }),
            }
        },
        |(k, message, counts): (Option<Keyed>, String, Counts)| {
            reporter.message(&message);
            reporter.add(counts);
            keyed.extend(k);
            ControlFlow::<()>::Continue(())
        },
    );

    let judge = Judge {
        keyed: &keyed,
        by: args.by,
        min_plies: args.min_plies,
    };
    // The groups of games with the same key, each named by its first game, and in each the
    // games that are copies of one game.
    let mut first_of: HashMap<u64, Order> = HashMap::with_capacity(keyed.len());
    let group: Vec<Order> = (0..keyed.len())
        .map(|i| *first_of.entry(keyed[i].key).or_insert(i))
        .collect();
    let copies = judge.copies(&group);

    // Pass 2: unfinished copies. `containers[g]` lists games whose moves start with those of
    // group g's games, one of each set of copies.
    let mut containers: HashMap<Order, Vec<Order>> = HashMap::new();
    let min = args.prefix_min.max(1);
    let long_enough: HashMap<u64, Order> = first_of
        .iter()
        .filter(|&(_, &g)| keyed[g].plies >= min)
        .map(|(&k, &g)| (k, g))
        .collect();
    if !long_enough.is_empty() {
        let mut seen = 0usize;
        let games = numbered(input::decided(
            inputs.games(Arc::default()),
            input::Deciding::replaying(variant),
        ));
        let _ = global.pipeline().run_weighed(
            games,
            |(_, item, _)| item.weight(),
            || (),
            |_, (order, item, archive)| {
                let (Some(order), Item::Game { file, game }) = (order, item) else {
                    return (None, Vec::new());
                };
                let options = mainline_options.for_archive(archive);
                let prefixes = check_game(&file, &game, &options, |checked| {
                    let keys = move_keys(checked);
                    let plies = keys.len().saturating_sub(1);
                    (min as usize..plies)
                        .filter_map(|n| long_enough.get(&keys[n]).copied())
                        .collect()
                });
                (Some(order), prefixes)
            },
            |(order, prefixes): (Option<Order>, Vec<Order>)| {
                if let Some(order) = order {
                    seen += 1;
                    for g in prefixes {
                        let list = containers.entry(g).or_default();
                        if !list.iter().any(|&c| copies[c] == copies[order]) {
                            list.push(order);
                        }
                    }
                }
                ControlFlow::<()>::Continue(())
            },
        );
        changed_since(seen, keyed.len())?;
    }
    let decided = judge.decide(group, copies, &containers, args.prefix);

    // Pass 3: write the games kept and the report rows.
    let form = GamesOut::new(args.to);
    let mut writer = GamesWriter::default();
    let mut out = Output::open(args.output.as_deref())?;
    out.write_all(&form.header()?)?;
    let mut rows: Vec<(Order, Order, ReportRow)> = Vec::new();
    let mut places: HashMap<Order, (String, u64)> = HashMap::new();
    let mut seen = 0usize;
    let reporting = args.report.is_some();
    let referred: HashSet<Order> = if reporting {
        (0..keyed.len())
            .filter(|&i| decided.reported(i))
            .map(|i| decided.why(i).1)
            .collect()
    } else {
        HashSet::new()
    };
    let games = numbered(input::decided(
        inputs.games(Arc::default()),
        input::Deciding::replaying(variant),
    ));
    let result = global.pipeline().run_weighed(
        games,
        |(_, item, _)| item.weight(),
        || (),
        |_, (order, item, archive)| {
            let (Some(order), Item::Game { file, game }) = (order, item) else {
                return Written::default();
            };
            let known = order < keyed.len();
            let keep = known && decided.kept(order);
            let report = reporting && known && decided.reported(order);
            let place = reporting && known && (report || referred.contains(&order));
            if !keep && !place {
                return Written {
                    order: Some(order),
                    ..Written::default()
                };
            }
            let options = options.for_archive(archive);
            check_game(&file, &game, &options, |checked| {
                let rendered = keep.then(|| form.render(&game, checked));
                let message = match &rendered {
                    Some(r) if r.data.is_none() => not_written(checked),
                    _ => String::new(),
                };
                let tag = |name: &str| checked.tag(name).unwrap_or_default().to_string();
                let row = report.then(|| {
                    let (copy, _) = decided.why(order);
                    let row = ReportRow {
                        group: 0,
                        file: checked.record.file.to_string(),
                        game: checked.record.game,
                        event: tag("Event"),
                        white: tag("White"),
                        black: tag("Black"),
                        date: tag("Date"),
                        plies: keyed[order].plies,
                        kept: if keep { "yes" } else { "no" },
                        copy: copy.name(),
                        why: String::new(),
                    };
                    (decided.report_group[order], order, row)
                });
                Written {
                    order: Some(order),
                    kept: rendered.map(|r| (file.clone(), r)),
                    message,
                    place: place.then(|| (checked.record.file.to_string(), checked.record.game)),
                    row,
                }
            })
        },
        |w: Written| {
            reporter.message(&w.message);
            if let Some(order) = w.order {
                seen += 1;
                if let Some(place) = w.place {
                    places.insert(order, place);
                }
            }
            rows.extend(w.row);
            let Some((file, rendered)) = w.kept else {
                return ControlFlow::Continue(());
            };
            writer.write_shown(&form, &mut out, &reporter, &file, &rendered)
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing output"))?;
    writer.finish(&form, &mut out)?;
    out.finish()?;
    let written = writer.written;
    changed_since(seen, keyed.len())?;
    if let Some(path) = &args.report {
        for (_, order, row) in &mut rows {
            row.why = decided.explain(*order, &places, &row.file);
        }
        write_report(path, rows)?;
    }

    if !global.quiet {
        reporter.message(&decided.summary(written));
    }
    let mut status = reporter.finish_validation();
    status.findings = false;
    Ok(status)
}

/// Judges which games with the same moves are copies.
struct Judge<'a> {
    keyed: &'a [Keyed],
    by: By,
    min_plies: u32,
}

impl<'a> Judge<'a> {
    /// Why game `i` is not a copy of game `other`, whose moves are the same (or, for an
    /// unfinished copy, start with its moves); `None` when it is one.
    fn differs(&self, i: Order, other: Order) -> Option<Difference> {
        let (a, b) = (&self.keyed[i], &self.keyed[other]);
        match self.by {
            By::Moves => None,
            By::Evidence => a.evidence.differs(&b.evidence, a.plies, self.min_plies),
        }
    }

    /// Each game's set of copies, named by its first game: within each group of the same
    /// moves, a game joins the first set whose first game it is a copy of.
    fn copies(&self, group: &[Order]) -> Vec<Order> {
        let mut copies = Vec::with_capacity(group.len());
        // The first games of the sets of each group but the group's own first game.
        let mut more: HashMap<Order, Vec<Order>> = HashMap::new();
        for (i, &g) in group.iter().enumerate() {
            if g == i {
                copies.push(i);
                continue;
            }
            let others = more.get(&g).map_or(&[][..], Vec::as_slice);
            let found = std::iter::once(g)
                .chain(others.iter().copied())
                .find(|&first| self.differs(i, first).is_none());
            match found {
                Some(first) => copies.push(first),
                None => {
                    more.entry(g).or_default().push(i);
                    copies.push(i);
                }
            }
        }
        copies
    }

    /// The decisions, from the sets of copies and the games that contain each group's moves.
    fn decide(
        &self,
        group: Vec<Order>,
        copies: Vec<Order>,
        containers: &HashMap<Order, Vec<Order>>,
        prefix: bool,
    ) -> Decided<'a> {
        let keyed = self.keyed;
        // Each set of copies that is an unfinished copy: the set of the longer game.
        let mut longer: HashMap<Order, Order> = HashMap::new();
        for (c, &first) in copies.iter().enumerate() {
            if first != c {
                continue;
            }
            let Some(list) = containers.get(&group[c]) else {
                continue;
            };
            if let Some(&k) = list.iter().find(|&&k| self.differs(c, k).is_none()) {
                longer.insert(c, copies[k]);
            }
        }
        let root = |mut c: Order| {
            while let Some(&l) = longer.get(&c) {
                c = l;
            }
            c
        };
        let merged: Vec<Order> = copies
            .iter()
            .map(|&c| if prefix { root(c) } else { c })
            .collect();
        let mut kept_of: HashMap<Order, Order> = HashMap::with_capacity(keyed.len());
        let mut members: HashMap<Order, u32> = HashMap::new();
        for (i, &m) in merged.iter().enumerate() {
            *members.entry(m).or_default() += 1;
            let best = kept_of.entry(m).or_insert(i);
            let (a, b) = (&keyed[i], &keyed[*best]);
            if (a.plies, a.richness) > (b.plies, b.richness) {
                *best = i;
            }
        }
        let mut runner_up: HashMap<Order, (u32, u32)> = HashMap::new();
        for (i, &m) in merged.iter().enumerate() {
            if kept_of[&m] != i {
                let here = (keyed[i].plies, keyed[i].richness);
                let best = runner_up.entry(m).or_insert(here);
                *best = (*best).max(here);
            }
        }
        let report_group: Vec<Order> = copies.iter().map(|&c| group[root(c)]).collect();
        let mut in_report_group: HashMap<Order, u32> = HashMap::new();
        for &g in &report_group {
            *in_report_group.entry(g).or_default() += 1;
        }
        Decided {
            keyed,
            group,
            copies,
            merged,
            longer,
            kept_of,
            members,
            report_group,
            in_report_group,
            runner_up,
            differences: HashMap::new(),
            by: self.by,
            min_plies: self.min_plies,
            prefix,
        }
        .with_differences()
    }
}

/// What became of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    /// Written: the copy kept of its set.
    Kept,
    /// Left out: a copy of the game kept.
    Same,
    /// An unfinished copy of a longer game: left out with --prefix, else kept.
    Prefix,
    /// Written: its moves are those of another game kept, but the evidence says it is
    /// another game.
    Suspect,
}

impl Fate {
    fn name(self) -> &'static str {
        match self {
            Fate::Kept => "kept",
            Fate::Same => "same",
            Fate::Prefix => "prefix",
            Fate::Suspect => "suspect",
        }
    }
}

/// Every game's fate after the first two passes.
struct Decided<'a> {
    keyed: &'a [Keyed],
    /// The first game of each game's group of the same moves.
    group: Vec<Order>,
    /// The first game of each game's set of copies.
    copies: Vec<Order>,
    /// The set each game is written for: its own, or with --prefix the longest it is an
    /// unfinished copy of.
    merged: Vec<Order>,
    /// Sets of copies that are unfinished copies of a longer game's set.
    longer: HashMap<Order, Order>,
    /// The game written of each merged set.
    kept_of: HashMap<Order, Order>,
    members: HashMap<Order, u32>,
    /// The group each game is reported in: that of the longest game it is an unfinished copy
    /// of, else its own.
    report_group: Vec<Order>,
    in_report_group: HashMap<Order, u32>,
    /// The plies and richness of the best game of each merged set after the one kept.
    runner_up: HashMap<Order, (u32, u32)>,
    /// Why each set of copies that is not its group's first is another game.
    differences: HashMap<Order, Difference>,
    by: By,
    min_plies: u32,
    prefix: bool,
}

impl Decided<'_> {
    fn with_differences(mut self) -> Self {
        let judge = Judge {
            keyed: self.keyed,
            by: self.by,
            min_plies: self.min_plies,
        };
        let differences = (0..self.copies.len())
            .filter(|&c| self.copies[c] == c && self.group[c] != c)
            .filter_map(|c| Some((c, judge.differs(c, self.group[c])?)))
            .collect();
        self.differences = differences;
        self
    }

    fn kept(&self, i: Order) -> bool {
        self.kept_of[&self.merged[i]] == i
    }

    fn reported(&self, i: Order) -> bool {
        self.in_report_group[&self.report_group[i]] > 1
    }

    /// The longest set of copies that game `i`'s set is an unfinished copy of (its own when
    /// none).
    fn root(&self, mut c: Order) -> Order {
        while let Some(&l) = self.longer.get(&c) {
            c = l;
        }
        c
    }

    /// What became of game `i`, and the game the report compares it with.
    fn why(&self, i: Order) -> (Fate, Order) {
        let set = self.copies[i];
        let kept = self.kept_of[&self.merged[i]];
        if kept != i {
            let copy = if self.keyed[i].plies < self.keyed[kept].plies {
                Fate::Prefix
            } else {
                Fate::Same
            };
            return (copy, kept);
        }
        if !self.prefix && self.longer.contains_key(&set) {
            let root = self.root(set);
            return (Fate::Prefix, self.kept_of[&self.merged[root]]);
        }
        let root = self.root(set);
        let first = self.group[root];
        if root != first {
            return (Fate::Suspect, self.kept_of[&self.merged[first]]);
        }
        (Fate::Kept, i)
    }

    /// The `why` column of game `i`'s row (`file`: its file).
    fn explain(&self, i: Order, places: &HashMap<Order, (String, u64)>, file: &str) -> String {
        let (copy, other) = self.why(i);
        let game = match places.get(&other) {
            Some((f, n)) if f == file => format!("game {n}"),
            Some((f, n)) => format!("game {n} of {f}"),
            None => format!("game {} of the input", other + 1),
        };
        let evidence = match self.by {
            By::Moves => "the same moves",
            By::Evidence if self.keyed[i].plies < self.min_plies => {
                "the same moves, players, date and round"
            }
            By::Evidence => "the same moves and players",
        };
        match copy {
            Fate::Kept => format!("kept: {}", self.kept_because(i)),
            Fate::Same => format!("a copy of {game}: {evidence}"),
            Fate::Prefix if self.kept(i) => {
                format!("an unfinished copy of {game}, kept (--prefix leaves it out)")
            }
            Fate::Prefix => format!("an unfinished copy of {game}"),
            Fate::Suspect => {
                let set = self.root(self.copies[i]);
                let why = self.differences.get(&set).copied();
                let first = self.group[set];
                let years = |o: Order| {
                    self.keyed[o]
                        .evidence
                        .year
                        .map_or("?".to_string(), |y| y.to_string())
                };
                match why {
                    Some(Difference::Players) => {
                        format!("kept: the moves of {game}, other players")
                    }
                    Some(Difference::Years) => format!(
                        "kept: the moves and players of {game}, dates years apart ({} and {})",
                        years(set),
                        years(first)
                    ),
                    Some(Difference::Occasion) => format!(
                        "kept: the moves and players of {game}, a short game ({} plies) of \
                         another date or round",
                        self.keyed[i].plies
                    ),
                    None => format!("kept: the moves of {game}"),
                }
            }
        }
    }

    /// Why game `i` was the copy kept of its set.
    fn kept_because(&self, i: Order) -> &'static str {
        let set = self.merged[i];
        if self.members[&set] == 1 {
            return "no copy of it";
        }
        let me = (self.keyed[i].plies, self.keyed[i].richness);
        let next = self.runner_up[&set];
        if next.0 < me.0 {
            "the longest copy"
        } else if next < me {
            "the most tags and comments"
        } else {
            "the first of equal copies"
        }
    }

    /// The line that says what was done.
    fn summary(&self, written: u64) -> String {
        let n = self.keyed.len();
        let (mut left_out, mut suspects, mut unfinished) = (0u64, 0u64, 0u64);
        for i in 0..n {
            match (self.kept(i), self.why(i).0) {
                (false, _) => left_out += 1,
                (true, Fate::Suspect) => suspects += 1,
                (true, Fate::Prefix) => unfinished += 1,
                _ => {}
            }
        }
        let groups = self.members.values().filter(|&&m| m > 1).count() as u64;
        let mut line = format!(
            "pdnkit: {} written, {} left out ({} of copies)",
            plural(written, "game"),
            plural(left_out, "duplicate"),
            plural(groups, "group")
        );
        if unfinished > 0 {
            let (copies, them) = if unfinished == 1 {
                ("copy", "it")
            } else {
                ("copies", "them")
            };
            line.push_str(&format!(
                "; {unfinished} unfinished {copies} kept (--prefix leaves {them} out)"
            ));
        }
        if suspects > 0 {
            line.push_str(&format!(
                "; {} kept (the moves of another game, other players or dates: see --report)",
                plural(suspects, "suspect")
            ));
        }
        line
    }
}

/// An error when a later pass read another number of games than the first.
fn changed_since(seen: usize, first: usize) -> anyhow::Result<()> {
    if seen != first {
        anyhow::bail!(
            "the input changed while being read: {first} games the first time, {seen} later"
        );
    }
    Ok(())
}

/// What the third pass gives for one game.
#[derive(Default)]
struct Written {
    order: Option<Order>,
    /// The game as written, when it is kept, and its file.
    kept: Option<(Arc<str>, Rendered)>,
    message: String,
    /// Its file and number, for the report.
    place: Option<(String, u64)>,
    row: Option<(Order, Order, ReportRow)>,
}

/// A row of `--report`.
#[derive(serde::Serialize)]
struct ReportRow {
    group: u64,
    file: String,
    game: u64,
    event: String,
    white: String,
    black: String,
    date: String,
    plies: u32,
    kept: &'static str,
    copy: &'static str,
    why: String,
}

/// Writes the report: the groups numbered from 1 in the input order of the game that leads
/// each, each group's games in input order.
fn write_report(
    path: &std::path::Path,
    mut rows: Vec<(Order, Order, ReportRow)>,
) -> anyhow::Result<()> {
    rows.sort_by_key(|(g, order, _)| (*g, *order));
    let mut csv =
        csv::Writer::from_path(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let mut last = None;
    let mut number = 0;
    if rows.is_empty() {
        csv.write_record([
            "group", "file", "game", "event", "white", "black", "date", "plies", "kept", "copy",
            "why",
        ])?;
    }
    for (g, _, mut row) in rows {
        if last != Some(g) {
            number += 1;
            last = Some(g);
        }
        row.group = number;
        csv.serialize(row)?;
    }
    csv.flush()
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(())
}
