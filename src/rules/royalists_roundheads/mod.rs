//! System W — Royalists & Roundheads, as used by *The Battle of Winceby* (RULES.md §1).

pub mod spec;

use crate::army::ArmySpec;
use crate::battle::state::{Context, Roster};
use crate::event::PieceId;
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::rules::{Phase, RuleSystem};
use crate::status::StatusSchema;

/// The rule system.
pub struct RoyalistsRoundheads;

/// The instance [`crate::rules::all`] lists.
pub static SYSTEM: RoyalistsRoundheads = RoyalistsRoundheads;

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

    fn piece_schema(&self, _roster: &Roster, _piece: PieceId) -> StatusSchema {
        StatusSchema::default()
    }

    fn phases(&self) -> Vec<Phase> {
        Vec::new()
    }

    fn offers(&self, _ctx: &Context, _actors: &[PieceId], _targets: &[PieceId]) -> Vec<Offer> {
        Vec::new()
    }

    fn procedure(&self, _ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal> {
        Err(Refusal::new(
            format!("no procedure '{}'", call.id),
            "RULES.md §1",
        ))
    }
}
