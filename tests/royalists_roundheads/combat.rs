//! Worked fire and melee examples with fixed faces, asserting the requests and the events.

use adjutant::event::{Event, FactKind};
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{FIRE, MELEE};

use super::common::*;

fn facts(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fact { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn dismounted_dragoons_fire_into_woods_and_the_target_routs() {
    let mut b = ready(FIRE, 0);
    b.set_flag("verm1", keys::DISMOUNTED, true);
    let call = b.call(
        proc::FIRE,
        &["verm1"],
        &["sav1"],
        &[
            (param::RANGE, "1"),
            (param::TERRAIN, "Woods"),
            (param::HEXSIDE, "none"),
        ],
    );
    // 6 + 1 (range 1, dismounted) − 1 (woods) = 6: morale check. 5 + 4 = 9 > 7: routs.
    let (res, reqs) = b.run(&call, &[f(&[6]), f(&[5, 4]), A::C(0)]).unwrap();
    let mods: Vec<(i32, String)> = reqs[0]
        .dice
        .modifiers
        .iter()
        .map(|m| (m.value, m.label.clone()))
        .collect();
    assert_eq!(
        mods,
        [
            (1, "range 1, Dismounted Dragoons".to_string()),
            (-1, "target in / behind Woods".to_string())
        ]
    );
    assert!(reqs[0].dice.modifiers.iter().all(|m| !m.rule.is_empty()));
    let labels: Vec<&str> = reqs[0].bands.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["No effect", "Target makes morale check"]);
    assert!(reqs[1].label.contains("morale 7"), "{}", reqs[1].label);
    assert_eq!(res.summary, "morale check; Saville's Horse 1 routs");
    let texts = facts(&res.events);
    assert!(
        texts.contains(&"Saville's Horse 1 fails its morale check (rolled 9 > 7)".to_string()),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("routs and retreats 1–3 hexes"))
    );
    b.apply(&res.events);
    assert!(b.flag("verm1", keys::FIRED));
    assert!(b.flag("sav1", keys::ROUTED));
    assert!(b.flag("sav1", keys::MORALE_CHECKED_FIRE));
    // Firing twice is refused, and so is a second fire-phase check.
    assert!(b.refusal(&call).reason.contains("already fired"));
    let call = b.call(
        proc::MORALE,
        &["sav1"],
        &[],
        &[(param::CAUSE, "Fire Combat")],
    );
    assert!(b.refusal(&call).reason.contains("one morale check"));
}

#[test]
fn a_seven_is_a_step_loss_then_a_check_at_reduced_morale() {
    let mut b = ready(FIRE, 1);
    b.set_flag("verm1", keys::DISMOUNTED, true);
    let call = b.call(
        proc::FIRE,
        &["verm1"],
        &["sav1"],
        &[(param::RANGE, "1"), (param::TERRAIN, "Clear")],
    );
    // 6 + 1 = 7: step loss; the check is then against 7 − 1 = 6 (marker): 3 + 3 passes.
    let (res, reqs) = b.run(&call, &[f(&[6]), f(&[3, 3])]).unwrap();
    assert!(reqs[1].label.contains("morale 6"), "{}", reqs[1].label);
    assert_eq!(res.summary, "step loss; Saville's Horse 1 passes");
    b.apply(&res.events);
    assert_eq!(b.track("sav1", keys::STEPS_LOST), 1);
    assert!(b.flag("sav1", keys::STEP_LOSS_MARKER));
    assert!(!b.flag("sav1", keys::ROUTED));
}

#[test]
fn cavalry_may_not_fire_at_range_two_and_mounted_dragoons_read_their_column() {
    let b = ready(FIRE, 1);
    let call = b.call(proc::FIRE, &["crom1"], &["sav1"], &[(param::RANGE, "2")]);
    let r = b.refusal(&call);
    assert!(r.reason.contains("may not fire at range 2"), "{r}");
    let call = b.call(
        proc::FIRE,
        &["verm1"],
        &["sav1"],
        &[(param::RANGE, "1"), (param::TERRAIN, "Clear")],
    );
    let (res, reqs) = b.run(&call, &[f(&[5])]).unwrap();
    assert!(reqs[0].dice.modifiers.is_empty());
    assert_eq!(res.summary, "no effect");
}

