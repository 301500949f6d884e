//! The store of record behind a tab's copy in memory: IndexedDB in a browser (`idb.rs`), all
//! of the origin's quota, asynchronous. A [`Db`] takes one transaction at a time — values put
//! or deleted, all or none — and says later whether it committed; it can be read back whole
//! at start-up and key by key when another tab changed a value. [`MemoryDb`] is the same in
//! memory, its transactions completed or refused when a test says, and lost in a crash.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;

use super::{Refused, Stamp};

/// A value as the store of record keeps it: its text and what is known about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    pub text: Rc<str>,
    pub meta: Meta,
}

/// What is kept beside a value: when it was written and a note about it (a battle's summary
/// for the home screen), valid while the value's stamp is `stamp`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    pub stamp: Stamp,
    /// Milliseconds since 1970; 0 when not known (a value brought over from local storage).
    pub modified: u64,
    pub note: Option<String>,
}

/// One change of a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The value at the key becomes this.
    Put(String, Stored),
    /// Only what is kept beside the value changes.
    Meta(String, Meta),
    /// The value at the key is removed.
    Delete(String),
}

impl Change {
    pub fn key(&self) -> &str {
        match self {
            Change::Put(k, _) | Change::Meta(k, _) | Change::Delete(k) => k,
        }
    }
}

/// What hears whether a transaction committed.
pub type Done = Box<dyn FnOnce(Result<(), Refused>)>;

/// The store of record.
pub trait Db: 'static {
    /// Starts one transaction of `changes`, all or nothing; `done` hears later (never before
    /// this returns) whether it committed.
    fn commit(&self, changes: Vec<Change>, done: Done);
    /// Runs `task` soon: after the work under way, before anything else the page does (a
    /// microtask), so the writes of one action go in one transaction.
    fn soon(&self, task: Box<dyn FnOnce()>);
}

/// A store of record in memory, for tests: clones share it, as the tabs of a site share its
/// IndexedDB. Transactions wait until [`MemoryDb::settle`] or [`MemoryDb::step`].
#[derive(Clone, Default)]
pub struct MemoryDb {
    inner: Rc<RefCell<Inner>>,
}

#[derive(Default)]
struct Inner {
    values: BTreeMap<String, Stored>,
    waiting: VecDeque<(Vec<Change>, Done)>,
    soon: VecDeque<Box<dyn FnOnce()>>,
    /// Transactions refused from now on, as by a full quota.
    refusing: Option<Refused>,
    commits: usize,
}

impl std::fmt::Debug for MemoryDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = self.inner.borrow();
        f.debug_struct("MemoryDb")
            .field("values", &inner.values.len())
            .field("waiting", &inner.waiting.len())
            .finish()
    }
}

impl MemoryDb {
    /// Every value committed, as the next start reads them.
    pub fn load(&self) -> Vec<(String, Stored)> {
        let inner = self.inner.borrow();
        inner
            .values
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// The committed text at `key`.
    pub fn text(&self, key: &str) -> Option<String> {
        self.inner
            .borrow()
            .values
            .get(key)
            .map(|s| s.text.to_string())
    }

    /// The committed value at `key`, with its meta.
    pub fn stored(&self, key: &str) -> Option<Stored> {
        self.inner.borrow().values.get(key).cloned()
    }

    /// Puts a value as another program would: committed at once.
    pub fn put(&self, key: &str, text: &str) {
        self.inner.borrow_mut().values.insert(
            key.to_string(),
            Stored {
                text: text.into(),
                meta: Meta {
                    stamp: Stamp::of_text(text),
                    modified: 0,
                    note: None,
                },
            },
        );
    }

    /// Puts a value and its meta as another program would: committed at once.
    pub fn put_stored(&self, key: &str, stored: Stored) {
        self.inner
            .borrow_mut()
            .values
            .insert(key.to_string(), stored);
    }

    /// How many transactions have committed.
    pub fn commits(&self) -> usize {
        self.inner.borrow().commits
    }

    /// How many transactions wait.
    pub fn waiting(&self) -> usize {
        self.inner.borrow().waiting.len()
    }

    /// Refuses every transaction from now on with `why` (`None`: takes them again).
    pub fn refuse(&self, why: Option<Refused>) {
        self.inner.borrow_mut().refusing = why;
    }

    /// Runs what was asked for soon, then completes the first transaction waiting; false when
    /// there was nothing to do.
    pub fn step(&self) -> bool {
        let task = self.inner.borrow_mut().soon.pop_front();
        if let Some(task) = task {
            task();
            return true;
        }
        let next = self.inner.borrow_mut().waiting.pop_front();
        let Some((changes, done)) = next else {
            return false;
        };
        let refused = self.inner.borrow().refusing.clone();
        match refused {
            Some(why) => done(Err(why)),
            None => {
                self.apply(changes);
                done(Ok(()));
            }
        }
        true
    }

    /// Runs everything asked for and completes every transaction, those they lead to too.
    pub fn settle(&self) {
        while self.step() {}
    }

    /// Runs what was asked for soon and starts the transactions, but completes none.
    pub fn start_all(&self) {
        loop {
            let task = self.inner.borrow_mut().soon.pop_front();
            match task {
                Some(task) => task(),
                None => return,
            }
        }
    }

    /// Commits the first transaction waiting without telling the tab that asked (a crash came
    /// between the commit and its news); false when none waits.
    pub fn commit_unheard(&self) -> bool {
        let next = self.inner.borrow_mut().waiting.pop_front();
        match next {
            Some((changes, _)) => {
                self.apply(changes);
                true
            }
            None => false,
        }
    }

    /// The page is gone: what waits is lost, committed values stay.
    pub fn crash(&self) {
        let mut inner = self.inner.borrow_mut();
        inner.waiting.clear();
        inner.soon.clear();
    }

    fn apply(&self, changes: Vec<Change>) {
        let mut inner = self.inner.borrow_mut();
        inner.commits += 1;
        for change in changes {
            match change {
                Change::Put(key, stored) => {
                    inner.values.insert(key, stored);
                }
                Change::Meta(key, meta) => {
                    if let Some(v) = inner.values.get_mut(&key) {
                        v.meta = meta;
                    }
                }
                Change::Delete(key) => {
                    inner.values.remove(&key);
                }
            }
        }
    }
}

impl Db for MemoryDb {
    fn commit(&self, changes: Vec<Change>, done: Done) {
        self.inner.borrow_mut().waiting.push_back((changes, done));
    }

    fn soon(&self, task: Box<dyn FnOnce()>) {
        self.inner.borrow_mut().soon.push_back(task);
    }
}
