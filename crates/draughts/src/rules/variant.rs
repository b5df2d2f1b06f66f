//! `Variant`: the runtime choice of rules, with names, aliases and PDN `GameType` mapping,
//! and `Config`: a variant together with the notation and first mover one game uses.

use std::fmt;

use super::spec::Rules;
use super::variants as v;
use crate::{Colour, GameType, GameTypeAttrs, NotationKind};
use crate::{Geometry, Notation};

/// Every supported variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// International (FMJD) draughts, 10x10.
    International,
    /// Brazilian draughts: international rules on 8x8.
    Brazilian,
    /// Canadian draughts: international rules on 12x12.
    Canadian,
    /// Russian draughts (shashki).
    Russian,
    /// Spantsiretti: 10 wide x 8 high, Russian rules.
    Spantsiretti,
    /// Frisian draughts.
    Frisian,
    /// Frysk!: Frisian with five men each.
    Frysk,
    /// English draughts / American checkers.
    English,
    /// American pool checkers.
    Pool,
    /// Italian draughts.
    Italian,
    /// Spanish draughts.
    Spanish,
    /// Portuguese draughts.
    Portuguese,
    /// Czech draughts.
    Czech,
    /// Turkish draughts (Dama).
    Turkish,
    /// Thai draughts (Mak-hot).
    Thai,
    /// Ghanaian draughts (Damii).
    Ghanaian,
    /// Malaysian / Singaporean checkers.
    Malaysian,
    /// Antidraughts (lidraughts).
    Antidraughts,
    /// Breakthrough (lidraughts).
    Breakthrough,
}

/// The rules of each variant, in `Variant` order (a static so each has one address).
static RULES: [Rules; 19] = [
    v::INTERNATIONAL,
    v::BRAZILIAN,
    v::CANADIAN,
    v::RUSSIAN,
    v::SPANTSIRETTI,
    v::FRISIAN,
    v::FRYSK,
    v::ENGLISH,
    v::POOL,
    v::ITALIAN,
    v::SPANISH,
    v::PORTUGUESE,
    v::CZECH,
    v::TURKISH,
    v::THAI,
    v::GHANAIAN,
    v::MALAYSIAN,
    v::ANTIDRAUGHTS,
    v::BREAKTHROUGH,
];

/// Rule sets that are not variants but have published perft tables (fixtures/perft).
static EXTRA_RULES: [Rules; 2] = [v::SPANTSIRETTI_INTERNATIONAL, v::THAI_12];

/// The boards variants are played on besides their standard one, each a rule set of its own
/// (a static, so each has one address): Malaysian 10x10 and 8x8, Ghanaian dark-cornered.
static OTHER_BOARDS: [Rules; 3] = [
    v::MALAYSIAN_10X10,
    v::MALAYSIAN_8X8,
    v::GHANAIAN_DARK_CORNERED,
];

/// Aliases accepted by [`Variant::from_name`] besides the canonical names, as `pdnkit variants`
/// lists them (compared after lower-casing and dropping spaces, `-`, `_`, `!`, `/` and `'`).
const ALIASES: &[(&str, Variant)] = &[
    ("standard", Variant::International),
    ("polish", Variant::International),
    ("from-position", Variant::International),
    ("brazil", Variant::Brazilian),
    ("sri-lankan", Variant::Canadian),
    ("shashki", Variant::Russian),
    ("rusian", Variant::Russian),
    ("american", Variant::English),
    ("american-english", Variant::English),
    ("english-american", Variant::English),
    ("checkers", Variant::English),
    ("draughts", Variant::English),
    ("straight", Variant::English),
    ("american-pool", Variant::Pool),
    ("pool-checkers", Variant::Pool),
    ("mak-hos", Variant::Thai),
    ("mak-hot", Variant::Thai),
    ("damii", Variant::Ghanaian),
    ("singaporean", Variant::Malaysian),
    ("malaysian-singaporean", Variant::Malaysian),
    ("dum", Variant::Malaysian),
    ("anti", Variant::Antidraughts),
    ("losing", Variant::Antidraughts),
];

/// Names that players of different games use for their own: taken as any one of them, a name
/// would replay some archives under the wrong rules, so it selects none.
const AMBIGUOUS: &[(&str, &[Variant])] = &[(
    "dama",
    &[Variant::Turkish, Variant::Italian, Variant::Czech],
)];

