//! Games with one injected slip of a known kind, for measuring repairs: random legal games of
//! a variant, each written move by move, then one slip of the kinds writers make. Shared by
//! the repair tests and `examples/repair_eval.rs` (which prints the table per kind and
//! variant).
#![allow(dead_code)]

use draughts::{GameState, Move, NotationKind, Square, Variant};
use pdnkit::export::{game_type_value, minimal_legal};
use pdnkit::repair::{Slip, repairs};
use pdnkit::{ReplayOptions, check_game};

/// A deterministic generator (xorshift64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The kinds of slip injected (the whole-line ones only where the board allows).
pub const KINDS: [Slip; 10] = [
    Slip::Digit,
    Slip::DigitsSwapped,
    Slip::FromToSwapped,
    Slip::Route,
    Slip::MissingPly,
    Slip::DoubledPly,
    Slip::PliesSwapped,
    Slip::NumberingReversed,
    Slip::BoardMirrored,
    Slip::CaptureDue,
];

/// A random legal game: each move written as `convert --to pdn` writes it, captures of more
/// than one piece also in full (for route slips).
pub struct Played {
    pub variant: Variant,
    /// The start position when it is not the variant's (a FEN).
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub played: Vec<Move>,
    /// The squares of each move, start to end, every landing square included.
    pub paths: Vec<Vec<Square>>,
}

/// A random game of `variant` of at most `plies` plies.
pub fn random_game(variant: Variant, rng: &mut Rng, plies: usize) -> Played {
    let mut game = GameState::initial(variant);
    let (mut moves, mut played, mut paths) = (Vec::new(), Vec::new(), Vec::new());
    while moves.len() < plies && !game.outcome().is_over() {
        let legal = game.legal_moves();
        let m = legal[rng.below(legal.len())];
        moves.push(minimal_legal(game.config(), game.position(), &m));
        let mut path = vec![m.from];
        path.extend_from_slice(m.landings());
        if !m.is_capture() {
            path = vec![m.from, m.to];
        }
        paths.push(path);
        played.push(m);
        game.play(&m);
    }
    Played {
        variant,
        fen: None,
        moves,
        played,
        paths,
    }
}

/// A real game whose main line replays clean, its moves written as `convert --to pdn` writes
/// them (in its variant's standard numbering).
pub fn from_game(g: &pdnkit::CheckedGame<'_, '_>) -> Option<Played> {
    let (replayed, config) = (g.replayed?, g.config()?);
    if g.record.status != pdnkit::Verdict::Clean || replayed.plies.is_empty() {
        return None;
    }
    let standard = draughts::Config::standard(config.variant);
    if config.notation != standard.notation {
        return None;
    }
    let start = replayed.start?;
    let initial = *GameState::initial(config.variant).position();
    let fen = (start != initial).then(|| start.fen_text(&config.notation));
    let mut out = Played {
        variant: config.variant,
        fen,
        moves: Vec::new(),
        played: Vec::new(),
        paths: Vec::new(),
    };
    for p in &replayed.plies {
        out.moves.push(minimal_legal(config, &p.before, &p.mv));
        let path = if p.mv.is_capture() {
            std::iter::once(p.mv.from)
                .chain(p.mv.landings().iter().copied())
                .collect()
        } else {
            vec![p.mv.from, p.mv.to]
        };
        out.paths.push(path);
        out.played.push(p.mv);
    }
    Some(out)
}

/// The game as PDN.
pub fn pdn(variant: Variant, fen: Option<&str>, moves: &[String]) -> String {
    let setup = fen.map_or(String::new(), |f| format!("[FEN \"{f}\"]\n"));
    format!(
        "[GameType \"{}\"]\n{setup}{} *\n",
        game_type_value(variant),
        moves.join(" ")
    )
}

/// The moves a game's main line plays (start, end, pieces taken), as far as it replays.
pub fn played_moves(text: &str) -> (Vec<(Square, Square, Vec<Square>)>, bool) {
    let raw = pdnkit::pdn::RawGame::from_text(text);
    check_game("t.pdn", &raw, &ReplayOptions::default(), |g| {
        let Some(r) = g.replayed else {
            return (Vec::new(), false);
        };
        let moves = r
            .plies
            .iter()
            .map(|p| (p.mv.from, p.mv.to, p.mv.captures().to_vec()))
            .collect();
        (moves, g.record.ok)
    })
}

