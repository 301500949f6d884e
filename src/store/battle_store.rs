//! The folder of saved battles: `battles/<id>.ron`, one file per battle.
//!
//! A new battle gets its id when it is first saved, from the time and its armies
//! (`2025-06-01-1432-kings-army-vs-eastern-association.ron`, UTC); later saves of the same
//! battle (same rule system and seed) go to the same file, as do saves of a battle loaded from
//! a file. A file that failed to load — corrupt, truncated, or from a newer Adjutant — is
//! *quarantined*: this store will not write over it, so the player can still recover it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::StoreError;
use super::atomic::is_temp_name;
use super::battle_file::{read_battle, write_battle};
use super::paths::{Paths, create_dir};
use crate::battle::Battle;

/// A saved battle as the home screen lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattleSummary {
    pub path: PathBuf,
    /// The armies, "King's army vs Eastern Association"; the file name if it failed to load.
    pub title: String,
    /// The rule system's id; empty if the file failed to load.
    pub system: String,
    /// When the file was last written.
    pub modified: Option<SystemTime>,
    /// Entries in the log, the set-up included.
    pub entries: usize,
    /// Whether the file loads, and why not.
    pub ok_or_error: Result<(), StoreError>,
}

/// The battles folder, with what this session knows about the files in it.
#[derive(Debug, Clone)]
pub struct BattleStore {
    dir: PathBuf,
    /// Where each battle (by rule system and seed) is saved.
    files: BTreeMap<(String, u64), PathBuf>,
    /// Files this store read or wrote successfully: safe to replace.
    known: BTreeSet<PathBuf>,
    /// Files that failed to load: never written over.
    quarantined: BTreeSet<PathBuf>,
    /// Summaries already made, by path, with the file's time and size when they were made.
    summaries: BTreeMap<PathBuf, (Option<SystemTime>, u64, BattleSummary)>,
}

impl BattleStore {
    /// The store for `paths.battles_dir()`.
    pub fn new(paths: &Paths) -> BattleStore {
        BattleStore::in_dir(paths.battles_dir())
    }

