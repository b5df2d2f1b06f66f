//! Finding the plies of games where a position, a pattern, a material balance or a manoeuvre
//! occurs: what `pdnkit search` runs on every checked game. A query is written once and read
//! in each game's own variant and notation (the squares of `W:W28:B19` mean what they mean in
//! the game's numbering).
//!
//! ```
//! use pdnkit::search::{Query, Target};
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let query = Query::new(Target::parse_fen("B:W28,31,33-50:B1-20").unwrap());
//! let raw = pdnkit::pdn::RawGame::from_text("[GameType \"20\"]\n1. 32-28 19-23 *");
//! let hits = check_game("g.pdn", &raw, &ReplayOptions::default(), |g| query.hits(g));
//! assert_eq!(hits.len(), 1);
//! assert_eq!((hits[0].ply, hits[0].fen.as_str()), (1, "B:W28,31,33-50:B1-20"));
//! ```

use std::collections::HashMap;
use std::sync::Mutex;

use draughts::{
    Colour, Fen, FenItem, Geometry, Move, Notation, Position, Role, Square, SquareSet, SquareToken,
    Variant, parse_square_token,
};

use crate::export::full_path;
use crate::{CheckedGame, Ply};

mod row;
pub use row::{HEADER, Row, header_row, marked_text};

/// What to look for, and how.
#[derive(Debug)]
pub struct Query {
    target: Target,
    /// Positions match whoever is to move.
    pub any_side: bool,
    /// Also match the position with the board turned and the colours swapped.
    pub mirror: bool,
    /// A pattern must hold for at least this many positions in a row (1: any one position).
    pub at_least: u32,
    /// Also look in variations.
    pub variations: bool,
    /// The target read in each variant and notation met, read once.
    compiled: Mutex<HashMap<(Variant, Notation), Result<Compiled, String>>>,
    /// A second query that must match after this one, and within how many plies.
    then: Option<(Box<Query>, u32)>,
}

/// What a query looks for.
#[derive(Clone, Debug)]
pub enum Target {
    /// An exact position (pieces, and the side to move unless [`Query::any_side`]).
    Position(Fen),
    /// Pieces that must stand on given squares and squares that must be empty.
    Pattern(Pattern),
    /// How many men and kings each side has.
    Material(Material),
    /// A move of some kind.
    Move(MoveKind),
}

/// A partial position as written: `W:W28,K33:B19:E22,23` (side to move `W`, `B` or `?`; `E`
/// lists squares that must be empty).
#[derive(Clone, Debug)]
pub struct Pattern {
    turn: Option<Colour>,
    white: Vec<FenItem>,
    black: Vec<FenItem>,
    empty: Vec<FenItem>,
}

/// Men and kings of each side (`W:3,K1 B:2`: three white men and a white king against two
/// black men).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    /// White's men and kings.
    pub white: (usize, usize),
    /// Black's men and kings.
    pub black: (usize, usize),
}

/// A kind of move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A piece going from one square to another (`32-28`, `c3-e5`), quiet or capturing.
    FromTo(SquareToken, SquareToken),
    /// A capture of at least this many pieces (`x3`).
    CaptureOf(usize),
    /// A man crowned.
    Promotion,
    /// A capture that takes a king.
    KingTaken,
}

/// One place a query matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The ply after which the position stands (0: the start; for a move, the move's ply).
    pub ply: u32,
    /// The number of the move of that ply (none at the start).
    pub move_number: Option<u32>,
    /// The side that played it (none at the start).
    pub side: Option<Colour>,
    /// The move of that ply as a full path in the game's notation (`47x38x29`; none at the
    /// start).
    pub mv: Option<String>,
    /// The position after it, as PDN FEN in the game's notation.
    pub fen: String,
    /// 0 in the main line, else the variation's depth.
    pub variation: u32,
    /// It matched the position turned and with colours swapped.
    pub mirrored: bool,
}

