//! Each roll is stored once, and counted for the side that rolled it.
//!
//! The scripted game of every rule system is played step by step: whenever a step finishes a
//! procedure or a tray roll, the entry it adds must hold exactly as many rolls as dice were
//! given to it. The after-action report counts each face once, and credits a roll that says
//! who rolled it (a melee's defenders) to that side. A battle file of version 1, when
//! Royalists & Roundheads procedures stored their rolls twice, loads with each roll once.

use crate::common;
use common::script;

use std::collections::BTreeMap;
use std::path::Path;

use adjutant::battle::{Action, Battle, Entry, Pending};
use adjutant::event::Event;
use adjutant::procedure::{Input, Step};
use adjutant::store::{battle_from_ron, battle_to_ron};

fn rolls(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::Rolled { .. }))
        .collect()
}

fn dice_given(p: &Pending) -> usize {
    p.inputs
        .iter()
        .filter(|i| matches!(i, Input::Dice(_)))
        .count()
}

#[test]
fn every_entry_holds_each_roll_given_to_it_once() {
    let mut checked = BTreeMap::new();
    for system in script::systems() {
        let seed = 40;
        let mut battle = script::start(system, seed);
        for i in 1..=400 {
            let given = battle.pending().map_or(0, dice_given);
            let gives_dice = matches!(battle.step(), Some(Step::Dice(_)));
            let len = battle.log().len();
            let did = script::step(&mut battle, seed, i);
            if did == "redo" || battle.log().len() != len + 1 {
                continue;
            }
            let entry = battle.log().last().unwrap();
            if !matches!(entry.action, Action::Procedure(_) | Action::Roll(_)) {
                continue;
            }
            let expected = given + usize::from(gives_dice);
            assert_eq!(
                rolls(&entry.events).len(),
                expected,
                "{system}, step {i} ({did}): entry {:?} holds {:#?}",
                entry.title,
                entry.events
            );
            *checked.entry(system).or_insert(0) += expected;
        }
    }
    for system in script::systems() {
        assert!(
            checked.get(system).copied().unwrap_or(0) > 20,
            "{checked:?}"
        );
    }
}

/// Sums the dice column of the report's Markdown dice table, by side and die.
fn report_counts(battle: &Battle) -> BTreeMap<(String, String), u64> {
    let md = adjutant::print::report_markdown(battle);
    let table = md.split("## Dice").nth(1).unwrap();
    let mut counts = BTreeMap::new();
    for line in table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| Side"))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        counts.insert(
            (cells[1].to_string(), cells[2].to_string()),
            cells[3].parse().unwrap(),
        );
    }
    counts
}

#[test]
fn the_report_counts_each_face_once_for_the_side_that_rolled() {
    for system in script::systems() {
        let seed = 41;
        let mut battle = script::start(system, seed);
        for i in 1..=300 {
            script::step(&mut battle, seed, i);
        }
        let faces: u64 = battle
            .log()
            .iter()
            .flat_map(|e| rolls(&e.events))
            .map(|e| match e {
                Event::Rolled { rolled, .. } => rolled.faces.len() as u64,
                _ => 0,
            })
            .sum();
        let counted: u64 = report_counts(&battle).values().sum();
        assert_eq!(counted, faces, "{system}");
    }

    // A melee: the attackers' roll counts for the attacking side, the defenders' (which says
    // who rolled it) for the defenders.
    let battle = script::start("royalists_roundheads", 42);
    let (attacker, defender) = (
        adjutant::event::PieceId(0),
        battle.roster.ids().last().unwrap(),
    );
    let (a, d) = (
        battle.roster.side_of(attacker),
        battle.roster.side_of(defender),
    );
    assert_ne!(a, d);
    let roll = |label: &str, faces: Vec<u8>, by| Event::Rolled {
        label: label.into(),
        rolled: adjutant::dice::Rolled {
            dice: adjutant::dice::Dice::new(faces.len() as u8, adjutant::dice::Die::D6),
            faces,
            typed: true,
        },
        by,
    };
    let melee = Entry {
        title: "Melee".into(),
        action: Action::Procedure(adjutant::procedure::Call {
            id: "melee".into(),
            actors: vec![attacker],
            targets: vec![defender],
            ..Default::default()
        }),
        events: vec![
            roll("Attackers' melee roll", vec![6], Some(a)),
            roll("Defenders' melee roll", vec![1, 2], Some(d)),
        ],
    };
    let fought = Battle::from_parts(
        &adjutant::rules::Systems::shipped(),
        battle.system.clone(),
        battle.seed,
        battle.armies().to_vec(),
        vec![battle.log()[0].clone(), melee],
        Vec::new(),
        None,
    )
    .unwrap();
    let counts = report_counts(&fought);
    let side = |s: usize| battle.armies()[s].side.clone();
    assert_eq!(counts.get(&(side(a), "D6".into())), Some(&1), "{counts:?}");
    assert_eq!(counts.get(&(side(d), "D6".into())), Some(&2), "{counts:?}");
}

