//! The rules as data: the tables with their sources, the status schema, and the shipped army
//! files.

use super::*;

#[test]
fn tables_are_data_with_sources() {
    let tables = SYSTEM.tables();
    assert_eq!(tables.len(), 4);
    assert_eq!(tables[0].source, Source::Rules);
    assert_eq!(tables[2].source, Source::Default);
    assert_eq!(tables[0].rows.len(), 8);
    let inf = tables[0].rows.iter().find(|r| r[0] == INFANTRY).unwrap();
    assert_eq!(inf[4], "D3 (ammo)");
    let t = D3Tables::standard();
    let back = adjutant_core::rules::d3_ecw::overrides::tables("mine.ron", &t.to_ron()).unwrap();
    assert_eq!(back.profiles, t.profiles);
    let overridden = D3Ecw::with_tables(back).tables();
    assert_eq!(overridden[0].source, Source::Override("mine.ron".into()));
    assert!(adjutant_core::rules::d3_ecw::overrides::tables("bad.ron", "(nonsense: 1)").is_err());
    // A partial override: one option switched, everything else standard.
    let part = adjutant_core::rules::d3_ecw::overrides::tables(
        "part.ron",
        "(options: (ammo_check: SeparateDie))",
    )
    .unwrap();
    assert_eq!(part.options.ammo_check, AmmoCheck::SeparateDie);
    assert_eq!(part.options.rout_at, 7);
    assert_eq!(part.profiles, t.profiles);
}

#[test]
fn schema_declares_status() {
    let b = new_battle();
    let inf = id(&b, 0, "inf");
    let s = SYSTEM.piece_schema(&b.roster, inf);
    assert_eq!(s.tracks[0].key, HITS);
    assert_eq!(s.tracks[0].max, 7);
    assert!(s.flags.iter().any(|f| f.key == OUT_OF_AMMO));
    let art = SYSTEM.piece_schema(&b.roster, id(&b, 0, "art"));
    assert!(art.flags.iter().any(|f| f.key == EMPLACED));
    assert!(!art.flags.iter().any(|f| f.key == OUT_OF_AMMO));
    let cmd = SYSTEM.piece_schema(&b.roster, id(&b, 0, "cmd"));
    assert_eq!(cmd.marks[0].choices.len(), 8);
    let side = SYSTEM.side_schema();
    assert!(side.tracks.iter().any(|t| t.key == COMMANDER_HITS));
    assert!(side.flags.iter().any(|f| f.key == RETIRED));
}

#[test]
fn shipped_army_files_load() {
    let mut kinds = BTreeSet::new();
    let mut armies = Vec::new();
    for file in ["edgehill_royalists.ron", "edgehill_parliament.ron"] {
        let army = shipped_army("d3_ecw", file);
        assert_eq!(army.system, "d3_ecw");
        assert!((8..=12).contains(&army.units.len()), "{file}");
        assert_eq!(army.leaders.len(), 1, "{file}: one Commander");
        kinds.extend(army.units.iter().map(|u| u.kind.clone()));
        armies.push(army);
    }
    let all: BTreeSet<String> = KINDS.iter().map(|(_, k)| (*k).to_string()).collect();
    assert_eq!(kinds, all);
    let b = Battle::new("d3_ecw", armies, 1).unwrap();
    assert_eq!(b.roster.pieces.len(), 2 + 12 + 11);
}
