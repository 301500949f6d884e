//! A tab's start: its copy of the store made from what the store of record holds, then, in one
//! transaction,
//!
//! - **the files today's pages kept in local storage** (`adjutant/…`: battles, their backups,
//!   settings, armies) brought over, each removed from local storage only once the
//!   transaction committed (and only if it is still the value brought over); a value the
//!   store of record has already is not brought again;
//! - **the journal's records left by tabs that are gone** (a crash, a closed tab: their
//!   commit never came) replayed in the order they were written, each op only onto the value
//!   it was made from ([`super::journal`]), and removed once committed. A record of a tab
//!   still alive is left to it; this tab's copy takes it in all the same.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use super::db::{Db, Stored};
use super::journal::{self, Record, Replayed};
use super::locks::is_lock_key;
use super::mirror::{Entry, Kept, Live, State, Want};
use super::{Browser, Slots, Stamp};

/// The prefix of the keys today's pages kept files under in local storage.
pub const OLD_FILES: &str = "adjutant/";

/// What a start found and did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Booted {
    /// Values the store of record held.
    pub loaded: usize,
    /// Files brought over from local storage.
    pub migrated: usize,
    /// Records of gone tabs replayed (those with nothing left to do included).
    pub replayed: usize,
    /// Keys whose record could not be applied: the value had moved on.
    pub moved_on: Vec<String>,
    /// Records of live tabs, left to them.
    pub left: usize,
}

/// Every record in the journal, in the order they were written.
pub fn journal_records(slots: &impl Slots) -> Vec<Record> {
    let mut records: Vec<Record> = slots
        .keys()
        .into_iter()
        .filter(|k| k.starts_with(journal::PREFIX))
        .filter_map(|k| Record::decode(&slots.get(&k).ok()??))
        .collect();
    records.sort_by_key(|r| (r.at, r.tab, r.seq));
    records
}

impl<S: Slots, D: Db> Browser<S, D> {
    /// Tab `id`'s files, started from `loaded` (every value the store of record holds) with
    /// `live` the tabs alive now (as their Web Locks say, when the browser has them, and
    /// when), bringing over today's files from local storage and replaying the records of gone
    /// tabs (see the module's header).
    pub fn boot(
        slots: S,
        db: D,
        id: u64,
        loaded: Vec<(String, Stored)>,
        live: Option<(u64, BTreeSet<u64>)>,
    ) -> (Browser<S, D>, Booted) {
        let browser = Browser::new(slots, db, id);
        let mut booted = Booted {
            loaded: loaded.len(),
            ..Booted::default()
        };
        {
            let mut st = browser.tab.state.borrow_mut();
            st.live = live.map(|(at, tabs)| Live { at, tabs });
            for (key, stored) in loaded {
                let mut meta = stored.meta;
                let stamp = Stamp::of_text(&stored.text);
                if meta.stamp != stamp {
                    // A note made of another value says nothing of this one.
                    meta.stamp = stamp;
                    meta.note = None;
                }
                st.files.insert(
                    key,
                    Entry {
                        text: stored.text,
                        meta,
                    },
                );
            }
        }
        let slots = &browser.tab.slots;

        // Today's files in local storage: each one the store of record does not have yet is
        // taken in, and leaves local storage once committed.
        for key in slots.keys() {
            if !key.starts_with(OLD_FILES) || is_lock_key(&key) {
                continue;
            }
            let Ok(Some(text)) = slots.get(&key) else {
                continue;
            };
            let stamp = Stamp::of_text(&text);
            let mut st = browser.tab.state.borrow_mut();
            if st.files.get(&key).is_some_and(|e| e.meta.stamp == stamp) {
                // Committed by an earlier start that went before it could remove it.
                slots.remove(&key);
                continue;
            }
            st.files.insert(key.clone(), Entry::new(text.into(), 0));
            st.want(&key, Want::Value);
            st.records.push(Kept {
                key: key.clone(),
                seq: 0,
                files: vec![key],
                value: Some(stamp),
            });
            booted.migrated += 1;
        }

        // The journal: records of gone tabs replayed onto the values, those of live tabs left
        // to them (this tab's copy takes them in all the same).
        let records = journal_records(slots);
        {
            let mut st = browser.tab.state.borrow_mut();
            let mut values: BTreeMap<String, Rc<str>> = st
                .files
                .iter()
                .map(|(k, e)| (k.clone(), e.text.clone()))
                .collect();
            for (i, record) in records.iter().enumerate() {
                let alive = st
                    .live
                    .as_ref()
                    .is_some_and(|l| l.tabs.contains(&record.tab));
                let outcome = record.replay(&mut values);
                for found in &outcome {
                    if let Replayed::Moved { key } = found {
                        let now = values.get(key).map(|t| Stamp::of_text(t));
                        if !superseded(&records[i + 1..], key, now) {
                            booted.moved_on.push(key.clone());
                        }
                    }
                }
                let files: Vec<String> = record.keys().into_iter().map(String::from).collect();
                take_in(&mut st, &values, &files, record.at, !alive);
                if alive {
                    booted.left += 1;
                    continue;
                }
                booted.replayed += 1;
                let key = journal::key(record.tab, record.seq);
                if outcome.contains(&Replayed::Applied) {
                    st.records.push(Kept {
                        key,
                        seq: 0,
                        files,
                        value: None,
                    });
                } else {
                    // Nothing of it to commit: there already, or its value moved on.
                    slots.remove(&key);
                }
            }
        }
        browser.flush();
        (browser, booted)
    }

