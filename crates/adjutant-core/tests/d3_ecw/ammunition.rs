//! Ammunition: out on a natural three by default or on a separate die as the option, and a
//! unit out of ammunition refused leave to shoot.

use super::*;

#[test]
fn ammunition_on_a_natural_three_by_default() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "gall"));
    let c = call(P_SHOOT, &[inf], &[t], &[(RANGE, "2")]);
    let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[3], &[]);
    assert_eq!(reqs.len(), 1, "no separate die");
    assert_eq!(hits_in(&res, t), Some(3), "the hits still count");
    assert!(sets_flag(&res, inf, OUT_OF_AMMO));
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[2], &[]);
    assert!(!sets_flag(&res, inf, OUT_OF_AMMO));
    // In cover the natural 3 still runs out, though it reads 2 hits.
    let in_town = id(&b, 1, "cs");
    let covered = call(
        P_SHOOT,
        &[inf],
        &[in_town],
        &[(RANGE, "2"), (TERRAIN, "town")],
    );
    let (reqs, res) = run_choosing(&SYSTEM, &b, &covered, &[3], &[]);
    assert_eq!(
        reqs[0].bands.last().unwrap().label,
        "2 hits, out of ammunition"
    );
    assert_eq!(hits_in(&res, in_town), Some(2));
    assert!(sets_flag(&res, inf, OUT_OF_AMMO));
    // Types without an ammunition check never run out.
    let drg = id(&b, 0, "drg");
    let (_, res) = run_choosing(&SYSTEM, &b, &call(P_SHOOT, &[drg], &[t], &[]), &[3], &[]);
    assert!(!sets_flag(&res, drg, OUT_OF_AMMO));
}

#[test]
fn ammunition_on_a_separate_die_as_the_option() {
    let mut tables = D3Tables::standard();
    tables.options.ammo_check = AmmoCheck::SeparateDie;
    let system = D3Ecw::with_tables(tables);
    let b = ready();
    let (trot, t) = (id(&b, 0, "trot"), id(&b, 1, "gall"));
    let c = call(P_SHOOT, &[trot], &[t], &[(RANGE, "1")]);
    let (reqs, res) = run_choosing(&system, &b, &c, &[3, 2], &[]);
    assert_eq!(reqs.len(), 2, "a separate ammunition die");
    assert_eq!(reqs[0].bands.last().unwrap().label, "3 hits");
    assert_eq!(hits_in(&res, t), Some(3));
    assert!(!sets_flag(&res, trot, OUT_OF_AMMO));
    let (_, res) = run_choosing(&system, &b, &c, &[1, 3], &[]);
    assert_eq!(hits_in(&res, t), Some(1));
    assert!(sets_flag(&res, trot, OUT_OF_AMMO));
    let odds = &reqs[1].band_odds();
    let out = odds
        .iter()
        .find(|(b, _, _)| b.label == "out of ammunition")
        .unwrap();
    assert_eq!((out.1, out.2), (1, 3));
}

#[test]
fn out_of_ammunition_refuses_to_shoot() {
    let b = ready();
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "gall"));
    let b = with(&b, vec![flag(inf, OUT_OF_AMMO)]);
    let r = refusal(&b, &call(P_SHOOT, &[inf], &[t], &[]));
    assert!(r.reason.contains("out of ammunition"), "{r}");
    assert!(r.rule.contains("§5.4"));
    // It may still fight.
    assert!(
        SYSTEM
            .procedure(&b.context(), &call(P_MELEE, &[inf], &[t], &[]))
            .is_ok()
    );
}
