//! A line of written moves around a fault, and trials of changed lines: each trial is a small
//! game (the position before the window as a FEN, then the window's moves) parsed and replayed
//! like any other, so a candidate is judged by the same reader and rules as the archive.

use draughts::{Config, Move, Position};
use pdn::{Game, Node, RawGame, parse_game};

use super::{Fix, MAX_FIXES, Suggestion, candidates, rank};
use crate::export::variant_tags;
use crate::{Ply, ReplayOptions, Replayed, Severity, replay};

/// A change to a line's written moves (`at`: an index into the line's moves; `text`: move
/// text to write).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Op {
    /// Write `text` in place of the move.
    Replace { at: usize, text: String },
    /// Write `text` before the move.
    InsertBefore { at: usize, text: String },
    /// Leave the move out.
    Delete { at: usize },
    /// Swap the move with the next one.
    SwapWithNext { at: usize },
    /// Write every move of the line anew (a whole-line renumbering).
    Rewrite { texts: Vec<String> },
}

impl Op {
    /// `moves` with the change made.
    pub fn apply(&self, moves: &[String]) -> Vec<String> {
        let mut out = moves.to_vec();
        match self {
            Op::Replace { at, text } => out[*at].clone_from(text),
            Op::InsertBefore { at, text } => out.insert(*at, text.clone()),
            Op::Delete { at } => {
                out.remove(*at);
            }
            Op::SwapWithNext { at } => out.swap(*at, *at + 1),
            Op::Rewrite { texts } => out.clone_from(texts),
        }
        out
    }

    /// The index of the last move the change touches, in the changed line.
    fn last_touched(&self) -> Option<usize> {
        match self {
            Op::Replace { at, .. } => Some(*at),
            Op::InsertBefore { at, .. } | Op::SwapWithNext { at } => Some(at + 1),
            Op::Delete { at } => at.checked_sub(1),
            Op::Rewrite { .. } => None,
        }
    }

    /// The change with its indices moved by `by` (from a window to its whole line).
    pub fn shifted(&self, by: usize) -> Op {
        match self {
            Op::Replace { at, text } => Op::Replace {
                at: at + by,
                text: text.clone(),
            },
            Op::InsertBefore { at, text } => Op::InsertBefore {
                at: at + by,
                text: text.clone(),
            },
            Op::Delete { at } => Op::Delete { at: at + by },
            Op::SwapWithNext { at } => Op::SwapWithNext { at: at + by },
            Op::Rewrite { texts } => Op::Rewrite {
                texts: texts.clone(),
            },
        }
    }
}

/// What a trial replayed.
#[derive(Clone, Debug)]
pub struct Trial {
    /// Every written move of the trial was played.
    pub complete: bool,
    /// Plies played after the last changed move.
    pub plies_after: u32,
    /// Errors among the moves played (capture faults).
    pub errors: u32,
    /// The moves played (start, end, pieces taken), to tell different lines apart.
    pub moves: Vec<(u16, u16, u128)>,
    /// Written moves played (a capture written hop by hop counts each hop).
    pub consumed: usize,
    /// The plies played.
    plies: Vec<Ply>,
}

/// A line (the main line or one variation) with a move that cannot be played.
pub struct FaultLine {
    config: Config,
    /// The tags that give the trials the game's rules and notation.
    rules_tags: String,
    /// The written moves of the line.
    moves: Vec<String>,
    /// The first move of the trials' window: the ply before the fault, or the fault.
    window: usize,
    /// The position before the window's first move.
    window_start: Position,
    /// The position before the line's first move, for whole-line trials (main line only).
    line_start: Option<Position>,
    /// The move that cannot be played.
    fault: usize,
    /// The ply (1-based in the line) of each written move.
    ply_of: Vec<u32>,
    /// The last plies played before the fault (the index of each one's first move and the
    /// position before it), where a slip may hide that left a legal move.
    history: Vec<(usize, Position)>,
}

/// How many plies before the fault are searched for a slip that left a legal move (one found
/// many plies later, when a move of the piece that did not move fails, reads as a slip there
/// too: both readings must be tried for neither to be trusted).
pub const LOOKBACK: usize = 200;

