//! Saving and loading: atomic writes at every point of failure, backups, a read-only data
//! folder, broken battle files (each with its message, each left byte for byte as it was),
//! each refusal of the check of a battle file's log, quarantine, listing and resuming, paths
//! and settings. One test binary; the cases live in the modules under `tests/store/`.

#[path = "store/armies.rs"]
mod armies;
#[path = "store/atomic.rs"]
mod atomic;
#[path = "store/broken.rs"]
mod broken;
#[path = "store/ownership.rs"]
mod ownership;
#[path = "store/recovery.rs"]
mod recovery;
#[path = "store/refusals.rs"]
mod refusals;
#[path = "store/settings.rs"]
mod settings;

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use adjutant::army::Army;
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::{
    BattleStore, Fault, Paths, Settings, SettingsStore, StoreError, ThemeChoice, WriteStep,
    battle_to_ron, read_battle, write_atomic, write_atomic_with,
};

use crate::common;

use common::army::{self, Build, battle_of};

const SYSTEM: &str = "royalists_roundheads";
const OLD: &[u8] = b"the old version, complete\n";
const NEW: &[u8] = b"the new version, also complete, and longer than the old one\n";

fn army(name: &str, units: &[&str]) -> Army {
    let units = units
        .iter()
        .map(|id| {
            army::unit(id, "Cavalry")
                .named(&format!("{id} regiment"))
                .with_stats(&[
                    ("strength", 4),
                    ("morale", 7),
                    ("movement", 8),
                    ("entry_turn", 1),
                ])
        })
        .collect();
    Army {
        name: name.into(),
        ..army::army(SYSTEM, name, vec![], units)
    }
}

/// A battle with some rolls and draws in it.
fn battle(seed: u64) -> Battle {
    let mut b = battle_of(
        SYSTEM,
        [army("King's army", &["a", "b"]), army("Parliament", &["c"])],
        seed,
    );
    for i in 0..6 {
        if i % 2 == 0 {
            b.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
            b.roll().unwrap();
        } else {
            b.start(Action::Draw).unwrap();
            b.draw().unwrap();
        }
    }
    b
}

fn temp_names(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn saving_and_loading_through_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::portable(dir.path());
    let mut store = BattleStore::new(&paths);
    let mut b = battle(3);
    let path = store.save(&b).unwrap();
    assert_eq!(path.parent(), Some(paths.battles_dir().as_path()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-king-s-army-vs-parliament.ron"), "{name}");
    b.start(Action::Draw).unwrap();
    b.draw().unwrap();
    assert_eq!(
        store.save(&b).unwrap(),
        path,
        "the same battle, the same file"
    );
    assert_eq!(
        read_battle(&path.with_extension("ron.bak")).unwrap(),
        battle(3)
    );

    // Saved an hour ago, so the other battle is surely the newer.
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let file = fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(hour_ago).unwrap();
    drop(file);
    let other = battle(4);
    let other_path = store.save(&other).unwrap();
    assert_ne!(other_path, path);

    // A new session finds both, and resumes the one saved last.
    drop(store);
    let mut store = BattleStore::new(&paths);
    let list = store.list();
    assert_eq!(list.len(), 2, "{list:?}");
    assert!(list.iter().all(|s| s.ok_or_error.is_ok()));
    let last = store.last().unwrap();
    assert_eq!(last.path, other_path);
    assert_eq!(last.title, "King's army vs Parliament");
    assert_eq!(last.system, SYSTEM);
    assert_eq!(last.entries, other.log().len());
    assert_eq!(store.load(&path).unwrap(), b);
    assert_eq!(
        store.save(&b).unwrap(),
        path,
        "a loaded battle saves to its file"
    );
}
