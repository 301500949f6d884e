//! One battle, one file, one writer: a second window (a second store, or a second process)
//! cannot save a battle the first one plays; a file replaced behind the store's back is not
//! written over; a copy of a battle gets a file of its own; a lock dies with its process.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::common;

use super::*;

/// Where the child keeps its battles; its presence makes `lock_child` run.
const ENV_LOCK_DIR: &str = "ADJUTANT_LOCK_CHILD_DIR";

fn draw(b: &mut Battle) {
    b.start(Action::Draw).unwrap();
    b.draw().unwrap();
}

/// Two windows on one data folder: before, the second saved over the first and both said
/// "Saved". Now the second is refused while the first plays, and once the first is gone the
/// second still does not write, because the file is not the one it read.
#[test]
fn a_second_window_cannot_save_over_the_battle_the_first_plays() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::portable(dir.path());
    let mut first = BattleStore::new(&paths);
    let mut game = battle(3);
    let path = first.save(&game).unwrap();

    let mut second = BattleStore::new(&paths);
    let mut other = second.load(&path).unwrap();
    draw(&mut other);
    let err = second.save(&other).unwrap_err();
    assert!(matches!(err, StoreError::Busy { .. }), "{err}");
    let msg = err.to_string();
    assert!(msg.contains("open in another Adjutant window"), "{msg}");
    assert!(
        msg.contains(&format!("process {}", std::process::id())),
        "{msg}"
    );
    assert!(msg.starts_with(&path.display().to_string()), "{msg}");
    assert!(matches!(second.open(&path), Err(StoreError::Busy { .. })));

    draw(&mut game);
    draw(&mut game);
    first.save(&game).unwrap();
    assert_eq!(
        read_battle(&path).unwrap(),
        game,
        "the first window's battle"
    );

    drop(first);
    let err = second.save(&other).unwrap_err();
    assert!(matches!(err, StoreError::Changed { .. }), "{err}");
    assert_eq!(
        read_battle(&path).unwrap(),
        game,
        "still the first window's"
    );
    // Loaded afresh, the battle is the second window's to play.
    let mut fresh = second.open(&path).unwrap();
    draw(&mut fresh);
    second.save(&fresh).unwrap();
    assert_eq!(read_battle(&path).unwrap(), fresh);
}

/// Another program puts a file where the battle is saved: the store stops and says so.
#[test]
fn a_file_replaced_behind_the_stores_back_is_not_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path());
    let mut game = battle(3);
    let path = store.save(&game).unwrap();
    let theirs = battle_to_ron(&battle(9)).unwrap();
    write_atomic(&path, theirs.as_bytes()).unwrap();

    draw(&mut game);
    let err = store.save(&game).unwrap_err();
    assert!(matches!(err, StoreError::Changed { .. }), "{err}");
    assert!(
        err.to_string().contains("changed by another program"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), theirs, "theirs is kept");
    // Saving it as a new battle is always possible.
    let copy = store.save_new(&game).unwrap();
    assert_ne!(copy, path);
    assert_eq!(read_battle(&copy).unwrap(), game);
    assert_eq!(store.save(&game).unwrap(), copy, "and it goes on there");
}

/// A battle loaded from elsewhere with the same rule system and seed — a copy saved earlier —
/// is saved as a new battle, and the battle it was copied from keeps its file.
#[test]
fn a_copy_saved_as_new_never_goes_onto_the_battle_it_came_from() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = BattleStore::in_dir(dir.path().join("battles"));
    let mut game = battle(3);
    let live = store.save(&game).unwrap();
    let copy = game.clone();
    for _ in 0..4 {
        draw(&mut game);
        store.save(&game).unwrap();
    }
    let new = store.save_new(&copy).unwrap();
    assert_ne!(new, live);
    assert_eq!(
        read_battle(&live).unwrap(),
        game,
        "the live battle is whole"
    );
    assert_eq!(read_battle(&new).unwrap(), copy);
}

