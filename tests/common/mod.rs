//! Builders shared by the integration tests, for every rule system: a shipped army or battle
//! read from `armies/<system>/`, hand-made units, leaders, armies and battles ([`army`]), a
//! piece found by side and army-file id, the events that set a position up by hand (ladder
//! rungs, flags, marks, tracks, side tracks and flags, the clock), a procedure `Call`, drivers
//! that step a procedure answering each request with given dice faces, cards and choices (on
//! the one loop of [`driver`]), exact odds ([`exact`]), a battle written out as plain text
//! ([`state_text`]), and the `adjutant` binary run in a folder. Each test binary pulls it in
//! with `mod common;` and uses a part.

#![allow(dead_code)]

// Shared with the benches, from crates/adjutant-testkit; each test binary uses a part.
#[allow(unused_imports)]
pub use adjutant_testkit::{army, driver, exact};
pub mod rcw_hand;
pub mod script;
pub mod state_text;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use adjutant::army::{Army, load_army};
use adjutant::battle::Battle;
use adjutant::battle::state::Context;
use adjutant::cards::Card;
use adjutant::event::{Event, PieceId};
use adjutant::procedure::{Call, DiceRequest, Input, Procedure, Resolution, Step};
use adjutant::rules::RuleSystem;
use adjutant::rules::kit::events;
use adjutant::status::Change;

use driver::{drive_by, typed};

/// The shipped army `armies/<system>/<file>.ron` (`file` with or without `.ron`).
pub fn shipped_army(system: &str, file: &str) -> Army {
    let file = file.strip_suffix(".ron").unwrap_or(file);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(system)
        .join(format!("{file}.ron"));
    load_army(&path).unwrap_or_else(|p| panic!("{path:?}: {p:#?}"))
}

/// The shipped army files of `system`, sorted (none if the folder is missing).
pub fn shipped_files(system: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(system);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// A new battle of two shipped armies of `system`, with this seed.
pub fn shipped_battle(system: &str, files: [&str; 2], seed: u64) -> Battle {
    army::battle_of(system, files.map(|f| shipped_army(system, f)), seed)
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

/// Steps a procedure to its end, answering each dice request with the next face (one die),
/// each card request with the next card, and each choice with the next of `choices`, or with
/// the assumed option when `choices` is `None`. Returns the dice requests met and the result.
pub fn drive(
    p: &dyn Procedure,
    ctx: &Context,
    faces: &[u8],
    cards: &[&str],
    choices: Option<&[usize]>,
) -> (Vec<DiceRequest>, Resolution) {
    let (mut faces, mut cards) = (faces.iter(), cards.iter());
    let mut choices = choices.map(|c| c.iter());
    drive_by(p, ctx, |step| match step {
        Step::Dice(req) => typed(
            req,
            vec![*faces.next().expect("a face for every dice request")],
        ),
        Step::Card(_) => Input::Card(card(cards.next().expect("a card"))),
        Step::Choice(req) => Input::Choice(match choices.as_mut() {
            Some(c) => *c.next().expect("a choice"),
            None => req.assumed,
        }),
        Step::Done(_) => unreachable!("the driver stops at the end"),
    })
}

/// Runs a call of `system` on the battle with dice faces and cards given in order, taking the
/// assumed option at each choice.
pub fn run_with(
    system: &dyn RuleSystem,
    b: &Battle,
    c: &Call,
    faces: &[u8],
    cards: &[&str],
) -> Resolution {
    let ctx = b.context();
    let p = system
        .procedure(&ctx, c)
        .unwrap_or_else(|r| panic!("refused: {r}"));
    drive(p.as_ref(), &ctx, faces, cards, None).1
}

/// Runs a call of `system` on the battle with dice faces and choices given in order; returns
/// the dice requests met and the result.
pub fn run_choosing(
    system: &dyn RuleSystem,
    b: &Battle,
    c: &Call,
    faces: &[u8],
    choices: &[usize],
) -> (Vec<DiceRequest>, Resolution) {
    let ctx = b.context();
    let p = system
        .procedure(&ctx, c)
        .unwrap_or_else(|r| panic!("refused: {r}"));
    drive(p.as_ref(), &ctx, faces, &[], Some(choices))
}

/// Runs `adjutant ARGS` in `cwd` with its data (and config) folder `data`.
pub fn adjutant(cwd: &Path, data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .args(args)
        .current_dir(cwd)
        .env("ADJUTANT_DATA_DIR", data)
        .output()
        .expect("the adjutant binary runs")
}
