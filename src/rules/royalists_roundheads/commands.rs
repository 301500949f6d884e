//! Command chits (RULES.md §1.5, §1.14): placing a leader's first chit, changing it in the
//! Orders Phase (1D6 ≤ Command, −1 within the Overall Leader's span, automatic when stacked
//! with it, free for the Overall Leader, free Muster after two broken units, only Muster from
//! Charge), and the reactive charge check during the enemy's movement.

use super::keys::{self, Chit, param};
use super::look::{self, Look};
use super::modifiers::key as mk;
use super::phases;
use super::proc::{is_yes, pick, refuse, yes_no};
use super::run::{Need, Run, bands_by, request};
use super::spec::OVERALL;
use super::tables::Tables;
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{FactKind, PieceId};
use crate::procedure::{Call, ParamSpec, Refusal};

const RULE: &str = "RULES.md §1.5.2 (W V.B, III.A.3)";

fn the_leader(ctx: &Context, call: &Call) -> Result<PieceId, Refusal> {
    match call.actors.as_slice() {
        [l] if ctx.roster.leader(*l).is_some() => Ok(*l),
        _ => refuse("select one leader", RULE),
    }
}

fn is_overall<L: Look + ?Sized>(l: &L, id: PieceId) -> bool {
    look::leader(l, id).is_some_and(|x| x.has(OVERALL))
}

/// The chit asked for in `to`.
fn wanted(call: &Call) -> Result<Chit, Refusal> {
    call.param(param::TO)
        .and_then(Chit::parse)
        .map(|c| if c.is_charge() { Chit::Charge(1) } else { c })
        .ok_or_else(|| Refusal::new("choose the new command", RULE))
}

fn charge_allowed(ctx: &Context, leader: PieceId, to: Chit) -> Result<(), Refusal> {
    if to.is_charge() && !look::commands_cavalry(ctx, leader) {
        return refuse(
            format!(
                "{} commands no cavalry: only cavalry may Charge",
                ctx.roster.name(leader)
            ),
            "RULES.md §1.5.1 (W-cmd Charge)",
        );
    }
    Ok(())
}

/// The params of placing a first chit.
pub fn set_params() -> Vec<ParamSpec> {
    let choices = Chit::COMMANDS
        .iter()
        .map(|c| c.command_name().to_string())
        .collect();
    vec![pick(param::TO, "Command", choices, 1)]
}

/// Placing a leader's first chit (on entry, or an Overall Leader that must choose).
pub fn check_set(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let l = the_leader(ctx, call)?;
    if look::chit(ctx, l).is_some() {
        return refuse(
            "the leader already has a chit: change it in the Orders Phase",
            RULE,
        );
    }
    let to = wanted(call)?;
    charge_allowed(ctx, l, to)?;
    if to.is_charge() {
        return refuse(
            "cavalry may not enter the map with a Charge command",
            "RULES.md §1.16 (W-18)",
        );
    }
    Ok(())
}

pub fn set_chit(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    let l = call.actors[0];
    let to = wanted(call).unwrap_or(Chit::Stand);
    run.mark(l, keys::CHIT, Some(to.to_string()));
    let name = run.name(l);
    run.fact(
        FactKind::Command,
        Some(l),
        format!("{name} takes a command chit"),
    );
    Ok("chit placed".into())
}

/// The params of a command change.
pub fn change_params<L: Look + ?Sized>(l: &L, leader: PieceId) -> Vec<ParamSpec> {
    let current = look::chit(l, leader);
    let choices: Vec<String> = Chit::COMMANDS
        .iter()
        .filter(|c| current.is_none_or(|cur| cur.command_name() != c.command_name()))
        .map(|c| c.command_name().to_string())
        .collect();
    let mut params = vec![pick(param::TO, "New command", choices, 0)];
    if !is_overall(l, leader) {
        params.push(yes_no(
            param::OVERALL_STACKED,
            "Stacked with the Overall Leader",
            false,
        ));
        params.push(yes_no(
            param::WITHIN_SPAN,
            "Within the Overall Leader's command span",
            false,
        ));
    }
    params
}

