//! Checks a battle file before the battle is rebuilt from it: every event must make sense for
//! the armies in the file. A piece or side that does not exist, a face a die cannot show, a
//! card that is not in a deck or is not the one on top when it was drawn, a set-up in the
//! middle of the log, a clock that jumps or a status value out of its range ([`super::values`]):
//! each makes the file corrupt, with a message saying where (the entry, the event and the
//! field, placed at its line and column by [`super::place`]) — never a panic later in the
//! fold, a rule system or the window.

use std::collections::BTreeSet;

use super::battle_file::BattleFile;
use super::place::{List, Place};
use super::values::{self, Wrong};
use crate::battle::state::{BattleState, Roster};
use crate::battle::{Action, Entry};
use crate::cards::{Card, Rank};
use crate::dice::{Dice, Rolled};
use crate::event::{Event, PieceId};
use crate::procedure::Input;
use crate::rules::{System, Systems};
use crate::status::StatusSchema;
use crate::words::quoted;

/// The largest modifier a file may hold, so totals can never overflow.
const MAX_MODIFIER: i32 = 1_000_000;
/// The most modifiers one roll may carry.
const MAX_MODIFIERS: usize = 1_000;

/// What is wrong with a file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) place: Place,
    pub(crate) message: String,
}

/// A problem inside one entry: the event it is in (if any), the field, what is wrong.
type InEntry = (Option<usize>, &'static str, String);

/// Checks the whole file under its rule system among `systems`; the error says what is wrong
/// and where.
pub(crate) fn check(file: &BattleFile, systems: &Systems) -> Result<(), Found> {
    let top = |field, message| Found {
        place: Place::top(field),
        message,
    };
    let Some(rules) = systems.by_id(&file.system) else {
        return Err(top(
            "system",
            format!("unknown rule system '{}'", file.system),
        ));
    };
    let pieces: usize = file
        .armies
        .iter()
        .map(|a| a.leaders.len() + a.units.len())
        .sum();
    if pieces > usize::from(u16::MAX) + 1 {
        return Err(top(
            "armies",
            format!("{pieces} pieces are more than a battle can hold"),
        ));
    }
    let roster = Roster::new(file.armies.clone());
    let checker = Checker {
        pieces,
        sides: file.armies.len(),
        schemas: roster
            .ids()
            .map(|id| rules.piece_schema(&roster, id))
            .collect(),
        side_schema: rules.side_schema(),
        rules: rules.clone(),
        roster,
    };
    match file.log.first() {
        Some(Entry {
            action: Action::Setup,
            ..
        }) => {}
        _ => {
            return Err(top(
                "log",
                "the log does not start with the battle's set-up".into(),
            ));
        }
    }
    let found = |list, entry, title: &str, what: String, (event, field, m): InEntry| Found {
        place: Place {
            list,
            entry,
            event,
            field: Some(field),
        },
        message: format!(
            "{what} {}: {}{m}",
            quoted(title),
            event.map_or(String::new(), |k| format!("event {}: ", k + 1))
        ),
    };
    // Fold as the battle will, to know the deck's top card at every draw and the clock.
    let mut state = BattleState::new(&checker.roster);
    for (i, entry) in file.log.iter().enumerate() {
        let at = |wrong| found(List::Log, i, &entry.title, format!("log entry {i}"), wrong);
        if i > 0 && entry.action == Action::Setup {
            return Err(at((None, "action", "a second set-up".into())));
        }
        checker.entry(entry, &mut state).map_err(at)?;
    }
    let mut redo_state = state.clone();
    for (i, entry) in file.redo.iter().enumerate().rev() {
        let what = format!("undone entry {}", file.redo.len() - i);
        let at = |wrong| found(List::Redo, i, &entry.title, what.clone(), wrong);
        if entry.action == Action::Setup {
            return Err(at((None, "action", "a set-up cannot be redone".into())));
        }
        checker.entry(entry, &mut redo_state).map_err(at)?;
    }
    if let Some(p) = &file.pending {
        let what = "the procedure under way".to_string();
        let at = |wrong| found(List::Pending, 0, &p.title, what.clone(), wrong);
        if matches!(
            p.action,
            Action::Setup | Action::Reshuffle | Action::Adjust { .. }
        ) {
            return Err(at((
                None,
                "action",
                "this action is never left under way".into(),
            )));
        }
        checker
            .action(&p.action)
            .map_err(|m| (None, "action", m))
            .and_then(|()| checker.events(&p.events, &mut state))
            .and_then(|()| {
                p.inputs
                    .iter()
                    .try_for_each(|input| checker.input(input))
                    .map_err(|m| (None, "inputs", m))
            })
            .map_err(at)?;
    }
    Ok(())
}

/// What the events are checked against.
struct Checker {
    pieces: usize,
    sides: usize,
    rules: System,
    roster: Roster,
    /// Each piece's status schema, and the sides'.
    schemas: Vec<StatusSchema>,
    side_schema: StatusSchema,
}

impl Checker {
    fn entry(&self, entry: &Entry, state: &mut BattleState) -> Result<(), InEntry> {
        self.action(&entry.action)
            .map_err(|m| (None, "action", m))?;
        self.events(&entry.events, state)?;
        values::tray(entry).map_err(|(field, m)| (None, field, m))
    }

    fn action(&self, action: &Action) -> Result<(), String> {
        match action {
            Action::Roll(dice) => self.dice(dice),
            Action::RollMixed(groups) if groups.is_empty() => Err("a roll of no dice".into()),
            Action::RollMixed(groups) => groups.iter().try_for_each(|d| self.dice(d)),
            Action::Procedure(call) => call
                .actors
                .iter()
                .chain(&call.targets)
                .try_for_each(|&p| self.piece(p)),
            Action::Adjust { subject, .. } => match *subject {
                crate::battle::adjust::Subject::Piece(p) => self.piece(p),
                crate::battle::adjust::Subject::Side(s) if s < self.sides => Ok(()),
                crate::battle::adjust::Subject::Side(s) => Err(format!("no side {}", s + 1)),
            },
            Action::Setup | Action::Draw | Action::Reshuffle => Ok(()),
        }
    }

    /// Checks each event, then applies it, as the fold will.
    fn events(&self, events: &[Event], state: &mut BattleState) -> Result<(), InEntry> {
        for (k, event) in events.iter().enumerate() {
            self.event(event, state)
                .map_err(|(field, m)| (Some(k), field, m))?;
            state.apply(event);
        }
        Ok(())
    }

    fn event(&self, event: &Event, state: &BattleState) -> Result<(), Wrong> {
        let on = |field: &'static str| move |m: String| (field, m);
        match event {
            Event::Rolled { rolled, by, .. } => {
                by.map_or(Ok(()), |side| self.side(side))
                    .map_err(on("by"))?;
                self.rolled(rolled).map_err(on("faces"))
            }
            Event::Drew {
                card, typed: true, ..
            } => {
                card_ok(*card).map_err(on("card"))?;
                let mut deck = state.deck.clone();
                deck.take(*card)
                    .map_err(|why| format!("it records entering {card}, but {why}"))
                    .map_err(on("card"))
            }
            Event::Drew { card, .. } => {
                card_ok(*card).map_err(on("card"))?;
                match state.deck.top() {
                    Some(top) if top == *card => Ok(()),
                    Some(top) => Err(format!(
                        "it records drawing {card}, but the card on top of the deck was {top}"
                    )),
                    None => Err(format!("it records drawing {card} from an empty deck")),
                }
                .map_err(on("card"))
            }
            Event::Shuffled { order } => {
                let mut seen = BTreeSet::new();
                for &card in order {
                    card_ok(card).map_err(on("order"))?;
                    if !seen.insert(card) {
                        return Err(("order", format!("the shuffled deck holds {card} twice")));
                    }
                }
                Ok(())
            }
            Event::Fact { piece, .. } => {
                piece.map_or(Ok(()), |p| self.piece(p)).map_err(on("piece"))
            }
            Event::Piece { piece, change } => {
                self.piece(*piece).map_err(on("piece"))?;
                values::change(&self.schemas[usize::from(piece.0)], change)
            }
            Event::Side { side, change } => {
                self.side(*side).map_err(on("side"))?;
                values::change(&self.side_schema, change)
            }
            Event::Clock { turn, phase, side } => {
                // Side 0 is where every clock starts, even in a battle without armies.
                if *side != 0 {
                    self.side(*side).map_err(on("side"))?;
                }
                values::clock(&*self.rules, &self.roster, state, (*turn, *phase, *side))
            }
            Event::Ended { .. } => Ok(()),
        }
    }

    fn input(&self, input: &Input) -> Result<(), String> {
        match input {
            Input::Dice(rolled) => self.rolled(rolled),
            Input::Card(card) => card_ok(*card),
            Input::Choice(_) => Ok(()),
        }
    }

    fn piece(&self, piece: PieceId) -> Result<(), String> {
        if usize::from(piece.0) < self.pieces {
            Ok(())
        } else {
            Err(format!(
                "piece {} does not exist (this battle has {} pieces)",
                piece.0, self.pieces
            ))
        }
    }

    fn side(&self, side: usize) -> Result<(), String> {
        if side < self.sides {
            Ok(())
        } else {
            Err(format!(
                "side {side} does not exist (this battle has {} sides)",
                self.sides
            ))
        }
    }

    fn dice(&self, dice: &Dice) -> Result<(), String> {
        if u128::from(dice.die.sides())
            .checked_pow(u32::from(dice.count))
            .is_none()
        {
            return Err(format!(
                "{} {} are more dice than Adjutant can work odds for",
                dice.count, dice.die
            ));
        }
        if dice.modifiers.len() > MAX_MODIFIERS
            || dice
                .modifiers
                .iter()
                .any(|m| !(-MAX_MODIFIER..=MAX_MODIFIER).contains(&m.value))
        {
            return Err(format!("the modifiers of {dice} are out of all reason"));
        }
        Ok(())
    }

    fn rolled(&self, rolled: &Rolled) -> Result<(), String> {
        self.dice(&rolled.dice)?;
        let die = rolled.dice.die;
        if rolled.faces.len() != usize::from(rolled.dice.count) {
            return Err(format!(
                "{} was rolled but {} faces are recorded",
                rolled.dice,
                rolled.faces.len()
            ));
        }
        match rolled.faces.iter().find(|&&f| !die.can_show(f)) {
            Some(face) => Err(format!(
                "a {die} shows {face}, but its faces are {}–{}",
                die.min(),
                die.max()
            )),
            None => Ok(()),
        }
    }
}

/// A card a deck can hold: a rank from ace to king, or one of the two jokers.
fn card_ok(card: Card) -> Result<(), String> {
    let ok = match card {
        Card::Suited(rank, _) => Rank::new(rank.value()).is_some(),
        Card::Joker(n) => (1..=2).contains(&n),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{card:?} is not a playing card"))
    }
}
