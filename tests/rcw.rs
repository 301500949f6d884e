//! The RCW rule system (docs/rules/rcw.md): unit-table dice, hit numbers, pinning and destruction
//! over a player turn, elite and armour rules, rally, the repeating close assault, the
//! refusals, the turn, exact odds and the shipped army files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use adjutant::army::{Army, Unit, load_army};
use adjutant::battle::state::{BattleState, Context};
use adjutant::battle::{Action, ActionError, Battle};
use adjutant::dice::Rolled;
use adjutant::event::{Event, PieceId};
use adjutant::odds::{Limits, procedure_odds, procedure_odds_within};
use adjutant::procedure::{Call, DiceRequest, Input, Procedure, Reading, Resolution, Step};
use adjutant::rules::RuleSystem;
use adjutant::rules::rcw::SYSTEM;
use adjutant::rules::rcw::keys::*;
use adjutant::status::{Change, Status};

const RED: usize = 0;
const WHITE: usize = 1;

fn unit(id: &str, kind: &str, traits: &[&str]) -> Unit {
    Unit {
        id: id.into(),
        name: id.into(),
        kind: kind.into(),
        leader: None,
        stats: BTreeMap::new(),
        traits: traits
            .iter()
            .map(|t| t.to_string())
            .collect::<BTreeSet<_>>(),
        group: Some("corps".into()),
        notes: String::new(),
    }
}

fn army(side: &str, units: Vec<Unit>) -> Army {
    Army {
        system: "rcw".into(),
        name: format!("Test {side}"),
        side: side.into(),
        description: String::new(),
        leaders: Vec::new(),
        units,
    }
}

/// A battle with the Reds to play first (roll-off 6 against 1).
fn battle(reds: Vec<Unit>, whites: Vec<Unit>) -> Battle {
    let mut b = Battle::new("rcw", vec![army("Reds", reds), army("Whites", whites)], 7).unwrap();
    start(&mut b, P_FIRST_PLAYER, &[], &[], &[]).unwrap();
    b.enter_faces("6").unwrap();
    b.enter_faces("1").unwrap();
    assert!(b.pending().is_none());
    assert_eq!(b.state().side, RED);
    b
}

fn id(b: &Battle, side: usize, uid: &str) -> PieceId {
    b.roster
        .find(side, uid)
        .unwrap_or_else(|| panic!("no unit {uid}"))
}

