//! The dice, cards and odds core: exact distributions, band odds, whole-procedure odds and deck
//! shuffles, timed with `std::time::Instant` over many iterations. Run with
//! `cargo bench --bench core`. Prints name, iterations, mean and target; exits 1 if a target is
//! missed.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use adjutant::battle::state::{BattleState, Context, Roster};
use adjutant::cards::Deck;
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::odds::procedure_odds;
use adjutant::procedure::{
    Band, CardRequest, DiceRequest, Input, Procedure, Reading, Resolution, Step,
};
use rand::SeedableRng;
use rand_pcg::Pcg64;

fn done(summary: &str) -> Step {
    Step::Done(Resolution {
        summary: summary.into(),
        events: Vec::new(),
    })
}

fn request(dice: Dice, bands: Vec<Band>) -> DiceRequest {
    DiceRequest {
        label: "Bench".into(),
        rule: "bench".into(),
        dice,
        reading: Reading::Total,
        bands,
    }
}

fn total(input: &Input) -> i32 {
    match input {
        Input::Dice(rolled) => rolled.total(),
        _ => 0,
    }
}

/// 1D6 of 4+ to stand, then (only if it stood) 2D6 of 6 or less to stay steady.
struct TwoStage;

impl Procedure for TwoStage {
    fn title(&self) -> String {
        "Two-stage test".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        match inputs {
            [] => Step::Dice(request(
                Dice::new(1, Die::D6),
                vec![Band::new(1, 3, "fails"), Band::new(4, 6, "stands")],
            )),
            [first] if total(first) < 4 => done("routed"),
            [_] => Step::Dice(request(
                Dice::new(2, Die::D6),
                vec![Band::new(2, 6, "steady"), Band::new(7, 12, "shaken")],
            )),
            [_, second, ..] if total(second) <= 6 => done("steady"),
            _ => done("shaken"),
        }
    }
}

/// Two cards drawn one after the other: "picture" if either is a picture card.
struct BetterOfTwo;

impl Procedure for BetterOfTwo {
    fn title(&self) -> String {
        "Better of two cards".into()
    }

    fn step(&self, _: &Context, inputs: &[Input]) -> Step {
        if inputs.len() < 2 {
            return Step::Card(CardRequest {
                label: "Draw".into(),
                rule: "bench".into(),
                draws: 2,
            });
        }
        let picture = inputs
            .iter()
            .any(|i| matches!(i, Input::Card(c) if c.is_picture()));
        done(if picture { "picture" } else { "plain" })
    }
}

/// One timed case: the mean time of `f` over `iterations` calls, against a target in µs.
struct Row {
    name: &'static str,
    iterations: u32,
    mean_us: f64,
    target_us: f64,
}

fn time(name: &'static str, iterations: u32, target_us: f64, mut f: impl FnMut()) -> Row {
    for _ in 0..iterations.div_ceil(10) {
        f();
    }
    let start = Instant::now();
    for _ in 0..iterations {
        f();
    }
    let mean_us = start.elapsed().as_secs_f64() * 1e6 / f64::from(iterations);
    Row {
        name,
        iterations,
        mean_us,
        target_us,
    }
}

fn main() -> ExitCode {
    let roster = Roster::new(vec![]);
    let state = BattleState::new(&roster);
    let ctx = Context {
        roster: &roster,
        state: &state,
    };
    let modified = Dice::new(2, Die::D6)
        .with(Modifier::new(-1, "Disordered", "7.2"))
        .with(Modifier::new(1, "Veteran", "7.3"))
        .with(Modifier::new(-2, "Uphill", "7.4"));
    let morale = request(
        modified.clone(),
        vec![
            Band::new(i32::MIN, 4, "passes"),
            Band::new(5, 7, "wavers"),
            Band::new(8, i32::MAX, "routs"),
        ],
    );
    let mut rng = Pcg64::seed_from_u64(1643);
    let mut deck = Deck::new(false);

    let rows = [
        time("distribution 2D6, 3 modifiers", 100_000, 1_000.0, || {
            black_box(black_box(&modified).distribution());
        }),
        time("band odds of a 2D6 request", 100_000, 1_000.0, || {
            black_box(black_box(&morale).band_odds());
        }),
        time("procedure odds: two-stage", 10_000, 1_000.0, || {
            black_box(procedure_odds(&TwoStage, &ctx, &[]));
        }),
        time("procedure odds: two cards", 100, 50_000.0, || {
            black_box(procedure_odds(&BetterOfTwo, &ctx, &[]));
        }),
        time("deck shuffle (52 cards)", 10_000, 100.0, || {
            let order = deck.shuffled_order(&mut rng);
            deck.apply_shuffle(black_box(&order));
        }),
    ];

    println!(
        "{:<32} {:>10} {:>12} {:>12}  ",
        "name", "iterations", "mean µs", "target µs"
    );
    let mut missed = false;
    for row in &rows {
        let ok = row.mean_us <= row.target_us;
        missed |= !ok;
        println!(
            "{:<32} {:>10} {:>12.3} {:>12.0}  {}",
            row.name,
            row.iterations,
            row.mean_us,
            row.target_us,
            if ok { "ok" } else { "MISSED" }
        );
    }
    if missed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
