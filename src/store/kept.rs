//! Whether a path reaches Adjutant's battles folder, however it is written: through `..`, a
//! linked folder, a linked file or a hard link. A copy of a battle ("Save a copy") is never
//! written there, so it can never replace a battle Adjutant keeps, its backup or its lock.
//! Files are compared as files (the folder's resolved path; a file's device and inode), not as
//! the text of their paths.
//!
//! A printed sheet or report (`adjutant print`/`report`, the window's Print…) is kept from
//! more ([`kept_from_sheets`]): the battles folder, any existing file that starts like a battle
//! file wherever it is (a copy saved elsewhere, a backup), and any file another Adjutant
//! window holds (a battle it plays, an army file its builder edits).

use std::fs;
#[cfg(not(target_arch = "wasm32"))]
use std::io::Read;
use std::path::{Path, PathBuf};

use super::owner::Stamp;
#[cfg(not(target_arch = "wasm32"))]
use super::owner::held_elsewhere;
#[cfg(not(target_arch = "wasm32"))]
use crate::regular_file;

/// What in the battles folder `dir` the path `target` reaches, if anything: the file it is
/// (by identity), or the folder itself when it would be a new file there.
pub(crate) fn reaches(dir: &Path, target: &Path) -> Option<PathBuf> {
    let folder = fs::canonicalize(dir).ok()?;
    if let Some(kept) = same_as_a_file_in(&folder, target) {
        return Some(kept);
    }
    // A link, followed to where the file would be; then the folder the file would be in.
    let target = match fs::read_link(target) {
        Ok(to) => target.parent().unwrap_or(Path::new("")).join(to),
        Err(_) => target.to_path_buf(),
    };
    let parent = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let parent = fs::canonicalize(parent).ok()?;
    parent.starts_with(&folder).then_some(folder)
}

/// The file in `folder` that `target` is (same device and inode), if it is one.
fn same_as_a_file_in(folder: &Path, target: &Path) -> Option<PathBuf> {
    let id = Stamp::of(target)?.file_id()?;
    fs::read_dir(folder)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| Stamp::of(p).and_then(|s| s.file_id()) == Some(id))
}

/// What `target` is in the battles folder `dir`, in words, when [`reaches`] found `kept`:
/// "in Adjutant's battles folder DIR", "FILE, in Adjutant's battles folder", or "the same
/// file as FILE, …" for a hard link.
pub(crate) fn describe(target: &Path, kept: &Path) -> String {
    match kept.is_dir() {
        true => format!("in Adjutant's battles folder {}", kept.display()),
        // A hard link: another name for the same file.
        false if fs::canonicalize(target).ok().as_deref() != Some(kept) => format!(
            "the same file as {}, in Adjutant's battles folder",
            kept.display()
        ),
        false => format!("{}, in Adjutant's battles folder", kept.display()),
    }
}

/// Why a printed sheet may not be written at `target`, in words ("a battle file", …), or
/// `None` when it may: `target` reaches the battles folder `dir`, when known (a file there, or
/// a new one);
/// it is an existing file that starts like a battle file; or another Adjutant window holds it.
#[cfg(not(target_arch = "wasm32"))]
pub fn kept_from_sheets(dir: Option<&Path>, target: &Path) -> Option<String> {
    if let Some(kept) = dir.and_then(|dir| reaches(dir, target)) {
        return Some(describe(target, &kept));
    }
    if starts_like_a_battle(target) {
        return Some("a battle file".into());
    }
    held_elsewhere(target).map(|pid| {
        let process = pid.map_or(String::new(), |p| format!(" (process {p})"));
        format!("open in another Adjutant window{process}")
    })
}

/// Whether `path` is a regular file whose first value is a `BattleFile(…)` (after a
/// byte-order mark and comments). Only its start is read.
#[cfg(not(target_arch = "wasm32"))]
fn starts_like_a_battle(path: &Path) -> bool {
    let Ok(file) = regular_file::open(path) else {
        return false;
    };
    let mut start = Vec::new();
    if file.take(64 * 1024).read_to_end(&mut start).is_err() {
        return false;
    }
    crate::store::looks_like_battle_file(&start)
}
