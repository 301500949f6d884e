//! Table overrides from the config folder, for every rule system: a file named after the
//! system takes effect (the numbers the procedures read change, and the charts show the file
//! as their source), and a broken file is reported at path:line:col while the shipped tables
//! stay in force.

use std::path::{Path, PathBuf};

use adjutant::battle::Battle;
use adjutant::rules::registry::{Overrides, load_overrides, override_file};
use adjutant::rules::{RuleSystem, Source, Table, WithOverrides, by_id};

use crate::common;

use common::shipped_army;

/// A temporary config `tables` folder holding one override file.
fn folder_with(id: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = override_file(dir.path(), id);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

fn table<'a>(tables: &'a [Table], id: &str) -> &'a Table {
    tables.iter().find(|t| t.id == id).unwrap_or_else(|| {
        panic!(
            "no table {id} in {:?}",
            tables.iter().map(|t| &t.id).collect::<Vec<_>>()
        )
    })
}

fn cell_text(t: &Table) -> String {
    t.rows
        .iter()
        .flatten()
        .cloned()
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The loaded system, checking there were no problems.
fn loaded<'a>(o: &'a Overrides, id: &str) -> &'a dyn RuleSystem {
    assert!(
        o.problems.is_empty(),
        "unexpected problems: {:?}",
        o.problems
    );
    &**o.system(id).unwrap_or_else(|| panic!("{id} did not load"))
}

/// The single problem, which must be at `path:line:col` and mention `words`; the system
/// did not load (its shipped tables stay in force).
fn broken(o: &Overrides, id: &str, path: &Path, at: (usize, usize), words: &str) {
    assert!(o.system(id).is_none(), "{id} loaded from a broken file");
    let expected = format!("{}:{}:{}: ", path.display(), at.0, at.1);
    assert!(
        o.problems
            .iter()
            .any(|p| p.message.starts_with(&expected) && p.message.contains(words)),
        "no problem at {expected} mentioning {words:?} in {:?}",
        o.problems
    );
    assert!(o.problems.iter().all(|p| p.path == path));
}

#[test]
fn royalists_roundheads_override_takes_effect() {
    let text = r#"(
    version: 1,
    terrain: (rows: [
        (name: "Clear", fire: 0, melee: 0),
        (name: "Marsh", fire: -2, melee: -2, melee_cavalry: -1),
    ]),
)"#;
    let (dir, path) = folder_with("royalists_roundheads", text);
    let o = load_overrides(dir.path());
    let tables = loaded(&o, "royalists_roundheads").tables();
    let terrain = tables
        .iter()
        .find(|t| cell_text(t).contains("Marsh"))
        .expect("terrain chart");
    assert_eq!(terrain.source, Source::Override(path.display().to_string()));
    assert!(
        tables.iter().any(|t| t.source == Source::Rules),
        "charts the file leaves out stay shipped"
    );
}

#[test]
fn royalists_roundheads_broken_override_keeps_the_shipped_tables() {
    let (dir, path) = folder_with("royalists_roundheads", "(\n  version: 1,\n  melee: [\n)");
    let o = load_overrides(dir.path());
    assert!(o.system("royalists_roundheads").is_none());
    let message = &o.problems[0].message;
    assert!(
        message.starts_with(&format!("{}:", path.display())),
        "{message}"
    );
    let position: Vec<&str> = message[path.display().to_string().len() + 1..]
        .splitn(3, ':')
        .collect();
    assert!(
        position[0].parse::<usize>().is_ok() && position[1].parse::<usize>().is_ok(),
        "{message}"
    );
    let shipped = by_id("royalists_roundheads").unwrap().tables();
    assert!(
        shipped
            .iter()
            .all(|t| !matches!(t.source, Source::Override(_)))
    );
}

#[test]
fn d3_override_takes_effect() {
    let (dir, path) = folder_with(
        "d3_ecw",
        "(\n    version: 1,\n    options: (rout_at: 9, ammo_out_on: 2),\n)",
    );
    let o = load_overrides(dir.path());
    let tables = loaded(&o, "d3_ecw").tables();
    let options = table(&tables, "d3_ecw.options");
    assert_eq!(options.source, Source::Override(path.display().to_string()));
    let text = cell_text(options);
    assert!(
        text.contains("at 9 hits") && text.contains("a natural 2 runs out"),
        "{text}"
    );
    let units = table(&tables, "d3_ecw.units");
    assert_eq!(units.source, Source::Rules, "the file gives no profiles");
    let shipped = cell_text(table(&by_id("d3_ecw").unwrap().tables(), "d3_ecw.options"));
    assert!(shipped.contains("at 7 hits"), "{shipped}");
}

