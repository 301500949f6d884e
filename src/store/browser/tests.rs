//! The browser's store with local storage and IndexedDB in memory ([`MemorySlots`],
//! [`MemoryDb`]): the journal and its commits, replay after a crash at any moment and its
//! idempotence, writes the browser refuses, two tabs of one site (locks, take-over, the back/
//! forward cache, site data cleared), what other tabs commit, the files today's pages kept in
//! local storage brought over, the bin, and a backup of everything restored into the page's
//! storage.

use std::cell::Cell;
use std::collections::BTreeSet;
use std::io;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::boot::Booted;
use super::locks::FIRST_TAB;
use super::*;
use crate::store::Battles;
use adjutant_core::army::shipped;
use adjutant_core::battle::{Action, Battle};
use adjutant_core::dice::{Dice, Die};
use adjutant_core::store::storage::backup_path;
use adjutant_core::store::{battle_from_ron, battle_to_ron};

type Files = Browser<MemorySlots, MemoryDb>;

/// One site: its local storage and its IndexedDB, shared by its tabs.
#[derive(Clone, Default)]
struct Site {
    slots: MemorySlots,
    db: MemoryDb,
}

impl Site {
    /// Tab `id` started on what the site keeps, no tab alive but it.
    fn start(&self, id: u64) -> (Files, Booted) {
        self.start_among(id, &[])
    }

    /// Tab `id` started while the tabs `alive` hold their Web Locks.
    fn start_among(&self, id: u64, alive: &[u64]) -> (Files, Booted) {
        let live = (self.slots.now_ms(), alive.iter().copied().collect());
        Browser::boot(
            self.slots.clone(),
            self.db.clone(),
            id,
            self.db.load(),
            Some(live),
        )
    }

    fn tab(&self, id: u64) -> Files {
        self.start(id).0
    }

    /// The journal's records in local storage.
    fn journal(&self) -> Vec<String> {
        self.slots
            .keys()
            .into_iter()
            .filter(|k| k.starts_with(journal::PREFIX))
            .collect()
    }
}

const T1: u64 = FIRST_TAB + 1;
const T2: u64 = FIRST_TAB + 2;
const T3: u64 = FIRST_TAB + 3;

/// A Royalists & Roundheads battle with its shipped armies, just set up.
fn battle() -> Battle {
    let armies = ["winceby_royalists", "winceby_parliament"]
        .iter()
        .map(|n| shipped::army(&format!("royalists_roundheads/{n}.ron")))
        .collect();
    Battle::new("royalists_roundheads", armies, 7).expect("set up")
}

/// Two dice thrown by Adjutant: one more entry in the log.
fn play(b: &mut Battle) {
    b.start(Action::Roll(Dice::new(2, Die::D6))).expect("rolls");
    b.roll().expect("thrown");
}

fn store(files: &Files) -> Battles<Files> {
    Battles::new(files.clone(), "adjutant/battles")
}

/// The entries of the battle the store of record holds at `key`.
fn committed_entries(site: &Site, key: &str) -> usize {
    let text = site.db.text(key).expect("committed");
    battle_from_ron(&text, Path::new(key))
        .expect("loads")
        .log()
        .len()
}

fn entries_in(files: &Files, path: &Path) -> usize {
    let bytes = files.read(path).expect("there");
    battle_from_ron(std::str::from_utf8(&bytes).unwrap(), path)
        .expect("loads")
        .log()
        .len()
}

fn full() -> Refused {
    Refused {
        full: true,
        message: "QuotaExceededError".into(),
    }
}

#[test]
fn a_file_is_kept_whole_under_its_path_with_the_one_before_as_its_backup() {
    let site = Site::default();
    let files = site.tab(T1);
    let path = Path::new("adjutant/battles/b.ron");
    files.write(path, b"one").unwrap();
    files.write(path, b"two").unwrap();
    assert_eq!(files.read(path).unwrap(), b"two", "read back at once");
    assert_eq!(
        files.read(&backup_path(path)).unwrap(),
        b"one",
        "the one before is its backup"
    );
    site.db.settle();
    assert_eq!(
        site.db.text("adjutant/battles/b.ron").as_deref(),
        Some("two")
    );
    assert_eq!(
        site.db.text("adjutant/battles/b.ron.bak").as_deref(),
        Some("one")
    );
    assert_eq!(site.db.commits(), 1, "one action, one transaction");
    files
        .write(Path::new("adjutant/battles/old/c.ron"), b"x")
        .unwrap();
    assert_eq!(
        files.list(Path::new("adjutant/battles")),
        [
            Path::new("adjutant/battles/b.ron"),
            Path::new("adjutant/battles/b.ron.bak")
        ],
        "the folder's own files, not those of a folder in it"
    );
    let missing = files
        .read(Path::new("adjutant/battles/none.ron"))
        .unwrap_err();
    assert!(matches!(missing, StoreError::Io { kind, .. } if kind == io::ErrorKind::NotFound));
    assert!(
        files.write(path, &[0xff, 0xfe]).is_err(),
        "only text is kept"
    );
    assert_eq!(files.read(path).unwrap(), b"two");
}

