//! Army files on disk: reading one safely (refusing what is too big or not text), the shipped
//! armies (built into the program; a folder given with `ADJUTANT_ARMIES_DIR` instead), finding
//! every `*.ron` file under a set of folders and loading each, and the report behind
//! `adjutant check FILE...`.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::locate::position_of_byte;
use super::{Army, ArmyFile, Origin, Problem, load_army_str, shipped};
use crate::regular_file::{self, ReadError};
use crate::words::{count, escaped};

pub use super::{MAX_FILE_BYTES, too_big};

/// Set this environment variable to a folder to use it instead of the shipped armies.
pub const ARMIES_DIR_VAR: &str = "ADJUTANT_ARMIES_DIR";

/// How deep [`discover`] looks into sub-folders.
const MAX_DEPTH: usize = 8;

/// The folder of shipped army files: `$ADJUTANT_ARMIES_DIR` if set; else
/// `../share/adjutant/armies` beside the executable if it exists (an installed package; on
/// Windows `armies` in the executable's own folder, as the installer and the zip put it);
/// else the source tree's `armies/` folder (a development build). The shipped armies are
/// listed from the copies built into the program ([`all_armies`]), filed under this
/// folder's paths; a player may open or copy the files themselves where they are installed.
/// In a browser there is no such folder: the built-in armies are filed under
/// [`BUILT_IN`], and no path of the machine the page was built on goes into the page.
#[cfg(not(target_arch = "wasm32"))]
pub fn shipped_armies_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(ARMIES_DIR_VAR).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let installed = std::env::current_exe().ok().and_then(|exe| {
        let dir = if cfg!(windows) {
            exe.parent()?.join("armies")
        } else {
            exe.parent()?.parent()?.join("share/adjutant/armies")
        };
        dir.is_dir().then_some(dir)
    });
    installed.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("armies"))
}

/// Where a browser files the built-in armies: a name, not a folder of any machine.
pub const BUILT_IN: &str = "built-in";

#[cfg(target_arch = "wasm32")]
pub fn shipped_armies_dir() -> PathBuf {
    PathBuf::from(BUILT_IN)
}

/// The text of a shipped army file the home screen lists from the copies built into the
/// program ([`all_armies`]): the built-in copy filed at `path`, whether or not a file is
/// there. `None` for any other path, and when `$ADJUTANT_ARMIES_DIR` names the shipped
/// folder (its files are listed, and read, instead).
pub fn built_in_text(path: &Path) -> Option<&'static str> {
    if std::env::var_os(ARMIES_DIR_VAR).is_some_and(|d| !d.is_empty()) {
        return None;
    }
    let under = path.strip_prefix(shipped_armies_dir()).ok()?;
    let key: Vec<String> = under
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    shipped::by_path(&key.join("/")).map(|file| file.text)
}

/// Every army file, shipped then the player's own (in `user_dir`), each loaded and validated.
/// The shipped ones are the copies built into the program, filed at their paths under
/// [`shipped_armies_dir`], so no folder beside the executable is needed; when
/// `$ADJUTANT_ARMIES_DIR` names a folder, the army files in it instead.
pub fn all_armies(user_dir: &Path) -> Vec<ArmyFile> {
    let dir = shipped_armies_dir();
    if std::env::var_os(ARMIES_DIR_VAR).is_some_and(|d| !d.is_empty()) {
        return discover(&[
            (dir, Origin::Shipped),
            (user_dir.to_path_buf(), Origin::User),
        ]);
    }
    let mut found = built_in_armies(&dir);
    found.extend(discover(&[(user_dir.to_path_buf(), Origin::User)]));
    found
}

/// The armies built into the program, each loaded and validated and filed at its path under
/// `dir` (which need not exist: nothing is read from it).
pub fn built_in_armies(dir: &Path) -> Vec<ArmyFile> {
    shipped::ARMIES
        .iter()
        .map(|file| {
            let path = dir.join(file.path);
            ArmyFile {
                loaded: load_army_str(&path.display().to_string(), file.text),
                origin: Origin::Shipped,
                path,
            }
        })
        .collect()
}

