//! The browser's store on slots in memory: the backup, a storage that fills up or refuses,
//! two tabs of one site, the bin, and a backup of everything restored into the page's
//! storage.

use std::io;
use std::path::Path;

use super::*;
use crate::store::Battles;
use adjutant_core::army::shipped;
use adjutant_core::battle::{Action, Battle};
use adjutant_core::dice::{Dice, Die};
use adjutant_core::store::storage::backup_path;

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

/// The battles of one tab.
fn tab(slots: &MemorySlots, tab: u64) -> Battles<Browser<MemorySlots>> {
    Battles::new(Browser::new(slots.clone(), tab), "adjutant/battles")
}

fn entries(slots: &MemorySlots, path: &Path) -> usize {
    tab(slots, 99).load(path).expect("loads").log().len()
}

#[test]
fn a_file_is_kept_whole_under_its_path_with_the_one_before_as_its_backup() {
    let slots = MemorySlots::default();
    let files = Browser::new(slots.clone(), 1);
    let path = Path::new("adjutant/battles/b.ron");
    files.write(path, b"one").unwrap();
    files.write(path, b"two").unwrap();
    assert_eq!(
        slots.get("adjutant/battles/b.ron").unwrap().as_deref(),
        Some("two")
    );
    assert_eq!(
        slots.get("adjutant/battles/b.ron.bak").unwrap().as_deref(),
        Some("one")
    );
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
fn a_full_storage_refuses_the_save_like_a_full_disk_and_loses_nothing_saved() {
    let slots = MemorySlots::default();
    let mut store = tab(&slots, 1);
    let mut b = battle();
    play(&mut b);
    let path = store.save(&b, || "first".into()).expect("saved");
    play(&mut b);
    store.save(&b, || unreachable!()).expect("saved again");
    let saved = b.log().len();

    // Room for one more value: the backup of the next save is kept, the battle is refused.
    slots.refuse_after(1);
    play(&mut b);
    let err = store.save(&b, || unreachable!()).unwrap_err();
    assert!(
        matches!(&err, StoreError::Io { kind, .. } if *kind == io::ErrorKind::StorageFull),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("storage for this page is full"),
        "{err}"
    );
    assert_eq!(
        entries(&slots, &path),
        saved,
        "the last save is there whole"
    );
    assert_eq!(
        entries(&slots, &adjutant_core::store::storage::backup_path(&path)),
        saved,
        "and so is its backup"
    );

    // Room again (the player cleared some): the same save goes through.
    slots.free();
    store
        .save(&b, || unreachable!())
        .expect("saved once there is room");
    assert_eq!(entries(&slots, &path), saved + 1);
}

#[test]
fn storage_turned_off_refuses_every_save_with_a_reason_and_never_panics() {
    let slots = MemorySlots::default();
    slots.disable();
    let mut store = tab(&slots, 1);
    let mut b = battle();
    play(&mut b);
    let err = store.save(&b, || "first".into()).unwrap_err();
    assert!(err.to_string().contains("the browser refused"), "{err}");
    assert!(
        store
            .storage()
            .list(Path::new("adjutant/battles"))
            .is_empty()
    );
}

#[test]
fn a_second_tab_cannot_open_the_battle_the_first_plays() {
    let slots = MemorySlots::default();
    let mut first = tab(&slots, 1);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    assert!(first.holds(&path));

    let mut second = tab(&slots, 2);
    let err = second.open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Busy { .. }), "{err:?}");
    assert!(second.save_as(&b, &path).is_err(), "nor write it");

    // The first renews its lock while it is open, however long the player thinks.
    slots.wait(STALE_MS - 1);
    first.storage().beat();
    slots.wait(STALE_MS - 1);
    assert!(matches!(second.open(&path), Err(StoreError::Busy { .. })));

    // Once the first lets go of it, the second plays it.
    first.release(&path);
    second.open(&path).expect("free once the first let go");
}