/// Refusals shared by the Orders Phase change and the reactive charge.
fn may_change(ctx: &Context, t: &Tables, l: PieceId, to: Chit) -> Result<(), Refusal> {
    let name = ctx.roster.name(l);
    if !ctx.status(l).flag(keys::ENTERED) {
        return refuse(format!("{name} is not on the map yet"), "RULES.md §1.16");
    }
    let Some(current) = look::chit(ctx, l) else {
        return refuse(format!("{name} has no chit yet: place one first"), RULE);
    };
    if current.command_name() == to.command_name() {
        return refuse(format!("{name} already has {current}"), RULE);
    }
    if current.is_charge() && to != Chit::Muster {
        return refuse(
            "from Charge a leader may change only to Muster",
            "RULES.md §1.5.3 (W-cmd Charge turn limits)",
        );
    }
    if current == Chit::Muster && ctx.status(l).flag(keys::FRESH_MUSTER) {
        return refuse(
            "a chit that became Muster this turn may change only on the following turn",
            "RULES.md §1.5.2 (W-cmd Muster)",
        );
    }
    charge_allowed(ctx, l, to)?;
    let _ = t;
    Ok(())
}

pub fn check_change(ctx: &Context, t: &Tables, call: &Call) -> Result<(), Refusal> {
    let l = the_leader(ctx, call)?;
    if ctx.state.phase != phases::ORDERS {
        return refuse(
            "commands change in the Orders Phase",
            "RULES.md §1.4 (W IV.A)",
        );
    }
    if ctx.status(l).flag(keys::COMMAND_TRIED) {
        return refuse(
            "this leader has already tried to change command this Orders Phase",
            RULE,
        );
    }
    may_change(ctx, t, l, wanted(call)?)
}

/// Why no roll is needed, if none is.
fn free_change<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    leader: PieceId,
    to: Chit,
    call: &Call,
) -> Option<&'static str> {
    if is_overall(l, leader) {
        Some("the Overall Leader changes its own chit without a roll (W III.A.3)")
    } else if is_yes(call, param::OVERALL_STACKED) {
        Some("stacked with the Overall Leader: the change is automatic (W III.A.3)")
    } else if to == Chit::Muster && shattered(l, t, leader) {
        Some(
            "two or more of its units eliminated or routed: Muster with no roll (W-cmd Muster, W-10)",
        )
    } else if look::chit(l, leader) == Some(Chit::Muster)
        && t.modifiers.get(mk::MUSTER_FREE_OUT) != 0
        && shattered(l, t, leader)
    {
        Some(
            "two or more of its units eliminated or routed: leaves Muster with no roll (W V.B.1, the W-10 option in force)",
        )
    } else {
        None
    }
}

/// Whether enough of the leader's units are eliminated or routed for a roll-free Muster.
fn shattered<L: Look + ?Sized>(l: &L, t: &Tables, leader: PieceId) -> bool {
    look::broken_units(l, leader) >= t.modifiers.get(mk::MUSTER_LOSSES)
}

/// The command roll, or the free change. Returns whether the chit changed.
fn attempt(run: &mut Run, t: &Tables, l: PieceId, to: Chit, call: &Call) -> Need<bool> {
    let name = run.name(l);
    if let Some(why) = free_change(run, t, l, to, call) {
        run.fact(FactKind::Command, Some(l), format!("{name}: {why}"));
        return Ok(true);
    }
    let command = look::rating(run, l, "command");
    let mut dice = Dice::new(1, Die::D6);
    if is_yes(call, param::WITHIN_SPAN) {
        dice = dice.with(t.modifiers.modifier(mk::COMMAND_SPAN));
    }
    let bands = bands_by(&dice, |v| {
        if v <= command {
            format!("≤ {command}: command changes")
        } else {
            "no change".into()
        }
    });
    let req = request(
        format!("Command change: {name} (Command {command})"),
        RULE,
        dice,
        bands,
    );
    let band = run.roll(req.clone())?;
    let changed = req.bands[band].label.contains("changes");
    if !changed {
        run.fact(
            FactKind::Command,
            Some(l),
            format!("{name} fails to change command"),
        );
    }
    Ok(changed)
}

