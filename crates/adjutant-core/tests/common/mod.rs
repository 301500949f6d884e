//! What the core's tests share: from crates/adjutant-testkit, hand-made units, leaders, armies
//! and battles ([`army`]), shipped armies and positions set up by hand (`position`) and the
//! drivers that step a procedure with given dice faces, cards and choices ([`driver`]); here,
//! RCW's hand-made battles ([`rcw_hand`]).

pub use adjutant_testkit::driver::{run_choosing, run_with};
pub use adjutant_testkit::position::*;
pub use adjutant_testkit::{army, driver};

pub mod rcw_hand;
