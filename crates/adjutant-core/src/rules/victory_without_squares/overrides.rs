//! The Victory Without Squares override file: any of the card table and its column suits,
//! the fire and combat modifiers, the combat results, the suit readings of the card tests and
//! when the deck reshuffles (`deck: WhenEmpty | Never | EveryDraw`) and the switches
//! (`switches: (powder_halves_bases: true)`, §11.1), as [`VwsTables`] names them, with an
//! optional `version: 1`. Modifier keys must be ones the procedures read; the result rows must
//! run upwards from an open start to an open end.

use serde::Deserialize;

use crate::army::locate::At;
use crate::army::schema::Spanned;
use crate::cards::{Refill, Suit};
use crate::rules::System;
use crate::rules::registry::file::{self, Checker};
use crate::rules::victory_without_squares::VictoryWithoutSquares;
use crate::rules::victory_without_squares::tables::{
    CardRow, ModRow, ResultRow, VwsSwitches, VwsTables,
};
use crate::words::quoted;

#[derive(Deserialize)]
#[serde(rename = "Tables", deny_unknown_fields)]
struct VwsFile {
    #[serde(default)]
    version: Option<Spanned<i64>>,
    #[serde(default)]
    columns: Option<Spanned<[Suit; 4]>>,
    #[serde(default)]
    card_table: Option<Spanned<Vec<CardRow>>>,
    #[serde(default)]
    fire_modifiers: Option<Spanned<Vec<ModRow>>>,
    #[serde(default)]
    combat_modifiers: Option<Spanned<Vec<ModRow>>>,
    #[serde(default)]
    results: Option<Spanned<Vec<ResultRow>>>,
    #[serde(default)]
    leader_killed: Option<Spanned<Vec<Suit>>>,
    #[serde(default)]
    hit_again_breaks: Option<Spanned<Vec<Suit>>>,
    #[serde(default)]
    near_broken: Option<Spanned<Vec<(Suit, u8)>>>,
    #[serde(default)]
    pursuit_must: Option<Spanned<Vec<Suit>>>,
    #[serde(default)]
    deck: Option<Spanned<Refill>>,
    #[serde(default)]
    switches: Option<Spanned<VwsSwitches>>,
}

/// Reads a VWS override text into the system with those tables in force.
pub(crate) fn load(path: &str, text: &str) -> Result<System, Vec<String>> {
    tables(path, text).map(|t| System::new(VictoryWithoutSquares::with_tables(t)))
}

/// Takes a part the file gave, reporting it if its text did not parse or `check` finds fault.
fn part<T: Clone>(
    c: &mut Checker,
    given: &Option<Spanned<T>>,
    into: &mut T,
    check: impl Fn(&T) -> Option<String>,
) -> bool {
    let Some(s) = given else {
        return false;
    };
    let start = c.start();
    let Some(value) = c.value(s, start) else {
        return true;
    };
    let at: At = c.at(s, start);
    match check(value) {
        Some(problem) => c.report(at, problem),
        None => *into = value.clone(),
    }
    true
}

