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

/// The process id of a process that has ended (one started and waited for).
#[cfg(unix)]
fn ended_process() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// Before, the temp files of saves that were killed stayed in the battles folder for ever.
/// Now those whose writer has ended, or that are older than any save takes, are cleared when
/// the folder is listed or the battle opened; one a running process may still be writing,
/// and this process's own, are left.
#[cfg(unix)]
#[test]
fn temp_files_of_saves_that_stopped_are_cleared_when_listed_or_opened() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut played = battle(4);
    let path = store.save(&played).unwrap();
    played.start(Action::Draw).unwrap();
    played.draw().unwrap();
    store.save(&played).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let (gone, own) = (ended_process(), std::process::id());
    let mut running = std::process::Command::new("sleep")
        .arg("60")
        .spawn()
        .unwrap();
    let temp = |pid: u32, n: u32, bak: bool| {
        let bak = if bak { ".bak" } else { "" };
        let temp = dir.path().join(format!(".{name}{bak}.{pid}.{n}.tmp"));
        fs::write(&temp, b"half a save").unwrap();
        temp
    };
    let left = [temp(gone, 0, false), temp(gone, 3, true)];
    let other = dir.path().join(format!(".other.ron.{gone}.1.tmp"));
    fs::write(&other, b"half").unwrap();
    let (live, mine) = (temp(running.id(), 0, false), temp(own, 99, false));
    let old_live = temp(running.id(), 1, false);
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&old_live)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();

    // Opening the battle clears its own leftovers only.
    let mut other_store = BattleStore::in_dir(dir.path());
    drop(store);
    other_store.open(&path).unwrap();
    for gone in left.iter().chain([&old_live]) {
        assert!(!gone.exists(), "{gone:?} is cleared");
    }
    assert!(
        other.exists(),
        "another battle's leftovers wait for the listing"
    );
    assert!(live.exists() && mine.exists());
    // Listing clears the rest that stopped; the battle is listed alone.
    let list = other_store.list();
    assert_eq!(list.len(), 1, "{list:?}");
    assert!(!other.exists());
    assert!(live.exists(), "a running process may still be writing it");
    assert!(mine.exists(), "this process's own");
    running.kill().unwrap();
    running.wait().unwrap();
    other_store.list();
    assert!(!live.exists(), "its writer has ended");
    assert!(mine.exists());
    assert_eq!(read_battle(&path).unwrap(), played);
}
