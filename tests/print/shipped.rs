//! Every shipped army printed on every sheet, and the (ignored) dump of every sheet to look at.

use super::*;

#[test]
fn every_shipped_army_prints_every_sheet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies");
    if !root.is_dir() {
        eprintln!("no armies/ folder yet: nothing shipped to print");
        return;
    }
    for rules in rules::standard() {
        let files = shipped(rules.id());
        let armies: Vec<Army> = files
            .iter()
            .map(|f| {
                adjutant::army::load_army(f).unwrap_or_else(|p| panic!("{}: {p:?}", f.display()))
            })
            .collect();
        for army in &armies {
            check_roster(army, &*rules, Paper::A4);
        }
        if armies.len() >= 2 {
            let mut battle = Battle::new(rules.id(), armies.clone(), 11).unwrap();
            battle.start(Action::Roll(Dice::new(1, Die::D6))).unwrap();
            battle.roll().unwrap();
            assert_small(&print::battle_pdf(&battle, Paper::A4).unwrap());
            assert_small(&print::report_pdf(&battle, Paper::A4).unwrap());
        }
    }
}

/// Writes every sheet to `$PRINT_DUMP` for looking at: `PRINT_DUMP=/tmp/sheets cargo test
/// --test app print::shipped::dump -- --ignored`, then `pdftoppm -png -r 60`.
#[test]
#[ignore]
fn dump_sheets_for_looking_at() {
    let dir = std::path::PathBuf::from(std::env::var("PRINT_DUMP").expect("set PRINT_DUMP"));
    std::fs::create_dir_all(&dir).unwrap();
    let write =
        |name: &str, bytes: Vec<u8>| print::write_pdf_atomically(dir.join(name), &bytes).unwrap();
    write(
        "test-roster.pdf",
        print::roster_pdf(&test_army("Blue army", "Blue"), &Tester, Paper::A4).unwrap(),
    );
    write(
        "test-quickref.pdf",
        print::quick_ref_pdf(&Tester, Paper::A4).unwrap(),
    );
    let (roster, state) = blue_and_red();
    let ctx = Context {
        roster: &roster,
        state: &state,
    };
    write(
        "test-battle.pdf",
        print::battle_pdf_with(&Tester, &ctx, PrintOptions::default()).unwrap(),
    );
    write(
        "report.pdf",
        print::report_pdf(&scripted(), Paper::A4).unwrap(),
    );
    for rules in rules::standard() {
        write(
            &format!("{}-quickref.pdf", rules.id()),
            print::quick_ref_pdf(&*rules, Paper::A4).unwrap(),
        );
        let armies: Vec<Army> = shipped(rules.id())
            .iter()
            .filter_map(|f| adjutant::army::load_army(f).ok())
            .collect();
        for (i, army) in armies.iter().enumerate() {
            write(
                &format!("{}-roster-{i}.pdf", rules.id()),
                print::roster_pdf(army, &*rules, Paper::A4).unwrap(),
            );
        }
        if let Ok(battle) = Battle::new(rules.id(), armies, 5) {
            write(
                &format!("{}-battle.pdf", rules.id()),
                print::battle_pdf(&battle, Paper::Letter).unwrap(),
            );
        }
    }
}
