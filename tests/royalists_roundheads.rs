//! Royalists & Roundheads: tables, status, procedures, odds and
//! override files, driven through the rule-system interface with fixed faces.

#[path = "royalists_roundheads/citations.rs"]
mod citations;
#[path = "royalists_roundheads/combat.rs"]
mod combat;
#[path = "royalists_roundheads/commands.rs"]
mod commands;
#[path = "royalists_roundheads/commands_seed.rs"]
mod commands_seed;
use adjutant_testkit::royalists_roundheads as common;
#[path = "royalists_roundheads/duties.rs"]
mod duties;
#[path = "royalists_roundheads/leaders_with.rs"]
mod leaders_with;
#[path = "royalists_roundheads/melee_seed.rs"]
mod melee_seed;
#[path = "royalists_roundheads/odds.rs"]
mod odds;
#[path = "royalists_roundheads/overrides.rs"]
mod overrides;
#[path = "royalists_roundheads/readouts.rs"]
mod readouts;
#[path = "royalists_roundheads/rout_rally.rs"]
mod rout_rally;
#[path = "royalists_roundheads/status.rs"]
mod status;
#[path = "royalists_roundheads/tables.rs"]
mod tables;
