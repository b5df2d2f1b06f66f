//! One annotated `Rules` constant per variant (dctl style). Each field says where it comes
//! from: the rulebook article where there is one, otherwise the sources `(Sn)` listed at the
//! end of `docs/rules.md`. Decisions on open questions (the decisions table of `docs/rules.md`)
//! are marked **Decision**.

use super::spec::{
    DrawRule, FrisianValue, Goal, KingRange, Landing, Lines, ManCaptures, ManSteps, MissedCapture,
    PassingPromotion, Precedence, Removal, Rules, StartRanks,
};
use crate::Geometry;
use crate::{Colour, ResultScale};

/// FMJD draw rules: threefold repetition (Art. 6.1), 25 king-only moves each (Art. 6.2),
/// the 16- and 5-move endgame rules (Art. 6.3–6.4), as lidraughts implements them (S4). All
/// apply by themselves: a win recorded after one is a `result-mismatch` warning.
///
/// **Decision** (issue 26): the 16- and 5-move counts run "from the moment the material
/// arose" (FMJD, lidraughts): a second king crowned in a 5-move ending keeps the count (from
/// `W:W13,K22:BK40`, crowning on ply 5, the game is drawn after ply 10, not 15); the capture
/// that turns a 16-move ending into a 5-move one starts the 5-move count. A game from a FEN
/// counts from the FEN.
const FMJD_DRAWS: &[DrawRule] = &[
    DrawRule::Repetition(3),
    DrawRule::KingMoves {
        plies: 50,
        claim: false,
    },
    DrawRule::FmjdEndgame,
];

/// FMJD-64 / Russian federation rules 7.2.3–7.2.8 (S4 Russian.scala, S18).
///
/// **Decision** (issue 26): the lone-king endings (7.2.4, 7.2.7, 7.2.8) count as the FMJD
/// endings do, from the move that made the material, through captures and crownings that keep
/// it; 7.2.7 ("a lone king located on the long diagonal") counts while the lone king stands on
/// a1–h8 and starts again when it comes back; 7.2.4 reads "three kings (or more)" as at least
/// three kings, men beside them allowed; 7.2.6 counts from the last capture or crowning, as
/// its text says.
const RUSSIAN_DRAWS: &[DrawRule] = &[
    DrawRule::Repetition(3),
    DrawRule::KingMoves {
        plies: 30,
        claim: false,
    },
    DrawRule::RussianEndgame,
];

/// International rules, the reference ruleset: FMJD Annex 1 (S3).
pub const INTERNATIONAL: Rules = Rules {
    name: "international",
    // Art. 2.1–2.4: 10x10, dark squares, a dark corner at each player's near left.
    geometry: Geometry::INTERNATIONAL,
    // Art. 3.1: White moves first.
    first_mover: Colour::White,
    // Art. 2.7: 20 men each on the first four ranks.
    setup: StartRanks { first: 0, ranks: 4 },
    // Art. 3.5: a man moves one square diagonally forward.
    man_steps: ManSteps::DiagonalForward,
    // Art. 4.2: a man captures forward and backward.
    man_captures: ManCaptures::Diagonal,
    men_capture_kings: true,
    // Art. 3.8, 4.3: the king is flying and lands on any free square behind the piece.
    king_range: KingRange::Flying,
    king_steps: Lines::Diagonal,
    king_captures: Lines::Diagonal,
    king_landing: Landing::AnyBehind,
    // Art. 4.4–4.5, 4.8: pieces are lifted after the move; none is jumped twice.
    removal: Removal::EndOfMove,
    no_reversal: false,
    // Art. 4.15: a man passing the last rank during a capture stays a man.
    passing_promotion: PassingPromotion::StaysMan,
    // Art. 4.13–4.14: the most pieces, kings and men count the same.
    precedence: Precedence::Quantity,
    king_move_limit: None,
    missed_capture: MissedCapture::Illegal,
    // Art. 5.1: no pieces or no move loses.
    goal: Goal::Standard,
    draws: FMJD_DRAWS,
    capture_separator: 'x',
    result_scale: ResultScale::Two,
    game_type: 20,
};

