//! Adjutant's files in a web browser: battles, settings and the player's armies, kept in the
//! origin's IndexedDB (all of its quota) with this tab's copy of them in memory, one value per
//! file under its path as key (`adjutant/battles/<name>.ron`). [`Browser`] is the core's
//! [`Storage`] on them, and the few file operations the rest of the store is built from
//! (read, write, list, rename, remove), all synchronous, as on a disk:
//!
//! - **Reads** are served from the tab's copy ([`mirror`]), loaded before the window starts
//!   and kept fresh from what other tabs commit (`page.rs`; [`Browser::refreshed`]).
//! - **A write** is applied to the copy, noted in the journal in local storage (small: what
//!   changed; [`journal`]), so it is kept before its result is shown, and committed to
//!   IndexedDB once the action is done, one transaction per action; the commit takes its
//!   journal record away. A write the journal cannot take (too large, or local storage full)
//!   is not kept until its commit is heard of, and a commit IndexedDB refuses (its quota used
//!   up) leaves its value in doubt: [`Browser::check`] says so, the window shows "Not saved",
//!   and hears when it changes ([`Browser::on_news`]). Each write keeps the value it replaces
//!   as `<name>.bak`.
//! - **At start-up** ([`boot`]) the values are read from IndexedDB, the files today's pages
//!   kept in local storage are brought over (removed from there only once IndexedDB has them),
//!   and the journal's records left by a page that went before its commit are replayed, each
//!   only onto the value it was made from.
//! - **One tab writes a file at a time** ([`locks`]): a lock beside it in local storage,
//!   `.<name>.lock`, names the tab and when it last said so. The tab checks that it still holds
//!   it before each write, and stops writing — and says so — once another tab took the battle
//!   over or the site's data was cleared. A lock whose tab is gone (it holds no Web Lock, or
//!   has not renewed it for [`STALE_MS`]) is taken over; a live one is taken over only when
//!   the player asks ([`Browser::take_over`]).
//! - A [`Stamp`] is the length and a hash of a value, so a value another tab wrote since this
//!   one read it is told apart ([`StoreError::Changed`]).

pub mod boot;
pub mod db;
pub mod journal;
pub mod locks;
pub(crate) mod mirror;
mod slots;

#[cfg(target_arch = "wasm32")]
pub mod idb;
#[cfg(target_arch = "wasm32")]
pub mod keep;
#[cfg(target_arch = "wasm32")]
pub mod local;
#[cfg(target_arch = "wasm32")]
pub mod owner;
#[cfg(target_arch = "wasm32")]
mod page;

use std::cell::RefCell;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

pub use db::{Db, MemoryDb};
pub use locks::TabLock;
pub use slots::{MemorySlots, Refused, Slots};

use super::{Storage, StoreError};
use adjutant_core::store::storage::backup_path;
use mirror::{Doubt, Entry, Kept, Lost, State, Want};

/// How often the tab that holds a lock renews it.
pub const BEAT_MS: u64 = 10_000;

/// A lock not renewed for this long is another tab's that is gone. Longer than a minute: a
/// browser runs the timers of a hidden tab about once a minute.
pub const STALE_MS: u64 = 150_000;

/// Files kept in a browser, as one tab has them. Clones are the same tab.
pub struct Browser<S: Slots, D: Db> {
    tab: Rc<Tab<S, D>>,
}

impl<S: Slots, D: Db> Clone for Browser<S, D> {
    fn clone(&self) -> Self {
        Browser {
            tab: self.tab.clone(),
        }
    }
}

impl<S: Slots, D: Db> std::fmt::Debug for Browser<S, D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser")
            .field("tab", &self.tab.id)
            .finish()
    }
}

/// One tab: its id, local storage (the journal and the locks), the store of record, and what
/// it knows.
struct Tab<S, D> {
    id: u64,
    slots: S,
    db: D,
    state: RefCell<State>,
    hooks: Hooks,
}

/// Whom the tab tells: the window (its news) and the other tabs (what it committed).
#[derive(Default)]
struct Hooks {
    news: Hook<()>,
    committed: Hook<Vec<String>>,
}

/// One hook, set or not.
type Hook<T> = RefCell<Option<Rc<dyn Fn(T)>>>;

impl Hooks {
    fn news(&self) {
        let hook = self.news.borrow().clone();
        if let Some(hook) = hook {
            hook(());
        }
    }

    fn committed(&self, keys: Vec<String>) {
        let hook = self.committed.borrow().clone();
        if let Some(hook) = hook {
            hook(keys);
        }
    }
}

/// What a value is now: its length and a hash of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: usize,
    hash: u64,
}

