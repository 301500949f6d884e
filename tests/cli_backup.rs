//! `adjutant backup`, `restore-backup`, `delete` and `bin`, driving the real binary on temp
//! data folders: everything backed up on one computer comes back byte for byte on another
//! (and restoring twice adds nothing); a battle of the same name with another log is kept
//! beside it; a damaged or foreign backup restores nothing and says where; a backup is never
//! written into Adjutant's own folders; a deleted battle goes into the bin and comes back, and
//! one another window plays is not deleted.

use std::path::{Path, PathBuf};

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::{BattleStore, Paths};

use crate::common;

use common::adjutant as run;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn play(b: &mut Battle) {
    b.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    b.roll().unwrap();
}

/// A data folder with two battles (the second played on, so it has a backup), an army of the
/// player's own in a system's folder, a table file and settings. Returns its files, each with
/// its path inside the folder.
fn laptop(data: &Path) -> Vec<(String, Vec<u8>)> {
    let paths = Paths::portable(data);
    let mut store = BattleStore::new(&paths);
    let first = common::shipped_battle(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"],
        7,
    );
    let mut second = common::shipped_battle(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"],
        8,
    );
    store.save(&first).unwrap();
    let path = store.save(&second).unwrap();
    play(&mut second);
    store.save_as(&second, &path).unwrap();
    let army = paths
        .user_armies_dir()
        .join("royalists_roundheads/mine.ron");
    std::fs::create_dir_all(army.parent().unwrap()).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies/royalists_roundheads/winceby_royalists.ron");
    std::fs::copy(shipped, &army).unwrap();
    std::fs::create_dir_all(paths.overrides_dir()).unwrap();
    std::fs::write(
        paths.overrides_dir().join("rcw.ron"),
        "(\n    version: 1,\n    to_hit: (open: 4, obscured: 5, hard: 6),\n)\n",
    )
    .unwrap();
    std::fs::write(paths.settings_file(), "Settings(version: 1, theme: Dark)\n").unwrap();
    kept(data)
}

/// The files kept under `data` that a backup carries, by their path inside it.
fn kept(data: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    let mut stack = vec![data.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let inside = path
                .strip_prefix(data)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                if !inside.ends_with("bin") {
                    stack.push(path);
                }
            } else if inside.ends_with(".ron") && !inside.contains("/.") {
                found.push((inside, std::fs::read(&path).unwrap()));
            }
        }
    }
    found.sort();
    found
}

fn battles_in(data: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data.join("battles"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn everything_backed_up_comes_back_byte_for_byte_and_twice_adds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("laptop"), dir.path().join("other"));
    let files = laptop(&a);
    assert_eq!(
        files.len(),
        5,
        "{:?}",
        files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );

    let made = run(dir.path(), &a, &["backup", "-o", "all.ron"]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = text(&made.stdout);
    assert!(
        out.starts_with("wrote all.ron: 2 battles, 1 army, 1 table file and the settings"),
        "{out}"
    );
    // Into a folder, under the day's name.
    let into = run(dir.path(), &a, &["backup", "-o", "."]);
    assert!(into.status.success(), "{}", text(&into.stderr));
    assert!(
        text(&into.stdout).starts_with("wrote ./adjutant-backup-20"),
        "{}",
        text(&into.stdout)
    );
    let settings = std::fs::read_to_string(a.join("config/settings.ron")).unwrap();
    assert!(settings.contains("last_backup: Some("), "{settings}");

    let restored = run(dir.path(), &b, &["restore-backup", "all.ron"]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let out = text(&restored.stdout);
    assert!(
        out.ends_with("Added 2 battles, 1 army, 1 table file and the settings.\n"),
        "{out}"
    );
    assert_eq!(kept(&b), files, "every file byte for byte");
    assert!(
        run(dir.path(), &b, &["battles"]).status.success(),
        "they load"
    );

    let again = run(dir.path(), &b, &["restore-backup", "all.ron"]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let out = text(&again.stdout);
    assert!(
        out.ends_with(
            "Already here, so skipped: 2 battles, 1 army, 1 table file and the settings.\n"
        ),
        "{out}"
    );
    assert_eq!(kept(&b), files, "nothing added the second time");
}

#[test]
fn a_battle_of_the_same_name_with_another_log_is_kept_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("laptop"), dir.path().join("phone"));
    laptop(&a);
    assert!(
        run(dir.path(), &a, &["backup", "-o", "all.ron"])
            .status
            .success()
    );
    // The phone played one of the battles on, from an earlier backup.
    let laptops = played(&a);
    let name = laptops.file_name().unwrap().to_owned();
    let mut theirs = adjutant::store::read_battle(&laptops).unwrap();
    play(&mut theirs);
    std::fs::create_dir_all(b.join("battles")).unwrap();
    let phones = b.join("battles").join(&name);
    adjutant::store::write_battle(&phones, &theirs).unwrap();
    let phone_bytes = std::fs::read(&phones).unwrap();

    let restored = run(dir.path(), &b, &["restore-backup", "all.ron"]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let out = text(&restored.stdout);
    assert!(
        out.contains(&format!(
            "kept beside {} (which differs) as ",
            phones.display()
        )),
        "{out}"
    );
    assert!(
        std::fs::read(&phones).unwrap() == phone_bytes,
        "the phone's own is as it was"
    );
    let laptop_bytes = std::fs::read(&laptops).unwrap();
    let beside: Vec<PathBuf> = battles_in(&b)
        .into_iter()
        .filter(|p| std::fs::read(p).unwrap() == laptop_bytes)
        .collect();
    assert_eq!(
        beside.len(),
        1,
        "the laptop's is kept once, beside: {beside:?}"
    );
    assert_ne!(beside[0], phones);
    assert_eq!(
        battles_in(&b).len(),
        3,
        "both of the laptop's and the phone's own"
    );
}

/// The battle of the data folder that was played on (it has a backup).
fn played(data: &Path) -> PathBuf {
    battles_in(data)
        .into_iter()
        .find(|p| adjutant::store::atomic::backup_path(p).exists())
        .expect("a battle with a backup")
}

#[test]
fn a_damaged_or_foreign_backup_restores_nothing_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("laptop"), dir.path().join("phone"));
    laptop(&a);
    assert!(
        run(dir.path(), &a, &["backup", "-o", "all.ron"])
            .status
            .success()
    );
    let whole = std::fs::read_to_string(dir.path().join("all.ron")).unwrap();
    let damaged = whole.replacen("Battle set up", "Battle set u!", 1);
    std::fs::write(dir.path().join("damaged.ron"), &damaged).unwrap();
    let line = damaged
        .lines()
        .position(|l| l.contains("checksum:"))
        .unwrap()
        + 1;
    std::fs::write(dir.path().join("cut.ron"), &whole[..whole.len() / 3]).unwrap();
    let battle = battles_in(&a)[0].display().to_string();
    for (file, says) in [
        (
            "damaged.ron",
            format!("damaged.ron:{line}:23: item 1 (a battle at"),
        ),
        ("cut.ron", "cut.ron:".to_string()),
        (
            battle.as_str(),
            "this is a battle file, not a backup".to_string(),
        ),
        ("missing.ron", "cannot read missing.ron".to_string()),
    ] {
        let out = run(dir.path(), &b, &["restore-backup", file]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        let err = text(&out.stderr);
        assert!(err.starts_with("adjutant: nothing was restored: "), "{err}");
        assert!(err.contains(&says), "{file}: {err}");
    }
    assert!(kept(&b).is_empty(), "nothing written");
}

#[test]
fn a_backup_is_never_written_into_adjutants_own_folders() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("laptop");
    laptop(&a);
    let before = kept(&a);
    for into in [
        "laptop/battles/all.ron",
        "laptop/armies/all.ron",
        "laptop/config/tables",
    ] {
        let out = run(dir.path(), &a, &["backup", "-o", into]);
        assert_eq!(out.status.code(), Some(1), "{into}");
        let err = text(&out.stderr);
        assert!(
            err.contains("where a backup would be read as one of its files"),
            "{err}"
        );
    }
    let mut after = kept(&a);
    after.retain(|(p, _)| p != "config/settings.ron");
    let mut before = before;
    before.retain(|(p, _)| p != "config/settings.ron");
    assert_eq!(after, before);
}

