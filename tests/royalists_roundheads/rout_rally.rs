//! Rout and rally as the rules write them: the routed +1 carried into the rally check (rules
//! VIII.A–B), a rout that leaves the map eliminates the unit (VII.C.4), and a leader alone in a
//! hex an enemy unit enters is overrun (III.A.2, VI.C).

use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{FIRE, MELEE, MOVEMENT, RALLY};

use super::common::*;

fn rally_odds(b: &B, stacked: bool) -> std::collections::BTreeMap<String, Q> {
    let yes = if stacked { "yes" } else { "no" };
    let call = b.call(proc::RALLY, &["hen1"], &[], &[(param::LEADER_STACKED, yes)]);
    let p = b.start(&call).unwrap();
    let odds = exact_odds(p.as_ref(), &b.ctx());
    assert_eq!(total(&odds), Q(1, 1));
    odds
}

// Rules VIII.A: a routed unit "adds one to its morale check dice roll"; VIII.B: in the Rally
// Phase each routed unit "makes a morale check". The rally is a routed unit's morale check, so
// it carries the +1.
#[test]
fn the_rally_roll_carries_the_routed_plus_one() {
    let mut b = ready(RALLY, 0);
    b.set_flag("hen1", keys::ROUTED, true);
    let call = b.call(proc::RALLY, &["hen1"], &[], &[]);
    // 3 + 3 + 1 = 7 ≤ 7: rallies; 4 + 3 + 1 = 8 > 7: routs again.
    let (res, reqs) = b.run(&call, &[f(&[3, 3])]).unwrap();
    assert_eq!(mods(&reqs[0]), [(1, "Rally roll: unit routed".to_string())]);
    assert_eq!(reqs[0].dice.modifiers[0].rule, "§7.4");
    assert_eq!(res.summary, "rallies");
    let (res, _) = b.run(&call, &[f(&[4, 3]), A::C(0)]).unwrap();
    assert_eq!(res.summary, "fails: routs again");
    // By hand: 2D6 + 1 ≤ 7 is 2D6 ≤ 6, 15 of 36; with a leader (−1) 2D6 ≤ 7, 21 of 36.
    assert_eq!(rally_odds(&b, false)["rallies"], Q::new(15, 36));
    assert_eq!(rally_odds(&b, true)["rallies"], Q::new(21, 36));
}

#[test]
fn the_rally_without_the_routed_modifier_is_a_switch() {
    let mut b = ready_with("\"rally_routed\": 0", RALLY, 0);
    b.set_flag("hen1", keys::ROUTED, true);
    let call = b.call(proc::RALLY, &["hen1"], &[], &[]);
    let (res, reqs) = b.run(&call, &[f(&[4, 3])]).unwrap();
    assert!(reqs[0].dice.modifiers.is_empty());
    assert!(
        reqs[0].label.contains("switch rally_routed"),
        "{}",
        reqs[0].label
    );
    assert_eq!(res.summary, "rallies");
    assert_eq!(rally_odds(&b, false)["rallies"], Q::new(21, 36));
}

// Rules VII.C.4, on the rout retreat: "If it retreats off the map, it is eliminated."
#[test]
fn a_rout_off_the_map_eliminates_the_unit() {
    let mut b = ready(MELEE, 0);
    let call = b.call(proc::MELEE, &["hen1"], &["crom1"], &[]);
    // Henderson's Horse 1 passes; Cromwell's Horse 1 fails (12 > 8) and routs off the map.
    let (res, _) = b.run(&call, &[f(&[1, 1]), f(&[6, 6]), A::C(2)]).unwrap();
    assert_eq!(res.summary, "no defender stands");
    assert!(
        fact_texts(&res.events)
            .iter()
            .any(|t| t.contains("Cromwell's Horse 1 is eliminated: its rout left the map")),
        "{:?}",
        fact_texts(&res.events)
    );
    b.apply(&res.events);
    assert!(b.flag("crom1", keys::ELIMINATED));
    assert!(!b.flag("crom1", keys::ROUTED));
    assert_eq!(b.track("crom1", keys::STEPS_LOST), 4);
    // Loss points (rules IX): an eliminated unit counts its full strength, 4.
    use adjutant::rules::RuleSystem;
    let figures = b.system.figures(&b.ctx());
    let parliament = figures
        .iter()
        .find(|f| f.side == 1 && f.label == "Loss points")
        .unwrap();
    assert_eq!(parliament.value, "4");
}

#[test]
fn a_routed_unit_that_moves_off_the_map_is_eliminated() {
    let mut b = ready(MOVEMENT, 0);
    let call = b.call(proc::LEAVE_MAP, &["hen1"], &[], &[]);
    assert!(b.refusal(&call).reason.contains("not routed"));
    b.set_flag("hen1", keys::ROUTED, true);
    let res = b.play(&call, &[]);
    assert_eq!(res.summary, "eliminated");
    assert!(b.flag("hen1", keys::ELIMINATED));
    assert!(b.refusal(&call).reason.contains("not on the map"));
}

// Rules III.A.2: "A leader alone in a hex that is entered by an enemy combat unit is flipped to
// its replacement side (if not already flipped) and is then moved to the nearest friendly
// combat unit under the leader's command." Rules IX: "Overall Leader = 5, Other leader = 3".
#[test]
fn a_leader_alone_overrun_is_replaced_and_costs_three_or_five() {
    let mut b = ready(MOVEMENT, 1);
    let leader_losses = |b: &B| b.state.sides[0].track(keys::LEADER_LOSSES);
    let call = b.call(proc::OVERRUN, &["saville"], &["crom1"], &[]);
    let res = b.play(&call, &[]);
    assert_eq!(res.summary, "replacement leader");
    assert!(b.flag("saville", keys::REPLACEMENT));
    assert_eq!(b.mark("saville", keys::CHIT).as_deref(), Some("Stand"));
    assert_eq!(leader_losses(&b), 3);
    let res = b.play(
        &b.call(proc::OVERRUN, &["widdrington"], &["crom2"], &[]),
        &[],
    );
    assert_eq!(res.summary, "replacement leader");
    assert_eq!(leader_losses(&b), 8);
    // Already flipped: moved, no further loss.
    let res = b.play(&call, &[]);
    assert_eq!(res.summary, "moves away, no loss");
    assert_eq!(leader_losses(&b), 8);
    // Only an enemy combat unit overruns, and only when units move.
    let r = b.refusal(&b.call(proc::OVERRUN, &["saville"], &["hen1"], &[]));
    assert!(r.reason.contains("enemy combat unit"), "{r}");
    assert_eq!(r.rule, "§9.2");
    b.clock(3, FIRE, 1);
    assert!(b.refusal(&call).reason.contains("advance"));
}
