//! Game replay and validation: the syntax tree of a game is played through the rules of its
//! variant, move by move, and every problem becomes a [`Diagnostic`] value.
//!
//! * the variant comes from `--variant`, else the `GameType` or `Variant` tag, else a guess
//!   from the squares used, confirmed by replaying (reported as a note);
//! * the start is the `FEN` tag (or a leading `/FEN/` setup), else the variant's start;
//! * each written move is read by the rules ([`draughts::Position::resolve`]): short, minimal
//!   and full capture paths; PDN 1.0 hop-by-hop captures are joined here; an ambiguous short
//!   capture is decided by look-ahead and reported;
//! * a move that breaks a capture duty but can be played (not maximal, stopped early, quiet
//!   while a capture was due) is reported and applied, so one game shows all its capture
//!   faults; a move that cannot be played ends the replay and the valid prefix is kept;
//! * variations are replayed from the position before the move they replace;
//! * the Result tag, the terminator and the final position are compared.

mod archive;
mod choose;
mod code;
mod describe;
mod diagnostic;
mod line;
mod live;
mod lookahead;
mod result;
mod verdict;

pub use archive::{ArchiveBoard, ArchiveVariant, VariantEvidence};
pub use choose::{Source, tagged_variant};
pub use code::{Code, Severity};
pub use diagnostic::{CaptureFault, Diagnostic, MoveRef, side_name};
pub use live::LiveGame;
pub use verdict::PlainJudge;

use draughts::{self, Config, Move, Position, Resolver, Variant, WrittenAs};
use draughts::{Colour, Fen};
use pdn::Span;
use pdn::{self as ast, Game, Node};
use pdn::{Note, NoteKind};

use choose::Choice;
use line::{Cursor, Walker};

/// How a move whose separators are all dashes (`dashed`, as quiet moves are written) is
/// written, as the rules read it.
fn written_as(dashed: bool) -> WrittenAs {
    if dashed {
        WrittenAs::Quiet
    } else {
        WrittenAs::Capture
    }
}

/// How to replay.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// Play every game under these rules, whatever its tags say.
    pub variant: Option<Variant>,
    /// Skip variations.
    pub mainline_only: bool,
    /// PDN 3.0 strictness notes become errors.
    pub strict: bool,
    /// The variant decided for the archive the game belongs to ([`VariantEvidence`]): a game
    /// without GameType or Variant tag is played under it, unless its moves replay only under
    /// another variant. Without it, such a game's variant is guessed from the game alone.
    pub archive: Option<std::sync::Arc<ArchiveVariant>>,
    /// Take the fast paths: a quiet move matched against its piece's moves alone, and the
    /// syntax pass's plain shape. Off, every move is matched against the whole legal list (the
    /// same verdicts); the default follows [`pdn::fast::fast_paths_default`].
    pub fast_paths: bool,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            variant: None,
            mainline_only: false,
            strict: false,
            archive: None,
            fast_paths: pdn::fast::fast_paths_default(),
        }
    }
}

impl ReplayOptions {
    /// These options for the games of an archive whose variant was decided as `archive`.
    pub fn for_archive(&self, archive: Option<std::sync::Arc<ArchiveVariant>>) -> ReplayOptions {
        ReplayOptions {
            archive,
            ..self.clone()
        }
    }
}

/// A main-line move as played.
#[derive(Clone, Copy, Debug)]
pub struct Ply {
    /// Where the move is written (with its strength mark).
    pub span: Span,
    /// Length of the move text without strength mark.
    pub text_len: u32,
    /// The move played.
    pub mv: Move,
    /// Its move number.
    pub number: u32,
    /// The side that played it.
    pub side: Colour,
    /// The capture fault it committed, if any.
    pub fault: Option<Code>,
    /// The position before it.
    pub before: Position,
    /// The position after it.
    pub after: Position,
    /// Following move tokens this move absorbed (a PDN 1.0 capture written hop by hop,
    /// `11x18 18x25`, is one move whose first token carries the span).
    pub joined: u32,
    /// 1-based index in its line (a variation continues its parent's count).
    pub ply: u32,
    /// 0 in the main line, else the variation nesting depth.
    pub depth: u32,
}

