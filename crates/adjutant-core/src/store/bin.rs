//! The bin of a battles folder: a battle deleted from the list is moved, with its backup,
//! into `bin/` inside the folder — never listed as a battle — from where it can be put back,
//! or deleted for good. A battle another holder plays (another window, another tab) cannot be
//! deleted: its lock is taken first. Battles kept in the bin longer than [`KEEP_DAYS`] go for
//! good when the store is opened ([`Battles::empty_bin`]).
//!
//! A file in the bin is named for the battle file it was and when it was deleted (UTC), so the
//! bin reads the same on every storage, with no file times: `bin/<name>.deleted-<tag>` and its
//! backup `bin/<name>.bak.deleted-<tag>`, numbered (`<tag>-2`) when two deletions of one name
//! fall in one second. The core reads no clock: the time is passed in.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use super::StoreError;
use super::storage::{Battles, Storage, backup_path, is_backup};
use super::when;

/// The bin's folder inside the battles folder.
pub const BIN: &str = "bin";

/// How long a deleted battle stays in the bin before it goes for good.
pub const KEEP_DAYS: u64 = 30;

/// What comes between a battle file's name and when it was deleted, in the bin.
const DELETED: &str = ".deleted-";

/// A battle in the bin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binned {
    /// What names it in the bin: `bin/<name>.deleted-<tag>`, its file's place there (which
    /// may hold nothing, when only its backup was left to delete).
    pub id: PathBuf,
    /// Its battle file, if it had one.
    pub file: Option<PathBuf>,
    /// Its backup, if it had one.
    pub backup: Option<PathBuf>,
    /// The battle file's name it had, which it gets back when that is free.
    pub name: String,
    /// When it was deleted, in seconds since 1970 (UTC).
    pub deleted: u64,
}

impl Binned {
    /// The file in the bin that holds the battle: its file, else its backup.
    pub fn kept(&self) -> &Path {
        self.file
            .as_deref()
            .or(self.backup.as_deref())
            .unwrap_or(&self.id)
    }
}

/// A bin file's name read back: the battle file's name, when, the suffix after the name, and
/// whether it is the backup.
fn parse(name: &str) -> Option<(String, u64, String, bool)> {
    let (head, tail) = name.rsplit_once(DELETED)?;
    let secs = when::from_tag(tail.get(..17)?)?;
    let number = &tail[17..];
    let numbered = number.is_empty()
        || number
            .strip_prefix('-')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if !numbered {
        return None;
    }
    let (main, bak) = match head.strip_suffix(".bak") {
        Some(main) => (main, true),
        None => (head, false),
    };
    (main.ends_with(".ron") && !main.starts_with('.'))
        .then(|| (main.to_string(), secs, tail.to_string(), bak))
}

fn not_found(path: &Path) -> StoreError {
    StoreError::io("find", path, &io::Error::from(io::ErrorKind::NotFound))
}

impl<S: Storage> Battles<S> {
    /// The bin's folder.
    pub fn bin_dir(&self) -> PathBuf {
        self.dir().join(BIN)
    }

    /// Moves the battle at `path` (and its backup) into the bin, deleted at `now` (seconds
    /// since 1970). Refused for a battle another holder plays ([`StoreError::Busy`]), for one
    /// this holder plays, and for a file that is no battle of this folder.
    pub fn delete(&mut self, path: &Path, now: u64) -> Result<Binned, StoreError> {
        let storage = self.storage();
        let path = storage.normal(path);
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let in_folder = path.parent() == Some(storage.normal(self.dir()).as_path());
        if !in_folder || !name.ends_with(".ron") || name.starts_with('.') || is_backup(&path) {
            return Err(not_found(&path));
        }
        let bak = backup_path(&path);
        let (file, backup) = (
            storage.stamp(&path).is_some(),
            storage.stamp(&bak).is_some(),
        );
        if !file && !backup {
            return Err(not_found(&path));
        }
        if self.holds(&path) {
            return Err(StoreError::Busy { path, pid: None });
        }
        self.hold(&path)?;
        let moved = self.move_to_bin(&path, &name, file, backup, now);
        self.release(&path);
        let binned = moved?;
        self.forget(&path);
        self.forget(&bak);
        Ok(binned)
    }

