//! Command rules as the original rules write them: a shattered leader leaves Muster with no
//! roll (rules V.B.1), the Overall Leader's help is for the Command Phase only (III.A.3), and
//! any unit may trace command to the Overall Leader and obey his chit (III.A.3, V.C.4).

use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{MELEE, MOVEMENT, ORDERS};

use super::common::*;

fn leave_muster(b: &B) -> adjutant::procedure::Call {
    b.call(
        proc::CHANGE_COMMAND,
        &["saville"],
        &[],
        &[(param::TO, "Attack")],
    )
}

// Rules V.B.1: "A leader may always change from Muster to any other command if at least two of
// his combat units have been eliminated during the game or are currently routed. The change can
// be made if there is one eliminated and one routed unit."
#[test]
fn a_shattered_leader_leaves_muster_with_no_roll() {
    let mut b = ready(ORDERS, 0);
    b.set_chit("saville", "Muster");
    let (_, reqs) = b.run(&leave_muster(&b), &[f(&[1])]).unwrap();
    assert_eq!(reqs.len(), 1, "without the losses it rolls");
    b.set_flag("sav1", keys::ELIMINATED, true);
    b.set_flag("sav2", keys::ROUTED, true);
    let (res, reqs) = b.run(&leave_muster(&b), &[]).unwrap();
    assert!(reqs.is_empty(), "no roll");
    assert_eq!(res.summary, "command changed");
    assert!(
        fact_texts(&res.events)
            .iter()
            .any(|t| t.contains("leaves Muster with no roll (§3.4)")),
        "{:?}",
        fact_texts(&res.events)
    );
    b.apply(&res.events);
    assert_eq!(b.mark("saville", keys::CHIT).as_deref(), Some("Attack"));
    // A Muster adopted this turn still waits for the following turn.
    b.set_flag("saville", keys::COMMAND_TRIED, false);
    b.set_chit("saville", "Muster");
    b.set_flag("saville", keys::FRESH_MUSTER, true);
    assert!(
        b.refusal(&leave_muster(&b))
            .reason
            .contains("following turn")
    );
}

// The other reading, kept as the switch muster_free_out = 0: leaving Muster always rolls,
// and the log names the switch.
#[test]
fn the_roll_to_leave_muster_is_a_switch() {
    let mut b = ready_with("\"muster_free_out\": 0", ORDERS, 0);
    b.set_chit("saville", "Muster");
    b.set_flag("sav1", keys::ELIMINATED, true);
    b.set_flag("sav2", keys::ROUTED, true);
    // Saville, Command 3: a 4 fails.
    let (res, reqs) = b.run(&leave_muster(&b), &[f(&[4])]).unwrap();
    assert_eq!(reqs.len(), 1);
    assert_eq!(res.summary, "no change");
    assert!(
        fact_texts(&res.events)
            .iter()
            .any(|t| t.contains("switch muster_free_out is 0")),
        "{:?}",
        fact_texts(&res.events)
    );
    // Going to Muster stays free under either reading (Commands page, Muster).
    b.set_chit("saville", "Stand");
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["saville"],
        &[],
        &[(param::TO, "Muster")],
    );
    assert!(b.run(&call, &[]).unwrap().1.is_empty());
}

// Rules III.A.3: "Overall leaders stacked with a friendly leader during the Command Phase can
// automatically change the Command Chit of the leader. Leaders, within the Command Span of
// their Overall Leader during the Command Phase, get a -1 die roll modifier."
#[test]
fn the_reactive_charge_check_gets_no_help_from_the_overall_leader() {
    let b = ready(MOVEMENT, 1);
    let call = b.call(
        proc::CHARGE_CHECK,
        &["saville"],
        &["crom1"],
        &[(param::OVERALL_STACKED, "yes"), (param::WITHIN_SPAN, "yes")],
    );
    // Saville, Command 3: a 4 fails — no automatic change, no −1.
    let (res, reqs) = b.run(&call, &[f(&[4])]).unwrap();
    assert!(reqs[0].dice.modifiers.is_empty());
    assert_eq!(reqs[0].rule, "§3.6");
    assert_eq!(res.summary, "no charge");
    // The offer asks nothing about the Overall Leader.
    let offers = b
        .system
        .offers(&b.ctx(), &[b.id("saville")], &[b.id("crom1")]);
    let check = offers.iter().find(|o| o.id == proc::CHARGE_CHECK).unwrap();
    assert!(check.params.is_empty(), "{:?}", check.params);
    // The Overall Leader still changes his own chit with no roll.
    let call = b.call(proc::CHARGE_CHECK, &["widdrington"], &["crom1"], &[]);
    let (res, reqs) = b.run(&call, &[]).unwrap();
    assert!(reqs.is_empty());
    assert_eq!(res.summary, "charge");
}