/// The replay of one game.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The rules the game was played under (none when no variant could be chosen).
    pub config: Option<Config>,
    /// Where the variant came from.
    pub source: Option<Source>,
    /// The start position (none when the variant or the FEN was unusable).
    pub start: Option<Position>,
    /// Moves written in the main line.
    pub written: u32,
    /// Every main-line move was played, none with an error (a capture fault, a move after the
    /// end of the game): the moves replay under these rules, whatever the result says.
    pub moves_ok: bool,
    /// Main-line moves played, in order.
    pub plies: Vec<Ply>,
    /// Moves played inside variations, in text order (empty with `mainline_only`).
    pub variation_plies: Vec<Ply>,
    /// The game after the last move played.
    pub end: Option<draughts::GameState>,
    /// Everything found, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl Replayed {
    /// The worst severity found.
    pub fn worst(&self) -> Option<Severity> {
        self.diagnostics.iter().map(|d| d.severity).max()
    }

    /// True when no diagnostic is an error.
    pub fn is_ok(&self) -> bool {
        self.worst() != Some(Severity::Error)
    }

    /// The final position as PDN FEN, in the game's notation.
    pub fn final_fen(&self) -> Option<String> {
        self.end
            .as_ref()
            .map(|g| g.position().fen_text(&g.config().notation))
    }
}

/// Replays `game` under `options`.
pub fn replay(game: &Game<'_>, options: &ReplayOptions) -> Replayed {
    let mut notes = syntax_notes(game, options);
    notes.extend(unread_moves(game));
    let job = Job {
        game,
        options,
        start: StartSpec::of(game),
    };
    let mut replayed = match choose::choose(game, options.variant) {
        Choice::Known(config, source) if choose::board_is_open(game, &config) => {
            job.on_some_board(config, source)
        }
        Choice::Known(config, source) => job.replay_with(config, source, false),
        Choice::Unknown(d) => job.not_replayed(None, None, d),
        Choice::Guess => {
            let candidates = choose::candidates(game, job.start.tag_fen());
            match options.archive.as_ref().and_then(|a| a.untagged.as_ref()) {
                Some((v, evidence)) => job.in_archive(*v, evidence, &candidates),
                None => job.guess(&candidates),
            }
        }
    };
    notes.append(&mut replayed.diagnostics);
    replayed.diagnostics = notes;
    replayed
}

/// The syntax check alone, without replaying: the syntax layer's notes as diagnostics (for
/// `validate --syntax-only`, the fast pass over an archive's text).
pub fn check_syntax(game: &Game<'_>, options: &ReplayOptions) -> Replayed {
    Replayed {
        config: None,
        source: None,
        start: None,
        written: game.mainline_moves().count() as u32,
        moves_ok: false,
        plies: Vec::new(),
        variation_plies: Vec::new(),
        end: None,
        diagnostics: syntax_notes(game, options)
            .into_iter()
            .chain(unread_moves(game))
            .collect(),
    }
}

/// One game to replay, with what does not depend on the variant worked out once (a guess
/// replays the game under several variants).
pub(super) struct Job<'j, 'g> {
    game: &'j Game<'g>,
    options: &'j ReplayOptions,
    start: StartSpec,
}

/// How the game starts, as written: a FEN (tag or leading `/FEN/` setup) and the first move
/// number.
pub(super) struct StartSpec {
    /// The FEN, parsed or the reason it could not be, and where it is written.
    fen: Option<(Result<Fen, String>, Option<Span>)>,
    /// The FEN is the `FEN` tag's (not a leading `/FEN/` setup).
    tagged: bool,
    /// The first written move number.
    first_number: Option<u32>,
    /// The FEN as written back in messages, once one is needed (a guess may reject the FEN
    /// under each of its candidates).
    shown: std::cell::OnceCell<String>,
}

