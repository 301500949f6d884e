//! Every rule RCW cites is a heading of `docs/rules/rcw.md`: each `§N` or `§N.M` written
//! anywhere in the system's code names a `## N` or `### N.M` heading of that document, and
//! no other reference (the specification's sections or gap numbers) is left.

use std::path::Path;

use crate::rules::kit::cite::{cited, headings};

#[test]
fn every_section_rcw_cites_is_a_heading_of_its_rules_document() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/rules/rcw.md")).expect("docs/rules/rcw.md");
    let heads = headings(&doc);
    assert!(heads.contains("7.2"), "{heads:?}");
    let dir = root.join("src/rules/rcw");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("src/rules/rcw")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source");
        if file.ends_with("cite_tests.rs") {
            continue;
        }
        for n in cited(&text) {
            assert!(
                !n.is_empty() && heads.contains(&n),
                "{}: §{n} is not a heading of docs/rules/rcw.md",
                file.display()
            );
            count += 1;
        }
        assert!(!text.contains("RULES.md"), "{}", file.display());
        assert!(
            !text.contains("\"R-") && !text.contains("(R-"),
            "{}: a gap number is cited",
            file.display()
        );
    }
    assert!(count > 100, "only {count} citations found");
}

#[test]
fn every_rule_string_of_an_offer_or_request_is_a_section() {
    use super::SYSTEM;
    use crate::rules::RuleSystem;
    let doc = include_str!("../../../docs/rules/rcw.md");
    let heads = headings(doc);
    let rcw = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/rcw");
    let armies = ["tsaritsyn_reds.ron", "tsaritsyn_whites.ron"]
        .map(|f| crate::army::load_army(&rcw.join(f)).expect("shipped army"));
    let b = crate::battle::Battle::new("rcw", armies.to_vec(), 3).expect("battle");
    let ctx = b.context();
    let ids: Vec<_> = b.roster.ids().collect();
    let mut rules = Vec::new();
    for &a in &ids {
        for &t in &ids {
            for o in SYSTEM.offers(&ctx, &[a], &[t]) {
                rules.extend(o.refused.map(|r| r.rule));
            }
        }
        for o in SYSTEM.offers(&ctx, &[a], &[]) {
            rules.extend(o.refused.map(|r| r.rule));
        }
    }
    assert!(rules.len() > 10);
    for rule in rules {
        let parts: Vec<&str> = rule.split(", ").collect();
        for part in parts {
            let n = part.strip_prefix('§').unwrap_or_else(|| panic!("{rule:?}"));
            assert!(heads.contains(n), "{rule:?}");
        }
    }
}
