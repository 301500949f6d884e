//! The turn: the first-player roll-off, defeat at half the combat units destroyed, the turn's
//! offers and reminders, and victory on objectives.

use super::*;

#[test]
fn first_player_roll_off_rolls_again_on_a_tie() {
    let b = Battle::new(
        "rcw",
        vec![
            army("Reds", vec![unit("a", INFANTRY, &[])]),
            army("Whites", vec![unit("b", INFANTRY, &[])]),
        ],
        1,
    )
    .unwrap();
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, &call(P_FIRST_PLAYER, &[], &[], &[]))
        .unwrap();
    let (res, reqs) = drive(p.as_ref(), &ctx, &[&[4], &[4], &[2], &[5]]);
    assert_eq!(reqs.len(), 4);
    assert_eq!(res.summary, "Whites go first");
    assert!(res.events.contains(&Event::Clock {
        turn: 1,
        phase: 0,
        side: WHITE
    }));
    let limits = Limits {
        max_depth: 6,
        max_steps: 10_000,
    };
    let odds = procedure_odds_within(p.as_ref(), &ctx, &[], limits);
    assert!(odds.unexplored < 0.01, "{odds:?}");
    assert!((odds.p("Reds go first") - odds.p("Whites go first")).abs() < 1e-9);
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

#[test]
fn half_the_combat_units_destroyed_loses_at_the_end_of_the_player_turn() {
    let mut b = battle(
        vec![unit("mg", MG, &[])],
        vec![
            unit("inf", INFANTRY, &[]),
            unit("inf2", INFANTRY, &[]),
            unit("hq", HQ, &[]),
        ],
    );
    let (mg, inf) = (id(&b, RED, "mg"), id(&b, WHITE, "inf"));
    activate(&mut b, mg, "Shoot", "None");
    start(&mut b, P_SHOOT, &[mg], &[inf], &[]).unwrap();
    b.enter_faces("6 6 6").unwrap();
    let figures = SYSTEM.figures(&b.context());
    assert_eq!(figures[WHITE].value, "1 of 2 (loses at 1)");
    start(&mut b, P_END_TURN, &[], &[], &[]).unwrap();
    let result = b.state().result.clone().expect("the Whites have lost");
    assert!(result.starts_with("Reds win"), "{result}");
}

#[test]
fn turn_offers_and_reminders() {
    let mut b = battle(
        vec![unit("inf", INFANTRY, &["conscript"])],
        vec![unit("foe", INFANTRY, &[])],
    );
    let offers = SYSTEM.offers(&b.context(), &[], &[]);
    let ids: Vec<&str> = offers.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, [P_FIRST_PLAYER, P_END_TURN, P_VICTORY]);
    assert!(offers[0].refused.is_some(), "already rolled");
    assert!(offers[1].refused.is_none());
    let inf = id(&b, RED, "inf");
    let st = with(&b, inf, &[on(PINNED)]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let notes = SYSTEM.reminders(&ctx);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("may rally") && n.contains("inf (5+)")),
        "{notes:?}"
    );
    // Victory on objectives.
    start(&mut b, P_VICTORY, &[], &[], &[(Q_OBJECTIVES, "2")]).unwrap();
    assert_eq!(
        b.state().result.as_deref(),
        Some("Whites win on the scenario objectives")
    );
}
