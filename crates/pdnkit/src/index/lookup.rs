//! A search query answered from an index: the exact position looked up in each variant the
//! files answered from hold, and the hits' rows made from the games' records.

use std::io;

use draughts::{Colour, Config, Position, Variant};

use super::format::{Entry, GameView};
use super::{Index, IndexError, indexed_key};
use crate::search::{NotReadable, Query, Row, Target, mirrored};

/// A position found in the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexHit {
    /// Where it stands: file, game, ply.
    pub entry: Entry,
    /// The position as PDN FEN in its variant's standard notation.
    pub fen: String,
    /// It matched the position turned and with colours swapped.
    pub mirrored: bool,
}

/// What a lookup found.
#[derive(Debug, Default)]
pub struct Lookup {
    /// The hits in the order of the archive (file, game, ply), each place once.
    pub hits: Vec<IndexHit>,
    /// The variants searched.
    pub searched: Vec<Variant>,
    /// The variants of the files answered from in which the query cannot be read, and why.
    pub not_searched: Vec<NotReadable>,
}

impl Index {
    /// The variants the games of files `chosen` (numbers in [`Self::files`]) were played in.
    pub fn variants(&self, chosen: &[usize]) -> Vec<Variant> {
        let bits = chosen
            .iter()
            .fold(0u32, |all, &n| all | self.files()[n].variants);
        Variant::ALL
            .iter()
            .enumerate()
            .filter(|(n, _)| bits & (1 << n) != 0)
            .map(|(_, &v)| v)
            .collect()
    }

    /// The hits of `query`, an exact position ([`Target::Position`]), in the files `chosen`
    /// (numbers in [`Self::files`], in increasing order): the position read in each variant
    /// they hold, in that variant's standard notation; the other side to move too with
    /// [`Query::any_side`] or a FEN without one, the mirror image too with [`Query::mirror`].
    ///
    /// # Errors
    /// When the query is not an exact position, or the index cannot be read.
    pub fn lookup(&self, query: &Query, chosen: &[usize]) -> Result<Lookup, IndexError> {
        let Target::Position(fen) = query.target() else {
            return Err(IndexError::NotAPosition);
        };
        let mut lookup = Lookup::default();
        for variant in self.variants(chosen) {
            match query.check_in(variant, &Config::standard(variant).notation) {
                Ok(()) => lookup.searched.push(variant),
                Err(why) => lookup.not_searched.push(why),
            }
        }
        for &variant in &lookup.searched {
            let config = Config::standard(variant);
            let mut wanted = fen.clone();
            if wanted.turn.is_none() {
                wanted.turn = Some(Colour::White);
            }
            let pos =
                Position::from_fen(&wanted, variant.rules(), &config.notation).map_err(|e| {
                    IndexError::Unreadable(NotReadable {
                        variant,
                        why: e.to_string(),
                    })
                })?;
            let mut looked: Vec<(Position, bool)> = vec![(pos, false)];
            if query.any_side || fen.turn.is_none() {
                let mut other = pos;
                other.set_side_to_move(pos.side_to_move().opposite());
                looked.push((other, false));
            }
            if query.mirror {
                let turned: Vec<(Position, bool)> =
                    looked.iter().map(|(p, _)| (mirrored(p), true)).collect();
                looked.extend(turned);
            }
            let number = super::variant_number(variant);
            for (p, was_mirrored) in looked {
                for e in self.find(indexed_key(&p, variant))? {
                    if e.variant == number && chosen.contains(&(e.file as usize)) {
                        lookup.hits.push(IndexHit {
                            entry: e,
                            fen: p.fen_text(&config.notation),
                            mirrored: was_mirrored,
                        });
                    }
                }
            }
        }
        // In the order of the archive, as a search without the index finds them.
        let place = |h: &IndexHit| (h.entry.file, h.entry.game, h.entry.ply);
        lookup.hits.sort_by_key(place);
        lookup.hits.dedup_by_key(|h| place(h));
        Ok(lookup)
    }

    /// Calls `f` with the row of each hit of `lookup`, in order, each game's record read once.
    ///
    /// # Errors
    /// When the index cannot be read, holds no record of a game its entries name, or `f`
    /// fails.
    pub fn rows<E: From<io::Error> + From<IndexError>>(
        &self,
        lookup: &Lookup,
        mut f: impl FnMut(Row<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let game_of = |h: &IndexHit| (h.entry.file, h.entry.game);
        let mut wanted: Vec<(u32, u32)> = lookup.hits.iter().map(game_of).collect();
        wanted.dedup();
        // The rows of each game as its record comes, in the order of the hits.
        let mut hits = lookup.hits.iter().peekable();
        self.each_game(&wanted, |slot, game| -> Result<(), E> {
            while let Some(h) = hits.next_if(|h| game_of(h) <= wanted[slot]) {
                if game_of(h) != wanted[slot] {
                    return Err(self.no_record(&h.entry).into());
                }
                f(self.row(h, game))?;
            }
            Ok(())
        })?;
        match hits.next() {
            Some(h) => Err(self.no_record(&h.entry).into()),
            None => Ok(()),
        }
    }

    fn row<'a>(&'a self, h: &'a IndexHit, game: &GameView<'a>) -> Row<'a> {
        let e = &h.entry;
        Row {
            file: &self.files()[e.file as usize].path,
            game: u64::from(e.game),
            event: game.event,
            white: game.white,
            black: game.black,
            date: game.date,
            ply: u32::from(e.ply),
            move_number: (e.side != 2).then_some(u32::from(e.number)),
            played_by: match e.side {
                0 => Some("white"),
                1 => Some("black"),
                _ => None,
            },
            mv: (e.ply > 0)
                .then(|| game.move_at(usize::from(e.ply) - 1))
                .flatten(),
            variation: 0,
            mirrored: h.mirrored,
            fen: &h.fen,
        }
    }

    fn no_record(&self, e: &Entry) -> IndexError {
        IndexError::NoRecord {
            game: e.game,
            file: self.files()[e.file as usize].path.clone(),
        }
    }
}
