//! What the procedures share: parameters and their answers, offers, reading inputs one by one,
//! formation losses (with broken pike thrown away), and the leader casualty card.

use super::keys::*;
use super::status::{kind, lose, set_flag, set_mark, set_rung, set_track};
use super::tables::VwsTables;
use crate::battle::state::Context;
use crate::cards::Card;
use crate::dice::Rolled;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Input, Refusal};

pub use crate::rules::kit::offers::offer;
pub use crate::rules::kit::params::{answer, answer_of, choice, yes_no};

/// Refuses when the battle is over or the body has left the table.
pub fn present(ctx: &Context, piece: PieceId) -> Result<(), Refusal> {
    if let Some(r) = &ctx.state.result {
        return Err(Refusal::new(
            format!("the battle is over: {r}"),
            "RULES.md §3.11",
        ));
    }
    if ctx.status(piece).flag(REMOVED) {
        return Err(Refusal::new(
            format!("{} has left the table", ctx.roster.name(piece)),
            "RULES.md §3.9",
        ));
    }
    Ok(())
}

/// The actor and target of a call.
pub fn pair(call: &Call, rule: &str) -> Result<(PieceId, PieceId), Refusal> {
    match (call.actors.first(), call.targets.first()) {
        (Some(&a), Some(&t)) => Ok((a, t)),
        _ => Err(Refusal::new("choose a body and a target", rule)),
    }
}

/// Inputs read in order.
pub struct Cursor<'a> {
    inputs: &'a [Input],
    at: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(inputs: &'a [Input]) -> Cursor<'a> {
        Cursor { inputs, at: 0 }
    }

    pub fn dice(&mut self) -> Option<&'a Rolled> {
        match self.inputs.get(self.at) {
            Some(Input::Dice(r)) => {
                self.at += 1;
                Some(r)
            }
            _ => None,
        }
    }

    pub fn card(&mut self) -> Option<Card> {
        match self.inputs.get(self.at) {
            Some(Input::Card(c)) => {
                self.at += 1;
                Some(*c)
            }
            _ => None,
        }
    }

    pub fn choice(&mut self) -> Option<usize> {
        match self.inputs.get(self.at) {
            Some(Input::Choice(c)) => {
                self.at += 1;
                Some(*c)
            }
            _ => None,
        }
    }
}

/// The events of a body losing `steps` formation levels, and its new rung.
pub fn loss_events(ctx: &Context, unit: PieceId, steps: u8, why: &str) -> (u8, Vec<Event>) {
    let from = ctx.status(unit).rung(FORMATION);
    let k = kind(ctx, unit);
    let to = lose(k, from, steps);
    let name = ctx.roster.name(unit);
    if steps == 0 {
        return (from, Vec::new());
    }
    if to == from {
        let text = format!("{name} is already Broken: no further effect ({why}, V-10)");
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
            format!("{name} turns about and runs 4\" from the enemy until rallied (§3.8)"),
        ));
        let pike = ctx.roster.unit(unit).map_or(0, |u| u.stat(PIKE));
        if k == FOOT && pike > 0 {
            events.push(set_flag(unit, PIKE_LOST, true));
            events.push(Event::fact(
                FactKind::Loss,
                Some(unit),
                format!("{name} throws away its pikes: remove {pike} pike base(s) (§3.2)"),
            ));
        }
    }
    (to, events)
}

/// What a leader casualty card does (RULES.md §3.10): picture cards only.
pub fn leader_card(
    t: &VwsTables,
    ctx: &Context,
    leader: PieceId,
    unit: Option<PieceId>,
    card: Card,
) -> (String, Vec<Event>) {
    let name = ctx.roster.name(leader);
    let Some(suit) = card.suit().filter(|_| card.is_picture()) else {
        return (format!("{name} unhurt"), Vec::new());
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
            format!("{card}: {name} is killed or sorely hurt, removed from play (§3.10)"),
        ));
        (format!("{name} killed"), events)
    } else {
        let events = vec![
            set_rung(leader, LEADER, UNHORSED),
            set_track(leader, UNHORSED_TURN, ctx.state.turn as i32),
            Event::fact(
                FactKind::LeaderCasualty,
                Some(leader),
                format!("{card}: {name} is unhorsed, ineffective for 1 turn; captured if overrun"),
            ),
        ];
        (format!("{name} unhorsed"), events)
    }
}
