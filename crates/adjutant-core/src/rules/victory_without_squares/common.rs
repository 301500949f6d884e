//! What the procedures share: parameters and their answers, offers, reading inputs one by one,
//! formation losses (with broken pike thrown away), and the leader casualty card.

use super::keys::*;
use super::status::{kind, lose};
use super::tables::VwsTables;
use crate::battle::state::Context;
use crate::cards::Card;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, CardRead, CardRequest, Refusal};
use crate::rules::kit::events::{set_flag, set_mark, set_rung, set_track};
use crate::rules::kit::offers::actor_and_target;

/// Refuses when the battle is over or the body has left the table.
pub(crate) fn present(ctx: &Context, piece: PieceId) -> Result<(), Refusal> {
    if let Some(r) = &ctx.state.result {
        return Err(Refusal::new(format!("the battle is over: {r}"), "§10.2"));
    }
    if ctx.status(piece).flag(REMOVED) {
        return Err(Refusal::new(
            format!("{} has left the table", ctx.roster.name(piece)),
            "§8.6",
        ));
    }
    Ok(())
}

/// The actor and target of a call.
pub(crate) fn pair(call: &Call, rule: &str) -> Result<(PieceId, PieceId), Refusal> {
    actor_and_target(call, "choose a body and a target", rule)
}

/// Whether it is the turn's moves and `piece`'s side is the one moving (§2.3).
pub(crate) fn own_move(ctx: &Context, piece: PieceId) -> bool {
    ctx.state.phase == super::turn::PHASE_MOVES && ctx.state.side == ctx.roster.side_of(piece)
}

/// What a body does with its turn, for the one-action rule (§3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Doing {
    /// Moving, crossing ground or changing formation.
    Move,
    /// Firing.
    Fire,
    /// Rallying or reforming.
    Reform,
}

/// Refuses what the one-action rule forbids: firearms fire once a turn instead of moving,
/// rallying or reforming (§3.3). Horse may fire pistols and move (it costs 4" of the move).
pub(crate) fn one_action(ctx: &Context, unit: PieceId, doing: Doing) -> Result<(), Refusal> {
    let s = ctx.status(unit);
    let name = ctx.roster.name(unit);
    let horse = super::status::horse_kind(kind(ctx, unit));
    let why = match doing {
        Doing::Fire if s.flag(REFORMED) => "it tried to rally or reform this turn",
        Doing::Fire if s.flag(MOVED) && !horse => "it moved or changed formation this turn",
        Doing::Move if s.flag(FIRED) && !horse => "it fired this turn",
        Doing::Reform if s.flag(FIRED) => "it fired this turn",
        _ => return Ok(()),
    };
    Err(Refusal::new(
        format!(
            "{name}: {why}, and a body fires once a turn instead of moving, rallying or reforming"
        ),
        "§3.3",
    ))
}

use crate::rules::kit::{Cursor, Need};

/// The events of a body losing `steps` formation levels, and its new rung.
pub(crate) fn loss_events(ctx: &Context, unit: PieceId, steps: u8, why: &str) -> (u8, Vec<Event>) {
    let from = ctx.status(unit).rung(FORMATION);
    let k = kind(ctx, unit);
    let to = lose(k, from, steps);
    let name = ctx.roster.name(unit);
    if steps == 0 {
        return (from, Vec::new());
    }
    if to == from {
        let text = format!("{name} is already Broken: no further effect ({why}, §1.4)");
        return (to, vec![Event::fact(FactKind::Loss, Some(unit), text)]);
    }
    let rungs = super::status::RUNGS;
    let mut events = vec![
        set_rung(unit, FORMATION, to),
        Event::fact(
            if to == BROKEN {
                FactKind::Rout
            } else {
                FactKind::Loss
            },
            Some(unit),
            format!(
                "{name}: {} → {} ({why})",
                rungs[usize::from(from)],
                rungs[usize::from(to)]
            ),
        ),
    ];
    if to == BROKEN {
        events.push(set_flag(unit, HEDGEHOG, false));
        events.push(set_flag(unit, PURSUING, false));
        events.push(Event::fact(
            FactKind::Rout,
            Some(unit),
            format!("{name} turns about and runs 4\" from the enemy until rallied (§7.6)"),
        ));
        let pike = ctx.roster.unit(unit).map_or(0, |u| u.stat(PIKE));
        if k == FOOT && pike > 0 {
            events.push(set_flag(unit, PIKE_LOST, true));
            events.push(Event::fact(
                FactKind::Loss,
                Some(unit),
                format!("{name} throws away its pikes: remove {pike} pike base(s) (§6.3)"),
            ));
        }
    }
    (to, events)
}

