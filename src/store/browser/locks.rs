//! One tab writes a file at a time. The lock of a file is a value beside it in local storage,
//! `.<name>.lock` (its key as today's pages wrote it, so they respect it too), holding the tab
//! and when it last said so (`<tab> <ms>`). The tab that holds it renews it every [`super::BEAT_MS`]
//! ([`Browser::beat`]) and checks before each write that it still names it: once another tab
//! took the file over ([`Browser::take_over`], the player's choice) or the site's data was
//! cleared, it stops writing and says why ([`Browser::check`]).
//!
//! A lock whose tab is gone is taken over without asking. Each tab holds a Web Lock for its
//! whole life, which the browser gives back when the tab dies, so a lock naming a tab that
//! holds none ([`Browser::set_live`]) belongs to a closed or crashed tab. Tabs of today's
//! pages, which hold none, have their lock taken over once it has not been renewed for
//! [`STALE_MS`].
//!
//! A page put away in the back/forward cache gives its locks back ([`Browser::release_all`])
//! and takes them again when it comes back ([`Browser::come_back`]), writing nothing until it
//! has checked that no other tab played its battles meanwhile ([`Browser::verified`]).

use std::path::Path;

use super::db::Db;
use super::mirror::{Live, Lost};
use super::{Browser, STALE_MS, Slots, Stamp, StoreError, key, lost_error};

/// Tab ids from here on are this store's (each holds a Web Lock while it lives); today's
/// pages drew theirs below it.
pub const FIRST_TAB: u64 = 10_000_000_000_000_000;

/// The Web Lock a tab holds while it lives.
pub fn web_lock_name(tab: u64) -> String {
    format!("adjutant-tab-{tab}")
}

/// The tab a Web Lock's name says is alive.
pub fn tab_of_web_lock(name: &str) -> Option<u64> {
    name.strip_prefix("adjutant-tab-")?.parse().ok()
}

/// This tab's hold on one file, given back when dropped.
pub struct TabLock<S: Slots, D: Db> {
    browser: Browser<S, D>,
    lock: String,
}

impl<S: Slots, D: Db> std::fmt::Debug for TabLock<S, D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TabLock").field("lock", &self.lock).finish()
    }
}

impl<S: Slots, D: Db> Drop for TabLock<S, D> {
    fn drop(&mut self) {
        let tab = &self.browser.tab;
        if holder(&tab.slots, &self.lock).is_some_and(|h| h.tab == tab.id) {
            tab.slots.remove(&self.lock);
        }
        let mut st = tab.state.borrow_mut();
        st.held.remove(&self.lock);
        st.parked.remove(&self.lock);
    }
}

/// The key of a file's lock: `.<name>.lock` beside it, as on a disk.
pub fn lock_key(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    key(&path.with_file_name(format!(".{name}.lock")))
}

/// Whether a key is a lock's.
pub fn is_lock_key(key: &str) -> bool {
    let name = key.rsplit('/').next().unwrap_or(key);
    name.starts_with('.') && name.ends_with(".lock")
}

/// Who holds a lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Holder {
    tab: u64,
    /// When it last said so.
    at: u64,
}

/// The tab that holds a lock and when it last said so.
fn holder(slots: &impl Slots, lock: &str) -> Option<Holder> {
    let value = slots.get(lock).ok()??;
    let (tab, at) = value.split_once(' ')?;
    Some(Holder {
        tab: tab.parse().ok()?,
        at: at.trim().parse().ok()?,
    })
}

impl<S: Slots, D: Db> Browser<S, D> {
    /// Whether the tab holding a lock is alive: one of this store's tabs by whether it holds
    /// its Web Lock (when the tabs alive were last asked after it last renewed the lock),
    /// otherwise by whether it renewed the lock within [`STALE_MS`].
    fn alive(&self, h: Holder, now: u64) -> bool {
        let st = self.tab.state.borrow();
        if h.tab >= FIRST_TAB
            && let Some(live) = &st.live
            && live.at >= h.at
        {
            return live.tabs.contains(&h.tab);
        }
        now.saturating_sub(h.at) < STALE_MS
    }

