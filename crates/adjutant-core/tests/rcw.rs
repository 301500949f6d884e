//! The RCW rule system (docs/rules/rcw.md): unit-table dice, hit numbers, pinning and destruction
//! over a player turn, elite and armour rules, rally, the repeating close assault, the
//! refusals, the turn, exact odds and the shipped army files.

use std::collections::BTreeSet;

use adjutant_core::army::Unit;
use adjutant_core::battle::state::{BattleState, Context};
use adjutant_core::battle::{Action, ActionError, Battle};
use adjutant_core::event::{Event, PieceId};
use adjutant_core::odds::{Limits, procedure_odds, procedure_odds_within};
use adjutant_core::procedure::{Call, DiceRequest, Procedure, Reading, Resolution, Step};
use adjutant_core::rules::RuleSystem;
use adjutant_core::rules::rcw::SYSTEM;
use adjutant_core::rules::rcw::keys::*;
use adjutant_core::status::{Change, Status};

// The tests, by topic.
#[path = "rcw/assault.rs"]
mod assault;
#[path = "rcw/citations.rs"]
mod citations;
#[path = "rcw/command.rs"]
mod command;
#[path = "rcw/data.rs"]
mod data;
#[path = "rcw/fire.rs"]
mod fire;
#[path = "rcw/odds.rs"]
mod odds;
#[path = "rcw/refusals.rs"]
mod refusals;
#[path = "rcw/turn.rs"]
mod turn;
#[path = "rcw/unit_table.rs"]
mod unit_table;

use crate::common;
use common::rcw_hand as hand;

use common::driver::{drive_by, typed};
use common::{call, piece as id, shipped_army};
use hand::{army, rolled_off, unit};

const RED: usize = 0;
const WHITE: usize = 1;

/// A battle with the Reds to play first (roll-off 6 against 1); a side given no HQ gets one
/// ("staff"), last, so its units are within reach of an HQ on the table (§4.4).
fn battle(mut reds: Vec<Unit>, mut whites: Vec<Unit>) -> Battle {
    for side in [&mut reds, &mut whites] {
        if !side.iter().any(|u| u.kind == HQ) {
            side.push(unit("staff", HQ, &[]));
        }
    }
    let b = rolled_off(reds, whites);
    assert!(b.pending().is_none());
    assert_eq!(b.state().side, RED);
    b
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

/// Activates a unit with its two actions ("None" for one), within 6 hexes of its HQ.
fn activate(b: &mut Battle, u: PieceId, first: &str, second: &str) {
    start(
        b,
        P_ACTIVATE,
        &[u],
        &[],
        &[(Q_FIRST, first), (Q_SECOND, second), (Q_NEAR_HQ, "0")],
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

/// Drives a procedure with these faces, one slice per dice request; returns the dice requests
/// met and the result, as the testkit's drivers do.
fn drive(p: &dyn Procedure, ctx: &Context, faces: &[&[u8]]) -> (Vec<DiceRequest>, Resolution) {
    let mut met = 0;
    let (requests, res) = drive_by(p, ctx, |step| match step {
        Step::Dice(req) => {
            let f = faces
                .get(met)
                .unwrap_or_else(|| panic!("ran out of faces at {}", req.label));
            met += 1;
            typed(req, f.to_vec())
        }
        other => panic!("unexpected {other:?}"),
    });
    (requests, res)
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

/// The battle's state with `a` activated on Close assault orders, as the assault starts.
fn assaulting(b: &Battle, a: PieceId) -> BattleState {
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
