//! Procedures: how a rule system asks for dice, cards and choices and turns them into events.
//!
//! A procedure is a pure function of the battle and the inputs given so far. Called with no
//! inputs it asks for the first thing it needs (a [`DiceRequest`], a [`CardRequest`] or a
//! [`ChoiceRequest`]); called again with that input it asks for the next, until it is
//! [`Step::Done`] with its events. Each request carries its outcome bands, so the window can
//! show the exact odds of this roll, and [`crate::odds`] can walk every branch for the odds of
//! the whole procedure. A close assault that repeats until someone breaks is just a procedure
//! that keeps asking for dice.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::battle::state::Context;
use crate::cards::Card;
use crate::dice::{Dice, Modifier, Rolled};
use crate::event::{Event, PieceId};

/// What a request is answered with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    Dice(Rolled),
    Card(Card),
    Choice(usize),
}

/// How a roll is read: its modified total, or how many dice reach a target number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    Total,
    /// Count the dice whose face is at least `at_least` (modifiers do not apply).
    Successes {
        at_least: u8,
    },
}

/// A named range of readings ("2–7: passes").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Band {
    pub from: i32,
    pub to: i32,
    pub label: String,
}

impl Band {
    pub fn new(from: i32, to: i32, label: impl Into<String>) -> Band {
        Band {
            from,
            to,
            label: label.into(),
        }
    }

    pub fn contains(&self, value: i32) -> bool {
        (self.from..=self.to).contains(&value)
    }
}

/// A request for dice: what to roll, every modifier, and what each reading means.
///
/// Contract: the procedure's next step depends on this roll only through the band its reading
/// falls in. That lets the odds of a whole procedure be enumerated band by band.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceRequest {
    pub label: String,
    pub rule: String,
    pub dice: Dice,
    pub reading: Reading,
    /// Bands covering every possible reading, in order.
    pub bands: Vec<Band>,
    /// The side whose roll this is, when it is not the side acting (in a melee both sides
    /// roll); `None` for the acting side's own roll.
    pub by: Option<usize>,
    /// The number the score is held against, when the rules build one from modifiers rather
    /// than modify the die ("Score <= modified firing figures"); the bands are on the score.
    pub at_most: Option<AtMost>,
}

/// A number a roll's score must not exceed, built by the rules from its parts ("4 firing
/// figures, −1 firing pistols"): shown as the rules write it, each part with its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtMost {
    /// What the number is called ("modified firing figures").
    pub label: String,
    pub parts: Vec<Modifier>,
}

impl AtMost {
    /// The number: the sum of its parts.
    pub fn value(&self) -> i32 {
        self.parts.iter().map(|m| m.value).sum()
    }
}

impl DiceRequest {
    /// A request for `dice` read as their modified total, rolled by the side acting.
    pub(crate) fn total(
        label: impl Into<String>,
        rule: impl Into<String>,
        dice: Dice,
        bands: Vec<Band>,
    ) -> DiceRequest {
        DiceRequest {
            by: None,
            at_most: None,
            label: label.into(),
            rule: rule.into(),
            dice,
            reading: Reading::Total,
            bands,
        }
    }

    /// The same request, its score held against `at_most`.
    pub(crate) fn against(mut self, at_most: AtMost) -> DiceRequest {
        self.at_most = Some(at_most);
        self
    }

    /// The same request, rolled by `side`.
    pub(crate) fn by(mut self, side: usize) -> DiceRequest {
        self.by = Some(side);
        self
    }

    /// The reading of these faces: the modified total, or the count of successes.
    pub fn read(&self, faces: &[u8]) -> i32 {
        match self.reading {
            Reading::Total => self.dice.total(faces),
            Reading::Successes { at_least } => {
                faces.iter().filter(|&&f| f >= at_least).count() as i32
            }
        }
    }

    /// The band a set of faces falls in.
    pub fn band_of(&self, faces: &[u8]) -> Option<&Band> {
        let value = self.read(faces);
        self.bands.iter().find(|b| b.contains(value))
    }

    /// Every distinct reading with how many equally likely outcomes give it, out of how many.
    pub fn readings(&self) -> (BTreeMap<i32, u128>, u128) {
        match self.reading {
            Reading::Total => {
                let d = self.dice.distribution();
                (d.counts, d.outcomes)
            }
            Reading::Successes { at_least } => {
                let die = self.dice.die;
                let hit = u128::from(die.max().saturating_sub(at_least.max(die.min())) + 1)
                    .min(u128::from(die.sides()));
                let hit = if at_least > die.max() { 0 } else { hit };
                let miss = u128::from(die.sides()) - hit;
                let n = u32::from(self.dice.count);
                let mut counts = BTreeMap::new();
                for k in 0..=n {
                    let ways = binomial(n, k) * hit.pow(k) * miss.pow(n - k);
                    if ways > 0 {
                        counts.insert(k as i32, ways);
                    }
                }
                (counts, u128::from(die.sides()).pow(n))
            }
        }
    }

