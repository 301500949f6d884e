//! Command chits and the refusals of impossible procedures.

use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{FIRE, MELEE, MOVEMENT, ORDERS, RALLY};

use super::common::*;

fn orders() -> B {
    B::with_chits(
        [
            ("widdrington", "Advance"),
            ("henderson", "Stand"),
            ("saville", "Stand"),
            ("cromwell", "Stand"),
            ("vermuyden", "Stand"),
            ("manchester", "Advance"),
            ("fairfax", "Reserve"),
            ("hobart", "Advance"),
        ],
        2,
        ORDERS,
        0,
    )
}

#[test]
fn command_change_rolls_against_command_with_the_span_modifier() {
    let mut b = orders();
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["henderson"],
        &[],
        &[(param::TO, "Attack"), (param::WITHIN_SPAN, "yes")],
    );
    // Command 4, −1 within span: a 5 reads 4 and succeeds.
    let (res, reqs) = b.run(&call, &[f(&[5])]).unwrap();
    assert_eq!(reqs[0].dice.modifiers[0].value, -1);
    assert_eq!(reqs[0].dice.modifiers[0].rule, "§3.7");
    assert_eq!(res.summary, "command changed");
    let (fail, _) = b.run(&call, &[f(&[6])]).unwrap();
    assert_eq!(fail.summary, "no change");
    b.apply(&res.events);
    assert_eq!(b.mark("henderson", keys::CHIT).as_deref(), Some("Attack"));
    // One try per Orders Phase.
    assert!(b.refusal(&call).reason.contains("already tried"));
}

#[test]
fn overall_leader_and_stacked_leaders_change_without_a_roll() {
    let b = orders();
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["widdrington"],
        &[],
        &[(param::TO, "Attack")],
    );
    let (res, reqs) = b.run(&call, &[]).unwrap();
    assert!(reqs.is_empty());
    assert_eq!(res.summary, "command changed");
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["saville"],
        &[],
        &[(param::TO, "Attack"), (param::OVERALL_STACKED, "yes")],
    );
    let (res, reqs) = b.run(&call, &[]).unwrap();
    assert!(reqs.is_empty());
    assert_eq!(res.summary, "command changed");
}

#[test]
fn free_muster_after_two_broken_units() {
    let mut b = orders();
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["saville"],
        &[],
        &[(param::TO, "Muster")],
    );
    assert_eq!(b.run(&call, &[f(&[1])]).unwrap().1.len(), 1);
    b.set_flag("sav1", keys::ELIMINATED, true);
    b.set_flag("sav2", keys::ROUTED, true);
    let (res, reqs) = b.run(&call, &[]).unwrap();
    assert!(reqs.is_empty());
    b.apply(&res.events);
    assert_eq!(b.mark("saville", keys::CHIT).as_deref(), Some("Muster"));
    assert!(b.flag("saville", keys::FRESH_MUSTER));
}

#[test]
fn refusals_name_the_rule() {
    let mut b = orders();
    // Charge for a leader with only infantry.
    let r = b.refusal(&b.call(
        proc::CHANGE_COMMAND,
        &["hobart"],
        &[],
        &[(param::TO, "Charge")],
    ));
    assert!(r.reason.contains("only cavalry may Charge"), "{r}");
    assert_eq!(r.rule, "§3.1");
    // From Charge only to Muster.
    b.set_chit("cromwell", "Charge 2");
    let r = b.refusal(&b.call(
        proc::CHANGE_COMMAND,
        &["cromwell"],
        &[],
        &[(param::TO, "Stand")],
    ));
    assert!(r.reason.contains("only to Muster"), "{r}");
    assert!(
        b.start(&b.call(
            proc::CHANGE_COMMAND,
            &["cromwell"],
            &[],
            &[(param::TO, "Muster")]
        ))
        .is_ok()
    );
    // No command change outside the Orders Phase.
    b.clock(2, FIRE, 0);
    let r = b.refusal(&b.call(
        proc::CHANGE_COMMAND,
        &["saville"],
        &[],
        &[(param::TO, "Attack")],
    ));
    assert!(r.reason.contains("Orders Phase"));
    // Melee: a routed unit and an out-of-command unit may not initiate.
    b.clock(2, MELEE, 0);
    b.set_chit("henderson", "Attack");
    b.set_flag("hen1", keys::ROUTED, true);
    let r = b.refusal(&b.call(proc::MELEE, &["hen1"], &["crom1"], &[]));
    assert!(
        r.reason.contains("routed units may not initiate melee"),
        "{r}"
    );
    b.set_flag("hen2", keys::OUT_OF_COMMAND, true);
    let r = b.refusal(&b.call(proc::MELEE, &["hen2"], &["crom1"], &[]));
    assert!(r.reason.contains("out of command"), "{r}");
    assert_eq!(r.rule, "§4.1, §6.1");
    // Reserve forbids melee.
    b.set_chit("saville", "Reserve");
    let r = b.refusal(&b.call(proc::MELEE, &["sav1"], &["crom1"], &[]));
    assert!(r.reason.contains("Advance, Stand, Charge or Attack"), "{r}");
    // The offer shows the refusal too.
    let offers = b.system.offers(&b.ctx(), &[b.id("hen1")], &[b.id("crom1")]);
    let melee = offers.iter().find(|o| o.id == proc::MELEE).unwrap();
    assert!(melee.refused.as_ref().unwrap().reason.contains("routed"));
    // Rally only when routed, in the owner's Rally Phase.
    b.clock(2, RALLY, 0);
    let r = b.refusal(&b.call(proc::RALLY, &["hen3"], &[], &[]));
    assert!(r.reason.contains("not routed"));
    assert!(b.start(&b.call(proc::RALLY, &["hen1"], &[], &[])).is_ok());
    let r = b.refusal(&b.call(proc::RALLY, &["hen1"], &[], &[(param::IN_ENEMY_ZOC, "yes")]));
    assert!(r.reason.contains("enemy ZOC"));
    // Unknown procedures and pieces.
    let mut bad = b.call(proc::RALLY, &["hen1"], &[], &[]);
    bad.id = "teleport".into();
    assert!(b.start(&bad).is_err());
}

