//! The battle store's rules on the in-memory storage: a battle saved, loaded, undone, saved
//! again and got back from its backup; an item that fails to load is never written over; an
//! item changed by someone else is not written over; a second holder is refused.

use std::path::{Path, PathBuf};

use adjutant_core::army::shipped;
use adjutant_core::battle::{Action, Battle};
use adjutant_core::dice::{Dice, Die};
use adjutant_core::rules::Systems;
use adjutant_core::store::storage::backup_path;
use adjutant_core::store::{Battles, Memory, Storage, StoreError, battle_from_bytes_under};

/// A Royalists & Roundheads battle with its shipped armies, just set up.
fn battle() -> Battle {
    let armies = ["winceby_royalists", "winceby_parliament"]
        .iter()
        .map(|n| shipped::army(&format!("royalists_roundheads/{n}.ron")))
        .collect();
    Battle::new("royalists_roundheads", armies, 7).expect("set up")
}

/// Two dice from the tray, thrown by Adjutant: one more entry in the log.
fn play(b: &mut Battle) {
    b.start(Action::Roll(Dice::new(2, Die::D6))).expect("rolls");
    b.roll().expect("thrown");
}

fn battles(memory: &Memory) -> Battles<Memory> {
    Battles::new(memory.clone(), "battles")
}

#[test]
fn a_battle_is_saved_loaded_undone_and_got_back_from_its_backup() {
    let memory = Memory::new();
    let mut store = battles(&memory);
    let mut b = battle();
    play(&mut b);
    play(&mut b);
    let path = store.save(&b, || "first".into()).expect("saved");
    assert_eq!(path, Path::new("battles/first.ron"));
    assert_eq!(store.path_of(&b), Some(path.as_path()));

    // The first session ends; another loads the battle as it was saved.
    drop(store);
    let mut other = battles(&memory);
    let mut loaded = other.open(&path).expect("loads");
    assert_eq!(loaded.log(), b.log());
    assert_eq!(loaded.state(), b.state());

    // Undone and saved again: to the same item, the previous one kept as its backup.
    loaded.undo().expect("undoes");
    let again = other
        .save(&loaded, || unreachable!("it has its item"))
        .expect("saved");
    assert_eq!(again, path);
    assert_eq!(
        other.load(&path).expect("loads").log(),
        &b.log()[..b.log().len() - 1]
    );
    let backup = backup_path(&path);
    let bytes = memory.read(&backup).expect("a backup");
    let older = battle_from_bytes_under(&Systems::shipped(), &bytes, &backup).expect("loads");
    assert_eq!(older.log(), b.log(), "the backup is the save before");
    assert_eq!(older.state(), b.state());

    // A battle loaded from its backup goes to a new item, never into the backup.
    let mut third = battles(&memory);
    let from_backup = third.load(&backup).expect("the backup loads");
    assert_eq!(third.path_of(&from_backup), None);
    assert!(matches!(
        third.save_as(&from_backup, &backup),
        Err(StoreError::Backup { .. })
    ));
}

#[test]
fn a_new_battle_gets_a_name_of_its_own() {
    let memory = Memory::new();
    memory.put("battles/same.ron.bak", b"an old backup");
    let mut store = battles(&memory);
    let b = battle();
    let path = store.save_new(&b, "same").expect("saved");
    assert_eq!(path, PathBuf::from("battles/same-2.ron"));
    assert_eq!(
        memory.list(Path::new("battles")),
        [
            PathBuf::from("battles/same-2.ron"),
            "battles/same.ron.bak".into()
        ]
    );
}

#[test]
fn an_item_that_fails_to_load_is_never_written_over() {
    let memory = Memory::new();
    memory.put("battles/broken.ron", b"BattleFile(version: 2, sys");
    let mut store = battles(&memory);
    let path = PathBuf::from("battles/broken.ron");
    assert!(store.load(&path).is_err());
    assert!(store.is_quarantined(&path));
    assert!(matches!(
        store.save_as(&battle(), &path),
        Err(StoreError::Quarantined { .. })
    ));
    assert_eq!(
        memory.read(&path).expect("kept"),
        b"BattleFile(version: 2, sys"
    );
}

#[test]
fn an_item_changed_by_someone_else_is_not_written_over() {
    let memory = Memory::new();
    let mut store = battles(&memory);
    let mut b = battle();
    let path = store.save(&b, || "b".into()).expect("saved");
    let theirs = memory.read(&path).expect("saved");
    memory.put(&path, &theirs);
    play(&mut b);
    assert!(matches!(
        store.save(&b, || "b".into()),
        Err(StoreError::Changed { .. })
    ));
}

#[test]
fn a_battle_one_holder_plays_is_not_written_by_another() {
    let memory = Memory::new();
    let mut first = battles(&memory);
    let b = battle();
    let path = first.save(&b, || "b".into()).expect("saved");
    assert!(first.holds(&path));
    let mut second = battles(&memory);
    assert!(matches!(second.open(&path), Err(StoreError::Busy { .. })));
    first.release(&path);
    assert!(!first.holds(&path));
    second.open(&path).expect("free again");
}
