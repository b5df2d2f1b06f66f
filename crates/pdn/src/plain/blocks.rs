//! Movetext judged about 64 bytes at a time on bit masks of byte classes, for the plain-shape
//! check: the loop that passes whole blocks of move numbers and moves (numeric `32-28`, or
//! algebraic `c3-d4` as Russian and Brazilian archives write them) by before the byte automaton
//! reads the rest.
//!
//! The masks come from the widest vector unit the processor has: AVX2 when it reports it at
//! run time, else SSE2 (part of every x86-64 processor, through `safe_arch`), else a byte at a
//! time. Calling the AVX2 loops is this crate's only `unsafe` operation (two blocks): a
//! function compiled for a processor feature may only be called once the feature is known to
//! be there.

use super::is_blank;

/// Bytes classified at once, and of them the ones [`stops`] judges: all but the two first and
/// the three last, which are their context.
const WINDOW: usize = 64;
const JUDGED: usize = WINDOW - 5;

/// How far [`skip_plain_blocks`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Skip {
    /// Just after the last blank before `fault`: the automaton would be between words there.
    pub restart: usize,
    /// The first byte judged wrong, or the first not judged when the text ran out of windows.
    pub fault: usize,
}

/// From `from`, just after a blank (or at the start of movetext, after its blanks), past the
/// words in which [`stops`] finds no fault. `from` is at least 2: the two bytes before
/// it are context.
// Kept out of line: inlined into the plain-shape check, it changed how the compiler laid out
// the check's own loops, for more instructions there (callgrind).
#[inline(never)]
pub(super) fn skip_plain_blocks(movetext: &[u8], from: usize) -> Skip {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return skip_with_avx2(movetext, from);
    }
    skip_blocks(movetext, from, classes, letters)
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn skip_with_avx2(movetext: &[u8], from: usize) -> Skip {
    // SAFETY: the caller has checked that the processor has AVX2, the one feature
    // `skip_blocks_avx2` is compiled for; it has no other precondition.
    unsafe { skip_blocks_avx2(movetext, from) }
}

/// [`skip_blocks`] with its masks from AVX2, inlined and compiled for it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn skip_blocks_avx2(movetext: &[u8], from: usize) -> Skip {
    skip_blocks(movetext, from, |w| classes_avx2(w), |w| letters_avx2(w))
}

/// The loop of [`skip_plain_blocks`] with the masks of each window from `classify` and
/// `letters`. (Windows overlap by their context rather than carrying masks from one to the next,
/// which the compiler turns into byte shuffles.)
#[inline(always)]
fn skip_blocks(
    movetext: &[u8],
    from: usize,
    classify: impl Fn(&[u8; WINDOW]) -> Classes,
    letters: impl Fn(&[u8; WINDOW]) -> u64,
) -> Skip {
    // Numeric movetext, which most archives hold, is judged without letters. Only a letter at or
    // beside the first byte judged wrong may make it right (see `stops`): then that window and
    // the rest are judged with letters, as algebraic movetext is.
    let mut end = first_fault(movetext, from, &classify, |_| 0);
    let around = movetext.get(end - 1..end + 2).unwrap_or_default();
    if around.iter().any(|c| matches!(c, b'a'..=b'l')) {
        let window = end - (end - from) % JUDGED;
        end = first_fault(movetext, window, &classify, &letters);
    }
    let restart = movetext[from..end]
        .iter()
        .rposition(|&c| is_blank(c))
        .map_or(from, |k| from + k + 1);
    Skip {
        restart,
        fault: end,
    }
}

/// The first byte from `end` (the first byte of a window judged) that [`stops`] judges wrong,
/// or the first byte not judged when the text runs out of windows first.
#[inline(always)]
fn first_fault(
    movetext: &[u8],
    mut end: usize,
    classify: impl Fn(&[u8; WINDOW]) -> Classes,
    letters: impl Fn(&[u8; WINDOW]) -> u64,
) -> usize {
    while let Some(window) = movetext.get(end - 2..end - 2 + WINDOW) {
        let window = window.try_into().expect("a whole window");
        let faults = stops(&classify(window), letters(window));
        if faults != 0 {
            return end + faults.trailing_zeros() as usize;
        }
        end += JUDGED;
    }
    end
}