/// Why a `GameType` cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameTypeError {
    /// A number no variant has, without attributes to go by.
    UnknownNumber(i32),
    /// Attributes that match no supported board.
    UnsupportedBoard(String),
}

impl fmt::Display for GameTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameTypeError::UnknownNumber(n) => write!(f, "unknown GameType {n}"),
            GameTypeError::UnsupportedBoard(s) => write!(f, "unsupported GameType board: {s}"),
        }
    }
}

impl std::error::Error for GameTypeError {}

impl Variant {
    /// Every variant, in declaration order.
    pub const ALL: [Variant; 19] = [
        Variant::International,
        Variant::Brazilian,
        Variant::Canadian,
        Variant::Russian,
        Variant::Spantsiretti,
        Variant::Frisian,
        Variant::Frysk,
        Variant::English,
        Variant::Pool,
        Variant::Italian,
        Variant::Spanish,
        Variant::Portuguese,
        Variant::Czech,
        Variant::Turkish,
        Variant::Thai,
        Variant::Ghanaian,
        Variant::Malaysian,
        Variant::Antidraughts,
        Variant::Breakthrough,
    ];

    /// The variant's rules.
    pub fn rules(self) -> &'static Rules {
        &RULES[self as usize]
    }

    /// Every board the variant is played on, each as its rules: the standard one
    /// ([`Variant::rules`]) first, then other sizes or layouts (Malaysian on 10x10 and 8x8,
    /// Ghanaian on the dark-cornered board).
    pub fn boards(self) -> impl Iterator<Item = &'static Rules> + Clone {
        let others: &'static [Rules] = match self {
            Variant::Malaysian => &OTHER_BOARDS[..2],
            Variant::Ghanaian => &OTHER_BOARDS[2..],
            _ => &[],
        };
        std::iter::once(self.rules()).chain(others)
    }

    /// True when the variant is played on more than one board ([`Variant::boards`]).
    pub fn has_other_boards(self) -> bool {
        self.boards().nth(1).is_some()
    }

    /// The variant's rules on `geometry`, if it is played on that board.
    pub fn rules_on(self, geometry: Geometry) -> Option<&'static Rules> {
        self.boards().find(|r| r.geometry == geometry)
    }

    /// Canonical lower-case name (`"international"`, `"frysk"`, ...).
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// The variant named `name`: canonical names, common aliases and PDN `Variant` tag
    /// spellings (`"American/English"`, `"Frysk!"`, `"Standard"`), case-insensitive. `None`
    /// for unknown names and for ambiguous ones ([`Variant::ambiguous`]), which name no single
    /// variant.
    pub fn from_name(name: &str) -> Option<Variant> {
        let key = normalise(name);
        Variant::ALL
            .into_iter()
            .find(|v| normalised(v.name()).eq(key.chars()))
            .or_else(|| {
                ALIASES
                    .iter()
                    .find(|(a, _)| normalised(a).eq(key.chars()))
                    .map(|&(_, v)| v)
            })
    }

    /// The aliases [`Variant::from_name`] accepts for this variant besides its name.
    pub fn aliases(self) -> impl Iterator<Item = &'static str> {
        ALIASES
            .iter()
            .filter(move |&&(_, v)| v == self)
            .map(|&(alias, _)| alias)
    }

    /// The variants `name` may mean when players of several games use it for their own
    /// (`dama`: Turkish, Italian and Czech); `None` for other names. Such a name is refused
    /// rather than read as one of them, so a caller can say why and list the candidates.
    pub fn ambiguous(name: &str) -> Option<&'static [Variant]> {
        let key = normalise(name);
        AMBIGUOUS
            .iter()
            .find(|(n, _)| normalised(n).eq(key.chars()))
            .map(|&(_, candidates)| candidates)
    }

    /// Every name refused as ambiguous, with the variants it may mean.
    pub fn ambiguous_names() -> impl Iterator<Item = (&'static str, &'static [Variant])> {
        AMBIGUOUS.iter().copied()
    }

    /// The variant of a `GameType`. The number decides for known numbers (`23` alone is
    /// American pool; lidraughts' 96 Breakthrough, 97 Frysk!, 98 Antidraughts, 99
    /// "from position" = international). Unknown numbers need attributes, read as:
    /// 10x10 light corner → Ghanaian, other 10x10 → international, 12x12 light corner →
    /// Canadian rules (Sri Lankan), other 12x12 → Malaysian, 10x8 → Spantsiretti.
    ///
    /// # Errors
    /// An unknown number without attributes, or with attributes of an unsupported board.
    pub fn from_game_type(gt: &GameType) -> Result<Variant, GameTypeError> {
        if let Some(v) = Variant::from_number(gt.number) {
            return Ok(v);
        }
        let a = gt.attrs.ok_or(GameTypeError::UnknownNumber(gt.number))?;
        let light = a.invert == Some(true);
        match (a.width, a.height, light) {
            (10, 10, true) => Ok(Variant::Ghanaian),
            (10, 10, false) => Ok(Variant::International),
            (12, 12, true) => Ok(Variant::Canadian),
            (12, 12, false) => Ok(Variant::Malaysian),
            (10, 8, _) => Ok(Variant::Spantsiretti),
            _ => Err(GameTypeError::UnsupportedBoard(gt.to_string())),
        }
    }

    fn from_number(n: i32) -> Option<Variant> {
        Some(match n {
            20 | 99 => Variant::International,
            21 => Variant::English,
            22 => Variant::Italian,
            23 => Variant::Pool,
            24 => Variant::Spanish,
            25 => Variant::Russian,
            26 => Variant::Brazilian,
            27 => Variant::Canadian,
            28 => Variant::Portuguese,
            29 => Variant::Czech,
            30 => Variant::Turkish,
            31 => Variant::Thai,
            40 => Variant::Frisian,
            41 => Variant::Spantsiretti,
            96 => Variant::Breakthrough,
            97 => Variant::Frysk,
            98 => Variant::Antidraughts,
            _ => return None,
        })
    }

    /// The `GameType` to write for this variant (full form; `-1` where PDN has no number).
    pub fn game_type(self) -> GameType {
        let r = self.rules();
        let g = r.geometry;
        let (notation, corner) = match self {
            Variant::English | Variant::Pool | Variant::Spanish | Variant::Portuguese => {
                (NotationKind::Numeric, 1)
            }
            Variant::Russian
            | Variant::Brazilian
            | Variant::Czech
            | Variant::Turkish
            | Variant::Spantsiretti => (NotationKind::Alphanumeric, 0),
            _ => (NotationKind::Numeric, 2),
        };
        let invert = match g.squares() {
            crate::Squares::Dark { bottom_left } => !bottom_left,
            crate::Squares::All => false,
        };
        GameType {
            number: r.game_type,
            attrs: Some(GameTypeAttrs {
                first_mover: r.first_mover,
                width: g.width(),
                height: g.height(),
                notation,
                corner,
                invert: Some(invert),
            }),
        }
    }

    /// The side that moves first in the standard start; a result token's first number is
    /// this side's score (PDN convention).
    pub fn first_mover(self) -> Colour {
        self.rules().first_mover
    }

    /// The capture separator to write (`x`; `:` Russian and Spantsiretti; `-` Thai).
    pub fn capture_separator(self) -> char {
        self.rules().capture_separator
    }

    /// The variant's standard notation.
    pub fn notation(self) -> Notation {
        let attrs = self
            .game_type()
            .attrs
            .expect("standard GameType has attributes");
        Notation::on_board(&attrs, self.rules().geometry).expect("standard board")
    }

    /// Other full `GameType` forms PDN lists for this number (pool's unified, Zimbabwean and
    /// Jamaican forms); such attributes are trusted, others are not.
    fn accepted_forms(self) -> Vec<GameType> {
        let mut forms = vec![self.game_type()];
        if self == Variant::Pool {
            for s in ["23,W,8,8,A0,0", "23,B,8,8,A1,1"] {
                forms.extend(GameType::parse(s).ok());
            }
        }
        forms
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Rules by name: every variant name and alias, the other boards of variants played on several
/// (`"malaysian-10x10"`, `"malaysian-8x8"`, `"ghanaian-dark-cornered"`), plus rule sets that
/// exist only for testing against published tables (`"spantsiretti-international"`,
/// `"thai-12"`).
pub fn rules_by_name(name: &str) -> Option<&'static Rules> {
    let key = normalise(name);
    EXTRA_RULES
        .iter()
        .chain(&OTHER_BOARDS)
        .find(|r| normalise(r.name) == key)
        .or_else(|| Variant::from_name(name).map(Variant::rules))
}