/// Why a query cannot be read in a variant: a square off its board, a position that cannot
/// stand on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotReadable {
    /// The variant the query was read in.
    pub variant: Variant,
    /// What does not fit.
    pub why: String,
}

impl std::fmt::Display for NotReadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "in {}: {}", self.variant, self.why)
    }
}

/// A target read in one variant and notation.
#[derive(Clone, Debug)]
enum Compiled {
    Position(Position),
    Pattern {
        turn: Option<Colour>,
        pieces: [SquareSet; 4],
        empty: SquareSet,
    },
    Material(Material),
    FromTo(Square, Square),
    CaptureOf(usize),
    Promotion,
    KingTaken,
}

impl Target {
    /// An exact position from a FEN.
    ///
    /// # Errors
    /// When the FEN cannot be read.
    pub fn parse_fen(text: &str) -> Result<Target, String> {
        Fen::parse(text)
            .map(Target::Position)
            .map_err(|e| format!("FEN `{text}`: {e}"))
    }

    /// A pattern: `SIDE:W...:B...:E...` with the groups in any order, each optional.
    ///
    /// # Errors
    /// When a group or a square cannot be read.
    pub fn parse_pattern(text: &str) -> Result<Target, String> {
        let mut fields = text.split(':');
        let turn = match fields.next().map(str::trim) {
            Some("W") => Some(Colour::White),
            Some("B") => Some(Colour::Black),
            Some("?" | "") => None,
            Some(other) => return Err(format!("pattern `{text}`: `{other}` is not W, B or ?")),
            None => None,
        };
        let mut pattern = Pattern {
            turn,
            white: Vec::new(),
            black: Vec::new(),
            empty: Vec::new(),
        };
        for field in fields {
            let field = field.trim();
            let (list, rest) = match field.chars().next() {
                Some('W' | 'w') => (&mut pattern.white, &field[1..]),
                Some('B' | 'b') => (&mut pattern.black, &field[1..]),
                Some('E' | 'e') => (&mut pattern.empty, &field[1..]),
                _ => return Err(format!("pattern `{text}`: a group starts with W, B or E")),
            };
            // The groups read as a FEN's, one colour at a time.
            let fen = Fen::parse(&format!("W:W{rest}:B"))
                .map_err(|e| format!("pattern `{text}`: {e}"))?;
            list.extend(fen.groups[0].items.iter().copied());
        }
        Ok(Target::Pattern(pattern))
    }

    /// Material: `W:MEN,K<KINGS> B:MEN,K<KINGS>`, each side's part optional (missing is none).
    ///
    /// # Errors
    /// When a count cannot be read.
    pub fn parse_material(text: &str) -> Result<Target, String> {
        let mut m = Material {
            white: (0, 0),
            black: (0, 0),
        };
        for part in text.split_whitespace() {
            let (side, counts) = part
                .split_once(':')
                .ok_or_else(|| format!("material `{text}`: write W:MEN,KKINGS B:MEN,KKINGS"))?;
            let slot = match side {
                "W" | "w" => &mut m.white,
                "B" | "b" => &mut m.black,
                _ => return Err(format!("material `{text}`: `{side}` is not W or B")),
            };
            for count in counts.split(',').filter(|c| !c.is_empty()) {
                let (kings, digits) = match count.strip_prefix(['K', 'k']) {
                    Some(d) => (true, d),
                    None => (false, count),
                };
                let n: usize = digits
                    .parse()
                    .map_err(|_| format!("material `{text}`: `{count}` is not a count"))?;
                if kings {
                    slot.1 = n;
                } else {
                    slot.0 = n;
                }
            }
        }
        Ok(Target::Material(m))
    }

