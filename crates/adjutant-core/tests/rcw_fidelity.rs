//! RCW as the original draft writes it (docs/rules/rcw.md §5.4, §5.6, §7.2): armour falls only
//! to artillery, tanks and close assault; only infantry, MGs and mortars may be entrenched;
//! close-assault dice are 2 (1 if pinned or attacked in flank or rear) unless the switch
//! `assault_dice_column` reads them from the unit table. Each test quotes the draft's line.

use adjutant_core::battle::Battle;
use adjutant_core::battle::state::{BattleState, Context};
use adjutant_core::event::{Event, PieceId};
use adjutant_core::odds::procedure_odds;
use adjutant_core::procedure::{DiceRequest, Input, Procedure, Reading, Step};
use adjutant_core::rules::rcw::keys::*;
use adjutant_core::rules::rcw::overrides;
use adjutant_core::rules::rcw::{Rcw, SYSTEM};
use adjutant_core::rules::{RuleSystem, Source};
use adjutant_core::status::Change;

use crate::common;
use common::rcw_hand as hand;

use common::driver::typed;
use common::{call, piece as id};
use hand::{rolled_off as battle, unit};

const RED: usize = 0;
const WHITE: usize = 1;

/// The state with `u` activated to carry out `act`, plus any other changes.
fn ready(b: &Battle, u: PieceId, act: &str, more: &[(PieceId, &str)]) -> BattleState {
    let mut st = b.state().clone();
    let mut apply = |piece, change| st.apply(&Event::Piece { piece, change });
    apply(
        u,
        Change::Flag {
            key: ACTIVATED.into(),
            on: true,
        },
    );
    apply(
        u,
        Change::Mark {
            key: ORDERS.into(),
            to: Some(act.into()),
        },
    );
    for &(p, key) in more {
        apply(
            p,
            Change::Flag {
                key: key.into(),
                on: true,
            },
        );
    }
    st
}

fn first_request(p: &dyn Procedure, ctx: &Context) -> DiceRequest {
    match p.step(ctx, &[]) {
        Step::Dice(req) => req,
        other => panic!("{other:?}"),
    }
}

fn sixes(req: &DiceRequest) -> Input {
    typed(req, vec![6; usize::from(req.dice.count)])
}

/// The RCW system with the unit table's Assault dice column switched on.
fn column_system() -> Rcw {
    let text = "(version: 1, switches: (assault_dice_column: 1))";
    let tables = overrides::tables("/t/rcw.ron", text).expect("switch file");
    assert!(tables.assault_dice_column);
    Rcw::with_tables(tables)
}

/// Seed, "Hits": "Armoured targets may only be destroyed by hits from artillery, tanks or
/// during close assaults but they may be pinned by any fire."
#[test]
fn armour_is_destroyed_only_by_artillery_tanks_or_close_assault() {
    let b = battle(
        vec![
            unit("mg", MG, &[]),
            unit("guns", ARTILLERY, &["unlimbered"]),
            unit("tank", TANK, &[]),
            unit("inf", INFANTRY, &[]),
        ],
        vec![unit("car", ARMOURED_CAR, &[])],
    );
    let car = id(&b, WHITE, "car");
    // Three MG hits on an armoured car already pinned: it stays pinned, never destroyed.
    let mg = id(&b, RED, "mg");
    let st = ready(&b, mg, "Shoot", &[(car, PINNED)]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let shot = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[mg], &[car], &[]))
        .unwrap();
    let req = first_request(shot.as_ref(), &ctx);
    let Step::Done(res) = shot.step(&ctx, &[sixes(&req)]) else {
        panic!()
    };
    assert_eq!(res.summary, "hit, armour holds");
    assert_eq!(
        procedure_odds(shot.as_ref(), &ctx, &[]).p("destroyed"),
        0.0,
        "no MG roll destroys armour"
    );
    // Artillery and a tank destroy the pinned car with one hit.
    for firer in ["guns", "tank"] {
        let f = id(&b, RED, firer);
        let st = ready(&b, f, "Shoot", &[(car, PINNED)]);
        let ctx = Context {
            roster: &b.roster,
            state: &st,
        };
        let shot = SYSTEM
            .procedure(&ctx, &call(P_SHOOT, &[f], &[car], &[]))
            .unwrap();
        let req = first_request(shot.as_ref(), &ctx);
        let Step::Done(res) = shot.step(&ctx, &[sixes(&req)]) else {
            panic!()
        };
        assert_eq!(res.summary, "destroyed", "{firer}");
    }
    // Close assault by infantry: two hits (6s against armour) destroy the car.
    let inf = id(&b, RED, "inf");
    let st = ready(&b, inf, "Close assault", &[]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let assault = SYSTEM
        .procedure(&ctx, &call(P_ASSAULT, &[inf], &[car], &[]))
        .unwrap();
    let req = first_request(assault.as_ref(), &ctx);
    assert_eq!(req.reading, Reading::Successes { at_least: 6 });
    let Step::Dice(defends) = assault.step(&ctx, &[sixes(&req)]) else {
        panic!("the car rolls back at the same time")
    };
    let miss = typed(&defends, vec![1; usize::from(defends.dice.count)]);
    let Step::Done(res) = assault.step(&ctx, &[sixes(&req), miss]) else {
        panic!("two hits end the assault")
    };
    assert_eq!(res.summary, "car destroyed; inf occupies");
}

