//! The tags PDN 3.0 defines and those real files write, with what each is for: the words of a
//! tag's hover and the tag names completion offers.

/// Tag names and what each is for; the seven-tag roster first.
pub const TAGS: &[(&str, &str)] = &[
    ("Event", "the name of the tournament or match"),
    ("Site", "where the game was played"),
    (
        "Date",
        "when the game was played (`YYYY.MM.DD`, `?` for unknown digits)",
    ),
    ("Round", "the round of the event (`1`, `3.1`)"),
    ("White", "the player of the white pieces (surname first)"),
    ("Black", "the player of the black pieces (surname first)"),
    (
        "Result",
        "the result: the first mover's score, then the second's (`1-0`, `0-1`, `1/2-1/2`, `2-0`, \
         `1-1`, `*`)",
    ),
    (
        "GameType",
        "the variant by number, optionally with its board and notation (`20`, \
         `20,W,10,10,N2,0`)",
    ),
    (
        "Variant",
        "the variant by name, as some servers write it instead of GameType",
    ),
    (
        "FEN",
        "the start position, when it is not the variant's own",
    ),
    ("PlyCount", "the number of plies of the game"),
    ("Termination", "how the game ended"),
    (
        "TimeControl",
        "the time control (`40/7200:3600`, `4800+60`)",
    ),
    ("Annotator", "who annotated the game"),
    ("EventDate", "when the event started"),
    ("Section", "the section of the event"),
    ("Stage", "the stage of the event"),
    ("Board", "the board number in a team match"),
    ("WhiteRating", "White's rating"),
    ("BlackRating", "Black's rating"),
    (
        "WhiteElo",
        "White's rating (as lidraughts and PlayOK write it)",
    ),
    (
        "BlackElo",
        "Black's rating (as lidraughts and PlayOK write it)",
    ),
    ("WhiteTitle", "White's title"),
    ("BlackTitle", "Black's title"),
    ("WhiteType", "`human` or `program`"),
    ("BlackType", "`human` or `program`"),
    ("WhiteTime", "the time White used (`[H]H:MM[:SS]`)"),
    ("BlackTime", "the time Black used (`[H]H:MM[:SS]`)"),
    ("Time", "when the game started"),
    ("UTCDate", "the date in UTC"),
    ("UTCTime", "the time in UTC"),
    ("Opening", "the opening's name"),
    ("Author", "of a composed problem: its author"),
    (
        "Publication",
        "of a composed problem: where it was published",
    ),
    (
        "PublicationDate",
        "of a composed problem: when it was published",
    ),
    ("ResultFormat", "how the result is scored"),
];

/// What the tag `name` is for.
pub fn meaning(name: &str) -> &'static str {
    TAGS.iter().find(|(n, _)| *n == name).map_or(
        "a tag PDN 3.0 does not define (kept as written)",
        |(_, m)| m,
    )
}
