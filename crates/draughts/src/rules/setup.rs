//! FEN tag values to positions and back, per variant and notation, with clear reasons for
//! setups the rules cannot have.

use std::fmt;

use super::position::{Position, Role};
use super::spec::Rules;
use crate::SquareToken;
use crate::{Colour, Fen, FenGroup, FenItem, NotationKind};
use crate::{Notation, Square, SquareNames, SquareSet, push_number};

/// Why a FEN cannot be a position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The side to move is `?`.
    UnknownSideToMove,
    /// A colour block is `?`.
    UnknownColour,
    /// A square token names no playable square of this board.
    NotOnBoard(SquareToken),
    /// A range that is not two numbers in increasing order.
    BadRange(SquareToken, SquareToken),
    /// The same square appears twice.
    Duplicate(SquareToken),
    /// A man stands on the rank where it would have been crowned.
    ManOnPromotionRank(SquareToken),
    /// A side has more pieces than the variant's start gives it.
    TooManyPieces {
        /// The side.
        colour: Colour,
        /// Pieces in the FEN.
        count: usize,
        /// Pieces at the start.
        max: usize,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::UnknownSideToMove => write!(f, "the side to move is unknown (?)"),
            FenError::UnknownColour => write!(f, "a piece list has an unknown colour (?)"),
            FenError::NotOnBoard(t) => {
                write!(f, "square {t} is not a playable square of this board")
            }
            FenError::BadRange(a, b) => write!(f, "bad square range {a}-{b}"),
            FenError::Duplicate(t) => write!(f, "square {t} is listed twice"),
            FenError::ManOnPromotionRank(t) => {
                write!(f, "a man on {t} stands on its own promotion rank")
            }
            FenError::TooManyPieces { colour, count, max } => write!(
                f,
                "{} has {count} pieces, more than the {max} of the start position",
                if *colour == Colour::White {
                    "White"
                } else {
                    "Black"
                }
            ),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// The position a FEN describes, with squares named by `notation`. Under rules with a
    /// king-move limit (Frisian) lidraughts' king-move field `+<n><square>+<n><square>`
    /// (Black's streak first) sets the streaks; other extra fields (lidraughts' `H`/`F`
    /// counters) are ignored.
    ///
    /// # Errors
    /// See [`FenError`].
    pub fn from_fen(
        fen: &Fen,
        rules: &'static Rules,
        notation: &Notation,
    ) -> Result<Position, FenError> {
        let turn = fen.turn.ok_or(FenError::UnknownSideToMove)?;
        let names = notation.names();
        // The squares of each side and the kings, gathered first and set on the board at once
        // (a look at the board per piece costs more); `taken` finds a square listed twice.
        let mut own = [SquareSet::EMPTY; 2];
        let mut kings = SquareSet::EMPTY;
        let mut taken = SquareSet::EMPTY;
        let geometry = rules.geometry;
        // A man may not stand on its promotion rank: White's is the first `per_rank` squares
        // (the top rank), Black's the last ones (what `Geometry::rank` counts, without a
        // division per man).
        let per_rank = geometry.per_rank();
        let black_crowning = geometry.len() - per_rank;
        for group in &fen.groups {
            let colour = group.colour.ok_or(FenError::UnknownColour)?;
            let side = match colour {
                Colour::White => 0,
                Colour::Black => 1,
            };
            let on_crowning = |sq: Square| match colour {
                Colour::White => sq.index() < per_rank,
                Colour::Black => sq.index() >= black_crowning,
            };
            for item in &group.items {
                let mut place = |token: SquareToken, sq: Square| {
                    if taken.contains(sq) {
                        return Err(FenError::Duplicate(token));
                    }
                    if !item.king && on_crowning(sq) {
                        return Err(FenError::ManOnPromotionRank(token));
                    }
                    taken.insert(sq);
                    own[side].insert(sq);
                    if item.king {
                        kings.insert(sq);
                    }
                    Ok(())
                };
                if item.range_end.is_none() {
                    // One square, the common item: no range to walk.
                    let sq = names
                        .parse(item.square)
                        .ok_or(FenError::NotOnBoard(item.square))?;
                    place(item.square, sq)?;
                } else {
                    for (token, sq) in expand(item, names)? {
                        place(token, sq)?;
                    }
                }
            }
        }
        for (side, colour) in [Colour::White, Colour::Black].into_iter().enumerate() {
            let count = own[side].len();
            let max = rules.men_per_side();
            if count > max {
                return Err(FenError::TooManyPieces { colour, count, max });
            }
        }
        let mut pos = Position::empty(rules, turn);
        pos.set_pieces(own, kings);
        if rules.king_move_limit.is_some() {
            for extra in fen.extras.iter().filter(|e| e.starts_with('+')) {
                set_streaks(&mut pos, extra, notation);
            }
        }
        Ok(pos)
    }

    /// The FEN of this position in `notation`: White's block first, men before kings, runs
    /// of three or more consecutive numbered men written as ranges.
    pub fn to_fen(&self, notation: &Notation) -> Fen {
        let groups = [Colour::White, Colour::Black]
            .into_iter()
            .map(|colour| FenGroup {
                colour: Some(colour),
                items: self.fen_items(colour, notation),
            })
            .collect();
        let mut extras = Vec::new();
        let streaks = [Colour::Black, Colour::White].map(|c| self.king_streak(c));
        if streaks.iter().any(Option::is_some) {
            let field: String = streaks
                .iter()
                .map(|s| match s {
                    Some((sq, n)) => format!("+{n}{}", notation.format(*sq)),
                    None => "+0".to_string(),
                })
                .collect();
            extras.push(field);
        }
        Fen {
            turn: Some(self.side_to_move()),
            groups,
            extras,
            trailing_dot: false,
        }
    }

    /// The text of [`Self::to_fen`] (its `Display`), built directly.
    pub fn fen_text(&self, notation: &Notation) -> String {
        let mut out = String::with_capacity(96);
        self.write_fen(notation.names(), &mut out);
        out
    }

    /// The text of [`Self::to_fen`] (its `Display`), appended to `out` without building the
    /// `Fen` value: exporters write a FEN for every ply.
    pub fn write_fen(&self, names: &SquareNames, out: &mut String) {
        out.push(self.side_to_move().letter());
        let kings = self.kings();
        let numeric = names.notation().preferred() == NotationKind::Numeric;
        for colour in [Colour::White, Colour::Black] {
            out.push(':');
            out.push(colour.letter());
            let own = self.pieces(colour);
            let mut first = true;
            let mut item = |out: &mut String, king: bool, sq: Square| {
                if !std::mem::take(&mut first) {
                    out.push(',');
                }
                if king {
                    out.push('K');
                }
                names.push_name(out, sq);
            };
            // Runs of three or more consecutive numbers are written as ranges.
            let mut run: Option<(Square, Square, u32)> = None;
            let mut flush = |out: &mut String, run: Option<(Square, Square, u32)>| match run {
                Some((a, b, n)) if n >= 3 => {
                    item(out, false, a);
                    out.push('-');
                    names.push_name(out, b);
                }
                Some((a, b, 2)) => {
                    item(out, false, a);
                    item(out, false, b);
                }
                Some((a, _, _)) => item(out, false, a),
                None => {}
            };
            for sq in names.in_fen_order(own.difference(kings)) {
                if let Some((a, last, n)) = run
                    && numeric
                    && number(names.format(sq)) == number(names.format(last)) + 1
                {
                    run = Some((a, sq, n + 1));
                    continue;
                }
                flush(out, run);
                run = Some((sq, sq, 1));
            }
            flush(out, run);
            for sq in names.in_fen_order(own.intersection(kings)) {
                item(out, true, sq);
            }
        }
        let streaks = [Colour::Black, Colour::White].map(|c| self.king_streak(c));
        if streaks.iter().any(Option::is_some) {
            out.push(':');
            for s in streaks {
                out.push('+');
                match s {
                    Some((sq, n)) => {
                        push_number(out, u16::from(n));
                        names.push_name(out, sq);
                    }
                    None => out.push('0'),
                }
            }
        }
    }

    fn fen_items(&self, colour: Colour, notation: &Notation) -> Vec<FenItem> {
        let kings = self.kings();
        let names = notation.names();
        let mut men: Vec<SquareToken> = Vec::new();
        let mut crowned: Vec<SquareToken> = Vec::new();
        for sq in self.pieces(colour) {
            let t = names.format(sq);
            if kings.contains(sq) {
                crowned.push(t)
            } else {
                men.push(t)
            }
        }
        men.sort_by_key(token_key);
        crowned.sort_by_key(token_key);
        let mut items = if notation.preferred() == NotationKind::Numeric {
            ranges(&men)
        } else {
            men.iter().map(|&t| single(t, false)).collect()
        };
        items.extend(crowned.into_iter().map(|t| single(t, true)));
        items
    }
}

