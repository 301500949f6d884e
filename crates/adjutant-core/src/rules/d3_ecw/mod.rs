//! System D3 — D3 English Civil War rules, hex grid version (the reference is
//! `docs/rules/d3_ecw.md`; every rule string cites its numbered sections): a One-Hour
//! Wargames variant with D3 hits, ammunition, artillery every other turn, a commander whose
//! sight sets the activations and whose hits (one per own unit routed) decide army resolve.
//!
//! The system is described entirely in the core vocabulary: unit status ([`status`]), tables
//! and options as data ([`tables`]), and procedures for shooting, melee, giving ground, the
//! commander and the turn. Facts the app cannot see (range, cover, flank, hill, charging,
//! entrenchment, a blocked retreat, units in sight) come in as parameters.

pub mod commander;
pub mod common;
pub mod ground;
pub mod keys;
pub mod melee;
pub mod overrides;
pub mod roll;
pub mod sheet;
pub mod shooting;
pub mod spec;
pub mod status;
pub mod tables;
pub mod turn;

use std::sync::{Arc, LazyLock};

use keys::*;
use tables::D3Tables;

use crate::army::ArmySpec;
use crate::battle::state::{Context, Roster};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::kit::events::side_track;
use crate::rules::kit::in_force::{InForce, Shipped, Shipping};
use crate::rules::{Figure, Phase, RuleSystem, System, Table};
use crate::status::StatusSchema;

/// The rule system: its tables in force (the shipped ones unless given), all it holds.
pub type D3Ecw = InForce<D3Tables>;

/// The instance [`crate::rules::standard`] lists, with the shipped tables.
pub static SYSTEM: D3Ecw = InForce::shipped();

static SHIPPED: Shipped<D3Tables> = LazyLock::new(|| Arc::new(D3Tables::standard()));

impl Shipping for D3Tables {
    const SHIPPED: &'static Shipped<D3Tables> = &SHIPPED;
}

impl D3Ecw {
    fn unit_offers(&self, ctx: &Context, unit: PieceId, target: Option<PieceId>) -> Vec<Offer> {
        let t = self.data();
        match target {
            None => {
                let mut offers = vec![turn::activate_offer(ctx, unit)];
                if status::melee_partner(ctx, unit).is_some() {
                    offers.push(ground::offer(ctx, unit));
                }
                offers
            }
            Some(target) if ctx.roster.leader(target).is_some() => {
                if ctx.roster.side_of(target) == ctx.roster.side_of(unit) {
                    commander::offers(ctx, target, Some(unit))
                        .into_iter()
                        .filter(|o| o.id == P_ATTACH)
                        .collect()
                } else {
                    vec![
                        commander::contact_offer(ctx, unit, target),
                        shooting::offer(ctx, t, unit, target),
                    ]
                }
            }
            Some(target) if ctx.roster.side_of(target) != ctx.roster.side_of(unit) => vec![
                shooting::offer(ctx, t, unit, target),
                melee::offer(ctx, t, unit, target),
            ],
            Some(_) => Vec::new(),
        }
    }
}