    /// Takes the lock of `path` for this tab without waiting: `Ok(None)` when the browser
    /// keeps no value for it (the save goes on and reports its own refusal);
    /// [`StoreError::Busy`] when a live tab holds it.
    pub fn try_lock(&self, path: &Path) -> Result<Option<TabLock<S, D>>, StoreError> {
        let lock = lock_key(path);
        let slots = &self.tab.slots;
        let now = slots.now_ms();
        if let Some(h) = holder(slots, &lock)
            && h.tab != self.tab.id
            && self.alive(h, now)
        {
            return Err(StoreError::Busy {
                path: path.to_path_buf(),
                pid: None,
            });
        }
        if slots.set(&lock, &format!("{} {now}", self.tab.id)).is_err() {
            return Ok(None);
        }
        let mut st = self.tab.state.borrow_mut();
        st.held.insert(lock.clone(), key(path));
        st.lost.remove(&key(path));
        Ok(Some(TabLock {
            browser: self.clone(),
            lock,
        }))
    }

    /// Whether another live tab holds the lock of `path`.
    pub fn held_elsewhere(&self, path: &Path) -> bool {
        let now = self.tab.slots.now_ms();
        holder(&self.tab.slots, &lock_key(path))
            .is_some_and(|h| h.tab != self.tab.id && self.alive(h, now))
    }

    /// Takes the lock of `path` from the tab that holds it, at the player's word (that tab
    /// stops writing it and says why); this tab then opens it as usual.
    pub fn take_over(&self, path: &Path) -> Result<(), StoreError> {
        let now = self.tab.slots.now_ms();
        self.tab
            .slots
            .set(&lock_key(path), &format!("{} {now}", self.tab.id))
            .map_err(|why| super::refused("take over", path, why))?;
        self.tab.state.borrow_mut().lost.remove(&key(path));
        Ok(())
    }

    /// Checks, before a write, that this tab may write `path`: if it holds the lock, that the
    /// lock still names it (a lock lost is noted and the window told); if not, that no live
    /// tab holds it.
    pub(super) fn still_held(&self, path: &Path, item: &str) -> Result<(), StoreError> {
        if let Some(lost) = self.tab.state.borrow().lost.get(item) {
            return Err(lost_error(path, *lost));
        }
        let lock = lock_key(path);
        let held = self.tab.state.borrow().held.contains_key(&lock);
        if !held {
            if self.held_elsewhere(path) {
                return Err(StoreError::Busy {
                    path: path.to_path_buf(),
                    pid: None,
                });
            }
            return Ok(());
        }
        match self.tab.slots.get(&lock) {
            // Local storage cannot be read: the lock cannot be checked, the write goes on.
            Err(_) => Ok(()),
            Ok(_) => match holder(&self.tab.slots, &lock) {
                Some(h) if h.tab == self.tab.id => Ok(()),
                Some(_) => Err(self.lose(&lock, Lost::TakenOver, path)),
                None => Err(self.lose(&lock, Lost::Vanished, path)),
            },
        }
    }

    /// Notes that this tab lost the lock `lock`, tells the window, and says why.
    fn lose(&self, lock: &str, why: Lost, path: &Path) -> StoreError {
        {
            let mut st = self.tab.state.borrow_mut();
            if let Some(item) = st.held.remove(lock) {
                st.lost.insert(item, why);
            }
        }
        self.tab.hooks.news();
        lost_error(path, why)
    }

    /// Renews every lock this tab holds, and notes those it lost (taken over, or gone with
    /// the site's data).
    pub fn beat(&self) {
        let now = self.tab.slots.now_ms();
        let held: Vec<(String, String)> = self
            .tab
            .state
            .borrow()
            .held
            .iter()
            .map(|(l, k)| (l.clone(), k.clone()))
            .collect();
        for (lock, item) in held {
            match holder(&self.tab.slots, &lock) {
                Some(h) if h.tab == self.tab.id => {
                    let _ = self.tab.slots.set(&lock, &format!("{} {now}", self.tab.id));
                }
                Some(_) => {
                    self.lose(&lock, Lost::TakenOver, Path::new(&item));
                }
                None if self.tab.slots.get(&lock).is_ok() => {
                    self.lose(&lock, Lost::Vanished, Path::new(&item));
                }
                None => {}
            }
        }
    }

