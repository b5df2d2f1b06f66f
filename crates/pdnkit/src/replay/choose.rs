//! Which rules a game is played under: the `--variant` flag, else the `GameType` tag, else the
//! `Variant` tag, else a guess from the squares the game uses (confirmed by replaying the game
//! under each candidate), else international.

use draughts::SquareToken;
use draughts::{Config, Fen, GameType, Variant};
use pdn::Game;

use super::code::{Code, Severity};
use super::diagnostic::Diagnostic;

/// Where the variant came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The `--variant` flag.
    Flag,
    /// The `GameType` tag.
    GameType,
    /// The `Variant` tag.
    VariantTag,
    /// Guessed from the squares (and confirmed by replay).
    Guess,
    /// Decided for the whole archive from the evidence of its games.
    Archive,
}

/// The outcome of choosing: a configuration, or the diagnostic that says why none exists.
pub enum Choice {
    /// Play under this configuration.
    Known(Config, Source),
    /// No tag decides: replay under each of [`candidates`] and keep the best.
    Guess,
    /// The tags name rules pdnkit does not know.
    Unknown(Diagnostic),
}

/// Decides the rules for `game`.
pub fn choose(game: &Game<'_>, forced: Option<Variant>) -> Choice {
    let game_type = game.game_type();
    let gt_span = game.tags().find(|t| t.name == "GameType").map(|t| t.span);
    let unknown = |message: String| {
        let d = Diagnostic::new(Severity::Error, Code::UnknownVariant, message);
        Choice::Unknown(match gt_span {
            Some(s) => d.with_span(s),
            None => d,
        })
    };
    if let Some(v) = forced {
        // The flag decides the rules; a GameType may still say how squares are written.
        let config = match game_type {
            Some(Ok(gt)) => Config::with_game_type(v, &gt).unwrap_or(Config::standard(v)),
            _ => Config::standard(v),
        };
        return Choice::Known(config, Source::Flag);
    }
    match game_type {
        Some(Ok(gt)) => {
            let by_number = Config::from_game_type(&gt);
            let refined = refinement(game, &gt, by_number.as_ref().ok().map(|c| c.variant))
                .and_then(|v| Config::with_game_type(v, &gt).ok());
            return match (refined, by_number) {
                (Some(config), _) => Choice::Known(config, Source::VariantTag),
                (None, Ok(config)) => Choice::Known(config, Source::GameType),
                (None, Err(e)) => unknown(format!("{e}; use --variant to choose the rules")),
            };
        }
        Some(Err(e)) => return unknown(format!("{e}; use --variant to choose the rules")),
        None => {}
    }
    if let Some(tag) = game.tag("Variant") {
        return match Variant::from_name(tag) {
            Some(v) => Choice::Known(Config::standard(v), Source::VariantTag),
            None => {
                let span = game.tags().find(|t| t.name == "Variant").map(|t| t.span);
                let d = Diagnostic::new(
                    Severity::Error,
                    Code::UnknownVariant,
                    format!("unknown Variant {tag:?}; use --variant to choose the rules"),
                );
                Choice::Unknown(match span {
                    Some(s) => d.with_span(s),
                    None => d,
                })
            }
        };
    }
    Choice::Guess
}

/// The variant the tags name, without guessing: `None` when no tag names a variant pdnkit
/// knows (writers use this to see whether a game's own tags still say how it was played).
pub fn tagged_variant(game: &Game<'_>) -> Option<Variant> {
    match choose(game, None) {
        Choice::Known(config, _) => Some(config.variant),
        _ => None,
    }
}

/// A `Variant` tag that names a variant played with the moves of the GameType's number:
/// py-draughts writes Antidraughts and Breakthrough as GameType 20 and Frysk! as 40, with the
/// real name in the `Variant` tag (lidraughts gives them 98, 96 and 97). A GameType without a
/// number of its own (`-1,W,10,10,N2,0`) only describes a board: a `Variant` tag naming a
/// variant played on that board names the rules (Malaysian on 10x10, Ghanaian on the
/// dark-cornered board).
fn refinement(game: &Game<'_>, gt: &GameType, by_number: Option<Variant>) -> Option<Variant> {
    let named = Variant::from_name(game.tag("Variant")?)?;
    let refines = matches!(
        (by_number, named),
        (
            Some(Variant::International),
            Variant::Antidraughts | Variant::Breakthrough
        ) | (Some(Variant::Frisian), Variant::Frysk)
    );
    let board_only = gt.number < 0
        && by_number != Some(named)
        && gt.attrs.is_some_and(|a| {
            named
                .boards()
                .any(|r| (r.geometry.width(), r.geometry.height()) == (a.width, a.height))
        });
    (refines || board_only).then_some(named)
}

/// True when `config`, chosen for `game`, is a variant played on several boards and the game's
/// GameType does not say which (no GameType, or one without its attributes): the board is then
/// the one the moves replay on.
pub fn board_is_open(game: &Game<'_>, config: &Config) -> bool {
    config.variant.has_other_boards()
        && !matches!(game.game_type(), Some(Ok(gt)) if gt.attrs.is_some())
}

/// `config` on `board`, one of its variant's boards, named as the variant names its standard
/// board; the first mover stays.
pub fn on_board(config: Config, board: &'static draughts::Rules) -> Config {
    Config {
        first_mover: config.first_mover,
        ..Config::on_board(config.variant, board)
    }
}

/// Variants that could have produced the squares of `game`, most likely first; `fen` is its
/// `FEN` tag, read (the caller has it already to set the game up).
pub fn candidates(game: &Game<'_>, fen: Option<&Fen>) -> Vec<Variant> {
    candidates_of(game.mainline_moves().flat_map(|m| m.squares()), fen)
}

/// [`candidates`] of a game whose main-line squares are `squares` and whose `FEN` tag is
/// `fen`.
pub fn candidates_of(
    mut squares: impl Iterator<Item = SquareToken>,
    fen: Option<&Fen>,
) -> Vec<Variant> {
    use Variant::*;
    let mut max = 0u16;
    // A square written with a letter decides alone (the boards named by files and ranks), so
    // the squares after it are not read; numbers need the largest.
    let mut lettered = |t: SquareToken| match t {
        SquareToken::Num(n) => {
            max = max.max(n);
            false
        }
        SquareToken::Alg { .. } | SquareToken::File(_) => true,
    };
    let alg = squares.any(&mut lettered)
        || fen.is_some_and(|fen| {
            fen.groups
                .iter()
                .flat_map(|g| &g.items)
                .any(|item| lettered(item.square) || item.range_end.is_some_and(&mut lettered))
        });
    if !alg && max == 0 {
        // Nothing written on a board: the PDN default of lidraughts and the FMJD.
        return vec![International, English];
    }
    if alg {
        vec![
            Russian,
            Brazilian,
            Czech,
            Pool,
            English,
            Turkish,
            Spantsiretti,
        ]
    } else if max > 50 {
        vec![Canadian, Malaysian]
    } else if max > 32 {
        vec![International, Frisian]
    } else {
        vec![
            English,
            International,
            Italian,
            Spanish,
            Russian,
            Brazilian,
            Pool,
            Czech,
            Thai,
        ]
    }
}