#[test]
fn d3_broken_override_is_placed_and_ignored() {
    let text = "(\n    options: (\n        ammo_out_on: 3,\n        rout_at: 120,\n    ),\n)";
    let (dir, path) = folder_with("d3_ecw", text);
    broken(
        &load_overrides(dir.path()),
        "d3_ecw",
        &path,
        (4, 9),
        "rout_at 120",
    );
    let text = "(\n    profiles: [\n        (kind: \"Musketeers\"),\n    ],\n)";
    let (dir, path) = folder_with("d3_ecw", text);
    broken(
        &load_overrides(dir.path()),
        "d3_ecw",
        &path,
        (3, 9),
        "missing",
    );
    let (dir, path) = folder_with("d3_ecw", "(\n    optoins: (rout_at: 8),\n)");
    broken(
        &load_overrides(dir.path()),
        "d3_ecw",
        &path,
        (2, 5),
        "has no field `optoins`",
    );
}

#[test]
fn vws_override_takes_effect() {
    let text = r#"(
    version: 1,
    fire_modifiers: [
        (key: "pistols", value: -2, label: "firing pistols (house rule)"),
        (key: "cover", value: -1, label: "small-arms target in cover"),
    ],
)"#;
    let (dir, path) = folder_with("victory_without_squares", text);
    let o = load_overrides(dir.path());
    let tables = loaded(&o, "victory_without_squares").tables();
    let fire = table(&tables, "vws.fire");
    assert_eq!(fire.source, Source::Override(path.display().to_string()));
    assert_eq!(fire.rows[0], ["-2", "firing pistols (house rule)"]);
    assert_eq!(fire.rows.len(), 2);
    let results = table(&tables, "vws.results");
    assert_eq!(results.source, Source::Rules, "the file gives no results");
}

#[test]
fn vws_broken_override_is_placed_and_ignored() {
    let text =
        "(\n    fire_modifiers: [\n        (key: \"muskets\", value: 1, label: \"x\"),\n    ],\n)";
    let (dir, path) = folder_with("victory_without_squares", text);
    broken(
        &load_overrides(dir.path()),
        "victory_without_squares",
        &path,
        (2, 21),
        "unknown modifier \"muskets\"",
    );
    let text = "(\n    results: [(from: None, to: Some(3), defender_steps: 1, attacker_steps: 0, consequence: \"a\"),\n        (from: Some(5), to: None, defender_steps: 0, attacker_steps: 1, consequence: \"b\")],\n)";
    let (dir, path) = folder_with("victory_without_squares", text);
    broken(
        &load_overrides(dir.path()),
        "victory_without_squares",
        &path,
        (2, 14),
        "no gap",
    );
}

#[test]
fn vws_override_sets_when_the_deck_reshuffles_and_reads_capital_cells() {
    use adjutant::cards::Refill;

    let text = r#"(
    deck: Never,
    card_table: [(action: Difficult, cells: ("n", "N", "Y", "Y*"))],
)"#;
    let (dir, path) = folder_with("victory_without_squares", text);
    let o = load_overrides(dir.path());
    let system = loaded(&o, "victory_without_squares");
    assert_eq!(system.refill(), Refill::Never);
    let tables = system.tables();
    let tests = table(&tables, "vws.card_tests");
    assert_eq!(tests.source, Source::Override(path.display().to_string()));
    assert!(
        tests.note.contains("never reshuffled by itself"),
        "{}",
        tests.note
    );
    let cards = table(&tables, "vws.cards");
    assert!(
        cell_text(cards).contains("n | n | y | y*"),
        "capitals read as the shipped lower case: {}",
        cell_text(cards)
    );
    let shipped = by_id("victory_without_squares").unwrap();
    assert_eq!(shipped.refill(), Refill::WhenEmpty, "the shipped default");

    let (dir, path) = folder_with("victory_without_squares", "(\n    deck: Sometimes,\n)");
    broken(
        &load_overrides(dir.path()),
        "victory_without_squares",
        &path,
        (2, 11),
        "Sometimes",
    );
}

