//! The Winceby order of battle (as shipped in armies/royalists_roundheads/), hand-made: its
//! leaders, its horse, dragoons and foot, and the Royalist and Parliament armies.

use adjutant_core::army::{Army, Leader, Unit};

use super::SYSTEM_ID;
use super::army::{self, Build, army};

/// A leader with his span, bonus and entry turn, and a command rating unless he is an overall
/// commander.
pub fn leader(
    id: &str,
    name: &str,
    command: Option<i32>,
    span: i32,
    bonus: i32,
    entry: i32,
    traits: &[&str],
) -> Leader {
    let mut s = vec![("span", span), ("bonus", bonus), ("entry_turn", entry)];
    if let Some(c) = command {
        s.push(("command", c));
    }
    army::leader(id, name).with_stats(&s).with_traits(traits)
}

/// A regiment of `kind`: 4 strength points (2 reduced), this morale (full, reduced), moving
/// `movement`, entering on turn `entry`.
fn regiment(
    id: &str,
    kind: &str,
    (name, leader): (&str, &str),
    morale: (i32, i32),
    (movement, entry): (i32, i32),
) -> Unit {
    army::unit(id, kind)
        .named(name)
        .led_by(leader)
        .with_stats(&[
            ("strength", 4),
            ("reduced_strength", 2),
            ("morale", morale.0),
            ("reduced_morale", morale.1),
            ("movement", movement),
            ("entry_turn", entry),
        ])
}

/// A regiment of horse: 4 strength points (2 reduced), this morale (full, reduced).
pub fn cavalry(id: &str, name: &str, leader: &str, morale: (i32, i32), entry: i32) -> Unit {
    regiment(id, "Cavalry", (name, leader), morale, (8, entry))
}

/// Dragoons: 2 strength points, morale 6, moving 4 dismounted.
pub fn dragoons(id: &str, name: &str, leader: &str, entry: i32) -> Unit {
    army::unit(id, "Dragoons")
        .named(name)
        .led_by(leader)
        .with_stats(&[
            ("strength", 2),
            ("morale", 6),
            ("movement", 8),
            ("movement_dismounted", 4),
            ("entry_turn", entry),
        ])
}

/// A regiment of foot, entering on turn 7 at a roll.
pub fn infantry(id: &str, name: &str, leader: &str, morale: (i32, i32)) -> Unit {
    regiment(id, "Infantry", (name, leader), morale, (4, 7)).with_traits(&["entry_roll"])
}

/// The Royalists at Winceby.
pub fn royalists() -> Army {
    let mut units = vec![
        cavalry("wid1", "Widdrington's Horse", "widdrington", (7, 6), 1),
        cavalry(
            "wid2",
            "Widdrington's Second Horse",
            "widdrington",
            (7, 6),
            1,
        ),
    ];
    for i in 1..=3 {
        units.push(cavalry(
            &format!("hen{i}"),
            &format!("Henderson's Horse {i}"),
            "henderson",
            (7, 6),
            2,
        ));
    }
    units.push(dragoons("hend", "Henderson's Dragoons", "henderson", 2));
    for i in 1..=3 {
        units.push(cavalry(
            &format!("sav{i}"),
            &format!("Saville's Horse {i}"),
            "saville",
            (7, 6),
            2,
        ));
    }
    units.push(dragoons("savd", "Saville's Dragoons", "saville", 2));
    units.push(infantry("array1", "The Array 1", "henderson", (5, 4)));
    units.push(infantry("array2", "The Array 2", "henderson", (5, 4)));
    let leaders = vec![
        leader("widdrington", "Widdrington", None, 4, 1, 1, &["overall"]),
        leader("henderson", "Henderson", Some(4), 3, 1, 2, &[]),
        leader("saville", "Saville", Some(3), 3, 1, 2, &[]),
    ];
    Army {
        name: "Winceby Royalists".into(),
        ..army(SYSTEM_ID, "Royalists", leaders, units)
    }
}

/// Parliament at Winceby.
pub fn parliament() -> Army {
    let mut units = Vec::new();
    for i in 1..=3 {
        units.push(cavalry(
            &format!("crom{i}"),
            &format!("Cromwell's Horse {i}"),
            "cromwell",
            (8, 7),
            1,
        ));
    }
    for i in 1..=3 {
        units.push(dragoons(
            &format!("verm{i}"),
            &format!("Vermuyden's Dragoons {i}"),
            "vermuyden",
            1,
        ));
    }
    for i in 1..=2 {
        units.push(cavalry(
            &format!("man{i}"),
            &format!("Manchester's Horse {i}"),
            "manchester",
            (7, 6),
            2,
        ));
    }
    for i in 1..=4 {
        units.push(cavalry(
            &format!("fair{i}"),
            &format!("Fairfax's Horse {i}"),
            "fairfax",
            (7, 6),
            3,
        ));
    }
    for i in 1..=3 {
        units.push(infantry(
            &format!("hob{i}"),
            &format!("Hobart's Foot {i}"),
            "hobart",
            (6, 5),
        ));
    }
    let leaders = vec![
        leader("cromwell", "Cromwell", Some(5), 4, 2, 1, &[]),
        leader("vermuyden", "Vermuyden", Some(3), 3, 0, 1, &[]),
        leader("manchester", "Manchester", None, 4, 0, 2, &["overall"]),
        leader("fairfax", "Fairfax", Some(4), 4, 1, 3, &[]),
        leader("hobart", "Hobart", Some(3), 3, 0, 7, &["entry_roll"]),
    ];
    Army {
        name: "Winceby Parliament".into(),
        ..army(SYSTEM_ID, "Parliament", leaders, units)
    }
}