    fn move_to_bin(
        &self,
        path: &Path,
        name: &str,
        file: bool,
        backup: bool,
        now: u64,
    ) -> Result<Binned, StoreError> {
        let storage = self.storage();
        let bin = storage.normal(&self.bin_dir());
        let tag = when::tag(now);
        let (id, bak_id) = (1..)
            .map(|n| match n {
                1 => tag.clone(),
                n => format!("{tag}-{n}"),
            })
            .map(|tail| {
                (
                    bin.join(format!("{name}{DELETED}{tail}")),
                    bin.join(format!("{name}.bak{DELETED}{tail}")),
                )
            })
            .find(|(a, b)| storage.stamp(a).is_none() && storage.stamp(b).is_none())
            .expect("a free name exists");
        if file {
            storage.rename(path, &id)?;
        }
        if backup && let Err(e) = storage.rename(&backup_path(path), &bak_id) {
            if file {
                let _ = storage.rename(&id, path);
            }
            return Err(e);
        }
        Ok(Binned {
            file: file.then(|| id.clone()),
            backup: backup.then_some(bak_id),
            id,
            name: name.to_string(),
            deleted: now,
        })
    }

    /// The battles in the bin, the last deleted first.
    pub fn bin(&self) -> Vec<Binned> {
        let storage = self.storage();
        let bin = storage.normal(&self.bin_dir());
        let mut found: BTreeMap<(String, String), Binned> = BTreeMap::new();
        for path in storage.list(&bin) {
            let Some(file_name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
                continue;
            };
            let Some((name, deleted, tail, bak)) = parse(&file_name) else {
                continue;
            };
            let entry = found
                .entry((name.clone(), tail.clone()))
                .or_insert_with(|| Binned {
                    id: bin.join(format!("{name}{DELETED}{tail}")),
                    file: None,
                    backup: None,
                    name,
                    deleted,
                });
            match bak {
                true => entry.backup = Some(path),
                false => entry.file = Some(path),
            }
        }
        let mut list: Vec<Binned> = found.into_values().collect();
        list.sort_by(|a, b| b.deleted.cmp(&a.deleted).then(a.id.cmp(&b.id)));
        list
    }

    /// The battle in the bin named `id` (see [`Binned::id`]).
    pub fn binned(&self, id: &Path) -> Result<Binned, StoreError> {
        let id = self.storage().normal(id);
        self.bin()
            .into_iter()
            .find(|b| b.id == id)
            .ok_or_else(|| not_found(&id))
    }

    /// Puts the battle `id` back from the bin into the battles folder, under the name it had
    /// when that is free (no file and no backup of that name), else a numbered one; returns
    /// its battle file.
    pub fn put_back(&mut self, id: &Path) -> Result<PathBuf, StoreError> {
        let binned = self.binned(id)?;
        let storage = self.storage();
        let wanted = storage.normal(&self.dir().join(&binned.name));
        let free =
            |p: &Path| storage.stamp(p).is_none() && storage.stamp(&backup_path(p)).is_none();
        let to = match free(&wanted) {
            true => wanted,
            false => self.fresh_path(binned.name.strip_suffix(".ron").unwrap_or(&binned.name)),
        };
        if let Some(file) = &binned.file {
            storage.rename(file, &to)?;
        }
        if let Some(bak) = &binned.backup
            && let Err(e) = storage.rename(bak, &backup_path(&to))
        {
            if let Some(file) = &binned.file {
                let _ = storage.rename(&to, file);
            }
            return Err(e);
        }
        self.forget(&to);
        Ok(to)
    }

    /// Deletes the battle `id` in the bin for good, with its backup.
    pub fn delete_for_good(&mut self, id: &Path) -> Result<Binned, StoreError> {
        let binned = self.binned(id)?;
        for file in binned.file.iter().chain(&binned.backup) {
            self.storage().remove(file)?;
        }
        Ok(binned)
    }

    /// Deletes for good every battle deleted [`KEEP_DAYS`] or more before `now` (seconds since
    /// 1970), and returns them. One that cannot be removed stays, to be tried next time.
    pub fn empty_bin(&mut self, now: u64) -> Vec<Binned> {
        let limit = KEEP_DAYS * 86_400;
        let old: Vec<Binned> = self
            .bin()
            .into_iter()
            .filter(|b| now.saturating_sub(b.deleted) >= limit)
            .collect();
        old.into_iter()
            .filter_map(|b| self.delete_for_good(&b.id).ok())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bin_names_read_back() {
        let t = 1_717_252_320;
        let tag = when::tag(t);
        assert_eq!(
            parse(&format!("b.ron.deleted-{tag}")),
            Some(("b.ron".into(), t, tag.clone(), false))
        );
        assert_eq!(
            parse(&format!("b.ron.bak.deleted-{tag}-2")),
            Some(("b.ron".into(), t, format!("{tag}-2"), true))
        );
        for not in [
            format!("b.txt.deleted-{tag}"),
            format!("b.ron.deleted-{tag}x"),
            format!("b.ron.deleted-{tag}-"),
            "b.ron".to_string(),
            format!(".b.ron.deleted-{tag}"),
        ] {
            assert_eq!(parse(&not), None, "{not}");
        }
    }
}