    /// Each band with its exact odds as (ways, out of).
    ///
    /// A reading counts for the first band that holds it, as in [`DiceRequest::band_of`], so
    /// overlapping bands never count an outcome twice. Readings no band holds count for none.
    pub fn band_odds(&self) -> Vec<(&Band, u128, u128)> {
        let (counts, outcomes) = self.readings();
        let mut ways = vec![0u128; self.bands.len()];
        for (value, n) in counts {
            if let Some(i) = self.bands.iter().position(|b| b.contains(value)) {
                ways[i] += n;
            }
        }
        self.bands
            .iter()
            .zip(ways)
            .map(|(b, w)| (b, w, outcomes))
            .collect()
    }

    /// Some faces whose reading is `value`, if any can give it.
    pub fn faces_reading(&self, value: i32) -> Option<Vec<u8>> {
        let die = self.dice.die;
        let n = usize::from(self.dice.count);
        match self.reading {
            Reading::Total => {
                let mut faces = vec![die.min(); n];
                let mut need = value - self.dice.total(&faces);
                for f in faces.iter_mut() {
                    let room = i32::from(die.max() - die.min());
                    let step = need.clamp(0, room);
                    *f += step as u8;
                    need -= step;
                }
                (need == 0 && self.read(&faces) == value).then_some(faces)
            }
            Reading::Successes { at_least } => {
                let k = usize::try_from(value).ok()?;
                if k > n || (k > 0 && at_least > die.max()) {
                    return None;
                }
                let low = die.min();
                let miss = if at_least > low { Some(low) } else { None };
                if k < n && miss.is_none() {
                    return None;
                }
                let mut faces = vec![die.max(); k];
                faces.extend(std::iter::repeat_n(miss.unwrap_or(low), n - k));
                Some(faces)
            }
        }
    }
}

fn binomial(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// A request for cards from the battle's deck. With `draws` 2 the player uses the better card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRequest {
    pub label: String,
    pub rule: String,
    pub draws: u8,
    /// What of a card the procedure reads, for the odds walk.
    pub reads: CardRead,
}

/// What of a drawn card a procedure reads. The contract, like a roll's bands: with
/// [`CardRead::SuitAndPicture`], the procedure's next steps — and every later draw of the same
/// procedure — depend on this card only through its suit and whether it is a picture card
/// (J, Q, K; so Ace–10 is the other class, jokers a class of their own). The odds walk then
/// branches once per class with its share of the cards left, not once per card: exact, since
/// the cards left of each class after the draw do not depend on which card of the class it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CardRead {
    /// The whole card (rank and suit) may matter.
    #[default]
    Exact,
    /// Only the suit and whether it is a picture card matter.
    SuitAndPicture,
}

/// A decision the player makes mid-procedure (re-roll? withdraw? which hex takes the loss?).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoiceRequest {
    pub label: String,
    pub rule: String,
    pub options: Vec<String>,
    /// The option the odds of the whole procedure assume.
    pub assumed: usize,
}

/// What a procedure needs next, or its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Dice(DiceRequest),
    Card(CardRequest),
    Choice(ChoiceRequest),
    Done(Resolution),
}

/// A finished procedure: a one-line summary (used to group odds) and its events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolution {
    pub summary: String,
    pub events: Vec<Event>,
}

/// A procedure in progress. Implementations are pure: same context and inputs, same step.
pub trait Procedure {
    /// The title shown above the proposal ("Fire: Henderson's dragoons at Cromwell's horse").
    fn title(&self) -> String;
    /// The modifiers and notes that apply before any dice, for the proposal.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
    /// The next request, or the result, given the inputs so far.
    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step;
    /// Runs on from `inputs` for the odds walk, asking `more` for every further input, until
    /// the procedure is done or `more` answers `None`; returns that last step (the resolution,
    /// or the request left unanswered).
    ///
    /// It must step exactly as [`Procedure::step`] called again with each answer appended —
    /// the same dice and bands, the same options, the same summary — which is what the default
    /// does. Only the odds are wanted, so an override may leave out what only a person reads:
    /// request labels, the events of the resolution. A procedure that can carry on where it
    /// stopped, rather than starting again from its first input, overrides this, and
    /// [`crate::odds`] then walks it in one pass per outcome instead of one per request.
    fn explore(&self, ctx: &Context, inputs: &[Input], more: &mut Explorer<'_>) -> Step {
        let mut inputs = inputs.to_vec();
        loop {
            let step = self.step(ctx, &inputs);
            if matches!(step, Step::Done(_)) {
                return step;
            }
            match more(Ask::Next(&step)) {
                Some(input) => inputs.push(input),
                None => return step,
            }
        }
    }
}

