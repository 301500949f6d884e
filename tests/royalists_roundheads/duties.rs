//! Obligations to fight: adjacent offensive fire binds the firer to melee that hex (rules
//! VII.C.1), Attack units must fire and/or melee and Charge units must melee (Commands page).

use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{FIRE, MELEE};

use super::common::*;

// Rules VII.C.1: "If a combat unit fires at an adjacent hex during Offensive Fire, it must then
// melee the same hex."
#[test]
fn adjacent_offensive_fire_binds_the_firer_to_melee_that_hex() {
    let mut b = ready(FIRE, 0);
    let fire = b.call(
        proc::FIRE,
        &["hen1"],
        &["crom1"],
        &[(param::RANGE, "1"), (param::TERRAIN, "Clear")],
    );
    // Cavalry column, 1D6 = 3: no effect — the obligation stands all the same.
    let res = b.play(&fire, &[f(&[3])]);
    assert_eq!(res.summary, "no effect");
    assert!(b.flag("hen1", keys::MUST_MELEE));
    assert!(
        fact_texts(&res.events)
            .iter()
            .any(|t| t.contains("must melee that hex (§5.3)"))
    );
    // Into the Melee Phase: the banner says so, and another hex is refused.
    let res = b.play(&b.call(proc::NEXT_PHASE, &[], &[], &[]), &[]);
    assert_eq!(res.summary, "Melee Phase");
    let banner = b.system.reminders(&b.ctx());
    assert!(
        banner.iter().any(|r| r
            == "Henderson's Horse 1 must melee the hex it fired at: Cromwell's Horse 1 (§5.3)"),
        "{banner:?}"
    );
    let r = b.refusal(&b.call(proc::MELEE, &["hen1"], &["crom2"], &[]));
    assert!(r.reason.contains("must melee that hex"), "{r}");
    assert_eq!(r.rule, "§5.3");
    // Attacking it meets the obligation.
    let melee = b.call(
        proc::MELEE,
        &["hen1"],
        &["crom1"],
        &[(param::TERRAIN, "Clear")],
    );
    let _ = b.play(&melee, &[f(&[6, 6])]); // fails its pre-melee check: does not attack
    assert!(!b.flag("hen1", keys::MUST_MELEE));
}

#[test]
fn defensive_fire_and_fire_at_two_hexes_bind_nobody() {
    let mut b = ready(FIRE, 1);
    let fire = b.call(
        proc::FIRE,
        &["hen1"],
        &["crom1"],
        &[(param::RANGE, "1"), (param::TERRAIN, "Clear")],
    );
    let _ = b.play(&fire, &[f(&[3])]);
    assert!(!b.flag("hen1", keys::MUST_MELEE), "defensive fire");
    let mut b = ready(FIRE, 0);
    b.set_flag("hend", keys::DISMOUNTED, true);
    let fire = b.call(
        proc::FIRE,
        &["hend"],
        &["crom1"],
        &[(param::RANGE, "2"), (param::TERRAIN, "Clear")],
    );
    let _ = b.play(&fire, &[f(&[3])]);
    assert!(!b.flag("hend", keys::MUST_MELEE), "range 2");
}

// Commands page, Attack: "Combat units adjacent to enemy combat units must perform combat,
// either fire and/or melee." Charge: "Units with a Charge Command adjacent to an enemy combat
// unit must perform Melee Combat. Fire combat is optional."
#[test]
fn the_banner_lists_attack_and_charge_units_still_to_fight() {
    let mut b = ready(MELEE, 0);
    b.set_chit("saville", "Charge 1");
    b.set_flag("hen2", keys::FIRED, true);
    b.set_flag("sav2", keys::FIRED, true);
    let banner = b.system.reminders(&b.ctx());
    let attack = banner
        .iter()
        .find(|r| r.starts_with("Attack units"))
        .expect("Attack units listed");
    // Henderson's (Attack) units that have not fired; the dragoons and the Array count too.
    assert!(attack.contains("Henderson's Horse 1") && !attack.contains("Henderson's Horse 2"));
    assert!(attack.ends_with("(§6.2)"));
    let charge = banner
        .iter()
        .find(|r| r.starts_with("Charge units"))
        .expect("Charge units listed");
    // Charge: firing does not excuse the melee.
    assert!(charge.contains("Saville's Horse 1") && charge.contains("Saville's Horse 2"));
    // A unit that attacked drops off both lists.
    let melee = b.call(
        proc::MELEE,
        &["sav1"],
        &["crom1"],
        &[(param::TERRAIN, "Clear")],
    );
    let _ = b.play(&melee, &[f(&[6, 6])]);
    let banner = b.system.reminders(&b.ctx());
    let charge = banner
        .iter()
        .find(|r| r.starts_with("Charge units"))
        .unwrap();
    assert!(!charge.contains("Saville's Horse 1,"), "{charge}");
    assert!(!charge.contains("Saville's Horse 1 "), "{charge}");
}
