//! Games into events: the rule in [`super`]'s documentation (names and sites compared with
//! case, accents and punctuation folded).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::pairing::{Grouping, Pairing};
use crate::names::fold;

/// A game counted, with its two players' names (White's, Black's).
pub type Counted<'a> = (&'a Pairing, [Arc<str>; 2]);

/// The groups of `games` with their names, in the order of their first game.
pub fn group<'a>(games: &[Counted<'a>], grouping: &Grouping) -> Vec<(String, Vec<Counted<'a>>)> {
    let mut order: Vec<String> = Vec::new();
    let mut members: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, (p, _)) in games.iter().enumerate() {
        let k = key(p, grouping);
        let list = members.entry(k.clone()).or_default();
        if list.is_empty() {
            order.push(k);
        }
        list.push(i);
    }
    let mut parent: Vec<usize> = (0..order.len()).collect();
    if *grouping == Grouping::EventSiteYear {
        merge_qualified(games, &order, &members, &mut parent);
    }
    let mut indices: Vec<Vec<usize>> = Vec::new();
    let mut slot: HashMap<usize, usize> = HashMap::new();
    for (i, k) in order.iter().enumerate() {
        let root = find(&mut parent, i);
        let at = *slot.entry(root).or_insert_with(|| {
            indices.push(Vec::new());
            indices.len() - 1
        });
        indices[at].extend(&members[k]);
    }
    indices
        .into_iter()
        .map(|mut list| {
            // Input order within a group, whatever its keys' order.
            list.sort_unstable();
            let list: Vec<Counted<'a>> = list.into_iter().map(|g| games[g].clone()).collect();
            (group_name(&list, grouping), list)
        })
        .collect()
}

/// The key a game's group is found by before merging.
fn key(p: &Pairing, grouping: &Grouping) -> String {
    match grouping {
        Grouping::None => String::new(),
        Grouping::Event => p.event.to_string(),
        Grouping::Tag(_) => p.group_tag.as_deref().unwrap_or_default().to_string(),
        Grouping::EventSiteYear => format!(
            "{}\u{1}{}\u{1}{}",
            p.event,
            p.site,
            p.year.map(|y| y.to_string()).unwrap_or_default()
        ),
    }
}

/// Joins the groups whose event names differ by a trailing qualifier only, whose site and year
/// agree (or one is missing), and whose players overlap.
fn merge_qualified(
    games: &[Counted<'_>],
    order: &[String],
    members: &HashMap<String, Vec<usize>>,
    parent: &mut [usize],
) {
    struct Facts<'a> {
        base: String,
        site: String,
        year: Option<u16>,
        players: BTreeSet<&'a str>,
    }
    let facts: Vec<Facts<'_>> = order
        .iter()
        .map(|k| {
            let first = games[members[k][0]].0;
            let players = members[k]
                .iter()
                .flat_map(|&g| games[g].1.iter().map(|name| &**name))
                .collect();
            Facts {
                base: fold(without_qualifier(&first.event)),
                site: fold(&first.site),
                year: first.year,
                players,
            }
        })
        .collect();
    let mut by_base: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, f) in facts.iter().enumerate() {
        by_base.entry(f.base.as_str()).or_default().push(i);
    }
    for list in by_base.values() {
        for (n, &a) in list.iter().enumerate() {
            for &b in &list[n + 1..] {
                let (fa, fb) = (&facts[a], &facts[b]);
                let site = fa.site == fb.site || fa.site.is_empty() || fb.site.is_empty();
                let year = fa.year == fb.year || fa.year.is_none() || fb.year.is_none();
                let shared = fa.players.intersection(&fb.players).count();
                // Rounds of one event played in several towns: two players at least, and at
                // least half the players of the smaller part, play in the other too.
                let same_field =
                    shared >= 2 && 2 * shared >= fa.players.len().min(fb.players.len());
                if year && shared > 0 && (site || same_field) {
                    let (ra, rb) = (find(parent, a), find(parent, b));
                    parent[ra.max(rb)] = ra.min(rb);
                }
            }
        }
    }
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// `name` without its trailing qualifiers in brackets (`Championship 2015 (men)` is
/// `Championship 2015`).
pub fn without_qualifier(name: &str) -> &str {
    let mut name = name.trim_end();
    while let Some(open) = match name.chars().last() {
        Some(')') => name.rfind('('),
        Some(']') => name.rfind('['),
        _ => None,
    } {
        name = name[..open].trim_end();
    }
    name
}

/// What a group is called: its most usual event name (the shortest of equals), with the site
/// and year when the default grouping used them.
fn group_name(games: &[Counted<'_>], grouping: &Grouping) -> String {
    let most = |values: Vec<&str>| -> String {
        let mut counts: HashMap<&str, usize> = HashMap::new();
        for v in &values {
            *counts.entry(v).or_default() += 1;
        }
        let best = counts.into_iter().max_by(|a, b| {
            a.1.cmp(&b.1)
                .then(b.0.len().cmp(&a.0.len()))
                .then(b.0.cmp(a.0))
        });
        best.map(|(v, _)| v.to_string()).unwrap_or_default()
    };
    let or_none = |s: String| {
        if s.is_empty() {
            "(none)".to_string()
        } else {
            s
        }
    };
    match grouping {
        Grouping::None => "all games".to_string(),
        Grouping::Event => or_none(most(games.iter().map(|(p, _)| &*p.event).collect())),
        Grouping::Tag(tag) => format!(
            "{tag}: {}",
            or_none(most(
                games
                    .iter()
                    .map(|(p, _)| p.group_tag.as_deref().unwrap_or(""))
                    .collect()
            ))
        ),
        Grouping::EventSiteYear => {
            let event = or_none(most(games.iter().map(|(p, _)| &*p.event).collect()));
            let site = most(games.iter().map(|(p, _)| &*p.site).collect());
            let year = games.iter().find_map(|(p, _)| p.year);
            let mut extra: Vec<String> = Vec::new();
            if !site.is_empty() && site != "?" {
                extra.push(site);
            }
            if let Some(y) = year {
                extra.push(y.to_string());
            }
            if extra.is_empty() {
                event
            } else {
                format!("{event} ({})", extra.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualifiers_come_off_the_end_only() {
        assert_eq!(without_qualifier("PL ch 2015 (men)"), "PL ch 2015");
        assert_eq!(without_qualifier("PL ch 2015 (men) [B]"), "PL ch 2015");
        assert_eq!(without_qualifier("(A) PL ch"), "(A) PL ch");
        assert_eq!(without_qualifier("PL ch"), "PL ch");
    }
}
