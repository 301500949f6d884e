//! The D3 override file: the unit table (`profiles`, whole rows as [`D3Tables::to_ron`] writes
//! them), the options (`options`, any of them) and the switches between two readings of a rule
//! (`switches`, any of them), with an optional `version: 1`. Rows are checked against the kinds
//! army files may use; options against sensible ranges.

use serde::Deserialize;

use crate::army::schema::Spanned;
use crate::rules::System;
use crate::rules::d3_ecw::tables::{D3Tables, Options, Profile, Switches};
use crate::rules::d3_ecw::{D3Ecw, spec};
use crate::rules::registry::file::{self, Checker};
use crate::words::quoted;

#[derive(Deserialize)]
#[serde(rename = "Tables", deny_unknown_fields)]
struct D3File {
    #[serde(default)]
    version: Option<Spanned<i64>>,
    #[serde(default)]
    profiles: Option<Spanned<Vec<Spanned<Profile>>>>,
    #[serde(default)]
    options: Option<Spanned<Options>>,
    #[serde(default)]
    switches: Option<Spanned<Switches>>,
}

/// Reads a D3 override text into the system with those tables in force.
pub(crate) fn load(path: &str, text: &str) -> Result<System, Vec<String>> {
    tables(path, text).map(|t| System::new(D3Ecw::with_tables(t)))
}

/// Reads a D3 override text into tables: the shipped ones with the file's parts replaced.
pub fn tables(path: &str, text: &str) -> Result<D3Tables, Vec<String>> {
    let raw: D3File = file::parse(path, text)?;
    let mut c = Checker::new(path, text);
    if let Some(v) = &raw.version {
        c.version(v);
    }
    let mut t = D3Tables::standard();
    let start = c.start();
    if let Some(list) = &raw.profiles
        && let Some(rows) = c.value(list, start)
    {
        let list_at = c.at(list, start);
        let kinds = kinds();
        let mut profiles: Vec<Profile> = Vec::new();
        for row in rows {
            let Some(p) = c.value(row, list_at) else {
                continue;
            };
            let at = c.at(row, list_at);
            if !kinds.contains(&p.kind.as_str()) {
                let known: Vec<String> = kinds.iter().map(|k| format!("{k:?}")).collect();
                let message = format!(
                    "unknown unit kind {}; the kinds are: {}",
                    quoted(&p.kind),
                    known.join(", ")
                );
                c.report(at, message);
            } else if profiles.iter().any(|q| q.kind == p.kind) {
                c.report(at, format!("the kind {:?} is given twice", p.kind));
            } else if let Some(problem) = profile_problem(p) {
                c.report(at, problem);
            }
            profiles.push(p.clone());
        }
        for kind in &kinds {
            if c.is_clean() && !profiles.iter().any(|p| p.kind == *kind) {
                c.report(
                    list_at,
                    format!("the unit table has no row for {kind:?}, which army files may use"),
                );
            }
        }
        t.profiles = profiles;
    }
    if let Some(o) = &raw.options
        && let Some(options) = c.value(o, start)
    {
        let at = c.at(o, start);
        for (key, problem) in options_problems(options) {
            let field = c.field_at(o, key, at);
            c.report(field, problem);
        }
        t.options = options.clone();
    }
    if let Some(sw) = &raw.switches
        && let Some(switches) = c.value(sw, start)
    {
        t.switches = switches.clone();
    }
    c.finish()?;
    let parts = [
        ("profiles", raw.profiles.is_some()),
        ("options", raw.options.is_some()),
        ("switches", raw.switches.is_some()),
    ];
    t.overridden = parts
        .iter()
        .filter(|p| p.1)
        .map(|p| p.0.to_string())
        .collect();
    if !t.overridden.is_empty() {
        t.origin = Some(path.to_string());
    }
    Ok(t)
}

/// The unit kinds army files may use.
fn kinds() -> Vec<&'static str> {
    spec::army_spec()
        .unit_kinds
        .iter()
        .map(|k| k.name)
        .collect()
}

/// What is out of range in a row of the unit table.
fn profile_problem(p: &Profile) -> Option<String> {
    let modifier = -3..=3;
    if p.moves > 12 || p.charge_move.is_some_and(|m| m > 12) {
        return Some(format!("{}: a move must be from 0 to 12 hexes", p.kind));
    }
    if let Some(w) = &p.weapon
        && (w.range > 24 || !modifier.contains(&w.modifier))
    {
        return Some(format!(
            "{}: a weapon's range must be from 0 to 24 hexes and its modifier from -3 to 3",
            p.kind
        ));
    }
    if p.melee.is_some_and(|m| !modifier.contains(&m)) || !modifier.contains(&p.charge_bonus) {
        return Some(format!(
            "{}: melee and charge modifiers must be from -3 to 3",
            p.kind
        ));
    }
    None
}

/// What is out of range among the options, each with the option's name.
fn options_problems(o: &Options) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if !(1..=3).contains(&o.ammo_out_on) {
        let problem = format!("ammo_out_on {} is not a D3 score (1 to 3)", o.ammo_out_on);
        out.push(("ammo_out_on", problem));
    }
    if !(1..=99).contains(&o.rout_at) {
        let problem = format!("rout_at {} must be from 1 to 99 hits", o.rout_at);
        out.push(("rout_at", problem));
    }
    for (name, v) in [
        ("shooting_cover", o.shooting_cover),
        ("melee_armour", o.melee_armour),
        ("melee_cover", o.melee_cover),
    ] {
        if !(-3..=3).contains(&v) {
            out.push((name, format!("{name} {v} must be from -3 to 3")));
        }
    }
    if o.command_range > 24 || o.attached_range > o.command_range {
        let problem = format!(
            "command_range {} must be at most 24 hexes and attached_range {} at most that",
            o.command_range, o.attached_range
        );
        out.push(("command_range", problem));
    }
    let kinds = kinds();
    for (name, list) in [("woods", &o.woods), ("towns", &o.towns)] {
        if let Some(k) = list.iter().find(|k| !kinds.contains(&k.as_str())) {
            let known: Vec<String> = kinds.iter().map(|k| format!("{k:?}")).collect();
            let problem = format!(
                "{name}: unknown unit kind {}; the kinds are: {}",
                quoted(k),
                known.join(", ")
            );
            out.push((name, problem));
        }
    }
    out
}