/// Brazilian: international rules on 8x8 (S4 Brazilian.scala, S2).
pub const BRAZILIAN: Rules = Rules {
    name: "brazilian",
    geometry: Geometry::EIGHT,
    setup: StartRanks { first: 0, ranks: 3 },
    // lidraughts applies the FMJD-64 endgame rules to Brazilian as well [S4].
    draws: RUSSIAN_DRAWS,
    result_scale: ResultScale::One,
    game_type: 26,
    ..INTERNATIONAL
};

/// Canadian: international rules on 12x12 with 30 men each (S1, S2, S16).
pub const CANADIAN: Rules = Rules {
    name: "canadian",
    geometry: Geometry::TWELVE,
    setup: StartRanks { first: 0, ranks: 5 },
    // No official draw text found; FMJD rules assumed.
    game_type: 27,
    ..INTERNATIONAL
};

/// Russian draughts (shashki), FMJD-64 / Russian federation rules (S2 russian.hpp, S4, S5).
pub const RUSSIAN: Rules = Rules {
    name: "russian",
    geometry: Geometry::EIGHT,
    setup: StartRanks { first: 0, ranks: 3 },
    // 1.5.3: men capture backward too (as INTERNATIONAL).
    // Free choice of capture; the chosen line must be finished [S5, S18].
    precedence: Precedence::Free,
    // 1.5.15: a man reaching the last rank during a capture is crowned at once and continues
    // as a king.
    passing_promotion: PassingPromotion::ContinuesAsKing,
    draws: RUSSIAN_DRAWS,
    capture_separator: ':',
    result_scale: ResultScale::One,
    game_type: 25,
    ..INTERNATIONAL
};

/// Spantsiretti: 10 wide x 8 high, 15 men each. **Decision** (docs/rules.md):
/// Russian rules, matching the PDN `:` separator that GameType 41 gives.
pub const SPANTSIRETTI: Rules = Rules {
    name: "spantsiretti",
    geometry: Geometry::TEN_BY_EIGHT,
    game_type: 41,
    ..RUSSIAN
};

/// International rules on the Spantsiretti board: not a variant, but the rules dctl's
/// published 10x8 perft table was computed with. Selectable by name.
pub const SPANTSIRETTI_INTERNATIONAL: Rules = Rules {
    name: "spantsiretti-international",
    geometry: Geometry::TEN_BY_EIGHT,
    setup: StartRanks { first: 0, ranks: 3 },
    game_type: -1,
    ..INTERNATIONAL
};

/// Frisian draughts (S6, S8, S2 frisian.hpp, S7, S4).
pub const FRISIAN: Rules = Rules {
    name: "frisian",
    // Men capture in eight directions (diagonals and straight lines).
    man_captures: ManCaptures::DiagonalAndOrthogonal,
    // **Decision** (docs/rules.md): kings move along diagonals only (Wikipedia, dctl, Scan,
    // lidraughts) and capture in all eight directions.
    king_steps: Lines::Diagonal,
    king_captures: Lines::Both,
    // **Decision** (docs/rules.md): value rule by engine consensus; the literal
    // "n kings = 2n − ½" reading is `FrisianValue::TwoNMinusHalf`.
    precedence: Precedence::Frisian(FrisianValue::Consensus),
    // The same king may not make more than three quiet moves in a row while its side has men.
    king_move_limit: Some(3),
    // Threefold repetition assumed; 2 kings v 1 king: 7 moves each (counted as the FMJD
    // endings are). **Decision** (issue 26): 1 king each is drawn at once unless one side wins
    // by force at once (S8, S4's comment on the official rule): the side to move takes the
    // other king, or each of its moves lets the other king take it. The kings on the two ends
    // of the main diagonal (the official rule's wording) are one such position.
    draws: &[DrawRule::Repetition(3), DrawRule::FrisianEndgame],
    result_scale: ResultScale::One,
    game_type: 40,
    ..INTERNATIONAL
};

/// Frysk!: Frisian rules with five men each on the back rank (lidraughts GameType 97) (S4).
pub const FRYSK: Rules = Rules {
    name: "frysk",
    setup: StartRanks { first: 0, ranks: 1 },
    game_type: 97,
    ..FRISIAN
};

