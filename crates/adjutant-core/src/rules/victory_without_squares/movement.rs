//! Moving bodies and taking them off the table: a body starts moving (advancing on the enemy
//! or not) and keeps moving until a Halt card, an obstacle or musket range of the enemy stops
//! it (§3.2); a body overrun by fleeing friends loses a formation level (§3.5); and a body
//! leaves play when it surrenders, leaves the table or is overrun (§8.6). The players move the
//! figures; these record what the rules need to know about it.

use super::common::{Doing, loss_events, one_action, own_move, present, removal_events};
use super::keys::*;
use super::status::kind;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, ParamSpec, Procedure, Refusal};
use crate::rules::kit::events::set_flag;
use crate::rules::kit::fixed::Fixed;
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::answer;
use crate::rules::kit::params::choice;

/// What a move records: advancing, moving elsewhere, or stopping without a card.
pub const MOVES: [&str; 3] = [
    "advance on the enemy",
    "move, not advancing",
    "stop without a card",
];

/// Why a body leaves play.
pub(crate) const REASONS: [&str; 3] = ["surrendered", "left the table", "overrun or contacted"];

fn move_param() -> ParamSpec {
    choice(
        MOVE,
        "Move (it stops without a card at an obstacle or 4\" from the enemy)",
        &MOVES,
    )
}

fn reason_param() -> ParamSpec {
    choice(REASON, "Why it leaves play", &REASONS)
}

/// Whether a body may be given a move order now: its side's turn, not broken (§2.3, §8.4).
pub(crate) fn check(ctx: &Context, unit: PieceId) -> Result<(), Refusal> {
    present(ctx, unit)?;
    let name = ctx.roster.name(unit);
    if !own_move(ctx, unit) {
        return Err(Refusal::new(
            format!("{name}: a body moves in its own side's turn"),
            "§2.3",
        ));
    }
    if ctx.status(unit).rung(FORMATION) == BROKEN {
        return Err(Refusal::new(
            format!("{name} is Broken: it flees from the enemy until rallied"),
            "§8.4",
        ));
    }
    Ok(())
}

/// Refuses a move the rules forbid: advancing while Disordered or beaten, moving after
/// firing, and a gun that is not limbered.
fn move_check(ctx: &Context, unit: PieceId, advance: bool) -> Result<(), Refusal> {
    let name = ctx.roster.name(unit);
    let s = ctx.status(unit);
    if advance && s.rung(FORMATION) == DISORDERED {
        return Err(Refusal::new(
            format!("{name} is Disordered: it may not approach the enemy"),
            "§1.4, §3.2",
        ));
    }
    if advance && ctx.state.sides[ctx.roster.side_of(unit)].flag(BEATEN) {
        return Err(Refusal::new(
            format!("{name}: All's Lost, this army is beaten and may not advance"),
            "§3.2, §10.2",
        ));
    }
    if kind(ctx, unit) == TRAIN && (!s.flag(LIMBERED) || s.flag(UNLIMBERING)) {
        return Err(Refusal::new(
            format!("{name} is unlimbered: limber it to move"),
            "§3.4",
        ));
    }
    if s.flag(CHANGED) && super::posture::one_thing_a_turn(kind(ctx, unit)) {
        return Err(Refusal::new(
            format!("{name} changed formation this turn: that was its move"),
            "§3.4",
        ));
    }
    one_action(ctx, unit, Doing::Move)
}

/// The move offer for a body.
pub(crate) fn move_offer(ctx: &Context, unit: PieceId) -> Offer {
    offer(
        P_MOVE,
        "Move: start moving, or stop".into(),
        vec![move_param()],
        check(ctx, unit),
    )
}

/// The offer for a body overrun by fleeing friends.
pub(crate) fn overrun_offer(ctx: &Context, unit: PieceId) -> Offer {
    offer(
        P_OVERRUN,
        "Overrun by fleeing friends (−1 formation level)".into(),
        Vec::new(),
        present(ctx, unit),
    )
}

/// The offer to take a body off the table.
pub(crate) fn remove_offer(ctx: &Context, unit: PieceId) -> Offer {
    offer(
        P_REMOVE,
        "Remove from play (surrendered, left the table, overrun)".into(),
        vec![reason_param()],
        present(ctx, unit),
    )
    .asking(format!(
        "Remove {} from play? It leaves the battle for good.",
        ctx.roster.name(unit)
    ))
}

/// Builds a move, an overrun or a removal.
pub(crate) fn build(ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
    let &unit = call
        .actors
        .first()
        .ok_or_else(|| Refusal::new("choose a body", "§3.2"))?;
    if ctx.roster.unit(unit).is_none() {
        return Err(Refusal::new("choose a body, not a leader", "§3.2"));
    }
    let name = ctx.roster.name(unit).to_string();
    match call.id.as_str() {
        P_MOVE => {
            check(ctx, unit)?;
            let which = answer(call, &move_param());
            let s = ctx.status(unit);
            if which == 2 {
                if !s.flag(MOVING) {
                    return Err(Refusal::new(
                        format!("{name} is not moving: nothing to stop"),
                        "§3.2",
                    ));
                }
                return Fixed::start(
                    format!("{name} stops"),
                    vec![
                        set_flag(unit, MOVING, false),
                        Event::fact(
                            FactKind::Movement,
                            Some(unit),
                            format!(
                                "{name} stops: it met an obstacle or came within musket range \
                                 of the enemy (§3.2)"
                            ),
                        ),
                    ],
                );
            }
            move_check(ctx, unit, which == 0)?;
            let how = if which == 0 {
                "advances on the enemy"
            } else {
                "moves"
            };
            let text = format!(
                "{name} {how}: it keeps moving until a Halt card, an obstacle or musket range \
                 of the enemy stops it (§3.2)"
            );
            Fixed::start(
                format!("{name} moves"),
                vec![
                    set_flag(unit, MOVING, true),
                    set_flag(unit, MOVED, true),
                    Event::fact(FactKind::Movement, Some(unit), text),
                ],
            )
        }
        P_OVERRUN => {
            present(ctx, unit)?;
            let (_, events) = loss_events(ctx, unit, 1, "overrun by fleeing friends, §3.5");
            Fixed::start(format!("{name} overrun by fleeing friends"), events)
        }
        P_REMOVE => {
            present(ctx, unit)?;
            let reason = answer(call, &reason_param());
            let why = match reason {
                0 => "surrenders",
                1 => "leaves the table and may not return",
                _ => "is overrun",
            };
            Fixed::start(
                format!("{name} removed"),
                removal_events(ctx, unit, why, reason == 2),
            )
        }
        _ => Err(Refusal::new("no such procedure", "§3.2")),
    }
}
