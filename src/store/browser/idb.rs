//! IndexedDB as the store of record ([`Idb`], a [`Db`]), through `idb.js`: the database
//! opened and read whole before the window starts, one transaction per flush written to disk
//! before it counts as committed, files read again key by key when another tab committed
//! them; and the other asynchronous pieces of the page the store uses (Web Locks, the tabs'
//! channel, the page's events, the storage the browser grants), declared here once.

use std::rc::Rc;

use js_sys::futures::{JsFuture, spawn_local};
use wasm_bindgen::prelude::*;

use super::db::{Change, Db, Done, Meta, Stored};
use super::{Refused, Stamp};

#[wasm_bindgen(module = "/src/store/browser/idb.js")]
extern "C" {
    #[wasm_bindgen(js_name = openDb)]
    fn open_db() -> js_sys::Promise;
    #[wasm_bindgen(js_name = watchDb)]
    fn watch_db(db: &JsValue, gone: &Closure<dyn FnMut(String)>);
    #[wasm_bindgen(js_name = loadAll)]
    fn load_all(db: &JsValue) -> js_sys::Promise;
    #[wasm_bindgen(js_name = loadSome)]
    fn load_some(db: &JsValue, keys: js_sys::Array) -> js_sys::Promise;
    #[wasm_bindgen(js_name = loadMeta)]
    fn load_meta(db: &JsValue) -> js_sys::Promise;
    #[wasm_bindgen(js_name = commit)]
    fn commit_changes(db: &JsValue, changes: js_sys::Array) -> js_sys::Promise;
    #[wasm_bindgen(js_name = holdForLife)]
    pub(super) fn hold_for_life(name: &str) -> js_sys::Promise;
    #[wasm_bindgen(js_name = heldLocks)]
    pub(super) fn held_locks() -> js_sys::Promise;
    #[wasm_bindgen(js_name = openChannel)]
    pub(super) fn open_channel(heard: &Closure<dyn FnMut(JsValue)>) -> JsValue;
    pub(super) fn post(channel: &JsValue, message: &JsValue);
    pub(super) fn listen(
        ms: f64,
        beat: &Closure<dyn FnMut()>,
        hide: &Closure<dyn FnMut(bool)>,
        show: &Closure<dyn FnMut(bool)>,
        visible: &Closure<dyn FnMut()>,
        lock: &Closure<dyn FnMut(Option<String>)>,
        unsaved: &Closure<dyn FnMut() -> bool>,
    );
    #[wasm_bindgen(js_name = storageState)]
    pub(super) fn storage_state() -> js_sys::Promise;
    #[wasm_bindgen(js_name = askToKeep)]
    pub(super) fn ask_to_keep() -> js_sys::Promise;
    #[wasm_bindgen(js_name = iosTab)]
    pub(super) fn ios_tab() -> bool;
}

/// The page's IndexedDB; `None` when it could not be opened (every commit is then refused).
#[derive(Clone)]
pub struct Idb {
    db: Option<JsValue>,
}

impl Idb {
    /// A store of record that refuses every commit.
    pub fn none() -> Idb {
        Idb { db: None }
    }

    /// Opens the database.
    pub async fn open() -> Result<Idb, Refused> {
        let db = JsFuture::from(open_db()).await.map_err(|e| refusal(&e))?;
        Ok(Idb { db: Some(db) })
    }

    /// Calls `gone` (once) when the database is closed under the page.
    pub fn watch(&self, gone: impl FnMut(String) + 'static) {
        if let Some(db) = &self.db {
            let closure = Closure::<dyn FnMut(String)>::new(gone);
            watch_db(db, &closure);
            closure.forget();
        }
    }

    /// Every file the database holds.
    pub async fn load_all(&self) -> Result<Vec<(String, Stored)>, Refused> {
        let Some(db) = &self.db else {
            return Ok(Vec::new());
        };
        let rows = JsFuture::from(load_all(db))
            .await
            .map_err(|e| refusal(&e))?;
        Ok(stored_rows(&rows)
            .into_iter()
            .filter_map(|(k, v)| Some((k, v?)))
            .collect())
    }

    /// The files of `keys` as the database holds them (`None`: it holds none).
    pub async fn load_some(&self, keys: &[String]) -> Vec<(String, Option<Stored>)> {
        let Some(db) = &self.db else {
            return Vec::new();
        };
        let array: js_sys::Array = keys.iter().map(|k| JsValue::from_str(k)).collect();
        match JsFuture::from(load_some(db, array)).await {
            Ok(rows) => stored_rows(&rows),
            Err(_) => Vec::new(),
        }
    }

