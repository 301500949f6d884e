//! Saves the disk refuses: a full disk (a real one is simulated with a file-size limit, so
//! `write` stops part-way with "File too large", in a child process because the limit holds
//! for the whole process) and a battles folder that cannot be written (a file stands where it
//! should be, which stops root too). Each failed save is an error naming the file; the battle
//! goes on in memory, the file on disk stays the last one saved, no temp file is left, and
//! once the disk allows, the next save writes everything to the same file.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use adjutant::battle::Battle;
use adjutant::store::atomic::{backup_path, is_temp_name};
use adjutant::store::{BattleStore, StoreError, read_battle};

use crate::common::{self, script};

const SYSTEM: &str = "royalists_roundheads";
const SEED: u64 = 77;
/// Where the full-disk child keeps its battles; its presence makes `full_disk_child` run.
const ENV_DIR: &str = "ADJUTANT_FULL_DISK_CHILD_DIR";

fn temp_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .expect("the battles folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| is_temp_name(n))
        .collect()
}

/// Plays steps `from..to` of the script, each followed by a save to `path` that must fail;
/// checks that the saved file (at `kept` meanwhile) stays as it was, and returns the battle as
/// it is in memory.
fn play_unsaved(
    store: &mut BattleStore,
    mut battle: Battle,
    (path, kept): (&Path, &Path),
    steps: std::ops::Range<u64>,
    expect: impl Fn(&StoreError) -> bool,
) -> Battle {
    let on_disk = fs::read(kept).expect("the saved file");
    for i in steps {
        script::step(&mut battle, SEED, i);
        let err = store.save(&battle).expect_err("the disk refuses");
        let msg = err.to_string();
        assert!(expect(&err), "step {i}: {msg}");
        assert!(msg.contains(&path.parent().expect("a folder").display().to_string()));
        assert!(msg.contains("os error"), "the system's reason: {msg}");
        assert_eq!(fs::read(kept).expect("still there"), on_disk, "step {i}");
        assert!(
            !store.is_quarantined(path),
            "a refused save is no broken file"
        );
    }
    battle
}

/// Saves what was kept in memory now that the disk allows, and checks it all arrived.
fn save_later(store: &mut BattleStore, battle: &Battle, path: &Path, first: &Battle) {
    assert_eq!(store.save(battle).expect("the disk allows again"), path);
    assert_eq!(&read_battle(path).expect("it loads"), battle);
    assert_eq!(&read_battle(&backup_path(path)).expect("the backup"), first);
    assert!(temp_files(path.parent().expect("a folder")).is_empty());
}

#[test]
fn a_blocked_battles_folder_keeps_the_battle_in_memory_until_it_can_be_saved() {
    let temp = tempfile::tempdir().expect("a temp folder");
    let battles = temp.path().join("battles");
    let mut store = BattleStore::in_dir(&battles);
    let first = script::start(SYSTEM, SEED);
    let path = store.save(&first).expect("the first save");
    // The folder moves away and a file takes its place, as a lost mount or a bad sync can.
    let away = temp.path().join("away");
    fs::rename(&battles, &away).expect("move the folder");
    fs::write(&battles, "not a folder").expect("a file in its place");
    let folder = battles.display().to_string();
    let kept = away.join(path.file_name().expect("a file name"));
    let battle = play_unsaved(&mut store, first.clone(), (&path, &kept), 1..31, |e| {
        matches!(e, StoreError::Io { .. })
            && e.to_string()
                .starts_with(&format!("cannot create the folder {folder}: "))
    });
    assert_eq!(battle, script::states(SYSTEM, SEED, 30)[30], "nothing lost");
    fs::remove_file(&battles).expect("the file goes");
    fs::rename(&away, &battles).expect("the folder comes back");
    // The first save after the folder came back backs up the battle saved before it left.
    save_later(&mut store, &battle, &path, &first);
}

/// The child: saves a battle, lowers its file-size limit below any battle file, plays 30
/// steps whose saves all fail part-way through the write, raises the limit and saves.
#[test]
#[ignore = "run by a_full_disk_keeps_the_battle_in_memory_until_it_can_be_saved"]
fn full_disk_child() {
    let Some(dir) = std::env::var_os(ENV_DIR).map(PathBuf::from) else {
        return;
    };
    let mut store = BattleStore::in_dir(&dir);
    let first = script::start(SYSTEM, SEED);
    let path = store.save(&first).expect("the first save");
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain system calls on a struct owned here; ignoring SIGXFSZ makes a write past
    // the limit fail with EFBIG instead of ending the process.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit), 0);
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let small = libc::rlimit {
            rlim_cur: 1024,
            rlim_max: limit.rlim_max,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &small), 0);
    }
    let shown = path.display().to_string();
    let battle = play_unsaved(&mut store, first.clone(), (&path, &path), 1..31, |e| {
        matches!(e, StoreError::Io { .. })
            && e.to_string()
                .starts_with(&format!("cannot write {shown}: File too large"))
    });
    assert!(temp_files(&dir).is_empty(), "each failed write cleans up");
    // SAFETY: as above; the soft limit goes back to what it was.
    unsafe {
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0);
    }
    save_later(&mut store, &battle, &path, &first);
    println!(
        "full disk: 30 refused saves, then saved {} entries",
        battle.log().len()
    );
}

#[test]
#[cfg(unix)]
fn a_full_disk_keeps_the_battle_in_memory_until_it_can_be_saved() {
    let temp = tempfile::tempdir().expect("a temp folder");
    let dir = temp.path().join("battles");
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args([
            "--exact",
            &common::test_named(module_path!(), "full_disk_child"),
        ])
        .arg("--ignored")
        .args(["--nocapture", "--test-threads=1"])
        .env(ENV_DIR, &dir)
        .output()
        .expect("the child runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("full disk: 30 refused saves, then saved"),
        "the child ran: {stdout}"
    );
    let battle = read_battle(&fs::read_dir(&dir).map_or_else(
        |e| panic!("{e}"),
        |mut entries| {
            entries
                .find_map(|e| {
                    let p = e.ok()?.path();
                    (p.extension()? == "ron").then_some(p)
                })
                .expect("the battle file")
        },
    ))
    .expect("the battle loads");
    assert_eq!(battle, script::states(SYSTEM, SEED, 30)[30]);
}