/// The events of a body leaving play (§8.6): removed, and, when it was overrun or contacted,
/// an unhorsed leader with it captured (§9.3).
pub(crate) fn removal_events(ctx: &Context, unit: PieceId, why: &str, overrun: bool) -> Vec<Event> {
    let name = ctx.roster.name(unit);
    let mut events = vec![
        set_flag(unit, REMOVED, true),
        set_flag(unit, MOVING, false),
        set_flag(unit, PURSUING, false),
        Event::fact(
            FactKind::Eliminated,
            Some(unit),
            format!("{name} {why}: removed from the table (§8.6)"),
        ),
    ];
    let side = ctx.roster.side_of(unit);
    let leader = ctx
        .status(unit)
        .mark(ATTACHED)
        .and_then(|id| ctx.roster.find(side, id));
    if let Some(leader) = leader {
        events.push(set_mark(unit, ATTACHED, None));
        events.push(set_mark(leader, ATTACHED, None));
        let lname = ctx.roster.name(leader);
        if overrun && ctx.status(leader).rung(LEADER) == UNHORSED {
            events.push(set_rung(leader, LEADER, CAPTURED));
            events.push(Event::fact(
                FactKind::LeaderCasualty,
                Some(leader),
                format!("{lname}, unhorsed with {name}, is captured (§9.3)"),
            ));
        } else {
            events.push(Event::fact(
                FactKind::Command,
                Some(leader),
                format!("{lname} leaves {name} (§8.6)"),
            ));
        }
    }
    events
}

/// Draws the casualty card of a leader under fire or in combat with `unit` (§9.2), and what
/// it does: the summary and the events.
pub(crate) fn leader_casualty(
    cur: &mut Cursor,
    t: &VwsTables,
    ctx: &Context,
    leader: PieceId,
    unit: PieceId,
) -> Need<(String, Vec<Event>)> {
    let card = cur.card(CardRequest {
        label: format!("Leader casualty: {}", ctx.roster.name(leader)),
        rule: "§9.2".into(),
        draws: 1,
        reads: CardRead::SuitAndPicture,
    })?;
    Ok(leader_card(t, ctx, leader, Some(unit), card))
}

/// What a leader casualty card does (§9.2): picture cards only.
pub fn leader_card(
    t: &VwsTables,
    ctx: &Context,
    leader: PieceId,
    unit: Option<PieceId>,
    card: Card,
) -> (String, Vec<Event>) {
    let name = ctx.roster.name(leader);
    let Some(suit) = card.suit().filter(|_| card.is_picture()) else {
        let text = format!("{card}: not a picture card, {name} unhurt (§9.2)");
        let said = Event::fact(FactKind::LeaderCasualty, Some(leader), text);
        return (format!("{name} unhurt"), vec![said]);
    };
    let detach = unit
        .map(|u| set_mark(u, ATTACHED, None))
        .into_iter()
        .chain([set_mark(leader, ATTACHED, None)]);
    if t.leader_killed.contains(&suit) {
        let mut events = vec![set_rung(leader, LEADER, KILLED)];
        events.extend(detach);
        events.push(Event::fact(
            FactKind::LeaderCasualty,
            Some(leader),
            format!("{card}: {name} is killed or sorely hurt, removed from play (§9.2)"),
        ));
        (format!("{name} killed"), events)
    } else {
        let events = vec![
            set_rung(leader, LEADER, UNHORSED),
            set_track(leader, UNHORSED_TURN, ctx.state.turn as i32),
            Event::fact(
                FactKind::LeaderCasualty,
                Some(leader),
                format!(
                    "{card}: {name} is unhorsed, ineffective for 1 turn; captured if overrun (§9.3)"
                ),
            ),
        ];
        (format!("{name} unhorsed"), events)
    }
}
