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
//!   cards already drawn in the inputs. When the deck's [`Refill`] rule shuffles the discards
//!   back in (an empty pile, or before every draw), they (with the cards this procedure drew)
//!   join the pile. A request for two draws is
//!   answered one card at a time: the procedure asks again for the second. A request that
//!   reads only a card's suit and picture ([`crate::procedure::CardRead`]) branches once per
//!   such class, weighted by the cards of it left.
//! - **Choices.** The walk follows the option the request assumes and records it as an
//!   assumption ("assuming: Re-roll?: yes").
//! - **Done.** The branch's probability is added to the outcome with the resolution's summary;
//!   outcomes keep the order in which the walk first met them.
//!
//! The walk runs the procedure through [`Procedure::explore`], answering each request with
//! the first branch and noting the others; then it goes back to the latest branch not yet
//! taken and runs again from there. A procedure that can carry on where it stopped is so run
//! once per outcome, not once per request; the band split of each distinct roll is worked out
//! once per walk.
//!
//! A procedure that comes back exactly to where it stood before — a roll-off whose tie is
//! rolled again — says so ([`Ask::Again`]) instead of asking on: a repeat of where the walk
//! began is a chance r of starting over, so each result's p is summed as p / (1 − r); a repeat
//! of a later point is walked once from there and shared out. The sums are exact, so a
//! roll-off's odds do not leak away with its depth.
//!
//! The walk is bounded (by default 24 answered requests deep and 200 000 calls of `step`), so a
//! procedure that can repeat for ever without saying so — a close assault fought until someone
//! breaks — still ends. Whatever mass is cut off is reported as `unexplored`: the outcomes plus
//! `unexplored` always sum to one.

use std::collections::HashMap;

use crate::battle::state::Context;
use crate::cards::{Card, Refill};
use crate::dice::{Dice, Rolled};
use crate::procedure::{
    Ask, CardRead, ChoiceRequest, DiceRequest, Input, Procedure, Reading, Step,
};

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
    /// The procedure can come back to where it stood before (a tie rolled again); the walk
    /// summed the repeats rather than walking them one by one.
    pub repeats: bool,
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
    pub(crate) const DEPTH_CAP: usize = 1_000;
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
    let mut steps_left = limits.max_steps;
    let depth = limits.max_depth.min(Limits::DEPTH_CAP);
    walk_from(procedure, ctx, inputs, depth, &mut steps_left)
}

/// The odds from `inputs`, at most `max_depth` requests deep, spending from `steps_left`; a
/// repeat of where the walk began ([`Ask::Again`]) is summed as a geometric series.
fn walk_from(
    procedure: &dyn Procedure,
    ctx: &Context,
    inputs: &[Input],
    max_depth: usize,
    steps_left: &mut usize,
) -> Odds {
    let mut walk = Walk {
        ctx,
        max_depth,
        steps_left: *steps_left,
        start: inputs.len(),
        odds: Odds::default(),
        again: 0.0,
        seen: HashMap::new(),
        splits: HashMap::new(),
        forks: Vec::new(),
    };
    let mut inputs = inputs.to_vec();
    walk.run(procedure, &mut inputs, 1.0);
    while let Some(fork) = walk.forks.last_mut() {
        let Some((answer, p)) = fork.rest.pop() else {
            walk.forks.pop();
            continue;
        };
        inputs.truncate(fork.at);
        inputs.push(answer.input(fork.dice.as_ref()));
        walk.run(procedure, &mut inputs, p);
    }
    *steps_left = walk.steps_left;
    let mut odds = walk.odds;
    // Each result (and the unexplored mass) is reached again after every repeat: with r the
    // chance of a repeat, p + p·r + p·r² + … = p / (1 − r).
    let rest = 1.0 - walk.again;
    if walk.again > 0.0 && rest > 1e-12 {
        odds.outcomes.iter_mut().for_each(|(_, p)| *p /= rest);
        odds.unexplored /= rest;
    } else {
        odds.unexplored += walk.again;
    }
    odds
}

/// A request answered with its first branch, and the branches still to take, last first.
struct Fork {
    /// How many inputs come before the answer.
    at: usize,
    /// The dice asked for, when it was a roll (kept once, not once per branch).
    dice: Option<Dice>,
    /// Each branch not yet taken: the answer and the probability of the branch.
    rest: Vec<(Answer, f64)>,
}

/// One branch's answer: faces for the fork's dice, or a card or choice.
enum Answer {
    Faces(Vec<u8>),
    Given(Input),
}

impl Answer {
    fn input(self, dice: Option<&Dice>) -> Input {
        match (self, dice) {
            (Answer::Faces(faces), Some(dice)) => Input::Dice(Rolled {
                dice: dice.clone(),
                faces,
                typed: false,
            }),
            (Answer::Given(input), _) => input,
            (Answer::Faces(_), None) => unreachable!("faces answer a roll"),
        }
    }
}

