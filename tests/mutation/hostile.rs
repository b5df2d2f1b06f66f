//! Hostile shapes, each built once at full size: 100k-deep nesting of every bracket, very long
//! lines and tags, huge numbers, NUL bytes, invalid UTF-8, many games, many moves, long
//! capture chains. Each goes through the checker (no panic, bounded time, every invariant)
//! and a few through the real executable (exit code, stderr account, no crash on the 2 MiB
//! stacks of its worker threads).

/// A named input.
pub struct Shape {
    pub name: &'static str,
    pub bytes: Vec<u8>,
    /// Also run the executable on it.
    pub cli: bool,
    /// Games that must be read (2 where reading must go on with the good game after the
    /// hostile one).
    pub min_games: usize,
    /// Also read in parts of this many bytes (as a slow pipe may deliver them).
    pub read_capacity: Option<usize>,
}

fn shape(name: &'static str, bytes: impl Into<Vec<u8>>) -> Shape {
    Shape {
        name,
        bytes: bytes.into(),
        cli: false,
        min_games: 1,
        read_capacity: None,
    }
}

/// The good game after the hostile part must be read as a game of its own.
fn apart(mut s: Shape) -> Shape {
    s.min_games = 2;
    s
}

fn in_parts(mut s: Shape, bytes: usize) -> Shape {
    s.read_capacity = Some(bytes);
    s
}

fn with_cli(mut s: Shape) -> Shape {
    s.cli = true;
    s
}

/// A good game, to check that reading goes on after a hostile one.
pub const GOOD: &str = "[Event \"after\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";

fn then_good(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.extend_from_slice(b"\n");
    bytes.extend_from_slice(GOOD.as_bytes());
    bytes
}

fn repeat(unit: &str, n: usize) -> String {
    unit.repeat(n)
}

