//! The switches between two readings of the rules (§1.2): each a 0|1 value of the table
//! file's `modifiers`, the default being the original rules' reading, and the Switches table
//! that lists them with the value in force and the default.

use super::modifiers::Modifiers;
use crate::rules::{Source, Table};

/// Keys whose values are yes/no switches between two readings: 1 yes, 0 no.
pub const SWITCHES: [&str; 5] = [
    "attack_melee_page",
    "muster_free_out",
    "rally_routed",
    "charge_check_overall",
    "infantry_fires",
];

/// What each switch does, by key: (what 1 means, what 0 means).
pub(crate) const SWITCH_TEXT: [(&str, &str, &str); 5] = [
    (
        "attack_melee_page",
        "1: Attack cav. +2, inf. +1, attacking only",
        "0: +1 either side",
    ),
    (
        "muster_free_out",
        "1: shattered leader leaves Muster free",
        "0: rolls",
    ),
    ("rally_routed", "1: rally roll routed +1", "0: none"),
    (
        "charge_check_overall",
        "1: Overall Leader helps charge check",
        "0: Orders only",
    ),
    ("infantry_fires", "1: infantry fire", "0: they do not"),
];

impl Modifiers {
    /// Whether a switch is on (1).
    pub(crate) fn switch(&self, key: &str) -> bool {
        self.get(key) != 0
    }

    /// Whether a switch stands at other than its default (the log then names it).
    pub(crate) fn off_default(&self, key: &str) -> bool {
        Modifiers::spec(key).is_some_and(|s| s.default != self.get(key))
    }

    /// The switches between two readings of the rules, with what is in force and the default.
    pub(crate) fn switches_table(&self) -> Table {
        let changed = SWITCHES.iter().any(|k| self.off_default(k));
        Table {
            id: "switches".into(),
            title: "Switches".into(),
            source: if changed {
                self.source.clone()
            } else {
                Source::Default
            },
            header: vec![
                "Switch".into(),
                "In force".into(),
                "Default".into(),
                "What it does".into(),
            ],
            rows: SWITCH_TEXT
                .iter()
                .map(|(key, one, zero)| {
                    let default = Modifiers::spec(key).map_or(0, |s| s.default);
                    let rule = Modifiers::spec(key).map_or("", |s| s.rule);
                    vec![
                        key.to_string(),
                        self.get(key).to_string(),
                        default.to_string(),
                        format!("{one}; {zero} ({rule})"),
                    ]
                })
                .collect(),
            note: String::new(),
        }
    }
}
