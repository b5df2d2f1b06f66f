//! Which games to keep: conditions on a checked game's tags, date, result, variant, length,
//! verdict and diagnostics, all of which must hold (or, negated, not all). What `pdnkit filter`
//! selects with, and what other programs can select with.
//!
//! ```
//! use pdnkit::filter::{Condition, Filter};
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let filter = Filter::new(vec![
//!     Condition::player("tinsley").unwrap(),
//!     Condition::parse_year("1950..1960").unwrap(),
//! ]);
//! let raw = pdnkit::pdn::RawGame::from_text(
//!     "[White \"M Tinsley\"]\n[Date \"1954.07.01\"]\n[GameType \"21\"]\n1. 11-15 *",
//! );
//! let kept = check_game("t.pdn", &raw, &ReplayOptions::default(), |g| filter.matches(g));
//! assert!(kept);
//! ```

use draughts::Variant;
use pdn::{ResultMeaning, ResultToken};
use regex::Regex;

use crate::{CheckedGame, Code, Verdict};

/// Conditions that must all hold for a game to be kept (none hold for no condition: every
/// game is kept), or, negated, that must not all hold.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    conditions: Vec<Condition>,
    negated: bool,
    aliases: Option<std::sync::Arc<crate::players::Aliases>>,
}

impl Filter {
    /// Keeps the games for which every condition holds.
    pub fn new(conditions: Vec<Condition>) -> Filter {
        Filter {
            conditions,
            negated: false,
            aliases: None,
        }
    }

    /// The same filter, a White or Black tag matching also by the name the alias table gives
    /// its spelling.
    pub fn with_aliases(
        mut self,
        aliases: Option<std::sync::Arc<crate::players::Aliases>>,
    ) -> Filter {
        self.aliases = aliases;
        self
    }

    /// The same filter, keeping the games it would leave out.
    pub fn negated(mut self) -> Filter {
        self.negated = !self.negated;
        self
    }

    /// Whether `game` is kept.
    pub fn matches(&self, game: &CheckedGame<'_, '_>) -> bool {
        let aliases = self.aliases.as_deref();
        self.conditions.iter().all(|c| c.holds(game, aliases)) != self.negated
    }
}

/// One condition on a game.
#[derive(Clone, Debug)]
pub enum Condition {
    /// One of the tags (the first of each name) matches the pattern: `White` or `Black` for a
    /// player, any name for `--tag`.
    Tag {
        /// The tags looked at; one match is enough.
        names: Vec<String>,
        /// The pattern, searched anywhere in the value.
        pattern: Regex,
    },
    /// The Date tag lies in the range (inclusive, at the precision each end is written with).
    Date(DateRange),
    /// The result is this one: a token as written (`2-0`), or a meaning.
    Result(ResultWanted),
    /// The game was played under this variant.
    Variant(Variant),
    /// The main line has this many moves written, inclusive.
    Plies {
        /// Fewest.
        min: u32,
        /// Most.
        max: u32,
    },
    /// The game has this verdict.
    Verdict(Verdict),
    /// The game has a diagnostic of this code (at any severity).
    Code(Code),
}

/// A result a game must have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultWanted {
    /// This token, as the Result tag (else the terminator) writes it.
    Token(String),
    /// This meaning, whatever the scale: first mover wins, second mover wins, draw, unknown.
    Meaning(ResultMeaning),
}

impl Condition {
    /// A player's name on either side, case-insensitive, anywhere in the tag.
    ///
    /// # Errors
    /// When `pattern` is not a regular expression.
    pub fn player(pattern: &str) -> Result<Condition, String> {
        Condition::tag_any(&["White", "Black"], pattern)
    }

    /// A pattern matched case-insensitively anywhere in one of the tags `names`.
    ///
    /// # Errors
    /// When `pattern` is not a regular expression.
    pub fn tag_any(names: &[&str], pattern: &str) -> Result<Condition, String> {
        let regex = regex::RegexBuilder::new(pattern)
            .case_insensitive(true)
            .build()
            .map_err(|e| bad_pattern(pattern, &e))?;
        Ok(Condition::Tag {
            names: names.iter().map(|n| n.to_string()).collect(),
            pattern: regex,
        })
    }

