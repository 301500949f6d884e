//! System RCW — the draft Russian Civil War hex rules inspired by Joe Morschauser
//! (`docs/rules/rcw.md`). Units take two declared actions a turn; a hit pins, a
//! second hit (or any hit on a pinned unit) destroys; elite units ignore the first hit of a
//! player turn; armour falls only to artillery, tanks and close assault; close assaults
//! repeat until the attacker is pinned or the defender destroyed.
//!
//! Procedure ids and their parameters are in [`keys`]; every number is read from the
//! [`tables::RcwTables`] in force.

use std::sync::{Arc, LazyLock};

pub mod actions;
pub mod assault;
pub mod hits;
pub mod keys;
pub mod overrides;
pub mod params;
pub mod rally;
pub mod shoot;
pub mod spec;
pub mod tables;
pub mod turn;
pub mod unit;

use keys::*;
use tables::RcwTables;
use unit::{Act, view};

use crate::army::ArmySpec;
use crate::battle::state::{Context, Roster};
use crate::event::{Event, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::kit::in_force::{InForce, Shipped, Shipping};
use crate::rules::kit::params::answer;
use crate::rules::{Figure, Phase, RuleSystem, System, Table};
use crate::status::StatusSchema;

/// The rule system: its tables in force (the shipped ones unless given), all it holds.
pub type Rcw = InForce<RcwTables>;

/// The instance [`crate::rules::standard`] lists, with the shipped tables.
pub static SYSTEM: Rcw = InForce::shipped();

static SHIPPED: Shipped<RcwTables> = LazyLock::new(|| Arc::new(RcwTables::standard()));

impl Shipping for RcwTables {
    const SHIPPED: &'static Shipped<RcwTables> = &SHIPPED;
}

use crate::rules::kit::offers::{call, offer};

impl Rcw {
    fn turn_offers(&self, ctx: &Context) -> Vec<Offer> {
        let over = ctx
            .state
            .result
            .as_ref()
            .map(|_| Refusal::new("the battle is over", "§9.1"));
        let decided = turn::first_player(ctx).is_some();
        let first = if decided {
            Err(Refusal::new("the first player has been decided", "§4.1"))
        } else {
            Ok(())
        };
        let end = match (&over, decided) {
            (Some(r), _) => Err(r.clone()),
            (None, false) => Err(Refusal::new("roll off for the first player first", "§4.1")),
            (None, true) => Ok(()),
        };
        vec![
            offer(
                P_FIRST_PLAYER,
                "Roll off for the first player".into(),
                Vec::new(),
                first,
            ),
            offer(P_END_TURN, "End the player turn".into(), Vec::new(), end),
            offer(
                P_VICTORY,
                "Victory check".into(),
                turn::victory_params(ctx),
                over.map_or(Ok(()), Err),
            ),
        ]
    }

    fn unit_offers(&self, ctx: &Context, actors: &[PieceId]) -> Vec<Offer> {
        let t = &self.tables_in_force();
        let Some(u) = view(ctx, t, actors[0]) else {
            return Vec::new();
        };
        let mut offers = vec![offer(
            P_ACTIVATE,
            format!("Activate {} (declare 2 actions)", u.name()),
            actions::activate_params(ctx, t, &u),
            actions::activate(ctx, t, &call(P_ACTIVATE, actors, &[])).map(|_| ()),
        )];
        offers.push(offer(
            P_MOVE,
            format!("Move {} ({} hexes)", u.name(), u.move_hexes()),
            Vec::new(),
            u.check(ctx, Act::Move),
        ));
        if u.profile.limbers {
            let (label, params) = if u.limbered() {
                ("Unlimber", vec![params::village()])
            } else {
                ("Limber", Vec::new())
            };
            offers.push(offer(
                P_LIMBER,
                format!("{label} {}", u.name()),
                params,
                u.check(ctx, Act::Limber),
            ));
        }
        if u.pinned() {
            offers.push(offer(
                P_RALLY,
                format!("Rally {} ({}+)", u.name(), u.quality.rally),
                rally::params(ctx, &u),
                u.check(ctx, Act::Rally),
            ));
        }
        if u.concealed() {
            offers.push(offer(
                P_SPOT,
                format!("Spot {} (enemy adjacent)", u.name()),
                Vec::new(),
                Ok(()),
            ));
        }
        offers
    }

    fn target_offers(&self, ctx: &Context, actors: &[PieceId], targets: &[PieceId]) -> Vec<Offer> {
        let t = &self.tables_in_force();
        let (Some(a), Some(d)) = (view(ctx, t, actors[0]), view(ctx, t, targets[0])) else {
            return Vec::new();
        };
        let mut offers = Vec::new();
        let shoot_call = call(P_SHOOT, actors, targets);
        if a.shooting_dice() > 0 || actors.len() > 1 {
            let via = actors
                .get(1)
                .map(|&o| format!(" via {}", ctx.roster.name(o)))
                .unwrap_or_default();
            offers.push(offer(
                P_SHOOT,
                format!(
                    "Shoot: {} at {}{via} ({})",
                    a.name(),
                    d.name(),
                    crate::words::count(usize::from(a.shooting_dice()), "die", "dice")
                ),
                shoot::params(ctx, t, &shoot_call),
                shoot::start(ctx, t, &shoot_call).map(|_| ()),
            ));
        }
        if actors.len() == 1 {
            offers.push(offer(
                P_ASSAULT,
                format!("Close assault: {} on {}", a.name(), d.name()),
                assault::params(Some(&d)),
                assault::start(ctx, t, &call(P_ASSAULT, actors, targets)).map(|_| ()),
            ));
        }
        if d.concealed() {
            offers.push(offer(
                P_SPOT,
                format!("Spot {} (enemy adjacent)", d.name()),
                Vec::new(),
                Ok(()),
            ));
        }
        offers
    }
}

impl RuleSystem for Rcw {
    fn id(&self) -> &'static str {
        SYSTEM_ID
    }

    fn name(&self) -> &'static str {
        "Russian Civil War (Morschauser hex rules)"
    }

    fn army_spec(&self) -> ArmySpec {
        spec::army_spec()
    }

    fn piece_schema(&self, roster: &Roster, piece: PieceId) -> StatusSchema {
        spec::piece_schema(self.data(), roster, piece)
    }

    fn side_schema(&self) -> StatusSchema {
        spec::side_schema()
    }

    /// The usual sequence of play, and the roll-off for the first player, which may come
    /// after player turns were ended and starts the first turn with its winner (§4.1).
    fn clock_follows(&self, ctx: &Context, to: (u32, usize, usize)) -> bool {
        let s = ctx.state;
        crate::rules::moves_on((s.turn, s.phase, s.side), to)
            || (to.0 == 1 && to.1 == 0 && turn::first_player(ctx) == Some(to.2))
    }

    /// No side plays before the roll-off for the first player (§4.1).
    fn side_to_play(&self, ctx: &Context) -> Option<usize> {
        turn::first_player(ctx).map(|_| ctx.state.side)
    }

    fn phases(&self) -> Vec<Phase> {
        vec![Phase {
            name: "Player turn".into(),
            summary: "Activate each unit in turn: declare 2 actions (move, shoot, \
                      limber/unlimber, rally, close assault), then carry them out"
                .into(),
        }]
    }

    fn setup(&self, roster: &Roster) -> Vec<Event> {
        spec::setup(self.data(), roster)
    }

    fn offers(&self, ctx: &Context, actors: &[PieceId], targets: &[PieceId]) -> Vec<Offer> {
        let valid = |ids: &[PieceId]| {
            ids.iter()
                .all(|p| usize::from(p.0) < ctx.roster.pieces.len())
        };
        if !valid(actors) || !valid(targets) {
            return Vec::new();
        }
        match (actors.is_empty(), targets.is_empty()) {
            (true, true) => self.turn_offers(ctx),
            (true, false) => self
                .unit_offers(ctx, &targets[..1])
                .into_iter()
                .filter(|o| o.id == P_SPOT)
                .collect(),
            (false, true) => self.unit_offers(ctx, actors),
            (false, false) => self.target_offers(ctx, actors, targets),
        }
    }

    fn procedure(&self, ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        let t = &self.tables_in_force();
        let ids = call.actors.iter().chain(&call.targets);
        if ids
            .into_iter()
            .any(|p| usize::from(p.0) >= ctx.roster.pieces.len())
        {
            return Err(Refusal::new("no such piece", "§3.1"));
        }
        Ok(match call.id.as_str() {
            P_FIRST_PLAYER => {
                if turn::first_player(ctx).is_some() {
                    return Err(Refusal::new("the first player has been decided", "§4.1"));
                }
                Box::new(turn::FirstPlayer)
            }
            P_END_TURN => {
                if ctx.state.result.is_some() {
                    return Err(Refusal::new("the battle is over", "§9.1"));
                }
                Box::new(turn::EndTurn {
                    tables: Arc::clone(t),
                })
            }
            P_VICTORY => {
                let spec = &turn::victory_params(ctx)[0];
                let answer = answer(call, spec);
                Box::new(turn::Victory {
                    tables: Arc::clone(t),
                    objectives: answer.checked_sub(1),
                })
            }
            P_ACTIVATE => Box::new(actions::activate(ctx, t, call)?),
            P_MOVE => Box::new(actions::move_unit(ctx, t, call)?),
            P_LIMBER => Box::new(actions::limber(ctx, t, call)?),
            P_RALLY => Box::new(rally::rally(ctx, t, call)?),
            P_SPOT => Box::new(actions::spot(ctx, t, call)?),
            P_SHOOT => Box::new(shoot::start(ctx, t, call)?),
            P_ASSAULT => Box::new(assault::start(ctx, t, call)?),
            other => {
                return Err(Refusal::new(format!("no procedure '{other}'"), "§4.3"));
            }
        })
    }

    fn clock_offer(&self) -> Option<&'static str> {
        Some(P_END_TURN)
    }

    fn reminders(&self, ctx: &Context) -> Vec<String> {
        let t = self.data();
        let names = turn::sides(ctx);
        let mut out = Vec::new();
        if turn::first_player(ctx).is_none() {
            out.push("Roll off for the first player (§4.1)".into());
            return out;
        }
        let side = ctx.state.side;
        let own: Vec<_> = ctx
            .roster
            .ids()
            .filter_map(|id| view(ctx, t, id))
            .filter(|u| u.side == side && !u.destroyed())
            .collect();
        out.push(format!(
            "Turn {}: {}' player turn",
            ctx.state.turn,
            names.get(side).map_or("?", String::as_str)
        ));
        let waiting: Vec<_> = own
            .iter()
            .filter(|u| !u.activated())
            .map(|u| u.name())
            .collect();
        if !waiting.is_empty() {
            out.push(format!("Not yet activated: {}", waiting.join(", ")));
        }
        let pinned: Vec<String> = own
            .iter()
            .filter(|u| u.pinned())
            .map(|u| format!("{} ({}+)", u.name(), u.quality.rally))
            .collect();
        if !pinned.is_empty() {
            out.push(format!(
                "Pinned, may rally (+1 with an HQ adjacent): {}",
                pinned.join(", ")
            ));
        }
        out
    }

    fn figures(&self, ctx: &Context) -> Vec<Figure> {
        turn::losses(ctx, self.data())
            .into_iter()
            .enumerate()
            .map(|(side, (lost, total))| Figure {
                side,
                label: "Combat units destroyed".into(),
                value: format!(
                    "{lost} of {total} (loses at {})",
                    (total * self.data().losing_share_percent + 99) / 100
                ),
            })
            .collect()
    }

    fn reads_table_file(&self) -> bool {
        true
    }

    fn with_table_file(&self, path: &str, text: &str) -> Result<System, Vec<String>> {
        overrides::tables(path, text).map(|t| System::new(Rcw::with_tables(t)))
    }

    fn tables(&self) -> Vec<Table> {
        self.data().render()
    }
}
