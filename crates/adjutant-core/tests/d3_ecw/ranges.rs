//! Range (§5.1): a range typed beyond the weapon's reach is refused, never read as a shorter
//! one. The test quotes the line of the original rules it checks.

use super::*;

#[test]
fn a_range_outside_the_weapons_reach_is_refused_never_clamped() {
    // "Pistols have a range of 1, Muskets a range of 2, & artillery 4."
    let b = ready();
    let target = id(&b, 1, "gall");
    for (unit, reach) in [
        ("trot", 1),
        ("cuir", 1),
        ("inf", 2),
        ("cs", 2),
        ("drg", 2),
        ("art", 4),
    ] {
        let shooter = id(&b, 0, unit);
        let shoot = |range: &str| call(P_SHOOT, &[shooter], &[target], &[(RANGE, range)]);
        for r in 1..=reach {
            let c = shoot(&r.to_string());
            assert!(SYSTEM.procedure(&b.context(), &c).is_ok(), "{unit} at {r}");
        }
        for typed in [reach + 1, reach + 2, 99] {
            let r = refusal(&b, &shoot(&typed.to_string()));
            let said = format!("a range of {typed} hexes is beyond");
            assert!(r.reason.contains(&said), "{unit} at {typed}: {r}");
            assert_eq!(r.rule, "§5.1");
        }
        let r = refusal(&b, &shoot(&format!("more than {reach}")));
        assert!(r.reason.contains("beyond"), "{r}");
        let r = refusal(&b, &shoot("0"));
        assert!(r.reason.contains("1 or more"), "{r}");
        let r = refusal(&b, &shoot("next door"));
        assert!(r.reason.contains("not a range in hexes"), "{r}");
    }
    // A range within reach shoots as usual: Trotters' pistols at 1, a 2 is 2 hits.
    let trot = id(&b, 0, "trot");
    let c = call(P_SHOOT, &[trot], &[target], &[(RANGE, " 1 ")]);
    let (_, res) = run_choosing(&SYSTEM, &b, &c, &[2], &[]);
    assert_eq!(hits_in(&res, target), Some(2));
}
