//! Restoring a backup into a [`Storage`]: what is missing is added, and nothing is written
//! over. Each item goes back to the folder of its kind ([`Places`]):
//!
//! - a file the same to the byte as the item is already there (under its name, or under
//!   another name in the same folder — a battle kept beside an earlier time): skipped;
//! - nothing of the item's name is there: added under it;
//! - a different file of that name is there: a battle or army is kept beside it under a new
//!   name (`<name>-2.ron`, numbered on), a table file as `<name>.from-backup` (not read as a
//!   table until the player renames it: theirs stays in force); the settings are the
//!   player's own, and only restored where there are none.
//!
//! So restoring the same backup twice adds nothing the second time. A battle's name counts
//! as taken while its backup (`<name>.bak`) is there. Every outcome is reported
//! ([`Restored`]); an item that cannot be written is reported and the rest go on.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Backup, Item, Kind};
use crate::store::StoreError;
use crate::store::checksum::fnv1a64;
use crate::store::storage::{Storage, backup_path, is_backup};
use crate::words::count;

/// Where each kind of item goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    /// The battles folder.
    pub battles: PathBuf,
    /// The player's own armies folder.
    pub armies: PathBuf,
    /// The tables folder.
    pub tables: PathBuf,
    /// The settings file.
    pub settings: PathBuf,
}

impl Places {
    /// Where the item is kept on this device.
    pub fn of(&self, item: &Item) -> PathBuf {
        let dir = match item.kind {
            Kind::Battle => &self.battles,
            Kind::Army => &self.armies,
            Kind::Table => &self.tables,
            Kind::Settings => return self.settings.clone(),
        };
        item.path
            .split('/')
            .fold(dir.clone(), |p, part| p.join(part))
    }
}

/// What became of one item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Added where it was kept: nothing of its name was there.
    Added(PathBuf),
    /// A different file of its name is there (`yours`): the item is kept beside it as `kept`.
    Beside { kept: PathBuf, yours: PathBuf },
    /// The same file is here already (under this name): skipped.
    Same(PathBuf),
    /// The player's own settings differ: theirs are kept, the backup's not restored.
    Yours(PathBuf),
    /// It could not be written; nothing of it was.
    Failed(StoreError),
}

/// What restoring a backup did, item by item.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Restored {
    /// Each item's kind, its path in the backup, and what became of it, in the backup's order.
    pub items: Vec<(Kind, String, Outcome)>,
}

impl Restored {
    /// How many items were written (added, or kept beside).
    pub fn written(&self) -> usize {
        self.items
            .iter()
            .filter(|(_, _, o)| matches!(o, Outcome::Added(_) | Outcome::Beside { .. }))
            .count()
    }

    /// Whether every item is here now (none failed).
    pub fn whole(&self) -> bool {
        !self
            .items
            .iter()
            .any(|(_, _, o)| matches!(o, Outcome::Failed(_)))
    }

    /// What was done, in a few sentences, naming files by name alone (the same words on every
    /// platform).
    pub fn summary(&self) -> String {
        let pick = |f: fn(&Outcome) -> bool| -> Vec<&(Kind, String, Outcome)> {
            self.items.iter().filter(|(_, _, o)| f(o)).collect()
        };
        let added = pick(|o| matches!(o, Outcome::Added(_)));
        let beside = pick(|o| matches!(o, Outcome::Beside { .. }));
        let same = pick(|o| matches!(o, Outcome::Same(_)));
        let yours = pick(|o| matches!(o, Outcome::Yours(_)));
        let failed = pick(|o| matches!(o, Outcome::Failed(_)));
        let mut out = Vec::new();
        if self.items.is_empty() {
            out.push("The backup holds nothing to restore.".to_string());
        }
        if !added.is_empty() {
            out.push(format!("Added {}.", kinds(&added)));
        }
        if !beside.is_empty() {
            let names: Vec<String> = beside
                .iter()
                .filter_map(|(_, _, o)| match o {
                    Outcome::Beside { kept, yours } => {
                        Some(format!("{} beside {}", name(kept), name(yours)))
                    }
                    _ => None,
                })
                .collect();
            out.push(format!(
                "Kept beside yours, which differ{}: {} ({}).",
                if beside.len() == 1 { "s" } else { "" },
                kinds(&beside),
                names.join(", ")
            ));
        }
        if !same.is_empty() {
            out.push(format!("Already here, so skipped: {}.", kinds(&same)));
        }
        if !yours.is_empty() {
            out.push("Your own settings are kept (the backup's differ).".to_string());
        }
        if !failed.is_empty() {
            let why: Vec<String> = failed
                .iter()
                .filter_map(|(_, _, o)| match o {
                    Outcome::Failed(e) => Some(e.to_string()),
                    _ => None,
                })
                .collect();
            out.push(format!(
                "Not restored: {}: {}.",
                kinds(&failed),
                why.join("; ")
            ));
        }
        out.join(" ")
    }
}

/// "3 battles, 1 army and the settings": the items' kinds counted.
fn kinds(items: &[&(Kind, String, Outcome)]) -> String {
    counted(Kind::ALL.map(|kind| items.iter().filter(|(k, _, _)| *k == kind).count()))
}