    /// `NAME=REGEX`: a tag of that name matching the pattern as written (case-sensitive
    /// unless it says `(?i)`).
    ///
    /// # Errors
    /// Without `=`, or when the pattern is not a regular expression.
    pub fn parse_tag(spec: &str) -> Result<Condition, String> {
        let (name, pattern) = spec
            .split_once('=')
            .ok_or_else(|| format!("`{spec}`: write NAME=REGEX"))?;
        let pattern = Regex::new(pattern).map_err(|e| bad_pattern(pattern, &e))?;
        Ok(Condition::Tag {
            names: vec![name.trim().to_string()],
            pattern,
        })
    }

    /// A date range `FROM..TO`, either end open (`2003..`, `..2004.06`), or one date (`2003.05`:
    /// every day of May 2003). Dates are `YYYY`, `YYYY.MM` or `YYYY.MM.DD` (also with `-`).
    ///
    /// # Errors
    /// When a date cannot be read.
    pub fn parse_date(spec: &str) -> Result<Condition, String> {
        Ok(Condition::Date(DateRange::parse(spec)?))
    }

    /// A year or a range of years (`1954`, `1950..1960`).
    ///
    /// # Errors
    /// When a year is not a number of four digits.
    pub fn parse_year(spec: &str) -> Result<Condition, String> {
        let year = |s: &str| -> Result<Option<PartialDate>, String> {
            match s.trim() {
                "" => Ok(None),
                y if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(Some(PartialDate::year(y.parse().expect("four digits"))))
                }
                y => Err(format!("`{y}` is not a year")),
            }
        };
        let (from, to) = match spec.split_once("..") {
            Some((a, b)) => (year(a)?, year(b)?),
            None => (year(spec)?, year(spec)?),
        };
        DateRange { from, to }.non_empty(spec).map(Condition::Date)
    }

    /// A result: a token (`1-0`, `2-0`, `1/2-1/2`, `*`...) or a meaning (`first-wins`,
    /// `second-wins`, `draw`, `unknown`).
    pub fn parse_result(spec: &str) -> Condition {
        let meaning = match spec.trim() {
            "first-wins" => Some(ResultMeaning::FirstWins),
            "second-wins" => Some(ResultMeaning::SecondWins),
            "draw" => Some(ResultMeaning::Draw),
            "unknown" => Some(ResultMeaning::Unknown),
            _ => None,
        };
        Condition::Result(match meaning {
            Some(m) => ResultWanted::Meaning(m),
            None => ResultWanted::Token(spec.trim().to_string()),
        })
    }

    /// A range of main-line moves: `MIN..MAX`, either end open, or one number.
    ///
    /// # Errors
    /// When an end is not a number.
    pub fn parse_plies(spec: &str) -> Result<Condition, String> {
        let number = |s: &str, open: u32| -> Result<u32, String> {
            match s.trim() {
                "" => Ok(open),
                n => n
                    .parse()
                    .map_err(|_| format!("`{n}` is not a number of plies")),
            }
        };
        let (min, max) = match spec.split_once("..") {
            Some((a, b)) => (number(a, 0)?, number(b, u32::MAX)?),
            None => {
                let n = number(spec, 0)?;
                (n, n)
            }
        };
        if min > max {
            return Err(format!(
                "`{spec}` is an empty range (the first number is the fewest)"
            ));
        }
        Ok(Condition::Plies { min, max })
    }

    fn holds(&self, game: &CheckedGame<'_, '_>, aliases: Option<&crate::players::Aliases>) -> bool {
        let record = game.record;
        // The name the table gives a player's spelling.
        let person = |tag: &str, value: &str| {
            let player = tag == "White" || tag == "Black";
            aliases.filter(|_| player).and_then(|a| a.name_of(value))
        };
        match self {
            Condition::Tag { names, pattern } => names.iter().any(|n| {
                game.tag(n).is_some_and(|v| {
                    pattern.is_match(v) || person(n, v).is_some_and(|p| pattern.is_match(p))
                })
            }),
            Condition::Date(range) => game
                .tag("Date")
                .and_then(PartialDate::parse_tag)
                .is_some_and(|d| range.contains(&d)),
            Condition::Result(wanted) => {
                let Some(result) = &record.result else {
                    return false;
                };
                match wanted {
                    ResultWanted::Token(t) => result == t,
                    ResultWanted::Meaning(m) => ResultToken::from_tag(result).outcome == Some(*m),
                }
            }
            Condition::Variant(v) => record.variant == Some(v.name()),
            Condition::Plies { min, max } => (*min..=*max).contains(&record.plies),
            Condition::Verdict(v) => record.status == *v,
            Condition::Code(c) => record.diagnostics.iter().any(|d| d.code == *c),
        }
    }
}

