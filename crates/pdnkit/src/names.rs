//! Player names compared as people write them: `Heusdens, R.`, `R. Heusdens`, `Heusdens,R.`,
//! `HEUSDENS Roel` and `Roel Heusdens` are one player; `Heusdens, R.` and `Heusdens, J.` are
//! two.
//!
//! A name is read into a surname and the initials of its given names ([`PlayerName`]), each
//! folded: letters in lower case, accents dropped (`é` is `e`, `ł` is `l`, Cyrillic `ё` is
//! `е`), punctuation and spaces left out of the surname (`van der Wal` and `Vanderwal` agree).
//! Two names are the same player when their [`key`](PlayerName::key)s are equal: the surname and
//! the first initial. A name without a given name (`Heusdens`) has no initial, so it is not
//! taken for `Heusdens, R.`: a name that says less is never guessed to be a fuller one.
//!
//! Which part is the surname:
//!
//! * before a comma (`Heusdens, R.`, `Wal, J. van der`: particles after the given names belong
//!   to the surname);
//! * else the words that are not initials, when initials stand first or last (`R. Heusdens`,
//!   `J.M. Ndjofang`, `Heusdens R.`, `Ndjofang JM`): an initial is one letter, an abbreviation
//!   with a full stop (`Aleks.`), or two capitals;
//! * else the words in capitals, when others are not (`HEUSDENS Roel`, the French federations'
//!   form);
//! * else the last word, with the particles before it (`Roel Heusdens`, `Jannes van der Wal`).
//!
//! Text in brackets (`(NED)`) and words without letters (ratings) are left out. Names in
//! different scripts (`Балякин`, `Baljakin`) are different names: no transliteration is
//! guessed.
//!
//! ```
//! use pdnkit::names::PlayerName;
//!
//! let key = |name: &str| PlayerName::parse(name).key().to_string();
//! assert_eq!(key("Heusdens, R."), "heusdens r");
//! assert_eq!(key("R. Heusdens"), key("heusdens,r."));
//! assert_eq!(key("HEUSDENS Roel"), key("Roel Heusdens"));
//! assert_eq!(key("Jannes van der Wal"), key("Wal, J. van der"));
//! assert_eq!(key("Sijbrands, Ton"), key("Síjbrands, T."));
//! assert_eq!(key("Балякин, А."), key("А.А. Балякин"));
//! assert_ne!(key("Heusdens, R."), key("Heusdens, J."));
//! assert!(PlayerName::parse("?").is_unknown());
//! ```

/// A player's name as compared: a folded surname and initials.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerName {
    surname: String,
    initials: String,
    first_name: String,
    key: String,
}

/// Words that begin a surname (`van der Wal`, `de Jong`, `ten Brink`), in folded form.
const PARTICLES: [&str; 22] = [
    "van", "der", "den", "de", "di", "da", "du", "des", "del", "della", "dos", "la", "le", "ten",
    "ter", "te", "von", "zu", "op", "het", "t", "vander",
];

/// Names that say no player is known, in folded form: the unknown, and the side or colour
/// written where a name should be (`White`, `Red`, `Wit`, `Blancs`, `Белые`).
const UNKNOWN: &[&str] = &[
    "nn",
    "n n",
    "unknown",
    "anonymous",
    "anonymus",
    "x",
    "white",
    "black",
    "red",
    "player",
    "player 1",
    "player 2",
    "none",
    "n a",
    "tbd",
    "wit",
    "zwart",
    "blanc",
    "blancs",
    "noir",
    "noirs",
    "bianco",
    "nero",
    "белые",
    "черные",
];

/// A word of a name as written, and whether a full stop ended it.
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    dotted: bool,
}

impl Word<'_> {
    fn letters(&self) -> usize {
        self.text.chars().filter(|c| c.is_alphabetic()).count()
    }

    /// In capitals throughout (`HEUSDENS`), with at least two letters.
    fn in_capitals(&self) -> bool {
        self.letters() >= 2 && !self.text.chars().any(char::is_lowercase)
    }

    /// An initial: one letter, an abbreviation ended by a full stop, or two capitals (`JM`).
    fn is_initial(&self) -> bool {
        let n = self.letters();
        n == 1 || self.dotted || (n == 2 && self.in_capitals())
    }

    fn is_particle(&self) -> bool {
        PARTICLES.contains(&fold(self.text).as_str())
    }
}

