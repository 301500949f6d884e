//! Events in words for the log and the procedure panel, using the rule system's labels for
//! tracks, ladders, flags and marks. A secret mark's new value is left out for a viewer who
//! may not see it. A change to something the schema does not declare is the rules' own
//! bookkeeping (which hex a unit must melee, by piece number) and is not put into words; a
//! mark that names a piece by its army-file id reads as the piece's name. Also what an entry
//! came to (its events less the dice and cards, which the log lists) and, for a procedure
//! under way, what each roll so far meant.

use adjutant::battle::state::Roster;
use adjutant::battle::{Battle, Entry, Pending};
use adjutant::event::{Event, FactKind};
use adjutant::procedure::{Input, Step};
use adjutant::status::{Change, StatusSchema, Viewer};

/// The events of an entry that say what came of it: all but its dice, cards, shuffles and
/// bookkeeping, or every event a player reads when it has nothing else.
pub fn outcome<'a>(game: &Battle, entry: &'a Entry) -> Vec<&'a Event> {
    let results: Vec<&Event> = shown(game, &entry.events)
        .filter(|e| {
            !matches!(
                e,
                Event::Rolled { .. } | Event::Drew { .. } | Event::Shuffled { .. }
            )
        })
        .collect();
    if results.is_empty() {
        shown(game, &entry.events).collect()
    } else {
        results
    }
}

/// The events a player reads: all but the rules' bookkeeping, and the clock's move when the
/// entry says it in words of its own ("Turn 2: Melee Phase (Royalist)"), so a phase change
/// reads once.
pub fn shown<'a>(game: &Battle, events: &'a [Event]) -> impl Iterator<Item = &'a Event> {
    let told = events.iter().any(|e| {
        matches!(
            e,
            Event::Fact {
                kind: FactKind::Turn,
                ..
            }
        )
    });
    events
        .iter()
        .filter(move |e| !(is_bookkeeping(game, e) || told && matches!(e, Event::Clock { .. })))
}

/// The lines of an entry as the log shows them under its title: each event in words, less a
/// line that says again what the title or a line before it says (in the same words, in any
/// order: "Turn 1: Movement Phase (Royalist)" under "Turn 1: Royalist Movement Phase").
pub fn entry_lines(game: &Battle, entry: &Entry, viewer: Viewer) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for e in shown(game, &entry.events) {
        let line = event(game, e, viewer);
        if !same_words(&line, &entry.title) && !lines.iter().any(|l| same_words(l, &line)) {
            lines.push(line);
        }
    }
    lines
}

/// Whether two lines say the same words, in any order, whatever their case and punctuation.
pub fn same_words(a: &str, b: &str) -> bool {
    let words = |s: &str| {
        let mut w: Vec<String> = s
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        w.sort();
        w
    };
    words(a) == words(b)
}

/// Whether an event changes something the status schema does not declare: the rules' own
/// note, with no label for a player.
pub fn is_bookkeeping(game: &Battle, event: &Event) -> bool {
    let (schema, change) = match event {
        Event::Piece { piece, change } if usize::from(piece.0) < game.roster.pieces.len() => {
            (game.piece_schema(*piece), change)
        }
        Event::Side { change, .. } => (game.side_schema(), change),
        _ => return false,
    };
    !declares(schema, change)
}

/// Whether the schema declares what a change changes.
fn declares(schema: &StatusSchema, change: &Change) -> bool {
    match change {
        Change::Track { key, .. } => schema.tracks.iter().any(|t| t.key == key),
        Change::Ladder { key, .. } => schema.ladders.iter().any(|l| l.key == key),
        Change::Flag { key, .. } => schema.flags.iter().any(|f| f.key == key),
        Change::Mark { key, .. } => schema.marks.iter().any(|m| m.key == key),
    }
}

/// The lines of a procedure under way: each event, a roll followed by the band its reading
/// fell in ("2D6 [6 5] = 11 → > 7: fails"), found by asking the procedure what it asked for.
pub fn pending_lines(game: &Battle, pending: &Pending, viewer: Viewer) -> Vec<String> {
    let procedure = game.pending_procedure();
    let ctx = game.context();
    let mut bands = pending.inputs.iter().enumerate().filter_map(|(i, input)| {
        let Input::Dice(rolled) = input else {
            return None;
        };
        let step = procedure.as_ref()?.step(&ctx, &pending.inputs[..i]);
        match step {
            Step::Dice(req) => Some(req.band_of(&rolled.faces).map(|b| b.label.clone())),
            _ => Some(None),
        }
    });
    pending
        .events
        .iter()
        .filter(|e| !is_bookkeeping(game, e))
        .map(|e| {
            let line = event(game, e, viewer);
            match e {
                Event::Rolled { .. } => match bands.next().flatten() {
                    Some(band) => format!("{line} → {band}"),
                    None => line,
                },
                _ => line,
            }
        })
        .collect()
}