/// Loads and validates an army file.
pub fn load_army(path: &Path) -> Result<Army, Vec<Problem>> {
    let name = path.display().to_string();
    let text = read_army_text(path).map_err(|p| vec![p])?;
    load_army_str(&name, &text)
}

/// Every `*.ron` file under each folder (recursively, sorted by path within a folder),
/// each loaded and validated. Folders that do not exist are skipped.
pub fn discover(dirs: &[(PathBuf, Origin)]) -> Vec<ArmyFile> {
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    for (dir, origin) in dirs {
        let mut paths = Vec::new();
        collect_ron_files(dir, MAX_DEPTH, &mut seen, &mut paths);
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
            collect_ron_files(path, MAX_DEPTH, &mut HashSet::new(), &mut files);
            files.sort();
            if files.is_empty() {
                let _ = writeln!(
                    report,
                    "{}: no army files (*.ron) in this folder or its sub-folders, so nothing \
                     was checked",
                    path.display()
                );
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
                        "{}: ok ({}, {}, {})",
                        file.display(),
                        escaped(&army.name),
                        count(army.units.len(), "unit", "units"),
                        count(army.leaders.len(), "leader", "leaders")
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

/// Adds the `*.ron` files under `dir` to `out`, going at most `depth` folders down and into
/// each real folder once: `seen` holds the folders walked so far (resolved through links), so
/// a link back up the tree, or two links to one folder, add nothing twice. Unreadable folders
/// are passed over: a missing user folder is not an error.
fn collect_ron_files(
    dir: &Path,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
) {
    #[cfg(target_arch = "wasm32")]
    if true {
        // The page's storage: files under the folder's key, no links to follow; a folder lists
        // only its own files, so the folders armies are kept in — one for each rule system,
        // where the builder saves and a backup restores them — are listed by name.
        let _ = (depth, seen);
        let files = crate::store::browser::local::files();
        let dirs = std::iter::once(dir.to_path_buf()).chain(
            crate::rules::standard()
                .into_iter()
                .map(|s| dir.join(s.id())),
        );
        for dir in dirs {
            out.extend(files.list(&dir).into_iter().filter(|p| {
                p.extension()
                    .is_some_and(|ext| ext.eq_ignore_ascii_case("ron"))
            }));
        }
        return;
    }
    let Ok(real) = dir.canonicalize() else {
        return;
    };
    if !seen.insert(real) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if depth > 0 {
                collect_ron_files(&path, depth - 1, seen, out);
            }
        } else if path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("ron"))
        {
            out.push(path);
        }
    }
}

/// Reads an army file as text, refusing anything but a regular file (a folder, a named pipe,
/// a device: never opened for reading, so never waited on), files over [`MAX_FILE_BYTES`]
/// (without reading them) and anything that is not UTF-8 (at the first bad byte). A leading
/// byte-order mark is dropped ([`regular_file::text`]), so the builder and the loader read the
/// same text.
pub fn read_army_text(path: &Path) -> Result<String, Problem> {
    let name = path.display().to_string();
    let whole = |message: String| Problem::whole_file(&name, message);
    let bytes = regular_file::read(path, MAX_FILE_BYTES as u64).map_err(|e| match e {
        ReadError::NotAFile(what) => whole(format!("this is {what}, not an army file")),
        ReadError::TooBig(n) => whole(too_big(n)),
        ReadError::Io(e) => whole(format!("cannot open the file: {e}")),
    })?;
    army_text(&name, bytes)
}

/// An army file's bytes as text (`name` labels the problem): over [`MAX_FILE_BYTES`] refused,
/// a leading byte-order mark dropped, anything not UTF-8 refused at the line and column of
/// its first bad byte.
pub fn army_text(name: &str, bytes: Vec<u8>) -> Result<String, Problem> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Problem::whole_file(name, too_big(bytes.len() as u64)));
    }
    regular_file::text(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let byte = e.as_bytes().get(good).copied().unwrap_or(0);
        let (line, col) = position_of_byte(e.as_bytes(), good);
        let message = format!(
            "the file is not UTF-8 text (byte 0x{byte:02X} here); save it as UTF-8 in your text editor"
        );
        Problem { path: name.to_string(), line, col, message }
    })
}
