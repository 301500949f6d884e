//! The unit table: every unit type shoots its table dice, and rolls its table close-assault
//! dice under the switch `assault_dice_column` (two dice each by default).

use super::*;

#[test]
fn every_unit_type_shoots_its_table_dice() {
    for (kind, shooting, _) in TABLE {
        let mut b = battle(
            vec![unit("firer", kind, &["unlimbered"])],
            vec![unit("target", INFANTRY, &[])],
        );
        let (f, t) = (id(&b, RED, "firer"), id(&b, WHITE, "target"));
        let shoot = call(P_SHOOT, &[f], &[t], &[]);
        if shooting == 0 {
            assert!(refusal(&b, &shoot).contains("cannot shoot"), "{kind}");
            continue;
        }
        activate(&mut b, f, "Shoot", "None");
        b.start(Action::Procedure(shoot)).unwrap();
        let req = dice_request(&b);
        assert_eq!(req.dice.count, shooting, "{kind} shooting dice");
        assert_eq!(at_least(&req), 4, "{kind} at a target in the open");
    }
}

/// The RCW system with the switch `assault_dice_column` on: close-assault dice from the unit
/// table's column (docs/rules/rcw.md §7.2).
fn column_system() -> adjutant_core::rules::rcw::Rcw {
    let text = "(version: 1, switches: (assault_dice_column: 1))";
    let tables = adjutant_core::rules::rcw::overrides::tables("rcw.ron", text).unwrap();
    adjutant_core::rules::rcw::Rcw::with_tables(tables)
}

/// The dice of the first two requests of an assault (attacker, then defender after a miss);
/// `None` for the defender when it has none (round 2 follows).
fn assault_dice(sys: &dyn RuleSystem, b: &Battle, a: PieceId, d: PieceId) -> (u8, Option<u8>) {
    let st = assaulting(b, a);
    let ctx = Context {
        roster: &b.roster,
        state: &st,
    };
    let p = sys
        .procedure(&ctx, &call(P_ASSAULT, &[a], &[d], &[]))
        .unwrap();
    let Step::Dice(first) = p.step(&ctx, &[]) else {
        panic!()
    };
    let miss = typed(&first, vec![1; usize::from(first.dice.count)]);
    let Step::Dice(next) = p.step(&ctx, &[miss]) else {
        panic!()
    };
    let defender = (!next.label.starts_with("Round 2")).then_some(next.dice.count);
    (first.dice.count, defender)
}

#[test]
fn every_unit_type_rolls_its_table_assault_dice_under_the_switch() {
    let column = column_system();
    for (kind, _, assault) in TABLE {
        // As defender: the attacker misses, then the defender rolls its dice. By default
        // every unit rolls 2 (the wagon, with none in the table, none).
        let b = battle(
            vec![unit("attacker", INFANTRY, &[])],
            vec![unit("defender", kind, &[])],
        );
        let (a, d) = (id(&b, RED, "attacker"), id(&b, WHITE, "defender"));
        let want = (assault > 0).then_some(assault);
        assert_eq!(assault_dice(&column, &b, a, d), (3, want), "{kind}");
        let seed = (assault > 0).then_some(2);
        assert_eq!(assault_dice(&SYSTEM, &b, a, d), (2, seed), "{kind}");
        // As attacker, where the kind may initiate.
        let mut b = battle(
            vec![unit("attacker", kind, &[])],
            vec![unit("defender", INFANTRY, &[])],
        );
        let (a, d) = (id(&b, RED, "attacker"), id(&b, WHITE, "defender"));
        let c = call(P_ASSAULT, &[a], &[d], &[]);
        if [INFANTRY, CAVALRY, TANK].contains(&kind) {
            assert_eq!(
                assault_dice(&column, &b, a, d).0,
                assault,
                "{kind} attacking"
            );
            activate(&mut b, a, "Close assault", "None");
            b.start(Action::Procedure(c)).unwrap();
            assert_eq!(dice_request(&b).dice.count, 2, "{kind} attacking");
        } else {
            let why = refusal(&b, &c);
            assert!(
                why.contains("may not initiate") && why.contains("§7.1"),
                "{why}"
            );
        }
    }
}