#[test]
fn rcw_override_changes_a_procedures_numbers() {
    let text = r#"(
    version: 1,
    units: [(kind: "Infantry", move: 3)],
    rally: (average: 5),
)"#;
    let (dir, path) = folder_with("rcw", text);
    let o = load_overrides(dir.path());
    let system = loaded(&o, "rcw");
    let tables = system.tables();
    let shown = Source::Override(path.display().to_string());
    assert_eq!(table(&tables, "rcw.units").source, shown);
    assert_eq!(table(&tables, "rcw.rally").source, shown);
    assert_eq!(
        table(&tables, "rcw.to_hit").source,
        Source::Rules,
        "left out: shipped"
    );
    assert!(cell_text(table(&tables, "rcw.rally")).contains("Average | 5+"));

    let armies = vec![
        shipped_army("rcw", "tsaritsyn_reds"),
        shipped_army("rcw", "tsaritsyn_whites"),
    ];
    let battle = Battle::new("rcw", armies, 1).unwrap();
    let ctx = battle.context();
    let infantry = ctx
        .roster
        .ids()
        .find(|&id| ctx.roster.unit(id).is_some_and(|u| u.kind == "Infantry"))
        .expect("an infantry unit");
    let moves = |s: &dyn RuleSystem| -> String {
        let offers = s.offers(&ctx, &[infantry], &[]);
        let o = offers
            .iter()
            .find(|o| o.label.starts_with("Move "))
            .expect("a move offer");
        o.label.clone()
    };
    assert!(moves(system).ends_with("(3 hexes)"), "{}", moves(system));
    let shipped = &*by_id("rcw").unwrap();
    assert!(moves(shipped).ends_with("(2 hexes)"), "{}", moves(shipped));
}

#[test]
fn rcw_broken_override_gives_every_problem_in_place() {
    let text = r#"(
    version: 2,
    units: [
        (kind: "Infantry", move: 3),
        (kind: "Cossacks", move: 4),
    ],
    to_hit: (open: 7, hard: "six"),
)"#;
    let (dir, path) = folder_with("rcw", text);
    let o = load_overrides(dir.path());
    assert!(o.system("rcw").is_none());
    let got: Vec<&str> = o.problems.iter().map(|p| p.message.as_str()).collect();
    let p = path.display();
    assert_eq!(got.len(), 4, "{got:#?}");
    assert!(
        got[0].starts_with(&format!("{p}:2:14: unknown version 2")),
        "{}",
        got[0]
    );
    assert!(
        got[1].starts_with(&format!("{p}:5:16: unknown unit kind \"Cossacks\"")),
        "{}",
        got[1]
    );
    assert!(
        got[2].starts_with(&format!("{p}:7:20: open 7 is out of range")),
        "{}",
        got[2]
    );
    assert!(
        got[3].starts_with(&format!("{p}:7:29: expected a whole number")),
        "{}",
        got[3]
    );
    let (dir, path) = folder_with("rcw", "(\n    units: [],\n)");
    broken(
        &load_overrides(dir.path()),
        "rcw",
        &path,
        (1, 1),
        "no `version`",
    );
}

#[test]
fn misnamed_files_are_reported_and_a_missing_folder_is_no_override() {
    let (dir, path) = folder_with("royalist_roundheads", "(version: 1)");
    std::fs::write(dir.path().join("notes.txt"), "not a table").unwrap();
    let o = load_overrides(dir.path());
    assert!(o.systems.is_empty());
    assert_eq!(o.problems.len(), 1, "{:?}", o.problems);
    let m = &o.problems[0].message;
    assert!(
        m.starts_with(&format!("{}:1:1: no rule system", path.display())),
        "{m}"
    );
    assert!(
        m.contains("royalists_roundheads.ron") && m.contains("rcw.ron"),
        "{m}"
    );

    let none = load_overrides(&dir.path().join("no such folder"));
    assert!(none.systems.is_empty() && none.problems.is_empty());
}

