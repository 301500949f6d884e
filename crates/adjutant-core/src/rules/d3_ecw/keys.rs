//! Every string this rule system keys things by: unit kinds, status keys, procedure ids and
//! parameter keys, in one place so the schema, the procedures and the tests agree.
//!
//! Every key is public on purpose, even where only the system reads it now: the keys are
//! the system's words in army and battle files, which other programs and the tests read too.

/// Unit kind: pike and shot (§2.1).
pub const INFANTRY: &str = "Infantry";
/// Unit kind: a detachment of musketeers.
pub const COMMANDED_SHOT: &str = "Commanded Shot";
/// Unit kind: mounted musketeers.
pub const DRAGOONS: &str = "Dragoons";
/// Unit kind: cavalry that shoots its pistols before contact.
pub const TROTTERS: &str = "Trotters";
/// Unit kind: cavalry that charges at the gallop.
pub const GALLOPERS: &str = "Gallopers";
/// Unit kind: guns.
pub const ARTILLERY: &str = "Artillery";
/// Unit kind (optional rule): Infantry that cannot shoot and strikes +1 in melee.
pub const ELITE_PIKE: &str = "Elite Pike";
/// Unit kind (optional rule): armoured Trotters.
pub const CUIRASSIERS: &str = "Cuirassiers";

/// Unit trait: the unit starts behind entrenchments (the default for the entrenchment
/// parameters; the player can still answer otherwise).
pub const ENTRENCHED: &str = "entrenched";

/// Unit track: hits taken.
pub const HITS: &str = "hits";
/// Unit track (artillery): the turn it last fired, 0 if never.
pub const LAST_FIRED: &str = "last_fired";
/// Unit flag: out of ammunition for the rest of the game.
pub const OUT_OF_AMMO: &str = "out_of_ammo";
/// Unit flag (artillery): fired in its side's last turn, so it may not fire this turn.
pub const FIRED_LAST_TURN: &str = "fired_last_turn";
/// Unit flag (artillery): has fired, so may not move again.
pub const EMPLACED: &str = "emplaced";
/// Unit flag: activated this turn.
pub const ACTIVATED: &str = "activated";
/// Unit flag: has shot or fought in this turn's activation.
pub const ACTED: &str = "acted";
/// Unit flag: gave ground this turn.
pub const GAVE_GROUND: &str = "gave_ground";
/// Unit flag: routed (or eliminated) and removed from the table.
pub const ROUTED: &str = "routed";
/// Unit mark: the name of the enemy unit it is in melee with.
pub const IN_MELEE: &str = "in_melee";
/// Unit and commander mark: grid reference, letter and number (e.g. "H1").
pub const GRID: &str = "grid";

/// Commander mark: the name of the unit it is attached to.
pub const ATTACHED: &str = crate::status::WITH;
/// Commander flag: contacted by the enemy and removed; returns next move from the base edge.
pub const REMOVED: &str = "removed";

/// Commander flag: removed during his own side's move; he may return from its next move.
pub const REMOVED_OWN_MOVE: &str = "removed_own_move";

/// Side track: commander hits (one per own unit routed).
pub const COMMANDER_HITS: &str = "commander_hits";
/// Side track: activations available this turn.
pub const ACTIVATIONS: &str = "activations";
/// Side track: activations used this turn.
pub const ACTIVATIONS_USED: &str = "activations_used";
/// Side flag: activations have been counted this turn.
pub const COUNTED: &str = "counted";
/// Side flag: has played its turn in this game turn.
pub const PLAYED: &str = "played";
/// Side flag: the army has retired (lost).
pub const RETIRED: &str = "retired";

/// Procedure: the initiative roll-off.
pub const P_INITIATIVE: &str = "initiative";
/// Procedure: count the side's activations.
pub const P_COUNT: &str = "count_activations";
/// Procedure: end the side's activations (Give Ground reminders, army resolve, next side).
pub const P_END_TURN: &str = "end_turn";
/// Procedure: check army resolve now.
pub const P_RESOLVE: &str = "army_resolve";
/// Procedure: activate a unit to move (it may then shoot or melee within the activation).
pub const P_ACTIVATE: &str = "activate";
/// Procedure: shooting.
pub const P_SHOOT: &str = "shoot";
/// Procedure: melee.
pub const P_MELEE: &str = "melee";
/// Procedure: give ground.
pub const P_GIVE_GROUND: &str = "give_ground";
/// Procedure: attach the commander to a unit.
pub const P_ATTACH: &str = "attach";
/// Procedure: detach the commander.
pub const P_DETACH: &str = "detach";
/// Procedure: an enemy unit contacts the commander, who is removed.
pub const P_CONTACT: &str = "contact_commander";
/// Procedure: the removed commander returns from the base edge.
pub const P_RETURN: &str = "commander_returns";

/// Parameter: range in hexes.
pub const RANGE: &str = "range";
/// Parameter: the target's terrain (cover).
pub const TERRAIN: &str = "terrain";
/// Parameter: the shooter is behind entrenchments.
pub const SHOOTER_ENTRENCHED: &str = "shooter_entrenched";
/// Parameter: Gallopers charging into contact.
pub const CHARGING: &str = "charging";
/// Parameter: attacking the target's flank.
pub const FLANK: &str = "flank";
/// Parameter: the target is defending a hill.
pub const HILL: &str = "hill";
/// Parameter: giving ground is blocked by terrain or units.
pub const BLOCKED: &str = "blocked";
/// Parameter: the unit giving ground is beyond its commander's sight or command range.
pub const OUT_OF_COMMAND: &str = "out_of_command";
/// Parameter: units the commander can see within command range.
pub const UNITS_SEEN: &str = "units_seen";