/// English draughts / American checkers: WCDF rules (S9), dctl checkers.hpp (S2).
pub const ENGLISH: Rules = Rules {
    name: "english",
    geometry: Geometry::EIGHT,
    // WCDF 1.4 / PDN 21: Black (dark) moves first.
    first_mover: Colour::Black,
    setup: StartRanks { first: 0, ranks: 3 },
    // Men capture forward only; kings are short-range.
    man_captures: ManCaptures::DiagonalForward,
    king_range: KingRange::Short,
    // Free choice of capture, the started capture is finished (1.20).
    precedence: Precedence::Free,
    // Crowning ends the move.
    passing_promotion: PassingPromotion::EndsMove,
    // **Decision** (issue 26): both WCDF draw rules are claims ("a player can demonstrate to
    // the satisfaction of the referee" that the position would occur for the third time, or
    // that 40 moves each passed without a man advancing or a capture), so play may go on
    // after either: the 1992 Chinook-Tinsley match went on past a third repetition.
    draws: &[
        DrawRule::RepetitionOnClaim(3),
        DrawRule::KingMoves {
            plies: 80,
            claim: true,
        },
    ],
    result_scale: ResultScale::One,
    game_type: 21,
    ..INTERNATIONAL
};

/// American pool checkers: APCA rules (S26, S27, S28).
pub const POOL: Rules = Rules {
    name: "pool",
    geometry: Geometry::EIGHT,
    first_mover: Colour::Black,
    setup: StartRanks { first: 0, ranks: 3 },
    // Men capture backward; flying kings; free choice of capture (no majority rule).
    precedence: Precedence::Free,
    // A man passing the king row during a jump goes on as a man [S28].
    passing_promotion: PassingPromotion::StaysMan,
    // Threefold repetition; three kings against one must win within 13 moves [S27].
    draws: &[
        DrawRule::Repetition(3),
        DrawRule::ThreeKingsVsKing { plies: 26 },
    ],
    result_scale: ResultScale::One,
    game_type: 23,
    ..INTERNATIONAL
};

/// Italian draughts: FID Regolamento tecnico, Capo I (S29), dctl italian.hpp (S2).
pub const ITALIAN: Rules = Rules {
    name: "italian",
    // Art. 2.3: the dark corner square is at each player's near right.
    geometry: Geometry::EIGHT_MIRRORED,
    setup: StartRanks { first: 0, ranks: 3 },
    man_captures: ManCaptures::DiagonalForward,
    // Art. 5.3(b): a man may not capture a king.
    men_capture_kings: false,
    king_range: KingRange::Short,
    passing_promotion: PassingPromotion::EndsMove,
    // Art. 6.6–6.10: most pieces, king captures, most kings, king met first.
    precedence: Precedence::Italian,
    // **Decision** (docs/rules.md): dctl's reading of Art. 9.3(b1) (fourth repetition) and
    // Art. 10.4 (40 moves each without a capture or a man move).
    draws: &[
        DrawRule::Repetition(4),
        DrawRule::KingMoves {
            plies: 80,
            claim: false,
        },
    ],
    result_scale: ResultScale::One,
    game_type: 22,
    ..INTERNATIONAL
};

/// Spanish draughts (S33, S20, S2 spanish.hpp).
pub const SPANISH: Rules = Rules {
    name: "spanish",
    geometry: Geometry::EIGHT_MIRRORED,
    setup: StartRanks { first: 0, ranks: 3 },
    // Men move and capture forward only; flying kings.
    man_captures: ManCaptures::DiagonalForward,
    passing_promotion: PassingPromotion::EndsMove,
    // Quantity first, then quality (most kings).
    precedence: Precedence::QuantityThenKings,
    // Threefold repetition; 20 king moves each without capture [S33].
    draws: &[
        DrawRule::Repetition(3),
        DrawRule::KingMoves {
            plies: 40,
            claim: false,
        },
    ],
    result_scale: ResultScale::One,
    game_type: 24,
    ..INTERNATIONAL
};

