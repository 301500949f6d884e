//! A tab's copy of the store in memory, which every read is served from, and the writes on
//! their way from it to the store of record: each write is applied here, noted in the journal
//! (`journal.rs`), and committed to the [`Db`] in one transaction per action ([`Browser::flush`]
//! runs once the action is done); its commit takes its journal records away. What is not
//! known to be kept — a write the journal could not take, a commit the store refused — is a
//! [`Doubt`], which the window asks about after each save ([`Browser::check`]) and hears of
//! when it changes ([`Browser::on_news`]).

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use super::db::{Change, Db, Meta, Stored};
use super::{Browser, Refused, Slots, journal};

/// A value of the store, as this tab has it.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub text: Rc<str>,
    pub meta: Meta,
}

impl Entry {
    pub fn new(text: Rc<str>, modified: u64) -> Entry {
        let stamp = super::Stamp::of_text(&text);
        Entry {
            text,
            meta: Meta {
                stamp,
                modified,
                note: None,
            },
        }
    }

    pub fn stored(&self) -> Stored {
        Stored {
            text: self.text.clone(),
            meta: self.meta.clone(),
        }
    }
}

/// What of a value is to be committed next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Want {
    /// The value itself (or its removal), with its meta.
    Value,
    /// Only its meta (a note was added).
    Meta,
}

/// Why a value is not known to be kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Doubt {
    /// Written, too large for the journal, its commit not yet heard of.
    Unjournaled,
    /// The store of record refused its commit.
    Refused(Refused),
}

/// A value in local storage that goes once the files it holds are committed.
#[derive(Debug, Clone)]
pub(super) struct Kept {
    /// Its key in local storage.
    pub key: String,
    /// Its record's number among this tab's (0 for one not this tab's: any commit of its
    /// files covers it).
    pub seq: u64,
    /// The files it holds.
    pub files: Vec<String>,
    /// A file brought over: removed only while it is still this value.
    pub value: Option<super::Stamp>,
}

impl Kept {
    /// One of this tab's records.
    pub fn record(tab: u64, seq: u64, files: Vec<String>) -> Kept {
        Kept {
            key: super::journal::key(tab, seq),
            seq,
            files,
            value: None,
        }
    }
}

/// A transaction under way.
#[derive(Debug)]
pub(super) struct Flight {
    keys: BTreeSet<String>,
    /// The last of this tab's records written before it began.
    upto: u64,
}

/// Why this tab no longer writes a file whose lock it held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lost {
    /// Another tab took it over.
    TakenOver,
    /// Its lock is gone: the site's data was cleared.
    Vanished,
    /// Another tab played it while this page was away (the back/forward cache).
    PlayedElsewhere,
}

/// The tabs alive when last asked (the Web Locks each tab holds while it lives).
#[derive(Debug, Clone)]
pub(super) struct Live {
    pub at: u64,
    pub tabs: BTreeSet<u64>,
}

/// Everything a tab knows about the store.
#[derive(Debug, Default)]
pub(super) struct State {
    pub files: BTreeMap<String, Entry>,
    /// The last record's number.
    pub seq: u64,
    /// What is to leave local storage once committed: this tab's journal records, those of
    /// gone tabs taken in, and files brought over from today's pages.
    pub records: Vec<Kept>,
    pub wanted: BTreeMap<String, Want>,
    pub flight: Option<Flight>,
    pub flush_asked: bool,
    /// Values not known to be kept, each with the number of the last record written when
    /// the doubt arose (a commit that began after it clears it).
    pub doubt: BTreeMap<String, (u64, Doubt)>,
    /// The locks this tab holds (their keys in local storage), each with its file's key.
    pub held: BTreeMap<String, String>,
    /// Files (by key) whose lock this tab lost, and why.
    pub lost: BTreeMap<String, Lost>,
    /// Locks given back when the page was put away, to take again when it comes back.
    pub parked: BTreeMap<String, String>,
    /// Files being checked after the page came back: not written until then.
    pub unverified: BTreeSet<String>,
    pub live: Option<Live>,
    /// The store is gone (the site's data cleared, the database closed): why.
    pub gone: Option<String>,
}

impl State {
    /// Whether `key` has changes not yet committed.
    pub fn dirty(&self, key: &str) -> bool {
        self.wanted.contains_key(key) || self.doubt.contains_key(key) || self.in_flight(key)
    }

    /// Whether a transaction under way commits `key`.
    pub fn in_flight(&self, key: &str) -> bool {
        self.flight.as_ref().is_some_and(|f| f.keys.contains(key))
    }

    pub fn want(&mut self, key: &str, want: Want) {
        let now = self.wanted.entry(key.to_string()).or_insert(want);
        if want == Want::Value {
            *now = Want::Value;
        }
    }
}

impl<S: Slots, D: Db> Browser<S, D> {
    /// Asks for a flush once the action under way is done.
    pub(super) fn flush_soon(&self) {
        {
            let mut st = self.tab.state.borrow_mut();
            if st.flush_asked || st.wanted.is_empty() {
                return;
            }
            st.flush_asked = true;
        }
        let me = Rc::downgrade(&self.tab);
        self.tab.db.soon(Box::new(move || {
            if let Some(tab) = me.upgrade() {
                Browser { tab }.flush();
            }
        }));
    }