impl PlayerName {
    /// Reads a name as a tag holds it.
    pub fn parse(name: &str) -> PlayerName {
        let name = without_brackets(name);
        let (surname, given): (Vec<Word<'_>>, Vec<Word<'_>>) = match name.split_once(',') {
            Some((before, after)) if has_letters(before) && has_letters(after) => {
                let mut given = words(after);
                // `Wal, J. van der`: the particles after the given names lead the surname.
                let mut surname = Vec::new();
                while given.len() > 1 && given.last().is_some_and(Word::is_particle) {
                    surname.insert(0, given.pop().expect("not empty"));
                }
                surname.extend(words(before));
                (surname, given)
            }
            _ => split_words(words(&name)),
        };
        let surname: String = surname
            .iter()
            .flat_map(|w| fold(w.text).chars().collect::<Vec<_>>())
            .filter(|c| c.is_alphanumeric())
            .collect();
        let initials = initials(&given);
        if surname.is_empty() || UNKNOWN.contains(&fold(&name).as_str()) {
            return PlayerName {
                surname: String::new(),
                initials: String::new(),
                first_name: String::new(),
                key: String::new(),
            };
        }
        // Every given name written in full before the first initial, so that `Lambert Jan`
        // and `Lambert-Jan` read alike while `Jean-Marc` and `Jean-Pierre` stay apart.
        let first_name = given
            .iter()
            .take_while(|w| !w.is_initial())
            .map(|w| fold(w.text))
            .collect::<Vec<_>>()
            .join(" ");
        let key = match initials.chars().next() {
            Some(first) => format!("{surname} {first}"),
            None => surname.clone(),
        };
        PlayerName {
            surname,
            initials,
            first_name,
            key,
        }
    }

    /// The surname folded, without spaces or punctuation (`vanderwal`).
    pub fn surname(&self) -> &str {
        &self.surname
    }

    /// The initials of the given names, folded, in order (`jm` for `Jean-Marc`).
    pub fn initials(&self) -> &str {
        &self.initials
    }

    /// The given names written in full before the first initial, folded (`piotr` for
    /// `Nowicki, Piotr` and `Nowicki, Piotr A.`, `jean marc` for `Jean-Marc Ndjofang` and
    /// `Ndjofang, Jean Marc`); empty when only initials are written.
    pub fn first_name(&self) -> &str {
        &self.first_name
    }

    /// What two names of the same player share: the surname and the first initial
    /// (`heusdens r`), or the surname alone when no given name is written; empty when the
    /// name says nothing (`?`, `NN`, empty).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The name names nobody (`?`, `NN`, `-`, empty).
    pub fn is_unknown(&self) -> bool {
        self.key.is_empty()
    }

    /// Both names name the same known player.
    pub fn same_player(&self, other: &PlayerName) -> bool {
        !self.is_unknown() && self.key == other.key
    }
}

/// `text` folded for comparison: lower case, accents dropped, every run of characters other
/// than letters and digits one space, none at the ends.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            match unaccented(c) {
                Some(base) => out.push_str(base),
                None => out.push(c),
            }
        } else {
            space = true;
        }
    }
    out
}

/// The letters of a lower-case accented letter without its accent (`é` → `e`, `æ` → `ae`,
/// `ё` → `е`); `None` for a letter without one.
fn unaccented(c: char) -> Option<&'static str> {
    // Latin-1 Supplement, from U+00DF (ß) to U+00FF, lower case only.
    const LATIN1: [&str; 33] = [
        "ss", "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", "d",
        "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
    ];
    // Latin Extended-A, U+0100 to U+017F, upper and lower case.
    const EXTENDED_A: &str = "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii\
                              ..jjkkkllllllllllnnnnnnnnnoooooo..rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";
    let code = c as u32;
    match code {
        0xDF..=0xFF => Some(LATIN1[(code - 0xDF) as usize]).filter(|s| !s.is_empty()),
        0x132 | 0x133 => Some("ij"),
        0x152 | 0x153 => Some("oe"),
        0x100..=0x17F => {
            let i = (code - 0x100) as usize;
            EXTENDED_A.get(i..i + 1)
        }
        // Romanian comma-below letters.
        0x218 | 0x219 => Some("s"),
        0x21A | 0x21B => Some("t"),
        // Cyrillic yo.
        0x451 => Some("е"),
        _ => None,
    }
}

