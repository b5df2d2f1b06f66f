//! Board diagrams: a position of any variant as an SVG picture, with the square names of the
//! game's notation, and what a reader's eye needs on top: the last move, arrows, highlighted
//! squares and captured pieces.
//!
//! Every board pdnkit plays is drawn: 8x8 with either corner colour, 10x10, 12x12, 10 wide by 8
//! high, and Turkish draughts' 64 squares, as the game's notation writes it (square 1 where the
//! GameType puts it, `a1` at its corner; a board written with the other corner colour than the
//! rules' board is drawn as written). White is at the bottom unless flipped.
//!
//! Pieces, the captured-piece marker and even the labels are drawn with paths, not text: the
//! picture needs no font and looks the same in every browser and in a rasteriser. Each piece is
//! defined once and placed with `<use>`; each played square's `<rect>` carries its name in a
//! `data-square` attribute.
//!
//! # Drawing a position
//!
//! ```
//! use pdnkit::diagram::{Arrow, Options, Paint, svg};
//! use pdnkit::draughts::{Config, Fen, GameState, Variant, parse_square_token};
//!
//! let config = Config::standard(Variant::International);
//! let fen = Fen::parse("W:W28,32-50:B1-18,20,23").unwrap();
//! let game = GameState::from_fen(&fen, config).unwrap();
//! let square = |name: &str| {
//!     let token = parse_square_token(name).unwrap().0;
//!     config.notation.parse(token).unwrap()
//! };
//! let mut options = Options::new(&config.notation);
//! options.size = 320;
//! // The capture White must make, in green.
//! options.arrows.push(Arrow {
//!     route: vec![square("28"), square("19")],
//!     paint: Paint::GREEN,
//! });
//! let picture = svg(game.position(), &config.notation, &options);
//! assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\""));
//! assert!(picture.contains("data-square=\"1\""));
//! assert_eq!(picture.matches("href=\"#pdnkit-bm\"").count(), 20);
//! ```

mod draw;
mod glyphs;
mod layout;

pub(crate) use draw::{
    ARROW_BACK, ARROW_WIDTH, MARKER_ID, board, defs, head_id, piece_id, square_names,
};
pub use layout::{Layout, SQUARE};

use draughts::{Move, Notation, NotationKind, Position, Square};

/// The colours of the board and its frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Wood: light and brown squares in a dark frame.
    #[default]
    Light,
    /// Slate: grey squares in a near-black frame, for dark pages.
    Dark,
}

/// A colour for arrows: one of [`Paint::NAMED`] or any `#rgb` / `#rrggbb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paint {
    rgb: [u8; 3],
}

impl Paint {
    /// `red`: a move that was written and is wrong.
    pub const RED: Paint = Paint::rgb(0xd6, 0x27, 0x28);
    /// `green`: a move the rules require.
    pub const GREEN: Paint = Paint::rgb(0x2c, 0xa0, 0x2c);
    /// `blue`.
    pub const BLUE: Paint = Paint::rgb(0x1f, 0x77, 0xb4);
    /// `yellow`.
    pub const YELLOW: Paint = Paint::rgb(0xe6, 0xb8, 0x00);
    /// `orange`.
    pub const ORANGE: Paint = Paint::rgb(0xff, 0x7f, 0x0e);
    /// `purple`.
    pub const PURPLE: Paint = Paint::rgb(0x94, 0x67, 0xbd);

    /// The colours known by name.
    pub const NAMED: [(&'static str, Paint); 6] = [
        ("red", Paint::RED),
        ("green", Paint::GREEN),
        ("blue", Paint::BLUE),
        ("yellow", Paint::YELLOW),
        ("orange", Paint::ORANGE),
        ("purple", Paint::PURPLE),
    ];

    /// The colour of red, green and blue components.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Paint {
        Paint { rgb: [r, g, b] }
    }

    /// A colour by name (any case) or as `#rgb` / `#rrggbb`; `None` for anything else.
    pub fn parse(s: &str) -> Option<Paint> {
        let lower = s.to_ascii_lowercase();
        if let Some(&(_, p)) = Paint::NAMED.iter().find(|(n, _)| *n == lower) {
            return Some(p);
        }
        let hex = lower.strip_prefix('#')?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
        match hex.len() {
            3 => Some(Paint::rgb(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
            6 => Some(Paint::rgb(
                u8::from_str_radix(&hex[0..2], 16).ok()?,
                u8::from_str_radix(&hex[2..4], 16).ok()?,
                u8::from_str_radix(&hex[4..6], 16).ok()?,
            )),
            _ => None,
        }
    }

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// An arrow along a route of squares: a move (`from`, `to`), or a capture hop by hop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The squares the arrow goes through, in order; its head is on the last. Fewer than two
    /// distinct squares draw nothing.
    pub route: Vec<Square>,
    /// Its colour.
    pub paint: Paint,
}

/// What to draw besides the pieces, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Width of the picture in pixels (its height follows the board's shape).
    pub size: u32,
    /// Black at the bottom.
    pub flip: bool,
    /// The name of every played square in its corner.
    pub numbers: bool,
    /// File letters and rank numbers in the frame.
    pub coordinates: bool,
    /// The squares of the last move, tinted.
    pub last_move: Option<(Square, Square)>,
    /// Squares of captured pieces, marked with a cross (empty squares after the capture,
    /// pieces about to be taken before it).
    pub captured: Vec<Square>,
    /// Arrows, drawn over everything else in order.
    pub arrows: Vec<Arrow>,
    /// Squares to tint.
    pub squares: Vec<Square>,
    /// The colours.
    pub theme: Theme,
}

/// Default width of a picture, in pixels.
pub const DEFAULT_SIZE: u32 = 400;

impl Options {
    /// Plain options for a board of `notation`: 400 pixels, White at the bottom, the labels
    /// the notation reads best with (numbers on the squares for numbered boards, coordinates
    /// in the frame for algebraic ones), nothing marked.
    pub fn new(notation: &Notation) -> Options {
        let numeric = notation.preferred() == NotationKind::Numeric;
        Options {
            size: DEFAULT_SIZE,
            flip: false,
            numbers: numeric,
            coordinates: !numeric,
            last_move: None,
            captured: Vec::new(),
            arrows: Vec::new(),
            squares: Vec::new(),
            theme: Theme::Light,
        }
    }