fn adopt(run: &mut Run, l: PieceId, to: Chit) {
    run.mark(l, keys::CHIT, Some(to.to_string()));
    if to == Chit::Muster {
        run.flag(l, keys::FRESH_MUSTER, true);
    }
    let name = run.name(l);
    run.fact(
        FactKind::Command,
        Some(l),
        format!("{name} changes command"),
    );
}

pub fn change_command(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let l = call.actors[0];
    let to = wanted(call).unwrap_or(Chit::Muster);
    run.flag(l, keys::COMMAND_TRIED, true);
    if attempt(run, t, l, to, call)? {
        adopt(run, l, to);
        Ok("command changed".into())
    } else {
        Ok("no change".into())
    }
}

/// The params of a reactive charge check.
pub fn charge_params<L: Look + ?Sized>(l: &L, leader: PieceId) -> Vec<ParamSpec> {
    let mut p = change_params(l, leader);
    p.remove(0);
    p
}

fn checked_against(ctx: &Context, l: PieceId) -> Vec<String> {
    ctx.status(l)
        .mark(keys::CHARGE_CHECKS)
        .map(|s| s.split(',').map(str::to_string).collect())
        .unwrap_or_default()
}

const CHARGE_RULE: &str = "RULES.md §1.14 (W-cmd)";

pub fn check_charge(ctx: &Context, t: &Tables, call: &Call) -> Result<(), Refusal> {
    let l = the_leader(ctx, call)?;
    let [enemy] = call.targets.as_slice() else {
        return refuse(
            "select the enemy cavalry unit that moved within range",
            CHARGE_RULE,
        );
    };
    let side = ctx.roster.side_of(l);
    if ctx.state.phase != phases::MOVEMENT || ctx.state.side == side {
        return refuse(
            "reactive charges happen in the enemy's Movement Phase",
            CHARGE_RULE,
        );
    }
    if ctx.roster.unit(*enemy).is_none()
        || ctx.roster.side_of(*enemy) == side
        || !look::on_map(ctx, *enemy)
    {
        return refuse(
            "the trigger must be an enemy combat unit on the map",
            CHARGE_RULE,
        );
    }
    if look::arm(ctx, *enemy) != look::Arm::Cavalry {
        return refuse(
            "only enemy cavalry moving within range triggers a charge check",
            CHARGE_RULE,
        );
    }
    if look::chit(ctx, l).is_some_and(Chit::is_charge) {
        return refuse(
            "already on Charge: its cavalry may charge the enemy without a check",
            CHARGE_RULE,
        );
    }
    if checked_against(ctx, l).contains(&enemy.0.to_string()) {
        return refuse(
            "this leader has already checked against that enemy unit this phase",
            CHARGE_RULE,
        );
    }
    if !look::commands_cavalry(ctx, l) {
        return charge_allowed(ctx, l, Chit::Charge(1));
    }
    may_change(ctx, t, l, Chit::Charge(1))
}

pub fn charge_check(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let l = call.actors[0];
    let enemy = call.targets[0];
    let mut seen: Vec<String> = run
        .status(l)
        .mark(keys::CHARGE_CHECKS)
        .map(|s| s.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    seen.push(enemy.0.to_string());
    run.mark(l, keys::CHARGE_CHECKS, Some(seen.join(",")));
    if attempt(run, t, l, Chit::Charge(1), call)? {
        adopt(run, l, Chit::Charge(1));
        let (name, target) = (run.name(l), run.name(enemy));
        run.fact(
            FactKind::Command,
            Some(l),
            format!("{name} goes to Charge: its cavalry may charge {target} (§1.14)"),
        );
        Ok("charge".into())
    } else {
        Ok("no charge".into())
    }
}
