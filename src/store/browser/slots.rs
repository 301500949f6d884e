//! The key-value storage a browser gives a page (`window.localStorage`): text values under
//! text keys, each `set` whole or not at all, refused when the page's quota is used up or
//! the browser keeps no storage (a private window, storage turned off). [`MemorySlots`] is
//! the same in memory, with refusals on demand, for tests.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Why the browser refused to keep or give back a value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The page's storage is full (`QuotaExceededError`), as a disk can be.
    pub full: bool,
    /// The browser's own words.
    pub message: String,
}

/// A page's key-value storage.
pub trait Slots: 'static {
    /// The value under `key`, `None` when there is none.
    fn get(&self, key: &str) -> Result<Option<String>, Refused>;
    /// Keeps `value` under `key`, whole, or refuses and leaves what was there.
    fn set(&self, key: &str, value: &str) -> Result<(), Refused>;
    /// Removes the value under `key`, if any.
    fn remove(&self, key: &str);
    /// Every key there is.
    fn keys(&self) -> Vec<String>;
    /// The time now, in milliseconds since 1970 (the age of another tab's lock).
    fn now_ms(&self) -> u64;
}

/// Slots in memory: clones share the same values, as two tabs of one site share its storage.
#[derive(Debug, Clone, Default)]
pub struct MemorySlots {
    inner: Rc<RefCell<Kept>>,
}

#[derive(Debug, Default)]
struct Kept {
    values: BTreeMap<String, String>,
    /// How many more `set`s are kept before the storage counts as full; `None`: no limit.
    writes_left: Option<usize>,
    /// Every read and write refused, as in a browser with storage turned off.
    disabled: bool,
    now_ms: u64,
}

impl MemorySlots {
    /// Keeps `n` more values, then refuses every `set` as full.
    pub fn refuse_after(&self, n: usize) {
        self.inner.borrow_mut().writes_left = Some(n);
    }

    /// Keeps values again, without limit.
    pub fn free(&self) {
        self.inner.borrow_mut().writes_left = None;
    }

    /// Refuses every read and write, as a browser with its storage turned off does.
    pub fn disable(&self) {
        self.inner.borrow_mut().disabled = true;
    }

    /// Removes every value, as clearing a site's data does.
    pub fn clear(&self) {
        self.inner.borrow_mut().values.clear();
    }

    /// Moves the clock on by `ms`.
    pub fn wait(&self, ms: u64) {
        self.inner.borrow_mut().now_ms += ms;
    }

    fn refused(&self) -> Option<Refused> {
        self.inner.borrow().disabled.then(|| Refused {
            full: false,
            message: "the browser keeps no storage for this page".into(),
        })
    }
}

impl Slots for MemorySlots {
    fn get(&self, key: &str) -> Result<Option<String>, Refused> {
        match self.refused() {
            Some(why) => Err(why),
            None => Ok(self.inner.borrow().values.get(key).cloned()),
        }
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Refused> {
        if let Some(why) = self.refused() {
            return Err(why);
        }
        let mut kept = self.inner.borrow_mut();
        match &mut kept.writes_left {
            Some(0) => {
                return Err(Refused {
                    full: true,
                    message: "QuotaExceededError: the quota has been exceeded".into(),
                });
            }
            Some(n) => *n -= 1,
            None => {}
        }
        kept.values.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) {
        if self.refused().is_none() {
            self.inner.borrow_mut().values.remove(key);
        }
    }

    fn keys(&self) -> Vec<String> {
        match self.refused() {
            Some(_) => Vec::new(),
            None => self.inner.borrow().values.keys().cloned().collect(),
        }
    }

    fn now_ms(&self) -> u64 {
        self.inner.borrow().now_ms
    }
}
