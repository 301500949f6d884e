//! Dice: the D3 and D10 readings, exact distributions against hand counts, typed faces with
//! their error messages, how rolls and expressions print, chi-square goodness of fit of seeded
//! rolls, and the band arithmetic of dice requests (`band_odds`, `faces_reading`).

use adjutant_core::dice::{Dice, Die, FaceError, Modifier, Rolled};
use adjutant_core::procedure::{Band, DiceRequest, Reading};
use rand::SeedableRng;
use rand_pcg::Pcg64;

/// χ² critical value at p = 0.001 with 2 degrees of freedom (D3: 3 bins).
const CHI2_DF2: f64 = 13.816;
/// χ² critical value at p = 0.001 with 5 degrees of freedom (D6: 6 bins).
const CHI2_DF5: f64 = 20.515;
/// χ² critical value at p = 0.001 with 9 degrees of freedom (D10: 10 bins).
const CHI2_DF9: f64 = 27.877;
/// χ² critical value at p = 0.001 with 10 degrees of freedom (2D6 totals 2–12: 11 bins).
const CHI2_DF10: f64 = 29.588;

const ROLLS: usize = 60_000;

fn mods(values: &[i32]) -> Dice {
    values.iter().fold(Dice::new(2, Die::D6), |d, &v| {
        d.with(Modifier::new(v, format!("mod {v}"), "test"))
    })
}

/// The χ² statistic of observed counts against expected counts.
fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
        .sum()
}

#[test]
fn die_ranges() {
    let table = [
        (Die::D3, 1, 3, 3, "D3"),
        (Die::D6, 1, 6, 6, "D6"),
        (Die::D10, 0, 9, 10, "D10"),
    ];
    for (die, min, max, sides, name) in table {
        assert_eq!(
            (die.min(), die.max(), die.sides()),
            (min, max, sides),
            "{die}"
        );
        assert_eq!(die.to_string(), name);
        assert!(die.can_show(min) && die.can_show(max), "{die}");
        assert!(!die.can_show(max + 1), "{die}");
    }
    assert!(!Die::D6.can_show(0));
    assert!(Die::D10.can_show(0));
}

#[test]
fn d3_reads_a_d6_as_1_1_2_2_3_3() {
    let read: Vec<u8> = (1..=6).map(Die::d3_from_d6).collect();
    assert_eq!(read, [1, 1, 2, 2, 3, 3]);
}

#[test]
fn d10_reads_0_to_9_never_10() {
    let mut rng = Pcg64::seed_from_u64(10);
    let rolls: Vec<u8> = (0..10_000).map(|_| Die::D10.roll(&mut rng)).collect();
    assert!(rolls.iter().all(|&r| r <= 9), "a D10 showed 10");
    assert!(rolls.contains(&0), "a D10 never showed 0");
    assert!(rolls.contains(&9));
}

#[test]
fn two_d6_distribution_is_the_hand_count() {
    let d = Dice::new(2, Die::D6).distribution();
    let hand = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
    assert_eq!(d.outcomes, 36);
    let counts: Vec<(i32, u128)> = d.counts.into_iter().collect();
    let expected: Vec<(i32, u128)> = (2..=12).zip(hand).collect();
    assert_eq!(counts, expected);
}

#[test]
fn modifiers_shift_totals() {
    // (modifiers, lowest total, highest total, P(total ≤ 6) as ways out of 36)
    let table: [(&[i32], i32, i32, u128); 5] = [
        (&[], 2, 12, 15),
        (&[-1], 1, 11, 21),
        (&[1], 3, 13, 10),
        (&[1, -1], 2, 12, 15),
        (&[2, 1, -1], 4, 14, 6),
    ];
    for (values, low, high, ways) in table {
        let dice = mods(values);
        let d = dice.distribution();
        assert_eq!(dice.modifier_total(), values.iter().sum::<i32>());
        assert_eq!(d.counts.keys().next(), Some(&low), "{values:?}");
        assert_eq!(d.counts.keys().last(), Some(&high), "{values:?}");
        assert_eq!(d.count_where(|t| t <= 6), ways, "{values:?}");
        assert!((d.p_where(|t| t <= 6) - ways as f64 / 36.0).abs() < 1e-12);
        assert_eq!(dice.total(&[3, 4]), 7 + dice.modifier_total());
    }
    assert!((Dice::new(2, Die::D6).distribution().p(7) - 6.0 / 36.0).abs() < 1e-12);
}