impl RuleSystem for D3Ecw {
    fn id(&self) -> &'static str {
        "d3_ecw"
    }

    fn name(&self) -> &'static str {
        "D3 English Civil War (hex grid)"
    }

    fn army_spec(&self) -> ArmySpec {
        spec::army_spec()
    }

    fn piece_schema(&self, roster: &Roster, piece: PieceId) -> StatusSchema {
        status::piece_schema(self.data(), roster, piece)
    }

    fn side_schema(&self) -> StatusSchema {
        status::side_schema()
    }

    /// No side activates while the initiative is still to be won (§3).
    fn side_to_play(&self, ctx: &Context) -> Option<usize> {
        (ctx.state.phase != common::PHASE_INITIATIVE).then_some(ctx.state.side)
    }

    fn phases(&self) -> Vec<Phase> {
        vec![
            Phase {
                name: "Initiative".into(),
                summary: "Each side rolls 1D6, ties re-rolled; the winner chooses who goes first"
                    .into(),
            },
            Phase {
                name: "Activations".into(),
                summary: "Count activations, activate units one at a time (move, then shoot or \
                          melee), give ground, commander moves"
                    .into(),
            },
        ]
    }

    fn setup(&self, roster: &Roster) -> Vec<Event> {
        let o = &self.data().options;
        let ammo = match o.ammo_check {
            tables::AmmoCheck::HitDie => "a natural D3 of 3 on the hit die",
            tables::AmmoCheck::SeparateDie => "a separate D3 after each shot",
        };
        let mut events = vec![Event::fact(
            FactKind::Note,
            None,
            format!(
                "D3 ECW: ammunition runs out on {ammo}; units rout at {} hits; an army retires \
                 when its commander's hits exceed its units on the table",
                o.rout_at
            ),
        )];
        for switch in self.data().switches.list().into_iter().filter(|s| s.on) {
            events.push(Event::fact(
                FactKind::Note,
                None,
                format!("Switch {} is on: {} (§9.1)", switch.name, switch.what),
            ));
        }
        for (side, army) in roster.armies.iter().enumerate() {
            if army.leaders.is_empty() {
                events.push(Event::fact(
                    FactKind::Note,
                    None,
                    format!(
                        "The {} army has no Commander: it has no activations",
                        army.side
                    ),
                ));
            }
            events.push(side_track(side, COMMANDER_HITS, 0));
        }
        events
    }

    fn offers(&self, ctx: &Context, actors: &[PieceId], targets: &[PieceId]) -> Vec<Offer> {
        match actors {
            [] => turn::offers(ctx, self.data()),
            [a] if ctx.roster.leader(*a).is_some() => {
                let unit = targets.first().copied();
                let unit = unit.filter(|&u| ctx.roster.unit(u).is_some());
                match unit {
                    Some(u) if ctx.roster.side_of(u) != ctx.roster.side_of(*a) => Vec::new(),
                    _ => commander::offers(ctx, *a, unit),
                }
            }
            [a] => self.unit_offers(ctx, *a, targets.first().copied()),
            _ => Vec::new(),
        }
    }

    fn procedure(&self, ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        let t = &self.tables_in_force();
        match call.id.as_str() {
            P_SHOOT => shooting::build(ctx, t, call),
            P_MELEE => melee::build(ctx, t, call),
            P_GIVE_GROUND => ground::build(ctx, t, call),
            P_ATTACH | P_DETACH | P_CONTACT | P_RETURN => commander::build(ctx, call),
            P_INITIATIVE | P_COUNT | P_END_TURN | P_RESOLVE | P_ACTIVATE => {
                turn::build(ctx, t, call)
            }
            other => Err(Refusal::new(
                format!("no procedure '{other}' in D3 ECW"),
                "§3.3",
            )),
        }
    }

    fn clock_offer(&self) -> Option<&'static str> {
        Some(P_END_TURN)
    }

    fn reminders(&self, ctx: &Context) -> Vec<String> {
        reminders(self.data(), ctx)
    }

    fn figures(&self, ctx: &Context) -> Vec<Figure> {
        (0..ctx.roster.armies.len())
            .flat_map(|side| {
                let s = &ctx.state.sides[side];
                let left = status::available(ctx, side).len();
                [
                    Figure {
                        side,
                        label: "Commander hits".into(),
                        value: format!("{} (retires above {left})", s.track(COMMANDER_HITS)),
                    },
                    Figure {
                        side,
                        label: "Activations".into(),
                        value: format!("{} of {}", s.track(ACTIVATIONS_USED), s.track(ACTIVATIONS)),
                    },
                ]
            })
            .collect()
    }

    fn reads_table_file(&self) -> bool {
        true
    }

    fn with_table_file(&self, path: &str, text: &str) -> Result<System, Vec<String>> {
        overrides::load(path, text)
    }

    fn tables(&self) -> Vec<Table> {
        self.data().render()
    }
}

/// What is due now: the phase's next step, artillery able to fire, units in melee needing
/// activation or giving ground, a commander to bring back.
fn reminders(tables: &D3Tables, ctx: &Context) -> Vec<String> {
    if let Some(r) = &ctx.state.result {
        return vec![format!("The battle is over: {r}")];
    }
    if ctx.state.phase == common::PHASE_INITIATIVE {
        return vec![format!(
            "Turn {}: roll for initiative (§3.1)",
            ctx.state.turn
        )];
    }
    let side = ctx.state.side;
    let s = &ctx.state.sides[side];
    let name = ctx.roster.side_name(side);
    let mut out = Vec::new();
    if let Some(c) = status::commander(ctx, side)
        && ctx.status(c).flag(REMOVED)
    {
        out.push(if ctx.status(c).flag(REMOVED_OWN_MOVE) {
            format!("The {name} commander is off the table: he returns in its next move (§7.4)")
        } else {
            format!(
                "The {name} commander is off the table: he may return this move from the base \
                 edge; until then, no activations (§7.3, §7.4)"
            )
        });
    }
    if !s.flag(COUNTED) {
        let o = &tables.options;
        // Attached, his range of command drops by 1 (§7.2): the count says so.
        out.push(match commander::attached_unit(ctx, side) {
            Some(u) => format!(
                "Count the {name} activations: units the commander can see within {} — he is \
                 attached to {}, which reduces his range of command by 1 (§7.2)",
                o.attached_range,
                ctx.roster.name(u)
            ),
            None => format!(
                "Count the {name} activations: units the commander can see within {}",
                o.command_range
            ),
        });
        return out;
    }
    out.push(format!(
        "{name}: {} of {} activations used",
        s.track(ACTIVATIONS_USED),
        s.track(ACTIVATIONS)
    ));
    for unit in status::available(ctx, side) {
        let u = ctx.status(unit);
        let n = ctx.roster.name(unit);
        let kind = ctx.roster.unit(unit).map_or("", |u| u.kind.as_str());
        let guns = tables.profile(kind).is_some_and(|p| p.alternate_turns);
        if guns && !u.flag(ACTED) && !status::fired_last_turn(ctx, unit) {
            out.push(format!("{n} may fire this turn"));
        }
        if status::melee_partner(ctx, unit).is_some() && !u.flag(ACTIVATED) && !u.flag(GAVE_GROUND)
        {
            out.push(if ground::activations_spent(ctx, unit) {
                format!("{n} is in melee and cannot be activated: it must give ground (§6.7)")
            } else {
                format!("{n} is in melee: activate it to fight on (§6.6, §6.7)")
            });
        }
    }
    out
}