#[test]
fn a_write_is_in_the_journal_until_its_commit_and_the_record_is_small_for_a_long_battle() {
    let site = Site::default();
    let files = site.tab(T1);
    let mut store = store(&files);
    let mut b = battle();
    for _ in 0..400 {
        play(&mut b);
    }
    let path = store.save(&b, || "long".into()).expect("saved");
    site.db.settle();
    assert!(site.journal().is_empty(), "a commit takes its record away");

    play(&mut b);
    store.save(&b, || unreachable!()).expect("saved");
    let records = site.journal();
    assert_eq!(records.len(), 1, "kept before its result is shown");
    let record = site.slots.get(&records[0]).unwrap().unwrap();
    let text = battle_to_ron(&b).unwrap();
    assert!(
        record.len() * 20 < text.len(),
        "a record of one more entry is small: {} characters for a battle of {}",
        record.len(),
        text.len()
    );
    assert!(files.check(&path).is_ok(), "kept: the journal has it");
    site.db.settle();
    assert!(site.journal().is_empty());
    assert_eq!(
        committed_entries(&site, &key(&path)),
        b.log().len(),
        "committed whole"
    );
    assert_eq!(
        committed_entries(&site, &key(&backup_path(&path))),
        b.log().len() - 1,
        "with the save before as its backup"
    );
}

#[test]
fn a_page_that_went_before_its_commit_is_replayed_at_the_next_start() {
    let site = Site::default();
    let files = site.tab(T1);
    let mut store = store(&files);
    let mut b = battle();
    play(&mut b);
    let path = store.save(&b, || "b".into()).expect("saved");
    site.db.settle();
    for _ in 0..3 {
        play(&mut b);
        store.save(&b, || unreachable!()).expect("saved");
    }
    // The tab crashes: its transaction never commits; its records stay.
    site.db.crash();
    drop(store);
    drop(files);
    assert_eq!(committed_entries(&site, &key(&path)), 2);
    assert_eq!(site.journal().len(), 3);

    let (again, booted) = site.start(T2);
    assert_eq!(booted.replayed, 3);
    assert!(booted.moved_on.is_empty(), "{booted:?}");
    assert_eq!(entries_in(&again, &path), 5, "the copy has every action");
    assert_eq!(
        entries_in(&again, &backup_path(&path)),
        4,
        "and the backup the save before"
    );
    site.db.settle();
    assert_eq!(
        committed_entries(&site, &key(&path)),
        5,
        "replayed into the store"
    );
    assert!(site.journal().is_empty(), "records replayed are taken away");
    let mut theirs = store_of(&again).load(&path).expect("loads");
    play(&mut theirs);
}

fn store_of(files: &Files) -> Battles<Files> {
    store(files)
}

#[test]
fn replaying_is_idempotent_a_commit_already_made_is_not_made_twice() {
    let site = Site::default();
    let files = site.tab(T1);
    let mut store = store(&files);
    let mut b = battle();
    play(&mut b);
    let path = store.save(&b, || "b".into()).expect("saved");
    play(&mut b);
    store.save(&b, || unreachable!()).expect("saved");
    // The commit went through, but the page went before it heard so: the records stay.
    site.db.start_all();
    assert!(site.db.commit_unheard());
    site.db.crash();
    drop((store, files));
    let records = site.journal();
    assert!(!records.is_empty());
    let committed = site.db.text(&key(&path)).unwrap();

    // Started twice, the second time before the first's commit: the same every time.
    let (first, booted) = site.start(T2);
    assert!(booted.moved_on.is_empty(), "{booted:?}");
    assert_eq!(first.read(&path).unwrap(), committed.as_bytes());
    site.db.crash();
    drop(first);
    let (second, booted) = site.start(T3);
    assert!(booted.moved_on.is_empty(), "{booted:?}");
    assert_eq!(second.read(&path).unwrap(), committed.as_bytes());
    assert_eq!(
        entries_in(&second, &backup_path(&path)),
        2,
        "the backup is the save before, not the value copied onto itself"
    );
    site.db.settle();
    assert_eq!(site.db.text(&key(&path)).unwrap(), committed);
    assert!(site.journal().is_empty());
}

