//! A player's own RCW charts: a RON file that replaces any of the shipped numbers — a row of
//! the unit table, the hit numbers, the rally numbers, the command roll, the assault dice or
//! the losing share — and sets its switches (`docs/rules/rcw.md` §10). Every section and
//! every number in it may be left out; what is left out stays as shipped. A chart any of
//! whose numbers the file gives is printed as `[OVERRIDE path]`. Loading is two steps —
//! parse into the raw file types, then validate into [`RcwTables`] — and every problem is
//! reported as `path:line:col: message`.
//!
//! ```ron
//! (
//!     version: 1,
//!     units: [
//!         (kind: "Infantry", move: 3, range: 4, shooting_dice: 1, assault_dice: 3),
//!         (kind: "Tank", move: 1),
//!     ],
//!     to_hit: (open: 4, obscured: 5, hard: 6),
//!     hits: (destroying: 2),
//!     rally: (elite: 3, average: 4, conscript: 5, hq_bonus: 1),
//!     command: (radius: 6, roll: 4),
//!     assault: (reduced_dice: 1),
//!     victory: (losing_share_percent: 50),
//!     switches: (assault_dice_column: 0),
//! )
//! ```
//! A unit row names a kind of the shipped table; its special rules (armour, limbering,
//! observers) go with the kind and are not in the file.

use std::borrow::Cow;

use serde::Deserialize;

use super::tables::{Profile, RcwTables, STANDARD};
use crate::army::locate::At;
use crate::army::schema::Spanned;
use crate::rules::registry::file::{self, Checker};
use crate::words::quoted;

#[derive(Deserialize)]
#[serde(rename = "Tables", deny_unknown_fields)]
struct RawFile {
    version: Spanned<i64>,
    #[serde(default)]
    units: Option<Spanned<Vec<Spanned<RawUnit>>>>,
    #[serde(default)]
    to_hit: Option<Spanned<RawToHit>>,
    #[serde(default)]
    hits: Option<Spanned<RawHits>>,
    #[serde(default)]
    rally: Option<Spanned<RawRally>>,
    #[serde(default)]
    command: Option<Spanned<RawCommand>>,
    #[serde(default)]
    assault: Option<Spanned<RawAssault>>,
    #[serde(default)]
    victory: Option<Spanned<RawVictory>>,
    #[serde(default)]
    switches: Option<Spanned<RawSwitches>>,
}

#[derive(Deserialize)]
#[serde(rename = "switches", deny_unknown_fields)]
struct RawSwitches {
    #[serde(default)]
    assault_dice_column: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "unit", deny_unknown_fields)]
struct RawUnit {
    kind: Spanned<String>,
    #[serde(default, rename = "move")]
    move_hexes: Spanned<i64>,
    #[serde(default)]
    range: Spanned<i64>,
    #[serde(default)]
    shooting_dice: Spanned<i64>,
    #[serde(default)]
    assault_dice: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "to_hit", deny_unknown_fields)]
struct RawToHit {
    #[serde(default)]
    open: Spanned<i64>,
    #[serde(default)]
    obscured: Spanned<i64>,
    #[serde(default)]
    hard: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "hits", deny_unknown_fields)]
struct RawHits {
    #[serde(default)]
    destroying: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "rally", deny_unknown_fields)]
struct RawRally {
    #[serde(default)]
    elite: Spanned<i64>,
    #[serde(default)]
    average: Spanned<i64>,
    #[serde(default)]
    conscript: Spanned<i64>,
    #[serde(default)]
    hq_bonus: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "command", deny_unknown_fields)]
struct RawCommand {
    #[serde(default)]
    radius: Spanned<i64>,
    #[serde(default)]
    roll: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "assault", deny_unknown_fields)]
struct RawAssault {
    #[serde(default)]
    reduced_dice: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(rename = "victory", deny_unknown_fields)]
struct RawVictory {
    #[serde(default)]
    losing_share_percent: Spanned<i64>,
}

/// A D6 score needed: 2 to 6 (1 would always succeed).
const D6_NEED: std::ops::RangeInclusive<i64> = 2..=6;

