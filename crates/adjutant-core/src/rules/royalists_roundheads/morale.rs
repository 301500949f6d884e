//! One-unit procedures (§4.1, §7, §8): a morale check the player calls (say for
//! a fire result resolved by hand), a rally in the owner's Rally Phase, a step loss applied by
//! hand, the OC marker, and dragoons mounting or dismounting.

use super::effects::{self, CheckKind, OnFail};
use super::keys::{self, Chit, param};
use super::look::{self, Look};
use super::phases;
use super::run::Run;
use super::tables::Tables;
use crate::battle::state::Context;
use crate::event::{FactKind, PieceId};
use crate::procedure::{Call, ParamSpec, Refusal};
use crate::rules::kit::Need;
use crate::rules::kit::offers::refuse;
use crate::rules::kit::params::{NO, Rules, pick, yes_no, yes_to};

/// The causes a called morale check may have.
pub(crate) const CAUSES: [&str; 3] = ["Fire Combat", "Melee", "Other"];

/// The one unit selected, on the map.
pub(crate) fn the_unit(ctx: &Context, call: &Call, rule: &str) -> Result<PieceId, Refusal> {
    let [u] = call.actors.as_slice() else {
        return refuse("select one combat unit", rule.to_string());
    };
    if ctx.roster.unit(*u).is_none() {
        return refuse("select one combat unit", rule.to_string());
    }
    if !look::on_map(ctx, *u) {
        return refuse(
            format!("{} is not on the map", ctx.roster.name(*u)),
            rule.to_string(),
        );
    }
    Ok(*u)
}

fn cause(call: &Call) -> CheckKind {
    match call.param(param::CAUSE) {
        Some(c) if c == CAUSES[0] => CheckKind::Fire,
        Some(c) if c == CAUSES[1] => CheckKind::Melee,
        _ => CheckKind::Free,
    }
}

/// The question whether a leader is stacked with the unit, unless one is recorded with it.
fn stacked_question(ctx: &Context, unit: PieceId) -> Option<ParamSpec> {
    look::stacked_leader(ctx, unit)
        .is_none()
        .then(|| yes_no(param::LEADER_STACKED, "A leader is stacked with the unit").by(NO, "§7.1"))
}

/// Whether a leader is stacked with the unit: recorded, or answered so.
fn stacked(run: &Run, call: &Call, unit: PieceId) -> bool {
    look::stacked_leader(run, unit).is_some() || yes_to(call, param::LEADER_STACKED)
}

/// The morale check's questions: what called for it — starting at the combat phase it is
/// made in (one check per kind of combat phase, §7.2), or "Other" outside them — and whether a
/// leader is stacked with the unit when none is recorded.
pub(crate) fn morale_params(ctx: &Context, unit: PieceId) -> Vec<ParamSpec> {
    let phase = match ctx.state.phase {
        phases::FIRE => 0,
        phases::MELEE => 1,
        _ => 2,
    };
    let mut params = vec![
        pick(
            param::CAUSE,
            "Called for by",
            CAUSES.map(String::from).to_vec(),
        )
        .by(phase, "§7.2"),
    ];
    params.extend(stacked_question(ctx, unit));
    params
}

const MORALE_RULE: &str = "§7.1";

pub(crate) fn check_morale(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = the_unit(ctx, call, MORALE_RULE)?;
    let kind = cause(call);
    if let Some(flag) = kind.flag()
        && ctx.status(u).flag(flag)
    {
        return refuse(
            format!(
                "{} has already made its one morale check this {}",
                ctx.roster.name(u),
                kind.phase_name()
            ),
            "§7.2",
        );
    }
    Ok(())
}

pub(crate) fn morale_check(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    let leader = stacked(run, call, u);
    let passed = effects::morale_check(run, t, u, leader, cause(call), OnFail::Rout("1–3"))?;
    Ok(match passed {
        Some(true) => "passes",
        Some(false) if look::is_eliminated(run, u) => "fails: eliminated",
        Some(false) if look::is_routed(run, u) => "fails: routs",
        Some(false) => "fails: loses a step",
        None => "no check",
    }
    .into())
}

pub(crate) fn rally_params(ctx: &Context, unit: PieceId) -> Vec<ParamSpec> {
    let mut params: Vec<ParamSpec> = stacked_question(ctx, unit).into_iter().collect();
    params.push(yes_no(param::IN_ENEMY_ZOC, "The unit is in an enemy ZOC").by(NO, "§7.4"));
    params
}

const RALLY_RULE: &str = "§7.4";

