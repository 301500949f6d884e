//! Pieces lost outside a fight: a leader alone in a hex that an enemy combat unit enters is
//! overrun (§9.2: the replacement side, 5 or 3 loss points, unless he already shows it; never
//! a leader recorded with a unit on the map, who is not alone), and
//! a routed unit whose retreat or rout move leaves the map is eliminated (§7.3).

use super::effects;
use super::keys;
use super::look::{self, Look};
use super::morale::the_unit;
use super::phases;
use super::run::Run;
use super::tables::Tables;
use crate::battle::state::Context;
use crate::event::FactKind;
use crate::procedure::{Call, Refusal};
use crate::rules::kit::Need;
use crate::rules::kit::offers::refuse;
use crate::rules::kit::with;

const OVERRUN_RULE: &str = "§9.2";

pub(crate) fn check_overrun(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let ([l], [enemy]) = (call.actors.as_slice(), call.targets.as_slice()) else {
        return refuse(
            "select the leader and the enemy combat unit that enters his hex",
            OVERRUN_RULE,
        );
    };
    if ctx.roster.leader(*l).is_none() || !ctx.status(*l).flag(keys::ENTERED) {
        return refuse("select a leader on the map", OVERRUN_RULE);
    }
    // Only a leader alone in his hex: an enemy combat unit may not enter a hex a friendly
    // combat unit holds (III.A.2, VI.C).
    if let Some(u) = with::unit_of(ctx.roster, *l, ctx.status(*l)).filter(|&u| look::on_map(ctx, u))
    {
        return refuse(
            format!(
                "{} is not alone: he is with {}, and no enemy combat unit may enter a hex a \
                 friendly combat unit holds",
                ctx.roster.name(*l),
                ctx.roster.name(u)
            ),
            OVERRUN_RULE,
        );
    }
    if ctx.roster.unit(*enemy).is_none()
        || ctx.roster.side_of(*enemy) == ctx.roster.side_of(*l)
        || !look::on_map(ctx, *enemy)
    {
        return refuse(
            "the unit entering the leader's hex must be an enemy combat unit on the map",
            OVERRUN_RULE,
        );
    }
    if !matches!(ctx.state.phase, phases::MOVEMENT | phases::MELEE) {
        return refuse(
            "combat units enter hexes in movement, a charge, or an advance after melee",
            OVERRUN_RULE,
        );
    }
    Ok(())
}

/// What an overrun does, asked before it acts (§9.2).
pub(crate) fn overrun_question(ctx: &Context, leader: crate::event::PieceId) -> String {
    let name = ctx.roster.name(leader);
    if ctx.status(leader).flag(keys::REPLACEMENT) {
        format!("Overrun {name}? He moves to the nearest unit of his command.")
    } else {
        format!(
            "Overrun {name}? He is flipped to his replacement side, and his side loses the loss \
             points of a leader casualty."
        )
    }
}

pub(crate) fn overrun(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let (l, enemy) = (call.actors[0], call.targets[0]);
    let (name, by) = (run.name(l), run.name(enemy));
    run.fact(
        FactKind::LeaderCasualty,
        Some(l),
        format!("{by} enters the hex where {name} stands alone (§9.2)"),
    );
    if run.status(l).flag(keys::REPLACEMENT) {
        run.fact(
            FactKind::LeaderCasualty,
            Some(l),
            format!(
                "{name} already shows his replacement side: he moves to the nearest unit of his \
                 command, with no further loss (§9.2)"
            ),
        );
        effects::leader_moves(run, l);
        return Ok("moves away, no loss".into());
    }
    effects::leader_casualty(run, t, l, OVERRUN_RULE);
    Ok("replacement leader".into())
}

const LEAVE_RULE: &str = "§7.3";

pub(crate) fn check_leave(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = the_unit(ctx, call, LEAVE_RULE)?;
    if !look::is_routed(ctx, u) {
        return refuse(
            format!(
                "{} is not routed: only a routed unit's move takes it off the map",
                ctx.roster.name(u)
            ),
            LEAVE_RULE,
        );
    }
    Ok(())
}

pub(crate) fn leave(run: &mut Run, t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    effects::eliminate(
        run,
        t,
        u,
        "a routed unit that leaves the map is eliminated (§7.3)",
    );
    Ok("eliminated".into())
}
