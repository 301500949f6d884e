//! What the procedures share: phases, parameters, turn and activation checks (with the rule
//! that forbids each refusal), and the events of spending an activation.

use super::keys::*;
use super::status;
use super::tables::D3Tables;
use crate::battle::state::Context;
use crate::event::{Event, PieceId};
use crate::procedure::Refusal;
use crate::rules::kit::events::{set_flag, side_track};

/// Phase index: the initiative roll-off.
pub(crate) const PHASE_INITIATIVE: usize = 0;
/// Phase index: a side's activations.
pub(crate) const PHASE_ACTIVATION: usize = 1;

/// Refuses when the battle is over.
pub(crate) fn not_ended(ctx: &Context) -> Result<(), Refusal> {
    match &ctx.state.result {
        Some(r) => Err(Refusal::new(format!("the battle is over: {r}"), "§8.3")),
        None => Ok(()),
    }
}

/// Refuses unless it is this side's activation phase with activations counted.
pub(crate) fn sides_turn(ctx: &Context, side: usize) -> Result<(), Refusal> {
    not_ended(ctx)?;
    let name = ctx.roster.side_name(side);
    if ctx.state.phase != PHASE_ACTIVATION {
        return Err(Refusal::new(
            "roll for initiative first: units activate in their side's turn",
            "§3.1, §3.3",
        ));
    }
    if ctx.state.side != side {
        return Err(Refusal::new(
            format!(
                "it is the {} turn, not the {name} turn",
                ctx.roster.side_name(ctx.state.side)
            ),
            "§3.3",
        ));
    }
    if !ctx.state.sides[side].flag(COUNTED) {
        return Err(Refusal::new(
            format!("count the {name} activations first"),
            "§3.2",
        ));
    }
    Ok(())
}

/// Refuses a unit that has left the table.
pub(crate) fn present(ctx: &Context, unit: PieceId) -> Result<(), Refusal> {
    if status::on_table(ctx, unit) {
        Ok(())
    } else {
        Err(Refusal::new(
            format!("{} has routed and left the table", ctx.roster.name(unit)),
            "§8.1",
        ))
    }
}

/// Whether a unit may shoot or fight now: its side's turn, and either activated and not yet
/// shot or fought, or an activation left to spend. Ok(true) when this spends a new one.
pub(crate) fn may_act(ctx: &Context, unit: PieceId) -> Result<bool, Refusal> {
    let side = ctx.roster.side_of(unit);
    sides_turn(ctx, side)?;
    let s = ctx.status(unit);
    let name = ctx.roster.name(unit);
    if s.flag(ACTED) {
        return Err(Refusal::new(
            format!("{name} has already shot or fought this turn: one activation each"),
            "§3.3",
        ));
    }
    if s.flag(ACTIVATED) {
        return Ok(false);
    }
    spare_activation(ctx, side)?;
    Ok(true)
}

/// Refuses when every activation counted this turn is used.
pub(crate) fn spare_activation(ctx: &Context, side: usize) -> Result<(), Refusal> {
    let s = &ctx.state.sides[side];
    let (used, available) = (s.track(ACTIVATIONS_USED), s.track(ACTIVATIONS));
    if used >= available {
        return Err(Refusal::new(
            format!("no activations left: {used} of {available} used this turn"),
            "§3.3",
        ));
    }
    Ok(())
}

/// The events of a unit's activation: a new one spent (when `new`) and, when it shoots or
/// fights, that it has acted.
pub(crate) fn activation_events(
    ctx: &Context,
    unit: PieceId,
    new: bool,
    acted: bool,
) -> Vec<Event> {
    let side = ctx.roster.side_of(unit);
    let mut events = Vec::new();
    if new {
        let used = ctx.state.sides[side].track(ACTIVATIONS_USED) + 1;
        events.push(set_flag(unit, ACTIVATED, true));
        events.push(side_track(side, ACTIVATIONS_USED, used));
    }
    if acted {
        events.push(set_flag(unit, ACTED, true));
    }
    events
}

/// Refuses a terrain answer the unit's type may not be in: woods (only the kinds listed, by
/// default Commanded Shot) and towns (by default Infantry, Elite Pike and Commanded Shot).
/// Any other terrain is allowed.
pub(crate) fn terrain_allowed(
    ctx: &Context,
    tables: &D3Tables,
    unit: PieceId,
    terrain: &str,
) -> Result<(), Refusal> {
    let o = &tables.options;
    let allowed = match terrain {
        "woods" => &o.woods,
        "town" => &o.towns,
        _ => return Ok(()),
    };
    let kind = ctx.roster.unit(unit).map_or("", |u| u.kind.as_str());
    if allowed.iter().any(|k| k == kind) {
        return Ok(());
    }
    let may = match allowed.as_slice() {
        [] => "no unit".to_string(),
        [one] => format!("only {one}"),
        [rest @ .., last] => format!("only {} and {last}", rest.join(", ")),
    };
    let place = if terrain == "town" { "a town" } else { "woods" };
    Err(Refusal::new(
        format!(
            "{} ({kind}) cannot be in {place}: {may} may be in {place}",
            ctx.roster.name(unit)
        ),
        "§4.2",
    ))
}
