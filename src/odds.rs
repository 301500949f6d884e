//! The exact odds of a whole procedure, by walking every branch.
//!
//! A [`Procedure`] is a pure function of the battle and the inputs given so far, so its odds
//! can be found by asking it for its next step with every input it might get, depth first:
//!
//! - **Dice.** The contract of [`DiceRequest`] (see [`crate::procedure`]) is that *the
//!   procedure's next step depends on a roll only through the band its reading falls in*. So the
//!   walk branches once per band of [`DiceRequest::band_odds`], with probability ways / outcomes,
//!   and answers with one representative set of faces from [`DiceRequest::faces_reading`] for a
//!   reading inside the band. Bands no outcome reaches are skipped. A reading counts for the
//!   first band holding it (as [`DiceRequest::band_of`] does); readings that no band holds break
//!   the contract, and their mass is reported as unexplored rather than guessed at. A summary that
//!   quotes the exact total (not just the band) is grouped by the representative reading, so
//!   keep summaries to what the band decides.
//! - **Cards.** Every card not yet drawn is equally likely: the deck's unseen cards less the
//!   cards already drawn in the inputs. When the draw pile is empty and the deck reshuffles, the
//!   discards (with the cards this procedure drew) are the new pile. A request for two draws is
//!   answered one card at a time: the procedure asks again for the second.
//! - **Choices.** The walk follows the option the request assumes and records it as an
//!   assumption ("assuming: Re-roll?: yes").
//! - **Done.** The branch's probability is added to the outcome with the resolution's summary;
//!   outcomes keep the order in which the walk first met them.
//!
//! The walk is bounded (by default 24 answered requests deep and 200 000 calls of `step`), so a
//! procedure that can repeat for ever — a close assault fought until someone breaks — still
//! ends. Whatever mass is cut off is reported as `unexplored`: the outcomes plus `unexplored`
//! always sum to one.

use std::collections::HashMap;

use crate::battle::state::Context;
use crate::cards::Card;
use crate::dice::Rolled;
use crate::procedure::{ChoiceRequest, DiceRequest, Input, Procedure, Step};

/// The odds of a procedure from where it stands.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Odds {
    /// Each result's summary and probability, in the order the walk first met them.
    pub outcomes: Vec<(String, f64)>,
    /// The probability the walk did not follow to a result (depth or step budget reached, or a
    /// request it could not answer).
    pub unexplored: f64,
    /// The choices the odds take for granted, "assuming: <label>: <option>", each once.
    pub assumptions: Vec<String>,
}

impl Odds {
    /// The probability of the result with this summary (zero if never reached).
    pub fn p(&self, summary: &str) -> f64 {
        self.outcomes
            .iter()
            .filter(|(s, _)| s == summary)
            .map(|(_, p)| p)
            .sum()
    }

    /// The probabilities of every outcome plus the unexplored mass: one, up to rounding.
    pub fn total(&self) -> f64 {
        self.outcomes.iter().map(|(_, p)| p).sum::<f64>() + self.unexplored
    }
}

/// How far the walk goes before it reports the rest as unexplored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How many requests the walk answers along one branch (at most [`Limits::DEPTH_CAP`]).
    pub max_depth: usize,
    /// How many times the walk calls [`Procedure::step`] in all.
    pub max_steps: usize,
}

impl Limits {
    /// The limits [`procedure_odds`] uses: 24 requests deep, 200 000 steps.
    pub const DEFAULT: Limits = Limits {
        max_depth: 24,
        max_steps: 200_000,
    };

    /// The deepest walk honoured; the walk recurses once per request.
    pub const DEPTH_CAP: usize = 1_000;
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// The odds of each result of `procedure`, starting from the `inputs` already given, within
/// the [default limits](Limits::DEFAULT).
pub fn procedure_odds(procedure: &dyn Procedure, ctx: &Context, inputs: &[Input]) -> Odds {
    procedure_odds_within(procedure, ctx, inputs, Limits::DEFAULT)
}

/// The odds of each result of `procedure`, starting from the `inputs` already given, within
/// the given limits.
pub fn procedure_odds_within(
    procedure: &dyn Procedure,
    ctx: &Context,
    inputs: &[Input],
    limits: Limits,
) -> Odds {
    let mut walk = Walk {
        procedure,
        ctx,
        max_depth: limits.max_depth.min(Limits::DEPTH_CAP),
        steps_left: limits.max_steps,
        start: inputs.len(),
        odds: Odds::default(),
        seen: HashMap::new(),
    };
    let mut inputs = inputs.to_vec();
    walk.visit(&mut inputs, 1.0);
    walk.odds
}

/// A walk in progress: where it started, what it may still spend, and what it found.
struct Walk<'a> {
    procedure: &'a dyn Procedure,
    ctx: &'a Context<'a>,
    max_depth: usize,
    steps_left: usize,
    /// How many inputs were given before the walk began.
    start: usize,
    odds: Odds,
    /// Index of each summary in `odds.outcomes`.
    seen: HashMap<String, usize>,
}