/// Reads `+<n><square>+<n><square>` (Black first; `n` is one digit, a streak never exceeds
/// the limit of 3). A count without a square names no king and is dropped.
fn set_streaks(pos: &mut Position, field: &str, notation: &Notation) {
    let parts: Vec<&str> = field.split('+').skip(1).collect();
    for (part, colour) in parts.iter().zip([Colour::Black, Colour::White]) {
        let digits = usize::from(part.starts_with(|c: char| c.is_ascii_digit()));
        let count = part[..digits].parse::<u8>().unwrap_or(0);
        let square =
            crate::parse_square_token(&part[digits..]).and_then(|(t, _)| notation.parse(t));
        let king = square.filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.colour == colour && p.role == Role::King)
        });
        if let (Some(sq), true) = (king, count > 0) {
            pos.set_king_streak(colour, Some((sq, count)));
        }
    }
}

fn number(t: SquareToken) -> u16 {
    match t {
        SquareToken::Num(n) => n,
        SquareToken::Alg { .. } | SquareToken::File(_) => 0,
    }
}

fn token_key(t: &SquareToken) -> (u8, u16) {
    match *t {
        SquareToken::Num(n) => (0, n),
        SquareToken::Alg { file, rank } => (file, rank as u16),
        SquareToken::File(file) => (file, 0),
    }
}

