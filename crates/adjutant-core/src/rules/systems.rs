//! The rule systems in force for one run of Adjutant: the shipped ones, each replaced by the
//! same system built with the player's table file where that file loaded. Built once in
//! `main` and handed to the window, the command line and the battle store; nothing is looked
//! up in a global.
//!
//! Every system is held one way, by a [`System`]: a shared handle, cheap to clone, that the
//! battle, the store, the window and the command line keep as long as they need the system,
//! and that lets the system go when the last of them drops it.

use std::ops::Deref;
use std::sync::Arc;

use super::registry::{OverrideProblem, Overrides};
use super::{RuleSystem, standard};

/// A rule system with the tables in force, shared: cloning it counts one more holder of the
/// same system. It reads as the system it holds (`system.id()`, `&*system`). Two handles are
/// equal when they hold the same system (its id) with the same tables in force (as its Tables
/// view shows them, switches included).
#[derive(Clone)]
pub struct System(Arc<dyn RuleSystem>);

impl System {
    /// A handle on this system.
    pub fn new(system: impl RuleSystem + 'static) -> System {
        System(Arc::new(system))
    }
}

impl Deref for System {
    type Target = dyn RuleSystem;

    fn deref(&self) -> &(dyn RuleSystem + 'static) {
        &*self.0
    }
}

impl std::fmt::Debug for System {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "System({})", self.id())
    }
}

impl PartialEq for System {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id() && self.tables() == other.tables()
    }
}

impl Eq for System {}

/// The rule systems in force, in the order the window lists them.
#[derive(Clone)]
pub struct Systems {
    list: Vec<System>,
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
    /// tables). A system built from a file lives as long as something holds it: these
    /// systems, or a battle played under it (the app reads the files:
    /// `adjutant::rules::WithOverrides`).
    pub fn from_overrides(loaded: Overrides) -> (Systems, Vec<OverrideProblem>) {
        let mut replacements = loaded.systems;
        let list = standard()
            .into_iter()
            .map(
                |shipped| match replacements.iter().position(|s| s.id() == shipped.id()) {
                    Some(i) => replacements.swap_remove(i),
                    None => shipped,
                },
            )
            .collect();
        (Systems { list }, loaded.problems)
    }

    /// Every system, in the order the window lists them.
    pub fn all(&self) -> &[System] {
        &self.list
    }

    /// The system in force with this id.
    pub fn by_id(&self, id: &str) -> Option<&System> {
        self.list.iter().find(|s| s.id() == id)
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
        assert_ne!(
            *rcw,
            super::super::by_id("rcw").unwrap(),
            "the file's tables"
        );
        // The broken file is reported and its system keeps its shipped tables.
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains("d3_ecw.ron"));
        assert!(shares(
            systems.by_id("d3_ecw").unwrap(),
            &super::super::by_id("d3_ecw").unwrap()
        ));
        // Nothing global changed: the shipped systems are as they were.
        assert!(Systems::shipped().by_id("rcw").is_some());
        assert!(shares(
            Systems::shipped().by_id("rcw").unwrap(),
            &super::super::by_id("rcw").unwrap()
        ));
    }

    /// Whether two handles hold one system (not merely equal ones).
    fn shares(a: &System, b: &System) -> bool {
        std::ptr::addr_eq(Arc::as_ptr(&a.0), Arc::as_ptr(&b.0))
    }

    #[test]
    fn systems_built_from_table_files_go_when_nothing_holds_them() {
        let file = [(
            "rcw.ron",
            "(version: 1, switches: (assault_dice_column: 1))",
        )];
        let mut gone = Vec::new();
        for _ in 0..200 {
            let (systems, problems) = with_overrides(&file);
            assert!(problems.is_empty(), "{problems:?}");
            let rcw = systems.by_id("rcw").unwrap();
            // The window, a battle and the store each hold the same system.
            let held = systems.clone();
            assert!(shares(rcw, held.by_id("rcw").unwrap()));
            assert_eq!(Arc::strong_count(&rcw.0), 2);
            gone.push(Arc::downgrade(&rcw.0));
        }
        // Reloading the tables 200 times keeps none of the systems built before.
        assert!(gone.iter().all(|w| w.upgrade().is_none()));
        // The shipped systems are shared, never rebuilt.
        assert!(shares(
            &Systems::shipped().all()[0],
            &Systems::shipped().all()[0]
        ));
    }
}
