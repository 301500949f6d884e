//! The bin on the in-memory storage: a battle deleted goes into the bin with its backup and is
//! no longer in the folder; it is put back under its name (or a new one, when that is taken
//! again); a battle another holder plays cannot be deleted; old battles go for good.

use std::path::{Path, PathBuf};

use adjutant_core::army::shipped;
use adjutant_core::battle::{Action, Battle};
use adjutant_core::dice::{Dice, Die};
use adjutant_core::store::bin::KEEP_DAYS;
use adjutant_core::store::storage::backup_path;
use adjutant_core::store::{Battles, Memory, Storage, StoreError};

/// 2024-06-01 14:32:00 UTC.
const NOW: u64 = 1_717_252_320;
const DAY: u64 = 86_400;

fn battle() -> Battle {
    let armies = ["winceby_royalists", "winceby_parliament"]
        .iter()
        .map(|n| shipped::army(&format!("royalists_roundheads/{n}.ron")))
        .collect();
    Battle::new("royalists_roundheads", armies, 7).expect("set up")
}

fn play(b: &mut Battle) {
    b.start(Action::Roll(Dice::new(2, Die::D6))).expect("rolls");
    b.roll().expect("thrown");
}

/// A battle saved twice (so it has a backup), let go of.
fn saved(store: &mut Battles<Memory>) -> (PathBuf, Vec<u8>, Vec<u8>) {
    let mut b = battle();
    let path = store.save(&b, || "first".into()).unwrap();
    play(&mut b);
    store.save(&b, || unreachable!()).unwrap();
    store.release(&path);
    let storage = store.storage();
    (
        path.clone(),
        storage.read(&path).unwrap(),
        storage.read(&backup_path(&path)).unwrap(),
    )
}

fn in_folder(memory: &Memory) -> Vec<PathBuf> {
    memory.list(Path::new("battles"))
}

#[test]
fn a_deleted_battle_goes_into_the_bin_and_comes_back_as_it_was() {
    let memory = Memory::new();
    let mut store = Battles::new(memory.clone(), "battles");
    let (path, file, bak) = saved(&mut store);

    let binned = store.delete(&path, NOW).expect("deleted");
    assert!(in_folder(&memory).is_empty(), "{:?}", in_folder(&memory));
    assert_eq!(
        binned.id,
        Path::new("battles/bin/first.ron.deleted-2024-06-01-143200")
    );
    assert_eq!(binned.name, "first.ron");
    assert_eq!(memory.read(binned.file.as_ref().unwrap()).unwrap(), file);
    assert_eq!(memory.read(binned.backup.as_ref().unwrap()).unwrap(), bak);
    assert_eq!(store.bin(), std::slice::from_ref(&binned));

    let back = store.put_back(&binned.id).expect("put back");
    assert_eq!(back, path);
    assert_eq!(memory.read(&path).unwrap(), file, "byte for byte");
    assert_eq!(memory.read(&backup_path(&path)).unwrap(), bak);
    assert!(store.bin().is_empty());
    // Played on and saved again, to its own file.
    let mut b = store.open(&path).expect("opens");
    play(&mut b);
    assert_eq!(store.save(&b, || unreachable!()).unwrap(), path);
}

#[test]
fn a_battle_put_back_where_its_name_is_taken_again_gets_a_new_one() {
    let memory = Memory::new();
    let mut store = Battles::new(memory.clone(), "battles");
    let (path, file, _) = saved(&mut store);
    let first = store.delete(&path, NOW).unwrap();
    // A new battle took the name meanwhile, and was deleted too in the same second.
    memory.put("battles/first.ron", b"another");
    let second = store.delete(&path, NOW).unwrap();
    assert_ne!(first.id, second.id);
    assert!(
        second.id.to_string_lossy().ends_with("-2"),
        "{:?}",
        second.id
    );
    assert_eq!(store.bin().len(), 2);
    memory.put("battles/first.ron", b"a third");
    let back = store.put_back(&first.id).unwrap();
    assert_eq!(back, Path::new("battles/first-2.ron"));
    assert_eq!(memory.read(&back).unwrap(), file);
    assert_eq!(
        memory.read(Path::new("battles/first.ron")).unwrap(),
        b"a third"
    );
}

#[test]
fn a_battle_another_holder_plays_cannot_be_deleted() {
    let memory = Memory::new();
    let mut store = Battles::new(memory.clone(), "battles");
    let (path, _, _) = saved(&mut store);
    let mut other = Battles::new(memory.clone(), "battles");
    other.open(&path).expect("the other plays it");
    let err = store.delete(&path, NOW).unwrap_err();
    assert!(matches!(err, StoreError::Busy { .. }), "{err:?}");
    assert!(memory.read(&path).is_ok(), "still there");
    assert!(store.bin().is_empty());
    // Nor by the one that plays it.
    assert!(matches!(
        other.delete(&path, NOW),
        Err(StoreError::Busy { .. })
    ));
    other.release(&path);
    store.delete(&path, NOW).expect("free once let go");
}

#[test]
fn only_a_battle_of_the_folder_is_deleted() {
    let memory = Memory::new();
    let mut store = Battles::new(memory.clone(), "battles");
    memory.put("elsewhere/b.ron", b"x");
    memory.put("battles/b.ron.bak", b"x");
    for path in [
        "elsewhere/b.ron",
        "battles/none.ron",
        "battles/b.ron.bak",
        "battles/bin",
    ] {
        assert!(store.delete(Path::new(path), NOW).is_err(), "{path}");
    }
    // A battle whose file is missing, with its backup: the backup goes into the bin.
    let binned = store
        .delete(Path::new("battles/b.ron"), NOW)
        .expect("deleted");
    assert_eq!(binned.file, None);
    assert!(binned.backup.is_some());
    let back = store.put_back(&binned.id).unwrap();
    assert_eq!(memory.read(&backup_path(&back)).unwrap(), b"x");
}

#[test]
fn battles_deleted_long_ago_go_for_good_and_the_rest_stay() {
    let memory = Memory::new();
    let mut store = Battles::new(memory.clone(), "battles");
    let (path, _, _) = saved(&mut store);
    let old = store.delete(&path, NOW - KEEP_DAYS * DAY).unwrap();
    memory.put("battles/recent.ron", b"recent");
    let recent = store
        .delete(Path::new("battles/recent.ron"), NOW - KEEP_DAYS * DAY + 1)
        .unwrap();
    let gone = store.empty_bin(NOW);
    assert_eq!(gone, std::slice::from_ref(&old));
    assert_eq!(store.bin(), std::slice::from_ref(&recent));
    assert!(memory.read(old.file.as_ref().unwrap()).is_err());
    assert!(memory.read(old.backup.as_ref().unwrap()).is_err());
    store.delete_for_good(&recent.id).unwrap();
    assert!(store.bin().is_empty());
    assert!(memory.list(Path::new("battles/bin")).is_empty());
}
