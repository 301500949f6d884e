//! Status in the core vocabulary: what a D3 unit, commander and side carry (schemas), how to
//! read it back from the battle state, and the events that change it — hits, rout (which
//! raises the commander's hits) and army resolve, announced the moment it fails.

use super::keys::*;
use super::tables::D3Tables;
use crate::battle::state::{Context, Role, Roster};
use crate::event::{Event, FactKind, PieceId};
use crate::rules::kit::events::{set_flag, set_mark, set_track, side_flag, side_track};
use crate::rules::kit::schema;
use crate::status::{StatusSchema, TrackStyle};

/// The names of the units on `side`, in roster order.
fn unit_names(roster: &Roster, side: usize) -> Vec<String> {
    roster.unit_names(side)
}

/// What a unit or the commander carries.
pub(crate) fn piece_schema(tables: &D3Tables, roster: &Roster, piece: PieceId) -> StatusSchema {
    let side = roster.side_of(piece);
    let grid = schema::mark(GRID, "Grid reference (e.g. H1)", Vec::new());
    let Some(unit) = roster.unit(piece) else {
        return StatusSchema {
            flags: vec![
                schema::flag(
                    REMOVED,
                    "Removed: no activations; returns next move from the base edge",
                ),
                schema::flag(
                    REMOVED_OWN_MOVE,
                    "Removed in his own move: returns in the next one",
                ),
            ],
            marks: vec![
                crate::rules::kit::with::mark_spec("Attached to", roster, side),
                grid,
            ],
            ..StatusSchema::default()
        };
    };
    let profile = tables.profile(&unit.kind);
    let rout_at = tables.options.rout_at;
    let mut schema = StatusSchema {
        tracks: vec![schema::track(
            HITS,
            &format!("Hits (routs at {rout_at})"),
            rout_at,
            TrackStyle::Boxes,
        )],
        ..StatusSchema::default()
    };
    if profile
        .and_then(|p| p.weapon.as_ref())
        .is_some_and(|w| w.ammo)
    {
        schema
            .flags
            .push(schema::flag(OUT_OF_AMMO, "Out of ammunition"));
    }
    if profile.is_some_and(|p| p.alternate_turns) {
        schema.tracks.push(schema::track(
            LAST_FIRED,
            "Last fired in turn",
            99,
            TrackStyle::Number,
        ));
        schema.flags.push(schema::flag(
            FIRED_LAST_TURN,
            "Fired last turn: may not fire",
        ));
        schema
            .flags
            .push(schema::flag(EMPLACED, "Emplaced: may not move"));
    }
    schema.flags.extend([
        schema::flag(ACTIVATED, "Activated this turn"),
        schema::flag(ACTED, "Shot or fought this turn"),
        schema::flag(GAVE_GROUND, "Gave ground this turn"),
        schema::flag(ROUTED, "Routed: removed from the table"),
    ]);
    let enemies = roster
        .armies
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != side)
        .flat_map(|(s, _)| unit_names(roster, s))
        .collect();
    schema.marks = vec![schema::mark(IN_MELEE, "In melee with", enemies), grid];
    schema
}

/// What a side carries: commander hits, activations, whether it has retired.
pub(crate) fn side_schema() -> StatusSchema {
    StatusSchema {
        tracks: vec![
            schema::track(COMMANDER_HITS, "Commander hits", 24, TrackStyle::Number),
            schema::track(ACTIVATIONS, "Activations this turn", 24, TrackStyle::Number),
            schema::track(ACTIVATIONS_USED, "Activations used", 24, TrackStyle::Number),
        ],
        flags: vec![
            schema::flag(COUNTED, "Activations counted"),
            schema::flag(PLAYED, "Has played this turn"),
            schema::flag(RETIRED, "Army retired"),
        ],
        ..StatusSchema::default()
    }
}

/// The side that plays after `side` (two sides).
pub(crate) fn other_side(ctx: &Context, side: usize) -> usize {
    (side + 1) % ctx.roster.armies.len().max(1)
}

/// The units of a side.
pub(crate) fn units_of(ctx: &Context, side: usize) -> Vec<PieceId> {
    ctx.roster
        .ids()
        .filter(|&p| ctx.roster.side_of(p) == side && ctx.roster.piece(p).role == Role::Unit)
        .collect()
}

/// Whether a unit is still on the table.
pub(crate) fn on_table(ctx: &Context, unit: PieceId) -> bool {
    !ctx.status(unit).flag(ROUTED)
}

/// The units of a side still on the table ("available units", §8.3).
pub(crate) fn available(ctx: &Context, side: usize) -> Vec<PieceId> {
    units_of(ctx, side)
        .into_iter()
        .filter(|&u| on_table(ctx, u))
        .collect()
}

/// The side's commander: its first leader.
pub(crate) fn commander(ctx: &Context, side: usize) -> Option<PieceId> {
    ctx.roster
        .ids()
        .find(|&p| ctx.roster.side_of(p) == side && ctx.roster.piece(p).role == Role::Leader)
}

/// The unit of `side` named `name`.
pub(crate) fn unit_named(ctx: &Context, side: usize, name: &str) -> Option<PieceId> {
    units_of(ctx, side)
        .into_iter()
        .find(|&u| ctx.roster.answers_to(u, name))
}

/// The commander attached to a unit, if any (and not removed).
pub(crate) fn attached_commander(ctx: &Context, unit: PieceId) -> Option<PieceId> {
    let c = commander(ctx, ctx.roster.side_of(unit))?;
    let s = ctx.status(c);
    (!s.flag(REMOVED)
        && s.mark(ATTACHED)
            .is_some_and(|m| ctx.roster.answers_to(unit, m)))
    .then_some(c)
}

