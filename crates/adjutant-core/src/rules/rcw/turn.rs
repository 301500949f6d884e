//! The turn (§4.1, §4.2, §9): a D6 roll-off for the first player (ties roll
//! again), the end of a player turn — which clears every unit's per-player-turn counters
//! (hits, the elite's ignored hit, activation and actions), checks the 50% rule and passes
//! play to the other side — and a victory check that also takes scenario objectives.

use crate::rules::kit::{Body, Cursor, Need, done};
use std::sync::Arc;

use super::keys::*;
use super::params;
use super::tables::RcwTables;
use super::unit::view;
use crate::battle::state::Context;
use crate::dice::Die;
use crate::event::{Event, FactKind};
use crate::procedure::{ParamSpec, Step};
use crate::rules::kit::Script;
use crate::rules::kit::events::{flag, mark, piece_change, track};
use crate::rules::kit::roll_off::RollOff;
use crate::status::Change;

/// The side names, in roster order.
pub(crate) fn sides(ctx: &Context) -> Vec<String> {
    ctx.roster.armies.iter().map(|a| a.side.clone()).collect()
}

/// The side that won the roll-off, if it has been rolled.
pub(crate) fn first_player(ctx: &Context) -> Option<usize> {
    ctx.state.sides.iter().position(|s| s.mark(FIRST).is_some())
}

/// Each side's (destroyed, total) combat units (§9.1: not HQ/FAO or wagons).
pub(crate) fn losses(ctx: &Context, tables: &RcwTables) -> Vec<(i32, i32)> {
    let mut out = vec![(0, 0); ctx.roster.armies.len()];
    for id in ctx.roster.ids() {
        if let Some(u) = view(ctx, tables, id).filter(|u| u.profile.combat) {
            out[u.side].1 += 1;
            out[u.side].0 += i32::from(u.destroyed());
        }
    }
    out
}

/// The sides that have lost by the 50% rule.
pub(crate) fn beaten(ctx: &Context, tables: &RcwTables) -> Vec<usize> {
    losses(ctx, tables)
        .iter()
        .enumerate()
        .filter(|(_, (lost, total))| {
            *total > 0 && lost * 100 >= total * tables.losing_share_percent
        })
        .map(|(side, _)| side)
        .collect()
}

/// The result in words when sides have lost, or `None`.
fn verdict(names: &[String], beaten: &[usize]) -> Option<String> {
    match beaten {
        [] => None,
        [loser] => {
            let winners: Vec<&str> = (0..names.len())
                .filter(|s| s != loser)
                .map(|s| names[s].as_str())
                .collect();
            Some(format!(
                "{} win: {} have lost half their combat units",
                winners.join(" and "),
                names[*loser]
            ))
        }
        _ => Some("A draw: both sides have lost half their combat units".into()),
    }
}

/// The roll-off for the first player.
#[derive(Debug, Clone)]
pub(crate) struct FirstPlayer;

impl Script for FirstPlayer {
    fn title(&self) -> String {
        "Roll off for the first player".into()
    }

    fn notes(&self) -> Vec<String> {
        vec!["Each side rolls 1D6; the higher goes first, ties roll again (§4.1)".into()]
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        roll_off(ctx, cursor)
    }
}

/// The roll-off, its dice read from `cursor`, to the next request or the winner.
fn roll_off(ctx: &Context, cursor: &mut Cursor) -> Step {
    let quiet = cursor.quiet();
    let names = sides(ctx);
    let name = |s: usize| names.get(s).map_or("?", String::as_str);
    let rule = if quiet { "" } else { "§4.1" };
    let roll_off = RollOff::new(Die::D6, [name(0), name(1)], "go first", rule);
    let read = roll_off.read(cursor, |r| match quiet {
        true => String::new(),
        false => format!("Roll-off {}: {}", r.number(), name(r.who)),
    });
    let winner = match read {
        Ok(won) => won.winner,
        Err(step) => return step,
    };
    let summary = format!("{} go first", name(winner));
    if quiet {
        return done(summary, Vec::new());
    }
    done(
        summary,
        vec![
            Event::Side {
                side: winner,
                change: Change::Mark {
                    key: FIRST.into(),
                    to: Some("First player".into()),
                },
            },
            Event::Clock {
                turn: 1,
                phase: 0,
                side: winner,
            },
            Event::fact(
                FactKind::Turn,
                None,
                format!(
                    "{} win the roll-off and take the first player turn",
                    name(winner)
                ),
            ),
        ],
    )
}

