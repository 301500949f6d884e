//! What a piece's and side's status is made of, for the window and the roster sheets: the
//! step-loss track and ladder of each unit kind (§8), the markers, a leader's secret command
//! chit (§3), the current movement allowance and command span (§4.3), and the unit a leader is
//! stacked with (§6.3, §7.1).

use super::keys::{self, Chit};
use super::look;
use super::tables::Tables;
use crate::battle::state::Roster;
use crate::event::PieceId;
use crate::rules::kit::schema;
use crate::rules::kit::with;
use crate::status::{StatusSchema, TrackStyle};

/// A piece's schema.
pub(crate) fn piece(roster: &Roster, piece: PieceId, t: &Tables) -> StatusSchema {
    if roster.leader(piece).is_some() {
        return StatusSchema {
            marks: vec![
                schema::secret_mark(
                    keys::CHIT,
                    "Command",
                    Chit::ALL.iter().map(Chit::to_string).collect(),
                ),
                schema::secret_mark(keys::SPAN_NOW, "Command span", Vec::new()),
                with::mark_spec("Stacked with", roster, roster.side_of(piece)),
            ],
            flags: vec![
                schema::flag(keys::ENTERED, "On the map"),
                schema::flag(keys::REPLACEMENT, "Replacement leader"),
                schema::flag(keys::COMMAND_TRIED, "Tried to change command"),
                schema::flag(keys::FRESH_MUSTER, "Muster adopted this turn"),
            ],
            ..StatusSchema::default()
        };
    }
    let Some(u) = roster.unit(piece) else {
        return StatusSchema::default();
    };
    let limit = look::step_limit(u, t);
    let mut flags = vec![
        schema::flag(keys::ROUTED, "Routed"),
        schema::flag(keys::OUT_OF_COMMAND, "Out of command"),
        schema::flag(keys::STEP_LOSS_MARKER, "Step-Loss marker"),
    ];
    if look::is_dragoons(u) {
        flags.push(schema::flag(keys::SECOND_MARKER, "Second Step-Loss marker"));
        flags.push(schema::flag(keys::DISMOUNTED, "Dismounted"));
    } else if u.stat("reduced_strength") > 0 {
        flags.push(schema::flag(keys::REDUCED, "Reduced side"));
    }
    flags.extend([
        schema::flag(keys::ENTERED, "On the map"),
        schema::flag(keys::ELIMINATED, "Eliminated"),
        schema::flag(keys::FIRED, "Fired this Combat Phase"),
        schema::flag(
            keys::MORALE_CHECKED_FIRE,
            "Morale checked this Fire Combat Phase",
        ),
        schema::flag(
            keys::MORALE_CHECKED_MELEE,
            "Morale checked this Melee Phase",
        ),
    ]);
    if look::can_charge(u) || look::is_dragoons(u) {
        flags.push(schema::flag(keys::SECOND_COMBAT_USED, "Second combat used"));
    }
    flags.push(schema::flag(keys::RALLY_TRIED, "Tried to rally this phase"));
    flags.push(schema::flag(
        keys::TRACES_OVERALL,
        "Traces command to the Overall Leader",
    ));
    flags.push(schema::flag(
        keys::MUST_MELEE,
        "Must melee the hex it fired at",
    ));
    StatusSchema {
        tracks: vec![schema::track(
            keys::STEPS_LOST,
            "Steps lost",
            limit,
            TrackStyle::Boxes,
        )],
        // One step tracker: the steps lost. What they mean (Reduced side, Step-Loss
        // markers, Eliminated) shows in the flags.
        ladders: Vec::new(),
        flags,
        marks: vec![schema::secret_mark(
            keys::MOVEMENT_NOW,
            "Movement allowance",
            Vec::new(),
        )],
    }
}

/// A side's schema: leader-casualty loss points and the late reinforcement flag.
pub(crate) fn side() -> StatusSchema {
    StatusSchema {
        tracks: vec![schema::track(
            keys::LEADER_LOSSES,
            "Loss points from leader casualties",
            200,
            TrackStyle::Number,
        )],
        flags: vec![schema::flag(
            keys::REINFORCEMENTS_ENTERED,
            "Array / Hobart entered",
        )],
        ..StatusSchema::default()
    }
}
