//! Reading a procedure's inputs one request at a time, in one of two modes. Stepping, it
//! hands out the inputs given and stops at the first request they do not answer. Exploring
//! (for the odds walk, [`crate::procedure::Procedure::explore`]), it asks the walk for every
//! input past the given ones and carries on, so the walk runs a procedure's body once per
//! outcome rather than once per request. Exploring is also *quiet*: only the odds are wanted,
//! so a body may leave out what only a person reads (request labels, narrative text, events)
//! — but never what steers the walk (dice, bands, options, the summary).

use crate::procedure::{DiceRequest, Explorer, Input, Step};

/// A cursor over a procedure's inputs.
pub struct Reader<'i, 'm> {
    given: std::slice::Iter<'i, Input>,
    /// The odds walk, when exploring.
    more: Option<&'m mut Explorer<'m>>,
    /// The walk's latest answer (the body reads it before asking again).
    last: Option<Input>,
}

impl<'i, 'm> Reader<'i, 'm> {
    /// Steps over `inputs`, stopping at the first request they leave unanswered.
    pub fn new(inputs: &'i [Input]) -> Self {
        Reader {
            given: inputs.iter(),
            more: None,
            last: None,
        }
    }

    /// Explores on from `inputs`, asking `more` for each further input.
    pub fn exploring(inputs: &'i [Input], more: &'m mut Explorer<'m>) -> Self {
        Reader {
            given: inputs.iter(),
            more: Some(more),
            last: None,
        }
    }

    /// Only the odds are wanted: labels, narrative text and events may be left out.
    pub fn quiet(&self) -> bool {
        self.more.is_some()
    }

    /// The input answering `request`: the next one given, else (exploring) the walk's answer;
    /// `None` when the procedure stops at `request`.
    pub fn answer(&mut self, request: &Step) -> Option<&Input> {
        if let Some(input) = self.given.next() {
            return Some(input);
        }
        let input = (self.more.as_mut()?)(request)?;
        Some(self.last.insert(input))
    }

    /// As [`Reader::answer`], building the request only when the given inputs have run out;
    /// the request is handed back when the procedure stops at it.
    pub fn next(&mut self, request: impl FnOnce() -> Step) -> Result<&Input, Step> {
        if let Some(input) = self.given.next() {
            return Ok(input);
        }
        let step = request();
        match self.more.as_mut().and_then(|more| more(&step)) {
            Some(input) => Ok(self.last.insert(input)),
            None => Err(step),
        }
    }
}

impl Reader<'_, '_> {
    /// The roll answering a dice request, for a procedure that reads it from dice only: the
    /// request back and the reading of the faces; or the step to return — the request, left
    /// unanswered or answered with something other than dice (then the procedure reads no
    /// further).
    pub fn reading(&mut self, request: DiceRequest) -> Result<(DiceRequest, i32), Step> {
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

    /// Stops for good at `request`, whose answer the procedure could not read (it reads no
    /// further inputs after that one): stepping, at once; exploring, after asking the walk
    /// for every answer it will give, as replaying [`crate::procedure::Procedure::step`]
    /// would, since each would be met by the same request.
    pub fn stuck(&mut self, request: Step) -> Step {
        if let Some(more) = self.more.as_mut() {
            while more(&request).is_some() {}
        }
        request
    }
}

/// The faces of a dice input (none for any other input).
pub fn faces(input: &Input) -> &[u8] {
    match input {
        Input::Dice(rolled) => &rolled.faces,
        _ => &[],
    }
}
