//! Tracing command to the Overall Leader (§4.2): any combat unit may take its command from the
//! friendly Overall Leader instead of its own leader, and then obeys his chit for the turn; an
//! Overall Leader with no chit must choose one at once. The trace is made with the command
//! check at the start of the unit's own Movement Phase and lapses at the next one.

use super::keys::{self, Chit};
use super::look::{self, Look};
use super::morale::the_unit;
use super::phases;
use super::run::Run;
use super::tables::Tables;
use crate::battle::state::Context;
use crate::event::FactKind;
use crate::procedure::{Call, ChoiceRequest, Refusal};
use crate::rules::kit::Need;
use crate::rules::kit::offers::refuse;

const RULE: &str = "§4.2";

pub(crate) fn check_trace(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = the_unit(ctx, call, RULE)?;
    let name = ctx.roster.name(u);
    let side = ctx.roster.side_of(u);
    if ctx.state.phase != phases::MOVEMENT || ctx.state.side != side {
        return refuse(
            "command is traced with the command check, at the start of the unit's own Movement Phase",
            "§4.1, §4.2",
        );
    }
    if ctx.status(u).flag(keys::TRACES_OVERALL) {
        return refuse(
            format!("{name} already traces command to the Overall Leader"),
            RULE,
        );
    }
    let Some(o) = look::overall_leader(ctx, side) else {
        return refuse("this side has no Overall Leader", RULE);
    };
    if look::leader_of(ctx, u) == Some(o) {
        return refuse(
            format!("{name} is the Overall Leader's own unit: it takes his command already"),
            RULE,
        );
    }
    if !ctx.status(o).flag(keys::ENTERED) {
        return refuse(format!("{} is not on the map", ctx.roster.name(o)), RULE);
    }
    Ok(())
}

pub(crate) fn trace(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    let side = run.roster().side_of(u);
    let Some(o) = look::overall_leader(run, side) else {
        return Ok("no Overall Leader".into());
    };
    let (name, oname) = (run.name(u), run.name(o));
    if look::chit(run, o).is_none() {
        let cavalry = look::commands_cavalry(run, o);
        let options: Vec<Chit> = Chit::COMMANDS
            .into_iter()
            .filter(|c| cavalry || !c.is_charge())
            .collect();
        let pick = run.choose(ChoiceRequest {
            label: format!("{oname} has no command chit: he must choose one now"),
            rule: RULE.into(),
            options: options.iter().map(Chit::to_string).collect(),
            assumed: 0,
        })?;
        run.mark(o, keys::CHIT, Some(options[pick].to_string()));
        run.fact(
            FactKind::Command,
            Some(o),
            format!("{oname} takes a command chit, as a unit traces command to him (§4.2)"),
        );
    }
    run.flag(u, keys::TRACES_OVERALL, true);
    run.flag(u, keys::OUT_OF_COMMAND, false);
    run.fact(
        FactKind::Command,
        Some(u),
        format!("{name} traces command to {oname} and obeys his chit this turn (§4.2)"),
    );
    Ok("traces command to the Overall Leader".into())
}

pub(crate) fn check_own(ctx: &Context, _t: &Tables, call: &Call) -> Result<(), Refusal> {
    let u = the_unit(ctx, call, RULE)?;
    if !ctx.status(u).flag(keys::TRACES_OVERALL) {
        return refuse(
            format!(
                "{} does not trace command to the Overall Leader",
                ctx.roster.name(u)
            ),
            RULE,
        );
    }
    Ok(())
}

pub(crate) fn own(run: &mut Run, _t: &Tables, call: &Call) -> Need<String> {
    let u = call.actors[0];
    run.flag(u, keys::TRACES_OVERALL, false);
    run.fact_about(FactKind::Command, u, |name| {
        format!("{name} takes its command from its own leader again (§4.2)")
    });
    Ok("own leader".into())
}