#[test]
fn a_lock_left_by_a_closed_tab_is_taken_over_but_never_its_battle_changed_since() {
    let slots = MemorySlots::default();
    let mut gone = tab(&slots, 1);
    let mut b = battle();
    play(&mut b);
    let path = gone.save(&b, || "first".into()).expect("saved");

    // The tab crashed: its lock is never renewed, and stands for STALE_MS only.
    slots.wait(STALE_MS);
    let mut second = tab(&slots, 2);
    let mut theirs = second.open(&path).expect("a stale lock is taken over");
    play(&mut theirs);
    second.save(&theirs, || unreachable!()).expect("saved");
    let theirs = theirs.log().len();

    // Had the first tab come back, its next save would not go over the second's battle.
    play(&mut b);
    let err = gone.save(&b, || unreachable!()).unwrap_err();
    assert!(
        matches!(err, StoreError::Busy { .. } | StoreError::Changed { .. }),
        "{err:?}"
    );
    assert_eq!(
        entries(&slots, &path),
        theirs,
        "the second tab's save stands"
    );
}

#[test]
fn closing_the_page_gives_back_every_lock_of_the_tab_and_only_those() {
    let slots = MemorySlots::default();
    let first = Browser::new(slots.clone(), 1);
    let second = Browser::new(slots.clone(), 2);
    let a = first.try_lock(Path::new("adjutant/battles/a.ron")).unwrap();
    let b = second
        .try_lock(Path::new("adjutant/battles/b.ron"))
        .unwrap();
    first.release_all();
    std::mem::forget(a);
    assert!(second.try_lock(Path::new("adjutant/battles/a.ron")).is_ok());
    assert!(matches!(
        first.try_lock(Path::new("adjutant/battles/b.ron")),
        Err(StoreError::Busy { .. })
    ));
    drop(b);
}

#[test]
fn a_deleted_battle_goes_into_the_bin_and_comes_back_and_one_another_tab_plays_stays() {
    let slots = MemorySlots::default();
    let mut first = tab(&slots, 1);
    let mut b = battle();
    play(&mut b);
    let path = first.save(&b, || "first".into()).expect("saved");
    play(&mut b);
    first.save(&b, || unreachable!()).expect("saved again");
    let (text, bak) = (
        slots.get(&key(&path)).unwrap().unwrap(),
        slots.get(&key(&backup_path(&path))).unwrap().unwrap(),
    );

    // The first tab plays it: the second cannot delete it.
    let mut second = tab(&slots, 2);
    let err = second.delete(&path, 1_717_252_320).unwrap_err();
    assert!(matches!(err, StoreError::Busy { .. }), "{err:?}");
    assert!(slots.get(&key(&path)).unwrap().is_some());

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

    let back = second.put_back(&binned.id).expect("put back");
    assert_eq!(back, path);
    assert_eq!(
        slots.get(&key(&path)).unwrap().unwrap(),
        text,
        "byte for byte"
    );
    assert_eq!(slots.get(&key(&backup_path(&path))).unwrap().unwrap(), bak);
    assert!(second.bin().is_empty());

    let binned = second.delete(&path, 1_717_252_321).unwrap();
    second.delete_for_good(&binned.id).unwrap();
    assert!(
        slots.keys().iter().all(|k| !k.contains("first.ron")),
        "{:?}",
        slots.keys()
    );
}

#[test]
fn a_backup_restores_into_the_pages_storage_byte_for_byte_and_twice_adds_nothing() {
    use adjutant_core::store::backup::{self, Backup, Item, Kind, Places};

    let slots = MemorySlots::default();
    let mut b = battle();
    play(&mut b);
    let text = adjutant_core::store::battle_to_ron(&b).unwrap();
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
    let mut files = Browser::new(slots.clone(), 1);
    let restored = backup::restore(&mut files, &places, &backup, |_| Ok(()));
    assert_eq!(restored.summary(), "Added 1 battle and 1 army.");
    assert_eq!(
        slots.get("adjutant/battles/laptop.ron").unwrap().unwrap(),
        text,
        "byte for byte"
    );
    assert_eq!(
        entries(&slots, Path::new("adjutant/battles/laptop.ron")),
        b.log().len()
    );
    let again = backup::restore(&mut files, &places, &backup, |_| Ok(()));
    assert_eq!(again.written(), 0);
    assert_eq!(
        again.summary(),
        "Already here, so skipped: 1 battle and 1 army."
    );
}