#[test]
fn a_record_is_applied_only_onto_the_value_it_was_made_from() {
    let (before, after) = (
        "BattleFile(log: [a])\n// sum 1\n",
        "BattleFile(log: [a, b])\n// sum 2\n",
    );
    let record = journal::write(
        (T1, 1, 0),
        "k",
        "k.bak",
        Some((before, Stamp::of_text(before))),
        after,
    );
    let Some(journal::Op::Patch { middle, .. }) = record.ops.last() else {
        panic!("a patch")
    };
    assert!(middle.len() < after.len(), "only what changed: {middle:?}");
    let decoded = journal::Record::decode(&record.encode()).expect("read back");
    assert_eq!(decoded, record);
    let moved = journal::Record {
        tab: T1,
        seq: 2,
        at: 5,
        ops: vec![
            journal::Op::Copy {
                from: "a b.ron".into(),
                to: "c d.ron".into(),
                of: Stamp::of_text("x"),
            },
            journal::Op::Remove {
                key: "a b.ron".into(),
                base: Stamp::of_text("x"),
            },
        ],
    };
    assert_eq!(journal::Record::decode(&moved.encode()), Some(moved));
    assert_eq!(journal::Record::decode("not a record"), None);
    assert_eq!(
        journal::Record::decode(&record.encode()[..record.encode().len() - 3]),
        None,
        "a record cut short is none"
    );

    let mut values = [("k".to_string(), Rc::from(before))].into_iter().collect();
    assert!(
        record
            .replay(&mut values)
            .iter()
            .all(|r| *r == journal::Replayed::Applied)
    );
    assert_eq!(&*values["k"], after);
    assert_eq!(&*values["k.bak"], before);
    assert!(
        record
            .replay(&mut values)
            .iter()
            .all(|r| *r == journal::Replayed::There),
        "a second time changes nothing"
    );
    let mut moved = [("k".to_string(), Rc::from("something else"))]
        .into_iter()
        .collect();
    let found = record.replay(&mut moved);
    assert!(
        found
            .iter()
            .all(|r| matches!(r, journal::Replayed::Moved { .. })),
        "{found:?}"
    );
    assert_eq!(
        &*moved["k"], "something else",
        "never applied to another value"
    );
}

#[test]
fn the_journal_keeps_only_what_changed_whole_characters_included() {
    for (before, after) in [
        ("", "new"),
        ("same", "same"),
        ("héllo wörld", "héllo wörld!"),
        ("aé", "aè"),
        ("€€€", "€€"),
        ("x€y", "x£y"),
        ("ab", "abab"),
    ] {
        let (start, middle, end) = journal::cut(before, after);
        let made = [&before[..start], middle, &before[before.len() - end..]].concat();
        assert_eq!(made, after, "{before:?} → {after:?}");
    }
}

#[test]
fn a_write_the_journal_cannot_take_is_not_saved_until_its_commit() {
    let site = Site::default();
    let files = site.tab(T1);
    let mut store = store(&files);
    let mut b = battle();
    play(&mut b);
    // Local storage is full: the journal takes nothing.
    site.slots.refuse_after(0);
    let path = store.save(&b, || "b".into()).expect("the store takes it");
    let err = files.check(&path).unwrap_err();
    assert!(
        err.to_string().contains("not yet confirmed"),
        "not shown as saved: {err}"
    );
    assert!(files.unsettled(), "the page asks before it is closed");
    site.db.settle();
    assert!(files.check(&path).is_ok(), "kept once committed");
    assert!(!files.unsettled());
    assert_eq!(committed_entries(&site, &key(&path)), 2);
}