/// The bytes of the 59 `w[2..61]` of a window `w` (bit i for `w[i + 2]`; the bytes around are
/// context) judged wrong, for an automaton between words before `w[2]`: none when every word
/// that starts in them is a move number or a move, which the automaton reads without
/// stopping. Each byte is judged by its neighbours alone, on the window's bit masks of byte
/// classes, and a byte judged wrong belongs to a word that is not such a word (or is `1-1`):
/// the words before it are. Anything unusual (move numbers of three digits, a last algebraic
/// square with a two-digit rank, any other byte) is judged wrong and left to the automaton,
/// which reads its word again.
///
/// Why it is exact: with every byte a blank, digit, dot, separator or file letter `a`-`l`,
/// each word starts with a digit 1-9 or a letter; a letter starts a word or follows a
/// separator, and a digit 1-9 follows it; a dot ends a word after a digit; a separator stands
/// between a digit and a digit 1-9 or a letter; and no three digits follow each other. A word
/// is then `d. | dd.` or squares (a rank or number of one or two digits without a leading zero,
/// after a letter or not) joined by separators. The rules on what ends a word then leave
/// exactly move numbers (a digit run from the word's start to a dot) and moves (a last square
/// after a separator), and the one such word the automaton stops at, the result `1-1`, is
/// ruled out by name.
#[inline(always)]
fn stops(m: &Classes, letter: u64) -> u64 {
    // Bit i of `x >> k` is class x at window byte i + k: byte i + 2 is the one judged, so
    // k = 0, 1 are the two before it and k = 3, 4, 5 the three after.
    let (blank, digit, zero) = (m.blank >> 2, m.digit >> 2, m.zero >> 2);
    let (dot, separator, one) = (m.dot >> 2, m.separator >> 2, m.one >> 2);
    let (letter_1, letter1, letter) = (letter >> 1, letter >> 3, letter >> 2);
    let (blank_1, digit_1, separator_1) = (m.blank >> 1, m.digit >> 1, m.separator >> 1);
    let (blank_2, digit_2, separator_2) = (m.blank, m.digit, m.separator);
    let (blank1, digit1, zero1) = (m.blank >> 3, m.digit >> 3, m.zero >> 3);
    let (dot1, dash1, one2, blank3) = (m.dot >> 3, m.dash >> 3, m.one >> 4, m.blank >> 5);
    let stops = !(blank | digit | dot | separator | letter)
        | ((zero | dot | separator) & blank_1)
        | (dot & (!digit_1 | !blank1))
        | (separator & (!digit_1 | !((digit1 & !zero1) | letter1)))
        | (letter & (!(blank_1 | separator_1) | !(digit1 & !zero1)))
        | (digit & digit_1 & digit_2)
        | (digit & blank1 & !(separator_1 | ((digit_1 | letter_1) & separator_2)))
        | (digit & dot1 & !(blank_1 | (digit_1 & blank_2)))
        | (one & blank_1 & dash1 & one2 & blank3);
    stops & ((1 << JUDGED) - 1)
}

/// Bit masks of the byte classes of [`stops`]: bit i for byte i of a window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Classes {
    blank: u64,
    digit: u64,
    zero: u64,
    dot: u64,
    /// `-`, `x` or `:`.
    separator: u64,
    one: u64,
    dash: u64,
}

/// [`Classes`] a byte at a time: the portable form, and what the vector forms are tested
/// against.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn classes_byte_by_byte(w: &[u8; WINDOW]) -> Classes {
    let mut m = Classes::default();
    for (i, &c) in w.iter().enumerate() {
        let bit = |on: bool| u64::from(on) << i;
        m.blank |= bit(is_blank(c));
        m.digit |= bit(c.is_ascii_digit());
        m.zero |= bit(c == b'0');
        m.dot |= bit(c == b'.');
        m.separator |= bit(matches!(c, b'-' | b'x' | b':'));
        m.one |= bit(c == b'1');
        m.dash |= bit(c == b'-');
    }
    m
}

