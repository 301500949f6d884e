//! D3 English Civil War (RULES.md §2): every unit type's shooting and melee dice with fixed
//! faces, ammunition both ways, cover and target modifiers, re-rolls, hits floored at 0, rout
//! at 7, army resolve at the exact threshold, artillery cadence, refusals with their rules,
//! exact odds, the turn, and the shipped army files.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use adjutant::army::{Army, Leader, Unit, load_army};
use adjutant::battle::{Action, Battle};
use adjutant::dice::Rolled;
use adjutant::event::{Event, PieceId};
use adjutant::odds::procedure_odds;
use adjutant::procedure::{Call, DiceRequest, Input, Refusal, Resolution, Step};
use adjutant::rules::d3_ecw::keys::*;
use adjutant::rules::d3_ecw::tables::{AmmoCheck, D3Tables};
use adjutant::rules::d3_ecw::{D3Ecw, SYSTEM};
use adjutant::rules::{RuleSystem, Source};
use adjutant::status::Change;

// The rules as the original text writes them, by topic; each test quotes its line.
#[path = "d3_ecw/artillery.rs"]
mod artillery;
#[path = "d3_ecw/citations.rs"]
mod citations;
#[path = "d3_ecw/commanders.rs"]
mod commanders;
#[path = "d3_ecw/give_ground.rs"]
mod give_ground;
#[path = "d3_ecw/ranges.rs"]
mod ranges;
#[path = "d3_ecw/terrain.rs"]
mod terrain;

const KINDS: [(&str, &str); 8] = [
    ("inf", INFANTRY),
    ("cs", COMMANDED_SHOT),
    ("drg", DRAGOONS),
    ("trot", TROTTERS),
    ("gall", GALLOPERS),
    ("art", ARTILLERY),
    ("pike", ELITE_PIKE),
    ("cuir", CUIRASSIERS),
];

fn army(side: &str) -> Army {
    Army {
        system: "d3_ecw".into(),
        name: format!("{side} test army"),
        side: side.into(),
        description: String::new(),
        leaders: vec![Leader {
            id: "cmd".into(),
            name: format!("{side} Commander"),
            stats: BTreeMap::new(),
            traits: BTreeSet::new(),
            group: None,
            superior: None,
            notes: String::new(),
        }],
        units: KINDS
            .iter()
            .map(|(id, kind)| Unit {
                id: (*id).into(),
                name: format!("{side} {kind}"),
                kind: (*kind).into(),
                leader: Some("cmd".into()),
                stats: BTreeMap::new(),
                traits: BTreeSet::new(),
                group: None,
                notes: String::new(),
            })
            .collect(),
    }
}

fn new_battle() -> Battle {
    Battle::new("d3_ecw", vec![army("Royalist"), army("Parliament")], 7).unwrap()
}

/// The battle with extra events appended as one entry (a position set up by hand).
fn with(b: &Battle, events: Vec<Event>) -> Battle {
    b.with_position(events)
}

fn id(b: &Battle, side: usize, unit: &str) -> PieceId {
    b.roster.find(side, unit).unwrap()
}

fn side_track(side: usize, key: &str, to: i32) -> Event {
    Event::Side {
        side,
        change: Change::Track {
            key: key.into(),
            to,
        },
    }
}

fn side_flag(side: usize, key: &str) -> Event {
    Event::Side {
        side,
        change: Change::Flag {
            key: key.into(),
            on: true,
        },
    }
}

fn piece(piece: PieceId, change: Change) -> Event {
    Event::Piece { piece, change }
}

fn flag(p: PieceId, key: &str) -> Event {
    piece(
        p,
        Change::Flag {
            key: key.into(),
            on: true,
        },
    )
}

fn track(p: PieceId, key: &str, to: i32) -> Event {
    piece(
        p,
        Change::Track {
            key: key.into(),
            to,
        },
    )
}

fn mark(p: PieceId, key: &str, to: &str) -> Event {
    piece(
        p,
        Change::Mark {
            key: key.into(),
            to: Some(to.into()),
        },
    )
}

