//! Listing the battles folder, and getting a damaged battle back from its backup.
//!
//! Every battle file is listed, whole or not, whatever its name (one that is not UTF-8 too); a
//! folder that cannot be read is an error that says why, never an empty list. A battle file that fails to load shows why, and
//! — when its backup (`<name>.bak`, the file as it was one save earlier) loads — what the
//! backup holds. A backup whose battle file is missing is listed under the battle's name, not
//! dropped. [`BattleStore::restore_backup`] puts the backup in the battle file's place and
//! keeps the damaged file aside as `<name>.broken-<time>`, so nothing is thrown away.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

#[cfg(target_arch = "wasm32")]
use super::Storage;
use super::StoreError;
use super::atomic::{backup_path, is_temp_name, write_atomic};
use super::battle_store::{BattleStore, is_backup, normal};
#[cfg(target_arch = "wasm32")]
use super::folder::Folder;
use super::names::time_tag;
use super::{battle_from_bytes_under, read_battle};
use crate::battle::Battle;

/// A saved battle as the home screen lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattleSummary {
    pub path: PathBuf,
    /// The armies, "King's army vs Eastern Association"; the file name if it failed to load
    /// and has no backup that loads.
    pub title: String,
    /// The rule system's id; empty if neither the file nor its backup loads.
    pub system: String,
    /// When the file (or, when it is missing, its backup) was last written.
    pub modified: Option<SystemTime>,
    /// Entries in the log, the set-up included.
    pub entries: usize,
    /// Where the battle stands, "Turn 3 · Fire Combat · Parliament" (the battle screen's
    /// clock line); None when the file does not load.
    pub clock: Option<String>,
    /// Whether the file loads, and why not.
    pub ok_or_error: Result<(), StoreError>,
    /// When the file is missing or fails to load: its backup, if that loads.
    pub backup: Option<Backup>,
}

/// The backup of a battle file that is missing or fails to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    pub path: PathBuf,
    /// Entries in its log, the set-up included.
    pub entries: usize,
    pub modified: Option<SystemTime>,
}

/// What [`BattleStore::restore_backup`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The battle file, now the backup's copy.
    pub path: PathBuf,
    /// Where the damaged file was kept (`None` when there was none).
    pub kept: Option<PathBuf>,
    /// Entries in the restored battle's log.
    pub entries: usize,
}

impl BattleStore {
    /// Every battle in the folder, as [`BattleStore::listing`]; a folder that cannot be read
    /// lists nothing (use `listing` to say why).
    pub fn list(&mut self) -> Vec<BattleSummary> {
        self.listing().unwrap_or_default()
    }

    /// Every battle in the folder, newest first, each loaded to see that it is whole (once: a
    /// file unchanged since the last listing is not read again), and each backup whose battle
    /// file is missing. A file whose name is not UTF-8 is listed too, its name shown with
    /// U+FFFD for the bytes that are not. Other backups, temp and lock files are skipped; temp
    /// files left by saves that stopped are cleared ([`super::leftovers`]). A missing folder
    /// is an empty list; one that cannot be read (permission denied, a drive that fails, a
    /// file in its place) is an error that says so, never an empty list.
    pub fn listing(&mut self) -> Result<Vec<BattleSummary>, StoreError> {
        self.listing_with(folder_entries)
    }

    /// [`BattleStore::listing`], reading the folder's entries with `read_dir`.
    pub(crate) fn listing_with(
        &mut self,
        read_dir: impl Fn(&Path) -> std::io::Result<Vec<PathBuf>>,
    ) -> Result<Vec<BattleSummary>, StoreError> {
        let entries = read_dir(self.dir())
            .map_err(|e| StoreError::io("read the battles folder", self.dir(), &e))?;
        super::platform::clear_stale_temps(self.dir(), None);
        let mut paths: Vec<PathBuf> = entries
            .into_iter()
            .filter(|p| {
                let name = p.file_name().unwrap_or_default().to_string_lossy();
                !is_temp_name(&name) && (name.ends_with(".ron") || name.ends_with(".ron.bak"))
            })
            .filter_map(|p| match is_backup(&p) {
                // A backup stands for its battle only when the battle file is missing.
                true => Some(p.with_extension("")).filter(|main| !super::exists(main)),
                false => Some(p).filter(|p| super::is_file(p)),
            })
            .collect();
        paths.sort();
        let mut list: Vec<BattleSummary> = paths.iter().map(|p| self.summary(p)).collect();
        list.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
        Ok(list)
    }

    /// The most recently saved battle that loads, to offer to resume.
    pub fn last(&mut self) -> Option<BattleSummary> {
        self.list().into_iter().find(|s| s.ok_or_error.is_ok())
    }

