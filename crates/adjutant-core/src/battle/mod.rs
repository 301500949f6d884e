//! A battle: armies under one rule system, a seed, and the log of what happened.
//!
//! The log is a list of entries, one per player action, each holding its events with the dice
//! and cards inside them; the state is the fold of those events. Undo moves whole entries to
//! the redo stack; redo puts them back exactly as recorded, so it never re-rolls and never
//! deals a card early. Dice for the entry at position n come from a generator seeded with the
//! battle's seed and n, so undoing and acting again gives the same dice: undo is not a re-roll.

pub mod adjust;
pub mod state;
#[cfg(test)]
mod tests;
pub mod tray;

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::army::Army;
use crate::cards::{Card, Deck};
use crate::dice::{Dice, FaceError, Rolled};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Input, Procedure, Refusal, Step};
use crate::rules::{RuleSystem, System, Systems};
use crate::status::StatusSchema;
use state::{BattleState, Context, Roster};

/// What the player asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// The battle was set up.
    Setup,
    /// Dice from the tray.
    Roll(Dice),
    /// Dice of several kinds from the tray, as one roll ("2D6 + D3").
    RollMixed(Vec<Dice>),
    /// A card from the deck.
    Draw,
    /// The discards shuffled back into the deck.
    Reshuffle,
    /// A rule-system procedure.
    Procedure(Call),
    /// A correction made by hand to a piece's or a side's status.
    Adjust {
        subject: adjust::Subject,
        change: crate::status::Change,
    },
}

/// One player action and everything that followed from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub title: String,
    pub action: Action,
    pub events: Vec<Event>,
}

/// A procedure under way: its action, the inputs given so far and the dice/card events they made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub action: Action,
    pub title: String,
    pub inputs: Vec<Input>,
    pub events: Vec<Event>,
}

