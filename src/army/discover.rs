//! Army files on disk: where the shipped armies live, finding every `*.ron` file under a
//! set of folders and loading each, and the report behind `adjutant check FILE...`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{ArmyFile, Origin, load_army};

/// Set this environment variable to a folder to use it instead of the shipped armies.
pub const ARMIES_DIR_VAR: &str = "ADJUTANT_ARMIES_DIR";

/// How deep [`discover`] looks into sub-folders (which also stops symlink loops).
const MAX_DEPTH: usize = 8;

/// The folder of shipped army files: `$ADJUTANT_ARMIES_DIR` if set; else
/// `../share/adjutant/armies` beside the executable if it exists (an installed package);
/// else the source tree's `armies/` folder (a development build).
pub fn shipped_armies_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(ARMIES_DIR_VAR).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let installed = std::env::current_exe().ok().and_then(|exe| {
        let dir = exe.parent()?.join("../share/adjutant/armies");
        dir.is_dir().then_some(dir)
    });
    installed.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("armies"))
}

/// Every `*.ron` file under each folder (recursively, sorted by path within a folder),
/// each loaded and validated. Folders that do not exist are skipped.
pub fn discover(dirs: &[(PathBuf, Origin)]) -> Vec<ArmyFile> {
    let mut found = Vec::new();
    for (dir, origin) in dirs {
        let mut paths = Vec::new();
        collect_ron_files(dir, MAX_DEPTH, &mut paths);
        paths.sort();
        found.extend(paths.into_iter().map(|path| ArmyFile {
            loaded: load_army(&path),
            origin: origin.clone(),
            path,
        }));
    }
    found
}

/// Checks army files (a folder stands for every army file in it) and writes a report:
/// each problem as `path:line:col: message`, or `path: ok (name, N units, M leaders)`.
/// The flag is true when every file loaded without a problem.
pub fn check_files(paths: &[PathBuf]) -> (String, bool) {
    let mut report = String::new();
    let mut all_ok = true;
    for path in paths {
        let mut files = Vec::new();
        if path.is_dir() {
            collect_ron_files(path, MAX_DEPTH, &mut files);
            files.sort();
            if files.is_empty() {
                let _ = writeln!(report, "{}: no army files (*.ron) here", path.display());
                all_ok = false;
            }
        } else {
            files.push(path.clone());
        }
        for file in files {
            match load_army(&file) {
                Ok(army) => {
                    let _ = writeln!(
                        report,
                        "{}: ok ({}, {} units, {} leaders)",
                        file.display(),
                        army.name,
                        army.units.len(),
                        army.leaders.len()
                    );
                }
                Err(problems) => {
                    all_ok = false;
                    for problem in problems {
                        let _ = writeln!(report, "{problem}");
                    }
                }
            }
        }
    }
    (report, all_ok)
}

/// Adds the `*.ron` files under `dir` to `out`, going at most `depth` folders down.
/// Unreadable folders are passed over: a missing user folder is not an error.
fn collect_ron_files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if depth > 0 {
                collect_ron_files(&path, depth - 1, out);
            }
        } else if path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("ron"))
        {
            out.push(path);
        }
    }
}
