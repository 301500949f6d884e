//! Checks a battle file before the battle is rebuilt from it: every event must make sense for
//! the armies in the file. A piece or side that does not exist, a face a die cannot show, a
//! card that is not in a deck or is not the one on top when it was drawn, a set-up in the
//! middle of the log: each makes the file corrupt, with a message saying where — never a
//! panic later in the fold, a rule system or the window.

use std::collections::BTreeSet;

use super::battle_file::BattleFile;
use crate::battle::state::{BattleState, Roster};
use crate::battle::{Action, Entry};
use crate::cards::{Card, Rank};
use crate::dice::{Dice, Rolled};
use crate::event::{Event, PieceId};
use crate::procedure::Input;
use crate::rules;
use crate::words::quoted;

/// The largest modifier a file may hold, so totals can never overflow.
const MAX_MODIFIER: i32 = 1_000_000;
/// The most modifiers one roll may carry.
const MAX_MODIFIERS: usize = 1_000;

/// Checks the whole file; the error says what is wrong and where.
pub(crate) fn check(file: &BattleFile) -> Result<(), String> {
    if rules::by_id(&file.system).is_none() {
        return Err(format!("unknown rule system '{}'", file.system));
    }
    let pieces: usize = file
        .armies
        .iter()
        .map(|a| a.leaders.len() + a.units.len())
        .sum();
    if pieces > usize::from(u16::MAX) + 1 {
        return Err(format!("{pieces} pieces are more than a battle can hold"));
    }
    let checker = Checker {
        pieces,
        sides: file.armies.len(),
    };
    match file.log.first() {
        Some(Entry {
            action: Action::Setup,
            ..
        }) => {}
        _ => return Err("the log does not start with the battle's set-up".into()),
    }
    // Fold as the battle will, to know the deck's top card at every draw.
    let mut state = BattleState::new(&Roster::new(file.armies.clone()));
    for (i, entry) in file.log.iter().enumerate() {
        let at = || format!("log entry {i} {}", quoted(&entry.title));
        if i > 0 && entry.action == Action::Setup {
            return Err(format!("{}: a second set-up", at()));
        }
        checker
            .entry(entry, &mut state)
            .map_err(|m| format!("{}: {m}", at()))?;
    }
    let mut redo_state = state.clone();
    for (i, entry) in file.redo.iter().rev().enumerate() {
        let at = || format!("undone entry {} {}", i + 1, quoted(&entry.title));
        if entry.action == Action::Setup {
            return Err(format!("{}: a set-up cannot be redone", at()));
        }
        checker
            .entry(entry, &mut redo_state)
            .map_err(|m| format!("{}: {m}", at()))?;
    }
    if let Some(p) = &file.pending {
        let at = || format!("the procedure under way {}", quoted(&p.title));
        if matches!(
            p.action,
            Action::Setup | Action::Reshuffle | Action::Adjust { .. }
        ) {
            return Err(format!("{}: this action is never left under way", at()));
        }
        checker
            .action(&p.action)
            .and_then(|()| checker.events(&p.events, &mut state))
            .and_then(|()| p.inputs.iter().try_for_each(|input| checker.input(input)))
            .map_err(|m| format!("{}: {m}", at()))?;
    }
    Ok(())
}

/// What the events are checked against.
struct Checker {
    pieces: usize,
    sides: usize,
}

impl Checker {
    fn entry(&self, entry: &Entry, state: &mut BattleState) -> Result<(), String> {
        self.action(&entry.action)?;
        self.events(&entry.events, state)
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
    fn events(&self, events: &[Event], state: &mut BattleState) -> Result<(), String> {
        for (k, event) in events.iter().enumerate() {
            self.event(event, state)
                .map_err(|m| format!("event {}: {m}", k + 1))?;
            state.apply(event);
        }
        Ok(())
    }

    fn event(&self, event: &Event, state: &BattleState) -> Result<(), String> {
        match event {
            Event::Rolled { rolled, by, .. } => {
                by.map_or(Ok(()), |side| self.side(side))?;
                self.rolled(rolled)
            }
            Event::Drew { card, .. } => {
                card_ok(*card)?;
                match state.deck.top() {
                    Some(top) if top == *card => Ok(()),
                    Some(top) => Err(format!(
                        "it records drawing {card}, but the card on top of the deck was {top}"
                    )),
                    None => Err(format!("it records drawing {card} from an empty deck")),
                }
            }
            Event::Shuffled { order } => {
                let mut seen = BTreeSet::new();
                for &card in order {
                    card_ok(card)?;
                    if !seen.insert(card) {
                        return Err(format!("the shuffled deck holds {card} twice"));
                    }
                }
                Ok(())
            }
            Event::Fact { piece, .. } => piece.map_or(Ok(()), |p| self.piece(p)),
            Event::Piece { piece, .. } => self.piece(*piece),
            Event::Side { side, .. } => self.side(*side),
            // Side 0 is where every clock starts, even in a battle without armies.
            Event::Clock { side: 0, .. } => Ok(()),
            Event::Clock { side, .. } => self.side(*side),
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