#[test]
fn a_commit_the_browser_refuses_is_not_saved_until_retried_with_room() {
    let site = Site::default();
    let files = site.tab(T1);
    let heard = Rc::new(Cell::new(0));
    let counter = heard.clone();
    files.on_news(move || counter.set(counter.get() + 1));
    let mut store = store(&files);
    let mut b = battle();
    play(&mut b);
    let path = store.save(&b, || "b".into()).expect("saved");
    site.db.settle();

    site.db.refuse(Some(full()));
    play(&mut b);
    store
        .save(&b, || unreachable!())
        .expect("written to the copy and the journal");
    assert!(files.check(&path).is_ok(), "the journal has it");
    let before = heard.get();
    site.db.settle();
    assert!(heard.get() > before, "the window hears of the refusal");
    let err = files.check(&path).unwrap_err();
    assert!(
        matches!(&err, StoreError::Io { kind, .. } if *kind == io::ErrorKind::StorageFull),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("storage for this page is full"),
        "{err}"
    );
    assert!(files.unsettled());
    assert_eq!(
        committed_entries(&site, &key(&path)),
        2,
        "the store keeps the last commit"
    );
    assert!(!site.journal().is_empty(), "the journal keeps the write");

    // Retry while still full: still not saved.
    store.save(&b, || unreachable!()).expect("same text");
    site.db.settle();
    assert!(files.check(&path).is_err());

    // Room again: Retry commits it.
    site.db.refuse(None);
    store.save(&b, || unreachable!()).expect("same text");
    site.db.settle();
    assert!(files.check(&path).is_ok());
    assert!(!files.unsettled());
    assert_eq!(committed_entries(&site, &key(&path)), 3);
    assert!(site.journal().is_empty());
}

#[test]
fn the_battle_resumes_at_the_last_save_whatever_moment_the_page_crashes() {
    // Crashes at every kind of moment: before a flush, with the transaction started, committed
    // unheard, committed and heard; each start replays what is left.
    let site = Site::default();
    let mut id = T1;
    let mut b = battle();
    let mut saved = b.log().len();
    let mut path: Option<PathBuf> = None;
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    for round in 0..80 {
        let (files, booted) = site.start(id);
        assert!(booted.moved_on.is_empty(), "round {round}: {booted:?}");
        let mut store = store(&files);
        if let Some(p) = &path {
            let back = store.open(p).expect("opens");
            assert_eq!(
                back.log().len(),
                saved,
                "round {round}: resumes at the last save"
            );
            b = back;
        }
        for _ in 0..=next(4) {
            play(&mut b);
            path = Some(store.save(&b, || "b".into()).expect("saved"));
            saved = b.log().len();
            match next(4) {
                0 => {}
                1 => site.db.start_all(),
                2 => {
                    site.db.start_all();
                    site.db.commit_unheard();
                }
                _ => site.db.settle(),
            }
        }
        site.db.crash();
        drop(store);
        drop(files);
        id += 1;
    }
    let (files, _) = site.start(id);
    site.db.settle();
    let path = path.unwrap();
    assert_eq!(entries_in(&files, &path), saved);
    assert_eq!(committed_entries(&site, &key(&path)), saved);
    assert!(site.journal().is_empty());
}

