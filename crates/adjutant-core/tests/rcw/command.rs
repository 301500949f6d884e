//! Command: rally numbers by quality with and without an HQ, the command roll beyond six hexes
//! of the HQ, and observers directing mortars and artillery.

use super::*;

#[test]
fn rally_numbers_by_quality_with_and_without_an_hq() {
    for (traits, need) in [(&["elite"][..], 3), (&[][..], 4), (&["conscript"][..], 5)] {
        for hq in [false, true] {
            let mut b = battle(
                vec![unit("inf", INFANTRY, traits)],
                vec![unit("foe", INFANTRY, &[])],
            );
            let inf = id(&b, RED, "inf");
            // Pin it, then rally.
            b.start(Action::Roll(adjutant_core::dice::Dice::new(
                1,
                adjutant_core::dice::Die::D6,
            )))
            .unwrap();
            b.enter_faces("1").unwrap();
            let st = with(&b, inf, &[on(PINNED)]);
            let ctx = Context {
                roster: &b.roster,
                state: &st,
            };
            let orders = call(
                P_ACTIVATE,
                &[inf],
                &[],
                &[(Q_FIRST, "Rally"), (Q_SECOND, "Move")],
            );
            let act = SYSTEM.procedure(&ctx, &orders).unwrap();
            let (_, res) = drive(act.as_ref(), &ctx, &[]);
            let mut st = st.clone();
            res.events.iter().for_each(|e| st.apply(e));
            let ctx = Context {
                roster: &b.roster,
                state: &st,
            };
            let hq_param = if hq { "1" } else { "0" };
            let c = call(P_RALLY, &[inf], &[], &[(Q_HQ_ADJACENT, hq_param)]);
            let p = SYSTEM.procedure(&ctx, &c).unwrap();
            let Step::Dice(req) = p.step(&ctx, &[]) else {
                panic!()
            };
            let bonus = i32::from(hq);
            assert_eq!(req.dice.modifier_total(), bonus);
            if hq {
                assert_eq!(req.dice.modifiers[0].rule, "§5.5");
            }
            let pass: u128 = req
                .band_odds()
                .iter()
                .filter(|(band, _, _)| band.label == "rallies")
                .map(|(_, w, _)| *w)
                .sum();
            assert_eq!(pass as i32, 7 - need + bonus, "{traits:?} hq={hq}");
            let fail_face = (need - 1 - bonus) as u8;
            let (_, res) = drive(p.as_ref(), &ctx, &[&[fail_face]]);
            assert_eq!(
                res.summary, "stays pinned",
                "{traits:?} hq={hq} on {fail_face}"
            );
            let (_, res) = drive(p.as_ref(), &ctx, &[&[fail_face + 1]]);
            assert_eq!(
                res.summary,
                "rallies",
                "{traits:?} hq={hq} on {}",
                fail_face + 1
            );
            let mut after = st.clone();
            res.events.iter().for_each(|e| after.apply(e));
            assert!(!after.piece(inf).flag(PINNED));
            // Rallied, it may carry out its declared Move.
            let ctx = Context {
                roster: &b.roster,
                state: &after,
            };
            assert!(
                SYSTEM
                    .procedure(&ctx, &call(P_MOVE, &[inf], &[], &[]))
                    .is_ok()
            );
        }
    }
}