/// "3 battles, 1 army and the settings": how many items of each kind, in [`Kind::ALL`]'s
/// order, in words (empty for none).
pub fn counted(counts: [usize; 4]) -> String {
    let mut parts = Vec::new();
    for (kind, n) in Kind::ALL.into_iter().zip(counts) {
        match (kind, n) {
            (_, 0) => {}
            (Kind::Settings, _) => parts.push("the settings".to_string()),
            (kind, n) => {
                let (one, many) = kind.noun();
                parts.push(count(n, one, many));
            }
        }
    }
    match parts.len() {
        0 => String::new(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join(", "))
        }
    }
}

fn name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The files of one folder that an item could be the same as: their lengths and sums.
type Known = Vec<(PathBuf, usize, u64)>;

/// Restores `backup` into `storage`, each item to its place among `places`; `make_dir` is
/// called with each folder before anything is written into it (a folder on disk must be
/// there; a browser's storage has none).
pub fn restore<S: Storage>(
    storage: &mut S,
    places: &Places,
    backup: &Backup,
    mut make_dir: impl FnMut(&Path) -> Result<(), StoreError>,
) -> Restored {
    let mut folders: BTreeMap<PathBuf, Known> = BTreeMap::new();
    let mut items = Vec::with_capacity(backup.items.len());
    for item in &backup.items {
        let target = storage.normal(&places.of(item));
        let dir = target.parent().map(Path::to_path_buf).unwrap_or_default();
        let known = folders
            .entry(dir.clone())
            .or_insert_with(|| known_files(storage, &dir));
        let bytes = item.text.as_bytes();
        let sum = (bytes.len(), fnv1a64(bytes));
        let same = known
            .iter()
            .filter(|(p, len, hash)| (*len, *hash) == sum && like(item.kind, p, &target))
            .find(|(p, _, _)| storage.read(p).is_ok_and(|b| b == bytes))
            .map(|(p, _, _)| p.clone());
        let outcome = match same {
            Some(path) => Outcome::Same(path),
            None if !taken(storage, item.kind, &target) => {
                write(storage, &dir, &target, bytes, &mut make_dir, Outcome::Added)
            }
            None if item.kind == Kind::Settings => Outcome::Yours(target),
            None => {
                let kept = beside(storage, item.kind, &target);
                write(storage, &dir, &kept, bytes, &mut make_dir, |kept| {
                    Outcome::Beside {
                        kept,
                        yours: target.clone(),
                    }
                })
            }
        };
        if let Outcome::Added(p) | Outcome::Beside { kept: p, .. } = &outcome {
            known.push((p.clone(), sum.0, sum.1));
        }
        items.push((item.kind, item.path.clone(), outcome));
    }
    Restored { items }
}

/// Writes a new file, its folder made first.
fn write<S: Storage>(
    storage: &mut S,
    dir: &Path,
    to: &Path,
    bytes: &[u8],
    make_dir: &mut impl FnMut(&Path) -> Result<(), StoreError>,
    done: impl FnOnce(PathBuf) -> Outcome,
) -> Outcome {
    match make_dir(dir).and_then(|()| storage.write_atomically(to, bytes)) {
        Ok(()) => done(to.to_path_buf()),
        Err(e) => Outcome::Failed(e),
    }
}

/// The files of `dir` an item could already be kept as, with their lengths and sums.
fn known_files<S: Storage>(storage: &S, dir: &Path) -> Known {
    storage
        .list(dir)
        .into_iter()
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            !name.starts_with('.') && !is_backup(p)
        })
        .filter_map(|p| {
            let bytes = storage.read(&p).ok()?;
            Some((p, bytes.len(), fnv1a64(&bytes)))
        })
        .collect()
}

/// Whether the file at `path` is one an item of `kind` bound for `target` may already be kept
/// as: a battle or army under any name of its folder; a table file under its own name or as
/// one kept beside it; the settings only as themselves.
fn like(kind: Kind, path: &Path, target: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    match kind {
        Kind::Battle | Kind::Army => name.ends_with(".ron"),
        Kind::Table => {
            let own = target
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            name == own || name.starts_with(&format!("{own}.from-backup"))
        }
        Kind::Settings => path == target,
    }
}

/// Whether something is kept under `path` already (for a battle, its backup counts too).
fn taken<S: Storage>(storage: &S, kind: Kind, path: &Path) -> bool {
    storage.stamp(path).is_some()
        || (kind == Kind::Battle && storage.stamp(&backup_path(path)).is_some())
}

/// A free name beside `target` for an item that differs from the file there.
fn beside<S: Storage>(storage: &S, kind: Kind, target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(".ron").unwrap_or(&name).to_string();
    (2..)
        .map(|n| match kind {
            Kind::Table if n == 2 => target.with_file_name(format!("{name}.from-backup")),
            Kind::Table => target.with_file_name(format!("{name}.from-backup-{}", n - 1)),
            _ => target.with_file_name(format!("{stem}-{n}.ron")),
        })
        .find(|p| !taken(storage, kind, p))
        .expect("a free name exists")
}
