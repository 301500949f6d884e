//! Command chits (§3): placing a leader's first chit, changing it in the Orders Phase (1D6 ≤
//! Command, −1 within the Overall Leader's span, automatic when stacked with him, free for the
//! Overall Leader, free to and from Muster after two broken units, only Muster from Charge),
//! and the reactive charge check during the enemy's movement, where the Overall Leader's help
//! does not apply (§3.6).

use super::keys::{self, Chit, param};
use super::look::{self, Look};
use super::modifiers::key as mk;
use super::phases;
use super::run::{Run, bands_by};
use super::spec::OVERALL;
use super::tables::Tables;
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{FactKind, PieceId};
use crate::procedure::{Call, DiceRequest, ParamSpec, Refusal};
use crate::rules::kit::Need;
use crate::rules::kit::offers::refuse;
use crate::rules::kit::params::{NO, Rules, pick, yes_no, yes_to};
use crate::rules::kit::with;

const RULE: &str = "§3.3";

fn the_leader(ctx: &Context, call: &Call) -> Result<PieceId, Refusal> {
    match call.actors.as_slice() {
        [l] if ctx.roster.leader(*l).is_some() => Ok(*l),
        _ => refuse("select one leader", RULE),
    }
}

fn is_overall<L: Look + ?Sized>(l: &L, id: PieceId) -> bool {
    look::leader(l, id).is_some_and(|x| x.has(OVERALL))
}

/// The unit a leader and his side's Overall Leader are both recorded with, if they are: the
/// two are stacked (§3.7).
fn with_overall<L: Look + ?Sized>(l: &L, leader: PieceId) -> Option<PieceId> {
    let roster = l.roster();
    let unit = with::unit_of(roster, leader, l.status(leader))?;
    look::stacked_leaders(l, unit)
        .into_iter()
        .any(|p| p != leader && is_overall(l, p))
        .then_some(unit)
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
            "§3.1",
        );
    }
    Ok(())
}

/// The params of placing a first chit.
pub(crate) fn set_params() -> Vec<ParamSpec> {
    let choices = Chit::COMMANDS
        .iter()
        .map(|c| c.command_name().to_string())
        .collect();
    vec![pick(param::TO, "Command", choices)]
}

/// Placing a leader's first chit (on entry, or an Overall Leader that must choose).
pub(crate) fn check_set(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
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
            "§3.2",
        );
    }
    Ok(())
}

pub(crate) fn set_chit(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    let l = call.actors[0];
    let to = wanted(call).unwrap_or(Chit::Stand);
    run.mark(l, keys::CHIT, Some(to.to_string()));
    run.fact_about(FactKind::Command, l, |name| {
        format!("{name} takes a command chit")
    });
    Ok("chit placed".into())
}

/// The params of a command change.
pub(crate) fn change_params<L: Look + ?Sized>(l: &L, leader: PieceId) -> Vec<ParamSpec> {
    let current = look::chit(l, leader);
    let choices: Vec<String> = Chit::COMMANDS
        .iter()
        .filter(|c| current.is_none_or(|cur| cur.command_name() != c.command_name()))
        .map(|c| c.command_name().to_string())
        .collect();
    let mut params = vec![pick(param::TO, "New command", choices)];
    if !is_overall(l, leader) && with_overall(l, leader).is_none() {
        params
            .push(yes_no(param::OVERALL_STACKED, "Stacked with the Overall Leader").by(NO, "§3.7"));
        params.push(
            yes_no(
                param::WITHIN_SPAN,
                "Within the Overall Leader's command span",
            )
            .by(NO, "§3.7"),
        );
    }
    params
}

/// Refusals shared by the Orders Phase change and the reactive charge.
fn may_change(ctx: &Context, t: &Tables, l: PieceId, to: Chit) -> Result<(), Refusal> {
    let name = ctx.roster.name(l);
    if !ctx.status(l).flag(keys::ENTERED) {
        return refuse(format!("{name} is not on the map yet"), "§2.2");
    }
    let Some(current) = look::chit(ctx, l) else {
        return refuse(format!("{name} has no chit yet: place one first"), RULE);
    };
    if current.command_name() == to.command_name() {
        return refuse(format!("{name} already has {current}"), RULE);
    }
    if current.is_charge() && to != Chit::Muster {
        return refuse("from Charge a leader may change only to Muster", "§3.5");
    }
    if current == Chit::Muster && ctx.status(l).flag(keys::FRESH_MUSTER) {
        return refuse(
            "a chit that became Muster this turn may change only on the following turn",
            "§3.4",
        );
    }
    charge_allowed(ctx, l, to)?;
    let _ = t;
    Ok(())
}

pub(crate) fn check_change(ctx: &Context, t: &Tables, call: &Call) -> Result<(), Refusal> {
    let l = the_leader(ctx, call)?;
    if ctx.state.phase != phases::ORDERS {
        return refuse("commands change in the Orders Phase", "§2.1");
    }
    if ctx.status(l).flag(keys::COMMAND_TRIED) {
        return refuse(
            "this leader has already tried to change command this Orders Phase",
            RULE,
        );
    }
    may_change(ctx, t, l, wanted(call)?)
}