#[test]
fn distribution_sums_to_outcomes() {
    let table = [
        (0, Die::D6, 1),
        (1, Die::D3, 3),
        (3, Die::D3, 27),
        (1, Die::D6, 6),
        (4, Die::D6, 1296),
        (1, Die::D10, 10),
        (3, Die::D10, 1000),
    ];
    for (count, die, outcomes) in table {
        let d = Dice::new(count, die).distribution();
        assert_eq!(d.outcomes, outcomes, "{count}{die}");
        assert_eq!(d.counts.values().sum::<u128>(), outcomes, "{count}{die}");
        let low = i32::from(count) * i32::from(die.min());
        let high = i32::from(count) * i32::from(die.max());
        assert_eq!(d.counts.len() as i32, high - low + 1, "{count}{die}");
    }
}

#[test]
fn typed_faces() {
    let d6 = Dice::new(1, Die::D6);
    let two_d6 = Dice::new(2, Die::D6);
    let d10 = Dice::new(1, Die::D10);
    let ok: [(&Dice, &str, &[u8]); 7] = [
        (&d6, "4", &[4]),
        (&d6, " 6 ", &[6]),
        (&d10, "0", &[0]),
        (&two_d6, "35", &[3, 5]),
        (&two_d6, "3 5", &[3, 5]),
        (&two_d6, "3,5", &[3, 5]),
        (&two_d6, "3+5", &[3, 5]),
    ];
    for (dice, text, faces) in ok {
        assert_eq!(
            dice.parse_faces(text).as_deref(),
            Ok(faces),
            "{text:?} on {dice}"
        );
    }
    let refused: [(&Dice, &str, FaceError, &str); 6] = [
        (
            &d6,
            "7",
            FaceError::OutOfRange {
                die: Die::D6,
                value: 7,
                min: 1,
                max: 6,
            },
            "a D6 cannot show 7: its faces are 1–6",
        ),
        (
            &d6,
            "0",
            FaceError::OutOfRange {
                die: Die::D6,
                value: 0,
                min: 1,
                max: 6,
            },
            "a D6 cannot show 0: its faces are 1–6",
        ),
        (
            &d10,
            "10",
            FaceError::OutOfRange {
                die: Die::D10,
                value: 10,
                min: 0,
                max: 9,
            },
            "a D10 cannot show 10: its faces are 0–9",
        ),
        (
            &two_d6,
            "4",
            FaceError::WrongCount {
                expected: 2,
                die: Die::D6,
                got: 1,
            },
            "expected 2 D6 face(s), got 1",
        ),
        (
            &d6,
            "x",
            FaceError::NotANumber { text: "x".into() },
            "'x' is not a number",
        ),
        (
            &two_d6,
            "",
            FaceError::WrongCount {
                expected: 2,
                die: Die::D6,
                got: 0,
            },
            "expected 2 D6 face(s), got 0",
        ),
    ];
    for (dice, text, error, message) in refused {
        let got = dice.parse_faces(text).expect_err(text);
        assert_eq!(got, error, "{text:?} on {dice}");
        assert_eq!(got.to_string(), message);
    }
    assert_eq!(
        d6.check_faces(&[-1]).unwrap_err().to_string(),
        "a D6 cannot show -1: its faces are 1–6"
    );
    assert_eq!(
        d6.check_faces(&[300]).unwrap_err().to_string(),
        "a D6 cannot show 300: its faces are 1–6"
    );
}

