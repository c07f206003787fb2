//! The payload table checked against itself and against the rest of the registry: a
//! tell, a pair or a transcript fragment names one runtime only, every rename and every
//! event told by fields resolves to an event the runtime's hook system has, the names
//! are spelt as the row says, and every row has payload fixtures. Each check is a
//! function over a table, so the tests below also show it fails on a broken copy.

use std::collections::HashMap;
use std::path::Path;

use hal_caps::registry::payloads::{Clue, PAYLOADS, Payload};
use hal_caps::registry::runtime;

/// Everything wrong with `table`, one line each (empty: sound).
fn problems(table: &[Payload]) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(one_row_per_runtime(table));
    out.extend(tells_are_unique(table));
    out.extend(pairs_are_unique(table));
    out.extend(transcripts_are_unique(table));
    for row in table {
        out.extend(names_resolve(row));
    }
    out
}

fn one_row_per_runtime(table: &[Payload]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    table
        .iter()
        .filter(|row| !seen.insert(row.provider))
        .map(|row| format!("{}: two payload rows", row.provider))
        .collect()
}

/// A tell identifies its runtime alone: no key is a tell of two rows, nor one of
/// another row's pairs (a pair would never be reached).
fn tells_are_unique(table: &[Payload]) -> Vec<String> {
    let mut owner: HashMap<&str, hal_types::RuntimeProvider> = HashMap::new();
    let mut out = Vec::new();
    for row in table {
        for tell in row.tells {
            if let Some(other) = owner.insert(tell, row.provider).filter(|o| *o != row.provider) {
                out.push(format!("tell {tell:?} is {other}'s and {}'s", row.provider));
            }
        }
    }
    for row in table {
        for (a, b) in row.pairs {
            for key in [a, b] {
                if let Some(other) = owner.get(key).filter(|o| **o != row.provider) {
                    out.push(format!("{}'s pair key {key:?} is {other}'s tell", row.provider));
                }
            }
        }
    }
    out
}

fn pairs_are_unique(table: &[Payload]) -> Vec<String> {
    let mut owner = HashMap::new();
    let mut out = Vec::new();
    for row in table {
        for (a, b) in row.pairs {
            let key = if a <= b { (*a, *b) } else { (*b, *a) };
            if let Some(other) = owner.insert(key, row.provider).filter(|o| *o != row.provider) {
                out.push(format!("pair {key:?} is {other}'s and {}'s", row.provider));
            }
        }
    }
    out
}

/// No transcript fragment is another row's, or inside another row's (the first row's
/// would always win).
fn transcripts_are_unique(table: &[Payload]) -> Vec<String> {
    let frags: Vec<_> = table.iter().filter_map(|r| r.transcript.map(|t| (r.provider, t))).collect();
    let mut out = Vec::new();
    for (i, (p, a)) in frags.iter().enumerate() {
        for (q, b) in &frags[i + 1..] {
            if a.contains(b) || b.contains(a) {
                out.push(format!("transcript fragments {a:?} ({p}) and {b:?} ({q}) overlap"));
            }
        }
    }
    out
}

/// Renames and events told by fields name events of the runtime's hook system; the
/// rule clues' spellings and the renamed-from names fit the row's style.
fn names_resolve(row: &Payload) -> Vec<String> {
    let p = row.provider;
    let Some(hooks) = runtime(p).hook_system() else {
        return vec![format!("{p} has a payload row but no hook system")];
    };
    let known = |name: &str| hooks.knows(name);
    let mut out = Vec::new();
    for (from, to) in row.renames {
        if !known(to) {
            out.push(format!("{p}: rename {from:?} -> {to:?}, which its hook system does not know"));
        }
        if row.renames.iter().filter(|(f, _)| f == from).count() > 1 {
            out.push(format!("{p}: {from:?} renamed twice"));
        }
    }
    for (_, event) in row.events_by_fields {
        if !known(event) {
            out.push(format!("{p}: fields tell {event:?}, which its hook system does not know"));
        }
    }
    for rule in row.rules {
        for clue in rule.when {
            if let Clue::Named(_, style) = clue
                && *style != row.event_style
                && row.event_key.is_some()
            {
                out.push(format!("{p}: a rule names events {style:?} where the row says {:?}", row.event_style));
            }
        }
    }
    out
}

/// The runtimes whose payloads have fixtures: a directory of hal-caps' hook fixtures,
/// or a live capture of the conformance suite.
fn has_fixtures(provider: hal_types::RuntimeProvider) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let id = provider.as_str();
    let dir = root.join("tests/fixtures/hooks").join(id);
    let listed = std::fs::read_dir(&dir)
        .is_ok_and(|d| d.filter_map(Result::ok).any(|e| e.path().extension().is_some_and(|x| x == "json")));
    listed || root.join("../hal-conformance/fixtures").join(format!("{id}.json")).is_file()
}

#[test]
fn the_payload_table_is_sound() {
    let found = problems(PAYLOADS);
    assert!(found.is_empty(), "the payload table contradicts itself:\n{}", found.join("\n"));
}

#[test]
fn every_payload_row_has_fixtures() {
    let missing: Vec<_> = PAYLOADS.iter().filter(|r| !has_fixtures(r.provider)).map(|r| r.provider).collect();
    assert!(missing.is_empty(), "payload rows without fixtures: {missing:?}");
}

#[test]
fn a_duplicated_tell_is_found() {
    let mut table = PAYLOADS.to_vec();
    let (donor, taker) = (table.iter().position(|r| !r.tells.is_empty()).unwrap(), 0);
    let taker = if taker == donor { 1 } else { taker };
    table[taker].tells = table[donor].tells;
    let found = problems(&table);
    assert!(found.iter().any(|l| l.starts_with("tell ")), "{found:?}");
}

#[test]
fn a_second_row_a_dangling_rename_and_overlapping_transcripts_are_found() {
    let mut table = PAYLOADS.to_vec();
    table.push(table[0]);
    let with_renames = table.iter().position(|r| !r.renames.is_empty()).unwrap();
    table[with_renames].renames = &[("somethingElse", "NoSuchEventAnywhere")];
    let with_transcript = table.iter().position(|r| r.transcript.is_some()).unwrap();
    let other = usize::from(with_transcript == 0);
    table[other].transcript = table[with_transcript].transcript.map(|t| &t[..t.len() - 1]);
    let found = problems(&table).join("\n");
    for want in ["two payload rows", "NoSuchEventAnywhere", "overlap"] {
        assert!(found.contains(want), "{want} not found in:\n{found}");
    }
}