/// A lock held by another process is reported with its process id, and goes when that process
/// is killed: a crash never leaves a battle locked.
#[test]
fn a_lock_held_by_another_process_dies_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let battles = dir.path().join("battles");
    let exe = std::env::current_exe().unwrap();
    let mut child = Killed(
        Command::new(exe)
            .args(["--exact", &common::test_named(module_path!(), "lock_child")])
            .args(["--ignored", "--nocapture"])
            .env(ENV_LOCK_DIR, &battles)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.0.stdout.take().unwrap();
    let path = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find_map(|l| l.strip_prefix("locked ").map(PathBuf::from))
        .expect("the child saves its battle");

    let mut store = BattleStore::in_dir(&battles);
    let mut game = store.load(&path).unwrap();
    draw(&mut game);
    match store.save(&game) {
        Err(StoreError::Busy { pid, .. }) => assert_eq!(pid, Some(child.0.id())),
        other => panic!("saved over the other process's battle: {other:?}"),
    }
    child.0.kill().unwrap();
    child.0.wait().unwrap();
    store.save(&game).expect("the lock went with the process");
    assert_eq!(read_battle(&path).unwrap(), game);
}

/// A child process, killed when the test ends however it ends.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The child: saves a battle, says where, and waits to be killed.
#[test]
#[ignore = "run by a_lock_held_by_another_process_dies_with_it as a child process"]
fn lock_child() {
    let Some(dir) = std::env::var_os(ENV_LOCK_DIR) else {
        return;
    };
    let mut store = BattleStore::in_dir(PathBuf::from(dir));
    let path = store.save(&battle(11)).unwrap();
    println!("locked {}", path.display());
    std::thread::sleep(std::time::Duration::from_secs(120));
}

/// "Save a copy" with a path that reaches the battles folder another way — through `..`, a
/// linked folder, a linked file, a hard link, the backup or the lock file of a battle, or a new
/// name in the folder — is refused, and nothing is written: before, `battles/../battles/B.ron`
/// replaced battle B's file with the copy.
#[test]
#[cfg(unix)] // symbolic links
fn a_copy_is_never_saved_onto_a_file_in_the_battles_folder_however_it_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let battles = dir.path().join("battles");
    let mut store = BattleStore::in_dir(&battles);
    let mut playing = battle(3);
    store.save(&playing).unwrap();
    draw(&mut playing);
    store.save(&playing).unwrap();
    let other = store.save(&battle(4)).unwrap();
    let name = other.file_name().unwrap();
    let before = fs::read(&other).unwrap();

    std::os::unix::fs::symlink(&battles, dir.path().join("linked")).unwrap();
    std::os::unix::fs::symlink(&other, dir.path().join("linked.ron")).unwrap();
    fs::hard_link(&other, dir.path().join("hard.ron")).unwrap();
    let lock = adjutant::store::owner::lock_path(&other);
    fs::write(&lock, "").unwrap();
    let targets = [
        battles.join("..").join("battles").join(name),
        dir.path().join("linked").join(name),
        dir.path().join("linked.ron"),
        dir.path().join("hard.ron"),
        adjutant::store::atomic::backup_path(&other),
        lock,
        battles.join("new.ron"),
        other.clone(),
    ];
    for target in &targets {
        let err = store.save_copy(&playing, target).unwrap_err();
        assert!(matches!(err, StoreError::Kept { .. }), "{target:?}: {err}");
        let msg = err.to_string();
        assert!(msg.starts_with(&target.display().to_string()), "{msg}");
        assert!(msg.contains("Adjutant's battles folder"), "{msg}");
        assert_eq!(
            fs::read(&other).unwrap(),
            before,
            "{target:?}: B is as it was"
        );
        assert!(!battles.join("new.ron").exists());
    }
    assert_eq!(read_battle(&other).unwrap(), battle(4));

    // Anywhere else, the copy is written, and the battle goes on in its own file.
    let copy = dir.path().join("copy.ron");
    store.save_copy(&playing, &copy).unwrap();
    assert_eq!(read_battle(&copy).unwrap(), playing);
    assert_ne!(store.path_of(&playing), Some(copy.as_path()));
}