pub(crate) fn check_rally(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = the_unit(ctx, call, RALLY_RULE)?;
    let name = ctx.roster.name(u);
    if !look::is_routed(ctx, u) {
        return refuse(format!("{name} is not routed"), RALLY_RULE);
    }
    if ctx.state.phase != phases::RALLY || ctx.state.side != ctx.roster.side_of(u) {
        return refuse("units rally in their owner's Rally Phase", RALLY_RULE);
    }
    if ctx.status(u).flag(keys::OUT_OF_COMMAND) {
        return refuse(
            format!("{name} is out of command: only units in command rally"),
            RALLY_RULE,
        );
    }
    if yes_to(call, param::IN_ENEMY_ZOC) {
        return refuse(
            format!("{name} is in an enemy ZOC: it may not rally"),
            RALLY_RULE,
        );
    }
    if ctx.status(u).flag(keys::RALLY_TRIED) {
        return refuse(
            format!("{name} has already tried to rally this phase"),
            RALLY_RULE,
        );
    }
    Ok(())
}

pub(crate) fn rally(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    let name = run.name(u);
    let req = effects::morale_request(run, t, u, stacked(run, call, u), true);
    let band = run.roll(req.clone())?;
    run.flag(u, keys::RALLY_TRIED, true);
    if req.bands[band].label.contains("passes") {
        run.flag(u, keys::ROUTED, false);
        run.fact(
            FactKind::Rally,
            Some(u),
            format!("{name} rallies: the Rout marker is removed"),
        );
        Ok("rallies".into())
    } else {
        run.fact(FactKind::Rally, Some(u), format!("{name} fails to rally"));
        effects::rout(run, t, u, "3 more")?;
        Ok(if look::is_eliminated(run, u) {
            "fails: eliminated"
        } else {
            "fails: routs again"
        }
        .into())
    }
}

const STEP_RULE: &str = "§8.1";

pub(crate) fn check_lose_step(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    the_unit(ctx, call, STEP_RULE).map(|_| ())
}

pub(crate) fn lose_step(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    let gone = effects::lose_step(run, t, u, "applied by hand");
    Ok(if gone { "eliminated" } else { "step lost" }.into())
}

const OC_RULE: &str = "§4.1";

pub(crate) fn check_mark_oc(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = oc_unit(ctx, call, true)?;
    if ctx.state.phase != phases::MOVEMENT || ctx.state.side != ctx.roster.side_of(u) {
        return refuse(
            "command is checked at the start of the unit's own Movement Phase",
            OC_RULE,
        );
    }
    Ok(())
}

pub(crate) fn mark_oc(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    Ok(set_oc(run, call.actors[0], true))
}

pub(crate) fn check_clear_oc(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    oc_unit(ctx, call, false).map(|_| ())
}

pub(crate) fn clear_oc(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    Ok(set_oc(run, call.actors[0], false))
}

/// The unit to mark out of command (`out`) or back in command, refused when it already is.
fn oc_unit(ctx: &Context, call: &Call, out: bool) -> Result<PieceId, Refusal> {
    let u = the_unit(ctx, call, OC_RULE)?;
    if ctx.status(u).flag(keys::OUT_OF_COMMAND) == out {
        let already = if out {
            "already out of command"
        } else {
            "not out of command"
        };
        return refuse(already, OC_RULE);
    }
    Ok(u)
}

/// Marks the unit out of command (`out`) or back in command; the summary.
fn set_oc(run: &mut Run, u: PieceId, out: bool) -> String {
    run.flag(u, keys::OUT_OF_COMMAND, out);
    let (now, summary) = if out {
        ("is out of command (OC)", "out of command")
    } else {
        ("is back in command", "in command")
    };
    run.fact_about(FactKind::Command, u, |name| format!("{name} {now}"));
    summary.into()
}

const FORMATION_RULE: &str = "§8.2";

pub(crate) fn check_formation(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = the_unit(ctx, call, FORMATION_RULE)?;
    if !ctx.roster.unit(u).is_some_and(look::is_dragoons) {
        return refuse("only dragoons mount and dismount", FORMATION_RULE);
    }
    if ctx.state.phase != phases::MOVEMENT || ctx.state.side != ctx.roster.side_of(u) {
        return refuse(
            "dragoons change formation at the start of their own Movement Phase",
            FORMATION_RULE,
        );
    }
    if look::obeyed_chit(ctx, u).map(|(_, c)| c) != Some(Chit::Stand)
        || ctx.status(u).flag(keys::OUT_OF_COMMAND)
    {
        return refuse(
            "dragoons change formation only while their leader's chit is Stand",
            FORMATION_RULE,
        );
    }
    let entry = ctx.roster.unit(u).map_or(1, |x| x.stat("entry_turn"));
    if ctx.state.turn as i32 <= entry {
        return refuse(
            "dragoons enter mounted and may not change formation on their entry turn",
            FORMATION_RULE,
        );
    }
    Ok(())
}

pub(crate) fn change_formation(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    let dismount = !run.status(u).flag(keys::DISMOUNTED);
    run.flag(u, keys::DISMOUNTED, dismount);
    let name = run.name(u);
    let now = if dismount { "dismounts" } else { "mounts" };
    run.fact(
        FactKind::Movement,
        Some(u),
        format!("{name} {now} (it may still move 1 hex under Stand)"),
    );
    Ok(now.into())
}
