//! Fire combat (§5): the Range Table decides whether the firer may fire and its modifier, the
//! terrain of the target adds its own, 1D6 is read on the firer's column of the Fire Combat
//! Table, and the result's step loss and morale checks follow at once. A unit that fires at an
//! adjacent hex in Offensive Fire is bound to melee that hex (§5.3).

use super::effects::{self, CheckKind, OnFail};
use super::keys::{self, param};
use super::look::{self, Arm, Look};
use super::modifiers::key as mk;
use super::phases;
use super::run::{Run, bands_by};
use super::tables::{FireColumn, FireResult, Tables};
use crate::battle::state::Context;
use crate::dice::{Dice, Die, Modifier};
use crate::event::{FactKind, PieceId};
use crate::procedure::{Call, DiceRequest, ParamSpec, Refusal};
use crate::rules::kit::Need;
use crate::rules::kit::offers::refuse;
use crate::rules::kit::params::{NO, Rules, pick, yes_no, yes_to};

const RULE: &str = "§5.1";
/// The hexside answer meaning "no hexside feature".
pub(crate) const NONE: &str = "none";

/// The column a unit fires on, or why it may not fire at all.
pub(crate) fn column<L: Look + ?Sized>(
    l: &L,
    t: &Tables,
    id: PieceId,
) -> Result<FireColumn, Refusal> {
    let Some(u) = look::unit(l, id) else {
        return refuse("not a combat unit", RULE);
    };
    if look::is_dragoons(u) {
        return Ok(if look::arm(l, id) == Arm::Cavalry {
            FireColumn::MountedDragoons
        } else {
            FireColumn::DismountedDragoons
        });
    }
    if look::can_charge(u) {
        return Ok(FireColumn::Cavalry);
    }
    if t.modifiers.get(mk::INFANTRY_FIRES) != 0 {
        Ok(FireColumn::DismountedDragoons)
    } else {
        refuse(
            "infantry do not fire: the switch infantry_fires is 0",
            "§5.1",
        )
    }
}

/// Where the Terrain Effects Chart is: a hex or hexside with no effect is its plain case.
pub(crate) const TEC: &str = "§11";

/// The hex terrain question: it starts at "Clear" (no modifier) when the chart has it.
pub(crate) fn terrain_question(t: &Tables, key: &'static str, label: &str) -> ParamSpec {
    let hexes = t.terrain.hexes();
    let clear = hexes.iter().position(|h| h == "Clear");
    let q = pick(key, label, hexes);
    match clear {
        Some(i) => q.by(i, TEC),
        None => q,
    }
}

/// The fire questions; whether a leader is stacked with the target only when none is
/// recorded with it (`recorded`).
pub(crate) fn params(t: &Tables, recorded: bool) -> Vec<ParamSpec> {
    let mut sides = vec![NONE.to_string()];
    sides.extend(t.terrain.hexsides());
    let mut p = vec![
        pick(
            param::RANGE,
            "Range (hexes, target hex counted)",
            t.range.distances().iter().map(i32::to_string).collect(),
        ),
        terrain_question(t, param::TERRAIN, "Target hex terrain"),
        pick(param::HEXSIDE, "Firing across", sides).by(NONE, TEC),
    ];
    if !recorded {
        p.push(
            yes_no(
                param::TARGET_LEADER_STACKED,
                "A leader is stacked with the target",
            )
            .by(NO, "§5.2"),
        );
    }
    p
}

/// The range modifier, or the refusal when the column may not fire at that range.
fn range_modifier(t: &Tables, col: FireColumn, call: &Call) -> Result<(i32, i32), Refusal> {
    let range: i32 = call
        .param(param::RANGE)
        .and_then(|r| r.trim().parse().ok())
        .unwrap_or(1);
    match t.range.modifier(col, range) {
        Some(m) => Ok((range, m)),
        None => refuse(
            format!("{} may not fire at range {range}", col.name()),
            "§5.1",
        ),
    }
}

pub(crate) fn check(ctx: &Context, t: &Tables, call: &Call) -> Result<(), Refusal> {
    let [firer] = call.actors.as_slice() else {
        return refuse("select one firing unit (each unit fires separately)", RULE);
    };
    let firer = *firer;
    let name = ctx.roster.name(firer);
    if !look::on_map(ctx, firer) {
        return refuse(format!("{name} is not on the map"), RULE);
    }
    let col = column(ctx, t, firer)?;
    if ctx.state.phase != phases::FIRE {
        return refuse("fire happens in the Fire Combat Phase", "§2.1");
    }
    if look::is_routed(ctx, firer) {
        return refuse(
            format!("{name} is routed: routed units cannot fire"),
            "§7.3",
        );
    }
    if ctx.status(firer).flag(keys::FIRED) {
        return refuse(format!("{name} has already fired this Combat Phase"), RULE);
    }
    let side = ctx.roster.side_of(firer);
    if call.targets.is_empty()
        || call.targets.iter().any(|&u| {
            ctx.roster.unit(u).is_none() || ctx.roster.side_of(u) == side || !look::on_map(ctx, u)
        })
    {
        return refuse("the targets must be enemy combat units on the map", RULE);
    }
    range_modifier(t, col, call)?;
    Ok(())
}

