//! Tests that the RCW procedures' exploring pass ([`Procedure::explore`] overridden through
//! [`super::read::Reader`]) keeps the contract: the odds walked through it equal, outcome by
//! outcome, the odds walked by replaying `step` (the trait's default), with the same
//! unexplored mass; and every request it meets is the one `step` asks with the same inputs.

use super::assault::Assault;
use super::keys::*;
use super::{SYSTEM, tables};
use crate::army::{Army, Unit};
use crate::battle::state::{BattleState, Context};
use crate::battle::{Action, Battle};
use crate::dice::Rolled;
use crate::event::{Event, PieceId};
use crate::odds::{Limits, Odds, procedure_odds_within};
use crate::procedure::{Call, Input, Procedure, Step};
use crate::rules::RuleSystem;
use crate::status::Change;

/// A procedure seen only through `title` and `step`: the default, replaying `explore`.
struct Replay<'a>(&'a dyn Procedure);

impl Procedure for Replay<'_> {
    fn title(&self) -> String {
        self.0.title()
    }
    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step {
        self.0.step(ctx, inputs)
    }
}

fn unit(id: &str, kind: &str, traits: &[&str]) -> Unit {
    Unit {
        id: id.into(),
        name: id.into(),
        kind: kind.into(),
        leader: None,
        stats: Default::default(),
        traits: traits.iter().map(|t| t.to_string()).collect(),
        group: Some("corps".into()),
        notes: String::new(),
    }
}

fn army(side: &str, units: Vec<Unit>) -> Army {
    Army {
        system: SYSTEM_ID.into(),
        name: format!("Test {side}"),
        side: side.into(),
        description: String::new(),
        leaders: Vec::new(),
        units,
    }
}

const REDS: [(&str, &str, &[&str]); 5] = [
    ("inf", INFANTRY, &[]),
    ("elite", INFANTRY, &[ELITE]),
    ("tank", TANK, &[]),
    ("mg", MG, &[]),
    ("guns", ARTILLERY, &[UNLIMBERED_AT_START]),
];
const WHITES: [(&str, &str, &[&str]); 5] = [
    ("foe", INFANTRY, &[]),
    ("guard", INFANTRY, &[ELITE]),
    ("car", ARMOURED_CAR, &[]),
    ("horse", CAVALRY, &[CONSCRIPT]),
    ("dug", INFANTRY, &[ENTRENCHED_AT_START]),
];

fn battle() -> Battle {
    let side = |units: &[(&str, &str, &[&str])]| -> Vec<Unit> {
        units.iter().map(|(i, k, t)| unit(i, k, t)).collect()
    };
    let armies = vec![army("Reds", side(&REDS)), army("Whites", side(&WHITES))];
    Battle::new(SYSTEM_ID, armies, 7).expect("set up")
}

fn id(b: &Battle, side: usize, uid: &str) -> PieceId {
    b.roster.find(side, uid).expect("unit")
}

/// The state with these flags (and hits) set on a piece.
fn with(state: &BattleState, piece: PieceId, flags: &[&str], hits: i32) -> BattleState {
    let mut st = state.clone();
    let mut apply = |change| st.apply(&Event::Piece { piece, change });
    for key in flags {
        apply(Change::Flag {
            key: key.to_string(),
            on: true,
        });
    }
    apply(Change::Track {
        key: HITS.into(),
        to: hits,
    });
    st
}

/// The two walks agree outcome by outcome (order, summary, probability) and on the rest.
fn same_odds(p: &dyn Procedure, ctx: &Context, inputs: &[Input], limits: Limits) -> Odds {
    let fast = procedure_odds_within(p, ctx, inputs, limits);
    let slow = procedure_odds_within(&Replay(p), ctx, inputs, limits);
    let what = p.title();
    assert_eq!(
        fast.outcomes.len(),
        slow.outcomes.len(),
        "{what}: {fast:?} {slow:?}"
    );
    for ((s1, p1), (s2, p2)) in fast.outcomes.iter().zip(&slow.outcomes) {
        assert_eq!(s1, s2, "{what}");
        assert!((p1 - p2).abs() <= 1e-12, "{what}: {s1}: {p1} against {p2}");
    }
    assert!((fast.unexplored - slow.unexplored).abs() <= 1e-12, "{what}");
    assert_eq!(fast.assumptions, slow.assumptions, "{what}");
    assert!((fast.total() - 1.0).abs() < 1e-9, "{what}: {fast:?}");
    fast
}

/// Explores with pseudo-random answers, checking each request against `step` with the same
/// inputs (dice, reading, band ranges) and the end against `step` with them all.
fn keeps_contract(p: &dyn Procedure, ctx: &Context, seed: u64) {
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut answers: Vec<Input> = Vec::new();
    let mut checked = 0;
    let end = p.explore(ctx, &[], &mut |request: &Step| {
        let Step::Dice(asked) = request else {
            panic!("RCW asks only for dice: {request:?}")
        };
        let Step::Dice(stepped) = p.step(ctx, &answers) else {
            panic!("step did not ask where explore did")
        };
        assert_eq!(asked.dice, stepped.dice);
        assert_eq!(asked.reading, stepped.reading);
        let ranges = |r: &crate::procedure::DiceRequest| -> Vec<(i32, i32)> {
            r.bands.iter().map(|b| (b.from, b.to)).collect()
        };
        assert_eq!(ranges(asked), ranges(&stepped));
        checked += 1;
        if answers.len() >= 30 {
            return None;
        }
        let faces = (0..asked.dice.count)
            .map(|_| {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
                (rng >> 33) as u8 % 6 + 1
            })
            .collect();
        let input = Input::Dice(Rolled {
            dice: asked.dice.clone(),
            faces,
            typed: false,
        });
        answers.push(input.clone());
        Some(input)
    });
    assert!(checked > 0, "{} asked nothing", p.title());
    match (end, p.step(ctx, &answers)) {
        (Step::Done(a), Step::Done(b)) => assert_eq!(a.summary, b.summary),
        (Step::Dice(a), Step::Dice(b)) => assert_eq!(a.bands.len(), b.bands.len()),
        (a, b) => panic!("explore ended at {a:?}, step at {b:?}"),
    }
}

