//! Adjutant's app library: what touches the machine — files and folders, the store of battles
//! on disk, army folders, the player's table files, writing PDFs — on top of the core
//! (`adjutant_core`: dice, cards, armies, battles and their log, rule systems, the battle file
//! format, printing to bytes), whose modules it re-exports under the same paths, so tests, the
//! command line and the window drive the same code as `adjutant::…`.
//!
//! The window ([`ui`]) is here too, so the benches and tests build the same screens the binary
//! opens; its code names the library as `adjutant::…`, as the benches and tests do (hence the
//! `extern crate self`).

extern crate self as adjutant;

pub use adjutant_core::{battle, cards, dice, event, fonts, odds, procedure, status, words};

pub mod army;
pub mod clock;
pub mod print;
pub mod regular_file;
pub mod rules;
pub mod store;
pub mod ui;
