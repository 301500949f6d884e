//! What a Royalists & Roundheads army file holds (§8): unit kinds, counter values
//! and leader ratings with their ranges.

use crate::army::{ArmySpec, KindSpec, StatSpec};

/// Unit kinds.
pub const CAVALRY: &str = "Cavalry";
pub const DRAGOONS: &str = "Dragoons";
pub const INFANTRY: &str = "Infantry";

/// Leader trait: the side's Overall Leader.
pub const OVERALL: &str = "overall";
/// Unit trait: enters from turn 7 on a 6 (the Array, Hobart's foot).
pub const ENTRY_ROLL: &str = "entry_roll";

/// The army-file description of this system.
pub fn army_spec() -> ArmySpec {
    const ALL: &[&str] = &[];
    ArmySpec {
        unit_kinds: vec![
            KindSpec {
                name: CAVALRY,
                description: "fires at range 1 through its front; the only kind that may Charge",
            },
            KindSpec {
                name: DRAGOONS,
                description: "mounted (as cavalry) or dismounted (as infantry); enters mounted",
            },
            KindSpec {
                name: INFANTRY,
                description: "foot; fires on the Dismounted Dragoons column (§5.1)",
            },
        ],
        unit_stats: vec![
            stat("strength", "Strength", 1, 20, true, ALL),
            stat("reduced_strength", "Reduced strength", 1, 20, false, ALL),
            stat("morale", "Morale", 2, 12, true, ALL),
            stat("reduced_morale", "Reduced morale", 2, 12, false, ALL),
            stat("movement", "Movement", 1, 20, true, ALL),
            stat(
                "movement_dismounted",
                "Movement dismounted",
                1,
                20,
                false,
                &[DRAGOONS],
            ),
            stat("entry_turn", "Entry turn", 1, 13, true, ALL),
        ],
        leader_stats: vec![
            stat("command", "Command", 1, 6, false, ALL),
            stat("span", "Command span", 0, 10, true, ALL),
            stat("bonus", "Combat bonus", 0, 5, true, ALL),
            stat(
                "replacement_command",
                "Replacement command",
                1,
                6,
                false,
                ALL,
            ),
            stat("replacement_span", "Replacement span", 0, 10, false, ALL),
            stat("replacement_bonus", "Replacement bonus", 0, 5, false, ALL),
            stat("entry_turn", "Entry turn", 1, 13, true, ALL),
        ],
        unit_traits: vec![ENTRY_ROLL],
        leader_traits: vec![OVERALL, ENTRY_ROLL],
    }
}

fn stat(
    key: &'static str,
    label: &'static str,
    min: i32,
    max: i32,
    required: bool,
    kinds: &'static [&'static str],
) -> StatSpec {
    StatSpec {
        key,
        label,
        min,
        max,
        required,
        kinds,
    }
}