impl FaultLine {
    /// The line of `tree` holding the move written at `offset`, with what its replay reached.
    pub fn around(
        tree: &Game<'_>,
        replayed: &Replayed,
        config: &Config,
        offset: u32,
    ) -> Option<FaultLine> {
        let (nodes, parent_before, main) = find_line(tree, replayed, offset)?;
        if nodes.iter().any(|n| matches!(n, Node::Setup(_))) {
            return None;
        }
        let written: Vec<&pdn::Move<'_>> = nodes
            .iter()
            .filter_map(|n| match n {
                Node::Move(m) => Some(m),
                _ => None,
            })
            .collect();
        let fault = written.iter().position(|m| m.span.start == offset)?;
        let start = match main {
            true => replayed.start?,
            false => parent_before?,
        };
        // The plies of this line, in order: those whose first move is one of its moves.
        let starts: Vec<u32> = written.iter().map(|m| m.span.start).collect();
        let plies: Vec<&Ply> = if main {
            replayed.plies.iter().collect()
        } else {
            replayed
                .variation_plies
                .iter()
                .filter(|p| starts.contains(&p.span.start))
                .collect()
        };
        let first_ply = plies.first().map_or(1, |p| p.ply);
        let moves: Vec<String> = written.iter().map(|m| m.text.to_string()).collect();
        FaultLine::from_plies(
            config,
            rules_tags(tree, config),
            moves,
            start,
            &plies,
            first_ply,
            fault,
            main,
        )
    }

    /// The line of `moves` from `start`, whose replay played `plies` (the first numbered
    /// `first_ply`) and stopped at the written move `fault`; `None` when the plies do not end
    /// right before the fault.
    #[allow(clippy::too_many_arguments)]
    fn from_plies(
        config: &Config,
        rules_tags: String,
        moves: Vec<String>,
        start: Position,
        plies: &[&Ply],
        first_ply: u32,
        fault: usize,
        whole_line_trials: bool,
    ) -> Option<FaultLine> {
        let mut ply_of = Vec::with_capacity(moves.len());
        let mut history = Vec::new();
        // The window starts with the last ply before the fault, from the position before it.
        let (mut window, mut window_start) = (0, start);
        let mut at = 0usize;
        for (i, p) in plies.iter().enumerate() {
            let len = 1 + p.joined as usize;
            if at + len > fault {
                break;
            }
            (window, window_start) = (at, p.before);
            history.push((at, p.before));
            ply_of.extend(std::iter::repeat_n(first_ply + i as u32, len));
            at += len;
        }
        if at != fault {
            return None;
        }
        let mut next = first_ply + ply_of.last().map_or(0, |&p| p + 1 - first_ply);
        while ply_of.len() < moves.len() {
            ply_of.push(next);
            next += 1;
        }
        let keep_from = history.len().saturating_sub(LOOKBACK);
        history.drain(..keep_from);
        Some(FaultLine {
            config: *config,
            rules_tags,
            moves,
            window,
            window_start,
            line_start: whole_line_trials.then_some(start),
            fault,
            ply_of,
            history,
        })
    }

    /// The suggestions for the fault, best first.
    pub fn suggest(&self, options: &ReplayOptions) -> Vec<Suggestion> {
        let trial_options = ReplayOptions {
            variant: None,
            mainline_only: true,
            strict: false,
            archive: None,
            fast_paths: options.fast_paths,
        };
        let mut tried = self.try_candidates(&trial_options, Vec::new());
        // A best candidate that breaks again later: repair that fault too, on top of it.
        for _ in 1..MAX_FIXES {
            let Some((fixes, trial)) = tried.first() else {
                break;
            };
            if trial.complete || trial.consumed <= self.fault - self.window + 1 {
                break;
            }
            let Some(next) = self.after(fixes, trial) else {
                break;
            };
            let more = next.try_candidates(&trial_options, fixes.clone());
            if more.is_empty() {
                break;
            }
            tried.splice(0..1, more);
        }
        rank(tried)
    }