#[test]
fn melee_worked_example_attack_with_a_leader_against_stand() {
    let mut b = ready(MELEE, 0);
    let call = worked_melee(&b, &["hen1", "henderson"]);
    let script = worked_melee_script();
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert_eq!(reqs.len(), 6);
    assert_eq!(reqs[2].dice.modifier_total(), 2);
    assert!(
        reqs[2].label.contains("strength 4, column 4–6"),
        "{}",
        reqs[2].label
    );
    let labels: Vec<&str> = reqs[2].bands.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "–: no effect",
            "M: all opposing units check morale",
            "1: 1 step loss, then morale checks"
        ]
    );
    assert_eq!(reqs[3].dice.modifiers[0].label, "Melee: Stand, defending");
    assert!(reqs[4].label.contains("morale 7"), "{}", reqs[4].label);
    assert_eq!(
        res.summary,
        "defenders lose 1 step and check morale; attackers check morale; Cromwell's Horse 1 routs; Henderson's Horse 1 passes"
    );
    let texts = facts(&res.events);
    assert!(
        texts.iter().any(|t| t.starts_with(
            "Melee: Henderson's Horse 1 (strength 4) against Cromwell's Horse 1 (strength 4)"
        )),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t.contains("must advance")));
    assert!(texts.iter().any(|t| t.contains("Second Combat Option")));
    b.apply(&res.events);
    assert_eq!(b.track("crom1", keys::STEPS_LOST), 1);
    assert!(b.flag("crom1", keys::ROUTED));
    assert!(b.flag("crom1", keys::MORALE_CHECKED_MELEE));
    assert!(b.flag("hen1", keys::MORALE_CHECKED_MELEE));
    assert!(!b.flag("hen1", keys::ROUTED));
}

#[test]
fn charge_doubles_strength_and_adds_two() {
    let mut b = ready(MELEE, 1);
    b.set_chit("cromwell", "Charge 2");
    let call = b.call(
        proc::MELEE,
        &["crom1", "crom2"],
        &["sav1"],
        &[(param::TERRAIN, "Clear"), (param::FLANK_REAR, "yes")],
    );
    let script = [
        f(&[1, 1]),
        f(&[1, 1]),
        f(&[1, 1]),
        f(&[1]),
        f(&[1]),
        f(&[1, 1]),
    ];
    let (res, reqs) = b.run(&call, &script).unwrap();
    // 2 × (4 × 2) = 16 → column 16–20; +2 Charge, +1 flank; morale 8 + 1 = 9 under Charge.
    assert!(reqs[0].label.contains("morale 9"), "{}", reqs[0].label);
    assert!(
        reqs[3].label.contains("strength 16, column 16–20"),
        "{}",
        reqs[3].label
    );
    assert_eq!(reqs[3].dice.modifier_total(), 3);
    // 1 + 3 = 4 on 16–20: M. Saville's defenders roll 1 + 1 (Stand) = 2 on 4–6: no effect.
    assert_eq!(
        res.summary,
        "defenders check morale; Saville's Horse 1 passes"
    );
}

