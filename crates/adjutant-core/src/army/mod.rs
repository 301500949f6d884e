//! Armies: the validated domain types a battle is built from, the rule system's description
//! of what an army file may hold ([`spec`]), and loading from RON files in two steps —
//! [`schema`] (what the file says) then [`validate`] (what it means) — with every problem
//! reported as `path:line:col: message`.

pub mod draft;
pub mod locate;
pub mod patch;
pub(crate) mod schema;
pub mod shipped;
pub(crate) mod spec;
pub(crate) mod validate;
pub mod write;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

pub use spec::{ArmySpec, KindSpec, StatSpec};
pub use validate::{MAX_FILE_BYTES, Problem, load_army_str, too_big};

/// An army as loaded and validated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The rule system's id, e.g. `royalists_roundheads`.
    pub system: String,
    pub name: String,
    /// The side this army fights for ("Royalist", "Parliament").
    pub side: String,
    pub description: String,
    pub leaders: Vec<Leader>,
    pub units: Vec<Unit>,
}

impl Army {
    /// How players call this army's side: its side ("Parliament"), else the army's name.
    pub fn side_name(&self) -> &str {
        if self.side.is_empty() {
            &self.name
        } else {
            &self.side
        }
    }
}

/// A leader (or commander, HQ): its ratings and the traits the rule system knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub id: String,
    pub name: String,
    pub stats: BTreeMap<String, i32>,
    pub traits: BTreeSet<String>,
    /// A grouping the rule system uses: an entry group, a division.
    pub group: Option<String>,
    /// The leader this one answers to, if any.
    pub superior: Option<String>,
    pub notes: String,
}

/// A combat unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub name: String,
    /// One of the rule system's unit kinds ("Cavalry", "Dragoons").
    pub kind: String,
    /// The id of the leader commanding it.
    pub leader: Option<String>,
    pub stats: BTreeMap<String, i32>,
    pub traits: BTreeSet<String>,
    pub group: Option<String>,
    pub notes: String,
}

impl Unit {
    /// A statistic, 0 when the army file did not give it.
    pub fn stat(&self, key: &str) -> i32 {
        self.stats.get(key).copied().unwrap_or(0)
    }

    pub fn has(&self, tr: &str) -> bool {
        self.traits.contains(tr)
    }
}

impl Leader {
    /// A rating, 0 when the army file did not give it.
    pub fn stat(&self, key: &str) -> i32 {
        self.stats.get(key).copied().unwrap_or(0)
    }

    pub fn has(&self, tr: &str) -> bool {
        self.traits.contains(tr)
    }
}

/// Where an army file came from: shipped with Adjutant or the player's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Shipped,
    User,
}

/// An army file found on disk and how it loaded.
#[derive(Debug, Clone)]
pub struct ArmyFile {
    pub path: PathBuf,
    pub origin: Origin,
    pub loaded: Result<Army, Vec<Problem>>,
}
