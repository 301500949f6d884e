//! The window on the desktop: a smallest window, files in Adjutant's folder and the player's
//! own folders named as paths, a save that returned is kept (no news from the store), and the
//! window asks on its own close request. The page's side is `platform/page.rs`.

use std::path::Path;

use adjutant::store::StoreError;

/// The smallest window the desktop allows.
pub const MIN_WINDOW: Option<iced::Size> = Some(iced::Size::new(1024.0, 700.0));

/// Where Adjutant keeps its battles, as messages say it.
pub const KEPT_IN: &str = "Adjutant's folder";

/// Why a battle another window plays was not opened.
pub fn busy(why: &StoreError) -> String {
    format!("The battle was not opened: {why}. Go on with it in that window.")
}

/// Why a battle was not deleted: another window plays it.
pub const PLAYED_ELSEWHERE: &str =
    "another Adjutant window plays it. Leave it there first, then delete it.";

/// What became of a printed sheet.
pub const WROTE: &str = "was written to";

/// The window's icon: raw RGBA rendered from the SVG by scripts/render-icons.sh, so no image
/// decoder is needed.
pub fn window_icon() -> Option<iced::window::Icon> {
    iced::window::icon::from_rgba(
        include_bytes!("../../../assets/icons/org.adjutant.Adjutant-128.rgba").to_vec(),
        128,
        128,
    )
    .ok()
}

/// Where the player's own army files go, under the home screen's list of armies.
pub fn armies_hint(user_dir: &Path) -> String {
    format!("Your own army files go in {}", user_dir.display())
}

/// How to use the charts of the player's own copy of the rules: a file in `path`.
pub fn tables_hint(path: &Path) -> Option<String> {
    Some(format!(
        "To use the charts of your own copy of the rules, put them in {} and restart Adjutant.",
        path.display()
    ))
}

/// A file the player chose, as messages name it: its path.
pub fn file_words(path: &Path) -> String {
    path.display().to_string()
}

/// The store's news as the window hears it: nothing, a save that returned being kept.
pub fn store_news() -> iced::Subscription<()> {
    iced::Subscription::none()
}

/// Notes whether something on screen is not saved: the window asks on its own close request.
pub fn note_unsaved(_unsaved: bool) {}

/// Asks to keep the battles for good: a folder on the disk keeps them already.
pub fn ask_to_keep() {}

/// What the home screen says of where the battles are kept: nothing (in the tests, what a
/// browser granting what [`super::pretend_granted`] set would make it say).
pub fn keeping() -> Vec<String> {
    #[cfg(test)]
    if let Some(granted) = super::pretended() {
        return super::keeping_words(granted);
    }
    Vec::new()
}

/// The battle in `path` read again before it is opened: nothing to read again, one window
/// alone playing it.
pub fn read_again_first(_path: &Path) -> Option<iced::Task<()>> {
    None
}
