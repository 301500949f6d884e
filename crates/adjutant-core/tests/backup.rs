//! Restoring a backup on the in-memory storage: what is missing is added, a battle of the
//! same name with another log is kept beside it, what is here already is skipped, the
//! player's own settings and table files are never written over, and restoring twice adds
//! nothing the second time.

use std::path::{Path, PathBuf};

use adjutant_core::store::backup::{self, Backup, Item, Kind, Outcome, Places, Restored};
use adjutant_core::store::{Memory, Storage};

fn places() -> Places {
    Places {
        battles: "data/battles".into(),
        armies: "data/armies".into(),
        tables: "config/tables".into(),
        settings: "config/settings.ron".into(),
    }
}

fn item(kind: Kind, path: &str, text: &str) -> Item {
    Item {
        kind,
        path: path.into(),
        text: text.into(),
    }
}

fn restore(memory: &Memory, backup: &Backup) -> Restored {
    let mut storage = memory.clone();
    backup::restore(&mut storage, &places(), backup, |_| Ok(()))
}

fn text(memory: &Memory, path: &str) -> Option<String> {
    memory
        .read(Path::new(path))
        .ok()
        .map(|b| String::from_utf8(b).unwrap())
}

fn outcomes(r: &Restored) -> Vec<&Outcome> {
    r.items.iter().map(|(_, _, o)| o).collect()
}

fn the_backup() -> Backup {
    Backup {
        made: "2025-06-01 14:32 UTC".into(),
        items: vec![
            item(Kind::Battle, "new.ron", "a new battle\r\n"),
            item(Kind::Battle, "same.ron", "the same battle"),
            item(
                Kind::Battle,
                "played.ron",
                "played on the laptop: 9 entries",
            ),
            item(Kind::Army, "rcw/reds.ron", "Army(reds)"),
            item(Kind::Army, "mine.ron", "Army(theirs)"),
            item(Kind::Table, "rcw.ron", "(to_hit: (open: 3))"),
            item(Kind::Settings, "settings.ron", "Settings(theme: Dark)"),
        ],
    }
}

/// A device with some of it already: the same battle, another log of one, an army and a table
/// file of the same names that differ, and settings of its own.
fn device() -> Memory {
    let memory = Memory::new();
    memory.put("data/battles/same.ron", b"the same battle");
    memory.put(
        "data/battles/played.ron",
        b"played on the phone: 12 entries",
    );
    memory.put("data/armies/mine.ron", b"Army(mine)");
    memory.put("config/tables/rcw.ron", b"(to_hit: (open: 5))");
    memory.put("config/settings.ron", b"Settings(theme: Light)");
    memory
}

#[test]
fn what_is_missing_is_added_what_differs_kept_beside_and_nothing_written_over() {
    let memory = device();
    let restored = restore(&memory, &the_backup());
    let p = PathBuf::from;
    assert_eq!(
        outcomes(&restored),
        [
            &Outcome::Added(p("data/battles/new.ron")),
            &Outcome::Same(p("data/battles/same.ron")),
            &Outcome::Beside {
                kept: p("data/battles/played-2.ron"),
                yours: p("data/battles/played.ron")
            },
            &Outcome::Added(p("data/armies/rcw/reds.ron")),
            &Outcome::Beside {
                kept: p("data/armies/mine-2.ron"),
                yours: p("data/armies/mine.ron")
            },
            &Outcome::Beside {
                kept: p("config/tables/rcw.ron.from-backup"),
                yours: p("config/tables/rcw.ron")
            },
            &Outcome::Yours(p("config/settings.ron")),
        ]
    );
    // Byte for byte where they were added; nothing of the device's own changed.
    assert_eq!(
        text(&memory, "data/battles/new.ron").unwrap(),
        "a new battle\r\n"
    );
    assert_eq!(
        text(&memory, "data/battles/played-2.ron").unwrap(),
        "played on the laptop: 9 entries"
    );
    assert_eq!(
        text(&memory, "data/battles/played.ron").unwrap(),
        "played on the phone: 12 entries"
    );
    assert_eq!(text(&memory, "data/armies/mine.ron").unwrap(), "Army(mine)");
    assert_eq!(
        text(&memory, "config/tables/rcw.ron").unwrap(),
        "(to_hit: (open: 5))"
    );
    assert_eq!(
        text(&memory, "config/settings.ron").unwrap(),
        "Settings(theme: Light)"
    );
    assert_eq!(
        text(&memory, "data/battles/new.ron.bak"),
        None,
        "no backup made"
    );
    assert_eq!(restored.written(), 5);
    assert!(restored.whole());
    assert_eq!(
        restored.summary(),
        "Added 1 battle and 1 army. Kept beside yours, which differ: 1 battle, 1 army and \
         1 table file (played-2.ron beside played.ron, mine-2.ron beside mine.ron, \
         rcw.ron.from-backup beside rcw.ron). Already here, so skipped: 1 battle. Your own \
         settings are kept (the backup's differ)."
    );
}

