//! The rule systems. Each describes itself in the core's vocabulary — army contents, status
//! schemas, phases, procedures, tables — so the window and the printed sheets never name one.
//! Adding a system means one folder here, declared below (`pub mod <id>;`), and one line in
//! [`standard`], the registry; a system whose tables a player's file can replace reads that
//! file itself ([`RuleSystem::with_table_file`]).
//! The procedures are built from the [`kit`]; `docs/architecture.md` has the recipe.
//!
//! There is no global registry: [`standard`] lists the shipped systems (their ids, names and
//! army specs, which no table file changes), and a [`Systems`] value — built once in `main`
//! with the player's table files ([`Systems::from_overrides`]) — is handed to the window, the
//! command line and the battle store, and each [`crate::battle::Battle`] keeps the system it
//! is played under.

pub mod d3_ecw;
pub mod kit;
pub mod rcw;
pub mod registry;
pub mod royalists_roundheads;
pub mod systems;
pub mod table;
pub mod victory_without_squares;

use std::sync::LazyLock;

use crate::army::{Army, ArmySpec};
use crate::battle::state::{Context, Roster};
use crate::event::{Event, PieceId};
use crate::procedure::{Call, Offer, Procedure, Refusal};
use crate::status::StatusSchema;

pub use registry::{OverrideProblem, Overrides, overrides_from};
pub use systems::{System, Systems};
pub use table::{Source, Table};

/// One phase of the sequence of play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    pub name: String,
    /// What happens in this phase, in a line, for the phase banner.
    pub summary: String,
}

/// A key figure for a side (loss points, resolve, broken bodies), for the across-the-table view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    pub side: usize,
    pub label: String,
    pub value: String,
}

/// A rule system, described in the core's vocabulary.
pub trait RuleSystem: Send + Sync {
    /// The id army files name in their `system` field.
    fn id(&self) -> &'static str;
    /// The name players know it by.
    fn name(&self) -> &'static str;
    /// What army files for this system may contain.
    fn army_spec(&self) -> ArmySpec;
    /// What a piece's status is made of.
    fn piece_schema(&self, roster: &Roster, piece: PieceId) -> StatusSchema;
    /// What a side's status is made of.
    fn side_schema(&self) -> StatusSchema {
        StatusSchema::default()
    }
    /// The sequence of play.
    fn phases(&self) -> Vec<Phase>;
    /// Whether play can move the clock to `to` (turn, phase, side) from where it stands in
    /// `ctx`, for the check of a battle file as it loads: a clock that jumps or goes back
    /// cannot be true. The default is [`moves_on`]; a system whose sequence of play is
    /// otherwise says so.
    fn clock_follows(&self, ctx: &Context, to: (u32, usize, usize)) -> bool {
        let s = ctx.state;
        moves_on((s.turn, s.phase, s.side), to)
    }
    /// The armies in the order the rules seat them, side 0 first: a system whose scenario
    /// names who moves first, or gives each side its own table, puts that army first. The
    /// default keeps the players' order.
    fn seat(&self, armies: Vec<Army>) -> Vec<Army> {
        armies
    }
    /// When the battle's deck takes its discards back by itself.
    fn refill(&self) -> crate::cards::Refill {
        crate::cards::Refill::WhenEmpty
    }
    /// The events that set a new battle up (starting chits, entry flags, a shuffled deck).
    fn setup(&self, _roster: &Roster) -> Vec<Event> {
        Vec::new()
    }
    /// The procedures offered for a selection (actors, then targets), refused ones included
    /// with the rule that forbids them. With nothing selected: phase and battle procedures.
    fn offers(&self, ctx: &Context, actors: &[PieceId], targets: &[PieceId]) -> Vec<Offer>;
    /// Starts a procedure, or refuses it with the rule that forbids it.
    fn procedure(&self, ctx: &Context, call: &Call) -> Result<Box<dyn Procedure>, Refusal>;
    /// The side to play now; `None` while the rules have yet to decide it (an initiative or a
    /// roll-off for the first player still to be won). The default: the clock's side.
    fn side_to_play(&self, ctx: &Context) -> Option<usize> {
        Some(ctx.state.side)
    }
    /// The procedure that moves the clock on (the next phase, the end of a player turn),
    /// among the offers for nothing picked: the battle screen gives it one fixed place and a
    /// key. `None`: the clock moves only as other procedures move it.
    fn clock_offer(&self) -> Option<&'static str> {
        None
    }
    /// What is due now, for the phase banner.
    fn reminders(&self, _ctx: &Context) -> Vec<String> {
        Vec::new()
    }
    /// Each side's key figures.
    fn figures(&self, _ctx: &Context) -> Vec<Figure> {
        Vec::new()
    }
    /// The tables in force, with where each came from.
    fn tables(&self) -> Vec<Table> {
        Vec::new()
    }
    /// Whether a player's table file can replace this system's tables (see
    /// [`RuleSystem::with_table_file`]).
    fn reads_table_file(&self) -> bool {
        false
    }
    /// This system built with the tables of the player's table file: `text`, read from the
    /// file `path` names (in messages and in the tables' source). Every problem comes back
    /// as `path:line:col: message`. A system with no such file says so.
    fn with_table_file(&self, path: &str, _text: &str) -> Result<System, Vec<String>> {
        Err(vec![format!(
            "{path}:1:1: {} has no tables that can be overridden",
            self.name()
        )])
    }
}

/// The usual sequence of play: within a turn the clock moves to a later phase, or stays on a
/// phase only to hand it to another side; a new turn comes one at a time and starts at the
/// first phase.
pub fn moves_on(from: (u32, usize, usize), to: (u32, usize, usize)) -> bool {
    let (turn, phase, side) = from;
    match to {
        (t, p, s) if t == turn => p > phase || (p == phase && s != side),
        (t, p, _) => u64::from(t) == u64::from(turn) + 1 && p == 0,
    }
}

/// Every rule system with its shipped tables, made once and shared: the registry, one line
/// per system, in the order the window lists them (`tests/layers.rs` checks that it lists
/// every system folder).
pub fn standard() -> Vec<System> {
    static SHIPPED: LazyLock<Vec<System>> = LazyLock::new(|| {
        vec![
            System::new(royalists_roundheads::SYSTEM.clone()),
            System::new(rcw::SYSTEM.clone()),
            System::new(d3_ecw::SYSTEM.clone()),
            System::new(victory_without_squares::SYSTEM.clone()),
        ]
    });
    SHIPPED.clone()
}

/// The shipped rule system with this id: for what no table file changes (its name, army
/// spec, status schemas). The tables in force come from [`Systems`].
pub fn by_id(id: &str) -> Option<System> {
    standard().into_iter().find(|s| s.id() == id)
}
