//! The battle file: a battle as versioned RON.
//!
//! ```text
//! // Adjutant battle file. A damaged file is refused and kept, never repaired.
//! BattleFile(
//!   version: 2,
//!   system: "royalists_roundheads",
//!   seed: 7,
//!   armies: [
//!     Army(
//!       system: "royalists_roundheads",
//!       name: "King's army",
//!       ...
//!       units: [Unit(id: "horse1", name: "Henderson's horse", kind: "Cavalry", ...), ...],
//!     ),
//!   ],
//!   log: [
//!     Entry(
//!       title: "Draw a card",
//!       action: Draw,
//!       events: [Drew(label: "Draw a card", card: Suited(Rank(5), Clubs))],
//!     ),
//!   ],
//!   redo: [],
//!   pending: None,
//! )
//! // Checksum: 5c1e0a9b3f7d2e41 (FNV-1a 64 of everything above this line; ...)
//! ```
//!
//! The file holds what the battle cannot recompute — the armies as they were at the start, the
//! seed and the log (with the undone entries and any procedure under way) — never the state,
//! which is the fold of the log. Loading finds the version (with a small probe when the file is
//! not simply the current version), refuses a newer one, brings an older one up to date
//! ([`migrate`]), checks that every event makes sense for these armies and this rule system
//! ([`super::check`]), then that the file is as Adjutant wrote it ([`super::checksum`]), and
//! only then rebuilds the battle with [`Battle::from_parts`].

use std::path::Path;

use ron::ser::PrettyConfig;
use ron::value::RawValue;
use serde::{Deserialize, Serialize};

use super::StoreError;
use super::checksum::Seal;
use crate::army::Army;
use crate::battle::{ActionError, Battle, Entry, Pending};
use crate::rules::Systems;

/// The version this Adjutant writes, and the newest it reads.
pub const BATTLE_VERSION: u32 = 2;

/// The first line of every battle file (RON comments are ignored when reading).
const HEADER: &str =
    "// Adjutant battle file. A damaged file is refused and kept, never repaired.\n";

/// A battle as saved (version [`BATTLE_VERSION`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleFile {
    pub(crate) version: u32,
    /// The rule system's id.
    pub(crate) system: String,
    pub(crate) seed: u64,
    /// The armies as they were at the start, one per side.
    pub(crate) armies: Vec<Army>,
    /// Every entry done, the set-up first.
    pub(crate) log: Vec<Entry>,
    /// Entries undone, the next to redo last.
    pub(crate) redo: Vec<Entry>,
    /// A procedure under way.
    pub pending: Option<Pending>,
}

/// The same shape as [`BattleFile`], borrowing from a battle, so saving copies nothing.
#[derive(Serialize)]
#[serde(rename = "BattleFile")]
struct BattleFileRef<'a> {
    version: u32,
    system: &'a str,
    seed: u64,
    armies: &'a [Army],
    log: &'a [Entry],
    redo: &'a [Entry],
    pending: Option<&'a Pending>,
}

/// A battle file as read: like [`BattleFile`], with the armies left as their text, to be
/// validated as army files are (see [`super::armies`]) with every problem placed in the file.
#[derive(Deserialize)]
#[serde(rename = "BattleFile")]
pub(crate) struct BattleFileText<'a> {
    pub(crate) version: u32,
    pub(crate) system: String,
    pub(crate) seed: u64,
    #[serde(borrow)]
    pub(crate) armies: &'a RawValue,
    pub(crate) log: Vec<Entry>,
    pub(crate) redo: Vec<Entry>,
    pub(crate) pending: Option<Pending>,
}

/// Just the version, read before anything else; every other field is skipped.
#[derive(Deserialize)]
#[serde(rename = "BattleFile")]
struct Probe {
    version: u32,
}

impl BattleFile {
    /// The file for a battle (a copy of its armies and log).
    pub fn from_battle(battle: &Battle) -> BattleFile {
        BattleFile {
            version: BATTLE_VERSION,
            system: battle.system.clone(),
            seed: battle.seed,
            armies: battle.armies().to_vec(),
            log: battle.log().to_vec(),
            redo: battle.redo_stack().to_vec(),
            pending: battle.pending().cloned(),
        }
    }

    /// Rebuilds the battle under the shipped tables, folding the log. Does not check the log:
    /// see [`battle_from_ron`].
    pub fn into_battle(self) -> Result<Battle, ActionError> {
        self.into_battle_under(&Systems::shipped())
    }

    /// Rebuilds the battle under its system among `systems` (the tables in force).
    pub(crate) fn into_battle_under(self, systems: &Systems) -> Result<Battle, ActionError> {
        Battle::from_parts(
            systems,
            self.system,
            self.seed,
            self.armies,
            self.log,
            self.redo,
            self.pending,
        )
    }
}

/// How battle files are laid out: an entry over a few lines (title, action, its events on one
/// line). Less indentation is also quicker to parse: ron spends much of its time on whitespace.
fn pretty() -> PrettyConfig {
    PrettyConfig::new()
        .struct_names(true)
        .depth_limit(3)
        .indentor("  ")
}

