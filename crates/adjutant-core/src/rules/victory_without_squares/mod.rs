//! System VWS — *Victory Without Squares (v2)* (`docs/rules/victory_without_squares.md`): an open-table English Civil War
//! game in inches, driven by one shared deck of playing cards and a D10. Bodies slide down the
//! formation ladder Formed → Unsteady → Disordered → Broken (commanded shot and dragoons skip
//! Unsteady); manoeuvres, reaction fire, rallies and reforms need a card; leaders may be
//! unhorsed or killed on a picture card; an army with more broken or disordered bodies than
//! otherwise at the end of a turn has lost all.
//!
//! Described in the core vocabulary: status ([`status`]), tables as data ([`tables`]), and
//! procedures for moves, manoeuvres, firing, combat, card tests and the turn. What the app
//! cannot see (range, arc, cover, angle, terrain, obstacles, contact) comes in as parameters.
//!
//! One shared deck is used (§1.2). It reshuffles when empty unless the player's table file
//! says `Never` or `EveryDraw` (drawing with replacement).

pub mod combat;
pub mod common;
pub mod draws;
pub mod fire;
pub mod keys;
pub mod manoeuvre;
pub mod movement;
pub mod overrides;
pub mod posture;
pub mod spec;
pub mod status;
pub mod tables;
pub mod turn;

use std::sync::{Arc, LazyLock};

use keys::*;
use tables::VwsTables;

