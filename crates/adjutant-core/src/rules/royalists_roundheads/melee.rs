//! Melee (§6): the attackers check morale (a failure only keeps a unit out),
//! defending cavalry under Retreat or Stand may withdraw from infantry, the defenders check
//! morale (a failure routs 3 hexes), each side rolls 1D6 on its own strength column, the
//! results hit the opposing side at once — step losses top of stack first, the defender
//! choosing which attacking hex takes them — and the morale checks they call for follow. Then
//! leader casualties, the advance, and the cavalry second combat option.
//!
//! Selection: the attacking units (each in its own hex) and optionally the leader
//! stacked with the first of them; the units of the defending hex, top first, and optionally
//! the leader stacked with them. A side with no leader selected takes the one recorded as
//! stacked with one of its units (the leader's "Stacked with"), without asking.

use super::effects::{self, CheckKind, OnFail};
use super::fire::{NONE, TEC, combat_check, terrain_question};
use super::keys::{self, Chit, param};
use super::look::{self, Arm, Look};
use super::melee_drm;
use super::phases;
use super::run::{Run, choice};
use super::tables::{MeleeResult, Tables};
use crate::battle::state::Context;
use crate::event::{FactKind, PieceId};
use crate::procedure::{Call, ChoiceRequest, ParamSpec, Refusal};
use crate::rules::kit::Need;
use crate::rules::kit::offers::refuse;
use crate::rules::kit::params::{NO, Rules, pick, yes_no, yes_to};
use crate::rules::kit::with;

const RULE: &str = "§6.3";

/// The pieces of a melee call, split by role, with the leader stacked on each side: the one
/// selected (with the first attacker), or else the one recorded with one of the units.
struct Sides {
    attackers: Vec<PieceId>,
    attacker_leader: Option<PieceId>,
    /// The attacker the attacking leader is stacked with.
    attacker_led: Option<PieceId>,
    defenders: Vec<PieceId>,
    defender_leader: Option<PieceId>,
    /// Whether the defending leader is the one recorded (not selected).
    defender_recorded: bool,
}

/// The first leader recorded with one of the units, and that unit.
fn recorded<L: Look + ?Sized>(l: &L, units: &[PieceId]) -> Option<(PieceId, PieceId)> {
    units
        .iter()
        .find_map(|&u| look::stacked_leader(l, u).map(|leader| (leader, u)))
}

fn split<L: Look + ?Sized>(l: &L, call: &Call) -> Result<Sides, Refusal> {
    let ctx_roster = l.roster();
    let part = |ids: &[PieceId]| -> Result<(Vec<PieceId>, Option<PieceId>), Refusal> {
        let (units, leaders) = look::units_and_leaders(ctx_roster, ids);
        if leaders.len() > 1 {
            return refuse("at most one leader stacked per side", RULE);
        }
        Ok((units, leaders.first().copied()))
    };
    let (attackers, attacker_leader) = part(&call.actors)?;
    let (defenders, defender_leader) = part(&call.targets)?;
    let (attacker_leader, attacker_led) = match attacker_leader {
        Some(leader) => (Some(leader), attackers.first().copied()),
        None => recorded(l, &attackers).unzip(),
    };
    let (defender_leader, defender_recorded) = match defender_leader {
        Some(leader) => (Some(leader), false),
        None => (recorded(l, &defenders).map(|(leader, _)| leader), true),
    };
    Ok(Sides {
        attackers,
        attacker_leader,
        attacker_led,
        defenders,
        defender_leader,
        defender_recorded,
    })
}

