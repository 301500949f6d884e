//! Adjutant's core: dice, cards, armies, battles and their log, rule systems, saving and
//! printing. Plain Rust with no user interface, so tests, the command line and the window
//! drive the same code.

pub mod army;
pub mod battle;
pub mod cards;
pub mod dice;
pub mod event;
pub mod odds;
pub mod print;
pub mod procedure;
pub mod regular_file;
pub mod rules;
pub mod status;
pub mod store;
pub mod words;