/// Every check, from the start and from part-way, within the default and tight limits.
fn check_all(p: &dyn Procedure, ctx: &Context) {
    let odds = same_odds(p, ctx, &[], Limits::DEFAULT);
    assert!(!odds.outcomes.is_empty());
    let tight = Limits {
        max_depth: 5,
        max_steps: 40,
    };
    same_odds(p, ctx, &[], tight);
    for seed in 0..20 {
        keeps_contract(p, ctx, seed);
    }
    // Part-way: after a first roll of all sixes.
    if let Step::Dice(req) = p.step(ctx, &[]) {
        let six = Input::Dice(Rolled {
            faces: vec![6; usize::from(req.dice.count)],
            dice: req.dice,
            typed: true,
        });
        same_odds(p, ctx, &[six], Limits::DEFAULT);
    }
}

fn assault(b: &Battle, a: (usize, &str), d: (usize, &str), cover: u8, flank: bool) -> Assault {
    Assault {
        tables: &tables::STANDARD,
        attacker: id(b, a.0, a.1),
        defender: id(b, d.0, d.1),
        defender_obscured: cover == 1,
        defender_entrenched: cover == 2,
        attacker_obscured: flank,
        flank,
        title: format!("{} on {}", a.1, d.1),
    }
}

#[test]
fn close_assault_odds_match_the_replaying_walk() {
    let b = battle();
    let st = b.state().clone();
    let pinned_foe = with(&st, id(&b, 1, "foe"), &[PINNED], 1);
    let used_guard = with(&st, id(&b, 1, "guard"), &[ELITE_USED], 0);
    for state in [&st, &pinned_foe, &used_guard] {
        let ctx = Context {
            roster: &b.roster,
            state,
        };
        for (att, def) in [
            ("inf", "foe"),
            ("elite", "guard"),
            ("tank", "car"),
            ("inf", "horse"),
            ("elite", "dug"),
            ("tank", "guard"),
        ] {
            for (cover, flank) in [(0, false), (1, true), (2, false)] {
                check_all(&assault(&b, (0, att), (1, def), cover, flank), &ctx);
            }
        }
    }
}

#[test]
fn the_benchmarked_assault_and_shots_match_the_replaying_walk() {
    let mut b = battle();
    let call = |id: &str, actors: &[PieceId], targets: &[PieceId], q: &[(&str, &str)]| Call {
        id: id.into(),
        actors: actors.to_vec(),
        targets: targets.to_vec(),
        params: q
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let roll_off = SYSTEM
        .procedure(&b.context(), &call(P_FIRST_PLAYER, &[], &[], &[]))
        .expect("roll-off");
    check_all(roll_off.as_ref(), &b.context());
    b.start(Action::Procedure(call(P_FIRST_PLAYER, &[], &[], &[])))
        .expect("roll-off");
    b.enter_faces("6").expect("roll-off");
    b.enter_faces("1").expect("roll-off");
    let (inf, mg, guns, tank) = (
        id(&b, 0, "inf"),
        id(&b, 0, "mg"),
        id(&b, 0, "guns"),
        id(&b, 0, "tank"),
    );
    let w = |s| id(&b, 1, s);
    let (foe, guard, car, dug) = (w("foe"), w("guard"), w("car"), w("dug"));
    for (u, q) in [(inf, "Close assault"), (mg, "Shoot"), (guns, "Shoot")] {
        let orders = [(Q_FIRST, q), (Q_SECOND, "None")];
        b.start(Action::Procedure(call(P_ACTIVATE, &[u], &[], &orders)))
            .expect("activate");
        assert!(b.pending().is_none(), "no command roll without a Move");
    }
    let ctx = b.context();
    let procedure = |c: Call| SYSTEM.procedure(&ctx, &c).expect("allowed");
    check_all(
        procedure(call(P_ASSAULT, &[inf], &[foe], &[])).as_ref(),
        &ctx,
    );
    for (firer, target) in [(mg, foe), (mg, guard), (mg, car), (guns, car), (mg, dug)] {
        for cover in ["0", "1", "2"] {
            let shot = procedure(call(P_SHOOT, &[firer], &[target], &[(Q_COVER, cover)]));
            check_all(shot.as_ref(), &ctx);
        }
    }
    let orders = [(Q_FIRST, "Move"), (Q_SECOND, "None"), (Q_NEAR_HQ, "1")];
    let activation = procedure(call(P_ACTIVATE, &[tank], &[], &orders));
    check_all(activation.as_ref(), &ctx);
}

#[test]
fn a_rally_matches_the_replaying_walk() {
    let b = battle();
    let inf = id(&b, 0, "inf");
    let st = with(&b.state().clone(), inf, &[PINNED], 1);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    for hq in ["0", "1"] {
        let rally = super::rally::Rally {
            tables: &tables::STANDARD,
            unit: inf,
            hq_adjacent: hq == "1",
            title: "Rally inf".into(),
        };
        check_all(&rally, &ctx);
    }
}
