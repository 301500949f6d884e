//! Reading a procedure's inputs one request at a time, and the [`Script`] trait that turns
//! one body into both [`Procedure::step`] and the odds walk's [`Procedure::explore`].
//!
//! A [`Cursor`] runs in one of two modes. *Stepping*, it hands out the inputs given and stops
//! at the first request they do not answer. *Exploring* (for [`crate::odds`]), it asks the
//! walk for every input past the given ones and carries on, so the walk runs a procedure's
//! body once per outcome rather than once per request. Exploring is also *quiet*: only the
//! odds are wanted, so a body may leave out what only a person reads (request labels,
//! narrative text, events) — but never what steers the walk (dice, bands, options, the
//! summary).
//!
//! A body reads each input with [`Cursor::roll`], [`Cursor::reading`], [`Cursor::choose`] or
//! [`Cursor::card`] and stops at the request they hand back with `?`; [`Cursor::next`]
//! builds a request only when it is asked (a hot loop's labels cost nothing when stepping
//! over given inputs). An answer the body cannot read (a card where it asked for dice, faces
//! outside the dice or outside every band) stops the procedure there for good: stepping at
//! once, exploring after draining the walk's answers, exactly as replaying `step` would.

use crate::battle::state::Context;
use crate::cards::Card;
use crate::procedure::{
    Ask, CardRequest, ChoiceRequest, DiceRequest, Explorer, Input, Procedure, Resolution, Step,
};

/// A value read, or the request the procedure stops at.
pub type Need<T> = Result<T, Step>;

/// A cursor over a procedure's inputs.
pub struct Cursor<'i, 'm> {
    given: std::slice::Iter<'i, Input>,
    used: usize,
    /// The odds walk, when exploring.
    more: Option<&'m mut Explorer<'m>>,
    /// The walk's latest answer (the body reads it before asking again).
    last: Option<Input>,
}

/// A roll read from its request: the band its reading falls in, the reading and the faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roll {
    pub request: DiceRequest,
    /// The index of the band holding the reading.
    pub band: usize,
    pub reading: i32,
    pub faces: Vec<u8>,
    /// Typed in by the player rather than rolled by Adjutant.
    pub typed: bool,
}

impl<'i, 'm> Cursor<'i, 'm> {
    /// Steps over `inputs`, stopping at the first request they leave unanswered.
    pub fn stepping(inputs: &'i [Input]) -> Self {
        Cursor {
            given: inputs.iter(),
            used: 0,
            more: None,
            last: None,
        }
    }

    /// Explores on from `inputs`, asking `more` for each further input.
    pub fn exploring(inputs: &'i [Input], more: &'m mut Explorer<'m>) -> Self {
        Cursor {
            given: inputs.iter(),
            used: 0,
            more: Some(more),
            last: None,
        }
    }

    /// Only the odds are wanted: labels, narrative text and events may be left out.
    pub fn quiet(&self) -> bool {
        self.more.is_some()
    }

    /// How many inputs have been read.
    pub fn used(&self) -> usize {
        self.used
    }

    /// The input answering `request`: the next one given, else (exploring) the walk's answer;
    /// `None` when the procedure stops at `request`.
    pub fn answer(&mut self, request: &Step) -> Option<&Input> {
        if let Some(input) = self.given.next() {
            self.used += 1;
            return Some(input);
        }
        let input = (self.more.as_mut()?)(Ask::Next(request))?;
        self.used += 1;
        Some(self.last.insert(input))
    }

    /// As [`Cursor::answer`], building the request only when the given inputs have run out;
    /// the request is handed back when the procedure stops at it.
    pub fn next(&mut self, request: impl FnOnce() -> Step) -> Need<&Input> {
        if let Some(input) = self.given.next() {
            self.used += 1;
            return Ok(input);
        }
        let step = request();
        match self.more.as_mut().and_then(|more| more(Ask::Next(&step))) {
            Some(input) => {
                self.used += 1;
                Ok(self.last.insert(input))
            }
            None => Err(step),
        }
    }

    /// Stops for good at `request`, whose answer the procedure could not read: stepping, at
    /// once; exploring, after asking the walk for every answer it will give, as replaying
    /// [`Procedure::step`] would, since each would be met by the same request.
    pub fn stuck(&mut self, request: Step) -> Step {
        if let Some(more) = self.more.as_mut() {
            while more(Ask::Next(&request)).is_some() {}
        }
        request
    }

    /// The procedure is back exactly where it stood after its first `since` inputs (a tie to
    /// roll again, a round that changed nothing). Stepping, it carries on (`Ok`). Exploring, it
    /// tells the walk, which sums the repeats itself (see [`Ask::Again`]), and stops: the step
    /// handed back is never read — unless the walk has it carry on (a repeat inside the
    /// inputs the walk started from).
    pub fn again(&mut self, since: usize) -> Need<()> {
        let at = self.used;
        let more = match self.more.as_mut() {
            Some(more) => more,
            None => return Ok(()),
        };
        match more(Ask::Again { since, at }) {
            Some(_) => Ok(()),
            None => Err(Step::Done(Resolution {
                summary: String::new(),
                events: Vec::new(),
            })),
        }
    }