/// Turn `turn`, side `side` to activate with `n` activations counted.
fn in_turn(b: &Battle, turn: u32, side: usize, n: i32) -> Battle {
    with(
        b,
        vec![
            Event::Clock {
                turn,
                phase: 1,
                side,
            },
            side_track(side, ACTIVATIONS, n),
            side_track(side, ACTIVATIONS_USED, 0),
            side_flag(side, COUNTED),
        ],
    )
}

fn ready() -> Battle {
    in_turn(&new_battle(), 1, 0, 8)
}

/// Two units in melee with each other.
fn engage(b: &Battle, a: PieceId, t: PieceId) -> Battle {
    let (an, tn) = (b.roster.name(a).to_string(), b.roster.name(t).to_string());
    with(b, vec![mark(a, IN_MELEE, &tn), mark(t, IN_MELEE, &an)])
}

fn call(id: &str, actors: &[PieceId], targets: &[PieceId], params: &[(&str, &str)]) -> Call {
    Call {
        id: id.into(),
        actors: actors.to_vec(),
        targets: targets.to_vec(),
        params: params
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect(),
    }
}

/// Drives a procedure with fixed faces and choices, as the brief asks: each dice request is
/// answered with `Rolled { dice: req.dice.clone(), faces, typed: true }`.
fn drive(
    system: &D3Ecw,
    b: &Battle,
    c: &Call,
    faces: &[u8],
    choices: &[usize],
) -> (Vec<DiceRequest>, Resolution) {
    let ctx = b.context();
    let proc = system.procedure(&ctx, c).expect("procedure allowed");
    let (mut faces, mut choices) = (faces.iter(), choices.iter());
    let mut inputs = Vec::new();
    let mut requests = Vec::new();
    loop {
        match proc.step(&ctx, &inputs) {
            Step::Dice(req) => {
                let f = *faces.next().expect("a face for every dice request");
                inputs.push(Input::Dice(Rolled {
                    dice: req.dice.clone(),
                    faces: vec![f],
                    typed: true,
                }));
                requests.push(req);
            }
            Step::Choice(_) => inputs.push(Input::Choice(*choices.next().expect("a choice"))),
            Step::Card(_) => panic!("D3 draws no cards"),
            Step::Done(r) => return (requests, r),
        }
    }
}

/// Plays a procedure through the battle (committing it), with fixed faces and choices.
fn play(b: &mut Battle, c: Call, faces: &[u8], choices: &[usize]) {
    b.start(Action::Procedure(c)).expect("procedure allowed");
    let (mut faces, mut choices) = (faces.iter(), choices.iter());
    while let Some(step) = b.step() {
        match step {
            Step::Dice(_) => b.enter_faces(&faces.next().unwrap().to_string()).unwrap(),
            Step::Choice(_) => b.choose(*choices.next().unwrap()).unwrap(),
            _ => panic!("unexpected step {step:?}"),
        }
    }
}

fn refusal(b: &Battle, c: &Call) -> Refusal {
    match SYSTEM.procedure(&b.context(), c) {
        Err(r) => r,
        Ok(_) => panic!("expected a refusal for {}", c.id),
    }
}

fn hits_in(r: &Resolution, p: PieceId) -> Option<i32> {
    r.events.iter().rev().find_map(|e| match e {
        Event::Piece {
            piece,
            change: Change::Track { key, to },
        } if *piece == p && key == HITS => Some(*to),
        _ => None,
    })
}

fn sets_flag(r: &Resolution, p: PieceId, key: &str) -> bool {
    r.events.iter().any(|e| {
        matches!(e, Event::Piece { piece, change: Change::Flag { key: k, on: true } }
            if *piece == p && k == key)
    })
}

fn ended(r: &Resolution) -> bool {
    r.events.iter().any(|e| matches!(e, Event::Ended { .. }))
}

fn modifier_total(req: &DiceRequest) -> i32 {
    req.dice.modifier_total()
}