/// Seed, "Entrenched": "Only infantry, MG's and mortars may be entrenched. Infantry and MG's
/// defending a village count as entrenched."
#[test]
fn only_infantry_mgs_and_mortars_may_be_entrenched() {
    let targets = [
        (INFANTRY, true),
        (MG, true),
        (MORTAR, true),
        (CAVALRY, false),
        (ARTILLERY, false),
        (ARMOURED_CAR, false),
        (TANK, false),
        (HQ, false),
        (WAGON, false),
    ];
    for (kind, may) in targets {
        let b = battle(
            vec![unit("mg", MG, &[]), unit("inf", INFANTRY, &[])],
            vec![unit("target", kind, &[])],
        );
        let (mg, inf, t) = (
            id(&b, RED, "mg"),
            id(&b, RED, "inf"),
            id(&b, WHITE, "target"),
        );
        for (actor, pid, act) in [(mg, P_SHOOT, "Shoot"), (inf, P_ASSAULT, "Close assault")] {
            let st = ready(&b, actor, act, &[]);
            let ctx = Context {
                roster: &b.roster,
                state: &st,
            };
            let entrenched = call(pid, &[actor], &[t], &[(Q_COVER, "2")]);
            match SYSTEM.procedure(&ctx, &entrenched) {
                Ok(p) => {
                    assert!(may, "{kind} {pid}: accepted");
                    let req = first_request(p.as_ref(), &ctx);
                    assert_eq!(req.reading, Reading::Successes { at_least: 6 });
                }
                Err(r) => {
                    assert!(!may, "{kind} {pid}: {r}");
                    assert_eq!(r.rule, "§5.6");
                    assert!(
                        r.reason
                            .contains("only infantry, MGs and mortars may be entrenched"),
                        "{r}"
                    );
                }
            }
            // In the open, every kind may be shot at or assaulted.
            let open = call(pid, &[actor], &[t], &[(Q_COVER, "0")]);
            assert!(SYSTEM.procedure(&ctx, &open).is_ok(), "{kind} {pid}");
        }
    }
}

