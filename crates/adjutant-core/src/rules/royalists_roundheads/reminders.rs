//! The phase banner's reminders (§2.1): what is due in the current phase — chits to place,
//! command tries, the command check, routed units to move, fire and melee duties, rallies.

use super::keys::{self, Chit};
use super::look;
use super::modifiers::key as mk;
use super::phases::{FIRE, MELEE, MOVEMENT, ORDERS, RALLY, VICTORY};
use super::tables::Tables;

use crate::battle::state::{Context, Role};
use crate::event::PieceId;

/// What is due in the current phase, for the phase banner.
pub(crate) fn reminders(ctx: &Context, t: &Tables) -> Vec<String> {
    let s = ctx.state;
    let r = ctx.roster;
    let mut out = Vec::new();
    if s.result.is_some() {
        return vec!["The battle is over.".into()];
    }
    let names = |ids: Vec<PieceId>| {
        ids.iter()
            .map(|&p| r.name(p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let leaders = |side: Option<usize>| {
        r.ids().filter(move |&p| {
            r.piece(p).role == Role::Leader && side.is_none_or(|x| r.side_of(p) == x)
        })
    };
    let units_of = |side: usize| {
        r.ids()
            .filter(move |&p| r.piece(p).role == Role::Unit && r.side_of(p) == side)
    };
    // The side's routed units on the map.
    let routed = || -> Vec<PieceId> {
        units_of(s.side)
            .filter(|&u| look::on_map(ctx, u) && look::is_routed(ctx, u))
            .collect()
    };
    let no_chit: Vec<PieceId> = leaders(None)
        .filter(|&l| ctx.status(l).flag(keys::ENTERED) && look::chit(ctx, l).is_none())
        .collect();
    if !no_chit.is_empty() {
        out.push(format!(
            "Place a command chit for {} (§3.2)",
            names(no_chit)
        ));
    }
    match s.phase {
        ORDERS => {
            out.push("Each leader may try once to change its chit: 1D6 ≤ Command (§3.3)".into());
            let charging: Vec<PieceId> = leaders(None)
                .filter(|&l| look::chit(ctx, l).is_some_and(Chit::is_charge))
                .collect();
            if !charging.is_empty() {
                out.push(format!(
                    "On Charge (only Muster allowed): {} (§3.5)",
                    names(charging)
                ));
            }
            let muster: Vec<PieceId> = leaders(None)
                .filter(|&l| look::broken_units(ctx, l) >= t.modifiers.get(mk::MUSTER_LOSSES))
                .filter(|&l| look::chit(ctx, l) != Some(Chit::Muster))
                .collect();
            if !muster.is_empty() {
                out.push(format!(
                    "May switch to Muster with no roll: {} (§3.4)",
                    names(muster)
                ));
            }
        }
        MOVEMENT => {
            out.push(
                "Check command span: mark units out of command (OC), or trace command to the Overall Leader (§4.1, §4.2)"
                    .into(),
            );
            let routed = routed();
            if !routed.is_empty() {
                out.push(format!(
                    "Routed units must move 1–2 hexes from the enemy (off the map: eliminated): {} (§4.4)",
                    names(routed)
                ));
            }
            out.push("Dragoons under Stand may mount or dismount now (§8.2)".into());
            out.push(format!(
                "{}: check a cavalry leader for Charge when enemy cavalry comes within {} hexes (§3.6)",
                ctx.roster.side_name(1 - s.side),
                t.modifiers.get("charge_trigger_hexes")
            ));
        }
        FIRE => {
            out.push(format!(
                "Defensive fire by {}, then offensive fire by {} (§5)",
                ctx.roster.side_name(1 - s.side),
                ctx.roster.side_name(s.side)
            ));
            out.push(
                "A unit that fires at an adjacent hex in offensive fire must melee it (§5.3)"
                    .into(),
            );
            out.push(
                "Attack units adjacent to the enemy must fire and/or melee; Charge units must melee, their fire is optional (§6.2)"
                    .into(),
            );
        }
        MELEE => out.extend(super::obligations::melee_reminders(ctx)),
        RALLY => {
            let routed = routed();
            if !routed.is_empty() {
                out.push(format!(
                    "May rally (in command, out of enemy ZOC): {} (§7.4)",
                    names(routed)
                ));
            }
        }
        VICTORY => out.push(format!(
            "{} Victory Check is made when the phase begins (§10.2)",
            ctx.roster.side_name(s.side)
        )),
        _ => {}
    }
    out
}
