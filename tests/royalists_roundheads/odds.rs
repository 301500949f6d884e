//! Exact odds: every procedure's outcomes sum to one, and match hand counts.

use std::collections::BTreeMap;

use adjutant::odds::procedure_odds;
use adjutant::rules::royalists_roundheads::RoyalistsRoundheads;
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{FIRE, MELEE, ORDERS, RALLY};

use super::common::*;

/// The exact odds of a call, checked to sum to one and to agree with `adjutant::odds`.
fn odds_of(b: &B, call: &adjutant::procedure::Call) -> BTreeMap<String, Q> {
    let p = b.start(call).expect("starts");
    let exact = exact_odds(p.as_ref(), &b.ctx());
    assert_eq!(total(&exact), Q(1, 1), "{exact:?}");
    let walked = procedure_odds(p.as_ref(), &b.ctx(), &[]);
    assert!((walked.total() - 1.0).abs() < 1e-9);
    assert!(walked.unexplored.abs() < 1e-12);
    for (summary, q) in &exact {
        let f = q.0 as f64 / q.1 as f64;
        assert!(
            (walked.p(summary) - f).abs() < 1e-9,
            "{summary}: {} vs {f}",
            walked.p(summary)
        );
    }
    exact
}

fn q(odds: &BTreeMap<String, Q>, s: &str) -> Q {
    *odds
        .get(s)
        .unwrap_or_else(|| panic!("no outcome {s:?} in {odds:?}"))
}

#[test]
fn morale_check_against_seven_is_21_in_36() {
    let b = ready(RALLY, 0);
    let odds = odds_of(
        &b,
        &b.call(proc::MORALE, &["hen1"], &[], &[(param::CAUSE, "Other")]),
    );
    assert_eq!(q(&odds, "passes"), Q::new(21, 36));
    assert_eq!(q(&odds, "fails: routs"), Q::new(15, 36));
    let odds = odds_of(
        &b,
        &b.call(
            proc::MORALE,
            &["hen1"],
            &[],
            &[(param::CAUSE, "Other"), (param::LEADER_STACKED, "yes")],
        ),
    );
    assert_eq!(q(&odds, "passes"), Q::new(26, 36));
}

#[test]
fn command_change_four_within_span_is_five_in_six() {
    let mut b = ready(ORDERS, 0);
    b.clock(3, ORDERS, 0);
    let odds = odds_of(
        &b,
        &b.call(
            proc::CHANGE_COMMAND,
            &["henderson"],
            &[],
            &[(param::TO, "Stand"), (param::WITHIN_SPAN, "yes")],
        ),
    );
    assert_eq!(q(&odds, "command changed"), Q::new(5, 6));
    let odds = odds_of(
        &b,
        &b.call(
            proc::CHANGE_COMMAND,
            &["saville"],
            &[],
            &[(param::TO, "Attack")],
        ),
    );
    assert_eq!(q(&odds, "command changed"), Q::new(1, 2));
}

#[test]
fn fire_odds_by_hand() {
    let mut b = ready(FIRE, 1);
    b.set_flag("verm1", keys::DISMOUNTED, true);
    let call = b.call(
        proc::FIRE,
        &["verm1"],
        &["sav1"],
        &[(param::RANGE, "1"), (param::TERRAIN, "Clear")],
    );
    let odds = odds_of(&b, &call);
    // 1D6 + 1: 2–4 nothing (3/6), 5–6 a check at 7 (2/6), 7 a step then a check at 6 (1/6).
    assert_eq!(q(&odds, "no effect"), Q::new(1, 2));
    assert_eq!(
        q(&odds, "morale check; Saville's Horse 1 passes"),
        Q::new(2 * 21, 6 * 36)
    );
    assert_eq!(
        q(&odds, "morale check; Saville's Horse 1 routs"),
        Q::new(2 * 15, 6 * 36)
    );
    assert_eq!(
        q(&odds, "step loss; Saville's Horse 1 passes"),
        Q::new(15, 6 * 36)
    );
    assert_eq!(
        q(&odds, "step loss; Saville's Horse 1 routs"),
        Q::new(21, 6 * 36)
    );
}

