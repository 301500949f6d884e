//! `adjutant battles` and `adjutant restore`, driving the real binary: a damaged battle is
//! listed with its backup, `report` and `print --battle` name the backup, and `restore` puts
//! it back, keeping the damaged file aside; a battle whose file is missing is listed too, and
//! so is one whose name is not UTF-8; a battles folder that cannot be read is said to be so;
//! a battle file with a byte-order mark is read by every command.

use std::path::Path;

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::{BattleStore, Paths, read_battle};

use crate::common;

use common::adjutant as run;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A Winceby battle saved twice in the data folder (so its backup is the set-up alone), then
/// its file cut in half. Returns the file, the backup's battle and the damaged bytes.
fn damaged_battle(data: &Path) -> (std::path::PathBuf, Battle, Vec<u8>) {
    let mut battle = common::shipped_battle(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"],
        7,
    );
    let mut store = BattleStore::new(&Paths::portable(data));
    let path = store.save(&battle).unwrap();
    let first = battle.clone();
    battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    battle.roll().unwrap();
    store.save(&battle).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let broken = bytes[..bytes.len() / 2].to_vec();
    std::fs::write(&path, &broken).unwrap();
    (path, first, broken)
}

#[test]
fn a_damaged_battle_names_its_backup_and_restore_puts_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (path, first, broken) = damaged_battle(&data);
    let file = path.display().to_string();

    let list = run(dir.path(), &data, &["battles"]);
    assert_eq!(list.status.code(), Some(1), "a battle does not load");
    let out = text(&list.stdout);
    assert!(out.contains(&format!("{file}  Winceby")), "{out}");
    assert!(out.contains("does not load"), "{out}");
    assert!(out.contains("loads (1 entry)"), "{out}");
    assert!(out.contains(&format!("adjutant restore {file}")), "{out}");

    for args in [vec!["report", &file], vec!["print", "--battle", &file]] {
        let failed = run(dir.path(), &data, &args);
        assert_eq!(failed.status.code(), Some(1));
        let err = text(&failed.stderr);
        assert!(err.contains(&format!("{file}.bak loads (1 entry")), "{err}");
        assert!(err.contains(&format!("adjutant restore {file}")), "{err}");
    }

    // By name in the battles folder, as `battles` lists it.
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let restored = run(dir.path(), &data, &["restore", &name]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let out = text(&restored.stdout);
    assert!(out.contains("restored") && out.contains("1 entry"), "{out}");
    assert_eq!(read_battle(&path).unwrap(), first);
    let kept = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains(".ron.broken-"))
        .expect("the damaged file is kept");
    assert!(out.contains(&kept.display().to_string()), "{out}");
    assert_eq!(std::fs::read(&kept).unwrap(), broken);

    let list = run(dir.path(), &data, &["battles"]);
    assert!(list.status.success(), "{}", text(&list.stdout));
    // Restoring again is refused: the file loads now.
    let again = run(dir.path(), &data, &["restore", &file]);
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stderr).contains("loads as it is"));
}

#[test]
fn a_battle_whose_file_is_missing_is_listed_and_restored() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (path, first, _) = damaged_battle(&data);
    std::fs::remove_file(&path).unwrap();
    let list = run(dir.path(), &data, &["battles"]);
    let out = text(&list.stdout);
    assert!(out.contains(&path.display().to_string()), "{out}");
    assert!(out.contains("No such file"), "{out}");
    let bak = format!("{}.bak", path.display());
    let restored = run(dir.path(), &data, &["restore", &bak]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    assert_eq!(read_battle(&path).unwrap(), first);
    assert!(std::path::PathBuf::from(bak).exists(), "the backup stays");
}

