//! The turn: activations counted down and refused when spent, a turn from initiative to the
//! next, and artillery firing every other turn.

use super::*;

#[test]
fn activations_are_counted_down_and_refused_when_spent() {
    let b = in_turn(&new_battle(), 1, 0, 2);
    let mut b = b;
    let (inf, trot, gall, t) = (
        id(&b, 0, "inf"),
        id(&b, 0, "trot"),
        id(&b, 0, "gall"),
        id(&b, 1, "cuir"),
    );
    play(&mut b, call(P_ACTIVATE, &[inf], &[], &[]), &[], &[]);
    assert_eq!(b.state().sides[0].track(ACTIVATIONS_USED), 1);
    // The activated unit then shoots without spending another.
    play(
        &mut b,
        call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]),
        &[1],
        &[],
    );
    assert_eq!(b.state().sides[0].track(ACTIVATIONS_USED), 1);
    let r = refusal(&b, &call(P_MELEE, &[inf], &[t], &[]));
    assert_eq!(r.rule, "§3.3");
    play(&mut b, call(P_MELEE, &[trot], &[t], &[]), &[1], &[]);
    assert_eq!(b.state().sides[0].track(ACTIVATIONS_USED), 2);
    let r = refusal(&b, &call(P_MELEE, &[gall], &[t], &[]));
    assert!(r.reason.contains("no activations left: 2 of 2"), "{r}");
    assert_eq!(r.rule, "§3.3");
    let r = refusal(&b, &call(P_ACTIVATE, &[gall], &[], &[]));
    assert_eq!(r.rule, "§3.3");
    // Not the other side's turn.
    let r = refusal(&b, &call(P_ACTIVATE, &[id(&b, 1, "inf")], &[], &[]));
    assert!(r.reason.contains("not the Parliament turn"), "{r}");
}

/// docs/rules/d3_ecw.md §3.1: a 1D6 roll-off, ties re-rolled. A tie starts the roll-off over,
/// so each side's chance is P(higher) / (1 − P(tie)) = (15/36) / (30/36): one half each
/// before any die. After the Royalists' 4 the Parliament wins on 5–6 (2/6), loses on 1–3
/// (3/6), and on a 4 (1/6) both roll again, an even roll-off: 5/12 against 7/12.
#[test]
fn the_initiative_folds_its_ties_into_the_odds() {
    let b = new_battle();
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, &call(P_INITIATIVE, &[], &[], &[]))
        .unwrap();
    let odds = procedure_odds(p.as_ref(), &ctx, &[]);
    assert!(odds.unexplored < 1e-12, "{odds:?}");
    assert!(odds.repeats, "{odds:?}");
    assert!((odds.p("Royalist wins") - 0.5).abs() < 1e-12, "{odds:?}");
    assert!((odds.p("Parliament wins") - 0.5).abs() < 1e-12, "{odds:?}");
    let odds = odds_after_first_roll(p.as_ref(), &ctx, vec![4]);
    assert!(odds.unexplored < 1e-12, "{odds:?}");
    assert!(
        (odds.p("Parliament wins") - 5.0 / 12.0).abs() < 1e-12,
        "{odds:?}"
    );
    assert!(
        (odds.p("Royalist wins") - 7.0 / 12.0).abs() < 1e-12,
        "{odds:?}"
    );
    assert!((odds.total() - 1.0).abs() < 1e-12, "{odds:?}");
}

/// A face the initiative die does not have (a 7 on the D6) is not read: the roll-off stops at
/// that die, as every other roll does, instead of deciding the initiative on it.
#[test]
fn an_initiative_face_the_die_does_not_have_decides_nothing() {
    let b = new_battle();
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, &call(P_INITIATIVE, &[], &[], &[]))
        .unwrap();
    let Step::Dice(die) = p.step(&ctx, &[]) else {
        panic!("the roll-off starts with a die")
    };
    let step = p.step(&ctx, &[typed(&die, vec![7]), typed(&die, vec![3])]);
    assert!(
        matches!(&step, Step::Dice(r) if r.by == Some(0)),
        "{step:?}"
    );
}

