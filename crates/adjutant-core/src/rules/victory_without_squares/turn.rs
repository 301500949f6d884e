//! The turn (§2, §10): initiative by a D10 each (ties re-rolled, §2.2), divisions
//! moved one at a time (dragoons and commanded shot in lieu of a divisional move), passing the
//! turn, and at the end of each full turn the All's Lost check with its consequences, the
//! per-turn counters cleared and unhorsed leaders back in the saddle.

use super::common::loss_events;
use super::keys::*;
use super::status::{alls_lost_count, kind, on_table};
use crate::battle::state::Context;
use crate::dice::Die;
use crate::event::{Event, FactKind};
use crate::procedure::{Call, ChoiceRequest, Offer, ParamSpec, Procedure, Refusal, Step};
use crate::rules::kit::done;
use crate::rules::kit::events::{set_flag, set_rung, set_track, side_flag, side_track};
use crate::rules::kit::fixed::Fixed;
use crate::rules::kit::offers::offer;
use crate::rules::kit::params::{answer, choice};
use crate::rules::kit::roll_off::RollOff;
use crate::rules::kit::{Body, Cursor, Need};

pub const PHASE_INITIATIVE: usize = 0;
pub const PHASE_MOVES: usize = 1;

/// The division choices, the last being an independent body's move in lieu of one.
pub(crate) const DIVISION_CHOICES: [&str; 4] =
    ["left", "centre", "right", "dragoons / commanded shot"];

fn division_param() -> ParamSpec {
    choice(DIVISION_PARAM, "Division to move", &DIVISION_CHOICES)
}

/// The side flag recording that a division has moved this turn.
pub(crate) fn moved_flag(division: &str) -> String {
    format!("moved_{division}")
}

fn phase_check(ctx: &Context, phase: usize) -> Result<(), Refusal> {
    if let Some(r) = &ctx.state.result {
        return Err(Refusal::new(format!("the battle is over: {r}"), "§10.2"));
    }
    if ctx.state.phase != phase {
        let why = if phase == PHASE_INITIATIVE {
            "initiative is rolled at the start of the turn"
        } else {
            "roll for initiative first"
        };
        return Err(Refusal::new(why, "§2.2"));
    }
    Ok(())
}

/// The battle-level offers for the current phase.
pub(crate) fn offers(ctx: &Context) -> Vec<Offer> {
    vec![
        offer(
            P_INITIATIVE,
            "Roll for initiative (D10 each)".into(),
            Vec::new(),
            phase_check(ctx, PHASE_INITIATIVE),
        ),
        offer(
            P_DIVISION,
            format!("{}: move a division", ctx.roster.side_name(ctx.state.side)),
            vec![division_param()],
            phase_check(ctx, PHASE_MOVES),
        ),
        offer(
            P_PASS,
            format!("{}: pass the turn", ctx.roster.side_name(ctx.state.side)),
            Vec::new(),
            phase_check(ctx, PHASE_MOVES),
        ),
    ]
}

/// Starts a turn procedure.
pub(crate) fn build(ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
    match call.id.as_str() {
        P_INITIATIVE => {
            phase_check(ctx, PHASE_INITIATIVE)?;
            Ok(Box::new(Initiative))
        }
        P_DIVISION => {
            phase_check(ctx, PHASE_MOVES)?;
            let d = DIVISION_CHOICES[answer(call, &division_param())];
            let side = ctx.state.side;
            if d != DIVISION_CHOICES[3] && ctx.state.sides[side].flag(&moved_flag(d)) {
                return Err(Refusal::new(
                    format!("the {d} division has moved this turn"),
                    "§2.3",
                ));
            }
            Fixed::start(format!("Move the {d} division"), division_events(ctx, d))
        }
        P_PASS => {
            phase_check(ctx, PHASE_MOVES)?;
            Fixed::start("Pass the turn", pass_events(ctx))
        }
        _ => Err(Refusal::new("no such turn procedure", "§2")),
    }
}

fn division_events(ctx: &Context, d: &str) -> Vec<Event> {
    let side = ctx.state.side;
    let independent = |k: &str| k == DRAGOONS || k == COMMANDED_SHOT;
    let units: Vec<String> = on_table(ctx, side)
        .into_iter()
        .filter(|&u| {
            let k = kind(ctx, u);
            if d == DIVISION_CHOICES[3] {
                independent(k)
            } else {
                !independent(k) && ctx.roster.unit(u).and_then(|x| x.group.as_deref()) == Some(d)
            }
        })
        .map(|u| ctx.roster.name(u).to_string())
        .collect();
    let moved = ctx.state.sides[side].track(DIVISIONS_MOVED);
    let mut events = vec![side_track(side, DIVISIONS_MOVED, moved + 1)];
    if d != DIVISION_CHOICES[3] {
        events.push(side_flag(side, &moved_flag(d), true));
    }
    let which = if d == DIVISION_CHOICES[3] {
        "one dragoon or commanded-shot body moves in lieu of a division".to_string()
    } else {
        format!("the {d} division moves")
    };
    events.push(Event::fact(
        FactKind::Movement,
        None,
        format!(
            "{}: {which}, one body at a time from a flank, each resolving its combat: {}",
            ctx.roster.side_name(side),
            units.join(", ")
        ),
    ));
    if ctx.state.sides[side].flag(BEATEN) {
        events.push(Event::fact(
            FactKind::Note,
            None,
            "All's Lost: this army may not advance (§10.2)",
        ));
    }
    events
}

