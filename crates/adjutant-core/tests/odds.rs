//! Exact odds: small procedures (a morale check, a two-stage test, a re-roll until a six, card
//! draws, a choice) whose enumerated odds must match a hand count. The band arithmetic they
//! rest on is tested in `crates/adjutant-core/tests/dice.rs`.

use adjutant_core::battle::state::{BattleState, Context, Roster};
use adjutant_core::cards::{Card, Deck, Rank, Suit};
use adjutant_core::dice::{Dice, Die, Modifier};
use adjutant_core::odds::{Limits, Odds, procedure_odds, procedure_odds_within};
use adjutant_core::procedure::{
    Band, CardRead, CardRequest, ChoiceRequest, DiceRequest, Input, Procedure, Reading, Resolution,
    Step,
};

fn done(summary: impl Into<String>) -> Step {
    Step::Done(Resolution {
        summary: summary.into(),
        events: Vec::new(),
    })
}

fn roll(label: &str, dice: Dice, bands: Vec<Band>) -> Step {
    Step::Dice(DiceRequest {
        at_most: None,
        by: None,
        label: label.into(),
        rule: "test".into(),
        dice,
        reading: Reading::Total,
        bands,
    })
}

/// The modified total of the `i`th input, which must be dice.
fn total(inputs: &[Input], i: usize) -> i32 {
    match &inputs[i] {
        Input::Dice(rolled) => rolled.total(),
        other => panic!("expected dice, got {other:?}"),
    }
}

/// Morale: 2D6 plus a modifier, passing on `target` or less.
struct Morale {
    modifier: i32,
    target: i32,
}

impl Procedure for Morale {
    fn title(&self) -> String {
        "Morale check".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        if inputs.is_empty() {
            let dice = Dice::new(2, Die::D6).with(Modifier::new(self.modifier, "test", "1.1"));
            let bands = vec![
                Band::new(i32::MIN, self.target, "passes"),
                Band::new(self.target + 1, i32::MAX, "fails"),
            ];
            return roll("Morale", dice, bands);
        }
        done(if total(inputs, 0) <= self.target {
            "passes"
        } else {
            "fails"
        })
    }
}

/// 1D6 of 4+ to stand, then (only if it stood) 2D6 of 6 or less to stay steady.
struct TwoStage;

impl Procedure for TwoStage {
    fn title(&self) -> String {
        "Two-stage test".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        match inputs.len() {
            0 => roll(
                "Stand",
                Dice::new(1, Die::D6),
                vec![Band::new(1, 3, "fails"), Band::new(4, 6, "stands")],
            ),
            1 if total(inputs, 0) < 4 => done("routed"),
            1 => roll(
                "Steady",
                Dice::new(2, Die::D6),
                vec![Band::new(2, 6, "steady"), Band::new(7, 12, "shaken")],
            ),
            _ if total(inputs, 1) <= 6 => done("steady"),
            _ => done("shaken"),
        }
    }
}

/// Rolls 1D6 until a six: as long as the dice keep failing, it keeps asking.
struct UntilSix;

impl Procedure for UntilSix {
    fn title(&self) -> String {
        "Until a six".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        match inputs.last() {
            Some(_) if total(inputs, inputs.len() - 1) == 6 => {
                done(format!("six on roll {}", inputs.len()))
            }
            _ => roll(
                "Again",
                Dice::new(1, Die::D6),
                vec![Band::new(6, 6, "six"), Band::new(1, 5, "again")],
            ),
        }
    }
}

/// Draws `draws` cards one after the other: "picture" if any of them is a picture card.
struct Picture {
    draws: u8,
}

impl Procedure for Picture {
    fn title(&self) -> String {
        "Draw for a picture".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        if inputs.len() < usize::from(self.draws) {
            return Step::Card(CardRequest {
                label: "Draw".into(),
                rule: "test".into(),
                draws: self.draws,
                reads: CardRead::Exact,
            });
        }
        let picture = inputs
            .iter()
            .any(|i| matches!(i, Input::Card(c) if c.is_picture()));
        done(if picture { "picture" } else { "plain" })
    }
}

/// 1D6 of 4+, with the offer of one re-roll on a failure (the odds assume `assumed`).
struct ReRoll {
    assumed: usize,
}

