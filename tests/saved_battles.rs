//! Battle files saved by earlier builds of Adjutant, kept in `tests/saved_battles/`: every
//! build must load each of them to the state written beside it (`<name>.state.txt`, the text of
//! `common::state_text`), through the store as the window opens a battle, and save it again as a
//! file that loads to the same battle. There is a file of version 2 for each rule system and one
//! of version 1; `tests/saved_battles/README.md` says how each was made. The files are never
//! regenerated: when the format changes, files of the new version are added beside them.

use crate::common;

use common::script;
use std::fs;
use std::path::{Path, PathBuf};

use adjutant::battle::{Action, Battle, Entry};
use adjutant::event::Event;
use adjutant::store::{BattleStore, battle_from_ron, battle_to_ron, read_battle};

use common::state_text::state_text;

/// A saved battle kept as a fixture: the scripted game of `system` with this seed, played
/// until it had at least `min_steps` steps, `min_undone` entries undone and waiting to be
/// redone and, when `under_way`, a procedure of the rule system given at least one input.
struct Saved {
    file: &'static str,
    version: u32,
    system: &'static str,
    seed: u64,
    min_steps: u64,
    min_undone: usize,
    under_way: bool,
}

const SAVED: &[Saved] = &[
    Saved {
        file: "rcw_v2.ron",
        version: 2,
        system: "rcw",
        seed: 11,
        min_steps: 80,
        min_undone: 2,
        under_way: false,
    },
    Saved {
        file: "d3_ecw_v2.ron",
        version: 2,
        system: "d3_ecw",
        seed: 12,
        min_steps: 80,
        min_undone: 1,
        under_way: true,
    },
    Saved {
        file: "victory_without_squares_v2.ron",
        version: 2,
        system: "victory_without_squares",
        seed: 13,
        min_steps: 80,
        min_undone: 2,
        under_way: false,
    },
    Saved {
        file: "royalists_roundheads_v2.ron",
        version: 2,
        system: "royalists_roundheads",
        seed: 40,
        min_steps: 80,
        min_undone: 1,
        under_way: true,
    },
    // Saved by the last Adjutant that wrote version 1 (see the README).
    Saved {
        file: "royalists_roundheads_v1.ron",
        version: 1,
        system: "royalists_roundheads",
        seed: 48,
        min_steps: 120,
        min_undone: 1,
        under_way: true,
    },
];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saved_battles")
}

fn state_path(file: &str) -> PathBuf {
    dir().join(file.replace(".ron", ".state.txt"))
}

/// Plays the scripted game of a fixture to the step it was saved at.
fn play(saved: &Saved) -> Battle {
    let mut battle = script::start(saved.system, saved.seed);
    for i in 1..=2000 {
        script::step(&mut battle, saved.seed, i);
        let procedure = battle
            .pending()
            .is_some_and(|p| matches!(p.action, Action::Procedure(_)) && !p.inputs.is_empty());
        let under_way = match saved.under_way {
            true => procedure,
            false => battle.pending().is_none(),
        };
        if i >= saved.min_steps && battle.redo_stack().len() >= saved.min_undone && under_way {
            return battle;
        }
    }
    panic!("{}: no step of the game fits", saved.file);
}

#[test]
fn every_saved_battle_loads_to_the_state_kept_beside_it() {
    for saved in SAVED {
        let path = dir().join(saved.file);
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", saved.file));
        assert!(
            text.contains(&format!("version: {},", saved.version)),
            "{} is a file of version {}",
            saved.file,
            saved.version
        );
        let battle = read_battle(&path).unwrap_or_else(|e| panic!("{e}"));
        let expected = fs::read_to_string(state_path(saved.file)).unwrap();
        let found = state_text(&battle);
        assert!(
            found == expected,
            "{} no longer loads to {}:\n{}",
            saved.file,
            state_path(saved.file).display(),
            first_difference(&expected, &found)
        );
        assert_eq!(battle.system, saved.system);
        assert!(battle.log().len() > 24, "{}: dozens of entries", saved.file);
        assert!(
            battle.redo_stack().len() >= saved.min_undone,
            "{}",
            saved.file
        );
        assert_eq!(
            battle.pending().is_some(),
            saved.under_way,
            "{}",
            saved.file
        );

        // As the window opens it: from the battles folder, through the store.
        let folder = tempfile::tempdir().unwrap();
        let copy = folder.path().join(saved.file);
        fs::copy(&path, &copy).unwrap();
        let mut store = BattleStore::in_dir(folder.path());
        let listed = store.list();
        assert_eq!(listed.len(), 1, "{listed:?}");
        assert!(listed[0].ok_or_error.is_ok(), "{:?}", listed[0].ok_or_error);
        let opened = store.open(&copy).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(opened, battle, "{}", saved.file);
        // Played on and saved by this build, it is still the same battle.
        let resaved = store.save(&opened).unwrap();
        assert_eq!(resaved, std::path::absolute(&copy).unwrap());
        assert_eq!(read_battle(&resaved).unwrap(), battle, "{}", saved.file);
        let again = battle_to_ron(&battle).unwrap();
        assert_eq!(
            battle_from_ron(&again, Path::new(saved.file)).unwrap(),
            battle
        );
    }
}

