//! Walking a line of movetext (the main line or a variation) and playing each written move,
//! with diagnostics for what does not fit. A variation is replayed from the position before
//! the move it replaces.

use draughts::Colour;
use draughts::SquareToken;
use draughts::fast::Lanes;
use draughts::{self, Move, Outcome, Position, ResolveError, Resolver};
use draughts::{Square, SquareNames};
use pdn::Span;
use pdn::{self as ast, Node};

use super::code::{Code, Severity};
use super::describe;
use super::diagnostic::{Diagnostic, MoveRef};
use super::lookahead;
use super::result::DrawnAt;
use super::{Ply, ReplayOptions};

/// Where a line stands: the game state, the state before the last move (a variation's
/// start), and the number and side of the next move.
#[derive(Clone, Debug)]
pub struct Cursor {
    /// The game so far.
    pub state: draughts::GameState,
    /// The game before the last move, with that move's number.
    pub before_last: Option<(draughts::GameState, u32, u32)>,
    /// Plies played in this line (a variation continues its parent's count).
    pub ply: u32,
    /// Number of the next move.
    pub number: u32,
}

/// What walking a line produced.
pub struct LineOutcome {
    /// Moves written in the line (each hop of a PDN 1.0 split capture counts once).
    pub written: u32,
    /// The position after the last move played.
    pub end: draughts::GameState,
    /// The line stopped at a move that could not be played.
    pub stopped: bool,
}

/// The walker: the game being replayed, the options and what was found.
pub struct Walker<'o> {
    /// Options of this replay.
    pub options: &'o ReplayOptions,
    /// The side moving first in this variant (move numbers change after its opponent moves).
    pub first_mover: Colour,
    /// Findings so far.
    pub diagnostics: Vec<Diagnostic>,
    /// Main-line plies played.
    pub plies: Vec<Ply>,
    /// Moves played inside variations, in text order.
    pub variation_plies: Vec<Ply>,
    /// Move reading, with its reused buffers.
    pub resolver: Resolver,
    /// The squares of the move being played (reused from move to move).
    pub squares: Vec<Square>,
    /// The square names of the game's notation, tabulated.
    pub names: &'static SquareNames,
    /// Only find out whether the game replays without error: stop at the first error and
    /// skip variations (used to test the other candidates of a variant guess).
    pub probe: bool,
    /// An error was recorded.
    pub has_error: bool,
    /// Where a draw rule ended the main line, when moves follow it.
    pub drawn: Option<DrawnAt>,
}

