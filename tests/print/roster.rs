//! The roster sheet: every unit statistic and status part, the Winceby armies, and an army of
//! another system refused.

use super::*;

#[test]
fn roster_prints_every_unit_statistic_and_status_part() {
    for paper in Paper::ALL {
        let text = check_roster(&test_army("Blue army", "Blue"), &Tester, paper);
        for part in [
            "Hits",
            "Formation:",
            "Formed",
            "Shaken",
            "Disordered",
            "Routed",
        ] {
            assert_has(&text, part);
        }
        for part in [
            "Out of ammo",
            "Fallen",
            "Command chit",
            "Attack / Stand / Retreat",
        ] {
            assert_has(&text, part);
        }
        for part in [
            "Loss points",
            "Elite Rides with the general.",
            "Unattached units",
        ] {
            assert_has(&text, part);
        }
        assert_has(&text, "answers to Blue General");
    }
}

#[test]
fn roster_of_each_winceby_army_prints() {
    let rules = rules::by_id("royalists_roundheads").unwrap();
    for army in winceby() {
        check_roster(&army, &*rules, Paper::A4);
    }
}

#[test]
fn roster_refuses_an_army_of_another_system() {
    let err = print::roster_pdf(
        &test_army("Blue", "Blue"),
        &*rules::standard()[0],
        Paper::A4,
    );
    assert!(
        matches!(err, Err(PrintError::WrongSystem { .. })),
        "{err:?}"
    );
}