    /// These options with `mv` shown as the last move: its squares tinted, the pieces it took
    /// marked.
    pub fn with_last_move(mut self, mv: &Move) -> Options {
        self.last_move = Some((mv.from, mv.to));
        self.captured.extend_from_slice(mv.captures());
        self
    }
}

/// The squares of a move or a route as written (`32-28`, `28x19x10`, `c3:e5`): square names
/// of either kind the notation reads, separated by `-`, `x`, `:` or `×`.
///
/// # Errors
/// A part that is not a square name, or names no played square of the board; the message
/// quotes it.
pub fn parse_route(notation: &Notation, text: &str) -> Result<Vec<Square>, String> {
    text.split(['-', 'x', ':', '×'])
        .map(|part| {
            let part = part.trim();
            let token = match draughts::parse_square_token(part) {
                Some((token, len)) if len == part.len() => token,
                _ => return Err(format!("`{part}` in `{text}` is not a square name")),
            };
            notation.parse(token).ok_or_else(|| {
                let g = notation.geometry();
                format!(
                    "square {part} is not a played square of the {}x{} board",
                    g.width(),
                    g.height()
                )
            })
        })
        .collect()
}

/// Tint of the last move's squares.
pub(crate) const LAST_MOVE_TINT: &str = "#f4d03f";
/// Tint of highlighted squares.
const SQUARE_TINT: &str = "#3d8fd6";

/// The SVG picture of `position`, its squares named by `notation`.
///
/// # Panics
/// When `notation` names another board than `position`'s, or a square of `options` is not on
/// it (squares read through the notation always are).
pub fn svg(position: &Position, notation: &Notation, options: &Options) -> String {
    assert_eq!(
        notation.geometry(),
        position.geometry(),
        "the notation names another board than the position's"
    );
    let layout = Layout::new(notation, options.flip, options.coordinates);
    let (w, h) = (layout.width(), layout.height());
    let height = (f64::from(options.size) * h / w).round() as u32;
    let mut out = String::with_capacity(8192);
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    out.push_str(&format!(
        "{}\" height=\"{height}\" viewBox=\"0 0 {w} {h}\">",
        options.size
    ));
    let mut paints: Vec<Paint> = Vec::new();
    for a in &options.arrows {
        if !paints.contains(&a.paint) {
            paints.push(a.paint);
        }
    }
    draw::defs(&mut out, options.theme, &paints);
    draw::board(
        &mut out,
        &layout,
        notation,
        options.theme,
        options.coordinates,
    );
    if let Some((from, to)) = options.last_move {
        draw::highlights(&mut out, &layout, &[from, to], LAST_MOVE_TINT);
    }
    draw::highlights(&mut out, &layout, &options.squares, SQUARE_TINT);
    draw::pieces(&mut out, &layout, position);
    if options.numbers {
        draw::square_names(&mut out, &layout, notation, options.theme);
    }
    draw::markers(&mut out, &layout, &options.captured);
    for a in &options.arrows {
        draw::arrow(&mut out, &layout, &a.route, a.paint);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_read_in_either_kind_of_square_name() {
        let russian = draughts::Config::standard(draughts::Variant::Russian).notation;
        let c3 = russian.parse(draughts::parse_square_token("c3").unwrap().0);
        // 22 is c3 in the numbering pdnkit reads in Russian games.
        assert_eq!(
            parse_route(&russian, "c3:e5"),
            parse_route(&russian, "22x15")
        );
        assert_eq!(parse_route(&russian, "c3").unwrap(), vec![c3.unwrap()]);
        assert_eq!(
            parse_route(&russian, "c3-c4").unwrap_err(),
            "square c4 is not a played square of the 8x8 board"
        );
        assert_eq!(
            parse_route(&russian, "cd4").unwrap_err(),
            "`cd4` in `cd4` is not a square name"
        );
        assert!(parse_route(&russian, "c3--d4").is_err());
    }

    #[test]
    fn paints_by_name_and_by_hex() {
        assert_eq!(Paint::parse("Red"), Some(Paint::RED));
        assert_eq!(Paint::parse("#0f8"), Some(Paint::rgb(0, 0xff, 0x88)));
        assert_eq!(Paint::parse("#00FF88").unwrap().hex(), "#00ff88");
        for bad in [
            "", "#", "#12", "#12345", "#gggggg", "crimson", "ff0000", "#ééé",
        ] {
            assert_eq!(Paint::parse(bad), None, "{bad}");
        }
    }
}