fn call(pid: &str, actors: &[PieceId], targets: &[PieceId], params: &[(&str, &str)]) -> Call {
    Call {
        id: pid.into(),
        actors: actors.to_vec(),
        targets: targets.to_vec(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

fn start(
    b: &mut Battle,
    pid: &str,
    actors: &[PieceId],
    targets: &[PieceId],
    params: &[(&str, &str)],
) -> Result<(), ActionError> {
    b.start(Action::Procedure(call(pid, actors, targets, params)))
}

/// Activates a unit with its two actions ("None" for one).
fn activate(b: &mut Battle, u: PieceId, first: &str, second: &str) {
    start(
        b,
        P_ACTIVATE,
        &[u],
        &[],
        &[(Q_FIRST, first), (Q_SECOND, second)],
    )
    .unwrap();
    assert!(b.pending().is_none(), "activation needed no dice");
}

fn status(b: &Battle, u: PieceId) -> &Status {
    b.state().piece(u)
}

fn dice_request(b: &Battle) -> DiceRequest {
    match b.step() {
        Some(Step::Dice(req)) => req,
        other => panic!("expected dice, got {other:?}"),
    }
}

fn at_least(req: &DiceRequest) -> u8 {
    match req.reading {
        Reading::Successes { at_least } => at_least,
        Reading::Total => panic!("expected a hit count"),
    }
}

/// Drives a procedure with these faces, one slice per dice request.
fn drive(p: &dyn Procedure, ctx: &Context, faces: &[&[u8]]) -> (Resolution, Vec<DiceRequest>) {
    let mut inputs = Vec::new();
    let mut requests = Vec::new();
    loop {
        match p.step(ctx, &inputs) {
            Step::Dice(req) => {
                let f = faces
                    .get(requests.len())
                    .unwrap_or_else(|| panic!("ran out of faces at {}", req.label));
                inputs.push(Input::Dice(Rolled {
                    dice: req.dice.clone(),
                    faces: f.to_vec(),
                    typed: true,
                }));
                requests.push(req);
            }
            Step::Done(res) => return (res, requests),
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The state with these status changes applied to a piece.
fn with(b: &Battle, u: PieceId, changes: &[Change]) -> BattleState {
    let mut st = b.state().clone();
    for c in changes {
        st.apply(&Event::Piece {
            piece: u,
            change: c.clone(),
        });
    }
    st
}

fn on(key: &str) -> Change {
    Change::Flag {
        key: key.into(),
        on: true,
    }
}

fn refusal(b: &Battle, c: &Call) -> String {
    match SYSTEM.procedure(&b.context(), c) {
        Err(r) => format!("{} ({})", r.reason, r.rule),
        Ok(p) => panic!("expected a refusal, got {}", p.title()),
    }
}

/// The unit table: (kind, shooting dice, assault dice).
const TABLE: [(&str, u8, u8); 11] = [
    (HQ, 0, 1),
    (FAO, 0, 1),
    (INFANTRY, 1, 3),
    (MG, 3, 2),
    (MORTAR, 2, 1),
    (CAVALRY, 1, 3),
    (ARTILLERY, 3, 1),
    (ARMOURED_CAR, 2, 2),
    (TANK, 3, 3),
    (WAGON, 0, 0),
    (ARMOURED_TRAIN, 3, 4),
];

#[test]
fn every_unit_type_shoots_its_table_dice() {
    for (kind, shooting, _) in TABLE {
        let mut b = battle(
            vec![unit("firer", kind, &["unlimbered"])],
            vec![unit("target", INFANTRY, &[])],
        );
        let (f, t) = (id(&b, RED, "firer"), id(&b, WHITE, "target"));
        let shoot = call(P_SHOOT, &[f], &[t], &[]);
        if shooting == 0 {
            assert!(refusal(&b, &shoot).contains("cannot shoot"), "{kind}");
            continue;
        }
        activate(&mut b, f, "Shoot", "None");
        b.start(Action::Procedure(shoot)).unwrap();
        let req = dice_request(&b);
        assert_eq!(req.dice.count, shooting, "{kind} shooting dice");
        assert_eq!(at_least(&req), 4, "{kind} at a target in the open");
    }
}

/// The RCW system with the switch `assault_dice_column` on: close-assault dice from the unit
/// table's column (docs/rules/rcw.md §7.2).
fn column_system() -> adjutant::rules::rcw::Rcw {
    let text = "(version: 1, switches: (assault_dice_column: 1))";
    let tables = adjutant::rules::rcw::overrides::load_overrides_str("rcw.ron", text).unwrap();
    adjutant::rules::rcw::Rcw {
        tables: Box::leak(Box::new(tables)),
    }
}

/// The dice of the first two requests of an assault (attacker, then defender after a miss);
/// `None` for the defender when it has none (round 2 follows).
fn assault_dice(sys: &dyn RuleSystem, b: &Battle, a: PieceId, d: PieceId) -> (u8, Option<u8>) {
    let mut st = b.state().clone();
    for c in [
        on(ACTIVATED),
        Change::Mark {
            key: ORDERS.into(),
            to: Some("Close assault".into()),
        },
    ] {
        st.apply(&Event::Piece {
            piece: a,
            change: c,
        });
    }
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let p = sys
        .procedure(&ctx, &call(P_ASSAULT, &[a], &[d], &[]))
        .unwrap();
    let Step::Dice(first) = p.step(&ctx, &[]) else {
        panic!()
    };
    let miss = Input::Dice(Rolled {
        faces: vec![1; usize::from(first.dice.count)],
        dice: first.dice.clone(),
        typed: true,
    });
    let Step::Dice(next) = p.step(&ctx, &[miss]) else {
        panic!()
    };
    let defender = (!next.label.starts_with("Round 2")).then_some(next.dice.count);
    (first.dice.count, defender)
}

#[test]
fn every_unit_type_rolls_its_table_assault_dice_under_the_switch() {
    let column = column_system();
    for (kind, _, assault) in TABLE {
        // As defender: the attacker misses, then the defender rolls its dice. By default
        // every unit rolls 2 (the wagon, with none in the table, none).
        let b = battle(
            vec![unit("attacker", INFANTRY, &[])],
            vec![unit("defender", kind, &[])],
        );
        let (a, d) = (id(&b, RED, "attacker"), id(&b, WHITE, "defender"));
        let want = (assault > 0).then_some(assault);
        assert_eq!(assault_dice(&column, &b, a, d), (3, want), "{kind}");
        let seed = (assault > 0).then_some(2);
        assert_eq!(assault_dice(&SYSTEM, &b, a, d), (2, seed), "{kind}");
        // As attacker, where the kind may initiate.
        let mut b = battle(
            vec![unit("attacker", kind, &[])],
            vec![unit("defender", INFANTRY, &[])],
        );
        let (a, d) = (id(&b, RED, "attacker"), id(&b, WHITE, "defender"));
        let c = call(P_ASSAULT, &[a], &[d], &[]);
        if [INFANTRY, CAVALRY, TANK].contains(&kind) {
            assert_eq!(
                assault_dice(&column, &b, a, d).0,
                assault,
                "{kind} attacking"
            );
            activate(&mut b, a, "Close assault", "None");
            b.start(Action::Procedure(c)).unwrap();
            assert_eq!(dice_request(&b).dice.count, 2, "{kind} attacking");
        } else {
            let why = refusal(&b, &c);
            assert!(
                why.contains("may not initiate") && why.contains("§7.1"),
                "{why}"
            );
        }
    }
}

fn shot_request(b: &Battle, st: &BattleState, f: PieceId, t: PieceId, cover: &str) -> DiceRequest {
    let ctx = Context {
        roster: &b.roster,
        state: st,
    };
    let p = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[f], &[t], &[(Q_COVER, cover)]))
        .unwrap();
    match p.step(&ctx, &[]) {
        Step::Dice(req) => req,
        other => panic!("{other:?}"),
    }
}

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
    let (res, _) = drive(p.as_ref(), &ctx, &[&[6, 1, 1]]);
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
            b.start(Action::Roll(adjutant::dice::Dice::new(
                1,
                adjutant::dice::Die::D6,
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
            let (res, _) = drive(act.as_ref(), &ctx, &[]);
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
            let (res, _) = drive(p.as_ref(), &ctx, &[&[fail_face]]);
            assert_eq!(
                res.summary, "stays pinned",
                "{traits:?} hq={hq} on {fail_face}"
            );
            let (res, _) = drive(p.as_ref(), &ctx, &[&[fail_face + 1]]);
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
fn close_assault_repeats_until_the_defender_falls() {
    let mut b = battle(
        vec![unit("attacker", INFANTRY, &[])],
        vec![unit("defender", INFANTRY, &[])],
    );
    let (a, d) = (id(&b, RED, "attacker"), id(&b, WHITE, "defender"));
    activate(&mut b, a, "Close assault", "None");
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, &call(P_ASSAULT, &[a], &[d], &[]))
        .unwrap();
    let (res, reqs) = drive(
        p.as_ref(),
        &ctx,
        &[
            &[1, 2], // round 1: attacker misses (2 dice, §7.2)
            &[3, 2], // defender misses
            &[6, 1], // round 2: defender pinned
            &[1, 2], // defender misses
            &[5, 5], // round 3: pinned defender is hit only on 6
            &[2],    // the pinned defender rolls 1 die
            &[6, 2], // round 4: defender destroyed
            &[6],    // and the attacker pinned, simultaneously
        ],
    );
    let shape: Vec<(u8, u8)> = reqs.iter().map(|r| (r.dice.count, at_least(r))).collect();
    assert_eq!(
        shape,
        [
            (2, 4),
            (2, 4),
            (2, 4),
            (2, 4),
            (2, 6),
            (1, 4),
            (2, 6),
            (1, 4)
        ]
    );
    assert!(reqs[6].label.starts_with("Round 4"));
    assert_eq!(res.summary, "defender destroyed; attacker occupies");
    let mut st = b.state().clone();
    res.events.iter().for_each(|e| st.apply(e));
    assert!(st.piece(d).flag(DESTROYED));
    assert!(st.piece(a).flag(PINNED) && !st.piece(a).flag(DESTROYED));
    assert_eq!(st.piece(a).track(ACTIONS), 1);
}

#[test]
fn close_assault_ends_when_the_attacker_is_pinned() {
    let b = battle(vec![unit("a", CAVALRY, &[])], vec![unit("d", MG, &[])]);
    let (a, d) = (id(&b, RED, "a"), id(&b, WHITE, "d"));
    let mut st = b.state().clone();
    for c in [
        on(ACTIVATED),
        Change::Mark {
            key: ORDERS.into(),
            to: Some("Close assault".into()),
        },
    ] {
        st.apply(&Event::Piece {
            piece: a,
            change: c,
        });
    }
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    // Attacked in the flank, the MG rolls 1 die; the attacker obscured is hit on 5+.
    let c = call(
        P_ASSAULT,
        &[a],
        &[d],
        &[(Q_FACING, "1"), (Q_ATTACKER_COVER, "1")],
    );
    let p = SYSTEM.procedure(&ctx, &c).unwrap();
    let (res, reqs) = drive(p.as_ref(), &ctx, &[&[1, 1, 1], &[4], &[2, 2, 2], &[5]]);
    assert_eq!((reqs[1].dice.count, at_least(&reqs[1])), (1, 5));
    assert_eq!(reqs.len(), 4);
    assert_eq!(res.summary, "a pinned; the assault is over");
}

#[test]
fn refusals_name_the_rule() {
    let mut b = battle(
        vec![
            unit("inf", INFANTRY, &[]),
            unit("guns", ARTILLERY, &[]),
            unit("deployed", ARTILLERY, &["unlimbered"]),
            unit("wagon", WAGON, &[]),
            unit("mg", MG, &[]),
        ],
        vec![unit("foe", INFANTRY, &[])],
    );
    let r = |s: &str| id(&b, RED, s);
    let (inf, guns, deployed, wagon, mg) =
        (r("inf"), r("guns"), r("deployed"), r("wagon"), r("mg"));
    let foe = id(&b, WHITE, "foe");
    // Actions before activation.
    assert!(refusal(&b, &call(P_MOVE, &[inf], &[], &[])).contains("activate inf first"));
    // Artillery: limbered may not shoot, unlimbered may not move.
    activate(&mut b, guns, "Shoot", "Move");
    activate(&mut b, deployed, "Move", "Shoot");
    let why = refusal(&b, &call(P_SHOOT, &[guns], &[foe], &[]));
    assert!(why.contains("limbered") && why.contains("§4.6"), "{why}");
    let why = refusal(&b, &call(P_MOVE, &[deployed], &[], &[]));
    assert!(why.contains("unlimbered") && why.contains("§4.6"), "{why}");
    // Wagons may not initiate an assault, nor declare one.
    let why = refusal(&b, &call(P_ASSAULT, &[wagon], &[foe], &[]));
    assert!(
        why.contains("may not initiate") && why.contains("§7.1"),
        "{why}"
    );
    let why = refusal(
        &b,
        &call(P_ACTIVATE, &[wagon], &[], &[(Q_FIRST, "Close assault")]),
    );
    assert!(why.contains("§7.1"), "{why}");
    // Shoot declared twice is refused (§4.3); Move twice is fine.
    let why = refusal(
        &b,
        &call(
            P_ACTIVATE,
            &[mg],
            &[],
            &[(Q_FIRST, "Shoot"), (Q_SECOND, "Shoot")],
        ),
    );
    assert!(why.contains("§4.3"), "{why}");
    // A third action.
    activate(&mut b, inf, "Move", "Move");
    start(&mut b, P_MOVE, &[inf], &[], &[]).unwrap();
    start(&mut b, P_MOVE, &[inf], &[], &[]).unwrap();
    let why = refusal(&b, &call(P_MOVE, &[inf], &[], &[]));
    assert!(why.contains("2 actions") && why.contains("§4.3"), "{why}");
    // An undeclared action.
    let why = refusal(&b, &call(P_LIMBER, &[deployed], &[], &[]));
    assert!(why.contains("did not declare Limber/Unlimber"), "{why}");
    // Pinned units may not move, shoot or assault.
    let st = with(&b, mg, &[on(PINNED)]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    for c in [
        call(P_MOVE, &[mg], &[], &[]),
        call(P_SHOOT, &[mg], &[foe], &[]),
        call(P_ASSAULT, &[inf], &[foe], &[]),
    ] {
        let st2;
        let ctx = if c.id == P_ASSAULT {
            st2 = with(&b, inf, &[on(PINNED)]);
            Context {
                roster: &b.roster,
                state: &st2,
            }
        } else {
            ctx
        };
        let why = SYSTEM
            .procedure(&ctx, &c)
            .err()
            .expect("refused")
            .to_string();
        assert!(
            why.contains("pinned") && why.contains("§5.5"),
            "{}: {why}",
            c.id
        );
    }
    // The enemy's units wait for their own player turn.
    let why = refusal(&b, &call(P_ACTIVATE, &[foe], &[], &[]));
    assert!(why.contains("player turn"), "{why}");
    // Out of range, and shooting a friend.
    let why = refusal(&b, &call(P_SHOOT, &[deployed], &[foe], &[(Q_RANGE, "1")]));
    assert!(
        why.contains("beyond") && why.contains("range of 18"),
        "{why}"
    );
    let why = refusal(&b, &call(P_SHOOT, &[deployed], &[inf], &[]));
    assert!(why.contains("friendly"), "{why}");
    // The offers carry the same refusals.
    let offers = SYSTEM.offers(&b.context(), &[inf], &[]);
    let mv = offers.iter().find(|o| o.id == P_MOVE).unwrap();
    assert!(mv.refused.as_ref().unwrap().rule.contains("§4.3"));
}

#[test]
fn command_roll_beyond_six_hexes_of_the_hq() {
    let mut b = battle(
        vec![
            unit("inf", INFANTRY, &[]),
            unit("hq", HQ, &[]),
            unit("inf2", INFANTRY, &[]),
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
        &[(Q_FIRST, "Move"), (Q_NEAR_HQ, "1")],
    )
    .unwrap();
    assert!(b.pending().is_none(), "HQ exempt (§4.4)");
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

#[test]
fn first_player_roll_off_rolls_again_on_a_tie() {
    let b = Battle::new(
        "rcw",
        vec![
            army("Reds", vec![unit("a", INFANTRY, &[])]),
            army("Whites", vec![unit("b", INFANTRY, &[])]),
        ],
        1,
    )
    .unwrap();
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, &call(P_FIRST_PLAYER, &[], &[], &[]))
        .unwrap();
    let (res, reqs) = drive(p.as_ref(), &ctx, &[&[4], &[4], &[2], &[5]]);
    assert_eq!(reqs.len(), 4);
    assert_eq!(res.summary, "Whites go first");
    assert!(res.events.contains(&Event::Clock {
        turn: 1,
        phase: 0,
        side: WHITE
    }));
    let limits = Limits {
        max_depth: 6,
        max_steps: 10_000,
    };
    let odds = procedure_odds_within(p.as_ref(), &ctx, &[], limits);
    assert!(odds.unexplored < 0.01, "{odds:?}");
    assert!((odds.p("Reds go first") - odds.p("Whites go first")).abs() < 1e-9);
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

#[test]
fn half_the_combat_units_destroyed_loses_at_the_end_of_the_player_turn() {
    let mut b = battle(
        vec![unit("mg", MG, &[])],
        vec![
            unit("inf", INFANTRY, &[]),
            unit("inf2", INFANTRY, &[]),
            unit("hq", HQ, &[]),
        ],
    );
    let (mg, inf) = (id(&b, RED, "mg"), id(&b, WHITE, "inf"));
    activate(&mut b, mg, "Shoot", "None");
    start(&mut b, P_SHOOT, &[mg], &[inf], &[]).unwrap();
    b.enter_faces("6 6 6").unwrap();
    let figures = SYSTEM.figures(&b.context());
    assert_eq!(figures[WHITE].value, "1 of 2 (loses at 1)");
    start(&mut b, P_END_TURN, &[], &[], &[]).unwrap();
    let result = b.state().result.clone().expect("the Whites have lost");
    assert!(result.starts_with("Reds win"), "{result}");
}

#[test]
fn odds_sum_to_one_and_match_hand_counts() {
    let mut b = battle(
        vec![unit("mg", MG, &[]), unit("inf", INFANTRY, &[])],
        vec![unit("foe", INFANTRY, &[]), unit("car", ARMOURED_CAR, &[])],
    );
    let (mg, inf) = (id(&b, RED, "mg"), id(&b, RED, "inf"));
    let foe = id(&b, WHITE, "foe");
    activate(&mut b, mg, "Shoot", "None");
    activate(&mut b, inf, "Close assault", "None");
    // 3 dice hitting on 5–6: P(no hit) = (4/6)^3 = 8/27; P(one hit) = 3·2·16/216 = 4/9.
    let req = shot_request(&b, &b.state().clone(), mg, foe, "1");
    let odds = req.band_odds();
    assert_eq!((odds[0].1, odds[0].2), (64, 216));
    assert_eq!(odds[0].0.label, "0 hits: no effect");
    assert_eq!((odds[1].1, odds[1].0.label.as_str()), (96, "1 hit: pinned"));
    assert_eq!(
        (odds[2].1, odds[2].0.label.as_str()),
        (56, "2–3 hits: destroyed")
    );
    assert_eq!(odds.iter().map(|o| o.1).sum::<u128>(), 216);
    // The whole shot.
    let ctx = b.context();
    let shot = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[mg], &[foe], &[(Q_COVER, "1")]))
        .unwrap();
    let o = procedure_odds(shot.as_ref(), &ctx, &[]);
    assert!((o.p("no effect") - 8.0 / 27.0).abs() < 1e-12);
    assert!((o.p("pinned") - 4.0 / 9.0).abs() < 1e-12);
    assert_eq!(o.unexplored, 0.0);
    // The close assault repeats, so a sliver is left unexplored; the rest is resolved.
    let assault = SYSTEM
        .procedure(&ctx, &call(P_ASSAULT, &[inf], &[foe], &[]))
        .unwrap();
    let o = procedure_odds(assault.as_ref(), &ctx, &[]);
    assert!((o.total() - 1.0).abs() < 1e-9, "{o:?}");
    assert!(o.unexplored < 1e-3, "{o:?}");
    let win = o.p("foe destroyed; inf occupies") + o.p("both destroyed");
    let lose = o.p("inf pinned; the assault is over") + o.p("inf destroyed; the assault is over");
    assert!((win + lose + o.unexplored - 1.0).abs() < 1e-9, "{o:?}");
    // Round 1 of equal infantry, 2 dice each (§7.2): P(defender unhurt) = (1/2)^2 = 9/36.
    let Step::Dice(first) = assault.step(&ctx, &[]) else {
        panic!()
    };
    assert_eq!((first.band_odds()[0].1, first.band_odds()[0].2), (9, 36));
    // Every request along the way has bands covering every reading.
    for req in [first, req] {
        let (readings, outcomes) = req.readings();
        let covered: u128 = req.band_odds().iter().map(|o| o.1).sum();
        assert_eq!(covered, outcomes);
        assert!(
            readings
                .keys()
                .all(|r| req.bands.iter().any(|b| b.contains(*r)))
        );
    }
}

#[test]
fn turn_offers_and_reminders() {
    let mut b = battle(
        vec![unit("inf", INFANTRY, &["conscript"])],
        vec![unit("foe", INFANTRY, &[])],
    );
    let offers = SYSTEM.offers(&b.context(), &[], &[]);
    let ids: Vec<&str> = offers.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, [P_FIRST_PLAYER, P_END_TURN, P_VICTORY]);
    assert!(offers[0].refused.is_some(), "already rolled");
    assert!(offers[1].refused.is_none());
    let inf = id(&b, RED, "inf");
    let st = with(&b, inf, &[on(PINNED)]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let notes = SYSTEM.reminders(&ctx);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("may rally") && n.contains("inf (5+)")),
        "{notes:?}"
    );
    // Victory on objectives.
    start(&mut b, P_VICTORY, &[], &[], &[(Q_OBJECTIVES, "2")]).unwrap();
    assert_eq!(
        b.state().result.as_deref(),
        Some("Whites win on the scenario objectives")
    );
}

#[test]
fn status_schema_and_tables() {
    let mut b = battle(
        vec![
            unit("guns", ARTILLERY, &[]),
            unit("car", ARMOURED_CAR, &[]),
            unit("inf", INFANTRY, &["entrenched", "elite"]),
        ],
        vec![unit("foe", INFANTRY, &["concealed"])],
    );
    let guns = id(&b, RED, "guns");
    let keys = |p| {
        SYSTEM
            .piece_schema(&b.roster, p)
            .flags
            .iter()
            .map(|f| f.key)
            .collect::<Vec<_>>()
    };
    assert!(keys(guns).contains(&LIMBERED) && !keys(guns).contains(&ENTRENCHED));
    assert!(keys(id(&b, RED, "car")).contains(&ARMOURED));
    assert!(
        status(&b, guns).flag(LIMBERED),
        "artillery starts limbered (§4.6)"
    );
    assert!(status(&b, id(&b, RED, "car")).flag(ARMOURED));
    let inf = id(&b, RED, "inf");
    assert!(status(&b, inf).flag(ENTRENCHED));
    assert_eq!(status(&b, inf).mark(QUALITY), Some("Elite"));
    let foe = id(&b, WHITE, "foe");
    assert!(status(&b, foe).flag(CONCEALED));
    activate(&mut b, inf, "Shoot", "Move");
    let why = refusal(&b, &call(P_SHOOT, &[inf], &[foe], &[]));
    assert!(why.contains("concealed"), "{why}");
    // Spotted (an enemy adjacent), it stays on the table and may be shot.
    start(&mut b, P_SPOT, &[], &[foe], &[]).unwrap();
    assert!(status(&b, foe).flag(SPOTTED) && !status(&b, foe).flag(CONCEALED));
    assert!(
        SYSTEM
            .procedure(&b.context(), &call(P_SHOOT, &[inf], &[foe], &[]))
            .is_ok()
    );
    // Moving out of its trench, the unit is no longer entrenched.
    start(&mut b, P_MOVE, &[inf], &[], &[]).unwrap();
    assert!(!status(&b, inf).flag(ENTRENCHED));
    let tables = SYSTEM.tables();
    assert!(
        tables
            .iter()
            .any(|t| t.id == "rcw.units" && t.rows.len() == 11)
    );
    assert!(tables.iter().all(|t| !t.note.is_empty()));
}

#[test]
fn shipped_army_files_load() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/rcw");
    let mut kinds = BTreeSet::new();
    let mut armies = Vec::new();
    for name in ["tsaritsyn_reds.ron", "tsaritsyn_whites.ron"] {
        let army = load_army(&dir.join(name)).unwrap_or_else(|p| panic!("{name}: {p:?}"));
        assert_eq!(army.system, "rcw");
        let mut qualities = BTreeSet::new();
        for u in &army.units {
            kinds.insert(u.kind.clone());
            qualities.insert(if u.has(ELITE) {
                "elite"
            } else if u.has(CONSCRIPT) {
                "conscript"
            } else {
                "average"
            });
        }
        assert_eq!(qualities.len(), 3, "{name} has all three qualities");
        armies.push(army);
    }
    let all: BTreeSet<String> = TABLE.iter().map(|(k, _, _)| k.to_string()).collect();
    assert_eq!(kinds, all, "every unit type is used");
    let b = Battle::new("rcw", armies, 3).unwrap();
    assert!(b.roster.pieces.len() > 20);
}
