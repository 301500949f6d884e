//! Fairness of the dice and the deck as a battle uses them — each entry's dice from its own
//! generator (seeded with the battle's seed and the entry's place in the log), shuffles
//! recorded in the log — checked with Pearson's chi-square test at fixed seeds. `crates/adjutant-core/tests/dice.rs`
//! and `crates/adjutant-core/tests/cards.rs` test the dice and the deck on their own; this goes through
//! [`Battle`]. Method, degrees of freedom and critical values: `docs/fairness.md`.

use std::collections::HashMap;

use adjutant::battle::{Action, Battle};
use adjutant::cards::{Card, Deck};
use adjutant::dice::{Dice, Die};
use adjutant::event::Event;

use crate::common;

/// Upper critical values of χ² at p = 0.001, by degrees of freedom (scipy `chi2.isf`).
const HIGH: [(usize, f64); 7] = [
    (2, 13.816),
    (5, 20.515),
    (9, 27.877),
    (10, 29.588),
    (35, 66.619),
    (51, 87.968),
    (2601, 2829.594),
];
/// Lower critical values at p = 0.001 (`chi2.ppf`): a fit this close is too good to be chance.
const LOW: [(usize, f64); 7] = [
    (2, 0.002),
    (5, 0.2102),
    (9, 1.1519),
    (10, 1.4787),
    (35, 14.6878),
    (51, 25.368),
    (2601, 2383.8043),
];
/// With 52 cards each tested alone, p = 0.001 / 52 per card (Bonferroni), 51 degrees of freedom.
const HIGH_PER_CARD: f64 = 103.573;

/// How many battles (seeds) the samples are spread over.
const BATTLES: u64 = 20;

fn critical(table: &[(usize, f64)], df: usize) -> f64 {
    table
        .iter()
        .find(|(d, _)| *d == df)
        .map(|(_, v)| *v)
        .unwrap_or_else(|| panic!("no critical value for {df} degrees of freedom"))
}

/// Pearson's statistic of observed counts against expected counts.
fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    assert_eq!(observed.len(), expected.len());
    assert!(
        expected.iter().all(|&e| e >= 5.0),
        "too few samples per bin"
    );
    observed
        .iter()
        .zip(expected)
        .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
        .sum()
}

/// Checks χ² against both tails at p = 0.001 for `df` degrees of freedom.
fn assert_fits(what: &str, observed: &[u64], expected: &[f64], df: usize) {
    let chi2 = chi_square(observed, expected);
    let (low, high) = (critical(&LOW, df), critical(&HIGH, df));
    eprintln!("{what}: χ² = {chi2:.1}, {df} df, passes between {low} and {high}");
    assert!(chi2 < high, "{what}: χ² = {chi2:.1} ≥ {high} ({df} df)");
    assert!(
        chi2 > low,
        "{what}: χ² = {chi2:.1} ≤ {low} ({df} df): too even"
    );
}

/// A battle of the shipped Winceby armies (Royalists & Roundheads).
fn battle(seed: u64) -> Battle {
    common::shipped_battle(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"],
        seed,
    )
}

/// Rolls `dice` from the tray `n` times in each of [`BATTLES`] battles; the faces of each roll.
fn battle_rolls(dice: &Dice, n: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rolls = Vec::new();
    for b in 0..BATTLES {
        let mut battle = battle(seed * 1000 + b);
        for _ in 0..n {
            battle.start(Action::Roll(dice.clone())).expect("idle");
            battle.roll().expect("the tray waits for dice");
            let faces = battle.log().last().and_then(|e| {
                e.events.iter().find_map(|ev| match ev {
                    Event::Rolled { rolled, .. } => Some(rolled.faces.clone()),
                    _ => None,
                })
            });
            rolls.push(faces.expect("the roll is in the log"));
        }
    }
    rolls
}

#[test]
fn dice_the_battle_rolls_fit_their_distributions() {
    // (dice, seed, degrees of freedom = possible totals − 1)
    let table = [
        (Dice::new(1, Die::D3), 3, 2),
        (Dice::new(1, Die::D6), 6, 5),
        (Dice::new(1, Die::D10), 10, 9),
        (Dice::new(2, Die::D6), 26, 10),
    ];
    for (dice, seed, df) in table {
        let rolls = battle_rolls(&dice, 600, seed);
        let d = dice.distribution();
        let totals: Vec<i32> = d.counts.keys().copied().collect();
        assert_eq!(totals.len() - 1, df);
        let mut observed = vec![0u64; totals.len()];
        for faces in &rolls {
            assert!(faces.iter().all(|&f| dice.die.can_show(f)), "{faces:?}");
            let i = totals.binary_search(&dice.total(faces)).expect("a total");
            observed[i] += 1;
        }
        let n = rolls.len() as f64;
        let expected: Vec<f64> = d
            .counts
            .values()
            .map(|&c| n * c as f64 / d.outcomes as f64)
            .collect();
        assert_fits(&format!("{dice} in a battle"), &observed, &expected, df);
    }
}

/// The two dice of a 2D6 roll, and two D6 rolls in successive entries (dice from generators
/// seeded one entry apart), fall in all 36 pairs equally often.
#[test]
fn dice_are_independent_within_a_roll_and_between_entries() {
    let index = |a: u8, b: u8| usize::from(a - 1) * 6 + usize::from(b - 1);
    let mut within = vec![0u64; 36];
    for faces in battle_rolls(&Dice::new(2, Die::D6), 600, 36) {
        within[index(faces[0], faces[1])] += 1;
    }
    let expected = vec![within.iter().sum::<u64>() as f64 / 36.0; 36];
    assert_fits("the two dice of 2D6", &within, &expected, 35);

    let mut between = vec![0u64; 36];
    let singles = battle_rolls(&Dice::new(1, Die::D6), 600, 37);
    for pair in singles.chunks(600).flat_map(|battle| battle.windows(2)) {
        between[index(pair[0][0], pair[1][0])] += 1;
    }
    let expected = vec![between.iter().sum::<u64>() as f64 / 36.0; 36];
    assert_fits("D6 then the next entry's D6", &between, &expected, 35);
}

