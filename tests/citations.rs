//! Every registered rule system cites its own rules document: `docs/rules/<id>.md` exists, and
//! every `§N.M` in the system's folder (`crates/adjutant-core/src/rules/<id>/`) is one of its
//! numbered headings. The systems come from the registry (`rules::standard()`), so a system
//! added there is checked with no edit here; each system's own citation tests
//! (`tests/<id>/citations.rs`) check its refusals and notes further.

use std::path::Path;

use adjutant::rules;
use adjutant_testkit::cite::check_sources;

#[test]
fn every_registered_system_cites_headings_of_its_rules_document() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut faults = Vec::new();
    for system in rules::standard() {
        match check_sources(root, system.id(), &[]) {
            Ok(0) => faults.push(format!("{}: its folder cites no rule", system.id())),
            Ok(_) => {}
            Err(e) => faults.push(e),
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
