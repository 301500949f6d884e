//! What Adjutant's tests and benches share, as one crate each of them depends on (no source
//! pulled in by path): hand-made units, leaders, armies and battles ([`army`]), shipped armies
//! and positions set up by hand ([`position`]), the one loop that steps a procedure with given
//! faces, cards and choices ([`driver`]), the exact odds walker
//! ([`exact`]), the System W test battle and the W-4 order of battle
//! ([`royalists_roundheads`]), and the rule-citation checker ([`cite`]).

pub mod army;
pub mod cite;
pub mod driver;
pub mod exact;
pub mod position;
pub mod royalists_roundheads;
