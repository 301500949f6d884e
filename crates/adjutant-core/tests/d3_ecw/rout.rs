//! Rout at 7 and the commander's hits, the threshold as data, the commander lost with his
//! unit, and army resolve at the exact threshold.

use super::*;

#[test]
fn rout_at_seven_raises_the_commander_hits() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let b4 = with(&b, vec![track(t, HITS, 4)]);
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]);
    let (_, res) = run_choosing(&SYSTEM, &b4, &c, &[2], &[]);
    assert_eq!(hits_in(&res, t), Some(6));
    assert!(!sets_flag(&res, t, ROUTED), "6 hits: still in the fight");
    let mut b5 = with(&b, vec![track(t, HITS, 5)]);
    play(&mut b5, c, &[2], &[]);
    let s = b5.state();
    assert!(s.piece(t).flag(ROUTED));
    assert_eq!(s.piece(t).track(HITS), 7);
    assert_eq!(s.sides[1].track(COMMANDER_HITS), 1);
    assert_eq!(s.sides[0].track(COMMANDER_HITS), 0);
    assert!(s.result.is_none());
    // Routed units can be neither shot at nor act.
    let r = refusal(&b5, &call(P_SHOOT, &[id(&b5, 0, "drg")], &[t], &[]));
    assert!(r.rule.contains("§8.1"));
}

#[test]
fn rout_threshold_is_data() {
    let mut tables = D3Tables::standard();
    tables.options.rout_at = 6;
    let system = D3Ecw::with_tables(tables);
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let b4 = with(&b, vec![track(t, HITS, 4)]);
    let (_, res) = run_choosing(&system, &b4, &call(P_SHOOT, &[inf], &[t], &[]), &[2], &[]);
    assert!(sets_flag(&res, t, ROUTED));
}

#[test]
fn commander_contacted_and_lost_with_its_unit() {
    let mut b = ready();
    let (inf, cmd, t) = (id(&b, 0, "inf"), id(&b, 0, "cmd"), id(&b, 1, "trot"));
    play(&mut b, call(P_ATTACH, &[cmd], &[inf], &[]), &[], &[]);
    let b = with(&b, vec![track(inf, HITS, 6)]);
    let b = in_turn(&b, 1, 1, 4);
    let mut b2 = b.clone();
    play(&mut b2, call(P_MELEE, &[t], &[inf], &[]), &[3], &[]);
    let s = b2.state().piece(cmd);
    assert!(s.flag(REMOVED));
    assert_eq!(s.mark(ATTACHED), None);
    let r = refusal(&b2, &call(P_ATTACH, &[cmd], &[id(&b2, 0, "cuir")], &[]));
    assert!(r.reason.contains("returns next move"));
    // He returns in his side's next move (§7.4).
    play(&mut b2, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    play(&mut b2, call(P_RETURN, &[cmd], &[], &[]), &[], &[]);
    assert!(!b2.state().piece(cmd).flag(REMOVED));
    // Attached, he is not contacted apart from his unit (§7.2): detached, he is.
    let unattached = Change::Mark {
        key: ATTACHED.into(),
        to: None,
    };
    let mut b = with(&b, vec![piece(cmd, unattached)]);
    play(&mut b, call(P_CONTACT, &[t], &[cmd], &[]), &[], &[]);
    assert!(b.state().piece(cmd).flag(REMOVED));
}

/// A side with `routed` units already gone (and that many commander hits).
fn after_routs(b: &Battle, side: usize, routed: &[&str]) -> Battle {
    let mut events: Vec<Event> = routed
        .iter()
        .map(|u| flag(id(b, side, u), ROUTED))
        .collect();
    events.push(side_track(side, COMMANDER_HITS, routed.len() as i32));
    with(b, events)
}

#[test]
fn army_resolve_at_the_exact_threshold() {
    // Eight units: after h routs the commander has h hits and 8 − h units remain; the army
    // retires when h > 8 − h, so on the fifth rout and not the fourth.
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]);
    let three = with(
        &after_routs(&b, 1, &["cs", "drg", "gall"]),
        vec![track(t, HITS, 6)],
    );
    let (_, res) = run_choosing(&SYSTEM, &three, &c, &[1], &[]);
    assert!(sets_flag(&res, t, ROUTED));
    assert!(!ended(&res), "4 hits, 4 units: holds");
    let four = with(
        &after_routs(&b, 1, &["cs", "drg", "gall", "art"]),
        vec![track(t, HITS, 6)],
    );
    let mut four = four;
    play(&mut four, c, &[1], &[]);
    let s = four.state();
    assert!(s.sides[1].flag(RETIRED));
    assert_eq!(s.sides[1].track(COMMANDER_HITS), 5);
    assert_eq!(
        s.result.as_deref(),
        Some("Royalist victory: the Parliament army retires")
    );
    // Nothing more is offered once the battle is over.
    let r = refusal(
        &four,
        &call(P_SHOOT, &[id(&four, 0, "drg")], &[id(&four, 1, "inf")], &[]),
    );
    assert!(r.reason.contains("over"));
}

/// Rules, ROUTING: "Units rout when they exceed 6 hits & are removed from the tabletop". A melee
/// against a unit already on 6 hits routs it on any hit, and the outcomes say so, so the odds at
/// a glance read "routs 67 %" and not hits alone: Infantry's D3 against Cuirassiers (armoured,
/// −1, §6.3) gives 0, 1 or 2 hits, each a third.
#[test]
fn a_melee_that_routs_its_target_says_so_in_its_outcomes() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "cuir"));
    let b = with(&b, vec![track(t, HITS, 6)]);
    let ctx = b.context();
    let melee = SYSTEM
        .procedure(&ctx, &call(P_MELEE, &[inf], &[t], &[]))
        .unwrap();
    let odds = procedure_odds(melee.as_ref(), &ctx, &[]);
    let routs = format!("{} routs", b.roster.name(t));
    let p_routs: f64 = odds
        .outcomes
        .iter()
        .filter(|(s, _)| s.split("; ").any(|part| part == routs))
        .map(|(_, p)| p)
        .sum();
    assert!((p_routs - 2.0 / 3.0).abs() < 1e-12, "{odds:?}");
    assert!((odds.p("no hits") - 1.0 / 3.0).abs() < 1e-12, "{odds:?}");
    // The roll itself: a 2 on the D3 (−1: 1 hit) routs it, and the summary says so.
    let (_, res) = run_choosing(&SYSTEM, &b, &call(P_MELEE, &[inf], &[t], &[]), &[2], &[]);
    assert_eq!(res.summary, format!("1 hit; {routs}"));
    assert!(sets_flag(&res, t, ROUTED));
    // Shooting too: a unit on 6 hits routs on any hit.
    let shot = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]))
        .unwrap();
    let odds = procedure_odds(shot.as_ref(), &ctx, &[]);
    assert!(
        odds.outcomes.iter().all(|(s, _)| s.ends_with(&routs)),
        "{odds:?}"
    );
}
