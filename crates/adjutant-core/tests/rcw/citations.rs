//! Every rule RCW cites is a heading of `docs/rules/rcw.md`: each `§N` or `§N.M` written
//! anywhere in the system's code names a `## N` or `### N.M` heading of that document, no
//! other reference (a design note's sections or gap numbers) is left, and every refusal the
//! Tsaritsyn armies meet cites only such sections.

use std::path::PathBuf;

use adjutant_testkit::cite;

use cite::{check_sources, headings, is_rule, reference, refusals};

use super::*;

fn root() -> PathBuf {
    cite::root()
}

#[test]
fn every_section_rcw_cites_is_a_heading_of_its_rules_document() {
    let doc = std::fs::read_to_string(reference(&root(), "rcw")).expect("docs/rules/rcw.md");
    assert!(headings(&doc).contains("7.2"));
    let count = check_sources(&root(), "rcw", &["RULES.md", "\"R-", "(R-"])
        .unwrap_or_else(|faults| panic!("{faults}"));
    assert!(count > 100, "only {count} citations found");
}

#[test]
fn every_rule_string_of_an_offer_is_a_section() {
    let doc = std::fs::read_to_string(reference(&root(), "rcw")).expect("docs/rules/rcw.md");
    let heads = headings(&doc);
    let b = common::shipped_battle("rcw", ["tsaritsyn_reds", "tsaritsyn_whites"], 3);
    let found = refusals(&SYSTEM, &b, 1);
    assert!(found.len() > 10);
    for (id, r) in found {
        assert!(is_rule(&r.rule, &heads), "{id}: {:?}", r.rule);
    }
}