#[test]
fn reactive_charge_check_once_per_enemy_unit() {
    let mut b = orders();
    b.clock(2, MOVEMENT, 1);
    let call = b.call(proc::CHARGE_CHECK, &["henderson"], &["crom1"], &[]);
    let (res, reqs) = b.run(&call, &[f(&[4])]).unwrap();
    assert_eq!(reqs[0].bands[0].to, 4);
    assert_eq!(res.summary, "charge");
    b.apply(&res.events);
    assert_eq!(b.mark("henderson", keys::CHIT).as_deref(), Some("Charge 1"));
    // Already on Charge: no check needed.
    let r = b.refusal(&call);
    assert!(r.reason.contains("already on Charge"));
    // Saville fails against crom1 and may not check again against it, but may against crom2.
    let call = b.call(proc::CHARGE_CHECK, &["saville"], &["crom1"], &[]);
    let (res, _) = b.run(&call, &[f(&[6])]).unwrap();
    b.apply(&res.events);
    assert!(b.refusal(&call).reason.contains("already checked"));
    assert!(
        b.start(&b.call(proc::CHARGE_CHECK, &["saville"], &["crom2"], &[]))
            .is_ok()
    );
    // Infantry do not trigger; a phasing leader may not check.
    assert!(
        b.start(&b.call(proc::CHARGE_CHECK, &["saville"], &["hob1"], &[]))
            .is_err()
    );
    assert!(
        b.start(&b.call(proc::CHARGE_CHECK, &["cromwell"], &["sav1"], &[]))
            .is_err()
    );
}

#[test]
fn entering_cavalry_may_not_take_charge() {
    let b = B::new();
    let r = b.refusal(&b.call(proc::SET_CHIT, &["cromwell"], &[], &[(param::TO, "Charge")]));
    assert!(r.reason.contains("enter"), "{r}");
    assert!(
        b.start(&b.call(
            proc::SET_CHIT,
            &["cromwell"],
            &[],
            &[(param::TO, "Advance")]
        ))
        .is_ok()
    );
}

#[test]
fn dragoons_mount_and_dismount_only_under_stand() {
    let mut b = orders();
    b.clock(3, MOVEMENT, 1);
    let call = b.call(proc::FORMATION, &["verm1"], &[], &[]);
    let res = b.play(&call, &[]);
    assert_eq!(res.summary, "dismounts");
    assert!(b.flag("verm1", keys::DISMOUNTED));
    b.set_chit("vermuyden", "Advance");
    assert!(b.refusal(&call).reason.contains("Stand"));
    // Not on the turn of entry.
    b.set_chit("vermuyden", "Stand");
    b.clock(1, MOVEMENT, 1);
    assert!(b.refusal(&call).reason.contains("entry turn"));
}

#[test]
fn loss_points_are_computed_live() {
    let mut b = orders();
    let figures = |b: &B| b.system.figures(&b.ctx());
    assert_eq!(figures(&b)[0].value, "0");
    b.set_flag("hen1", keys::ROUTED, true); // 4
    b.set_flag("hen2", keys::REDUCED, true); // 4 − 2
    b.set_flag("hen3", keys::ELIMINATED, true); // 4
    b.set_flag("hend", keys::STEP_LOSS_MARKER, true); // 0
    assert_eq!(figures(&b)[0].value, "10");
    let enemy_check = figures(&b)
        .into_iter()
        .find(|f| f.side == 0 && f.label == "Enemy victory check")
        .unwrap();
    assert_eq!(enemy_check.value, "enemy rolls 10–12 to win");
    b.set_flag("hen1", keys::ROUTED, false); // rallied: stops counting
    assert_eq!(figures(&b)[0].value, "6");
}
