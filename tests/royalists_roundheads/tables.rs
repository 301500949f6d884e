//! Every cell of every shipped table against the published charts (docs/rules/
//! royalists_roundheads.md §5.2 and §6.4), transcribed here independently.

use adjutant::rules::royalists_roundheads::tables::{FireColumn, FireResult, MeleeResult};
use adjutant::rules::royalists_roundheads::{SYSTEM, Tables};
use adjutant::rules::{RuleSystem, Source};

/// The melee page's Melee Combat Table (§6.4), rows 0–9.
const MELEE: [[&str; 11]; 10] = [
    ["–", "–", "–", "–", "–", "–", "–", "–", "M", "M", "M"],
    ["–", "–", "–", "–", "–", "–", "–", "M", "M", "M", "M"],
    ["–", "–", "–", "–", "–", "–", "M", "M", "M", "1", "1"],
    ["–", "–", "–", "–", "M", "M", "M", "M", "1", "1", "1"],
    ["–", "–", "M", "M", "M", "M", "1", "1", "1", "1", "2"],
    ["–", "M", "M", "M", "M", "1", "1", "1", "1", "2", "2"],
    ["M", "M", "M", "1", "1", "1", "1", "1", "2", "2", "3"],
    ["M", "1", "1", "1", "1", "1", "1", "2", "2", "3", "3"],
    ["1", "1", "1", "1", "1", "1", "2", "2", "2", "3", "4"],
    ["1", "1", "1", "1", "1", "1", "2", "2", "3", "4", "4"],
];
const MELEE_COLUMNS: [&str; 11] = [
    "1–3", "4–6", "7–10", "11–15", "16–20", "21–25", "26–30", "31–35", "36–40", "41–45", "46+",
];

#[test]
fn melee_table_every_cell() {
    let t = Tables::standard();
    assert_eq!(t.melee.source, Source::Published);
    let heads: Vec<String> = t.melee.columns.iter().map(|c| c.label()).collect();
    assert_eq!(heads, MELEE_COLUMNS);
    assert_eq!(t.melee.rows.len(), 10);
    for (r, row) in MELEE.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            assert_eq!(
                t.melee.rows[r][c].cell(),
                *cell,
                "row {r} column {}",
                MELEE_COLUMNS[c]
            );
        }
    }
    // Column lookup by strength, row clamping (§1.10.3).
    for (s, col) in [
        (1, 0),
        (3, 0),
        (4, 1),
        (6, 1),
        (7, 2),
        (10, 2),
        (11, 3),
        (45, 9),
        (46, 10),
        (200, 10),
    ] {
        assert_eq!(t.melee.column(s), col, "strength {s}");
    }
    assert_eq!(t.melee.result(10, -3), MeleeResult::Morale);
    assert_eq!(t.melee.result(10, 14), MeleeResult::Steps(4));
    // The rendered chart says the same.
    let chart = SYSTEM
        .tables()
        .into_iter()
        .find(|t| t.id == "melee")
        .unwrap();
    assert_eq!(chart.source.tag(), "[PUBLISHED]");
    for (r, row) in MELEE.iter().enumerate() {
        assert_eq!(chart.rows[r][0], r.to_string());
        assert_eq!(&chart.rows[r][1..], row.as_slice());
    }
}

#[test]
fn fire_table_every_cell() {
    use FireColumn::*;
    use FireResult::*;
    let t = Tables::standard();
    assert_eq!(t.fire.source, Source::Rules);
    let expect = |v: i32| -> [FireResult; 3] {
        match v {
            ..=4 => [NoEffect, NoEffect, NoEffect],
            5 => [Morale, NoEffect, NoEffect],
            6 => [Morale, Morale, Morale],
            _ => [StepLoss, Morale, Morale],
        }
    };
    for v in -3..=12 {
        for col in [DismountedDragoons, MountedDragoons, Cavalry] {
            assert_eq!(
                t.fire.result(col, v),
                expect(v)[col as usize],
                "roll {v} {}",
                col.name()
            );
        }
    }
    let chart = SYSTEM
        .tables()
        .into_iter()
        .find(|t| t.id == "fire")
        .unwrap();
    let labels: Vec<&str> = chart.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(labels, ["4 or less", "5", "6", "7+"]);
    assert_eq!(
        chart.header[1..],
        ["Dismounted Dragoons", "Mounted Dragoons", "Cavalry"]
    );
}

