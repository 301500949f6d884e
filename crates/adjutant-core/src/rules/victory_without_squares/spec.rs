//! What a Victory Without Squares army file holds (§1.3, §2.1): the six kinds of
//! body, their base counts and relative quality, the traits bodies and leaders carry, and
//! divisions given as each unit's and leader's `group` (left, centre, right).

use super::keys::*;
use crate::army::{ArmySpec, KindSpec, StatSpec};

/// The army-file description of this system.
pub(crate) fn army_spec() -> ArmySpec {
    let kind = KindSpec::new;
    ArmySpec {
        unit_kinds: vec![
            kind(
                HORSE,
                "3 bases in 1 rank, swords and pistols; 8\", pistols 1\"",
            ),
            kind(
                HORSE_2_RANK,
                "Parliamentarian horse, 6 bases in 2 ranks; fires twice, −1 attacking",
            ),
            kind(
                FOOT,
                "shot and pike, 6 bases in 2 ranks, pikes in the centre; 4\", muskets 4\"",
            ),
            kind(
                COMMANDED_SHOT,
                "musketeers, 2+ bases; Formed → Disordered; never attack or defend",
            ),
            kind(
                DRAGOONS,
                "mounted musketeers; Formed → Disordered; never attack or defend",
            ),
            kind(TRAIN, "ordnance: bases count double, 20\" cone"),
        ],
        unit_stats: vec![
            StatSpec::range(BASES, "Bases", 0, 12).required(),
            StatSpec::range(PIKE, "Pike bases", 0, 6).only(&[FOOT]),
            StatSpec::range(QUALITY, "Quality rank (higher is better)", 0, 9).required(),
        ],
        leader_stats: Vec::new(),
        unit_traits: vec![ALL_PIKE, POOR, BEFORE_1644],
        leader_traits: vec![OVERALL, SECOND],
    }
}