/// Rules VII.C.7: "If a defender vacates a hex as a result of melee, the attacker must advance
/// all combat units from one attacking hex into the hex vacated." Saville's Horse, routed by
/// fire earlier in the turn, holds its hex through the melee (it passes, the results "M" / "–"),
/// so no hex is vacated by this combat: no advance, no Second Combat Option.
#[test]
fn a_defender_routed_before_the_melee_that_holds_its_hex_is_not_a_vacated_hex() {
    let mut b = ready(MELEE, 1);
    b.set_chit("cromwell", "Charge 2");
    b.set_flag("sav1", keys::ROUTED, true);
    let call = b.call(
        proc::MELEE,
        &["crom1", "crom2"],
        &["sav1"],
        &[(param::TERRAIN, "Clear"), (param::FLANK_REAR, "yes")],
    );
    let script = [
        f(&[1, 1]),
        f(&[1, 1]),
        f(&[1, 1]),
        f(&[1]),
        f(&[1]),
        f(&[1, 1]),
    ];
    let (res, _) = b.run(&call, &script).unwrap();
    assert_eq!(
        res.summary,
        "defenders check morale; Saville's Horse 1 passes"
    );
    let texts = facts(&res.events);
    assert!(!texts.iter().any(|t| t.contains("vacated")), "{texts:?}");
    assert!(
        !texts.iter().any(|t| t.contains("Second Combat Option")),
        "{texts:?}"
    );
    // Failing its check after the "M", it routs back 1–3 hexes: that hex is vacated.
    let mut script = script.to_vec();
    script[5] = f(&[6, 6]);
    script.push(A::C(0));
    let (res, _) = b.run(&call, &script).unwrap();
    assert_eq!(
        res.summary,
        "defenders check morale; Saville's Horse 1 routs"
    );
    let texts = facts(&res.events);
    assert!(
        texts.iter().any(|t| t.contains("must advance")),
        "{texts:?}"
    );
}

#[test]
fn defender_failing_its_pre_melee_check_routs_three_hexes_and_no_melee_follows() {
    let b = ready(MELEE, 0);
    let call = b.call(proc::MELEE, &["hen1"], &["crom1", "cromwell"], &[]);
    let (res, _) = b.run(&call, &[f(&[1, 1]), f(&[6, 6]), A::C(0)]).unwrap();
    assert_eq!(res.summary, "no defender stands");
    let texts = facts(&res.events);
    assert!(
        texts
            .iter()
            .any(|t| t.contains("retreats 3 (to its rear) hexes")),
        "{texts:?}"
    );
    // Cromwell, stacked with the only defender, is overrun when the hex is vacated.
    assert!(res.events.iter().any(|e| matches!(
        e,
        Event::Fact {
            kind: FactKind::LeaderCasualty,
            ..
        }
    )));
    assert!(
        res.events
            .iter()
            .any(|e| matches!(e, Event::Side { side: 1, .. }))
    );
}

#[test]
fn routed_unit_that_cannot_retreat_loses_a_step_instead() {
    let b = ready(MELEE, 0);
    let call = b.call(proc::MELEE, &["hen1"], &["crom1"], &[]);
    let (res, _) = b.run(&call, &[f(&[1, 1]), f(&[6, 6]), A::C(1)]).unwrap();
    let mut b2 = ready(MELEE, 0);
    b2.apply(&res.events);
    assert!(!b2.flag("crom1", keys::ROUTED));
    assert_eq!(b2.track("crom1", keys::STEPS_LOST), 1);
}

#[test]
fn cavalry_may_withdraw_from_infantry() {
    let b = ready(MELEE, 1);
    let call = b.call(proc::MELEE, &["hob1"], &["sav1"], &[]);
    // Hobart's foot pass (morale 6), Saville's Stand cavalry withdraws.
    let (res, _) = b.run(&call, &[f(&[1, 1]), A::C(1)]).unwrap();
    assert_eq!(res.summary, "no defender stands");
    assert!(
        facts(&res.events)
            .iter()
            .any(|t| t.contains("withdraws before the melee"))
    );
}

#[test]
fn melee_losses_on_several_attackers_go_where_the_defender_chooses() {
    let mut b = ready(MELEE, 0);
    b.set_chit("henderson", "Attack");
    let call = b.call(proc::MELEE, &["hen1", "hen2"], &["crom1"], &[]);
    // Both attackers pass; defenders pass; attackers roll 1 + 1 (Attack) = 2 on 7–10: –;
    // defenders roll 6 + 1 = 7 (Stand) on 4–6: 1 step → defender picks Henderson's Horse 2.
    let script = [
        f(&[1, 1]),
        f(&[1, 1]),
        f(&[1, 1]),
        f(&[1]),
        f(&[6]),
        A::C(1),
        f(&[1, 1]),
        f(&[1, 1]),
    ];
    let (res, _) = b.run(&call, &script).unwrap();
    b.apply(&res.events);
    assert_eq!(b.track("hen2", keys::STEPS_LOST), 1);
    assert_eq!(b.track("hen1", keys::STEPS_LOST), 0);
}