/// Counts of (place, card) over many orders: `matrix[place * 52 + card]`.
fn place_matrix(orders: &[Vec<Card>]) -> Vec<u64> {
    let index: HashMap<Card, usize> = Deck::full(false).into_iter().zip(0..).collect();
    let mut matrix = vec![0u64; 52 * 52];
    for order in orders {
        assert_eq!(order.len(), 52, "a whole deck");
        for (place, card) in order.iter().enumerate() {
            matrix[place * 52 + index[card]] += 1;
        }
    }
    matrix
}

/// Every card equally likely at every place: the whole table (both margins are fixed, so
/// 51 × 51 degrees of freedom), and each card's 52 places alone.
fn assert_uniform_places(what: &str, orders: &[Vec<Card>]) {
    let matrix = place_matrix(orders);
    let expected = vec![orders.len() as f64 / 52.0; 52 * 52];
    assert_fits(&format!("{what}: places × cards"), &matrix, &expected, 2601);
    for card in 0..52 {
        let column: Vec<u64> = (0..52).map(|place| matrix[place * 52 + card]).collect();
        let chi2 = chi_square(&column, &expected[..52]);
        let name = Deck::full(false)[card];
        assert!(
            chi2 < HIGH_PER_CARD,
            "{what}: the places of {name}: χ² = {chi2:.1} ≥ {HIGH_PER_CARD}"
        );
    }
}

/// The orders the battle's reshuffles recorded: 10,400 of them, expected 200 per cell.
#[test]
fn each_card_is_equally_likely_at_each_place_after_a_reshuffle() {
    let mut orders = Vec::new();
    for b in 0..BATTLES {
        let mut battle = battle(52_000 + b);
        for _ in 0..520 {
            battle.start(Action::Reshuffle).expect("idle");
            let order = battle.log().last().and_then(|e| {
                e.events.iter().find_map(|ev| match ev {
                    Event::Shuffled { order } => Some(order.clone()),
                    _ => None,
                })
            });
            orders.push(order.expect("the order is in the log"));
        }
    }
    assert_uniform_places("reshuffles in a battle", &orders);
}

/// Drawing through whole decks, the battle reshuffling each time the deck runs out: each
/// card comes once between reshuffles, and the n-th draw after a reshuffle is any card alike.
#[test]
fn draws_between_reshuffles_are_each_card_once_and_any_card_alike() {
    let mut cycles = Vec::new();
    for b in 0..BATTLES {
        let mut battle = battle(53_000 + b);
        let mut cycle = Vec::new();
        for _ in 0..52 * 52 {
            battle.start(Action::Draw).expect("idle");
            battle.draw().expect("the deck reshuffles");
            let entry = battle.log().last().expect("the draw");
            let reshuffled = entry
                .events
                .iter()
                .any(|e| matches!(e, Event::Shuffled { .. }));
            if reshuffled {
                assert_eq!(cycle.len(), 52, "a reshuffle only once the deck is empty");
                cycles.push(std::mem::take(&mut cycle));
            }
            cycle.extend(entry.events.iter().filter_map(|e| match e {
                Event::Drew { card, .. } => Some(*card),
                _ => None,
            }));
        }
        cycles.push(cycle);
    }
    assert_eq!(cycles.len(), 52 * BATTLES as usize);
    let mut deck = Deck::full(false);
    deck.sort();
    for cycle in &cycles {
        let mut sorted = cycle.clone();
        sorted.sort();
        assert_eq!(sorted, deck, "each card once between reshuffles");
    }
    assert_uniform_places("draws between reshuffles", &cycles);
}

/// A reshuffle part-way through the deck gathers the discards: the first card after it is
/// any of the 52 alike, the ones just drawn included.
#[test]
fn the_first_draw_after_a_reshuffle_mid_deck_is_any_card_alike() {
    let index: HashMap<Card, usize> = Deck::full(false).into_iter().zip(0..).collect();
    let mut first = vec![0u64; 52];
    let mut just_drawn = 0u64;
    for b in 0..BATTLES {
        let mut battle = battle(54_000 + b);
        let mut drawn = Vec::new();
        for round in 0..260 {
            battle.start(Action::Reshuffle).expect("idle");
            for k in 0..=(round % 13) {
                battle.start(Action::Draw).expect("idle");
                battle.draw().expect("a card");
                let card = battle.state().deck.discards.last().copied().expect("drawn");
                if k == 0 {
                    first[index[&card]] += 1;
                    just_drawn += u64::from(drawn.contains(&card));
                    drawn.clear();
                }
                drawn.push(card);
            }
        }
    }
    let expected = vec![first.iter().sum::<u64>() as f64 / 52.0; 52];
    assert_fits("the first card after a reshuffle", &first, &expected, 51);
    // On average 7 of 52 cards were just drawn: about one draw in eight repeats one of them.
    let share = just_drawn as f64 / first.iter().sum::<u64>() as f64;
    assert!(
        (0.09..0.17).contains(&share),
        "{share:.3} of first draws repeat a discard"
    );
}
