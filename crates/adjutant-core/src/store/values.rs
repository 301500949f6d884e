//! The values a log's events set, checked as a battle file loads: the clock moves on as the
//! rule system's sequence of play allows (asked of the system, [`RuleSystem::clock_follows`]),
//! within its phases and from turn 1; and each status item a piece or side is given lies within
//! what its schema declares (a ladder's rungs, a track's lowest value); and a roll from the tray
//! records the very dice it asked for. A one-digit edit — `Clock(turn: 99`, a phase of 2^64−1,
//! a rung past the last, `Roll(Dice(count: 3` over a roll of two dice — is refused with what is
//! wrong, instead of changing the battle without a word.

use crate::battle::state::{BattleState, Context, Roster};
use crate::battle::{Action, Entry};
use crate::dice::Dice;
use crate::event::Event;
use crate::rules::RuleSystem;
use crate::status::{Change, StatusSchema};

/// A problem with one field of an event: the field's name and what is wrong.
pub(crate) type Wrong = (&'static str, String);

/// Checks a clock event against the clock as it stands in `state`.
pub(crate) fn clock(
    rules: &dyn RuleSystem,
    roster: &Roster,
    state: &BattleState,
    to: (u32, usize, usize),
) -> Result<(), Wrong> {
    let (turn, phase, _) = to;
    let phases = rules.phases().len();
    if turn == 0 {
        return Err(("turn", "turns count from 1, not 0".into()));
    }
    if phase >= phases {
        return Err((
            "phase",
            format!("there is no phase {phase}: {} has {phases}", rules.name()),
        ));
    }
    let ctx = Context { roster, state };
    if !rules.clock_follows(&ctx, to) {
        let from = (state.turn, state.phase, state.side);
        let field = match () {
            _ if turn != from.0 => "turn",
            _ if phase != from.1 => "phase",
            _ => "side",
        };
        return Err((
            field,
            format!(
                "the clock goes from {} to {}, which the sequence of play of {} never does",
                words(rules, from),
                words(rules, to),
                rules.name()
            ),
        ));
    }
    Ok(())
}

/// A clock in words: "turn 3, Fire phase, side 2".
fn words(rules: &dyn RuleSystem, (turn, phase, side): (u32, usize, usize)) -> String {
    let name = rules
        .phases()
        .get(phase)
        .map_or_else(|| format!("phase {phase}"), |p| format!("{} phase", p.name));
    format!("turn {turn}, {name}, side {}", side + 1)
}

/// Checks a change to a status against its schema. Items the schema does not declare (a
/// system's own bookkeeping) are not checked.
pub(crate) fn change(schema: &StatusSchema, change: &Change) -> Result<(), Wrong> {
    match change {
        // Play may carry a count past the end its schema draws (a side's moves in a turn),
        // never below where it starts.
        Change::Track { key, to } => match schema.tracks.iter().find(|t| t.key == key) {
            Some(t) if *to < t.min => Err((
                "to",
                format!(
                    "{} never goes below {}, so it cannot be {to}",
                    t.label, t.min
                ),
            )),
            _ => Ok(()),
        },
        Change::Ladder { key, to } => match schema.ladders.iter().find(|l| l.key == key) {
            Some(l) if usize::from(*to) >= l.rungs.len() => Err((
                "to",
                format!(
                    "{} has {} rungs, so there is no rung {to}",
                    l.label,
                    l.rungs.len()
                ),
            )),
            _ => Ok(()),
        },
        // A mark's choices are what the window offers; procedures may set others.
        Change::Flag { .. } | Change::Mark { .. } => Ok(()),
    }
}

/// A finished roll from the tray records one roll of each group of dice it asked for, in order.
pub(crate) fn tray(entry: &Entry) -> Result<(), Wrong> {
    let asked: &[Dice] = match &entry.action {
        Action::Roll(dice) => std::slice::from_ref(dice),
        Action::RollMixed(groups) => groups,
        _ => return Ok(()),
    };
    let rolled: Vec<&Dice> = entry
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { rolled, .. } => Some(&rolled.dice),
            _ => None,
        })
        .collect();
    let shown = |all: &[&Dice]| {
        let all: Vec<String> = all.iter().map(ToString::to_string).collect();
        all.join(" + ")
    };
    match rolled.iter().copied().eq(asked) {
        true => Ok(()),
        false => Err((
            "action",
            format!(
                "it asks for {} but records a roll of {}",
                shown(&asked.iter().collect::<Vec<_>>()),
                match rolled.is_empty() {
                    true => "no dice".to_string(),
                    false => shown(&rolled),
                }
            ),
        )),
    }
}