/// How a roll splits into branches: for each band some outcome reaches, its index, its ways
/// and faces that read inside it (none if no faces can); and the ways no band holds.
struct Split {
    outcomes: u128,
    uncovered: u128,
    bands: Vec<(u128, Option<Vec<u8>>)>,
}

/// What decides a roll's split: the dice (with their modifiers' total), how they are read and
/// where each band starts and ends.
#[derive(PartialEq, Eq, Hash)]
struct SplitKey {
    count: u8,
    die: crate::dice::Die,
    modifier: i32,
    at_least: Option<u8>,
    bands: Vec<(i32, i32)>,
}

/// A walk in progress: what it may still spend, what it found, and the forks to go back to.
struct Walk<'a> {
    ctx: &'a Context<'a>,
    max_depth: usize,
    steps_left: usize,
    /// How many inputs were given before the walk began.
    start: usize,
    odds: Odds,
    /// The chance of coming back to where the walk began (see [`Ask::Again`]).
    again: f64,
    /// Index of each summary in `odds.outcomes`.
    seen: HashMap<String, usize>,
    splits: HashMap<SplitKey, Split>,
    forks: Vec<Fork>,
}

/// One run of the procedure: the branch's probability so far, and whether the walk already
/// accounted for it (it stopped the run and reported the rest as unexplored).
struct Branch {
    p: f64,
    settled: bool,
}

