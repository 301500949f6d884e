//! The questions RCW procedures ask before they start — facts on the table Adjutant cannot
//! see (range, cover, facing, who is adjacent) — and reading the answers from a [`Call`].
//! An answer may be the choice's text or its index; anything else reads as the default.

use super::keys::*;
use super::tables::RcwTables;
use super::unit::Act;
use crate::procedure::{Call, ParamSpec};

/// The index of the answer to `spec` in `call`.
pub fn answer(call: &Call, spec: &ParamSpec) -> usize {
    match call.param(spec.key) {
        Some(v) => v
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&i| i < spec.choices.len())
            .or_else(|| spec.choices.iter().position(|c| c == v))
            .unwrap_or(spec.default),
        None => spec.default,
    }
}

/// Whether the answer is the second choice (the "yes" of a two-way question).
pub fn yes(call: &Call, spec: &ParamSpec) -> bool {
    answer(call, spec) == 1
}

fn spec(key: &'static str, label: &str, choices: &[&str], default: usize) -> ParamSpec {
    ParamSpec {
        key,
        label: label.into(),
        choices: choices.iter().map(|c| c.to_string()).collect(),
        default,
    }
}

/// The two actions declared at activation (§4.4); the second may be "None".
pub fn action(key: &'static str, default: Act) -> ParamSpec {
    let mut choices: Vec<&str> = Act::ALL.iter().map(|a| a.name()).collect();
    let label = if key == Q_FIRST {
        "First action"
    } else {
        choices.push("None");
        "Second action"
    };
    let default = Act::ALL.iter().position(|&a| a == default).unwrap_or(0);
    spec(key, label, &choices, default)
}

/// The action a `first`/`second` answer names; `None` for "None".
pub fn act_of(call: &Call, spec: &ParamSpec) -> Option<Act> {
    Act::ALL.get(answer(call, spec)).copied()
}

pub fn near_hq(tables: &RcwTables) -> ParamSpec {
    let near = format!("Within {} hexes of its HQ", tables.command_radius);
    let far = format!(
        "Beyond {} hexes (command roll to move)",
        tables.command_radius
    );
    spec(Q_NEAR_HQ, "Distance to its HQ", &[&near, &far], 0)
}

pub fn village() -> ParamSpec {
    spec(Q_VILLAGE, "Where", &["Not in a village", "In a village"], 0)
}

pub fn hq_adjacent() -> ParamSpec {
    spec(
        Q_HQ_ADJACENT,
        "HQ",
        &["No HQ adjacent", "An HQ adjacent (+1)"],
        0,
    )
}

pub fn range(hexes: u8) -> ParamSpec {
    let within = format!("Within range ({hexes} hexes)");
    spec(Q_RANGE, "Range", &[&within, "Out of range"], 0)
}

/// Cover of the target: open, obscured or entrenched (§4.5, village rule).
pub fn cover() -> ParamSpec {
    spec(
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

pub fn observer_range(hexes: u8) -> ParamSpec {
    let within = format!("Observer within {hexes} hexes of the firer");
    spec(
        Q_OBSERVER_RANGE,
        "Observer",
        &[&within, "Observer further away"],
        0,
    )
}

pub fn attacker_cover() -> ParamSpec {
    spec(
        Q_ATTACKER_COVER,
        "Attacker",
        &["Attacker in the open", "Attacker obscured"],
        0,
    )
}

pub fn facing() -> ParamSpec {
    spec(
        Q_FACING,
        "Defender attacked",
        &["In front", "In flank or rear (1 die)"],
        0,
    )
}

/// Scenario objectives: undecided, or one side's win.
pub fn objectives(sides: &[String]) -> ParamSpec {
    let mut choices = vec!["Not decided by objectives".to_string()];
    choices.extend(sides.iter().map(|s| format!("{s} win on objectives")));
    ParamSpec {
        key: Q_OBJECTIVES,
        label: "Scenario objectives".into(),
        choices,
        default: 0,
    }
}