    /// Every candidate for the fault tried; each with the fixes before it (`earlier`).
    fn try_candidates(&self, options: &ReplayOptions, earlier: Vec<Fix>) -> Vec<(Vec<Fix>, Trial)> {
        let window_moves = &self.moves[self.window..];
        let fault = self.fault - self.window;
        let mut out: Vec<(Vec<Fix>, Trial)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for c in candidates::of_window(self, fault) {
            let changed = c.op.apply(window_moves);
            if !seen.insert(changed.clone()) {
                continue;
            }
            let (start, last) = match &c.op {
                Op::Rewrite { .. } => (self.line_start.expect("whole-line candidates"), None),
                op => (self.window_start, op.last_touched()),
            };
            let trial = self.trial(&start, &changed, last, options);
            // A candidate must at least play the move it changes.
            if last.is_some_and(|l| trial.consumed <= l) {
                continue;
            }
            let fix = Fix {
                ply: self.ply_of[self.fault],
                written: self.moves[self.fault].clone(),
                fixed: c.shown,
                slip: c.slip,
                op: c.op.shifted(self.window),
            };
            let mut fixes = earlier.clone();
            fixes.push(fix);
            out.push((fixes, trial));
        }
        // A slip a few plies back that left a legal move, the fault's move being right: a
        // rival of every repair at the fault.
        for &(at, before) in &self.history {
            for c in candidates::earlier(self, at, &before) {
                let changed = c.op.apply(&self.moves[at..]);
                // Judged by the plies after the fault, as the repairs at the fault are.
                let fault_in_trial = self.fault - at;
                let trial = self.trial(&before, &changed, Some(fault_in_trial), options);
                if trial.consumed <= fault_in_trial {
                    continue;
                }
                let fix = Fix {
                    ply: self.ply_of[at],
                    written: self.moves[at].clone(),
                    fixed: c.shown,
                    slip: c.slip,
                    op: c.op.shifted(at),
                };
                let mut fixes = earlier.clone();
                fixes.push(fix);
                out.push((fixes, trial));
            }
        }
        out.sort_by_key(|(f, t)| {
            (
                std::cmp::Reverse(t.complete),
                std::cmp::Reverse(t.plies_after),
                t.errors,
                f.last().map(|f| f.slip),
            )
        });
        out
    }

    /// The line after `fixes`, broken again where `trial` stopped.
    fn after(&self, fixes: &[Fix], trial: &Trial) -> Option<FaultLine> {
        let last = fixes.last()?;
        if matches!(last.op, Op::Rewrite { .. }) {
            return None;
        }
        let mut moves = self.moves.clone();
        moves = last.op.apply(&moves);
        let window_len = moves.len() - self.window;
        let fault = self.window + trial.consumed;
        if fault >= moves.len() || trial.consumed >= window_len {
            return None;
        }
        let plies: Vec<&Ply> = trial.plies.iter().collect();
        let first_ply = self.ply_of[self.window];
        let mut line = FaultLine::from_plies(
            &self.config,
            self.rules_tags.clone(),
            moves[self.window..].to_vec(),
            self.window_start,
            &plies,
            first_ply,
            trial.consumed,
            false,
        )?;
        // Back to whole-line indices.
        line.moves = moves;
        line.window += self.window;
        line.fault += self.window;
        let mut ply_of = self.ply_of[..self.window].to_vec();
        ply_of.extend(&line.ply_of);
        line.ply_of = ply_of;
        Some(line)
    }