    /// Takes the journal's records of other tabs (writes they made and have not committed
    /// yet) into this tab's copy, for the files of `keys` (all with `None`), unless this tab
    /// has changes of its own to them; true when a value changed.
    pub(super) fn apply_others_records(&self, keys: &BTreeSet<String>) -> bool {
        let records: Vec<Record> = journal_records(&self.tab.slots)
            .into_iter()
            .filter(|r| r.tab != self.tab.id)
            .filter(|r| r.keys().iter().any(|k| keys.contains(*k)))
            .collect();
        if records.is_empty() {
            return false;
        }
        let mut st = self.tab.state.borrow_mut();
        let mut values: BTreeMap<String, Rc<str>> = st
            .files
            .iter()
            .map(|(k, e)| (k.clone(), e.text.clone()))
            .collect();
        let mut changed = false;
        for record in &records {
            let outcome = record.replay(&mut values);
            let files: Vec<String> = record.keys().into_iter().map(String::from).collect();
            changed |= take_in(&mut st, &values, &files, record.at, false);
            // A gone tab's record goes once this tab commits its files (which hold it now).
            let gone = !st
                .live
                .as_ref()
                .is_some_and(|l| l.tabs.contains(&record.tab));
            let key = journal::key(record.tab, record.seq);
            if gone
                && outcome.contains(&Replayed::Applied)
                && !st.records.iter().any(|k| k.key == key)
            {
                st.records.push(Kept {
                    key,
                    seq: 0,
                    files,
                    value: None,
                });
            }
        }
        changed
    }
}

/// Takes the values of `files` in `values` into the tab's copy where they differ from it
/// (unless the tab has changes of its own to them), to be committed when `commit`; true when
/// one changed.
fn take_in(
    st: &mut State,
    values: &BTreeMap<String, Rc<str>>,
    files: &[String],
    at: u64,
    commit: bool,
) -> bool {
    let mut changed = false;
    for key in files {
        if !commit && st.dirty(key) {
            continue;
        }
        let differs = match (values.get(key), st.files.get(key)) {
            (Some(t), Some(e)) => !Rc::ptr_eq(t, &e.text),
            (None, None) => false,
            _ => true,
        };
        if !differs {
            continue;
        }
        match values.get(key) {
            Some(text) => st.files.insert(key.clone(), Entry::new(text.clone(), at)),
            None => st.files.remove(key),
        };
        if commit {
            st.want(key, Want::Value);
        }
        changed = true;
    }
    changed
}

/// Whether `now`, at `key`, is what one of `later` records leaves there: an earlier record
/// whose value moved on only because later ones were committed (their records not yet taken
/// away) has nothing left to do.
fn superseded(later: &[Record], key: &str, now: Option<Stamp>) -> bool {
    later
        .iter()
        .flat_map(|r| r.results())
        .any(|(k, stamp)| k == key && stamp == now)
}
