//! A damaged battle and its backup: the backup is shown and can be put back (the damaged file
//! kept aside), a backup whose battle file is missing is listed, and a backup opened is never
//! saved into.

use super::*;

/// A battle saved twice (so it has a backup of its first save), then its file damaged.
fn damaged(dir: &Path) -> (BattleStore, PathBuf, Battle, Vec<u8>) {
    let mut store = BattleStore::in_dir(dir);
    let first = battle(3);
    let path = store.save(&first).unwrap();
    let mut second = first.clone();
    second.start(Action::Draw).unwrap();
    second.draw().unwrap();
    store.save(&second).unwrap();
    drop(store);
    let text = fs::read(&path).unwrap();
    let broken = text[..text.len() / 2].to_vec();
    fs::write(&path, &broken).unwrap();
    (BattleStore::in_dir(dir), path, first, broken)
}

#[test]
fn a_damaged_battle_shows_its_backup_and_the_backup_can_be_put_back() {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, path, first, broken) = damaged(dir.path());
    let list = store.list();
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(list[0].ok_or_error.is_err());
    let backup = list[0].backup.clone().expect("the backup is offered");
    assert_eq!(backup.entries, first.log().len());
    assert_eq!(
        list[0].title, "King's army vs Parliament",
        "named from the backup"
    );

    let restored = store.restore_backup(&path).unwrap();
    assert_eq!(restored.entries, first.log().len());
    let kept = restored.kept.expect("the damaged file is kept");
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("battle.ron.broken-") || name.contains(".ron.broken-"),
        "{name}"
    );
    assert_eq!(fs::read(&kept).unwrap(), broken, "kept byte for byte");
    assert_eq!(read_battle(&path).unwrap(), first);
    assert_eq!(
        read_battle(&backup.path).unwrap(),
        first,
        "the backup stays"
    );

    // The restored battle lists, loads and saves as any other; the kept file is not listed.
    let list = store.list();
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(list[0].ok_or_error.is_ok());
    let mut game = store.open(&path).unwrap();
    game.start(Action::Draw).unwrap();
    game.draw().unwrap();
    store.save(&game).unwrap();
    assert_eq!(read_battle(&path).unwrap(), game);
}

#[test]
fn a_battle_that_loads_is_not_replaced_by_its_backup() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut game = battle(3);
    let path = store.save(&game).unwrap();
    game.start(Action::Draw).unwrap();
    game.draw().unwrap();
    store.save(&game).unwrap();
    let err = store.restore_backup(&path).unwrap_err();
    assert!(matches!(err, StoreError::Loads { .. }), "{err}");
    assert_eq!(read_battle(&path).unwrap(), game);
}

/// Before, a battle whose file was gone but whose backup was there did not show at all.
#[test]
fn a_missing_battle_file_with_a_backup_is_listed_and_restored() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path, first, _) = damaged(dir.path());
    fs::remove_file(&path).unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let list = store.list();
    assert_eq!(list.len(), 1, "the backup is not dropped: {list:?}");
    assert_eq!(list[0].path, path);
    let err = list[0].ok_or_error.clone().unwrap_err();
    assert!(err.to_string().contains("No such file"), "{err}");
    assert_eq!(
        list[0].backup.as_ref().map(|b| b.entries),
        Some(first.log().len())
    );
    assert!(
        store.last().is_none(),
        "nothing to resume until it is restored"
    );

    // A new battle started in the same minute does not take the name and its backup.
    let other = store.save(&first).unwrap();
    assert_ne!(other, path);
    let restored = store.restore_backup(&path).unwrap();
    assert_eq!(restored.kept, None);
    assert_eq!(read_battle(&path).unwrap(), first);
}

/// Before, a battle opened from `b.ron.bak` was saved into the backup, making `b.ron.bak.bak`.
#[test]
fn a_backup_opened_is_never_saved_into() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut game = battle(3);
    let path = store.save(&game).unwrap();
    game.start(Action::Draw).unwrap();
    game.draw().unwrap();
    store.save(&game).unwrap();
    drop(store);

    let bak = path.with_extension("ron.bak");
    let before = fs::read(&bak).unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut old = store.load(&bak).unwrap();
    old.start(Action::Draw).unwrap();
    old.draw().unwrap();
    let saved = store.save(&old).unwrap();
    assert_ne!(saved, bak);
    assert_ne!(saved, path, "nor onto the battle it is the backup of");
    assert!(
        !dir.path()
            .join(format!(
                "{}.bak",
                bak.file_name().unwrap().to_string_lossy()
            ))
            .exists()
    );
    assert_eq!(fs::read(&bak).unwrap(), before, "the backup is as it was");
    assert_eq!(read_battle(&path).unwrap(), game);
    assert!(matches!(
        store.save_as(&old, &bak),
        Err(StoreError::Backup { .. })
    ));
}