/// Parses and validates override text; `path` names it in messages and in the charts' source.
pub fn tables(path: &str, text: &str) -> Result<RcwTables, Vec<String>> {
    let raw: RawFile = file::parse(path, text)?;
    let mut c = Checker::new(path, text);
    c.version(&raw.version);
    let mut t = RcwTables::standard();
    let start = c.start();
    let mut replaced = Vec::new();
    if let Some((rows, at)) = c.part(&raw.units, start) {
        t.units = Cow::Owned(unit_rows(&mut c, rows, at));
        replaced.push("rcw.units");
    }
    if let Some((h, at)) = c.part(&raw.to_hit, start) {
        let mut need = |v: &Spanned<i64>, what: &str, into: &mut u8| {
            c.number_into(v, at, what, D6_NEED, into);
        };
        need(&h.open, "open", &mut t.hit_open);
        need(&h.obscured, "obscured", &mut t.hit_obscured);
        need(&h.hard, "hard", &mut t.hit_hard);
        replaced.push("rcw.to_hit");
    }
    if let Some((h, at)) = c.part(&raw.hits, start) {
        c.number_into(
            &h.destroying,
            at,
            "destroying",
            1..=6,
            &mut t.destroying_hits,
        );
        replaced.push("rcw.hits");
    }
    if let Some((r, at)) = c.part(&raw.rally, start) {
        let mut qualities = t.qualities.to_vec();
        for (q, v) in qualities
            .iter_mut()
            .zip([&r.elite, &r.average, &r.conscript])
        {
            let what = q.name.to_ascii_lowercase();
            c.number_into(v, at, &what, 1..=6, &mut q.rally);
        }
        t.qualities = Cow::Owned(qualities);
        c.number_into(&r.hq_bonus, at, "hq_bonus", -2..=3, &mut t.hq_rally_bonus);
        replaced.push("rcw.rally");
    }
    if let Some((cmd, at)) = c.part(&raw.command, start) {
        c.number_into(&cmd.radius, at, "radius", 0..=36, &mut t.command_radius);
        c.number_into(&cmd.roll, at, "roll", 1..=6, &mut t.command_roll);
        replaced.push("rcw.command");
    }
    if let Some((a, at)) = c.part(&raw.assault, start) {
        c.number_into(
            &a.reduced_dice,
            at,
            "reduced_dice",
            0..=6,
            &mut t.reduced_assault_dice,
        );
        replaced.push("rcw.assault");
    }
    if let Some((v, at)) = c.part(&raw.victory, start) {
        let share = &v.losing_share_percent;
        c.number_into(
            share,
            at,
            "losing_share_percent",
            1..=100,
            &mut t.losing_share_percent,
        );
        replaced.push("rcw.victory");
    }
    if let Some((sw, at)) = c.part(&raw.switches, start) {
        if let Some(n) = c.number(&sw.assault_dice_column, at, "assault_dice_column", 0..=1) {
            t.assault_dice_column = n == 1;
        }
        replaced.push("switches");
    }
    c.finish()?;
    t.origin = Some(path.to_string());
    t.overridden = replaced;
    Ok(t)
}

/// The unit table with the file's rows applied over the shipped ones.
fn unit_rows(c: &mut Checker, rows: &[Spanned<RawUnit>], list_at: At) -> Vec<Profile> {
    let mut units = STANDARD.units.to_vec();
    let mut seen: Vec<&str> = Vec::new();
    for row in rows {
        let Some(r) = c.value(row, list_at) else {
            continue;
        };
        let at = c.at(row, list_at);
        let Some(kind) = c.value(&r.kind, at).cloned() else {
            continue;
        };
        let kind_at = c.at(&r.kind, at);
        let Some(p) = units.iter_mut().find(|p| p.kind == kind) else {
            let kinds: Vec<String> = STANDARD
                .units
                .iter()
                .map(|p| format!("{:?}", p.kind))
                .collect();
            c.report(
                kind_at,
                format!(
                    "unknown unit kind {}; the kinds are: {}",
                    quoted(&kind),
                    kinds.join(", ")
                ),
            );
            continue;
        };
        if seen.contains(&p.kind) {
            c.report(kind_at, format!("the kind {kind:?} is given twice"));
            continue;
        }
        seen.push(p.kind);
        let fields = [
            (&r.move_hexes, "move", 0..=24, &mut p.move_hexes),
            (&r.range, "range", 0..=36, &mut p.range),
            (
                &r.shooting_dice,
                "shooting_dice",
                0..=6,
                &mut p.shooting_dice,
            ),
            (&r.assault_dice, "assault_dice", 0..=6, &mut p.assault_dice),
        ];
        for (value, what, range, into) in fields {
            c.number_into(value, at, what, range, into);
        }
    }
    units
}