/// The mask of the file letters `a` to `l` of a window, a byte at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn letters_byte_by_byte(w: &[u8; WINDOW]) -> u64 {
    w.iter()
        .enumerate()
        .fold(0, |m, (i, &c)| m | u64::from(matches!(c, b'a'..=b'l')) << i)
}

#[cfg(not(target_arch = "x86_64"))]
fn classes(w: &[u8; WINDOW]) -> Classes {
    classes_byte_by_byte(w)
}

#[cfg(not(target_arch = "x86_64"))]
fn letters(w: &[u8; WINDOW]) -> u64 {
    letters_byte_by_byte(w)
}

/// Byte tables for a membership test of one 128-bit lane: entry `n` is the member whose low
/// four bits are `n` (no two members share them), 0xff where there is none. A byte is a member
/// when the entry its low bits pick equals it; a byte with its top bit set picks 0 and equals
/// nothing, and 0xff never equals an entry it picks.
#[cfg(target_arch = "x86_64")]
const fn lane_table(members: &[u8]) -> [u8; 16] {
    let mut table = [0xff; 16];
    let mut k = 0;
    while k < members.len() {
        table[(members[k] & 0x0f) as usize] = members[k];
        k += 1;
    }
    table
}

#[cfg(target_arch = "x86_64")]
const BLANKS: [u8; 16] = lane_table(b" \t\n\r");
#[cfg(target_arch = "x86_64")]
const SEPARATORS: [u8; 16] = lane_table(b"-x:");

/// [`Classes`] with SSE2: a compare per byte value of a class (two for the digits) and a mask
/// extraction per class, for each 16 bytes.
#[cfg(target_arch = "x86_64")]
fn classes(w: &[u8; WINDOW]) -> Classes {
    use safe_arch::{
        add_i8_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_lt_mask_i8_m128i, m128i,
        move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let bits = |v: m128i| u64::from(move_mask_i8_m128i(v) as u16);
    let mut m = Classes::default();
    for (k, chunk) in w.chunks_exact(16).enumerate() {
        let v = m128i::from(<[u8; 16]>::try_from(chunk).expect("16 bytes"));
        let is = |c: u8| cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(c as i8));
        let blank = bitor_m128i(
            bitor_m128i(is(b' '), is(b'\t')),
            bitor_m128i(is(b'\n'), is(b'\r')),
        );
        let dash = is(b'-');
        let separator = bitor_m128i(dash, bitor_m128i(is(b'x'), is(b':')));
        // Digits moved to the bottom of the signed range: below -118 exactly when a digit.
        let low = add_i8_m128i(v, set_splat_i8_m128i((0x80u8 - b'0') as i8));
        let digit = cmp_lt_mask_i8_m128i(low, set_splat_i8_m128i(-128 + 10));
        let shift = 16 * k;
        m.blank |= bits(blank) << shift;
        m.digit |= bits(digit) << shift;
        m.zero |= bits(is(b'0')) << shift;
        m.dot |= bits(is(b'.')) << shift;
        m.separator |= bits(separator) << shift;
        m.one |= bits(is(b'1')) << shift;
        m.dash |= bits(dash) << shift;
    }
    m
}

