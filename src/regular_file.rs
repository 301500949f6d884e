//! Reading the player's files safely: only regular files are opened. A named pipe (FIFO), a
//! device such as `/dev/zero`, a socket or a folder that happens to be called `*.ron` is
//! refused with a message that says what it is — never read, so it can neither hang Adjutant
//! (a FIFO with no writer blocks an ordinary open for ever) nor feed it endless bytes.
//!
//! The type is checked twice: on the path before opening, and on the opened handle (the
//! open itself never blocks, as it asks for non-blocking mode), so a file swapped for a FIFO
//! between the two checks is still caught.
//!
//! Text files (army files, table files) are read as UTF-8 through [`text`], which drops one
//! leading byte-order mark: some editors write one, and it is not part of the text.

use std::fs::{File, FileType, OpenOptions};
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// It is not a regular file: what it is ("a folder", "a named pipe (FIFO)", ...).
    NotAFile(&'static str),
    /// It is bigger than the limit; the size found (at least limit + 1).
    TooBig(u64),
    /// The system refused to open or read it.
    Io(io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::NotAFile(what) => write!(f, "this is {what}, not a file, so it is not read"),
            ReadError::TooBig(n) => write!(f, "the file is too big ({n} bytes)"),
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

/// What a file system entry is, in words, when it is not a regular file.
pub fn kind_of(ft: FileType) -> Option<&'static str> {
    if ft.is_file() {
        return None;
    }
    if ft.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if ft.is_char_device() || ft.is_block_device() {
            return Some("a device");
        }
        if ft.is_socket() {
            return Some("a socket");
        }
    }
    Some("something other than a file")
}

/// Opens `path` for reading if, and only if, it is a regular file (a link to one is fine).
pub fn open(path: &Path) -> Result<File, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if let Some(what) = kind_of(meta.file_type()) {
        return Err(ReadError::NotAFile(what));
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if let Some(what) = kind_of(meta.file_type()) {
        return Err(ReadError::NotAFile(what));
    }
    Ok(file)
}

/// In a browser, a file of the page's storage (`store::browser`), refused over `limit` bytes.
#[cfg(target_arch = "wasm32")]
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    use crate::store::StoreError;
    let bytes = crate::store::browser::local::files()
        .read(path)
        .map_err(|e| match e {
            StoreError::Io { kind, message, .. } => ReadError::Io(io::Error::new(kind, message)),
            other => ReadError::Io(io::Error::other(other.to_string())),
        })?;
    match bytes.len() as u64 > limit {
        true => Err(ReadError::TooBig(bytes.len() as u64)),
        false => Ok(bytes),
    }
}

/// Reads a regular file whole, refusing one over `limit` bytes without reading past it.
#[cfg(not(target_arch = "wasm32"))]
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open(path)?;
    let len = file.metadata().map_err(ReadError::Io)?.len();
    if len > limit {
        return Err(ReadError::TooBig(len));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    // The size can change while reading (a file still growing), so never read past the limit.
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooBig(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The bytes of a text file as UTF-8, without one leading byte-order mark (U+FEFF). The one
/// place army files, the builder and table files turn their bytes into text, so a file with
/// a mark is read alike everywhere; positions in errors are those of the text without it.
pub fn text(mut bytes: Vec<u8>) -> Result<String, std::string::FromUtf8Error> {
    const BOM: &[u8] = "\u{feff}".as_bytes();
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_folder_and_a_device_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.ron");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let what = |p: &Path| match read(p, 100) {
            Err(ReadError::NotAFile(what)) => what,
            other => panic!("{other:?}"),
        };
        assert_eq!(what(&fifo), "a named pipe (FIFO)");
        assert_eq!(what(dir.path()), "a folder");
        assert_eq!(what(Path::new("/dev/zero")), "a device");
        let file = dir.path().join("a.ron");
        std::fs::write(&file, b"hello").unwrap();
        assert_eq!(read(&file, 5).unwrap(), b"hello");
        assert!(matches!(read(&file, 4), Err(ReadError::TooBig(5))));
    }

    #[test]
    fn one_leading_byte_order_mark_is_dropped_from_text() {
        let bom = "\u{feff}";
        assert_eq!(text(format!("{bom}Army(").into_bytes()).unwrap(), "Army(");
        assert_eq!(
            text(format!("{bom}{bom}x").into_bytes()).unwrap(),
            format!("{bom}x"),
            "only one"
        );
        assert_eq!(text(b"a\xEF\xBB\xBF".to_vec()).unwrap(), "a\u{feff}");
        assert!(text(vec![0xEF, 0xBB]).is_err());
    }
}