#[test]
fn shooting_dice_for_every_unit_type() {
    let b = ready();
    let target = id(&b, 1, "trot");
    // kind, modifier to the D3, hits on a natural 2.
    for (unit, modifier, hits_on_2) in [
        ("inf", 0, 2),
        ("cs", -1, 1),
        ("drg", -1, 1),
        ("trot", 0, 2),
        ("art", -1, 1),
        ("cuir", 0, 2),
    ] {
        let shooter = id(&b, 0, unit);
        let c = call(P_SHOOT, &[shooter], &[target], &[(RANGE, "1")]);
        let (reqs, res) = drive(&SYSTEM, &b, &c, &[2], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{unit}");
        assert!(
            reqs[0]
                .dice
                .modifiers
                .iter()
                .all(|m| m.rule.starts_with('§'))
        );
        assert_eq!(hits_in(&res, target), Some(hits_on_2), "{unit}");
    }
    for unit in ["gall", "pike"] {
        let c = call(P_SHOOT, &[id(&b, 0, unit)], &[target], &[]);
        let r = refusal(&b, &c);
        assert!(r.rule.contains("§2.2"), "{unit}: {r}");
    }
}

#[test]
fn range_by_weapon() {
    let b = ready();
    let target = id(&b, 1, "gall");
    for (unit, max) in [("trot", 1), ("inf", 2), ("drg", 2), ("art", 4)] {
        let shooter = id(&b, 0, unit);
        let ok = call(P_SHOOT, &[shooter], &[target], &[(RANGE, &max.to_string())]);
        assert!(
            SYSTEM.procedure(&b.context(), &ok).is_ok(),
            "{unit} at {max}"
        );
        let far = format!("more than {max}");
        let r = refusal(&b, &call(P_SHOOT, &[shooter], &[target], &[(RANGE, &far)]));
        assert!(r.reason.contains("beyond"), "{r}");
    }
}

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
        let (reqs, res) = drive(&SYSTEM, &b, &c, &[3], &[]);
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
        let (reqs, res) = drive(&SYSTEM, &engaged, &c, &[3], &[]);
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
    let (reqs, _) = drive(
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
        let (reqs, _) = drive(&SYSTEM, &b, &c, &[2], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{target} in {terrain}");
    }
}

#[test]
fn shooting_cover_and_artillery_ignores_it() {
    let b = ready();
    let inf = id(&b, 0, "inf");
    let art = id(&b, 0, "art");
    for (shooter, target, terrain, modifier) in [
        (inf, "cs", "town", -1),
        (inf, "cs", "woods", -1),
        (inf, "trot", "open or hedges", 0),
        (inf, "cs", "entrenchments", -1),
        (inf, "gall", "entrenchments", 0),
        (art, "cs", "town", -1), // the gun's own D3−1 only
        (art, "cs", "entrenchments", -1),
    ] {
        let t = id(&b, 1, target);
        let c = call(
            P_SHOOT,
            &[shooter],
            &[t],
            &[(RANGE, "1"), (TERRAIN, terrain)],
        );
        let (reqs, _) = drive(&SYSTEM, &b, &c, &[2], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{target} in {terrain}");
    }
}

#[test]
fn hits_never_below_zero() {
    let b = ready();
    let (drg, inf) = (id(&b, 0, "drg"), id(&b, 1, "inf"));
    let engaged = engage(&b, drg, inf);
    let c = call(P_MELEE, &[drg], &[inf], &[(TERRAIN, "town")]);
    let (reqs, res) = drive(&SYSTEM, &engaged, &c, &[3], &[]);
    assert_eq!(modifier_total(&reqs[0]), -4);
    assert_eq!(reqs[0].bands.len(), 1, "every score is no hits");
    assert_eq!(reqs[0].bands[0].label, "no hits");
    assert_eq!(hits_in(&res, inf), None);
    assert_eq!(res.summary, "no hits");
}

#[test]
fn ammunition_on_a_natural_three_by_default() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "gall"));
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "2")]);
    let (reqs, res) = drive(&SYSTEM, &b, &c, &[3], &[]);
    assert_eq!(reqs.len(), 1, "no separate die");
    assert_eq!(hits_in(&res, t), Some(3), "the hits still count");
    assert!(sets_flag(&res, inf, OUT_OF_AMMO));
    let (_, res) = drive(&SYSTEM, &b, &c, &[2], &[]);
    assert!(!sets_flag(&res, inf, OUT_OF_AMMO));
    // In cover the natural 3 still runs out, though it reads 2 hits.
    let in_town = id(&b, 1, "cs");
    let covered = call(
        P_SHOOT,
        &[inf],
        &[in_town],
        &[(RANGE, "2"), (TERRAIN, "town")],
    );
    let (reqs, res) = drive(&SYSTEM, &b, &covered, &[3], &[]);
    assert_eq!(
        reqs[0].bands.last().unwrap().label,
        "2 hits, out of ammunition"
    );
    assert_eq!(hits_in(&res, in_town), Some(2));
    assert!(sets_flag(&res, inf, OUT_OF_AMMO));
    // Types without an ammunition check never run out.
    let drg = id(&b, 0, "drg");
    let (_, res) = drive(&SYSTEM, &b, &call(P_SHOOT, &[drg], &[t], &[]), &[3], &[]);
    assert!(!sets_flag(&res, drg, OUT_OF_AMMO));
}