#[test]
fn dice_and_rolls_print() {
    let leader = Modifier::new(-1, "leader stacked", "7.2");
    let table = [
        (Dice::new(1, Die::D6), "D6"),
        (Dice::new(2, Die::D6), "2D6"),
        (Dice::new(3, Die::D10), "3D10"),
        (Dice::new(2, Die::D6).with(leader.clone()), "2D6 -1"),
        (
            Dice::new(1, Die::D3).with(Modifier::new(2, "uphill", "")),
            "D3 +2",
        ),
    ];
    for (dice, text) in table {
        assert_eq!(dice.to_string(), text);
    }
    assert_eq!(leader.to_string(), "-1 leader stacked (7.2)");
    let rolled = Rolled {
        dice: Dice::new(2, Die::D6)
            .with(leader)
            .with(Modifier::new(2, "elite", "")),
        faces: vec![3, 5],
        typed: true,
    };
    assert_eq!(rolled.total(), 9);
    assert_eq!(
        rolled.to_string(),
        "2D6 [3 5] -1 leader stacked +2 elite = 9"
    );
    let plain = Rolled {
        dice: Dice::new(1, Die::D10),
        faces: vec![0],
        typed: false,
    };
    assert_eq!(plain.to_string(), "D10 [0] = 0");
    // Dice read by counting successes print the count, not a meaningless sum.
    let mut counted = Dice::new(3, Die::D6);
    counted.hits_on = Some(4);
    let hits = Rolled {
        dice: counted,
        faces: vec![1, 4, 6],
        typed: true,
    };
    assert_eq!(hits.to_string(), "3D6 [1 4 6] → 2 at 4+");
}

#[test]
fn dice_saved_without_the_successes_mark_still_load() {
    // A roll written before the mark existed has no `hits_on` field and reads as a total.
    let old: Dice = ron::from_str("Dice(count: 2, die: D6, modifiers: [])").unwrap();
    assert_eq!(old.hits_on, None);
    // A total-read roll is written exactly as before (no new field), a counted one keeps it.
    let text = ron::to_string(&Dice::new(2, Die::D6)).unwrap();
    assert!(!text.contains("hits_on"), "{text}");
    let mut counted = Dice::new(2, Die::D6);
    counted.hits_on = Some(5);
    let back: Dice = ron::from_str(&ron::to_string(&counted).unwrap()).unwrap();
    assert_eq!(back, counted);
}

