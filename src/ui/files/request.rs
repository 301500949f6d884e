//! What the window asks of the platform's file dialogs, the same on the desktop and in the
//! browser (`dialogs.rs`, `browser_dialogs.rs` each answer it their own way).

use std::path::PathBuf;

/// How the window asks for a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialogs {
    /// The platform's own way: the desktop's file dialog, or the browser's picker and downloads.
    System,
    /// A path (in the browser, a name) typed into a field in the window.
    PathField,
}

/// One question for a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub title: &'static str,
    /// A file to write (a save dialog, or a download) rather than one to read.
    pub save: bool,
    /// The folder to start in and, for a save, the suggested file.
    pub suggestion: PathBuf,
    /// The filter's name and extension ("PDF", "pdf").
    pub filter: (&'static str, &'static str),
}
