//! Where the player asked to go when leaving a screen: a screen with something not saved (a
//! battle the disk refused, an army with edits) keeps this while it asks, and the window goes
//! there once the answer allows.

use std::path::PathBuf;

/// Where the player asked to go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// The home screen.
    Home,
    /// Close the window (and so end Adjutant).
    Exit(iced::window::Id),
    /// Open this file (Ctrl+O).
    Open(PathBuf),
    /// Ctrl+Q: end Adjutant, remembering the window's size.
    Quit,
}