/// An army's name holding raw newlines, made to look like a second battle in the listing and
/// a heading of the report, is shown escaped on its own line, as `check` shows it.
#[test]
fn an_army_name_with_newlines_cannot_forge_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let system = "royalists_roundheads";
    let mut royalists = common::shipped_army(system, "winceby_royalists");
    royalists.name = "King's army\n/forged.ron  Forged (99 entries)\n# Forged".into();
    let parliament = common::shipped_army(system, "winceby_parliament");
    let battle = common::army::battle_of(system, [royalists, parliament], 7);
    let path = BattleStore::new(&Paths::portable(&data))
        .save(&battle)
        .unwrap();

    let list = run(dir.path(), &data, &["battles"]);
    assert!(list.status.success(), "{}", text(&list.stderr));
    let out = text(&list.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with(&format!(
            "{}  King's army\\n/forged.ron  Forged (99 entries)\\n# Forged vs ",
            path.display()
        )),
        "{out}"
    );

    let file = path.display().to_string();
    let report = run(dir.path(), &data, &["report", &file, "--markdown"]);
    assert!(report.status.success(), "{}", text(&report.stderr));
    let md = text(&report.stdout);
    assert!(
        md.starts_with(
            "# After-action report: King's army\\n/forged.ron  Forged (99 entries)\\n# Forged vs "
        ),
        "{md}"
    );
    assert_eq!(md.lines().nth(1), Some(""), "{md}");
    assert!(
        !md.lines()
            .any(|l| l.starts_with("/forged") || l == "# Forged"),
        "{md}"
    );
}

/// A Winceby battle saved in the data folder (one tray roll), its file.
fn saved(data: &Path) -> std::path::PathBuf {
    let mut battle = common::shipped_battle(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"],
        11,
    );
    battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    battle.roll().unwrap();
    BattleStore::new(&Paths::portable(data))
        .save(&battle)
        .unwrap()
}

/// Before, a battles folder that could not be read (a file in its place here; permission
/// denied, or a drive that fails, alike) listed as "No saved battles", exit 0: the player
/// believed the battles gone. Now `battles` says what cannot be read and why, exit 1.
#[cfg(unix)]
#[test]
fn a_battles_folder_that_cannot_be_read_is_named_never_listed_as_empty() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let battles = data.join("battles");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(&battles, "not a folder").unwrap();
    let list = run(dir.path(), &data, &["battles"]);
    assert_eq!(list.status.code(), Some(1));
    assert_eq!(text(&list.stdout), "");
    assert_eq!(
        text(&list.stderr),
        format!(
            "adjutant: cannot read the battles folder {}: Not a directory (os error 20); the \
             saved battles cannot be listed (they are not deleted: only the folder could not be \
             read)\n",
            battles.display()
        )
    );
    // A folder that is not there yet is simply empty.
    std::fs::remove_file(&battles).unwrap();
    let list = run(dir.path(), &data, &["battles"]);
    assert!(list.status.success());
    assert!(text(&list.stdout).starts_with("No saved battles in "));
}

/// Before, a battle file with a byte-order mark opened through Open file… but `battles`,
/// `report` and `print --battle` called it damaged. Every reader now reads it the same way.
#[test]
fn a_battle_file_with_a_byte_order_mark_is_read_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = saved(&data);
    let mut marked = "\u{feff}".as_bytes().to_vec();
    marked.extend(std::fs::read(&path).unwrap());
    std::fs::write(&path, &marked).unwrap();
    let list = run(dir.path(), &data, &["battles"]);
    assert!(list.status.success(), "{}", text(&list.stdout));
    assert!(
        text(&list.stdout).contains("(2 entries)"),
        "{}",
        text(&list.stdout)
    );
    let file = path.display().to_string();
    for args in [
        vec!["report", &file, "--markdown"],
        vec!["print", "--battle", &file, "-o", "b.pdf"],
    ] {
        let out = run(dir.path(), &data, &args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        marked,
        "read, never rewritten"
    );
}

/// Before, a battle whose file name is not UTF-8 was left out of the listing without a
/// word. Now it is listed, its name shown with U+FFFD and said to be so.
#[cfg(unix)]
#[test]
fn a_battle_whose_file_name_is_not_utf8_is_listed() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = saved(&data);
    let odd = path.with_file_name(std::ffi::OsStr::from_bytes(b"caf\xE9.ron"));
    std::fs::rename(&path, &odd).unwrap();
    let list = run(dir.path(), &data, &["battles"]);
    assert!(list.status.success(), "{}", text(&list.stderr));
    let out = text(&list.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("caf\u{fffd}.ron"), "{out}");
    assert!(
        out.contains("(a file name that is not UTF-8: \u{fffd} stands for what is not)"),
        "{out}"
    );
    assert!(out.contains("(2 entries)"), "{out}");
}
