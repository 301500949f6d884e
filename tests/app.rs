//! The app's tests, in one test binary (one link of the window instead of one per file): the
//! command line driving the real binary, the store on disk, army and table files read from
//! folders, printing read back with `pdftotext`, and the rule systems played through the
//! app's library. Each module is a file of its own beside this one; `common` holds what they
//! share.

mod common;

mod army_builder;
mod army_files;
mod battle_props;
mod citations;
mod cli;
mod cli_backup;
mod cli_battles;
mod cli_outputs;
mod crash_safety;
mod fairness;
mod fuzz_loaders;
mod layers;
mod no_display;
mod odd_files;
mod overrides;
mod print;
mod rolls_once;
mod royalists_roundheads;
mod saved_battles;
mod store;