#[test]
fn ammunition_on_a_separate_die_as_the_option() {
    let mut tables = D3Tables::standard();
    tables.options.ammo_check = AmmoCheck::SeparateDie;
    let system = D3Ecw::with_tables(tables);
    let b = ready();
    let (trot, t) = (id(&b, 0, "trot"), id(&b, 1, "gall"));
    let c = call(P_SHOOT, &[trot], &[t], &[(RANGE, "1")]);
    let (reqs, res) = drive(&system, &b, &c, &[3, 2], &[]);
    assert_eq!(reqs.len(), 2, "a separate ammunition die");
    assert_eq!(reqs[0].bands.last().unwrap().label, "3 hits");
    assert_eq!(hits_in(&res, t), Some(3));
    assert!(!sets_flag(&res, trot, OUT_OF_AMMO));
    let (_, res) = drive(&system, &b, &c, &[1, 3], &[]);
    assert_eq!(hits_in(&res, t), Some(1));
    assert!(sets_flag(&res, trot, OUT_OF_AMMO));
    let odds = &reqs[1].band_odds();
    let out = odds
        .iter()
        .find(|(b, _, _)| b.label == "out of ammunition")
        .unwrap();
    assert_eq!((out.1, out.2), (1, 3));
}

#[test]
fn out_of_ammunition_refuses_to_shoot() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "gall"));
    let b = with(&b, vec![flag(inf, OUT_OF_AMMO)]);
    let r = refusal(&b, &call(P_SHOOT, &[inf], &[t], &[]));
    assert!(r.reason.contains("out of ammunition"), "{r}");
    assert!(r.rule.contains("§5.4"));
    // It may still fight.
    assert!(
        SYSTEM
            .procedure(&b.context(), &call(P_MELEE, &[inf], &[t], &[]))
            .is_ok()
    );
}

#[test]
fn attached_commander_re_roll_accepts_the_second_score() {
    let b = ready();
    let (inf, cmd, t) = (id(&b, 0, "inf"), id(&b, 0, "cmd"), id(&b, 1, "gall"));
    let mut b = b;
    play(&mut b, call(P_ATTACH, &[cmd], &[inf], &[]), &[], &[]);
    assert_eq!(
        b.state().piece(cmd).mark(ATTACHED),
        Some("Royalist Infantry")
    );
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]);
    // Re-roll a 1 into a 2: the second score stands.
    let (reqs, res) = drive(&SYSTEM, &b, &c, &[1, 2], &[1]);
    assert_eq!(reqs.len(), 2);
    assert_eq!(hits_in(&res, t), Some(2));
    // Re-roll a 1 into... another 1: still accepted.
    let (_, res) = drive(&SYSTEM, &b, &c, &[1, 1], &[1]);
    assert_eq!(hits_in(&res, t), Some(1));
    // Keep the first score.
    let (reqs, res) = drive(&SYSTEM, &b, &c, &[3], &[0]);
    assert_eq!(reqs.len(), 1);
    assert_eq!(hits_in(&res, t), Some(3));
    assert!(
        sets_flag(&res, inf, OUT_OF_AMMO),
        "the accepted die checks ammunition"
    );
    // A re-rolled 3 turned into a 2: the accepted die has ammunition left.
    let (_, res) = drive(&SYSTEM, &b, &c, &[3, 2], &[1]);
    assert!(!sets_flag(&res, inf, OUT_OF_AMMO));
}

