//! Asking the player for a file in a browser: Open… is the browser's file picker, whose file
//! is brought into the page's storage (`adjutant/opened/<name>`) and opened from there as any
//! chosen file is, and a backup to restore is handed over whole ([`pick`]); what is written
//! for the player — a copy of a battle, a printed sheet, a backup — is handed to the browser
//! as a download ([`super::work`]), so a save asks for no place.

use std::path::{Path, PathBuf};

pub use super::request::{Dialogs, Request};

/// Where files the player opens are brought in, in the page's storage.
pub const OPENED_DIR: &str = "adjutant/opened";

/// The line shown above the path field (never shown: the browser always has its picker).
pub const NO_DIALOG: &str = "Type the name of a file kept in this browser.";

/// The print panel's button, and what it says happens.
pub const PRINT_BUTTON: &str = "Download the sheet";
pub const PRINT_CAPTION: &str =
    "The sheet is downloaded; open it from the browser's downloads to print it or keep it.";

impl Dialogs {
    /// The browser always has its file picker.
    pub fn detect() -> Dialogs {
        Dialogs::System
    }
}

/// A file to read: the browser's picker, its file brought into the page's storage; `None`
/// when the player cancels or the file cannot be kept. A file to write: its name, at once
/// (it is downloaded).
pub async fn ask(request: Request) -> Option<PathBuf> {
    if request.save {
        return Some(request.suggestion);
    }
    let file = rfd::AsyncFileDialog::new()
        .set_title(request.title)
        .add_filter(request.filter.0, &[request.filter.1])
        .pick_file()
        .await?;
    let name = PathBuf::from(file.file_name());
    let stem = name.file_stem().unwrap_or_default().to_string_lossy();
    let extension = name
        .extension()
        .map_or_else(|| "ron".into(), |e| e.to_string_lossy().to_lowercase());
    let path = Path::new(OPENED_DIR).join(format!("{}.{extension}", super::slug(&stem)));
    // Kept even when it is not text: opening it then says what is wrong with it.
    let bytes = file.read().await;
    let text = String::from_utf8_lossy(&bytes);
    adjutant::store::write_atomic(&path, text.as_bytes()).ok()?;
    Some(path)
}

/// A file to read whole: the browser's picker, the file's name and bytes handed over as they
/// are (a backup to restore, which need never be kept in the page's storage); `None` when the
/// player cancels.
pub async fn pick(request: Request) -> Option<(PathBuf, std::sync::Arc<[u8]>)> {
    let file = rfd::AsyncFileDialog::new()
        .set_title(request.title)
        .add_filter(request.filter.0, &[request.filter.1])
        .pick_file()
        .await?;
    let bytes = file.read().await;
    Some((PathBuf::from(file.file_name()), bytes.into()))
}

/// Files are suggested by name alone: the browser puts downloads where its player chose.
pub fn documents_dir() -> PathBuf {
    PathBuf::new()
}

/// The name a player typed.
pub fn resolve_typed(text: &str) -> Option<PathBuf> {
    let text = text.trim();
    (!text.is_empty()).then(|| PathBuf::from(text))
}