#[test]
fn a_deleted_battle_goes_into_the_bin_and_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("data");
    laptop(&a);
    let file = played(&a);
    let (bytes, bak) = (
        std::fs::read(&file).unwrap(),
        std::fs::read(adjutant::store::atomic::backup_path(&file)).unwrap(),
    );
    let name = file.file_name().unwrap().to_string_lossy().into_owned();

    let deleted = run(dir.path(), &a, &["delete", &name]);
    assert!(deleted.status.success(), "{}", text(&deleted.stderr));
    assert!(
        text(&deleted.stdout).contains(&format!("`adjutant bin --put-back {name}` puts it back")),
        "{}",
        text(&deleted.stdout)
    );
    assert!(!file.exists());
    let listed = text(&run(dir.path(), &a, &["battles"]).stdout);
    assert!(!listed.contains(&name), "{listed}");

    let bin = text(&run(dir.path(), &a, &["bin"]).stdout);
    assert!(
        bin.contains(&format!(
            "{name}  Winceby Royalists vs Winceby Parliament (2 entries), deleted 20"
        )),
        "{bin}"
    );

    let back = run(dir.path(), &a, &["bin", "--put-back", &name]);
    assert!(back.status.success(), "{}", text(&back.stderr));
    assert!(std::fs::read(&file).unwrap() == bytes, "byte for byte");
    assert!(
        std::fs::read(adjutant::store::atomic::backup_path(&file)).unwrap() == bak,
        "its backup too"
    );
    assert!(text(&run(dir.path(), &a, &["bin"]).stdout).starts_with("The bin is empty"));

    assert!(run(dir.path(), &a, &["delete", &name]).status.success());
    let gone = run(dir.path(), &a, &["bin", "--delete-for-good", &name]);
    assert!(gone.status.success(), "{}", text(&gone.stderr));
    assert!(text(&run(dir.path(), &a, &["bin"]).stdout).starts_with("The bin is empty"));
    assert!(!file.exists());

    for (args, says) in [
        (vec!["delete", "none.ron"], "there is no such battle"),
        (
            vec!["delete", "/tmp/elsewhere.ron"],
            "is not a battle of Adjutant's battles folder",
        ),
        (
            vec!["bin", "--put-back", "none.ron"],
            "there is no battle none.ron in the bin",
        ),
    ] {
        let out = run(dir.path(), &a, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_battle_another_window_plays_is_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("data");
    laptop(&a);
    let file = battles_in(&a)[0].clone();
    let mut window = BattleStore::new(&Paths::portable(&a));
    window.open(&file).expect("this process plays it");
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let out = run(dir.path(), &a, &["delete", &name]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("was not deleted") && err.contains("open in another Adjutant window"),
        "{err}"
    );
    assert!(file.exists());
    window.release(&file);
    assert!(run(dir.path(), &a, &["delete", &name]).status.success());
}
