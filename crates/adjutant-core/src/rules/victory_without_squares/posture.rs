//! A body changes how it stands, spending its move (§3.4): foot forms or leaves a hedgehog,
//! any body but the train forms column or goes back to line, dragoons mount or dismount, and
//! the train limbers or unlimbers (a full turn to unlimber: no move or fire that turn). No
//! cards or dice: the change is a fact the players made on the table, recorded so fire and
//! combat follow it; like a move, it rules out firing that turn (§3.3).

use super::common::{Doing, one_action, present};
use super::keys::*;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::kit::events::set_flag;
use crate::rules::kit::fixed::Fixed;
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::choice;

/// The parameter naming the change.
pub(crate) const CHANGE: &str = "change";

/// The changes a body of this kind may make, each with the flag it sets and its rule.
fn changes(kind: &str) -> Vec<(&'static str, &'static str, bool, &'static str)> {
    let mut c = Vec::new();
    match kind {
        FOOT => {
            c.push(("form hedgehog", HEDGEHOG, true, "§3.4"));
            c.push(("leave the hedgehog", HEDGEHOG, false, "§3.4"));
        }
        DRAGOONS => {
            c.push(("dismount", MOUNTED, false, "§3.4"));
            c.push(("mount", MOUNTED, true, "§3.4"));
        }
        TRAIN => {
            c.push(("unlimber (a full turn)", LIMBERED, false, "§3.4"));
            c.push(("limber", LIMBERED, true, "§3.4"));
        }
        _ => {}
    }
    if kind != TRAIN {
        c.push(("form column", COLUMN, true, "§3.4"));
        c.push(("back to line", COLUMN, false, "§3.4"));
    }
    c
}

/// Whether a change of formation takes the whole of this kind's turn: foot "Move 4" per turn
/// … or wheel up to 90°, or form hedgehog, or fire"; dragoons mount or dismount "at the start
/// of the turn (ie cannot mount up and ride off in same turn)" (§3.4). Horse only deduct 4".
pub(crate) fn one_thing_a_turn(kind: &str) -> bool {
    kind == FOOT || kind == DRAGOONS
}

/// Refuses a change of formation to foot or dragoons that already moved, fought or changed
/// formation this turn (see [`one_thing_a_turn`]).
fn not_after_moving(ctx: &Context, unit: PieceId, kind: &str) -> Result<(), Refusal> {
    if one_thing_a_turn(kind) && ctx.status(unit).flag(MOVED) {
        return Err(Refusal::new(
            format!(
                "{} moved, fought or changed formation this turn: {kind} change formation \
                 instead of moving, not as well",
                ctx.roster.name(unit)
            ),
            "§3.4",
        ));
    }
    Ok(())
}

fn kind_of(ctx: &Context, unit: PieceId) -> Option<String> {
    ctx.roster.unit(unit).map(|u| u.kind.clone())
}

/// The offer for a body: refused for leaders and broken bodies.
pub(crate) fn offer_for(ctx: &Context, unit: PieceId) -> Option<Offer> {
    let kind = kind_of(ctx, unit)?;
    let labels: Vec<&str> = changes(&kind).iter().map(|c| c.0).collect();
    let check = present(ctx, unit)
        .and_then(|_| not_broken(ctx, unit))
        .and_then(|_| one_action(ctx, unit, Doing::Move))
        .and_then(|_| not_after_moving(ctx, unit, &kind));
    Some(offer(
        P_POSTURE,
        "Change formation (spends the move)".into(),
        vec![choice(CHANGE, "Change", &labels)],
        check,
    ))
}

fn not_broken(ctx: &Context, unit: PieceId) -> Result<(), Refusal> {
    if ctx.status(unit).rung(FORMATION) == BROKEN {
        return Err(Refusal::new(
            format!(
                "{} is Broken: it flees and cannot change formation",
                ctx.roster.name(unit)
            ),
            "§8.4",
        ));
    }
    Ok(())
}

/// Builds the change a call names.
pub(crate) fn build(ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
    let &unit = call
        .actors
        .first()
        .ok_or_else(|| Refusal::new("choose a body", "§3.4"))?;
    let kind =
        kind_of(ctx, unit).ok_or_else(|| Refusal::new("only bodies change formation", "§3.4"))?;
    present(ctx, unit)?;
    not_broken(ctx, unit)?;
    one_action(ctx, unit, Doing::Move)?;
    not_after_moving(ctx, unit, &kind)?;
    let all = changes(&kind);
    let wanted = call.param(CHANGE).map(str::trim);
    let &(label, key, on, rule) = match wanted {
        None => all.first(),
        Some(w) => all.iter().find(|c| c.0.eq_ignore_ascii_case(w)),
    }
    .ok_or_else(|| {
        Refusal::new(
            format!("{kind} cannot {}", wanted.unwrap_or("change formation")),
            "§3.4",
        )
    })?;
    let name = ctx.roster.name(unit).to_string();
    let s = ctx.status(unit);
    if s.flag(key) == on {
        return Err(Refusal::new(
            format!("{name} is already as that leaves it ({label})"),
            rule,
        ));
    }
    if key == LIMBERED && !on && (s.flag(MOVED) || s.flag(FIRED)) {
        return Err(Refusal::new(
            format!(
                "{name} moved this turn: unlimbering takes a full turn, so it unlimbers next turn"
            ),
            rule,
        ));
    }
    let mut events = vec![
        set_flag(unit, key, on),
        set_flag(unit, MOVED, true),
        set_flag(unit, CHANGED, true),
    ];
    if key == LIMBERED && !on {
        events.push(set_flag(unit, UNLIMBERING, true));
    }
    // A hedgehog and a column exclude each other: forming one leaves the other.
    let other = match key {
        k if k == HEDGEHOG => Some(COLUMN),
        k if k == COLUMN => Some(HEDGEHOG),
        _ => None,
    };
    if let Some(other) = other.filter(|o| on && s.flag(o)) {
        events.push(set_flag(unit, other, false));
    }
    events.push(Event::fact(
        FactKind::Command,
        Some(unit),
        format!("{name}: {label} ({rule})"),
    ));
    Fixed::start(format!("{name}: {label}"), events)
}
