//! Whether a path reaches Adjutant's battles folder, however it is written: through `..`, a
//! linked folder, a linked file or a hard link. A copy of a battle ("Save a copy") is never
//! written there, so it can never replace a battle Adjutant keeps, its backup or its lock.
//! Files are compared as files (the folder's resolved path; a file's device and inode), not as
//! the text of their paths.

use std::fs;
use std::path::{Path, PathBuf};

use super::owner::Stamp;

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
