//! Where `adjutant print` and `adjutant report` write, driving the real binary: never into
//! Adjutant's battles folder (however the path reaches it), over a file that reads as a
//! battle (wherever it is) or over a file another Adjutant window holds; each input's own
//! name for its sheet, bytes and all (two names that are not UTF-8 never print to one file);
//! a name near the longest a file may have; and a file that cannot be replaced named as such.

#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Output;

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::owner::BattleLock;
use adjutant::store::{BattleStore, Paths};

use crate::common;

use common::adjutant as run;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn shipped(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(rel)
}

fn battle(seed: u64, rolls: usize) -> Battle {
    let mut battle = common::shipped_battle(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"],
        seed,
    );
    for _ in 0..rolls {
        battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
        battle.roll().unwrap();
    }
    battle
}

/// Every file under `dir` with its bytes, sorted by path.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all.extend(contents(&path));
        } else {
            all.push((path.clone(), std::fs::read(&path).unwrap_or_default()));
        }
    }
    all.sort();
    all
}

/// Before, `report … -o` onto a battle in the battles folder replaced it (the battle then
/// only in its `.bak`; a second run replaced the `.bak` too). Now every path that reaches
/// the battles folder, any file that reads as a battle, and any file a window holds is
/// refused before anything is written, with a sentence that says why.
#[test]
fn an_output_onto_a_battle_or_into_the_battles_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let data = root.join("data");
    let mut store = BattleStore::new(&Paths::portable(&data));
    let kept = store.save(&battle(7, 2)).unwrap();
    store.save(&battle(7, 3)).unwrap();
    let battles = kept.parent().unwrap().to_path_buf();
    let name = kept.file_name().unwrap().to_str().unwrap().to_string();
    // The battle to print, saved elsewhere.
    let other = root.join("other.ron");
    store.save_copy(&battle(8, 1), &other).unwrap();
    // Other names of the kept battle, and copies of battles elsewhere.
    std::os::unix::fs::symlink(&battles, root.join("linked")).unwrap();
    std::fs::hard_link(&kept, root.join("hard.ron")).unwrap();
    std::os::unix::fs::symlink(&kept, root.join("soft.ron")).unwrap();
    store
        .save_copy(&battle(9, 1), &root.join("copy.ron"))
        .unwrap();
    let mut with_mark = b"\xEF\xBB\xBF".to_vec();
    with_mark.extend(std::fs::read(&kept).unwrap());
    std::fs::write(root.join("marked.txt"), with_mark).unwrap();
    let before = contents(root);

    let in_folder = format!("data/battles/{name}");
    let via_link = format!("linked/{name}");
    let bak = format!("data/battles/{name}.bak");
    let cases: [(&[&str], &str); 11] = [
        (
            &["report", "other.ron", "-o", &in_folder],
            "in Adjutant's battles folder",
        ),
        (
            &["report", "other.ron", "--markdown", "-o", &in_folder],
            "in Adjutant's battles folder",
        ),
        (
            &["print", "--battle", "other.ron", "-o", &bak],
            "in Adjutant's battles folder",
        ),
        (
            &["report", "other.ron", "-o", &via_link],
            "in Adjutant's battles folder",
        ),
        (
            &["report", "other.ron", "-o", "linked/new.pdf"],
            "in Adjutant's battles folder",
        ),
        (
            &["report", "other.ron", "-o", "data/battles"],
            "in Adjutant's battles folder",
        ),
        (
            &["report", "other.ron", "-o", "hard.ron"],
            "the same file as",
        ),
        (
            &["report", "other.ron", "-o", "soft.ron"],
            "in Adjutant's battles folder",
        ),
        (
            &["report", "other.ron", "-o", "copy.ron"],
            "it is a battle file",
        ),
        (
            &["print", "--battle", "other.ron", "-o", "marked.txt"],
            "it is a battle file",
        ),
        (
            &["print", "shipped.ron", "-o", "copy.ron"],
            "it is a battle file",
        ),
    ];
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), root.join("shipped.ron")).unwrap();
    let before_shipped = contents(root);
    for (args, why) in cases {
        // Twice: the second run must not replace what the first left either.
        for _ in 0..2 {
            let out = run(root, &data, args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(
                err.starts_with("adjutant: cannot write "),
                "{args:?}: {err}"
            );
            assert!(err.contains(why), "{args:?}: {err}");
            assert!(
                err.contains("a printed sheet is never written there; name another file with -o"),
                "{args:?}: {err}"
            );
            assert_eq!(contents(root), before_shipped, "{args:?}: nothing written");
        }
    }
    assert_eq!(before.len() + 1, before_shipped.len());

    // The default output (no -o) lands in the battles folder when run from there.
    let out = run(&battles, &data, &["report", &other.display().to_string()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("in Adjutant's battles folder"),
        "{}",
        stderr(&out)
    );

    // A file another window holds (an army its builder edits): refused while held.
    let army = root.join("mine.ron");
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), &army).unwrap();
    let lock = BattleLock::try_take(&army).unwrap();
    let army_bytes = std::fs::read(&army).unwrap();
    let out = run(root, &data, &["report", "other.ron", "-o", "mine.ron"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let pid = std::process::id();
    assert!(
        stderr(&out).contains(&format!(
            "it is open in another Adjutant window (process {pid})"
        )),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&army).unwrap(), army_bytes);
    drop(lock);

    // Elsewhere, and once let go, sheets are written as before.
    let out = run(root, &data, &["report", "other.ron", "-o", "mine.ron"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(&army).unwrap().starts_with(b"%PDF"));
    assert_eq!(
        std::fs::read(root.join("mine.ron.bak")).unwrap(),
        army_bytes,
        "the file replaced is kept"
    );
    let out = run(root, &data, &["report", "other.ron"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(root.join("other-report.pdf").is_file());
}

/// Before, two army files whose names are not UTF-8 printed to one name (both "\u{FFFD}.pdf")
/// and were refused; now each sheet takes its input's own name, bytes and all.
#[test]
fn inputs_whose_names_are_not_utf8_print_to_names_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let out_dir = root.join("sheets");
    std::fs::create_dir(&out_dir).unwrap();
    let names = [&b"r\xFF.ron"[..], b"r\xFE.ron"];
    for name in names {
        std::fs::copy(
            shipped("rcw/tsaritsyn_reds.ron"),
            root.join(OsStr::from_bytes(name)),
        )
        .unwrap();
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .arg("print")
        .args(names.map(OsStr::from_bytes))
        .args(["-o", "sheets"])
        .current_dir(root)
        .env("ADJUTANT_DATA_DIR", root.join("data"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let mut written: Vec<Vec<u8>> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().as_bytes().to_vec())
        .collect();
    written.sort();
    assert_eq!(written, [b"r\xFE.pdf".to_vec(), b"r\xFF.pdf".to_vec()]);

    // A battle's report too.
    let battle_name = OsStr::from_bytes(b"b\xFF.ron");
    BattleStore::in_dir(root.join("data/battles"))
        .save_copy(&battle(3, 1), &root.join(battle_name))
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .arg("report")
        .arg(battle_name)
        .current_dir(root)
        .env("ADJUTANT_DATA_DIR", root.join("data"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(root.join(OsStr::from_bytes(b"b\xFF-report.pdf")).is_file());
}

/// Before, `-o` with a name of 240 bytes or more failed: the temp file's name added its
/// suffix past the 255 bytes a name may have. Now the temp name is cut to fit; replacing a
/// file whose `.bak` name would be too long is refused, saying so, the file left as it was.
#[test]
fn an_output_whose_name_is_near_the_longest_a_name_may_be_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let data = root.join("data");
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), root.join("a.ron")).unwrap();
    let longest = format!("{}.pdf", "é".repeat(125));
    assert_eq!(longest.len(), 254);
    for name in [longest.clone(), format!("{}.pdf", "x".repeat(251))] {
        let out = run(root, &data, &["print", "a.ron", "-o", &name]);
        assert!(
            out.status.success(),
            "{} bytes: {}",
            name.len(),
            stderr(&out)
        );
        assert!(
            std::fs::read(root.join(&name))
                .unwrap()
                .starts_with(b"%PDF")
        );
        assert_eq!(stdout(&out), format!("wrote {name}\n"));
    }
    // Replacing it would keep the old one as NAME.bak, 4 bytes more than a name may have.
    let before = contents(root);
    let out = run(root, &data, &["print", "a.ron", "-o", &longest]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("its name is too long to keep the file it replaces"),
        "{err}"
    );
    assert!(err.contains("Name a shorter file"), "{err}");
    assert_eq!(contents(root), before, "nothing written, no temp file left");
    // A name that fits with its `.bak` replaces as before.
    let fits = format!("{}.pdf", "y".repeat(247));
    for _ in 0..2 {
        let out = run(root, &data, &["print", "a.ron", "-o", &fits]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    assert!(root.join(format!("{fits}.bak")).is_file());
}

/// `-o /proc/version`: a file that exists but cannot be replaced says so plainly.
#[test]
fn an_output_that_cannot_be_replaced_says_so() {
    if !Path::new("/proc/version").is_file() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), dir.path().join("a.ron")).unwrap();
    let out = run(
        dir.path(),
        &dir.path().join("data"),
        &["print", "a.ron", "-o", "/proc/version"],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("cannot write /proc/version: its folder /proc takes no new files"),
        "{err}"
    );
    assert!(
        err.contains("so the file there cannot be replaced"),
        "{err}"
    );
    assert!(err.lines().count() == 1, "{err}");
}