/// The mask of the file letters `a` to `l` with SSE2, found as the digits are.
#[cfg(target_arch = "x86_64")]
fn letters(w: &[u8; WINDOW]) -> u64 {
    use safe_arch::{
        add_i8_m128i, cmp_lt_mask_i8_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let mut letter = 0;
    for (k, chunk) in w.chunks_exact(16).enumerate() {
        let v = m128i::from(<[u8; 16]>::try_from(chunk).expect("16 bytes"));
        // The twelve letters moved to the bottom of the signed range.
        let from_a = add_i8_m128i(v, set_splat_i8_m128i((0x80u8 - b'a') as i8));
        let mask = cmp_lt_mask_i8_m128i(from_a, set_splat_i8_m128i(-128 + 12));
        letter |= u64::from(move_mask_i8_m128i(mask) as u16) << (16 * k);
    }
    letter
}

/// [`Classes`] with AVX2, 32 bytes at a time: blanks and separators by a byte shuffle and a
/// compare ([`lane_table`]), digits by two operations, the rest by a compare each.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn classes_avx2(w: &[u8; WINDOW]) -> Classes {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi8, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_movemask_epi8,
        _mm256_set_m128i, _mm256_set1_epi8, _mm256_shuffle_epi8,
    };
    let register = |bytes: &[u8]| -> __m256i {
        let sixteen = |k: usize| {
            let bytes: [u8; 16] = bytes[k..k + 16].try_into().expect("16 bytes");
            safe_arch::m128i::from(bytes).0
        };
        _mm256_set_m128i(sixteen(16), sixteen(0))
    };
    let table =
        |t: [u8; 16]| _mm256_set_m128i(safe_arch::m128i::from(t).0, safe_arch::m128i::from(t).0);
    let bits = |v: __m256i| u64::from(_mm256_movemask_epi8(v) as u32);
    let (blanks, separators) = (table(BLANKS), table(SEPARATORS));
    let mut m = Classes::default();
    for (k, half) in w.chunks_exact(32).enumerate() {
        let v = register(half);
        let is = |c: u8| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c as i8));
        let member = |table: __m256i| _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, v), v);
        let low = _mm256_add_epi8(v, _mm256_set1_epi8((0x80u8 - b'0') as i8));
        let digit = _mm256_cmpgt_epi8(_mm256_set1_epi8(-128 + 10), low);
        let shift = 32 * k;
        m.blank |= bits(member(blanks)) << shift;
        m.digit |= bits(digit) << shift;
        m.zero |= bits(is(b'0')) << shift;
        m.dot |= bits(is(b'.')) << shift;
        m.separator |= bits(member(separators)) << shift;
        m.one |= bits(is(b'1')) << shift;
        m.dash |= bits(is(b'-')) << shift;
    }
    m
}