impl Procedure for ReRoll {
    fn title(&self) -> String {
        "Test with a re-roll".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        let test = || {
            roll(
                "Test",
                Dice::new(1, Die::D6),
                vec![Band::new(1, 3, "fails"), Band::new(4, 6, "passes")],
            )
        };
        match inputs {
            [] => test(),
            [_, ..] if total(inputs, 0) >= 4 => done("passes"),
            [_] => Step::Choice(ChoiceRequest {
                label: "Re-roll the failed test?".into(),
                rule: "test".into(),
                options: vec!["yes".into(), "no".into()],
                assumed: self.assumed,
            }),
            [_, Input::Choice(0)] => test(),
            [_, Input::Choice(_)] => done("fails"),
            _ => done(if total(inputs, 2) >= 4 {
                "passes"
            } else {
                "fails"
            }),
        }
    }
}

/// One roll of the given request, each band its own result.
struct Bands(DiceRequest);

impl Procedure for Bands {
    fn title(&self) -> String {
        "Bands".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        match inputs.first() {
            Some(Input::Dice(r)) => done(self.0.band_of(&r.faces).map_or("?", |b| &b.label)),
            _ => Step::Dice(self.0.clone()),
        }
    }
}

fn successes(count: u8, die: Die, at_least: u8) -> DiceRequest {
    DiceRequest {
        at_most: None,
        by: None,
        label: "Hits".into(),
        rule: "test".into(),
        dice: Dice::new(count, die),
        reading: Reading::Successes { at_least },
        bands: (0..=i32::from(count))
            .map(|k| Band::new(k, k, format!("{k} hits")))
            .collect(),
    }
}

fn empty_state() -> (Roster, BattleState) {
    let roster = Roster::new(vec![]);
    let state = BattleState::new(&roster);
    (roster, state)
}

fn odds_of(procedure: &dyn Procedure, state: &BattleState, inputs: &[Input]) -> Odds {
    let roster = Roster::new(vec![]);
    procedure_odds(
        procedure,
        &Context {
            roster: &roster,
            state,
        },
        inputs,
    )
}

/// Asserts the outcomes (in order) and the unexplored mass, and that everything sums to one.
fn assert_odds(odds: &Odds, expected: &[(&str, f64)], unexplored: f64) {
    let got: Vec<&str> = odds.outcomes.iter().map(|(s, _)| s.as_str()).collect();
    let want: Vec<&str> = expected.iter().map(|(s, _)| *s).collect();
    assert_eq!(got, want, "{odds:?}");
    for ((summary, p), (_, q)) in odds.outcomes.iter().zip(expected) {
        assert!((p - q).abs() < 1e-12, "{summary}: {p} ≠ {q}");
    }
    assert!((odds.unexplored - unexplored).abs() < 1e-12, "{odds:?}");
    assert!((odds.total() - 1.0).abs() < 1e-9, "sum {}", odds.total());
}

#[test]
fn morale_check_odds_match_hand_counts() {
    // (modifier, target, ways of 36 to pass)
    let table = [
        (0, 6, 15),
        (0, 7, 21),
        (-1, 7, 26),
        (1, 7, 15),
        (-2, 2, 6),
        (0, 12, 36),
        (0, 1, 0),
    ];
    let (_, state) = empty_state();
    for (modifier, target, ways) in table {
        let odds = odds_of(&Morale { modifier, target }, &state, &[]);
        let pass = f64::from(ways) / 36.0;
        let expected: Vec<(&str, f64)> = [("passes", pass), ("fails", 1.0 - pass)]
            .into_iter()
            .filter(|(_, p)| *p > 0.0)
            .collect();
        assert_odds(&odds, &expected, 0.0);
        assert!(odds.assumptions.is_empty());
    }
}