/// The names of the rule sets [`rules_by_name`] knows besides variants and their aliases.
pub fn other_rule_set_names() -> impl Iterator<Item = &'static str> {
    OTHER_BOARDS.iter().chain(&EXTRA_RULES).map(|r| r.name)
}

/// Every rule set: the variants', their other boards', and those of the published tables.
#[cfg(test)]
pub(crate) fn all_rule_sets() -> impl Iterator<Item = &'static Rules> {
    RULES.iter().chain(&OTHER_BOARDS).chain(&EXTRA_RULES)
}

/// The notation to name squares of `rules`' board: the variant's own (on another board of the
/// variant, its kind and corner on that board), or for rule sets that are not variants,
/// numbers from White's top-left (`N2`) with `a1` at White's near left.
pub fn default_notation(rules: &'static Rules) -> Notation {
    Variant::ALL
        .into_iter()
        .find(|v| v.boards().any(|r| std::ptr::eq(r, rules)))
        .map(|v| Config::on_board(v, rules).notation)
        .unwrap_or_else(|| Notation::new(rules.geometry, NotationKind::Numeric, 2, Colour::White))
}

fn normalise(s: &str) -> String {
    normalised(s).collect()
}

/// The characters of `s` as names are compared: lower-case, without spaces and punctuation.
fn normalised(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '!' | '/' | '\''))
        .flat_map(char::to_lowercase)
}

