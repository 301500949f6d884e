//! The player's table files on disk: the core's registry (`adjutant_core::rules::registry`)
//! given the files of the tables folder ([`load_overrides`]), and the systems in force built
//! from them ([`WithOverrides`]).

use std::path::{Path, PathBuf};

pub use adjutant_core::rules::registry::*;

use super::Systems;
use crate::regular_file::{self, ReadError};
use adjutant_core::rules::registry::file::MAX_BYTES;

/// Reads every override file in `dir` (a missing folder means no overrides). A `.ron` file
/// named for no rule system is reported, so a misspelt name is not silently ignored.
pub fn load_overrides(dir: &Path) -> Overrides {
    let mut names: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.flatten().map(|e| e.path()).collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    let mut read = |path: &Path| path.exists().then(|| read(path));
    overrides_from(dir, &mut read, &names)
}

/// The systems in force built from the table files of a folder.
pub trait WithOverrides: Sized {
    /// The shipped systems, each built with the player's table file in `dir` where it loaded,
    /// and every problem found (a system whose file has problems keeps its shipped tables).
    /// A system built from a file lives as long as something holds it (these systems, or a
    /// battle played under it), so reading the files again keeps nothing of the last reading.
    fn with_overrides(dir: &Path) -> (Self, Vec<OverrideProblem>);
}

impl WithOverrides for Systems {
    fn with_overrides(dir: &Path) -> (Systems, Vec<OverrideProblem>) {
        Systems::from_overrides(load_overrides(dir))
    }
}

/// Reads the file at `path` as text (a leading byte-order mark dropped, as for army files), or
/// says why not (as `path:1:1: ...`).
pub fn read(path: &Path) -> Result<String, Vec<String>> {
    let shown = path.display();
    let whole = |message: String| vec![format!("{shown}:1:1: {message}")];
    let bytes = regular_file::read(path, MAX_BYTES as u64).map_err(|e| match e {
        ReadError::NotAFile(what) => whole(format!("this is {what}, not an override file")),
        ReadError::TooBig(n) => whole(format!(
            "the file is {n} bytes; an override file may be at most {MAX_BYTES}"
        )),
        ReadError::Io(e) => whole(format!("cannot read the file: {e}")),
    })?;
    regular_file::text(bytes).map_err(|e| {
        whole(format!(
            "the file is not text (bad UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}