use crate::army::ArmySpec;
use crate::battle::state::{Context, Roster};
use crate::event::{Event, FactKind, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::kit::events::{set_flag, set_mark, set_rung};
use crate::rules::kit::in_force::{InForce, Shipped, Shipping};
use crate::rules::kit::offers::offer;
use crate::rules::{Figure, Phase, RuleSystem, System, Table};
use crate::status::StatusSchema;

/// The rule system: its tables in force (the shipped ones unless given), all it holds.
pub type VictoryWithoutSquares = InForce<VwsTables>;

/// The instance [`crate::rules::standard`] lists, with the shipped tables.
pub static SYSTEM: VictoryWithoutSquares = InForce::shipped();

static SHIPPED: Shipped<VwsTables> = LazyLock::new(|| Arc::new(VwsTables::standard()));

impl Shipping for VwsTables {
    const SHIPPED: &'static Shipped<VwsTables> = &SHIPPED;
}

fn unit_offers(t: &VwsTables, ctx: &Context, unit: PieceId, target: Option<PieceId>) -> Vec<Offer> {
    match target {
        None => {
            let mut o = vec![movement::move_offer(ctx, unit)];
            o.extend(manoeuvre::offers(ctx, unit));
            o.push(draws::near_broken_offer(ctx, unit));
            o.extend(draws::pursuit_offer(ctx, unit));
            o.extend(draws::recall_offer(ctx, unit));
            o.extend(posture::offer_for(ctx, unit));
            o.push(movement::overrun_offer(ctx, unit));
            o.push(movement::remove_offer(ctx, unit));
            o
        }
        Some(target)
            if ctx.roster.unit(target).is_some()
                && ctx.roster.side_of(target) != ctx.roster.side_of(unit) =>
        {
            vec![
                fire::offer_for(t, ctx, unit, target),
                combat::offer_for(ctx, unit, target),
            ]
        }
        Some(_) => Vec::new(),
    }
}

impl RuleSystem for VictoryWithoutSquares {
    fn id(&self) -> &'static str {
        "victory_without_squares"
    }

    fn name(&self) -> &'static str {
        "Victory Without Squares (v2)"
    }

    fn army_spec(&self) -> ArmySpec {
        spec::army_spec()
    }

    fn piece_schema(&self, roster: &Roster, piece: PieceId) -> StatusSchema {
        status::piece_schema(roster, piece)
    }

    fn side_schema(&self) -> StatusSchema {
        status::side_schema()
    }

    /// No side moves while the initiative is still to be won (§2.2).
    fn side_to_play(&self, ctx: &Context) -> Option<usize> {
        (ctx.state.phase != turn::PHASE_INITIATIVE).then_some(ctx.state.side)
    }

    fn phases(&self) -> Vec<Phase> {
        vec![
            Phase {
                name: "Initiative".into(),
                summary:
                    "Each side rolls a D10; the highest decides who moves first (ties re-rolled)"
                        .into(),
            },
            Phase {
                name: "Divisions".into(),
                summary: "Move a division at a time (dragoons and commanded shot in lieu of one), \
                          each body moving and fighting in turn; then pass"
                    .into(),
            },
        ]
    }

    fn refill(&self) -> crate::cards::Refill {
        self.data().deck
    }

    fn setup(&self, roster: &Roster) -> Vec<Event> {
        let columns: Vec<String> = self
            .data()
            .columns
            .iter()
            .map(|s| s.symbol().to_string())
            .collect();
        let columns = columns.join(" ");
        let mut events = vec![Event::fact(
            FactKind::Note,
            None,
            format!(
                "Victory Without Squares: one shared deck, {}; card columns {columns}",
                self.data().deck.describe()
            ),
        )];
        for id in roster.ids() {
            if let Some(u) = roster.unit(id) {
                events.push(set_rung(id, FORMATION, FORMED));
                if let Some(g) = &u.group {
                    events.push(set_mark(id, DIVISION, Some(g.clone())));
                }
                if u.kind == DRAGOONS {
                    events.push(set_flag(id, MOUNTED, true));
                }
            } else {
                events.push(set_rung(id, LEADER, ACTIVE));
            }
        }
        events
    }

    fn offers(&self, ctx: &Context, actors: &[PieceId], targets: &[PieceId]) -> Vec<Offer> {
        match actors {
            [] => turn::offers(ctx),
            [a] if ctx.roster.leader(*a).is_some() => {
                let mut o = vec![draws::leader_offer(ctx, *a), draws::capture_offer(ctx, *a)];
                if let Some(&u) = targets.first() {
                    let check = draws::attach_check(ctx, *a, u);
                    o.push(offer(
                        P_ATTACH,
                        format!("Attach to {}", ctx.roster.name(u)),
                        Vec::new(),
                        check,
                    ));
                }
                o
            }
            [a] => unit_offers(self.data(), ctx, *a, targets.first().copied()),
            _ => Vec::new(),
        }
    }

    fn procedure(&self, ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        let t = &self.tables_in_force();
        match call.id.as_str() {
            P_DIFFICULT | P_HALT | P_REFORM | P_RALLY => manoeuvre::build(ctx, t, call),
            P_FIRE => fire::build(ctx, t, call),
            P_COMBAT => combat::build(ctx, t, call),
            P_MOVE | P_OVERRUN | P_REMOVE => movement::build(ctx, call),
            P_LEADER_CARD | P_NEAR_BROKEN | P_PURSUIT | P_RECALL | P_ATTACH | P_CAPTURE => {
                draws::build(ctx, t, call)
            }
            P_POSTURE => posture::build(ctx, call),
            P_INITIATIVE | P_DIVISION | P_PASS => turn::build(ctx, call),
            other => Err(Refusal::new(
                format!("no procedure '{other}' in Victory Without Squares"),
                "§1",
            )),
        }
    }

    fn clock_offer(&self) -> Option<&'static str> {
        Some(P_PASS)
    }

    fn reminders(&self, ctx: &Context) -> Vec<String> {
        if let Some(r) = &ctx.state.result {
            return vec![format!("The battle is over: {r}")];
        }
        if ctx.state.phase == turn::PHASE_INITIATIVE {
            return vec![format!(
                "Turn {}: roll a D10 each for initiative",
                ctx.state.turn
            )];
        }
        let side = ctx.state.side;
        let mut out = vec![format!(
            "{}: move a division, a dragoon or commanded-shot body, or pass",
            ctx.roster.side_name(side)
        )];
        for u in status::on_table(ctx, side) {
            let s = ctx.status(u);
            if s.flag(MOVING) {
                out.push(format!(
                    "{} is moving: it needs a Halt card to stop",
                    ctx.roster.name(u)
                ));
            }
        }
        out
    }

    fn figures(&self, ctx: &Context) -> Vec<Figure> {
        (0..ctx.roster.armies.len())
            .map(|side| {
                let (bad, good) = status::alls_lost_count(ctx, side);
                let beaten = if ctx.state.sides[side].flag(BEATEN) {
                    " — All's Lost"
                } else {
                    ""
                };
                Figure {
                    side,
                    label: "Broken or disordered / others".into(),
                    value: format!("{bad} / {good}{beaten}"),
                }
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