    /// Hears that the lock `lock` changed in local storage (another tab wrote it): if this
    /// tab held it and it names another tab now, the file was taken over.
    pub fn heard_lock(&self, lock: &str) {
        let held = self.tab.state.borrow().held.get(lock).cloned();
        let Some(item) = held else {
            return;
        };
        match holder(&self.tab.slots, lock) {
            Some(h) if h.tab == self.tab.id => {}
            Some(_) => {
                self.lose(lock, Lost::TakenOver, Path::new(&item));
            }
            None => {
                self.lose(lock, Lost::Vanished, Path::new(&item));
            }
        }
    }

    /// Gives back every lock this tab holds (the page is closed or put away); `away`: the
    /// page is kept in the back/forward cache, and takes them again when it comes back.
    pub fn release_all(&self, away: bool) {
        let mut st = self.tab.state.borrow_mut();
        for lock in st.held.keys() {
            if holder(&self.tab.slots, lock).is_some_and(|h| h.tab == self.tab.id) {
                self.tab.slots.remove(lock);
            }
        }
        if away {
            let held = std::mem::take(&mut st.held);
            st.parked.extend(held);
        }
    }

    /// The page came back from the back/forward cache: takes its locks again where no other
    /// tab took them (a file another tab holds now is lost) and returns the files to check
    /// against the store of record before this tab writes them again ([`Browser::verified`]).
    pub fn come_back(&self) -> Vec<String> {
        let now = self.tab.slots.now_ms();
        let parked = std::mem::take(&mut self.tab.state.borrow_mut().parked);
        let mut check = Vec::new();
        for (lock, item) in parked {
            let free = holder(&self.tab.slots, &lock).is_none_or(|h| h.tab == self.tab.id);
            let mut st = self.tab.state.borrow_mut();
            if free
                && self
                    .tab
                    .slots
                    .set(&lock, &format!("{} {now}", self.tab.id))
                    .is_ok()
            {
                st.held.insert(lock, item.clone());
                st.unverified.insert(item.clone());
                check.push(item);
            } else {
                st.lost.insert(item, Lost::TakenOver);
            }
        }
        self.tab.hooks.news();
        check
    }

    /// Hears what the store of record holds at `item` (its stamp) after the page came back:
    /// if it is not what this tab last had, or another tab's journal has a write of it,
    /// another tab played it meanwhile and this tab gives it up.
    pub fn verified(&self, item: &str, stored: Option<Stamp>) {
        let others = self.others_wrote(item);
        let mut st = self.tab.state.borrow_mut();
        if !st.unverified.remove(item) {
            return;
        }
        let mine = st.files.get(item).map(|e| e.meta.stamp);
        if !st.dirty(item) && (mine != stored || others) {
            st.lost.insert(item.to_string(), Lost::PlayedElsewhere);
            let lock = st
                .held
                .iter()
                .find(|(_, k)| k.as_str() == item)
                .map(|(l, _)| l.clone());
            if let Some(lock) = lock {
                st.held.remove(&lock);
                if holder(&self.tab.slots, &lock).is_some_and(|h| h.tab == self.tab.id) {
                    self.tab.slots.remove(&lock);
                }
            }
        }
        drop(st);
        self.tab.hooks.news();
    }

    /// Notes which tabs are alive (those holding their Web Lock), as asked at `at`.
    pub fn set_live(&self, at: u64, tabs: impl IntoIterator<Item = u64>) {
        self.tab.state.borrow_mut().live = Some(Live {
            at,
            tabs: tabs.into_iter().collect(),
        });
    }

    /// Whether the journal holds a write of `item` by another tab.
    fn others_wrote(&self, item: &str) -> bool {
        super::boot::journal_records(&self.tab.slots)
            .iter()
            .any(|r| r.tab != self.tab.id && r.keys().contains(&item))
    }
}
