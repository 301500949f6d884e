//! Core speed: dice distributions, band odds, deck shuffles, and the exact odds of each rule
//! system's heaviest procedure — Royalists & Roundheads' full melee (attackers' morale,
//! defenders' morale, both melee rolls and the morale checks they call for), D3 ECW melee with a
//! commander's re-roll, Victory Without Squares combat (dice and cards), and the RCW close
//! assault that repeats until someone breaks. Run with `cargo bench --bench core`.
//!
//! Prints, per case: runs, best and median time, target and pass/fail (judged on the median);
//! exits 1 if a target is missed. Each heavy case is also checked for exactness: its
//! probabilities (with the unexplored rest) sum to one.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adjutant::army::Army;
use adjutant::battle::state::Context;
use adjutant::battle::{Action, Battle};
use adjutant::cards::Deck;
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::event::Event;
use adjutant::odds::{Odds, procedure_odds};
use adjutant::procedure::{Band, Call, DiceRequest, Procedure, Reading};
use adjutant::rules::{self, RuleSystem};
use adjutant::status::Change;
use rand::SeedableRng;
use rand_pcg::Pcg64;

// The System W test battle (the W-4 order of battle) and its helpers, and the hand-made army
// builders, shared with the tests.
use adjutant_testkit::army::{self as hand, Build};
use adjutant_testkit::position::{call, flag, mark, piece as find, shipped_battle, with};
use adjutant_testkit::royalists_roundheads as common;

/// One timed case: runs, best and median, against a target.
struct Row {
    name: String,
    runs: usize,
    best: Duration,
    median: Duration,
    target: Duration,
}

