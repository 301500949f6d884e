//! A unit's activation and its simpler actions (§4.3–§4.6, §5.5): declaring two actions,
//! with the command roll for a unit beyond 6 hexes of its HQ; Move; Limber/Unlimber; and
//! spotting a concealed unit (not an action). Rally is in [`super::rally`].

use crate::rules::kit::done;
use crate::rules::kit::fixed::Fixed;
use std::sync::Arc;

use super::keys::*;
use super::params;
use super::tables::RcwTables;
use super::unit::{Act, UnitView, acts, join, view};
use crate::battle::state::Context;
use crate::dice::{Dice, Die};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Band, Call, DiceRequest, ParamSpec, Refusal, Step};
use crate::rules::kit::events::{flag, mark, piece_change};
use crate::rules::kit::params::yes;
use crate::rules::kit::{Cursor, Script};

fn refuse<T>(reason: impl Into<String>, rule: &str) -> Result<T, Refusal> {
    Err(Refusal::new(reason, rule))
}

/// The unit a call acts with.
pub(super) fn unit<'a>(
    ctx: &Context<'a>,
    tables: &'a RcwTables,
    call: &Call,
) -> Result<UnitView<'a>, Refusal> {
    call.actors
        .first()
        .and_then(|&a| view(ctx, tables, a))
        .ok_or_else(|| Refusal::new("choose a unit", "§4.3"))
}

/// The questions an activation asks: the two actions, and how far its HQ is — unless it
/// makes no command roll (an HQ or FAO), or its HQ is off the table (it always rolls, §4.4).
pub(crate) fn activate_params(ctx: &Context, tables: &RcwTables, u: &UnitView) -> Vec<ParamSpec> {
    let mut specs = vec![params::action(Q_FIRST), params::action(Q_SECOND)];
    if asks_distance(ctx, u) {
        specs.push(params::near_hq(tables));
    }
    specs
}

/// Whether the distance to its HQ decides a command roll: not for an HQ or FAO (exempt), nor
/// with its HQ destroyed (no unit is then within 6 hexes of it).
fn asks_distance(ctx: &Context, u: &UnitView) -> bool {
    !u.profile.headquarters && u.own_hq_standing(ctx)
}

/// Whether a unit of this kind may declare `act` at all (§2.2, §4.3, §7.1).
fn may_declare(u: &UnitView, act: Act) -> Result<(), Refusal> {
    match act {
        // HQ and FAO declare Shoot to observe (§6.3).
        Act::Shoot if u.profile.headquarters => Ok(()),
        Act::Rally | Act::Shoot | Act::Assault | Act::Limber => u.check_kind(act),
        Act::Move => Ok(()),
    }
}

/// An activation: two declared actions and, when it must, the command roll.
#[derive(Debug, Clone)]
pub(crate) struct Activate {
    pub(crate) tables: Arc<RcwTables>,
    pub(crate) unit: PieceId,
    pub(crate) declared: Vec<Act>,
    pub(crate) command_roll: bool,
    /// Its HQ is off the table: it rolls to move wherever it stands (§4.4).
    pub(crate) hq_gone: bool,
    pub(crate) title: String,
}

/// Checks an activation and builds it.
pub(crate) fn activate(
    ctx: &Context,
    tables: &Arc<RcwTables>,
    call: &Call,
) -> Result<Activate, Refusal> {
    let u = unit(ctx, tables, call)?;
    let name = u.name();
    if u.destroyed() {
        return refuse(format!("{name} is destroyed"), "§5.2");
    }
    if u.side != ctx.state.side {
        return refuse(format!("it is not {name}'s side's player turn"), "§4.2");
    }
    if u.activated() {
        return refuse(
            format!("{name} has already been activated this turn"),
            "§4.3",
        );
    }
    let specs = [params::action(Q_FIRST), params::action(Q_SECOND)];
    let declared: Vec<Act> = [&specs[0], &specs[1]]
        .into_iter()
        .filter_map(|s| params::act_of(call, s))
        .collect();
    for &act in &declared {
        may_declare(&u, act)?;
        if act != Act::Move && declared.iter().filter(|&&a| a == act).count() > 1 {
            return refuse(
                format!("{} may be declared only once per activation", act.name()),
                "§4.3",
            );
        }
    }
    let spent = u.status.track(ACTIONS).max(0) as usize;
    if declared.len() + spent > 2 {
        return refuse(
            format!(
                "{name} has already spent {spent} action(s) observing: declare {} more",
                2usize.saturating_sub(spent)
            ),
            "§4.3, §6.3",
        );
    }
    let hq_gone = !u.own_hq_standing(ctx);
    let far = hq_gone || yes(call, &params::near_hq(tables));
    Ok(Activate {
        tables: Arc::clone(tables),
        unit: u.id,
        command_roll: far && declared.contains(&Act::Move) && !u.profile.headquarters,
        hq_gone,
        title: format!("Activate {name}: {}", join(&declared)),
        declared,
    })
}

