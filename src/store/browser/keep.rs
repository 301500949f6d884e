//! Whether the browser will keep Adjutant's battles, and how much room is left: asked of the
//! browser at start-up and after each question ([`look`], [`granted`]); the browser asked to
//! keep them for good once a battle starts ([`ask`], `navigator.storage.persist()`); and
//! whether the page is a browser tab on an iPhone or iPad ([`ios_tab`]), where Safari deletes
//! a site's data after seven days without a visit unless it was added to the Home Screen.
//! The home screen says it in words (`ui::platform::keeping`).

use std::cell::{Cell, RefCell};

use js_sys::futures::{JsFuture, spawn_local};

use super::idb;

/// What the browser said.
#[derive(Debug, Clone, Copy, Default)]
struct Granted {
    /// The browser keeps the site's data until the player clears it.
    persisted: bool,
    /// Bytes used and granted to the site, when the browser says.
    usage: Option<f64>,
    quota: Option<f64>,
}

thread_local! {
    static GRANTED: RefCell<Option<Granted>> = const { RefCell::new(None) };
    static ASKED: Cell<bool> = const { Cell::new(false) };
}

/// Asks the browser what it grants, and remembers it.
pub async fn look() {
    let Ok(state) = JsFuture::from(idb::storage_state()).await else {
        return;
    };
    if !state.is_object() {
        return;
    }
    let get = |name: &str| js_sys::Reflect::get(&state, &name.into()).ok();
    let granted = Granted {
        persisted: get("persisted").and_then(|p| p.as_bool()).unwrap_or(false),
        usage: get("usage").and_then(|u| u.as_f64()),
        quota: get("quota").and_then(|q| q.as_f64()),
    };
    GRANTED.with(|g| *g.borrow_mut() = Some(granted));
}

/// Asks the browser, once per page, to keep the site's data for good (a battle started),
/// then looks again at what it grants; `then` runs once it has answered.
pub fn ask(then: impl FnOnce() + 'static) {
    if ASKED.with(|a| a.replace(true)) {
        return;
    }
    spawn_local(async move {
        let _ = JsFuture::from(idb::ask_to_keep()).await;
        look().await;
        then();
    });
}

/// What the browser grants, if it said: whether it keeps the site's data for good, and the
/// bytes used and granted to the site (when it says).
pub fn granted() -> Option<(bool, Option<(f64, f64)>)> {
    let granted = GRANTED.with(|g| *g.borrow())?;
    let room = granted.usage.zip(granted.quota).filter(|(_, q)| *q > 0.0);
    Some((granted.persisted, room))
}

/// Whether the page is in a browser tab on an iPhone or iPad (not started from the Home
/// Screen).
pub fn ios_tab() -> bool {
    idb::ios_tab()
}