/// Times `f` (after a warm-up) over at least `runs` runs and a quarter of a second.
fn time(name: impl Into<String>, runs: usize, target_us: f64, mut f: impl FnMut()) -> Row {
    f();
    let start = Instant::now();
    let mut times = Vec::new();
    while times.len() < runs || start.elapsed() < Duration::from_millis(250) {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    times.sort();
    Row {
        name: name.into(),
        runs: times.len(),
        best: times[0],
        median: times[times.len() / 2],
        target: Duration::from_secs_f64(target_us / 1e6),
    }
}

/// Times the exact odds of a procedure, checking they sum to one.
fn odds_row(name: &str, procedure: &dyn Procedure, ctx: &Context) -> Row {
    let odds = procedure_odds(procedure, ctx, &[]);
    check(name, &odds);
    time(
        format!("odds: {name} ({} outcomes)", odds.outcomes.len()),
        20,
        1_000.0,
        || {
            black_box(procedure_odds(procedure, ctx, &[]));
        },
    )
}

fn check(name: &str, odds: &Odds) {
    assert!((odds.total() - 1.0).abs() < 1e-9, "{name}: {odds:?}");
    assert!(odds.unexplored < 1e-3, "{name}: {odds:?}");
}

fn side(side: usize, change: Change) -> Event {
    Event::Side { side, change }
}

/// Royalists & Roundheads: the full melee of the odds tests (two charging horse regiments and
/// their leader against horse and its leader in a village, through the flank).
fn royalists_roundheads() -> Row {
    use adjutant::rules::royalists_roundheads::keys::{param, proc};
    use adjutant::rules::royalists_roundheads::phases::MELEE;
    let mut b = common::B::new();
    b.enter_all();
    for (l, c) in [
        ("widdrington", "Advance"),
        ("henderson", "Attack"),
        ("saville", "Stand"),
        ("cromwell", "Charge 1"),
        ("vermuyden", "Stand"),
        ("manchester", "Advance"),
        ("fairfax", "Reserve"),
        ("hobart", "Advance"),
    ] {
        b.set_chit(l, c);
    }
    b.clock(3, MELEE, 1);
    let call = b.call(
        proc::MELEE,
        &["crom1", "crom2", "cromwell"],
        &["sav1", "saville"],
        &[(param::TERRAIN, "Village"), (param::FLANK_REAR, "yes")],
    );
    let p = b.start(&call).expect("melee allowed");
    odds_row("R&R full melee", p.as_ref(), &b.ctx())
}

/// D3 ECW: elite pike in melee with cuirassiers in a town, the commander attached (re-rolls).
fn d3_ecw() -> Row {
    use adjutant::rules::d3_ecw::keys::*;
    let army = |side: &str| Army {
        name: format!("{side} test army"),
        ..hand::army(
            "d3_ecw",
            side,
            vec![hand::leader("cmd", &format!("{side} Commander"))],
            [
                ("pike", ELITE_PIKE),
                ("cuir", CUIRASSIERS),
                ("inf", INFANTRY),
            ]
            .iter()
            .map(|(id, kind)| {
                hand::unit(id, kind)
                    .named(&format!("{side} {kind}"))
                    .led_by("cmd")
            })
            .collect(),
        )
    };
    let b = hand::battle_of("d3_ecw", [army("Royalist"), army("Parliament")], 7);
    let (a, t, cmd) = (find(&b, 0, "pike"), find(&b, 1, "cuir"), find(&b, 0, "cmd"));
    let track = |key: &str, to| Change::Track {
        key: key.into(),
        to,
    };
    let on = |key: &str| Change::Flag {
        key: key.into(),
        on: true,
    };
    let (an, tn) = (b.roster.name(a).to_string(), b.roster.name(t).to_string());
    let b = with(
        &b,
        vec![
            Event::Clock {
                turn: 1,
                phase: 1,
                side: 0,
            },
            side(0, track(ACTIVATIONS, 8)),
            side(0, track(ACTIVATIONS_USED, 0)),
            side(0, on(COUNTED)),
            mark(a, IN_MELEE, &tn),
            mark(t, IN_MELEE, &an),
            mark(cmd, ATTACHED, &an),
        ],
    );
    let ctx = b.context();
    let c = call(P_MELEE, &[a], &[t], &[(TERRAIN, "hedges")]);
    let p = rules::d3_ecw::SYSTEM.procedure(&ctx, &c).expect("allowed");
    odds_row("D3 ECW melee, re-roll", p.as_ref(), &ctx)
}

/// Victory Without Squares: Rupert's horse, moving with Rupert attached in the Royalists'
/// turn, into Vermuyden's horse from the rear (D10s, leader cards).
fn victory_without_squares() -> Row {
    use adjutant::rules::victory_without_squares::keys::*;
    let b = shipped_battle(
        "victory_without_squares",
        ["naseby_royalists", "naseby_parliament"],
        11,
    );
    let (horse, def) = (find(&b, 0, "rupert_h"), find(&b, 1, "vermuyden_h"));
    let b = with(
        &b,
        vec![
            Event::Clock {
                turn: 1,
                phase: 1,
                side: 0,
            },
            mark(horse, ATTACHED, "rupert"),
            flag(horse, MOVING),
        ],
    );
    let ctx = b.context();
    let c = call(P_COMBAT, &[horse], &[def], &[(DIRECTION, "rear")]);
    let p = rules::victory_without_squares::SYSTEM
        .procedure(&ctx, &c)
        .expect("allowed");
    odds_row("VWS combat (dice + cards)", p.as_ref(), &ctx)
}

/// RCW: infantry close-assaulting infantry, fought round after round until one side breaks.
fn rcw() -> Row {
    use adjutant::rules::rcw::keys::*;
    let army = |side: &str, id: &str| {
        let unit = hand::unit(id, INFANTRY).in_group("corps");
        hand::army("rcw", side, vec![], vec![unit])
    };
    let mut b = hand::battle_of("rcw", [army("Reds", "inf"), army("Whites", "foe")], 7);
    let start = |b: &mut Battle, c: Call| b.start(Action::Procedure(c)).expect("starts");
    start(&mut b, call(P_FIRST_PLAYER, &[], &[], &[]));
    b.enter_faces("6").expect("roll-off");
    b.enter_faces("1").expect("roll-off");
    let (inf, foe) = (find(&b, 0, "inf"), find(&b, 1, "foe"));
    let q = [(Q_FIRST, "Close assault"), (Q_SECOND, "None")];
    start(&mut b, call(P_ACTIVATE, &[inf], &[], &q));
    let ctx = b.context();
    let c = call(P_ASSAULT, &[inf], &[foe], &[]);
    let p = rules::rcw::SYSTEM.procedure(&ctx, &c).expect("allowed");
    odds_row("RCW close assault (repeats)", p.as_ref(), &ctx)
}

fn main() -> ExitCode {
    let modified = Dice::new(2, Die::D6)
        .with(Modifier::new(-1, "Disordered", "7.2"))
        .with(Modifier::new(1, "Veteran", "7.3"))
        .with(Modifier::new(-2, "Uphill", "7.4"));
    let morale = DiceRequest {
        by: None,
        at_most: None,
        label: "Bench".into(),
        rule: "bench".into(),
        dice: modified.clone(),
        reading: Reading::Total,
        bands: vec![
            Band::new(i32::MIN, 4, "passes"),
            Band::new(5, 7, "wavers"),
            Band::new(8, i32::MAX, "routs"),
        ],
    };
    let mut rng = Pcg64::seed_from_u64(1643);
    let mut deck = Deck::new(false);

    let rows = [
        time("distribution 2D6, 3 modifiers", 1_000, 1_000.0, || {
            black_box(black_box(&modified).distribution());
        }),
        time("band odds of a 2D6 request", 1_000, 1_000.0, || {
            black_box(black_box(&morale).band_odds());
        }),
        time("deck shuffle (52 cards)", 1_000, 100.0, || {
            let order = deck.shuffled_order(&mut rng);
            deck.apply_shuffle(black_box(&order));
        }),
        royalists_roundheads(),
        d3_ecw(),
        victory_without_squares(),
        rcw(),
    ];

    println!(
        "{:<52} {:>7} {:>11} {:>11} {:>11}  result",
        "case", "runs", "best µs", "median µs", "target µs"
    );
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let mut missed = false;
    for row in &rows {
        let ok = row.median <= row.target;
        missed |= !ok;
        println!(
            "{:<52} {:>7} {:>11.1} {:>11.1} {:>11.0}  {}",
            row.name,
            row.runs,
            us(row.best),
            us(row.median),
            us(row.target),
            if ok { "pass" } else { "FAIL" }
        );
    }
    if missed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
