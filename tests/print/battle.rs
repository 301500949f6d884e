//! The battle sheet: hits, rungs and figures as the battle stands, secrets hidden unless asked,
//! and a battle of a registered system.

use super::*;

#[test]
fn battle_as_it_stands_prints_hits_rungs_figures_and_hides_secrets() {
    let (roster, state) = blue_and_red();
    let ctx = Context {
        roster: &roster,
        state: &state,
    };
    let options = PrintOptions {
        paper: Paper::A4,
        show_secrets: false,
    };
    let bytes = print::battle_pdf_with(&Tester, &ctx, options).unwrap();
    assert_small(&bytes);
    let text = pdf_text(&bytes);
    for part in [
        "Turn 4 · Fire phase · Red to play",
        "3/6",
        "0/6",
        "Loss points",
        "17",
        "Blue Horse",
        "Red Lifeguard",
    ] {
        assert_has(&text, part);
    }
    assert!(
        !text.contains("Command chit Retreat"),
        "a secret chit must not be filled in unless asked"
    );
    let shown = print::battle_pdf_with(
        &Tester,
        &ctx,
        PrintOptions {
            show_secrets: true,
            ..options
        },
    )
    .unwrap();
    let shown = pdf_text(&shown);
    assert_has(&shown, "Command chit Retreat Attack / Stand / Retreat");
}

#[test]
fn battle_of_a_registered_system_prints() {
    let mut battle = Battle::new("royalists_roundheads", winceby(), 7).unwrap();
    battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    battle.roll().unwrap();
    let bytes = print::battle_pdf(&battle, Paper::Letter).unwrap();
    assert_small(&bytes);
    let text = pdf_text(&bytes);
    assert_has(&text, "Turn 1");
    for army in battle.armies() {
        army.units.iter().for_each(|u| assert_has(&text, &u.name));
    }
}