    /// A move: `FROM-TO` (any separator), `xN` (a capture of at least N pieces), `promotion`
    /// or `king-taken`.
    ///
    /// # Errors
    /// When the text is none of these.
    pub fn parse_move(text: &str) -> Result<Target, String> {
        let t = text.trim();
        let kind = match t {
            "promotion" => MoveKind::Promotion,
            "king-taken" => MoveKind::KingTaken,
            _ if t.starts_with('x') && t[1..].bytes().all(|b| b.is_ascii_digit()) => {
                MoveKind::CaptureOf(t[1..].parse().map_err(|_| format!("move `{t}`"))?)
            }
            _ => {
                let (from, to) = t.split_once(['-', 'x', ':']).ok_or_else(|| {
                    format!("move `{t}`: write FROM-TO, xN, promotion or king-taken")
                })?;
                let square = |s: &str| {
                    parse_square_token(s)
                        .filter(|(_, n)| *n == s.len())
                        .map(|(t, _)| t)
                        .ok_or_else(|| format!("move `{t}`: `{s}` is not a square"))
                };
                MoveKind::FromTo(square(from)?, square(to)?)
            }
        };
        Ok(Target::Move(kind))
    }
}

/// How a query looks for its target, as a user asks for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryOptions {
    /// Positions match whoever is to move (positions and patterns).
    pub any_side: bool,
    /// Also match the mirror image (positions, patterns and material).
    pub mirror: bool,
    /// A pattern must hold for at least this many positions in a row (patterns only).
    pub at_least: Option<u32>,
    /// Also look in variations.
    pub variations: bool,
}

/// An option asked for that does not apply to the query's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misapplied {
    /// [`QueryOptions::at_least`]: patterns only.
    AtLeast,
    /// [`QueryOptions::any_side`]: positions and patterns only.
    AnySide,
    /// [`QueryOptions::mirror`]: positions, patterns and material only.
    Mirror,
}

impl Query {
    /// A query for `target`, in the main line, either side not allowed, no mirror.
    pub fn new(target: Target) -> Query {
        Query {
            target,
            any_side: false,
            mirror: false,
            at_least: 1,
            variations: false,
            compiled: Mutex::new(HashMap::new()),
            then: None,
        }
    }

    /// A sequence: this query, then `then` at most `within` plies later (at least one ply
    /// later) in the same main line. Its hits are `then`'s places that follow a place of this
    /// query; variations are not searched.
    ///
    /// ```
    /// use pdnkit::search::{Query, Target};
    /// use pdnkit::{ReplayOptions, check_game};
    ///
    /// let first = Query::new(Target::parse_pattern("?:W28").unwrap());
    /// let then = Query::new(Target::parse_pattern("?:B23").unwrap());
    /// let raw = pdnkit::pdn::RawGame::from_text("[GameType \"20\"]\n1. 32-28 19-23 *");
    /// let near = first.followed_by(then, 1);
    /// let hits = check_game("g.pdn", &raw, &ReplayOptions::default(), |g| near.hits(g));
    /// assert_eq!(hits.iter().map(|h| h.ply).collect::<Vec<_>>(), [2]);
    /// ```
    pub fn followed_by(mut self, then: Query, within: u32) -> Query {
        self.then = Some((Box::new(then), within));
        self
    }

    /// A query for `target` looked for as `options` say, each option checked to apply to it.
    ///
    /// # Errors
    /// The first option that does not apply to the target.
    pub fn with_options(target: Target, options: QueryOptions) -> Result<Query, Misapplied> {
        if options.at_least.is_some() && !matches!(target, Target::Pattern(_)) {
            return Err(Misapplied::AtLeast);
        }
        if options.any_side && !matches!(target, Target::Position(_) | Target::Pattern(_)) {
            return Err(Misapplied::AnySide);
        }
        if options.mirror && matches!(target, Target::Move(_)) {
            return Err(Misapplied::Mirror);
        }
        let mut q = Query::new(target);
        q.any_side = options.any_side;
        q.mirror = options.mirror;
        q.at_least = options.at_least.unwrap_or(1);
        q.variations = options.variations;
        Ok(q)
    }

    /// The target of the query.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The places `game` matches the query, in order; none for a game that was not replayed,
    /// or in whose variant and notation the query cannot be read ([`Self::try_hits`] says why).
    /// Positions are those after each ply played (and the start); moves those played.
    pub fn hits(&self, game: &CheckedGame<'_, '_>) -> Vec<Hit> {
        self.try_hits(game).unwrap_or_default()
    }

