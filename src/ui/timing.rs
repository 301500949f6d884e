//! The window's own time per action in the browser, for `scripts/bench-web.sh`: each call of
//! the app's update and view is noted, with when it began and ended (`performance.now()`), on
//! `window.__adjutantProbe.app` — only when the page carries that probe, which the bench and
//! the browser check add (`web/test/probe.js`); a player's page has none and notes nothing.
//! On the desktop a [`Span`] is nothing at all: the benches there call update and view
//! themselves (`benches/action.rs`).

/// Notes one call from its start to its end (when dropped).
#[must_use]
pub(crate) struct Span {
    #[cfg(target_arch = "wasm32")]
    started: Option<(&'static str, f64)>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Span {
    /// Nothing on the desktop.
    #[inline(always)]
    pub(crate) fn new(_what: &'static str) -> Span {
        Span {}
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::cell::OnceCell;

    use wasm_bindgen::JsValue;

    use super::Span;

    thread_local! {
        /// The probe's list of calls, looked up once; `None` on a page without the probe.
        static NOTES: OnceCell<Option<js_sys::Array>> = const { OnceCell::new() };
    }

    fn notes() -> Option<js_sys::Array> {
        NOTES.with(|n| {
            n.get_or_init(|| {
                let window = web_sys::window()?;
                let probe = js_sys::Reflect::get(&window, &"__adjutantProbe".into()).ok()?;
                if !probe.is_object() {
                    return None;
                }
                let list = js_sys::Array::new();
                js_sys::Reflect::set(&probe, &"app".into(), &list).ok()?;
                Some(list)
            })
            .clone()
        })
    }

    fn now() -> Option<f64> {
        Some(web_sys::window()?.performance()?.now())
    }

    impl Span {
        pub(crate) fn new(what: &'static str) -> Span {
            let started = notes().and_then(|_| Some((what, now()?)));
            Span { started }
        }
    }

    impl Drop for Span {
        fn drop(&mut self) {
            let (Some((what, start)), Some(list), Some(end)) = (self.started, notes(), now())
            else {
                return;
            };
            let note = js_sys::Array::of3(
                &JsValue::from_str(what),
                &JsValue::from_f64(start),
                &JsValue::from_f64(end),
            );
            list.push(&note);
        }
    }
}
