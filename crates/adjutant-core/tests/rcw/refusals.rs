//! Refusals: every action refused names the rule that forbids it, and the offers carry the same.

use super::*;

#[test]
fn refusals_name_the_rule() {
    let mut b = battle(
        vec![
            unit("inf", INFANTRY, &[]),
            unit("guns", ARTILLERY, &[]),
            unit("deployed", ARTILLERY, &["unlimbered"]),
            unit("wagon", WAGON, &[]),
            unit("mg", MG, &[]),
        ],
        vec![unit("foe", INFANTRY, &[])],
    );
    let r = |s: &str| id(&b, RED, s);
    let (inf, guns, deployed, wagon, mg) =
        (r("inf"), r("guns"), r("deployed"), r("wagon"), r("mg"));
    let foe = id(&b, WHITE, "foe");
    // Actions before activation.
    assert!(refusal(&b, &call(P_MOVE, &[inf], &[], &[])).contains("activate inf first"));
    // Artillery: limbered may not shoot, unlimbered may not move.
    activate(&mut b, guns, "Shoot", "Move");
    activate(&mut b, deployed, "Move", "Shoot");
    let why = refusal(&b, &call(P_SHOOT, &[guns], &[foe], &[]));
    assert!(why.contains("limbered") && why.contains("§4.6"), "{why}");
    let why = refusal(&b, &call(P_MOVE, &[deployed], &[], &[]));
    assert!(why.contains("unlimbered") && why.contains("§4.6"), "{why}");
    // Wagons may not initiate an assault, nor declare one.
    let why = refusal(&b, &call(P_ASSAULT, &[wagon], &[foe], &[]));
    assert!(
        why.contains("may not initiate") && why.contains("§7.1"),
        "{why}"
    );
    let why = refusal(
        &b,
        &call(P_ACTIVATE, &[wagon], &[], &[(Q_FIRST, "Close assault")]),
    );
    assert!(why.contains("§7.1"), "{why}");
    // Shoot declared twice is refused (§4.3); Move twice is fine.
    let why = refusal(
        &b,
        &call(
            P_ACTIVATE,
            &[mg],
            &[],
            &[(Q_FIRST, "Shoot"), (Q_SECOND, "Shoot")],
        ),
    );
    assert!(why.contains("§4.3"), "{why}");
    // A third action.
    activate(&mut b, inf, "Move", "Move");
    start(&mut b, P_MOVE, &[inf], &[], &[]).unwrap();
    start(&mut b, P_MOVE, &[inf], &[], &[]).unwrap();
    let why = refusal(&b, &call(P_MOVE, &[inf], &[], &[]));
    assert!(why.contains("2 actions") && why.contains("§4.3"), "{why}");
    // An undeclared action.
    let why = refusal(&b, &call(P_LIMBER, &[deployed], &[], &[]));
    assert!(why.contains("did not declare Limber/Unlimber"), "{why}");
    // Pinned units may not move, shoot or assault.
    let st = with(&b, mg, &[on(PINNED)]);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    for c in [
        call(P_MOVE, &[mg], &[], &[]),
        call(P_SHOOT, &[mg], &[foe], &[]),
        call(P_ASSAULT, &[inf], &[foe], &[]),
    ] {
        let st2;
        let ctx = if c.id == P_ASSAULT {
            st2 = with(&b, inf, &[on(PINNED)]);
            Context {
                roster: &b.roster,
                state: &st2,
            }
        } else {
            ctx
        };
        let why = SYSTEM
            .procedure(&ctx, &c)
            .err()
            .expect("refused")
            .to_string();
        assert!(
            why.contains("pinned") && why.contains("§5.5"),
            "{}: {why}",
            c.id
        );
    }
    // The enemy's units wait for their own player turn.
    let why = refusal(&b, &call(P_ACTIVATE, &[foe], &[], &[]));
    assert!(why.contains("player turn"), "{why}");
    // Out of range, and shooting a friend.
    let why = refusal(&b, &call(P_SHOOT, &[deployed], &[foe], &[(Q_RANGE, "1")]));
    assert!(
        why.contains("beyond") && why.contains("range of 18"),
        "{why}"
    );
    let why = refusal(&b, &call(P_SHOOT, &[deployed], &[inf], &[]));
    assert!(why.contains("friendly"), "{why}");
    // The offers carry the same refusals.
    let offers = SYSTEM.offers(&b.context(), &[inf], &[]);
    let mv = offers.iter().find(|o| o.id == P_MOVE).unwrap();
    assert!(mv.refused.as_ref().unwrap().rule.contains("§4.3"));
}

/// A refusal names the unit and reads right whatever its kind: "an Armoured Car unit", never
/// "a Armoured Car"; a unit without shooting dice says so, never "a Infantry cannot shoot".
#[test]
fn refusals_read_right_for_every_kind() {
    use crate::common::army::Build;
    let mut b = battle(
        vec![
            unit("hq", HQ, &[]),
            unit("car", ARMOURED_CAR, &[]),
            unit("rifles", INFANTRY, &[]).with_stats(&[(STAT_SHOOT, 0)]),
            unit("inf", INFANTRY, &[]),
        ],
        vec![unit("foe", INFANTRY, &[])],
    );
    let r = |s: &str| id(&b, RED, s);
    let (hq, car, rifles, inf) = (r("hq"), r("car"), r("rifles"), r("inf"));
    let foe = id(&b, WHITE, "foe");
    let why = refusal(&b, &call(P_SHOOT, &[hq], &[foe], &[]));
    assert_eq!(why, "hq (HQ) cannot shoot: it has no shooting dice (§2.2)");
    let why = refusal(&b, &call(P_SHOOT, &[rifles], &[foe], &[]));
    assert_eq!(
        why,
        "rifles (Infantry) cannot shoot: it has no shooting dice (§2.2)"
    );
    let why = refusal(&b, &call(P_ASSAULT, &[car], &[foe], &[]));
    assert!(
        why.starts_with("car is an Armoured Car unit, which may not initiate a close assault"),
        "{why}"
    );
    let why = refusal(&b, &call(P_LIMBER, &[hq], &[], &[]));
    assert!(why.contains("hq is an HQ unit"), "{why}");
    activate(&mut b, inf, "Shoot", "None");
    let why = refusal(&b, &call(P_SHOOT, &[inf, hq], &[foe], &[]));
    assert!(
        why.starts_with("an Infantry unit cannot fire through an observer"),
        "{why}"
    );
}
