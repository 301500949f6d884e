//! The modifier values and small numeric rules of Royalists & Roundheads, as data: each with its key (for
//! override files), its label, the rule it comes from and that rule's source tag.

use std::collections::BTreeMap;

use crate::rules::{Source, Table};

/// One modifier value or numeric rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ModSpec {
    pub(crate) key: &'static str,
    pub(crate) label: &'static str,
    pub(crate) rule: &'static str,
    pub(crate) tag: &'static str,
    pub(crate) default: i32,
}

const fn m(
    key: &'static str,
    label: &'static str,
    rule: &'static str,
    tag: &'static str,
    default: i32,
) -> ModSpec {
    ModSpec {
        key,
        label,
        rule,
        tag,
        default,
    }
}

/// Every modifier Royalists & Roundheads knows, with its default.
pub(crate) const MODIFIERS: &[ModSpec] = &[
    m(
        "morale_leader_stacked",
        "Morale: leader stacked",
        "§7.1",
        "[RULES]",
        -1,
    ),
    m("morale_routed", "Morale: routed", "§7.1", "[RULES]", 1),
    m(
        "morale_marker",
        "Morale: per Step-Loss marker",
        "§7.1",
        "[RULES]",
        -1,
    ),
    m(
        "morale_charge_cavalry",
        "Morale: Charge, cavalry",
        "§7.1",
        "[RULES]",
        1,
    ),
    m(
        "morale_charge_other",
        "Morale: Charge, others",
        "§7.1",
        "[RULES]",
        2,
    ),
    m(
        "rally_leader_stacked",
        "Rally: leader stacked",
        "§7.4",
        "[RULES]",
        -1,
    ),
    m(
        "rally_routed",
        "Rally roll: unit routed",
        "§7.4",
        "[RULES]",
        1,
    ),
    m(
        "command_within_span",
        "Command: in Overall's span",
        "§3.7",
        "[RULES]",
        -1,
    ),
    m(
        "melee_attack",
        "Melee: Attack command",
        "§6.5",
        "[RULES]",
        1,
    ),
    m(
        "attack_melee_page",
        "Attack per melee page",
        "§6.5",
        "[DEFAULT]",
        0,
    ),
    m(
        "melee_attack_cavalry",
        "Melee: Attack, cavalry (switch)",
        "§6.5",
        "[PUBLISHED]",
        2,
    ),
    m(
        "melee_attack_infantry",
        "Melee: Attack, infantry (switch)",
        "§6.5",
        "[PUBLISHED]",
        1,
    ),
    m(
        "melee_charge",
        "Melee: cavalry with Charge",
        "§6.5",
        "[RULES]",
        2,
    ),
    m(
        "melee_stand_defending",
        "Melee: Stand, defending",
        "§6.5",
        "[RULES]",
        1,
    ),
    m(
        "melee_routed_defending",
        "Melee: routed, defending",
        "§6.5",
        "[RULES]",
        -1,
    ),
    m(
        "melee_flank_rear",
        "Melee: flank or rear",
        "§6.5",
        "[PUBLISHED]",
        1,
    ),
    m(
        "charge_strength_multiplier",
        "Charge strength multiplier",
        "§6.4",
        "[RULES]",
        2,
    ),
    m("charge_mp_bonus", "Charge MP bonus", "§4.3", "[RULES]", 2),
    m(
        "muster_span_bonus",
        "Muster span bonus",
        "§4.3",
        "[RULES]",
        1,
    ),
    m(
        "muster_losses_needed",
        "Broken units for free Muster",
        "§3.4",
        "[RULES]",
        2,
    ),
    m(
        "steps_with_reverse",
        "Steps, reduced side",
        "§8.1",
        "[RULES]",
        4,
    ),
    m(
        "steps_without_reverse",
        "Steps, one-SP unit",
        "§8.1",
        "[RULES]",
        2,
    ),
    m("dragoon_steps", "Dragoon steps", "§8.2", "[DEFAULT]", 3),
    m("muster_free_out", "Free Muster exit", "§3.4", "[RULES]", 1),
    m(
        "charge_check_overall",
        "Overall helps charge check",
        "§3.6",
        "[DEFAULT]",
        0,
    ),
    m("infantry_fires", "Infantry fire", "§5.1", "[DEFAULT]", 1),
    m(
        "entry_roll_from_turn",
        "Entry roll from turn",
        "§2.2",
        "[RULES]",
        7,
    ),
    m(
        "entry_roll_needed",
        "Entry roll needed",
        "§2.2",
        "[RULES]",
        6,
    ),
    m(
        "charge_trigger_hexes",
        "Charge trigger (hexes)",
        "§3.6",
        "[DEFAULT]",
        3,
    ),
    m(
        "leader_loss_overall",
        "Loss: Overall Leader",
        "§10.1",
        "[RULES]",
        5,
    ),
    m(
        "leader_loss_other",
        "Loss: other leader",
        "§10.1",
        "[RULES]",
        3,
    ),
    m("last_turn", "Turns", "§2.3", "[RULES]", 13),
];