/// The mask of the file letters `a` to `l` with AVX2, found as the digits are.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn letters_avx2(w: &[u8; WINDOW]) -> u64 {
    use std::arch::x86_64::{
        _mm256_add_epi8, _mm256_cmpgt_epi8, _mm256_movemask_epi8, _mm256_set_m128i,
        _mm256_set1_epi8,
    };
    let mut letter = 0;
    for (k, half) in w.chunks_exact(32).enumerate() {
        let sixteen = |at: usize| {
            let bytes: [u8; 16] = half[at..at + 16].try_into().expect("16 bytes");
            safe_arch::m128i::from(bytes).0
        };
        let v = _mm256_set_m128i(sixteen(16), sixteen(0));
        let from_a = _mm256_add_epi8(v, _mm256_set1_epi8((0x80u8 - b'a') as i8));
        let mask = _mm256_cmpgt_epi8(_mm256_set1_epi8(-128 + 12), from_a);
        letter |= u64::from(_mm256_movemask_epi8(mask) as u32) << (32 * k);
    }
    letter
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::TestRng;

    /// The AVX2 classes, when the processor has AVX2.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    fn classes_with_avx2(w: &[u8; WINDOW]) -> Option<(Classes, u64)> {
        // SAFETY: called only once the processor is known to have AVX2.
        std::is_x86_feature_detected!("avx2").then(|| unsafe { (classes_avx2(w), letters_avx2(w)) })
    }

    /// The masks of the portable form, or of SSE2.
    fn all_classes(w: &[u8; WINDOW]) -> (Classes, u64) {
        (classes(w), letters(w))
    }

    /// The masks a byte at a time.
    fn all_classes_byte_by_byte(w: &[u8; WINDOW]) -> (Classes, u64) {
        (classes_byte_by_byte(w), letters_byte_by_byte(w))
    }

    /// Judges `text` as the bytes of a window, with blanks around it.
    fn judge(text: &str) -> bool {
        let mut w = [b' '; WINDOW];
        w[2..2 + text.len()].copy_from_slice(text.as_bytes());
        stops(&classes_byte_by_byte(&w), letters_byte_by_byte(&w)) == 0
    }

    #[test]
    fn blocks_pass_plain_moves_and_stop_at_the_edge() {
        let plain = "1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 37x28 99. 1-10";
        let algebraic = "1. c3-d4 f6-g5 2. d4:f6 g7:e5 3. a1xc3 l1-c3 c10-d9 e34:f5 ";
        for plain in [plain, algebraic] {
            assert_eq!(plain.len(), JUDGED);
            assert!(judge(plain), "{plain:?}");
        }
        for edge in [
            "1-1", "2-0", "32", "05-10", "100.", "1.32", "32--28", "1x", "c3", "c3d4", "c0-d1",
            "c3-d0", "3c4-d5", "c3-d4e5", "cd-e4", "c3-", "c3.", "m3-n4", "C3-D4", "c3-d45",
            "c3--d4",
        ] {
            for base in [plain, algebraic] {
                let text = format!("{edge} {}", &base[edge.len() + 1..]);
                assert!(!judge(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn byte_classes_in_vectors_are_the_byte_by_byte_ones() {
        const MOVETEXT: &[u8] = b" \t\n\r0123456789.-x:abklm`";
        let mut rng = TestRng::new(0x2545_F491_4F6C_DD1D);
        let mut compared_with_avx2 = 0;
        for round in 0..20_000 {
            let mut block = [0u8; WINDOW];
            for c in &mut block {
                let state = rng.next_u64();
                // Half the rounds over all bytes, half over the bytes of movetext.
                *c = if round % 2 == 0 {
                    state as u8
                } else {
                    MOVETEXT[(state % MOVETEXT.len() as u64) as usize]
                };
            }
            let expected = all_classes_byte_by_byte(&block);
            assert_eq!(all_classes(&block), expected, "{block:?}");
            #[cfg(target_arch = "x86_64")]
            if let Some(avx2) = classes_with_avx2(&block) {
                assert_eq!(avx2, expected, "{block:?}");
                compared_with_avx2 += 1;
            }
        }
        // Every byte value, in place of one byte of a window of blanks.
        for c in 0..=255u8 {
            for at in [0, 15, 16, 31, 32, 63] {
                let mut block = [b' '; WINDOW];
                block[at] = c;
                let expected = all_classes_byte_by_byte(&block);
                assert_eq!(all_classes(&block), expected, "{c} at {at}");
                #[cfg(target_arch = "x86_64")]
                if let Some(avx2) = classes_with_avx2(&block) {
                    assert_eq!(avx2, expected, "{c} at {at}");
                }
            }
        }
        eprintln!("{compared_with_avx2} blocks compared with AVX2 too");
    }

    #[test]
    fn every_way_of_taking_the_masks_skips_the_same_blocks() {
        let mut rng = TestRng::new(0x9E37_79B9_7F4A_7C15);
        let words = [
            "1.", "32-28", "19x30", "c3-d4", "1-1", "c3-d45", "100.", "5x14x23", "c3d4", "1-c3",
            "e3-24", "c10-d9",
        ];
        let mut skipped = 0;
        for _ in 0..2_000 {
            let mut text = b"  ".to_vec();
            for _ in 0..rng.below(120) {
                let word = if rng.below(40) == 0 {
                    words[rng.below(words.len())]
                } else {
                    words[rng.below(4)]
                };
                text.extend_from_slice(word.as_bytes());
                text.push(b" \n"[rng.below(2)]);
            }
            let expected = skip_blocks(&text, 2, classes_byte_by_byte, letters_byte_by_byte);
            assert_eq!(skip_blocks(&text, 2, classes, letters), expected);
            // Judging every window with its letters finds the same first fault.
            let eager = first_fault(&text, 2, classes_byte_by_byte, letters_byte_by_byte);
            assert_eq!(eager, expected.fault, "{}", text.escape_ascii());
            assert_eq!(skip_plain_blocks(&text, 2), expected);
            skipped += usize::from(expected.restart > 2);
        }
        assert!(skipped > 500, "{skipped}");
    }
}
