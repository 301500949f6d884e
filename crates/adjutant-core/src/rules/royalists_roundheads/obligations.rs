//! Who must still fight this Melee Phase, for the phase banner: units bound by their own
//! adjacent offensive fire to melee that hex (§5.3), Attack units that have neither fired nor
//! attacked, and Charge cavalry that has not attacked (§6.2). Adjutant does not know the map,
//! so these list every such unit of the phasing side "if adjacent to the enemy".

use super::fire::bound_to;
use super::keys::{self, Chit};
use super::look;
use crate::battle::state::{Context, Role};
use crate::event::PieceId;

/// The phasing side's units on the map that are not routed, in order.
fn phasing_units(ctx: &Context) -> Vec<PieceId> {
    let r = ctx.roster;
    r.ids()
        .filter(|&p| r.piece(p).role == Role::Unit && r.side_of(p) == ctx.state.side)
        .filter(|&p| look::on_map(ctx, p) && !look::is_routed(ctx, p))
        .collect()
}

/// Attack units adjacent to the enemy must fight, by fire and/or melee (§6.2).
pub(crate) fn attack_still_to_fight(ctx: &Context) -> Vec<PieceId> {
    phasing_units(ctx)
        .into_iter()
        .filter(|&u| look::unit_command(ctx, u) == Some(Chit::Attack))
        .filter(|&u| !ctx.status(u).flag(keys::FIRED) && !ctx.status(u).flag(keys::MELEED))
        .collect()
}

/// Charge units adjacent to the enemy must melee (§6.2).
pub(crate) fn charge_still_to_melee(ctx: &Context) -> Vec<PieceId> {
    phasing_units(ctx)
        .into_iter()
        .filter(|&u| look::unit_command(ctx, u).is_some_and(Chit::is_charge))
        .filter(|&u| !ctx.status(u).flag(keys::MELEED))
        .collect()
}

/// The Melee Phase reminders.
pub(crate) fn melee_reminders(ctx: &Context) -> Vec<String> {
    let names = |ids: &[PieceId]| {
        ids.iter()
            .map(|&p| ctx.roster.name(p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = Vec::new();
    let bound: Vec<PieceId> = phasing_units(ctx)
        .into_iter()
        .filter(|&u| !bound_to(ctx, u).is_empty())
        .collect();
    for u in bound {
        out.push(format!(
            "{} must melee the hex it fired at: {} (§5.3)",
            ctx.roster.name(u),
            names(&bound_to(ctx, u))
        ));
    }
    let attack = attack_still_to_fight(ctx);
    if !attack.is_empty() {
        out.push(format!(
            "Attack units that have not fought, if adjacent to the enemy, must melee: {} (§6.2)",
            names(&attack)
        ));
    }
    let charge = charge_still_to_melee(ctx);
    if !charge.is_empty() {
        out.push(format!(
            "Charge units adjacent to the enemy must melee: {} (§6.2)",
            names(&charge)
        ));
    }
    if out.is_empty() {
        out.push("No unit is bound to melee (§6.2)".into());
    }
    out
}