    /// [`Self::hits`], or why the query cannot be read in the game's variant and notation.
    ///
    /// # Errors
    /// A square of the query that is not on the game's board, a position that cannot stand
    /// on it.
    pub fn try_hits(&self, game: &CheckedGame<'_, '_>) -> Result<Vec<Hit>, NotReadable> {
        let (Some(replayed), Some(config)) = (game.replayed, game.config()) else {
            return Ok(Vec::new());
        };
        let Some(start) = replayed.start else {
            return Ok(Vec::new());
        };
        let compiled = self.compiled_in(config.variant, &config.notation)?;
        let mut hits = Vec::new();
        let mut run = 0u32;
        let at_least = self.at_least.max(1);
        // The start position, then the position after each ply of the main line.
        let main =
            std::iter::once((None, start)).chain(replayed.plies.iter().map(|p| (Some(p), p.after)));
        for (ply, pos) in main {
            match self.matches(&compiled, ply, &pos) {
                Some(mirrored) => {
                    run += 1;
                    // Every position matching, or for a pattern that must hold for several
                    // positions in a row, one hit per run, at its first position.
                    if at_least == 1 || run == at_least {
                        let first = position_index(ply) + 1 - at_least;
                        let (at, at_pos) = nth_position(replayed.plies.as_slice(), start, first);
                        hits.push(hit(at, &at_pos, config, mirrored));
                    }
                }
                None => run = 0,
            }
        }
        if let Some((then, within)) = &self.then {
            let firsts: Vec<u32> = hits.iter().map(|h| h.ply).collect();
            let follows = |h: &Hit| firsts.iter().any(|&a| a < h.ply && h.ply <= a + within);
            let mut seconds = then.try_hits(game)?;
            seconds.retain(|h| h.variation == 0 && follows(h));
            return Ok(seconds);
        }
        if self.variations {
            for p in &replayed.variation_plies {
                if let Some(mirrored) = self.matches(&compiled, Some(p), &p.after) {
                    hits.push(hit(Some(p), &p.after, config, mirrored));
                }
            }
        }
        Ok(hits)
    }

    /// Whether the query can be read in `variant` with squares named by `notation`: every
    /// square on its board, a position that can stand on it.
    ///
    /// # Errors
    /// What does not fit.
    pub fn check_in(&self, variant: Variant, notation: &Notation) -> Result<(), NotReadable> {
        self.compiled_in(variant, notation)?;
        match &self.then {
            Some((then, _)) => then.check_in(variant, notation),
            None => Ok(()),
        }
    }

    /// Whether some variant can read the query in its standard notation (square numbers are
    /// read in every notation); a query no board can hold is refused before any game is read.
    ///
    /// # Errors
    /// Why the variant with the most squares cannot read it.
    pub fn check_somewhere(&self) -> Result<(), NotReadable> {
        let mut variants = Variant::ALL;
        variants.sort_by_key(|v| v.rules().geometry.len());
        let mut last = Ok(());
        for v in variants {
            last = self.check_in(v, &draughts::Config::standard(v).notation);
            if last.is_ok() {
                break;
            }
        }
        last
    }

    /// The target read in `variant` and `notation`, read once for each pair.
    fn compiled_in(&self, variant: Variant, notation: &Notation) -> Result<Compiled, NotReadable> {
        let mut cache = self.compiled.lock().expect("query cache lock");
        cache
            .entry((variant, *notation))
            .or_insert_with(|| self.compile(variant, notation))
            .clone()
            .map_err(|why| NotReadable { variant, why })
    }

