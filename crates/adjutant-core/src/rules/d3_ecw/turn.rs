//! The turn (§3 of the D3 rules reference): the initiative roll-off (1D6 each, a tie rolled
//! again within the same roll-off, the winner chooses who goes first), counting activations
//! (units the commander can see within 2, or 1 when attached: the player counts, Adjutant
//! records; none while he is off the table), activating a unit to move (never fixed artillery,
//! never a unit in melee), ending a side's activations (Give Ground reminders, artillery
//! cadence, army resolve, the next side or the next turn) and the army resolve check on demand.

use crate::rules::kit::done;
use std::sync::Arc;

use super::commander::{attached_unit, commander_present};
use super::common::{self, PHASE_ACTIVATION, PHASE_INITIATIVE};
use super::ground::activations_spent;
use super::keys::*;
use super::status::{available, commander, melee_partner, other_side, resolve_events, units_of};
use super::tables::D3Tables;
use crate::battle::state::Context;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, ChoiceRequest, Offer, ParamSpec, Procedure, Refusal, Step};
use crate::rules::kit::events::{set_flag, side_flag, side_track};
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::{Rules, pick, strict_answer};
use crate::rules::kit::roll_off::RollOff;
use crate::rules::kit::{Cursor, Need, Script, finish};

fn check_initiative(ctx: &Context) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    if ctx.state.phase != PHASE_INITIATIVE {
        return Err(Refusal::new(
            "initiative is rolled at the start of each turn, once both sides have played",
            "§3.1",
        ));
    }
    Ok(())
}

fn check_count(ctx: &Context) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    let side = ctx.state.side;
    if ctx.state.phase != PHASE_ACTIVATION {
        return Err(Refusal::new("roll for initiative first", "§3.1"));
    }
    if ctx.state.sides[side].flag(COUNTED) {
        return Err(Refusal::new(
            format!(
                "the {} activations are already counted this turn",
                ctx.roster.side_name(side)
            ),
            "§3.2",
        ));
    }
    Ok(())
}

fn check_end(ctx: &Context) -> Result<(), Refusal> {
    common::not_ended(ctx)?;
    if ctx.state.phase != PHASE_ACTIVATION {
        return Err(Refusal::new("roll for initiative first", "§3.1"));
    }
    Ok(())
}

fn count_params(ctx: &Context, tables: &D3Tables) -> Vec<ParamSpec> {
    let side = ctx.state.side;
    let n = available(ctx, side).len();
    let o = &tables.options;
    let range = if attached_unit(ctx, side).is_some() {
        o.attached_range
    } else {
        o.command_range
    };
    // How many he sees is the player's count: asked open, never started at the most there
    // could be (§3.2). Off the table he sees none: the count is 0 (§7.3).
    let seen = pick(
        UNITS_SEEN,
        format!("Units the commander can see within {range}"),
        (0..=n).map(|k| k.to_string()).collect(),
    );
    if commander_present(ctx, side) {
        vec![seen]
    } else {
        vec![seen.by(0, "§7.3")]
    }
}

/// The turn procedures offered with nothing selected.
pub(crate) fn offers(ctx: &Context, tables: &D3Tables) -> Vec<Offer> {
    let side = ctx.roster.side_name(ctx.state.side);
    vec![
        offer(
            P_INITIATIVE,
            "Roll for initiative".into(),
            Vec::new(),
            check_initiative(ctx),
        ),
        offer(
            P_COUNT,
            format!("Count {side} activations"),
            count_params(ctx, tables),
            check_count(ctx),
        ),
        offer(
            P_END_TURN,
            format!("End {side} activations"),
            Vec::new(),
            check_end(ctx),
        ),
        offer(
            P_RESOLVE,
            "Check army resolve".into(),
            Vec::new(),
            common::not_ended(ctx),
        ),
    ]
}

/// Whether a unit may be activated (to move) now.
pub(crate) fn check_activate(ctx: &Context, unit: PieceId) -> Result<(), Refusal> {
    common::present(ctx, unit)?;
    let side = ctx.roster.side_of(unit);
    common::sides_turn(ctx, side)?;
    let name = ctx.roster.name(unit);
    if ctx.status(unit).flag(ACTIVATED) {
        return Err(Refusal::new(
            format!("{name} is already activated this turn"),
            "§3.3",
        ));
    }
    if ctx.status(unit).flag(EMPLACED) {
        return Err(Refusal::new(
            format!(
                "{name} has fired and is fixed in place: artillery makes no further moves (it may \
                 still shoot)"
            ),
            "§4.3",
        ));
    }
    if let Some(enemy) = melee_partner(ctx, unit) {
        return Err(Refusal::new(
            format!(
                "{name} is in melee with {}: it may not leave the melee except by giving ground; \
                 fight on against {} instead",
                ctx.roster.name(enemy),
                ctx.roster.name(enemy)
            ),
            "§6.6",
        ));
    }
    common::spare_activation(ctx, side)
}

