//! The names Victory Without Squares uses in army files, status, procedures and parameters,
//! in one place so that the procedures, the schema and the tests agree.
//!
//! Every key is public on purpose, even where only the system reads it now: the keys are
//! the system's words in army and battle files, which other programs and the tests read too.

// Unit kinds (§1.3).
pub const HORSE: &str = "Horse";
pub const HORSE_2_RANK: &str = "Horse (2 ranks)";
pub const FOOT: &str = "Foot";
pub const COMMANDED_SHOT: &str = "Commanded Shot";
pub const DRAGOONS: &str = "Dragoons";
pub const TRAIN: &str = "Train";

// Army-file statistics and traits.
pub const BASES: &str = "bases";
pub const PIKE: &str = "pike";
pub const QUALITY: &str = "quality";
pub const ALL_PIKE: &str = "all_pike";
pub const POOR: &str = "poor";
pub const OVERALL: &str = "overall";
pub const SECOND: &str = "second";
/// Parliamentarian horse before 1644: they attack only after firing pistols (§7.1).
pub const BEFORE_1644: &str = "before_1644";

// Unit status.
pub const FORMATION: &str = "formation";
pub const MOVING: &str = "moving";
pub const MOUNTED: &str = "mounted";
pub const LIMBERED: &str = "limbered";
pub const OUT_OF_POWDER: &str = "out_of_powder";
pub const HEDGEHOG: &str = "hedgehog";
pub const COLUMN: &str = "column";
pub const FIRED: &str = "fired";
/// Moved, or changed formation, this turn (§3.3).
pub const MOVED: &str = "moved";
/// Changed how it stands (hedgehog, column, mounted, limbered) this turn (§3.4).
pub const CHANGED: &str = "changed_formation";
/// Rallied or reformed (or tried to) this turn (§3.3).
pub const REFORMED: &str = "reformed";
/// A gun unlimbering: the whole of this turn (§3.4).
pub const UNLIMBERING: &str = "unlimbering";
pub const SHOTS: &str = "shots";
pub const ROUNDS: &str = "rounds";
pub const PURSUING: &str = "pursuing";
pub const PURSUIT_ROUNDS: &str = "pursuit_rounds";
pub const RALLIED: &str = "rallied";
pub const PIKE_LOST: &str = "pike_lost";
pub const REMOVED: &str = "removed";
/// Leader mark: the body he is attached to (the record every system keeps, [`crate::status::WITH`]);
/// body mark: the attached leader's army-file id.
pub const ATTACHED: &str = crate::status::WITH;
pub const DIVISION: &str = "division";

// Leader status.
pub const LEADER: &str = "leader";
pub const UNHORSED_TURN: &str = "unhorsed_turn";

// Side status.
pub const BEATEN: &str = "beaten";
pub const PASSED: &str = "passed";
pub const DIVISIONS_MOVED: &str = "divisions_moved";

// Formation rungs (§1.4).
pub const FORMED: u8 = 0;
pub const UNSTEADY: u8 = 1;
pub const DISORDERED: u8 = 2;
pub const BROKEN: u8 = 3;
/// Leader rungs.
pub const ACTIVE: u8 = 0;
pub const UNHORSED: u8 = 1;
pub const KILLED: u8 = 2;
pub const CAPTURED: u8 = 3;

// Procedure ids.
pub const P_INITIATIVE: &str = "vws.initiative";
pub const P_DIVISION: &str = "vws.division";
pub const P_PASS: &str = "vws.pass";
pub const P_DIFFICULT: &str = "vws.difficult";
pub const P_HALT: &str = "vws.halt";
pub const P_REFORM: &str = "vws.reform";
pub const P_RALLY: &str = "vws.rally";
pub const P_FIRE: &str = "vws.fire";
pub const P_COMBAT: &str = "vws.combat";
pub const P_LEADER_CARD: &str = "vws.leader_card";
pub const P_NEAR_BROKEN: &str = "vws.near_broken";
pub const P_PURSUIT: &str = "vws.pursuit";
pub const P_RECALL: &str = "vws.recall";
pub const P_POSTURE: &str = "vws.posture";
pub const P_ATTACH: &str = "vws.attach";
pub const P_MOVE: &str = "vws.move";
pub const P_REMOVE: &str = "vws.remove";
pub const P_OVERRUN: &str = "vws.overrun";
pub const P_CAPTURE: &str = "vws.capture";

// Parameters.
pub const UNDER_FIRE: &str = "under_fire";
pub const IN_COLUMN: &str = "in_column";
pub const NEXT_TO_ENEMY: &str = "next_to_enemy";
pub const IN_RANGE: &str = "in_range";
pub const COVER: &str = "cover";
pub const ANGLE: &str = "angle";
pub const CLOSE_GUNS: &str = "close_guns";
pub const TERRAIN: &str = "terrain";
pub const OBSTACLE: &str = "obstacle";
pub const DIRECTION: &str = "direction";
pub const EXPOSED: &str = "exposed";
pub const FOLLOW_UP: &str = "follow_up";
pub const FAR_BEHIND: &str = "far_behind";
pub const DIVISION_PARAM: &str = "division";
pub const MOVE: &str = "move";
pub const REASON: &str = "reason";

/// The divisions an army file's `group` may name.
pub const DIVISIONS: [&str; 3] = ["left", "centre", "right"];
