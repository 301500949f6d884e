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

// After the battle nothing is secret: the report says what a leader's command chit changed
// to ("Widdrington changes command (Command chit: Attack)"); while the battle goes on it keeps
// the secret.
#[test]
fn the_report_tells_a_secret_command_once_the_battle_is_over() {
    let armies = hand_winceby();
    let roster = Roster::new(armies.clone());
    let widdrington = roster.find(0, "widdrington").unwrap();
    let change = Action::Procedure(Call {
        id: "change_command".into(),
        targets: vec![widdrington],
        ..Call::default()
    });
    let entry = |title: &str, action, events| Entry {
        title: title.into(),
        action,
        events,
    };
    let log = |over: bool| {
        let mut log = vec![
            entry(
                "Set up",
                Action::Setup,
                vec![Event::fact(FactKind::Turn, None, "The battle begins")],
            ),
            entry(
                "Change command",
                change.clone(),
                vec![
                    Event::Piece {
                        piece: widdrington,
                        change: Change::Mark {
                            key: "chit".into(),
                            to: Some("Attack".into()),
                        },
                    },
                    Event::fact(
                        FactKind::Command,
                        Some(widdrington),
                        "Widdrington changes command",
                    ),
                ],
            ),
        ];
        if over {
            log.push(entry(
                "The end",
                Action::Setup,
                vec![Event::Ended {
                    result: "Royalist victory on loss points".into(),
                }],
            ));
        }
        log
    };
    let report = |over: bool| {
        let battle = Battle::from_parts(
            &adjutant::rules::Systems::shipped(),
            "royalists_roundheads".into(),
            1,
            armies.clone(),
            log(over),
            Vec::new(),
            None,
        )
        .unwrap();
        print::report_markdown(&battle)
    };
    let going_on = report(false);
    assert!(
        going_on.contains("Widdrington changes command"),
        "{going_on}"
    );
    assert!(!going_on.contains("Attack"), "still secret:\n{going_on}");
    let over = report(true);
    assert!(
        over.contains("Widdrington changes command (") && over.contains("Attack)"),
        "told once over:\n{over}"
    );
}
