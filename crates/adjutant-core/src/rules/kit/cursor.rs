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
//!
//! The cursor also keeps the procedure's working copy of what it has changed so far: a body
//! that [`Cursor::apply`]s each piece or side change it makes reads, through
//! [`Cursor::status`] and [`Cursor::side_status`], each piece as the procedure has left it
//! (a later check sees an earlier step loss). The copy is kept exploring too, since what
//! steers the walk may depend on it.

use std::collections::BTreeMap;

use crate::battle::state::Context;
use crate::cards::Card;
use crate::event::{Event, PieceId};
use crate::procedure::{
    Ask, CardRequest, ChoiceRequest, DiceRequest, Explorer, Input, Procedure, Resolution, Step,
};
use crate::status::Status;

/// A value read, or the request the procedure stops at.
pub(crate) type Need<T> = Result<T, Step>;

/// A cursor over a procedure's inputs.
pub(crate) struct Cursor<'i, 'm> {
    given: std::slice::Iter<'i, Input>,
    used: usize,
    /// The odds walk, when exploring.
    more: Option<&'m mut Explorer<'m>>,
    /// The walk's latest answer (the body reads it before asking again).
    last: Option<Input>,
    /// The pieces this procedure has changed so far, as it has left them.
    pieces: BTreeMap<PieceId, Status>,
    /// The sides this procedure has changed so far, as it has left them.
    sides: BTreeMap<usize, Status>,
}

/// A roll read from its request: the band its reading falls in, the reading and the faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Roll {
    pub(crate) request: DiceRequest,
    /// The index of the band holding the reading.
    pub(crate) band: usize,
    pub(crate) reading: i32,
    pub(crate) faces: Vec<u8>,
    /// Typed in by the player rather than rolled by Adjutant.
    pub(crate) typed: bool,
}

impl<'i, 'm> Cursor<'i, 'm> {
    /// Steps over `inputs`, stopping at the first request they leave unanswered.
    pub(crate) fn stepping(inputs: &'i [Input]) -> Self {
        Cursor {
            given: inputs.iter(),
            used: 0,
            more: None,
            last: None,
            pieces: BTreeMap::new(),
            sides: BTreeMap::new(),
        }
    }

    /// Explores on from `inputs`, asking `more` for each further input.
    pub(crate) fn exploring(inputs: &'i [Input], more: &'m mut Explorer<'m>) -> Self {
        Cursor {
            given: inputs.iter(),
            used: 0,
            more: Some(more),
            last: None,
            pieces: BTreeMap::new(),
            sides: BTreeMap::new(),
        }
    }

    /// Only the odds are wanted: labels, narrative text and events may be left out.
    pub(crate) fn quiet(&self) -> bool {
        self.more.is_some()
    }

    /// How many inputs have been read.
    pub(crate) fn used(&self) -> usize {
        self.used
    }

    /// Applies `event` to the working copy of what this procedure has changed: a piece's or
    /// a side's change (the battle's status copied first, from `ctx`); any other event, or a
    /// piece or side the battle does not have, changes nothing (as [`BattleState::apply`]).
    ///
    /// [`BattleState::apply`]: crate::battle::state::BattleState::apply
    pub(crate) fn apply(&mut self, ctx: &Context, event: &Event) {
        match event {
            Event::Piece { piece, change } => {
                if let Some(status) = ctx.state.pieces.get(usize::from(piece.0)) {
                    self.pieces
                        .entry(*piece)
                        .or_insert_with(|| status.clone())
                        .apply(change);
                }
            }
            Event::Side { side, change } => {
                if let Some(status) = ctx.state.sides.get(*side) {
                    self.sides
                        .entry(*side)
                        .or_insert_with(|| status.clone())
                        .apply(change);
                }
            }
            _ => {}
        }
    }

    /// `id`'s status as this procedure has left it so far: the battle's in `ctx`, with the
    /// changes [`Cursor::apply`]d.
    pub(crate) fn status<'s>(&'s self, ctx: &Context<'s>, id: PieceId) -> &'s Status {
        self.pieces.get(&id).unwrap_or_else(|| ctx.state.piece(id))
    }

