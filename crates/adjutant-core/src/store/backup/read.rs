//! Reading a backup's text: refused, with `path:line:col: message`, when it is not text, not
//! a backup (a battle or army file given instead, say so), from a newer Adjutant, not
//! well-formed, or when an item's path would leave its folder, names a file twice, or its text
//! does not match its checksum (damaged, or changed after it was made). The items are checked
//! on the parsed file; only when one fails is the text looked at again for where it is.

use std::collections::BTreeSet;
use std::path::Path;

use ron::value::RawValue;
use serde::Deserialize;

use super::{BACKUP_STRUCT, BACKUP_VERSION, Backup, Item, Kind, MAX_DEPTH};
use crate::army::locate::Locator;
use crate::store::StoreError;

/// The backup in `bytes`, the file at `path` (named in messages).
pub fn read_bytes(bytes: &[u8], path: &Path) -> Result<Backup, StoreError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = e.valid_up_to();
        let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
        let (line, col) = Locator::new(before).position(good);
        StoreError::Parse {
            path: path.to_path_buf(),
            line,
            col,
            message: format!(
                "the file is not UTF-8 text (byte 0x{:02X} here), so it is no backup Adjutant \
                 wrote: it was damaged, or is another kind of file",
                bytes[good]
            ),
        }
    })?;
    read(text, path)
}

/// The backup in `text`, the file at `path` (named in messages).
pub fn read(text: &str, path: &Path) -> Result<Backup, StoreError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let at = |offset: usize, message: String| {
        let (line, col) = Locator::new(text).position(offset);
        StoreError::Parse {
            path: path.to_path_buf(),
            line,
            col,
            message,
        }
    };
    let (offset, first) = first_value(text);
    if first != BACKUP_STRUCT {
        return Err(at(offset, not_a_backup(first)));
    }
    let parse = |e: &ron::error::SpannedError| StoreError::parse(path, text, e);
    let version: Version = ron::from_str(text).map_err(|e| parse(&e))?;
    if version.version > BACKUP_VERSION {
        return Err(StoreError::Newer {
            path: path.to_path_buf(),
            found: version.version,
            supported: BACKUP_VERSION,
        });
    }
    let file: File = ron::from_str(text).map_err(|e| parse(&e))?;
    if file.version == 0 {
        let offset = text.find("version").unwrap_or(0);
        return Err(at(offset, "version 0 is no version Adjutant wrote".into()));
    }
    let mut seen = BTreeSet::new();
    let mut items = Vec::with_capacity(file.items.len());
    for (i, item) in file.items.into_iter().enumerate() {
        let about = format!(
            "item {} (a {} at {})",
            i + 1,
            item.kind.noun().0,
            crate::words::quoted(&item.path)
        );
        let problem = match path_problem(item.kind, &item.path) {
            Some(why) => Some((Field::Path, why)),
            None if !seen.insert((item.kind, item.path.clone())) => Some((
                Field::Path,
                format!(
                    "a second item for the same file: {} once only",
                    item.kind.noun().0
                ),
            )),
            None => checksum_problem(
                item.checksum.as_deref(),
                super::sum(item.kind, &item.path, &item.text),
            )
            .map(|why| (Field::Checksum, why)),
        };
        if let Some((field, why)) = problem {
            return Err(at(field_offset(text, i, field), format!("{about}: {why}")));
        }
        items.push(Item {
            kind: item.kind,
            path: item.path,
            text: item.text,
        });
    }
    Ok(Backup {
        made: file.made,
        items,
    })
}

/// The file's version alone, read before the rest so a newer file is named as one.
#[derive(Deserialize)]
#[serde(rename = "AdjutantBackup")]
struct Version {
    version: u32,
}

#[derive(Deserialize)]
#[serde(rename = "AdjutantBackup", deny_unknown_fields)]
struct File {
    version: u32,
    #[serde(default)]
    made: String,
    items: Vec<ItemFile>,
}

#[derive(Deserialize)]
#[serde(rename = "Item", deny_unknown_fields)]
struct ItemFile {
    kind: Kind,
    path: String,
    /// Absent when the player deleted it to restore a text changed on purpose.
    #[serde(default, deserialize_with = "present")]
    checksum: Option<String>,
    text: String,
}

/// The items of the file as their text, to say where one is.
#[derive(Deserialize)]
#[serde(rename = "AdjutantBackup")]
struct Places<'a> {
    #[serde(borrow)]
    items: Vec<&'a RawValue>,
}