/// What [`Procedure::explore`] asks for each input past the ones it was given: the request
/// in, the answer out (`None` to stop there). It may also tell the walk that the procedure is
/// back where it stood earlier ([`Ask::Again`]): the walk answers `None` when it accounts for
/// what follows (the procedure stops there), anything else to have it carry on.
pub(crate) type Explorer<'a> = dyn FnMut(Ask<'_>) -> Option<Input> + 'a;

/// What an exploring procedure tells its [`Explorer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask<'s> {
    /// The next input, answering this request.
    Next(&'s Step),
    /// The procedure, after its first `at` inputs, is back exactly where it stood after its
    /// first `since` (a tie rolled again, a round that changed nothing): whatever follows
    /// repeats what followed then, so the walk sums the repeats (a geometric series) instead
    /// of walking them.
    Again { since: usize, at: usize },
}

/// Why a procedure may not be done, with the rule that forbids it.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{reason} ({rule})")]
pub struct Refusal {
    pub reason: String,
    pub rule: String,
}

impl Refusal {
    pub fn new(reason: impl Into<String>, rule: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
            rule: rule.into(),
        }
    }
}

/// A situational question a procedure needs answered before it starts (range, terrain, facing).
///
/// A question whose answer changes the odds or the result is the player's: it is asked open
/// ([`Given::Open`]: the battle does not start the procedure until it is answered), or it
/// starts at an answer the rules themselves give when nothing says otherwise
/// ([`Given::Rules`], named with its rule) — never at an answer of Adjutant's choosing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamSpec {
    pub key: &'static str,
    pub label: String,
    pub choices: Vec<String>,
    /// Where its starting answer comes from.
    pub given: Given,
}

/// Where a question's starting answer comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// Nowhere: the player answers, and the procedure waits for the answer.
    Open,
    /// The rules: this choice holds unless the player says otherwise (the plain case of the
    /// rule cited: no modifier, no cover, the phase's own kind of check).
    Rules { choice: usize, rule: &'static str },
}

impl ParamSpec {
    /// The choice the question starts at: the rules' default, or none (asked open).
    pub fn default(&self) -> Option<usize> {
        match self.given {
            Given::Open => None,
            Given::Rules { choice, .. } => Some(choice),
        }
    }

    /// The rule that gives its default, if the rules give one.
    pub fn default_rule(&self) -> Option<&'static str> {
        match self.given {
            Given::Open => None,
            Given::Rules { rule, .. } => Some(rule),
        }
    }

    /// The choice an unanswered question is read as where something must be read before the
    /// player answers — an offer checked before it is started, a script that leaves it out:
    /// the rules' default, or else the first choice. The battle never starts a procedure on
    /// this reading of an open question ([`crate::battle::Battle::start`]).
    pub fn assumed(&self) -> usize {
        self.default().unwrap_or(0)
    }
}

/// A procedure a rule system offers for the current selection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub id: String,
    pub label: String,
    pub params: Vec<ParamSpec>,
    /// Set when the procedure exists for this selection but the rules forbid it now.
    pub refused: Option<Refusal>,
    /// Set when it does at once, with no dice or card, what the table cannot take back (a
    /// leader overrun, a body removed from play): the question asked once before it starts.
    /// The window offers it after the others, so it never slides under a Start just pressed.
    pub confirm: Option<String>,
}

impl Offer {
    /// The same offer, asking `question` once before it starts.
    pub(crate) fn asking(mut self, question: impl Into<String>) -> Offer {
        self.confirm = Some(question.into());
        self
    }
}

/// A rule-system procedure as the player called it: which, by whom, against whom, with what
/// answers to its parameters. Saved with the entry, so an unfinished procedure can be resumed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Call {
    pub id: String,
    pub actors: Vec<PieceId>,
    pub targets: Vec<PieceId>,
    pub params: BTreeMap<String, String>,
}

impl Call {
    /// A parameter's answer, if given.
    pub(crate) fn param(&self, key: &str) -> Option<&str> {
        self.params.get(key).map(String::as_str)
    }
}
