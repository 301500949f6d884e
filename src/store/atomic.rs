//! Atomic file replacement: the only copy of a player's battle is never half-written.
//!
//! [`write_atomic`] writes the new bytes to a temp file in the same folder, syncs it, keeps the
//! previous file as `<name>.bak` (a hard link to it, or a synced copy where links are not
//! possible), renames the temp file over the old name and syncs the folder. Whenever it stops,
//! the file under the old name is either the complete old version or the complete new one.
//! [`write_atomic_with`] takes a hook that can fail or stop the sequence at each [`WriteStep`],
//! so tests can check every point of failure.
//!
//! On Windows a rename over a file that another program holds open (a virus scanner, a backup
//! or sync tool, an editor) fails with a sharing violation or "access denied" until that
//! program lets go; the renames are tried again a few times ([`retry_while_held`]) before the
//! write gives up with an error that says so, leaving the old file as it was.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::{StoreError, WriteStep};

/// The backup of `path`: the same name with `.bak` added (`b.ron` → `b.ron.bak`).
pub use adjutant_core::store::storage::backup_path;

/// What a hook makes happen at a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The step fails with this error (a full disk, a refused permission); the write cleans up
    /// its temp file and reports the error.
    Fail(io::ErrorKind),
    /// Everything stops here, as if the power went: nothing is cleaned up.
    Crash,
}

/// Whether a file name is one of this module's temp files (`.<name>.<pid>.<n>.tmp`).
pub fn is_temp_name(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".tmp")
}

/// Replaces the file at `path` with `bytes`, atomically, keeping the old one as `<name>.bak`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    // In the browser each value is replaced whole, its backup kept first (`super::platform`).
    super::platform::write(path, bytes)
}

/// [`write_atomic`] with a hook called before each step; what it returns happens at that step.
pub fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    mut hook: impl FnMut(WriteStep) -> Option<Fault>,
) -> Result<(), StoreError> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let temp = temp_path(path);
    let mut at = |step: WriteStep| -> Result<(), Stop> {
        match hook(step) {
            None => Ok(()),
            Some(Fault::Fail(kind)) => Err(Stop::Failed(io::Error::from(kind))),
            Some(Fault::Crash) => Err(Stop::Crashed(step)),
        }
    };
    let result = sequence(path, dir, &temp, bytes, &mut at);
    match result {
        Ok(()) => Ok(()),
        Err((_, Stop::Crashed(step))) => Err(StoreError::Interrupted {
            path: path.to_path_buf(),
            step,
        }),
        Err((action, Stop::Failed(err))) => {
            // The temp file is ours and unfinished; the old file was never touched.
            let _ = fs::remove_file(&temp);
            Err(StoreError::io(action, path, &err))
        }
    }
}

/// Why the sequence stopped: a real or injected error, or a simulated crash.
enum Stop {
    Failed(io::Error),
    Crashed(WriteStep),
}

impl From<io::Error> for Stop {
    fn from(err: io::Error) -> Stop {
        Stop::Failed(err)
    }
}