    /// The summary of one battle file (which may be missing, with a backup): the one made
    /// when it was last listed, if it has not changed since; in a browser the one the store
    /// keeps beside it (made when it was saved); otherwise read from the file.
    pub fn summary(&mut self, path: &Path) -> BattleSummary {
        let path = normal(path);
        let (modified, len) = about(&path);
        if let Some((time, size, summary)) = self.summaries.get(&path)
            && (*time, *size) == (modified, len)
            // Storage that tells no time is read again every time.
            && modified.is_some()
        {
            return summary.clone();
        }
        if let Some(summary) = super::note(&path).and_then(|n| from_note(&n, &path, modified)) {
            self.summaries
                .insert(path, (modified, len, summary.clone()));
            return summary;
        }
        let summary = match self.battles.read(&path) {
            Ok(battle) => {
                super::set_note(&path, || note_of(&battle));
                BattleSummary {
                    path: path.clone(),
                    title: title(&battle),
                    system: battle.system.clone(),
                    modified,
                    entries: battle.log().len(),
                    clock: Some(battle.clock_line()),
                    ok_or_error: Ok(()),
                    backup: None,
                }
            }
            Err(err) => {
                let backup = loadable_backup(&path);
                let (title, system) = match &backup {
                    Some((_, battle)) => (title(battle), battle.system.clone()),
                    None => (stem(&path), String::new()),
                };
                BattleSummary {
                    path: path.clone(),
                    title,
                    system,
                    modified,
                    entries: 0,
                    clock: None,
                    ok_or_error: Err(err),
                    backup: backup.map(|(b, _)| b),
                }
            }
        };
        self.summaries
            .insert(path, (modified, len, summary.clone()));
        summary
    }

    /// Puts the backup of the battle file at `path` in its place, when the file is missing or
    /// fails to load and the backup loads. The damaged file is kept as
    /// `<name>.broken-<time>`; the backup stays as it is. Refused for a file that loads (its
    /// backup is one save older) and for a battle another window holds.
    pub fn restore_backup(&mut self, path: &Path) -> Result<Restored, StoreError> {
        let path = normal(path);
        let bak = backup_path(&path);
        // Only a regular file of a sane size is read: a FIFO or a device there is refused
        // unread rather than waited on or read without end.
        let bytes = super::read_file(&bak)?;
        let battle = battle_from_bytes_under(self.systems(), &bytes, &bak)?;
        if super::exists(&path) && read_battle(&path).is_ok() {
            return Err(StoreError::Loads { path });
        }
        self.battles.hold(&path)?;
        let result = put_back(&path, &bytes);
        self.battles.release(&path);
        let kept = result?;
        self.battles.restored(&path);
        self.summaries.remove(&path);
        Ok(Restored {
            path,
            kept,
            entries: battle.log().len(),
        })
    }
}

/// The entries of the battles folder, sorted; a missing folder has none. Any other failure
/// to read it — or one of its entries — is an error.
fn folder_entries(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    #[cfg(target_arch = "wasm32")]
    if true {
        return Ok(Folder.list(dir));
    }
    let entries = match fs::read_dir(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        other => other?,
    };
    let mut paths = entries
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<Vec<PathBuf>>>()?;
    paths.sort();
    Ok(paths)
}

/// Keeps the damaged file aside (if there is one), then writes the backup's bytes in its place.
fn put_back(path: &Path, bytes: &[u8]) -> Result<Option<PathBuf>, StoreError> {
    let kept = match super::exists(path) {
        true => {
            let aside = broken_path(path, crate::clock::now());
            super::move_file(path, &aside)?;
            Some(aside)
        }
        false => None,
    };
    // There is no file under the name now, so the write makes no backup: `.bak` stays.
    write_atomic(path, bytes)?;
    Ok(kept)
}

/// When the file at `path` (or, when it is missing, its backup) was last written, and its
/// size.
fn about(path: &Path) -> (Option<SystemTime>, u64) {
    #[cfg(target_arch = "wasm32")]
    if true {
        let files = super::browser::local::files();
        let stamp = files
            .stamp(path)
            .or_else(|| files.stamp(&backup_path(path)));
        let modified = super::modified(path).or_else(|| super::modified(&backup_path(path)));
        return (modified, stamp.map_or(0, |s| s.parts().0 as u64));
    }
    let meta = fs::metadata(path)
        .or_else(|_| fs::metadata(backup_path(path)))
        .ok();
    (
        meta.as_ref().and_then(|m| m.modified().ok()),
        meta.map_or(0, |m| m.len()),
    )
}