    /// Whether the position after `ply` (or the move of `ply`) matches; `Some(true)` when
    /// only its mirror image does.
    fn matches(&self, c: &Compiled, ply: Option<&Ply>, pos: &Position) -> Option<bool> {
        if self.matches_as_is(c, ply, pos) {
            return Some(false);
        }
        let mirrorable = !matches!(
            c,
            Compiled::FromTo(..)
                | Compiled::CaptureOf(_)
                | Compiled::Promotion
                | Compiled::KingTaken
        );
        (self.mirror && mirrorable && self.matches_as_is(c, ply, &mirrored(pos))).then_some(true)
    }

    fn matches_as_is(&self, c: &Compiled, ply: Option<&Ply>, pos: &Position) -> bool {
        let side_ok =
            |turn: Option<Colour>| self.any_side || turn.is_none_or(|t| t == pos.side_to_move());
        match c {
            Compiled::Position(q) => side_ok(Some(q.side_to_move())) && pieces(q) == pieces(pos),
            Compiled::Pattern {
                turn,
                pieces: wanted,
                empty,
            } => {
                let have = pieces(pos);
                let occupied = have.iter().fold(SquareSet::default(), |a, s| a.union(*s));
                side_ok(*turn)
                    && wanted
                        .iter()
                        .zip(&have)
                        .all(|(w, h)| w.difference(*h).is_empty())
                    && empty.intersection(occupied).is_empty()
            }
            Compiled::Material(m) => {
                (pos.count(Colour::White), pos.count(Colour::Black)) == (m.white, m.black)
            }
            Compiled::FromTo(from, to) => ply.is_some_and(|p| p.mv.from == *from && p.mv.to == *to),
            Compiled::CaptureOf(n) => ply.is_some_and(|p| p.mv.captures().len() >= *n),
            Compiled::Promotion => ply.is_some_and(|p| p.mv.promotes),
            Compiled::KingTaken => ply.is_some_and(|p| takes_king(&p.mv, &p.before)),
        }
    }

    /// The target in one variant and notation.
    fn compile(&self, variant: Variant, notation: &Notation) -> Result<Compiled, String> {
        let rules = variant.rules();
        let square = |t: SquareToken| {
            notation
                .parse(t)
                .ok_or_else(|| format!("square {t} is not on its board"))
        };
        Ok(match &self.target {
            Target::Position(fen) => {
                let mut fen = fen.clone();
                // Whoever is to move, when either side may be.
                if fen.turn.is_none() && self.any_side {
                    fen.turn = Some(Colour::White);
                }
                Compiled::Position(
                    Position::from_fen(&fen, rules, notation).map_err(|e| e.to_string())?,
                )
            }
            Target::Pattern(p) => {
                let (wm, wk) = items_squares(&p.white, notation)?;
                let (bm, bk) = items_squares(&p.black, notation)?;
                let (em, ek) = items_squares(&p.empty, notation)?;
                Compiled::Pattern {
                    turn: p.turn,
                    pieces: [wm, wk, bm, bk],
                    empty: em.union(ek),
                }
            }
            Target::Material(m) => Compiled::Material(*m),
            Target::Move(MoveKind::FromTo(a, b)) => Compiled::FromTo(square(*a)?, square(*b)?),
            Target::Move(MoveKind::CaptureOf(n)) => Compiled::CaptureOf(*n),
            Target::Move(MoveKind::Promotion) => Compiled::Promotion,
            Target::Move(MoveKind::KingTaken) => Compiled::KingTaken,
        })
    }
}

/// The index of the position after `ply` among a line's positions (the start is 0).
fn position_index(ply: Option<&Ply>) -> u32 {
    ply.map_or(0, |p| p.ply)
}

/// The `n`-th position of a main line (0: the start) and the ply that led to it.
fn nth_position(plies: &[Ply], start: Position, n: u32) -> (Option<&Ply>, Position) {
    match n.checked_sub(1) {
        None => (None, start),
        Some(i) => {
            let p = &plies[i as usize];
            (Some(p), p.after)
        }
    }
}

