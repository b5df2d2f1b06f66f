//! Command-line layer (binary only): argument definitions, one file per subcommand, and the
//! shared input/output policy. No domain logic lives here.

mod aliases;
mod arenas;
mod captures;
mod convert;
mod convert_parquet;
mod dedupe;
mod diagram;
mod filter;
mod fix;
mod games_out;
mod index;
mod index_file;
mod input;
mod openings;
mod output;
mod perft;
mod players;
mod png;
mod prescan;
mod report;
mod report_html;
mod search;
mod split;
mod standings;
mod stats;
mod tags;
mod validate;
mod variants;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exit code: no game has an error.
pub const EXIT_CLEAN: u8 = 0;
/// Exit code: some game has an error-severity finding (invalid game, capture fault).
pub const EXIT_FINDINGS: u8 = 1;
/// Exit code: pdnkit itself failed (I/O, usage).
pub const EXIT_FAILURE: u8 = 2;

const EXAMPLES: &str = "\
Examples:
  pdnkit validate fixtures/sample/archive.pdn
  pdnkit validate --format json --variant russian games.pdn.gz > report.jsonl
  pdnkit captures archive/*.pdn > capture-faults.csv
  pdnkit convert --to pdn archive.pdn --output clean.pdn
  cat games.pdn | pdnkit convert --to pdn -
  pdnkit perft --variant international --depth 9

Exit codes: 0 clean, 1 findings (invalid games, capture faults), 2 failure (I/O, usage).";

/// Read, validate, convert and analyse PDN draughts archives.
#[derive(Parser, Debug)]
#[command(name = "pdnkit", version, about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every subcommand understands.
#[derive(clap::Args, Debug, Clone)]
pub struct GlobalArgs {
    /// Print no progress and no summary on stderr (the findings still go to stdout).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Colour the text report: auto (when stdout is a terminal and NO_COLOR is unset), always,
    /// or never.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "auto",
        value_name = "WHEN"
    )]
    pub color: ColorChoice,
    /// Worker threads (default: all cores; 1 runs inline without threads).
    #[arg(short, long, global = true, value_name = "N")]
    pub jobs: Option<usize>,
    /// Output format of the subcommand's report. Each subcommand's --help names the formats it
    /// offers and its default.
    #[arg(id = "format", long = "format", global = true, value_enum)]
    pub format_asked: Option<FormatAsked>,
    /// `--format` for the subcommands that write text, JSON or CSV: set by [`run`], which
    /// refuses `html` to all but the one that writes it.
    #[arg(skip)]
    pub format: Option<Format>,
    #[command(flatten)]
    pub input: input::InputArgs,
}

impl GlobalArgs {
    /// Refuses `--format` for a command that writes `writes` rather than a report of findings;
    /// `hint` says what to use instead.
    pub fn refuse_format(
        &self,
        command: &str,
        writes: &str,
        hint: Option<&str>,
    ) -> anyhow::Result<()> {
        if self.format_asked.is_none() {
            return Ok(());
        }
        let hint = hint.map(|h| format!(" ({h})")).unwrap_or_default();
        anyhow::bail!("{command} writes {writes}; --format is not used by {command}{hint}")
    }
}

/// When to colour the text report.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// When stdout is a terminal and the NO_COLOR environment variable is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour what goes to stdout.
    pub fn colours_stdout(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// The formats `--format` names: those of [`Format`], and an HTML page (standings).
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatAsked {
    /// Human-readable text.
    Text,
    /// JSON: JSON Lines (one object per line) where the report is a list of records.
    Json,
    /// CSV with a header row.
    Csv,
    /// A standalone HTML page (standings only).
    Html,
}

/// The format a subcommand that writes text, JSON or CSV was asked for; a usage error for
/// `html` in any but standings (which reads `format_asked` itself).
fn plain_format(asked: Option<FormatAsked>, command: &Command) -> anyhow::Result<Option<Format>> {
    Ok(match asked {
        None => None,
        Some(FormatAsked::Text) => Some(Format::Text),
        Some(FormatAsked::Json) => Some(Format::Json),
        Some(FormatAsked::Csv) => Some(Format::Csv),
        Some(FormatAsked::Html) if matches!(command, Command::Standings(_)) => None,
        Some(FormatAsked::Html) => {
            anyhow::bail!("--format html is written by standings only; use report for a page")
        }
    })
}

/// Report formats.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// JSON: JSON Lines (one object per line) where the report is a list of records.
    Json,
    /// CSV with a header row.
    Csv,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay every game and report illegal moves, capture faults and broken records.
    ///
    /// Formats (--format): text, the default (a compiler-style report of each game's findings);
    /// json (one object per game, JSON Lines); csv (one row per finding). The report goes to
    /// stdout; progress, the summary line and I/O errors to stderr.
    Validate(validate::ValidateArgs),
    /// Audit capture faults across archives: one CSV row per fault.
    ///
    /// Formats (--format): csv, the default (a header row, then one row per fault); json (JSON
    /// Lines, one object per fault, the same fields); text (each fault as a compiler-style
    /// message with the game, the move and the source line). The summary goes to stderr.
    Captures(captures::CapturesArgs),
    /// Convert archives to FEN, CSV, JSON Lines or rule-aware PDN.
    ///
    /// The output format is the one --to names (no default: --to is required); --format is not
    /// used by convert and is refused.
    Convert(convert::ConvertArgs),
    /// Archive statistics: results, lengths, openings, players, events, captures.
    ///
    /// Formats (--format): text, the default (tables); csv (tidy rows: group, section, key,
    /// metric, value); json (one pretty-printed document).
    Stats(stats::StatsArgs),
    /// Keep the games that match tags, dates, results, variants, lengths or verdicts.
    ///
    /// The games are written as they were in their files, or in a convert format with --to;
    /// --format is not used. The count kept goes to stderr.
    Filter(filter::FilterArgs),
    /// Find positions, patterns, material balances or manoeuvres in games.
    ///
    /// Formats (--format): csv, the default (a header row, then one row per hit with the
    /// columns file, game, event, white, black, date, ply, move_number, played_by, move,
    /// variation, mirrored, fen); json (JSON Lines, one object per hit with the same fields).
    /// With --to pdn, the matching games as written in their files, with a comment at each
    /// hit. A query that no game searched can hold (a square off the board, an impossible
    /// position) is refused with exit code 2.
    Search(search::SearchArgs),
    /// Build a position index of archives for instant `search --fen --index` lookups.
    Index(index::IndexArgs),
    /// Find games that are the same game (moves, not text), keep the richest copy of each.
    ///
    /// The games kept are written as they were; --report writes a CSV of every group.
    Dedupe(dedupe::DedupeArgs),
    /// Write archives back with the repairs the rest of each game confirms.
    ///
    /// Only a move whose repair is confirmed (unique, and the rest of the game then replays)
    /// is changed, marked with a comment; other games are written as they were. --changes
    /// writes a CSV of every change. --format is not used.
    Fix(fix::FixArgs),
    /// Split archives into files: N games each, one file per tag value, or N shards.
    Split(split::SplitArgs),
    /// Every player with games: first and last date, events, and the spellings of each.
    ///
    /// Spellings of one person are grouped (case, accents, punctuation, `Surname, I.` and
    /// `I. Surname`, an initial joined to the one first name it can stand for); placeholder
    /// names (`White`, `?`, `NN`) are left out and counted on stderr. Formats (--format):
    /// text, the default; csv (one row per person: name, games, spellings, first_date,
    /// last_date, events, event_names), the table --aliases reads back once edited; json.
    Players(players::PlayersArgs),
    /// Each event's standings from its games: points, tie-breaks, rounds, crosstables.
    ///
    /// Points as the results are written (2-1-0 or 1-½-0); ties broken by Sonneborn-Berger in
    /// round robins, Buchholz otherwise, then wins. Games without a result or whose result the
    /// replay contradicts are flagged on stderr (exit code 1). Formats (--format): text, the
    /// default; csv (a header row: group, rank, player, games, wins, draws, losses, points,
    /// tiebreak, tiebreak_value, unscored, a column per round, with --crosstable one per
    /// rank); json; html (a standalone printable page).
    Standings(standings::StandingsArgs),
    /// Write the games back with tags edited, everything else byte for byte.
    ///
    /// --set, --rename, --remove; --aliases (White and Black), --dates (YYYY.MM.DD),
    /// --plycount, --result (where the rules ended the game), --gametype (where missing);
    /// --where selects the games edited. The count of changes by kind goes to stderr,
    /// --changes writes a CSV of each. --format is not used.
    Tags(tags::TagsArgs),
    /// Draw a position as an SVG (or PNG) board: a FEN, a start position, or a game's ply.
    ///
    /// The picture goes to stdout or to -o FILE (PNG when FILE ends in .png, or with --png);
    /// --format is not used.
    Diagram(diagram::DiagramArgs),
    /// Write one self-contained HTML page: counts, charts, findings, and a game viewer.
    ///
    /// The page goes to stdout or to -o FILE; --format is not used. It needs no network: its
    /// style, script and data are inline.
    Report(report_html::ReportArgs),
    /// Count the leaves of the move tree (move-generator test).
    ///
    /// Formats (--format): text, the default (with --divide a `move count` line per root move,
    /// then the total alone on the last line); json (one object: variant, depth, fen, count,
    /// total, and with --divide `moves`, a list of {move, count}); csv (a `move,count` header,
    /// with --divide a row per root move, then a `total` row).
    Perft(perft::PerftArgs),
    /// List the variants pdnkit knows, their aliases and the GameType that selects each.
    ///
    /// Formats (--format): text, the default (a table, each variant's aliases below it); json
    /// (JSON Lines, one object per variant: name, game_type, board, men, first, kings,
    /// capture_rule, aliases); csv (a header row, then one row per variant, aliases separated
    /// by spaces).
    Variants,
    /// Run the language server that editors start (docs/editor.md).
    ///
    /// It speaks the Language Server Protocol over standard input and output: validate's
    /// diagnostics as you type, repairs as quick fixes, boards on hover, legal moves as
    /// completions. --format is not used.
    Lsp,
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to stdout.
    ///
    /// For example `pdnkit completions bash > ~/.local/share/bash-completion/completions/pdnkit`.
    /// The script completes subcommands, options, and the values of options that take one of
    /// a list (variant names, formats, shells).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff) to stdout, or write every page to a directory.
    ///
    /// `pdnkit man > pdnkit.1` prints the page of pdnkit, `pdnkit man validate` the page of a
    /// subcommand (pdnkit-validate(1)), each with its options; `pdnkit man --dir DIR` writes
    /// pdnkit.1 and a pdnkit-SUBCOMMAND.1 for every subcommand into DIR (e.g.
    /// ~/.local/share/man/man1).
    Man {
        /// The subcommand whose page to print (default: pdnkit's own).
        #[arg(value_name = "SUBCOMMAND", conflicts_with = "dir")]
        subcommand: Option<String>,
        /// Write every page into this directory (created if missing) instead of printing one.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// What a run found, mapped to the documented exit codes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Status {
    /// Some game had an error-severity finding.
    pub findings: bool,
    /// Some input or output failed (already reported on stderr).
    pub failed: bool,
}

impl Status {
    /// 2 when anything failed, else 1 when anything was found, else 0.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(if self.failed {
            EXIT_FAILURE
        } else if self.findings {
            EXIT_FINDINGS
        } else {
            EXIT_CLEAN
        })
    }
}

/// Runs the chosen subcommand.
pub fn run(mut cli: Cli) -> anyhow::Result<Status> {
    input::set_read_options(cli.global.input.read_options()?);
    cli.global.format = plain_format(cli.global.format_asked, &cli.command)?;
    match cli.command {
        Command::Validate(args) => validate::run(args, &cli.global),
        Command::Captures(args) => captures::run(args, &cli.global),
        Command::Convert(args) => convert::run(args, &cli.global),
        Command::Stats(args) => stats::run(args, &cli.global),
        Command::Filter(args) => filter::run(args, &cli.global),
        Command::Search(args) => search::run(args, &cli.global),
        Command::Index(args) => index::run(args, &cli.global),
        Command::Dedupe(args) => dedupe::run(args, &cli.global),
        Command::Split(args) => split::run(args, &cli.global),
        Command::Players(args) => players::run(args, &cli.global),
        Command::Standings(args) => standings::run(args, &cli.global),
        Command::Tags(args) => tags::run(args, &cli.global),
        Command::Fix(args) => fix::run(args, &cli.global),
        Command::Diagram(args) => diagram::run(args, &cli.global),
        Command::Report(args) => report_html::run(args, &cli.global),
        Command::Perft(args) => {
            let format = cli.global.format.unwrap_or(Format::Text);
            let mut out = output::Output::open(None)?;
            perft::run(&args, format, &mut out)?;
            out.finish()?;
            Ok(Status::default())
        }
        Command::Variants => {
            let format = cli.global.format.unwrap_or(Format::Text);
            let mut out = output::Output::open(None)?;
            variants::run(format, &mut out)?;
            out.finish()?;
            Ok(Status::default())
        }
        Command::Lsp => refuse_format(&cli.global, "lsp")
            .and_then(|()| pdnkit_lsp::run())
            .map(|()| Status::default()),
        Command::Completions { shell } => {
            refuse_format(&cli.global, "completions")?;
            let mut out = output::Output::open(None)?;
            clap_complete::generate(shell, &mut command(), "pdnkit", &mut out);
            out.finish()?;
            Ok(Status::default())
        }
        Command::Man { subcommand, dir } => {
            refuse_format(&cli.global, "man")?;
            man(subcommand.as_deref(), dir.as_deref(), &cli.global)
        }
    }
}

/// The subcommands that write more than one form and so take `--format`; the others write one
/// form and refuse it (their help does not offer it).
const FORMAT_TAKERS: [&str; 8] = [
    "validate",
    "captures",
    "stats",
    "search",
    "perft",
    "variants",
    "players",
    "standings",
];

/// The command line as the derived definitions describe it, with `--format` hidden in the
/// subcommands that refuse it: there an argument of their own that help and pages leave out
/// stands for the global option (its value still reaches [`GlobalArgs`], and the subcommand
/// refuses it with a message naming what it writes).
pub fn command() -> clap::Command {
    let mut cmd = <Cli as clap::CommandFactory>::command();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    // Every subcommand is taken out and put back in turn, so they keep their order.
    for name in names {
        let refuses = !FORMAT_TAKERS.contains(&name.as_str());
        cmd = cmd.mut_subcommand(name, |sub| {
            if !refuses {
                return sub;
            }
            sub.arg(
                clap::Arg::new("format")
                    .long("format")
                    .hide(true)
                    .value_parser(clap::builder::EnumValueParser::<FormatAsked>::new()),
            )
        });
    }
    cmd
}

/// The arguments of this process, parsed by [`command`]; a usage error exits as clap does.
pub fn parse() -> Cli {
    use clap::FromArgMatches;
    let matches = command().get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// `pdnkit man`: pdnkit's page or a subcommand's on stdout, or every page into `dir`. Pages
/// list each option (the global ones in every subcommand's page) and refer only to pages
/// `--dir` writes.
fn man(
    subcommand: Option<&str>,
    dir: Option<&Path>,
    global: &GlobalArgs,
) -> anyhow::Result<Status> {
    let mut cmd = command().disable_help_subcommand(true);
    cmd.build();
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
        let mut pages = 0u64;
        for page in std::iter::once(cmd.clone()).chain(cmd.get_subcommands().cloned()) {
            let man = clap_mangen::Man::new(page);
            let path = dir.join(man.get_filename());
            let mut out = output::Output::open(Some(&path))?;
            man.render(&mut out)?;
            out.finish()?;
            pages += 1;
        }
        if !global.quiet {
            report::to_stderr(&format!(
                "pdnkit: {} written to {}",
                report::plural(pages, "manual page"),
                dir.display()
            ));
        }
        return Ok(Status::default());
    }
    let page = match subcommand {
        None => cmd,
        Some(name) => cmd.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
            anyhow::anyhow!(
                "no subcommand {name:?}; the pages are those of {}",
                names.join(", ")
            )
        })?,
    };
    let mut out = output::Output::open(None)?;
    clap_mangen::Man::new(page).render(&mut out)?;
    out.finish()?;
    Ok(Status::default())
}

/// The values `--variant` completes to and its help lists: every variant's name. Any name or
/// alias `pdnkit variants` lists is taken; the parsing of the name is the subcommand's, which
/// explains an unknown or ambiguous one.
pub fn variant_names() -> impl clap::builder::TypedValueParser<Value = String> {
    VariantNames
}

#[derive(Clone, Copy, Debug)]
struct VariantNames;

impl clap::builder::TypedValueParser for VariantNames {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            draughts::Variant::ALL
                .iter()
                .map(|v| clap::builder::PossibleValue::new(v.name())),
        ))
    }
}

/// A usage error for `--format` given to a subcommand that writes one fixed form.
fn refuse_format(global: &GlobalArgs, subcommand: &str) -> anyhow::Result<()> {
    match global.format_asked {
        Some(_) => Err(anyhow::anyhow!(
            "{subcommand} writes one form only; --format is not used by {subcommand}"
        )),
        None => Ok(()),
    }
}

/// Options of every subcommand that replays games.
#[derive(clap::Args, Debug, Clone)]
pub struct ReplayArgs {
    /// Play every game under these rules (default: the GameType or Variant tag, else a guess
    /// from the squares used). Aliases are taken too: see `pdnkit variants`.
    #[arg(long, value_name = "NAME", value_parser = variant_names())]
    pub variant: Option<String>,
    /// Skip variations (replay the main line only).
    #[arg(long)]
    pub mainline_only: bool,
    /// PDN 3.0 strictness: notes about non-standard notation become errors.
    #[arg(long)]
    pub strict: bool,
}

impl ReplayArgs {
    /// The library's replay options.
    pub fn options(&self) -> anyhow::Result<pdnkit::ReplayOptions> {
        let variant = variant_named(self.variant.as_deref())?;
        Ok(pdnkit::ReplayOptions {
            variant,
            mainline_only: self.mainline_only,
            strict: self.strict,
            ..pdnkit::ReplayOptions::default()
        })
    }
}

/// The variant `--variant` names, if given; a usage error when it names none.
pub fn variant_named(name: Option<&str>) -> anyhow::Result<Option<draughts::Variant>> {
    name.map(|n| draughts::Variant::from_name(n).ok_or_else(|| not_a_variant(n, &[])))
        .transpose()
}

/// Why `name` selects no rules: it is ambiguous (naming the variants it may mean), or unknown
/// (listing the variants known, and `extra` rule sets where the caller takes them too).
pub fn not_a_variant(name: &str, extra: &[&str]) -> anyhow::Error {
    use draughts::Variant;
    if let Some(candidates) = Variant::ambiguous(name) {
        let named: Vec<String> = candidates
            .iter()
            .map(|v| format!("{} ({v})", capitalised(v.name())))
            .collect();
        return anyhow::anyhow!(
            "the variant name {name:?} is ambiguous: {} players all call their game {}; \
             choose one of them",
            list(&named, "and"),
            name.to_lowercase()
        );
    }
    let known: Vec<&str> = Variant::ALL
        .iter()
        .map(|v| v.name())
        .chain(extra.iter().copied())
        .collect();
    anyhow::anyhow!(
        "unknown variant {name:?}; known: {} (aliases: `pdnkit variants`)",
        known.join(", ")
    )
}

/// `turkish` → `Turkish`.
fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `a, b and c` (or `a, b or c`, as `conjunction` says).
fn list(items: &[impl AsRef<str>], conjunction: &str) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

/// `White` or `Black`.
pub fn side_word(c: draughts::Colour) -> &'static str {
    match c {
        draughts::Colour::White => "White",
        draughts::Colour::Black => "Black",
    }
}