    /// Commits what was written since the last commit, in one transaction (unless one is
    /// under way: then when it is done).
    pub fn flush(&self) {
        let changes = {
            let mut st = self.tab.state.borrow_mut();
            st.flush_asked = false;
            if st.flight.is_some() || st.wanted.is_empty() || st.gone.is_some() {
                return;
            }
            // Values a commit was refused go again with the next.
            let refused: Vec<String> = st
                .doubt
                .iter()
                .filter(|(_, (_, d))| matches!(d, Doubt::Refused(_)))
                .map(|(k, _)| k.clone())
                .collect();
            for key in refused {
                st.want(&key, Want::Value);
            }
            let wanted = std::mem::take(&mut st.wanted);
            let changes: Vec<Change> = wanted
                .iter()
                .map(|(key, want)| match (st.files.get(key), want) {
                    (Some(e), Want::Value) => Change::Put(key.clone(), e.stored()),
                    (Some(e), Want::Meta) => Change::Meta(key.clone(), e.meta.clone()),
                    (None, _) => Change::Delete(key.clone()),
                })
                .collect();
            st.flight = Some(Flight {
                keys: wanted.into_keys().collect(),
                upto: st.seq,
            });
            changes
        };
        let me = Rc::downgrade(&self.tab);
        self.tab.db.commit(
            changes,
            Box::new(move |result| {
                if let Some(tab) = me.upgrade() {
                    Browser { tab }.committed(result);
                }
            }),
        );
    }

    /// Hears how the transaction under way went: committed, its records leave the journal
    /// and its values are no longer in doubt; refused, they are in doubt with the reason.
    fn committed(&self, result: Result<(), Refused>) {
        let keys = {
            let mut st = self.tab.state.borrow_mut();
            let Some(flight) = st.flight.take() else {
                return;
            };
            match &result {
                Ok(()) => {
                    st.doubt.retain(|key, (seq, _)| {
                        !(flight.keys.contains(key) && *seq <= flight.upto)
                    });
                    let slots = &self.tab.slots;
                    st.records.retain(|kept| {
                        let covered = kept.seq <= flight.upto
                            && kept.files.iter().all(|k| flight.keys.contains(k));
                        if covered {
                            let still = match kept.value {
                                None => true,
                                Some(stamp) => slots
                                    .get(&kept.key)
                                    .ok()
                                    .flatten()
                                    .is_some_and(|v| super::Stamp::of_text(&v) == stamp),
                            };
                            if still {
                                slots.remove(&kept.key);
                            }
                        }
                        !covered
                    });
                }
                Err(why) => {
                    let seq = st.seq;
                    for key in &flight.keys {
                        st.doubt
                            .insert(key.clone(), (seq, Doubt::Refused(why.clone())));
                    }
                }
            }
            flight.keys
        };
        if result.is_ok() {
            self.tab.hooks.committed(keys.into_iter().collect());
        }
        self.tab.hooks.news();
        self.flush_soon();
    }

    /// Writes `record` to the journal; false when it could not be kept there (too large, or
    /// local storage refused it).
    pub(super) fn journal(&self, record: &journal::Record) -> bool {
        let text = record.encode();
        if text.is_empty() || text.len() > journal::LIMIT {
            return false;
        }
        self.tab
            .slots
            .set(&journal::key(record.tab, record.seq), &text)
            .is_ok()
    }

    /// Whether anything written here is not yet committed (the page asks before it is
    /// closed), or not known to be kept.
    pub fn unsettled(&self) -> bool {
        let st = self.tab.state.borrow();
        !st.wanted.is_empty() || st.flight.is_some() || !st.doubt.is_empty()
    }

    /// Values read again from the store of record (another tab committed them, or this one
    /// came back into view): each replaces this tab's copy unless this tab has changes of
    /// its own to it not yet committed; then the journal's records of other tabs for them
    /// are applied (writes another tab made and has not committed yet).
    pub fn refreshed(&self, values: Vec<(String, Option<Stored>)>) {
        let mut changed = false;
        {
            let mut st = self.tab.state.borrow_mut();
            for (key, value) in &values {
                if st.dirty(key) {
                    continue;
                }
                match value {
                    Some(v) => {
                        let same = st
                            .files
                            .get(key)
                            .is_some_and(|e| e.meta.stamp == v.meta.stamp);
                        if !same {
                            st.files.insert(
                                key.clone(),
                                Entry {
                                    text: v.text.clone(),
                                    meta: v.meta.clone(),
                                },
                            );
                            changed = true;
                        }
                    }
                    None => changed |= st.files.remove(key).is_some(),
                }
            }
        }
        let keys: BTreeSet<String> = values.into_iter().map(|(k, _)| k).collect();
        changed |= self.apply_others_records(&keys);
        if changed {
            self.tab.hooks.news();
        }
    }
}
