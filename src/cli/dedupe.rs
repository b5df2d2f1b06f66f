//! `pdnkit dedupe`: find the games that are the same game (same variant, start and main-line
//! moves, however written) and write each once, the copy with the most tags and comments.
//!
//! Three passes over the input, each streamed: the first keys every game by its moves
//! ([`move_keys`]), the second finds games whose moves are the start of another's (unfinished
//! copies), the third writes the games kept and the report. Memory holds a few numbers per game
//! and one hash-map entry per distinct game, never a game's text.

use std::collections::HashMap;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pdnkit::dedupe::{move_keys, richness, text_key};
use pdnkit::{ReplayOptions, check_game};

use super::convert::Target;
use super::games_out::{GamesOut, GamesWriter, Rendered, not_written};
use super::input::{self, Item, Rereadable};
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::{GlobalArgs, Status};

/// Arguments of `pdnkit dedupe`.
#[derive(clap::Args, Debug)]
pub struct DedupeArgs {
    /// Also treat a game whose moves are the start of a longer game's (an unfinished copy) as
    /// a copy of it, and keep the longer one. Without it, unfinished copies are kept and
    /// reported.
    #[arg(long)]
    pub prefix: bool,
    /// Fewest moves a game needs to count as an unfinished copy of a longer one: shorter
    /// openings are shared by too many games to say anything.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub prefix_min: u32,
    /// Write every group of copies to this CSV file: group, file, game, event, white, black,
    /// plies, kept, copy (`same` or `prefix`).
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

    // Pass 1: every game's key.
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

    // The groups of games with the same key, each named by its first game.
    let mut first_of: HashMap<u64, Order> = HashMap::with_capacity(keyed.len());
    let mut group: Vec<Order> = Vec::with_capacity(keyed.len());
    for (i, k) in keyed.iter().enumerate() {
        group.push(*first_of.entry(k.key).or_insert(i));
    }

    // Pass 2: unfinished copies. `contained_in[g]` is the first game whose moves start with
    // those of group g's games.
    let mut contained_in: HashMap<Order, Order> = HashMap::new();
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
                        contained_in.entry(g).or_insert(group[order]);
                    }
                }
                ControlFlow::<()>::Continue(())
            },
        );
        changed_since(seen, keyed.len())?;
    }

    // Each game's final group, and the game kept of each.
    let root = |mut g: Order| {
        while let Some(&longer) = contained_in.get(&g) {
            g = longer;
        }
        g
    };
    let merged: Vec<Order> = group
        .iter()
        .map(|&g| if args.prefix { root(g) } else { g })
        .collect();
    let mut kept_of: HashMap<Order, Order> = HashMap::new();
    let mut members: HashMap<Order, u32> = HashMap::new();
    for (i, &g) in merged.iter().enumerate() {
        *members.entry(g).or_default() += 1;
        let best = kept_of.entry(g).or_insert(i);
        let (a, b) = (&keyed[i], &keyed[*best]);
        if (a.plies, a.richness) > (b.plies, b.richness) {
            *best = i;
        }
    }
    // Groups worth reporting: copies, and (without --prefix) unfinished copies with the game
    // that contains them.
    let containers: std::collections::HashSet<Order> = if args.prefix {
        Default::default()
    } else {
        contained_in.keys().map(|&g| root(g)).collect()
    };
    let reported = |i: Order| -> Option<Order> {
        let g = merged[i];
        if members[&g] > 1 || containers.contains(&g) {
            return Some(g);
        }
        (!args.prefix && contained_in.contains_key(&g)).then(|| root(g))
    };

    // Pass 3: write the games kept and the report rows.
    let form = GamesOut::new(args.to);
    let mut writer = GamesWriter::default();
    let mut out = Output::open(args.output.as_deref())?;
    out.write_all(&form.header()?)?;
    let mut rows: Vec<(Order, Order, ReportRow)> = Vec::new();
    let mut seen = 0usize;
    let to_write = |i: Order| kept_of[&merged[i]] == i;
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
            let keep = order < keyed.len() && to_write(order);
            let report_group = if args.report.is_some() && order < keyed.len() {
                reported(order)
            } else {
                None
            };
            if !keep && report_group.is_none() {
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
                let row = report_group.map(|g| {
                    let copy = if group[order] == g { "same" } else { "prefix" };
                    let row = ReportRow {
                        group: 0,
                        file: checked.record.file.to_string(),
                        game: checked.record.game,
                        event: checked.tag("Event").unwrap_or_default().to_string(),
                        white: checked.tag("White").unwrap_or_default().to_string(),
                        black: checked.tag("Black").unwrap_or_default().to_string(),
                        plies: keyed[order].plies,
                        kept: if keep { "yes" } else { "no" },
                        copy,
                    };
                    (g, order, row)
                });
                Written {
                    order: Some(order),
                    kept: rendered.map(|r| (file.clone(), r)),
                    message,
                    row,
                }
            })
        },
        |w: Written| {
            reporter.message(&w.message);
            if w.order.is_some() {
                seen += 1;
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
        write_report(path, rows)?;
    }

    let groups = members.values().filter(|&&n| n > 1).count() as u64;
    let copies = keyed.len() as u64 - members.len() as u64;
    let unfinished = if args.prefix {
        0
    } else {
        merged
            .iter()
            .filter(|&&g| contained_in.contains_key(&g))
            .count() as u64
    };
    if !global.quiet {
        let mut line = format!(
            "pdnkit: {} written, {} left out ({} of copies)",
            plural(written, "game"),
            plural(copies, "duplicate"),
            plural(groups, "group")
        );
        if unfinished > 0 {
            let copies = if unfinished == 1 { "copy" } else { "copies" };
            line.push_str(&format!(
                "; {unfinished} unfinished {copies} of longer games kept (--prefix leaves them \
                 out)"
            ));
        }
        reporter.message(&line);
    }
    let mut status = reporter.finish_validation();
    status.findings = false;
    Ok(status)
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
    plies: u32,
    kept: &'static str,
    copy: &'static str,
}

/// Writes the report: the groups numbered from 1 in the input order of the game that leads
/// each (the first copy of the longest game), each group's games in input order.
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
            "group", "file", "game", "event", "white", "black", "plies", "kept", "copy",
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