/// The offer to activate a unit.
pub(crate) fn activate_offer(ctx: &Context, unit: PieceId) -> Offer {
    offer(
        P_ACTIVATE,
        "Activate (move)".into(),
        Vec::new(),
        check_activate(ctx, unit),
    )
}

/// Starts a turn procedure, or refuses it.
pub(crate) fn build(
    ctx: &Context,
    tables: &Arc<D3Tables>,
    call: &Call,
) -> Result<Box<dyn Procedure>, Refusal> {
    match call.id.as_str() {
        P_INITIATIVE => check_initiative(ctx)?,
        P_COUNT => check_count(ctx)?,
        P_END_TURN => check_end(ctx)?,
        P_ACTIVATE => match call.actors.first() {
            Some(&u) => check_activate(ctx, u)?,
            None => return Err(Refusal::new("choose the unit to activate", "§3.3")),
        },
        _ => common::not_ended(ctx)?,
    }
    let seen = if call.id == P_COUNT {
        let spec = &count_params(ctx, tables)[0];
        let seen = strict_answer(call, spec, "§3.2")?;
        let side = ctx.state.side;
        if seen > 0 && !commander_present(ctx, side) {
            return Err(Refusal::new(
                format!(
                    "the {} commander is off the table: no activations until he returns",
                    ctx.roster.side_name(side)
                ),
                "§3.2, §7.3",
            ));
        }
        seen
    } else {
        0
    };
    Ok(Box::new(TurnStep {
        tables: Arc::clone(tables),
        call: call.clone(),
        seen,
    }))
}

/// A turn procedure.
pub(crate) struct TurnStep {
    tables: Arc<D3Tables>,
    call: Call,
    seen: usize,
}

impl TurnStep {
    fn initiative(&self, ctx: &Context, cursor: &mut Cursor) -> Need<Step> {
        let die = self.tables.options.initiative_die;
        let names = [ctx.roster.side_name(0), ctx.roster.side_name(1)];
        let roll_off = RollOff::new(die, [&names[0], &names[1]], "wins", "§3.1");
        let won = roll_off.read(cursor, |r| {
            format!(
                "Initiative: {} rolls {die}{}{}",
                names[r.who],
                r.again(),
                r.to_beat()
            )
        })?;
        let winner = won.winner;
        let first = cursor.choose(ChoiceRequest {
            label: format!("{} wins the initiative: who goes first?", names[winner]),
            rule: "§3.1".into(),
            options: names.iter().map(|n| format!("{n} goes first")).collect(),
            assumed: winner,
        })?;
        let first = first.min(1);
        let turn = ctx.state.turn;
        let mut events = won.tie_facts("Initiative", None);
        events.extend([
            Event::fact(
                FactKind::Turn,
                None,
                format!(
                    "Turn {turn}: {} wins the initiative; {} goes first",
                    names[winner], names[first]
                ),
            ),
            Event::Clock {
                turn,
                phase: PHASE_ACTIVATION,
                side: first,
            },
        ]);
        Ok(done(format!("{} wins", names[winner]), events))
    }

    fn count(&self, ctx: &Context) -> Step {
        let side = ctx.state.side;
        let k = self.seen as i32;
        done(
            format!("{k} activations"),
            vec![
                side_track(side, ACTIVATIONS, k),
                side_track(side, ACTIVATIONS_USED, 0),
                side_flag(side, COUNTED, true),
                Event::fact(
                    FactKind::Command,
                    None,
                    format!(
                        "The {} commander can see {k} units in command range: {k} activations \
                         (§3.2)",
                        ctx.roster.side_name(side)
                    ),
                ),
            ],
        )
    }

    fn activate(&self, ctx: &Context) -> Step {
        let unit = self.call.actors[0];
        let mut events = common::activation_events(ctx, unit, true, false);
        events.push(Event::fact(
            FactKind::Movement,
            Some(unit),
            format!("{} is activated (§3.3)", ctx.roster.name(unit)),
        ));
        done("activated", events)
    }

