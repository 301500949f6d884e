//! The status vocabulary every rule system speaks: a piece's (or a side's) status is a set of
//! named tracks (hits 3/6), ladders (Formed → Unsteady → Disordered → Broken), flags (Pinned,
//! Out of ammo) and marks (a leader's command chit). A rule system declares which of these a
//! piece carries in a [`StatusSchema`]; the window and the printed sheets render that schema
//! without knowing the rule system.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// The mark a leader carries naming the unit he is with (stacked with, attached to): the unit's
/// name as a player reads it, one of the side's unit names. One key for every rule system, so
/// the window offers the same "with …" choice on each leader's row and a correction by hand of
/// it is kept in step with a unit's own mark of the same key, where a system has one
/// ([`crate::rules::kit::with`] reads it for the procedures).
pub const WITH: &str = "attached";

/// The changing status of one piece or one side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Status {
    pub tracks: BTreeMap<String, i32>,
    pub ladders: BTreeMap<String, u8>,
    pub flags: BTreeSet<String>,
    pub marks: BTreeMap<String, String>,
}

impl Status {
    /// A track's value; 0 when never set.
    pub fn track(&self, key: &str) -> i32 {
        self.tracks.get(key).copied().unwrap_or(0)
    }

    /// A ladder's rung (0 is the top rung, e.g. Formed); 0 when never set.
    pub fn rung(&self, key: &str) -> u8 {
        self.ladders.get(key).copied().unwrap_or(0)
    }

    pub fn flag(&self, key: &str) -> bool {
        self.flags.contains(key)
    }

    pub fn mark(&self, key: &str) -> Option<&str> {
        self.marks.get(key).map(String::as_str)
    }

    /// Applies one change.
    pub(crate) fn apply(&mut self, change: &Change) {
        match change {
            Change::Track { key, to } => {
                self.tracks.insert(key.clone(), *to);
            }
            Change::Ladder { key, to } => {
                self.ladders.insert(key.clone(), *to);
            }
            Change::Flag { key, on: true } => {
                self.flags.insert(key.clone());
            }
            Change::Flag { key, on: false } => {
                self.flags.remove(key);
            }
            Change::Mark { key, to: Some(v) } => {
                self.marks.insert(key.clone(), v.clone());
            }
            Change::Mark { key, to: None } => {
                self.marks.remove(key);
            }
        }
    }
}

/// One change to a status. It records the new value, so applying it twice is harmless.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Change {
    Track { key: String, to: i32 },
    Ladder { key: String, to: u8 },
    Flag { key: String, on: bool },
    Mark { key: String, to: Option<String> },
}

/// How a track is best drawn: a row of tick boxes (steps, hits) or a plain number (points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackStyle {
    Boxes,
    Number,
}

/// A counted quantity: hits, steps lost, loss points, activations left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackSpec {
    pub key: &'static str,
    pub label: String,
    pub min: i32,
    pub max: i32,
    pub style: TrackStyle,
}

/// An ordered series of states a piece moves along, top rung first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LadderSpec {
    pub key: &'static str,
    pub label: String,
    pub rungs: Vec<String>,
}

/// A yes/no state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagSpec {
    pub key: &'static str,
    pub label: String,
}

/// A named choice such as a command chit. A secret mark is hidden from the opponent's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkSpec {
    pub key: &'static str,
    pub label: String,
    pub choices: Vec<String>,
    pub secret: bool,
}

/// What a piece's or side's status is made of, as a rule system declares it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusSchema {
    pub tracks: Vec<TrackSpec>,
    pub ladders: Vec<LadderSpec>,
    pub flags: Vec<FlagSpec>,
    pub marks: Vec<MarkSpec>,
}

/// Who is looking: a view for one side hides the other side's secret marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Viewer {
    /// Everything shown (one player keeping the book for both, or after the game).
    #[default]
    Umpire,
    Side(usize),
}

impl Viewer {
    /// Whether this viewer may see a secret mark of a piece on `side`.
    pub fn sees_secrets_of(self, side: usize) -> bool {
        match self {
            Viewer::Umpire => true,
            Viewer::Side(s) => s == side,
        }
    }
}