type StepResult = Result<(), (&'static str, Stop)>;

/// The write sequence. Each error carries the action a player would understand.
// In a browser a `File` is never made (writes go to the page's storage), and holds nothing.
#[cfg_attr(target_arch = "wasm32", allow(clippy::drop_non_drop))]
fn sequence(
    path: &Path,
    dir: &Path,
    temp: &Path,
    bytes: &[u8],
    at: &mut impl FnMut(WriteStep) -> Result<(), Stop>,
) -> StepResult {
    let tag = |action: &'static str| move |stop: Stop| (action, stop);
    let io = |action: &'static str| move |err: io::Error| (action, Stop::Failed(err));

    at(WriteStep::CreateTemp).map_err(tag("write"))?;
    // The name holds this process's id, so a file already there is left by a crashed
    // process that had the same id: nobody is using it.
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(temp)
        .map_err(io("write"))?;
    let (first, rest) = bytes.split_at(bytes.len() / 2);
    at(WriteStep::WriteFirstHalf).map_err(tag("write"))?;
    file.write_all(first).map_err(io("write"))?;
    at(WriteStep::WriteRest).map_err(tag("write"))?;
    file.write_all(rest).map_err(io("write"))?;
    at(WriteStep::SyncTemp).map_err(tag("write"))?;
    file.sync_all().map_err(io("write"))?;
    drop(file);

    at(WriteStep::Backup).map_err(tag("back up"))?;
    backup(path, dir).map_err(io("back up"))?;

    at(WriteStep::Rename).map_err(tag("replace"))?;
    rename_retrying(temp, path).map_err(io("replace"))?;

    at(WriteStep::SyncDir).map_err(tag("sync the folder of"))?;
    sync_dir(dir).map_err(io("sync the folder of"))?;
    Ok(())
}

/// Keeps the current file (if any) as `<name>.bak`, replacing an older backup atomically.
fn backup(path: &Path, dir: &Path) -> io::Result<()> {
    if !path.is_file() {
        return Ok(());
    }
    let bak = backup_path(path);
    let bak_name = bak.file_name().unwrap_or_default();
    if bak_name.len() > NAME_MAX {
        return Err(io::Error::new(
            io::ErrorKind::InvalidFilename,
            format!(
                "its name is too long to keep the file it replaces as {}.bak ({} bytes; a file \
                 name may have at most {NAME_MAX}), so the old file is left as it was. Name a \
                 shorter file",
                path.file_name().unwrap_or_default().to_string_lossy(),
                bak_name.len()
            ),
        ));
    }
    let staged = temp_path(&bak);
    let _ = fs::remove_file(&staged);
    // A hard link shares the old file's bytes: complete, instant and needing no space.
    if fs::hard_link(path, &staged).is_err() {
        let copied = copy_synced(path, &staged);
        if let Err(err) = copied {
            let _ = fs::remove_file(&staged);
            return Err(err);
        }
    }
    if let Err(err) = rename_retrying(&staged, &bak) {
        let _ = fs::remove_file(&staged);
        return Err(err);
    }
    sync_dir(dir)
}

/// How many times a rename refused because another program holds the file is tried, and the
/// waits between the tries (about 1.5 s in all): long enough for a scanner to finish a file.
const HELD_TRIES: u32 = 8;
const HELD_FIRST_WAIT: Duration = Duration::from_millis(25);

/// `fs::rename`, tried again while another program holds the target open.
fn rename_retrying(from: &Path, to: &Path) -> io::Result<()> {
    retry_while_held(|| fs::rename(from, to), held_by_another, HELD_FIRST_WAIT)
}

/// Runs `op` until it succeeds, fails for a reason `held` does not accept, or has been tried
/// [`HELD_TRIES`] times, waiting `first_wait`, then twice as long each time, between tries.
/// The last refusal comes back as an error that says another program holds the file.
fn retry_while_held(
    mut op: impl FnMut() -> io::Result<()>,
    held: impl Fn(&io::Error) -> bool,
    first_wait: Duration,
) -> io::Result<()> {
    let mut wait = first_wait;
    for _ in 1..HELD_TRIES {
        match op() {
            Err(e) if held(&e) => std::thread::sleep(wait),
            other => return other,
        }
        wait = wait.saturating_mul(2).min(Duration::from_millis(400));
    }
    op().map_err(|e| {
        if held(&e) {
            io::Error::new(
                e.kind(),
                format!(
                    "another program has the file open (a virus scanner, a backup or sync tool, \
                     an editor); the old file is unchanged. Close that program or wait, then \
                     try again ({e})"
                ),
            )
        } else {
            e
        }
    })
}

/// Whether a rename failed because another program has the file open. Only Windows refuses
/// a rename for that (ERROR_ACCESS_DENIED, ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION);
/// elsewhere a refused rename is a real refusal and is reported at once.
fn held_by_another(err: &io::Error) -> bool {
    cfg!(windows) && matches!(err.raw_os_error(), Some(5 | 32 | 33))
}

/// Copies `from` to a new file `to` and syncs it, so the copy is complete before it is used.
fn copy_synced(from: &Path, to: &Path) -> io::Result<()> {
    let mut source = File::open(from)?;
    let mut target = OpenOptions::new().write(true).create_new(true).open(to)?;
    io::copy(&mut source, &mut target)?;
    target.sync_all()
}

/// The longest file name most file systems take (ext4, NTFS, APFS: 255 bytes or UTF-16 units).
pub const NAME_MAX: usize = 255;

/// A temp file name beside `path`, unique within this process and among processes:
/// `.<name>.<pid>.<n>.tmp`, with `<name>` cut short (ending in `~`) where the whole would be
/// longer than [`NAME_MAX`] bytes, so a file whose own name is near the limit can still be
/// written.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tail = format!(".{}.{n}.tmp", std::process::id());
    let room = NAME_MAX - 1 - tail.len();
    let name = match name.len() <= room {
        true => name.into_owned(),
        false => {
            let mut cut = room - 1;
            while !name.is_char_boundary(cut) {
                cut -= 1;
            }
            format!("{}~", &name[..cut])
        }
    };
    path.with_file_name(format!(".{name}{tail}"))
}