impl StartSpec {
    pub(super) fn of(game: &Game<'_>) -> StartSpec {
        let first_number = game.body.iter().find_map(|n| match n {
            Node::MoveNumber(n) => Some(n.number),
            Node::Move(_) => Some(1),
            _ => None,
        });
        let fen_span = game.tags().find(|t| t.name == "FEN").map(|t| t.span);
        let setup = game.body.iter().find_map(|n| match n {
            Node::Setup(s) => Some(Some(*s)),
            Node::Move(_) => Some(None),
            _ => None,
        });
        let tag = game.fen();
        let tagged = tag.is_some();
        let fen = match (tag, setup.flatten()) {
            (Some(fen), _) => Some((fen.map_err(|e| e.to_string()), fen_span)),
            (None, Some(s)) => Some((s.parse().map_err(|e| e.to_string()), Some(s.span))),
            (None, None) => None,
        };
        StartSpec {
            fen,
            tagged,
            first_number,
            shown: std::cell::OnceCell::new(),
        }
    }

    /// The `FEN` tag, when it reads.
    pub(super) fn tag_fen(&self) -> Option<&Fen> {
        match &self.fen {
            Some((Ok(fen), _)) if self.tagged => Some(fen),
            _ => None,
        }
    }

    /// The start under `config`: the FEN, else the variant's start position; and the number
    /// of the first move (1 from the start position, the first written number from a FEN:
    /// problem collections number from 1 whatever the position).
    fn state(&self, config: Config) -> Result<(draughts::GameState, u32), Diagnostic> {
        let bad_fen = |why: String, span: Option<Span>| {
            let d = Diagnostic::new(Severity::Error, Code::BadFen, why);
            match span {
                Some(s) => d.with_span(s),
                None => d,
            }
        };
        match &self.fen {
            None => Ok((draughts::GameState::new(config), 1)),
            Some((Err(why), span)) => Err(bad_fen(format!("FEN: {why}"), *span)),
            Some((Ok(fen), span)) => draughts::GameState::from_fen(fen, config)
                .map(|g| (g, self.first_number.unwrap_or(1)))
                .map_err(|e| {
                    let shown = self.shown.get_or_init(|| fen.to_string());
                    bad_fen(format!("FEN {shown}: {e}"), *span)
                }),
        }
    }
}

impl Job<'_, '_> {
    /// Replays under each candidate and keeps the first whose moves replay (else the one that
    /// played the most moves), with a note saying so and naming the other candidates the
    /// moves fit (Russian and Czech games, English and pool games are often
    /// indistinguishable).
    fn guess(&self, candidates: &[Variant]) -> Replayed {
        let mut chosen: Option<Replayed> = None;
        let mut also: Vec<&'static str> = Vec::new();
        for &v in candidates {
            // Once a candidate's moves replay, the others are only probed for the note.
            let probe = chosen.as_ref().is_some_and(|c| c.moves_ok);
            let r = self.replay_with(Config::standard(v), Source::Guess, probe);
            match &chosen {
                Some(c) if c.moves_ok => {
                    if r.moves_ok {
                        also.push(v.name());
                    }
                }
                Some(c) if !r.moves_ok && r.plies.len() <= c.plies.len() => {}
                _ => chosen = Some(r),
            }
        }
        let mut r = chosen.expect("at least one candidate");
        let v = r.config.expect("guessed games have a config").variant;
        let how = if !r.moves_ok {
            "the moves replay under no candidate; this one plays the most of them".to_string()
        } else if also.is_empty() {
            "the moves replay under its rules".to_string()
        } else {
            format!(
                "the moves replay under its rules, and also under {}",
                also.join(", ")
            )
        };
        r.diagnostics.insert(
            0,
            Diagnostic::new(
                Severity::Note,
                Code::VariantGuessed,
                format!(
                    "no GameType or Variant tag: playing as {v} ({how}); use --variant to choose"
                ),
            ),
        );
        r
    }