    /// A store for battles in `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> BattleStore {
        BattleStore {
            dir: dir.into(),
            files: BTreeMap::new(),
            known: BTreeSet::new(),
            quarantined: BTreeSet::new(),
            summaries: BTreeMap::new(),
        }
    }

    /// The battles folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file this battle is (or will be) saved to, if it has one yet.
    pub fn path_of(&self, battle: &Battle) -> Option<&Path> {
        self.files.get(&key(battle)).map(PathBuf::as_path)
    }

    /// Saves the battle to its file — a new `<id>.ron` the first time — and returns the path.
    pub fn save(&mut self, battle: &Battle) -> Result<PathBuf, StoreError> {
        let path = match self.files.get(&key(battle)) {
            Some(path) => path.clone(),
            None => {
                create_dir(&self.dir)?;
                self.fresh_path(battle, SystemTime::now())
            }
        };
        self.save_as(battle, &path)?;
        Ok(path)
    }

    /// Saves the battle to `path`, which from now on is its file. Refuses to write over a file
    /// that failed to load (in this session, or now when first checked).
    pub fn save_as(&mut self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        let path = normal(path);
        self.guard(&path)?;
        if let Some(dir) = path.parent() {
            create_dir(dir)?;
        }
        write_battle(&path, battle)?;
        self.known.insert(path.clone());
        self.files.insert(key(battle), path);
        Ok(())
    }

    /// Loads the battle at `path`. A file that fails is quarantined and left as it is.
    pub fn load(&mut self, path: &Path) -> Result<Battle, StoreError> {
        let path = normal(path);
        match read_battle(&path) {
            Ok(battle) => {
                self.quarantined.remove(&path);
                self.known.insert(path.clone());
                self.files.insert(key(&battle), path);
                Ok(battle)
            }
            Err(err) => {
                if !matches!(err, StoreError::Io { kind, .. } if kind == std::io::ErrorKind::NotFound)
                {
                    self.quarantined.insert(path);
                }
                Err(err)
            }
        }
    }

    /// Whether `path` failed to load and so will not be written over.
    pub fn is_quarantined(&self, path: &Path) -> bool {
        self.quarantined.contains(&normal(path))
    }

    /// Every battle file in the folder, newest first, each loaded to see that it is whole
    /// (once: a file unchanged since the last listing is not read again). Backups and temp
    /// files are skipped; a missing folder is an empty list.
    pub fn list(&mut self) -> Vec<BattleSummary> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                p.extension().is_some_and(|e| e == "ron") && !is_temp_name(name) && p.is_file()
            })
            .collect();
        paths.sort();
        let mut list: Vec<BattleSummary> = paths.iter().map(|p| self.summary(p)).collect();
        list.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
        list
    }

    /// The most recently saved battle that loads, to offer to resume.
    pub fn last(&mut self) -> Option<BattleSummary> {
        self.list().into_iter().find(|s| s.ok_or_error.is_ok())
    }

    fn summary(&mut self, path: &Path) -> BattleSummary {
        let path = normal(path);
        let meta = fs::metadata(&path).ok();
        let modified = meta.as_ref().and_then(|m| m.modified().ok());
        let len = meta.map_or(0, |m| m.len());
        if let Some((time, size, summary)) = self.summaries.get(&path)
            && (*time, *size) == (modified, len)
        {
            return summary.clone();
        }
        let summary = match self.load(&path) {
            Ok(battle) => BattleSummary {
                path: path.clone(),
                title: title(&battle),
                system: battle.system.clone(),
                modified,
                entries: battle.log().len(),
                ok_or_error: Ok(()),
            },
            Err(err) => BattleSummary {
                path: path.clone(),
                title: path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                system: String::new(),
                modified,
                entries: 0,
                ok_or_error: Err(err),
            },
        };
        self.summaries
            .insert(path, (modified, len, summary.clone()));
        summary
    }

    /// Refuses `path` if it failed to load, or if it holds a file never read here that does
    /// not load now.
    fn guard(&mut self, path: &Path) -> Result<(), StoreError> {
        let refuse = || {
            Err(StoreError::Quarantined {
                path: path.to_path_buf(),
            })
        };
        if self.quarantined.contains(path) {
            return refuse();
        }
        if !self.known.contains(path) && path.exists() {
            if read_battle(path).is_err() {
                self.quarantined.insert(path.to_path_buf());
                return refuse();
            }
            self.known.insert(path.to_path_buf());
        }
        Ok(())
    }

    /// A new file name for a battle: time and armies, numbered if taken.
    fn fresh_path(&self, battle: &Battle, now: SystemTime) -> PathBuf {
        let id = battle_id(battle, now);
        (1..)
            .map(|n| match n {
                1 => self.dir.join(format!("{id}.ron")),
                n => self.dir.join(format!("{id}-{n}.ron")),
            })
            .map(|p| normal(&p))
            .find(|p| !p.exists() && !self.quarantined.contains(p) && !self.known.contains(p))
            .expect("an unused name exists")
    }
}

/// A battle's identity across saves.
fn key(battle: &Battle) -> (String, u64) {
    (battle.system.clone(), battle.seed)
}

/// "King's army vs Eastern Association".
fn title(battle: &Battle) -> String {
    let names: Vec<&str> = battle.armies().iter().map(|a| a.name.as_str()).collect();
    if names.is_empty() {
        battle.system.clone()
    } else {
        names.join(" vs ")
    }
}

/// An id for a new battle: `YYYY-MM-DD-HHMM-<army>-vs-<army>` (UTC).
pub fn battle_id(battle: &Battle, now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let (hh, mm) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let mut id = format!("{y:04}-{m:02}-{d:02}-{hh:02}{mm:02}");
    let armies: Vec<String> = battle.armies().iter().map(|a| slug(&a.name)).collect();
    let armies = armies.join("-vs-");
    if !armies.is_empty() {
        id.push('-');
        id.push_str(&armies);
    }
    id
}

/// Lower-case letters and digits, whole words joined by '-', at most 24 characters.
fn slug(name: &str) -> String {
    let lower = name.to_lowercase();
    let mut out = String::new();
    for word in lower.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        let extra = usize::from(!out.is_empty()) + word.len();
        if out.len() + extra > 24 {
            if out.is_empty() {
                out.push_str(&word[..24]);
            }
            break;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(word);
    }
    if out.is_empty() { "army".into() } else { out }
}

/// The calendar date of a day count from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The path made absolute (not resolving links), so one file has one key.
fn normal(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("King's Army (Newark)"), "king-s-army-newark");
        assert_eq!(slug("!!!"), "army");
        assert_eq!(
            slug("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
            "aaaaaaaaaaaaaaaaaaaaaaaa"
        );
        assert_eq!(
            slug("Eastern Association of the Counties"),
            "eastern-association-of"
        );
    }
}
