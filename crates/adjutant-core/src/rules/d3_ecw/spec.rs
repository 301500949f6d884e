//! What a D3 army file holds (§2.1 of the D3 rules reference): the eight unit kinds and the one trait units may
//! carry. Units carry no statistics of their own — everything follows from the kind, through
//! the tables in [`super::tables`]. The army's Commander is its (single) leader.

use super::keys::*;
use crate::army::{ArmySpec, KindSpec};

/// The army-file description of this system.
pub(crate) fn army_spec() -> ArmySpec {
    let kind = KindSpec::new;
    ArmySpec {
        unit_kinds: vec![
            kind(
                INFANTRY,
                "pike and shot: moves 1, musket 2 (D3, ammo), melee D3",
            ),
            kind(
                COMMANDED_SHOT,
                "musketeers: moves 1, musket 2 (D3−1), melee D3−1; the only type in woods; cannot initiate melee",
            ),
            kind(
                DRAGOONS,
                "mounted musketeers: moves 2, musket 2 (D3−1), melee D3−2; cannot initiate melee",
            ),
            kind(TROTTERS, "cavalry: moves 2, pistol 1 (D3, ammo), melee D3"),
            kind(
                GALLOPERS,
                "cavalry: moves 2 (3 charging), no shooting, melee D3+1 charging",
            ),
            kind(
                ARTILLERY,
                "guns: moves 1, range 4 (D3−1) every other turn, ignores cover; eliminated in melee",
            ),
            kind(
                ELITE_PIKE,
                "optional: Infantry that cannot shoot, melee D3+1",
            ),
            kind(
                CUIRASSIERS,
                "optional: Trotters in armour, melee hits against them −1",
            ),
        ],
        unit_stats: Vec::new(),
        leader_stats: Vec::new(),
        unit_traits: vec![ENTRENCHED],
        leader_traits: Vec::new(),
    }
}
