//! `pdnkit diagram`: the picture of one position as SVG (or PNG): a FEN of a variant, a
//! variant's start, or the position after a ply of a game of an archive. The drawing is
//! `pdnkit::diagram`'s; this file finds the position and reads the options.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use draughts::{Config, Fen, GameState, Move, Notation, Position, Variant};
use pdnkit::diagram::{Arrow, Options, Paint, Theme, parse_route, svg};
use pdnkit::{CheckedGame, Severity, check_game};

use super::input;
use super::output::Output;
use super::{GlobalArgs, Status, not_a_variant};

/// Arguments of `pdnkit diagram`.
#[derive(clap::Args, Debug)]
pub struct DiagramArgs {
    /// A PDN file: draw a position of one of its games (`-` is standard input).
    #[arg(value_name = "FILE", conflicts_with = "fen")]
    pub file: Option<PathBuf>,
    /// The game of FILE to draw (1 is the first).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "file")]
    pub game: u64,
    /// The position after this many plies of the game's main line (0: its start; default: the
    /// last position the replay reached).
    #[arg(long, value_name = "K", requires = "file")]
    pub ply: Option<u32>,
    /// The rules (default international; with FILE, the game is played under them whatever its
    /// tags say). See `pdnkit variants`.
    #[arg(long, value_name = "NAME", value_parser = super::variant_names())]
    pub variant: Option<String>,
    /// Draw this position, in the variant's notation (`W:W28,31-50:B1-18,20,23`).
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Width of the picture in pixels.
    #[arg(long, value_name = "PX", default_value_t = pdnkit::diagram::DEFAULT_SIZE,
          value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub size: u32,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Write each played square's name in its corner (default for numbered boards).
    #[arg(long, conflicts_with = "no_labels")]
    pub numbers: bool,
    /// Write file letters and rank numbers around the board (default for algebraic boards).
    #[arg(long, conflicts_with = "no_labels")]
    pub coordinates: bool,
    /// Write neither square names nor coordinates.
    #[arg(long)]
    pub no_labels: bool,
    /// Tint the squares of the last move and mark the pieces it took; with a game, the move
    /// of the last ply drawn; else the move given (`32-28`).
    #[arg(long, value_name = "MOVE", num_args = 0..=1, default_missing_value = "")]
    pub last_move: Option<String>,
    /// An arrow: FROM-TO, or a route `28x19x10`, optionally `:COLOUR` (red, green, blue,
    /// yellow, orange, purple or #rrggbb; default green). Repeatable.
    #[arg(long, value_name = "FROM-TO[:COLOUR]")]
    pub arrow: Vec<String>,
    /// Squares to tint, separated by commas. Repeatable.
    #[arg(long, value_name = "SQUARES", value_delimiter = ',')]
    pub squares: Vec<String>,
    /// The colours of the board.
    #[arg(long, value_enum, default_value = "light")]
    pub theme: ThemeArg,
    /// Write PNG instead of SVG (also chosen by an `-o` name ending in `.png`).
    #[arg(long)]
    pub png: bool,
    /// Write to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// A theme, as `--theme` names it.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeArg {
    /// Light and brown squares in a dark frame.
    Light,
    /// Grey squares in a near-black frame.
    Dark,
}

/// The position to draw and what the source knows about it.
struct Drawn {
    position: Position,
    notation: Notation,
    /// The move that led to it, when it comes from a game.
    last: Option<Move>,
}

/// Runs `pdnkit diagram`.
pub fn run(args: DiagramArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    global.refuse_format("diagram", "SVG or PNG (--png)", None)?;
    let png = args.png
        || args
            .output
            .as_deref()
            .and_then(Path::extension)
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if png && args.output.is_none() && std::io::stdout().is_terminal() {
        bail!(
            "a PNG is binary and stdout is a terminal: write it to a file (-o board.png) or \
             into a pipe"
        );
    }
    let drawn = match &args.file {
        Some(file) => from_game(&args, file)?,
        None => from_fen(&args)?,
    };
    let options = options(&args, &drawn)?;
    let picture = svg(&drawn.position, &drawn.notation, &options);
    let bytes = if png {
        super::png::render(&picture)?
    } else {
        picture.into_bytes()
    };
    let mut out = Output::open(args.output.as_deref())?;
    out.write_all(&bytes).context("writing the picture")?;
    out.finish()?;
    Ok(Status::default())
}

/// The variant of `--variant`, or international.
fn variant(args: &DiagramArgs) -> anyhow::Result<Variant> {
    match &args.variant {
        None => Ok(Variant::International),
        Some(name) => Variant::from_name(name).ok_or_else(|| not_a_variant(name, &[])),
    }
}

/// The position of `--fen`, or the variant's start.
fn from_fen(args: &DiagramArgs) -> anyhow::Result<Drawn> {
    let config = Config::standard(variant(args)?);
    let game = match &args.fen {
        None => GameState::new(config),
        Some(text) => {
            let fen = Fen::parse(text).with_context(|| format!("reading FEN {text:?}"))?;
            GameState::from_fen(&fen, config)
                .with_context(|| format!("setting up FEN {text:?} as {}", config.variant))?
        }
    };
    Ok(Drawn {
        position: *game.position(),
        notation: config.notation,
        last: None,
    })
}

