//! A keeper's table of who is who: the CSV `pdnkit players --format csv` writes, edited by
//! hand, read back. Each row is one person: the `name` column is the name to use, the
//! `spellings` column lists the spellings that mean that person, separated by `|`. Other
//! columns are ignored, so the players table itself is a valid alias table.
//!
//! A spelling is looked up folded ([`fold`]: case, accents, spaces and punctuation do not
//! matter), so `NOWICKI P.` in the table also catches `Nowicki P`.
//!
//! ```
//! use pdnkit::players::Aliases;
//!
//! let table = "name,spellings\nPiotr Nowicki,\"Nowicki, P. | P. Nowicki\"\n";
//! let aliases = Aliases::from_csv(table.as_bytes()).unwrap();
//! assert_eq!(aliases.name_of("nowicki p"), Some("Piotr Nowicki"));
//! assert_eq!(aliases.name_of("Piotr Nowicki"), Some("Piotr Nowicki"));
//! assert_eq!(aliases.name_of("Nowak, J."), None);
//! ```

use std::collections::HashMap;
use std::io::Read;

use crate::names::fold;

/// What separates the spellings of one person in the `spellings` column.
pub const SPELLING_SEPARATOR: &str = " | ";

/// Spellings mapped to the name each person goes by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aliases {
    names: Vec<String>,
    by_spelling: HashMap<String, usize>,
}

impl Aliases {
    /// Reads a table with a header naming the columns `name` and `spellings`.
    ///
    /// # Errors
    /// A message naming the line: the header lacks a column, a row cannot be read, or one
    /// spelling is given to two people.
    pub fn from_csv(reader: impl Read) -> Result<Aliases, String> {
        let mut csv = csv::ReaderBuilder::new().flexible(true).from_reader(reader);
        let header = csv.headers().map_err(|e| format!("line 1: {e}"))?.clone();
        let column = |wanted: &str| {
            header
                .iter()
                .position(|h| h.trim().eq_ignore_ascii_case(wanted))
                .ok_or_else(|| {
                    format!(
                        "line 1: the header has no `{wanted}` column (it needs name and spellings)"
                    )
                })
        };
        let (name_at, spellings_at) = (column("name")?, column("spellings")?);
        let mut aliases = Aliases::default();
        for row in csv.records() {
            let row = row.map_err(|e| format!("{e}"))?;
            let line = row.position().map_or(0, |p| p.line());
            let name = row.get(name_at).unwrap_or("").trim();
            if name.is_empty() {
                return Err(format!("line {line}: the name is empty"));
            }
            let spellings = row.get(spellings_at).unwrap_or("");
            aliases.add(name, spellings.split('|'), line)?;
        }
        Ok(aliases)
    }

    /// Adds a person, known as `name`, written in each of `spellings` (and as `name`).
    fn add<'a>(
        &mut self,
        name: &'a str,
        spellings: impl Iterator<Item = &'a str>,
        line: u64,
    ) -> Result<(), String> {
        let person = self.names.len();
        self.names.push(name.to_string());
        for spelling in std::iter::once(name).chain(spellings) {
            let key = fold(spelling);
            if key.is_empty() {
                continue;
            }
            match self.by_spelling.insert(key, person) {
                Some(other) if other != person => {
                    return Err(format!(
                        "line {line}: `{}` is a spelling of `{}` too (a spelling names one person)",
                        spelling.trim(),
                        self.names[other]
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The name of the person `spelling` means, when the table lists it.
    pub fn name_of(&self, spelling: &str) -> Option<&str> {
        self.person_of(spelling).map(|i| self.names[i].as_str())
    }

    /// The row of the person `spelling` means, from 0, when the table lists it.
    pub fn person_of(&self, spelling: &str) -> Option<usize> {
        self.by_spelling.get(&fold(spelling)).copied()
    }

    /// `name` as the table says the person goes by, or `name` itself when not listed.
    pub fn apply<'a>(&'a self, name: &'a str) -> &'a str {
        self.name_of(name).unwrap_or(name)
    }

    /// The number of people listed.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// No person is listed.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_table_reads_back() {
        let table = "name,games,spellings,first_date\n\
                     \"Nowicki, Piotr\",5,\"Nowicki, Piotr | Nowicki,P. | NOWICKI P.\",2015.??.??\n\
                     Jan Kowalski,2,Kowalski J.,\n";
        let aliases = Aliases::from_csv(table.as_bytes()).unwrap();
        assert_eq!(aliases.len(), 2);
        assert_eq!(aliases.apply("Nowicki P"), "Nowicki, Piotr");
        assert_eq!(aliases.apply("kowalski j"), "Jan Kowalski");
        assert_eq!(aliases.apply("Kowalski, Jan"), "Kowalski, Jan");
    }

    #[test]
    fn bad_tables_are_refused_with_their_line() {
        let no_column = Aliases::from_csv("name,games\nA,1\n".as_bytes()).unwrap_err();
        assert!(no_column.contains("spellings"), "{no_column}");
        let twice = "name,spellings\nA B,X Y\nC D,x  y\n";
        let err = Aliases::from_csv(twice.as_bytes()).unwrap_err();
        assert!(err.starts_with("line 3:"), "{err}");
        let empty = Aliases::from_csv("name,spellings\n,X Y\n".as_bytes()).unwrap_err();
        assert!(empty.starts_with("line 2:"), "{empty}");
    }
}
