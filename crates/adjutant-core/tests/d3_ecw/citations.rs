//! Rule citations: every `§` the D3 code cites names a numbered heading of its reference,
//! `docs/rules/d3_ecw.md`, and every rule string the player sees (refusals, dice, modifiers,
//! re-roll choices, tables) cites only such sections. The Switches table lists every switch.

use std::collections::BTreeSet;
use std::path::PathBuf;

use adjutant_testkit::cite;

use cite::{cited, is_rule};

use super::*;

fn root() -> PathBuf {
    cite::root()
}

/// The section numbers of the reference's headings.
fn headings() -> BTreeSet<String> {
    cite::headings(&std::fs::read_to_string(root().join("docs/rules/d3_ecw.md")).unwrap())
}

/// The D3 source files: the system's modules and its table-file reader.
fn sources() -> Vec<(PathBuf, String)> {
    let dir = root().join("crates/adjutant-core/src/rules/d3_ecw");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

#[test]
fn every_section_the_d3_code_cites_is_a_heading_of_its_reference() {
    let heads = headings();
    assert!(heads.contains("6.7") && heads.contains("9") && heads.len() > 40);
    let mut count = 0;
    for (path, text) in sources() {
        let shown = path.display();
        for n in cited(&text) {
            assert!(
                heads.contains(&n),
                "{shown}: §{n} is not a heading of docs/rules/d3_ecw.md"
            );
            count += 1;
        }
        assert!(!text.contains("RULES.md"), "{shown} cites RULES.md");
        let gap = text
            .match_indices("D3-")
            .any(|(i, _)| text[i + 3..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(!gap, "{shown} cites a gap code (D3-n)");
    }
    assert!(count > 80, "only {count} citations found");
}

#[test]
fn every_rule_string_shown_cites_the_reference() {
    let heads = headings();
    let b = ready();
    // Every offer, refused or not, for every selection of one piece and one target, in a
    // position with a melee, a fixed gun and a commander attached.
    let (inf, trot, art, cmd) = (
        id(&b, 0, "inf"),
        id(&b, 1, "trot"),
        id(&b, 0, "art"),
        id(&b, 0, "cmd"),
    );
    let mut positions = vec![new_battle(), b.clone()];
    positions.push(with(
        &engage(&b, inf, trot),
        vec![
            flag(art, EMPLACED),
            mark(cmd, ATTACHED, "Royalist Dragoons"),
        ],
    ));
    positions.push(with(&b, vec![flag(cmd, REMOVED)]));
    let mut count = 0;
    for p in &positions {
        for (id, r) in cite::refusals(&SYSTEM, p, 1) {
            assert!(is_rule(&r.rule, &heads), "{id}: {r}");
            count += 1;
        }
    }
    assert!(count > 100, "{count}");
    // Dice requests, their modifiers and the re-roll choices.
    let attached = with(&b, vec![mark(cmd, ATTACHED, "Royalist Infantry")]);
    let ctx = attached.context();
    for c in [
        call(P_SHOOT, &[inf], &[trot], &[(SHOOTER_ENTRENCHED, "yes")]),
        call(
            P_SHOOT,
            &[id(&b, 0, "drg")],
            &[id(&b, 1, "cs")],
            &[(TERRAIN, "woods")],
        ),
        call(
            P_MELEE,
            &[id(&b, 0, "gall")],
            &[id(&b, 1, "cuir")],
            &[(FLANK, "yes")],
        ),
        call(
            P_MELEE,
            &[inf],
            &[id(&b, 1, "inf")],
            &[(HILL, "yes"), (TERRAIN, "town")],
        ),
    ] {
        let proc = SYSTEM.procedure(&ctx, &c).unwrap();
        if let Step::Dice(req) = proc.step(&ctx, &[]) {
            assert!(is_rule(&req.rule, &heads), "{}", req.rule);
            for m in &req.dice.modifiers {
                assert!(is_rule(&m.rule, &heads), "{}", m.rule);
            }
            let first = Input::Dice(Rolled {
                dice: req.dice.clone(),
                faces: vec![2],
                typed: true,
            });
            if let Step::Choice(ch) = proc.step(&ctx, &[first]) {
                assert!(is_rule(&ch.rule, &heads), "{}", ch.rule);
            }
        }
    }
    let fresh = new_battle();
    let ctx = fresh.context();
    let proc = SYSTEM
        .procedure(&ctx, &call(P_INITIATIVE, &[], &[], &[]))
        .unwrap();
    let Step::Dice(req) = proc.step(&ctx, &[]) else {
        panic!("the roll-off asks for a die")
    };
    assert!(is_rule(&req.rule, &heads), "{}", req.rule);
    // The tables' rule columns and notes, the quick-reference card's text.
    for t in SYSTEM.tables() {
        let rule_column = t.header.iter().position(|h| h == "Rule");
        for row in &t.rows {
            if let Some(i) = rule_column {
                assert!(is_rule(&row[i], &heads), "{}: {}", t.id, row[i]);
            }
            for cell in row {
                for n in cited(cell) {
                    assert!(heads.contains(&n), "{}: §{n}", t.id);
                }
            }
        }
        for n in cited(&t.note) {
            assert!(heads.contains(&n), "{}: §{n}", t.id);
        }
        assert!(!t.note.contains("RULES.md"), "{}", t.id);
    }
}

#[test]
fn the_switches_table_lists_every_switch_with_its_default() {
    let tables = SYSTEM.tables();
    let sw = tables.iter().find(|t| t.id == "switches").unwrap();
    assert_eq!(sw.title, "Switches");
    assert_eq!(sw.header, ["Switch", "In force", "Default", "What it does"]);
    assert_eq!(sw.source, Source::Default);
    let names: Vec<&str> = D3Tables::standard()
        .switches
        .list()
        .iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, ["give_ground_when_not_activated"]);
    assert_eq!(sw.rows.len(), names.len());
    for (row, name) in sw.rows.iter().zip(names) {
        assert_eq!(row[0], name);
        assert_eq!((row[1].as_str(), row[2].as_str()), ("off", "off"));
        assert!(row[3].contains('§'));
    }
    // The reference documents each switch, in force or not, with its default.
    let doc = std::fs::read_to_string(root().join("docs/rules/d3_ecw.md")).unwrap();
    assert!(doc.contains("| `give_ground_when_not_activated` | off |"));
}