#[test]
fn flank_hill_and_entrenchment_re_rolls() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let ctx = b.context();
    // Flank: the attacker's choice, assumed "re-roll" on a poor score.
    let c = call(P_MELEE, &[inf], &[t], &[(FLANK, "yes")]);
    let proc = SYSTEM.procedure(&ctx, &c).unwrap();
    let first = Input::Dice(Rolled {
        dice: adjutant::rules::d3_ecw::roll::d3_with(vec![]),
        faces: vec![1],
        typed: true,
    });
    match proc.step(&ctx, std::slice::from_ref(&first)) {
        Step::Choice(ch) => {
            assert!(ch.rule.contains("§6.4"));
            assert_eq!(ch.assumed, 1);
        }
        s => panic!("expected a re-roll choice, got {s:?}"),
    }
    let (_, res) = drive(&SYSTEM, &b, &c, &[1, 3], &[1]);
    assert_eq!(hits_in(&res, t), Some(3));
    // Hill: the defender may make the attacker re-roll a good score.
    let c = call(P_MELEE, &[inf], &[t], &[(HILL, "yes")]);
    let (_, res) = drive(&SYSTEM, &b, &c, &[3, 1], &[1]);
    assert_eq!(hits_in(&res, t), Some(1));
    let (_, res) = drive(&SYSTEM, &b, &c, &[3], &[0]);
    assert_eq!(hits_in(&res, t), Some(3));
    // Entrenched shooters re-roll (D3-8); Trotters cannot be entrenched.
    let c = call(P_SHOOT, &[inf], &[t], &[(SHOOTER_ENTRENCHED, "yes")]);
    let (reqs, res) = drive(&SYSTEM, &b, &c, &[1, 2], &[1]);
    assert_eq!(reqs.len(), 2);
    assert_eq!(hits_in(&res, t), Some(2));
    let trot = id(&b, 0, "trot");
    let c = call(P_SHOOT, &[trot], &[t], &[(SHOOTER_ENTRENCHED, "yes")]);
    let (reqs, _) = drive(&SYSTEM, &b, &c, &[1], &[]);
    assert_eq!(reqs.len(), 1, "no re-roll for Trotters");
}

