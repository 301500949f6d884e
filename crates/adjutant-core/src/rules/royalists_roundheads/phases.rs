//! The sequence of play (§2.1): six phases, the clock that walks them for
//! 13 turns with the Royalists (side 0) first, and the phase-advance procedure that does what
//! happens by itself — Charge boxes advancing, per-phase markers cleared, reinforcements
//! entering (with the entry roll from turn 7), the Victory Check, and the draw at the end.

use super::keys::{self, Chit};
use super::look::{self, Look};
use super::modifiers::key as mk;
use super::run::{Run, bands_by};
use super::spec::ENTRY_ROLL;
use super::tables::Tables;
use super::victory;
use crate::battle::state::{Context, Role};
use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, DiceRequest, Refusal};
use crate::rules::Phase;
use crate::rules::kit::Need;
use crate::rules::kit::events::side_flag;
use crate::rules::kit::offers::refuse;

pub const ORDERS: usize = 0;
pub const MOVEMENT: usize = 1;
pub const FIRE: usize = 2;
pub const MELEE: usize = 3;
pub const RALLY: usize = 4;
pub const VICTORY: usize = 5;

/// The phases, in the order the clock index names them.
pub fn phases() -> Vec<Phase> {
    let p = |name: &str, summary: &str| Phase {
        name: name.into(),
        summary: summary.into(),
    };
    vec![
        p(
            "Orders",
            "Both players may try to change command chits; Charge boxes advance (§3)",
        ),
        p(
            "Movement",
            "Check command (OC), reinforcements enter, move; the enemy may charge (§4)",
        ),
        p(
            "Fire Combat",
            "Defensive fire by the non-phasing player, then offensive fire (§5)",
        ),
        p(
            "Melee",
            "Attacker morale, defender morale, melee, result checks; cavalry second combat last (§6)",
        ),
        p(
            "Rally",
            "Routed units in command and out of enemy ZOC try to rally (§7.4)",
        ),
        p(
            "Victory Check",
            "Roll 2D6 if the enemy's losses reached the Victory Table (§10.2)",
        ),
    ]
}

/// The clock after `(turn, phase, side)`, or `None` when the last turn is over.
pub(crate) fn next_clock(
    turn: u32,
    phase: usize,
    side: usize,
    last_turn: u32,
) -> Option<(u32, usize, usize)> {
    Some(match (phase, side) {
        (ORDERS, _) => (turn, MOVEMENT, 0),
        (MOVEMENT..=MELEE, s) => (turn, phase + 1, s),
        (RALLY, 0) => (turn, VICTORY, 1),
        (VICTORY, 1) => (turn, MOVEMENT, 1),
        (RALLY, _) => (turn, VICTORY, 0),
        _ if turn >= last_turn => return None,
        _ => (turn + 1, ORDERS, 0),
    })
}

/// The phase-advance procedure's title ("End Orders → Royalists Movement").
pub(crate) fn title(ctx: &Context, t: &Tables) -> String {
    let s = ctx.state;
    let names = phases();
    let last = t.modifiers.get(mk::LAST_TURN) as u32;
    match next_clock(s.turn, s.phase, s.side, last) {
        Some((turn, phase, side)) => format!(
            "Turn {turn}: {} {} Phase",
            ctx.roster().side_name(side),
            names[phase].name
        ),
        None => "End of the game".into(),
    }
}

/// Whether the phase may be advanced now.
pub(crate) fn check(ctx: &Context, _t: &Tables, _call: &Call) -> Result<(), Refusal> {
    if ctx.state.result.is_some() {
        return refuse("the battle is over", "§2.3");
    }
    Ok(())
}

/// Advances the clock one phase and does what the new phase does by itself.
pub(crate) fn next_phase(run: &mut Run, t: &Tables, _call: &Call) -> Need<String> {
    let (turn, phase, side) = run.clock();
    let last = t.modifiers.get(mk::LAST_TURN) as u32;
    let Some((turn, phase, side)) = next_clock(turn, phase, side, last) else {
        victory::draw(run, t);
        return Ok("draw".into());
    };
    run.emit(Event::Clock { turn, phase, side });
    let name = &phases()[phase].name;
    let who = if phase == ORDERS {
        "both players".to_string()
    } else {
        run.roster().side_name(side)
    };
    run.fact(
        FactKind::Turn,
        None,
        format!("Turn {turn}: {name} Phase ({who})"),
    );
    match phase {
        ORDERS => orders(run),
        MOVEMENT => return movement(run, t, turn, side),
        FIRE => {
            clear_all(
                run,
                &[keys::FIRED, keys::MORALE_CHECKED_FIRE, keys::MUST_MELEE],
            );
            clear_marks(run, keys::MUST_MELEE_AT);
        }
        // Each phase's marks go when it ends, so none shows in a later phase: the Fire
        // Combat Phase's morale checks at the Melee Phase; what the Combat Phase did (fired,
        // meleed, its morale checks, the second combat) at the Rally Phase.
        MELEE => clear_all(
            run,
            &[
                keys::MORALE_CHECKED_FIRE,
                keys::MORALE_CHECKED_MELEE,
                keys::SECOND_COMBAT_USED,
                keys::MELEED,
            ],
        ),
        RALLY => {
            clear_side(run, side, &[keys::RALLY_TRIED]);
            clear_all(
                run,
                &[
                    keys::MUST_MELEE,
                    keys::FIRED,
                    keys::MORALE_CHECKED_MELEE,
                    keys::SECOND_COMBAT_USED,
                    keys::MELEED,
                ],
            );
            clear_marks(run, keys::MUST_MELEE_AT);
        }
        VICTORY => {
            clear_all(run, &[keys::RALLY_TRIED]);
            let won = victory::victory_check(run, t, side)?;
            return Ok(if won { "victory" } else { "no victory" }.into());
        }
        _ => {}
    }
    Ok(format!("{name} Phase"))
}