/// What the store keeps beside a battle file for its listing: a line each for its entries
/// (after the note's version, [`NOTE`]), rule system, clock line and title (the title last:
/// it may hold anything).
pub(super) fn note_of(battle: &Battle) -> String {
    format!(
        "{NOTE}{}\n{}\n{}\n{}",
        battle.log().len(),
        battle.system,
        battle.clock_line().replace('\n', " "),
        title(battle)
    )
}

/// How a note begins: a note of an older kind (without the clock) is not taken, and the
/// battle is read instead (and its note written anew).
const NOTE: &str = "2 ";

/// The summary a note keeps, of the battle file at `path`.
fn from_note(note: &str, path: &Path, modified: Option<SystemTime>) -> Option<BattleSummary> {
    let mut lines = note.strip_prefix(NOTE)?.splitn(4, '\n');
    let entries = lines.next()?.parse().ok()?;
    let system = lines.next()?.to_string();
    let clock = lines.next()?.to_string();
    let title = lines.next()?.to_string();
    Some(BattleSummary {
        path: path.to_path_buf(),
        title,
        system,
        modified,
        entries,
        clock: Some(clock),
        ok_or_error: Ok(()),
        backup: None,
    })
}

/// The backup of `path`, with its battle, when it loads.
pub fn loadable_backup(path: &Path) -> Option<(Backup, Battle)> {
    let bak = backup_path(path);
    let battle = read_battle(&bak).ok()?;
    let modified = super::modified(&bak);
    Some((
        Backup {
            entries: battle.log().len(),
            path: bak,
            modified,
        },
        battle,
    ))
}

/// Where a damaged file is kept when its backup is restored: `<name>.broken-<time>`,
/// numbered if taken.
pub fn broken_path(path: &Path, now: SystemTime) -> PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tag = time_tag(now);
    (1..)
        .map(|n| match n {
            1 => path.with_file_name(format!("{name}.broken-{tag}")),
            n => path.with_file_name(format!("{name}.broken-{tag}-{n}")),
        })
        .find(|p| !super::exists(p))
        .expect("an unused name exists")
}

/// "King's army vs Eastern Association".
pub fn title(battle: &Battle) -> String {
    let names: Vec<&str> = battle.armies().iter().map(|a| a.name.as_str()).collect();
    if names.is_empty() {
        battle.system.clone()
    } else {
        names.join(" vs ")
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A drive whose driver died answers a folder's listing with EIO: the listing says so
    /// (never an empty list, which would tell the player the battles are gone).
    #[test]
    fn a_folder_the_drive_cannot_read_is_an_error_that_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let battles = dir.path().join("battles");
        let mut store = BattleStore::in_dir(&battles);
        let err = store
            .listing_with(|_| Err(std::io::Error::from_raw_os_error(libc::EIO)))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot read the battles folder {}: Input/output error (os error 5)",
                battles.display()
            )
        );
        assert_eq!(store.listing(), Ok(Vec::new()), "a missing folder is empty");
        std::fs::write(&battles, "a file where the folder was").unwrap();
        assert!(store.listing().is_err());
        assert_eq!(
            store.list(),
            Vec::new(),
            "list keeps its meaning: nothing listed"
        );
    }
}

#[cfg(test)]
mod notes {
    use super::*;

    fn winceby() -> Battle {
        let armies = ["winceby_royalists", "winceby_parliament"].map(|name| {
            let path = crate::army::discover::shipped_armies_dir()
                .join("royalists_roundheads")
                .join(format!("{name}.ron"));
            crate::army::load_army(&path).expect("a shipped army")
        });
        Battle::new("royalists_roundheads", armies.to_vec(), 5).expect("a battle")
    }

    /// The note kept beside a battle in a browser holds its clock line, so the listing says
    /// where the battle stands without reading it; a note of the older kind (no clock) is
    /// not taken, and the battle is read instead.
    #[test]
    fn a_note_keeps_the_battles_clock_and_an_older_note_is_not_taken() {
        let battle = winceby();
        let path = Path::new("/battles/winceby.ron");
        let summary = from_note(&note_of(&battle), path, None).expect("the note is read");
        assert_eq!(summary.clock.as_deref(), Some(battle.clock_line().as_str()));
        assert!(summary.clock.as_deref().unwrap().starts_with("Turn 1 · "));
        assert_eq!(summary.title, title(&battle));
        assert_eq!(summary.entries, battle.log().len());
        assert_eq!(summary.system, "royalists_roundheads");
        let older = format!("1\nroyalists_roundheads\n{}", title(&battle));
        assert_eq!(from_note(&older, path, None), None);
    }
}