    /// Replays under the variant decided for the game's archive; a game whose moves do not
    /// replay under it but do under another of its candidates keeps that one. Either way a
    /// note says which and why. A game without moves keeps the archive's variant when its
    /// squares fit that variant's board: a start position that another variant would accept
    /// (a man on its own promotion row read in another numbering) is no evidence that the
    /// game was played under it.
    fn in_archive(&self, v: Variant, evidence: &str, candidates: &[Variant]) -> Replayed {
        let mut r = self.replay_with(Config::standard(v), Source::Archive, false);
        let has_moves = self.game.mainline_moves().next().is_some();
        let keep = r.moves_ok || (!has_moves && candidates.contains(&v));
        let message = if keep {
            format!(
                "no GameType or Variant tag: played as {v}, the variant of this file ({evidence}); \
                 use --variant to choose"
            )
        } else {
            let other = candidates
                .iter()
                .copied()
                .filter(|&c| c != v)
                .find_map(|c| {
                    let probed = self.walk_with(Config::standard(c), Source::Guess, true);
                    probed.0.moves_ok.then_some((c, probed))
                });
            match other {
                Some((w, probed)) => {
                    r = self.after_probe(probed, Config::standard(w), Source::Guess);
                    format!(
                        "no GameType or Variant tag: played as {w}, under whose rules it \
                         replays, not as {v}, the variant of this file ({evidence}); use \
                         --variant to choose"
                    )
                }
                None => format!(
                    "no GameType or Variant tag: played as {v}, the variant of this file \
                     ({evidence}); it replays under no other candidate either"
                ),
            }
        };
        r.diagnostics.insert(
            0,
            Diagnostic::new(Severity::Note, Code::VariantGuessed, message),
        );
        r
    }

    /// Replays a game of a variant played on several boards whose GameType does not say which:
    /// on the board decided for its archive, else on the first of the variant's boards on which
    /// its moves replay (else the one that plays the most of them). A note says so when that
    /// is not the variant's standard board.
    fn on_some_board(&self, config: Config, source: Source) -> Replayed {
        let v = config.variant;
        let decided = self.options.archive.as_ref().and_then(|a| a.board(v));
        let (mut r, why) = match decided {
            Some(b) => (
                self.replay_with(choose::on_board(config, b.rules), source, false),
                format!("the board of this file ({})", b.evidence),
            ),
            None => {
                let mut best: Option<(Replayed, bool)> = None;
                for board in v.boards() {
                    let probed = self.walk_with(choose::on_board(config, board), source, true);
                    let better = best
                        .as_ref()
                        .is_none_or(|b| probed.0.plies.len() > b.0.plies.len());
                    if probed.0.moves_ok || better {
                        let ok = probed.0.moves_ok;
                        best = Some(probed);
                        if ok {
                            break;
                        }
                    }
                }
                let best = best.expect("a variant has a board");
                let on = best.0.config.expect("replayed under a config");
                let how = if best.0.moves_ok {
                    "on which its moves replay"
                } else {
                    "on which the most of its moves replay"
                };
                (
                    self.after_probe(best, on, source),
                    format!("the board {how}"),
                )
            }
        };
        let chosen = r.config.expect("replayed under a config").rules();
        if !std::ptr::eq(chosen, v.rules()) {
            let message = format!(
                "no GameType gives the board: {v} played on the {}, {why}, not on the {}; \
                 a full GameType chooses",
                archive::board_words(v, chosen),
                archive::board_words(v, v.rules()),
            );
            r.diagnostics.insert(
                0,
                Diagnostic::new(Severity::Note, Code::VariantGuessed, message),
            );
        }
        r
    }

    /// A game that could not be replayed at all.
    fn not_replayed(
        &self,
        config: Option<Config>,
        source: Option<Source>,
        d: Diagnostic,
    ) -> Replayed {
        Replayed {
            config,
            source,
            start: None,
            written: self.game.mainline_moves().count() as u32,
            moves_ok: false,
            plies: Vec::new(),
            variation_plies: Vec::new(),
            end: None,
            diagnostics: vec![d],
        }
    }