/// Who rolled is new in version 2: a version 1 file does not say.
fn forget_who(entries: &[Entry]) -> Vec<Entry> {
    let mut entries = entries.to_vec();
    for e in entries.iter_mut().flat_map(|e| e.events.iter_mut()) {
        if let Event::Rolled { by, .. } = e {
            *by = None;
        }
    }
    entries
}

/// The battle as version 1 wrote it: every Royalists & Roundheads procedure's rolls given at
/// the head of its entry, then told again among what the procedure said.
fn as_version_1(battle: &Battle) -> String {
    let mut log = forget_who(battle.log());
    for entry in log
        .iter_mut()
        .filter(|e| matches!(e.action, Action::Procedure(_)))
    {
        let again: Vec<Event> = rolls(&entry.events).into_iter().cloned().collect();
        let said = entry
            .events
            .iter()
            .position(|e| {
                !matches!(
                    e,
                    Event::Rolled { .. } | Event::Drew { .. } | Event::Shuffled { .. }
                )
            })
            .unwrap_or(entry.events.len());
        let tail = entry.events.split_off(said.min(entry.events.len()));
        let mut tail = tail.into_iter();
        entry.events.extend(tail.next());
        entry.events.extend(again);
        entry.events.extend(tail);
    }
    let old = Battle::from_parts(
        &adjutant::rules::Systems::shipped(),
        battle.system.clone(),
        battle.seed,
        battle.armies().to_vec(),
        log,
        forget_who(battle.redo_stack()),
        None,
    )
    .unwrap();
    // Version 1 wrote no checksum line.
    battle_to_ron(&old)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("// Checksum: "))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replacen("version: 2,", "version: 1,", 1)
}

#[test]
fn a_version_1_file_loads_with_each_roll_once() {
    let path = Path::new("old.ron");
    let mut now = script::start("royalists_roundheads", 40);
    for i in 1..=120 {
        script::step(&mut now, 40, i);
    }
    while now.pending().is_some() {
        script::step(&mut now, 40, 121);
    }
    let text = as_version_1(&now);
    assert!(text.contains("version: 1,"));
    let stored = text.matches("Rolled(").count();
    let old = battle_from_ron(&text, path).unwrap();
    assert_eq!(old.log(), forget_who(now.log()).as_slice());
    assert_eq!(old.redo_stack(), forget_who(now.redo_stack()).as_slice());
    let once: usize = old.log().iter().map(|e| rolls(&e.events).len()).sum();
    assert!(once < stored, "{once} rolls from {stored} stored");

    // Saved again, it is a version 2 file that loads the same.
    let again = battle_to_ron(&old).unwrap();
    assert!(again.contains("version: 2,"));
    assert_eq!(battle_from_ron(&again, path).unwrap(), old);
}
