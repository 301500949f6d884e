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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::super::registry::overrides_from;
    use super::*;

    /// The systems in force with these table files, read from a folder of them in memory.
    fn with_overrides(files: &[(&str, &str)]) -> (Systems, Vec<OverrideProblem>) {
        let dir = Path::new("tables");
        let names: Vec<PathBuf> = files.iter().map(|(n, _)| dir.join(n)).collect();
        let mut read = |path: &Path| {
            let name = path.file_name()?.to_str()?;
            let (_, text) = files.iter().find(|(n, _)| *n == name)?;
            Some(Ok(text.to_string()))
        };
        Systems::from_overrides(overrides_from(dir, &mut read, &names))
    }

    #[test]
    fn a_table_file_puts_its_system_in_force_and_the_others_stay_shipped() {
        let (systems, problems) = with_overrides(&[
            (
                "rcw.ron",
                "(version: 1, switches: (assault_dice_column: 1))",
            ),
            ("d3_ecw.ron", "(options: (rout_at: \"x\"))"),
        ]);
        let ids: Vec<&str> = systems.all().iter().map(|s| s.id()).collect();
        let shipped: Vec<&str> = standard().iter().map(|s| s.id()).collect();
        assert_eq!(ids, shipped, "the same systems, in the same order");
        let rcw = systems.by_id("rcw").unwrap();
        let switches = rcw
            .tables()
            .into_iter()
            .find(|t| t.id == "switches")
            .unwrap();
        assert_eq!(switches.rows[0][1], "1 (on)");
        assert!(!std::ptr::addr_eq(rcw, super::super::by_id("rcw").unwrap()));
        // The broken file is reported and its system keeps its shipped tables.
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains("d3_ecw.ron"));
        assert!(std::ptr::addr_eq(
            systems.by_id("d3_ecw").unwrap(),
            super::super::by_id("d3_ecw").unwrap()
        ));
        // Nothing global changed: the shipped systems are as they were.
        assert!(Systems::shipped().by_id("rcw").is_some());
        assert!(std::ptr::addr_eq(
            Systems::shipped().by_id("rcw").unwrap(),
            super::super::by_id("rcw").unwrap()
        ));
    }
}
