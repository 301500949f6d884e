//! The charts as shipped: the numbers of the rules ([RULES] and [PUBLISHED]) and Adjutant's [DEFAULT]
//! entries, transcribed once.

use super::tables::{
    FireResult, FireRow, FireTable, MeleeResult, MeleeTable, Modifiers, RangeRow, RangeTable, Span,
    Tables, TerrainChart, TerrainRow, VictoryBand, VictoryTable,
};
use crate::rules::Source;

/// The Melee Combat Table as found (§6.4), one string per row 0–9.
const MELEE_ROWS: [&str; 10] = [
    "- - - - - - - - M M M",
    "- - - - - - - M M M M",
    "- - - - - - M M M 1 1",
    "- - - - M M M M 1 1 1",
    "- - M M M M 1 1 1 1 2",
    "- M M M M 1 1 1 1 2 2",
    "M M M 1 1 1 1 1 2 2 3",
    "M 1 1 1 1 1 1 2 2 3 3",
    "1 1 1 1 1 1 2 2 2 3 4",
    "1 1 1 1 1 1 2 2 3 4 4",
];

/// The Melee Combat Table's strength columns.
const MELEE_COLUMNS: [(i32, Option<i32>); 11] = [
    (1, Some(3)),
    (4, Some(6)),
    (7, Some(10)),
    (11, Some(15)),
    (16, Some(20)),
    (21, Some(25)),
    (26, Some(30)),
    (31, Some(35)),
    (36, Some(40)),
    (41, Some(45)),
    (46, None),
];

/// Victory bands: (losses from, to, roll needed). Parliament losses 11–13 is a default (§10.2).
const ROYALIST_LOSSES: [(i32, Option<i32>, i32); 7] = [
    (10, Some(12), 10),
    (13, Some(15), 9),
    (16, Some(18), 8),
    (19, Some(22), 7),
    (23, Some(30), 6),
    (31, Some(35), 5),
    (36, None, 5),
];
const PARLIAMENT_LOSSES: [(i32, Option<i32>, i32); 7] = [
    (11, Some(13), 10),
    (14, Some(16), 9),
    (17, Some(20), 8),
    (21, Some(23), 7),
    (24, Some(30), 6),
    (31, Some(35), 5),
    (36, None, 5),
];

/// Every table as shipped.
pub fn tables() -> Tables {
    Tables {
        melee: melee(),
        fire: fire(),
        range: range(),
        victory: victory(),
        terrain: terrain(),
        modifiers: Modifiers::default(),
    }
}

fn melee() -> MeleeTable {
    MeleeTable {
        source: Source::Published,
        columns: MELEE_COLUMNS
            .iter()
            .map(|&(from, to)| Span { from, to })
            .collect(),
        rows: MELEE_ROWS
            .iter()
            .map(|r| {
                r.split_whitespace()
                    .map(|c| MeleeResult::parse(c).expect("valid shipped cell"))
                    .collect()
            })
            .collect(),
    }
}

fn fire() -> FireTable {
    use FireResult::{Morale, NoEffect, StepLoss};
    let row = |from, to, results| FireRow { from, to, results };
    FireTable {
        source: Source::Rules,
        rows: vec![
            row(None, Some(4), [NoEffect, NoEffect, NoEffect]),
            row(Some(5), Some(5), [Morale, NoEffect, NoEffect]),
            row(Some(6), Some(6), [Morale, Morale, Morale]),
            row(Some(7), None, [StepLoss, Morale, Morale]),
        ],
    }
}

fn range() -> RangeTable {
    // Cells in FireColumn order: dismounted dragoons, mounted dragoons, cavalry.
    RangeTable {
        source: Source::Rules,
        rows: vec![
            RangeRow {
                distance: 1,
                cells: [Some(1), Some(0), Some(0)],
            },
            RangeRow {
                distance: 2,
                cells: [Some(0), None, None],
            },
        ],
    }
}

fn victory() -> VictoryTable {
    let bands = |rows: &[(i32, Option<i32>, i32)]| {
        rows.iter()
            .map(|&(from, to, need)| VictoryBand {
                losses: Span { from, to },
                need,
            })
            .collect()
    };
    VictoryTable {
        source: Source::Rules,
        royalist_losses: bands(&ROYALIST_LOSSES),
        parliament_losses: bands(&PARLIAMENT_LOSSES),
    }
}

fn terrain() -> TerrainChart {
    #[allow(clippy::too_many_arguments)]
    fn row(
        name: &str,
        hexside: bool,
        mp: [&str; 3],
        fire: Option<i32>,
        melee: Option<i32>,
        melee_cavalry: i32,
        los: &str,
    ) -> TerrainRow {
        TerrainRow {
            name: name.into(),
            hexside,
            mp_mounted: mp[0].into(),
            mp_foot: mp[1].into(),
            mp_leader: mp[2].into(),
            fire,
            melee,
            melee_cavalry,
            los: los.into(),
        }
    }
    TerrainChart {
        source: Source::Default,
        rows: vec![
            row(
                "Clear",
                false,
                ["1", "1", "1"],
                Some(0),
                Some(0),
                0,
                "clear",
            ),
            row("Road", true, ["½", "½", "½"], None, None, 0, "–"),
            row(
                "Village",
                false,
                ["2", "1", "1"],
                Some(-1),
                Some(-1),
                0,
                "blocks (same level)",
            ),
            row(
                "Woods",
                false,
                ["3", "2", "2"],
                Some(-1),
                Some(-1),
                -1,
                "blocks",
            ),
            row(
                "Slope (uphill)",
                true,
                ["+1", "+1", "+1"],
                Some(0),
                Some(-1),
                0,
                "elevation rules",
            ),
            row(
                "Hedge",
                true,
                ["+1", "+1", "0"],
                Some(-1),
                Some(-1),
                0,
                "clear",
            ),
            row(
                "Stream",
                true,
                ["+1", "+1", "+1"],
                Some(0),
                Some(-1),
                0,
                "clear",
            ),
            row(
                "Gully (Slash Hollow)",
                false,
                ["prohibited", "3", "3"],
                Some(0),
                Some(-1),
                0,
                "blocks unless on the same level",
            ),
        ],
    }
}