/// Why no roll is needed, if none is. `orders`: the Orders Phase (the Overall Leader's
/// automatic change applies there only, unless the `charge_check_overall` switch is on).
fn free_change<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    leader: PieceId,
    to: Chit,
    call: &Call,
    orders: bool,
) -> Option<String> {
    let helped = orders || t.modifiers.switch(mk::CHARGE_CHECK_OVERALL);
    let switch = if orders {
        ""
    } else {
        " (switch charge_check_overall)"
    };
    if is_overall(l, leader) {
        Some("the Overall Leader changes his own chit without a roll (§3.7)".into())
    } else if helped && let Some(unit) = with_overall(l, leader) {
        Some(format!(
            "stacked with the Overall Leader (both recorded with {}): the change is automatic \
             (§3.7){switch}",
            l.roster().name(unit)
        ))
    } else if helped && yes_to(call, param::OVERALL_STACKED) {
        Some(format!(
            "stacked with the Overall Leader: the change is automatic (§3.7){switch}"
        ))
    } else if to == Chit::Muster && shattered(l, t, leader) {
        Some("two or more of its units eliminated or routed: Muster with no roll (§3.4)".into())
    } else if look::chit(l, leader) == Some(Chit::Muster)
        && t.modifiers.switch(mk::MUSTER_FREE_OUT)
        && shattered(l, t, leader)
    {
        Some(
            "two or more of its units eliminated or routed: leaves Muster with no roll (§3.4)"
                .into(),
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
fn attempt(
    run: &mut Run,
    t: &Tables,
    l: PieceId,
    to: Chit,
    call: &Call,
    orders: bool,
) -> Need<bool> {
    let name = run.name(l);
    if let Some(why) = free_change(run, t, l, to, call, orders) {
        run.fact(FactKind::Command, Some(l), format!("{name}: {why}"));
        return Ok(true);
    }
    if look::chit(run, l) == Some(Chit::Muster)
        && !t.modifiers.switch(mk::MUSTER_FREE_OUT)
        && shattered(run, t, l)
    {
        run.fact(
            FactKind::Command,
            Some(l),
            format!(
                "{name}: switch muster_free_out is 0, so leaving Muster takes the command roll \
                 although two of its units are eliminated or routed (§3.4)"
            ),
        );
    }
    let command = look::rating(run, l, "command");
    let mut dice = Dice::new(1, Die::D6);
    if yes_to(call, param::WITHIN_SPAN) && (orders || t.modifiers.switch(mk::CHARGE_CHECK_OVERALL))
    {
        let mut m = t.modifiers.modifier(mk::COMMAND_SPAN);
        if !orders {
            m.label.push_str(" (switch charge_check_overall)");
        }
        dice = dice.with(m);
    }
    let bands = bands_by(&dice, |v| {
        if v <= command {
            format!("≤ {command}: command changes")
        } else {
            "no change".into()
        }
    });
    let rule = if orders { RULE } else { CHARGE_RULE };
    let req = DiceRequest::total(
        format!("Command change: {name} (Command {command})"),
        rule,
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
    run.fact_about(FactKind::Command, l, |name| {
        format!("{name} changes command")
    });
}

pub(crate) fn change_command(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let l = call.actors[0];
    let to = wanted(call).unwrap_or(Chit::Muster);
    run.flag(l, keys::COMMAND_TRIED, true);
    if attempt(run, t, l, to, call, true)? {
        adopt(run, l, to);
        Ok("command changed".into())
    } else {
        Ok("no change".into())
    }
}

/// The params of a reactive charge check: none, unless the `charge_check_overall` switch
/// lets the Overall Leader help outside the Orders Phase (§3.6).
pub(crate) fn charge_params<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    leader: PieceId,
) -> Vec<ParamSpec> {
    if !t.modifiers.switch(mk::CHARGE_CHECK_OVERALL) {
        return Vec::new();
    }
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

const CHARGE_RULE: &str = "§3.6";

pub(crate) fn check_charge(ctx: &Context, t: &Tables, call: &Call) -> Result<(), Refusal> {
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

pub(crate) fn charge_check(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let l = call.actors[0];
    let enemy = call.targets[0];
    let mut seen: Vec<String> = run
        .status(l)
        .mark(keys::CHARGE_CHECKS)
        .map(|s| s.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    seen.push(enemy.0.to_string());
    run.mark(l, keys::CHARGE_CHECKS, Some(seen.join(",")));
    if attempt(run, t, l, Chit::Charge(1), call, false)? {
        adopt(run, l, Chit::Charge(1));
        let (name, target) = (run.name(l), run.name(enemy));
        run.fact(
            FactKind::Command,
            Some(l),
            format!("{name} goes to Charge: its cavalry may charge {target} (§3.6)"),
        );
        Ok("charge".into())
    } else {
        Ok("no charge".into())
    }
}
