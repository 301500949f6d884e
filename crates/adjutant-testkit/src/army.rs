//! Hand-made armies: a unit and a leader built as plain structs (then named, led, given stats,
//! traits or a group step by step), an army of them for one side, and a new battle of two such
//! armies under a rule system.

use std::collections::{BTreeMap, BTreeSet};

use adjutant_core::army::{Army, Leader, Unit};
use adjutant_core::battle::Battle;

/// Stats from (key, value) pairs.
pub fn stats(pairs: &[(&str, i32)]) -> BTreeMap<String, i32> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// A unit of `kind` with this id, also its name: no leader, stats, traits or group.
pub fn unit(id: &str, kind: &str) -> Unit {
    Unit {
        id: id.into(),
        name: id.into(),
        kind: kind.into(),
        leader: None,
        stats: BTreeMap::new(),
        traits: BTreeSet::new(),
        group: None,
        notes: String::new(),
    }
}

/// A leader with this id and name: no stats, traits, group or superior.
pub fn leader(id: &str, name: &str) -> Leader {
    Leader {
        id: id.into(),
        name: name.into(),
        stats: BTreeMap::new(),
        traits: BTreeSet::new(),
        group: None,
        superior: None,
        notes: String::new(),
    }
}

/// The steps that finish a hand-made unit or leader.
pub trait Build: Sized {
    /// Its name.
    fn named(self, name: &str) -> Self;
    /// Its leader (a unit's) or superior (a leader's).
    fn led_by(self, leader: &str) -> Self;
    /// These stats added.
    fn with_stats(self, pairs: &[(&str, i32)]) -> Self;
    /// These traits added.
    fn with_traits(self, traits: &[&str]) -> Self;
    /// Its group.
    fn in_group(self, group: &str) -> Self;
}

/// `Build` for a piece type whose link upwards is the field `$up` (a unit's leader, a
/// leader's superior); every other step is the same for both.
macro_rules! build_steps {
    ($piece:ident, $up:ident) => {
        impl Build for $piece {
            fn named(self, name: &str) -> Self {
                $piece {
                    name: name.into(),
                    ..self
                }
            }
            fn led_by(self, up: &str) -> Self {
                $piece {
                    $up: Some(up.into()),
                    ..self
                }
            }
            fn with_stats(mut self, pairs: &[(&str, i32)]) -> Self {
                self.stats.extend(stats(pairs));
                self
            }
            fn with_traits(mut self, traits: &[&str]) -> Self {
                self.traits.extend(traits.iter().map(|t| t.to_string()));
                self
            }
            fn in_group(self, group: &str) -> Self {
                $piece {
                    group: Some(group.into()),
                    ..self
                }
            }
        }
    };
}

build_steps!(Unit, leader);
build_steps!(Leader, superior);

/// The army of `side` under `system`, named "Test <side>", with these leaders and units (no
/// description).
pub fn army(system: &str, side: &str, leaders: Vec<Leader>, units: Vec<Unit>) -> Army {
    Army {
        system: system.into(),
        name: format!("Test {side}"),
        side: side.into(),
        description: String::new(),
        leaders,
        units,
    }
}

/// A new battle of two hand-made armies under `system`, with this seed.
pub fn battle_of(system: &str, armies: [Army; 2], seed: u64) -> Battle {
    Battle::new(system, armies.into(), seed).unwrap()
}
