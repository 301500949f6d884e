//! The page's own storage, `window.localStorage`, as [`Slots`], and this tab's files on it
//! ([`files`]).

use std::cell::OnceCell;

use super::{Browser, Refused, Slots};

/// `window.localStorage` of the page.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalSlots;

thread_local! {
    /// This tab's id, drawn once per page load.
    static TAB: OnceCell<u64> = const { OnceCell::new() };
}

/// This tab's files, in the page's local storage.
pub fn files() -> Browser<LocalSlots> {
    let tab = TAB.with(|t| *t.get_or_init(|| (js_sys::Math::random() * 9.0e15) as u64));
    Browser::new(LocalSlots, tab)
}

fn storage() -> Result<web_sys::Storage, Refused> {
    let none = || Refused {
        full: false,
        message: "this browser keeps no storage for the page".into(),
    };
    web_sys::window()
        .ok_or_else(none)?
        .local_storage()
        .map_err(|e| refusal(&e))?
        .ok_or_else(none)
}

/// The browser's refusal in its own words; a `QuotaExceededError` says the storage is full
/// (by its name alone: its message repeats the key, which the store's error names already).
fn refusal(error: &wasm_bindgen::JsValue) -> Refused {
    let name = js_sys::Reflect::get(error, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    let message = js_sys::Reflect::get(error, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| format!("{error:?}"));
    let full = name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED";
    Refused {
        full,
        message: match (full, name.is_empty()) {
            (true, _) => name,
            (false, true) => message,
            (false, false) => format!("{name}: {message}"),
        },
    }
}

impl Slots for LocalSlots {
    fn get(&self, key: &str) -> Result<Option<String>, Refused> {
        storage()?.get_item(key).map_err(|e| refusal(&e))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Refused> {
        storage()?.set_item(key, value).map_err(|e| refusal(&e))
    }

    fn remove(&self, key: &str) {
        if let Ok(s) = storage() {
            let _ = s.remove_item(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        let Ok(s) = storage() else {
            return Vec::new();
        };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }

    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }
}

/// Keeps this tab's locks alive: renews them every [`super::BEAT_MS`] while the page is open,
/// and gives them all back when it is closed or left (`pagehide`), so another tab may open
/// the battles at once.
pub fn keep_locks() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;

    let Some(window) = web_sys::window() else {
        return;
    };
    let beat = Closure::<dyn FnMut()>::new(|| files().beat());
    let _ = window.set_interval_with_callback_and_timeout_and_arguments_0(
        beat.as_ref().unchecked_ref(),
        super::BEAT_MS as i32,
    );
    beat.forget();
    let leave = Closure::<dyn FnMut()>::new(|| files().release_all());
    let _ = window.add_event_listener_with_callback("pagehide", leave.as_ref().unchecked_ref());
    leave.forget();
}
