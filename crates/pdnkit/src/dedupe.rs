//! Keys of games for finding duplicates: the same for games of the same variant, start
//! position and main-line moves, however the moves are written (`32-28` or `32x28`, short or
//! full capture paths, numbers or letters) and whatever their tags and comments say. A key is
//! built move by move, so the key of a game's first `n` moves is the key of a game of those `n`
//! moves: an unfinished copy of a game is found as a prefix.
//!
//! ```
//! use pdnkit::dedupe::move_keys;
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let key = |text: &str| {
//!     let raw = pdnkit::pdn::RawGame::from_text(text);
//!     check_game("d.pdn", &raw, &ReplayOptions::default(), |g| move_keys(g))
//! };
//! let long = key("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *");
//! let written_otherwise = key("[Event \"copy\"]\n[GameType \"20\"]\n32-28 19-23 28x19 14-23 1-1");
//! let unfinished = key("[GameType \"20\"]\n1. 32-28 19-23 *");
//! assert_eq!(long.last(), written_otherwise.last());
//! assert_eq!(long[2], *unfinished.last().unwrap());
//! ```
//!
//! [`Groups`] and [`Decisions`] decide, from what a first reading keeps of each game
//! ([`Keyed`]) and the unfinished copies a second reading finds ([`PrefixKeys`]), which games
//! are copies of one game and which copy is kept; [`Report`] says why, game by game.

use draughts::SquareSet;
use pdn::{Node, Variation};

use crate::CheckedGame;
use crate::filter::PartialDate;
use crate::names::{PlayerName, fold};

mod decide;
mod report;
#[cfg(test)]
mod tests;
pub use decide::{
    By, Containers, Decisions, Fate, Groups, Keyed, Order, PrefixKeys, Settings, Tally,
};
pub use report::{REPORT_HEADER, Report, ReportRow};

/// A 64-bit mix (splitmix64's finaliser): every bit of the input moves about half the output.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn mix_bytes(mut h: u64, bytes: &[u8]) -> u64 {
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word));
    }
    mix(h ^ bytes.len() as u64)
}

/// The keys of a game's main line: after no move (its variant and start), then after each
/// move, to the last. Moves the replay reached count by what they did (from, to, pieces taken);
/// the rest of the line, if it broke off, by the moves' text in normal form. An unreadable
/// game has one key, of its text.
pub fn move_keys(game: &CheckedGame<'_, '_>) -> Vec<u64> {
    let (Some(tree), Some(replayed), Some(config)) = (game.game, game.replayed, game.config())
    else {
        return vec![text_key(&game.raw.text)];
    };
    let start = replayed.start.map_or(0, |p| p.key());
    let mut h = mix_bytes(mix(start), config.variant.name().as_bytes());
    let mut keys = Vec::with_capacity(replayed.plies.len() + 1);
    keys.push(h);
    for p in &replayed.plies {
        let taken: SquareSet = p.mv.captures().iter().copied().collect();
        h = mix(h ^ mix(p.mv.from.index() as u64 | (p.mv.to.index() as u64) << 8));
        h = mix(h ^ mix(taken.bits() as u64) ^ mix((taken.bits() >> 64) as u64));
        keys.push(h);
    }
    // Written moves the replay did not reach (each hop of a joined capture was one move).
    let reached: usize = replayed.plies.iter().map(|p| 1 + p.joined as usize).sum();
    for m in tree.mainline_moves().skip(reached) {
        h = mix_bytes(h, m.canonical().as_bytes());
        keys.push(h);
    }
    keys
}

/// A key of a game's text, for games whose moves give none (no moves, or unreadable): stable
/// from run to run and machine to machine, as the move keys are.
pub fn text_key(text: &str) -> u64 {
    mix_bytes(0x7E47_7E47, text.as_bytes())
}

/// How much a copy of a game holds beyond its moves: its tags and comments (the copy with the
/// most is the one to keep).
pub fn richness(game: &CheckedGame<'_, '_>) -> usize {
    let Some(tree) = game.game else {
        return 0;
    };
    fn comments(nodes: &[Node<'_>]) -> usize {
        nodes
            .iter()
            .map(|n| match n {
                Node::Comment(_) => 1,
                Node::Variation(Variation { nodes, .. }) => comments(nodes),
                _ => 0,
            })
            .sum()
    }
    let header_comments = tree
        .header
        .iter()
        .filter(|h| matches!(h, pdn::HeaderItem::Comment(_)))
        .count();
    tree.tags().count() + header_comments + comments(&tree.body) + comments(&tree.trailer)
}

/// What a game says of itself beyond its moves, for telling copies from other games with the
/// same moves: who played it, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// A key of both players' names as [`PlayerName::key`] reads them, White's then Black's:
    /// equal for the same players however their names are written.
    pub players: u64,
    /// The year of the Date tag, when it is known.
    pub year: Option<u16>,
    /// A key of the Date and Round tags as written (folded): equal for games of the same
    /// day and round.
    pub occasion: u64,
}

impl Evidence {
    /// The evidence of a game's tags.
    pub fn of(game: &CheckedGame<'_, '_>) -> Evidence {
        Evidence::named(game, None)
    }

    /// [`Evidence::of`], each player's name read through `aliases` (a spelling it lists is
    /// its person's name).
    pub fn named(
        game: &CheckedGame<'_, '_>,
        aliases: Option<&crate::players::Aliases>,
    ) -> Evidence {
        let name = |tag: &str| {
            let written = game.tag(tag).unwrap_or_default();
            PlayerName::parse(aliases.map_or(written, |a| a.apply(written)))
        };
        let (white, black) = (name("White"), name("Black"));
        let players = mix_bytes(
            mix_bytes(0x9A7E_5EED, white.key().as_bytes()),
            black.key().as_bytes(),
        );
        let date = game.tag("Date").unwrap_or_default();
        let year = PartialDate::parse_tag(date).map(|d| d.year);
        let round = game.tag("Round").unwrap_or_default();
        let occasion = mix_bytes(
            mix_bytes(0xDA7E, fold(date).as_bytes()),
            fold(round).as_bytes(),
        );
        Evidence {
            players,
            year,
            occasion,
        }
    }

    /// Why a game with this evidence and the same moves is not a copy of `kept`'s game, or
    /// `None` when it is one. A game shorter than `min_plies` is a copy only when its players,
    /// date and round are the same (short games, forfeits above all, repeat between different
    /// games); a longer one when its players are the same and its year is not another.
    pub fn differs(&self, kept: &Evidence, plies: u32, min_plies: u32) -> Option<Difference> {
        if self.players != kept.players {
            return Some(Difference::Players);
        }
        if plies < min_plies {
            return (self.occasion != kept.occasion).then_some(Difference::Occasion);
        }
        match (self.year, kept.year) {
            (Some(a), Some(b)) if a != b => Some(Difference::Years),
            _ => None,
        }
    }
}

/// Why two games with the same moves are not taken for copies of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// Other players (names compared as [`crate::names`] reads them).
    Players,
    /// Dates in different years.
    Years,
    /// A short game of another date or round.
    Occasion,
}
