//! Atomic writes: every point of failure, crashes, backups, full disks and read-only folders.

use super::*;

#[test]
fn write_atomic_keeps_a_backup_of_the_previous_version() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.ron");
    write_atomic(&path, OLD).unwrap();
    assert!(!dir.path().join("b.ron.bak").exists(), "nothing to back up");
    write_atomic(&path, NEW).unwrap();
    assert_eq!(fs::read(&path).unwrap(), NEW);
    assert_eq!(fs::read(dir.path().join("b.ron.bak")).unwrap(), OLD);
    write_atomic(&path, b"third").unwrap();
    assert_eq!(fs::read(dir.path().join("b.ron.bak")).unwrap(), NEW);
    assert!(temp_names(dir.path()).is_empty());
}

/// Every step of the sequence, failing (an error, cleaned up) and crashing (nothing cleaned
/// up): the file is always the whole old version or the whole new one, never a mixture.
#[test]
fn an_interrupted_write_leaves_the_old_or_the_new_file() {
    for step in WriteStep::ALL {
        for fault in [
            Fault::Fail(ErrorKind::StorageFull),
            Fault::Fail(ErrorKind::PermissionDenied),
            Fault::Crash,
        ] {
            for had_old in [true, false] {
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("b.ron");
                if had_old {
                    write_atomic(&path, OLD).unwrap();
                }
                let result = write_atomic_with(&path, NEW, |s| (s == step).then_some(fault));
                let err = result.expect_err("the hook stops the write");
                let case = format!("{step:?} {fault:?} had_old={had_old}: {err}");
                assert_eq!(err.path(), Some(path.as_path()), "{case}");
                let renamed = step == WriteStep::SyncDir;
                match fs::read(&path) {
                    Ok(bytes) if renamed => assert_eq!(bytes, NEW, "{case}"),
                    Ok(bytes) => assert_eq!(bytes, OLD, "{case}"),
                    Err(_) => assert!(!had_old && !renamed, "{case}: the file vanished"),
                }
                let bak = fs::read(dir.path().join("b.ron.bak")).ok();
                if had_old && matches!(step, WriteStep::Rename | WriteStep::SyncDir) {
                    assert_eq!(bak.as_deref(), Some(OLD), "{case}");
                }
                if let Some(bak) = bak {
                    assert_eq!(
                        bak, OLD,
                        "{case}: a backup is always a complete old version"
                    );
                }
                if let Fault::Fail(kind) = fault {
                    assert!(
                        matches!(err, StoreError::Io { kind: k, .. } if k == kind),
                        "{case}"
                    );
                    if !renamed {
                        assert!(temp_names(dir.path()).is_empty(), "{case}: temp left");
                    }
                }
                // The next write works, stale temp files or not.
                write_atomic(&path, NEW).unwrap();
                assert_eq!(fs::read(&path).unwrap(), NEW, "{case}");
            }
        }
    }
}

#[test]
fn a_full_disk_is_an_error_with_the_path_and_the_old_battle_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut b = battle(1);
    let path = store.save(&b).unwrap();
    let saved = fs::read(&path).unwrap();
    b.start(Action::Draw).unwrap();
    b.draw().unwrap();
    let text = battle_to_ron(&b).unwrap();
    let err = write_atomic_with(&path, text.as_bytes(), |s| {
        (s == WriteStep::WriteRest).then_some(Fault::Fail(ErrorKind::StorageFull))
    })
    .unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!("cannot write {}: ", path.display())),
        "{msg}"
    );
    assert_eq!(fs::read(&path).unwrap(), saved);
    assert_eq!(store.load(&path).unwrap(), battle(1));
}

#[test]
fn a_crash_mid_save_leaves_a_loadable_battle_and_the_list_ignores_the_debris() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut b = battle(2);
    let path = store.save(&b).unwrap();
    b.start(Action::Reshuffle).unwrap();
    let text = battle_to_ron(&b).unwrap();
    let err = write_atomic_with(&path, text.as_bytes(), |s| {
        (s == WriteStep::WriteRest).then_some(Fault::Crash)
    })
    .unwrap_err();
    assert!(matches!(err, StoreError::Interrupted { .. }), "{err}");
    assert_eq!(
        temp_names(dir.path()).len(),
        1,
        "a half-written temp file is left"
    );
    assert_eq!(store.load(&path).unwrap(), battle(2));
    let list = store.list();
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0].path, path);
    assert_eq!(store.save(&b).unwrap(), path);
    assert_eq!(store.load(&path).unwrap(), b);
}

/// Makes `dir` read-only and says whether that stops writes. Tests may run as root, where
/// permissions do not stop anything; callers then block writes another way.
#[cfg(unix)]
fn read_only_stops_writes(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
    let probe = dir.join(".probe");
    let written = fs::write(&probe, b"x").is_ok();
    let _ = fs::remove_file(&probe);
    !written
}

#[cfg(unix)]
fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dir, fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
#[cfg(unix)]
fn a_read_only_data_folder_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::portable(dir.path().join("data"));
    fs::create_dir_all(&paths.data).unwrap();
    if !read_only_stops_writes(&paths.data) {
        // As root: a plain file where the battles folder belongs, so nothing can be made in it.
        make_writable(&paths.data);
        fs::write(paths.battles_dir(), b"not a folder").unwrap();
    }
    let err = BattleStore::new(&paths).save(&battle(9)).unwrap_err();
    make_writable(&paths.data);
    let msg = err.to_string();
    assert!(matches!(err, StoreError::Io { .. }), "{msg}");
    let expected = format!(
        "cannot create the folder {}: ",
        paths.battles_dir().display()
    );
    assert!(msg.starts_with(&expected), "{msg}");
    assert!(msg.contains("os error"), "{msg}");
}

#[test]
#[cfg(unix)]
fn a_read_only_battles_folder_keeps_the_saved_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path().join("battles"));
    let mut b = battle(10);
    let path = store.save(&b).unwrap();
    let before = fs::read(&path).unwrap();
    b.start(Action::Draw).unwrap();
    b.draw().unwrap();
    let battles = store.dir().to_path_buf();
    if read_only_stops_writes(&battles) {
        let err = store.save(&b).unwrap_err();
        make_writable(&battles);
        let expected = format!(
            "cannot write {}: Permission denied (os error 13)",
            path.display()
        );
        assert_eq!(err.to_string(), expected);
    } else {
        // As root: save under the battle file, as if it were a folder; that cannot be made.
        make_writable(&battles);
        let err = store.save_as(&b, &path.join("inner.ron")).unwrap_err();
        assert!(matches!(err, StoreError::Io { .. }), "{err}");
        assert!(err.to_string().contains("os error"), "{err}");
    }
    assert_eq!(fs::read(&path).unwrap(), before);
    assert!(temp_names(&battles).is_empty());
    assert_eq!(store.load(&path).unwrap(), battle(10));
}
