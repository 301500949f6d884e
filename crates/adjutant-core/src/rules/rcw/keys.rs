//! Every name the RCW system uses as a key: unit kinds, traits, status keys, procedure ids
//! and parameter keys. Kept in one place so the army files, the status schema, the
//! procedures and the tests agree on the spelling.
//!
//! Every key is public on purpose, even where only the system reads it now: the keys are
//! the system's words in army and battle files, which other programs and the tests read too.

/// The system's id, as army files name it.
pub const SYSTEM_ID: &str = "rcw";

// Unit kinds (§2.1). HQ and FAO share the table's HQ/FAO row but observe for
// different weapons (§6.3), so army files name which one a stand is.
pub const HQ: &str = "HQ";
pub const FAO: &str = "FAO";
pub const INFANTRY: &str = "Infantry";
pub const MG: &str = "MG";
pub const MORTAR: &str = "Mortar";
pub const CAVALRY: &str = "Cavalry";
pub const ARTILLERY: &str = "Artillery";
pub const ARMOURED_CAR: &str = "Armoured Car";
pub const TANK: &str = "Tank";
pub const WAGON: &str = "Wagon";
pub const ARMOURED_TRAIN: &str = "Armoured Train";

// Unit traits an army file may give.
/// Elite quality (§1.2).
pub const ELITE: &str = "elite";
/// Conscript quality (§1.2).
pub const CONSCRIPT: &str = "conscript";
/// Dug in at set-up (§5.6); only infantry, MGs and mortars.
pub const ENTRENCHED_AT_START: &str = "entrenched";
/// Hidden in woods or a village at set-up (§5.7).
pub const CONCEALED_AT_START: &str = "concealed";
/// Artillery deployed at set-up; otherwise it starts limbered (§4.6).
pub const UNLIMBERED_AT_START: &str = "unlimbered";

// Optional per-unit overrides of the unit table (army files need not give them).
pub const STAT_MOVE: &str = "move";
pub const STAT_RANGE: &str = "range";
pub const STAT_SHOOT: &str = "shooting_dice";
pub const STAT_ASSAULT: &str = "assault_dice";

// Piece status keys.
/// Track: hits taken this player turn (§5.2).
pub const HITS: &str = "hits";
/// Track: actions used this activation (§4.3).
pub const ACTIONS: &str = "actions";
pub const PINNED: &str = "pinned";
pub const DESTROYED: &str = "destroyed";
/// Flag: an elite unit has ignored its first hit this player turn (§5.3).
pub const ELITE_USED: &str = "elite_used";
pub const LIMBERED: &str = "limbered";
pub const ENTRENCHED: &str = "entrenched";
pub const CONCEALED: &str = "concealed";
pub const SPOTTED: &str = "spotted";
pub const ARMOURED: &str = "armoured";
/// Flag: activated this turn (§4.3).
pub const ACTIVATED: &str = "activated";
/// Flag: failed its command roll, so no Move this activation (§4.4).
pub const NO_MOVE: &str = "no_move";
/// Mark: the actions declared at activation, "Move + Shoot".
pub const ORDERS: &str = "orders";
/// Mark: the declared actions already carried out, "Move".
pub const DONE: &str = "done";
/// Mark: troop quality, for display (the logic reads the army file's traits).
pub const QUALITY: &str = "quality";

// Side status keys.
/// Mark: the side that won the first-player roll-off (§4.1).
pub const FIRST: &str = "first";

// Procedure ids.
pub const P_FIRST_PLAYER: &str = "rcw.first_player";
pub const P_END_TURN: &str = "rcw.end_turn";
pub const P_VICTORY: &str = "rcw.victory";
pub const P_ACTIVATE: &str = "rcw.activate";
pub const P_MOVE: &str = "rcw.move";
pub const P_LIMBER: &str = "rcw.limber";
pub const P_RALLY: &str = "rcw.rally";
pub const P_SHOOT: &str = "rcw.shoot";
pub const P_ASSAULT: &str = "rcw.assault";
pub const P_SPOT: &str = "rcw.spot";

// Parameter keys.
pub const Q_FIRST: &str = "first";
pub const Q_SECOND: &str = "second";
pub const Q_NEAR_HQ: &str = "near_hq";
pub const Q_VILLAGE: &str = "village";
pub const Q_HQ_ADJACENT: &str = "hq_adjacent";
pub const Q_RANGE: &str = "range";
pub const Q_COVER: &str = "cover";
pub const Q_OBSERVER_RANGE: &str = "observer_range";
pub const Q_ATTACKER_COVER: &str = "attacker_cover";
pub const Q_FACING: &str = "facing";
pub const Q_OBJECTIVES: &str = "objectives";