#[test]
fn rout_at_seven_raises_the_commander_hits() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let b4 = with(&b, vec![track(t, HITS, 4)]);
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]);
    let (_, res) = drive(&SYSTEM, &b4, &c, &[2], &[]);
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
    let (_, res) = drive(&system, &b4, &call(P_SHOOT, &[inf], &[t], &[]), &[2], &[]);
    assert!(sets_flag(&res, t, ROUTED));
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
    let c = call(P_SHOOT, &[inf], &[t], &[]);
    let three = with(
        &after_routs(&b, 1, &["cs", "drg", "gall"]),
        vec![track(t, HITS, 6)],
    );
    let (_, res) = drive(&SYSTEM, &three, &c, &[1], &[]);
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
    let (reqs, res) = drive(
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
    play(&mut b, call(P_SHOOT, &[inf], &[t], &[]), &[1], &[]);
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

#[test]
fn a_turn_from_initiative_to_the_next() {
    let mut b = new_battle();
    let offers = SYSTEM.offers(&b.context(), &[], &[]);
    let ids: Vec<_> = offers.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, [P_INITIATIVE, P_COUNT, P_END_TURN, P_RESOLVE]);
    assert!(offers[0].refused.is_none());
    assert!(offers[1].refused.is_some());
    // A tie ends the roll-off with "roll again": still the initiative phase.
    let (reqs, res) = drive(
        &SYSTEM,
        &b,
        &call(P_INITIATIVE, &[], &[], &[]),
        &[3, 3],
        &[],
    );
    assert_eq!(reqs.len(), 2);
    assert_eq!(res.summary, "tie: roll again");
    play(&mut b, call(P_INITIATIVE, &[], &[], &[]), &[3, 3], &[]);
    assert_eq!(b.state().phase, 0, "a tie leaves the turn at initiative");
    // The odds of the roll-off are exact: a tie is 6 of 36.
    let ctx = b.context();
    let proc = SYSTEM
        .procedure(&ctx, &call(P_INITIATIVE, &[], &[], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert_eq!(odds.unexplored, 0.0);
    assert!(
        (odds.p("tie: roll again") - 6.0 / 36.0).abs() < 1e-12,
        "{odds:?}"
    );
    // Parliament wins 5–2 and goes first.
    let (reqs, res) = drive(
        &SYSTEM,
        &b,
        &call(P_INITIATIVE, &[], &[], &[]),
        &[2, 5],
        &[1],
    );
    assert_eq!(reqs.len(), 2);
    assert!(res.summary.contains("Parliament"));
    play(&mut b, call(P_INITIATIVE, &[], &[], &[]), &[2, 5], &[1]);
    assert_eq!((b.state().turn, b.state().phase, b.state().side), (1, 1, 1));
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
    play(&mut b, call(P_SHOOT, &[art], &[t], &[]), &[1], &[]);
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

#[test]
fn odds_sum_to_one_and_match_hand_counts() {
    let b = ready();
    let (inf, drg, cmd, t) = (
        id(&b, 0, "inf"),
        id(&b, 0, "drg"),
        id(&b, 0, "cmd"),
        id(&b, 1, "gall"),
    );
    // Infantry D3 at a target in the open: 1, 2 or 3 hits, the 3 out of ammunition.
    let ctx = b.context();
    let proc = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[inf], &[t], &[]))
        .unwrap();
    let Step::Dice(req) = proc.step(&ctx, &[]) else {
        panic!()
    };
    let counts: Vec<_> = req
        .band_odds()
        .iter()
        .map(|(b, w, n)| (b.label.clone(), *w, *n))
        .collect();
    assert_eq!(
        counts,
        [
            ("1 hit".to_string(), 1, 3),
            ("2 hits".to_string(), 1, 3),
            ("3 hits, out of ammunition".to_string(), 1, 3)
        ]
    );
    // Dragoons D3−1: 0, 1, 2.
    let proc = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[drg], &[t], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert!((odds.total() - 1.0).abs() < 1e-12);
    for s in ["no hits", "1 hit", "2 hits"] {
        assert!((odds.p(s) - 1.0 / 3.0).abs() < 1e-12, "{s}");
    }
    // With the commander attached, the odds assume a re-roll of a 1 (below the mean of 2):
    // 1 hit 1/9, 2 hits 1/3 + 1/9, 3 hits 1/3 + 1/9.
    let b = with(&b, vec![mark(cmd, ATTACHED, "Royalist Infantry")]);
    let ctx = b.context();
    let proc = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[inf], &[t], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert!((odds.total() - 1.0).abs() < 1e-12);
    assert_eq!(odds.unexplored, 0.0);
    assert!((odds.p("1 hit") - 1.0 / 9.0).abs() < 1e-12);
    assert!((odds.p("2 hits") - 4.0 / 9.0).abs() < 1e-12);
    assert!((odds.p("3 hits, out of ammunition") - 4.0 / 9.0).abs() < 1e-12);
    // Gallopers charging an Infantry target: D3+1−1.
    let gall = id(&b, 0, "gall");
    let proc = SYSTEM
        .procedure(&ctx, &call(P_MELEE, &[gall], &[id(&b, 1, "inf")], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert!((odds.total() - 1.0).abs() < 1e-12);
    for s in ["1 hit", "2 hits", "3 hits"] {
        assert!((odds.p(s) - 1.0 / 3.0).abs() < 1e-12, "{s}");
    }
    // Every band of every request covers every reading.
    let mut reqs = vec![req];
    for (unit, target, terrain) in [
        ("drg", "inf", "town"),
        ("pike", "cuir", "hedges"),
        ("cs", "trot", "open"),
    ] {
        let (a, t) = (id(&b, 0, unit), id(&b, 1, target));
        let engaged = engage(&b, a, t);
        let c = call(P_MELEE, &[a], &[t], &[(TERRAIN, terrain)]);
        reqs.extend(drive(&SYSTEM, &engaged, &c, &[2], &[]).0);
    }
    for req in reqs {
        let total: u128 = req.band_odds().iter().map(|(_, w, _)| w).sum();
        assert_eq!(total, 3, "{}", req.label);
    }
}

#[test]
fn tables_are_data_with_sources() {
    let tables = SYSTEM.tables();
    assert_eq!(tables.len(), 4);
    assert_eq!(tables[0].source, Source::Rules);
    assert_eq!(tables[2].source, Source::Default);
    assert_eq!(tables[0].rows.len(), 8);
    let inf = tables[0].rows.iter().find(|r| r[0] == INFANTRY).unwrap();
    assert_eq!(inf[4], "D3 (ammo)");
    let t = D3Tables::standard();
    let back = D3Tables::from_ron("mine.ron", &t.to_ron()).unwrap();
    assert_eq!(back.profiles, t.profiles);
    let overridden = D3Ecw::with_tables(back).tables();
    assert_eq!(overridden[0].source, Source::Override("mine.ron".into()));
    assert!(D3Tables::from_ron("bad.ron", "(nonsense: 1)").is_err());
    // A partial override: one option switched, everything else standard.
    let part = D3Tables::from_ron("part.ron", "(options: (ammo_check: SeparateDie))").unwrap();
    assert_eq!(part.options.ammo_check, AmmoCheck::SeparateDie);
    assert_eq!(part.options.rout_at, 7);
    assert_eq!(part.profiles, t.profiles);
}

#[test]
fn schema_declares_status() {
    let b = new_battle();
    let inf = id(&b, 0, "inf");
    let s = SYSTEM.piece_schema(&b.roster, inf);
    assert_eq!(s.tracks[0].key, HITS);
    assert_eq!(s.tracks[0].max, 7);
    assert!(s.flags.iter().any(|f| f.key == OUT_OF_AMMO));
    let art = SYSTEM.piece_schema(&b.roster, id(&b, 0, "art"));
    assert!(art.flags.iter().any(|f| f.key == EMPLACED));
    assert!(!art.flags.iter().any(|f| f.key == OUT_OF_AMMO));
    let cmd = SYSTEM.piece_schema(&b.roster, id(&b, 0, "cmd"));
    assert_eq!(cmd.marks[0].choices.len(), 8);
    let side = SYSTEM.side_schema();
    assert!(side.tracks.iter().any(|t| t.key == COMMANDER_HITS));
    assert!(side.flags.iter().any(|f| f.key == RETIRED));
}

#[test]
fn shipped_army_files_load() {
    let mut kinds = BTreeSet::new();
    let mut armies = Vec::new();
    for file in ["edgehill_royalists.ron", "edgehill_parliament.ron"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("armies/d3_ecw")
            .join(file);
        let army = load_army(&path).unwrap_or_else(|p| panic!("{file}: {p:?}"));
        assert_eq!(army.system, "d3_ecw");
        assert!((8..=12).contains(&army.units.len()), "{file}");
        assert_eq!(army.leaders.len(), 1, "{file}: one Commander");
        kinds.extend(army.units.iter().map(|u| u.kind.clone()));
        armies.push(army);
    }
    let all: BTreeSet<String> = KINDS.iter().map(|(_, k)| (*k).to_string()).collect();
    assert_eq!(kinds, all);
    let b = Battle::new("d3_ecw", armies, 1).unwrap();
    assert_eq!(b.roster.pieces.len(), 2 + 12 + 11);
}