fn terrain_modifiers(t: &Tables, call: &Call) -> Vec<Modifier> {
    let mut out = Vec::new();
    for key in [param::TERRAIN, param::HEXSIDE] {
        if let Some(row) = call.param(key).and_then(|n| t.terrain.row(n))
            && let Some(v) = row.fire
            && v != 0
        {
            out.push(Modifier::new(
                v,
                format!("target in / behind {}", row.name),
                "§11",
            ));
        }
    }
    out
}

pub(crate) fn fire(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let firer = call.actors[0];
    let col = column(run, t, firer).unwrap_or(FireColumn::Cavalry);
    let (range, range_mod) = range_modifier(t, col, call).unwrap_or((1, 0));
    let mut dice = Dice::new(1, Die::D6);
    if range_mod != 0 {
        dice = dice.with(Modifier::new(
            range_mod,
            format!("range {range}, {}", col.name()),
            "§5.1",
        ));
    }
    for m in terrain_modifiers(t, call) {
        dice = dice.with(m);
    }
    let bands = bands_by(&dice, |v| t.fire.result(col, v).cell().to_string());
    let (name, target) = (run.name(firer), run.name(call.targets[0]));
    let req = DiceRequest::total(
        format!(
            "Fire: {name} at {target} ({} column, range {range})",
            col.name()
        ),
        "§5.2",
        dice,
        bands,
    );
    let (band, rolled) = run.roll_reading(req.clone())?;
    run.flag(firer, keys::FIRED, true);
    bind_to_melee(run, firer, range, &call.targets);
    let (lo, _) = (req.bands[band].from, req.bands[band].to);
    let result = t.fire.result(col, lo);
    let stacked = yes_to(call, param::TARGET_LEADER_STACKED)
        || call
            .targets
            .iter()
            .any(|&d| look::stacked_leader(run, d).is_some());
    let mut summary = vec![match result {
        FireResult::NoEffect => "no effect".to_string(),
        FireResult::Morale => "morale check".into(),
        FireResult::StepLoss => "step loss".into(),
    }];
    match result {
        FireResult::NoEffect => run.fact(
            FactKind::Fire,
            Some(firer),
            format!("{name} fires at {target} (rolled {rolled}): no effect"),
        ),
        FireResult::Morale => {
            run.fact(
                FactKind::Fire,
                Some(firer),
                format!(
                    "{name} fires at {target} (rolled {rolled}): {target} makes a morale check"
                ),
            );
            let top = call.targets[0];
            summary.push(combat_check(run, t, top, stacked, CheckKind::Fire)?);
        }
        FireResult::StepLoss => {
            run.fact(
                FactKind::Fire,
                Some(firer),
                format!(
                    "{name} fires at {target} (rolled {rolled}): a step loss and morale checks"
                ),
            );
            effects::lose_steps(run, t, &call.targets, 1, "fire");
            for &u in &call.targets {
                if look::is_eliminated(run, u) {
                    summary.push(format!("{} eliminated", run.name(u)));
                    continue;
                }
                summary.push(combat_check(run, t, u, stacked, CheckKind::Fire)?);
            }
        }
    }
    Ok(summary.join("; "))
}

/// Offensive fire at an adjacent hex binds the firer to melee that hex (§5.3).
fn bind_to_melee(run: &mut Run, firer: PieceId, range: i32, targets: &[PieceId]) {
    let (_, _, phasing) = run.clock();
    if range != 1 || run.roster().side_of(firer) != phasing {
        return;
    }
    run.flag(firer, keys::MUST_MELEE, true);
    let ids: Vec<String> = targets.iter().map(|p| p.0.to_string()).collect();
    run.mark(firer, keys::MUST_MELEE_AT, Some(ids.join(",")));
    run.fact_about(FactKind::Fire, firer, |name| {
        format!("{name} fired at an adjacent hex in Offensive Fire: it must melee that hex (§5.3)")
    });
}

/// The pieces a unit is bound to melee, if it is (§5.3).
pub(crate) fn bound_to<L: Look + ?Sized>(l: &L, id: PieceId) -> Vec<PieceId> {
    if !l.status(id).flag(keys::MUST_MELEE) {
        return Vec::new();
    }
    l.status(id)
        .mark(keys::MUST_MELEE_AT)
        .unwrap_or("")
        .split(',')
        .filter_map(|s| s.trim().parse::<u16>().ok().map(PieceId))
        .collect()
}

/// A unit's morale check after fire or melee (a failure routs it 1–3 hexes), said as a summary
/// says it.
pub(crate) fn combat_check(
    run: &mut Run,
    t: &Tables,
    u: PieceId,
    stacked: bool,
    kind: CheckKind,
) -> Need<String> {
    let r = effects::morale_check(run, t, u, stacked, kind, OnFail::Rout("1–3"))?;
    Ok(outcome(run, u, r))
}

/// A short outcome of a unit's morale check, for a summary.
pub(crate) fn outcome(run: &Run, u: PieceId, r: Option<bool>) -> String {
    let name = run.name(u);
    match r {
        None => format!("{name} already checked"),
        Some(true) => format!("{name} passes"),
        Some(false) if look::is_eliminated(run, u) => format!("{name} fails and is eliminated"),
        Some(false) if look::is_routed(run, u) => format!("{name} routs"),
        Some(false) => format!("{name} fails and loses a step"),
    }
}