#[test]
fn range_table_every_cell() {
    use FireColumn::*;
    let t = Tables::standard();
    assert_eq!(t.range.source, Source::Rules);
    assert_eq!(t.range.modifier(DismountedDragoons, 1), Some(1));
    assert_eq!(t.range.modifier(MountedDragoons, 1), Some(0));
    assert_eq!(t.range.modifier(Cavalry, 1), Some(0));
    assert_eq!(t.range.modifier(DismountedDragoons, 2), Some(0));
    assert_eq!(t.range.modifier(MountedDragoons, 2), None);
    assert_eq!(t.range.modifier(Cavalry, 2), None);
    assert_eq!(t.range.modifier(DismountedDragoons, 3), None);
    let chart = SYSTEM
        .tables()
        .into_iter()
        .find(|t| t.id == "range")
        .unwrap();
    assert_eq!(
        chart.rows[0][1..],
        [
            "may fire, +1",
            "may fire, no modifier",
            "may fire, no modifier"
        ]
    );
    assert_eq!(
        chart.rows[1][1..],
        ["may fire, no modifier", "may not fire", "may not fire"]
    );
}

#[test]
fn victory_table_every_cell() {
    let t = Tables::standard();
    assert_eq!(t.victory.source, Source::Rules);
    let chart = SYSTEM
        .tables()
        .into_iter()
        .find(|t| t.id == "victory")
        .unwrap();
    let expect = [
        ["10–12", "10–12", "11–13", "10–12"],
        ["13–15", "9–12", "14–16", "9–12"],
        ["16–18", "8–12", "17–20", "8–12"],
        ["19–22", "7–12", "21–23", "7–12"],
        ["23–30", "6–12", "24–30", "6–12"],
        ["31–35", "5–12", "31–35", "5–12"],
        ["36+", "5–12", "36+", "5–12"],
    ];
    assert_eq!(chart.rows.len(), expect.len());
    for (row, want) in chart.rows.iter().zip(expect) {
        assert_eq!(row.as_slice(), want.as_slice());
    }
}

#[test]
fn victory_thresholds_both_sides() {
    let t = Tables::standard();
    // Parliament (side 1) checks Royalist losses.
    let parliament = [
        (9, None),
        (10, Some(10)),
        (12, Some(10)),
        (13, Some(9)),
        (15, Some(9)),
        (16, Some(8)),
        (18, Some(8)),
        (19, Some(7)),
        (22, Some(7)),
        (23, Some(6)),
        (30, Some(6)),
        (31, Some(5)),
        (35, Some(5)),
        (36, Some(5)),
        (99, Some(5)),
    ];
    for (losses, need) in parliament {
        assert_eq!(
            t.victory.need(1, losses),
            need,
            "Parliament at Royalist losses {losses}"
        );
    }
    // The Royalists (side 0) check Parliament losses; 13 is W-7's default.
    let royalists = [
        (10, None),
        (11, Some(10)),
        (12, Some(10)),
        (13, Some(10)),
        (14, Some(9)),
        (16, Some(9)),
        (17, Some(8)),
        (20, Some(8)),
        (21, Some(7)),
        (23, Some(7)),
        (24, Some(6)),
        (30, Some(6)),
        (31, Some(5)),
        (35, Some(5)),
        (36, Some(5)),
        (80, Some(5)),
    ];
    for (losses, need) in royalists {
        assert_eq!(
            t.victory.need(0, losses),
            need,
            "Royalists at Parliament losses {losses}"
        );
    }
    assert_eq!(t.victory.threshold(1), Some(10));
    assert_eq!(t.victory.threshold(0), Some(11));
}