/// Seed, "Close Assault": "Both sides roll simultaneously. A unit will roll 1 die if pinned
/// or attacked from the flank/rear otherwise 2 dice."
#[test]
fn close_assault_dice_are_two_or_one_by_default() {
    let b = battle(
        vec![unit("inf", INFANTRY, &[]), unit("tank", TANK, &[])],
        vec![
            unit("foe", INFANTRY, &[]),
            unit("train", ARMOURED_TRAIN, &[]),
            unit("wagon", WAGON, &[]),
        ],
    );
    let inf = id(&b, RED, "inf");
    let w = |s| id(&b, WHITE, s);
    // Infantry (3 in the unit table's column) attacks with 2; the train (4) defends with 2.
    for (def, flank, attacker_pinned, dice) in [
        ("foe", "0", false, [2, 2]),
        ("train", "0", false, [2, 2]),
        ("foe", "1", false, [2, 1]),
        ("foe", "0", true, [1, 2]),
    ] {
        let pinned: &[(PieceId, &str)] = if attacker_pinned {
            &[(inf, PINNED)]
        } else {
            &[]
        };
        let st = ready(&b, inf, "Close assault", pinned);
        let ctx = Context {
            roster: &b.roster,
            state: &st,
        };
        let c = call(P_ASSAULT, &[inf], &[w(def)], &[(Q_FACING, flank)]);
        // A pinned unit may not initiate: read its dice through the procedure directly.
        let p: Box<dyn Procedure> = if attacker_pinned {
            let st2 = ready(&b, inf, "Close assault", &[]);
            let ctx2 = Context {
                roster: &b.roster,
                state: &st2,
            };
            SYSTEM.procedure(&ctx2, &c).unwrap()
        } else {
            SYSTEM.procedure(&ctx, &c).unwrap()
        };
        let first = first_request(p.as_ref(), &ctx);
        assert_eq!(first.dice.count, dice[0], "{def} flank {flank}: attacker");
        let miss = typed(&first, vec![1; usize::from(first.dice.count)]);
        let Step::Dice(second) = p.step(&ctx, &[miss]) else {
            panic!()
        };
        assert_eq!(second.dice.count, dice[1], "{def} flank {flank}: defender");
    }
    // A wagon (no assault dice in the table) rolls none: round 2 follows the attacker's miss.
    let st = ready(&b, inf, "Close assault", &[]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let p = SYSTEM
        .procedure(&ctx, &call(P_ASSAULT, &[inf], &[w("wagon")], &[]))
        .unwrap();
    let first = first_request(p.as_ref(), &ctx);
    let miss = typed(&first, vec![1, 1]);
    let Step::Dice(next) = p.step(&ctx, &[miss]) else {
        panic!()
    };
    assert!(next.label.starts_with("Round 2"), "{}", next.label);
    // Hand count: 2 dice hitting on 4+ miss with (1/2)^2 = 9/36, hit once 18/36, twice 9/36.
    let odds: Vec<u128> = first.band_odds().iter().map(|(_, w, _)| *w).collect();
    assert_eq!(odds, [9, 18, 9]);
    assert_eq!(first.dice.count, 2);
    // The notes say which reading is in force.
    assert!(p.notes()[0].contains("2 dice"), "{:?}", p.notes());
}

/// The other reading, as a switch: "A unit will roll 1 die if pinned or attacked from the
/// flank/rear" — and otherwise its Assault dice from the unit table.
#[test]
fn the_switch_reads_the_assault_dice_from_the_unit_table() {
    let sys = column_system();
    let b = battle(
        vec![unit("inf", INFANTRY, &[])],
        vec![unit("train", ARMOURED_TRAIN, &[])],
    );
    let (inf, train) = (id(&b, RED, "inf"), id(&b, WHITE, "train"));
    let st = ready(&b, inf, "Close assault", &[]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    for (flank, defender) in [("0", 4), ("1", 1)] {
        let p = sys
            .procedure(
                &ctx,
                &call(P_ASSAULT, &[inf], &[train], &[(Q_FACING, flank)]),
            )
            .unwrap();
        let first = first_request(p.as_ref(), &ctx);
        assert_eq!(first.dice.count, 3, "infantry's column");
        let miss = typed(&first, vec![1; 3]);
        let Step::Dice(second) = p.step(&ctx, std::slice::from_ref(&miss)) else {
            panic!()
        };
        assert_eq!(second.dice.count, defender, "train, flank {flank}");
        assert!(p.notes()[0].contains("switch assault_dice_column"));
        // The log names the switch.
        let hit = typed(&second, vec![6; usize::from(second.dice.count)]);
        let Step::Done(res) = p.step(&ctx, &[miss, hit]) else {
            panic!("the attacker is pinned")
        };
        assert!(res.events.iter().any(|e| matches!(
            e,
            Event::Fact { text, .. } if text.contains("switch assault_dice_column")
        )));
    }
}

/// Both readings in the Tables view: the "switches" table lists the switch with its default,
/// and a file that sets it is named as the source.
#[test]
fn the_switches_table_shows_the_default_and_the_file() {
    let find = |tables: Vec<adjutant_core::rules::Table>| {
        tables
            .into_iter()
            .find(|t| t.id == "switches")
            .expect("a switches table")
    };
    let shipped = find(SYSTEM.tables());
    assert_eq!(shipped.title, "Switches");
    assert_eq!(
        shipped.header,
        ["Switch", "In force", "Default", "What it does"]
    );
    assert_eq!(shipped.rows.len(), 1);
    assert_eq!(shipped.rows[0][0], ASSAULT_DICE_COLUMN_KEY);
    assert_eq!(shipped.rows[0][1], shipped.rows[0][2], "default in force");
    assert_eq!(shipped.source, Source::Default);
    let switched = find(column_system().tables());
    assert_eq!(switched.rows[0][1], "1 (on)");
    assert_eq!(switched.source, Source::Override("/t/rcw.ron".into()));
    // A switch is 0 or 1.
    let bad = overrides::tables(
        "/t/rcw.ron",
        "(version: 1, switches: (assault_dice_column: 2))",
    )
    .unwrap_err();
    assert!(bad[0].starts_with("/t/rcw.ron:1:"), "{bad:?}");
    assert!(
        bad[0].contains("assault_dice_column 2 is out of range"),
        "{bad:?}"
    );
}

const ASSAULT_DICE_COLUMN_KEY: &str = "assault_dice_column";
