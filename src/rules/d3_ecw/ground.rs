//! Give Ground (RULES.md §2.6, D3-16): a unit in melee that its commander does not activate
//! to fight on retires 1 hex, still facing the enemy, and the melee ends; if terrain or units
//! block it, it takes 1 hit instead and stays in the melee. It costs no activation.

use super::common::{self, answered_yes, yes_no};
use super::keys::*;
use super::status::{hits_events, melee_partner, set_flag, set_mark};
use super::tables::D3Tables;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Input, Offer, ParamSpec, Procedure, Refusal, Resolution, Step};

fn params() -> Vec<ParamSpec> {
    vec![yes_no(
        BLOCKED,
        "Blocked by terrain or units (takes a hit instead)",
        false,
    )]
}

/// Whether this unit may (must) give ground now.
pub fn check(ctx: &Context, unit: PieceId) -> Result<PieceId, Refusal> {
    common::present(ctx, unit)?;
    let name = ctx.roster.name(unit);
    let Some(enemy) = melee_partner(ctx, unit) else {
        return Err(Refusal::new(
            format!("{name} is not in melee: only units in melee give ground"),
            "RULES.md §2.6 (Give Ground)",
        ));
    };
    let side = ctx.roster.side_of(unit);
    common::sides_turn(ctx, side)?;
    let s = ctx.status(unit);
    if s.flag(ACTIVATED) {
        return Err(Refusal::new(
            format!("{name} was activated this turn: it fights on rather than giving ground"),
            "D3-16",
        ));
    }
    if s.flag(GAVE_GROUND) {
        return Err(Refusal::new(
            format!("{name} has already given ground this turn"),
            "D3-16",
        ));
    }
    Ok(enemy)
}

/// The offer for a unit.
pub fn offer(ctx: &Context, unit: PieceId) -> Offer {
    common::offer(
        P_GIVE_GROUND,
        "Give ground".into(),
        params(),
        check(ctx, unit).map(|_| ()),
    )
}

/// Starts giving ground, or refuses it.
pub fn build(ctx: &Context, tables: &D3Tables, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
    let Some(&unit) = call.actors.first() else {
        return Err(Refusal::new(
            "choose the unit giving ground",
            "RULES.md §2.6",
        ));
    };
    check(ctx, unit)?;
    Ok(Box::new(GiveGround {
        tables: tables.clone(),
        call: call.clone(),
        title: format!("Give ground: {}", ctx.roster.name(unit)),
    }))
}

/// Giving ground: no dice.
pub struct GiveGround {
    tables: D3Tables,
    call: Call,
    title: String,
}

impl Procedure for GiveGround {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn step(&self, ctx: &Context, _inputs: &[Input]) -> Step {
        let unit = self.call.actors[0];
        let name = ctx.roster.name(unit);
        let mut events = vec![set_flag(unit, GAVE_GROUND, true)];
        let blocked = answered_yes(&self.call, &params()[0]);
        if blocked {
            events.extend(hits_events(
                ctx,
                &self.tables,
                unit,
                1,
                "Blocked while giving ground (RULES.md §2.6)",
            ));
        } else {
            let enemy = melee_partner(ctx, unit);
            events.push(set_mark(unit, IN_MELEE, None));
            if let Some(e) = enemy
                && ctx.status(e).mark(IN_MELEE) == Some(name)
            {
                events.push(set_mark(e, IN_MELEE, None));
            }
            events.push(Event::fact(
                FactKind::Movement,
                Some(unit),
                format!(
                    "{name} gives ground: retires 1 hex, still facing {} (RULES.md §2.6)",
                    enemy.map_or("the enemy", |e| ctx.roster.name(e))
                ),
            ));
        }
        Step::Done(Resolution {
            summary: if blocked {
                "blocked: 1 hit"
            } else {
                "retired 1 hex"
            }
            .into(),
            events,
        })
    }
}