    /// `side`'s status as this procedure has left it so far, as [`Cursor::status`].
    pub(crate) fn side_status<'s>(&'s self, ctx: &Context<'s>, side: usize) -> &'s Status {
        self.sides
            .get(&side)
            .unwrap_or_else(|| &ctx.state.sides[side])
    }

    /// The input answering `request`: the next one given, else (exploring) the walk's answer;
    /// `None` when the procedure stops at `request`.
    pub(crate) fn answer(&mut self, request: &Step) -> Option<&Input> {
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
    pub(crate) fn next(&mut self, request: impl FnOnce() -> Step) -> Need<&Input> {
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
    pub(crate) fn stuck(&mut self, request: Step) -> Step {
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
    pub(crate) fn again(&mut self, since: usize) -> Need<()> {
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
    pub(crate) fn reading(&mut self, request: DiceRequest) -> Need<(DiceRequest, i32)> {
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
    pub(crate) fn roll(&mut self, request: DiceRequest) -> Need<Roll> {
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
    pub(crate) fn choose(&mut self, request: ChoiceRequest) -> Need<usize> {
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
    pub(crate) fn card(&mut self, request: CardRequest) -> Need<Card> {
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
pub(crate) fn finish(body: Need<Step>) -> Step {
    body.unwrap_or_else(|request| request)
}

/// A finished procedure's step.
pub(crate) fn done(summary: impl Into<String>, events: Vec<crate::event::Event>) -> Step {
    Step::Done(Resolution {
        summary: summary.into(),
        events,
    })
}

/// A procedure written as one body over a [`Cursor`]: implementing it gives the
/// [`Procedure`] — `step` runs the body stepping, `explore` runs it exploring — so the odds
/// walk runs on from where it stopped with no further code.
pub(crate) trait Script {
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
pub(crate) trait Body {
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
pub(crate) fn faces(input: &Input) -> &[u8] {
    match input {
        Input::Dice(rolled) => &rolled.faces,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::{Army, Unit};
    use crate::battle::state::{BattleState, Roster};
    use crate::rules::kit::events::{set_track, side_track};

    fn roster() -> Roster {
        let unit = |id: &str| Unit {
            id: id.into(),
            name: id.into(),
            kind: "Foot".into(),
            leader: None,
            stats: Default::default(),
            traits: Default::default(),
            group: None,
            notes: String::new(),
        };
        Roster::new(vec![Army {
            system: String::new(),
            name: "Red".into(),
            side: "Red".into(),
            description: String::new(),
            leaders: Vec::new(),
            units: vec![unit("a"), unit("b")],
        }])
    }

    #[test]
    fn a_piece_reads_as_the_procedure_has_left_it_and_the_battle_is_untouched() {
        let roster = roster();
        let state = BattleState::new(&roster);
        let ctx = Context {
            roster: &roster,
            state: &state,
        };
        let (a, b) = (roster.find(0, "a").unwrap(), roster.find(0, "b").unwrap());
        let mut cursor = Cursor::stepping(&[]);
        assert_eq!(cursor.status(&ctx, a).track("hits"), 0);
        cursor.apply(&ctx, &set_track(a, "hits", 1));
        cursor.apply(&ctx, &set_track(a, "hits", 2));
        cursor.apply(&ctx, &side_track(0, "losses", 3));
        assert_eq!(cursor.status(&ctx, a).track("hits"), 2);
        assert_eq!(cursor.status(&ctx, b).track("hits"), 0);
        assert_eq!(cursor.side_status(&ctx, 0).track("losses"), 3);
        // The battle's own state is only read.
        assert_eq!(ctx.status(a).track("hits"), 0);
        assert_eq!(state.sides[0].track("losses"), 0);
        // A piece or side the battle does not have, or an event that changes no status, is
        // passed over.
        cursor.apply(&ctx, &set_track(PieceId(9), "hits", 1));
        cursor.apply(&ctx, &side_track(5, "losses", 1));
        cursor.apply(
            &ctx,
            &Event::fact(crate::event::FactKind::Note, Some(a), "noted"),
        );
        assert_eq!(cursor.status(&ctx, a).track("hits"), 2);
        assert_eq!(cursor.side_status(&ctx, 0).track("losses"), 3);
    }
}