/// Portuguese draughts: the Spanish rules (Regras Damas Clássicas, via dctl (S2, S20)).
pub const PORTUGUESE: Rules = Rules {
    name: "portuguese",
    game_type: 28,
    ..SPANISH
};

/// Czech draughts: FMJD brief rules (S34), dctl czech.hpp (S2).
pub const CZECH: Rules = Rules {
    name: "czech",
    geometry: Geometry::EIGHT,
    setup: StartRanks { first: 0, ranks: 3 },
    man_captures: ManCaptures::DiagonalForward,
    passing_promotion: PassingPromotion::EndsMove,
    // 4.14: no majority rule, but a king must capture if any king can.
    precedence: Precedence::KingFirst,
    // Threefold repetition on claim (**Decision**, issue 26: the FMJD brief rules (S34) make it
    // a claim); 15 moves each without a man move or a capture.
    draws: &[
        DrawRule::RepetitionOnClaim(3),
        DrawRule::KingMoves {
            plies: 30,
            claim: false,
        },
    ],
    result_scale: ResultScale::One,
    game_type: 29,
    ..INTERNATIONAL
};

/// Turkish draughts (Dama) (S35, S36, S37, S38, S39).
pub const TURKISH: Rules = Rules {
    name: "turkish",
    geometry: Geometry::TURKISH,
    // 16 men each on the second and third ranks.
    setup: StartRanks { first: 1, ranks: 2 },
    // Men step and capture straight forward or sideways; kings move and capture like rooks.
    man_steps: ManSteps::OrthogonalForwardSideways,
    man_captures: ManCaptures::OrthogonalForwardSideways,
    king_steps: Lines::Orthogonal,
    king_captures: Lines::Orthogonal,
    // Captured pieces are removed at once; no 180-degree turn between two jumps.
    removal: Removal::Immediate,
    no_reversal: true,
    // **Decision** (docs/rules.md): a man reaching the last rank mid-capture goes
    // on as a man and is crowned only if the move ends there (`ContinuesAsKing` is the other
    // reading).
    passing_promotion: PassingPromotion::StaysMan,
    // Maximum number, kings and men alike [S37 rule 2]. A king that lands behind a piece where
    // it cannot go on, while another landing would let it take more, takes fewer than this
    // requires (`not-maximal-capture` in the replay; docs/rules-decisions.md).
    precedence: Precedence::Quantity,
    // **Decision** (docs/rules.md): one piece each is a draw (Turkish academy text, S40).
    draws: &[DrawRule::Repetition(3), DrawRule::OnePieceEach],
    result_scale: ResultScale::One,
    game_type: 30,
    ..INTERNATIONAL
};

/// Thai draughts (Mak-hot) (S42, S43, S44, S2 thai.hpp).
pub const THAI: Rules = Rules {
    name: "thai",
    geometry: Geometry::EIGHT,
    // **Decision** (docs/rules.md): Black first, as PDN GameType 31 says.
    first_mover: Colour::Black,
    // Eight men each on the first two ranks.
    setup: StartRanks { first: 0, ranks: 2 },
    man_captures: ManCaptures::DiagonalForward,
    // Flying king that must stop directly behind the captured piece; immediate removal;
    // 180-degree turns allowed.
    king_landing: Landing::DirectlyBehind,
    removal: Removal::Immediate,
    passing_promotion: PassingPromotion::EndsMove,
    // No majority rule.
    precedence: Precedence::Free,
    draws: &[DrawRule::Repetition(3)],
    capture_separator: '-',
    result_scale: ResultScale::One,
    game_type: 31,
    ..INTERNATIONAL
};

/// Thai rules with twelve men each on three ranks: not the Thai start, but the start dctl's
/// published "Thai" perft table uses. Selectable by name.
pub const THAI_12: Rules = Rules {
    name: "thai-12",
    setup: StartRanks { first: 0, ranks: 3 },
    game_type: -1,
    ..THAI
};