fn single(square: SquareToken, king: bool) -> FenItem {
    FenItem {
        king,
        square,
        range_end: None,
    }
}

/// Numeric men as items, runs of three or more written as ranges.
fn ranges(sorted: &[SquareToken]) -> Vec<FenItem> {
    let num = |t: &SquareToken| match t {
        SquareToken::Num(n) => *n,
        SquareToken::Alg { .. } | SquareToken::File(_) => 0,
    };
    let mut items = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && num(&sorted[j + 1]) == num(&sorted[j]) + 1 {
            j += 1;
        }
        if j - i >= 2 {
            items.push(FenItem {
                king: false,
                square: sorted[i],
                range_end: Some(sorted[j]),
            });
        } else {
            items.extend(sorted[i..=j].iter().map(|&t| single(t, false)));
        }
        i = j + 1;
    }
    items
}

/// The tokens of one FEN item: one square, or a range of numbers.
#[derive(Clone, Copy)]
enum ItemTokens {
    One(SquareToken),
    Range(u16, u16),
}

impl ItemTokens {
    fn iter(self) -> impl Iterator<Item = SquareToken> {
        let (one, range) = match self {
            ItemTokens::One(t) => (Some(t), None),
            ItemTokens::Range(a, b) => (None, Some(a..=b)),
        };
        one.into_iter()
            .chain(range.into_iter().flatten().map(SquareToken::Num))
    }
}

