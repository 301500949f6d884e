//! What the window says and does differently in a browser: the player's files there are kept
//! in the page's storage and move in and out by Open… (the browser's file picker) and
//! downloads, so no folder is named and no restart is asked for; the page, not a window,
//! sets the size (a phone's screen is smaller than a desktop window may be); the store has
//! news for the window after a save returned (IndexedDB confirms or refuses it later, another
//! tab takes a battle over), the page asks before it goes while something is not saved, and
//! the home screen says whether the browser keeps the battles.

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
     that tab saves it. Go on with it there, or take it over here (that tab then stops saving \
     it and says so)."
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

/// The store's news as the window hears it: in a browser, whenever a write is confirmed or
/// refused by IndexedDB, a battle is taken over by another tab, or another tab changed the
/// files; nothing on the desktop, where a save that returned is kept.
#[cfg(not(target_arch = "wasm32"))]
pub fn store_news() -> iced::Subscription<()> {
    iced::Subscription::none()
}

#[cfg(target_arch = "wasm32")]
pub fn store_news() -> iced::Subscription<()> {
    iced::Subscription::run(news)
}

#[cfg(target_arch = "wasm32")]
fn news() -> iced::futures::channel::mpsc::UnboundedReceiver<()> {
    let (tx, rx) = iced::futures::channel::mpsc::unbounded();
    adjutant::store::browser::local::files().on_news(move || {
        let _ = tx.unbounded_send(());
    });
    rx
}

/// Notes whether something on screen is not saved, so the page asks before it is closed or
/// reloaded (the desktop asks on its own close request).
#[cfg(not(target_arch = "wasm32"))]
pub fn note_unsaved(_unsaved: bool) {}

#[cfg(target_arch = "wasm32")]
pub fn note_unsaved(unsaved: bool) {
    adjutant::store::browser::local::window_unsaved(unsaved);
}

/// Asks the browser (once) to keep the battles for good, a battle having started; the home
/// screen then says what it answered. Nothing on the desktop.
#[cfg(not(target_arch = "wasm32"))]
pub fn ask_to_keep() {}

#[cfg(target_arch = "wasm32")]
pub fn ask_to_keep() {
    adjutant::store::browser::keep::ask(|| {});
}

/// What a browser grants the page: whether it keeps the site's data for good, and the bytes
/// used and granted (when it says). (The desktop build says nothing of it but in its tests.)
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Granted {
    pub persisted: bool,
    pub room: Option<(f64, f64)>,
    /// The page is a browser tab on an iPhone or iPad.
    pub ios_tab: bool,
}

/// What the home screen says of what the browser grants: whether it keeps the battles or may
/// clear them, and the room left; in a tab on an iPhone or iPad, first the advice to play
/// from the Home Screen.
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
pub fn keeping_words(granted: Granted) -> Vec<String> {
    let mut lines = Vec::new();
    if granted.ios_tab {
        lines.push(
            "On an iPhone or iPad, add Adjutant to the Home Screen (Share, then Add to Home \
             Screen) and play from there, best before your first battle: Safari deletes what a \
             site keeps after seven days without a visit, but not what a Home Screen app keeps. \
             This tab and the Home Screen app keep separate battles."
                .to_string(),
        );
    }
    let mut text = match granted.persisted {
        true => {
            "This browser keeps your battles until you clear its data for this site.".to_string()
        }
        false => "This browser may clear your battles if it runs short of space: save a copy \
                  of a battle you want to keep."
            .to_string(),
    };
    if let Some((usage, quota)) = granted.room {
        text.push_str(&format!(
            " Room left for Adjutant: {} of {}.",
            size((quota - usage).max(0.0)),
            size(quota)
        ));
    }
    lines.push(text);
    lines
}

/// "10.7 GB", "350 MB", "12 kB".
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
fn size(bytes: f64) -> String {
    match bytes {
        b if b >= 1e9 => format!("{:.1} GB", b / 1e9),
        b if b >= 1e6 => format!("{:.0} MB", b / 1e6),
        b => format!("{:.0} kB", b / 1e3),
    }
}

/// What headless Chromium grants a page served from a local port in the browser checks:
/// nothing kept for good, and a room the checks tell the page (web/test/harness.mjs,
/// `SIMULATED_ROOM`), whatever the disk of the machine they run on.
#[cfg(test)]
pub const HEADLESS_CHROMIUM: Granted = Granted {
    persisted: false,
    room: Some((0.0, 10.7e9)),
    ios_tab: false,
};

#[cfg(test)]
thread_local! {
    /// What the simulated window shows as a browser's grant (the phone's play).
    static PRETEND: std::cell::Cell<Option<Granted>> = const { std::cell::Cell::new(None) };
}

/// In tests, has the home screen say what a browser granting `granted` would make it say (the
/// phone's play, whose screens the browser check compares with the page's).
#[cfg(test)]
pub fn pretend_granted(granted: Option<Granted>) {
    PRETEND.with(|p| p.set(granted));
}

/// What the home screen says of where the battles are kept: in a browser, what it grants
/// ([`keeping_words`]); nothing on the desktop.
#[cfg(not(target_arch = "wasm32"))]
pub fn keeping() -> Vec<String> {
    #[cfg(test)]
    if let Some(granted) = PRETEND.with(|p| p.get()) {
        return keeping_words(granted);
    }
    Vec::new()
}

#[cfg(target_arch = "wasm32")]
pub fn keeping() -> Vec<String> {
    use adjutant::store::browser::keep;
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