/// Why an action could not be done.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("unknown rule system '{0}'")]
    UnknownSystem(String),
    #[error("{0}")]
    Refused(#[from] Refusal),
    #[error("{0}")]
    Faces(#[from] FaceError),
    #[error("another procedure is under way: finish it first ({0})")]
    Busy(String),
    #[error("nothing is waiting for {0}")]
    NotWaiting(&'static str),
    #[error(
        "the deck is empty and does not reshuffle by itself: cancel this procedure, reshuffle the deck, then start it again"
    )]
    DeckEmpty,
    #[error("not drawn: {0}")]
    NotInDeck(#[from] crate::cards::NotInDeck),
    #[error("no choice {0} here")]
    NoSuchChoice(usize),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("{0} for this procedure; finish it, then undo it")]
    AlreadyRolled(&'static str),
    #[error("answer \"{0}\" first: the rules give it no answer of their own")]
    Unanswered(String),
    #[error("not corrected: {0}")]
    Adjust(String),
}

/// How many times what a battle file holds has changed in this session: compared by nobody
/// (two battles are equal whatever their counts), read by the window to save after a change.
#[derive(Debug, Clone, Copy, Default)]
struct Revision(u64);

impl PartialEq for Revision {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Revision {}

/// A battle in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Battle {
    pub system: String,
    /// The rule system the battle is played under, with the tables in force: battles are
    /// equal only under the same system with the same tables ([`System`]'s equality).
    rules: System,
    pub seed: u64,
    pub roster: Roster,
    log: Vec<Entry>,
    redo: Vec<Entry>,
    pending: Option<Pending>,
    state: BattleState,
    /// Each piece's status schema, worked out once: the roster and the tables in force do not
    /// change during a battle, and every view and log line reads them.
    schemas: Arc<[StatusSchema]>,
    side_schema: Arc<StatusSchema>,
    revision: Revision,
}

impl Battle {
    /// Sets a battle up: the armies seated as the rule system says, its starting events and a
    /// shuffled deck, as entry 0.
    /// The shipped system's tables are in force; see [`Battle::new_under`].
    pub fn new(system: &str, armies: Vec<Army>, seed: u64) -> Result<Battle, ActionError> {
        Battle::new_under(&Systems::shipped(), system, armies, seed)
    }

    /// Sets a battle up under the system with this id among `systems` (the tables in force).
    pub fn new_under(
        systems: &Systems,
        system: &str,
        armies: Vec<Army>,
        seed: u64,
    ) -> Result<Battle, ActionError> {
        let rules = systems
            .by_id(system)
            .cloned()
            .ok_or_else(|| ActionError::UnknownSystem(system.into()))?;
        let roster = Roster::new(rules.seat(armies));
        let mut battle = Battle::unplayed(system.to_string(), rules.clone(), seed, roster);
        let order = battle.state.deck.shuffled_order(&mut battle.rng(0));
        let mut events = vec![Event::Shuffled { order }];
        events.extend(rules.setup(&battle.roster));
        events.push(Event::fact(FactKind::Turn, None, "The battle begins"));
        battle.commit(Entry {
            title: "Battle set up".into(),
            action: Action::Setup,
            events,
        });
        Ok(battle)
    }

    /// This battle with `events` appended as one set-up entry titled "position": a position
    /// laid out by hand (scenario set-up, tests and benchmarks). Redo and anything under way
    /// are dropped.
    pub fn with_position(&self, events: Vec<Event>) -> Battle {
        let mut battle = self.clone();
        battle.redo.clear();
        battle.pending = None;
        battle.log.push(Entry {
            title: "position".into(),
            action: Action::Setup,
            events,
        });
        battle.refold();
        battle
    }

    /// Rebuilds a battle from saved parts under the system with its id among `systems`,
    /// folding the log. Fails on an unknown rule system.
    pub fn from_parts(
        systems: &Systems,
        system: String,
        seed: u64,
        armies: Vec<Army>,
        log: Vec<Entry>,
        redo: Vec<Entry>,
        pending: Option<Pending>,
    ) -> Result<Battle, ActionError> {
        let rules = systems
            .by_id(&system)
            .cloned()
            .ok_or_else(|| ActionError::UnknownSystem(system.clone()))?;
        let mut battle = Battle {
            log,
            redo,
            pending,
            ..Battle::unplayed(system, rules, seed, Roster::new(armies))
        };
        battle.refold();
        Ok(battle)
    }

    /// A battle of `roster` under `rules` with nothing in its log yet.
    fn unplayed(system: String, rules: System, seed: u64, roster: Roster) -> Battle {
        Battle {
            system,
            rules: rules.clone(),
            seed,
            state: fresh_state(&*rules, &roster),
            schemas: schemas(&*rules, &roster),
            side_schema: Arc::new(rules.side_schema()),
            roster,
            log: Vec::new(),
            redo: Vec::new(),
            pending: None,
            revision: Revision::default(),
        }
    }

    /// The rule system the battle is played under, with the tables in force.
    pub fn rules(&self) -> &dyn RuleSystem {
        &*self.rules
    }

    /// A piece's status schema (what its status is made of), as the rule system declares it.
    /// A piece the roster does not hold has an empty schema.
    pub fn piece_schema(&self, piece: PieceId) -> &StatusSchema {
        const NONE: &StatusSchema = &StatusSchema {
            tracks: Vec::new(),
            ladders: Vec::new(),
            flags: Vec::new(),
            marks: Vec::new(),
        };
        self.schemas.get(usize::from(piece.0)).unwrap_or(NONE)
    }

    /// A side's status schema, as the rule system declares it.
    pub fn side_schema(&self) -> &StatusSchema {
        &self.side_schema
    }

    pub fn state(&self) -> &BattleState {
        &self.state
    }

    /// The clock as the battle's header shows it, "Turn 3 · Fire · Parliament": the turn, the
    /// phase and the side to play — no side while the rules have yet to decide it
    /// ([`RuleSystem::side_to_play`]).
    pub fn clock_line(&self) -> String {
        let state = self.state();
        let rules = self.rules();
        let mut parts = vec![format!("Turn {}", state.turn)];
        parts.extend(rules.phases().get(state.phase).map(|p| p.name.clone()));
        let side = rules.side_to_play(&self.context());
        parts.extend(
            side.and_then(|s| self.armies().get(s))
                .map(|a| a.side.clone()),
        );
        parts.join(" · ")
    }

    pub fn context(&self) -> Context<'_> {
        Context {
            roster: &self.roster,
            state: &self.state,
        }
    }

    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    pub fn redo_stack(&self) -> &[Entry] {
        &self.redo
    }

    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    pub fn armies(&self) -> &[Army] {
        &self.roster.armies
    }

    /// The generator for input `k` of the entry at log position `n`.
    fn rng(&self, k: usize) -> Pcg64 {
        let n = self.log.len() as u64;
        let mix =
            n.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (k as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
        Pcg64::seed_from_u64(self.seed ^ mix)
    }

    fn refold(&mut self) {
        let mut state = fresh_state(self.rules(), &self.roster);
        for event in self.log.iter().flat_map(|e| &e.events) {
            state.apply(event);
        }
        self.state = state;
    }

    /// The count of changes to what the battle file holds (the log, the undone entries, the
    /// procedure under way and its inputs). When it moves, the battle is to be saved before
    /// the change is shown: the core says "save now", the window does not guess.
    pub fn revision(&self) -> u64 {
        self.revision.0
    }

    fn changed(&mut self) {
        self.revision.0 += 1;
    }

    fn commit(&mut self, entry: Entry) {
        self.changed();
        for event in &entry.events {
            self.state.apply(event);
        }
        self.log.push(entry);
    }

    fn procedure_for(&self, action: &Action) -> Result<Box<dyn Procedure>, ActionError> {
        match action {
            Action::Roll(dice) => Ok(Box::new(tray::TrayRoll(dice.clone()))),
            Action::RollMixed(groups) if !groups.is_empty() => {
                Ok(Box::new(tray::TrayMixed(groups.clone())))
            }
            Action::RollMixed(_) => Err(ActionError::NotWaiting("dice")),
            Action::Draw => Ok(Box::new(tray::TrayDraw)),
            Action::Procedure(call) => Ok(self.rules().procedure(&self.context(), call)?),
            Action::Setup | Action::Reshuffle | Action::Adjust { .. } => {
                Err(ActionError::NotWaiting("a procedure"))
            }
        }
    }

    /// Starts an action. Actions that need no dice or cards finish at once.
    pub fn start(&mut self, action: Action) -> Result<(), ActionError> {
        if let Some(p) = &self.pending {
            return Err(ActionError::Busy(p.title.clone()));
        }
        if let Action::Adjust { subject, change } = action {
            return self.adjust(subject, change);
        }
        if action == Action::Reshuffle {
            let order = self.state.deck.shuffled_order(&mut self.rng(0));
            self.redo.clear();
            self.commit(Entry {
                title: "Reshuffle the deck".into(),
                action,
                events: vec![
                    Event::Shuffled { order },
                    Event::fact(FactKind::Note, None, "The deck is reshuffled"),
                ],
            });
            return Ok(());
        }
        if let Action::Procedure(call) = &action {
            self.answered(call)?;
        }
        let title = self.procedure_for(&action)?.title();
        self.pending = Some(Pending {
            action,
            title,
            inputs: Vec::new(),
            events: Vec::new(),
        });
        self.advance()
    }

    /// Refuses a call that leaves a question of its offer unanswered when the rules give that
    /// question no answer of their own ([`crate::procedure::Given::Open`]): the player's
    /// answer, never one Adjutant picks, starts it.
    fn answered(&self, call: &Call) -> Result<(), ActionError> {
        let offers = self
            .rules()
            .offers(&self.context(), &call.actors, &call.targets);
        let Some(offer) = offers.iter().find(|o| o.id == call.id) else {
            return Ok(());
        };
        match offer
            .params
            .iter()
            .find(|p| p.default().is_none() && !crate::rules::kit::params::answered(call, p))
        {
            Some(p) => Err(ActionError::Unanswered(p.label.clone())),
            None => Ok(()),
        }
    }

    /// What the procedure under way needs next (never `Done`: finished ones are committed).
    pub fn step(&self) -> Option<Step> {
        let p = self.pending.as_ref()?;
        let procedure = self.procedure_for(&p.action).ok()?;
        Some(procedure.step(&self.context(), &p.inputs))
    }

    /// The procedure under way, for the odds of the rest of it.
    pub fn pending_procedure(&self) -> Option<Box<dyn Procedure>> {
        self.procedure_for(&self.pending.as_ref()?.action).ok()
    }

    /// Commits the pending procedure if it is done. Called after every change to the
    /// procedure under way (started, or an input given).
    fn advance(&mut self) -> Result<(), ActionError> {
        self.changed();
        if let Some(Step::Done(res)) = self.step() {
            let p = self
                .pending
                .take()
                .expect("a step implies a pending procedure");
            // Each roll is recorded once, as it was given (in `p.events`): a procedure that
            // also tells of its rolls among its results does not record them again.
            let mut events = p.events;
            events.extend(
                res.events
                    .into_iter()
                    .filter(|e| !matches!(e, Event::Rolled { .. })),
            );
            self.redo.clear();
            self.commit(Entry {
                title: p.title,
                action: p.action,
                events,
            });
        }
        Ok(())
    }

    fn dice_request(&self) -> Result<crate::procedure::DiceRequest, ActionError> {
        match self.step() {
            Some(Step::Dice(req)) => Ok(req),
            _ => Err(ActionError::NotWaiting("dice")),
        }
    }

    fn give_dice(
        &mut self,
        label: String,
        by: Option<usize>,
        rolled: Rolled,
    ) -> Result<(), ActionError> {
        let p = self.pending.as_mut().expect("dice_request checked");
        p.events.push(Event::Rolled {
            label,
            rolled: rolled.clone(),
            by,
        });
        p.inputs.push(Input::Dice(rolled));
        self.advance()
    }

    /// Lets Adjutant roll the dice the procedure asks for.
    pub fn roll(&mut self) -> Result<(), ActionError> {
        let req = self.dice_request()?;
        let k = self.pending.as_ref().map_or(0, |p| p.inputs.len());
        let faces = req.dice.roll(&mut self.rng(k + 1));
        let rolled = rolled_for(&req, faces, false);
        self.give_dice(req.label, req.by, rolled)
    }

    /// Takes the faces the player rolled on the table, typed as text ("3 5").
    pub fn enter_faces(&mut self, text: &str) -> Result<(), ActionError> {
        let req = self.dice_request()?;
        let faces = req.dice.parse_faces(text)?;
        let rolled = rolled_for(&req, faces, true);
        self.give_dice(req.label, req.by, rolled)
    }

    /// Draws the card the procedure asks for from the deck, shuffling the discards back in
    /// first when the deck's [`crate::cards::Refill`] rule says so. An empty deck that does not refill by
    /// itself is refused, and the procedure waits.
    pub fn draw(&mut self) -> Result<(), ActionError> {
        let (label, mut deck, mut events) = self.deck_for_a_card()?;
        let card = deck.draw().ok_or(ActionError::DeckEmpty)?;
        events.push(Event::Drew {
            label,
            card,
            typed: false,
        });
        self.give_card(card, events)
    }

    /// Takes the card drawn from the real deck on the table, in place of a draw: checked
    /// against the deck as the battle knows it — a card in the discard pile, or not in this
    /// deck at all, is refused with why — and taken out of it wherever it lies. Undone and
    /// redone as any draw is; the odds of the draw were the deck's as it stood.
    pub fn enter_card(&mut self, card: Card) -> Result<(), ActionError> {
        let (label, mut deck, mut events) = self.deck_for_a_card()?;
        if deck.cards_left() == 0 {
            return Err(ActionError::DeckEmpty);
        }
        deck.take(card).map_err(ActionError::NotInDeck)?;
        events.push(Event::Drew {
            label,
            card,
            typed: true,
        });
        self.give_card(card, events)
    }

    /// For the card the procedure under way asks for: the request's label, the deck as it
    /// stands after what the procedure has drawn so far, and the shuffle that comes first
    /// when the deck's [`crate::cards::Refill`] rule says so (not yet recorded).
    fn deck_for_a_card(&self) -> Result<(String, Deck, Vec<Event>), ActionError> {
        let req = match self.step() {
            Some(Step::Card(req)) => req,
            _ => return Err(ActionError::NotWaiting("a card")),
        };
        let mut deck = self.state.deck.clone();
        let p = self
            .pending
            .as_ref()
            .expect("a step implies a pending procedure");
        for e in &p.events {
            match e {
                Event::Shuffled { order } => deck.apply_shuffle(order),
                Event::Drew { typed: false, .. } => {
                    deck.draw();
                }
                Event::Drew {
                    card, typed: true, ..
                } => {
                    let _ = deck.take(*card);
                }
                _ => {}
            }
        }
        let mut events = Vec::new();
        if deck.reshuffles_before_draw() {
            let order = deck.shuffled_order(&mut self.rng(p.inputs.len() + 1));
            deck.apply_shuffle(&order);
            events.push(Event::Shuffled { order });
        }
        Ok((req.label, deck, events))
    }

    /// Records a card given to the procedure under way, with the events of its draw.
    fn give_card(&mut self, card: Card, events: Vec<Event>) -> Result<(), ActionError> {
        let p = self
            .pending
            .as_mut()
            .expect("a step implies a pending procedure");
        p.events.extend(events);
        p.inputs.push(Input::Card(card));
        self.advance()
    }

    /// Answers a choice the procedure asks for.
    pub fn choose(&mut self, option: usize) -> Result<(), ActionError> {
        match self.step() {
            Some(Step::Choice(req)) if option < req.options.len() => {}
            Some(Step::Choice(_)) => return Err(ActionError::NoSuchChoice(option)),
            _ => return Err(ActionError::NotWaiting("a choice")),
        }
        self.pending
            .as_mut()
            .expect("checked above")
            .inputs
            .push(Input::Choice(option));
        self.advance()
    }

    /// Abandons the procedure under way, if nothing has been rolled or drawn for it yet.
    pub fn cancel(&mut self) -> Result<(), ActionError> {
        match &self.pending {
            Some(p) if p.events.is_empty() => {
                self.pending = None;
                self.changed();
                Ok(())
            }
            Some(p) => Err(ActionError::AlreadyRolled(given_words(&p.events))),
            None => Err(ActionError::NotWaiting("a procedure")),
        }
    }

    pub fn can_undo(&self) -> bool {
        self.pending.is_none() && self.log.len() > 1
    }

    pub fn can_redo(&self) -> bool {
        self.pending.is_none() && !self.redo.is_empty()
    }

    /// Steps back over the last entry (never the set-up).
    pub fn undo(&mut self) -> Result<(), ActionError> {
        if !self.can_undo() {
            return Err(ActionError::NothingToUndo);
        }
        let entry = self.log.pop().expect("can_undo checked");
        self.redo.push(entry);
        self.refold();
        self.changed();
        Ok(())
    }

    /// Puts back the last undone entry exactly as it was recorded.
    pub fn redo(&mut self) -> Result<(), ActionError> {
        if !self.can_redo() {
            return Err(ActionError::NothingToRedo);
        }
        let entry = self.redo.pop().expect("can_redo checked");
        self.commit(entry);
        Ok(())
    }
}

/// What a procedure under way has been given, as a refusal to cancel it says it: "dice are
/// already rolled", "a card is already drawn", "dice are already rolled and a card drawn"
/// (the battle screen's Cancel says it too, before it is pressed).
pub fn given_words(events: &[Event]) -> &'static str {
    let dice = events.iter().any(|e| matches!(e, Event::Rolled { .. }));
    let cards = events
        .iter()
        .filter(|e| matches!(e, Event::Drew { .. }))
        .count();
    match (dice, cards) {
        (true, 0) => "dice are already rolled",
        (false, 1) => "a card is already drawn",
        (false, _) => "cards are already drawn",
        (true, 1) => "dice are already rolled and a card drawn",
        (true, _) => "dice are already rolled and cards drawn",
    }
}

/// The roll a request's dice made, marked for reading by successes when the request counts them.
fn rolled_for(req: &crate::procedure::DiceRequest, faces: Vec<u8>, typed: bool) -> Rolled {
    let mut dice = req.dice.clone();
    if let crate::procedure::Reading::Successes { at_least } = req.reading {
        dice.hits_on = Some(at_least);
    }
    Rolled { dice, faces, typed }
}

/// Every piece's status schema, in roster order.
fn schemas(rules: &dyn RuleSystem, roster: &Roster) -> Arc<[StatusSchema]> {
    roster
        .ids()
        .map(|id| rules.piece_schema(roster, id))
        .collect()
}

/// The state before any event: the roster's pieces fresh, the deck refilling as the rules say.
fn fresh_state(rules: &dyn RuleSystem, roster: &Roster) -> BattleState {
    let mut state = BattleState::new(roster);
    state.deck.refill = rules.refill();
    state
}
