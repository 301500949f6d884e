//! The time now, for the app's own uses of a clock (a new battle's file name and seed, how
//! long since the window's size was written): the system's clock on the desktop, the page's
//! (`Date.now()`) in a browser, where the standard library has none.

use std::time::SystemTime;

/// The time now.
#[cfg(not(target_arch = "wasm32"))]
pub fn now() -> SystemTime {
    SystemTime::now()
}

/// The time now, from the page's clock (milliseconds since 1970).
#[cfg(target_arch = "wasm32")]
pub fn now() -> SystemTime {
    let ms = js_sys::Date::now().max(0.0);
    std::time::UNIX_EPOCH + std::time::Duration::from_micros((ms * 1000.0) as u64)
}
