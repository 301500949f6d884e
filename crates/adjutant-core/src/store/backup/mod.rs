//! One file of everything a player keeps — every saved battle (its file's text as it is, log
//! and all), their own armies, their table files and settings — to carry from one device to
//! another, and what restoring it does.
//!
//! The file is RON, as Adjutant's other files are, and text, so it reads the same on any
//! platform (a desktop writes it, a browser reads it, and back):
//!
//! ```text
//! // An Adjutant backup: ...
//! AdjutantBackup(
//!     version: 1,
//!     made: "2025-06-01 14:32 UTC",
//!     items: [
//!         Item(
//!             kind: Battle,
//!             path: "2025-06-01-1432-kings-army-vs-eastern-association.ron",
//!             checksum: "5c1e0a9b3f7d2e41",
//!             text: r#"BattleFile(
//!     ...
//! "#,
//!         ),
//!     ],
//! )
//! ```
//!
//! Each item is one file: its kind (`Battle`, `Army`, `Table`, `Settings`), its path inside
//! the folder of its kind (`/` between folders), a checksum (FNV-1a 64 of the kind, the path
//! and the text, [`sum`]), and the
//! text itself as a raw string (`r#"…"#`, with as many `#` as it needs), byte for byte, so
//! a battle comes back exactly as it was saved. [`read`] refuses a file that is damaged or
//! not a backup with `path:line:col: message`; [`write`] makes one. [`restore`] puts what a
//! backup holds into a [`Storage`](super::Storage) without writing over anything.

mod read;
pub mod restore;

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::checksum::fnv1a64;

pub use read::{path_problem, read, read_bytes};
pub use restore::{Outcome, Places, Restored, counted, restore};

/// The version of the backup format this Adjutant writes and reads.
pub const BACKUP_VERSION: u32 = 1;

/// The name of the file's one value, which tells a backup from a battle or army file.
pub const BACKUP_STRUCT: &str = "AdjutantBackup";

/// The most folders deep an army file may be kept in the player's armies folder.
pub const MAX_DEPTH: usize = 8;

/// What an item of a backup is, and so which folder it goes back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A saved battle: a file of the battles folder.
    Battle,
    /// One of the player's own army files, under their armies folder.
    Army,
    /// A table file, in the tables folder.
    Table,
    /// The settings file.
    Settings,
}

impl Kind {
    /// Every kind, in the order a backup holds them.
    pub const ALL: [Kind; 4] = [Kind::Battle, Kind::Army, Kind::Table, Kind::Settings];

    /// The noun for one item of the kind, and for several.
    pub fn noun(self) -> (&'static str, &'static str) {
        match self {
            Kind::Battle => ("battle", "battles"),
            Kind::Army => ("army", "armies"),
            Kind::Table => ("table file", "table files"),
            Kind::Settings => ("settings file", "settings files"),
        }
    }
}

/// One file kept in a backup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub kind: Kind,
    /// Where it is kept inside the folder of its kind, with `/` between folders
    /// (`royalists_roundheads/mine.ron`); the settings' is `settings.ron`.
    pub path: String,
    /// The file's text, byte for byte.
    pub text: String,
}

/// What a backup holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Backup {
    /// When it was made, as the device that made it said it (`2025-06-01 14:32 UTC`).
    pub made: String,
    pub items: Vec<Item>,
}

/// The comment at the top of every backup, for someone who opens it.
const HEADER: &str = "\
// An Adjutant backup: saved battles, your own armies, table files and settings, each with
// the text of its file exactly as it was kept and a checksum (FNV-1a 64 of its kind, path
// and text).
// Restore it with \"Restore from a backup…\" on Adjutant's home screen, or with
// `adjutant restore-backup FILE`: what is missing is added, and nothing is written over.
";

/// The backup as the text of its file.
pub fn write(backup: &Backup) -> String {
    let mut out = String::with_capacity(
        1024 + backup
            .items
            .iter()
            .map(|i| i.text.len() + 200)
            .sum::<usize>(),
    );
    out.push_str(HEADER);
    let _ = writeln!(out, "{BACKUP_STRUCT}(");
    let _ = writeln!(out, "    version: {BACKUP_VERSION},");
    let _ = writeln!(out, "    made: {},", string(&backup.made));
    out.push_str("    items: [\n");
    for item in &backup.items {
        let _ = writeln!(out, "        Item(");
        let _ = writeln!(out, "            kind: {:?},", item.kind);
        let _ = writeln!(out, "            path: {},", string(&item.path));
        let _ = writeln!(
            out,
            "            checksum: \"{:016x}\",",
            sum(item.kind, &item.path, &item.text)
        );
        let _ = writeln!(out, "            text: {},", raw(&item.text));
        out.push_str("        ),\n");
    }
    out.push_str("    ],\n)\n");
    out
}

/// An item's checksum: FNV-1a 64 of its kind, its path and its text, each on a line of its
/// own (`Battle\nb.ron\n` then the text), so a path damaged is caught as a text is.
pub(crate) fn sum(kind: Kind, path: &str, text: &str) -> u64 {
    let mut bytes = Vec::with_capacity(text.len() + path.len() + 10);
    bytes.extend_from_slice(format!("{kind:?}\n{path}\n").as_bytes());
    bytes.extend_from_slice(text.as_bytes());
    fnv1a64(&bytes)
}

/// A RON string with its quotes, backslashes and control characters escaped.
fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A RON raw string holding `text` as it is: `r#"…"#` with one `#` more than the longest run
/// of `#` in the text, so nothing in it can end it early.
fn raw(text: &str) -> String {
    let longest = text.split(|c| c != '#').map(str::len).max().unwrap_or(0);
    let hashes = "#".repeat(longest + 1);
    format!("r{hashes}\"{text}\"{hashes}")
}

#[cfg(test)]
mod tests;
