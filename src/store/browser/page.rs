//! The page's events the store follows, once it is loaded ([`follow`]):
//!
//! - every [`BEAT_MS`]: this tab's locks renewed (and those lost noted), and the tabs alive
//!   asked again (their Web Locks);
//! - another tab's commit (the tabs' channel): the files it names read again;
//! - the page back in view: every file IndexedDB holds otherwise read again;
//! - local storage changed by another tab (its `storage` event): a lock this tab held, taken
//!   over; local storage cleared: every lock checked;
//! - `pagehide`: this tab's locks given back (kept to take again if the page is put in the
//!   back/forward cache); `pageshow` from that cache: taken again, and checked against
//!   IndexedDB before this tab writes again;
//! - the database closed under the page (the site's data cleared): nothing more written;
//! - `beforeunload`: the page asks first while something is not saved or not yet committed.

use js_sys::futures::spawn_local;
use wasm_bindgen::prelude::*;

use super::BEAT_MS;
use super::idb::{self, Idb};
use super::local::{PageFiles, files, live_tabs, refresh_all, unsettled};

/// Follows the page's events for `files` (kept in `db`).
pub(super) fn follow(tab_files: &PageFiles, db: &Idb) {
    let tab = tab_files.id();
    db.watch(|why| super::local::files().gone(&why));

    let listener = Closure::<dyn FnMut(JsValue)>::new(move |message: JsValue| heard(tab, &message));
    let channel = idb::open_channel(&listener);
    listener.forget();
    let id = tab.to_string();
    tab_files.on_commit(move |keys| {
        let message = js_sys::Object::new();
        let list: js_sys::Array = keys.iter().map(|k| JsValue::from_str(k)).collect();
        let _ = js_sys::Reflect::set(&message, &"tab".into(), &JsValue::from_str(&id));
        let _ = js_sys::Reflect::set(&message, &"keys".into(), &list);
        idb::post(&channel, &message);
    });

    let beat = Closure::<dyn FnMut()>::new(|| {
        files().beat();
        spawn_local(async {
            if let Some((at, tabs)) = live_tabs().await {
                files().set_live(at, tabs);
            }
        });
    });
    let hide = Closure::<dyn FnMut(bool)>::new(|away| files().release_all(away));
    let show = Closure::<dyn FnMut(bool)>::new(|away: bool| {
        if away {
            come_back();
        }
    });
    let visible = Closure::<dyn FnMut()>::new(|| {
        files().beat();
        spawn_local(refresh_all());
    });
    let lock = Closure::<dyn FnMut(Option<String>)>::new(|key: Option<String>| match key {
        Some(key) if super::locks::is_lock_key(&key) => files().heard_lock(&key),
        Some(_) => {}
        None => files().beat(),
    });
    let unsaved = Closure::<dyn FnMut() -> bool>::new(unsettled);
    idb::listen(
        BEAT_MS as f64,
        &beat,
        &hide,
        &show,
        &visible,
        &lock,
        &unsaved,
    );
    beat.forget();
    hide.forget();
    show.forget();
    visible.forget();
    lock.forget();
    unsaved.forget();
}

/// Another tab committed files: read them again (this tab's own messages are not heard).
fn heard(tab: u64, message: &JsValue) {
    let from = js_sys::Reflect::get(message, &"tab".into())
        .ok()
        .and_then(|t| t.as_string());
    if from.as_deref() == Some(tab.to_string().as_str()) {
        return;
    }
    let Ok(keys) = js_sys::Reflect::get(message, &"keys".into()) else {
        return;
    };
    let keys: Vec<String> = js_sys::Array::from(&keys)
        .iter()
        .filter_map(|k| k.as_string())
        .collect();
    spawn_local(async move {
        let Some(db) = super::local::db() else {
            return;
        };
        let values = db.load_some(&keys).await;
        files().refreshed(values);
    });
}

/// The page came back from the back/forward cache: its locks taken again, then each of its
/// files checked against IndexedDB before it is written again.
fn come_back() {
    let check = files().come_back();
    if check.is_empty() {
        return;
    }
    spawn_local(async move {
        let Some(db) = super::local::db() else {
            return;
        };
        let stored = db.load_some(&check).await;
        let files = files();
        for key in check {
            // A file the database could not be asked about counts as changed: not written.
            let value = stored
                .iter()
                .find(|(k, _)| *k == key)
                .and_then(|(_, v)| v.as_ref());
            files.verified(&key, value.map(|v| v.meta.stamp));
        }
    });
}