/// The process that wrote a temp file of this module, from its name (`.<name>.<pid>.<n>.tmp`).
pub fn temp_writer(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = inner.rsplitn(3, '.');
    parts.next()?.parse::<u64>().ok()?;
    let pid = parts.next()?.parse().ok()?;
    parts.next().filter(|rest| !rest.is_empty())?;
    Some(pid)
}

/// Syncs a folder, so a rename in it survives a power cut. Not possible on Windows.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        match File::open(dir).and_then(|d| d.sync_all()) {
            // Some file systems cannot sync folders; the rename is still done.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal as Windows gives it while a scanner has the file open.
    fn sharing_violation() -> io::Error {
        io::Error::new(io::ErrorKind::PermissionDenied, "sharing violation")
    }

    fn is_sharing_violation(e: &io::Error) -> bool {
        e.to_string() == "sharing violation"
    }

    #[test]
    fn a_rename_refused_while_another_program_holds_the_file_is_tried_again() {
        let mut tries = 0;
        let result = retry_while_held(
            || {
                tries += 1;
                if tries < 3 {
                    Err(sharing_violation())
                } else {
                    Ok(())
                }
            },
            is_sharing_violation,
            Duration::ZERO,
        );
        assert!(result.is_ok(), "{result:?}");
        assert_eq!(tries, 3);
    }

    #[test]
    fn a_file_held_for_good_is_named_as_held_by_another_program() {
        let mut tries = 0;
        let err = retry_while_held(
            || {
                tries += 1;
                Err(sharing_violation())
            },
            is_sharing_violation,
            Duration::ZERO,
        )
        .unwrap_err();
        assert_eq!(tries, HELD_TRIES);
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        let text = err.to_string();
        assert!(text.contains("another program has the file open"), "{text}");
        assert!(text.contains("the old file is unchanged"), "{text}");
    }

    #[test]
    fn other_failures_are_not_tried_again() {
        let mut tries = 0;
        let err = retry_while_held(
            || {
                tries += 1;
                Err(io::Error::from(io::ErrorKind::StorageFull))
            },
            is_sharing_violation,
            Duration::ZERO,
        )
        .unwrap_err();
        assert_eq!(tries, 1);
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
    }

    #[test]
    fn only_windows_counts_a_refused_rename_as_a_held_file() {
        let denied = io::Error::from_raw_os_error(5);
        assert_eq!(held_by_another(&denied), cfg!(windows));
    }
}