#[test]
fn todays_files_in_local_storage_move_over_once_and_leave_only_after_the_commit() {
    // What the page built from 76fc5bf kept after a battle was started and a fire played on
    // it (web/test/capture-storage.mjs).
    let fixture: std::collections::BTreeMap<String, String> = serde_json::from_str(include_str!(
        "../../../web/test/fixtures/local-storage-76fc5bf.json"
    ))
    .expect("the fixture reads");
    let site = Site::default();
    for (k, v) in &fixture {
        site.slots.set(k, v).unwrap();
    }
    let army = "adjutant/armies/mine.ron";
    site.slots.set(army, "Army(name: \"Mine\")").unwrap();
    let files: Vec<&String> = fixture.keys().filter(|k| !k.ends_with(".lock")).collect();
    assert!(files.len() >= 4, "battle, backup, settings: {files:?}");

    // Today's tab that held the battle is long gone.
    let lock = fixture.keys().find(|k| k.ends_with(".lock")).unwrap();
    let at: u64 = fixture[lock].split(' ').nth(1).unwrap().parse().unwrap();
    site.slots.wait(at + STALE_MS);

    let (tab, booted) = site.start(T1);
    assert_eq!(booted.migrated, files.len() + 1);
    for k in &files {
        assert_eq!(
            tab.read(Path::new(k.as_str())).unwrap(),
            fixture[*k].as_bytes(),
            "{k} is read at once"
        );
        assert!(
            site.slots.get(k).unwrap().is_some(),
            "{k} stays until the commit"
        );
    }
    // The page goes before the commit: nothing is lost, and the next start brings them again.
    site.db.crash();
    drop(tab);
    let (tab, booted) = site.start(T2);
    assert_eq!(booted.migrated, files.len() + 1);
    site.db.settle();
    for k in &files {
        assert_eq!(
            site.db.text(k).as_deref(),
            Some(fixture[*k].as_str()),
            "{k} is in IndexedDB byte for byte"
        );
        assert_eq!(
            site.slots.get(k).unwrap(),
            None,
            "{k} has left local storage"
        );
    }
    assert_eq!(site.db.text(army).as_deref(), Some("Army(name: \"Mine\")"));
    assert!(
        site.slots.get(lock).unwrap().is_some(),
        "a lock stays where locks are"
    );

    // The battle loads and plays on; it is brought over once only.
    let battle = fixture
        .keys()
        .find(|k| k.ends_with(".ron") && k.contains("/battles/"))
        .unwrap();
    let mut store = store(&tab);
    let mut b = store
        .open(Path::new(battle))
        .expect("the lock of today's gone tab is taken over");
    play(&mut b);
    store.save(&b, || unreachable!()).expect("saved");
    site.db.settle();
    drop((store, tab));
    let (_, booted) = site.start(T3);
    assert_eq!(booted.migrated, 0);
}

#[test]
fn a_second_tab_cannot_open_the_battle_the_first_plays() {
    let site = Site::default();
    let one = site.tab(T1);
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    assert!(first.holds(&path));
    site.db.settle();

    let two = site.start_among(T2, &[T1]).0;
    let mut second = store(&two);
    let err = second.open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Busy { .. }), "{err:?}");
    assert!(second.save_as(&b, &path).is_err(), "nor write it");

    // The first renews its lock while it is open, however long the player thinks.
    site.slots.wait(STALE_MS - 1);
    one.beat();
    site.slots.wait(STALE_MS - 1);
    assert!(matches!(second.open(&path), Err(StoreError::Busy { .. })));

    // Once the first lets go of it, the second plays it.
    first.release(&path);
    second.open(&path).expect("free once the first let go");
}

#[test]
fn the_lock_of_a_tab_that_is_gone_is_taken_at_once_and_a_stale_one_of_todays_pages_too() {
    let site = Site::default();
    let one = site.tab(T1);
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    site.db.settle();
    std::mem::forget(first); // The tab crashed: its lock stays.
    site.slots.wait(1);

    // A tab started after the crash: the first holds no Web Lock, so its lock is taken.
    let (two, _) = site.start_among(T2, &[T2]);
    store(&two).open(&path).expect("taken at once");

    // A lock of today's pages (no Web Lock) stands until it is stale.
    let old = Path::new("adjutant/battles/old.ron");
    site.slots
        .set(
            &locks::lock_key(old),
            &format!("8765182615834205 {}", site.slots.now_ms()),
        )
        .unwrap();
    assert!(matches!(two.try_lock(old), Err(StoreError::Busy { .. })));
    site.slots.wait(STALE_MS);
    assert!(two.try_lock(old).is_ok());
}

#[test]
fn a_battle_taken_over_stops_the_tab_it_was_taken_from_which_says_why() {
    let site = Site::default();
    let one = site.tab(T1);
    let heard = Rc::new(Cell::new(0));
    let counter = heard.clone();
    one.on_news(move || counter.set(counter.get() + 1));
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    site.db.settle();

    let two = site.start_among(T2, &[T1, T2]).0;
    let mut second = store(&two);
    assert!(matches!(second.open(&path), Err(StoreError::Busy { .. })));
    two.take_over(&path)
        .expect("taken over at the player's word");
    let mut theirs = second.open(&path).expect("opens");

    // The first hears of it (local storage's event for the lock) and says why.
    one.heard_lock(&locks::lock_key(&path));
    assert!(heard.get() > 0);
    let err = one.check(&path).unwrap_err();
    assert!(err.to_string().contains("took this battle over"), "{err}");
    // Its next action is not written, whatever it missed.
    play(&mut b);
    let err = first.save(&b, || unreachable!()).unwrap_err();
    assert!(err.to_string().contains("took this battle over"), "{err}");
    play(&mut theirs);
    second
        .save(&theirs, || unreachable!())
        .expect("the second saves");
    site.db.settle();
    assert_eq!(committed_entries(&site, &key(&path)), theirs.log().len());
}