pub use super::switches::SWITCHES;

/// Keys whose values are die-roll or rating modifiers (printed with a sign).
const DRM_PREFIXES: [&str; 4] = ["morale_", "rally_", "command_", "melee_"];

/// Modifier keys the procedures read.
pub(crate) mod key {
    pub(crate) const MORALE_LEADER: &str = "morale_leader_stacked";
    pub(crate) const MORALE_ROUTED: &str = "morale_routed";
    pub(crate) const MORALE_MARKER: &str = "morale_marker";
    pub(crate) const MORALE_CHARGE_CAV: &str = "morale_charge_cavalry";
    pub(crate) const MORALE_CHARGE_OTHER: &str = "morale_charge_other";
    pub(crate) const RALLY_LEADER: &str = "rally_leader_stacked";
    pub(crate) const RALLY_ROUTED: &str = "rally_routed";
    pub(crate) const COMMAND_SPAN: &str = "command_within_span";
    pub(crate) const ATTACK: &str = "melee_attack";
    pub(crate) const ATTACK_PAGE: &str = "attack_melee_page";
    pub(crate) const ATTACK_CAV: &str = "melee_attack_cavalry";
    pub(crate) const ATTACK_INF: &str = "melee_attack_infantry";
    pub(crate) const CHARGE: &str = "melee_charge";
    pub(crate) const STAND: &str = "melee_stand_defending";
    pub(crate) const ROUTED_DEF: &str = "melee_routed_defending";
    pub(crate) const FLANK_REAR: &str = "melee_flank_rear";
    pub(crate) const CHARGE_MULT: &str = "charge_strength_multiplier";
    pub(crate) const MUSTER_LOSSES: &str = "muster_losses_needed";
    pub(crate) const MUSTER_FREE_OUT: &str = "muster_free_out";
    pub(crate) const CHARGE_CHECK_OVERALL: &str = "charge_check_overall";
    pub(crate) const CHARGE_MP: &str = "charge_mp_bonus";
    pub(crate) const MUSTER_SPAN: &str = "muster_span_bonus";
    pub(crate) const STEPS_REVERSE: &str = "steps_with_reverse";
    pub(crate) const STEPS_NO_REVERSE: &str = "steps_without_reverse";
    pub(crate) const DRAGOON_STEPS: &str = "dragoon_steps";
    pub(crate) const INFANTRY_FIRES: &str = "infantry_fires";
    pub(crate) const ENTRY_FROM: &str = "entry_roll_from_turn";
    pub(crate) const ENTRY_NEED: &str = "entry_roll_needed";
    pub(crate) const LOSS_OVERALL: &str = "leader_loss_overall";
    pub(crate) const LOSS_OTHER: &str = "leader_loss_other";
    pub(crate) const LAST_TURN: &str = "last_turn";
}

/// The modifier values in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifiers {
    pub(crate) source: Source,
    pub(crate) values: BTreeMap<&'static str, i32>,
}

impl Default for Modifiers {
    fn default() -> Modifiers {
        Modifiers {
            source: Source::Rules,
            values: MODIFIERS.iter().map(|s| (s.key, s.default)).collect(),
        }
    }
}

impl Modifiers {
    /// A value; unknown keys read 0 (the keys are this module's constants).
    pub fn get(&self, key: &str) -> i32 {
        self.values.get(key).copied().unwrap_or(0)
    }

    /// The spec of a key, for labels and rule references.
    pub(crate) fn spec(key: &str) -> Option<&'static ModSpec> {
        MODIFIERS.iter().find(|s| s.key == key)
    }

    /// A roll modifier built from a key: its value, its label and rule.
    pub(crate) fn modifier(&self, key: &str) -> crate::dice::Modifier {
        let spec = Modifiers::spec(key);
        crate::dice::Modifier::new(
            self.get(key),
            spec.map_or(key, |s| s.label),
            spec.map_or(String::new(), |s| s.rule.to_string()),
        )
    }

    /// The values as a printed chart.
    pub(crate) fn to_table(&self) -> Table {
        Table {
            id: "modifiers".into(),
            title: "Modifiers".into(),
            source: self.source.clone(),
            header: vec![
                "Modifier".into(),
                "Value".into(),
                "Rule".into(),
                "Source".into(),
                "Key".into(),
            ],
            rows: MODIFIERS
                .iter()
                .filter(|s| !SWITCHES.contains(&s.key))
                .map(|s| {
                    let v = self.get(s.key);
                    let tag = if v == s.default {
                        s.tag.to_string()
                    } else {
                        self.source.tag()
                    };
                    vec![
                        s.label.into(),
                        if DRM_PREFIXES.iter().any(|p| s.key.starts_with(p)) {
                            format!("{v:+}")
                        } else {
                            v.to_string()
                        },
                        s.rule.into(),
                        tag,
                        s.key.into(),
                    ]
                })
                .collect(),
            note: "Each row carries its own source tag; an override file may set any key.".into(),
        }
    }
}