#[test]
fn rolls_fit_their_distribution() {
    // (dice, seed, critical value for bins − 1 degrees of freedom)
    let table = [
        (Dice::new(1, Die::D3), 3, CHI2_DF2),
        (Dice::new(1, Die::D6), 6, CHI2_DF5),
        (Dice::new(1, Die::D10), 10, CHI2_DF9),
        (Dice::new(2, Die::D6), 26, CHI2_DF10),
    ];
    for (dice, seed, critical) in table {
        let d = dice.distribution();
        let totals: Vec<i32> = d.counts.keys().copied().collect();
        let expected: Vec<f64> = d
            .counts
            .values()
            .map(|&n| ROLLS as f64 * n as f64 / d.outcomes as f64)
            .collect();
        let mut observed = vec![0u64; totals.len()];
        let mut rng = Pcg64::seed_from_u64(seed);
        for _ in 0..ROLLS {
            let faces = dice.roll(&mut rng);
            assert_eq!(faces.len(), usize::from(dice.count));
            assert!(faces.iter().all(|&f| dice.die.can_show(f)));
            let i = totals
                .binary_search(&dice.total(&faces))
                .expect("a total the distribution has");
            observed[i] += 1;
        }
        let chi2 = chi_square(&observed, &expected);
        assert!(
            chi2 < critical,
            "{dice}: χ² = {chi2:.2} ≥ {critical} ({observed:?})"
        );
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

#[test]
fn successes_band_odds_are_binomial_counts() {
    // (count, die, at least, ways for 0, 1, 2, ... hits, out of)
    let table: [(u8, Die, u8, &[u128], u128); 5] = [
        (3, Die::D6, 4, &[27, 81, 81, 27], 216),
        (2, Die::D6, 5, &[16, 16, 4], 36),
        (2, Die::D6, 7, &[36, 0, 0], 36),
        (2, Die::D10, 0, &[0, 0, 100], 100),
        (2, Die::D3, 3, &[4, 4, 1], 9),
    ];
    for (count, die, at_least, ways, outcomes) in table {
        let request = successes(count, die, at_least);
        let got: Vec<u128> = request.band_odds().iter().map(|(_, w, _)| *w).collect();
        assert_eq!(got, ways, "{count}{die} ≥ {at_least}");
        assert!(request.band_odds().iter().all(|(_, _, n)| *n == outcomes));
    }
}

#[test]
fn overlapping_bands_count_once() {
    // A reading counts for the first band holding it, as band_of reads it.
    let request = DiceRequest {
        at_most: None,
        by: None,
        label: "D6".into(),
        rule: "test".into(),
        dice: Dice::new(1, Die::D6),
        reading: Reading::Total,
        bands: vec![Band::new(1, 4, "low"), Band::new(3, 6, "high")],
    };
    let ways: Vec<u128> = request.band_odds().iter().map(|(_, w, _)| *w).collect();
    assert_eq!(ways, [4, 2]);
    let band = request.band_of(&[3]).map(|b| b.label.as_str());
    assert_eq!(band, Some("low"));
}

#[test]
fn faces_reading_gives_faces_that_read_the_value() {
    let total = |dice: Dice| DiceRequest {
        at_most: None,
        by: None,
        label: "Total".into(),
        rule: "test".into(),
        dice,
        reading: Reading::Total,
        bands: vec![],
    };
    let minus_one = Dice::new(2, Die::D6).with(Modifier::new(-1, "tired", ""));
    let explicit: [(&DiceRequest, i32, Option<Vec<u8>>); 8] = [
        (&total(minus_one.clone()), 10, Some(vec![6, 5])),
        (&total(minus_one.clone()), 1, Some(vec![1, 1])),
        (&total(minus_one.clone()), 0, None),
        (&total(minus_one), 12, None),
        (&total(Dice::new(2, Die::D10)), 0, Some(vec![0, 0])),
        (&successes(3, Die::D6, 4), 2, Some(vec![6, 6, 1])),
        (&successes(3, Die::D6, 4), 4, None),
        (&successes(2, Die::D6, 7), 1, None),
    ];
    for (request, value, faces) in explicit {
        assert_eq!(
            request.faces_reading(value),
            faces,
            "{} reading {value}",
            request.dice
        );
    }
    // Every reading the dice can give has faces that read it, and no other value has.
    let requests = [
        total(
            Dice::new(3, Die::D6)
                .with(Modifier::new(2, "a", ""))
                .with(Modifier::new(-5, "b", "")),
        ),
        total(Dice::new(2, Die::D3)),
        total(Dice::new(2, Die::D10)),
        successes(3, Die::D6, 4),
        successes(2, Die::D10, 0),
        successes(2, Die::D3, 3),
    ];
    for request in &requests {
        let (counts, _) = request.readings();
        for value in -10..=40 {
            match request.faces_reading(value) {
                Some(faces) => {
                    assert!(
                        counts.contains_key(&value),
                        "{} reading {value}",
                        request.dice
                    );
                    assert_eq!(faces.len(), usize::from(request.dice.count));
                    assert!(faces.iter().all(|&f| request.dice.die.can_show(f)));
                    assert_eq!(request.read(&faces), value);
                }
                None => assert!(
                    !counts.contains_key(&value),
                    "{} reading {value}",
                    request.dice
                ),
            }
        }
    }
}
