//! What an RCW army file holds and what a piece's status is made of (§2, §3):
//! unit kinds (the rows of the unit table), optional per-unit overrides of the table's
//! numbers, quality and set-up traits; the status schema; and the set-up events.

use super::keys::*;
use super::tables::RcwTables;
use super::unit::view;
use crate::army::{ArmySpec, KindSpec, StatSpec};
use crate::battle::state::{Context, Roster};
use crate::event::{Event, PieceId};
use crate::rules::kit::events::{flag, mark, piece_change};
use crate::rules::kit::schema;
use crate::status::{StatusSchema, TrackStyle};

/// The army-file description of this system. Move, range and dice come from the unit table
/// and need not be given; a unit may override them (a scenario's odd weapon).
pub(crate) fn army_spec() -> ArmySpec {
    let kind = KindSpec::new;
    let stat = |key, label, max| StatSpec::range(key, label, 0, max);
    ArmySpec {
        unit_kinds: vec![
            kind(
                HQ,
                "headquarters: cannot shoot; observes for its own mortars; command radius 6",
            ),
            kind(
                FAO,
                "forward artillery observer: cannot shoot; observes for artillery",
            ),
            kind(INFANTRY, "rifles: may entrench and initiate close assault"),
            kind(MG, "machine guns: 3 shooting dice, may entrench"),
            kind(MORTAR, "may entrench; may fire through its HQ"),
            kind(CAVALRY, "moves 3, may initiate close assault"),
            kind(
                ARTILLERY,
                "range 18; moves limbered, shoots unlimbered; through an FAO",
            ),
            kind(ARMOURED_CAR, "armoured"),
            kind(
                TANK,
                "armoured; destroys armour; may initiate close assault",
            ),
            kind(WAGON, "transport: no shooting or assault dice"),
            kind(ARMOURED_TRAIN, "armoured, rails only; hits as artillery"),
        ],
        unit_stats: vec![
            stat(STAT_MOVE, "Move (hexes)", 10),
            stat(STAT_RANGE, "Range (hexes)", 30),
            stat(STAT_SHOOT, "Shooting dice", 6),
            stat(STAT_ASSAULT, "Assault dice", 6),
        ],
        leader_stats: Vec::new(),
        unit_traits: vec![
            ELITE,
            CONSCRIPT,
            ENTRENCHED_AT_START,
            CONCEALED_AT_START,
            UNLIMBERED_AT_START,
        ],
        leader_traits: Vec::new(),
    }
}

/// A unit's status: the common part, plus limbered for artillery, entrenched where the
/// kind may dig in, and armoured where the kind is.
pub(crate) fn piece_schema(tables: &RcwTables, roster: &Roster, id: PieceId) -> StatusSchema {
    let Some(p) = roster.unit(id).and_then(|u| tables.profile(&u.kind)) else {
        return StatusSchema::default();
    };
    let mut flags = vec![
        schema::flag(PINNED, "Pinned"),
        schema::flag(DESTROYED, "Destroyed"),
        schema::flag(ELITE_USED, "First hit ignored (elite)"),
        schema::flag(ACTIVATED, "Activated this turn"),
        schema::flag(NO_MOVE, "Failed command roll: no Move"),
        schema::flag(CONCEALED, "Concealed"),
        schema::flag(SPOTTED, "Spotted"),
    ];
    if p.limbers {
        flags.push(schema::flag(LIMBERED, "Limbered"));
    }
    if p.entrenches {
        flags.push(schema::flag(ENTRENCHED, "Entrenched"));
    }
    if p.armoured {
        flags.push(schema::flag(ARMOURED, "Armoured"));
    }
    let actions: Vec<String> = ["Move", "Shoot", "Limber/Unlimber", "Rally", "Close assault"]
        .map(String::from)
        .to_vec();
    let qualities = tables.qualities.iter().map(|q| q.name.to_string());
    StatusSchema {
        tracks: vec![
            schema::track(
                HITS,
                "Hits this player turn",
                tables.destroying_hits,
                TrackStyle::Boxes,
            ),
            schema::track(ACTIONS, "Actions used", 2, TrackStyle::Boxes),
        ],
        ladders: Vec::new(),
        flags,
        marks: vec![
            schema::mark(QUALITY, "Quality", qualities.collect()),
            schema::mark(ORDERS, "Declared actions", actions.clone()),
            schema::mark(DONE, "Actions carried out", actions),
        ],
    }
}

/// A side's status: who won the roll-off.
pub(crate) fn side_schema() -> StatusSchema {
    StatusSchema {
        marks: vec![schema::mark(
            FIRST,
            "First player",
            vec!["First player".into()],
        )],
        ..StatusSchema::default()
    }
}

/// The set-up: quality shown, armour from the kind, artillery limbered unless deployed
/// (§4.6), entrenchment for kinds that may dig in (§5.6), concealment as the file says.
pub(crate) fn setup(tables: &RcwTables, roster: &Roster) -> Vec<Event> {
    let state = crate::battle::state::BattleState::new(roster);
    let ctx = Context {
        roster,
        state: &state,
    };
    let mut events = Vec::new();
    for id in roster.ids() {
        let Some(u) = view(&ctx, tables, id) else {
            continue;
        };
        events.push(piece_change(
            id,
            mark(QUALITY, Some(u.quality.name.to_string())),
        ));
        if u.profile.armoured {
            events.push(piece_change(id, flag(ARMOURED, true)));
        }
        if u.profile.limbers && !u.unit.has(UNLIMBERED_AT_START) {
            events.push(piece_change(id, flag(LIMBERED, true)));
        }
        if u.profile.entrenches && u.unit.has(ENTRENCHED_AT_START) {
            events.push(piece_change(id, flag(ENTRENCHED, true)));
        }
        if u.unit.has(CONCEALED_AT_START) {
            events.push(piece_change(id, flag(CONCEALED, true)));
        }
    }
    events
}