/// The position after `--ply` plies of game `--game` of `file`.
fn from_game(args: &DiagramArgs, file: &Path) -> anyhow::Result<Drawn> {
    let replay = super::ReplayArgs {
        variant: args.variant.clone(),
        mainline_only: true,
        strict: false,
    };
    let files = [file.to_path_buf()];
    let archive = input::read_only(&files).replay_options(replay.options()?);
    for game in archive.each_game() {
        let game = game?;
        if game.game.index != args.game {
            continue;
        }
        return check_game(&game.file, &game.game, &game.options, |checked| {
            position_at(checked, args.ply)
        });
    }
    bail!(
        "{}: there is no game {} in this file",
        input::display_name(file),
        args.game
    )
}

/// The position of a checked game after `ply` plies (the last one reached by default).
fn position_at(checked: &CheckedGame<'_, '_>, ply: Option<u32>) -> anyhow::Result<Drawn> {
    let r = checked.record;
    let reached_plies = checked.replayed.map_or(0, |p| p.plies.len() as u32);
    // The error that stopped the replay (at the first ply not played), else the first one.
    let first_error = || {
        let errors = || {
            r.diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
        };
        errors()
            .find(|d| d.variation == 0 && d.ply == Some(reached_plies + 1))
            .or_else(|| errors().next())
            .map(|d| {
                format!(
                    "{}:{}:{}: error[{}]: {}",
                    r.file,
                    d.line,
                    d.column,
                    d.code.name(),
                    d.message
                )
            })
            .unwrap_or_default()
    };
    let (Some(replayed), Some(config)) = (checked.replayed, checked.config()) else {
        bail!(
            "{}: {} cannot be replayed: {}",
            r.file,
            r.describe(),
            first_error()
        );
    };
    let Some(start) = replayed.start else {
        bail!(
            "{}: {} has no start position: {}",
            r.file,
            r.describe(),
            first_error()
        );
    };
    let reached = replayed.plies.len() as u32;
    let ply = ply.unwrap_or(reached);
    if ply > reached {
        if reached < replayed.written {
            bail!(
                "{}: {} replays {reached} of its {} plies, not {ply}: {}",
                r.file,
                r.describe(),
                replayed.written,
                first_error()
            );
        }
        let plies = if reached == 1 { "ply" } else { "plies" };
        bail!(
            "{}: {} has {reached} {plies}; --ply {ply} is past its end",
            r.file,
            r.describe()
        );
    }
    let (position, last) = match ply.checked_sub(1) {
        None => (start, None),
        Some(i) => {
            let p = &replayed.plies[i as usize];
            (p.after, Some(p.mv))
        }
    };
    Ok(Drawn {
        position,
        notation: config.notation,
        last,
    })
}

/// The drawing options the arguments ask for.
fn options(args: &DiagramArgs, drawn: &Drawn) -> anyhow::Result<Options> {
    let notation = &drawn.notation;
    let mut o = Options::new(notation);
    o.size = args.size;
    o.flip = args.flip;
    if args.no_labels {
        (o.numbers, o.coordinates) = (false, false);
    } else if args.numbers || args.coordinates {
        (o.numbers, o.coordinates) = (args.numbers, args.coordinates);
    }
    o.theme = match args.theme {
        ThemeArg::Light => Theme::Light,
        ThemeArg::Dark => Theme::Dark,
    };
    match args.last_move.as_deref() {
        None => {}
        Some("") => match drawn.last {
            Some(mv) => o = o.with_last_move(&mv),
            None if args.file.is_some() => {
                bail!("--last-move: the position drawn is the game's start; no move led to it")
            }
            None => bail!("--last-move needs the move with --fen (`--last-move 32-28`)"),
        },
        Some(text) => {
            let route =
                parse_route(notation, text).map_err(|e| anyhow::anyhow!("--last-move: {e}"))?;
            let (first, last) = (route[0], route[route.len() - 1]);
            o.last_move = Some((first, last));
        }
    }
    for spec in &args.arrow {
        o.arrows.push(arrow(notation, spec)?);
    }
    for name in &args.squares {
        let route = parse_route(notation, name).map_err(|e| anyhow::anyhow!("--squares: {e}"))?;
        o.squares.extend(route);
    }
    Ok(o)
}

/// `FROM-TO[:COLOUR]`: the colour is what follows the last `:` when that is a colour (a
/// Russian capture is written with `:` too).
fn arrow(notation: &Notation, spec: &str) -> anyhow::Result<Arrow> {
    let (route, paint) = match spec.rsplit_once(':') {
        Some((route, colour)) if colour.starts_with('#') || !looks_like_square(colour) => {
            let paint = Paint::parse(colour).ok_or_else(|| {
                let names: Vec<&str> = Paint::NAMED.iter().map(|(n, _)| *n).collect();
                anyhow::anyhow!(
                    "--arrow {spec}: unknown colour {colour:?}; use {} or #rrggbb",
                    names.join(", ")
                )
            })?;
            (route, paint)
        }
        _ => (spec, Paint::GREEN),
    };
    let route = parse_route(notation, route).map_err(|e| anyhow::anyhow!("--arrow {spec}: {e}"))?;
    if route.len() < 2 {
        bail!("--arrow {spec}: an arrow needs two squares (FROM-TO)");
    }
    Ok(Arrow { route, paint })
}

/// True for a word that reads as a square name (`e5`, `32`).
fn looks_like_square(word: &str) -> bool {
    draughts::parse_square_token(word).is_some_and(|(_, len)| len == word.len())
}
