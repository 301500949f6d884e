//! Corrections by hand: when the table and the battle disagree (a forgotten hit, a chit put
//! down wrong), the player sets any track, ladder rung, flag or mark of a piece or a side to
//! what it should be. A correction is an entry like any other — saved, undone and redone —
//! titled and logged as a manual correction, so the log and the report say what was changed
//! by hand, from what to what. A leader's place with a unit (set from his row) is the table's
//! record rather than a correction, and reads so: "Henderson is with Henderson's Horse 1".

use serde::{Deserialize, Serialize};

use super::{Action, ActionError, Battle, Entry};
use crate::battle::state::Role;
use crate::event::{Event, FactKind, PieceId};
use crate::rules::kit::with;
use crate::status::{Change, Status, StatusSchema, WITH};

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
        // A leader's place with a unit is the table's record, not a correction: it reads so.
        let record = matches!((&change, subject), (Change::Mark { key, .. }, Subject::Piece(id))
            if key == WITH && self.roster.leader(id).is_some());
        let text = if record {
            with_words(&name, &to)
        } else {
            format!("Manual correction: {name}: {label} {from} → {to}")
        };
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
        let mut events = vec![event];
        if let (Change::Mark { key, to }, Subject::Piece(id)) = (&change, subject)
            && key == WITH
        {
            events.extend(self.with_follows(id, to.as_deref()));
        }
        let title = if record {
            text.clone()
        } else {
            format!("Manual correction: {name}")
        };
        events.push(Event::fact(FactKind::Note, piece, text));
        self.redo.clear();
        self.commit(Entry {
            title,
            action: Action::Adjust { subject, change },
            events,
        });
        Ok(())
    }

    /// What follows a correction of the record that a leader is with a unit ([`WITH`]), where
    /// units carry a mark of the same key naming their leader (Victory Without Squares): a
    /// leader's record set or cleared moves that mark to the unit he is now with (clearing it
    /// from the one he left, and the record of a leader it named before); a unit's mark
    /// cleared ends the records naming the unit.
    fn with_follows(&self, piece: PieceId, to: Option<&str>) -> Vec<Event> {
        let roster = &self.roster;
        let side = roster.side_of(piece);
        let status = |p: PieceId| self.state.piece(p);
        let set = |p: PieceId, to: Option<String>| Event::Piece {
            piece: p,
            change: Change::Mark {
                key: WITH.into(),
                to,
            },
        };
        let Some(leader) = roster.leader(piece) else {
            return match to {
                None if roster.unit(piece).is_some() => with::leaders_with(roster, status, piece)
                    .map(|l| set(l, None))
                    .collect(),
                _ => Vec::new(),
            };
        };
        let new = to.and_then(|name| {
            roster.ids().find(|&p| {
                roster.side_of(p) == side
                    && roster.piece(p).role == Role::Unit
                    && roster.answers_to(p, name)
            })
        });
        let mut out = Vec::new();
        for unit in roster.ids().filter(|&p| {
            roster.side_of(p) == side
                && roster.piece(p).role == Role::Unit
                && self.piece_schema(p).marks.iter().any(|m| m.key == WITH)
        }) {
            let now = status(unit).mark(WITH);
            let want = (Some(unit) == new).then_some(leader.id.as_str());
            if now == want || (want.is_none() && now != Some(leader.id.as_str())) {
                continue;
            }
            out.push(set(unit, want.map(String::from)));
            // The leader the unit had before leaves it.
            if let Some(other) = now.and_then(|id| roster.find(side, id))
                && other != piece
                && with::unit_of(roster, other, status(other)) == Some(unit)
            {
                out.push(set(other, None));
            }
        }
        out
    }
}

/// A leader's place in words: "Henderson is with Henderson's Horse 1", "… is with no unit".
pub fn with_words(leader: &str, unit: &str) -> String {
    if unit == "none" || unit.is_empty() {
        format!("{leader} is with no unit")
    } else {
        format!("{leader} is with {unit}")
    }
}

/// The item of the schema's `items` under `key`, or why there is none.
fn item<'s, T>(items: &'s [T], key: &str, key_of: impl Fn(&T) -> &str) -> Result<&'s T, String> {
    items
        .iter()
        .find(|i| key_of(i) == key)
        .ok_or_else(|| format!("there is no '{key}' to correct here"))
}

/// The item's label and its value before and after, in words; an error when the schema does
/// not hold the item or the value is out of its range.
fn describe(
    schema: &StatusSchema,
    status: &Status,
    change: &Change,
) -> Result<(String, String, String), String> {
    match change {
        Change::Track { key, to } => {
            let t = item(&schema.tracks, key, |t| t.key)?;
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
            let l = item(&schema.ladders, key, |l| l.key)?;
            let rung = |i: u8| l.rungs.get(usize::from(i)).cloned();
            let to = rung(*to).ok_or_else(|| format!("{} has no such rung", l.label))?;
            let from = rung(status.rung(key)).unwrap_or_default();
            Ok((l.label.clone(), from, to))
        }
        Change::Flag { key, on } => {
            let f = item(&schema.flags, key, |f| f.key)?;
            let word = |b: bool| if b { "yes" } else { "no" }.to_string();
            Ok((f.label.clone(), word(status.flag(key)), word(*on)))
        }
        Change::Mark { key, to } => {
            let m = item(&schema.marks, key, |m| m.key)?;
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
