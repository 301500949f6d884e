//! The procedure kit every rule system builds its procedures from, below the
//! [`crate::rules::RuleSystem`] trait:
//!
//! - [`params`] — the questions a procedure asks before it starts, and the one reader of
//!   their answers (case, yes/no words and numeric indices read the same in every system);
//! - [`offers`] — offers that are refused exactly when the call would be;
//! - [`cursor`] — the input cursor, and the [`cursor::Script`] trait that makes one body
//!   both `step` and the odds walk's quiet `explore`, so every procedure written on the kit
//!   is walked on from where it stopped;
//! - [`events`] — the status-change events;
//! - [`fixed`] — the one procedure that reads no inputs;
//! - [`in_force`] — the tables in force, held one way by every system;
//! - [`roll_off`] — the roll-off of a die each, ties rolled again;
//! - [`schema`] — the flags, tracks and marks of a status schema;
//! - [`switches`] — the table file's 0/1 switches and their table;
//! - [`with`] — the record that a leader is with a unit, shared by every system.
//!
//! The one checker that every `§N.M` a system cites is a heading of its reference
//! `docs/rules/<id>.md` reads those files, so it lives with the tests' kit
//! (`crates/adjutant-testkit/src/cite.rs`),
//! and so does the check of every procedure's `explore` against replaying its `step`
//! (`crates/adjutant-core/tests/explore_check.rs`).
//!
//! `docs/architecture.md` tells how a system is written on it.

pub(crate) mod cursor;
pub mod events;
pub(crate) mod fixed;
pub mod in_force;
pub mod offers;
pub(crate) mod params;
pub(crate) mod roll_off;
pub(crate) mod schema;
pub mod switches;
pub mod with;

pub(crate) use cursor::{Body, Cursor, Need, Roll, Script, done, faces, finish};