#[test]
fn a_second_roll_only_on_a_pass() {
    let (_, state) = empty_state();
    let odds = odds_of(&TwoStage, &state, &[]);
    assert_odds(
        &odds,
        &[
            ("routed", 0.5),
            ("steady", 15.0 / 72.0),
            ("shaken", 21.0 / 72.0),
        ],
        0.0,
    );
    assert!((odds.p("steady") - 15.0 / 72.0).abs() < 1e-12);
    assert_eq!(odds.p("never"), 0.0);
    // Mid-procedure: the first die already showed 5.
    let first = Input::Dice(adjutant_core::dice::Rolled {
        dice: Dice::new(1, Die::D6),
        faces: vec![5],
        typed: true,
    });
    let odds = odds_of(&TwoStage, &state, std::slice::from_ref(&first));
    assert_odds(
        &odds,
        &[("steady", 15.0 / 36.0), ("shaken", 21.0 / 36.0)],
        0.0,
    );
}

#[test]
fn a_repeating_procedure_terminates_with_the_rest_unexplored() {
    let (roster, state) = empty_state();
    let ctx = Context {
        roster: &roster,
        state: &state,
    };
    let odds = procedure_odds(&UntilSix, &ctx, &[]);
    // Six on roll n: (5/6)^(n−1) × 1/6, for the 24 rolls the walk goes deep.
    let expected: Vec<(String, f64)> = (1..=24)
        .map(|n| (format!("six on roll {n}"), (5.0f64 / 6.0).powi(n - 1) / 6.0))
        .collect();
    let expected: Vec<(&str, f64)> = expected.iter().map(|(s, p)| (s.as_str(), *p)).collect();
    let rest = (5.0f64 / 6.0).powi(24);
    assert_odds(&odds, &expected, rest);
    assert!(odds.unexplored > 0.0 && odds.unexplored < 0.013);
    // Deeper limits leave less; a step budget cuts the walk short but keeps the sum.
    let deep = Limits {
        max_depth: 100,
        ..Limits::DEFAULT
    };
    let odds = procedure_odds_within(&UntilSix, &ctx, &[], deep);
    assert!((odds.unexplored - (5.0f64 / 6.0).powi(100)).abs() < 1e-15);
    assert!(odds.unexplored > 0.0 && odds.unexplored < 1e-7);
    assert!((odds.total() - 1.0).abs() < 1e-9);
    let short = Limits {
        max_steps: 3,
        ..Limits::DEFAULT
    };
    let odds = procedure_odds_within(&UntilSix, &ctx, &[], short);
    assert_odds(&odds, &[("six on roll 1", 1.0 / 6.0)], 5.0 / 6.0);
}

fn c(rank: u8, suit: Suit) -> Card {
    Card::Suited(Rank::new(rank).expect("a rank"), suit)
}

#[test]
fn card_odds_match_hand_counts() {
    let (_, fresh) = empty_state();
    // Four kings drawn already: 8 pictures left in 48.
    let mut kings_out = fresh.clone();
    let mut order: Vec<Card> = Deck::full(false)
        .into_iter()
        .filter(|c| c.rank() != Rank::new(13))
        .collect();
    order.extend(Suit::ALL.map(|s| c(13, s)));
    kings_out.deck.apply_shuffle(&order);
    for _ in 0..4 {
        kings_out.deck.draw();
    }
    // Every card drawn: the discards are shuffled back in, unless the deck does not reshuffle.
    let mut all_out = fresh.clone();
    while all_out.deck.draw().is_some() {}
    let mut no_reshuffle = all_out.clone();
    no_reshuffle.deck.refill = adjutant_core::cards::Refill::Never;
    // One plain card left: it comes first, then all 52 are shuffled back for the second draw.
    let mut one_left = fresh.clone();
    one_left.deck.apply_shuffle(&[c(5, Suit::Clubs)]);
    one_left.deck.discards = Deck::full(false)
        .into_iter()
        .filter(|&x| x != c(5, Suit::Clubs))
        .collect();

    // Drawing with replacement: every draw is from all 52, so a second card after a picture
    // is again 12 in 52, and two draws miss every picture (40/52)² of the time.
    let mut every_draw = kings_out.clone();
    every_draw.deck.refill = adjutant_core::cards::Refill::EveryDraw;

    let two = 1.0 - (40.0 * 39.0) / (52.0 * 51.0);
    // (draws, state, cards already drawn, P(picture), unexplored)
    let table: [(u8, &BattleState, &[Card], f64, f64); 12] = [
        (1, &fresh, &[], 12.0 / 52.0, 0.0),
        (2, &fresh, &[], two, 0.0),
        (2, &fresh, &[c(5, Suit::Clubs)], 12.0 / 51.0, 0.0),
        (2, &fresh, &[c(12, Suit::Hearts)], 1.0, 0.0),
        (1, &kings_out, &[], 8.0 / 48.0, 0.0),
        (1, &all_out, &[], 12.0 / 52.0, 0.0),
        (2, &one_left, &[], 12.0 / 52.0, 0.0),
        (2, &one_left, &[c(5, Suit::Clubs)], 12.0 / 52.0, 0.0),
        (1, &no_reshuffle, &[], 0.0, 1.0),
        (1, &every_draw, &[], 12.0 / 52.0, 0.0),
        (2, &every_draw, &[], 1.0 - (40.0f64 / 52.0).powi(2), 0.0),
        (2, &every_draw, &[c(5, Suit::Clubs)], 12.0 / 52.0, 0.0),
    ];
    for (i, (draws, state, drawn, picture, unexplored)) in table.into_iter().enumerate() {
        let inputs: Vec<Input> = drawn.iter().map(|&x| Input::Card(x)).collect();
        let odds = odds_of(&Picture { draws }, state, &inputs);
        assert!(
            (odds.p("picture") - picture).abs() < 1e-12,
            "row {i}: {odds:?}"
        );
        let plain = 1.0 - picture - unexplored;
        assert!((odds.p("plain") - plain).abs() < 1e-12, "row {i}: {odds:?}");
        assert!((odds.unexplored - unexplored).abs() < 1e-12, "row {i}");
        assert!((odds.total() - 1.0).abs() < 1e-9, "row {i}");
    }
}