#[test]
fn command_roll_beyond_six_hexes_of_the_hq() {
    let mut b = battle(
        vec![
            unit("inf", INFANTRY, &[]),
            unit("hq", HQ, &[]),
            unit("inf2", INFANTRY, &[]),
            unit("hq2", HQ, &[]),
        ],
        vec![unit("foe", INFANTRY, &[])],
    );
    let (inf, hq, inf2) = (id(&b, RED, "inf"), id(&b, RED, "hq"), id(&b, RED, "inf2"));
    let far = [(Q_FIRST, "Move"), (Q_SECOND, "Shoot"), (Q_NEAR_HQ, "1")];
    start(&mut b, P_ACTIVATE, &[inf], &[], &far).unwrap();
    let req = dice_request(&b);
    assert_eq!(req.rule, "§4.4");
    let odds: Vec<u128> = req.band_odds().iter().map(|(_, w, _)| *w).collect();
    assert_eq!(odds, [3, 3], "4+ on 1D6 is a half");
    b.enter_faces("3").unwrap();
    assert!(status(&b, inf).flag(NO_MOVE));
    let why = refusal(&b, &call(P_MOVE, &[inf], &[], &[]));
    assert!(
        why.contains("command roll") && why.contains("§4.4"),
        "{why}"
    );
    // It may still take its other action.
    assert!(
        SYSTEM
            .procedure(
                &b.context(),
                &call(P_SHOOT, &[inf], &[id(&b, WHITE, "foe")], &[])
            )
            .is_ok()
    );
    // Passing lets it move; the HQ never rolls; near the HQ nobody rolls.
    start(&mut b, P_ACTIVATE, &[inf2], &[], &far).unwrap();
    b.enter_faces("4").unwrap();
    assert!(!status(&b, inf2).flag(NO_MOVE));
    start(
        &mut b,
        P_ACTIVATE,
        &[hq],
        &[],
        &[(Q_FIRST, "Move"), (Q_SECOND, "None"), (Q_NEAR_HQ, "1")],
    )
    .unwrap();
    assert!(b.pending().is_none(), "HQ exempt (§4.4)");
    assert!(
        !activation_questions(&b, id(&b, RED, "hq2")).contains(&Q_NEAR_HQ),
        "an HQ is asked no distance"
    );
}

#[test]
fn observers_direct_mortars_and_artillery() {
    let mut b = battle(
        vec![
            unit("mortar", MORTAR, &[]),
            unit("hq", HQ, &[]),
            unit("fao", FAO, &[]),
            unit("guns", ARTILLERY, &["unlimbered"]),
            Unit {
                group: Some("other corps".into()),
                ..unit("other_hq", HQ, &[])
            },
        ],
        vec![unit("foe", INFANTRY, &[])],
    );
    let r = |s: &str| id(&b, RED, s);
    let (mortar, hq, fao, guns, other) = (r("mortar"), r("hq"), r("fao"), r("guns"), r("other_hq"));
    let foe = id(&b, WHITE, "foe");
    activate(&mut b, mortar, "Shoot", "None");
    activate(&mut b, guns, "Shoot", "None");
    let why = refusal(
        &b,
        &call(P_SHOOT, &[mortar], &[foe], &[]).clone_with_actors(&[mortar, other]),
    );
    assert!(why.contains("own HQ") && why.contains("§6.3"), "{why}");
    let why = refusal(&b, &call(P_SHOOT, &[guns, hq], &[foe], &[]));
    assert!(why.contains("FAO"), "{why}");
    let why = refusal(
        &b,
        &call(P_SHOOT, &[mortar, hq], &[foe], &[(Q_OBSERVER_RANGE, "1")]),
    );
    assert!(why.contains("too far"), "{why}");
    start(&mut b, P_SHOOT, &[mortar, hq], &[foe], &[]).unwrap();
    assert_eq!(dice_request(&b).dice.count, 2);
    b.enter_faces("1 1").unwrap();
    assert_eq!(
        status(&b, hq).track(ACTIONS),
        1,
        "the observer spends a Shoot"
    );
    // The HQ now has one action left to declare.
    let why = refusal(
        &b,
        &call(
            P_ACTIVATE,
            &[hq],
            &[],
            &[(Q_FIRST, "Move"), (Q_SECOND, "Move")],
        ),
    );
    assert!(why.contains("observing"), "{why}");
    activate(&mut b, hq, "Move", "None");
    assert_eq!(status(&b, hq).mark(ORDERS), Some("Shoot + Move"));
    // Artillery through the FAO, activated with Shoot declared.
    activate(&mut b, fao, "Shoot", "Move");
    start(&mut b, P_SHOOT, &[guns, fao], &[foe], &[]).unwrap();
    b.enter_faces("1 1 1").unwrap();
    assert_eq!(status(&b, fao).mark(DONE), Some("Shoot"));
}

trait WithActors {
    fn clone_with_actors(&self, actors: &[PieceId]) -> Call;
}

impl WithActors for Call {
    fn clone_with_actors(&self, actors: &[PieceId]) -> Call {
        Call {
            actors: actors.to_vec(),
            ..self.clone()
        }
    }
}

