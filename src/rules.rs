//! The rule systems: the core's (`adjutant_core::rules`), and reading the player's table files
//! from their folder ([`registry`], [`WithOverrides`]).

pub use adjutant_core::rules::*;

pub mod registry;
pub mod royalists_roundheads;

pub use registry::{WithOverrides, load_overrides};