#[test]
fn the_overall_leaders_help_in_the_charge_check_is_a_switch() {
    let b = ready_with("\"charge_check_overall\": 1", MOVEMENT, 1);
    let call = b.call(
        proc::CHARGE_CHECK,
        &["saville"],
        &["crom1"],
        &[(param::WITHIN_SPAN, "yes")],
    );
    // 4 − 1 = 3 ≤ 3.
    let (res, reqs) = b.run(&call, &[f(&[4])]).unwrap();
    assert_eq!(reqs[0].dice.modifier_total(), -1);
    assert_eq!(res.summary, "charge");
    let call = b.call(
        proc::CHARGE_CHECK,
        &["saville"],
        &["crom1"],
        &[(param::OVERALL_STACKED, "yes")],
    );
    let (res, reqs) = b.run(&call, &[]).unwrap();
    assert!(reqs.is_empty());
    assert!(
        fact_texts(&res.events)
            .iter()
            .any(|t| t.contains("switch charge_check_overall"))
    );
}

// Rules V.C.4: "Any combat unit may receive command from the friendly Overall Leader. If the
// Overall Leader has a Command Chit, the unit must obey it. An Overall Leader with no command
// chit must immediately choose one." Commands page: "The combat unit would use Montrose's
// Advance Command Chit, because that is the leader that the combat unit traced command to."
#[test]
fn a_unit_tracing_to_the_overall_leader_obeys_his_chit() {
    // Henderson has Attack, Widdrington (the Overall Leader) Advance.
    let mut b = ready(MOVEMENT, 0);
    b.set_flag("hen1", keys::OUT_OF_COMMAND, true);
    let call = b.call(proc::TRACE_OVERALL, &["hen1"], &[], &[]);
    let res = b.play(&call, &[]);
    assert_eq!(res.summary, "traces command to the Overall Leader");
    assert!(b.flag("hen1", keys::TRACES_OVERALL));
    assert!(
        !b.flag("hen1", keys::OUT_OF_COMMAND),
        "in command by the trace"
    );
    // In melee it now fights under Advance: no Attack modifier.
    b.clock(3, MELEE, 0);
    let melee = b.call(
        proc::MELEE,
        &["hen1"],
        &["crom1"],
        &[(param::TERRAIN, "Clear")],
    );
    let (_, reqs) = b
        .run(&melee, &[f(&[1, 1]), f(&[1, 1]), f(&[1]), f(&[1])])
        .unwrap();
    assert!(reqs[2].dice.modifiers.is_empty(), "{:?}", mods(&reqs[2]));
    // Henderson's other units still obey Attack.
    let melee = b.call(
        proc::MELEE,
        &["hen2"],
        &["crom1"],
        &[(param::TERRAIN, "Clear")],
    );
    let (_, reqs) = b
        .run(&melee, &[f(&[1, 1]), f(&[1, 1]), f(&[1]), f(&[1])])
        .unwrap();
    assert_eq!(mods(&reqs[2]), [(1, "Attack".to_string())]);
    // The trace lapses at the side's next command check.
    let next = b.call(proc::NEXT_PHASE, &[], &[], &[]);
    b.clock(4, ORDERS, 0);
    let _ = b.play(&next, &[]);
    assert!(!b.flag("hen1", keys::TRACES_OVERALL));
}

#[test]
fn an_overall_leader_with_no_chit_chooses_one_when_a_unit_traces_to_him() {
    let mut b = ready(MOVEMENT, 0);
    b.state.apply(&adjutant::event::Event::Piece {
        piece: b.id("widdrington"),
        change: adjutant::status::Change::Mark {
            key: keys::CHIT.into(),
            to: None,
        },
    });
    let call = b.call(proc::TRACE_OVERALL, &["sav1"], &[], &[]);
    // Options: Attack, Advance, Stand, Retreat, Reserve, Muster, Charge 1; he picks Stand.
    let res = b.play(&call, &[A::C(2)]);
    assert_eq!(res.summary, "traces command to the Overall Leader");
    assert_eq!(b.mark("widdrington", keys::CHIT).as_deref(), Some("Stand"));
    // His own units and a second trace are refused; untracing is offered.
    let r = b.refusal(&b.call(proc::TRACE_OVERALL, &["wid1"], &[], &[]));
    assert!(r.reason.contains("own unit"), "{r}");
    assert_eq!(r.rule, "§4.2");
    assert!(b.refusal(&call).reason.contains("already"));
    let res = b.play(&b.call(proc::TRACE_OWN, &["sav1"], &[], &[]), &[]);
    assert_eq!(res.summary, "own leader");
    assert!(!b.flag("sav1", keys::TRACES_OVERALL));
    // Only with the command check, in the unit's own Movement Phase.
    b.clock(3, MELEE, 0);
    assert!(b.refusal(&call).reason.contains("Movement Phase"));
}
