//! System W — Royalists & Roundheads (RULES.md §1): tables, status, procedures, odds and
//! override files, driven through the rule-system interface with fixed faces.

#[path = "royalists_roundheads/combat.rs"]
mod combat;
#[path = "royalists_roundheads/commands.rs"]
mod commands;
#[path = "royalists_roundheads/common.rs"]
mod common;
#[path = "royalists_roundheads/odds.rs"]
mod odds;
#[path = "royalists_roundheads/overrides.rs"]
mod overrides;
#[path = "royalists_roundheads/status.rs"]
mod status;
#[path = "royalists_roundheads/tables.rs"]
mod tables;