/// The line where two texts first differ, with its neighbours.
fn first_difference(expected: &str, found: &str) -> String {
    let (e, f): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), found.lines().collect());
    let at = (0..e.len().max(f.len()))
        .find(|&i| e.get(i) != f.get(i))
        .unwrap_or(0);
    format!(
        "line {}:\n  kept:  {}\n  found: {}",
        at + 1,
        e.get(at).unwrap_or(&"(end)"),
        f.get(at).unwrap_or(&"(end)")
    )
}

/// The log and the redo stack as the file holds them, read without the loader.
#[derive(serde::Deserialize)]
#[serde(rename = "BattleFile")]
struct Raw {
    log: Vec<Entry>,
    redo: Vec<Entry>,
}

fn rolls(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::Rolled { .. }))
        .collect()
}

/// Version 1 stored each roll of a Royalists & Roundheads procedure twice: at the head of its
/// entry as given, then again among what the procedure said. Loaded, every entry holds each
/// roll once — the first copies, where they were given — and everything else as it was.
#[test]
fn the_version_1_file_loads_with_each_roll_of_its_procedures_once() {
    let path = dir().join("royalists_roundheads_v1.ron");
    let text = fs::read_to_string(&path).unwrap();
    let raw: Raw = ron::from_str(&text).unwrap();
    let loaded = read_battle(&path).unwrap();
    let mut doubled = 0;
    for (stored, now) in [(&raw.log, loaded.log()), (&raw.redo, loaded.redo_stack())] {
        assert_eq!(stored.len(), now.len());
        for (stored, now) in stored.iter().zip(now) {
            let (twice, once) = (rolls(&stored.events), rolls(&now.events));
            let procedure = matches!(stored.action, Action::Procedure(_));
            if !procedure || twice.is_empty() {
                assert_eq!(stored, now);
                continue;
            }
            doubled += 1;
            assert_eq!(twice.len(), 2 * once.len(), "{:?}", stored.title);
            assert_eq!(
                twice[..once.len()],
                twice[once.len()..],
                "{:?}",
                stored.title
            );
            assert_eq!(once, twice[..once.len()], "{:?}", stored.title);
            let others = |events: &[Event]| -> Vec<Event> {
                events
                    .iter()
                    .filter(|e| !matches!(e, Event::Rolled { .. }))
                    .cloned()
                    .collect()
            };
            assert_eq!(others(&stored.events), others(&now.events));
            assert_eq!((&stored.title, &stored.action), (&now.title, &now.action));
        }
    }
    assert!(
        doubled >= 10,
        "{doubled} procedures with their rolls stored twice"
    );
    let undone_doubled = raw
        .redo
        .iter()
        .filter(|e| matches!(e.action, Action::Procedure(_)) && !rolls(&e.events).is_empty())
        .count();
    assert!(
        undone_doubled >= 1,
        "an undone procedure with its rolls stored twice"
    );
}

#[test]
fn the_saved_battles_cover_each_rule_system_and_version() {
    for system in script::systems() {
        assert!(
            SAVED.iter().any(|s| s.system == system && s.version == 2),
            "no version 2 file of {system}"
        );
    }
    for version in 1..=2 {
        assert!(SAVED.iter().any(|s| s.version == version));
    }
    assert!(SAVED.iter().any(|s| s.under_way));
    // Every file in the folder is checked.
    let mut files: Vec<String> = fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    files.sort();
    let mut listed: Vec<&str> = SAVED.iter().map(|s| s.file).collect();
    listed.sort();
    assert_eq!(files, listed);
}

/// Writes the version 2 files and the state texts that are missing, never one that is there.
/// Run by hand when a file is added: `cargo test --test app saved_battles -- --ignored`.
#[test]
#[ignore = "writes missing fixtures; run by hand"]
fn write_missing_saved_battles() {
    for saved in SAVED {
        let path = dir().join(saved.file);
        let battle = play(saved);
        if saved.version == 2 && !path.exists() {
            let folder = tempfile::tempdir().unwrap();
            let written = BattleStore::in_dir(folder.path()).save(&battle).unwrap();
            fs::copy(written, &path).unwrap();
            eprintln!(
                "wrote {}: {} entries, {} undone, under way: {:?}",
                saved.file,
                battle.log().len(),
                battle.redo_stack().len(),
                battle.pending().map(|p| &p.title)
            );
        }
        let state = state_path(saved.file);
        if path.exists() && !state.exists() {
            fs::write(&state, state_text(&read_battle(&path).unwrap())).unwrap();
            eprintln!("wrote {}", state.display());
        }
    }
}
