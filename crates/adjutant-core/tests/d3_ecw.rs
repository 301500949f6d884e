//! D3 English Civil War (docs/rules/d3_ecw.md): every unit type's shooting and melee dice with fixed
//! faces, ammunition both ways, cover and target modifiers, re-rolls, hits floored at 0, rout
//! at 7, army resolve at the exact threshold, artillery cadence, refusals with their rules,
//! exact odds, the turn, and the shipped army files.

use std::collections::BTreeSet;

use adjutant_core::army::Army;
use adjutant_core::battle::{Action, Battle};
use adjutant_core::dice::Rolled;
use adjutant_core::event::{Event, PieceId};
use adjutant_core::odds::procedure_odds;
use adjutant_core::procedure::{Call, DiceRequest, Input, Refusal, Resolution, Step};
use adjutant_core::rules::d3_ecw::keys::*;
use adjutant_core::rules::d3_ecw::tables::{AmmoCheck, D3Tables};
use adjutant_core::rules::d3_ecw::{D3Ecw, SYSTEM};
use adjutant_core::rules::{RuleSystem, Source};
use adjutant_core::status::Change;

use crate::common;

use common::army::{self as hand, Build, battle_of};
use common::driver::{odds_after_first_roll, typed};
use common::run_choosing;
use common::{
    call, change as piece, clock, flag, mark, piece as id, shipped_army, side_flag, side_track,
    track, with,
};

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

// The engine's behaviour, by topic.
#[path = "d3_ecw/ammunition.rs"]
mod ammunition;
#[path = "d3_ecw/data.rs"]
mod data;
#[path = "d3_ecw/melee.rs"]
mod melee;
#[path = "d3_ecw/odds.rs"]
mod odds;
#[path = "d3_ecw/re_rolls.rs"]
mod re_rolls;
#[path = "d3_ecw/rout.rs"]
mod rout;
#[path = "d3_ecw/shooting.rs"]
mod shooting;
#[path = "d3_ecw/turn.rs"]
mod turn;

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
    let commander = hand::leader("cmd", &format!("{side} Commander"));
    let units = KINDS
        .iter()
        .map(|(id, kind)| {
            hand::unit(id, kind)
                .named(&format!("{side} {kind}"))
                .led_by("cmd")
        })
        .collect();
    Army {
        name: format!("{side} test army"),
        ..hand::army("d3_ecw", side, vec![commander], units)
    }
}

fn new_battle() -> Battle {
    battle_of("d3_ecw", [army("Royalist"), army("Parliament")], 7)
}

/// Turn `turn`, side `side` to activate with `n` activations counted.
fn in_turn(b: &Battle, turn: u32, side: usize, n: i32) -> Battle {
    with(
        b,
        vec![
            clock(turn, 1, side),
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