#[test]
fn a_tab_checks_its_lock_before_each_write_even_when_it_heard_nothing() {
    let site = Site::default();
    let one = site.tab(T1);
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    site.db.settle();
    // Another tab took it over; no event reached this one.
    let two = site.start_among(T2, &[T1, T2]).0;
    two.take_over(&path).unwrap();
    play(&mut b);
    let err = first.save(&b, || unreachable!()).unwrap_err();
    assert!(err.to_string().contains("took this battle over"), "{err}");
    assert_eq!(committed_entries(&site, &key(&path)), 2, "nothing written");
}

#[test]
fn a_tab_whose_site_data_was_cleared_stops_writing_and_says_so() {
    let site = Site::default();
    let one = site.tab(T1);
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    site.db.settle();
    site.slots.clear();
    play(&mut b);
    let err = first.save(&b, || unreachable!()).unwrap_err();
    assert!(
        err.to_string().contains("data for the site was cleared"),
        "{err}"
    );
    one.gone("the browser's storage for Adjutant was cleared");
    let err = one.check(&path).unwrap_err();
    assert!(err.to_string().contains("saves nothing more"), "{err}");
    assert!(
        one.write(Path::new("adjutant/config/settings.ron"), b"x")
            .is_err()
    );
}

#[test]
fn a_page_back_from_the_cache_writes_again_only_once_it_checked_nobody_played_meanwhile() {
    let site = Site::default();
    let one = site.tab(T1);
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    site.db.settle();

    // Put away and back, nobody played it: it writes on.
    one.release_all(true);
    assert!(site.slots.get(&locks::lock_key(&path)).unwrap().is_none());
    let check = one.come_back();
    assert_eq!(check, [key(&path)]);
    play(&mut b);
    assert!(
        first.save(&b, || unreachable!()).is_err(),
        "not before the check"
    );
    one.verified(
        &key(&path),
        site.db.stored(&key(&path)).map(|s| s.meta.stamp),
    );
    first
        .save(&b, || unreachable!())
        .expect("checked: it writes on");
    site.db.settle();

    // Put away again; another tab plays it meanwhile and lets go.
    one.release_all(true);
    let two = site.start_among(T2, &[T1, T2]).0;
    let mut second = store(&two);
    let mut theirs = second.open(&path).expect("free while the first is away");
    play(&mut theirs);
    second.save(&theirs, || unreachable!()).unwrap();
    second.release(&path);
    site.db.settle();
    one.come_back();
    one.verified(
        &key(&path),
        site.db.stored(&key(&path)).map(|s| s.meta.stamp),
    );
    play(&mut b);
    let err = first.save(&b, || unreachable!()).unwrap_err();
    assert!(
        err.to_string().contains("while this page was away"),
        "{err}"
    );
    assert_eq!(committed_entries(&site, &key(&path)), theirs.log().len());
}

#[test]
fn closing_the_page_gives_back_every_lock_of_the_tab_and_only_those() {
    let site = Site::default();
    let first = site.tab(T1);
    let second = site.tab(T2);
    first.set_live(0, [T1, T2]);
    second.set_live(0, [T1, T2]);
    let a = first.try_lock(Path::new("adjutant/battles/a.ron")).unwrap();
    let b = second
        .try_lock(Path::new("adjutant/battles/b.ron"))
        .unwrap();
    first.release_all(false);
    std::mem::forget(a);
    assert!(second.try_lock(Path::new("adjutant/battles/a.ron")).is_ok());
    assert!(matches!(
        first.try_lock(Path::new("adjutant/battles/b.ron")),
        Err(StoreError::Busy { .. })
    ));
    drop(b);
}

