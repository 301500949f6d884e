//! Woods and towns (§4.2): a target's terrain its type may not be in is refused with the rule.
//! Each test quotes the line of the original rules it checks.

use super::*;

#[test]
fn only_commanded_shot_may_be_in_woods() {
    // "WOODS - Provide cover & only Commanded Shot units can enter"
    let b = ready();
    let inf = id(&b, 0, "inf");
    for (short, kind) in KINDS {
        let t = id(&b, 1, short);
        let shoot = call(P_SHOOT, &[inf], &[t], &[(RANGE, "1"), (TERRAIN, "woods")]);
        if kind == COMMANDED_SHOT {
            // Infantry D3 at Commanded Shot in woods: a 2, less 1 for cover, is 1 hit.
            let (reqs, res) = run_choosing(&SYSTEM, &b, &shoot, &[2], &[]);
            assert_eq!(modifier_total(&reqs[0]), -1);
            assert_eq!(hits_in(&res, t), Some(1));
        } else {
            let r = refusal(&b, &shoot);
            let said = format!("({kind}) cannot be in woods: only Commanded Shot may be in woods");
            assert!(r.reason.contains(&said), "{r}");
            assert_eq!(r.rule, "§4.2");
        }
    }
    // In melee too: Gallopers may not attack Trotters "in woods"...
    let gall = id(&b, 0, "gall");
    let c = call(
        P_MELEE,
        &[gall],
        &[id(&b, 1, "trot")],
        &[(TERRAIN, "woods")],
    );
    assert_eq!(refusal(&b, &c).rule, "§4.2");
    // ...but may attack Commanded Shot there: charging D3+1, −1 for woods, a 2 is 2 hits.
    let cs = id(&b, 1, "cs");
    let c = call(P_MELEE, &[gall], &[cs], &[(TERRAIN, "woods")]);
    let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[2], &[]);
    assert_eq!(modifier_total(&reqs[0]), 0);
    assert_eq!(hits_in(&res, cs), Some(2));
}

#[test]
fn only_infantry_and_commanded_shot_may_be_in_towns() {
    // "TOWNS - Provide cover & only to Infantry & Commanded Shot may end their move in a town.
    // Only one unit may occupy a town." Elite Pike "are Infantry units".
    let b = ready();
    let inf = id(&b, 0, "inf");
    for (short, kind) in KINDS {
        let t = id(&b, 1, short);
        let shoot = call(P_SHOOT, &[inf], &[t], &[(RANGE, "2"), (TERRAIN, "town")]);
        if [INFANTRY, COMMANDED_SHOT, ELITE_PIKE].contains(&kind) {
            // Infantry D3 at a unit in a town: a 2, less 1 for cover, is 1 hit.
            let (reqs, res) = run_choosing(&SYSTEM, &b, &shoot, &[2], &[]);
            assert_eq!(modifier_total(&reqs[0]), -1, "{kind}");
            assert_eq!(hits_in(&res, t), Some(1), "{kind}");
        } else {
            let r = refusal(&b, &shoot);
            let said = format!(
                "({kind}) cannot be in a town: only Infantry, Commanded Shot and Elite Pike may \
                 be in a town"
            );
            assert!(r.reason.contains(&said), "{r}");
            assert_eq!(r.rule, "§4.2");
        }
    }
    // In melee: Trotters attack Infantry in a town (D3, −1 Infantry, −1 town): a 3 is 1 hit.
    let trot = id(&b, 0, "trot");
    let target = id(&b, 1, "inf");
    let c = call(P_MELEE, &[trot], &[target], &[(TERRAIN, "town")]);
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[3], &[]);
    assert_eq!(hits_in(&res, target), Some(1));
    let c = call(P_MELEE, &[trot], &[id(&b, 1, "drg")], &[(TERRAIN, "town")]);
    assert_eq!(refusal(&b, &c).rule, "§4.2");
    // Terrain that names no choice is refused rather than read as open ground.
    let c = call(P_SHOOT, &[inf], &[target], &[(TERRAIN, "swamp")]);
    let r = refusal(&b, &c);
    assert!(r.reason.contains("'swamp' is not an answer"), "{r}");
}
