//! Temp files left in the battles folder by saves that never finished (the process was
//! killed, or the power went, between making its temp file and renaming it; see
//! [`super::atomic`]). They hold nothing the battle file lacks — the battle file is always the
//! complete old or new version — so they are cleared when the folder is listed or a battle in
//! it is opened. A temp file another process may still be writing is left alone: one whose
//! writer (the process id in its name) still runs, unless it is older than any save takes.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::atomic::{is_temp_name, temp_writer};

/// A temp file this old is left by a save that stopped, whoever wrote it: a save takes
/// seconds at the most.
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Removes the temp files in `dir` left by saves that stopped (of `battle` alone, when given:
/// its own and its backup's); returns those removed.
pub(crate) fn clear_stale_temps(dir: &Path, battle: Option<&Path>) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let prefix = battle.and_then(Path::file_name).map(|name| {
        let name = name.to_string_lossy();
        format!(".{name}.")
    });
    let mut removed = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !is_temp_name(&name) || prefix.as_ref().is_some_and(|p| !name.starts_with(p)) {
            continue;
        }
        let Some(writer) = temp_writer(&name) else {
            continue;
        };
        let age = entry
            .metadata()
            .ok()
            .and_then(|m| m.modified().ok())
            .and_then(|t| crate::clock::now().duration_since(t).ok())
            .unwrap_or_default();
        let path = entry.path();
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file
            && writer != std::process::id()
            && (!runs(writer) || age > STALE_AFTER)
            && fs::remove_file(&path).is_ok()
        {
            removed.push(path);
        }
    }
    removed
}

/// Whether the process with this id still runs (where the system cannot say: as if it does,
/// so only age clears its temp files).
fn runs(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        alive || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}