    fn end_turn(&self, ctx: &Context) -> Step {
        let side = ctx.state.side;
        let turn = ctx.state.turn;
        let mut events = Vec::new();
        let by_choice = self.tables.switches.give_ground_when_not_activated;
        for unit in units_of(ctx, side) {
            let s = ctx.status(unit);
            if melee_partner(ctx, unit).is_some() && !s.flag(ACTIVATED) && !s.flag(GAVE_GROUND) {
                let name = ctx.roster.name(unit);
                let text = if activations_spent(ctx, unit) {
                    format!(
                        "Reminder: {name} is in melee and its commander could not activate it: \
                         it must give ground (§6.7)"
                    )
                } else if by_choice {
                    format!(
                        "Reminder: {name} is in melee and was not activated: it must give ground \
                         (switch give_ground_when_not_activated, §6.7, §9.1)"
                    )
                } else {
                    format!(
                        "{name} stays in melee without fighting: it was not activated, though an \
                         activation was left; it gives ground only if beyond its commander's \
                         sight or range (§6.6, §6.7)"
                    )
                };
                events.push(Event::fact(FactKind::Note, Some(unit), text));
            }
            for key in [ACTIVATED, ACTED, GAVE_GROUND] {
                if s.flag(key) {
                    events.push(set_flag(unit, key, false));
                }
            }
            let fired = s.track(LAST_FIRED) == turn as i32;
            if s.flag(FIRED_LAST_TURN) != fired {
                events.push(set_flag(unit, FIRED_LAST_TURN, fired));
            }
        }
        if let Some(c) = commander(ctx, side)
            && ctx.status(c).flag(REMOVED_OWN_MOVE)
        {
            events.push(set_flag(c, REMOVED_OWN_MOVE, false));
        }
        events.extend([
            side_track(side, ACTIVATIONS, 0),
            side_track(side, ACTIVATIONS_USED, 0),
            side_flag(side, COUNTED, false),
        ]);
        events.extend(self.resolve(ctx, side));
        if ctx.state.sides[side].flag(RETIRED)
            || events.iter().any(|e| matches!(e, Event::Ended { .. }))
        {
            return done("army retires", events);
        }
        let next = other_side(ctx, side);
        if ctx.state.sides[next].flag(PLAYED) {
            events.push(side_flag(next, PLAYED, false));
            events.push(Event::fact(
                FactKind::Turn,
                None,
                format!("Turn {} begins: roll for initiative", turn + 1),
            ));
            events.push(Event::Clock {
                turn: turn + 1,
                phase: PHASE_INITIATIVE,
                side: 0,
            });
        } else {
            events.push(side_flag(side, PLAYED, true));
            events.push(Event::fact(
                FactKind::Turn,
                None,
                format!("The {} turn", ctx.roster.side_name(next)),
            ));
            events.push(Event::Clock {
                turn,
                phase: PHASE_ACTIVATION,
                side: next,
            });
        }
        done("turn ended", events)
    }

    /// Army resolve for one side: a fact when it holds, the retirement when it fails.
    fn resolve(&self, ctx: &Context, side: usize) -> Vec<Event> {
        let hits = ctx.state.sides[side].track(COMMANDER_HITS);
        let left = available(ctx, side).len() as i32;
        let failed = resolve_events(ctx, side, hits, left);
        if !failed.is_empty() {
            return failed;
        }
        vec![Event::fact(
            FactKind::Morale,
            None,
            format!(
                "Army resolve holds: {} commander hits {hits}, {left} units on the table \
                 (§8.3)",
                ctx.roster.side_name(side)
            ),
        )]
    }
}

impl Script for TurnStep {
    fn title(&self) -> String {
        match self.call.id.as_str() {
            P_INITIATIVE => "Initiative roll-off",
            P_COUNT => "Count activations",
            P_END_TURN => "End of activations",
            P_ACTIVATE => "Activate a unit",
            _ => "Army resolve",
        }
        .into()
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        match self.call.id.as_str() {
            P_INITIATIVE => finish(self.initiative(ctx, cursor)),
            P_COUNT => self.count(ctx),
            P_END_TURN => self.end_turn(ctx),
            P_ACTIVATE => self.activate(ctx),
            _ => {
                let events = (0..ctx.roster.armies.len())
                    .flat_map(|s| self.resolve(ctx, s))
                    .collect::<Vec<_>>();
                let failed = events.iter().any(|e| matches!(e, Event::Ended { .. }));
                done(if failed { "army retires" } else { "holds" }, events)
            }
        }
    }
}
