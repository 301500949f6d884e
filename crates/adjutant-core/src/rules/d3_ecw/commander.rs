//! The commander (§7 of the D3 rules reference): attaching to a unit (command range 1,
//! re-rolls for the unit; not contacted apart from it), detaching, being contacted by an enemy
//! unit (removed: no activations until he returns, in his side's next move, from the base
//! edge) and returning. None of these need dice.

use super::common;
use super::keys::*;
use super::status::{commander, on_table, removal_events};
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal, Step};
use crate::rules::kit::events::{set_flag, set_mark};
use crate::rules::kit::offers::offer;
use crate::rules::kit::{Body, Cursor, Need, done};

/// The commander attaches and detaches in his free move: in his side's move, or in the set-up
/// before the first turn's initiative.
fn check_own_move(ctx: &Context, leader: PieceId) -> Result<(), Refusal> {
    let side = ctx.roster.side_of(leader);
    let setting_up = ctx.state.turn <= 1
        && ctx.state.phase == common::PHASE_INITIATIVE
        && !ctx.state.sides.iter().any(|s| s.flag(PLAYED));
    if setting_up || (ctx.state.phase == common::PHASE_ACTIVATION && ctx.state.side == side) {
        return Ok(());
    }
    Err(Refusal::new(
        format!(
            "{} moves (attaches or detaches) only in the {} move, after its units have moved",
            ctx.roster.name(leader),
            ctx.roster.side_name(side)
        ),
        "§7.1",
    ))
}

/// Whether the commander may attach to this unit.
fn check_attach(ctx: &Context, leader: PieceId, unit: PieceId) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    check_present(ctx, leader)?;
    check_own_move(ctx, leader)?;
    if ctx.roster.unit(unit).is_none() || ctx.roster.side_of(unit) != ctx.roster.side_of(leader) {
        return Err(Refusal::new(
            "a commander attaches to one of its own units",
            "§7.2",
        ));
    }
    common::present(ctx, unit)
}

fn check_present(ctx: &Context, leader: PieceId) -> Result<(), Refusal> {
    if ctx.status(leader).flag(REMOVED) {
        Err(Refusal::new(
            format!(
                "{} was removed: he returns next move (his side's) from the base edge",
                ctx.roster.name(leader)
            ),
            "§7.3",
        ))
    } else {
        Ok(())
    }
}

fn check_detach(ctx: &Context, leader: PieceId) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    match ctx.status(leader).mark(ATTACHED) {
        Some(_) => check_own_move(ctx, leader),
        None => Err(Refusal::new(
            "the commander is not attached to a unit",
            "§7.2",
        )),
    }
}

fn check_return(ctx: &Context, leader: PieceId) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    let s = ctx.status(leader);
    if !s.flag(REMOVED) {
        return Err(Refusal::new("the commander is on the table", "§7.4"));
    }
    let name = ctx.roster.name(leader);
    let side = ctx.roster.side_of(leader);
    if ctx.state.phase != common::PHASE_ACTIVATION || ctx.state.side != side {
        return Err(Refusal::new(
            format!(
                "{name} returns only in his side's next move, from the base edge: wait for the {} \
                 move",
                ctx.roster.side_name(side)
            ),
            "§7.4",
        ));
    }
    if s.flag(REMOVED_OWN_MOVE) {
        return Err(Refusal::new(
            format!("{name} was removed in this move: he returns in his side's next move"),
            "§7.4",
        ));
    }
    Ok(())
}

fn check_contact(ctx: &Context, leader: PieceId, unit: Option<PieceId>) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    check_present(ctx, leader)?;
    if let Some(with) = attached_unit(ctx, ctx.roster.side_of(leader)) {
        let (name, with) = (ctx.roster.name(leader), ctx.roster.name(with));
        return Err(Refusal::new(
            format!(
                "{name} is attached to {with}: he is not contacted apart from his unit, and is \
                 lost only if {with} is eliminated"
            ),
            "§7.2",
        ));
    }
    if let Some(u) = unit {
        if ctx.roster.side_of(u) == ctx.roster.side_of(leader) {
            return Err(Refusal::new(
                "only an enemy unit contacts a commander",
                "§7.3",
            ));
        }
        common::present(ctx, u)?;
    }
    Ok(())
}

/// Offers for a selected commander, with a selected unit (`target`) if any.
pub(crate) fn offers(ctx: &Context, leader: PieceId, target: Option<PieceId>) -> Vec<Offer> {
    let mut offers = Vec::new();
    if let Some(unit) = target {
        offers.push(offer(
            P_ATTACH,
            format!("Attach to {}", ctx.roster.name(unit)),
            Vec::new(),
            check_attach(ctx, leader, unit),
        ));
    }
    offers.push(offer(
        P_DETACH,
        "Detach".into(),
        Vec::new(),
        check_detach(ctx, leader),
    ));
    offers.push(
        offer(
            P_CONTACT,
            "Contacted by an enemy unit".into(),
            Vec::new(),
            check_contact(ctx, leader, None),
        )
        .asking(contact_question(ctx, leader)),
    );
    offers.push(offer(
        P_RETURN,
        "Return from the base edge".into(),
        Vec::new(),
        check_return(ctx, leader),
    ));
    offers
}

