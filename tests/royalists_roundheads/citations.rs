//! Every rule citation of Royalists & Roundheads names a heading of
//! docs/rules/royalists_roundheads.md, and the Switches table lists every switch with its
//! default.

use std::collections::BTreeSet;
use std::path::Path;

use adjutant::rules::RuleSystem;
use adjutant_testkit::cite;

use adjutant::rules::royalists_roundheads::modifiers::SWITCHES;
use cite::cited;

use super::common::*;

fn doc() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules/royalists_roundheads.md"),
    )
    .expect("the rules document")
}

/// The section numbers of the document's headings ("3", "3.4").
fn headings() -> BTreeSet<String> {
    cite::headings(&doc())
}

#[test]
fn every_section_cited_by_the_code_is_a_heading_of_the_document() {
    let have = headings();
    assert!(have.contains("6.5") && have.contains("12"), "{have:?}");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/adjutant-core/src/rules/royalists_roundheads");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for n in cited(&text) {
            count += 1;
            assert!(
                have.contains(&n),
                "{}: §{n} is not a heading",
                path.display()
            );
        }
        assert!(
            !text.contains("RULES.md"),
            "{} cites a document Adjutant does not ship",
            path.display()
        );
    }
    assert!(count > 100, "only {count} citations found");
}

#[test]
fn every_rule_string_cites_sections_only() {
    let b = ready(adjutant::rules::royalists_roundheads::phases::MELEE, 0);
    let have = headings();
    let check = |rule: &str| {
        assert!(!rule.is_empty());
        for part in rule.split(", ") {
            let n = part
                .strip_prefix('§')
                .unwrap_or_else(|| panic!("{rule:?} is not a § citation"));
            assert!(have.contains(n), "{rule}");
        }
    };
    // Refusals of every offer, and the modifiers table's Rule column.
    for actors in [vec!["hen1"], vec!["henderson"], vec!["hen1", "hen2"]] {
        let a: Vec<_> = actors.iter().map(|x| b.id(x)).collect();
        for targets in [vec![], vec![b.id("crom1")]] {
            for o in b.system.offers(&b.ctx(), &a, &targets) {
                if let Some(r) = o.refused {
                    check(&r.rule);
                }
            }
        }
    }
    let modifiers = b
        .system
        .tables()
        .into_iter()
        .find(|t| t.id == "modifiers")
        .unwrap();
    for row in &modifiers.rows {
        check(&row[2]);
    }
    for t in b.system.tables() {
        assert!(
            !t.note.contains("RULES.md") && !t.note.contains("W-"),
            "{}",
            t.note
        );
    }
}

#[test]
fn the_switches_table_lists_every_switch_with_its_default() {
    let switches = shipped()
        .tables()
        .into_iter()
        .find(|t| t.id == "switches")
        .expect("a Switches table");
    assert_eq!(switches.title, "Switches");
    assert_eq!(
        switches.header,
        ["Switch", "In force", "Default", "What it does"]
    );
    assert_eq!(switches.source.tag(), "[DEFAULT]");
    let rows: Vec<(&str, &str, &str)> = switches
        .rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("attack_melee_page", "0", "0"),
            ("muster_free_out", "1", "1"),
            ("rally_routed", "1", "1"),
            ("charge_check_overall", "0", "0"),
            ("infantry_fires", "1", "1"),
        ]
    );
    assert_eq!(rows.len(), SWITCHES.len());
    // The document lists each switch with the same default.
    let doc = doc();
    for (key, _, default) in &rows {
        assert!(
            doc.contains(&format!("| `{key}` | {default} |")),
            "{key} missing from the document's switch table"
        );
    }
    // A file that sets one is named.
    let b = ready_with("\"muster_free_out\": 0", 0, 0);
    let t = b
        .system
        .tables()
        .into_iter()
        .find(|t| t.id == "switches")
        .unwrap();
    assert_eq!(t.source.tag(), "[OVERRIDE royalists_roundheads.ron]");
    assert_eq!(t.rows[1][1], "0");
}