#[test]
fn terrain_chart_every_cell() {
    let t = Tables::standard();
    assert_eq!(t.terrain.source, Source::Default);
    let chart = SYSTEM
        .tables()
        .into_iter()
        .find(|t| t.id == "terrain")
        .unwrap();
    assert_eq!(chart.source.tag(), "[DEFAULT]");
    let expect: [[&str; 7]; 8] = [
        ["Clear", "1", "1", "1", "+0", "+0", "+0"],
        ["Road", "½", "½", "½", "–", "–", "+0"],
        ["Village", "2", "1", "1", "-1", "-1", "+0"],
        ["Woods", "3", "2", "2", "-1", "-1", "-1"],
        ["Slope (uphill)", "+1", "+1", "+1", "+0", "-1", "+0"],
        ["Hedge", "+1", "+1", "0", "-1", "-1", "+0"],
        ["Stream", "+1", "+1", "+1", "+0", "-1", "+0"],
        [
            "Gully (Slash Hollow)",
            "prohibited",
            "3",
            "3",
            "+0",
            "-1",
            "+0",
        ],
    ];
    for (row, want) in chart.rows.iter().zip(expect) {
        assert_eq!(&row[..7], want.as_slice());
    }
    assert_eq!(
        t.terrain.hexes(),
        ["Clear", "Village", "Woods", "Gully (Slash Hollow)"]
    );
    assert_eq!(t.terrain.hexsides(), ["Slope (uphill)", "Hedge", "Stream"]);
}

#[test]
fn modifier_values_match_the_rules() {
    let t = Tables::standard();
    let m = &t.modifiers;
    let expect = [
        ("morale_leader_stacked", -1),
        ("morale_routed", 1),
        ("morale_marker", -1),
        ("morale_charge_cavalry", 1),
        ("morale_charge_other", 2),
        ("rally_leader_stacked", -1),
        ("rally_routed", 1),
        ("melee_attack", 1),
        ("attack_melee_page", 0),
        ("muster_free_out", 1),
        ("charge_check_overall", 0),
        ("command_within_span", -1),
        ("melee_attack_cavalry", 2),
        ("melee_attack_infantry", 1),
        ("melee_charge", 2),
        ("melee_stand_defending", 1),
        ("melee_routed_defending", -1),
        ("melee_flank_rear", 1),
        ("charge_strength_multiplier", 2),
        ("muster_span_bonus", 1),
        ("dragoon_steps", 3),
        ("steps_with_reverse", 4),
        ("steps_without_reverse", 2),
        ("entry_roll_from_turn", 7),
        ("entry_roll_needed", 6),
        ("leader_loss_overall", 5),
        ("leader_loss_other", 3),
        ("last_turn", 13),
    ];
    for (k, v) in expect {
        assert_eq!(m.get(k), v, "{k}");
    }
    let chart = SYSTEM
        .tables()
        .into_iter()
        .find(|t| t.id == "modifiers")
        .unwrap();
    let row = chart
        .rows
        .iter()
        .find(|r| r[4] == "melee_attack_cavalry")
        .unwrap();
    assert_eq!((row[1].as_str(), row[3].as_str()), ("+2", "[PUBLISHED]"));
    let row = chart.rows.iter().find(|r| r[4] == "dragoon_steps").unwrap();
    assert_eq!((row[1].as_str(), row[3].as_str()), ("3", "[DEFAULT]"));
}

#[test]
fn seven_tables_each_with_a_source() {
    let ids: Vec<String> = SYSTEM.tables().into_iter().map(|t| t.id).collect();
    assert_eq!(
        ids,
        [
            "melee",
            "fire",
            "range",
            "victory",
            "terrain",
            "modifiers",
            "switches"
        ]
    );
}