/// How one game is played and written: the variant, the notation of its squares and the
/// side that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The variant.
    pub variant: Variant,
    /// Square names.
    pub notation: Notation,
    /// The side that moves first from the start position; a result's first number is its
    /// score.
    pub first_mover: Colour,
}

impl Config {
    /// The variant with its standard notation.
    pub fn standard(variant: Variant) -> Config {
        Config {
            variant,
            notation: variant.notation(),
            first_mover: variant.first_mover(),
        }
    }

    /// The configuration a `GameType` tag describes. For known numbers the number decides
    /// and the attributes are used only when they are one of the forms PDN lists for that
    /// number (so PlayOK's `20,W,10,10,N1,0` still reads standard numbering); for other
    /// numbers the attributes decide.
    ///
    /// # Errors
    /// See [`Variant::from_game_type`].
    pub fn from_game_type(gt: &GameType) -> Result<Config, GameTypeError> {
        let variant = Variant::from_game_type(gt)?;
        Config::with_game_type(variant, gt)
    }

    /// `variant` on `board`, one of [`Variant::boards`], written as the variant writes its
    /// standard board (the same notation kind and corner), White first.
    ///
    /// # Panics
    /// When `board` is not one of the variant's boards.
    pub fn on_board(variant: Variant, board: &'static Rules) -> Config {
        assert!(
            variant.boards().any(|r| std::ptr::eq(r, board)),
            "{} is not a board of {variant}",
            board.name
        );
        let standard = Config::standard(variant);
        if std::ptr::eq(board, variant.rules()) {
            return standard;
        }
        let mut attrs = variant
            .game_type()
            .attrs
            .expect("standard GameType has attributes");
        let g = board.geometry;
        attrs.width = g.width();
        attrs.height = g.height();
        attrs.invert = Some(matches!(
            g.squares(),
            crate::Squares::Dark { bottom_left: false }
        ));
        Config {
            notation: Notation::on_board(&attrs, g).expect("the attributes of its own board"),
            ..standard
        }
    }

    /// The full `GameType` that describes this configuration: the variant's number (`-1`
    /// where PDN has none), the first mover, and the board and notation as written.
    pub fn game_type(&self) -> GameType {
        GameType {
            number: self.variant.rules().game_type,
            attrs: Some(self.notation.attrs()),
        }
    }

