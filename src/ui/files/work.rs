//! The disk work behind the file commands, with no window in sight: reading a file the player
//! chose (a battle through the store's reader, with the store's size limit; an army through
//! the army loader, with the army files'; a backup of everything is sent to Restore from a
//! backup…), writing a copy of a battle or a printed sheet atomically (never over a battle or
//! into the battles folder), copying an army into the player's armies, and handing a written
//! sheet to the desktop's viewer. Every failure is a sentence naming the file and the system's
//! reason.

use std::path::{Path, PathBuf};

use adjutant::army::discover::{MAX_FILE_BYTES, army_text, shipped_armies_dir};
use adjutant::army::{Army, load_army_str};
use adjutant::battle::Battle;
use adjutant::regular_file::{self, ReadError};
use adjutant::rules::Systems;
use adjutant::store::{
    MAX_READ_BYTES, battle_from_bytes_under, looks_like_battle_file, write_atomic,
};

use crate::ui::persist::Store;

/// What a chosen file turned out to be.
#[derive(Debug)]
pub enum Opened {
    /// A valid army file.
    Army(Box<Army>),
    /// A battle file that loads.
    Battle(Box<Battle>),
    /// Why the file was not opened: every problem, one `path:line:col: message` a line.
    Refused(String),
}

/// Reads the file at `path` as a battle file (when it starts like one) or an army file. A
/// battle is read as the store reads its own (up to the store's limit, a byte-order mark
/// dropped), so a long battle saved with Save a copy comes back; an army file is held to
/// the army files' limit.
pub fn open(path: &Path) -> Opened {
    let refused = |why: String| Opened::Refused(format!("The file was not opened: {why}"));
    let bytes = match regular_file::read(path, MAX_READ_BYTES) {
        Ok(bytes) => bytes,
        Err(ReadError::NotAFile(what)) => {
            return refused(format!(
                "{} is {what}, not a file; choose an army file or a battle file",
                path.display()
            ));
        }
        Err(ReadError::TooBig(n)) => {
            return refused(format!(
                "{} is {} MiB, more than a battle file ({} MiB) or an army file ({} MiB) may be",
                path.display(),
                n / (1024 * 1024),
                MAX_READ_BYTES / (1024 * 1024),
                MAX_FILE_BYTES / (1024 * 1024)
            ));
        }
        Err(ReadError::Io(e)) => return refused(format!("cannot read {}: {e}", path.display())),
    };
    if adjutant_core::store::first_value_is(&bytes, adjutant_core::store::backup::BACKUP_STRUCT) {
        return Opened::Refused(format!(
            "{} is a backup of everything, not a battle or army file: restore it with Restore \
             from a backup… on the home screen.",
            crate::ui::platform::file_words(path)
        ));
    }
    if looks_like_battle_file(&bytes) {
        return match battle_from_bytes_under(&Systems::shipped(), &bytes, path) {
            Ok(battle) => Opened::Battle(Box::new(battle)),
            Err(e) => Opened::Refused(format!("The battle was not opened: {e}")),
        };
    }
    let name = path.display().to_string();
    let text = match army_text(&name, bytes) {
        Ok(text) => text,
        Err(problem) => return refused(problem.to_string()),
    };
    match load_army_str(&name, &text) {
        Ok(army) => Opened::Army(Box::new(army)),
        Err(problems) => {
            let mut message = String::from("This army file has problems and was not opened:");
            for p in problems {
                message.push('\n');
                message.push_str(&p.to_string());
            }
            Opened::Refused(message)
        }
    }
}

/// Writes a printed sheet to `path`, atomically; never into Adjutant's battles folder, over a
/// battle file or over a file another Adjutant window holds.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_sheet(store: &Store, path: &Path, bytes: &[u8]) -> Result<(), String> {
    let battles = store.battles_dir();
    if let Some(what) = adjutant::store::kept::kept_from_sheets(Some(&battles), path) {
        return Err(format!(
            "Not printed: {} is {what}, and a printed sheet is never written there. Choose \
             another file.",
            path.display()
        ));
    }
    adjutant::print::write_pdf_atomically(path, bytes).map_err(|e| format!("Not printed: {e}"))
}

/// Whether an army file is already among those the home screen lists.
pub fn is_listed(path: &Path, user_armies: &Path) -> bool {
    let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let file = real(path);
    file.starts_with(real(user_armies)) || file.starts_with(real(&shipped_armies_dir()))
}

