//! What a Royalists & Roundheads army file holds (§8): unit kinds, counter values
//! and leader ratings with their ranges.

use crate::army::{ArmySpec, KindSpec, StatSpec};

/// Unit kinds.
pub(crate) const CAVALRY: &str = "Cavalry";
pub(crate) const DRAGOONS: &str = "Dragoons";
pub(crate) const INFANTRY: &str = "Infantry";

/// Leader trait: the side's Overall Leader.
pub(crate) const OVERALL: &str = "overall";
/// Unit trait: enters from turn 7 on a 6 (the Array, Hobart's foot).
pub(crate) const ENTRY_ROLL: &str = "entry_roll";

/// The army-file description of this system.
pub(crate) fn army_spec() -> ArmySpec {
    let stat = StatSpec::range;
    let kind = KindSpec::new;
    ArmySpec {
        unit_kinds: vec![
            kind(
                CAVALRY,
                "fires at range 1 through its front; the only kind that may Charge",
            ),
            kind(
                DRAGOONS,
                "mounted (as cavalry) or dismounted (as infantry); enters mounted",
            ),
            kind(
                INFANTRY,
                "foot; fires on the Dismounted Dragoons column (§5.1)",
            ),
        ],
        unit_stats: vec![
            stat("strength", "Strength", 1, 20).required(),
            stat("reduced_strength", "Reduced strength", 1, 20),
            stat("morale", "Morale", 2, 12).required(),
            stat("reduced_morale", "Reduced morale", 2, 12),
            stat("movement", "Movement", 1, 20).required(),
            stat("movement_dismounted", "Movement dismounted", 1, 20).only(&[DRAGOONS]),
            stat("entry_turn", "Entry turn", 1, 13).required(),
        ],
        leader_stats: vec![
            stat("command", "Command", 1, 6),
            stat("span", "Command span", 0, 10).required(),
            stat("bonus", "Combat bonus", 0, 5).required(),
            stat("replacement_command", "Replacement command", 1, 6),
            stat("replacement_span", "Replacement span", 0, 10),
            stat("replacement_bonus", "Replacement bonus", 0, 5),
            stat("entry_turn", "Entry turn", 1, 13).required(),
        ],
        unit_traits: vec![ENTRY_ROLL],
        leader_traits: vec![OVERALL, ENTRY_ROLL],
    }
}
