//! Status in the core vocabulary: the formation ladder Formed → Unsteady → Disordered →
//! Broken (Commanded Shot and Dragoons skip Unsteady both ways), the per-body flags and
//! counters, leaders active / unhorsed / killed, the side's beaten flag, and the events that
//! change them. Also the All's Lost count (§10.1).

use super::keys::*;
use crate::battle::state::{Context, Roster};
use crate::event::PieceId;
use crate::rules::kit::schema;
use crate::status::{LadderSpec, StatusSchema, TrackStyle};

/// The formation rungs, top first.
pub(crate) const RUNGS: [&str; 4] = ["Formed", "Unsteady", "Disordered", "Broken"];

/// Whether a kind goes straight from Formed to Disordered (§1.4).
pub(crate) fn skips_unsteady(kind: &str) -> bool {
    kind == COMMANDED_SHOT || kind == DRAGOONS
}

/// Whether a kind is mounted horse (Dragoons count when mounted: see [`is_horse`]).
pub(crate) fn horse_kind(kind: &str) -> bool {
    kind == HORSE || kind == HORSE_2_RANK
}

/// The rung after losing `steps` formation levels; Broken is the floor (§1.4).
pub fn lose(kind: &str, rung: u8, steps: u8) -> u8 {
    let mut r = rung.min(BROKEN);
    for _ in 0..steps {
        r = (r + 1).min(BROKEN);
        if r == UNSTEADY && skips_unsteady(kind) {
            r = DISORDERED;
        }
    }
    r
}

/// The rung after one successful reform or rally (one level up, skipping Unsteady).
pub fn recover(kind: &str, rung: u8) -> u8 {
    let r = rung.saturating_sub(1);
    if r == UNSTEADY && skips_unsteady(kind) {
        FORMED
    } else {
        r
    }
}

/// What a body or a leader carries.
pub(crate) fn piece_schema(roster: &Roster, piece: PieceId) -> StatusSchema {
    let side = roster.side_of(piece);
    let Some(unit) = roster.unit(piece) else {
        return StatusSchema {
            ladders: vec![LadderSpec {
                key: LEADER,
                label: "Leader".into(),
                rungs: vec![
                    "Active".into(),
                    "Unhorsed (1 turn)".into(),
                    "Killed".into(),
                    "Captured".into(),
                ],
            }],
            marks: vec![crate::rules::kit::with::mark_spec(
                "Attached to",
                roster,
                side,
            )],
            ..StatusSchema::default()
        };
    };
    let kind = unit.kind.as_str();
    let mut s = StatusSchema {
        ladders: vec![LadderSpec {
            key: FORMATION,
            label: if skips_unsteady(kind) {
                "Formation (skips Unsteady)".into()
            } else {
                "Formation".into()
            },
            rungs: RUNGS.map(String::from).to_vec(),
        }],
        tracks: Vec::new(),
        flags: vec![
            schema::flag(MOVING, "Moving (needs a Halt card to stop)"),
            schema::flag(MOVED, "Moved or changed formation this turn"),
            schema::flag(CHANGED, "Changed formation this turn"),
            schema::flag(FIRED, "Fired this turn"),
            schema::flag(REFORMED, "Tried to rally or reform this turn"),
            schema::flag(PURSUING, "In pursuit"),
            schema::flag(RALLIED, "Previously broken and rallied"),
            schema::flag(REMOVED, "Removed (surrendered or left the table)"),
        ],
        marks: vec![
            schema::mark(ATTACHED, "Leader attached", Vec::new()),
            schema::mark(DIVISION, "Division", Vec::new()),
        ],
    };
    // Only bodies that fight count rounds, and only horse pursue (§7.2, §8.1).
    if !matches!(kind, COMMANDED_SHOT | DRAGOONS | TRAIN) {
        s.tracks.push(schema::track(
            ROUNDS,
            "Combat rounds this turn",
            6,
            TrackStyle::Boxes,
        ));
    }
    if horse_kind(kind) {
        s.tracks.push(schema::track(
            PURSUIT_ROUNDS,
            "Pursuit rounds",
            4,
            TrackStyle::Boxes,
        ));
    }
    match kind {
        HORSE_2_RANK => s.tracks.push(schema::track(
            SHOTS,
            "Shots this turn (2)",
            2,
            TrackStyle::Boxes,
        )),
        DRAGOONS => s.flags.push(schema::flag(MOUNTED, "Mounted")),
        TRAIN => {
            s.flags.push(schema::flag(LIMBERED, "Limbered"));
            s.flags
                .push(schema::flag(UNLIMBERING, "Unlimbering (this turn)"));
            s.flags
                .push(schema::flag(OUT_OF_POWDER, "Out of powder (half effect)"));
        }
        FOOT => {
            s.flags.push(schema::flag(HEDGEHOG, "In hedgehog"));
            s.flags
                .push(schema::flag(PIKE_LOST, "Pike thrown away (broken)"));
        }
        _ => {}
    }
    if !horse_kind(kind) && kind != TRAIN {
        s.flags.push(schema::flag(COLUMN, "In column"));
    }
    s
}

/// What a side carries.
pub(crate) fn side_schema() -> StatusSchema {
    StatusSchema {
        tracks: vec![schema::track(
            DIVISIONS_MOVED,
            "Divisional moves this turn",
            4,
            TrackStyle::Boxes,
        )],
        flags: vec![
            schema::flag(BEATEN, "All's Lost: beaten, may not advance"),
            schema::flag(PASSED, "Passed this turn"),
            schema::flag("moved_left", "Left division moved"),
            schema::flag("moved_centre", "Centre division moved"),
            schema::flag("moved_right", "Right division moved"),
        ],
        ..StatusSchema::default()
    }
}

/// A unit's kind ("" for a leader).
pub(crate) fn kind<'a>(ctx: &Context<'a>, piece: PieceId) -> &'a str {
    ctx.roster.unit(piece).map_or("", |u| u.kind.as_str())
}

/// Whether a body fights as horse now (horse, or mounted dragoons).
pub(crate) fn is_horse(ctx: &Context, piece: PieceId) -> bool {
    let k = kind(ctx, piece);
    horse_kind(k) || (k == DRAGOONS && ctx.status(piece).flag(MOUNTED))
}

/// The leader attached to a body, if one is and is active.
pub(crate) fn active_leader(ctx: &Context, unit: PieceId) -> Option<PieceId> {
    let id = ctx.status(unit).mark(ATTACHED)?;
    let side = ctx.roster.side_of(unit);
    let leader = ctx.roster.find(side, id)?;
    (ctx.status(leader).rung(LEADER) == ACTIVE).then_some(leader)
}

/// The units of a side still on the table.
pub fn on_table(ctx: &Context, side: usize) -> Vec<PieceId> {
    ctx.roster
        .ids()
        .filter(|&p| {
            ctx.roster.side_of(p) == side
                && ctx.roster.unit(p).is_some()
                && !ctx.status(p).flag(REMOVED)
        })
        .collect()
}

/// All's Lost count: (broken + disordered, the rest) of the bodies on the table (§10.1).
pub(crate) fn alls_lost_count(ctx: &Context, side: usize) -> (usize, usize) {
    let units = on_table(ctx, side);
    let bad = units
        .iter()
        .filter(|&&u| ctx.status(u).rung(FORMATION) >= DISORDERED)
        .count();
    (bad, units.len() - bad)
}

/// Whether a side is beaten: more broken or disordered bodies than otherwise.
pub fn alls_lost(ctx: &Context, side: usize) -> bool {
    let (bad, good) = alls_lost_count(ctx, side);
    bad > good
}
