//! The status keys Royalists & Roundheads writes into pieces and sides (one place, so the schema, the
//! procedures and the tests agree), the procedure ids, and the command chit as a type.
//!
//! Every key is public on purpose, even where only the system reads it now: the keys are
//! the system's words in army and battle files, which other programs and the tests read too.

use std::fmt;

/// Unit track: steps lost so far (0 = fresh).
pub const STEPS_LOST: &str = "steps_lost";
/// Unit ladder: the step-loss ladder's rung (equal to the steps lost).
pub const STEP_LADDER: &str = "step_ladder";
/// Unit flag: a Step-Loss marker is under the unit.
pub const STEP_LOSS_MARKER: &str = "step_loss_marker";
/// Dragoon flag: a second Step-Loss marker (§8.2).
pub const SECOND_MARKER: &str = "second_marker";
/// Unit flag: flipped to its Reduced side.
pub const REDUCED: &str = "reduced";
/// Unit flag: Rout marker.
pub const ROUTED: &str = "routed";
/// Unit flag: OC marker.
pub const OUT_OF_COMMAND: &str = "out_of_command";
/// Dragoon flag: dismounted (absent = mounted).
pub const DISMOUNTED: &str = "dismounted";
/// Unit or leader flag: on the map.
pub const ENTERED: &str = "entered";
/// Unit flag: removed from play.
pub const ELIMINATED: &str = "eliminated";
/// Unit flag: fired this Combat Phase.
pub const FIRED: &str = "fired";
/// Unit flag: made its one morale check of this Fire Combat Phase.
pub const MORALE_CHECKED_FIRE: &str = "morale_checked_fire";
/// Unit flag: made its one morale check of this Melee Phase.
pub const MORALE_CHECKED_MELEE: &str = "morale_checked_melee";
/// Unit flag: used the Cavalry Second Combat Option this phase.
pub const SECOND_COMBAT_USED: &str = "second_combat_used";
/// Unit flag: tried to rally this Rally Phase.
pub const RALLY_TRIED: &str = "rally_tried";
/// Unit flag: traces command to the Overall Leader this turn and obeys his chit (§4.2).
pub const TRACES_OVERALL: &str = "traces_overall";
/// Unit flag: fired at an adjacent hex in Offensive Fire, so must melee that hex (§5.3).
pub const MUST_MELEE: &str = "must_melee";
/// Unit mark (bookkeeping, not rendered): the pieces it fired at when it became bound to
/// melee them, as comma-separated piece numbers (§5.3).
pub const MUST_MELEE_AT: &str = "must_melee_at";
/// Unit flag (bookkeeping, not rendered): attacked in this Melee Phase (§6.2).
pub const MELEED: &str = "meleed";
/// Unit mark (secret: it can tell the chit): the movement allowance now (§4.3).
pub const MOVEMENT_NOW: &str = "movement_now";
/// Leader mark (secret: it can tell the chit): the command span now (§4.3).
pub const SPAN_NOW: &str = "span_now";

/// Leader mark: the command chit (secret).
pub const CHIT: &str = "chit";
/// Leader flag: the replacement side is showing (§9).
pub const REPLACEMENT: &str = "replacement";
/// Leader flag: a command change was tried this Orders Phase.
pub const COMMAND_TRIED: &str = "command_tried";
/// Leader flag: the chit became Muster this turn, so it may change only from next turn.
pub const FRESH_MUSTER: &str = "fresh_muster";
/// Leader mark (bookkeeping, not rendered): enemy cavalry already checked against this
/// enemy Movement Phase, as comma-separated piece numbers (§3.6).
pub const CHARGE_CHECKS: &str = "charge_checks";

/// Side track: loss points from leader casualties (permanent, §10.1).
pub const LEADER_LOSSES: &str = "leader_losses";
/// Side flag: the Array / Hobart group has entered.
pub const REINFORCEMENTS_ENTERED: &str = "reinforcements_entered";

