//! A battle: armies, a rule system and a seed, and the log of what happened.

pub mod state;