/// The offer for an enemy unit contacting a commander.
pub(crate) fn contact_offer(ctx: &Context, unit: PieceId, leader: PieceId) -> Offer {
    offer(
        P_CONTACT,
        format!("Contact {}", ctx.roster.name(leader)),
        Vec::new(),
        check_contact(ctx, leader, Some(unit)),
    )
    .asking(contact_question(ctx, leader))
}

/// What a contact does, asked before it acts (§7.3).
fn contact_question(ctx: &Context, leader: PieceId) -> String {
    format!(
        "Has an enemy unit contacted {}? He is removed, and his side has no activations until \
         he returns.",
        ctx.roster.name(leader)
    )
}

/// Starts a commander procedure, or refuses it.
pub(crate) fn build(ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
    let all = call.actors.iter().chain(&call.targets);
    let Some(&leader) = all.clone().find(|&&p| ctx.roster.leader(p).is_some()) else {
        return Err(Refusal::new("choose the commander", "§7.1"));
    };
    let unit = all.copied().find(|&p| ctx.roster.unit(p).is_some());
    match call.id.as_str() {
        P_ATTACH => match unit {
            Some(u) => check_attach(ctx, leader, u)?,
            None => {
                return Err(Refusal::new("choose the unit to attach to", "§7.2"));
            }
        },
        P_DETACH => check_detach(ctx, leader)?,
        P_CONTACT => check_contact(ctx, leader, unit)?,
        _ => check_return(ctx, leader)?,
    }
    Ok(Box::new(CommanderAct {
        id: call.id.clone(),
        leader,
        unit,
    }))
}

/// A commander procedure: no dice.
pub(crate) struct CommanderAct {
    id: String,
    leader: PieceId,
    unit: Option<PieceId>,
}

impl Body for CommanderAct {
    fn title(&self) -> String {
        match self.id.as_str() {
            P_ATTACH => "Commander: attach",
            P_DETACH => "Commander: detach",
            P_CONTACT => "Commander contacted",
            _ => "Commander returns",
        }
        .into()
    }

    fn body(&self, ctx: &Context, _cursor: &mut Cursor) -> Need<Step> {
        Ok(self.resolve(ctx))
    }
}

impl CommanderAct {
    /// The procedure's result: it reads no inputs.
    fn resolve(&self, ctx: &Context) -> Step {
        let (c, name) = (self.leader, ctx.roster.name(self.leader));
        let side = ctx.roster.side_name(ctx.roster.side_of(c));
        let unit_name = self.unit.map(|u| ctx.roster.name(u).to_string());
        let (events, summary) = match self.id.as_str() {
            P_ATTACH => (
                vec![
                    set_mark(c, ATTACHED, unit_name.clone()),
                    Event::fact(
                        FactKind::Command,
                        Some(c),
                        format!(
                            "{name} attaches to {}: command range 1, the unit may re-roll its \
                             attacking dice (§7.2)",
                            unit_name.unwrap_or_default()
                        ),
                    ),
                ],
                "attached",
            ),
            P_DETACH => (
                vec![
                    set_mark(c, ATTACHED, None),
                    Event::fact(FactKind::Command, Some(c), format!("{name} detaches")),
                ],
                "detached",
            ),
            P_CONTACT => (
                removal_events(
                    ctx,
                    c,
                    format!(
                        "{name} is contacted{} and removed: the {side} army has no activations \
                         until he returns, in its next move, from the base edge (§7.3)",
                        unit_name.map(|u| format!(" by {u}")).unwrap_or_default()
                    ),
                ),
                "removed",
            ),
            _ => {
                let mut events = vec![set_flag(c, REMOVED, false)];
                if ctx.status(c).flag(REMOVED_OWN_MOVE) {
                    events.push(set_flag(c, REMOVED_OWN_MOVE, false));
                }
                events.push(Event::fact(
                    FactKind::Command,
                    Some(c),
                    format!("{name} returns from the base edge (§7.4)"),
                ));
                (events, "returned")
            }
        };
        done(summary, events)
    }
}

/// Whether a side's commander is on the table (not removed).
pub(crate) fn commander_present(ctx: &Context, side: usize) -> bool {
    commander(ctx, side).is_some_and(|c| !ctx.status(c).flag(REMOVED))
}

/// The unit a side's commander is attached to, if it is still on the table.
pub(crate) fn attached_unit(ctx: &Context, side: usize) -> Option<PieceId> {
    let c = commander(ctx, side)?;
    let name = ctx.status(c).mark(ATTACHED)?;
    super::status::unit_named(ctx, side, name).filter(|&u| on_table(ctx, u))
}