fn hit(ply: Option<&Ply>, pos: &Position, config: &draughts::Config, mirrored: bool) -> Hit {
    Hit {
        ply: position_index(ply),
        move_number: ply.map(|p| p.number),
        side: ply.map(|p| p.side),
        mv: ply.map(|p| full_path(config, &p.mv)),
        fen: pos.fen_text(&config.notation),
        variation: ply.map_or(0, |p| p.depth),
        mirrored,
    }
}

/// White men, white kings, black men, black kings.
fn pieces(pos: &Position) -> [SquareSet; 4] {
    let kings = pos.kings();
    let (white, black) = (pos.pieces(Colour::White), pos.pieces(Colour::Black));
    [
        white.difference(kings),
        white.intersection(kings),
        black.difference(kings),
        black.intersection(kings),
    ]
}

/// The position with the board turned half a turn and the colours swapped: the same
/// position seen from the other side.
pub fn mirrored(pos: &Position) -> Position {
    let g = pos.geometry();
    let mut out = Position::empty(pos.rules(), pos.side_to_move().opposite());
    for sq in pos.pieces(Colour::White).union(pos.pieces(Colour::Black)) {
        if let Some(piece) = pos.piece_at(sq) {
            let mut turned = piece;
            turned.colour = piece.colour.opposite();
            if let Some(to) = turn_square(g, sq) {
                out.set_piece(to, Some(turned));
            }
        }
    }
    out
}

/// The square half a turn away: `(x, y)` to `(width - 1 - x, height - 1 - y)`, which is
/// playable again on every board pdnkit knows (their sides are even).
fn turn_square(g: Geometry, sq: Square) -> Option<Square> {
    let (x, y) = g.coords(sq);
    g.square_at(g.width() as i32 - 1 - x, g.height() as i32 - 1 - y)
}

/// Men and kings named by FEN items (ranges of numbers included).
fn items_squares(items: &[FenItem], notation: &Notation) -> Result<(SquareSet, SquareSet), String> {
    let (mut men, mut kings) = (SquareSet::default(), SquareSet::default());
    for item in items {
        let tokens: Vec<SquareToken> = match (item.square, item.range_end) {
            (SquareToken::Num(a), Some(SquareToken::Num(b))) if a <= b => {
                (a..=b).map(SquareToken::Num).collect()
            }
            (t, None) => vec![t],
            (t, Some(_)) => return Err(format!("range from {t}: only numbers make ranges")),
        };
        for t in tokens {
            let sq = notation
                .parse(t)
                .ok_or_else(|| format!("square {t} is not on its board"))?;
            if item.king {
                kings.insert(sq);
            } else {
                men.insert(sq);
            }
        }
    }
    Ok((men, kings))
}

fn takes_king(m: &Move, before: &Position) -> bool {
    m.captures()
        .iter()
        .any(|&sq| before.piece_at(sq).is_some_and(|p| p.role == Role::King))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_that_do_not_apply_to_the_target_are_refused() {
        let fen = || Target::parse_fen("W:W28:B19").unwrap();
        let pattern = || Target::parse_pattern("W:W28").unwrap();
        let material = || Target::parse_material("W:3 B:2").unwrap();
        let moves = || Target::parse_move("x3").unwrap();
        let with = |at_least, any_side, mirror| QueryOptions {
            any_side,
            mirror,
            at_least,
            variations: false,
        };
        let q = Query::with_options(pattern(), with(Some(4), true, true)).unwrap();
        assert_eq!((q.at_least, q.any_side, q.mirror), (4, true, true));
        let refused = |t: Target, o| Query::with_options(t, o).err();
        assert_eq!(
            refused(fen(), with(Some(1), false, false)),
            Some(Misapplied::AtLeast)
        );
        assert_eq!(
            refused(material(), with(None, true, false)),
            Some(Misapplied::AnySide)
        );
        assert_eq!(
            refused(moves(), with(None, false, true)),
            Some(Misapplied::Mirror)
        );
        assert_eq!(refused(material(), with(None, false, true)), None);
        assert_eq!(refused(fen(), with(None, true, true)), None);
    }
}
