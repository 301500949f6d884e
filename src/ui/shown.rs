//! What the window shows, for the browser check (`web/test/store.mjs`): at each view, the
//! screen on show — a battle's log (how many entries, the last one's title) and whether its
//! "Not saved" banner is up, or the number of saved battles the home screen lists — is noted
//! on `window.__adjutantProbe.shown`, only when the page carries that probe
//! (`web/test/probe.js`, which keeps what each painted frame showed). A player's page has
//! none and notes nothing; on the desktop this is nothing at all.

use super::Screen;

/// Notes what `screen` shows, on a page with the probe.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(crate) fn note(_screen: &Screen) {}

#[cfg(target_arch = "wasm32")]
pub(crate) fn note(screen: &Screen) {
    use std::cell::OnceCell;
    use wasm_bindgen::JsValue;

    thread_local! {
        /// The probe, looked up once; `None` on a page without it.
        static PROBE: OnceCell<Option<JsValue>> = const { OnceCell::new() };
    }
    let Some(probe) = PROBE.with(|p| {
        p.get_or_init(|| {
            let window = web_sys::window()?;
            let probe = js_sys::Reflect::get(&window, &"__adjutantProbe".into()).ok()?;
            probe.is_object().then_some(probe)
        })
        .clone()
    }) else {
        return;
    };
    let shown = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&shown, &key.into(), &value);
    };
    match screen {
        Screen::Battle(b) => {
            let log = b.game().log();
            set("screen", "battle".into());
            set("entries", JsValue::from_f64(log.len() as f64));
            set(
                "last",
                log.last()
                    .map_or(JsValue::NULL, |e| e.title.as_str().into()),
            );
            set("unsaved", JsValue::from_bool(b.unsaved()));
        }
        Screen::Home(h) => {
            set("screen", "home".into());
            set("battles", JsValue::from_f64(h.saved_count() as f64));
        }
        Screen::Roster(_) => set("screen", "roster".into()),
        Screen::Editor(_) => set("screen", "editor".into()),
    }
    let _ = js_sys::Reflect::set(&probe, &"shown".into(), &shown);
}