/// King moves back and forth: a legal game of `plies` plies (the draw rules end it early,
/// which is a note; play goes on).
fn shuffle(plies: usize) -> String {
    let mut s = String::from("[GameType \"20\"]\n[FEN \"W:WK50:BK1\"]\n");
    let moves = ["50-44", "1-7", "44-50", "7-1"];
    for i in 0..plies {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(moves[i % 4]);
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

/// Every hostile shape. `n` sizes the nesting, long lines and long tags (100k in the issue:
/// cheap, since the reader stops at its limits); `v` sizes the shapes whose cost grows with
/// the count (a diagnostic, a game or a move per unit).
pub fn shapes(n: usize, v: usize) -> Vec<Shape> {
    let deep_open = format!("[Event \"deep\"]\n1. 32-28 {}", repeat("(", n));
    let deep_balanced = format!(
        "[Event \"deep\"]\n1. 32-28 {}{} *",
        repeat("( 19-23 ", n),
        repeat(")", n)
    );
    let mut out = vec![
        with_cli(apart(shape(
            "deep-parens",
            then_good(deep_open.into_bytes()),
        ))),
        apart(shape(
            "deep-balanced",
            then_good(deep_balanced.into_bytes()),
        )),
        apart(shape(
            "deep-close",
            then_good(format!("1. 32-28 {} *", repeat(")", v)).into_bytes()),
        )),
        apart(shape(
            "deep-braces",
            then_good(format!("1. 32-28 {}{} *", repeat("{", n), repeat("}", n)).into_bytes()),
        )),
        shape(
            "deep-brackets",
            then_good(format!("{}Event \"x\"{}", repeat("[", v), repeat("]", v)).into_bytes()),
        ),
        apart(shape(
            "deep-brackets-in-movetext",
            then_good(format!("1. 32-28 {} *", repeat("[", v)).into_bytes()),
        )),
        shape(
            "quotes",
            then_good(format!("[Event {}]\n*", repeat("\"", n)).into_bytes()),
        ),
        shape(
            "brace-paren",
            then_good(format!("1. 32-28 {} *", repeat("{(", n)).into_bytes()),
        ),
        shape("deep-at-the-limit", {
            // Variations exactly as deep as allowed, a move at every level: the deepest JSON.
            let d = pdn::MAX_VARIATION_DEPTH;
            format!(
                "[GameType \"20\"]\n1. 32-28 {}{} *\n",
                repeat("(32-28 19-23 ", d),
                repeat(")", d)
            )
        }),
        with_cli(apart(shape(
            "long-tag-value",
            then_good(format!("[Event \"{}\"]\n1. 32-28 *", repeat("a", 2 * n)).into_bytes()),
        ))),
        apart(shape(
            "long-tag-name",
            then_good(format!("[{} \"v\"]\n1. 32-28 *", repeat("N", 2 * n)).into_bytes()),
        )),
        apart(shape(
            "long-fen",
            then_good(
                format!(
                    "[FEN \"W:W{}:B1\"]\n1. 32-28 *",
                    (0..n / 4)
                        .map(|i| format!("{},", i % 50 + 1))
                        .collect::<String>()
                )
                .into_bytes(),
            ),
        )),
        shape(
            "huge-fen-squares",
            then_good(
                b"[FEN \"W:W99999999999999999999,K4294967296:B18446744073709551616\"]\n*".to_vec(),
            ),
        ),
        with_cli(apart(shape(
            "long-junk-line",
            then_good(format!("1. 32-28 {}*", repeat("junk ", v)).into_bytes()),
        ))),
        apart(shape(
            "long-word",
            then_good(format!("1. 32-28 {} *", repeat("x", 5 * n)).into_bytes()),
        )),
        // A tag is judged with its whole line: read in parts, it was scanned again at each
        // part, quadratic in the line's length.
        in_parts(
            apart(shape(
                "long-tag-read-in-parts",
                then_good(format!("[Event \"{}\"]\n1. 32-28 *", repeat("x", 5 * n)).into_bytes()),
            )),
            4,
        ),
        apart(shape(
            "long-comment",
            then_good(format!("1. 32-28 {{{}}} *", repeat("c", 5 * n)).into_bytes()),
        )),
        apart(shape(
            "long-move",
            then_good(format!("1. {}28 *", repeat("32-", v)).into_bytes()),
        )),
        apart(shape(
            "huge-numbers",
            then_good(
                format!(
                    "[GameType \"99999999999999999999\"]\n99999999999999999999. 32-28 \
                     $99999999999 {}-28 4294967296. 1-4294967296 *",
                    repeat("9", 400)
                )
                .into_bytes(),
            ),
        )),
        shape(
            "many-numbers",
            then_good(format!("{}*", repeat("99999999999. ", v)).into_bytes()),
        ),
        shape("nul-bytes", then_good(vec![0; v])),
        shape("nul-in-tags", {
            let mut b = b"[Event \"a\0b\"]\n[\0 \"\0\"]\n1. 32-28 {\0} \0 *\n".to_vec();
            b.extend(std::iter::repeat_n(0u8, 64));
            then_good(b)
        }),
        with_cli(shape("invalid-utf8", then_good(vec![0xFF; v]))),
        shape("invalid-utf8-mixed", {
            let mut b = Vec::new();
            for i in 0..n / 8 {
                b.extend_from_slice(if i % 2 == 0 {
                    b"\xC3\xA9 "
                } else {
                    b"\xE9\xFF "
                });
            }
            then_good(b)
        }),
        shape("cr-only", then_good(vec![b'\r'; v])),
        shape(
            "crlf-lines",
            then_good(repeat("1. 32-28\r\n", v / 4).into_bytes()),
        ),
        shape("escape-lines", then_good(repeat("%x\n", v).into_bytes())),
        shape("line-comments", then_good(repeat(";x\n", v).into_bytes())),
        with_cli(shape("many-games", repeat("[A \"1\"] *\n", v))),
        shape("many-tag-games", repeat("[A \"1\"]\n", v)),
        shape("many-results", repeat("1. 32-28 1-0 ", v / 4).into_bytes()),
        // One line to the end of the input, with no line end after it to stop a search for
        // the last one (the splitter once searched the rest of the line again at every word).
        shape(
            "line-to-the-end",
            format!("1. 32-28 {}", repeat("( ", 4 * v)).into_bytes(),
        ),
        shape("below-the-move-limit", shuffle(pdn::MAX_MAINLINE_MOVES)),
        with_cli(apart(shape(
            "above-the-move-limit",
            then_good(shuffle(pdn::MAX_MAINLINE_MOVES + 1).into_bytes()),
        ))),
        apart(shape("hop-chain", {
            // A capture due and a quiet move written, then hops that each start where the
            // last ended: the PDN 1.0 joining of hop-by-hop captures tries the chain.
            let mut s = String::from("[GameType \"20\"]\n[FEN \"W:W32:B27,18\"]\n1. 32-27 ");
            s.push_str(&repeat("27x18 18x27 ", v / 2));
            s.push('*');
            then_good(s.into_bytes())
        })),
        apart(shape("hop-chain-in-variation", {
            // The same in a variation, where only the total move limit applies.
            let mut s =
                String::from("[GameType \"20\"]\n[FEN \"W:W32:B27,18\"]\n1. 31-26 (1. 32-27 ");
            let pairs = (4 * v).min(pdn::MAX_MOVES / 2 - 10);
            s.push_str(&repeat("27x18 18x27 ", pairs));
            s.push_str(") *");
            then_good(s.into_bytes())
        })),
        apart(shape("ambiguous-captures", {
            // A short capture that fits two routes, repeated after setups: each is decided
            // by looking ahead at the rest of the line.
            let mut s = String::from("[GameType \"20\"]\n");
            for _ in 0..v / 10 {
                s.push_str("/FEN \"W:WK47:B14,19,29,31,42\"/ 1. 47x36 ");
            }
            s.push('*');
            then_good(s.into_bytes())
        })),
        apart(shape(
            "many-setups",
            then_good(
                format!("{}*", repeat("/FEN \"W:W31-50:B1-20\"/ 1. 32-28 ", v / 10)).into_bytes(),
            ),
        )),
    ];
    // Just above the maximum game size, then a game that must still be read.
    let max = pdn::DEFAULT_MAX_GAME_SIZE;
    out.push(with_cli(apart(shape(
        "oversize",
        then_good(format!("[Event \"big\"]\n1. 32-28 {{{}}} *", repeat("x", max)).into_bytes()),
    ))));
    out.push(apart(shape(
        "oversize-unterminated-comment",
        then_good(
            format!("[Event \"big\"]\n1. 32-28 {{{}", repeat("x\n", max / 2 + 1)).into_bytes(),
        ),
    )));
    out
}
