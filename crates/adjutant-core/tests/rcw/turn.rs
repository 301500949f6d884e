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
    // Nothing has been rolled: the header names no side to play (§4.1).
    assert_eq!(b.clock_line(), "Turn 1 · Player turn");
    let rolled = hand::rolled_off(
        vec![unit("a", INFANTRY, &[])],
        vec![unit("b", INFANTRY, &[])],
    );
    assert_eq!(rolled.clock_line(), "Turn 1 · Player turn · Reds");
    let (reqs, res) = drive(p.as_ref(), &ctx, &[&[4], &[4], &[2], &[5]]);
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

/// A roll-off answer that is no throw of its die (a card, a 7 on the D6) is not read as a face:
/// the roll-off stops at that die, as every other roll does, instead of handing the first player
/// turn to a side on a face nobody threw.
#[test]
fn a_roll_off_answer_that_is_no_throw_of_its_die_decides_nothing() {
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
    let Step::Dice(die) = p.step(&ctx, &[]) else {
        panic!("the roll-off starts with a die")
    };
    let card = adjutant_core::procedure::Input::Card(common::card("AS"));
    for first in [card, typed(&die, vec![7])] {
        let inputs = [first, typed(&die, vec![3])];
        let step = p.step(&ctx, &inputs);
        assert!(!matches!(step, Step::Done(_)), "{step:?}");
    }
}

/// docs/rules/rcw.md §4.1: "each side rolls 1D6, the higher takes the first player turn, ties
/// roll again". A tie starts the roll-off over, so each side's chance is P(higher) / (1 − P(tie)):
/// one half each before any die; after the Reds' 4, the Reds win on the Whites' 1–3 (3/6) and
/// on half the ties (1/6 · 1/2): 7/12 against 5/12. Nothing is left unexplored at the default
/// limits (the walk had shown "<1 %" each and the rest "not followed to the end").
#[test]
fn first_player_roll_off_odds_are_even_and_sum_the_ties_exactly() {
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
    let odds = procedure_odds(p.as_ref(), &ctx, &[]);
    assert!(odds.unexplored < 1e-12, "{odds:?}");
    assert!((odds.p("Reds go first") - 0.5).abs() < 1e-12, "{odds:?}");
    assert!((odds.p("Whites go first") - 0.5).abs() < 1e-12, "{odds:?}");
    let Step::Dice(first) = p.step(&ctx, &[]) else {
        panic!("the roll-off starts with a die")
    };
    let four = typed(&first, vec![4]);
    let odds = procedure_odds(p.as_ref(), &ctx, std::slice::from_ref(&four));
    assert!(odds.unexplored < 1e-12, "{odds:?}");
    assert!(
        (odds.p("Reds go first") - 7.0 / 12.0).abs() < 1e-12,
        "{odds:?}"
    );
    assert!(
        (odds.p("Whites go first") - 5.0 / 12.0).abs() < 1e-12,
        "{odds:?}"
    );
    // After a tie (4 against 4) the next round is as even as the first.
    let Step::Dice(second) = p.step(&ctx, std::slice::from_ref(&four)) else {
        panic!("the Whites roll next")
    };
    let tie = [four.clone(), typed(&second, vec![4])];
    let odds = procedure_odds(p.as_ref(), &ctx, &tie);
    assert!((odds.p("Reds go first") - 0.5).abs() < 1e-12, "{odds:?}");
    assert!((odds.total() - 1.0).abs() < 1e-12, "{odds:?}");
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