fn pieces_of(run: &Run, role: Role, side: Option<usize>) -> Vec<PieceId> {
    let r = run.roster();
    r.ids()
        .filter(|&p| r.piece(p).role == role && side.is_none_or(|s| r.side_of(p) == s))
        .collect()
}

fn clear_all(run: &mut Run, flags: &[&str]) {
    for u in pieces_of(run, Role::Unit, None) {
        for f in flags {
            run.flag(u, f, false);
        }
    }
}

fn clear_marks(run: &mut Run, key: &str) {
    for u in pieces_of(run, Role::Unit, None) {
        if run.status(u).mark(key).is_some() {
            run.mark(u, key, None);
        }
    }
}

fn clear_side(run: &mut Run, side: usize, flags: &[&str]) {
    for u in pieces_of(run, Role::Unit, Some(side)) {
        for f in flags {
            run.flag(u, f, false);
        }
    }
}

/// The Orders Phase: command tries reset, Charge 1 → 2 → 3 → Muster (§3.5).
fn orders(run: &mut Run) {
    for l in pieces_of(run, Role::Leader, None) {
        run.flag(l, keys::COMMAND_TRIED, false);
        run.flag(l, keys::FRESH_MUSTER, false);
        let Some(Chit::Charge(n)) = look::chit(run, l) else {
            continue;
        };
        let next = if n >= 3 {
            Chit::Muster
        } else {
            Chit::Charge(n + 1)
        };
        run.mark(l, keys::CHIT, Some(next.to_string()));
        if next == Chit::Muster {
            run.flag(l, keys::FRESH_MUSTER, true);
        }
        run.fact_about(FactKind::Command, l, |name| {
            format!("{name}'s chit moves from Charge {n} to {next} (§3.5)")
        });
    }
}

/// The start of a Movement Phase: OC markers and traces to the Overall Leader cleared for the
/// new command check (§4.1, §4.2), charge checks reset,
/// reinforcements placed, and from turn 7 the entry roll for the Array / Hobart.
fn movement(run: &mut Run, t: &Tables, turn: u32, side: usize) -> Need<String> {
    clear_side(run, side, &[keys::OUT_OF_COMMAND, keys::TRACES_OVERALL]);
    for l in pieces_of(run, Role::Leader, None) {
        if run.status(l).mark(keys::CHARGE_CHECKS).is_some() {
            run.mark(l, keys::CHARGE_CHECKS, None);
        }
    }
    let r = run.roster();
    let mine: Vec<PieceId> = r.ids().filter(|&p| r.side_of(p) == side).collect();
    let due: Vec<PieceId> = mine
        .iter()
        .copied()
        .filter(|&p| !has_trait(run, p, ENTRY_ROLL) && entry_turn(run, p) <= turn as i32)
        .filter(|&p| !run.status(p).flag(keys::ENTERED))
        .collect();
    enter(run, &due, "turn of entry chart");
    let group: Vec<PieceId> = mine
        .into_iter()
        .filter(|&p| has_trait(run, p, ENTRY_ROLL) && !run.status(p).flag(keys::ENTERED))
        .collect();
    let from = t.modifiers.get(mk::ENTRY_FROM);
    if group.is_empty() || (turn as i32) < from {
        return Ok("Movement Phase".into());
    }
    let need = t.modifiers.get(mk::ENTRY_NEED);
    let names: Vec<String> = group.iter().map(|&p| run.name(p)).collect();
    let dice = Dice::new(1, Die::D6);
    let bands = bands_by(&dice, |v| {
        if v >= need {
            "enter".into()
        } else {
            "do not enter".into()
        }
    });
    let req = DiceRequest::total(
        format!("Reinforcement roll: {} ({need} enters)", names.join(", ")),
        "§2.2",
        dice,
        bands,
    );
    let band = run.roll(req.clone())?;
    if req.bands[band].label == "enter" {
        enter(run, &group, "entry roll");
        run.emit(side_flag(side, keys::REINFORCEMENTS_ENTERED, true));
        Ok("reinforcements enter".into())
    } else {
        run.fact(
            FactKind::Reinforcement,
            None,
            format!("{} do not enter this turn", names.join(", ")),
        );
        Ok("reinforcements held".into())
    }
}

fn enter(run: &mut Run, pieces: &[PieceId], why: &str) {
    for &p in pieces {
        run.flag(p, keys::ENTERED, true);
        let name = run.name(p);
        let extra = if look::leader(run, p).is_some() {
            ": place its command chit (no Charge on entry)"
        } else {
            ""
        };
        run.fact(
            FactKind::Reinforcement,
            Some(p),
            format!("{name} enters ({why}){extra}"),
        );
    }
}

fn has_trait<L: Look + ?Sized>(l: &L, p: PieceId, tr: &str) -> bool {
    look::unit(l, p).is_some_and(|u| u.has(tr)) || look::leader(l, p).is_some_and(|x| x.has(tr))
}

fn entry_turn<L: Look + ?Sized>(l: &L, p: PieceId) -> i32 {
    look::unit(l, p)
        .map(|u| u.stat("entry_turn"))
        .or_else(|| look::leader(l, p).map(|x| x.stat("entry_turn")))
        .unwrap_or(1)
}