    /// Replays `moves` from `start`; `last` is the window index of the last changed move.
    fn trial(
        &self,
        start: &Position,
        moves: &[String],
        last: Option<usize>,
        options: &ReplayOptions,
    ) -> Trial {
        let text = format!(
            "{}[FEN \"{}\"]\n{} *\n",
            self.rules_tags,
            start.fen_text(&self.config.notation),
            moves.join(" ")
        );
        let raw = RawGame::from_text(text);
        let Ok(game) = parse_game(&raw) else {
            return Trial::nothing();
        };
        let r = replay(&game, options);
        let consumed: usize = r.plies.iter().map(|p| 1 + p.joined as usize).sum();
        let errors = r
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error && d.code.is_move_fault())
            .count() as u32;
        let after_last = last.map_or(0, |l| l + 1);
        let plies_after = r
            .plies
            .iter()
            .scan(0usize, |at, p| {
                let first = *at;
                *at += 1 + p.joined as usize;
                Some(first)
            })
            .filter(|&first| first >= after_last)
            .count() as u32;
        Trial {
            complete: consumed == moves.len(),
            plies_after,
            errors,
            moves: r.plies.iter().map(|p| identity(&p.mv)).collect(),
            consumed,
            plies: r.plies,
        }
    }

    /// The rules and notation of the line.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The written moves of the line.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The position before the window's first move.
    pub fn window_start(&self) -> &Position {
        &self.window_start
    }

    /// The window's first move (a line index).
    pub fn window(&self) -> usize {
        self.window
    }

    /// Whether whole-line trials are possible (the main line, from its start).
    pub fn whole_line(&self) -> bool {
        self.line_start.is_some()
    }

    /// The move that cannot be played (a line index).
    pub fn fault(&self) -> usize {
        self.fault
    }
}

impl Trial {
    fn nothing() -> Trial {
        Trial {
            complete: false,
            plies_after: 0,
            errors: 0,
            moves: Vec::new(),
            consumed: 0,
            plies: Vec::new(),
        }
    }
}

/// A move by what it does.
fn identity(m: &Move) -> (u16, u16, u128) {
    let taken: draughts::SquareSet = m.captures().iter().copied().collect();
    (m.from.index() as u16, m.to.index() as u16, taken.bits())
}

/// The tags the trials are written with: the game's own GameType and Variant tags when it has
/// a GameType (it may set a numbering), else those of the rules it was played under.
fn rules_tags(tree: &Game<'_>, config: &Config) -> String {
    let tags: Vec<(&str, String)> = match tree.tag("GameType") {
        Some(t) if !t.trim().is_empty() => ["GameType", "Variant"]
            .into_iter()
            .filter_map(|name| tree.tag(name).map(|v| (name, v.trim().to_string())))
            .collect(),
        _ => variant_tags(config),
    };
    tags.iter()
        .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
        .collect()
}

/// The nodes of the line holding the move at `offset`, the position before the move its
/// variation replaces (for a variation), and whether it is the main line.
fn find_line<'t, 'a>(
    tree: &'t Game<'a>,
    replayed: &Replayed,
    offset: u32,
) -> Option<(&'t [Node<'a>], Option<Position>, bool)> {
    fn holds(nodes: &[Node<'_>], offset: u32) -> bool {
        nodes
            .iter()
            .any(|n| matches!(n, Node::Move(m) if m.span.start == offset))
    }
    fn search<'t, 'a>(
        nodes: &'t [Node<'a>],
        replayed: &Replayed,
        offset: u32,
    ) -> Option<(&'t [Node<'a>], Option<Position>)> {
        let mut last_move: Option<u32> = None;
        for n in nodes {
            match n {
                Node::Move(m) => last_move = Some(m.span.start),
                Node::Variation(v) if v.span.start <= offset && offset < v.span.end => {
                    if holds(&v.nodes, offset) {
                        let before = last_move.and_then(|s| before_move(replayed, s));
                        return Some((&v.nodes, before));
                    }
                    return search(&v.nodes, replayed, offset);
                }
                _ => {}
            }
        }
        None
    }
    if holds(&tree.body, offset) {
        return Some((&tree.body, None, true));
    }
    let (nodes, before) = search(&tree.body, replayed, offset)?;
    Some((nodes, before, false))
}

/// The position before the move written at `start`, wherever it was played.
fn before_move(replayed: &Replayed, start: u32) -> Option<Position> {
    replayed
        .plies
        .iter()
        .chain(&replayed.variation_plies)
        .find(|p| p.span.start == start)
        .map(|p| p.before)
}