impl Stamp {
    /// The stamp of a text.
    pub fn of_text(text: &str) -> Stamp {
        // FNV-1a, 64 bits.
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Stamp {
            len: text.len(),
            hash,
        }
    }

    /// The length and hash, as IndexedDB keeps them beside the value.
    pub fn parts(&self) -> (usize, u64) {
        (self.len, self.hash)
    }

    /// A stamp from its length and hash.
    pub fn from_parts(len: usize, hash: u64) -> Stamp {
        Stamp { len, hash }
    }

    /// Which file this is apart from its contents: a browser's storage has no such thing.
    pub fn file_id(&self) -> Option<(u64, u64)> {
        None
    }
}

/// The key of a file: its path, with `/` between the parts.
pub fn key(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// A refusal as the store reports a system's: an I/O error, `StorageFull` when full.
fn refused(action: &'static str, path: &Path, why: Refused) -> StoreError {
    let (kind, message) = match why.full {
        true => (
            io::ErrorKind::StorageFull,
            format!(
                "the browser's storage for this page is full ({})",
                why.message
            ),
        ),
        false => (
            io::ErrorKind::PermissionDenied,
            format!("the browser refused to keep it ({})", why.message),
        ),
    };
    StoreError::Io {
        action,
        path: path.to_path_buf(),
        kind,
        message,
    }
}

/// A write this tab does not make, and why, as the store reports it.
fn not_written(path: &Path, kind: io::ErrorKind, message: impl Into<String>) -> StoreError {
    StoreError::Io {
        action: "write",
        path: path.to_path_buf(),
        kind,
        message: message.into(),
    }
}

impl<S: Slots, D: Db> Browser<S, D> {
    /// Tab `id`'s files, with an empty copy (a store with nothing in it yet; [`boot`] loads
    /// one).
    pub fn new(slots: S, db: D, id: u64) -> Browser<S, D> {
        Browser {
            tab: Rc::new(Tab {
                id,
                slots,
                db,
                state: RefCell::new(State::default()),
                hooks: Hooks::default(),
            }),
        }
    }

    /// This tab, as its locks and journal records name it.
    pub fn id(&self) -> u64 {
        self.tab.id
    }

    /// Calls `hook` whenever what [`Browser::check`] says may have changed, or other tabs
    /// changed the files.
    pub fn on_news(&self, hook: impl Fn() + 'static) {
        *self.tab.hooks.news.borrow_mut() = Some(Rc::new(move |()| hook()));
    }

    /// Calls `hook` with the keys of each transaction this tab committed.
    pub fn on_commit(&self, hook: impl Fn(Vec<String>) + 'static) {
        *self.tab.hooks.committed.borrow_mut() = Some(Rc::new(hook));
    }

    /// The file at `path`, whole; a missing one is an error of kind `NotFound`.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>, StoreError> {
        let st = self.tab.state.borrow();
        match st.files.get(&key(path)) {
            Some(entry) => Ok(entry.text.as_bytes().to_vec()),
            None => Err(StoreError::io(
                "read",
                path,
                &io::Error::from(io::ErrorKind::NotFound),
            )),
        }
    }

    /// Replaces the file at `path` with `bytes` (text: every file of Adjutant's is), keeping
    /// the one it replaces as `<name>.bak`. Refused, nothing changed, when this tab may not
    /// write it (another tab holds it, or took it over; the store is gone).
    pub fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Err(not_written(
                path,
                io::ErrorKind::InvalidData,
                "it is not text, and the browser keeps only text",
            ));
        };
        let item = key(path);
        self.may_write(path, &item)?;
        let now = self.tab.slots.now_ms();
        let before = self.tab.state.borrow().files.get(&item).cloned();
        if let Some(before) = &before
            && &*before.text == text
        {
            // Nothing new; a value whose commit failed is committed again (Retry).
            let mut st = self.tab.state.borrow_mut();
            if st.doubt.contains_key(&item)
                && !st.wanted.contains_key(&item)
                && !st.in_flight(&item)
            {
                st.want(&item, Want::Value);
                drop(st);
                self.flush_soon();
            }
            return Ok(());
        }
        let bak = key(&backup_path(path));
        let seq = self.tab.state.borrow().seq + 1;
        let record = journal::write(
            (self.tab.id, seq, now),
            &item,
            &bak,
            before.as_ref().map(|b| (&*b.text, b.meta.stamp)),
            text,
        );
        let journaled = self.journal(&record);
        let mut st = self.tab.state.borrow_mut();
        st.seq = seq;
        let mut keys = vec![item.clone()];
        if let Some(before) = before {
            let mut copy = before;
            copy.meta.modified = now;
            st.files.insert(bak.clone(), copy);
            st.want(&bak, Want::Value);
            keys.push(bak);
        }
        st.files.insert(item.clone(), Entry::new(text.into(), now));
        st.want(&item, Want::Value);
        if journaled {
            st.records.push(Kept::record(self.tab.id, seq, keys));
        } else {
            st.doubt.insert(item, (seq, Doubt::Unjournaled));
        }
        drop(st);
        self.flush_soon();
        Ok(())
    }

    /// Moves the file at `from` to `to` (over what is there).
    pub fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError> {
        let (from_key, to_key) = (key(from), key(to));
        self.may_write(from, &from_key)?;
        self.may_write(to, &to_key)?;
        let Some(entry) = self.tab.state.borrow().files.get(&from_key).cloned() else {
            return Err(StoreError::io(
                "read",
                from,
                &io::Error::from(io::ErrorKind::NotFound),
            ));
        };
        let now = self.tab.slots.now_ms();
        let seq = self.tab.state.borrow().seq + 1;
        let record = journal::Record {
            tab: self.tab.id,
            seq,
            at: now,
            ops: vec![
                journal::Op::Copy {
                    from: from_key.clone(),
                    to: to_key.clone(),
                    of: entry.meta.stamp,
                },
                journal::Op::Remove {
                    key: from_key.clone(),
                    base: entry.meta.stamp,
                },
            ],
        };
        let journaled = self.journal(&record);
        let mut st = self.tab.state.borrow_mut();
        st.seq = seq;
        let mut moved = entry;
        moved.meta.modified = now;
        st.files.insert(to_key.clone(), moved);
        st.files.remove(&from_key);
        st.want(&to_key, Want::Value);
        st.want(&from_key, Want::Value);
        if journaled {
            st.records
                .push(Kept::record(self.tab.id, seq, vec![to_key, from_key]));
        } else {
            st.doubt.insert(to_key, (seq, Doubt::Unjournaled));
        }
        drop(st);
        self.flush_soon();
        Ok(())
    }

    /// Removes the file at `path`, if there is one: noted in the journal and committed as a
    /// write is. Refused, nothing changed, when this tab may not write it.
    pub fn remove(&self, path: &Path) -> Result<(), StoreError> {
        let item = key(path);
        self.may_write(path, &item)?;
        let Some(entry) = self.tab.state.borrow().files.get(&item).cloned() else {
            return Ok(());
        };
        let now = self.tab.slots.now_ms();
        let seq = self.tab.state.borrow().seq + 1;
        let record = journal::Record {
            tab: self.tab.id,
            seq,
            at: now,
            ops: vec![journal::Op::Remove {
                key: item.clone(),
                base: entry.meta.stamp,
            }],
        };
        let journaled = self.journal(&record);
        let mut st = self.tab.state.borrow_mut();
        st.seq = seq;
        st.files.remove(&item);
        st.want(&item, Want::Value);
        if journaled {
            st.records.push(Kept::record(self.tab.id, seq, vec![item]));
        } else {
            st.doubt.insert(item, (seq, Doubt::Unjournaled));
        }
        drop(st);
        self.flush_soon();
        Ok(())
    }

    /// The paths of the files directly in `dir`, sorted.
    pub fn list(&self, dir: &Path) -> Vec<PathBuf> {
        let prefix = format!("{}/", key(dir).trim_end_matches('/'));
        let st = self.tab.state.borrow();
        st.files
            .range(prefix.clone()..)
            .map(|(k, _)| k)
            .take_while(|k| k.starts_with(&prefix))
            .filter(|k| !k[prefix.len()..].is_empty() && !k[prefix.len()..].contains('/'))
            .map(PathBuf::from)
            .collect()
    }

    /// What the file at `path` is now, `None` when there is none.
    pub fn stamp(&self, path: &Path) -> Option<Stamp> {
        let st = self.tab.state.borrow();
        st.files.get(&key(path)).map(|e| e.meta.stamp)
    }

    /// The stamp of every file this tab has.
    pub fn stamps(&self) -> Vec<(String, Stamp)> {
        let st = self.tab.state.borrow();
        st.files
            .iter()
            .map(|(k, e)| (k.clone(), e.meta.stamp))
            .collect()
    }

    /// When the file at `path` was last written, in milliseconds since 1970 (`None` when
    /// there is none, or the time is not known).
    pub fn modified(&self, path: &Path) -> Option<u64> {
        let st = self.tab.state.borrow();
        st.files
            .get(&key(path))
            .map(|e| e.meta.modified)
            .filter(|m| *m > 0)
    }

    /// The note kept about the file at `path` as it is now (a battle's summary), if any.
    pub fn note(&self, path: &Path) -> Option<String> {
        let st = self.tab.state.borrow();
        st.files.get(&key(path))?.meta.note.clone()
    }

    /// Keeps `note` about the file at `path` as it is now; a write of the file drops it.
    pub fn set_note(&self, path: &Path, note: String) {
        let item = key(path);
        let mut st = self.tab.state.borrow_mut();
        if st.gone.is_some() {
            return;
        }
        let Some(entry) = st.files.get_mut(&item) else {
            return;
        };
        if entry.meta.note.as_deref() == Some(note.as_str()) {
            return;
        }
        entry.meta.note = Some(note);
        st.want(&item, Want::Meta);
        drop(st);
        self.flush_soon();
    }

    /// Whether the file at `path` is kept as this tab last wrote it: `Err` says why not — a
    /// write not yet confirmed or refused by the browser, a battle another tab took over, the
    /// store gone.
    pub fn check(&self, path: &Path) -> Result<(), StoreError> {
        let item = key(path);
        let st = self.tab.state.borrow();
        if let Some(why) = &st.gone {
            return Err(not_written(path, io::ErrorKind::NotFound, why.clone()));
        }
        if let Some(lost) = st.lost.get(&item) {
            return Err(lost_error(path, *lost));
        }
        if st.unverified.contains(&item) {
            return Err(not_written(
                path,
                io::ErrorKind::WouldBlock,
                "this tab is checking that no other tab played it while the page was away",
            ));
        }
        match st.doubt.get(&item) {
            None => Ok(()),
            Some((_, Doubt::Unjournaled)) => Err(not_written(
                path,
                io::ErrorKind::WouldBlock,
                "the browser has not yet confirmed that it keeps it (it is too large to note \
                 in local storage first)",
            )),
            Some((_, Doubt::Refused(why))) => Err(refused("write", path, why.clone())),
        }
    }

    /// Refuses a write of `path` this tab may not make: the store is gone, the file's lock
    /// was lost or is held by another tab, or it is being checked.
    fn may_write(&self, path: &Path, item: &str) -> Result<(), StoreError> {
        if let Some(why) = &self.tab.state.borrow().gone {
            return Err(not_written(path, io::ErrorKind::NotFound, why.clone()));
        }
        self.still_held(path, item)?;
        if self.tab.state.borrow().unverified.contains(item) {
            return self.check(path);
        }
        Ok(())
    }

    /// The store is gone (the site's data was cleared, the database closed under the page):
    /// nothing more is written, and `why` says so.
    pub fn gone(&self, why: &str) {
        self.tab.state.borrow_mut().gone = Some(format!(
            "{why}, so this tab saves nothing more; save a copy of what you want to keep"
        ));
        self.tab.hooks.news();
    }
}