/// A date as far as it is known: a year, perhaps a month, perhaps a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialDate {
    /// The year.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: Option<u8>,
    /// The day, 1 to 31.
    pub day: Option<u8>,
}

impl PartialDate {
    fn year(year: u16) -> PartialDate {
        PartialDate {
            year,
            month: None,
            day: None,
        }
    }

    /// A date as a query writes it: `YYYY`, `YYYY.MM`, `YYYY.MM.DD` (`-` or `/` also).
    fn parse_query(s: &str) -> Option<PartialDate> {
        let parts: Vec<&str> = s.trim().split(['.', '-', '/']).collect();
        let number = |p: &str, len: std::ops::RangeInclusive<usize>| {
            (len.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| p.parse::<u16>().ok())
                .flatten()
        };
        let year = number(parts.first()?, 4..=4)?;
        let month = match parts.get(1) {
            Some(p) => Some(
                u8::try_from(number(p, 1..=2)?)
                    .ok()
                    .filter(|m| (1..=12).contains(m))?,
            ),
            None => None,
        };
        let day = match parts.get(2) {
            Some(p) => Some(
                u8::try_from(number(p, 1..=2)?)
                    .ok()
                    .filter(|d| (1..=31).contains(d))?,
            ),
            None => None,
        };
        (parts.len() <= 3).then_some(PartialDate { year, month, day })
    }

    /// A Date tag as archives write it: `YYYY.MM.DD` with `??` for what is unknown, the same
    /// with `-` or `/`, `DD.MM.YYYY`, or a text holding a four-digit year (`17 april 2009`).
    /// Year 0 (`0000.00.00`) is what some programs write for an unknown date: no date.
    pub fn parse_tag(value: &str) -> Option<PartialDate> {
        Self::parse_tag_any_year(value).filter(|d| d.year != 0)
    }

    fn parse_tag_any_year(value: &str) -> Option<PartialDate> {
        let v = value.trim();
        let parts: Vec<&str> = v.split(['.', '-', '/']).map(str::trim).collect();
        let known = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        let num = |p: &str| p.parse::<u16>().ok();
        let first_is_year = parts.first().is_some_and(|p| p.len() == 4 && known(p));
        let last_is_year = parts.len() == 3 && parts[2].len() == 4 && known(&parts[2]);
        let (year, month, day) = if first_is_year {
            (num(parts[0])?, parts.get(1), parts.get(2))
        } else if last_is_year {
            (num(parts[2])?, parts.get(1), parts.first())
        } else {
            // A year alone in free text.
            let year = v
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| w.len() == 4)
                .and_then(num)?;
            return Some(PartialDate::year(year));
        };
        let field = |p: Option<&&str>, max: u8| {
            p.filter(|p| known(p))
                .and_then(|p| num(p))
                .and_then(|n| u8::try_from(n).ok())
                .filter(|n| (1..=max).contains(n))
        };
        let month = field(month, 12);
        let day = month.and(field(day, 31));
        Some(PartialDate { year, month, day })
    }

    /// The date as PDN writes it: `YYYY.MM.DD`, `??` for a part not known.
    pub fn pdn(&self) -> String {
        let part = |p: Option<u8>| p.map_or_else(|| "??".to_string(), |n| format!("{n:02}"));
        format!("{:04}.{}.{}", self.year, part(self.month), part(self.day))
    }

    /// Orders dates as known, an unknown month or day before every known one.
    pub fn sort_key(&self) -> (u16, u8, u8) {
        self.key(0)
    }

    /// The date as a tuple in which an unknown part sorts as `fill`.
    fn key(&self, fill: u8) -> (u16, u8, u8) {
        (
            self.year,
            self.month.unwrap_or(fill),
            self.day.unwrap_or(fill),
        )
    }
}

/// A range of dates, inclusive: each end covers every day of what it names (`2003` is all of
/// 2003). A game whose date is known only in part is in the range when it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateRange {
    from: Option<PartialDate>,
    to: Option<PartialDate>,
}

impl DateRange {
    fn parse(spec: &str) -> Result<DateRange, String> {
        let date = |s: &str| -> Result<Option<PartialDate>, String> {
            if s.trim().is_empty() {
                return Ok(None);
            }
            PartialDate::parse_query(s)
                .map(Some)
                .ok_or_else(|| format!("`{s}` is not a date (write YYYY, YYYY.MM or YYYY.MM.DD)"))
        };
        match spec.split_once("..") {
            Some((a, b)) => DateRange {
                from: date(a)?,
                to: date(b)?,
            }
            .non_empty(spec),
            None => {
                let d = date(spec)?;
                Ok(DateRange { from: d, to: d })
            }
        }
    }