#[test]
fn a_battle_is_played_saved_and_loaded_under_the_systems_it_was_given() {
    // The systems in force are a value handed in, not a global: a battle started under them
    // keeps them, and the store loads it back under the same ones; the shipped systems are
    // untouched.
    let (dir, _) = folder_with(
        "victory_without_squares",
        "(switches: (powder_halves_bases: true))",
    );
    let (systems, problems) = adjutant::rules::Systems::with_overrides(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    let armies = vec![
        shipped_army("victory_without_squares", "naseby_royalists"),
        shipped_army("victory_without_squares", "naseby_parliament"),
    ];
    let battle = Battle::new_under(&systems, "victory_without_squares", armies.clone(), 5).unwrap();
    let switched = |b: &Battle| table(&b.rules().tables(), "switches").rows[0][1].clone();
    assert_eq!(switched(&battle), "1 (on)");
    let shipped = Battle::new("victory_without_squares", armies, 5).unwrap();
    assert_eq!(switched(&shipped), "0 (off)");
    assert_ne!(battle, shipped, "not the same rules in force");
    let folder = tempfile::tempdir().unwrap();
    let mut store = adjutant::store::BattleStore::in_dir(folder.path()).with_systems(systems);
    let path = store.save(&battle).unwrap();
    let back = store.load(&path).unwrap();
    assert_eq!(switched(&back), "1 (on)");
    assert_eq!(back, battle);
    let plain = adjutant::store::read_battle(&path).unwrap();
    assert_eq!(
        switched(&plain),
        "0 (off)",
        "read without them: the shipped tables"
    );
}

/// Brackets nested past the parser's limit in a table file: the message says an override file,
/// not an army file.
#[test]
fn a_table_file_nested_too_deeply_says_it_is_a_table_file() {
    let deep = format!(
        "(version: 1, units: {}{})",
        "[".repeat(200),
        "]".repeat(200)
    );
    let (dir, path) = folder_with("rcw", &deep);
    let o = load_overrides(dir.path());
    assert!(o.system("rcw").is_none());
    assert_eq!(o.problems.len(), 1, "{:?}", o.problems);
    let message = &o.problems[0].message;
    assert!(
        message.starts_with(&format!("{}:1:", path.display())),
        "{message}"
    );
    assert!(
        message.contains("nested too deeply") && message.contains("an override file never needs"),
        "{message}"
    );
    assert!(!message.contains("army file"), "{message}");
}

/// A 900 KB unit kind in a table file is cut in the message, which says how long it was.
#[test]
fn a_huge_unknown_kind_in_a_table_file_is_cut() {
    let kind = "Z".repeat(900_000);
    let text = format!("(version: 1, units: [(kind: \"{kind}\", move: 3)])");
    let (dir, path) = folder_with("rcw", &text);
    let o = load_overrides(dir.path());
    assert_eq!(o.problems.len(), 1, "{} problems", o.problems.len());
    let message = &o.problems[0].message;
    assert!(message.len() < 1_000, "{} bytes", message.len());
    let shown = format!(
        "{}:1:29: unknown unit kind \"{}…\" (900000 characters); the kinds are: ",
        path.display(),
        "Z".repeat(60)
    );
    assert!(message.starts_with(&shown), "{message}");
}

/// Some editors start a UTF-8 file with a byte-order mark. An army file with one passes
/// `adjutant check`; a table file is read the same way (before, it was refused at 1:1).
#[test]
fn a_table_file_that_starts_with_a_byte_order_mark_is_read_as_army_files_are() {
    let text = "\u{feff}(\n    version: 1,\n    terrain: (rows: [\n        (name: \"Clear\", fire: 0, melee: 0),\n        (name: \"Marsh\", fire: -2, melee: -2),\n    ]),\n)";
    let (dir, _) = folder_with("royalists_roundheads", text);
    let o = load_overrides(dir.path());
    let tables = loaded(&o, "royalists_roundheads").tables();
    assert!(tables.iter().any(|t| cell_text(t).contains("Marsh")));

    // A problem on the first line is placed as the editor shows it, without the mark.
    let (dir, path) = folder_with("royalists_roundheads", "\u{feff}(version: 2)");
    let o = load_overrides(dir.path());
    broken(
        &o,
        "royalists_roundheads",
        &path,
        (1, 2),
        "unknown version 2",
    );
}
