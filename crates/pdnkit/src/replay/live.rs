//! A game played one written move at a time (the Python module's `Board`): each move is read
//! as the replay reads it in an archive (the same notations, the same diagnostics), from the
//! state the moves before it left, so a move costs the same late in a game as early.

use draughts::{Colour, GameState, Move, Outcome, Resolver};
use pdn::{Game, RawGame, parse_game};

use super::code::{Code, Severity};
use super::diagnostic::Diagnostic;
use super::line::{Cursor, Walker};
use super::result::{self, DrawnAt};
use super::{Ply, ReplayOptions, syntax_notes, unread_moves};

/// A game played move by move, each move written as in an archive.
///
/// ```
/// use pdnkit::draughts::{GameState, Variant};
/// use pdnkit::{Code, LiveGame};
///
/// let mut game = LiveGame::new(GameState::initial(Variant::Russian));
/// game.play("cd4").unwrap(); // Russian short notation
/// game.play("f6-g5").unwrap();
/// game.play("e3-f4").unwrap();
/// let capture = game.play("g5xc5").unwrap(); // a capture of two pieces, by its ends
/// assert_eq!(capture.captures().len(), 2);
/// game.play("a3-b4").unwrap();
/// // Black must take: the quiet move is refused as the replay of an archive reports it, and
/// // the game stays as it was.
/// let refused = game.play("h6-g5").unwrap_err();
/// assert_eq!(refused.code, Code::CaptureRequired);
/// assert_eq!(refused.at.as_ref().map(|at| at.ply), Some(6));
/// assert_eq!(game.plies(), 5);
/// let taken = game.play("c5:a3").unwrap();
/// assert_eq!(taken.captures().len(), 1);
/// assert_eq!(game.plies(), 6);
/// ```
#[derive(Clone, Debug)]
pub struct LiveGame {
    cursor: Cursor,
    /// The game was found over (drawn by a rule) before a move played since: as in a replay,
    /// only the first move after the end is reported.
    ended: bool,
    /// Where a draw rule ended the game, once one has.
    drawn: Option<DrawnAt>,
    /// The number and side of the last move played.
    last: Option<(u32, Colour)>,
    options: ReplayOptions,
    resolver: Resolver,
}

impl LiveGame {
    /// A game from `state`, its first move numbered 1, the fast paths as
    /// [`ReplayOptions::default`] takes them.
    pub fn new(state: GameState) -> LiveGame {
        let options = ReplayOptions {
            variant: Some(state.config().variant),
            mainline_only: true,
            ..ReplayOptions::default()
        };
        LiveGame {
            cursor: Cursor {
                state: state.with_fast_paths(options.fast_paths),
                before_last: None,
                ply: 0,
                number: 1,
            },
            ended: false,
            drawn: None,
            last: None,
            options,
            resolver: Resolver::new(),
        }
    }

    /// The game after the moves played.
    pub fn state(&self) -> &GameState {
        &self.cursor.state
    }

    /// Moves played.
    pub fn plies(&self) -> u32 {
        self.cursor.ply
    }

    /// Plays the move written as `text` (one move, in any form an archive may write it) and
    /// returns it; or returns the first error the replay of the whole game in an archive
    /// reports about it or about no move, leaving the game as it was. Notes and warnings (a
    /// capture written with `-`, a move after a draw by rule) do not refuse a move.
    ///
    /// # Errors
    /// The diagnostic of the error: `syntax`, `unread-move`, `unknown-square`, `no-piece`,
    /// `wrong-side`, `illegal-move`, a capture fault, `ambiguous-move` (nothing follows to
    /// tell the routes apart), `moves-after-end`, `result-mismatch` (a result that the
    /// position contradicts); `illegal-move` when the text holds no move or several.
    pub fn play(&mut self, text: &str) -> Result<Move, Diagnostic> {
        let raw = RawGame::from_text(format!("{text} *\n"));
        let game = parse_game(&raw).map_err(|err| {
            let message = crate::record::syntax_error_message(&err);
            Diagnostic::new(Severity::Error, Code::Syntax, message)
        })?;
        let mut cursor = self.cursor.clone();
        let mut ended = self.ended;
        let (found, plies, drawn) = self.walk(&game, &mut cursor, &mut ended);
        let ply = self.cursor.ply + 1;
        let error = found.into_iter().find(|d| {
            d.severity == Severity::Error && d.at.as_ref().is_none_or(|at| at.ply == ply)
        });
        if let Some(d) = error {
            return Err(d);
        }
        let [played] = plies.as_slice() else {
            return Err(Diagnostic::new(
                Severity::Error,
                Code::IllegalMove,
                format!("{text:?} is not a move that can be played here"),
            ));
        };
        self.cursor = cursor;
        self.ended = ended;
        self.drawn = drawn;
        self.last = Some((played.number, played.side));
        Ok(played.mv)
    }