impl Activate {
    fn request(&self) -> DiceRequest {
        let need = i32::from(self.tables.command_roll);
        let label = format!(
            "Command roll: beyond {} hexes of its HQ, moves on {need}+",
            self.tables.command_radius
        );
        let bands = vec![
            Band::new(1, need - 1, "fails: no Move this activation"),
            Band::new(need, 6, "may move"),
        ];
        DiceRequest::total(label, "§4.4", Dice::new(1, Die::D6), bands)
    }
}

impl Script for Activate {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn notes(&self) -> Vec<String> {
        let mut notes = vec!["A unit declares its 2 actions when activated (§4.3)".into()];
        if self.command_roll && self.hq_gone {
            notes.push(format!(
                "Its HQ is off the table, so it is not within {} hexes of it: {}+ on 1D6 to move \
                 (§4.4)",
                self.tables.command_radius, self.tables.command_roll
            ));
        } else if self.command_roll {
            notes.push(format!(
                "Beyond {} hexes of its HQ: {}+ on 1D6 to move (§4.4)",
                self.tables.command_radius, self.tables.command_roll
            ));
        }
        notes
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        self.activate(ctx, cursor)
    }
}

impl Activate {
    /// The activation, its command roll (if any) read from `cursor`.
    fn activate(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        let Some(u) = view(ctx, &self.tables, self.unit) else {
            return done("no unit", Vec::new());
        };
        let failed = if self.command_roll {
            match cursor.reading(self.request()) {
                Ok((req, value)) => !req.bands[1].contains(value),
                Err(step) => return step,
            }
        } else {
            false
        };
        let summary = if failed {
            "command roll failed"
        } else if self.command_roll {
            "command roll passed"
        } else {
            "activated"
        };
        if cursor.quiet() {
            return done(summary, Vec::new());
        }
        let mut orders = acts(u.status, DONE);
        orders.extend(&self.declared);
        let mut events = vec![
            piece_change(u.id, flag(ACTIVATED, true)),
            piece_change(u.id, mark(ORDERS, Some(join(&orders)))),
            Event::fact(
                FactKind::Command,
                Some(u.id),
                format!("{} is activated: {}", u.name(), join(&self.declared)),
            ),
        ];
        if failed {
            events.push(piece_change(u.id, flag(NO_MOVE, true)));
            events.push(Event::fact(
                FactKind::Command,
                Some(u.id),
                format!(
                    "{} fails its command roll: no Move this activation",
                    u.name()
                ),
            ));
        }
        done(summary, events)
    }
}

/// A Move action: leaving an entrenchment, and being spotted if concealed.
pub(crate) fn move_unit(
    ctx: &Context,
    tables: &Arc<RcwTables>,
    call: &Call,
) -> Result<Fixed, Refusal> {
    let u = unit(ctx, tables, call)?;
    u.check(ctx, Act::Move)?;
    let mut events = u.spend(Act::Move);
    if u.entrenched() {
        events.push(piece_change(u.id, flag(ENTRENCHED, false)));
    }
    events.push(Event::fact(
        FactKind::Movement,
        Some(u.id),
        format!("{} moves (up to {} hexes)", u.name(), u.move_hexes()),
    ));
    Ok(Fixed::new(format!("Move {}", u.name()), events))
}

/// A Limber/Unlimber action; artillery may not unlimber in a village (§4.6, §8.2).
pub(crate) fn limber(
    ctx: &Context,
    tables: &Arc<RcwTables>,
    call: &Call,
) -> Result<Fixed, Refusal> {
    let u = unit(ctx, tables, call)?;
    u.check(ctx, Act::Limber)?;
    let unlimbering = u.limbered();
    if unlimbering && yes(call, &params::village()) {
        return refuse(format!("{} may not deploy in a village", u.name()), "§8.2");
    }
    let word = if unlimbering {
        "unlimbers"
    } else {
        "limbers up"
    };
    let mut events = u.spend(Act::Limber);
    events.push(piece_change(u.id, flag(LIMBERED, !unlimbering)));
    events.push(Event::fact(
        FactKind::Movement,
        Some(u.id),
        format!("{} {word}", u.name()),
    ));
    Ok(Fixed::new(
        format!(
            "{} {}",
            if unlimbering { "Unlimber" } else { "Limber" },
            u.name()
        ),
        events,
    ))
}

/// Spotting a concealed unit with an enemy adjacent (§5.7); not an action.
pub(crate) fn spot(ctx: &Context, tables: &Arc<RcwTables>, call: &Call) -> Result<Fixed, Refusal> {
    let u = call
        .targets
        .first()
        .or(call.actors.first())
        .and_then(|&p| view(ctx, tables, p))
        .ok_or_else(|| Refusal::new("choose a concealed unit", "§5.7"))?;
    if !u.concealed() {
        return refuse(format!("{} is not concealed", u.name()), "§5.7");
    }
    Ok(Fixed::new(format!("Spot {}", u.name()), u.reveal()))
}
