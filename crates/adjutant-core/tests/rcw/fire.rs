//! Fire: hit numbers by the target's state, one hit pinning and a second in the player turn
//! destroying, hits reset with the player turn, elite units ignoring a first hit, and armour.

use super::*;

#[test]
fn hit_numbers_follow_the_target_state() {
    let mut b = battle(
        vec![unit("mg", MG, &[])],
        vec![
            unit("inf", INFANTRY, &[]),
            unit("dug_in", INFANTRY, &["entrenched"]),
            unit("car", ARMOURED_CAR, &[]),
        ],
    );
    let mg = id(&b, RED, "mg");
    activate(&mut b, mg, "Shoot", "None");
    let (inf, dug, car) = (
        id(&b, WHITE, "inf"),
        id(&b, WHITE, "dug_in"),
        id(&b, WHITE, "car"),
    );
    let st = b.state().clone();
    assert_eq!(at_least(&shot_request(&b, &st, mg, inf, "0")), 4, "open");
    assert_eq!(
        at_least(&shot_request(&b, &st, mg, inf, "1")),
        5,
        "obscured"
    );
    assert_eq!(
        at_least(&shot_request(&b, &st, mg, inf, "2")),
        6,
        "entrenched (village)"
    );
    assert_eq!(
        at_least(&shot_request(&b, &st, mg, dug, "0")),
        6,
        "entrenched at set-up"
    );
    assert_eq!(
        at_least(&shot_request(&b, &st, mg, car, "0")),
        6,
        "armoured"
    );
    let pinned = with(&b, inf, &[on(PINNED)]);
    assert_eq!(
        at_least(&shot_request(&b, &pinned, mg, inf, "0")),
        6,
        "pinned"
    );
    assert_eq!(
        at_least(&shot_request(&b, &pinned, mg, inf, "1")),
        6,
        "pinned and obscured"
    );
    // The choice text works as well as its index.
    let req = shot_request(&b, &st, mg, inf, "Obscured (woods, village, hedge, wall)");
    assert_eq!(at_least(&req), 5);
}

#[test]
fn one_hit_pins_and_a_second_in_the_player_turn_destroys() {
    let mut b = battle(
        vec![
            unit("mg1", MG, &[]),
            unit("mg2", MG, &[]),
            unit("mg3", MG, &[]),
        ],
        vec![unit("inf", INFANTRY, &[]), unit("other", INFANTRY, &[])],
    );
    let (m1, m2, m3) = (id(&b, RED, "mg1"), id(&b, RED, "mg2"), id(&b, RED, "mg3"));
    let (inf, other) = (id(&b, WHITE, "inf"), id(&b, WHITE, "other"));
    for m in [m1, m2, m3] {
        activate(&mut b, m, "Shoot", "None");
    }
    start(&mut b, P_SHOOT, &[m1], &[inf], &[]).unwrap();
    b.enter_faces("6 1 2").unwrap();
    assert!(status(&b, inf).flag(PINNED));
    assert_eq!(status(&b, inf).track(HITS), 1);
    assert!(!status(&b, inf).flag(DESTROYED));
    start(&mut b, P_SHOOT, &[m2], &[inf], &[]).unwrap();
    assert_eq!(at_least(&dice_request(&b)), 6, "pinned now");
    b.enter_faces("6 1 1").unwrap();
    assert!(status(&b, inf).flag(DESTROYED), "second hit destroys");
    // Two hits in one shot destroy at once.
    start(&mut b, P_SHOOT, &[m3], &[other], &[]).unwrap();
    b.enter_faces("4 5 1").unwrap();
    assert!(status(&b, other).flag(DESTROYED));
    // Each MG has used its one declared action.
    assert_eq!(status(&b, m1).track(ACTIONS), 1);
}