#[test]
fn a_tab_sees_what_another_wrote_from_its_journal_and_then_from_the_store() {
    let site = Site::default();
    let one = site.tab(T1);
    let two = site.tab(T2);
    let settings = Path::new("adjutant/config/settings.ron");
    one.write(settings, b"Settings(theme: Dark)").unwrap();
    // Not yet committed: the other tab takes it from the journal.
    two.refreshed(vec![(key(settings), site.db.stored(&key(settings)))]);
    assert_eq!(two.read(settings).unwrap(), b"Settings(theme: Dark)");
    site.db.settle();
    one.write(settings, b"Settings(theme: Light)").unwrap();
    site.db.settle();
    let bak = key(&backup_path(settings));
    two.refreshed(vec![
        (key(settings), site.db.stored(&key(settings))),
        (bak.clone(), site.db.stored(&bak)),
    ]);
    assert_eq!(two.read(settings).unwrap(), b"Settings(theme: Light)");
    assert_eq!(
        two.read(&backup_path(settings)).unwrap(),
        b"Settings(theme: Dark)"
    );
}

#[test]
fn a_note_holds_while_its_value_does() {
    let site = Site::default();
    site.slots.wait(1_000);
    let files = site.tab(T1);
    let path = Path::new("adjutant/battles/b.ron");
    files.write(path, b"one").unwrap();
    files.set_note(path, "1 entry".into());
    site.db.settle();
    assert_eq!(site.db.commits(), 1, "the note goes with the write");
    let (again, _) = site.start(T2);
    assert_eq!(again.note(path).as_deref(), Some("1 entry"));
    assert!(again.modified(path).is_some());
    again.write(path, b"two").unwrap();
    assert_eq!(again.note(path), None, "a note of the value before");
    site.db.settle();
    // A note kept beside another value than the one there is not believed.
    let mut stored = site.db.stored(&key(path)).unwrap();
    stored.meta.note = Some("2 entries".into());
    stored.text = "three".into();
    site.db.put_stored(&key(path), stored);
    let (third, _) = site.start(T3);
    assert_eq!(third.read(path).unwrap(), b"three");
    assert_eq!(third.note(path), None);
}

#[test]
fn local_storage_turned_off_leaves_the_database_to_keep_each_write_once_committed() {
    let site = Site::default();
    site.slots.disable();
    let files = site.tab(T1);
    let mut store = store(&files);
    let mut b = battle();
    play(&mut b);
    let path = store.save(&b, || "b".into()).expect("the store takes it");
    assert!(files.check(&path).is_err(), "not kept before its commit");
    site.db.settle();
    assert!(files.check(&path).is_ok());

    // With the database refusing too, nothing is kept, nothing panics.
    site.db.refuse(Some(Refused {
        full: false,
        message: "UnknownError".into(),
    }));
    play(&mut b);
    store
        .save(&b, || unreachable!())
        .expect("the copy takes it");
    site.db.settle();
    let err = files.check(&path).unwrap_err();
    assert!(err.to_string().contains("the browser refused"), "{err}");
    let keys: BTreeSet<_> = files
        .list(Path::new("adjutant/battles"))
        .into_iter()
        .collect();
    assert!(keys.contains(&path));
}

/// Writes the battles the browser check puts in the page's store (`web/test/store.mjs`,
/// `web/test/bench-store.mjs`) into `ADJUTANT_WEB_FIXTURES` (a folder): `big.ron`, a Winceby
/// battle of 10,000 rolls after its set-up, `thousand.ron`, one of 1,000, and
/// `many/battle-NNN.ron`, 300 Winceby battles of a few rolls each, every one its own seed.
/// Run by `scripts/check-web.sh` and `scripts/bench-web.sh`.
#[test]
#[ignore = "writes the browser check's battles; scripts/check-web.sh runs it"]
fn battles_for_the_browser_check() {
    let Some(dir) = std::env::var_os("ADJUTANT_WEB_FIXTURES").map(PathBuf::from) else {
        panic!("ADJUTANT_WEB_FIXTURES names the folder to write into");
    };
    let many = dir.join("many");
    std::fs::create_dir_all(&many).unwrap();
    let winceby = |seed: u64| {
        let armies = ["winceby_royalists", "winceby_parliament"]
            .iter()
            .map(|n| shipped::army(&format!("royalists_roundheads/{n}.ron")))
            .collect();
        Battle::new("royalists_roundheads", armies, seed).expect("set up")
    };
    let mut big = winceby(10_000);
    for _ in 0..10_000 {
        play(&mut big);
    }
    let text = battle_to_ron(&big).unwrap();
    battle_from_ron(&text, Path::new("big.ron")).expect("loads back");
    std::fs::write(dir.join("big.ron"), text).unwrap();
    let mut thousand = winceby(1_000);
    for _ in 0..1_000 {
        play(&mut thousand);
    }
    std::fs::write(dir.join("thousand.ron"), battle_to_ron(&thousand).unwrap()).unwrap();
    for n in 0..300u64 {
        let mut b = winceby(n + 1);
        for _ in 0..(n % 7) {
            play(&mut b);
        }
        std::fs::write(
            many.join(format!("battle-{n:03}.ron")),
            battle_to_ron(&b).unwrap(),
        )
        .unwrap();
    }
}