    /// `variant` (e.g. forced by the user) with the notation of `gt` where it applies, on the
    /// variant's board of the size `gt` gives (its layout too when the variant has a board of
    /// that layout; else the names are read on the mirror image).
    ///
    /// # Errors
    /// When `gt`'s attributes name a board the variant does not play on and are not to be
    /// ignored.
    pub fn with_game_type(variant: Variant, gt: &GameType) -> Result<Config, GameTypeError> {
        let standard = Config::standard(variant);
        let Some(attrs) = gt.attrs else {
            return Ok(standard);
        };
        // A known number with attributes its own variant never has (PlayOK's
        // `20,W,10,10,N1,0`) is read by its number alone, whatever rules are forced: the same
        // squares with and without `--variant`.
        if let Some(by_number) = Variant::from_number(gt.number)
            && !by_number
                .accepted_forms()
                .iter()
                .any(|f| f.attrs == Some(attrs))
        {
            // A variant played on several boards takes the board of the number's own form
            // (PlayOK's 20 is the dark-cornered 10x10 board).
            if variant.has_other_boards() {
                let own = by_number.game_type();
                return Ok(Config::with_game_type(variant, &own).unwrap_or(standard));
            }
            return Ok(standard);
        }
        let size =
            |r: &&Rules| (r.geometry.width(), r.geometry.height()) == (attrs.width, attrs.height);
        let bottom_left = attrs.invert != Some(true);
        let board = variant
            .boards()
            .filter(size)
            .find(|r| {
                matches!(r.geometry.squares(), crate::Squares::Dark { bottom_left: b } if b == bottom_left)
            })
            .or_else(|| variant.boards().find(size))
            .unwrap_or(variant.rules());
        let notation = Notation::on_board(&attrs, board.geometry)
            .map_err(|e| GameTypeError::UnsupportedBoard(format!("{gt}: {}", e.0)))?;
        Ok(Config {
            variant,
            notation,
            first_mover: attrs.first_mover,
        })
    }

