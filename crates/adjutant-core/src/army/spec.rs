//! What a rule system allows in an army file: its unit kinds, the statistics units and
//! leaders carry with their ranges, and the traits it understands.

/// A kind of unit a rule system knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindSpec {
    pub name: &'static str,
    pub description: &'static str,
}

/// A statistic with its allowed range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatSpec {
    pub key: &'static str,
    pub label: &'static str,
    pub min: i32,
    pub max: i32,
    /// Must every unit (of `kinds`, or every unit when empty) give it?
    pub required: bool,
    /// The unit kinds it applies to; empty means all.
    pub kinds: &'static [&'static str],
}

impl KindSpec {
    /// A kind of unit, with what the rules say of it.
    pub(crate) const fn new(name: &'static str, description: &'static str) -> KindSpec {
        KindSpec { name, description }
    }
}

impl StatSpec {
    /// A statistic from `min` to `max`, optional, on every kind of unit.
    pub(crate) const fn range(
        key: &'static str,
        label: &'static str,
        min: i32,
        max: i32,
    ) -> StatSpec {
        StatSpec {
            key,
            label,
            min,
            max,
            required: false,
            kinds: &[],
        }
    }

    /// The statistic, which every unit (of its kinds) must give.
    pub(crate) const fn required(self) -> StatSpec {
        StatSpec {
            required: true,
            ..self
        }
    }

    /// The statistic, on units of `kinds` only.
    pub(crate) const fn only(self, kinds: &'static [&'static str]) -> StatSpec {
        StatSpec { kinds, ..self }
    }

    /// Whether this statistic belongs on a unit of `kind`.
    pub fn applies_to(&self, kind: &str) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }
}

/// Everything a rule system accepts in an army file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ArmySpec {
    pub unit_kinds: Vec<KindSpec>,
    pub unit_stats: Vec<StatSpec>,
    pub leader_stats: Vec<StatSpec>,
    /// Traits units may carry ("elite", "reverse_side").
    pub unit_traits: Vec<&'static str>,
    /// Traits leaders may carry ("overall").
    pub leader_traits: Vec<&'static str>,
}

impl ArmySpec {
    pub fn kind(&self, name: &str) -> Option<&KindSpec> {
        self.unit_kinds.iter().find(|k| k.name == name)
    }
}
