//! Which Royalists & Roundheads procedures a selection offers, and starting one from a call: every procedure
//! id with its refusal check and body, so an offer is refused exactly when starting it would be.

use std::sync::Arc;

use super::keys::proc as id;
use super::look::{self, Arm};
use super::proc::{Body, Proc};
use super::tables::Tables;
use super::{casualties, commands, fire, melee, morale, phases, trace};
use crate::battle::state::Context;
use crate::event::PieceId;
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::kit::offers::{as_called, refuse};

type Check = fn(&Context, &Tables, &Call) -> Result<(), Refusal>;

/// Every procedure: id, refusal check, body.
const PROCEDURES: &[(&str, Check, Body)] = &[
    (id::NEXT_PHASE, phases::check, phases::next_phase),
    (id::SET_CHIT, commands::check_set, commands::set_chit),
    (
        id::CHANGE_COMMAND,
        commands::check_change,
        commands::change_command,
    ),
    (
        id::CHARGE_CHECK,
        commands::check_charge,
        commands::charge_check,
    ),
    (id::MORALE, morale::check_morale, morale::morale_check),
    (id::RALLY, morale::check_rally, morale::rally),
    (id::LOSE_STEP, morale::check_lose_step, morale::lose_step),
    (id::MARK_OC, morale::check_mark_oc, morale::mark_oc),
    (id::CLEAR_OC, morale::check_clear_oc, morale::clear_oc),
    (
        id::FORMATION,
        morale::check_formation,
        morale::change_formation,
    ),
    (id::FIRE, fire::check, fire::fire),
    (id::MELEE, melee::check, melee::melee),
    (id::TRACE_OVERALL, trace::check_trace, trace::trace),
    (id::TRACE_OWN, trace::check_own, trace::own),
    (id::OVERRUN, casualties::check_overrun, casualties::overrun),
    (id::LEAVE_MAP, casualties::check_leave, casualties::leave),
];

fn check_of(call_id: &str) -> Option<(Check, Body)> {
    PROCEDURES
        .iter()
        .find(|(i, _, _)| *i == call_id)
        .map(|&(_, c, b)| (c, b))
}

/// Starts a procedure, or refuses it with the rule that forbids it.
pub(crate) fn start(
    ctx: &Context,
    tables: Arc<Tables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    let Some((check, body)) = check_of(&call.id) else {
        return refuse(format!("no procedure '{}'", call.id), "§2.1");
    };
    if call
        .actors
        .iter()
        .chain(&call.targets)
        .any(|p| usize::from(p.0) >= ctx.roster.pieces.len())
    {
        return refuse("a selected piece is not in this battle", "§2.1");
    }
    check(ctx, &tables, call)?;
    Ok(Box::new(Proc {
        title: title(ctx, &tables, call),
        notes: Vec::new(),
        tables,
        call: call.clone(),
        body,
    }))
}