/// Reads a VWS override text into tables: the shipped ones with the file's parts replaced.
pub fn tables(path: &str, text: &str) -> Result<VwsTables, Vec<String>> {
    let raw: VwsFile = file::parse(path, text)?;
    let mut c = Checker::new(path, text);
    if let Some(v) = &raw.version {
        c.version(v);
    }
    let standard = VwsTables::standard();
    let mut t = standard.clone();
    let no_check = |_: &Vec<Suit>| None;
    let given = [
        part(&mut c, &raw.columns, &mut t.columns, |cols| {
            let distinct = cols.iter().enumerate().all(|(i, s)| !cols[..i].contains(s));
            (!distinct).then(|| "the four columns must be four different suits".into())
        }),
        part(&mut c, &raw.card_table, &mut t.card_table, |r| {
            card_problem(r)
        }),
        part(&mut c, &raw.fire_modifiers, &mut t.fire_modifiers, |rows| {
            modifier_problem(rows, &standard.fire_modifiers)
        }),
        part(
            &mut c,
            &raw.combat_modifiers,
            &mut t.combat_modifiers,
            |rows| modifier_problem(rows, &standard.combat_modifiers),
        ),
        part(&mut c, &raw.results, &mut t.results, |r| results_problem(r)),
        part(&mut c, &raw.leader_killed, &mut t.leader_killed, no_check),
        part(
            &mut c,
            &raw.hit_again_breaks,
            &mut t.hit_again_breaks,
            no_check,
        ),
        part(&mut c, &raw.near_broken, &mut t.near_broken, |rows| {
            rows.iter()
                .any(|(_, n)| *n > 4)
                .then(|| "a unit next to broken friends loses at most 4 steps".into())
        }),
        part(&mut c, &raw.pursuit_must, &mut t.pursuit_must, no_check),
        part(&mut c, &raw.deck, &mut t.deck, |_| None),
        part(&mut c, &raw.switches, &mut t.switches, |_| None),
    ];
    c.finish()?;
    // Read "Y*" and "N" as the shipped table writes them.
    for cell in t.card_table.iter_mut().flat_map(|r| r.cells.iter_mut()) {
        cell.make_ascii_lowercase();
    }
    let fields = [
        "columns",
        "card_table",
        "fire_modifiers",
        "combat_modifiers",
        "results",
        "leader_killed",
        "hit_again_breaks",
        "near_broken",
        "pursuit_must",
        "deck",
        "switches",
    ];
    t.overridden = fields
        .iter()
        .zip(given)
        .filter(|(_, given)| *given)
        .map(|(f, _)| f.to_string())
        .collect();
    if !t.overridden.is_empty() {
        t.origin = Some(path.to_string());
    }
    Ok(t)
}

/// Each action once; each cell "n", or "y" with footnote marks * # $ (either case, as the
/// seed prints "Y*").
fn card_problem(rows: &[CardRow]) -> Option<String> {
    for (i, row) in rows.iter().enumerate() {
        if rows[..i].iter().any(|r| r.action == row.action) {
            return Some(format!("the row {:?} is given twice", row.action));
        }
        for cell in &row.cells {
            let ok = cell.eq_ignore_ascii_case("n")
                || cell
                    .strip_prefix(['y', 'Y'])
                    .is_some_and(|marks| marks.chars().all(|m| "*#$".contains(m)));
            if !ok {
                return Some(format!(
                    "the cell {cell:?} of row {:?} must read n, or y with footnote marks * # $ (Y and N too)",
                    row.action
                ));
            }
        }
    }
    None
}

/// Only keys the procedures read, each once.
fn modifier_problem(rows: &[ModRow], shipped: &[ModRow]) -> Option<String> {
    for (i, row) in rows.iter().enumerate() {
        if !shipped.iter().any(|s| s.key == row.key) {
            let keys: Vec<&str> = shipped.iter().map(|s| s.key.as_str()).collect();
            return Some(format!(
                "unknown modifier {}; the modifiers are: {}",
                quoted(&row.key),
                keys.join(", ")
            ));
        }
        if rows[..i].iter().any(|r| r.key == row.key) {
            return Some(format!("the modifier {:?} is given twice", row.key));
        }
    }
    None
}

/// Rows upwards without gaps, from an open start (`from: None`) to an open end (`to: None`).
fn results_problem(rows: &[ResultRow]) -> Option<String> {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Some("the combat results need at least one row".into());
    };
    if first.from.is_some() || last.to.is_some() {
        return Some("the first row must have `from: None` and the last `to: None`".into());
    }
    for pair in rows.windows(2) {
        match (pair[0].to, pair[1].from) {
            (Some(to), Some(from)) if from == to + 1 && pair[1].to.is_none_or(|t| t >= from) => {}
            _ => {
                return Some(format!(
                    "the row after {} must start at the next score, with no gap or overlap",
                    pair[0].range()
                ));
            }
        }
    }
    None
}