    /// Replays under `config`; with `probe`, only to find out whether the moves replay
    /// (stopping at the first error, without variations).
    pub(super) fn replay_with(&self, config: Config, source: Source, probe: bool) -> Replayed {
        self.walk_with(config, source, probe).0
    }

    /// The whole replay under the config of `probed`, a probe's outcome ([`Self::walk_with`]):
    /// the probe itself where it found no error and the game has no variation to replay (the
    /// probe then walked every node as the whole replay does), else a new replay.
    fn after_probe(&self, probed: (Replayed, bool), config: Config, source: Source) -> Replayed {
        match probed {
            (r, true) if self.options.mainline_only || !self.has_variations() => r,
            _ => self.replay_with(config, source, false),
        }
    }

    /// True when the main line holds a variation.
    fn has_variations(&self) -> bool {
        self.game
            .body
            .iter()
            .any(|n| matches!(n, Node::Variation(_)))
    }

    /// [`Self::replay_with`], and whether the walk found no error (a probe that found none
    /// walked the whole game).
    fn walk_with(&self, config: Config, source: Source, probe: bool) -> (Replayed, bool) {
        let (start, number) = match self.start.state(config) {
            // The rules take the fast-path switch with the game.
            Ok((start, number)) => (start.with_fast_paths(self.options.fast_paths), number),
            Err(d) => return (self.not_replayed(Some(config), Some(source), d), false),
        };
        let mut walker = Walker {
            options: self.options,
            first_mover: config.first_mover,
            diagnostics: Vec::new(),
            // Room for every main-line move at once: a ply holds two positions, and growing
            // the vector move by move copied them again and again.
            plies: Vec::with_capacity(
                self.game
                    .body
                    .iter()
                    .filter(|n| matches!(n, Node::Move(_)))
                    .count(),
            ),
            variation_plies: Vec::new(),
            resolver: Resolver::new(),
            squares: Vec::new(),
            names: config.notation.names(),
            probe,
            has_error: false,
            drawn: None,
        };
        let start_position = *start.position();
        let cursor = Cursor {
            state: start,
            before_last: None,
            ply: 0,
            number,
        };
        let line = walker.walk(&self.game.body, cursor, 0);
        let end_if_complete = (!line.stopped).then_some(&line.end);
        let moves_ok = !line.stopped
            && !walker
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error && d.code.is_move_fault());
        // A draw rule that applied before the last move was seen by the walker; one that applies
        // after it, here.
        let drawn = walker.drawn.or_else(|| match end_if_complete?.outcome() {
            draughts::Outcome::Draw(rule) => Some(result::DrawnAt {
                last: walker.plies.last().map(|p| (p.number, p.side)),
                rule,
            }),
            _ => None,
        });
        let mut diagnostics = walker.diagnostics;
        diagnostics.extend(result::check(
            self.game,
            config.first_mover,
            end_if_complete,
            drawn,
        ));
        let replayed = Replayed {
            config: Some(config),
            source: Some(source),
            start: Some(start_position),
            written: line.written,
            moves_ok,
            plies: walker.plies,
            variation_plies: walker.variation_plies,
            end: Some(line.end),
            diagnostics,
        };
        (replayed, !walker.has_error)
    }
}

/// Most words quoted in an `unread-move` error.
const QUOTED_UNREAD: usize = 3;