pub(crate) fn params(t: &Tables, cavalry: bool) -> Vec<ParamSpec> {
    let mut sides = vec![NONE.to_string()];
    sides.extend(t.terrain.hexsides());
    let mut p = vec![
        terrain_question(t, param::TERRAIN, "Defender's hex terrain"),
        pick(param::HEXSIDE, "Attacking across", sides).by(NONE, TEC),
        yes_no(
            param::FLANK_REAR,
            "Attacking through the defender's flank or rear",
        )
        .by(NO, "§6.5"),
    ];
    if cavalry {
        p.push(yes_no(param::SECOND_COMBAT, "Cavalry Second Combat Option").by(NO, "§6.6"));
    }
    p
}

pub(crate) fn check(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let s = split(ctx, call)?;
    if s.attackers.is_empty() || s.defenders.is_empty() {
        return refuse(
            "select the attacking units and the units of the defending hex",
            RULE,
        );
    }
    if ctx.state.phase != phases::MELEE {
        return refuse("melee happens in the Melee Phase", "§2.1");
    }
    let side = ctx.state.side;
    for &a in &s.attackers {
        let name = ctx.roster.name(a);
        if ctx.roster.side_of(a) != side || !look::on_map(ctx, a) {
            return refuse(format!("{name} is not a phasing unit on the map"), RULE);
        }
        if look::is_routed(ctx, a) {
            return refuse(
                format!("{name} is routed: routed units may not initiate melee"),
                "§6.1",
            );
        }
        if ctx.status(a).flag(keys::OUT_OF_COMMAND) {
            return refuse(
                format!("{name} is out of command: OC units may not initiate melee"),
                "§4.1, §6.1",
            );
        }
        match look::unit_command(ctx, a) {
            Some(Chit::Advance | Chit::Stand | Chit::Attack | Chit::Charge(_)) => {}
            _ => {
                return refuse(
                    format!(
                        "{name}'s command does not allow melee (Advance, Stand, Charge or Attack)"
                    ),
                    "§6.1",
                );
            }
        }
        let bound = super::fire::bound_to(ctx, a);
        if !bound.is_empty() && !call.targets.iter().any(|t| bound.contains(t)) {
            let at: Vec<_> = bound.iter().map(|&p| ctx.roster.name(p)).collect();
            return refuse(
                format!(
                    "{name} fired at {} in Offensive Fire: it must melee that hex",
                    at.join(", ")
                ),
                "§5.3",
            );
        }
        if yes_to(call, param::SECOND_COMBAT) {
            if look::arm(ctx, a) != Arm::Cavalry {
                return refuse("only cavalry take the Second Combat Option", "§6.6");
            }
            if ctx.status(a).flag(keys::SECOND_COMBAT_USED) {
                return refuse(format!("{name} has already made its second combat"), "§6.6");
            }
        }
    }
    for &d in &s.defenders {
        if ctx.roster.side_of(d) == side || !look::on_map(ctx, d) {
            return refuse("the defenders must be enemy units on the map", RULE);
        }
    }
    for l in [s.attacker_leader, s.defender_leader].into_iter().flatten() {
        if !ctx.status(l).flag(keys::ENTERED) {
            return refuse(format!("{} is not on the map", ctx.roster.name(l)), RULE);
        }
    }
    if s.attacker_leader
        .is_some_and(|l| ctx.roster.side_of(l) != side)
        || s.defender_leader
            .is_some_and(|l| ctx.roster.side_of(l) == side)
    {
        return refuse("a stacked leader must be on its own units' side", RULE);
    }
    Ok(())
}

