//! The rules as data: the status schema, the tables, and the shipped army files.

use super::*;

#[test]
fn status_schema_and_tables() {
    let mut b = battle(
        vec![
            unit("guns", ARTILLERY, &[]),
            unit("car", ARMOURED_CAR, &[]),
            unit("inf", INFANTRY, &["entrenched", "elite"]),
        ],
        vec![unit("foe", INFANTRY, &["concealed"])],
    );
    let guns = id(&b, RED, "guns");
    let keys = |p| {
        SYSTEM
            .piece_schema(&b.roster, p)
            .flags
            .iter()
            .map(|f| f.key)
            .collect::<Vec<_>>()
    };
    assert!(keys(guns).contains(&LIMBERED) && !keys(guns).contains(&ENTRENCHED));
    assert!(keys(id(&b, RED, "car")).contains(&ARMOURED));
    assert!(
        status(&b, guns).flag(LIMBERED),
        "artillery starts limbered (§4.6)"
    );
    assert!(status(&b, id(&b, RED, "car")).flag(ARMOURED));
    let inf = id(&b, RED, "inf");
    assert!(status(&b, inf).flag(ENTRENCHED));
    assert_eq!(status(&b, inf).mark(QUALITY), Some("Elite"));
    let foe = id(&b, WHITE, "foe");
    assert!(status(&b, foe).flag(CONCEALED));
    activate(&mut b, inf, "Shoot", "Move");
    let why = refusal(&b, &call(P_SHOOT, &[inf], &[foe], &[]));
    assert!(why.contains("concealed"), "{why}");
    // Spotted (an enemy adjacent), it stays on the table and may be shot.
    start(&mut b, P_SPOT, &[], &[foe], &[]).unwrap();
    assert!(status(&b, foe).flag(SPOTTED) && !status(&b, foe).flag(CONCEALED));
    assert!(
        SYSTEM
            .procedure(&b.context(), &call(P_SHOOT, &[inf], &[foe], &[]))
            .is_ok()
    );
    // Moving out of its trench, the unit is no longer entrenched.
    start(&mut b, P_MOVE, &[inf], &[], &[]).unwrap();
    assert!(!status(&b, inf).flag(ENTRENCHED));
    let tables = SYSTEM.tables();
    assert!(
        tables
            .iter()
            .any(|t| t.id == "rcw.units" && t.rows.len() == 11)
    );
    assert!(tables.iter().all(|t| !t.note.is_empty()));
}

#[test]
fn shipped_army_files_load() {
    let mut kinds = BTreeSet::new();
    let mut armies = Vec::new();
    for name in ["tsaritsyn_reds.ron", "tsaritsyn_whites.ron"] {
        let army = shipped_army("rcw", name);
        assert_eq!(army.system, "rcw");
        let mut qualities = BTreeSet::new();
        for u in &army.units {
            kinds.insert(u.kind.clone());
            qualities.insert(if u.has(ELITE) {
                "elite"
            } else if u.has(CONSCRIPT) {
                "conscript"
            } else {
                "average"
            });
        }
        assert_eq!(qualities.len(), 3, "{name} has all three qualities");
        armies.push(army);
    }
    let all: BTreeSet<String> = TABLE.iter().map(|(k, _, _)| k.to_string()).collect();
    assert_eq!(kinds, all, "every unit type is used");
    let b = Battle::new("rcw", armies, 3).unwrap();
    assert!(b.roster.pieces.len() > 20);
}