/// The trust rule: words of the main line that look like moves but were not read as moves
/// (kept as junk) make the game invalid, whatever else it replays: one error counting them,
/// at the first. A game whose moves were not understood is never called clean.
fn unread_moves(game: &Game<'_>) -> Option<Diagnostic> {
    let unread: Vec<&ast::Junk<'_>> = game
        .body
        .iter()
        .filter_map(|n| match n {
            Node::Junk(j) if pdn::looks_like_move(j.text.as_bytes()) => Some(j),
            _ => None,
        })
        .collect();
    let first = unread.first()?;
    let quoted: Vec<String> = unread
        .iter()
        .take(QUOTED_UNREAD)
        .map(|j| format!("`{}`", ast::shown(j.text)))
        .collect();
    let more = if unread.len() > QUOTED_UNREAD {
        " ..."
    } else {
        ""
    };
    let count = match unread.len() {
        1 => "1 word that looks".to_string(),
        n => format!("{n} words that look"),
    };
    let message = format!(
        "{count} like moves could not be read as moves: {}{more}; the replay does not see them",
        quoted.join(" ")
    );
    Some(Diagnostic::new(Severity::Error, Code::UnreadMove, message).with_span(first.span))
}

/// Most notes of one kind listed one by one for a game; one more diagnostic counts the rest.
/// Far above any real game (the corpus has at most 19 of a kind), it bounds what a game of
/// junk costs in memory and in report: a diagnostic per word of a 1 MB game of junk words.
pub const MAX_LISTED_NOTES: usize = 1000;

/// The syntax layer's notes as diagnostics: text that may hide a move is a warning, the rest
/// are notes (errors with `--strict`). Past [`MAX_LISTED_NOTES`] of a kind, one diagnostic
/// of the same severity, at the first note not listed, says how many more there are.
fn syntax_notes(game: &Game<'_>, options: &ReplayOptions) -> Vec<Diagnostic> {
    let mut listed: Vec<Diagnostic> = Vec::new();
    // Per kind: notes seen, and the first one not listed.
    let mut seen: Vec<(NoteKind, usize, Option<&Note>)> = Vec::new();
    for n in &game.notes {
        let at = match seen.iter().position(|(kind, ..)| *kind == n.kind) {
            Some(at) => at,
            None => {
                seen.push((n.kind, 0, None));
                seen.len() - 1
            }
        };
        let (_, count, first_unlisted) = &mut seen[at];
        *count += 1;
        if *count <= MAX_LISTED_NOTES {
            listed.push(note_diagnostic(n, game.text, options.strict));
        } else {
            first_unlisted.get_or_insert(n);
        }
    }
    for (kind, count, first_unlisted) in seen {
        let Some(first) = first_unlisted else {
            continue;
        };
        let more = count - MAX_LISTED_NOTES;
        let message = format!(
            "{}: {more} more in this game, not listed one by one (the first {MAX_LISTED_NOTES} are)",
            kind.code()
        );
        let like = note_diagnostic(first, game.text, options.strict);
        listed.push(Diagnostic::new(like.severity, like.code, message).with_span(first.span));
    }
    listed
}

/// The most severe of [`check_syntax`]'s diagnostics of a game with these notes, without
/// writing them: what the verdict of a syntax pass depends on.
pub fn worst_syntax_note(notes: &[Note], options: &ReplayOptions) -> Option<Severity> {
    notes.iter().map(|n| note_severity(n, options.strict)).max()
}

/// A note of the syntax layer is a warning for text that may hide a move, else a note; an
/// error when `strict`.
fn note_severity(n: &Note, strict: bool) -> Severity {
    match n.kind {
        _ if strict => Severity::Error,
        NoteKind::Junk
        | NoteKind::GluedText
        | NoteKind::StrayParen
        | NoteKind::TagInMovetext
        | NoteKind::TextAfterTerminator
        | NoteKind::TagsInComment
        | NoteKind::ResultInVariation
        | NoteKind::Encoding
        | NoteKind::InvalidUtf8 => Severity::Warning,
        _ => Severity::Note,
    }
}