fn pass_events(ctx: &Context) -> Vec<Event> {
    let side = ctx.state.side;
    let other = (side + 1) % ctx.roster.armies.len().max(1);
    let mut events = vec![
        side_flag(side, PASSED, true),
        Event::fact(
            FactKind::Turn,
            None,
            format!("{} passes", ctx.roster.side_name(side)),
        ),
    ];
    if !ctx.state.sides[other].flag(PASSED) {
        events.push(Event::Clock {
            turn: ctx.state.turn,
            phase: PHASE_MOVES,
            side: other,
        });
        return events;
    }
    events.extend(end_of_turn(ctx));
    events
}

/// The end of a full turn: All's Lost for each side, counters cleared, leaders remounted.
pub fn end_of_turn(ctx: &Context) -> Vec<Event> {
    let mut events = Vec::new();
    for side in 0..ctx.roster.armies.len() {
        events.extend(alls_lost_events(ctx, side));
        events.push(side_flag(side, PASSED, false));
        events.push(side_track(side, DIVISIONS_MOVED, 0));
        for d in DIVISIONS {
            events.push(side_flag(side, &moved_flag(d), false));
        }
    }
    for p in ctx.roster.ids() {
        let s = ctx.status(p);
        if ctx.roster.unit(p).is_some() {
            for key in [FIRED, MOVED, CHANGED, REFORMED, UNLIMBERING] {
                if s.flag(key) {
                    events.push(set_flag(p, key, false));
                }
            }
            for key in [SHOTS, ROUNDS] {
                if s.track(key) != 0 {
                    events.push(set_track(p, key, 0));
                }
            }
        } else if s.rung(LEADER) == UNHORSED && s.track(UNHORSED_TURN) < ctx.state.turn as i32 {
            events.push(set_rung(p, LEADER, ACTIVE));
            events.push(Event::fact(
                FactKind::Command,
                Some(p),
                format!("{} is back in the saddle", ctx.roster.name(p)),
            ));
        }
    }
    events.push(Event::fact(
        FactKind::Turn,
        None,
        format!("Turn {} ends", ctx.state.turn),
    ));
    events.push(Event::Clock {
        turn: ctx.state.turn + 1,
        phase: PHASE_INITIATIVE,
        side: 0,
    });
    events
}

/// All's Lost for one side at the end of a turn (§10).
pub fn alls_lost_events(ctx: &Context, side: usize) -> Vec<Event> {
    let (bad, good) = alls_lost_count(ctx, side);
    let name = ctx.roster.side_name(side);
    if bad <= good || ctx.state.sides[side].flag(BEATEN) {
        return Vec::new();
    }
    let mut events = vec![
        side_flag(side, BEATEN, true),
        Event::fact(
            FactKind::Victory,
            None,
            format!(
                "All's Lost! {name}: {bad} broken or disordered bodies against {good} others; \
                 beaten, may not advance"
            ),
        ),
    ];
    for u in on_table(ctx, side) {
        let k = kind(ctx, u);
        let rung = ctx.status(u).rung(FORMATION);
        if rung < BROKEN
            && (k == DRAGOONS || k == COMMANDED_SHOT || k == TRAIN || rung == DISORDERED)
        {
            // Broken by the ladder, so foot that break throw away their pikes (§6.3).
            let (_, ev) = loss_events(ctx, u, BROKEN - rung, "All's Lost, §10.2");
            events.extend(ev);
        }
    }
    events.push(Event::fact(
        FactKind::Eliminated,
        None,
        format!(
            "{name}: foot next to formed enemy and 12\" or more from unbroken friends \
             surrender — remove them from play (§10.2, §8.6)"
        ),
    ));
    events
}

/// Initiative: a D10 each, highest decides who moves first; a tie is rolled again within the
/// same roll-off (§2.2).
pub(crate) struct Initiative;

impl Body for Initiative {
    fn title(&self) -> String {
        "Initiative: D10 each".into()
    }

    fn body(&self, ctx: &Context, cur: &mut Cursor) -> Need<Step> {
        let names = [ctx.roster.side_name(0), ctx.roster.side_name(1)];
        let roll_off = RollOff::new(Die::D10, [&names[0], &names[1]], "wins", "§2.2");
        let won = roll_off.read(cur, |r| {
            format!(
                "{}: initiative D10{}{}",
                names[r.who],
                r.again(),
                r.to_beat()
            )
        })?;
        let winner = won.winner;
        let mut events = won.tie_facts("Initiative", Some("§2.2"));
        let c = cur.choose(ChoiceRequest {
            label: format!("{} won the initiative: who moves first?", names[winner]),
            rule: "§2.2".into(),
            options: vec![
                format!("{} moves first", names[winner]),
                format!("{} moves first", names[1 - winner]),
            ],
            assumed: 0,
        })?;
        let first = if c == 0 { winner } else { 1 - winner };
        events.push(Event::fact(
            FactKind::Turn,
            None,
            format!(
                "{} wins the initiative; {} moves first",
                names[winner], names[first]
            ),
        ));
        events.push(Event::Clock {
            turn: ctx.state.turn,
            phase: PHASE_MOVES,
            side: first,
        });
        Ok(done(format!("{} moves first", names[first]), events))
    }
}
