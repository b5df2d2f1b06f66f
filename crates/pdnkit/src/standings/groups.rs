//! Games into events: the rule in [`super`]'s documentation (names and sites compared with
//! case, accents and punctuation folded).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::pairing::Grouping;
use super::tally::{Bucket, Distinct};
use crate::names::fold;

/// A distinct game counted, with its two players' names (White's, Black's).
pub type Counted<'a> = (&'a Distinct, [Arc<str>; 2]);

/// The groups of `buckets` (in the order of their first game) with their names, each game's
/// sides named by `name_of`; groups in the order of their first game, games in input order.
pub fn group<'a>(
    buckets: &'a [Bucket],
    grouping: &Grouping,
    name_of: &dyn Fn(&Arc<str>) -> Arc<str>,
) -> Vec<(String, Vec<Counted<'a>>)> {
    let named: Vec<Vec<Counted<'a>>> = buckets
        .iter()
        .map(|b| {
            b.games
                .iter()
                .map(|g| (g, [name_of(&g.sides[0]), name_of(&g.sides[1])]))
                .collect()
        })
        .collect();
    let mut parent: Vec<usize> = (0..buckets.len()).collect();
    if *grouping == Grouping::EventSiteYear {
        merge_qualified(buckets, &named, &mut parent);
    }
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut slot: HashMap<usize, usize> = HashMap::new();
    for i in 0..buckets.len() {
        let root = find(&mut parent, i);
        let at = *slot.entry(root).or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        members[at].push(i);
    }
    let mut named: Vec<Option<Vec<Counted<'a>>>> = named.into_iter().map(Some).collect();
    members
        .into_iter()
        .map(|list| {
            let name = group_name(list.iter().map(|&b| &buckets[b]), grouping);
            let mut games: Vec<Counted<'a>> = list
                .iter()
                .flat_map(|&b| named[b].take().unwrap_or_default())
                .collect();
            // Input order within a group, whatever its keys' order.
            games.sort_by_key(|(g, _)| g.first);
            (name, games)
        })
        .collect()
}

/// Joins the groups whose event names differ by a trailing qualifier only, whose site and year
/// agree (or one is missing), and whose players overlap.
fn merge_qualified(buckets: &[Bucket], named: &[Vec<Counted<'_>>], parent: &mut [usize]) {
    struct Facts<'a> {
        base: String,
        site: String,
        year: Option<u16>,
        players: BTreeSet<&'a str>,
    }
    let facts: Vec<Facts<'_>> = buckets
        .iter()
        .zip(named)
        .map(|(b, games)| Facts {
            base: fold(without_qualifier(&b.event)),
            site: fold(&b.site),
            year: b.year,
            players: games
                .iter()
                .flat_map(|(_, names)| names.iter().map(|name| &**name))
                .collect(),
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
fn group_name<'b>(
    buckets: impl Iterator<Item = &'b Bucket> + Clone,
    grouping: &Grouping,
) -> String {
    let most = |values: &mut dyn Iterator<Item = (&'b str, u64)>| -> String {
        let mut counts: HashMap<&str, u64> = HashMap::new();
        for (v, n) in values {
            *counts.entry(v).or_default() += n;
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
    let events = || buckets.clone().map(|b| (&*b.event, b.total));
    match grouping {
        Grouping::None => "all games".to_string(),
        Grouping::Event => or_none(most(&mut events())),
        Grouping::Tag(tag) => format!(
            "{tag}: {}",
            or_none(most(
                &mut buckets
                    .clone()
                    .map(|b| (b.tag.as_deref().unwrap_or(""), b.total))
            ))
        ),
        Grouping::EventSiteYear => {
            let event = or_none(most(&mut events()));
            let site = most(&mut buckets.clone().map(|b| (&*b.site, b.total)));
            // The buckets come in the order of their first game, and all of a bucket's games
            // have its year: the first with one holds the group's first game with a year.
            let year = buckets.clone().find_map(|b| b.year);
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
