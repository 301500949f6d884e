//! Give Ground (§6.7 of the D3 rules reference): a unit in melee that its commander cannot
//! activate to fight on — every activation used, or the unit beyond his sight or range —
//! retires 1 hex, still facing the enemy, and the melee ends; if terrain or units block it, it
//! takes 1 hit instead and stays in the melee. It costs no activation. With the switch
//! `give_ground_when_not_activated` any unit in melee not activated may give ground.

use crate::rules::kit::{Body, Cursor, Need, done};
use std::sync::Arc;

use super::common;
use super::keys::*;
use super::status::{hits_events, melee_partner};
use super::tables::D3Tables;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, ParamSpec, Procedure, Refusal, Step};
use crate::rules::kit::events::{set_flag, set_mark};
use crate::rules::kit::offers;
use crate::rules::kit::params::check_answers;
use crate::rules::kit::params::{NO, Rules, yes, yes_no};

fn params() -> Vec<ParamSpec> {
    vec![
        yes_no(BLOCKED, "Blocked by terrain or units (takes a hit instead)").by(NO, "§6.7"),
        yes_no(
            OUT_OF_COMMAND,
            "Beyond the commander's sight or command range (he cannot activate it)",
        )
        .by(NO, "§6.7"),
    ]
}

/// Whether a unit in melee must give ground because its commander cannot activate it: every
/// activation of the move is used.
pub(crate) fn activations_spent(ctx: &Context, unit: PieceId) -> bool {
    common::spare_activation(ctx, ctx.roster.side_of(unit)).is_err()
}

/// Whether this unit may give ground now, the commander's ability to activate it aside.
pub(crate) fn check(ctx: &Context, unit: PieceId) -> Result<PieceId, Refusal> {
    common::present(ctx, unit)?;
    let name = ctx.roster.name(unit);
    let Some(enemy) = melee_partner(ctx, unit) else {
        return Err(Refusal::new(
            format!("{name} is not in melee: only units in melee give ground"),
            "§6.7",
        ));
    };
    let side = ctx.roster.side_of(unit);
    common::sides_turn(ctx, side)?;
    let s = ctx.status(unit);
    if s.flag(ACTIVATED) {
        return Err(Refusal::new(
            format!("{name} was activated this turn: it fights on rather than giving ground"),
            "§6.7",
        ));
    }
    if s.flag(GAVE_GROUND) {
        return Err(Refusal::new(
            format!("{name} has already given ground this turn"),
            "§6.7",
        ));
    }
    Ok(enemy)
}

/// The offer for a unit.
pub(crate) fn offer(ctx: &Context, unit: PieceId) -> Offer {
    offers::offer(
        P_GIVE_GROUND,
        "Give ground".into(),
        params(),
        check(ctx, unit).map(|_| ()),
    )
}

/// Refuses giving ground while the commander can still activate the unit (the rules' reading;
/// the switch lets any unit in melee not activated give ground).
fn check_unable(
    ctx: &Context,
    tables: &D3Tables,
    unit: PieceId,
    call: &Call,
) -> Result<(), Refusal> {
    let out_of_command = yes(call, &params()[1]);
    if tables.switches.give_ground_when_not_activated
        || out_of_command
        || activations_spent(ctx, unit)
    {
        return Ok(());
    }
    let s = &ctx.state.sides[ctx.roster.side_of(unit)];
    Err(Refusal::new(
        format!(
            "{} can still be activated ({} of {} activations used): a unit gives ground only \
             when its commander cannot activate it to continue the fight, and may not leave a \
             melee otherwise",
            ctx.roster.name(unit),
            s.track(ACTIVATIONS_USED),
            s.track(ACTIVATIONS)
        ),
        "§6.6, §6.7",
    ))
}

/// Starts giving ground, or refuses it.
pub(crate) fn build(
    ctx: &Context,
    tables: &Arc<D3Tables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let Some(&unit) = call.actors.first() else {
        return Err(Refusal::new("choose the unit giving ground", "§6.7"));
    };
    check(ctx, unit)?;
    check_answers(call, &params(), "§6.7")?;
    check_unable(ctx, tables, unit, call)?;
    Ok(Box::new(GiveGround {
        tables: Arc::clone(tables),
        call: call.clone(),
        title: format!("Give ground: {}", ctx.roster.name(unit)),
    }))
}

/// Giving ground: no dice.
pub(crate) struct GiveGround {
    tables: Arc<D3Tables>,
    call: Call,
    title: String,
}

impl Body for GiveGround {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn body(&self, ctx: &Context, _cursor: &mut Cursor) -> Need<Step> {
        Ok(self.resolve(ctx))
    }
}

impl GiveGround {
    /// The procedure's result: it reads no inputs.
    fn resolve(&self, ctx: &Context) -> Step {
        let unit = self.call.actors[0];
        let name = ctx.roster.name(unit);
        let mut events = vec![set_flag(unit, GAVE_GROUND, true)];
        let blocked = yes(&self.call, &params()[0]);
        if blocked {
            events.extend(hits_events(
                ctx,
                &self.tables,
                unit,
                1,
                "Blocked while giving ground (§6.7)",
            ));
        } else {
            let enemy = melee_partner(ctx, unit);
            events.push(set_mark(unit, IN_MELEE, None));
            if let Some(e) = enemy
                && ctx
                    .status(e)
                    .mark(IN_MELEE)
                    .is_some_and(|m| ctx.roster.answers_to(unit, m))
            {
                events.push(set_mark(e, IN_MELEE, None));
            }
            events.push(Event::fact(
                FactKind::Movement,
                Some(unit),
                format!(
                    "{name} gives ground: retires 1 hex, still facing {} (§6.7)",
                    enemy.map_or("the enemy".into(), |e| ctx.roster.name(e))
                ),
            ));
        }
        let out_of_command = yes(&self.call, &params()[1]);
        if self.tables.switches.give_ground_when_not_activated
            && !out_of_command
            && !activations_spent(ctx, unit)
        {
            events.push(Event::fact(
                FactKind::Note,
                Some(unit),
                format!(
                    "Switch give_ground_when_not_activated: {name} gives ground though its \
                     commander could still activate it (§6.7, §9.1)"
                ),
            ));
        } else if out_of_command {
            events.push(Event::fact(
                FactKind::Note,
                Some(unit),
                format!("{name} is beyond its commander's sight or command range (§6.7)"),
            ));
        }
        done(
            if blocked {
                "blocked: 1 hit"
            } else {
                "retired 1 hex"
            },
            events,
        )
    }
}
