//! Re-rolls: the attached commander's (the second score stands), and the flank, hill and
//! entrenchment re-rolls.

use super::*;

#[test]
fn attached_commander_re_roll_accepts_the_second_score() {
    let b = ready();
    let (inf, cmd, t) = (id(&b, 0, "inf"), id(&b, 0, "cmd"), id(&b, 1, "gall"));
    let mut b = b;
    play(&mut b, call(P_ATTACH, &[cmd], &[inf], &[]), &[], &[]);
    assert_eq!(
        b.state().piece(cmd).mark(ATTACHED),
        Some("Royalist Infantry")
    );
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "1")]);
    // Re-roll a 1 into a 2: the second score stands.
    let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[1, 2], &[1]);
    assert_eq!(reqs.len(), 2);
    assert_eq!(hits_in(&res, t), Some(2));
    // Re-roll a 1 into... another 1: still accepted.
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[1, 1], &[1]);
    assert_eq!(hits_in(&res, t), Some(1));
    // Keep the first score.
    let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[3], &[0]);
    assert_eq!(reqs.len(), 1);
    assert_eq!(hits_in(&res, t), Some(3));
    assert!(
        sets_flag(&res, inf, OUT_OF_AMMO),
        "the accepted die checks ammunition"
    );
    // A re-rolled 3 turned into a 2: the accepted die has ammunition left.
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[3, 2], &[1]);
    assert!(!sets_flag(&res, inf, OUT_OF_AMMO));
}

#[test]
fn flank_hill_and_entrenchment_re_rolls() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    let ctx = b.context();
    // Flank: the attacker's choice, assumed "re-roll" on a poor score.
    let c = call(P_MELEE, &[inf], &[t], &[(FLANK, "yes")]);
    let proc = SYSTEM.procedure(&ctx, &c).unwrap();
    let first = Input::Dice(Rolled {
        dice: adjutant_core::rules::d3_ecw::roll::d3_with(vec![]),
        faces: vec![1],
        typed: true,
    });
    match proc.step(&ctx, std::slice::from_ref(&first)) {
        Step::Choice(ch) => {
            assert!(ch.rule.contains("§6.4"));
            assert_eq!(ch.assumed, 1);
        }
        s => panic!("expected a re-roll choice, got {s:?}"),
    }
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[1, 3], &[1]);
    assert_eq!(hits_in(&res, t), Some(3));
    // Hill: the defender may make the attacker re-roll a good score.
    let c = call(P_MELEE, &[inf], &[t], &[(HILL, "yes")]);
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[3, 1], &[1]);
    assert_eq!(hits_in(&res, t), Some(1));
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[3], &[0]);
    assert_eq!(hits_in(&res, t), Some(3));
    // Entrenched shooters re-roll (D3-8); Trotters cannot be entrenched.
    let c = call(P_SHOOT, &[inf], &[t], &[(SHOOTER_ENTRENCHED, "yes")]);
    let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[1, 2], &[1]);
    assert_eq!(reqs.len(), 2);
    assert_eq!(hits_in(&res, t), Some(2));
    let trot = id(&b, 0, "trot");
    let c = call(P_SHOOT, &[trot], &[t], &[(SHOOTER_ENTRENCHED, "yes")]);
    let (reqs, _) = run_choosing(&SYSTEM, &b, &c, &[1], &[]);
    assert_eq!(reqs.len(), 1, "no re-roll for Trotters");
}