/// `moves` with one slip of `kind` made at ply index `at` (from `at` on for whole-line
/// slips); `None` when the kind does not apply there.
pub fn inject(game: &Played, kind: Slip, at: usize, rng: &mut Rng) -> Option<Vec<String>> {
    let config = draughts::Config::standard(game.variant);
    let notation = config.notation;
    let numeric = notation.preferred() == NotationKind::Numeric;
    let mut moves = game.moves.clone();
    let sep_of = |text: &str| -> char {
        text.chars()
            .find(|c| matches!(c, '-' | 'x' | ':'))
            .unwrap_or('-')
    };
    let name = |sq: Square| notation.format(sq).to_string();
    match kind {
        Slip::Digit | Slip::DigitsSwapped => {
            let m = &game.played[at];
            let (from, to) = (name(m.from), name(m.to));
            let which = rng.below(2);
            let square = if which == 0 { &from } else { &to };
            let mut chars: Vec<char> = square.chars().collect();
            if kind == Slip::Digit {
                let i = rng.below(chars.len());
                let choices: Vec<char> = if chars[i].is_ascii_digit() {
                    ('0'..='9').filter(|&c| c != chars[i]).collect()
                } else {
                    ('a'..='h').filter(|&c| c != chars[i]).collect()
                };
                chars[i] = choices[rng.below(choices.len())];
                if chars[0] == '0' {
                    return None;
                }
            } else {
                if chars.len() < 2 || chars[0] == chars[1] || !numeric {
                    return None;
                }
                chars.swap(0, 1);
                if chars[0] == '0' {
                    return None;
                }
            }
            let edited: String = chars.into_iter().collect();
            let sep = sep_of(&moves[at]);
            moves[at] = if which == 0 {
                format!("{edited}{sep}{to}")
            } else {
                format!("{from}{sep}{edited}")
            };
        }
        Slip::FromToSwapped => {
            let m = &game.played[at];
            moves[at] = format!("{}{}{}", name(m.to), sep_of(&moves[at]), name(m.from));
        }
        Slip::Route => {
            let path = &game.paths[at];
            if path.len() < 3 {
                return None;
            }
            // An intermediate landing square replaced by another square of the board.
            let i = 1 + rng.below(path.len() - 2);
            let all: Vec<Square> = notation.geometry().all().collect();
            let wrong = all[rng.below(all.len())];
            if path.contains(&wrong) {
                return None;
            }
            let sep = config.variant.capture_separator();
            let mut squares = path.clone();
            squares[i] = wrong;
            moves[at] = squares
                .iter()
                .map(|s| name(*s))
                .collect::<Vec<_>>()
                .join(&sep.to_string());
        }
        Slip::MissingPly => {
            moves.remove(at);
        }
        Slip::DoubledPly => {
            let again = moves[at].clone();
            moves.insert(at + 1, again);
        }
        Slip::PliesSwapped => {
            if at + 1 >= moves.len() {
                return None;
            }
            moves.swap(at, at + 1);
        }
        Slip::NumberingReversed | Slip::BoardMirrored => {
            let g = notation.geometry();
            let turn = |sq: Square| -> Option<Square> {
                if kind == Slip::NumberingReversed {
                    pdnkit::repair::turned(g, sq)
                } else {
                    pdnkit::repair::mirrored_in_row(g, sq)
                }
            };
            for (i, path) in game.paths.iter().enumerate() {
                let sep = sep_of(&moves[i]);
                // Every landing square of a capture written as `convert` wrote it: the ends,
                // or the whole path when the short form was ambiguous.
                let full = moves[i].matches(sep).count() > 1;
                let squares: Vec<Square> = if full {
                    path.clone()
                } else {
                    vec![path[0], path[path.len() - 1]]
                };
                let turned: Option<Vec<String>> =
                    squares.iter().map(|s| turn(*s).map(&name)).collect();
                moves[i] = turned?.join(&sep.to_string());
            }
        }
        // A capture due, and written in its place the last move of the same side again (its
        // start is empty now): what a writer copying the wrong line puts down.
        Slip::CaptureDue => {
            if at < 2 || !game.played[at].is_capture() {
                return None;
            }
            moves[at] = moves[at - 2].clone();
        }
        Slip::Nearest => return None,
    }
    Some(moves)
}

/// What became of one injected slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The slip leaves a legal game (another legal move): nothing to find.
    Silent,
    /// The top suggestion is confirmed and gives back the original game.
    Repaired,
    /// A suggestion gives back the original game, but none is confirmed.
    Suggested,
    /// No suggestion gives back the original game, and none is confirmed.
    Missed,
    /// A confirmed suggestion gives another game: a wrong repair.
    Wrong,
}

/// Injects the slip and judges the repairs.
pub fn judge(game: &Played, faulty: &[String]) -> Outcome {
    let original = pdn(game.variant, game.fen.as_deref(), &game.moves);
    let text = pdn(game.variant, game.fen.as_deref(), faulty);
    let (want, _) = played_moves(&original);
    let raw = pdnkit::pdn::RawGame::from_text(text.clone());
    let options = ReplayOptions::default();
    check_game("t.pdn", &raw, &options, |g| {
        if g.record.ok {
            return Outcome::Silent;
        }
        let found = repairs(g, &options);
        let Some(main) = found.into_iter().find(|f| f.variation == 0) else {
            return Outcome::Missed;
        };
        let mut suggested = false;
        for (i, s) in main.suggestions.iter().enumerate() {
            let Some(fixed) = pdnkit::repair::apply(&text, g.game.expect("read"), s) else {
                continue;
            };
            let right = played_moves(&fixed).0 == want;
            if s.confirmed && i == 0 {
                return if right {
                    Outcome::Repaired
                } else {
                    Outcome::Wrong
                };
            }
            suggested |= right;
        }
        if suggested {
            Outcome::Suggested
        } else {
            Outcome::Missed
        }
    })
}
