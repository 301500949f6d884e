//! One pass of a procedure over its inputs: the kit's cursor ([`crate::rules::kit::Cursor`])
//! hands out the next roll or choice (or stops with the request for it) and keeps the working
//! copy of the pieces the procedure has changed, so a later check sees an earlier step loss.
//! Procedures are written as straight-line code with `?` after every request. For the odds a
//! pass is *explored*: past the given inputs the cursor asks the odds walk for the next one and
//! carries on, quietly (no events, no narrative text), so the walk runs the body once per
//! outcome rather than once per request.

use super::look::Look;
use crate::battle::state::{Context, Roster};
use crate::dice::Dice;
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Band, ChoiceRequest, DiceRequest};
use crate::rules::kit::events::{set_flag, set_mark, set_track};
use crate::rules::kit::{Cursor, Need};
use crate::status::Status;

/// A procedure pass: the kit's input cursor (with the pieces changed), the events produced.
pub(crate) struct Run<'c, 'i, 'm> {
    ctx: Context<'c>,
    cursor: &'c mut Cursor<'i, 'm>,
    /// Only the odds are wanted: no events are kept and narrative text may be skipped (the
    /// cursor's working copy of the pieces is still kept, so later checks see earlier changes).
    pub(crate) quiet: bool,
    pub(crate) events: Vec<Event>,
    /// The units this procedure routed and sent back (whether or not they were routed
    /// before): they have left their hex.
    pub(crate) routed: Vec<PieceId>,
}

impl<'c, 'i, 'm> Run<'c, 'i, 'm> {
    /// A pass over `cursor`'s inputs, with nothing changed yet.
    pub(crate) fn over(ctx: &Context<'c>, cursor: &'c mut Cursor<'i, 'm>) -> Self {
        Run {
            ctx: *ctx,
            quiet: cursor.quiet(),
            cursor,
            events: Vec::new(),
            routed: Vec::new(),
        }
    }

    /// The band index of the next roll; or the request if it has not come yet.
    pub(crate) fn roll(&mut self, req: DiceRequest) -> Need<usize> {
        self.roll_reading(req).map(|(band, _)| band)
    }

    /// The band index and the reading of the next roll. Only the band may steer what follows
    /// (the odds contract); the reading is for the narrative. The roll itself is recorded by
    /// the battle when it is given, once.
    pub(crate) fn roll_reading(&mut self, req: DiceRequest) -> Need<(usize, i32)> {
        let roll = self.cursor.roll(req)?;
        Ok((roll.band, roll.reading))
    }

    /// The option chosen next; or the request if it has not come yet.
    pub(crate) fn choose(&mut self, req: ChoiceRequest) -> Need<usize> {
        self.cursor.choose(req)
    }

    /// Records an event (unless quiet) and applies it to the cursor's working copy.
    pub(crate) fn emit(&mut self, event: Event) {
        self.cursor.apply(&self.ctx, &event);
        if !self.quiet {
            self.events.push(event);
        }
    }

    /// A fact for the log; nothing when quiet. (Callers that format the text check
    /// [`Run::quiet`] first where it matters.)
    pub(crate) fn fact(&mut self, kind: FactKind, piece: Option<PieceId>, text: impl Into<String>) {
        if !self.quiet {
            self.emit(Event::fact(kind, piece, text));
        }
    }

    /// A fact about `piece`, its text made from the piece's name: only when someone reads it
    /// (not while exploring).
    pub(crate) fn fact_about(
        &mut self,
        kind: FactKind,
        piece: PieceId,
        text: impl FnOnce(&str) -> String,
    ) {
        if !self.quiet {
            let text = text(&self.ctx.roster.name(piece));
            self.emit(Event::fact(kind, Some(piece), text));
        }
    }

    pub(crate) fn flag(&mut self, piece: PieceId, key: &str, on: bool) {
        if self.status(piece).flag(key) != on {
            self.emit(set_flag(piece, key, on));
        }
    }

    pub(crate) fn track(&mut self, piece: PieceId, key: &str, to: i32) {
        self.emit(set_track(piece, key, to));
    }

    pub(crate) fn mark(&mut self, piece: PieceId, key: &str, to: Option<String>) {
        self.emit(set_mark(piece, key, to));
    }

    pub(crate) fn name(&self, id: PieceId) -> String {
        self.ctx.roster.name(id).to_string()
    }
}

impl Look for Run<'_, '_, '_> {
    fn roster(&self) -> &Roster {
        self.ctx.roster
    }
    fn status(&self, id: PieceId) -> &Status {
        self.cursor.status(&self.ctx, id)
    }
    fn side_status(&self, side: usize) -> &Status {
        self.cursor.side_status(&self.ctx, side)
    }
    fn clock(&self) -> (u32, usize, usize) {
        self.ctx.clock()
    }
    fn quiet(&self) -> bool {
        self.quiet
    }
}

/// The lowest and highest modified total of some dice.
pub(crate) fn reach(dice: &Dice) -> (i32, i32) {
    let m = dice.modifier_total();
    let n = i32::from(dice.count);
    (
        n * i32::from(dice.die.min()) + m,
        n * i32::from(dice.die.max()) + m,
    )
}

/// Bands over every reading of `dice`, merging neighbouring readings with the same label.
pub(crate) fn bands_by(dice: &Dice, label: impl Fn(i32) -> String) -> Vec<Band> {
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

/// A two-way choice, the first option assumed for the odds.
pub(crate) fn choice(
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