    /// The reading of the roll answering `request` (faces taken as given): the request back
    /// and the reading; or the step to return.
    pub fn reading(&mut self, request: DiceRequest) -> Need<(DiceRequest, i32)> {
        let step = Step::Dice(request);
        let read = match (&step, self.answer(&step)) {
            (Step::Dice(req), Some(Input::Dice(rolled))) => Some(Ok(req.read(&rolled.faces))),
            (_, Some(_)) => Some(Err(())),
            (_, None) => None,
        };
        match (step, read) {
            (Step::Dice(req), Some(Ok(value))) => Ok((req, value)),
            (step, Some(Err(()))) => Err(self.stuck(step)),
            (step, _) => Err(step),
        }
    }

    /// The roll answering `request`, its faces checked against the dice asked for and its
    /// reading against the bands; or the step to return.
    pub fn roll(&mut self, request: DiceRequest) -> Need<Roll> {
        let step = Step::Dice(request);
        let read = match (&step, self.answer(&step)) {
            (Step::Dice(req), Some(Input::Dice(rolled))) => {
                let faces: Vec<i64> = rolled.faces.iter().map(|&f| i64::from(f)).collect();
                let typed = rolled.typed;
                Some(req.dice.check_faces(&faces).ok().and_then(|faces| {
                    let reading = req.read(&faces);
                    let band = req.bands.iter().position(|b| b.contains(reading))?;
                    Some((band, reading, faces, typed))
                }))
            }
            (_, Some(_)) => Some(None),
            (_, None) => None,
        };
        match (step, read) {
            (Step::Dice(request), Some(Some((band, reading, faces, typed)))) => Ok(Roll {
                request,
                band,
                reading,
                faces,
                typed,
            }),
            (step, Some(_)) => Err(self.stuck(step)),
            (step, None) => Err(step),
        }
    }

    /// The option chosen for `request`; or the step to return.
    pub fn choose(&mut self, request: ChoiceRequest) -> Need<usize> {
        let options = request.options.len();
        let step = Step::Choice(request);
        let chosen = match self.answer(&step) {
            None => return Err(step),
            Some(Input::Choice(i)) if *i < options => Some(*i),
            Some(_) => None,
        };
        chosen.ok_or_else(|| self.stuck(step))
    }

    /// The card drawn for `request`; or the step to return.
    pub fn card(&mut self, request: CardRequest) -> Need<Card> {
        let step = Step::Card(request);
        let card = match self.answer(&step) {
            None => return Err(step),
            Some(Input::Card(card)) => Some(*card),
            Some(_) => None,
        };
        card.ok_or_else(|| self.stuck(step))
    }
}

/// The step of a procedure body written with `?` over a [`Cursor`]: its `Err` is the request
/// it stopped at.
pub fn finish(body: Need<Step>) -> Step {
    body.unwrap_or_else(|request| request)
}

/// A finished procedure's step.
pub fn done(summary: impl Into<String>, events: Vec<crate::event::Event>) -> Step {
    Step::Done(Resolution {
        summary: summary.into(),
        events,
    })
}

/// A procedure written as one body over a [`Cursor`]: implementing it gives the
/// [`Procedure`] — `step` runs the body stepping, `explore` runs it exploring — so the odds
/// walk runs on from where it stopped with no further code.
pub trait Script {
    /// The title shown above the proposal.
    fn title(&self) -> String;
    /// The modifiers and notes that apply before any dice.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
    /// The procedure, its inputs read from `cursor`: the next request or the resolution.
    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step;
}

/// A [`Script`] written as one body that stops at a request with `?` (a [`Need`]): its
/// `run` is the body, [`finish`]ed.
pub trait Body {
    /// The title shown above the proposal.
    fn title(&self) -> String;
    /// The modifiers and notes that apply before any dice.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
    /// The procedure, its inputs read from `cursor`: the resolution, or the request it stops at.
    fn body(&self, ctx: &Context, cursor: &mut Cursor) -> Need<Step>;
}

impl<B: Body> Script for B {
    fn title(&self) -> String {
        Body::title(self)
    }

    fn notes(&self) -> Vec<String> {
        Body::notes(self)
    }

    fn run(&self, ctx: &Context, cursor: &mut Cursor) -> Step {
        finish(self.body(ctx, cursor))
    }
}

impl<S: Script> Procedure for S {
    fn title(&self) -> String {
        Script::title(self)
    }

    fn notes(&self) -> Vec<String> {
        Script::notes(self)
    }

    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step {
        self.run(ctx, &mut Cursor::stepping(inputs))
    }

    fn explore(&self, ctx: &Context, inputs: &[Input], more: &mut Explorer<'_>) -> Step {
        self.run(ctx, &mut Cursor::exploring(inputs, more))
    }
}

/// The faces of a dice input (none for any other input).
pub fn faces(input: &Input) -> &[u8] {
    match input {
        Input::Dice(rolled) => &rolled.faces,
        _ => &[],
    }
}
