//! The window in a browser's page: the page sets the size, the player's files are kept in the
//! page's storage and move in and out by Open… (the browser's file picker) and downloads, so
//! no folder is named and no restart is asked for; the store has news for the window after a
//! save returned (IndexedDB confirms or refuses it later, another tab takes a battle over),
//! the page asks before it goes while something is not saved, and the home screen says
//! whether the browser keeps the battles. The desktop's side is `platform/desktop.rs`.

use std::path::Path;

use adjutant::store::StoreError;
use adjutant::store::browser::{keep, local};

use super::{Granted, keeping_words};

/// No smallest window: the page is the window.
pub const MIN_WINDOW: Option<iced::Size> = None;

/// Where Adjutant keeps its battles, as messages say it.
pub const KEPT_IN: &str = "this browser";

/// Why a battle another tab plays was not opened.
pub fn busy(_why: &StoreError) -> String {
    "The battle was not opened: another tab of Adjutant in this browser plays it, and only \
     that tab saves it. Go on with it there, or take it over here (that tab then stops saving \
     it and says so)."
        .into()
}

/// Why a battle was not deleted: another tab plays it.
pub const PLAYED_ELSEWHERE: &str =
    "another tab of Adjutant in this browser plays it. Leave it there first, then delete it.";

/// What became of a printed sheet.
pub const WROTE: &str = "was downloaded as";

/// No window icon: a page has its icons in its manifest.
pub fn window_icon() -> Option<iced::window::Icon> {
    None
}

/// Where the player's own army files are kept, under the home screen's list of armies.
pub fn armies_hint(_user_dir: &Path) -> String {
    "Your own army files are kept in this browser: build one with New army, or bring one in \
     with Open… and keep it."
        .into()
}

/// No table files in a browser: the shipped charts are used.
pub fn tables_hint(_path: &Path) -> Option<String> {
    None
}

/// A file the player chose, as messages name it: its name (the path is only a key in the
/// page's storage).
pub fn file_words(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The store's news as the window hears it: whenever a write is confirmed or refused by
/// IndexedDB, a battle is taken over by another tab, or another tab changed the files.
pub fn store_news() -> iced::Subscription<()> {
    iced::Subscription::run(news)
}

fn news() -> iced::futures::channel::mpsc::UnboundedReceiver<()> {
    let (tx, rx) = iced::futures::channel::mpsc::unbounded();
    local::files().on_news(move || {
        let _ = tx.unbounded_send(());
    });
    rx
}

/// Notes whether something on screen is not saved, so the page asks before it is closed or
/// reloaded.
pub fn note_unsaved(unsaved: bool) {
    local::window_unsaved(unsaved);
}

/// Asks the browser (once) to keep the battles for good, a battle having started; the home
/// screen then says what it answered.
pub fn ask_to_keep() {
    keep::ask(|| {});
}

/// What the home screen says of where the battles are kept: what the browser grants
/// ([`keeping_words`]).
pub fn keeping() -> Vec<String> {
    let ios_tab = keep::ios_tab();
    match keep::granted() {
        Some((persisted, room)) => keeping_words(Granted {
            persisted,
            room,
            ios_tab,
        }),
        None if ios_tab => keeping_words(Granted {
            persisted: false,
            room: None,
            ios_tab,
        }),
        None => Vec::new(),
    }
}

/// The battle in `path` read again from the store before it is opened: another tab may have
/// played it since this one read it.
pub fn read_again_first(path: &Path) -> Option<iced::Task<()>> {
    Some(iced::Task::future(local::refresh(vec![path.to_path_buf()])))
}