#[test]
fn victory_check_at_fourteen_losses_needs_nine() {
    let mut b = ready(RALLY, 0);
    for u in ["hen1", "hen2", "hen3"] {
        b.set_flag(u, keys::ELIMINATED, true);
    }
    b.set_flag("hend", keys::ROUTED, true);
    let call = b.call(proc::NEXT_PHASE, &[], &[], &[]);
    let odds = odds_of(&b, &call);
    assert_eq!(q(&odds, "victory"), Q::new(10, 36));
    assert_eq!(q(&odds, "no victory"), Q::new(26, 36));
    let (res, reqs) = b.run(&call, &[f(&[4, 5])]).unwrap();
    assert!(reqs[0].label.contains("need 9–12"), "{}", reqs[0].label);
    assert_eq!(res.summary, "victory");
    b.apply(&res.events);
    assert!(
        b.state
            .result
            .as_deref()
            .unwrap()
            .starts_with("Victory to Parliament")
    );
}

#[test]
fn the_royalists_check_from_eleven_parliament_losses() {
    let mut b = ready(RALLY, 1);
    b.set_flag("crom1", keys::ELIMINATED, true);
    b.set_flag("crom2", keys::ELIMINATED, true);
    b.set_flag("verm1", keys::ELIMINATED, true); // 10: no check
    let call = b.call(proc::NEXT_PHASE, &[], &[], &[]);
    let odds = odds_of(&b, &call);
    assert_eq!(q(&odds, "no victory"), Q(1, 1));
    b.state.apply(&adjutant::event::Event::Side {
        side: 1,
        change: adjutant::status::Change::Track {
            key: keys::LEADER_LOSSES.into(),
            to: 3,
        },
    }); // 13: the W-7 default band, needs 10–12
    let odds = odds_of(&b, &call);
    assert_eq!(q(&odds, "victory"), Q::new(6, 36));
}

#[test]
fn entry_roll_is_one_in_six() {
    let mut b = B::new();
    b.clock(9, RALLY, 0);
    b.clock(9, 5, 1);
    let odds = odds_of(&b, &b.call(proc::NEXT_PHASE, &[], &[], &[]));
    assert_eq!(q(&odds, "reinforcements enter"), Q::new(1, 6));
}

#[test]
fn melee_between_steady_units_by_hand() {
    let steady = |mut a: adjutant::army::Army| {
        for u in &mut a.units {
            u.stats.insert("morale".into(), 12);
            u.stats.insert("reduced_morale".into(), 12);
        }
        a
    };
    let mut b = B::with(
        RoyalistsRoundheads::with_tables(adjutant::rules::royalists_roundheads::Tables::standard()),
        vec![steady(royalists()), steady(parliament())],
    );
    b.enter_all();
    b.set_chit("henderson", "Advance");
    b.set_chit("cromwell", "Advance");
    b.clock(2, MELEE, 0);
    let odds = odds_of(&b, &b.call(proc::MELEE, &["hen1"], &["crom1"], &[]));
    // Both roll 1D6 on 4–6: 1–4 no effect, 5–6 M; every morale check passes.
    assert_eq!(q(&odds, "no effect on either side"), Q::new(16, 36));
    assert_eq!(
        q(&odds, "defenders check morale; Cromwell's Horse 1 passes"),
        Q::new(8, 36)
    );
    assert_eq!(
        q(&odds, "attackers check morale; Henderson's Horse 1 passes"),
        Q::new(8, 36)
    );
    assert_eq!(
        q(
            &odds,
            "defenders check morale; attackers check morale; Cromwell's Horse 1 passes; Henderson's Horse 1 passes"
        ),
        Q::new(4, 36)
    );
}

#[test]
fn full_melee_odds_sum_to_one() {
    let mut b = ready(MELEE, 1);
    b.set_chit("cromwell", "Charge 1");
    let call = b.call(
        proc::MELEE,
        &["crom1", "crom2", "cromwell"],
        &["sav1", "saville"],
        &[(param::TERRAIN, "Village"), (param::FLANK_REAR, "yes")],
    );
    let odds = odds_of(&b, &call);
    assert!(odds.len() > 10);
    let start = std::time::Instant::now();
    let p = b.start(&call).unwrap();
    let _ = procedure_odds(p.as_ref(), &b.ctx(), &[]);
    eprintln!("full melee odds in {:?}", start.elapsed());
}