    /// Walks the main line of `game` (the text of one move) from `cursor`, as the replay of
    /// the whole game would walk it there: what it finds, in the replay's order (the syntax
    /// layer's notes and the trust rule's, the moves', the result's), the plies played, and
    /// where a draw rule ended the game.
    fn walk(
        &mut self,
        game: &Game<'_>,
        cursor: &mut Cursor,
        ended: &mut bool,
    ) -> (Vec<Diagnostic>, Vec<Ply>, Option<DrawnAt>) {
        let config = *cursor.state.config();
        let mut walker = Walker {
            options: &self.options,
            first_mover: config.first_mover,
            diagnostics: syntax_notes(game, &self.options),
            plies: Vec::with_capacity(1),
            variation_plies: Vec::new(),
            resolver: std::mem::take(&mut self.resolver),
            squares: Vec::new(),
            names: config.notation.names(),
            probe: false,
            has_error: false,
            drawn: None,
        };
        walker.diagnostics.extend(unread_moves(game));
        let (_, stopped) = walker.walk_on(&game.body, cursor, ended, 0);
        self.resolver = std::mem::take(&mut walker.resolver);
        // The first draw by rule of the whole game: one found before this text, else one its
        // move was played after (the last move before it), else one at its end.
        let end = (!stopped).then_some(&cursor.state);
        let last = walker
            .plies
            .last()
            .map(|p| (p.number, p.side))
            .or(self.last);
        let drawn = self
            .drawn
            .or(walker.drawn.map(|d| DrawnAt {
                last: self.last,
                ..d
            }))
            .or_else(|| match end?.outcome() {
                Outcome::Draw(rule) => Some(DrawnAt { last, rule }),
                _ => None,
            });
        let mut found = walker.diagnostics;
        found.extend(result::check(game, config.first_mover, end, drawn));
        (found, walker.plies, drawn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{full_path, minimal_legal};
    use crate::{Located, ReplayOptions, check_game};
    use draughts::{Config, Fen, NotationKind, Variant};
    use pdn::RawGame;

    /// What a move's reading shows: the move played and the position after it, or the
    /// error's fields as `PdnError` shows them.
    type Reading = Result<(String, String), Refusal>;

    #[derive(Debug, PartialEq)]
    struct Refusal {
        severity: Severity,
        code: Code,
        message: String,
        ply: Option<u32>,
        move_number: Option<u32>,
        side: Option<&'static str>,
        text: Option<String>,
    }

    impl From<&Located> for Refusal {
        fn from(d: &Located) -> Refusal {
            Refusal {
                severity: d.severity,
                code: d.code,
                message: d.message.clone(),
                ply: d.ply,
                move_number: d.move_number,
                side: d.side,
                text: d.move_text.clone(),
            }
        }
    }

    /// The reference: the game's moves so far and `text` written as one game and replayed
    /// whole (as the Python `Board` read moves before it kept its game): the first error about
    /// the new move or about no move, else the move played and the position after it. The
    /// full GameType keeps a variant played on several boards on the game's board.
    fn replayed_whole(
        config: &Config,
        fen: Option<&str>,
        played: &[String],
        text: &str,
    ) -> Reading {
        let mut pdn = format!("[GameType \"{}\"]\n", config.game_type());
        if let Some(fen) = fen {
            pdn.push_str(&format!("[FEN \"{fen}\"]\n"));
        }
        for m in played {
            pdn.push_str(m);
            pdn.push(' ');
        }
        pdn.push_str(text);
        pdn.push_str(" *\n");
        let options = ReplayOptions {
            variant: Some(config.variant),
            mainline_only: true,
            ..ReplayOptions::default()
        };
        let ply = played.len() as u32 + 1;
        check_game("<board>", &RawGame::from_text(pdn), &options, |checked| {
            let error = checked
                .record
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error && d.ply.is_none_or(|p| p == ply));
            if let Some(d) = error {
                return Err(Refusal::from(d));
            }
            let replayed = checked.replayed.unwrap();
            match (replayed.plies.last(), &replayed.end) {
                (Some(last), Some(end)) if replayed.plies.len() as u32 == ply => {
                    Ok((full_path(config, &last.mv), end.to_fen().to_string()))
                }
                _ => Err(Refusal::from(&Located::unplaced(&Diagnostic::new(
                    Severity::Error,
                    Code::IllegalMove,
                    format!("{text:?} is not a move that can be played here"),
                )))),
            }
        })
    }

    fn live_reading(game: &mut LiveGame, text: &str) -> Reading {
        let config = *game.state().config();
        match game.play(text) {
            Ok(m) => Ok((full_path(&config, &m), game.state().to_fen().to_string())),
            Err(d) => Err(Refusal::from(&Located::unplaced(&d))),
        }
    }

    /// Picks spread over their range, the same every run (a linear congruential sequence).
    struct Picks(u64);

    impl Picks {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// Texts that are not one legal move here, or only in some positions: results, a square
    /// alone, junk, brackets, two moves, a capture of one piece where two are due, a capture
    /// that fits two routes (in the starts made for them).
    const ODD_TEXTS: &str = "1-0|0-1|x|32|--|cd4|3228|1x2x3|a1-b2|35x24|47x36|(|{|[Event|32-28)|\
                             32-28 19-23|K|e4|32-28-|32x|3-2-8|32-28!x|1.32-28";

    /// Texts to try in a position: the legal moves in the forms archives write them (full,
    /// minimal, by their ends, in the other kind of square names, with the other separator),
    /// squares picked at random, and words that are not one move.
    fn texts(game: &LiveGame, picks: &mut Picks) -> Vec<String> {
        let state = game.state();
        let config = state.config();
        let pos = state.position();
        let legal = pos.legal_moves();
        let mut out: Vec<String> = ODD_TEXTS.split('|').map(String::from).collect();
        let other = match config.notation.preferred() {
            NotationKind::Numeric => NotationKind::Alphanumeric,
            _ => NotationKind::Numeric,
        };
        for m in legal.iter().take(4) {
            out.push(full_path(config, m));
            out.push(minimal_legal(config, pos, m));
            out.push(m.text(&config.notation, 'x', false));
            out.push(m.text(&config.notation, '-', false));
            out.push(m.text(&config.notation.as_written(other), ':', true));
        }
        let squares: Vec<_> = pos.geometry().all().collect();
        for _ in 0..3 {
            let (a, b) = (
                squares[picks.below(squares.len())],
                squares[picks.below(squares.len())],
            );
            let sep = ["-", "x"][picks.below(2)];
            out.push(format!(
                "{}{sep}{}",
                config.notation.format(a),
                config.notation.format(b)
            ));
        }
        out
    }

    /// Random games of every variant, and king endings where the draw rules end the game: at
    /// each ply, every text reads on the kept game as on the whole game replayed, and the
    /// game goes on with a random legal move written in full.
    #[test]
    fn a_move_reads_on_the_kept_game_as_in_the_whole_game_replayed() {
        let mut picks = Picks(0x2545_f491_4f6c_dd1d);
        let mut starts: Vec<(Variant, Option<&str>)> =
            Variant::ALL.iter().map(|&v| (v, None)).collect();
        starts.push((Variant::International, Some("W:WK46,K47:BK5")));
        starts.push((Variant::Russian, Some("W:WKa1,Kc1,Ke1:BKh8")));
        // A capture of one piece where two are due; two captures between the same squares.
        starts.push((Variant::International, Some("W:W32,35:B18,28,30")));
        starts.push((Variant::International, Some("W:WK47:B14,19,29,31,42")));
        let mut compared = 0;
        let mut refused = std::collections::BTreeMap::new();
        for (v, fen) in starts {
            let config = Config::standard(v);
            let state = match fen {
                Some(f) => GameState::from_fen(&Fen::parse(f).unwrap(), config).unwrap(),
                None => GameState::new(config),
            };
            let mut game = LiveGame::new(state);
            let mut played: Vec<String> = Vec::new();
            for _ in 0..40 {
                for text in texts(&game, &mut picks) {
                    let before = game.state().to_fen().to_string();
                    let expected = replayed_whole(&config, fen, &played, &text);
                    let mut trial = game.clone();
                    let got = live_reading(&mut trial, &text);
                    assert_eq!(got, expected, "{v} after {played:?}: {text:?}");
                    assert_eq!(game.state().to_fen().to_string(), before);
                    if let Err(refusal) = &got {
                        assert_eq!(trial.state().to_fen().to_string(), before, "{text}");
                        *refused.entry(refusal.code).or_insert(0) += 1;
                    }
                    compared += 1;
                }
                let legal = game.state().legal_moves();
                if legal.is_empty() {
                    break;
                }
                let next = full_path(&config, &legal[picks.below(legal.len())]);
                match game.play(&next) {
                    Ok(_) => played.push(next),
                    // Won by a rule that leaves the loser moves (a first king).
                    Err(d) if d.code == Code::MovesAfterEnd => break,
                    Err(d) => panic!("{v} after {played:?}: {next}: {d:?}"),
                }
                assert_eq!(game.plies() as usize, played.len());
            }
        }
        assert!(compared > 20_000, "{compared}");
        use Code::*;
        for code in [
            Syntax,
            UnknownSquare,
            NoPiece,
            WrongSide,
            IllegalMove,
            CaptureRequired,
            NotMaximalCapture,
            IncompleteCapture,
            AmbiguousMove,
            ResultMismatch,
            MovesAfterEnd,
        ] {
            assert!(refused.contains_key(&code), "{code}: {refused:?}");
        }
    }
}
