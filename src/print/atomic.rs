//! Writing a finished PDF without ever leaving half a file. The store's
//! [`write_atomic`](crate::store::write_atomic) does the work — temp file in the same folder,
//! fsync, rename (keeping a replaced file as `<name>.bak`) — after checks here that turn the
//! commonest mistakes (no such folder, a folder named as the file) into plain messages, and
//! that refuse to put a file in the place of anything but a regular file (a device such as
//! `/dev/null`, a named pipe, a socket, or a link to one); a folder that takes no new files
//! (`/proc`, a read-only drive) is named as such.

use std::path::{Path, PathBuf};

use std::io;

use super::PrintError;
use crate::regular_file::kind_of;
use crate::store::StoreError;

/// Writes `bytes` to `path` atomically: temp file in the same folder, fsync, rename. On any
/// failure the temp file is removed and whatever was at `path` is untouched.
pub fn write_pdf_atomically(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), PrintError> {
    let path = path.as_ref();
    let fail = |reason: String| PrintError::Write {
        path: path.display().to_string(),
        reason,
    };
    if path.file_name().is_none() {
        return Err(fail("the path names no file".into()));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(fail(format!("the folder {} does not exist", dir.display())));
    }
    // Only a regular file (or a new name) is replaced: a device, a named pipe or a socket there
    // — or a link to one — is refused, since the rename would put a file in its place (as root,
    // `/dev/null` itself).
    if let Ok(meta) = std::fs::metadata(path)
        && let Some(what) = kind_of(meta.file_type())
    {
        return Err(fail(match meta.is_dir() {
            true => "it is a folder".into(),
            false => format!(
                "it is {what}, not a file, so it is not written over; name a regular file or \
                 a new one"
            ),
        }));
    }
    crate::store::write_atomic(path, bytes).map_err(|e| match e {
        // The temp file beside it could not be made: the folder takes no new files (`/proc`,
        // a read-only drive, a folder the user may not write in).
        StoreError::Io {
            action: "write",
            kind:
                io::ErrorKind::NotFound
                | io::ErrorKind::PermissionDenied
                | io::ErrorKind::ReadOnlyFilesystem,
            message,
            ..
        } => fail(format!(
            "its folder {} takes no new files (the system says: {message}){}; name a file in \
             another folder",
            dir.display(),
            match path.exists() {
                true => ", so the file there cannot be replaced",
                false => "",
            }
        )),
        e => PrintError::from(e),
    })
}
