//! RCW's hand-made battles, for the rcw and rcw_fidelity tests: a unit of the one corps each
//! side fields, a side's army of them, and a battle of Reds against Whites in which the Reds
//! won the roll-off.

use adjutant_core::army::{Army, Unit};
use adjutant_core::battle::{Action, Battle};
use adjutant_core::rules::rcw::keys::P_FIRST_PLAYER;

use super::army::{self, Build, battle_of};
use super::call;

/// A unit of `kind` (its id also its name) with these traits, in the corps.
pub fn unit(id: &str, kind: &str, traits: &[&str]) -> Unit {
    army::unit(id, kind).with_traits(traits).in_group("corps")
}

/// The army of `side` ("Reds" or "Whites"): these units, no leaders.
pub fn army(side: &str, units: Vec<Unit>) -> Army {
    army::army("rcw", side, vec![], units)
}

/// A battle (seed 7) of these Reds against these Whites, after the roll-off for the first
/// player, 6 for the Reds against 1.
pub fn rolled_off(reds: Vec<Unit>, whites: Vec<Unit>) -> Battle {
    let mut b = battle_of("rcw", [army("Reds", reds), army("Whites", whites)], 7);
    b.start(Action::Procedure(call(P_FIRST_PLAYER, &[], &[], &[])))
        .unwrap();
    b.enter_faces("6").unwrap();
    b.enter_faces("1").unwrap();
    b
}