fn title(ctx: &Context, t: &Tables, call: &Call) -> String {
    let names = |ids: &[PieceId]| {
        ids.iter()
            .map(|&p| ctx.roster.name(p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (a, d) = (names(&call.actors), names(&call.targets));
    match call.id.as_str() {
        id::NEXT_PHASE => phases::title(ctx, t),
        id::SET_CHIT => format!("Command chit: {a}"),
        id::CHANGE_COMMAND => format!("Change command: {a}"),
        id::CHARGE_CHECK => format!("Charge check: {a} against {d}"),
        id::MORALE => format!("Morale check: {a}"),
        id::RALLY => format!("Rally: {a}"),
        id::LOSE_STEP => format!("Step loss: {a}"),
        id::MARK_OC => format!("Out of command: {a}"),
        id::CLEAR_OC => format!("Back in command: {a}"),
        id::FORMATION => format!("Mount / dismount: {a}"),
        id::FIRE => format!("Fire: {a} at {d}"),
        id::MELEE => format!("Melee: {a} against {d}"),
        id::TRACE_OVERALL => format!("Trace command to the Overall Leader: {a}"),
        id::TRACE_OWN => format!("Take command from its own leader: {a}"),
        id::OVERRUN => format!("Leader overrun: {a} by {d}"),
        id::LEAVE_MAP => format!("Routed unit leaves the map: {a}"),
        other => other.to_string(),
    }
}

fn make(
    ctx: &Context,
    t: &Tables,
    pid: &str,
    label: String,
    params: Vec<crate::procedure::ParamSpec>,
    actors: &[PieceId],
    targets: &[PieceId],
) -> Offer {
    let (check, _) = check_of(pid).expect("known procedure");
    as_called(pid, label, params, (actors, targets), |call| {
        check(ctx, t, call)
    })
}

/// The procedures for a selection; with nothing selected, the phase advance.
pub(crate) fn offers(
    ctx: &Context,
    t: &Tables,
    actors: &[PieceId],
    targets: &[PieceId],
) -> Vec<Offer> {
    let r = ctx.roster;
    let mut out = Vec::new();
    if actors
        .iter()
        .chain(targets)
        .any(|p| usize::from(p.0) >= r.pieces.len())
    {
        return out;
    }
    if actors.is_empty() {
        if targets.is_empty() {
            out.push(make(
                ctx,
                t,
                id::NEXT_PHASE,
                format!("Next: {}", phases::title(ctx, t)),
                Vec::new(),
                actors,
                targets,
            ));
        }
        return out;
    }
    let (units, leaders) = look::units_and_leaders(r, actors);
    match (units.as_slice(), leaders.as_slice(), targets.is_empty()) {
        ([], [l], true) => {
            if look::chit(ctx, *l).is_none() {
                out.push(make(
                    ctx,
                    t,
                    id::SET_CHIT,
                    "Place command chit".into(),
                    commands::set_params(),
                    actors,
                    targets,
                ));
            } else {
                out.push(make(
                    ctx,
                    t,
                    id::CHANGE_COMMAND,
                    "Change command".into(),
                    commands::change_params(ctx, *l),
                    actors,
                    targets,
                ));
            }
        }
        ([], [l], false) => {
            out.push(make(
                ctx,
                t,
                id::CHARGE_CHECK,
                "Charge check (enemy cavalry within range)".into(),
                commands::charge_params(ctx, t, *l),
                actors,
                targets,
            ));
            out.push(
                make(
                    ctx,
                    t,
                    id::OVERRUN,
                    "Overrun: an enemy unit enters his hex".into(),
                    Vec::new(),
                    actors,
                    targets,
                )
                .asking(casualties::overrun_question(ctx, *l)),
            );
        }
        ([u], _, true) => {
            out.push(make(
                ctx,
                t,
                id::MORALE,
                "Morale check".into(),
                morale::morale_params(ctx, *u),
                actors,
                targets,
            ));
            if look::is_routed(ctx, *u) {
                out.push(make(
                    ctx,
                    t,
                    id::RALLY,
                    "Rally".into(),
                    morale::rally_params(ctx, *u),
                    actors,
                    targets,
                ));
            }
            if ctx.status(*u).flag(super::keys::OUT_OF_COMMAND) {
                out.push(make(
                    ctx,
                    t,
                    id::CLEAR_OC,
                    "Back in command".into(),
                    Vec::new(),
                    actors,
                    targets,
                ));
            } else {
                out.push(make(
                    ctx,
                    t,
                    id::MARK_OC,
                    "Mark out of command (OC)".into(),
                    Vec::new(),
                    actors,
                    targets,
                ));
            }
            if ctx.status(*u).flag(super::keys::TRACES_OVERALL) {
                out.push(make(
                    ctx,
                    t,
                    id::TRACE_OWN,
                    "Take command from its own leader".into(),
                    Vec::new(),
                    actors,
                    targets,
                ));
            } else {
                out.push(make(
                    ctx,
                    t,
                    id::TRACE_OVERALL,
                    "Trace command to the Overall Leader".into(),
                    Vec::new(),
                    actors,
                    targets,
                ));
            }
            if look::is_routed(ctx, *u) {
                out.push(
                    make(
                        ctx,
                        t,
                        id::LEAVE_MAP,
                        "Leaves the map (routed)".into(),
                        Vec::new(),
                        actors,
                        targets,
                    )
                    .asking(format!(
                        "Has {} left the map? It is eliminated.",
                        ctx.roster.name(*u)
                    )),
                );
            }
            if r.unit(*u).is_some_and(look::is_dragoons) {
                let label = if look::arm(ctx, *u) == Arm::Cavalry {
                    "Dismount"
                } else {
                    "Mount"
                };
                out.push(make(
                    ctx,
                    t,
                    id::FORMATION,
                    label.into(),
                    Vec::new(),
                    actors,
                    targets,
                ));
            }
            out.push(make(
                ctx,
                t,
                id::LOSE_STEP,
                "Apply a step loss".into(),
                Vec::new(),
                actors,
                targets,
            ));
        }
        (us, _, false) if !us.is_empty() => {
            if let [u] = us {
                out.push(make(
                    ctx,
                    t,
                    id::FIRE,
                    "Fire".into(),
                    fire::params(
                        t,
                        targets
                            .iter()
                            .any(|&d| look::stacked_leader(ctx, d).is_some()),
                    ),
                    &[*u],
                    targets,
                ));
            }
            let cavalry = us.iter().all(|&u| look::arm(ctx, u) == Arm::Cavalry);
            out.push(make(
                ctx,
                t,
                id::MELEE,
                "Melee".into(),
                melee::params(t, cavalry),
                actors,
                targets,
            ));
        }
        _ => {}
    }
    out
}
