//! Mutations of PDN text: the faults real archives have (broken brackets, bad bytes, cut
//! files) and the hostile ones (deep nesting, huge numbers, very long lines and tags).

use super::rng::Rng;

/// How large the hostile mutations get.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    /// Nesting depth and repetition count of the large mutations (the issue asks for 100k).
    pub huge: usize,
}

/// Tokens worth inserting: structure, terminators, moves, escapes, odd bytes.
const TOKENS: &[&[u8]] = &[
    b"[",
    b"]",
    b"{",
    b"}",
    b"(",
    b")",
    b"\"",
    b"\\\"",
    b"\\",
    b";",
    b"%",
    b"\n%",
    b"$",
    b"$12",
    b"$99999",
    b"*",
    b"1-0",
    b"0-1",
    b"2-0",
    b"0-2",
    b"1-1",
    b"0-0",
    b"1/2-1/2",
    "½-½".as_bytes(),
    b"0.5-0.5",
    b"...",
    b"..",
    b".",
    b"1.",
    b"12...",
    b"01.",
    b"32-28",
    b"19x23",
    b"28x19x10",
    b"3228",
    b"c3-d4",
    b"c3:e5",
    b"a3b4",
    b"1 - 5",
    b"x",
    b"X",
    b"-",
    b":",
    b"- -",
    b"--",
    b"!?",
    b"(?)",
    b"/FEN \"W:W31:B1\"/",
    b"/FEN \"",
    b"/",
    b"[FEN \"W:WK1:B2\"]",
    b"[FEN \"B:W1-5,K46:BK50\"]",
    b"[FEN \"\"]",
    b"[FEN \"W:W:B\"]",
    b"[GameType \"20\"]",
    b"[GameType \"21\"]",
    b"[GameType \"25\"]",
    b"[GameType \"30\"]",
    b"[GameType \"41\"]",
    b"[GameType \"20,W,10,10,N2,0\"]",
    b"[GameType \"99,B,12,12,A1,1\"]",
    b"[Variant \"frisian\"]",
    b"[Result \"4-6\"]",
    b"[Result \"-\"]",
    b"[Event \"",
    b"Event \"X\"]",
    b"[Empty]",
    b"[pdn]",
    b"[/pdn]",
    b"\\r",
    b"\\n",
    b"\r",
    b"\n",
    b"\r\n",
    b"\n\n",
    b"\t",
    b" ",
    b"\0",
    b"\xEF\xBB\xBF",
    "\u{2013}".as_bytes(),
    "\u{2011}".as_bytes(),
    "\u{2026}".as_bytes(),
    "\u{a0}".as_bytes(),
    "“".as_bytes(),
    b"\xFF",
    b"\xC3",
    b"\xE2\x80",
    b"\xC0\xAF",
    b"\xED\xA0\x80",
    b"\x80",
    b"4294967296",
    b"18446744073709551616",
    b"65536",
    b"255",
    b"256",
    b"0",
    b"00",
    b"999.",
    b"K",
    b"W",
    b"B",
    b"W:",
    b",",
    b"K46",
];

/// Units of the deep-nesting mutation.
const NESTING_UNITS: &[&[u8]] = &[
    b"(",
    b"{",
    b"[",
    b"( 32-28 ",
    b"(1. ",
    b"[\"",
    b"{(",
    b"(\n",
];

/// Byte sequences that are not UTF-8.
const INVALID_UTF8: &[&[u8]] = &[
    b"\xFF",
    b"\xFE\xFF",
    b"\xC3",
    b"\xC3\x28",
    b"\xE2\x82",
    b"\xF0\x9F\x98",
    b"\xC0\xAF",
    b"\xED\xA0\x80",
    b"\x80\x80\x80",
    b"\xE9t\xE9",
];

/// Units repeated into very long lines.
const LINE_UNITS: &[&[u8]] = &[
    b"x",
    b" ",
    b"1",
    b"-",
    b"1-2",
    b"1-2-",
    b"11x18 18x25 25x",
    b"1-2 2-1 ",
    b"{}",
    b"$1 ",
    b"1. ",
    b"\\r",
    b"\t",
    b"a1",
    b"\"",
    b"junk ",
    b"[A \"1\"] ",
    b";",
    b"*",
    b"1-0 ",
    b"\r",
    b"\n",
    "é".as_bytes(),
];

/// Bytes worth writing over another.
const BYTES: &[u8] = b"[]{}()\";%$*-x:./\\\r\n\t 0123456789abcdefghijklWBK!?\0\x80\xBF\xC3\xE2\xFF";

/// What each mutation is called, for reports.
pub const KINDS: &[&str] = &[
    "flip-bit",
    "set-byte",
    "delete-range",
    "truncate",
    "insert-token",
    "duplicate-range",
    "unbalance",
    "huge-number",
    "deep-nesting",
    "invalid-utf8",
    "nul-bytes",
    "long-line",
    "long-tag",
    "line-ends",
    "splice",
    "repeat-games",
];