/// One line for an event, as `viewer` may read it.
pub fn event(game: &Battle, event: &Event, viewer: Viewer) -> String {
    match event {
        Event::Rolled { label, rolled, .. } => {
            let how = if rolled.typed { " (typed)" } else { "" };
            format!("{label}: {rolled}{how}")
        }
        Event::Drew { label, card, typed } => {
            let how = if *typed { " (entered)" } else { "" };
            format!("{label}: {card}{how}")
        }
        Event::Shuffled { order } => format!("The deck is shuffled ({} cards)", order.len()),
        Event::Fact { text, .. } => text.clone(),
        Event::Piece { piece, change } => {
            let roster = &game.roster;
            if usize::from(piece.0) >= roster.pieces.len() {
                return "A piece not on the roster changed".into();
            }
            let schema = game.piece_schema(*piece);
            let side = roster.side_of(*piece);
            let name = roster.name(*piece);
            // A leader's place reads as a sentence, as the entry that records it is titled.
            if let Change::Mark { key, to } = change
                && key == adjutant::status::WITH
                && roster.leader(*piece).is_some()
            {
                let unit = to
                    .as_deref()
                    .map(|v| roster.mark_value(side, v).into_owned())
                    .unwrap_or_default();
                return adjutant::battle::adjust::with_words(&name, &unit);
            }
            let words = Words {
                roster,
                side,
                show_secrets: viewer.sees_secrets_of(side),
            };
            format!("{name}: {}", words.change(schema, change))
        }
        Event::Side { side, change } => {
            let schema = game.side_schema();
            let name = game
                .armies()
                .get(*side)
                .map_or("A side", |a| a.side.as_str());
            let words = Words {
                roster: &game.roster,
                side: *side,
                show_secrets: viewer.sees_secrets_of(*side),
            };
            format!("{name}: {}", words.change(schema, change))
        }
        Event::Clock { turn, phase, side } => {
            let phase = game
                .rules()
                .phases()
                .get(*phase)
                .map_or_else(|| format!("phase {}", phase + 1), |p| p.name.clone());
            let side = game.armies().get(*side).map_or("", |a| a.side.as_str());
            format!("Turn {turn}: {phase} ({side})")
        }
        Event::Ended { result } => format!("Battle over: {result}"),
    }
}

/// How a status change of a piece or side of `side` is put into words.
struct Words<'a> {
    roster: &'a Roster,
    side: usize,
    show_secrets: bool,
}

impl Words<'_> {
    /// A status change in the schema's words; a key the schema does not declare is shown as
    /// it is, though the log leaves such changes out (see [`is_bookkeeping`]).
    fn change(&self, schema: &StatusSchema, change: &Change) -> String {
        match change {
            Change::Track { key, to } => {
                let label = schema
                    .tracks
                    .iter()
                    .find(|t| t.key == key)
                    .map_or(key.as_str(), |t| t.label.as_str());
                format!("{label} → {to}")
            }
            Change::Ladder { key, to } => match schema.ladders.iter().find(|l| l.key == key) {
                Some(l) => {
                    let rung = l
                        .rungs
                        .get(usize::from(*to))
                        .map_or_else(|| to.to_string(), Clone::clone);
                    format!("{} → {rung}", l.label)
                }
                None => format!("{key} → {to}"),
            },
            Change::Flag { key, on } => {
                let label = schema
                    .flags
                    .iter()
                    .find(|f| f.key == key)
                    .map_or(key.as_str(), |f| f.label.as_str());
                if *on {
                    label.to_string()
                } else {
                    format!("no longer {label}")
                }
            }
            Change::Mark { key, to } => {
                let spec = schema.marks.iter().find(|m| m.key == key);
                let label = spec.map_or(key.as_str(), |m| m.label.as_str());
                let secret = spec.is_some_and(|m| m.secret);
                match to {
                    Some(_) if secret && !self.show_secrets => format!("{label} set (hidden)"),
                    // A mark whose one value is its label ("First player") is said once.
                    Some(v) if v == label => label.to_string(),
                    Some(v) => format!("{label} → {}", self.roster.mark_value(self.side, v)),
                    None => format!("{label} removed"),
                }
            }
        }
    }
}
