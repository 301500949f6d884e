//! Exact odds: shooting and close-assault odds sum to one and match counts made by hand.

use super::*;

#[test]
fn odds_sum_to_one_and_match_hand_counts() {
    let mut b = battle(
        vec![unit("mg", MG, &[]), unit("inf", INFANTRY, &[])],
        vec![unit("foe", INFANTRY, &[]), unit("car", ARMOURED_CAR, &[])],
    );
    let (mg, inf) = (id(&b, RED, "mg"), id(&b, RED, "inf"));
    let foe = id(&b, WHITE, "foe");
    activate(&mut b, mg, "Shoot", "None");
    activate(&mut b, inf, "Close assault", "None");
    // 3 dice hitting on 5–6: P(no hit) = (4/6)^3 = 8/27; P(one hit) = 3·2·16/216 = 4/9.
    let req = shot_request(&b, &b.state().clone(), mg, foe, "1");
    let odds = req.band_odds();
    assert_eq!((odds[0].1, odds[0].2), (64, 216));
    assert_eq!(odds[0].0.label, "0 hits: no effect");
    assert_eq!((odds[1].1, odds[1].0.label.as_str()), (96, "1 hit: pinned"));
    assert_eq!(
        (odds[2].1, odds[2].0.label.as_str()),
        (56, "2–3 hits: destroyed")
    );
    assert_eq!(odds.iter().map(|o| o.1).sum::<u128>(), 216);
    // The whole shot.
    let ctx = b.context();
    let shot = SYSTEM
        .procedure(&ctx, &call(P_SHOOT, &[mg], &[foe], &[(Q_COVER, "1")]))
        .unwrap();
    let o = procedure_odds(shot.as_ref(), &ctx, &[]);
    assert!((o.p("no effect") - 8.0 / 27.0).abs() < 1e-12);
    assert!((o.p("pinned") - 4.0 / 9.0).abs() < 1e-12);
    assert_eq!(o.unexplored, 0.0);
    // The close assault repeats ("If the attacker is not pinned and the defender has not been
    // destroyed then both sides must roll again", §9): a round that changes nothing starts it
    // over, so the repeats are summed and nothing is left unexplored.
    let assault = SYSTEM
        .procedure(&ctx, &call(P_ASSAULT, &[inf], &[foe], &[]))
        .unwrap();
    let o = procedure_odds(assault.as_ref(), &ctx, &[]);
    assert!((o.total() - 1.0).abs() < 1e-9, "{o:?}");
    assert!(o.unexplored < 1e-12, "{o:?}");
    let win = o.p("foe destroyed; inf occupies") + o.p("both destroyed");
    let lose = o.p("inf pinned; the assault is over") + o.p("inf destroyed; the assault is over");
    assert!((win + lose - 1.0).abs() < 1e-12, "{o:?}");
    // The sums agree with a walk that follows the repeats one by one, deep enough.
    let deep = Limits {
        max_depth: 60,
        max_steps: 2_000_000,
    };
    let walked = procedure_odds_within(assault.as_ref(), &ctx, &[], deep);
    for (summary, p) in &walked.outcomes {
        assert!(o.p(summary) >= p - 1e-12, "{summary}: {o:?} {walked:?}");
        assert!(o.p(summary) <= p + walked.unexplored + 1e-12, "{summary}");
    }
    // Round 1 of equal infantry, 2 dice each (§7.2): P(defender unhurt) = (1/2)^2 = 9/36.
    let Step::Dice(first) = assault.step(&ctx, &[]) else {
        panic!()
    };
    assert_eq!((first.band_odds()[0].1, first.band_odds()[0].2), (9, 36));
    // Every request along the way has bands covering every reading.
    for req in [first, req] {
        let (readings, outcomes) = req.readings();
        let covered: u128 = req.band_odds().iter().map(|o| o.1).sum();
        assert_eq!(covered, outcomes);
        assert!(
            readings
                .keys()
                .all(|r| req.bands.iter().any(|b| b.contains(*r)))
        );
    }
}