/// The battle as the text of a battle file.
pub fn battle_to_ron(battle: &Battle) -> Result<String, ron::Error> {
    let file = BattleFileRef {
        version: BATTLE_VERSION,
        system: &battle.system,
        seed: battle.seed,
        armies: battle.armies(),
        log: battle.log(),
        redo: battle.redo_stack(),
        pending: battle.pending(),
    };
    let mut text = String::from(HEADER);
    text.push_str(&ron::ser::to_string_pretty(&file, pretty())?);
    text.push('\n');
    super::checksum::seal(&mut text);
    Ok(text)
}

/// Reads a battle from the text of a battle file; `path` is only used in messages.
///
/// A file of the current version is parsed once. Anything else — a parse error, an older or
/// a newer version — is looked at again with the version probe, so the message says what
/// matters most: a newer Adjutant's file is reported as that, not as a syntax error.
pub fn battle_from_ron(text: &str, path: &Path) -> Result<Battle, StoreError> {
    battle_from_ron_under(&Systems::shipped(), text, path)
}

/// As [`battle_from_ron`], the battle played under its system among `systems`.
pub fn battle_from_ron_under(
    systems: &Systems,
    text: &str,
    path: &Path,
) -> Result<Battle, StoreError> {
    let text = &*crate::army::locate::lf_line_ends(text);
    if let Some(err) = not_a_battle_file(text, path) {
        return Err(err);
    }
    let file = match ron::from_str::<BattleFileText>(text) {
        Ok(file) if file.version == BATTLE_VERSION => file,
        current => {
            let version = match (probe(text, path), &current) {
                (Ok(version), _) => version,
                // The probe skips what it does not read, and reports positions in a broken
                // file less well than the full parse does.
                (Err(_), Err(err)) if !lacks_version(err) => {
                    return Err(StoreError::parse(path, text, err));
                }
                (Err(err), _) => return Err(err),
            };
            match version {
                v if v > BATTLE_VERSION => {
                    return Err(StoreError::Newer {
                        path: path.to_path_buf(),
                        found: v,
                        supported: BATTLE_VERSION,
                    });
                }
                BATTLE_VERSION => current.map_err(|e| StoreError::parse(path, text, &e))?,
                v => migrate(v, text, path)?,
            }
        }
    };
    let armies = super::armies::armies(&file, text, path)?;
    let file = BattleFile {
        version: BATTLE_VERSION,
        system: file.system,
        seed: file.seed,
        armies,
        log: file.log,
        redo: file.redo,
        pending: file.pending,
    };
    super::check::check(&file, systems).map_err(|found| {
        let (line, col) = super::place::locate(text, found.place);
        untrue(path, line, col, found.message)
    })?;
    match super::checksum::verify(text) {
        Seal::Differs { line } => {
            return Err(untrue(path, line, 1, super::checksum::differs_message()));
        }
        Seal::Followed { line, at } => {
            return Err(untrue(path, at, 1, super::checksum::followed_message(line)));
        }
        Seal::Absent | Seal::Matches => {}
    }
    file.into_battle_under(systems)
        .map_err(|e| corrupt(path, e.to_string()))
}

/// Why the text is no battle file at all, when that shows at its start: it is empty (or
/// only comments), or its first word is not `BattleFile` (an army file's `Army`, or any
/// other text). A file that starts otherwise is left to the parse.
fn not_a_battle_file(text: &str, path: &Path) -> Option<StoreError> {
    use crate::army::locate::{Locator, first_token_offset};
    let start = first_token_offset(text);
    // No token at all: the offset is 0 though the text starts blank or with a comment.
    let empty = start == 0
        && (text.is_empty()
            || text.starts_with(char::is_whitespace)
            || text.starts_with("//")
            || text.starts_with("/*"));
    let rest = &text[start..];
    let at = |message: String| {
        let (line, col) = Locator::new(text).position(start);
        Some(StoreError::Parse {
            path: path.to_path_buf(),
            line,
            col,
            message,
        })
    };
    if empty {
        return at(
            "the file is empty: there is no battle in it (a battle file starts with \
                   `BattleFile(`)"
                .into(),
        );
    }
    let mut word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .take(41)
        .collect();
    if word.is_empty() || word == "BattleFile" {
        return None;
    }
    if word.chars().count() > 40 {
        word = word.chars().take(40).chain(['…']).collect();
    }
    let word = format!("`{}`", crate::words::escaped(&word));
    at(match word.as_str() {
        "`Army`" => "this is an army file, not a battle file: it starts with `Army(`, where a \
                     battle file starts with `BattleFile(`"
            .into(),
        _ => format!(
            "this is not a battle file: it starts with {word}, where a battle file starts with \
             `BattleFile(`"
        ),
    })
}

/// The file's version, read with [`Probe`], which skips every other field.
fn probe(text: &str, path: &Path) -> Result<u32, StoreError> {
    ron::from_str::<Probe>(text)
        .map(|p| p.version)
        .map_err(|err| match lacks_version(&err) {
            true => corrupt(
                path,
                "it has no version: this is not an Adjutant battle file",
            ),
            false => StoreError::parse(path, text, &err),
        })
}

