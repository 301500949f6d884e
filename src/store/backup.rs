//! A backup of everything this device keeps ([`make`]) and restoring one ([`restore`]), on
//! the desktop's folders or the browser's storage alike: every battle file of the battles
//! folder (its text as it is), the player's own army files (under their armies folder, folders
//! and all), the table files and the settings, in the core's format
//! (`adjutant_core::store::backup`). The bin, backups (`.bak`), locks and files kept aside
//! stay on this device. A file that is not text is left out, and said so.
//!
//! A backup file the player names ([`write_file`]) is never written into the folders
//! Adjutant reads (battles, armies, tables), where it would be read as one of their files,
//! nor in the place of anything but a regular file.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use adjutant_core::store::backup::{self, Backup, Item, Kind, Places, Restored};
use adjutant_core::store::when;

use super::folder::Folder;
use super::names::secs;
use super::paths::{Paths, create_dir};
use super::{Storage, StoreError};

/// What went into a backup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    /// The backup file's text.
    pub text: String,
    /// How many items of each kind it holds, in [`Kind::ALL`]'s order.
    pub counts: [usize; 4],
    /// Files that could not go in, each with why.
    pub left_out: Vec<String>,
}

impl Made {
    /// "3 battles, 1 army, 1 table file and the settings" (or "nothing: …").
    pub fn holds(&self) -> String {
        match backup::counted(self.counts) {
            none if none.is_empty() => {
                "nothing: there are no battles, armies, table files or settings yet".into()
            }
            some => some,
        }
    }
}

/// Where each kind of item is kept on this device.
pub fn places(paths: &Paths) -> Places {
    Places {
        battles: paths.battles_dir(),
        armies: paths.user_armies_dir(),
        tables: paths.overrides_dir(),
        settings: paths.settings_file(),
    }
}

/// The name a backup made at `now` is offered under: `adjutant-backup-2025-06-01.ron`.
pub fn file_name(now: SystemTime) -> String {
    let tag = when::tag(secs(now));
    format!("adjutant-backup-{}.ron", &tag[..10])
}

/// A backup of everything kept under `paths`, made at `now`.
pub fn make(paths: &Paths, now: SystemTime) -> Made {
    let mut backup = Backup {
        made: when::date(secs(now)),
        items: Vec::new(),
    };
    let mut left_out = Vec::new();
    let found = [
        (Kind::Battle, ron_files(&paths.battles_dir())),
        (Kind::Army, army_files(&paths.user_armies_dir())),
        (Kind::Table, ron_files(&paths.overrides_dir())),
        (
            Kind::Settings,
            vec![paths.settings_file()]
                .into_iter()
                .filter(|p| super::is_file(p))
                .collect(),
        ),
    ];
    let mut counts = [0; 4];
    for (i, (kind, files)) in found.into_iter().enumerate() {
        let root = match kind {
            Kind::Battle => paths.battles_dir(),
            Kind::Army => paths.user_armies_dir(),
            Kind::Table => paths.overrides_dir(),
            Kind::Settings => paths.config.clone(),
        };
        for file in files {
            match item(kind, &root, &file) {
                Ok(item) => {
                    counts[i] += 1;
                    backup.items.push(item);
                }
                Err(why) => left_out.push(why),
            }
        }
    }
    Made {
        text: backup::write(&backup),
        counts,
        left_out,
    }
}

/// One file as an item: its text, and its path inside `root` with `/` between folders.
fn item(kind: Kind, root: &Path, file: &Path) -> Result<Item, String> {
    let shown = file.display();
    let inside = file.strip_prefix(root).unwrap_or(file);
    let parts: Option<Vec<&str>> = inside.iter().map(|p| p.to_str()).collect();
    let path = parts
        .ok_or_else(|| format!("{shown}: its name is not text, so it was left out"))?
        .join("/");
    if let Some(why) = backup::path_problem(kind, &path) {
        return Err(format!("{shown}: left out: {why}"));
    }
    let bytes = super::read_file(file).map_err(|e| format!("{e}; it was left out"))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{shown}: it is not text, so it was left out"))?;
    Ok(Item { kind, path, text })
}

/// The `*.ron` files directly in `dir` (not hidden), sorted.
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = Folder
        .list(dir)
        .into_iter()
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default();
            name.ends_with(".ron") && !name.starts_with('.') && super::is_file(p)
        })
        .collect();
    files.sort();
    files
}

/// The player's army files: the `*.ron` files of their armies folder and of the folders in it
/// (as deep as a backup keeps; folders reached by a link are not followed).
fn army_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    walk(dir, backup::MAX_DEPTH, &mut files);
    files.sort();
    files
}

#[cfg(not(target_arch = "wasm32"))]
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    out.extend(ron_files(dir));
    if depth == 0 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && entry.file_type().is_ok_and(|t| t.is_dir()) {
            walk(&entry.path(), depth - 1, out);
        }
    }
}

/// In a browser a folder lists only its own files: the folders the builder keeps armies in
/// are one for each rule system.
#[cfg(target_arch = "wasm32")]
fn walk(dir: &Path, _depth: usize, out: &mut Vec<PathBuf>) {
    out.extend(ron_files(dir));
    for system in adjutant::rules::standard() {
        out.extend(ron_files(&dir.join(system.id())));
    }
}

/// Restores the backup in `bytes` (the file `source`, named in messages) into the folders of
/// `paths`: what is missing is added and nothing is written over. A damaged or foreign file
/// is refused whole, saying where.
pub fn restore(paths: &Paths, bytes: &[u8], source: &Path) -> Result<Restored, StoreError> {
    let backup = backup::read_bytes(bytes, source)?;
    Ok(backup::restore(
        &mut Folder,
        &places(paths),
        &backup,
        create_dir,
    ))
}

/// Writes a backup's text to `target`, a file the player named: refused, nothing written, in
/// the battles, armies or tables folder (however the path reaches them), and in the place of
/// anything but a regular file. A file it replaces is kept as `<name>.bak`.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_file(paths: &Paths, target: &Path, text: &str) -> Result<(), StoreError> {
    let refuse = |what: String| StoreError::Io {
        action: "write",
        path: target.to_path_buf(),
        kind: std::io::ErrorKind::InvalidInput,
        message: what,
    };
    for (dir, what) in [
        (paths.battles_dir(), "battles"),
        (paths.user_armies_dir(), "armies"),
        (paths.overrides_dir(), "tables"),
    ] {
        if super::kept::reaches(&dir, target).is_some() {
            return Err(refuse(format!(
                "it is in Adjutant's {what} folder {}, where a backup would be read as one of \
                 its files; choose a place outside Adjutant's folders",
                dir.display()
            )));
        }
    }
    if let Ok(meta) = std::fs::metadata(target)
        && let Some(what) = crate::regular_file::kind_of(meta.file_type())
    {
        return Err(refuse(format!(
            "it is {what}, not a file, so it is not written over"
        )));
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(refuse(format!(
            "the folder {} does not exist",
            dir.display()
        )));
    }
    super::write_atomic(target, text.as_bytes())
}