/// The activation offer's questions for `u`, by key.
fn activation_questions(b: &Battle, u: PieceId) -> Vec<&'static str> {
    SYSTEM
        .offers(&b.context(), &[u], &[])
        .into_iter()
        .find(|o| o.id == P_ACTIVATE)
        .expect("the activation is offered")
        .params
        .iter()
        .map(|p| p.key)
        .collect()
}

// The rules, "Command": "If a unit is not within 6 hexes of its HQ then it must roll 4,5 or 6
// on a die to move." With its HQ destroyed no unit is within 6 hexes of it: a Move needs the
// roll, and the activation no longer asks how far the HQ is.
#[test]
fn with_its_hq_destroyed_a_unit_rolls_to_move() {
    let mut b = battle(
        vec![unit("inf", INFANTRY, &[]), unit("hq", HQ, &[])],
        vec![unit("foe", INFANTRY, &[])],
    );
    let (inf, hq) = (id(&b, RED, "inf"), id(&b, RED, "hq"));
    assert!(activation_questions(&b, inf).contains(&Q_NEAR_HQ));
    b = common::with(&b, vec![common::flag(hq, DESTROYED)]);
    let near = [(Q_FIRST, "Move"), (Q_SECOND, "Shoot"), (Q_NEAR_HQ, "0")];
    start(&mut b, P_ACTIVATE, &[inf], &[], &near).unwrap();
    let req = dice_request(&b);
    assert_eq!(req.rule, "§4.4");
    let odds: Vec<u128> = req.band_odds().iter().map(|(_, w, _)| *w).collect();
    assert_eq!(odds, [3, 3], "4, 5 or 6 on a die");
    b.enter_faces("2").unwrap();
    assert!(status(&b, inf).flag(NO_MOVE));
    assert!(
        !activation_questions(&b, id(&b, RED, "inf")).contains(&Q_NEAR_HQ),
        "its HQ is gone: nothing to ask"
    );
}

// The rules, "Pinned": "An elite unit rallies on a roll of 3 or better, average troops on a 4
// or better, conscripts on a 5 or better. +1 to the die if an HQ is adjacent." With no HQ of
// its side left on the table none can be adjacent: average troops rally on 4+ (one half), not
// 3+ (two thirds), and the rally does not ask.
#[test]
fn with_no_hq_left_a_rally_takes_no_hq_bonus() {
    let b = battle(
        vec![unit("inf", INFANTRY, &[]), unit("hq", HQ, &[])],
        vec![unit("foe", INFANTRY, &[])],
    );
    let (inf, hq) = (id(&b, RED, "inf"), id(&b, RED, "hq"));
    let mut b = common::with(
        &b,
        vec![common::flag(inf, PINNED), common::flag(hq, DESTROYED)],
    );
    activate(&mut b, inf, "Rally", "None");
    let rally = SYSTEM
        .offers(&b.context(), &[inf], &[])
        .into_iter()
        .find(|o| o.id == P_RALLY)
        .expect("the rally is offered");
    assert!(rally.refused.is_none(), "{:?}", rally.refused);
    let why = match SYSTEM.procedure(
        &b.context(),
        &call(P_RALLY, &[inf], &[], &[(Q_HQ_ADJACENT, "1")]),
    ) {
        Err(r) => format!("{} ({})", r.reason, r.rule),
        Ok(p) => {
            let Step::Dice(req) = p.step(&b.context(), &[]) else {
                panic!()
            };
            panic!("an HQ adjacent taken as {:+}", req.dice.modifier_total());
        }
    };
    assert!(why.contains("HQ") && why.contains("§5.5"), "{why}");
    assert!(
        rally.params.iter().all(|p| p.key != Q_HQ_ADJACENT),
        "no HQ is left to be adjacent: nothing to ask"
    );
    start(&mut b, P_RALLY, &[inf], &[], &[]).unwrap();
    let req = dice_request(&b);
    assert_eq!(req.dice.modifier_total(), 0);
    let rallies: u128 = req
        .band_odds()
        .iter()
        .filter(|(band, _, _)| band.label == "rallies")
        .map(|(_, w, _)| *w)
        .sum();
    assert_eq!(rallies, 3, "4, 5 or 6 of six");
}
