//! Exact odds: shooting and melee odds sum to one and match counts made by hand, re-rolls included.

use super::*;

#[test]
fn odds_sum_to_one_and_match_hand_counts() {
    let b = ready();
    let (inf, drg, cmd, t) = (
        id(&b, 0, "inf"),
        id(&b, 0, "drg"),
        id(&b, 0, "cmd"),
        id(&b, 1, "gall"),
    );
    // Infantry D3 at a target in the open: 1, 2 or 3 hits, the 3 out of ammunition.
    let ctx = b.context();
    let proc = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[inf], &[t], &[]))
        .unwrap();
    let Step::Dice(req) = proc.step(&ctx, &[]) else {
        panic!()
    };
    let counts: Vec<_> = req
        .band_odds()
        .iter()
        .map(|(b, w, n)| (b.label.clone(), *w, *n))
        .collect();
    assert_eq!(
        counts,
        [
            ("1 hit".to_string(), 1, 3),
            ("2 hits".to_string(), 1, 3),
            ("3 hits, out of ammunition".to_string(), 1, 3)
        ]
    );
    // Dragoons D3−1: 0, 1, 2.
    let proc = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[drg], &[t], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert!((odds.total() - 1.0).abs() < 1e-12);
    for s in ["no hits", "1 hit", "2 hits"] {
        assert!((odds.p(s) - 1.0 / 3.0).abs() < 1e-12, "{s}");
    }
    // With the commander attached, the odds assume a re-roll of a 1 (below the mean of 2):
    // 1 hit 1/9, 2 hits 1/3 + 1/9, 3 hits 1/3 + 1/9.
    let b = with(&b, vec![mark(cmd, ATTACHED, "Royalist Infantry")]);
    let ctx = b.context();
    let proc = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[inf], &[t], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert!((odds.total() - 1.0).abs() < 1e-12);
    assert_eq!(odds.unexplored, 0.0);
    assert!((odds.p("1 hit") - 1.0 / 9.0).abs() < 1e-12);
    assert!((odds.p("2 hits") - 4.0 / 9.0).abs() < 1e-12);
    assert!((odds.p("3 hits, out of ammunition") - 4.0 / 9.0).abs() < 1e-12);
    // Gallopers charging an Infantry target: D3+1−1.
    let gall = id(&b, 0, "gall");
    let proc = SYSTEM
        .procedure(&ctx, &call(P_MELEE, &[gall], &[id(&b, 1, "inf")], &[]))
        .unwrap();
    let odds = procedure_odds(proc.as_ref(), &ctx, &[]);
    assert!((odds.total() - 1.0).abs() < 1e-12);
    for s in ["1 hit", "2 hits", "3 hits"] {
        assert!((odds.p(s) - 1.0 / 3.0).abs() < 1e-12, "{s}");
    }
    // Every band of every request covers every reading.
    let mut reqs = vec![req];
    for (unit, target, terrain) in [
        ("drg", "inf", "town"),
        ("pike", "cuir", "hedges"),
        ("cs", "trot", "open"),
    ] {
        let (a, t) = (id(&b, 0, unit), id(&b, 1, target));
        let engaged = engage(&b, a, t);
        let c = call(P_MELEE, &[a], &[t], &[(TERRAIN, terrain)]);
        reqs.extend(run_choosing(&SYSTEM, &engaged, &c, &[2], &[]).0);
    }
    for req in reqs {
        let total: u128 = req.band_odds().iter().map(|(_, w, _)| w).sum();
        assert_eq!(total, 3, "{}", req.label);
    }
}