#[test]
fn a_turn_from_initiative_to_the_next() {
    let mut b = new_battle();
    let offers = SYSTEM.offers(&b.context(), &[], &[]);
    let ids: Vec<_> = offers.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, [P_INITIATIVE, P_COUNT, P_END_TURN, P_RESOLVE]);
    assert!(offers[0].refused.is_none());
    assert!(offers[1].refused.is_some());
    // A tie is rolled again within the same roll-off (§3.1): 3 against 3, then 2 against 5.
    let (reqs, res) = run_choosing(
        &SYSTEM,
        &b,
        &call(P_INITIATIVE, &[], &[], &[]),
        &[3, 3, 2, 5],
        &[1],
    );
    assert_eq!(reqs.len(), 4);
    assert!(res.summary.contains("Parliament"), "{}", res.summary);
    // Parliament wins 5–2 and goes first.
    let (reqs, res) = run_choosing(
        &SYSTEM,
        &b,
        &call(P_INITIATIVE, &[], &[], &[]),
        &[2, 5],
        &[1],
    );
    assert_eq!(reqs.len(), 2);
    assert!(res.summary.contains("Parliament"));
    // Before the initiative is won the header names no side to move (§3: "the winner chooses
    // who goes first"); then it names the side that moves.
    assert_eq!(b.clock_line(), "Turn 1 · Initiative");
    play(&mut b, call(P_INITIATIVE, &[], &[], &[]), &[2, 5], &[1]);
    assert_eq!((b.state().turn, b.state().phase, b.state().side), (1, 1, 1));
    assert_eq!(b.clock_line(), "Turn 1 · Activations · Parliament");
    play(
        &mut b,
        call(P_COUNT, &[], &[], &[(UNITS_SEEN, "3")]),
        &[],
        &[],
    );
    assert_eq!(b.state().sides[1].track(ACTIVATIONS), 3);
    let r = refusal(&b, &call(P_COUNT, &[], &[], &[]));
    assert!(r.reason.contains("already counted"));
    let (art, inf, t) = (id(&b, 1, "art"), id(&b, 1, "inf"), id(&b, 0, "trot"));
    play(
        &mut b,
        call(P_SHOOT, &[art], &[t], &[(RANGE, "1")]),
        &[1],
        &[],
    );
    // Parliament's infantry is in melee and not activated, with 2 of 3 activations left:
    // the reminder says to activate it; it does not give ground (§6.7).
    let b2 = engage(&b, inf, t);
    assert!(
        SYSTEM
            .reminders(&b2.context())
            .iter()
            .any(|r| r.contains("activate it to fight on"))
    );
    let mut b = b2;
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert!(
        b.log()
            .last()
            .unwrap()
            .events
            .iter()
            .any(|e| matches!(e, Event::Fact { text, .. } if text.contains("stays in melee")))
    );
    assert_eq!((b.state().turn, b.state().phase, b.state().side), (1, 1, 0));
    assert!(b.state().piece(art).flag(FIRED_LAST_TURN));
    assert!(!b.state().piece(art).flag(ACTIVATED));
    play(
        &mut b,
        call(P_COUNT, &[], &[], &[(UNITS_SEEN, "0")]),
        &[],
        &[],
    );
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert_eq!((b.state().turn, b.state().phase), (2, 0));
    assert!(SYSTEM.reminders(&b.context())[0].contains("initiative"));
}

#[test]
fn artillery_fires_every_other_turn() {
    let b = ready();
    let (art, t) = (id(&b, 0, "art"), id(&b, 1, "inf"));
    let mut b = b;
    play(
        &mut b,
        call(P_SHOOT, &[art], &[t], &[(RANGE, "4")]),
        &[3],
        &[],
    );
    let s = b.state().piece(art);
    assert_eq!(s.track(LAST_FIRED), 1);
    assert!(s.flag(EMPLACED));
    let next = in_turn(&b, 2, 0, 8);
    let next = with(
        &next,
        vec![piece(
            art,
            Change::Flag {
                key: ACTED.into(),
                on: false,
            },
        )],
    );
    let r = refusal(&next, &call(P_SHOOT, &[art], &[t], &[]));
    assert!(r.rule.contains("§5.5"), "{r}");
    let may_fire = |b: &Battle| {
        SYSTEM
            .reminders(&b.context())
            .iter()
            .any(|r| r == "Royalist Artillery may fire this turn")
    };
    assert!(may_fire(&ready()));
    assert!(!may_fire(&next));
    let after = in_turn(&next, 3, 0, 8);
    assert!(may_fire(&after));
    assert!(
        SYSTEM
            .procedure(&after.context(), &call(P_SHOOT, &[art], &[t], &[]))
            .is_ok()
    );
    // Artillery cannot start a melee, and is eliminated when engaged.
    let r = refusal(&b, &call(P_MELEE, &[art], &[t], &[]));
    assert!(r.rule.contains("§6.5"));
    let (gall, their_art) = (id(&b, 0, "gall"), id(&b, 1, "art"));
    let fresh = ready();
    let (reqs, res) = run_choosing(
        &SYSTEM,
        &fresh,
        &call(P_MELEE, &[gall], &[their_art], &[]),
        &[],
        &[],
    );
    assert!(reqs.is_empty(), "no dice");
    assert!(sets_flag(&res, their_art, ROUTED));
    assert!(res.events.contains(&side_track(1, COMMANDER_HITS, 1)));
}