#[test]
fn a_deleted_battle_goes_into_the_bin_and_comes_back_and_one_another_tab_plays_stays() {
    let site = Site::default();
    let one = site.tab(T1);
    let mut first = store(&one);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    play(&mut b);
    first.save(&b, || unreachable!()).expect("saved again");
    site.db.settle();
    let (text, bak) = (
        site.db.text(&key(&path)).expect("committed"),
        site.db.text(&key(&backup_path(&path))).expect("committed"),
    );

    // The first tab plays it: the second cannot delete it.
    let two = site.start_among(T2, &[T1]).0;
    let mut second = store(&two);
    let err = second.delete(&path, 1_717_252_320).unwrap_err();
    assert!(matches!(err, StoreError::Busy { .. }), "{err:?}");
    assert!(two.read(&path).is_ok());

    first.release(&path);
    let binned = second.delete(&path, 1_717_252_320).expect("deleted");
    assert_eq!(
        binned.id,
        Path::new("adjutant/battles/bin/first.ron.deleted-2024-06-01-143200")
    );
    assert!(
        second
            .storage()
            .list(Path::new("adjutant/battles"))
            .is_empty(),
        "no battle, backup or lock is left in the folder"
    );
    assert_eq!(second.bin(), std::slice::from_ref(&binned));
    site.db.settle();
    assert_eq!(
        site.db.text(&key(&path)),
        None,
        "gone from the store of record"
    );

    let back = second.put_back(&binned.id).expect("put back");
    assert_eq!(back, path);
    site.db.settle();
    assert_eq!(
        site.db.text(&key(&path)).expect("committed"),
        text,
        "byte for byte"
    );
    assert_eq!(
        site.db.text(&key(&backup_path(&path))).expect("committed"),
        bak
    );
    assert!(second.bin().is_empty());

    let binned = second.delete(&path, 1_717_252_321).unwrap();
    second.delete_for_good(&binned.id).unwrap();
    site.db.settle();
    let left: Vec<String> = two
        .stamps()
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| k.contains("first.ron"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(site.db.text(&key(&binned.id)), None);
}

#[test]
fn a_backup_restores_into_the_pages_storage_byte_for_byte_and_twice_adds_nothing() {
    use adjutant_core::store::backup::{self, Backup, Item, Kind, Places};

    let site = Site::default();
    let mut b = battle();
    play(&mut b);
    let text = battle_to_ron(&b).unwrap();
    let backup = Backup {
        made: "2025-06-01 14:32 UTC".into(),
        items: vec![
            Item {
                kind: Kind::Battle,
                path: "laptop.ron".into(),
                text: text.clone(),
            },
            Item {
                kind: Kind::Army,
                path: "royalists_roundheads/mine.ron".into(),
                text: "Army()".into(),
            },
        ],
    };
    let backup = backup::read(&backup::write(&backup), Path::new("b.ron")).unwrap();
    let places = Places {
        battles: "adjutant/battles".into(),
        armies: "adjutant/armies".into(),
        tables: "adjutant/config/tables".into(),
        settings: "adjutant/config/settings.ron".into(),
    };
    let mut files = site.tab(T1);
    let restored = backup::restore(&mut files, &places, &backup, |_| Ok(()));
    assert_eq!(restored.summary(), "Added 1 battle and 1 army.");
    site.db.settle();
    assert_eq!(
        site.db
            .text("adjutant/battles/laptop.ron")
            .expect("committed"),
        text,
        "byte for byte"
    );
    assert_eq!(
        committed_entries(&site, "adjutant/battles/laptop.ron"),
        b.log().len()
    );
    let again = backup::restore(&mut files, &places, &backup, |_| Ok(()));
    assert_eq!(again.written(), 0);
    assert_eq!(
        again.summary(),
        "Already here, so skipped: 1 battle and 1 army."
    );
}
