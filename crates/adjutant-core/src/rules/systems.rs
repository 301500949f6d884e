//! The rule systems in force for one run of Adjutant: the shipped ones, each replaced by the
//! same system built with the player's table file where that file loaded. Built once in
//! `main` and handed to the window, the command line and the battle store; nothing is looked
//! up in a global.

use super::registry::{OverrideProblem, Overrides};
use super::{RuleSystem, standard};

/// The rule systems in force, in the order the window lists them.
#[derive(Clone)]
pub struct Systems {
    list: Vec<&'static dyn RuleSystem>,
}

impl std::fmt::Debug for Systems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.list.iter().map(|s| s.id()))
            .finish()
    }
}

impl Default for Systems {
    fn default() -> Self {
        Systems::shipped()
    }
}

impl Systems {
    /// The shipped systems with their shipped tables.
    pub fn shipped() -> Systems {
        Systems { list: standard() }
    }

    /// The shipped systems, each replaced by the one built with the player's table file where
    /// it loaded, and every problem found (a system whose file has problems keeps its shipped
    /// tables). Each system built from a file lives for the rest of the run, as the shipped
    /// ones do: call this once, at start-up (the app reads the files:
    /// `adjutant::rules::WithOverrides`).
    pub fn from_overrides(loaded: Overrides) -> (Systems, Vec<OverrideProblem>) {
        let mut replacements = loaded.systems;
        let list = standard()
            .into_iter()
            .map(
                |shipped| match replacements.iter().position(|s| s.id() == shipped.id()) {
                    Some(i) => &*Box::leak(replacements.swap_remove(i)),
                    None => shipped,
                },
            )
            .collect();
        (Systems { list }, loaded.problems)
    }

    /// Every system, in the order the window lists them.
    pub fn all(&self) -> &[&'static dyn RuleSystem] {
        &self.list
    }

    /// The system in force with this id.
    pub fn by_id(&self, id: &str) -> Option<&'static dyn RuleSystem> {
        self.list.iter().copied().find(|s| s.id() == id)
    }
}
