//! One pass of a procedure over its inputs: a cursor that hands out the next roll or choice (or
//! stops with the request for it), and a working copy of the pieces the procedure has changed,
//! so a later check sees an earlier step loss. Procedures are written as straight-line code
//! with `?` after every request.

use std::collections::BTreeMap;

use super::look::Look;
use crate::battle::state::{Context, Roster};
use crate::dice::{Dice, Rolled};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Band, ChoiceRequest, DiceRequest, Input, Reading, Resolution, Step};
use crate::status::{Change, Status};

/// A procedure pass: inputs consumed so far, events produced, pieces changed.
pub struct Run<'a> {
    ctx: Context<'a>,
    inputs: &'a [Input],
    next: usize,
    pub events: Vec<Event>,
    pieces: BTreeMap<PieceId, Status>,
    sides: BTreeMap<usize, Status>,
}

/// The result of a pass step: a value, or the request that stops the pass.
pub type Need<T> = Result<T, Step>;

impl<'a> Run<'a> {
    pub fn new(ctx: &Context<'a>, inputs: &'a [Input]) -> Run<'a> {
        Run {
            ctx: *ctx,
            inputs,
            next: 0,
            events: Vec::new(),
            pieces: BTreeMap::new(),
            sides: BTreeMap::new(),
        }
    }

    /// Runs a procedure body to its next request or its resolution.
    pub fn finish(
        ctx: &Context,
        inputs: &[Input],
        body: impl FnOnce(&mut Run<'_>) -> Need<String>,
    ) -> Step {
        let mut run = Run::new(ctx, inputs);
        match body(&mut run) {
            Ok(summary) => Step::Done(Resolution {
                summary,
                events: run.events,
            }),
            Err(step) => step,
        }
    }

    /// The band index of the next roll, recording it; or the request if it has not come yet.
    pub fn roll(&mut self, req: DiceRequest) -> Need<usize> {
        self.roll_reading(req).map(|(band, _)| band)
    }

    /// The band index and the reading of the next roll. Only the band may steer what follows
    /// (the odds contract); the reading is for the narrative.
    pub fn roll_reading(&mut self, req: DiceRequest) -> Need<(usize, i32)> {
        if let Some(Input::Dice(r)) = self.inputs.get(self.next) {
            let faces: Vec<i64> = r.faces.iter().map(|&f| i64::from(f)).collect();
            if let Ok(faces) = req.dice.check_faces(&faces)
                && let Some(i) = req.bands.iter().position(|b| b.contains(req.read(&faces)))
            {
                self.next += 1;
                let reading = req.read(&faces);
                self.events.push(Event::Rolled {
                    label: req.label.clone(),
                    rolled: Rolled {
                        dice: req.dice.clone(),
                        faces,
                        typed: r.typed,
                    },
                });
                return Ok((i, reading));
            }
        }
        Err(Step::Dice(req))
    }

    /// The option chosen next; or the request if it has not come yet.
    pub fn choose(&mut self, req: ChoiceRequest) -> Need<usize> {
        match self.inputs.get(self.next) {
            Some(Input::Choice(i)) if *i < req.options.len() => {
                self.next += 1;
                Ok(*i)
            }
            _ => Err(Step::Choice(req)),
        }
    }

    /// Records an event and applies it to the working copy.
    pub fn emit(&mut self, event: Event) {
        match &event {
            Event::Piece { piece, change } => {
                let base = self.ctx.state.piece(*piece).clone();
                self.pieces.entry(*piece).or_insert(base).apply(change);
            }
            Event::Side { side, change } => {
                if let Some(base) = self.ctx.state.sides.get(*side).cloned() {
                    self.sides.entry(*side).or_insert(base).apply(change);
                }
            }
            _ => {}
        }
        self.events.push(event);
    }

    pub fn fact(&mut self, kind: FactKind, piece: Option<PieceId>, text: impl Into<String>) {
        self.emit(Event::fact(kind, piece, text));
    }

    pub fn flag(&mut self, piece: PieceId, key: &str, on: bool) {
        if self.status(piece).flag(key) != on {
            self.emit(piece_change(
                piece,
                Change::Flag {
                    key: key.into(),
                    on,
                },
            ));
        }
    }

    pub fn track(&mut self, piece: PieceId, key: &str, to: i32) {
        self.emit(piece_change(
            piece,
            Change::Track {
                key: key.into(),
                to,
            },
        ));
    }

    pub fn mark(&mut self, piece: PieceId, key: &str, to: Option<String>) {
        self.emit(piece_change(
            piece,
            Change::Mark {
                key: key.into(),
                to,
            },
        ));
    }

    pub fn name(&self, id: PieceId) -> String {
        self.ctx.roster.name(id).to_string()
    }
}

impl Look for Run<'_> {
    fn roster(&self) -> &Roster {
        self.ctx.roster
    }
    fn status(&self, id: PieceId) -> &Status {
        self.pieces
            .get(&id)
            .unwrap_or_else(|| self.ctx.state.piece(id))
    }
    fn side_status(&self, side: usize) -> &Status {
        self.sides
            .get(&side)
            .unwrap_or_else(|| &self.ctx.state.sides[side])
    }
    fn clock(&self) -> (u32, usize, usize) {
        self.ctx.clock()
    }
}

/// A piece status event.
pub fn piece_change(piece: PieceId, change: Change) -> Event {
    Event::Piece { piece, change }
}

/// The lowest and highest modified total of some dice.
pub fn reach(dice: &Dice) -> (i32, i32) {
    let m = dice.modifier_total();
    let n = i32::from(dice.count);
    (
        n * i32::from(dice.die.min()) + m,
        n * i32::from(dice.die.max()) + m,
    )
}

/// Bands over every reading of `dice`, merging neighbouring readings with the same label.
pub fn bands_by(dice: &Dice, label: impl Fn(i32) -> String) -> Vec<Band> {
    let (lo, hi) = reach(dice);
    let mut bands: Vec<Band> = Vec::new();
    for v in lo..=hi {
        let l = label(v);
        match bands.last_mut() {
            Some(b) if b.label == l => b.to = v,
            _ => bands.push(Band::new(v, v, l)),
        }
    }
    bands
}

/// A total-reading request.
pub fn request(
    label: impl Into<String>,
    rule: impl Into<String>,
    dice: Dice,
    bands: Vec<Band>,
) -> DiceRequest {
    DiceRequest {
        label: label.into(),
        rule: rule.into(),
        dice,
        reading: Reading::Total,
        bands,
    }
}

/// A two-way choice, the first option assumed for the odds.
pub fn choice(
    label: impl Into<String>,
    rule: impl Into<String>,
    options: &[&str],
) -> ChoiceRequest {
    ChoiceRequest {
        label: label.into(),
        rule: rule.into(),
        options: options.iter().map(|s| s.to_string()).collect(),
        assumed: 0,
    }
}