/// Whether a parse failed only because there is no `version` field.
fn lacks_version(err: &ron::error::SpannedError) -> bool {
    matches!(
        err.code,
        ron::Error::MissingStructField {
            field: "version",
            ..
        }
    )
}

/// A battle file's bytes read from `path`, played under its system among `systems`: the one
/// way every reader turns a battle file's bytes into a battle (the store, its listing,
/// restoring a backup, the command line, Open file…). A leading byte-order mark is dropped
/// (some editors write one; it is not part of the text); bytes that are not UTF-8 are refused
/// at the line and column of the first bad one; else as [`battle_from_ron_under`].
pub fn battle_from_bytes_under(
    systems: &Systems,
    bytes: &[u8],
    path: &Path,
) -> Result<Battle, StoreError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = e.valid_up_to();
        let (line, col) = crate::army::locate::position_of_byte(bytes, good);
        StoreError::Parse {
            path: path.to_path_buf(),
            line,
            col,
            message: format!(
                "the file is not UTF-8 text (byte 0x{:02X} here): it is not a battle file \
                 Adjutant wrote, or it was damaged",
                bytes[good]
            ),
        }
    })?;
    battle_from_ron_under(systems, text, path)
}

/// A UTF-8 byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// Whether these bytes (the start of a file is enough) are a battle file: after a byte-order
/// mark, blanks and comments, the first value is a `BattleFile(...)`. Open file… tells a
/// battle file from an army file by it, and printed sheets are never written over one.
pub fn looks_like_battle_file(bytes: &[u8]) -> bool {
    first_value_is(bytes, "BattleFile")
}

/// Whether the first value of these bytes (the start of a file is enough), after a byte-order
/// mark, blanks and comments, is a `<name>(...)`.
pub fn first_value_is(bytes: &[u8], name: &str) -> bool {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        // Cut inside a character (only the start was read): the whole characters before it.
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(line_comment) = rest.strip_prefix("//") {
            rest = line_comment
                .split_once(['\n', '\r'])
                .map_or("", |(_, after)| after);
        } else if let Some(block) = rest.strip_prefix("/*") {
            rest = block.split_once("*/").map_or("", |(_, after)| after);
        } else {
            break;
        }
    }
    rest.strip_prefix(name)
        .is_some_and(|after| after.trim_start().starts_with('('))
}

/// Reads a file of an older or the current `version` and brings it up to the current format.
///
/// Each version has an arm. Version 1 has the same shape as version 2 but stored each roll
/// of a Royalists & Roundheads procedure twice: [`super::migrate::store_rolls_once`] drops the
/// second copy. When the shape changes: freeze today's types in a `v2` module, parse the old
/// version with them and convert with a plain function, chaining the older upgrades before it.
fn migrate<'a>(version: u32, text: &'a str, path: &Path) -> Result<BattleFileText<'a>, StoreError> {
    let mut file = match version {
        1 => {
            let mut file = parse::<BattleFileText>(text, path)?;
            super::migrate::store_rolls_once(&file.system.clone(), &mut file.log);
            super::migrate::store_rolls_once(&file.system.clone(), &mut file.redo);
            file
        }
        2 => parse::<BattleFileText>(text, path)?,
        v => {
            return Err(corrupt(
                path,
                format!("version {v} was never written by Adjutant"),
            ));
        }
    };
    file.version = BATTLE_VERSION;
    Ok(file)
}

/// Parses the text as `T`, with the position of any error.
fn parse<'a, T: Deserialize<'a>>(text: &'a str, path: &Path) -> Result<T, StoreError> {
    ron::from_str(text).map_err(|e| StoreError::parse(path, text, &e))
}

/// A file whose content cannot be true, placed at a line and column.
fn untrue(path: &Path, line: usize, col: usize, message: String) -> StoreError {
    StoreError::Untrue {
        path: path.to_path_buf(),
        line,
        col,
        message,
    }
}

pub(crate) fn corrupt(path: &Path, message: impl Into<String>) -> StoreError {
    StoreError::Corrupt {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battle_files_are_told_from_army_files_by_their_first_value() {
        let yes = |t: &str| looks_like_battle_file(t.as_bytes());
        assert!(yes("// Adjutant battle file.\nBattleFile(version: 1)"));
        assert!(yes("/* note */ BattleFile (version: 1)"));
        assert!(yes("\u{feff}// Adjutant battle file.\r\nBattleFile("));
        assert!(yes("// old Mac line ends\rBattleFile("));
        assert!(!yes("// BattleFile(\nArmy(version: 1)"));
        assert!(!yes("(version: 1)"));
        assert!(!yes("// only a comment"));
        assert!(!yes(""));
        let cut = "BattleFile(name: \"é\"".as_bytes();
        assert!(
            looks_like_battle_file(&cut[..cut.len() - 2]),
            "cut inside a character"
        );
    }
}