/// The end of a player turn.
#[derive(Debug, Clone)]
pub(crate) struct EndTurn {
    pub(crate) tables: Arc<RcwTables>,
}

/// Every unit's per-player-turn counters back to fresh (§4.2, §5.2, §5.3).
pub(crate) fn resets(ctx: &Context, tables: &RcwTables) -> Vec<Event> {
    let mut events = Vec::new();
    for id in ctx.roster.ids() {
        let Some(u) = view(ctx, tables, id) else {
            continue;
        };
        let s = u.status;
        for key in [HITS, ACTIONS] {
            if s.track(key) != 0 {
                events.push(piece_change(id, track(key, 0)));
            }
        }
        for key in [ELITE_USED, ACTIVATED, NO_MOVE] {
            if s.flag(key) {
                events.push(piece_change(id, flag(key, false)));
            }
        }
        for key in [ORDERS, DONE] {
            if s.mark(key).is_some() {
                events.push(piece_change(id, mark(key, None)));
            }
        }
    }
    events
}

impl Body for EndTurn {
    fn title(&self) -> String {
        "End the player turn".into()
    }

    fn notes(&self) -> Vec<String> {
        vec![
            "Hits, elite ignored hits, activations and actions reset for the next player turn \
             (§4.2, §5.3)"
                .into(),
            "A side with half its combat units destroyed loses (§9.1)".into(),
        ]
    }

    fn body(&self, ctx: &Context, _cursor: &mut Cursor) -> Need<Step> {
        Ok(self.resolve(ctx))
    }
}

impl EndTurn {
    /// The procedure's result: it reads no inputs.
    fn resolve(&self, ctx: &Context) -> Step {
        let names = sides(ctx);
        let side = ctx.state.side;
        let next = (side + 1) % names.len().max(1);
        let first = first_player(ctx).unwrap_or(0);
        let turn = ctx.state.turn + u32::from(next == first);
        let mut events = Vec::new();
        let over = verdict(&names, &beaten(ctx, &self.tables));
        events.extend(resets(ctx, &self.tables));
        let name = |s: usize| names.get(s).map_or("?", String::as_str);
        events.push(Event::fact(
            FactKind::Turn,
            None,
            format!("{}' player turn ends", name(side)),
        ));
        let summary = match over {
            Some(result) => {
                events.push(Event::fact(FactKind::Victory, None, result.clone()));
                events.push(Event::Ended {
                    result: result.clone(),
                });
                result
            }
            None => {
                events.push(Event::Clock {
                    turn,
                    phase: 0,
                    side: next,
                });
                events.push(Event::fact(
                    FactKind::Turn,
                    None,
                    format!("Turn {turn}: {}' player turn", name(next)),
                ));
                format!("{}' player turn", name(next))
            }
        };
        done(summary, events)
    }
}

/// A victory check: scenario objectives, else the 50% rule (§9.1).
#[derive(Debug, Clone)]
pub(crate) struct Victory {
    pub(crate) tables: Arc<RcwTables>,
    /// The side winning on objectives, if the players say so.
    pub(crate) objectives: Option<usize>,
}

/// The question a victory check asks.
pub(crate) fn victory_params(ctx: &Context) -> Vec<ParamSpec> {
    vec![params::objectives(&sides(ctx))]
}

impl Body for Victory {
    fn title(&self) -> String {
        "Victory check".into()
    }

    fn body(&self, ctx: &Context, _cursor: &mut Cursor) -> Need<Step> {
        Ok(self.resolve(ctx))
    }
}

impl Victory {
    /// The procedure's result: it reads no inputs.
    fn resolve(&self, ctx: &Context) -> Step {
        let names = sides(ctx);
        let result = match self.objectives {
            Some(s) if s < names.len() => {
                Some(format!("{} win on the scenario objectives", names[s]))
            }
            _ => verdict(&names, &beaten(ctx, &self.tables)),
        };
        let losses = losses(ctx, &self.tables);
        let standing: Vec<String> = names
            .iter()
            .zip(&losses)
            .map(|(n, (lost, total))| format!("{n} {lost}/{total} destroyed"))
            .collect();
        let mut events = vec![Event::fact(
            FactKind::Victory,
            None,
            format!("Victory check: {}", standing.join(", ")),
        )];
        let summary = match result {
            Some(r) => {
                events.push(Event::fact(FactKind::Victory, None, r.clone()));
                events.push(Event::Ended { result: r.clone() });
                r
            }
            None => "the battle goes on".into(),
        };
        done(summary, events)
    }
}
