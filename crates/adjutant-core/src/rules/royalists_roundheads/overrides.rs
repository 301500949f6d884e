//! A player's own charts: a RON file that replaces any of the shipped tables (say, the Terrain
//! Effects Chart from the printed map). Loading is two steps — parse into the raw file types,
//! then validate into [`Tables`] — and every problem is reported as `path:line:col: message`.
//! A table given in the file carries `Source::Override(path)`.
//!
//! ```ron
//! (
//!     version: 1,
//!     melee: (columns: ["1-3", "4-6", "7+"], rows: [["-", "-", "M"], ["M", "1", "2"]]),
//!     fire: (rows: [(rolls: "0-4", cells: ["none", "none", "none"]), (rolls: "5+", cells: ["step", "morale", "morale"])]),
//!     range: (rows: [(distance: 1, cells: [1, 0, 0]), (distance: 2, cells: [0, None, None])]),
//!     victory: (royalist_losses: [(losses: "10+", need: 10)], parliament_losses: [(losses: "11+", need: 10)]),
//!     terrain: (rows: [(name: "Clear", fire: 0, melee: 0)]),
//!     modifiers: {"melee_attack_cavalry": 1},
//! )
//! ```
//! Fire rows run upwards; the first also covers every lower roll and the last must be open
//! ("7+"). Fire cells read "none", "morale" or "step"; melee cells "-", "M" or a number.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::modifiers::{Modifiers, SWITCHES};
use super::tables::Tables;
use crate::rules::Source;
use crate::words::quoted;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    version: u32,
    #[serde(default)]
    melee: Option<RawMelee>,
    #[serde(default)]
    fire: Option<RawRows<RawFireRow>>,
    #[serde(default)]
    range: Option<RawRows<RawRangeRow>>,
    #[serde(default)]
    victory: Option<RawVictory>,
    #[serde(default)]
    terrain: Option<RawRows<RawTerrainRow>>,
    #[serde(default)]
    modifiers: Option<BTreeMap<String, i32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMelee {
    pub(super) columns: Vec<String>,
    pub(super) rows: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRows<T> {
    rows: Vec<T>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFireRow {
    pub(super) rolls: String,
    pub(super) cells: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRangeRow {
    pub(super) distance: i32,
    pub(super) cells: Vec<Option<i32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawVictory {
    pub(super) royalist_losses: Vec<RawBand>,
    pub(super) parliament_losses: Vec<RawBand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBand {
    pub(super) losses: String,
    pub(super) need: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTerrainRow {
    pub(super) name: String,
    #[serde(default)]
    pub(super) hexside: bool,
    #[serde(default)]
    pub(super) mp_mounted: String,
    #[serde(default)]
    pub(super) mp_foot: String,
    #[serde(default)]
    pub(super) mp_leader: String,
    #[serde(default)]
    pub(super) fire: Option<i32>,
    #[serde(default)]
    pub(super) melee: Option<i32>,
    #[serde(default)]
    pub(super) melee_cavalry: i32,
    #[serde(default)]
    pub(super) los: String,
}

/// Parses and validates override text; `path` names it in messages and in the tables' source.
pub fn tables(path: &str, text: &str) -> Result<Tables, Vec<String>> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let raw: RawFile = options.from_str(text).map_err(|e| {
        vec![format!(
            "{path}:{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        )]
    })?;
    let mut v = super::override_check::Validator {
        path,
        text,
        problems: Vec::new(),
    };
    let mut tables = Tables::standard();
    let source = Source::Override(path.to_string());
    if raw.version != 1 {
        v.at(
            &["version"],
            None,
            format!(
                "unknown version {}; this Adjutant reads version 1",
                raw.version
            ),
        );
    }
    if let Some(m) = raw.melee {
        tables.melee = v.melee(m, source.clone()).unwrap_or(tables.melee);
    }
    if let Some(f) = raw.fire {
        tables.fire = v.fire(f.rows, source.clone()).unwrap_or(tables.fire);
    }
    if let Some(r) = raw.range {
        tables.range = v.range(r.rows, source.clone()).unwrap_or(tables.range);
    }
    if let Some(vt) = raw.victory {
        tables.victory = v.victory(vt, source.clone()).unwrap_or(tables.victory);
    }
    if let Some(t) = raw.terrain {
        tables.terrain = v.terrain(t.rows, source.clone()).unwrap_or(tables.terrain);
    }
    if let Some(m) = raw.modifiers {
        let mut mods = Modifiers {
            source: source.clone(),
            ..Modifiers::default()
        };
        for (key, value) in m {
            match Modifiers::spec(&key) {
                Some(spec) if SWITCHES.contains(&spec.key) && !(0..=1).contains(&value) => v.at(
                    &["modifiers", &format!("\"{key}\"")],
                    None,
                    format!("'{key}' is a switch: 1 for yes, 0 for no, not {value}"),
                ),
                Some(spec) => {
                    mods.values.insert(spec.key, value);
                }
                None => v.at(
                    &["modifiers", &format!("\"{key}\"")],
                    None,
                    format!("unknown modifier {}", quoted(&key)),
                ),
            }
        }
        tables.modifiers = mods;
    }
    if v.problems.is_empty() {
        Ok(tables)
    } else {
        Err(v.problems)
    }
}