#[test]
fn choices_follow_the_assumed_option() {
    let (_, state) = empty_state();
    let odds = odds_of(&ReRoll { assumed: 0 }, &state, &[]);
    // The walk meets a failed re-roll (first band) before any pass.
    assert_odds(&odds, &[("fails", 0.25), ("passes", 0.75)], 0.0);
    assert_eq!(
        odds.assumptions,
        ["assuming: Re-roll the failed test?: yes"]
    );
    let odds = odds_of(&ReRoll { assumed: 1 }, &state, &[]);
    assert_odds(&odds, &[("fails", 0.5), ("passes", 0.5)], 0.0);
    assert_eq!(odds.assumptions, ["assuming: Re-roll the failed test?: no"]);
    // An assumed option that does not exist cannot be followed.
    let odds = odds_of(&ReRoll { assumed: 7 }, &state, &[]);
    assert_odds(&odds, &[("passes", 0.5)], 0.5);
    assert!(odds.assumptions.is_empty());
}

#[test]
fn hits_on_3d6_at_4_up_are_1_3_3_1_eighths() {
    let (_, state) = empty_state();
    let odds = odds_of(&Bands(successes(3, Die::D6, 4)), &state, &[]);
    let eighths = [
        ("0 hits", 1.0 / 8.0),
        ("1 hits", 3.0 / 8.0),
        ("2 hits", 3.0 / 8.0),
        ("3 hits", 1.0 / 8.0),
    ];
    assert_odds(&odds, &eighths, 0.0);
}

#[test]
fn overlapping_and_missing_bands() {
    let d6 = |bands| DiceRequest {
        at_most: None,
        by: None,
        label: "D6".into(),
        rule: "test".into(),
        dice: Dice::new(1, Die::D6),
        reading: Reading::Total,
        bands,
    };
    let (_, state) = empty_state();
    // A reading counts for the first band holding it, as band_of reads it.
    let overlapping = d6(vec![Band::new(1, 4, "low"), Band::new(3, 6, "high")]);
    let odds = odds_of(&Bands(overlapping), &state, &[]);
    assert_odds(&odds, &[("low", 4.0 / 6.0), ("high", 2.0 / 6.0)], 0.0);
    // Readings no band holds break the contract: their mass is not guessed at.
    let odds = odds_of(&Bands(d6(vec![Band::new(1, 3, "low")])), &state, &[]);
    assert_odds(&odds, &[("low", 0.5)], 0.5);
}