#[test]
fn restoring_twice_adds_nothing_the_second_time() {
    let memory = device();
    restore(&memory, &the_backup());
    let before: Vec<PathBuf> = [
        "data/battles",
        "data/armies",
        "data/armies/rcw",
        "config/tables",
    ]
    .iter()
    .flat_map(|d| memory.list(Path::new(d)))
    .collect();
    let again = restore(&memory, &the_backup());
    assert_eq!(again.written(), 0, "{again:?}");
    assert!(
        outcomes(&again)
            .iter()
            .all(|o| matches!(o, Outcome::Same(_) | Outcome::Yours(_))),
        "{again:?}"
    );
    let after: Vec<PathBuf> = [
        "data/battles",
        "data/armies",
        "data/armies/rcw",
        "config/tables",
    ]
    .iter()
    .flat_map(|d| memory.list(Path::new(d)))
    .collect();
    assert_eq!(after, before);
    assert!(
        again
            .summary()
            .starts_with("Already here, so skipped: 3 battles, 2 armies and 1 table file."),
        "{}",
        again.summary()
    );
}

#[test]
fn an_empty_device_takes_everything_even_the_settings() {
    let memory = Memory::new();
    let restored = restore(&memory, &the_backup());
    assert_eq!(restored.written(), 7);
    assert_eq!(
        restored.summary(),
        "Added 3 battles, 2 armies, 1 table file and the settings."
    );
    assert_eq!(
        text(&memory, "config/settings.ron").unwrap(),
        "Settings(theme: Dark)"
    );
}

#[test]
fn a_name_whose_backup_is_left_is_taken_and_a_battle_kept_beside() {
    let memory = Memory::new();
    // The battle file is missing and its backup is there: the listing offers to restore it.
    memory.put("data/battles/new.ron.bak", b"an older battle");
    let backup = Backup {
        made: String::new(),
        items: vec![item(Kind::Battle, "new.ron", "a new battle")],
    };
    let restored = restore(&memory, &backup);
    assert_eq!(
        outcomes(&restored),
        [&Outcome::Beside {
            kept: "data/battles/new-2.ron".into(),
            yours: "data/battles/new.ron".into()
        }]
    );
}

#[test]
fn two_items_of_one_name_in_one_restore_each_get_their_own() {
    let memory = Memory::new();
    memory.put("data/battles/b.ron", b"mine");
    let backup = Backup {
        made: String::new(),
        items: vec![
            item(Kind::Battle, "b.ron", "theirs"),
            item(Kind::Battle, "b-2.ron", "another of theirs"),
        ],
    };
    let restored = restore(&memory, &backup);
    assert_eq!(
        outcomes(&restored),
        [
            &Outcome::Beside {
                kept: "data/battles/b-2.ron".into(),
                yours: "data/battles/b.ron".into()
            },
            &Outcome::Beside {
                kept: "data/battles/b-2-2.ron".into(),
                yours: "data/battles/b-2.ron".into()
            },
        ]
    );
    assert_eq!(restore(&memory, &backup).written(), 0);
}

#[test]
fn an_item_that_cannot_be_written_is_reported_and_the_rest_go_on() {
    let memory = Memory::new();
    let mut storage = memory.clone();
    let restored = backup::restore(&mut storage, &places(), &the_backup(), |dir| {
        match dir == Path::new("data/armies/rcw") {
            true => Err(adjutant_core::store::StoreError::io(
                "create the folder",
                dir,
                &std::io::Error::from(std::io::ErrorKind::PermissionDenied),
            )),
            false => Ok(()),
        }
    });
    assert!(!restored.whole());
    assert_eq!(restored.written(), 6);
    assert!(
        restored
            .summary()
            .contains("Not restored: 1 army: cannot create the folder data/armies/rcw"),
        "{}",
        restored.summary()
    );
}
