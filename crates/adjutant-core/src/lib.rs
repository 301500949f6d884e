//! Adjutant's core: dice, cards, armies, battles and their log, rule systems, the battle file
//! format and printing. Plain Rust with no user interface, no file system, no clock and no
//! entropy of its own: the app (or any other front end) passes in what it needs of them — the
//! storage behind [`store::Storage`], a battle's seed, the texts of the player's own files — so
//! the core builds for any target, `wasm32-unknown-unknown` included.

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
pub mod rules;
pub mod status;
pub mod store;
pub mod words;