/// The enemy unit this unit is in melee with.
pub(crate) fn melee_partner(ctx: &Context, unit: PieceId) -> Option<PieceId> {
    let name = ctx.status(unit).mark(IN_MELEE)?;
    let side = ctx.roster.side_of(unit);
    (0..ctx.roster.armies.len())
        .filter(|&s| s != side)
        .find_map(|s| unit_named(ctx, s, name))
}

/// The events of `hits` hits on a unit: the new total and, at the rout threshold, its rout.
pub(crate) fn hits_events(
    ctx: &Context,
    tables: &D3Tables,
    unit: PieceId,
    hits: i32,
    cause: &str,
) -> Vec<Event> {
    let name = ctx.roster.name(unit);
    if hits <= 0 {
        return vec![Event::fact(
            FactKind::Note,
            Some(unit),
            format!("{cause}: no hits on {name}"),
        )];
    }
    let rout_at = tables.options.rout_at;
    let total = ctx.status(unit).track(HITS) + hits;
    let mut events = vec![
        set_track(unit, HITS, total.min(rout_at)),
        Event::fact(
            FactKind::Loss,
            Some(unit),
            format!(
                "{cause}: {name} takes {hits} hit{} ({total} in all)",
                if hits == 1 { "" } else { "s" }
            ),
        ),
    ];
    if total >= rout_at {
        let how = format!("{name} routs with {total} hits and is removed (§8.1)");
        events.extend(rout_events(ctx, unit, FactKind::Rout, &how));
    }
    events
}

/// An outcome's summary with the rout its hits bring, if any ("1 hit; Parliament Horse
/// routs", §8.1), so the odds of the rout can be read at a glance.
pub(crate) fn with_rout(
    ctx: &Context,
    tables: &D3Tables,
    unit: PieceId,
    hits: i32,
    summary: String,
) -> String {
    if hits > 0 && ctx.status(unit).track(HITS) + hits >= tables.options.rout_at {
        format!("{summary}; {} routs", ctx.roster.name(unit))
    } else {
        summary
    }
}

/// A unit leaves the table (routed, or artillery eliminated in melee): its melee ends, an
/// attached commander is treated as contacted, its commander's hits go up by one, and army
/// resolve is checked at once.
pub(crate) fn rout_events(ctx: &Context, unit: PieceId, kind: FactKind, how: &str) -> Vec<Event> {
    let side = ctx.roster.side_of(unit);
    let mut events = vec![
        set_flag(unit, ROUTED, true),
        Event::fact(kind, Some(unit), how),
    ];
    if ctx.status(unit).mark(IN_MELEE).is_some() {
        events.push(set_mark(unit, IN_MELEE, None));
    }
    for other in ctx.roster.ids() {
        if ctx.roster.side_of(other) != side
            && ctx
                .status(other)
                .mark(IN_MELEE)
                .is_some_and(|m| ctx.roster.answers_to(unit, m))
        {
            events.push(set_mark(other, IN_MELEE, None));
        }
    }
    if let Some(c) = attached_commander(ctx, unit) {
        events.extend(removal_events(
            ctx,
            c,
            format!(
                "{} loses the unit he was attached to: removed as if contacted; no activations \
                 until he returns, in his side's next move, from the base edge (§7.2, §7.3)",
                ctx.roster.name(c)
            ),
        ));
    }
    let hits = ctx.state.sides[side].track(COMMANDER_HITS) + 1;
    let left = available(ctx, side).iter().filter(|&&u| u != unit).count() as i32;
    events.push(side_track(side, COMMANDER_HITS, hits));
    events.push(Event::fact(
        FactKind::Morale,
        None,
        format!(
            "{} commander hits rise to {hits} ({left} units left on the table) (§8.2)",
            ctx.roster.side_name(side)
        ),
    ));
    events.extend(resolve_events(ctx, side, hits, left));
    events
}

/// The events of a commander's removal: detached, off the table and, when it happens in his
/// own side's move, held back until that move is over (§7.3, §7.4).
pub(crate) fn removal_events(ctx: &Context, commander: PieceId, text: String) -> Vec<Event> {
    let mut events = vec![
        set_mark(commander, ATTACHED, None),
        set_flag(commander, REMOVED, true),
    ];
    let side = ctx.roster.side_of(commander);
    if ctx.state.phase == super::common::PHASE_ACTIVATION && ctx.state.side == side {
        events.push(set_flag(commander, REMOVED_OWN_MOVE, true));
    }
    events.push(Event::fact(FactKind::LeaderCasualty, Some(commander), text));
    events
}

/// Army resolve: the army retires when its commander's hits exceed its available units.
/// Returns the retirement events, or nothing while it holds.
pub(crate) fn resolve_events(ctx: &Context, side: usize, hits: i32, left: i32) -> Vec<Event> {
    if hits <= left || ctx.state.sides[side].flag(RETIRED) {
        return Vec::new();
    }
    let loser = ctx.roster.side_name(side);
    let winner = ctx.roster.side_name(other_side(ctx, side));
    vec![
        side_flag(side, RETIRED, true),
        Event::fact(
            FactKind::Victory,
            None,
            format!(
                "Army resolve fails: {loser} commander hits {hits} exceed {left} available units; \
                 the {loser} army retires (§8.3)"
            ),
        ),
        Event::Ended {
            result: format!("{winner} victory: the {loser} army retires"),
        },
    ]
}

/// Whether a unit fired in its side's previous turn (the artillery cadence, §5.5).
pub(crate) fn fired_last_turn(ctx: &Context, unit: PieceId) -> bool {
    let last = ctx.status(unit).track(LAST_FIRED);
    last > 0 && i64::from(last) + 1 == i64::from(ctx.state.turn)
}
