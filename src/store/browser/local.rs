//! This tab's files in the page ([`files`]): local storage as [`Slots`] (the journal and the
//! locks), IndexedDB as the store of record (`idb.rs`). [`start`] loads them before the window
//! starts; [`refresh`] reads files again before a battle is opened, in case another tab played
//! it since.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::path::PathBuf;

use js_sys::futures::JsFuture;

use super::idb::{self, Idb, refusal};
use super::locks::{FIRST_TAB, tab_of_web_lock, web_lock_name};
use super::{Browser, Refused, Slots, key};

/// `window.localStorage` of the page.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalSlots;

/// This tab's files.
pub type PageFiles = Browser<LocalSlots, Idb>;

thread_local! {
    static FILES: RefCell<Option<PageFiles>> = const { RefCell::new(None) };
    static DB: RefCell<Option<Idb>> = const { RefCell::new(None) };
    /// The window has something not saved (its "Not saved" banner, edits in the builder).
    static WINDOW_UNSAVED: Cell<bool> = const { Cell::new(false) };
}

/// This tab's files (before [`start`] has loaded them: none, and nothing is written).
pub fn files() -> PageFiles {
    FILES.with(|f| {
        f.borrow_mut()
            .get_or_insert_with(|| {
                let files = Browser::new(LocalSlots, Idb::none(), 0);
                files.gone("Adjutant's storage is not open yet");
                files
            })
            .clone()
    })
}

/// Loads this tab's files from IndexedDB (bringing over what today's pages kept in local
/// storage and replaying the journal), and follows the page's events (`page.rs`). Returns
/// why the files cannot be kept, when IndexedDB will not open: the tab then runs with none.
pub async fn start() -> Option<String> {
    let id = FIRST_TAB + (js_sys::Math::random() * 9.0e15) as u64;
    let _ = JsFuture::from(idb::hold_for_life(&web_lock_name(id))).await;
    let live = live_tabs().await;
    let (idb, problem) = match Idb::open().await {
        Ok(idb) => (idb, None),
        Err(why) => (Idb::none(), Some(why.message)),
    };
    let loaded = match idb.load_all().await {
        Ok(loaded) => loaded,
        Err(why) => {
            return Some(format!(
                "Adjutant could not read its storage in this browser: {}",
                why.message
            ));
        }
    };
    let (files, _booted) = Browser::boot(LocalSlots, idb.clone(), id, loaded, live);
    if let Some(problem) = &problem {
        files.gone(&format!(
            "this browser keeps no storage for the page ({problem})"
        ));
    }
    FILES.with(|f| *f.borrow_mut() = Some(files.clone()));
    DB.with(|d| *d.borrow_mut() = Some(idb.clone()));
    super::page::follow(&files, &idb);
    super::keep::look().await;
    problem.map(|p| format!("Battles cannot be saved in this browser: {p}"))
}

/// The tabs alive now (each holds its Web Lock while it lives), and when that was asked;
/// `None` where the browser has no Web Locks.
pub(super) async fn live_tabs() -> Option<(u64, BTreeSet<u64>)> {
    let now = js_sys::Date::now() as u64;
    let names = JsFuture::from(idb::held_locks()).await.ok()?;
    let names: js_sys::Array = wasm_bindgen::JsCast::dyn_into(names).ok()?;
    Some((
        now,
        names
            .iter()
            .filter_map(|n| tab_of_web_lock(&n.as_string()?))
            .collect(),
    ))
}

/// The database, once opened.
pub(super) fn db() -> Option<Idb> {
    DB.with(|d| d.borrow().clone())
}

/// Reads the files at `paths` (and their backups) again from IndexedDB and the journal, so a
/// battle another tab played since this one read it opens as that tab left it.
pub async fn refresh(paths: Vec<PathBuf>) {
    let Some(db) = db() else {
        return;
    };
    let mut keys: Vec<String> = Vec::new();
    for path in &paths {
        keys.push(key(path));
        keys.push(key(&adjutant_core::store::storage::backup_path(path)));
    }
    let values = db.load_some(&keys).await;
    files().refreshed(values);
}

/// Reads again every file IndexedDB holds otherwise than this tab has it (the page came
/// back into view).
pub async fn refresh_all() {
    let Some(db) = db() else {
        return;
    };
    let Some(stored) = db.stamps().await else {
        return;
    };
    let files = files();
    let mine: std::collections::BTreeMap<String, super::Stamp> =
        files.stamps().into_iter().collect();
    let theirs: BTreeSet<&String> = stored.iter().map(|(k, _)| k).collect();
    let mut keys: Vec<String> = stored
        .iter()
        .filter(|(k, stamp)| mine.get(k) != Some(stamp))
        .map(|(k, _)| k.clone())
        .collect();
    keys.extend(mine.keys().filter(|k| !theirs.contains(k)).cloned());
    if keys.is_empty() {
        return;
    }
    let values = db.load_some(&keys).await;
    files.refreshed(values);
}

/// Notes whether the window has something not saved, for the question before the page goes.
pub fn window_unsaved(unsaved: bool) {
    WINDOW_UNSAVED.with(|w| w.set(unsaved));
}

/// Whether the page should ask before it goes: the window has something not saved, or this
/// tab's writes are not all committed.
pub(super) fn unsettled() -> bool {
    WINDOW_UNSAVED.with(|w| w.get()) || files().unsettled()
}

fn storage() -> Result<web_sys::Storage, Refused> {
    let none = || Refused {
        full: false,
        message: "this browser keeps no local storage for the page".into(),
    };
    web_sys::window()
        .ok_or_else(none)?
        .local_storage()
        .map_err(|e| refusal(&e))?
        .ok_or_else(none)
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
