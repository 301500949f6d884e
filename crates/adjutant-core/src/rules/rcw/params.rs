//! The questions RCW procedures ask before they start — facts on the table Adjutant cannot
//! see (range, cover, facing, who is adjacent) — and reading the answers from a [`Call`].
//! Answers are read by the kit's one reader ([`crate::rules::kit::params`]).

use super::keys::*;
use super::tables::RcwTables;
use super::unit::Act;
use crate::procedure::{Call, ParamSpec};
use crate::rules::kit::params::{answer, choice, pick};

/// The two actions declared at activation (§4.3); the second may be "None".
pub(crate) fn action(key: &'static str, default: Act) -> ParamSpec {
    let mut choices: Vec<&str> = Act::ALL.iter().map(|a| a.name()).collect();
    let label = if key == Q_FIRST {
        "First action"
    } else {
        choices.push("None");
        "Second action"
    };
    let default = Act::ALL.iter().position(|&a| a == default).unwrap_or(0);
    choice(key, label, &choices, default)
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
    choice(Q_NEAR_HQ, "Distance to its HQ", &[&near, &far], 0)
}

pub(crate) fn village() -> ParamSpec {
    choice(Q_VILLAGE, "Where", &["Not in a village", "In a village"], 0)
}

pub(crate) fn hq_adjacent() -> ParamSpec {
    choice(
        Q_HQ_ADJACENT,
        "HQ",
        &["No HQ adjacent", "An HQ adjacent (+1)"],
        0,
    )
}

pub(crate) fn range(hexes: u8) -> ParamSpec {
    let within = format!("Within range ({hexes} hexes)");
    choice(Q_RANGE, "Range", &[&within, "Out of range"], 0)
}

/// Cover of the target: open, obscured (§5.1) or entrenched (§5.6).
pub(crate) fn cover() -> ParamSpec {
    choice(
        Q_COVER,
        "Target",
        &[
            "In the open",
            "Obscured (woods, village, hedge, wall)",
            "Entrenched (dug in, or infantry/MG defending a village)",
        ],
        0,
    )
}

pub(crate) fn observer_range(hexes: u8) -> ParamSpec {
    let within = format!("Observer within {hexes} hexes of the firer");
    choice(
        Q_OBSERVER_RANGE,
        "Observer",
        &[&within, "Observer further away"],
        0,
    )
}

pub(crate) fn attacker_cover() -> ParamSpec {
    choice(
        Q_ATTACKER_COVER,
        "Attacker",
        &["Attacker in the open", "Attacker obscured"],
        0,
    )
}

pub(crate) fn facing() -> ParamSpec {
    choice(
        Q_FACING,
        "Defender attacked",
        &["In front", "In flank or rear (1 die)"],
        0,
    )
}

/// Scenario objectives: undecided, or one side's win.
pub(crate) fn objectives(sides: &[String]) -> ParamSpec {
    let mut choices = vec!["Not decided by objectives".to_string()];
    choices.extend(sides.iter().map(|s| format!("{s} win on objectives")));
    pick(Q_OBJECTIVES, "Scenario objectives", choices, 0)
}
