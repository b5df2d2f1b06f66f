//! Which spellings are one person: [`people_of`] groups the distinct spellings of a run.
//!
//! Each spelling is read by [`PlayerName`]. A spelling the alias table lists is that row's
//! person. Else, by surname:
//!
//! * a spelling with a first name in full (`Nowicki, Piotr`) is the person of that surname and
//!   first name (every given name written in full: `Lambert-Jan` is `Lambert Jan`);
//! * a spelling with initials only (`P. Nowicki`, `NOWICKI P.`) joins the one person of that
//!   surname whose first name starts with that initial, when there is exactly one; with none or
//!   several (`Piotr` and `Paweł`), the spellings of that surname and initial are a person of
//!   their own, never guessed into one of the others;
//! * a surname alone (`Nowicki`) is a person of its own.
//!
//! Placeholders (`White`, `?`, `NN`, empty) are nobody.

use std::collections::{BTreeMap, BTreeSet};

use super::aliases::Aliases;
use crate::names::PlayerName;

/// Who a spelling is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Identity {
    /// Row of the alias table.
    Listed(usize),
    /// Surname and first name.
    Named(String, String),
    /// Surname and an initial no first name decides.
    Initial(String, char),
    /// Surname alone.
    Surname(String),
}

/// The person of each of `spellings` (numbers from 0, in the order of each person's first
/// spelling), or `None` for a placeholder.
pub fn people_of(spellings: &[&str], aliases: Option<&Aliases>) -> Vec<Option<usize>> {
    let names: Vec<Option<PlayerName>> = spellings
        .iter()
        .map(|s| Some(PlayerName::parse(s)).filter(|n| !n.is_unknown()))
        .collect();
    let listed = |s: &str| aliases.and_then(|a| a.person_of(s));
    // Who each surname's first names written in full are: a listed person when the table lists
    // a spelling with that first name, else the person of that surname and first name.
    let mut first_names: BTreeMap<&str, BTreeMap<&str, Identity>> = BTreeMap::new();
    for listed_first in [true, false] {
        for (spelling, name) in spellings.iter().zip(&names) {
            let Some(n) = name.as_ref().filter(|n| !n.first_name().is_empty()) else {
                continue;
            };
            let row = listed(spelling);
            if row.is_some() != listed_first {
                continue;
            }
            let id = row.map_or_else(
                || Identity::Named(n.surname().to_string(), n.first_name().to_string()),
                Identity::Listed,
            );
            first_names
                .entry(n.surname())
                .or_default()
                .entry(n.first_name())
                .or_insert(id);
        }
    }
    let identity = |spelling: &str, name: &PlayerName| -> Identity {
        if let Some(row) = listed(spelling) {
            return Identity::Listed(row);
        }
        let known = first_names.get(name.surname());
        let surname = || name.surname().to_string();
        if !name.first_name().is_empty() {
            let named = || Identity::Named(surname(), name.first_name().to_string());
            return known
                .and_then(|k| k.get(name.first_name()))
                .cloned()
                .unwrap_or_else(named);
        }
        let Some(initial) = name.initials().chars().next() else {
            return Identity::Surname(surname());
        };
        let candidates: BTreeSet<&Identity> = known
            .into_iter()
            .flatten()
            .filter(|(first, _)| first.starts_with(initial))
            .map(|(_, id)| id)
            .collect();
        match candidates.len() {
            1 => candidates.into_iter().next().cloned().expect("one"),
            _ => Identity::Initial(surname(), initial),
        }
    };
    let mut numbers: BTreeMap<Identity, usize> = BTreeMap::new();
    spellings
        .iter()
        .zip(&names)
        .map(|(spelling, name)| {
            let id = identity(spelling, name.as_ref()?);
            let next = numbers.len();
            Some(*numbers.entry(id).or_insert(next))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(spellings: &[&str]) -> Vec<Option<usize>> {
        people_of(spellings, None)
    }

    #[test]
    fn the_usual_spellings_of_one_person() {
        let spellings = [
            "Nowicki, Piotr",
            "Nowicki,P.",
            "P. Nowicki",
            "NOWICKI P.",
            "Nowicki, P",
            "Kowalski, Jan",
            "J. Kowalski",
            "Nowak, A.",
        ];
        let people = groups(&spellings);
        assert!(people[..5].iter().all(|p| *p == Some(0)), "{people:?}");
        assert_eq!(people[5], Some(1));
        assert_eq!(people[6], Some(1));
        assert_eq!(people[7], Some(2));
    }

    #[test]
    fn an_initial_with_two_first_names_is_not_guessed() {
        let people = groups(&[
            "Nowicki, Piotr",
            "Nowicki, Paweł",
            "Nowicki, P.",
            "P. Nowicki",
        ]);
        assert_eq!(people[0], Some(0));
        assert_eq!(people[1], Some(1));
        assert_eq!(people[2], Some(2));
        assert_eq!(people[3], Some(2));
        // Nor a surname alone.
        let alone = groups(&["Nowicki, Piotr", "Nowicki"]);
        assert_ne!(alone[0], alone[1]);
    }

    #[test]
    fn two_given_names_joined_by_a_hyphen_or_a_space_are_one_person() {
        let people = groups(&[
            "Koops, Lambert Jan",
            "Lambert-Jan Koops",
            "KOOPS L.J.",
            "Koops, Jean-Pierre",
        ]);
        assert_eq!(people, [Some(0), Some(0), Some(0), Some(1)]);
    }

    #[test]
    fn placeholders_are_nobody_and_aliases_decide() {
        let people = groups(&["White", "?", "", "NN", "Tinsley, M."]);
        assert_eq!(people, [None, None, None, None, Some(0)]);
        let table = "name,spellings\nMarion Tinsley,Tinsley M. | Dr. Tinsley\n";
        let aliases = Aliases::from_csv(table.as_bytes()).unwrap();
        let people = people_of(
            &["M Tinsley", "Dr. Tinsley", "Marion Tinsley"],
            Some(&aliases),
        );
        assert_eq!(people, [Some(0), Some(0), Some(0)]);
    }
}