/// The squares of one FEN item (a range gives several), each checked to be on the board
/// before any is given.
fn expand(
    item: &FenItem,
    names: &'static SquareNames,
) -> Result<impl Iterator<Item = (SquareToken, Square)>, FenError> {
    let tokens = match item.range_end {
        None => ItemTokens::One(item.square),
        Some(end) => match (item.square, end) {
            (SquareToken::Num(a), SquareToken::Num(b)) if a <= b => ItemTokens::Range(a, b),
            _ => return Err(FenError::BadRange(item.square, end)),
        },
    };
    if let Some(t) = tokens.iter().find(|&t| names.parse(t).is_none()) {
        return Err(FenError::NotOnBoard(t));
    }
    Ok(tokens
        .iter()
        .filter_map(move |t| names.parse(t).map(|sq| (t, sq))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::test_rng::TestRng;

    fn fen(s: &str) -> Fen {
        Fen::parse(s).unwrap()
    }

    fn load(v: Variant, s: &str) -> Result<Position, FenError> {
        Position::from_fen(&fen(s), v.rules(), &v.notation())
    }

    /// `write_fen` writes what `to_fen` displays, in every variant's notation and the other
    /// kind, along random games (kings, ranges, Frisian streaks).
    #[test]
    fn write_fen_matches_to_fen_along_random_games() {
        let mut rng = TestRng::new(0x2545_f491_4f6c_dd1d);
        let mut next = move |n: usize| rng.below(n);
        for v in Variant::ALL {
            let n = v.notation();
            let other = n.geometry();
            let alternatives = [
                n,
                Notation::new(other, NotationKind::Alphanumeric, 0, Colour::White),
                Notation::new(other, NotationKind::Numeric, 3, Colour::Black),
            ];
            for _ in 0..20 {
                let mut pos = Position::initial(v.rules());
                for _ in 0..150 {
                    for notation in &alternatives {
                        let mut text = String::new();
                        pos.write_fen(notation.names(), &mut text);
                        assert_eq!(text, pos.to_fen(notation).to_string(), "{v}");
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(&moves[next(moves.len())]);
                }
            }
        }
        let mut streaks = load(Variant::Frisian, "W:WK46,K50,31,32:BK1,K5,19,20").unwrap();
        let sq = |n| {
            Variant::Frisian
                .notation()
                .names()
                .parse(SquareToken::Num(n))
                .unwrap()
        };
        streaks.set_king_streak(Colour::White, Some((sq(46), 2)));
        let mut text = String::new();
        streaks.write_fen(Variant::Frisian.notation().names(), &mut text);
        assert_eq!(
            text,
            streaks.to_fen(&Variant::Frisian.notation()).to_string()
        );
        assert!(text.ends_with(":+0+246"), "{text}");
    }

    #[test]
    fn start_positions_round_trip() {
        for v in Variant::ALL {
            let start = Position::initial(v.rules());
            let text = start.to_fen(&v.notation());
            assert_eq!(load(v, &text.to_string()).unwrap(), start, "{v}: {text}");
        }
        let int = Position::initial(Variant::International.rules());
        assert_eq!(
            int.to_fen(&Variant::International.notation()).to_string(),
            "W:W31-50:B1-20"
        );
        let eng = Position::initial(Variant::English.rules());
        assert_eq!(
            eng.to_fen(&Variant::English.notation()).to_string(),
            "B:W21-32:B1-12"
        );
        let thai = Position::initial(Variant::Thai.rules());
        assert_eq!(
            thai.to_fen(&Variant::Thai.notation()).to_string(),
            "B:W1-8:B25-32"
        );
        let spanish = Position::initial(Variant::Spanish.rules());
        assert_eq!(
            spanish.to_fen(&Variant::Spanish.notation()).to_string(),
            "W:W1-12:B21-32"
        );
        let russian = Position::initial(Variant::Russian.rules());
        assert!(
            russian
                .to_fen(&Variant::Russian.notation())
                .to_string()
                .starts_with("W:Wa1,a3,b2,")
        );
    }

    #[test]
    fn numeric_and_algebraic_name_the_same_position() {
        let a = load(Variant::Russian, "W:WKa1:Bc3,f4").unwrap();
        let n = load(Variant::Russian, "W:WK29:B22,19").unwrap();
        assert_eq!(a, n);
        assert_eq!(
            a.to_fen(&Variant::Russian.notation()).to_string(),
            "W:WKa1:Bc3,f4"
        );
    }

    #[test]
    fn frisian_king_move_field_round_trips() {
        let p = load(Variant::Frisian, "W:W45,K41:BK1:+0+241").unwrap();
        assert_eq!(p.king_streak(Colour::White).map(|(_, n)| n), Some(2));
        assert_eq!(p.king_streak(Colour::Black), None);
        assert_eq!(
            p.to_fen(&Variant::Frisian.notation()).to_string(),
            "W:W45,K41:BK1:+0+241"
        );
        let int = load(Variant::International, "W:W45,K41:BK1:+0+241").unwrap();
        assert_eq!(int.king_streak(Colour::White), None);
    }

    #[test]
    fn impossible_setups_are_rejected_with_a_reason() {
        use FenError::*;
        let v = Variant::International;
        assert_eq!(load(v, "?:W31:B1"), Err(UnknownSideToMove));
        assert_eq!(load(v, "W:?31:B1"), Err(UnknownColour));
        assert_eq!(load(v, "W:W51:B1"), Err(NotOnBoard(SquareToken::Num(51))));
        assert_eq!(load(v, "W:W31,31:B1"), Err(Duplicate(SquareToken::Num(31))));
        assert_eq!(load(v, "W:W31:B31"), Err(Duplicate(SquareToken::Num(31))));
        assert_eq!(
            load(v, "W:W3:B40"),
            Err(ManOnPromotionRank(SquareToken::Num(3)))
        );
        assert_eq!(
            load(v, "W:W30:B48"),
            Err(ManOnPromotionRank(SquareToken::Num(48)))
        );
        assert!(load(v, "W:WK3:BK48").is_ok());
        assert_eq!(
            load(v, "W:W40-35:B1"),
            Err(BadRange(SquareToken::Num(40), SquareToken::Num(35)))
        );
        assert!(matches!(
            load(v, "W:W10-50:B1"),
            Err(TooManyPieces {
                count: 41,
                max: 20,
                ..
            })
        ));
        assert!(matches!(
            load(Variant::Russian, "W:Wa2:Bc3"),
            Err(NotOnBoard(_))
        ));
        assert!(load(v, "W:W31:B").is_ok());
    }
}