/// Copies the army file at `from` into the player's armies folder (under a new name if one
/// of that name is there already) and returns where it went.
pub fn copy_to_armies(from: &Path, user_armies: &Path) -> Result<PathBuf, String> {
    let bytes = adjutant::store::read_file(from).map_err(|e| format!("Not copied: {e}"))?;
    adjutant::store::paths::create_dir(user_armies).map_err(|e| format!("Not copied: {e}"))?;
    let stem = from
        .file_stem()
        .map_or_else(|| "army".into(), |s| s.to_string_lossy().into_owned());
    let target = (1..1000)
        .map(|n| match n {
            1 => user_armies.join(format!("{stem}.ron")),
            n => user_armies.join(format!("{stem}-{n}.ron")),
        })
        .find(|p| !adjutant::store::exists(p))
        .ok_or_else(|| format!("Not copied: too many files named {stem} already"))?;
    write_atomic(&target, &bytes).map_err(|e| format!("Not copied: {e}"))?;
    Ok(target)
}

/// In a browser, a printed sheet is downloaded under the name of `path`.
#[cfg(target_arch = "wasm32")]
pub fn write_sheet(_store: &Store, path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let mime = match path.extension().is_some_and(|e| e == "md") {
        true => "text/markdown",
        false => "application/pdf",
    };
    super::download::download(&name, mime, bytes).map_err(|e| format!("Not printed: {e}"))
}

/// What becomes of the battle itself after a copy was saved: it goes on being saved where
/// Adjutant keeps it — unless it is not saved now (its banner is up), which nothing may then
/// say otherwise.
fn the_battle_itself(saved: bool) -> String {
    match saved {
        true => format!(
            "The battle itself goes on being saved in {}.",
            crate::ui::platform::KEPT_IN
        ),
        false => format!(
            "The battle itself is still not saved in {}: keep this copy, or Retry.",
            crate::ui::platform::KEPT_IN
        ),
    }
}

/// Saves a copy of a battle to `path`, outside Adjutant's battles folder; says where, and
/// whether the battle itself is saved (`saved`: its last save worked).
#[cfg(not(target_arch = "wasm32"))]
pub fn save_copy(
    store: &Store,
    battle: &Battle,
    path: &Path,
    saved: bool,
) -> Result<String, String> {
    store
        .save_copy(battle, path)
        .map_err(|e| format!("Not saved: {e}."))
        .map(|()| {
            format!(
                "A copy of the battle was saved to {}. {}",
                path.display(),
                the_battle_itself(saved)
            )
        })
}

/// In a browser, a copy of a battle is downloaded under the name of `path`.
#[cfg(target_arch = "wasm32")]
pub fn save_copy(
    _store: &Store,
    battle: &Battle,
    path: &Path,
    saved: bool,
) -> Result<String, String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let text = adjutant::store::battle_to_ron(battle).map_err(|e| format!("Not saved: {e}."))?;
    super::download::download(&name, "application/octet-stream", text.as_bytes())
        .map_err(|e| format!("Not saved: {e}."))?;
    Ok(format!(
        "A copy of the battle was downloaded as {name}. {}",
        the_battle_itself(saved)
    ))
}

/// Hands the file to the desktop's viewer without waiting for it (`xdg-open` on Linux and the
/// BSDs, `open` on macOS, the shell's file association on Windows). `Err` says why it could
/// not be started; the file itself is written either way.
#[cfg(not(target_arch = "wasm32"))]
pub fn show_in_viewer(path: &Path) -> Result<(), String> {
    open::that_detached(path).map_err(|e| format!("the file's viewer could not be started: {e}"))
}

/// In a browser, the downloaded sheet is the player's to open.
#[cfg(target_arch = "wasm32")]
pub fn show_in_viewer(_path: &Path) -> Result<(), String> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_copied_in_gets_a_free_name() {
        let dir = tempfile::tempdir().unwrap();
        let from = dir.path().join("mine.ron");
        std::fs::write(&from, "Army()").unwrap();
        let armies = dir.path().join("armies");
        let first = copy_to_armies(&from, &armies).unwrap();
        let second = copy_to_armies(&from, &armies).unwrap();
        assert_eq!(first, armies.join("mine.ron"));
        assert_eq!(second, armies.join("mine-2.ron"));
        assert_eq!(std::fs::read(second).unwrap(), b"Army()");
        assert!(is_listed(&first, &armies));
        assert!(!is_listed(&from, &armies));
    }

    #[test]
    fn a_file_that_is_not_there_is_refused_with_its_path() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nothing.ron");
        match open(&missing) {
            Opened::Refused(message) => {
                assert!(
                    message.contains(&missing.display().to_string()),
                    "{message}"
                )
            }
            other => panic!("opened {other:?}"),
        }
    }
}
