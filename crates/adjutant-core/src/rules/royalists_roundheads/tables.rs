//! The charts as data (§5, §6.4, §6.5, §10.2, §11, §12): the Melee, Fire,
//! Range and Victory tables, the default Terrain Effects Chart and the modifier values, each
//! with its source tag. The procedures read these structures; nothing here is repeated in code.
//! [`Tables::to_tables`] renders them for the window and the quick-reference sheet.

use crate::rules::Source;

pub use super::modifiers::Modifiers;

/// One cell of the Melee Combat Table, as it hits the opposing side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeleeResult {
    /// "–": no effect.
    None,
    /// "M": every opposing unit checks morale.
    Morale,
    /// "1"–"4": that many step losses, then every opposing unit checks morale.
    Steps(u8),
}

impl MeleeResult {
    /// The printed cell ("–", "M", "2").
    pub fn cell(self) -> String {
        match self {
            MeleeResult::None => "–".into(),
            MeleeResult::Morale => "M".into(),
            MeleeResult::Steps(n) => n.to_string(),
        }
    }

    /// What the cell does to `side` ("defenders"), in words; nothing for no effect.
    pub(crate) fn on(self, side: &str) -> Option<String> {
        match self {
            MeleeResult::None => None,
            MeleeResult::Morale => Some(format!("{side} check morale")),
            MeleeResult::Steps(n) => Some(format!(
                "{side} lose {} and check morale",
                crate::words::count(usize::from(n), "step", "steps")
            )),
        }
    }

    /// Reads a printed cell; "-" and "–" both mean no effect.
    pub(crate) fn parse(text: &str) -> Option<MeleeResult> {
        match text.trim() {
            "-" | "–" | "—" | "" => Some(MeleeResult::None),
            "M" | "m" => Some(MeleeResult::Morale),
            n => n
                .parse::<u8>()
                .ok()
                .filter(|&n| n > 0)
                .map(MeleeResult::Steps),
        }
    }
}

/// A strength range heading a column: `from..=to`, or `from` and up when `to` is `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub(crate) from: i32,
    pub(crate) to: Option<i32>,
}

impl Span {
    pub(crate) fn contains(self, v: i32) -> bool {
        v >= self.from && self.to.is_none_or(|t| v <= t)
    }

    /// "7–10", "46+".
    pub fn label(self) -> String {
        match self.to {
            Some(t) if t == self.from => t.to_string(),
            Some(t) => format!("{}–{}", self.from, t),
            None => format!("{}+", self.from),
        }
    }
}

/// The Melee Combat Table: columns by the rolling side's strength, rows by modified 1D6.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeleeTable {
    pub source: Source,
    pub columns: Vec<Span>,
    /// `rows[r][c]`: the result for modified roll `r` (0 first) in column `c`.
    pub rows: Vec<Vec<MeleeResult>>,
}

impl MeleeTable {
    /// The column for a total strength (below the first column reads the first).
    pub fn column(&self, strength: i32) -> usize {
        self.columns
            .iter()
            .position(|c| c.contains(strength))
            .unwrap_or(if strength < 1 {
                0
            } else {
                self.columns.len() - 1
            })
    }

    /// The row a modified roll is read on: below 0 → row 0, above the last row → the last.
    pub(crate) fn row(&self, reading: i32) -> usize {
        reading.clamp(0, self.rows.len() as i32 - 1) as usize
    }

    pub fn result(&self, column: usize, reading: i32) -> MeleeResult {
        self.rows[self.row(reading)][column]
    }
}

/// A Fire Combat Table column: which firer reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FireColumn {
    DismountedDragoons = 0,
    MountedDragoons = 1,
    Cavalry = 2,
}

impl FireColumn {
    pub(crate) const ALL: [FireColumn; 3] = [
        FireColumn::DismountedDragoons,
        FireColumn::MountedDragoons,
        FireColumn::Cavalry,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FireColumn::DismountedDragoons => "Dismounted Dragoons",
            FireColumn::MountedDragoons => "Mounted Dragoons",
            FireColumn::Cavalry => "Cavalry",
        }
    }
}

/// One Fire Combat Table result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FireResult {
    NoEffect,
    /// The target makes a morale check.
    Morale,
    /// The target suffers 1 step loss, then every remaining unit in the hex checks morale.
    StepLoss,
}

impl FireResult {
    pub(crate) fn cell(self) -> &'static str {
        match self {
            FireResult::NoEffect => "No effect",
            FireResult::Morale => "Target makes morale check",
            FireResult::StepLoss => {
                "Target suffers 1 step loss, then all remaining units make a morale check"
            }
        }
    }
}

/// One Fire Combat Table row: the modified rolls it covers and a result per column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FireRow {
    /// `None`: and anything below.
    pub(crate) from: Option<i32>,
    /// `None`: and anything above.
    pub(crate) to: Option<i32>,
    pub(crate) results: [FireResult; 3],
}

