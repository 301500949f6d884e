//! What the window says and does differently in a browser: the player's files there are kept
//! in the page's storage and move in and out by Open… (the browser's file picker) and
//! downloads, so no folder is named and no restart is asked for; and the page, not a window,
//! sets the size (a phone's screen is smaller than a desktop window may be).

use std::path::Path;

/// The smallest window the desktop allows; none in a browser, where the page is the window.
#[cfg(not(target_arch = "wasm32"))]
pub const MIN_WINDOW: Option<iced::Size> = Some(iced::Size::new(1024.0, 700.0));
#[cfg(target_arch = "wasm32")]
pub const MIN_WINDOW: Option<iced::Size> = None;

/// Where Adjutant keeps its battles, as messages say it.
#[cfg(not(target_arch = "wasm32"))]
pub const KEPT_IN: &str = "Adjutant's folder";
#[cfg(target_arch = "wasm32")]
pub const KEPT_IN: &str = "this browser";

/// Why a battle another window (or, in a browser, another tab) plays was not opened.
#[cfg(not(target_arch = "wasm32"))]
pub fn busy(why: &adjutant::store::StoreError) -> String {
    format!("The battle was not opened: {why}. Go on with it in that window.")
}

#[cfg(target_arch = "wasm32")]
pub fn busy(_why: &adjutant::store::StoreError) -> String {
    "The battle was not opened: another tab of Adjutant in this browser plays it, and only \
     that tab saves it. Go on with it there, or close that tab first."
        .into()
}

/// Why a battle was not deleted: another window (or, in a browser, another tab) plays it.
#[cfg(not(target_arch = "wasm32"))]
pub const PLAYED_ELSEWHERE: &str =
    "another Adjutant window plays it. Leave it there first, then delete it.";
#[cfg(target_arch = "wasm32")]
pub const PLAYED_ELSEWHERE: &str =
    "another tab of Adjutant in this browser plays it. Leave it there first, then delete it.";

/// What became of a printed sheet: written to a file, or downloaded.
#[cfg(not(target_arch = "wasm32"))]
pub const WROTE: &str = "was written to";
#[cfg(target_arch = "wasm32")]
pub const WROTE: &str = "was downloaded as";

/// The window's icon: raw RGBA rendered from the SVG by scripts/render-icons.sh, so no image
/// decoder is needed. A page has its icons in its manifest instead.
#[cfg(not(target_arch = "wasm32"))]
pub fn window_icon() -> Option<iced::window::Icon> {
    iced::window::icon::from_rgba(
        include_bytes!("../../assets/icons/org.adjutant.Adjutant-128.rgba").to_vec(),
        128,
        128,
    )
    .ok()
}

#[cfg(target_arch = "wasm32")]
pub fn window_icon() -> Option<iced::window::Icon> {
    None
}

/// Where the player's own army files go, under the home screen's list of armies.
#[cfg(not(target_arch = "wasm32"))]
pub fn armies_hint(user_dir: &Path) -> String {
    format!("Your own army files go in {}", user_dir.display())
}

#[cfg(target_arch = "wasm32")]
pub fn armies_hint(_user_dir: &Path) -> String {
    "Your own army files are kept in this browser: build one with New army, or bring one in \
     with Open… and keep it."
        .into()
}

/// How to use the charts of the player's own copy of the rules: a file in `path`, on the
/// desktop; in a browser the shipped charts are used.
#[cfg(not(target_arch = "wasm32"))]
pub fn tables_hint(path: &Path) -> Option<String> {
    Some(format!(
        "To use the charts of your own copy of the rules, put them in {} and restart Adjutant.",
        path.display()
    ))
}

#[cfg(target_arch = "wasm32")]
pub fn tables_hint(_path: &Path) -> Option<String> {
    None
}

/// A file the player chose, as messages name it: its path on the desktop; in a browser,
/// where the path is only a key in the page's storage, its name.
pub fn file_words(path: &Path) -> String {
    if cfg!(target_arch = "wasm32") {
        path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    } else {
        path.display().to_string()
    }
}
