//! The battle report: the battle told in order with its dice and result, and tray dice.

use super::*;

#[test]
fn report_tells_the_battle_in_order_with_dice_and_result() {
    let battle = scripted();
    let md = print::report_markdown(&battle);
    let order = [
        "## Turn 1",
        "The battle begins",
        "fires at Cromwell",
        "loses a step",
        "7♣",
        "## Turn 2",
        "**Cromwell's Horse routs**",
        "## Dice",
        "| Royalist | D6 | 2 | 6.00 | 3.50 | +2.50 |",
        "| Parliament | D10 | 1 | 0.00 | 4.50 | -4.50 |",
        "## Result",
        "Royalist victory on loss points",
    ];
    let mut at = 0;
    for part in order {
        let found = md[at..]
            .find(part)
            .unwrap_or_else(|| panic!("'{part}' not after {at} in:\n{md}"));
        at += found + part.len();
    }
    let text = pdf_text(&print::report_pdf(&battle, Paper::A4).unwrap());
    let mut at = 0;
    for part in [
        "Turn 1",
        "begins",
        "loses a step",
        "7♣",
        "Turn 2",
        "routs",
        "Royalist D6 2 6.00 3.50 +2.50",
        "Royalist victory",
    ] {
        let found = text[at..]
            .find(part)
            .unwrap_or_else(|| panic!("'{part}' not after {at} in:\n{text}"));
        at += found + part.len();
    }
}

#[test]
fn tray_dice_are_reported_as_tray() {
    let mut battle = Battle::new("royalists_roundheads", winceby(), 3).unwrap();
    battle.start(Action::Roll(Dice::new(3, Die::D6))).unwrap();
    battle.roll().unwrap();
    let md = print::report_markdown(&battle);
    assert!(md.contains("| tray | D6 | 3 |"), "{md}");
    assert!(md.contains("Not finished: turn 1"), "{md}");
}
