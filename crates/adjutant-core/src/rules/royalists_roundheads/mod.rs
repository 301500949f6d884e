//! Royalists & Roundheads, as used by *The Battle of Winceby* (docs/rules/royalists_roundheads.md).
//!
//! The pieces' status lives under the keys of [`keys`]; the charts are data in [`tables`]
//! (overridable with [`overrides::tables`]); each procedure is a body function over a
//! [`run::Run`] with its refusal check beside it, and [`offers`] lists them for a selection.

pub mod casualties;
pub mod charts;
pub mod commands;
pub mod defaults;
pub mod effects;
pub mod fire;
pub mod keys;
mod locate;
pub mod look;
pub mod melee;
pub mod melee_drm;
pub mod modifiers;
pub mod morale;
pub mod obligations;
pub mod offers;
mod override_check;
pub mod overrides;
pub mod phases;
pub mod proc;
pub mod readouts;
pub mod reminders;
pub mod run;
pub mod schema;
pub mod spec;
pub mod switches;
pub mod tables;
pub mod trace;
pub mod victory;

use std::sync::{Arc, LazyLock};

use crate::army::{Army, ArmySpec};
use crate::battle::state::{Context, Roster};
use crate::event::{Event, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::kit::in_force::{InForce, Shipped, Shipping};
use crate::rules::{Figure, Phase, RuleSystem, System, Table};
use crate::status::StatusSchema;

pub use tables::Tables;

/// The rule system: its tables in force (the shipped ones unless given), all it holds.
pub type RoyalistsRoundheads = InForce<Tables>;

/// The instance [`crate::rules::standard`] lists, with the shipped tables.
pub static SYSTEM: RoyalistsRoundheads = InForce::shipped();

static SHIPPED: Shipped<Tables> = LazyLock::new(|| Arc::new(Tables::standard()));

impl Shipping for Tables {
    const SHIPPED: &'static Shipped<Tables> = &SHIPPED;
}

impl RuleSystem for RoyalistsRoundheads {
    fn id(&self) -> &'static str {
        "royalists_roundheads"
    }

    fn name(&self) -> &'static str {
        "Royalists & Roundheads"
    }

    fn army_spec(&self) -> ArmySpec {
        spec::army_spec()
    }

    fn piece_schema(&self, roster: &Roster, piece: PieceId) -> StatusSchema {
        schema::piece(roster, piece, &self.tables_in_force())
    }

    fn side_schema(&self) -> StatusSchema {
        schema::side()
    }

    /// The clock moves exactly as the phase advance moves it (§2.3); the set-up states the
    /// first clock, which is where a battle starts.
    fn clock_follows(&self, ctx: &Context, to: (u32, usize, usize)) -> bool {
        let s = ctx.state;
        let from = (s.turn, s.phase, s.side);
        (from == (1, phases::ORDERS, 0) && to == from)
            || phases::next_clock(s.turn, s.phase, s.side, u32::MAX) == Some(to)
    }

    fn phases(&self) -> Vec<Phase> {
        phases::phases()
    }

    /// The Royalists are side 0 whichever slot the players put them in: they move first, and
    /// the Victory Table's first column is theirs (§2.2, §10.2).
    fn seat(&self, mut armies: Vec<Army>) -> Vec<Army> {
        if let Some(i) = armies.iter().position(is_royalist)
            && i > 0
        {
            let royalists = armies.remove(i);
            armies.insert(0, royalists);
        }
        armies
    }

    fn setup(&self, _roster: &Roster) -> Vec<Event> {
        vec![
            Event::Clock {
                turn: 1,
                phase: phases::ORDERS,
                side: 0,
            },
            Event::fact(
                crate::event::FactKind::Turn,
                None,
                "Winceby, 11 October 1643: 13 turns, the Royalists move first; no units start on the map",
            ),
        ]
    }

    fn offers(&self, ctx: &Context, actors: &[PieceId], targets: &[PieceId]) -> Vec<Offer> {
        offers::offers(ctx, &self.tables_in_force(), actors, targets)
    }

    fn procedure(&self, ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        offers::start(ctx, self.tables_in_force(), call)
    }

    fn clock_offer(&self) -> Option<&'static str> {
        Some(keys::proc::NEXT_PHASE)
    }

    fn reminders(&self, ctx: &Context) -> Vec<String> {
        reminders::reminders(ctx, &self.tables_in_force())
    }

    fn figures(&self, ctx: &Context) -> Vec<Figure> {
        victory::figures(ctx, &self.tables_in_force())
    }

    fn reads_table_file(&self) -> bool {
        true
    }

    fn with_table_file(&self, path: &str, text: &str) -> Result<System, Vec<String>> {
        overrides::tables(path, text).map(|t| System::new(RoyalistsRoundheads::with_tables(t)))
    }

    fn tables(&self) -> Vec<Table> {
        self.tables_in_force().to_tables()
    }
}

/// Whether an army fights for the King ("Royalist", "Royalists", "royalist army").
fn is_royalist(army: &Army) -> bool {
    army.side.to_ascii_lowercase().starts_with("royal")
}