/// Ghanaian draughts (Damii) (S45). **Decision**: international moves, no
/// maximum-capture duty, a player left with a single piece loses. No PDN GameType.
///
/// **Decision** (issue 26): the seed says the board *may* be laid with a light square at the
/// player's left, so both layouts are played: this one (light-cornered, so that its `GameType`
/// `-1,W,10,10,N2,1` names Ghanaian: the dark-cornered `-1,W,10,10,N2,0` reads as
/// international) and [`GHANAIAN_DARK_CORNERED`]. A game's GameType layout field chooses; without
/// one, the layout under which the file's games replay (a note says so). The rules are
/// left-right symmetric, so the two are the same game up to square names (equal perft). No
/// source says who moves first: White, as in international draughts; a FEN or a GameType with
/// `B` gives Black the first move.
pub const GHANAIAN: Rules = Rules {
    name: "ghanaian",
    geometry: Geometry::dark_unchecked(10, 10, false),
    precedence: Precedence::Free,
    goal: Goal::LonePieceLoses,
    draws: &[DrawRule::Repetition(3)],
    result_scale: ResultScale::One,
    game_type: -1,
    ..INTERNATIONAL
};

/// Ghanaian on the usual international board: a dark square at each player's near left, squares
/// numbered as in international draughts (see [`GHANAIAN`]).
pub const GHANAIAN_DARK_CORNERED: Rules = Rules {
    name: "ghanaian-dark-cornered",
    geometry: Geometry::INTERNATIONAL,
    ..GHANAIAN
};

/// Malaysian / Singaporean checkers (Dum) (S46, S47). **Decision**: 12x12,
/// men forward only, flying kings, maximum capture with a king preferred among equals; a
/// missed capture may be huffed, so it is not illegal. No PDN GameType.
///
/// **Decision** (issue 26): the seed names 12x12 and 10x10 boards, rarely 8x8; each is its own
/// rule set ([`MALAYSIAN_10X10`], [`MALAYSIAN_8X8`]) with two empty ranks between the armies,
/// chosen by the GameType's width and height, else by the board the file's games replay on.
/// Who starts is agreed between the players (S46): White here, Black when the GameType's start
/// colour is `B` or the FEN gives Black the move. A move written with `-` that is a legal
/// quiet move is that quiet move even when a capture was possible (a missed capture, which the
/// opponent may huff), never a capture stopped early.
pub const MALAYSIAN: Rules = Rules {
    name: "malaysian",
    geometry: Geometry::TWELVE,
    setup: StartRanks { first: 0, ranks: 5 },
    man_captures: ManCaptures::DiagonalForward,
    passing_promotion: PassingPromotion::EndsMove,
    precedence: Precedence::QuantityThenKing,
    missed_capture: MissedCapture::Huffable,
    draws: &[DrawRule::Repetition(3)],
    result_scale: ResultScale::One,
    game_type: -1,
    ..INTERNATIONAL
};

/// Malaysian on 10x10: 20 men each on four ranks (see [`MALAYSIAN`]).
pub const MALAYSIAN_10X10: Rules = Rules {
    name: "malaysian-10x10",
    geometry: Geometry::INTERNATIONAL,
    setup: StartRanks { first: 0, ranks: 4 },
    ..MALAYSIAN
};

/// Malaysian on 8x8: 12 men each on three ranks (see [`MALAYSIAN`]).
pub const MALAYSIAN_8X8: Rules = Rules {
    name: "malaysian-8x8",
    geometry: Geometry::EIGHT,
    setup: StartRanks { first: 0, ranks: 3 },
    ..MALAYSIAN
};

/// Antidraughts (lidraughts GameType 98): international moves, the side that cannot move
/// (no pieces or blocked) wins (S4).
pub const ANTIDRAUGHTS: Rules = Rules {
    name: "antidraughts",
    goal: Goal::Anti,
    draws: &[DrawRule::Repetition(3)],
    game_type: 98,
    ..INTERNATIONAL
};

/// Breakthrough (lidraughts GameType 96): international moves, the first king wins (S4).
pub const BREAKTHROUGH: Rules = Rules {
    name: "breakthrough",
    goal: Goal::FirstKing,
    draws: &[DrawRule::Repetition(3)],
    game_type: 96,
    ..INTERNATIONAL
};