#[test]
fn hits_reset_with_the_player_turn_but_a_pin_stays() {
    let mut b = battle(vec![unit("mg", MG, &[])], vec![unit("inf", INFANTRY, &[])]);
    let (mg, inf) = (id(&b, RED, "mg"), id(&b, WHITE, "inf"));
    activate(&mut b, mg, "Shoot", "None");
    start(&mut b, P_SHOOT, &[mg], &[inf], &[]).unwrap();
    b.enter_faces("6 1 1").unwrap();
    start(&mut b, P_END_TURN, &[], &[], &[]).unwrap();
    assert_eq!(b.state().side, WHITE);
    assert_eq!(status(&b, inf).track(HITS), 0, "hits reset");
    assert!(status(&b, inf).flag(PINNED), "the pin stays until rallied");
    assert!(!status(&b, mg).flag(ACTIVATED), "activation reset");
    assert_eq!(status(&b, mg).track(ACTIONS), 0);
    start(&mut b, P_END_TURN, &[], &[], &[]).unwrap();
    assert_eq!((b.state().side, b.state().turn), (RED, 2));
    // A pinned unit hit again, in a later player turn, is destroyed by one hit.
    activate(&mut b, mg, "Shoot", "None");
    start(&mut b, P_SHOOT, &[mg], &[inf], &[]).unwrap();
    b.enter_faces("6 1 1").unwrap();
    assert!(status(&b, inf).flag(DESTROYED));
}

#[test]
fn elite_ignore_the_first_hit_each_player_turn() {
    let mut b = battle(
        vec![
            unit("mg1", MG, &[]),
            unit("mg2", MG, &[]),
            unit("mg3", MG, &[]),
        ],
        vec![
            unit("guard", INFANTRY, &["elite"]),
            unit("guard2", INFANTRY, &["elite"]),
        ],
    );
    let (m1, m2, m3) = (id(&b, RED, "mg1"), id(&b, RED, "mg2"), id(&b, RED, "mg3"));
    let (g, g2) = (id(&b, WHITE, "guard"), id(&b, WHITE, "guard2"));
    for m in [m1, m2, m3] {
        activate(&mut b, m, "Shoot", "None");
    }
    start(&mut b, P_SHOOT, &[m1], &[g], &[]).unwrap();
    b.enter_faces("6 1 1").unwrap();
    let s = status(&b, g);
    assert!(!s.flag(PINNED) && s.flag(ELITE_USED) && s.track(HITS) == 0);
    start(&mut b, P_SHOOT, &[m2], &[g], &[]).unwrap();
    b.enter_faces("6 1 1").unwrap();
    assert!(status(&b, g).flag(PINNED), "the second hit pins");
    assert!(!status(&b, g).flag(DESTROYED));
    // Two hits in one shot on a fresh elite unit: one ignored, one pins.
    start(&mut b, P_SHOOT, &[m3], &[g2], &[]).unwrap();
    let req = dice_request(&b);
    let labels: Vec<&str> = req.bands.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "0 hits: no effect",
            "1 hit: first hit ignored (elite)",
            "2 hits: first hit ignored (elite), pinned",
            "3 hits: destroyed"
        ]
    );
    b.enter_faces("6 6 1").unwrap();
    assert!(status(&b, g2).flag(PINNED) && !status(&b, g2).flag(DESTROYED));
    // The next player turn, the elite unit may ignore a first hit again.
    start(&mut b, P_END_TURN, &[], &[], &[]).unwrap();
    assert!(!status(&b, g).flag(ELITE_USED));
}