/// Applies mutation `kind` (an index in [`KINDS`]).
pub fn apply(kind: usize, input: &mut Vec<u8>, rng: &mut Rng, others: &[Vec<u8>], scale: Scale) {
    let len = input.len();
    let at = rng.below(len + 1);
    match KINDS[kind] {
        "flip-bit" if len > 0 => {
            let i = rng.below(len);
            input[i] ^= 1 << rng.below(8);
        }
        "set-byte" if len > 0 => {
            let i = rng.below(len);
            input[i] = *rng.pick(BYTES);
        }
        "delete-range" if len > 0 => {
            let most = if rng.one_in(4) { len } else { 16.min(len) };
            let n = 1 + rng.below(most);
            let start = rng.below(len - n + 1);
            input.drain(start..start + n);
        }
        "truncate" => input.truncate(at),
        "insert-token" => {
            let token = rng.pick(TOKENS);
            insert(input, at, token);
        }
        "duplicate-range" if len > 0 => {
            let n = 1 + rng.below(256.min(len));
            let start = rng.below(len - n + 1);
            let chunk = input[start..start + n].to_vec();
            insert(input, at, &chunk);
        }
        "unbalance" => unbalance(input, rng, at),
        "huge-number" => huge_number(input, rng, at),
        "deep-nesting" => {
            let unit = *rng.pick(NESTING_UNITS);
            let depth = rng.range(scale.huge / 10, scale.huge);
            let mut block = unit.repeat(depth);
            if rng.one_in(2) {
                let close: &[u8] = match unit[0] {
                    b'(' => b")",
                    b'{' => b"}",
                    _ => b"]",
                };
                block.extend(close.repeat(depth));
            }
            insert(input, at, &block);
        }
        "invalid-utf8" => {
            let bad = *rng.pick(INVALID_UTF8);
            insert(input, at, bad);
        }
        "nul-bytes" => {
            let n = 1 + rng.below(64);
            insert(input, at, &vec![0; n]);
        }
        "long-line" => {
            let unit = *rng.pick(LINE_UNITS);
            let n = rng.range(scale.huge / 10, scale.huge * 2) / unit.len().max(1);
            insert(input, at, &unit.repeat(n.max(1)));
        }
        "long-tag" => {
            let n = rng.range(scale.huge / 10, scale.huge * 2);
            let mut tag = Vec::with_capacity(n + 16);
            match rng.below(3) {
                0 => {
                    tag.extend_from_slice(b"\n[Event \"");
                    tag.extend(std::iter::repeat_n(b'a', n));
                    tag.extend_from_slice(b"\"]\n");
                }
                1 => {
                    tag.extend_from_slice(b"\n[");
                    tag.extend(std::iter::repeat_n(b'N', n));
                    tag.extend_from_slice(b" \"v\"]\n");
                }
                _ => {
                    tag.extend_from_slice(b"\n[FEN \"W:W");
                    for i in 0..n / 4 {
                        tag.extend_from_slice(format!("{},", i % 60 + 1).as_bytes());
                    }
                    tag.extend_from_slice(b":B1\"]\n");
                }
            }
            insert(input, at, &tag);
        }
        "line-ends" => {
            let text = std::mem::take(input);
            *input = match rng.below(3) {
                0 => replace(&text, b"\n", b"\r\n"),
                1 => replace(&text, b"\n", b"\r"),
                _ => replace(&text, b"\n", b" "),
            };
        }
        "splice" if !others.is_empty() => {
            let other = rng.pick(others);
            if !other.is_empty() {
                let n = 1 + rng.below(4096.min(other.len()));
                let start = rng.below(other.len() - n + 1);
                insert(input, at, &other[start..start + n]);
            }
        }
        "repeat-games" => {
            let copies = rng.range(2, (scale.huge / input.len().max(1)).clamp(2, 200));
            *input = input.repeat(copies);
        }
        _ => {}
    }
}

fn insert(input: &mut Vec<u8>, at: usize, bytes: &[u8]) {
    let at = at.min(input.len());
    input.splice(at..at, bytes.iter().copied());
}

fn replace(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 16);
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// Adds or removes brackets, braces, parentheses or quotes.
fn unbalance(input: &mut Vec<u8>, rng: &mut Rng, at: usize) {
    let c = *rng.pick(b"[]{}()\"");
    match rng.below(3) {
        0 => {
            let n = 1 + rng.below(8);
            insert(input, at, &vec![c; n]);
        }
        1 => input.retain(|&b| b != c),
        _ => {
            // Remove one occurrence at random.
            let places: Vec<usize> = (0..input.len()).filter(|&i| input[i] == c).collect();
            if !places.is_empty() {
                input.remove(*rng.pick(&places));
            }
        }
    }
}

/// Replaces a run of digits with a huge number, or inserts one.
fn huge_number(input: &mut Vec<u8>, rng: &mut Rng, at: usize) {
    let digits = rng.range(10, 400);
    let number: Vec<u8> = (0..digits).map(|i| b"9876543210"[i % 10]).collect();
    let starts: Vec<usize> = (0..input.len())
        .filter(|&i| input[i].is_ascii_digit() && (i == 0 || !input[i - 1].is_ascii_digit()))
        .collect();
    if starts.is_empty() || rng.one_in(3) {
        insert(input, at, &number);
        return;
    }
    let start = *rng.pick(&starts);
    let end = start
        + input[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
    input.splice(start..end, number);
}
