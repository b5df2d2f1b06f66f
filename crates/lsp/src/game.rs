//! One game of a document, checked: its verdict with located diagnostics (as `validate`
//! reports them), what document symbols and folding need of its shape, and, when first asked
//! for, its repairs. A result depends on the game's text alone (and the settings): its spans are
//! offsets in that text, so a game that moves in its document keeps its result.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use pdnkit::pdn::{Game, HeaderItem, Node, RawGame};
use pdnkit::repair::{FaultRepairs, repairs};
use pdnkit::{CheckedGame, GameRecord, ReplayOptions, Verdict, check_game};

/// Games checked since the server started: the tests read it to see that an edit checks only
/// the games it touched.
static CHECKS: AtomicU64 = AtomicU64::new(0);

/// Games checked since the server started.
pub fn checks() -> u64 {
    CHECKS.load(Ordering::Relaxed)
}

/// A checked game.
#[derive(Debug)]
pub struct GameResult {
    /// The verdict and every diagnostic (their spans are offsets in the game's text).
    pub record: GameRecord,
    /// Names and shape of the game.
    pub outline: Outline,
    /// The suggestions for its moves that cannot be played, found when first asked for.
    repairs: OnceLock<Vec<FaultRepairs>>,
}

/// What a game's document symbol and folding ranges show.
#[derive(Debug, Default)]
pub struct Outline {
    /// The White, Black, Event, Round and Date tags.
    pub white: Option<String>,
    /// Black.
    pub black: Option<String>,
    /// Event.
    pub event: Option<String>,
    /// Round.
    pub round: Option<String>,
    /// The tag section's extent in the game's text, when it has tags.
    pub header: Option<(u32, u32)>,
    /// The variations of the main line, each with its own.
    pub variations: Vec<VariationOutline>,
    /// Comments (extents in the game's text), to fold those of several lines.
    pub comments: Vec<(u32, u32)>,
}

/// A variation: where it is, the move it starts with, the variations inside it.
#[derive(Debug)]
pub struct VariationOutline {
    /// Its extent in the game's text, parentheses included.
    pub span: (u32, u32),
    /// Its first move as written.
    pub first_move: Option<String>,
    /// The variations inside it.
    pub children: Vec<VariationOutline>,
}

impl GameResult {
    /// Checks `raw` (a game of the document `file`) as `validate` does.
    pub fn check(file: &str, raw: &RawGame, options: &ReplayOptions) -> GameResult {
        CHECKS.fetch_add(1, Ordering::Relaxed);
        check_game(file, raw, options, |checked| GameResult {
            record: checked.record.clone(),
            outline: checked.game.map(outline).unwrap_or_else(|| Outline {
                white: checked.record.white.clone(),
                black: checked.record.black.clone(),
                event: checked.record.event.clone(),
                ..Outline::default()
            }),
            repairs: OnceLock::new(),
        })
    }

    /// The repairs of the game's moves that cannot be played (found once, then kept).
    pub fn repairs(&self, raw: &RawGame, options: &ReplayOptions) -> &[FaultRepairs] {
        self.repairs.get_or_init(|| {
            // As validate looks for them: faults are errors in the main line, warnings in
            // variations.
            if !matches!(self.record.status, Verdict::Warnings | Verdict::Invalid) {
                return Vec::new();
            }
            check_game("", raw, options, |checked: &CheckedGame<'_, '_>| {
                repairs(checked, options)
            })
        })
    }
}

/// The outline of a parsed game.
fn outline(game: &Game<'_>) -> Outline {
    let tag = |name: &str| game.tag(name).map(|v| v.trim().to_string());
    let spans: Vec<(u32, u32)> = game
        .header
        .iter()
        .map(|h| match h {
            HeaderItem::Tag(t) => (t.span.start, t.span.end),
            HeaderItem::Comment(c) => (c.span.start, c.span.end),
            HeaderItem::Escape(e) => (e.span.start, e.span.end),
            HeaderItem::Junk(j) => (j.span.start, j.span.end),
        })
        .collect();
    let header = match (spans.first(), spans.last()) {
        (Some(first), Some(last)) => Some((first.0, last.1)),
        _ => None,
    };
    let mut comments = Vec::new();
    for h in &game.header {
        if let HeaderItem::Comment(c) = h {
            comments.push((c.span.start, c.span.end));
        }
    }
    let variations = variations(&game.body, &mut comments);
    Outline {
        white: tag("White"),
        black: tag("Black"),
        event: tag("Event"),
        round: tag("Round"),
        header,
        variations,
        comments,
    }
}

/// The variations among `nodes`, and the comments of the line into `comments`.
fn variations(nodes: &[Node<'_>], comments: &mut Vec<(u32, u32)>) -> Vec<VariationOutline> {
    let mut out = Vec::new();
    for node in nodes {
        match node {
            Node::Variation(v) => out.push(VariationOutline {
                span: (v.span.start, v.span.end),
                first_move: v.nodes.iter().find_map(|n| match n {
                    Node::Move(m) => Some(m.text.to_string()),
                    _ => None,
                }),
                children: variations(&v.nodes, comments),
            }),
            Node::Comment(c) => comments.push((c.span.start, c.span.end)),
            _ => {}
        }
    }
    out
}