/// One note of the syntax layer about `text` (the game's text) as a diagnostic: a warning for
/// text that may hide a move, else a note; an error when `strict`.
pub fn note_diagnostic(n: &Note, text: &str, strict: bool) -> Diagnostic {
    let code = match n.kind {
        NoteKind::Encoding | NoteKind::InvalidUtf8 | NoteKind::Transcoded => Code::Encoding,
        _ => Code::SyntaxNote,
    };
    let severity = note_severity(n, strict);
    let text = n.span.text(text);
    let shown: String = text.chars().take(40).collect();
    let ellipsis = if shown.len() < text.len() { "..." } else { "" };
    // A note at a point (a missing terminator) has no text to quote.
    let quoted = if text.is_empty() {
        String::new()
    } else {
        format!(" `{}{ellipsis}`", shown.escape_debug())
    };
    // The kind's name adds nothing where it is the code's own.
    let kind = match n.kind.code() {
        same if same == code.name() => String::new(),
        other => format!("{other}: "),
    };
    Diagnostic::new(severity, code, format!("{kind}{}{quoted}", n.message())).with_span(n.span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdn::parse_text;

    #[test]
    fn a_guess_takes_its_candidates_from_the_main_line_and_the_fen_tag() {
        let cases = [
            ("1. 9-13 *\n", Variant::English),
            ("1. 46-41 *\n", Variant::International),
            ("1. 60-55 *\n", Variant::Canadian),
            // A square written with a letter decides, whatever numbers come before it.
            ("1. 60-55 c3-d4 *\n", Variant::Russian),
            ("[FEN \"W:W55:B6\"]\n1. 9-13 *\n", Variant::Canadian),
            ("[FEN \"W:Wc3:Bd6\"]\n1. 9-13 *\n", Variant::Russian),
            // A leading setup starts the game but is not the FEN tag.
            ("/FEN \"W:W55:B6\"/ 1. 9-13 *\n", Variant::English),
            // A variation's squares are not the main line's.
            ("1. 9-13 (1. 60-55) *\n", Variant::English),
            ("*\n", Variant::International),
        ];
        for (text, first) in cases {
            let game = parse_text(text).unwrap();
            let start = StartSpec::of(&game);
            let candidates = choose::candidates(&game, start.tag_fen());
            assert_eq!(candidates[0], first, "{text}");
        }
    }

    #[test]
    fn past_the_most_listed_one_diagnostic_counts_the_notes_of_a_kind() {
        let junk = "x ".repeat(MAX_LISTED_NOTES + 5);
        let text = format!("[Event \"j\"]\n1. 32-28 {junk}. . *\n");
        let game = parse_text(&text).unwrap();
        let first_unlisted = text.find('x').unwrap() + 2 * MAX_LISTED_NOTES;
        for strict in [false, true] {
            let options = ReplayOptions {
                strict,
                ..ReplayOptions::default()
            };
            for found in [
                check_syntax(&game, &options).diagnostics,
                replay(&game, &options).diagnostics,
            ] {
                let junk: Vec<&Diagnostic> = found
                    .iter()
                    .filter(|d| d.message.starts_with("junk:"))
                    .collect();
                assert_eq!(junk.len(), MAX_LISTED_NOTES + 1);
                let count = junk[MAX_LISTED_NOTES];
                assert_eq!(
                    count.message,
                    format!(
                        "junk: 5 more in this game, not listed one by one (the first \
                         {MAX_LISTED_NOTES} are)"
                    )
                );
                assert_eq!(count.severity, junk[0].severity);
                assert_eq!(count.span.unwrap().start as usize, first_unlisted);
                // The other kinds are listed whole.
                let dots = found.iter().filter(|d| d.message.starts_with("stray-dot"));
                assert_eq!(dots.count(), 2);
            }
        }
        // As many as the most: all listed, no count.
        let junk = "x ".repeat(MAX_LISTED_NOTES);
        let text = format!("1. 32-28 {junk}*\n");
        let game = parse_text(&text).unwrap();
        let found = check_syntax(&game, &ReplayOptions::default()).diagnostics;
        assert_eq!(found.len(), MAX_LISTED_NOTES);
        assert!(found.iter().all(|d| d.message.ends_with("`x`")));
    }
}