    /// The stamp of every file the database holds.
    pub async fn stamps(&self) -> Option<Vec<(String, Stamp)>> {
        let db = self.db.as_ref()?;
        let rows = JsFuture::from(load_meta(db)).await.ok()?;
        let rows: js_sys::Array = rows.dyn_into().ok()?;
        Some(
            rows.iter()
                .filter_map(|row| {
                    let row: js_sys::Array = row.dyn_into().ok()?;
                    Some((row.get(0).as_string()?, meta_of(&row.get(1))?.stamp))
                })
                .collect(),
        )
    }
}

/// Rows `[key, text, meta]` read back: a file with no text is none; one with no meta (or a
/// meta that does not read) has its stamp made from its text.
fn stored_rows(rows: &JsValue) -> Vec<(String, Option<Stored>)> {
    let Ok(rows) = rows.clone().dyn_into::<js_sys::Array>() else {
        return Vec::new();
    };
    rows.iter()
        .filter_map(|row| {
            let row: js_sys::Array = row.dyn_into().ok()?;
            let key = row.get(0).as_string()?;
            let Some(text) = row.get(1).as_string() else {
                return Some((key, None));
            };
            let meta = meta_of(&row.get(2)).unwrap_or(Meta {
                stamp: Stamp::of_text(&text),
                modified: 0,
                note: None,
            });
            Some((
                key,
                Some(Stored {
                    text: Rc::from(text),
                    meta,
                }),
            ))
        })
        .collect()
}

/// `{len, hash, modified, note}` as [`Meta`].
fn meta_of(value: &JsValue) -> Option<Meta> {
    if !value.is_object() {
        return None;
    }
    let get = |name: &str| js_sys::Reflect::get(value, &name.into()).ok();
    let len = get("len")?.as_f64()? as usize;
    let hash = u64::from_str_radix(&get("hash")?.as_string()?, 16).ok()?;
    Some(Meta {
        stamp: Stamp::from_parts(len, hash),
        modified: get("modified").and_then(|m| m.as_f64()).unwrap_or(0.0) as u64,
        note: get("note").and_then(|n| n.as_string()),
    })
}

fn meta_value(meta: &Meta) -> JsValue {
    let object = js_sys::Object::new();
    let (len, hash) = meta.stamp.parts();
    let set = |name: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&object, &name.into(), &value);
    };
    set("len", JsValue::from_f64(len as f64));
    set("hash", JsValue::from_str(&format!("{hash:016x}")));
    set("modified", JsValue::from_f64(meta.modified as f64));
    set(
        "note",
        meta.note
            .as_deref()
            .map_or(JsValue::NULL, JsValue::from_str),
    );
    object.into()
}

/// The browser's error in its own words; a `QuotaExceededError` says the storage is full.
pub(super) fn refusal(error: &JsValue) -> Refused {
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

impl Db for Idb {
    fn commit(&self, changes: Vec<Change>, done: Done) {
        let Some(db) = self.db.clone() else {
            spawn_local(async move {
                done(Err(Refused {
                    full: false,
                    message: "this browser keeps no IndexedDB for the page".into(),
                }))
            });
            return;
        };
        let array = js_sys::Array::new();
        for change in &changes {
            let row = match change {
                Change::Put(key, stored) => js_sys::Array::of4(
                    &JsValue::from_f64(0.0),
                    &JsValue::from_str(key),
                    &JsValue::from_str(&stored.text),
                    &meta_value(&stored.meta),
                ),
                Change::Meta(key, meta) => js_sys::Array::of4(
                    &JsValue::from_f64(1.0),
                    &JsValue::from_str(key),
                    &JsValue::NULL,
                    &meta_value(meta),
                ),
                Change::Delete(key) => {
                    js_sys::Array::of2(&JsValue::from_f64(2.0), &JsValue::from_str(key))
                }
            };
            array.push(&row);
        }
        let promise = commit_changes(&db, array);
        spawn_local(async move {
            let result = JsFuture::from(promise).await;
            done(result.map(|_| ()).map_err(|e| refusal(&e)));
        });
    }

    fn soon(&self, task: Box<dyn FnOnce()>) {
        spawn_local(async move { task() });
    }
}