    /// The range, or an error when it holds no day (its start after its end).
    fn non_empty(self, spec: &str) -> Result<DateRange, String> {
        match (self.from, self.to) {
            (Some(f), Some(t)) if f.key(0) > t.key(u8::MAX) => Err(format!(
                "`{spec}` is an empty range (the first date is the earliest)"
            )),
            _ => Ok(self),
        }
    }

    /// Whether a date, perhaps known in part, may lie in the range.
    pub fn contains(&self, d: &PartialDate) -> bool {
        // A game's unknown month or day may be any: compare its latest possible day with the
        // range's start and its earliest with the range's end.
        let after_start = self.from.is_none_or(|f| d.key(u8::MAX) >= f.key(0));
        let before_end = self.to.is_none_or(|t| d.key(0) <= t.key(u8::MAX));
        after_start && before_end
    }
}

/// The message for a pattern that is not a regular expression: the pattern as written, and
/// the regex crate's reason (its last line; the first lines repeat the pattern).
fn bad_pattern(pattern: &str, e: &regex::Error) -> String {
    let text = e.to_string();
    let why = text
        .lines()
        .last()
        .unwrap_or("")
        .trim_start_matches("error: ");
    format!("`{pattern}` is not a regular expression: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_as_archives_write_them() {
        let d = |y, m, day| {
            Some(PartialDate {
                year: y,
                month: m,
                day,
            })
        };
        assert_eq!(
            PartialDate::parse_tag("2003.05.23"),
            d(2003, Some(5), Some(23))
        );
        assert_eq!(PartialDate::parse_tag("2003.03.??"), d(2003, Some(3), None));
        assert_eq!(PartialDate::parse_tag("1841-??-??"), d(1841, None, None));
        assert_eq!(
            PartialDate::parse_tag("09.07.2007"),
            d(2007, Some(7), Some(9))
        );
        assert_eq!(
            PartialDate::parse_tag("1995.11.1"),
            d(1995, Some(11), Some(1))
        );
        assert_eq!(PartialDate::parse_tag("17 april 2009"), d(2009, None, None));
        assert_eq!(PartialDate::parse_tag("1950."), d(1950, None, None));
        assert_eq!(PartialDate::parse_tag("????.??.??"), None);
        assert_eq!(PartialDate::parse_tag("0000.00.00"), None);
        assert_eq!(PartialDate::parse_tag("0000.??.??"), None);
        assert_eq!(PartialDate::parse_tag(""), None);
    }

    #[test]
    fn ranges_cover_every_day_of_their_ends() {
        let range = |s| DateRange::parse(s).unwrap();
        let date = |s| PartialDate::parse_tag(s).unwrap();
        assert!(range("2003").contains(&date("2003.12.31")));
        assert!(range("2003..2004.06").contains(&date("2004.06.30")));
        assert!(!range("2003..2004.06").contains(&date("2004.07.01")));
        assert!(!range("2003.05..").contains(&date("2003.04.30")));
        assert!(range("..1900").contains(&date("1841-??-??")));
        // Known only by its year, a game may be in May 2003.
        assert!(range("2003.05").contains(&date("2003")));
        assert!(!range("2003.05").contains(&date("2004")));
        assert!(DateRange::parse("May 2003").is_err());
        assert!(DateRange::parse("2003.13").is_err());
    }

    #[test]
    fn plies_and_results_parse() {
        assert!(matches!(
            Condition::parse_plies("40..").unwrap(),
            Condition::Plies {
                min: 40,
                max: u32::MAX
            }
        ));
        assert!(matches!(
            Condition::parse_plies("..30").unwrap(),
            Condition::Plies { min: 0, max: 30 }
        ));
        assert!(Condition::parse_plies("x").is_err());
        assert!(matches!(
            Condition::parse_result("draw"),
            Condition::Result(ResultWanted::Meaning(ResultMeaning::Draw))
        ));
        assert!(matches!(
            Condition::parse_result("2-0"),
            Condition::Result(ResultWanted::Token(t)) if t == "2-0"
        ));
        assert!(Condition::parse_tag("Round").is_err());
        assert!(Condition::parse_tag("Round=(").is_err());
        assert!(Condition::parse_year("95").is_err());
    }
}