    /// The variant's rules on the board of the notation (see [`Variant::boards`]).
    pub fn rules(&self) -> &'static Rules {
        self.variant
            .rules_on(self.notation.geometry())
            .unwrap_or(self.variant.rules())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
            assert_eq!(Variant::from_name(&v.name().to_uppercase()), Some(v));
        }
        assert_eq!(
            Variant::from_name("American/English"),
            Some(Variant::English)
        );
        assert_eq!(Variant::from_name("Frysk!"), Some(Variant::Frysk));
        assert_eq!(Variant::from_name("Standard"), Some(Variant::International));
        assert_eq!(Variant::from_name("checkers"), Some(Variant::English));
        assert_eq!(Variant::from_name("nonsense"), None);
        assert!(rules_by_name("spantsiretti-international").is_some());
    }

    #[test]
    fn every_alias_names_its_variant_and_no_other_name() {
        let mut seen = std::collections::HashSet::new();
        for v in Variant::ALL {
            for alias in v.aliases() {
                assert_eq!(Variant::from_name(alias), Some(v), "{alias}");
                assert_eq!(
                    Variant::from_name(&alias.to_uppercase()),
                    Some(v),
                    "{alias}"
                );
                assert!(seen.insert(normalise(alias)), "{alias} listed twice");
                assert!(Variant::ambiguous(alias).is_none(), "{alias}");
                assert!(
                    Variant::ALL
                        .iter()
                        .all(|w| normalise(w.name()) != normalise(alias)),
                    "{alias} is a variant's name"
                );
            }
        }
        assert_eq!(seen.len(), ALIASES.len());
        assert_eq!(Variant::English.aliases().next(), Some("american"));
        assert_eq!(Variant::from_name("Sri Lankan"), Some(Variant::Canadian));
    }

    #[test]
    fn dama_is_ambiguous_and_names_no_variant() {
        for name in ["dama", "Dama", "DAMA"] {
            assert_eq!(Variant::from_name(name), None, "{name}");
            assert!(rules_by_name(name).is_none(), "{name}");
            assert_eq!(
                Variant::ambiguous(name),
                Some(&[Variant::Turkish, Variant::Italian, Variant::Czech][..])
            );
        }
        assert_eq!(Variant::ambiguous("turkish"), None);
        assert_eq!(Variant::ambiguous("nonsense"), None);
        let names: Vec<&str> = Variant::ambiguous_names().map(|(n, _)| n).collect();
        assert_eq!(names, ["dama"]);
        for (name, candidates) in Variant::ambiguous_names() {
            assert!(candidates.len() > 1, "{name}");
            assert!(candidates.iter().all(|v| v.aliases().all(|a| a != name)));
        }
    }

    #[test]
    fn game_type_numbers() {
        let gt = |s: &str| GameType::parse(s).unwrap();
        assert_eq!(Variant::from_game_type(&gt("23")), Ok(Variant::Pool));
        assert_eq!(Variant::from_game_type(&gt("97")), Ok(Variant::Frysk));
        assert_eq!(
            Variant::from_game_type(&gt("99")),
            Ok(Variant::International)
        );
        assert_eq!(
            Variant::from_game_type(&gt("-1,W,10,10,N2,1")),
            Ok(Variant::Ghanaian)
        );
        assert_eq!(
            Variant::from_game_type(&gt("-1,W,12,12,N2,0")),
            Ok(Variant::Malaysian)
        );
        assert_eq!(
            Variant::from_game_type(&gt("55")),
            Err(GameTypeError::UnknownNumber(55))
        );
        assert!(Variant::from_game_type(&gt("-1,W,14,14,N2,0")).is_err());
        for v in Variant::ALL {
            if v.rules().game_type > 0 {
                assert_eq!(Variant::from_game_type(&v.game_type()), Ok(v), "{v}");
            }
        }
    }

    #[test]
    fn playok_notation_digit_is_overruled() {
        let c = Config::from_game_type(&GameType::parse("20,W,10,10,N1,0").unwrap()).unwrap();
        assert_eq!(c, Config::standard(Variant::International));
        // The same under rules forced by the user: the squares do not move.
        let playok = GameType::parse("20,W,10,10,N1,0").unwrap();
        let forced = Config::with_game_type(Variant::Frisian, &playok).unwrap();
        assert_eq!(forced, Config::standard(Variant::Frisian));
        let jam = Config::from_game_type(&GameType::parse("23,B,8,8,A1,1").unwrap()).unwrap();
        assert!(jam.notation.is_mirrored());
        let unified = Config::from_game_type(&GameType::parse("23,W,8,8,A0,0").unwrap()).unwrap();
        assert_eq!(unified.first_mover, Colour::White);
    }

    #[test]
    fn a_standard_config_writes_its_variants_game_type() {
        for v in Variant::ALL {
            assert_eq!(Config::standard(v).game_type(), v.game_type(), "{v}");
        }
    }

    #[test]
    fn malaysian_and_ghanaian_boards_are_chosen_by_the_game_type() {
        let gt = |s: &str| GameType::parse(s).unwrap();
        let on = |v, s: &str| Config::with_game_type(v, &gt(s)).unwrap();
        assert_eq!(
            on(Variant::Malaysian, "-1,W,10,10,N2,0").rules().name,
            "malaysian-10x10"
        );
        assert_eq!(
            on(Variant::Malaysian, "-1,W,8,8,N2,0").rules().name,
            "malaysian-8x8"
        );
        assert_eq!(
            on(Variant::Malaysian, "-1,W,12,12,N2,0"),
            Config::standard(Variant::Malaysian)
        );
        assert!(Config::with_game_type(Variant::Malaysian, &gt("-1,W,14,14,N2,0")).is_err());
        let dark = on(Variant::Ghanaian, "-1,W,10,10,N2,0");
        assert_eq!(dark.rules().name, "ghanaian-dark-cornered");
        assert!(!dark.notation.is_mirrored());
        assert_eq!(dark.game_type().to_string(), "-1,W,10,10,N2,0");
        assert_eq!(
            on(Variant::Ghanaian, "-1,W,10,10,N2,1"),
            Config::standard(Variant::Ghanaian)
        );
        // PlayOK's 20 (its numbering digit untrusted) is still the international board.
        assert_eq!(
            on(Variant::Ghanaian, "20,W,10,10,N1,0").rules().name,
            "ghanaian-dark-cornered"
        );
        assert_eq!(
            on(Variant::Malaysian, "20,W,10,10,N1,0").rules().name,
            "malaysian-10x10"
        );
        // Black first, squares named from Black's side: White's top-left is Black's
        // bottom-right (N1).
        let black = on(Variant::Malaysian, "-1,B,12,12,N1,0");
        assert_eq!(black.first_mover, Colour::Black);
        assert_eq!(black.rules().name, "malaysian");
        assert_eq!(black.game_type().to_string(), "-1,B,12,12,N1,0");
        for v in Variant::ALL {
            for board in v.boards() {
                let c = Config::on_board(v, board);
                assert!(std::ptr::eq(c.rules(), board), "{}", board.name);
                assert_eq!(
                    Config::with_game_type(v, &c.game_type()),
                    Ok(c),
                    "{}",
                    board.name
                );
                assert!(std::ptr::eq(rules_by_name(board.name).unwrap(), board));
                assert_eq!(default_notation(board), c.notation);
            }
        }
        assert_eq!(Variant::Malaysian.boards().count(), 3);
        assert!(Variant::Ghanaian.has_other_boards());
        assert!(!Variant::International.has_other_boards());
    }
}
