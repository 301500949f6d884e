//! The questions RCW procedures ask before they start — facts on the table Adjutant cannot
//! see (range, cover, facing, who is adjacent) — and reading the answers from a [`Call`].
//! Answers are read by the kit's one reader ([`crate::rules::kit::params`]).

use super::keys::*;
use super::tables::RcwTables;
use super::unit::Act;
use crate::procedure::{Call, ParamSpec};
use crate::rules::kit::params::{Rules, answer, choice, pick};

/// The two actions declared at activation (§4.3), the player's to declare (asked open); the
/// second may be "None".
pub(crate) fn action(key: &'static str) -> ParamSpec {
    let mut choices: Vec<&str> = Act::ALL.iter().map(|a| a.name()).collect();
    let label = if key == Q_FIRST {
        "First action"
    } else {
        choices.push("None");
        "Second action"
    };
    choice(key, label, &choices)
}

/// The action a `first`/`second` answer names; `None` for "None".
pub(crate) fn act_of(call: &Call, spec: &ParamSpec) -> Option<Act> {
    Act::ALL.get(answer(call, spec)).copied()
}

pub(crate) fn near_hq(tables: &RcwTables) -> ParamSpec {
    let near = format!("Within {} hexes of its HQ", tables.command_radius);
    let far = format!(
        "Beyond {} hexes (command roll to move)",
        tables.command_radius
    );
    choice(Q_NEAR_HQ, "Distance to its HQ", &[&near, &far])
}

pub(crate) fn village() -> ParamSpec {
    choice(Q_VILLAGE, "Where", &["Not in a village", "In a village"]).by(0, "§8.2")
}

pub(crate) fn hq_adjacent() -> ParamSpec {
    choice(
        Q_HQ_ADJACENT,
        "HQ",
        &["No HQ adjacent", "An HQ adjacent (+1)"],
    )
    .by(0, "§5.5")
}

pub(crate) fn range(hexes: u8) -> ParamSpec {
    let within = format!("Within range ({hexes} hexes)");
    choice(Q_RANGE, "Range", &[&within, "Out of range"]).by(0, "§6.2")
}

/// Cover of the target: open (the plain case, §5.1), obscured (§5.1) or entrenched (§5.6).
pub(crate) fn cover() -> ParamSpec {
    choice(
        Q_COVER,
        "Target",
        &[
            "In the open",
            "Obscured (woods, village, hedge, wall)",
            "Entrenched (dug in, or infantry/MG defending a village)",
        ],
    )
    .by(0, "§5.1")
}

pub(crate) fn observer_range(hexes: u8) -> ParamSpec {
    let within = format!("Observer within {hexes} hexes of the firer");
    choice(
        Q_OBSERVER_RANGE,
        "Observer",
        &[&within, "Observer further away"],
    )
    .by(0, "§6.3")
}

pub(crate) fn attacker_cover() -> ParamSpec {
    choice(
        Q_ATTACKER_COVER,
        "Attacker",
        &["Attacker in the open", "Attacker obscured"],
    )
    .by(0, "§5.1")
}

pub(crate) fn facing() -> ParamSpec {
    choice(
        Q_FACING,
        "Defender attacked",
        &["In front", "In flank or rear (1 die)"],
    )
    .by(0, "§7.2")
}

/// Scenario objectives: undecided, or one side's win.
pub(crate) fn objectives(sides: &[String]) -> ParamSpec {
    let mut choices = vec!["Not decided by objectives".to_string()];
    choices.extend(sides.iter().map(|s| format!("{s} win on objectives")));
    pick(Q_OBJECTIVES, "Scenario objectives", choices).by(0, "§9.2")
}
