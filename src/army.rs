//! Armies: the core's army files and types (`adjutant_core::army`), and finding and reading
//! army files on disk ([`discover`]).

pub use adjutant_core::army::*;

pub mod discover;

pub use discover::load_army;
