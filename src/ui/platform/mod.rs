//! What the window says and does differently on the desktop and in a browser's page, chosen
//! once here: `desktop.rs` or `page.rs`, each with the same items (the smallest window, how
//! files and where battles are kept are named, the store's news, asking before the page
//! goes, what the browser grants, reading a battle again before opening it). What a browser
//! grants is worded here for both, so the desktop's tests can show it as the page would.

#[cfg_attr(target_arch = "wasm32", path = "page.rs")]
#[cfg_attr(not(target_arch = "wasm32"), path = "desktop.rs")]
mod this;

pub use this::*;

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

/// What [`pretend_granted`] set, if anything.
#[cfg(test)]
fn pretended() -> Option<Granted> {
    PRETEND.with(|p| p.get())
}