/// Where the fields of one item are.
#[derive(Deserialize)]
#[serde(rename = "Item")]
struct ItemPlaces<'a> {
    #[serde(borrow)]
    path: &'a RawValue,
    #[serde(borrow, default, deserialize_with = "present")]
    checksum: Option<&'a RawValue>,
}

/// A field that may be left out, read as itself when it is there (no `Some(…)` around it).
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

#[derive(Clone, Copy)]
enum Field {
    Path,
    Checksum,
}

/// Where in `text` the field of item `i` is: its value, else the item, else the start.
fn field_offset(text: &str, i: usize, field: Field) -> usize {
    let offset_of = |slice: &str| {
        (slice.as_ptr() as usize)
            .saturating_sub(text.as_ptr() as usize)
            .min(text.len())
    };
    let Some(item) = ron::from_str::<Places>(text)
        .ok()
        .and_then(|p| p.items.get(i).copied())
    else {
        return 0;
    };
    let places = ron::from_str::<ItemPlaces>(item.get_ron()).ok();
    let value = places.and_then(|p| match field {
        Field::Path => Some(p.path),
        Field::Checksum => p.checksum,
    });
    // A raw value keeps the whitespace before it; the value starts after.
    let slice = value.map_or(item.get_ron(), RawValue::get_ron);
    offset_of(slice) + (slice.len() - slice.trim_start().len())
}

/// Why an item's path is not one to restore, if it is not: it must name a file inside the
/// folder of its kind, so no backup can write anywhere else.
pub fn path_problem(kind: Kind, path: &str) -> Option<String> {
    if kind == Kind::Settings {
        return (path != "settings.ron")
            .then(|| "the settings' path is \"settings.ron\", and no other".into());
    }
    let parts: Vec<&str> = path.split('/').collect();
    let most = match kind {
        Kind::Army => MAX_DEPTH + 1,
        _ => 1,
    };
    if parts.len() > most {
        return Some(match most {
            1 => format!(
                "a {} is a file of its folder itself, in no folder of its own",
                kind.noun().0
            ),
            _ => format!("an army file may be at most {MAX_DEPTH} folders deep"),
        });
    }
    for part in &parts {
        let why = match *part {
            "" => Some("a path has no empty parts (no leading, trailing or double \"/\")"),
            "." | ".." => Some("a path never names \".\" or \"..\""),
            p if p.starts_with('.') => Some("no name in a path starts with \".\""),
            p if p.contains(['\\', ':']) || p.chars().any(char::is_control) => {
                Some("a name in a path holds no \"\\\", \":\" or control character")
            }
            p if p.len() > 255 => Some("a name in a path is at most 255 bytes"),
            _ => None,
        };
        if let Some(why) = why {
            return Some(format!("{why}, so it stays inside its folder"));
        }
    }
    (!path.ends_with(".ron")).then(|| format!("a {} is a .ron file", kind.noun().0))
}

/// Why an item is not the one its checksum was made of (its sum `sum`), if it is not.
fn checksum_problem(checksum: Option<&str>, sum: u64) -> Option<String> {
    let checksum = checksum?;
    let written = (checksum.len() == 16)
        .then(|| u64::from_str_radix(checksum, 16).ok())
        .flatten();
    match written {
        None => Some("its checksum is not 16 hexadecimal digits: the backup was damaged".into()),
        Some(written) if written != sum => Some(
            "its text (or path) does not match its checksum: the backup was damaged, or changed after it \
             was made, so nothing was restored from it. To restore a text you changed on \
             purpose, delete the item's checksum line"
                .into(),
        ),
        Some(_) => None,
    }
}

/// Where the text's first value starts (after comments and blank lines) and the name it
/// begins with (empty when it begins with none).
fn first_value(text: &str) -> (usize, &str) {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(line) = rest.strip_prefix("//") {
            rest = line.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(block) = rest.strip_prefix("/*") {
            rest = block.split_once("*/").map_or("", |(_, after)| after);
        } else {
            break;
        }
    }
    let offset = text.len() - rest.len();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (offset, &rest[..end])
}

/// Why a file whose first value is `first` is no backup.
fn not_a_backup(first: &str) -> String {
    match first {
        "" => "this is not an Adjutant backup: a backup begins with AdjutantBackup(".into(),
        "BattleFile" => "this is a battle file, not a backup: open it with Open file…".into(),
        "Army" => "this is an army file, not a backup: open it with Open file…".into(),
        "Settings" => "this is a settings file, not a backup".into(),
        other => format!(
            "this is not an Adjutant backup: it begins with {}, where a backup begins with \
             AdjutantBackup(",
            crate::words::quoted(other)
        ),
    }
}
