//! The close assault: it repeats until the defender falls, and ends when the attacker is pinned.

use super::*;

#[test]
fn close_assault_repeats_until_the_defender_falls() {
    let mut b = battle(
        vec![unit("attacker", INFANTRY, &[])],
        vec![unit("defender", INFANTRY, &[])],
    );
    let (a, d) = (id(&b, RED, "attacker"), id(&b, WHITE, "defender"));
    activate(&mut b, a, "Close assault", "None");
    let ctx = b.context();
    let p = SYSTEM
        .procedure(&ctx, &call(P_ASSAULT, &[a], &[d], &[]))
        .unwrap();
    let (reqs, res) = drive(
        p.as_ref(),
        &ctx,
        &[
            &[1, 2], // round 1: attacker misses (2 dice, §7.2)
            &[3, 2], // defender misses
            &[6, 1], // round 2: defender pinned
            &[1, 2], // defender misses
            &[5, 5], // round 3: pinned defender is hit only on 6
            &[2],    // the pinned defender rolls 1 die
            &[6, 2], // round 4: defender destroyed
            &[6],    // and the attacker pinned, simultaneously
        ],
    );
    let shape: Vec<(u8, u8)> = reqs.iter().map(|r| (r.dice.count, at_least(r))).collect();
    assert_eq!(
        shape,
        [
            (2, 4),
            (2, 4),
            (2, 4),
            (2, 4),
            (2, 6),
            (1, 4),
            (2, 6),
            (1, 4)
        ]
    );
    assert!(reqs[6].label.starts_with("Round 4"));
    assert_eq!(res.summary, "defender destroyed; attacker occupies");
    let mut st = b.state().clone();
    res.events.iter().for_each(|e| st.apply(e));
    assert!(st.piece(d).flag(DESTROYED));
    assert!(st.piece(a).flag(PINNED) && !st.piece(a).flag(DESTROYED));
    assert_eq!(st.piece(a).track(ACTIONS), 1);
}

#[test]
fn close_assault_ends_when_the_attacker_is_pinned() {
    let b = battle(vec![unit("a", CAVALRY, &[])], vec![unit("d", MG, &[])]);
    let (a, d) = (id(&b, RED, "a"), id(&b, WHITE, "d"));
    let st = assaulting(&b, a);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    // Attacked in the flank, the MG rolls 1 die; the attacker obscured is hit on 5+.
    let c = call(
        P_ASSAULT,
        &[a],
        &[d],
        &[(Q_FACING, "1"), (Q_ATTACKER_COVER, "1")],
    );
    let p = SYSTEM.procedure(&ctx, &c).unwrap();
    let (reqs, res) = drive(p.as_ref(), &ctx, &[&[1, 1, 1], &[4], &[2, 2, 2], &[5]]);
    assert_eq!((reqs[1].dice.count, at_least(&reqs[1])), (1, 5));
    assert_eq!(reqs.len(), 4);
    assert_eq!(res.summary, "a pinned; the assault is over");
}
