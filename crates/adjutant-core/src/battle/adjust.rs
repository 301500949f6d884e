//! Corrections by hand: when the table and the battle disagree (a forgotten hit, a chit put
//! down wrong), the player sets any track, ladder rung, flag or mark of a piece or a side to
//! what it should be. A correction is an entry like any other — saved, undone and redone —
//! titled and logged as a manual correction, so the log and the report say what was changed
//! by hand, from what to what.

use serde::{Deserialize, Serialize};

use super::{Action, ActionError, Battle, Entry};
use crate::event::{Event, FactKind, PieceId};
use crate::status::{Change, Status, StatusSchema};

/// Whose status a correction changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Subject {
    Piece(PieceId),
    Side(usize),
}

impl Battle {
    /// Sets one item of a piece's or a side's status by hand, as a logged, undoable entry.
    /// Refused while a procedure is under way, for an item the subject's schema does not
    /// hold, for a value out of its range, and when the value is already so.
    pub fn adjust(&mut self, subject: Subject, change: Change) -> Result<(), ActionError> {
        if let Some(p) = &self.pending {
            return Err(ActionError::Busy(p.title.clone()));
        }
        let (name, schema, status) = match subject {
            Subject::Piece(id) if usize::from(id.0) < self.roster.pieces.len() => (
                self.roster.name(id).to_string(),
                self.piece_schema(id),
                self.state.piece(id),
            ),
            Subject::Side(side) if side < self.roster.armies.len() => (
                self.roster.armies[side].side.clone(),
                self.side_schema(),
                &self.state.sides[side],
            ),
            _ => return Err(ActionError::Adjust("no such piece or side".into())),
        };
        let (label, from, to) = describe(schema, status, &change).map_err(ActionError::Adjust)?;
        if from == to {
            return Err(ActionError::Adjust(format!("{label} is already {to}")));
        }
        // A mark that names a piece by its army-file id is said with the piece's name.
        let (from, to) = match (&change, subject) {
            (Change::Mark { .. }, Subject::Piece(id)) => {
                let side = self.roster.side_of(id);
                (
                    self.roster.mark_value(side, &from).into_owned(),
                    self.roster.mark_value(side, &to).into_owned(),
                )
            }
            _ => (from, to),
        };
        let text = format!("Manual correction: {name}: {label} {from} → {to}");
        let (piece, event) = match subject {
            Subject::Piece(piece) => (
                Some(piece),
                Event::Piece {
                    piece,
                    change: change.clone(),
                },
            ),
            Subject::Side(side) => (
                None,
                Event::Side {
                    side,
                    change: change.clone(),
                },
            ),
        };
        self.redo.clear();
        self.commit(Entry {
            title: format!("Manual correction: {name}"),
            action: Action::Adjust { subject, change },
            events: vec![event, Event::fact(FactKind::Note, piece, text)],
        });
        Ok(())
    }
}

/// The item's label and its value before and after, in words; an error when the schema does
/// not hold the item or the value is out of its range.
fn describe(
    schema: &StatusSchema,
    status: &Status,
    change: &Change,
) -> Result<(String, String, String), String> {
    let missing = |key: &str| format!("there is no '{key}' to correct here");
    match change {
        Change::Track { key, to } => {
            let t = schema
                .tracks
                .iter()
                .find(|t| t.key == key)
                .ok_or_else(|| missing(key))?;
            if !(t.min..=t.max).contains(to) {
                return Err(format!("{} runs from {} to {}", t.label, t.min, t.max));
            }
            Ok((
                t.label.clone(),
                status.track(key).to_string(),
                to.to_string(),
            ))
        }
        Change::Ladder { key, to } => {
            let l = schema
                .ladders
                .iter()
                .find(|l| l.key == key)
                .ok_or_else(|| missing(key))?;
            let rung = |i: u8| l.rungs.get(usize::from(i)).cloned();
            let to = rung(*to).ok_or_else(|| format!("{} has no such rung", l.label))?;
            let from = rung(status.rung(key)).unwrap_or_default();
            Ok((l.label.clone(), from, to))
        }
        Change::Flag { key, on } => {
            let f = schema
                .flags
                .iter()
                .find(|f| f.key == key)
                .ok_or_else(|| missing(key))?;
            let word = |b: bool| if b { "yes" } else { "no" }.to_string();
            Ok((f.label.clone(), word(status.flag(key)), word(*on)))
        }
        Change::Mark { key, to } => {
            let m = schema
                .marks
                .iter()
                .find(|m| m.key == key)
                .ok_or_else(|| missing(key))?;
            if let Some(v) = to
                && !m.choices.contains(v)
            {
                return Err(format!("{} cannot be '{v}'", m.label));
            }
            let word = |v: Option<&str>| v.unwrap_or("none").to_string();
            Ok((m.label.clone(), word(status.mark(key)), word(to.as_deref())))
        }
    }
}