/// Procedure ids.
pub mod proc {
    pub const NEXT_PHASE: &str = "next_phase";
    pub const SET_CHIT: &str = "set_chit";
    pub const CHANGE_COMMAND: &str = "change_command";
    pub const CHARGE_CHECK: &str = "charge_check";
    pub(crate) const MARK_OC: &str = "mark_out_of_command";
    pub(crate) const CLEAR_OC: &str = "clear_out_of_command";
    pub const FORMATION: &str = "change_formation";
    pub const LOSE_STEP: &str = "lose_step";
    pub const MORALE: &str = "morale_check";
    pub const RALLY: &str = "rally";
    pub const FIRE: &str = "fire";
    pub const MELEE: &str = "melee";
    pub const TRACE_OVERALL: &str = "trace_to_overall_leader";
    pub const TRACE_OWN: &str = "trace_to_own_leader";
    pub const OVERRUN: &str = "leader_overrun";
    pub const LEAVE_MAP: &str = "routed_leaves_map";
}

/// Parameter keys.
pub mod param {
    pub const TO: &str = "to";
    pub const OVERALL_STACKED: &str = "overall_stacked";
    pub const WITHIN_SPAN: &str = "within_overall_span";
    pub const LEADER_STACKED: &str = "leader_stacked";
    pub const CAUSE: &str = "cause";
    pub const IN_ENEMY_ZOC: &str = "in_enemy_zoc";
    pub const RANGE: &str = "range";
    pub const TERRAIN: &str = "terrain";
    pub const HEXSIDE: &str = "hexside";
    pub const FLANK_REAR: &str = "flank_rear";
    pub(crate) const SECOND_COMBAT: &str = "second_combat";
    pub const TARGET_LEADER_STACKED: &str = "target_leader_stacked";
}

/// A command chit (§3.1). Charge carries its box, 1–3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chit {
    Attack,
    Advance,
    Stand,
    Retreat,
    Reserve,
    Muster,
    Charge(u8),
}

impl Chit {
    /// Every value the chit mark may hold, in the order the window lists them.
    pub const ALL: [Chit; 9] = [
        Chit::Attack,
        Chit::Advance,
        Chit::Stand,
        Chit::Retreat,
        Chit::Reserve,
        Chit::Muster,
        Chit::Charge(1),
        Chit::Charge(2),
        Chit::Charge(3),
    ];

    /// The seven commands a player picks from (Charge is adopted in box 1).
    pub(crate) const COMMANDS: [Chit; 7] = [
        Chit::Attack,
        Chit::Advance,
        Chit::Stand,
        Chit::Retreat,
        Chit::Reserve,
        Chit::Muster,
        Chit::Charge(1),
    ];

    /// Reads a chit mark ("Charge 2"); "Charge" alone reads as box 1.
    pub fn parse(text: &str) -> Option<Chit> {
        let t = text.trim();
        Chit::ALL
            .into_iter()
            .find(|c| c.reads_as(t))
            .or_else(|| t.eq_ignore_ascii_case("charge").then_some(Chit::Charge(1)))
    }

    /// Whether `t` is this chit's name, ignoring ASCII case (without building the name: the
    /// odds walk reads chits in its inner loop).
    fn reads_as(self, t: &str) -> bool {
        let name = self.command_name();
        match self {
            Chit::Charge(n) => {
                let digit = [b'0' + n % 10];
                t.len() == name.len() + 2
                    && n < 10
                    && t.as_bytes()[..name.len()].eq_ignore_ascii_case(name.as_bytes())
                    && t.as_bytes()[name.len()] == b' '
                    && t.as_bytes()[name.len() + 1..] == digit
            }
            _ => t.eq_ignore_ascii_case(name),
        }
    }

    pub(crate) fn is_charge(self) -> bool {
        matches!(self, Chit::Charge(_))
    }

    /// The command's name without the Charge box ("Charge").
    pub(crate) fn command_name(self) -> &'static str {
        match self {
            Chit::Attack => "Attack",
            Chit::Advance => "Advance",
            Chit::Stand => "Stand",
            Chit::Retreat => "Retreat",
            Chit::Reserve => "Reserve",
            Chit::Muster => "Muster",
            Chit::Charge(_) => "Charge",
        }
    }
}

impl fmt::Display for Chit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chit::Charge(n) => write!(f, "Charge {n}"),
            other => f.write_str(other.command_name()),
        }
    }
}