fn names(run: &Run, ids: &[PieceId]) -> String {
    ids.iter()
        .map(|&p| run.name(p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The melee, then the declared attackers' obligations to fight marked as met (§5.3, §6.2).
pub(crate) fn melee(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let summary = fight(run, t, call)?;
    for &a in call.actors.iter() {
        if run.roster().unit(a).is_none() {
            continue;
        }
        run.flag(a, keys::MELEED, true);
        if run.status(a).flag(keys::MUST_MELEE) {
            run.flag(a, keys::MUST_MELEE, false);
            run.mark(a, keys::MUST_MELEE_AT, None);
        }
    }
    Ok(summary)
}

fn fight(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let s = split(run, call).unwrap_or(Sides {
        attackers: call.actors.clone(),
        attacker_leader: None,
        attacker_led: None,
        defenders: call.targets.clone(),
        defender_leader: None,
        defender_recorded: false,
    });
    if yes_to(call, param::SECOND_COMBAT) {
        for &a in &s.attackers {
            run.flag(a, keys::SECOND_COMBAT_USED, true);
        }
    }

    // 1. Attackers' morale: a failure keeps the unit out, no rout.
    let mut attackers = Vec::new();
    for &a in &s.attackers {
        let stacked = s.attacker_led == Some(a);
        if effects::morale_check(run, t, a, stacked, CheckKind::Free, OnFail::Abstain)?
            == Some(true)
        {
            attackers.push(a);
        }
    }
    if attackers.is_empty() {
        run.fact(
            FactKind::Melee,
            None,
            "Every attacker failed its morale check: no melee",
        );
        return Ok("attack called off".into());
    }
    // 2. Cavalry under Retreat or Stand may withdraw from infantry.
    let mut withdrew = Vec::new();
    let infantry = attackers
        .iter()
        .all(|&a| look::arm(run, a) == Arm::Infantry);
    for &d in &s.defenders {
        let may = infantry
            && look::arm(run, d) == Arm::Cavalry
            && matches!(
                look::unit_command(run, d),
                Some(Chit::Retreat | Chit::Stand)
            )
            && !look::is_routed(run, d);
        if !may {
            continue;
        }
        let name = run.name(d);
        let pick = run.choose(choice(
            format!("{name} may withdraw 1–3 hexes from the infantry"),
            "§6.3",
            &["Stands and fights", "Withdraws 1–3 hexes"],
        ))?;
        if pick == 1 {
            run.fact(
                FactKind::Movement,
                Some(d),
                format!("{name} withdraws before the melee"),
            );
            withdrew.push(d);
        }
    }
    // 3. Defenders' morale: a failure routs 3 hexes to the rear.
    let mut defenders = Vec::new();
    for &d in s.defenders.iter().filter(|d| !withdrew.contains(d)) {
        let stacked = s.defender_leader.is_some();
        if effects::morale_check(
            run,
            t,
            d,
            stacked,
            CheckKind::Free,
            OnFail::Rout("3 (to its rear)"),
        )? == Some(true)
        {
            defenders.push(d);
        }
    }
    let mut summary = Vec::new();
    if defenders.is_empty() {
        summary.push("no defender stands".to_string());
    } else {
        // 4. Both rolls, then the results at once.
        let a_roll = melee_drm::attacker(run, t, &attackers, s.attacker_leader, call);
        let d_roll = melee_drm::defender(run, t, &defenders, s.defender_leader);
        let a_from: Vec<i32> = a_roll.request.bands.iter().map(|b| b.from).collect();
        let d_from: Vec<i32> = d_roll.request.bands.iter().map(|b| b.from).collect();
        let (a_band, a_read) = run.roll_reading(a_roll.request)?;
        let (d_band, d_read) = run.roll_reading(d_roll.request)?;
        let on_defenders = t.melee.result(a_roll.column, a_from[a_band]);
        let on_attackers = t.melee.result(d_roll.column, d_from[d_band]);
        if !run.quiet {
            run.fact(
                FactKind::Melee,
                None,
                format!(
                    "Melee: {} (strength {}) against {} (strength {}); attackers roll {a_read}: {}, defenders roll {d_read}: {}",
                    names(run, &attackers),
                    a_roll.strength,
                    names(run, &defenders),
                    d_roll.strength,
                    on_defenders.cell(),
                    on_attackers.cell()
                ),
            );
        }
        // The two results in words, the defenders' first ("defenders check morale").
        let said: Vec<String> = [on_defenders.on("defenders"), on_attackers.on("attackers")]
            .into_iter()
            .flatten()
            .collect();
        if said.is_empty() {
            summary.push("no effect on either side".to_string());
        } else {
            summary.extend(said);
        }
        if let MeleeResult::Steps(n) = on_defenders {
            effects::lose_steps(run, t, &defenders, n, "melee");
        }
        if let MeleeResult::Steps(n) = on_attackers {
            let order = loss_order(run, &attackers)?;
            effects::lose_steps(run, t, &order, n, "melee");
        }
        // 5. The morale checks the results call for, once per unit this Melee Phase.
        for (result, units) in [(on_defenders, &defenders), (on_attackers, &attackers)] {
            if result == MeleeResult::None {
                continue;
            }
            for &u in units.iter() {
                if look::is_eliminated(run, u) {
                    summary.push(format!("{} eliminated", run.name(u)));
                    continue;
                }
                let stacked = if units == &defenders {
                    s.defender_leader.is_some()
                } else {
                    s.attacker_led == Some(u)
                };
                summary.push(combat_check(run, t, u, stacked, CheckKind::Melee)?);
            }
        }
    }
    after(run, t, &s, &attackers, &withdrew);
    Ok(summary.join("; "))
}

/// The order the attackers take losses in: the hex the defender chooses first (§6.6).
fn loss_order(run: &mut Run, attackers: &[PieceId]) -> Need<Vec<PieceId>> {
    if attackers.len() < 2 {
        return Ok(attackers.to_vec());
    }
    let options: Vec<String> = attackers.iter().map(|&a| run.name(a)).collect();
    let first = run.choose(ChoiceRequest {
        label: "The defender chooses which attacking hex takes the losses".into(),
        rule: "§6.6".into(),
        options,
        assumed: 0,
    })?;
    let mut order = vec![attackers[first]];
    order.extend(attackers.iter().copied().filter(|&a| a != attackers[first]));
    Ok(order)
}

/// Leader casualties, the advance into a hex this combat vacated and the second combat option.
/// Only a hex vacated as a result of this combat counts (VII.C.7): its defenders eliminated,
/// routed back by it or withdrawn — not one routed earlier (by fire) that holds on.
fn after(run: &mut Run, t: &Tables, s: &Sides, fought: &[PieceId], withdrew: &[PieceId]) {
    let gone = |run: &Run, u: PieceId| look::is_eliminated(run, u) || look::is_routed(run, u);
    let vacated = s
        .defenders
        .iter()
        .all(|&d| look::is_eliminated(run, d) || run.routed.contains(&d) || withdrew.contains(&d));
    if let Some(l) = s.attacker_leader
        && s.attacker_led.is_some_and(|a| look::is_eliminated(run, a))
    {
        effects::leader_casualty(run, t, l, "§9.1");
    }
    if vacated {
        // A recorded leader who went with his routed unit is not in the vacated hex.
        if let Some(l) = s.defender_leader
            && !(s.defender_recorded
                && with::unit_of(run.roster(), l, run.status(l))
                    .is_some_and(|u| s.defenders.contains(&u) && !look::is_eliminated(run, u)))
        {
            effects::leader_casualty(run, t, l, "§9.1");
        }
        let able: Vec<PieceId> = fought.iter().copied().filter(|&a| !gone(run, a)).collect();
        if !able.is_empty() {
            run.fact(
                FactKind::Movement,
                None,
                "The defending hex is vacated: the attacking units of one hex must advance into it (§6.6)",
            );
            if able.iter().any(|&a| look::arm(run, a) == Arm::Cavalry)
                && !able
                    .iter()
                    .any(|&a| run.status(a).flag(keys::SECOND_COMBAT_USED))
            {
                run.fact(
                    FactKind::Movement,
                    None,
                    "Cavalry that advanced may take the Second Combat Option: 2 more hexes, face, and attack again after all other melee",
                );
            }
        }
    }
}