impl Walker<'_> {
    /// Plays the moves of `nodes` from `cursor`; `depth` is 0 for the main line.
    pub fn walk(&mut self, nodes: &[Node<'_>], mut cursor: Cursor, depth: u32) -> LineOutcome {
        let mut ended = false;
        let (written, stopped) = self.walk_on(nodes, &mut cursor, &mut ended, depth);
        LineOutcome {
            written,
            end: cursor.state,
            stopped,
        }
    }

    /// [`Self::walk`] on a cursor that stays the caller's, with whether a move was already
    /// reported after the end of the game (`ended`: only the first is): a line played in
    /// pieces (`LiveGame`). Returns the moves written and whether the line stopped.
    pub fn walk_on(
        &mut self,
        nodes: &[Node<'_>],
        cursor: &mut Cursor,
        ended: &mut bool,
        depth: u32,
    ) -> (u32, bool) {
        let mut written = 0;
        let mut stopped = false;
        let mut skip = 0usize;
        for (i, node) in nodes.iter().enumerate() {
            if self.probe && self.has_error {
                stopped = true;
                break;
            }
            if skip > 0 {
                skip -= 1;
                continue;
            }
            match node {
                Node::Move(m) => {
                    written += 1;
                    if stopped {
                        continue;
                    }
                    match self.play_move(nodes, i, m, cursor, depth, ended) {
                        Some(consumed) => skip = consumed,
                        None => stopped = true,
                    }
                }
                Node::UnknownMove(span) => {
                    written += 1;
                    if !stopped {
                        stopped = true;
                        let mut d = Diagnostic::new(
                            Severity::Warning,
                            Code::UnknownMove,
                            "the move is written as unknown (`- -`); the replay stops here",
                        );
                        d.span = Some(*span);
                        d.at = Some(MoveRef {
                            ply: cursor.ply + 1,
                            move_number: cursor.number,
                            side: cursor.state.side_to_move(),
                            text: "- -".into(),
                            variation_depth: depth,
                        });
                        self.push(d, depth);
                    }
                }
                Node::MoveNumber(n) if !stopped => self.check_number(n, cursor, depth),
                Node::Variation(v) if !self.options.mainline_only && !self.probe && !stopped => {
                    let start = self.variation_start(&v.nodes, cursor);
                    self.walk(&v.nodes, start, depth + 1);
                }
                Node::Setup(s) if !stopped => self.setup(s, cursor, depth),
                _ => {}
            }
        }
        (written, stopped)
    }

    /// Where a variation starts: before the move it replaces (PDN 2.0 §6.1.1.2.5); but when
    /// its first move number names the move still to come (`1. 34-30 (1... 5-10) 1... 20-25`),
    /// annotators placed it before the move it replaces, so it starts from here.
    fn variation_start(&self, nodes: &[Node<'_>], cursor: &Cursor) -> Cursor {
        let first_number = nodes.iter().find_map(|n| match n {
            Node::MoveNumber(n) => Some(Some(n)),
            Node::Move(_) => Some(None),
            _ => None,
        });
        let names_next = first_number.flatten().is_some_and(|n| {
            let second = cursor.state.side_to_move() != self.first_mover;
            n.number == cursor.number && n.is_second_mover() == second
        });
        match &cursor.before_last {
            Some((state, ply, number)) if !names_next => Cursor {
                state: state.clone(),
                before_last: None,
                ply: *ply,
                number: *number,
            },
            _ => Cursor {
                before_last: None,
                ..cursor.clone()
            },
        }
    }

    /// Reports a move written after the game ended. Returns `Some(true)` when the move can't
    /// be played (the game was won), `Some(false)` when play may go on (a draw by rule), `None`
    /// when the game is not over.
    fn game_over(
        &mut self,
        cursor: &Cursor,
        m: &ast::Move<'_>,
        depth: u32,
        has_legal_move: bool,
    ) -> Option<bool> {
        let outcome = if self.options.fast_paths {
            cursor.state.outcome_knowing(has_legal_move)
        } else {
            cursor.state.outcome_by_rules(has_legal_move)
        };
        let (severity, what, stop) = match outcome {
            Outcome::Ongoing => return None,
            Outcome::Win { winner, reason } => (
                Severity::Error,
                format!(
                    "{} had won ({})",
                    super::diagnostic::side_name(winner),
                    describe::win_reason(reason)
                ),
                true,
            ),
            // Draws by rule are often claimed, or applied differently by servers: a note (the
            // result check warns when a win is recorded).
            Outcome::Draw(rule) => {
                if depth == 0 {
                    self.drawn = Some(DrawnAt {
                        last: self.plies.last().map(|p| (p.number, p.side)),
                        rule,
                    });
                }
                (
                    Severity::Note,
                    format!("the game was drawn ({})", describe::draw_rule(rule)),
                    false,
                )
            }
        };
        let mut d = Diagnostic::new(
            severity,
            Code::MovesAfterEnd,
            format!("{} is played after the end of the game: {what}", m.text),
        );
        d.span = Some(m.span);
        d.at = Some(self.move_ref(cursor, m, depth));
        self.push(d, depth);
        Some(stop)
    }

    /// Plays one written move. Returns the number of following move tokens it consumed (a PDN
    /// 1.0 capture split over several tokens), or `None` when it cannot be played.
    fn play_move(
        &mut self,
        nodes: &[Node<'_>],
        index: usize,
        m: &ast::Move<'_>,
        cursor: &mut Cursor,
        depth: u32,
        ended: &mut bool,
    ) -> Option<usize> {
        let mut squares = std::mem::take(&mut self.squares);
        squares.clear();
        let outcome = self.play_squares(nodes, index, m, cursor, depth, ended, &mut squares);
        self.squares = squares;
        outcome
    }

    /// [`Self::play_move`] with a buffer for the move's squares.
    #[allow(clippy::too_many_arguments)]
    fn play_squares(
        &mut self,
        nodes: &[Node<'_>],
        index: usize,
        m: &ast::Move<'_>,
        cursor: &mut Cursor,
        depth: u32,
        ended: &mut bool,
        squares: &mut Vec<Square>,
    ) -> Option<usize> {
        let notation = cursor.state.config().notation;
        let mut file = None;
        // One pass over the text gives the squares and how the move is separated.
        let mut dashed = true;
        for (separator, token) in m.steps() {
            dashed &= separator.is_none_or(|s| s == pdn::Separator::Dash);
            match (token, self.names.parse(token)) {
                (SquareToken::File(f), _) => file = Some(f),
                (_, Some(sq)) => squares.push(sq),
                (_, None) => {
                    let g = notation.geometry();
                    let msg = format!(
                        "square {token} is not a playable square of the {}x{} board of {}",
                        g.width(),
                        g.height(),
                        cursor.state.config().variant
                    );
                    self.fail(Code::UnknownSquare, msg, m, cursor, depth);
                    return None;
                }
            }
        }
        let pos = *cursor.state.position();
        let mut resolution = match (file, squares.as_slice()) {
            (Some(f), &[target]) => self
                .resolver
                .resolve_file_target(&pos, &notation, f, target),
            _ => self
                .resolver
                .resolve(&pos, squares, super::written_as(dashed)),
        };
        // The resolver generated the legal moves: use them to see whether the game was over.
        if !*ended
            && let Some(stop) = self.game_over(cursor, m, depth, self.resolver.had_legal_move())
        {
            *ended = true;
            if stop {
                return None;
            }
        }
        let mut consumed = 0;
        if matches!(&resolution, Err(e) if !matches!(e, ResolveError::Ambiguous(_)))
            && file.is_none()
            && let Some((joined, n)) = join_hops(
                &mut self.resolver,
                &pos,
                &notation,
                squares,
                &nodes[index + 1..],
            )
        {
            resolution = joined;
            consumed = n;
            let d =
                Diagnostic::new(
                    self.strictness(Severity::Note),
                    Code::SyntaxNote,
                    format!(
                        "capture written hop by hop (PDN 1.0): `{}` read as one move",
                        std::iter::once(m.text)
                            .chain(nodes[index + 1..=index + n].iter().filter_map(
                                |node| match node {
                                    Node::Move(next) => Some(next.text),
                                    _ => None,
                                }
                            ))
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                );
            self.push_at(d, m, cursor, depth);
        }
        let rest = &nodes[index + 1 + consumed..];
        let (mv, fault) = match resolution {
            Ok(mv) => {
                if !mv.is_capture() && m.text.bytes().any(|b| matches!(b, b'x' | b'X' | b':')) {
                    let d = Diagnostic::new(
                        self.strictness(Severity::Note),
                        Code::SyntaxNote,
                        format!(
                            "capture-separator: quiet move written with a capture separator `{}`",
                            m.text
                        ),
                    );
                    self.push_at(d, m, cursor, depth);
                }
                let separator = cursor.state.config().variant.capture_separator();
                if mv.is_capture() && separator != '-' && written_as_quiet(m.text) {
                    let d = Diagnostic::new(
                        self.strictness(Severity::Note),
                        Code::SyntaxNote,
                        format!(
                            "capture-separator: capture written with the quiet separator `-`: \
                             `{}` (captures are written with `{separator}`)",
                            m.text
                        ),
                    );
                    self.push_at(d, m, cursor, depth);
                }
                (mv, None)
            }
            Err(ResolveError::Ambiguous(options)) => {
                let (mv, d) = lookahead::decide(&cursor.state, &options, rest, m);
                self.push_at(d, m, cursor, depth);
                (mv, None)
            }
            Err(ResolveError::BreaksCaptureDuty { breach, played }) => {
                let code = Code::from(breach);
                let d = describe::capture_fault(&cursor.state, code, &played, m);
                self.push_at(d, m, cursor, depth);
                (played, Some(code))
            }
            Err(unplayable) => {
                let code = match unplayable {
                    ResolveError::NoPiece(_) => Code::NoPiece,
                    ResolveError::WrongSide(_) => Code::WrongSide,
                    _ => Code::IllegalMove,
                };
                let named = describe::written_notation(&cursor.state, m);
                let msg = describe::unplayable(&pos, &named, code, squares, m);
                self.fail(code, msg, m, cursor, depth);
                return None;
            }
        };
        // `consumed` counts nodes (move numbers between hops too); a ply records hop tokens.
        let hops = nodes[index + 1..index + 1 + consumed]
            .iter()
            .filter(|n| matches!(n, Node::Move(_)))
            .count();
        // The state before the move is kept only for a variation that replaces this move
        // (copying the game, with its repetition history, at every ply would cost more than
        // playing the move).
        let keep_before = !self.options.mainline_only
            && !self.probe
            && rest
                .iter()
                .take_while(|n| !matches!(n, Node::Move(_) | Node::UnknownMove(_)))
                .any(|n| matches!(n, Node::Variation(_)));
        self.advance(cursor, &mv, m, (fault, hops as u32), depth, keep_before);
        Some(consumed)
    }

    fn advance(
        &mut self,
        cursor: &mut Cursor,
        mv: &Move,
        m: &ast::Move<'_>,
        (fault, joined): (Option<Code>, u32),
        depth: u32,
        keep_before: bool,
    ) {
        let side = cursor.state.side_to_move();
        let before = *cursor.state.position();
        cursor.before_last = keep_before.then(|| (cursor.state.clone(), cursor.ply, cursor.number));
        cursor.state.play(mv);
        cursor.ply += 1;
        let ply = Ply {
            span: m.span,
            text_len: m.text.len() as u32,
            mv: *mv,
            number: cursor.number,
            side,
            fault,
            before,
            after: *cursor.state.position(),
            joined,
            ply: cursor.ply,
            depth,
        };
        if depth == 0 {
            self.plies.push(ply);
        } else {
            self.variation_plies.push(ply);
        }
        if side != self.first_mover {
            cursor.number += 1;
        }
    }

    fn setup(&mut self, s: &ast::Setup<'_>, cursor: &mut Cursor, depth: u32) {
        let config = *cursor.state.config();
        let result = s
            .parse()
            .map_err(|e| e.to_string())
            .and_then(|fen| draughts::GameState::from_fen(&fen, config).map_err(|e| e.to_string()))
            .map(|state| state.with_fast_paths(self.options.fast_paths));
        match result {
            Ok(state) => {
                cursor.state = state;
                cursor.before_last = None;
            }
            Err(why) => {
                let d =
                    Diagnostic::new(Severity::Error, Code::BadFen, format!("setup /FEN/: {why}"));
                self.push(d.with_span(s.span), depth);
            }
        }
    }

    /// A note when a move number disagrees with the move it stands before.
    fn check_number(&mut self, n: &ast::MoveNumber, cursor: &Cursor, depth: u32) {
        let side = cursor.state.side_to_move();
        let second = side != self.first_mover;
        let expected_dots_second = n.is_second_mover();
        if n.number == cursor.number && (!expected_dots_second || second) {
            return;
        }
        let expected = if second {
            format!("{}...", cursor.number)
        } else {
            format!("{}.", cursor.number)
        };
        let written = if expected_dots_second {
            format!("{}...", n.number)
        } else {
            format!("{}.", n.number)
        };
        let d = Diagnostic::new(
            self.strictness(Severity::Note),
            Code::MoveNumber,
            format!(
                "move number {written} where {expected} was expected (numbers are not used to replay)"
            ),
        );
        self.push(d.with_span(n.span), depth);
    }

    /// A move that cannot be played: an error that stops the line.
    fn fail(
        &mut self,
        code: Code,
        message: String,
        m: &ast::Move<'_>,
        cursor: &Cursor,
        depth: u32,
    ) {
        let d = Diagnostic::new(Severity::Error, code, message);
        self.push_at(d, m, cursor, depth);
    }

    fn push_at(&mut self, mut d: Diagnostic, m: &ast::Move<'_>, cursor: &Cursor, depth: u32) {
        d.span = Some(Span::new(
            m.span.start as usize,
            m.span.start as usize + m.text.len(),
        ));
        d.at = Some(self.move_ref(cursor, m, depth));
        self.push(d, depth);
    }

    fn move_ref(&self, cursor: &Cursor, m: &ast::Move<'_>, depth: u32) -> MoveRef {
        MoveRef {
            ply: cursor.ply + 1,
            move_number: cursor.number,
            side: cursor.state.side_to_move(),
            text: m.text.to_string(),
            variation_depth: depth,
        }
    }

    /// Records `d`; inside variations errors count as warnings (analysis, not the game).
    pub fn push(&mut self, mut d: Diagnostic, depth: u32) {
        if depth > 0 && d.severity == Severity::Error {
            d.severity = Severity::Warning;
        }
        self.has_error |= d.severity == Severity::Error;
        self.diagnostics.push(d);
    }

    /// `--strict` turns PDN 3.0 strictness notes into errors.
    pub fn strictness(&self, s: Severity) -> Severity {
        if self.options.strict {
            Severity::Error
        } else {
            s
        }
    }
}

/// PDN 1.0 writes a multiple capture one hop per token (`11x18 18x25`): joins the following
/// move tokens that start where the previous one ended, as long as the joined path fits a
/// legal capture. Returns how the rules read the joined move and how many tokens were joined.
fn join_hops(
    resolver: &mut Resolver,
    pos: &Position,
    notation: &draughts::Notation,
    squares: &[Square],
    following: &[Node<'_>],
) -> Option<(Result<Move, ResolveError>, usize)> {
    if !pos.has_capture() {
        return None;
    }
    let mut joined = squares.to_vec();
    for (n, node) in following.iter().enumerate() {
        // playstrategy numbers each hop as if it were a move (`3. d4xf6 g7xe5 4. e5xg3`).
        let next = match node {
            Node::Move(next) => next,
            Node::MoveNumber(_) => continue,
            _ => return None,
        };
        let mut hop = next.squares().map(|t| notation.parse(t));
        if hop.next()? != Some(*joined.last()?) {
            return None;
        }
        for sq in hop {
            joined.push(sq?);
        }
        // No capture has more landings than pieces it can take: stop a chain of any length.
        if joined.len() > draughts::MAX_CAPTURES + 1 {
            return None;
        }
        let r = resolver.resolve(pos, &joined, draughts::WrittenAs::Capture);
        if matches!(r, Ok(_) | Err(ResolveError::Ambiguous(_))) {
            return Some((r, n + 1));
        }
    }
    None
}

/// A move written with `-` between its squares and no capture separator (`x`, `X`, `:`).
fn written_as_quiet(text: &str) -> bool {
    text.contains('-') && !text.bytes().any(|b| matches!(b, b'x' | b'X' | b':'))
}
