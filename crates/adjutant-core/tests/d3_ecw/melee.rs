//! Melee: the dice of every unit type, Gallopers already engaged, target and terrain modifiers,
//! hits floored at 0, the refusals with their rules, and giving ground.

use super::*;

#[test]
fn melee_dice_for_every_unit_type() {
    let b = ready();
    let target = id(&b, 1, "trot"); // not armoured: no target modifier
    for (unit, charging, modifier) in [
        ("gall", "yes", 1),
        ("gall", "no", 0),
        ("trot", "no", 0),
        ("cuir", "no", 0),
        ("inf", "no", 0),
        ("pike", "no", 1),
    ] {
        let a = id(&b, 0, unit);
        let c = call(P_MELEE, &[a], &[target], &[(CHARGING, charging)]);
        let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[3], &[]);
        assert_eq!(
            modifier_total(&reqs[0]),
            modifier,
            "{unit} charging {charging}"
        );
        assert_eq!(hits_in(&res, target), Some(3 + modifier), "{unit}");
    }
    // Commanded Shot and Dragoons fight only once in melee (they cannot initiate).
    for (unit, modifier) in [("cs", -1), ("drg", -2)] {
        let a = id(&b, 0, unit);
        let engaged = engage(&b, a, target);
        let c = call(P_MELEE, &[a], &[target], &[]);
        let (reqs, res) = run_choosing(&SYSTEM, &engaged, &c, &[3], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{unit}");
        assert_eq!(hits_in(&res, target), Some(3 + modifier), "{unit}");
    }
}

#[test]
fn gallopers_already_in_melee_roll_plain_d3() {
    let b = ready();
    let (a, t) = (id(&b, 0, "gall"), id(&b, 1, "trot"));
    let engaged = engage(&b, a, t);
    let offer = SYSTEM
        .offers(&engaged.context(), &[a], &[t])
        .into_iter()
        .find(|o| o.id == P_MELEE)
        .unwrap();
    assert!(offer.params.iter().all(|p| p.key != CHARGING));
    let (reqs, _) = run_choosing(
        &SYSTEM,
        &engaged,
        &call(P_MELEE, &[a], &[t], &[]),
        &[2],
        &[],
    );
    assert_eq!(modifier_total(&reqs[0]), 0);
}

#[test]
fn melee_target_and_terrain_modifiers() {
    let b = ready();
    let a = id(&b, 0, "inf");
    for (target, terrain, modifier) in [
        ("inf", "open", -1),
        ("pike", "open", -1),
        ("cuir", "open", -1),
        ("trot", "open", 0),
        ("cs", "town", -1),
        ("cs", "woods", -1),
        ("trot", "hedges", -1),
        ("inf", "town", -2),
        ("cs", "entrenchments", -1),
        ("trot", "entrenchments", 0),
    ] {
        let t = id(&b, 1, target);
        let c = call(P_MELEE, &[a], &[t], &[(TERRAIN, terrain)]);
        let (reqs, _) = run_choosing(&SYSTEM, &b, &c, &[2], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{target} in {terrain}");
    }
}

#[test]
fn hits_never_below_zero() {
    let b = ready();
    let (drg, inf) = (id(&b, 0, "drg"), id(&b, 1, "inf"));
    let engaged = engage(&b, drg, inf);
    let c = call(P_MELEE, &[drg], &[inf], &[(TERRAIN, "town")]);
    let (reqs, res) = run_choosing(&SYSTEM, &engaged, &c, &[3], &[]);
    assert_eq!(modifier_total(&reqs[0]), -4);
    assert_eq!(reqs[0].bands.len(), 1, "every score is no hits");
    assert_eq!(reqs[0].bands[0].label, "no hits");
    assert_eq!(hits_in(&res, inf), None);
    assert_eq!(res.summary, "no hits");
}

#[test]
fn melee_refusals_name_their_rule() {
    let b = ready();
    let t = id(&b, 1, "inf");
    for unit in ["cs", "drg"] {
        let r = refusal(&b, &call(P_MELEE, &[id(&b, 0, unit)], &[t], &[]));
        assert!(r.reason.contains("initiate"), "{r}");
        assert_eq!(r.rule, "§6.1");
    }
    // In melee with one unit: may not attack another.
    let (inf, trot) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let engaged = engage(&b, inf, trot);
    let r = refusal(&engaged, &call(P_MELEE, &[inf], &[t], &[]));
    assert!(r.reason.contains("giving ground"), "{r}");
    // Nor shoot.
    let r = refusal(&engaged, &call(P_SHOOT, &[inf], &[t], &[]));
    assert!(r.rule.contains("§6.6"));
    // Commanders are never shot at.
    let r = refusal(&b, &call(P_SHOOT, &[inf], &[id(&b, 1, "cmd")], &[]));
    assert!(r.rule.contains("§7.1"));
}

#[test]
fn give_ground_retires_or_takes_a_hit() {
    // Every activation used: the commander cannot activate the unit in melee (§6.7).
    let b = in_turn(&new_battle(), 1, 0, 0);
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let engaged = engage(&b, inf, t);
    let mut retired = engaged.clone();
    play(
        &mut retired,
        call(P_GIVE_GROUND, &[inf], &[], &[]),
        &[],
        &[],
    );
    assert_eq!(retired.state().piece(inf).mark(IN_MELEE), None);
    assert_eq!(retired.state().piece(t).mark(IN_MELEE), None);
    assert_eq!(retired.state().piece(inf).track(HITS), 0);
    let mut blocked = engaged.clone();
    play(
        &mut blocked,
        call(P_GIVE_GROUND, &[inf], &[], &[(BLOCKED, "yes")]),
        &[],
        &[],
    );
    assert_eq!(blocked.state().piece(inf).track(HITS), 1);
    assert!(blocked.state().piece(inf).mark(IN_MELEE).is_some());
    let r = refusal(&b, &call(P_GIVE_GROUND, &[inf], &[], &[]));
    assert!(r.reason.contains("not in melee"));
}
