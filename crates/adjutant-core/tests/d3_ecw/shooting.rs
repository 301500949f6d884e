//! Shooting: the dice of every unit type, range by weapon, and cover (which artillery ignores).

use super::*;

#[test]
fn shooting_dice_for_every_unit_type() {
    let b = ready();
    let target = id(&b, 1, "trot");
    // kind, modifier to the D3, hits on a natural 2.
    for (unit, modifier, hits_on_2) in [
        ("inf", 0, 2),
        ("cs", -1, 1),
        ("drg", -1, 1),
        ("trot", 0, 2),
        ("art", -1, 1),
        ("cuir", 0, 2),
    ] {
        let shooter = id(&b, 0, unit);
        let c = call(P_SHOOT, &[shooter], &[target], &[(RANGE, "1")]);
        let (reqs, res) = run_choosing(&SYSTEM, &b, &c, &[2], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{unit}");
        assert!(
            reqs[0]
                .dice
                .modifiers
                .iter()
                .all(|m| m.rule.starts_with('§'))
        );
        assert_eq!(hits_in(&res, target), Some(hits_on_2), "{unit}");
    }
    for unit in ["gall", "pike"] {
        let c = call(P_SHOOT, &[id(&b, 0, unit)], &[target], &[]);
        let r = refusal(&b, &c);
        assert!(r.rule.contains("§2.2"), "{unit}: {r}");
    }
}

#[test]
fn range_by_weapon() {
    let b = ready();
    let target = id(&b, 1, "gall");
    for (unit, max) in [("trot", 1), ("inf", 2), ("drg", 2), ("art", 4)] {
        let shooter = id(&b, 0, unit);
        let ok = call(P_SHOOT, &[shooter], &[target], &[(RANGE, &max.to_string())]);
        assert!(
            SYSTEM.procedure(&b.context(), &ok).is_ok(),
            "{unit} at {max}"
        );
        let far = format!("more than {max}");
        let r = refusal(&b, &call(P_SHOOT, &[shooter], &[target], &[(RANGE, &far)]));
        assert!(r.reason.contains("beyond"), "{r}");
    }
}

#[test]
fn shooting_cover_and_artillery_ignores_it() {
    let b = ready();
    let inf = id(&b, 0, "inf");
    let art = id(&b, 0, "art");
    for (shooter, target, terrain, modifier) in [
        (inf, "cs", "town", -1),
        (inf, "cs", "woods", -1),
        (inf, "trot", "open or hedges", 0),
        (inf, "cs", "entrenchments", -1),
        (inf, "gall", "entrenchments", 0),
        (art, "cs", "town", -1), // the gun's own D3−1 only
        (art, "cs", "entrenchments", -1),
    ] {
        let t = id(&b, 1, target);
        let c = call(
            P_SHOOT,
            &[shooter],
            &[t],
            &[(RANGE, "1"), (TERRAIN, terrain)],
        );
        let (reqs, _) = run_choosing(&SYSTEM, &b, &c, &[2], &[]);
        assert_eq!(modifier_total(&reqs[0]), modifier, "{target} in {terrain}");
    }
}