/// Whether `text` holds a letter.
fn has_letters(text: &str) -> bool {
    text.chars().any(char::is_alphabetic)
}

/// `name` without text in brackets (`Heusdens (NED)`, `Heusdens [GMI]`).
fn without_brackets(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut depth = 0u32;
    for c in name.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The words of `text` that hold letters: split at spaces and after full stops (`J.M.` is
/// two words), hyphens kept inside a word.
fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    for piece in text.split_whitespace() {
        let mut rest = piece;
        while !rest.is_empty() {
            let (word, dotted, next) = match rest.find('.') {
                Some(i) => (&rest[..i], true, &rest[i + 1..]),
                None => (rest, false, ""),
            };
            if has_letters(word) {
                out.push(Word { text: word, dotted });
            }
            rest = next;
        }
    }
    out
}

/// A name without a comma as surname and given names (see the module's documentation).
fn split_words(words: Vec<Word<'_>>) -> (Vec<Word<'_>>, Vec<Word<'_>>) {
    let n = words.len();
    if n < 2 {
        return (words, Vec::new());
    }
    let leading = words.iter().take_while(|w| w.is_initial()).count();
    let trailing = words.iter().rev().take_while(|w| w.is_initial()).count();
    if leading > 0 && leading < n {
        let mut surname = words;
        let given = surname.drain(..leading).collect();
        return (surname, given);
    }
    if trailing > 0 && trailing < n {
        let mut surname = words;
        let given = surname.split_off(n - trailing);
        return (surname, given);
    }
    let capitals = words.iter().filter(|w| w.in_capitals()).count();
    if capitals > 0 && capitals < n {
        // The particles next to the capitals belong to the surname too (`van der WAL`).
        let first = words.iter().position(Word::in_capitals).expect("counted");
        let mut start = first;
        while start > 0 && words[start - 1].is_particle() {
            start -= 1;
        }
        let end = first
            + words[first..]
                .iter()
                .take_while(|w| w.in_capitals())
                .count();
        let surname = words[start..end].to_vec();
        let given = words[..start]
            .iter()
            .chain(&words[end..])
            .copied()
            .collect();
        return (surname, given);
    }
    let mut start = n - 1;
    while start > 0 && words[start - 1].is_particle() {
        start -= 1;
    }
    // A name of particles and one word only (`de Jong`) has no given name.
    let given = words[..start].to_vec();
    (words[start..].to_vec(), given)
}

/// The folded initials of given names: each word's first letter, each letter of a word in
/// capitals of up to three letters (`JM`), each part of a hyphenated name (`Jean-Marc`).
fn initials(given: &[Word<'_>]) -> String {
    let mut out = String::new();
    for w in given {
        let all = w.letters() <= 3 && w.in_capitals() && !w.dotted;
        for part in w.text.split(|c: char| !c.is_alphanumeric()) {
            let folded = fold(part);
            let mut letters = folded.chars().filter(|c| c.is_alphabetic());
            if all {
                out.extend(letters);
            } else if let Some(first) = letters.next() {
                out.push(first);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> String {
        PlayerName::parse(name).key().to_string()
    }

    #[test]
    fn the_usual_forms_of_one_name_agree() {
        for form in [
            "Heusdens, R.",
            "Heusdens,R.",
            "Heusdens, Roel",
            "heusdens, r",
            "R. Heusdens",
            "R Heusdens",
            "Roel Heusdens",
            "HEUSDENS Roel",
            "Heusdens R.",
            "Heusdens R",
            "  Heusdens ,  R . ",
            "Heusdens (NED), R.",
            "R.Heusdens",
        ] {
            assert_eq!(key(form), "heusdens r", "{form}");
        }
    }

    #[test]
    fn initials_of_several_given_names() {
        for form in [
            "Ndjofang, J.M.",
            "J.M. Ndjofang",
            "Ndjofang JM",
            "Jean-Marc Ndjofang",
            "NDJOFANG Jean-Marc",
            "Ndjofang, Jean Marc",
        ] {
            let name = PlayerName::parse(form);
            assert_eq!(name.surname(), "ndjofang", "{form}");
            assert_eq!(name.initials(), "jm", "{form}");
            assert_eq!(name.key(), "ndjofang j", "{form}");
        }
        // One initial or two: the same first initial, the same player.
        assert_eq!(key("Ndjofang, J."), key("Ndjofang, J.M."));
    }

    #[test]
    fn particles_belong_to_the_surname() {
        for form in [
            "van der Wal, J.",
            "Van der Wal, Jannes",
            "Wal, J. van der",
            "Jannes van der Wal",
            "J. van der Wal",
            "van der WAL Jannes",
            "Vanderwal, J.",
        ] {
            assert_eq!(key(form), "vanderwal j", "{form}");
        }
        assert_eq!(key("de Jong"), "dejong");
        assert_eq!(key("Jan de Jong"), "dejong j");
    }

    #[test]
    fn accents_and_case_are_folded() {
        assert_eq!(key("Gérard Jansen"), key("GERARD JANSEN"));
        assert_eq!(key("Łukasz Gróźdź"), "grozdz l");
        assert_eq!(key("Müller, Ö."), "muller o");
        assert_eq!(key("Ştefan Ţugui"), key("Stefan Tugui"));
        assert_eq!(key("Șerban Țurcan"), "turcan s");
        assert_eq!(key("Œuvre, Æsa"), "oeuvre a");
        assert_eq!(fold("Straße-Ærø"), "strasse aero");
        assert_eq!(fold("N'DIAYE"), "n diaye");
        assert_eq!(key("N'Diaye, M."), key("Macodou NDIAYE"));
    }

    #[test]
    fn cyrillic_names() {
        for form in [
            "Балякин, А.",
            "Балякин,А.",
            "А. Балякин",
            "А.А. Балякин",
            "Балякин А.А.",
            "Алексей Балякин",
            "БАЛЯКИН Алексей",
            "Балякин, Алексей",
        ] {
            assert_eq!(key(form), "балякин а", "{form}");
        }
        assert_eq!(key("Королёв, С."), key("Королев С."));
        // Another script is another name: nothing transliterated.
        assert_ne!(key("Балякин, А."), key("Baljakin, A."));
    }

    #[test]
    fn different_players_stay_apart() {
        assert_ne!(key("Heusdens, R."), key("Heusdens, J."));
        assert_ne!(key("Heusdens, R."), key("Heusden, R."));
        // A name without a given name is not taken for a fuller one.
        assert_ne!(key("Heusdens"), key("Heusdens, R."));
        assert_ne!(key("Sijbrands, T."), key("Tinsley, M."));
    }

    #[test]
    fn names_that_name_nobody() {
        for form in [
            "",
            "?",
            "-",
            "NN",
            "N.N.",
            "Unknown",
            "  ",
            "(NED)",
            "1234",
            "White",
            "BLACK",
            "Red",
            "Белые",
        ] {
            let name = PlayerName::parse(form);
            assert!(name.is_unknown(), "{form}");
            assert!(!name.same_player(&name), "{form}");
        }
        let known = PlayerName::parse("Tinsley, M.");
        assert!(!known.is_unknown());
        assert!(known.same_player(&PlayerName::parse("Marion Tinsley")));
        // A colour is a placeholder only as the whole name.
        assert!(!PlayerName::parse("White, J.").is_unknown());
    }

    #[test]
    fn first_names_written_in_full() {
        let first = |name: &str| PlayerName::parse(name).first_name().to_string();
        assert_eq!(first("Nowicki, Piotr"), "piotr");
        assert_eq!(first("NOWICKI Piotr"), "piotr");
        assert_eq!(first("Jean-Marc Ndjofang"), "jean marc");
        assert_eq!(first("Nowicki, Piotr A."), "piotr");
        // A hyphen and a space between two given names are the same name.
        assert_eq!(first("Koops, Lambert Jan"), "lambert jan");
        assert_eq!(first("Koops, Lambert-Jan"), "lambert jan");
        assert_eq!(first("Ndjofang, Jean Marc"), first("Jean-Marc Ndjofang"));
        assert_ne!(first("Jean-Marc Ndjofang"), first("Jean-Pierre Ndjofang"));
        for initials_only in [
            "Nowicki, P.",
            "P. Nowicki",
            "NOWICKI P.",
            "Nowicki,P",
            "Nowicki",
        ] {
            assert_eq!(first(initials_only), "", "{initials_only}");
        }
    }
}