/// Why this tab no longer writes a file it held, as the store reports it.
fn lost_error(path: &Path, lost: Lost) -> StoreError {
    let why = match lost {
        Lost::TakenOver => {
            "another tab of Adjutant in this browser took this battle over, so this tab no \
             longer saves it"
        }
        Lost::Vanished => {
            "this tab no longer holds the battle (the browser's data for the site was cleared), \
             so it no longer saves it"
        }
        Lost::PlayedElsewhere => {
            "another tab of Adjutant played this battle while this page was away, so this tab \
             no longer saves it"
        }
    };
    not_written(path, io::ErrorKind::PermissionDenied, why)
}

impl<S: Slots, D: Db> Storage for Browser<S, D> {
    type Stamp = Stamp;
    type Lock = TabLock<S, D>;

    fn list(&self, dir: &Path) -> Vec<PathBuf> {
        Browser::list(self, dir)
    }

    fn read(&self, key: &Path) -> Result<Vec<u8>, StoreError> {
        Browser::read(self, key)
    }

    fn stamp(&self, key: &Path) -> Option<Stamp> {
        Browser::stamp(self, key)
    }

    fn write_atomically(&mut self, key: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        self.write(key, bytes)
    }

    fn lock(&self, key: &Path) -> Result<Option<TabLock<S, D>>, StoreError> {
        self.try_lock(key)
    }

    fn rename(&self, from: &Path, to: &Path) -> Result<(), StoreError> {
        if self.stamp(to).is_some() {
            return Err(adjutant_core::store::storage::taken_error(to));
        }
        Browser::rename(self, from, to)
    }

    fn remove(&self, key: &Path) -> Result<(), StoreError> {
        Browser::remove(self, key)
    }
}

#[cfg(test)]
mod tests;