impl Walk<'_> {
    /// Runs the procedure from `inputs` (on a branch of probability `p`) to an outcome,
    /// taking the first branch at each request; `inputs` ends up holding every answer.
    fn run(&mut self, procedure: &dyn Procedure, inputs: &mut Vec<Input>, p: f64) {
        let ctx = self.ctx;
        let mut branch = Branch { p, settled: false };
        let mut answers = Vec::new();
        let given: &[Input] = inputs;
        let step = procedure.explore(ctx, given, &mut |ask: Ask| {
            let step = match ask {
                Ask::Next(step) => step,
                // A repeat inside the inputs the walk starts from is where it starts: on.
                Ask::Again { at, .. } if at <= self.start => return Some(Input::Choice(0)),
                Ask::Again { since, at } => {
                    self.again(procedure, since, given, &answers, at, &mut branch);
                    return None;
                }
            };
            let answer = self.answer(step, given, &answers, &mut branch);
            if let Some(input) = &answer {
                answers.push(input.clone());
            }
            answer
        });
        inputs.extend(answers);
        if branch.settled {
            return;
        }
        match step {
            Step::Done(resolution) if self.spend() => self.record(resolution.summary, branch.p),
            _ => self.odds.unexplored += branch.p,
        }
    }

    /// Takes one step from the budget; false when none is left.
    fn spend(&mut self) -> bool {
        let left = self.steps_left > 0;
        self.steps_left = self.steps_left.saturating_sub(1);
        left
    }

    /// The first branch of a request, noting the rest as a fork; or `None` when the walk stops
    /// here (the branch's mass then counts as unexplored and the branch as settled).
    fn answer(
        &mut self,
        step: &Step,
        given: &[Input],
        answers: &[Input],
        branch: &mut Branch,
    ) -> Option<Input> {
        let depth = given.len() + answers.len();
        if !self.spend() || depth - self.start >= self.max_depth {
            return self.stop(branch);
        }
        let (dice, mut branches) = match step {
            Step::Dice(request) => (Some(&request.dice), self.dice(request, branch.p)),
            Step::Card(request) => (None, self.cards(request.reads, given, answers, branch.p)),
            Step::Choice(request) => (None, self.choice(request, branch.p)),
            Step::Done(_) => (None, Vec::new()),
        };
        if branches.is_empty() {
            return self.stop(branch);
        }
        branches.reverse();
        let (first, p) = branches.pop().expect("not empty");
        if !branches.is_empty() {
            self.forks.push(Fork {
                at: depth,
                dice: dice.cloned(),
                rest: branches,
            });
        }
        branch.p = p;
        Some(first.input(dice))
    }

    /// The procedure is back where it stood after its first `since` inputs: back where the walk
    /// began, the branch's mass counts as a repeat; elsewhere, the odds from here are walked
    /// once (their own repeats summed) and the branch's mass shared out by them.
    fn again(
        &mut self,
        procedure: &dyn Procedure,
        since: usize,
        given: &[Input],
        answers: &[Input],
        at: usize,
        branch: &mut Branch,
    ) {
        branch.settled = true;
        self.odds.repeats = true;
        if since == self.start {
            self.again += branch.p;
            return;
        }
        let depth = at - self.start;
        let inputs: Vec<Input> = given.iter().chain(answers).take(at).cloned().collect();
        let max_depth = self.max_depth.saturating_sub(depth);
        let from_here = walk_from(
            procedure,
            self.ctx,
            &inputs,
            max_depth,
            &mut self.steps_left,
        );
        for (summary, q) in from_here.outcomes {
            self.record(summary, branch.p * q);
        }
        self.odds.unexplored += branch.p * from_here.unexplored;
        for assumption in from_here.assumptions {
            if !self.odds.assumptions.contains(&assumption) {
                self.odds.assumptions.push(assumption);
            }
        }
    }

    /// Ends the branch here, its mass unexplored.
    fn stop(&mut self, branch: &mut Branch) -> Option<Input> {
        self.odds.unexplored += branch.p;
        branch.settled = true;
        None
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

    /// One branch per band that some outcome reaches, with faces that read inside it.
    fn dice(&mut self, request: &DiceRequest, p: f64) -> Vec<(Answer, f64)> {
        let key = SplitKey {
            count: request.dice.count,
            die: request.dice.die,
            modifier: request.dice.modifier_total(),
            at_least: match request.reading {
                Reading::Total => None,
                Reading::Successes { at_least } => Some(at_least),
            },
            bands: request.bands.iter().map(|b| (b.from, b.to)).collect(),
        };
        let split = self.splits.entry(key).or_insert_with(|| split(request));
        let outcomes = split.outcomes as f64;
        let mut lost = p * (split.uncovered as f64 / outcomes);
        let mut branches = Vec::new();
        for (ways, faces) in &split.bands {
            let q = p * (*ways as f64 / outcomes);
            match faces {
                Some(faces) => branches.push((Answer::Faces(faces.clone()), q)),
                None => lost += q,
            }
        }
        self.odds.unexplored += lost;
        branches
    }

    /// One branch per card that could be drawn next, each equally likely; or, when the
    /// procedure reads only the suit and picture, one branch per such class of the cards left,
    /// weighted by its count (see [`CardRead`]).
    fn cards(
        &self,
        reads: CardRead,
        given: &[Input],
        answers: &[Input],
        p: f64,
    ) -> Vec<(Answer, f64)> {
        let pool = self.drawable(given.iter().chain(answers));
        let q = p / pool.len().max(1) as f64;
        let card = |card| (Answer::Given(Input::Card(card)), q);
        match reads {
            CardRead::Exact => pool.into_iter().map(card).collect(),
            CardRead::SuitAndPicture => {
                let mut classes: Vec<(Card, usize)> = Vec::new();
                for c in pool {
                    let class = |x: Card| (x.suit(), x.is_picture(), x.rank().is_none());
                    match classes.iter_mut().find(|(r, _)| class(*r) == class(c)) {
                        Some((_, n)) => *n += 1,
                        None => classes.push((c, 1)),
                    }
                }
                classes
                    .into_iter()
                    .map(|(c, n)| (Answer::Given(Input::Card(c)), q * n as f64))
                    .collect()
            }
        }
    }

    /// The cards the next draw can give, after the draws already in `inputs`.
    fn drawable<'i>(&self, inputs: impl Iterator<Item = &'i Input>) -> Vec<Card> {
        let deck = &self.ctx.state.deck;
        let mut pile = deck.unseen();
        let mut discards = deck.discards.clone();
        for input in inputs {
            if let Input::Card(card) = input {
                refill(&mut pile, &mut discards, deck.refill);
                if let Some(i) = pile.iter().position(|c| c == card) {
                    pile.remove(i);
                }
                discards.push(*card);
            }
        }
        refill(&mut pile, &mut discards, deck.refill);
        pile
    }

    /// The assumed option, noting the assumption; nothing if it does not exist.
    fn choice(&mut self, request: &ChoiceRequest, p: f64) -> Vec<(Answer, f64)> {
        let Some(option) = request.options.get(request.assumed) else {
            return Vec::new();
        };
        let known = self.odds.assumptions.iter().any(|a| {
            a.strip_prefix("assuming: ")
                .and_then(|a| a.strip_prefix(request.label.as_str()))
                .and_then(|a| a.strip_prefix(": "))
                == Some(option.as_str())
        });
        if !known {
            self.odds
                .assumptions
                .push(format!("assuming: {}: {}", request.label, option));
        }
        vec![(Answer::Given(Input::Choice(request.assumed)), p)]
    }
}

/// Works out how a request's roll splits into bands (see [`Split`]).
fn split(request: &DiceRequest) -> Split {
    let (counts, outcomes) = request.readings();
    let mut ways = vec![0u128; request.bands.len()];
    let mut faces: Vec<Option<Vec<u8>>> = vec![None; request.bands.len()];
    let mut uncovered = 0;
    for (&value, &n) in &counts {
        match request.bands.iter().position(|b| b.contains(value)) {
            Some(i) => {
                ways[i] += n;
                if faces[i].is_none() {
                    faces[i] = request.faces_reading(value);
                }
            }
            None => uncovered += n,
        }
    }
    Split {
        outcomes,
        uncovered,
        bands: ways
            .into_iter()
            .zip(faces)
            .filter(|(w, _)| *w > 0)
            .collect(),
    }
}

/// Shuffles the discards back in before a draw, when the deck's refill rule says so.
fn refill(pile: &mut Vec<Card>, discards: &mut Vec<Card>, when: Refill) {
    if when.before_draw(pile.len()) {
        pile.append(discards);
        pile.sort();
    }
}
