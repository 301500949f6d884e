//! Override files: they load, take effect, carry their source, and bad ones get
//! path:line:col errors.

use adjutant::rules::royalists_roundheads::keys::{param, proc};
use adjutant::rules::royalists_roundheads::phases::MELEE;
use adjutant::rules::royalists_roundheads::{RoyalistsRoundheads, load_overrides, overrides};
use adjutant::rules::{RuleSystem, Source};

use super::common::*;

const GOOD: &str = r#"(
    version: 1,
    melee: (
        columns: ["1-10", "11+"],
        rows: [
            ["-", "M"],
            ["-", "M"],
            ["1", "2"],
        ],
    ),
    modifiers: {"melee_attack_cavalry": 1},
    terrain: (rows: [
        (name: "Clear", fire: 0, melee: 0),
        (name: "Marsh", fire: -2, melee: -2, melee_cavalry: -1),
    ]),
)"#;

#[test]
fn an_override_loads_and_takes_effect() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("royalists_roundheads.ron");
    std::fs::write(&path, GOOD).unwrap();
    let tables = load_overrides(&path).expect("loads");
    let shown = path.display().to_string();
    assert_eq!(tables.melee.source, Source::Override(shown.clone()));
    assert_eq!(
        tables.fire.source,
        Source::Rules,
        "tables not in the file stay shipped"
    );
    assert_eq!(tables.modifiers.get("melee_attack_cavalry"), 1);
    assert_eq!(tables.modifiers.get("melee_charge"), 2);
    let system = RoyalistsRoundheads::with_tables(tables);
    let charts = system.tables();
    assert_eq!(charts[0].source.tag(), format!("[OVERRIDE {shown}]"));
    assert_eq!(
        charts[0].rows,
        [["0", "–", "M"], ["1", "–", "M"], ["2", "1", "2"]]
    );

    let mut b = B::with(system, vec![royalists(), parliament()]);
    b.enter_all();
    b.set_chit("henderson", "Attack");
    b.set_chit("cromwell", "Advance");
    b.clock(2, MELEE, 0);
    let call = b.call(
        proc::MELEE,
        &["hen1"],
        &["crom1"],
        &[(param::TERRAIN, "Marsh")],
    );
    // Attack +1 (override), Marsh −2 and −1 for cavalry: 6 − 2 = 4 reads the last row, "1";
    // the defenders' 1 reads row 1, "–".
    let (res, reqs) = b
        .run(
            &call,
            &[f(&[1, 1]), f(&[1, 1]), f(&[6]), f(&[1]), f(&[1, 1])],
        )
        .unwrap();
    assert_eq!(reqs[2].dice.modifier_total(), -2);
    assert!(reqs[2].label.contains("column 1–10"));
    assert_eq!(
        res.summary,
        "defenders lose 1 step and check morale; Cromwell's Horse 1 passes"
    );
    let offers = b.system.offers(&b.ctx(), &[b.id("hen1")], &[b.id("crom1")]);
    let melee = offers.iter().find(|o| o.id == proc::MELEE).unwrap();
    assert_eq!(melee.params[0].choices, ["Clear", "Marsh"]);
}

#[test]
fn bad_overrides_report_path_line_and_column() {
    let text = "(\n    version: 1,\n    melee: (\n        columns: [\"1-3\", \"4+\"],\n        rows: [\n            [\"-\", \"M\"],\n            [\"-\", \"M\", \"1\"],\n            [\"X\", \"1\"],\n        ],\n    ),\n    modifiers: {\"no_such\": 2},\n)";
    let errors = overrides::tables("my.ron", text).unwrap_err();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].starts_with("my.ron:7:13: row 1 has 3 cells"),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("my.ron:8:13: row 2: 'X'"),
        "{errors:?}"
    );
    assert!(
        errors[2].starts_with("my.ron:11:17: unknown modifier \"no_such\""),
        "{errors:?}"
    );

    let errors = overrides::tables("syntax.ron", "(\n  version: 1,\n  melee: [\n)").unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].starts_with("syntax.ron:"), "{errors:?}");

    let errors = overrides::tables("v.ron", "(version: 2, victory: (royalist_losses: [(losses: \"10-12\", need: 13)], parliament_losses: [(losses: \"x\", need: 10)]))").unwrap_err();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors.iter().any(|e| e.contains("unknown version 2")));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("need 13 is not a 2D6 roll"))
    );
    assert!(errors.iter().any(|e| e.contains("not a range")));

    let errors = overrides::tables(
        "w.ron",
        "(\n  version: 1,\n  modifiers: {\"muster_free_out\": 2},\n)",
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("w.ron:3:15: 'muster_free_out' is a switch: 1 for yes, 0 for no"),
        "{errors:?}"
    );

    let missing = load_overrides(std::path::Path::new("/no/such/file.ron")).unwrap_err();
    assert!(missing[0].starts_with("/no/such/file.ron:1:1: cannot read"));
}
