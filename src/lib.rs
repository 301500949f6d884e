//! Adjutant's core: dice, cards, armies, battles and their log, rule systems, saving and
//! printing. Plain Rust with no user interface, so tests, the command line and the window
//! drive the same code.

// A procedure waiting for input returns the request it waits for as the `Err` of its
// `Result` (`Need<T>`): it is moved up once per step, and boxing it would cost an allocation
// at every step of every odds walk.
#![allow(clippy::result_large_err)]

pub mod army;
pub mod battle;
pub mod cards;
pub mod dice;
pub mod event;
pub mod fonts;
pub mod odds;
pub mod print;
pub mod procedure;
pub mod regular_file;
pub mod rules;
pub mod status;
pub mod store;
pub mod words;