impl Walk<'_> {
    /// Follows the branch reached by `inputs`, which has probability `p`.
    fn visit(&mut self, inputs: &mut Vec<Input>, p: f64) {
        if self.steps_left == 0 {
            self.odds.unexplored += p;
            return;
        }
        self.steps_left -= 1;
        let too_deep = inputs.len() - self.start >= self.max_depth;
        match self.procedure.step(self.ctx, inputs) {
            Step::Done(resolution) => self.record(resolution.summary, p),
            _ if too_deep => self.odds.unexplored += p,
            Step::Dice(request) => self.dice(&request, inputs, p),
            Step::Card(_) => self.cards(inputs, p),
            Step::Choice(request) => self.choice(&request, inputs, p),
        }
    }

    /// Adds `p` to the outcome `summary`.
    fn record(&mut self, summary: String, p: f64) {
        match self.seen.get(&summary) {
            Some(&i) => self.odds.outcomes[i].1 += p,
            None => {
                self.seen.insert(summary.clone(), self.odds.outcomes.len());
                self.odds.outcomes.push((summary, p));
            }
        }
    }

    /// One branch per band that some outcome reaches.
    fn dice(&mut self, request: &DiceRequest, inputs: &mut Vec<Input>, p: f64) {
        let (counts, outcomes) = request.readings();
        let bands = request.band_odds();
        let covered: u128 = bands.iter().map(|(_, ways, _)| ways).sum();
        if covered < outcomes {
            self.odds.unexplored += p * ((outcomes - covered) as f64 / outcomes as f64);
        }
        for (i, &(_, ways, _)) in bands.iter().enumerate() {
            if ways == 0 {
                continue;
            }
            let q = p * (ways as f64 / outcomes as f64);
            let faces = counts
                .keys()
                .filter(|&&v| request.bands.iter().position(|b| b.contains(v)) == Some(i))
                .find_map(|&v| request.faces_reading(v));
            let Some(faces) = faces else {
                self.odds.unexplored += q;
                continue;
            };
            inputs.push(Input::Dice(Rolled {
                dice: request.dice.clone(),
                faces,
                typed: false,
            }));
            self.visit(inputs, q);
            inputs.pop();
        }
    }

    /// One branch per card that could be drawn next, each equally likely.
    fn cards(&mut self, inputs: &mut Vec<Input>, p: f64) {
        let pool = self.drawable(inputs);
        if pool.is_empty() {
            self.odds.unexplored += p;
            return;
        }
        let q = p / pool.len() as f64;
        for card in pool {
            inputs.push(Input::Card(card));
            self.visit(inputs, q);
            inputs.pop();
        }
    }

    /// The cards the next draw can give, after the draws already in `inputs`.
    fn drawable(&self, inputs: &[Input]) -> Vec<Card> {
        let deck = &self.ctx.state.deck;
        let mut pile = deck.unseen();
        let mut discards = deck.discards.clone();
        for input in inputs {
            if let Input::Card(card) = input {
                refill(&mut pile, &mut discards, deck.reshuffle);
                if let Some(i) = pile.iter().position(|c| c == card) {
                    pile.remove(i);
                }
                discards.push(*card);
            }
        }
        refill(&mut pile, &mut discards, deck.reshuffle);
        pile
    }

    /// Follows the assumed option, noting the assumption.
    fn choice(&mut self, request: &ChoiceRequest, inputs: &mut Vec<Input>, p: f64) {
        let Some(option) = request.options.get(request.assumed) else {
            self.odds.unexplored += p;
            return;
        };
        let assumption = format!("assuming: {}: {}", request.label, option);
        if !self.odds.assumptions.contains(&assumption) {
            self.odds.assumptions.push(assumption);
        }
        inputs.push(Input::Choice(request.assumed));
        self.visit(inputs, p);
        inputs.pop();
    }
}

/// Shuffles the discards back in when the pile is empty and the deck reshuffles.
fn refill(pile: &mut Vec<Card>, discards: &mut Vec<Card>, reshuffle: bool) {
    if pile.is_empty() && reshuffle {
        *pile = std::mem::take(discards);
        pile.sort();
    }
}