impl FireRow {
    pub(crate) fn contains(&self, v: i32) -> bool {
        self.from.is_none_or(|f| v >= f) && self.to.is_none_or(|t| v <= t)
    }

    pub(crate) fn label(&self) -> String {
        match (self.from, self.to) {
            (None, Some(t)) => format!("{t} or less"),
            (Some(f), None) => format!("{f}+"),
            (Some(f), Some(t)) if f == t => f.to_string(),
            (Some(f), Some(t)) => format!("{f}–{t}"),
            (None, None) => "any".into(),
        }
    }
}

/// The Fire Combat Table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireTable {
    pub source: Source,
    pub(crate) rows: Vec<FireRow>,
}

impl FireTable {
    pub fn result(&self, column: FireColumn, reading: i32) -> FireResult {
        self.rows
            .iter()
            .find(|r| r.contains(reading))
            .map_or(FireResult::NoEffect, |r| r.results[column as usize])
    }
}

/// One Range Table row: per column, `Some(modifier)` if it may fire at this distance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RangeRow {
    pub(crate) distance: i32,
    pub(crate) cells: [Option<i32>; 3],
}

/// The Range Table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeTable {
    pub source: Source,
    pub(crate) rows: Vec<RangeRow>,
}

impl RangeTable {
    /// The fire modifier at `distance` for `column`, or `None` if it may not fire.
    pub fn modifier(&self, column: FireColumn, distance: i32) -> Option<i32> {
        self.rows
            .iter()
            .find(|r| r.distance == distance)
            .and_then(|r| r.cells[column as usize])
    }

    /// The distances listed.
    pub(crate) fn distances(&self) -> Vec<i32> {
        self.rows.iter().map(|r| r.distance).collect()
    }
}

/// One Victory Table line: enemy losses in `losses`, a 2D6 roll of `need` or more wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct VictoryBand {
    pub(crate) losses: Span,
    pub(crate) need: i32,
}

/// The Victory Table, one column pair per checking side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VictoryTable {
    pub source: Source,
    /// Parliament checks these against Royalist losses.
    pub(crate) royalist_losses: Vec<VictoryBand>,
    /// The Royalists check these against Parliament losses.
    pub(crate) parliament_losses: Vec<VictoryBand>,
}

impl VictoryTable {
    /// The bands the side `checking` (0 Royalists, 1 Parliament) reads.
    pub(crate) fn for_side(&self, checking: usize) -> &[VictoryBand] {
        if checking == 0 {
            &self.parliament_losses
        } else {
            &self.royalist_losses
        }
    }

    /// The roll `checking` needs when the enemy has lost `losses`, if a check is due.
    pub fn need(&self, checking: usize, losses: i32) -> Option<i32> {
        self.for_side(checking)
            .iter()
            .find(|b| b.losses.contains(losses))
            .map(|b| b.need)
    }

    /// The enemy losses at which `checking` starts to roll.
    pub fn threshold(&self, checking: usize) -> Option<i32> {
        self.for_side(checking).iter().map(|b| b.losses.from).min()
    }
}

/// One Terrain Effects Chart line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TerrainRow {
    pub(crate) name: String,
    /// A hexside feature (hedge, stream, slope) rather than a hex.
    pub(crate) hexside: bool,
    pub(crate) mp_mounted: String,
    pub(crate) mp_foot: String,
    pub(crate) mp_leader: String,
    /// Fire DRM for a target in / behind it; `None` where the chart has no entry.
    pub(crate) fire: Option<i32>,
    /// Attacker's melee DRM; `None` where the chart has no entry.
    pub(crate) melee: Option<i32>,
    /// A further attacker DRM when cavalry attacks into or across it.
    pub(crate) melee_cavalry: i32,
    pub(crate) los: String,
}

/// The Terrain Effects Chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainChart {
    pub source: Source,
    pub(crate) rows: Vec<TerrainRow>,
}

impl TerrainChart {
    /// The hexes (not hexsides) a fight can be in, for a parameter's choices.
    pub fn hexes(&self) -> Vec<String> {
        self.rows
            .iter()
            .filter(|r| !r.hexside && (r.fire.is_some() || r.melee.is_some()))
            .map(|r| r.name.clone())
            .collect()
    }

    /// The hexside features, for a parameter's choices (after "none").
    pub fn hexsides(&self) -> Vec<String> {
        self.rows
            .iter()
            .filter(|r| r.hexside && (r.fire.is_some() || r.melee.is_some()))
            .map(|r| r.name.clone())
            .collect()
    }

    pub(crate) fn row(&self, name: &str) -> Option<&TerrainRow> {
        self.rows.iter().find(|r| r.name == name)
    }
}

/// Every table in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    pub melee: MeleeTable,
    pub fire: FireTable,
    pub range: RangeTable,
    pub victory: VictoryTable,
    pub terrain: TerrainChart,
    pub modifiers: Modifiers,
}

impl Tables {
    /// The tables as the rules give them ([`super::defaults`]).
    pub fn standard() -> Tables {
        super::defaults::tables()
    }
}