#[test]
fn armour_falls_only_to_artillery_tanks_trains_and_assault() {
    for (kind, breaks) in [
        (INFANTRY, false),
        (MG, false),
        (MORTAR, false),
        (CAVALRY, false),
        (ARMOURED_CAR, false),
        (ARTILLERY, true),
        (TANK, true),
        (ARMOURED_TRAIN, true),
    ] {
        let mut b = battle(
            vec![unit("firer", kind, &["unlimbered"])],
            vec![unit("car", ARMOURED_CAR, &[])],
        );
        let (f, car) = (id(&b, RED, "firer"), id(&b, WHITE, "car"));
        activate(&mut b, f, "Shoot", "None");
        start(&mut b, P_SHOOT, &[f], &[car], &[]).unwrap();
        let n = dice_request(&b).dice.count as usize;
        b.enter_faces(&vec!["6"; n].join(" ")).unwrap();
        let s = status(&b, car);
        assert!(s.flag(PINNED) || s.flag(DESTROYED), "{kind}: any fire pins");
        assert_eq!(s.flag(DESTROYED), breaks && n >= 2, "{kind} against armour");
    }
    // A pinned armoured car hit by a tank is destroyed by one hit.
    let b = battle(
        vec![unit("tank", TANK, &[])],
        vec![unit("car", ARMOURED_CAR, &[])],
    );
    let (tank, car) = (id(&b, RED, "tank"), id(&b, WHITE, "car"));
    let mut st = with(&b, car, &[on(PINNED)]);
    st.apply(&Event::Piece {
        piece: tank,
        change: on(ACTIVATED),
    });
    st.apply(&Event::Piece {
        piece: tank,
        change: Change::Mark {
            key: ORDERS.into(),
            to: Some("Shoot".into()),
        },
    });
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let p = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[tank], &[car], &[]))
        .unwrap();
    let (_, res) = drive(p.as_ref(), &ctx, &[&[6, 1, 1]]);
    assert_eq!(res.summary, "destroyed");
    // Close assault destroys armour whoever makes it.
    let mut b = battle(
        vec![unit("inf", INFANTRY, &[])],
        vec![unit("car", ARMOURED_CAR, &[])],
    );
    let (inf, car) = (id(&b, RED, "inf"), id(&b, WHITE, "car"));
    activate(&mut b, inf, "Close assault", "None");
    start(&mut b, P_ASSAULT, &[inf], &[car], &[]).unwrap();
    b.enter_faces("6 6").unwrap();
    b.enter_faces("1 1").unwrap();
    assert!(status(&b, car).flag(DESTROYED));
}

// One shooting die is "1 die", never "1 dice": in the offer and in the roll's words.
#[test]
fn one_shooting_die_reads_one_die() {
    let mut b = battle(
        vec![unit("inf", INFANTRY, &[]), unit("mg", MG, &[])],
        vec![unit("foe", INFANTRY, &[])],
    );
    let (inf, mg, foe) = (id(&b, RED, "inf"), id(&b, RED, "mg"), id(&b, WHITE, "foe"));
    let label = |b: &Battle, u| {
        SYSTEM
            .offers(&b.context(), &[u], &[foe])
            .into_iter()
            .find(|o| o.id == P_SHOOT)
            .expect("the shot is offered")
            .label
    };
    assert!(label(&b, inf).ends_with("(1 die)"), "{}", label(&b, inf));
    assert!(label(&b, mg).ends_with("(3 dice)"), "{}", label(&b, mg));
    activate(&mut b, inf, "Shoot", "None");
    start(&mut b, P_SHOOT, &[inf], &[foe], &[]).unwrap();
    let Some(Step::Dice(req)) = b.step() else {
        panic!("the shot asks for its die")
    };
    assert!(
        req.label.contains("inf shoots: 1 die hitting on"),
        "{}",
        req.label
    );
}

// A unit recorded entrenched is hit on 6 wherever it stands (§5.1, §5.6): the shot does not
// ask where it stands, so it never says "Target: In the open" for it.
#[test]
fn a_shot_at_a_unit_recorded_entrenched_does_not_ask_its_cover() {
    let b = battle(vec![unit("mg", MG, &[])], vec![unit("foe", INFANTRY, &[])]);
    let (mg, foe) = (id(&b, RED, "mg"), id(&b, WHITE, "foe"));
    let keys = |b: &Battle| -> Vec<&'static str> {
        SYSTEM
            .offers(&b.context(), &[mg], &[foe])
            .into_iter()
            .find(|o| o.id == P_SHOOT)
            .expect("the shot is offered")
            .params
            .iter()
            .map(|p| p.key)
            .collect()
    };
    assert!(keys(&b).contains(&Q_COVER), "in the open or not: asked");
    let dug_in = common::with(&b, vec![common::flag(foe, ENTRENCHED)]);
    assert!(
        !keys(&dug_in).contains(&Q_COVER),
        "recorded entrenched: not asked"
    );
}
