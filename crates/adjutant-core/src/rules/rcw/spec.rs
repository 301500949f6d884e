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
use crate::status::{MarkSpec, StatusSchema, TrackSpec, TrackStyle};

const ALL: &[&str] = &[];

fn kind(name: &'static str, description: &'static str) -> KindSpec {
    KindSpec { name, description }
}

fn stat(key: &'static str, label: &'static str, max: i32) -> StatSpec {
    StatSpec {
        key,
        label,
        min: 0,
        max,
        required: false,
        kinds: ALL,
    }
}

/// The army-file description of this system. Move, range and dice come from the unit table
/// and need not be given; a unit may override them (a scenario's odd weapon).
pub fn army_spec() -> ArmySpec {
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
pub fn piece_schema(tables: &RcwTables, roster: &Roster, id: PieceId) -> StatusSchema {
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
    let box_track = |key, label: &str, max| TrackSpec {
        key,
        label: label.into(),
        min: 0,
        max,
        style: TrackStyle::Boxes,
    };
    let actions: Vec<String> = ["Move", "Shoot", "Limber/Unlimber", "Rally", "Close assault"]
        .map(String::from)
        .to_vec();
    StatusSchema {
        tracks: vec![
            box_track(HITS, "Hits this player turn", tables.destroying_hits),
            box_track(ACTIONS, "Actions used", 2),
        ],
        ladders: Vec::new(),
        flags,
        marks: vec![
            MarkSpec {
                key: QUALITY,
                label: "Quality".into(),
                choices: tables
                    .qualities
                    .iter()
                    .map(|q| q.name.to_string())
                    .collect(),
                secret: false,
            },
            MarkSpec {
                key: ORDERS,
                label: "Declared actions".into(),
                choices: actions.clone(),
                secret: false,
            },
            MarkSpec {
                key: DONE,
                label: "Actions carried out".into(),
                choices: actions,
                secret: false,
            },
        ],
    }
}

/// A side's status: who won the roll-off.
pub fn side_schema() -> StatusSchema {
    StatusSchema {
        marks: vec![MarkSpec {
            key: FIRST,
            label: "First player".into(),
            choices: vec!["First player".into()],
            secret: false,
        }],
        ..StatusSchema::default()
    }
}

/// The set-up: quality shown, armour from the kind, artillery limbered unless deployed
/// (§4.6), entrenchment for kinds that may dig in (§5.6), concealment as the file says.
pub fn setup(tables: &RcwTables, roster: &Roster) -> Vec<Event> {
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
