//! A position set up by hand, and the calls and cards a test plays into it: a shipped army or
//! battle (from the armies built into the core), a piece found by side and army-file id, the
//! events that set ladder rungs, flags, marks, tracks, side tracks and flags and the clock, a
//! procedure `Call`, and a card from its text.

use adjutant_core::army::{Army, shipped};
use adjutant_core::battle::Battle;
use adjutant_core::cards::Card;
use adjutant_core::event::{Event, PieceId};
use adjutant_core::procedure::Call;
use adjutant_core::rules::kit::events;
use adjutant_core::status::Change;

use crate::army::battle_of;

/// The shipped army `armies/<system>/<file>.ron` (`file` with or without `.ron`), as built
/// into the core.
pub fn shipped_army(system: &str, file: &str) -> Army {
    let file = file.strip_suffix(".ron").unwrap_or(file);
    shipped::army(&format!("{system}/{file}.ron"))
}

/// A new battle of two shipped armies of `system`, with this seed.
pub fn shipped_battle(system: &str, files: [&str; 2], seed: u64) -> Battle {
    battle_of(system, files.map(|f| shipped_army(system, f)), seed)
}

/// The piece of `side` with this army-file id.
pub fn piece(b: &Battle, side: usize, id: &str) -> PieceId {
    b.roster
        .find(side, id)
        .unwrap_or_else(|| panic!("no piece {id} on side {side}"))
}

/// The battle with a position set up by hand (the events appended as one entry).
pub fn with(b: &Battle, events: Vec<Event>) -> Battle {
    b.with_position(events)
}

/// A change to one piece.
pub fn change(piece: PieceId, change: Change) -> Event {
    events::piece_change(piece, change)
}

/// A piece moved to rung `to` of the ladder `key`.
pub fn rung(p: PieceId, key: &str, to: u8) -> Event {
    events::set_rung(p, key, to)
}

/// A piece's flag `key` set.
pub fn flag(p: PieceId, key: &str) -> Event {
    events::set_flag(p, key, true)
}

/// A piece's flag `key` cleared.
pub fn flag_off(p: PieceId, key: &str) -> Event {
    events::set_flag(p, key, false)
}

/// A piece's mark `key` set to `v`.
pub fn mark(p: PieceId, key: &str, v: &str) -> Event {
    events::set_mark(p, key, Some(v.into()))
}

/// A piece's track `key` set to `n`.
pub fn track(p: PieceId, key: &str, n: i32) -> Event {
    events::set_track(p, key, n)
}

/// A side's track `key` set to `n`.
pub fn side_track(side: usize, key: &str, n: i32) -> Event {
    events::side_track(side, key, n)
}

/// A side's flag `key` set.
pub fn side_flag(side: usize, key: &str) -> Event {
    events::side_flag(side, key, true)
}

/// The clock moved to `turn`, `phase`, with `side` to act.
pub fn clock(turn: u32, phase: usize, side: usize) -> Event {
    Event::Clock { turn, phase, side }
}

/// A procedure call.
pub fn call(id: &str, actors: &[PieceId], targets: &[PieceId], params: &[(&str, &str)]) -> Call {
    Call {
        id: id.into(),
        actors: actors.to_vec(),
        targets: targets.to_vec(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// A card from its text ("QH", "10S", …).
pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}
