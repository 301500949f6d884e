//! A leader recorded as stacked with a unit (the leader's "Stacked with" mark): melee, morale,
//! rally, fire and the command change read the record instead of asking, and ask as before
//! where nothing is recorded; the record follows the unit's fate (rules III.A.2, VII.C).

use adjutant::event::{Event, FactKind};
use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::{FIRE, MELEE, ORDERS, RALLY};
use adjutant::status::{Change, WITH};

use super::common::*;

/// Records `leader` as stacked with `unit`, as the leader's row does.
fn stack(b: &mut B, leader: &str, unit: &str) {
    let (l, u) = (b.id(leader), b.id(unit));
    let name = b.roster.name(u).to_string();
    b.apply(&[Event::Piece {
        piece: l,
        change: Change::Mark {
            key: WITH.into(),
            to: Some(name),
        },
    }]);
}

/// The question keys a selection's offer asks.
fn asks(b: &B, offer: &str, actors: &[&str], targets: &[&str]) -> Vec<&'static str> {
    let a: Vec<_> = actors.iter().map(|x| b.id(x)).collect();
    let t: Vec<_> = targets.iter().map(|x| b.id(x)).collect();
    let offers = b.system.offers(&b.ctx(), &a, &t);
    let o = offers.iter().find(|o| o.id == offer).expect("offered");
    o.params.iter().map(|p| p.key).collect()
}

// Rules VII.C.2: each player rolls a die "modified by any leader combat bonus if a leader is
// stacked with attacking or defending units"; VII.C.4: "subtract one from the dice result if a
// leader is stacked with the combat unit". The worked example of tests/royalists_roundheads/
// combat.rs, with Henderson recorded with his Horse 1 instead of selected.
#[test]
fn melee_with_a_recorded_leader_gets_his_bonus_and_the_morale_minus_one() {
    let mut b = ready(MELEE, 0);
    stack(&mut b, "henderson", "hen1");
    let call = worked_melee(&b, &["hen1"]);
    let script = worked_melee_script();
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert_eq!(reqs.len(), 6);
    let leader = mods(&reqs[0]);
    assert_eq!(leader.len(), 1, "{leader:?}");
    assert_eq!(leader[0].0, -1);
    assert!(
        leader[0]
            .1
            .contains("Henderson is with the unit (recorded)"),
        "{leader:?}"
    );
    assert_eq!(reqs[2].dice.modifier_total(), 2);
    assert!(
        mods(&reqs[2])
            .iter()
            .any(|(v, l)| *v == 1 && l.contains("Henderson") && l.contains("recorded")),
        "{:?}",
        mods(&reqs[2])
    );
    assert_eq!(mods(&reqs[5])[0].0, -1);
    assert_eq!(
        res.summary,
        "defenders lose 1 step and check morale; attackers check morale; Cromwell's Horse 1 routs; Henderson's Horse 1 passes"
    );
}

// Nothing recorded: the melee is the one the selection says, as before (no leader selected, no
// bonus, no −1).
#[test]
fn melee_without_a_record_is_played_as_before() {
    let b = ready(MELEE, 0);
    let call = worked_melee(&b, &["hen1"]);
    // 3 + 4 = 7 ≤ 7; 8 ≤ 8; attackers 5 + 1 = 6 on 4–6: M; defenders 1 + 1 = 2: –;
    // Cromwell's Horse 1 checks 2 ≤ 8.
    let script = [f(&[3, 4]), f(&[4, 4]), f(&[5]), f(&[1]), f(&[1, 1])];
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert!(reqs[0].dice.modifiers.is_empty());
    assert_eq!(reqs[2].dice.modifier_total(), 1);
    assert_eq!(
        res.summary,
        "defenders check morale; Cromwell's Horse 1 passes"
    );
}

// VII.C.4 and VIII.B: the −1 for a stacked leader on a morale check and a rally. With a
// record the question is not asked and the roll says where the answer came from; without one
// it is asked as before, and the answer still counts.
#[test]
fn morale_and_rally_ask_only_without_a_record() {
    let mut b = ready(RALLY, 0);
    b.set_flag("hen1", keys::ROUTED, true);
    assert!(asks(&b, proc::MORALE, &["hen1"], &[]).contains(&param::LEADER_STACKED));
    assert!(asks(&b, proc::RALLY, &["hen1"], &[]).contains(&param::LEADER_STACKED));
    let said = b.call(
        proc::RALLY,
        &["hen1"],
        &[],
        &[(param::LEADER_STACKED, "yes")],
    );
    let (_, reqs) = b.run(&said, &[f(&[3, 3])]).unwrap();
    assert_eq!(reqs[0].dice.modifier_total(), 0, "+1 routed, −1 leader");
    stack(&mut b, "henderson", "hen1");
    assert!(!asks(&b, proc::MORALE, &["hen1"], &[]).contains(&param::LEADER_STACKED));
    assert!(!asks(&b, proc::RALLY, &["hen1"], &[]).contains(&param::LEADER_STACKED));
    // 4 + 3 + 1 − 1 = 7 ≤ 7: rallies (without the leader it would not).
    let call = b.call(proc::RALLY, &["hen1"], &[], &[]);
    let (res, reqs) = b.run(&call, &[f(&[4, 3])]).unwrap();
    assert_eq!(res.summary, "rallies");
    assert!(
        mods(&reqs[0])
            .iter()
            .any(|(v, l)| *v == -1 && l.contains("Henderson is with the unit (recorded)")),
        "{:?}",
        mods(&reqs[0])
    );
    let call = b.call(proc::MORALE, &["hen1"], &[], &[(param::CAUSE, "Other")]);
    let (_, reqs) = b.run(&call, &[f(&[1, 1])]).unwrap();
    assert!(mods(&reqs[0]).iter().any(|(v, _)| *v == -1));
}

// VII.C.4 for a fire result: the target's morale check takes the −1 of a leader recorded with
// it, and the fire offer no longer asks.
#[test]
fn fire_at_a_unit_with_a_recorded_leader() {
    let mut b = ready(FIRE, 0);
    b.set_flag("verm1", keys::DISMOUNTED, true);
    let fire = |b: &B| {
        b.call(
            proc::FIRE,
            &["verm1"],
            &["sav1"],
            &[
                (param::RANGE, "1"),
                (param::TERRAIN, "Woods"),
                (param::HEXSIDE, "none"),
            ],
        )
    };
    assert!(asks(&b, proc::FIRE, &["verm1"], &["sav1"]).contains(&param::TARGET_LEADER_STACKED));
    // 6 + 1 − 1 = 6: morale check; 4 + 4 = 8 > 7: routs.
    let (res, _) = b.run(&fire(&b), &[f(&[6]), f(&[4, 4]), A::C(0)]).unwrap();
    assert_eq!(res.summary, "morale check; Saville's Horse 1 routs");
    stack(&mut b, "saville", "sav1");
    assert!(!asks(&b, proc::FIRE, &["verm1"], &["sav1"]).contains(&param::TARGET_LEADER_STACKED));
    // 8 − 1 = 7 ≤ 7: passes.
    let (res, reqs) = b.run(&fire(&b), &[f(&[6]), f(&[4, 4])]).unwrap();
    assert_eq!(res.summary, "morale check; Saville's Horse 1 passes");
    assert!(mods(&reqs[1]).iter().any(|(v, _)| *v == -1));
}

// III.A.3: "Overall leaders stacked with a friendly leader during the Command Phase can
// automatically change the Command Chit of the leader." Saville and Widdrington recorded with
// the same unit are stacked: no question, no roll.
#[test]
fn a_leader_recorded_with_the_overall_leaders_unit_changes_without_a_roll() {
    let mut b = ready(ORDERS, 0);
    assert!(asks(&b, proc::CHANGE_COMMAND, &["saville"], &[]).contains(&param::OVERALL_STACKED));
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["saville"],
        &[],
        &[(param::TO, "Attack")],
    );
    let (_, reqs) = b.run(&call, &[f(&[1])]).unwrap();
    assert_eq!(reqs.len(), 1, "not recorded: the roll");
    stack(&mut b, "saville", "sav1");
    stack(&mut b, "widdrington", "sav1");
    assert!(!asks(&b, proc::CHANGE_COMMAND, &["saville"], &[]).contains(&param::OVERALL_STACKED));
    let (res, reqs) = b.run(&call, &[]).unwrap();
    assert!(reqs.is_empty());
    assert_eq!(res.summary, "command changed");
    assert!(
        fact_texts(&res.events)
            .iter()
            .any(|t| t.contains("recorded")),
        "{:?}",
        fact_texts(&res.events)
    );
}

// III.A.2: a failed rally routs the unit 3 more hexes, and "Leaders stacked with it may
// accompany the unit or remain behind as the owner wishes": the same choice that asks whether
// the unit can retreat says which, and the record follows.
#[test]
fn a_routing_unit_takes_its_recorded_leader_or_leaves_him_behind() {
    let mut b = ready(RALLY, 0);
    b.set_flag("hen1", keys::ROUTED, true);
    stack(&mut b, "henderson", "hen1");
    let call = b.call(proc::RALLY, &["hen1"], &[], &[]);
    // 6 + 6 + 1 − 1 = 12 > 7: fails, routs again.
    let (with_him, _) = b.run(&call, &[f(&[6, 6]), A::C(0)]).unwrap();
    let mut b1 = ready(RALLY, 0);
    stack(&mut b1, "henderson", "hen1");
    b1.apply(&with_him.events);
    assert_eq!(
        b1.mark("henderson", WITH).as_deref(),
        Some("Henderson's Horse 1")
    );
    let (behind, _) = b.run(&call, &[f(&[6, 6]), A::C(3)]).unwrap();
    assert!(
        fact_texts(&behind.events)
            .iter()
            .any(|t| t.contains("Henderson remains behind")),
        "{:?}",
        fact_texts(&behind.events)
    );
    b.apply(&behind.events);
    assert!(b.flag("hen1", keys::ROUTED));
    assert_eq!(b.mark("henderson", WITH), None);
}

// III.A.2: "A leader stacked with a combat unit that is eliminated during Melee is killed if no
// friendly units remain in the hex ... moved to the nearest friendly combat unit under the
// leader's command". The record of a gone unit is cleared, and the log says so.
#[test]
fn a_unit_eliminated_ends_its_leaders_record() {
    let mut b = ready(MELEE, 0);
    stack(&mut b, "cromwell", "crom1");
    let call = b.call(proc::MELEE, &["hen1"], &["crom1"], &[]);
    // Henderson's Horse 1 passes; Cromwell's Horse 1 fails (12 − 1 = 11 > 8) and routs off the
    // map: eliminated, the hex vacated, Cromwell (recorded with it, left behind) overrun.
    let (res, _) = b.run(&call, &[f(&[1, 1]), f(&[6, 6]), A::C(2)]).unwrap();
    assert!(res.events.iter().any(|e| matches!(
        e,
        Event::Fact {
            kind: FactKind::LeaderCasualty,
            ..
        }
    )));
    b.apply(&res.events);
    assert!(b.flag("crom1", keys::ELIMINATED));
    assert_eq!(b.mark("cromwell", WITH), None);
    // A step loss by hand that eliminates a unit ends the record too.
    let mut b = ready(MELEE, 0);
    stack(&mut b, "henderson", "hen1");
    let lose = b.call(proc::LOSE_STEP, &["hen1"], &[], &[]);
    for _ in 0..8 {
        if b.flag("hen1", keys::ELIMINATED) {
            break;
        }
        b.play(&lose, &[]);
    }
    assert!(b.flag("hen1", keys::ELIMINATED));
    assert_eq!(b.mark("henderson", WITH), None);
}

// A defending unit that routs away from the melee takes its recorded leader with it: he is not
// in the vacated hex, so he is no casualty.
#[test]
fn a_leader_who_goes_with_his_routed_unit_is_not_overrun() {
    let mut b = ready(MELEE, 0);
    stack(&mut b, "cromwell", "crom1");
    let call = b.call(proc::MELEE, &["hen1"], &["crom1"], &[]);
    let (res, _) = b.run(&call, &[f(&[1, 1]), f(&[6, 6]), A::C(0)]).unwrap();
    assert_eq!(res.summary, "no defender stands");
    assert!(!res.events.iter().any(|e| matches!(
        e,
        Event::Fact {
            kind: FactKind::LeaderCasualty,
            ..
        }
    )));
    // Left behind, he is overrun as before.
    let (res, _) = b.run(&call, &[f(&[1, 1]), f(&[6, 6]), A::C(3)]).unwrap();
    assert!(res.events.iter().any(|e| matches!(
        e,
        Event::Fact {
            kind: FactKind::LeaderCasualty,
            ..
        }
    )));
}

// The record is a status change like any other: set from the leader's row (a correction by
// hand), logged, saved and read back, undone and redone.
#[test]
fn the_record_is_saved_undone_and_redone() {
    use adjutant::army::load_army;
    use adjutant::battle::Battle;
    use adjutant::battle::adjust::Subject;
    use adjutant::store::{battle_from_ron, battle_to_ron};
    use std::path::Path;

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/royalists_roundheads");
    let armies = ["winceby_royalists.ron", "winceby_parliament.ron"]
        .map(|f| load_army(&dir.join(f)).expect("shipped army"))
        .to_vec();
    let mut battle = Battle::new(SYSTEM_ID, armies, 7).unwrap();
    let leader = battle.roster.find(0, "henderson").unwrap();
    let unit = battle.roster.find(0, "henderson_horse_1").unwrap();
    let name = battle.roster.name(unit).to_string();
    let schema = battle.piece_schema(leader);
    let mark = schema
        .marks
        .iter()
        .find(|m| m.key == WITH)
        .expect("the leader's record");
    assert!(mark.choices.contains(&name));
    battle
        .adjust(
            Subject::Piece(leader),
            Change::Mark {
                key: WITH.into(),
                to: Some(name.clone()),
            },
        )
        .unwrap();
    let text = battle_to_ron(&battle).unwrap();
    let back = battle_from_ron(&text, Path::new("leaders.ron")).unwrap();
    assert_eq!(back.state().piece(leader).mark(WITH), Some(name.as_str()));
    assert_eq!(back.state(), battle.state());
    battle.undo().unwrap();
    assert_eq!(battle.state().piece(leader).mark(WITH), None);
    battle.redo().unwrap();
    assert_eq!(battle.state().piece(leader).mark(WITH), Some(name.as_str()));
}

// III.A.2: an overrun leader "is then moved to the nearest friendly combat unit under the
// leader's command" — flipped or already flipped, he is no longer with the unit he was
// recorded with (the player sets the one he joins).
// His record names a unit not on the map (not yet entered): he stands alone.
#[test]
fn an_overrun_leader_is_with_no_unit() {
    use adjutant::rules::royalists_roundheads::phases::MOVEMENT;
    let mut b = ready(MOVEMENT, 1);
    let call = b.call(proc::OVERRUN, &["saville"], &["crom1"], &[]);
    b.set_flag("sav1", keys::ENTERED, false);
    stack(&mut b, "saville", "sav1");
    assert_eq!(b.play(&call, &[]).summary, "replacement leader");
    assert_eq!(b.mark("saville", WITH), None);
    stack(&mut b, "saville", "sav1");
    assert_eq!(b.play(&call, &[]).summary, "moves away, no loss");
    assert_eq!(b.mark("saville", WITH), None);
}

// III.A.2: "A leader alone in a hex that is entered by an enemy combat unit is flipped to its
// replacement side"; VI.C: "A friendly combat unit may never enter a hex occupied by an enemy
// combat unit. A friendly combat unit may enter a hex containing only an enemy leader, causing
// a casualty." A leader recorded with a unit on the map is not alone, and no enemy combat unit
// may enter his hex: he cannot be overrun (no flip, no 3 loss points).
#[test]
fn a_leader_with_a_unit_on_the_map_is_not_overrun() {
    use adjutant::rules::royalists_roundheads::phases::MOVEMENT;
    let mut b = ready(MOVEMENT, 1);
    stack(&mut b, "saville", "sav1");
    let call = b.call(proc::OVERRUN, &["saville"], &["crom1"], &[]);
    let r = b.refusal(&call);
    assert!(r.reason.contains("not alone"), "{r}");
    assert_eq!(r.rule, "§9.2");
    let offer = b
        .system
        .offers(&b.ctx(), &[b.id("saville")], &[b.id("crom1")])
        .into_iter()
        .find(|o| o.id == proc::OVERRUN)
        .expect("offered, refused");
    assert!(offer.refused.is_some());
    assert!(!b.flag("saville", keys::REPLACEMENT));
    assert_eq!(b.state.sides[0].track(keys::LEADER_LOSSES), 0);
}

/// The exact odds of a call (replaying it request by request), checked to sum to one and to
/// agree with the odds walk, which runs the procedures quiet.
fn odds_of(b: &B, call: &adjutant::procedure::Call) -> std::collections::BTreeMap<String, Q> {
    let p = b.start(call).expect("starts");
    let exact = exact_odds(p.as_ref(), &b.ctx());
    assert_eq!(total(&exact), Q(1, 1), "{exact:?}");
    let walked = adjutant::odds::procedure_odds(p.as_ref(), &b.ctx(), &[]);
    for (summary, q) in &exact {
        let f = q.0 as f64 / q.1 as f64;
        assert!(
            (walked.p(summary) - f).abs() < 1e-9,
            "{summary}: {} vs {f}",
            walked.p(summary)
        );
    }
    exact
}

// The odds read the record as the roll does: a morale check at 7 with a recorded leader passes
// on 2D6 ≤ 8, 26 in 36 — the same as answering yes; a recorded melee walks to the same odds as
// the one with the leader selected.
#[test]
fn the_odds_read_the_record() {
    let mut b = ready(RALLY, 0);
    stack(&mut b, "henderson", "hen1");
    let odds = odds_of(
        &b,
        &b.call(proc::MORALE, &["hen1"], &[], &[(param::CAUSE, "Other")]),
    );
    assert_eq!(odds["passes"], Q::new(26, 36));
    let mut b = ready(MELEE, 0);
    let selected = odds_of(
        &b,
        &b.call(proc::MELEE, &["hen1", "henderson"], &["crom1"], &[]),
    );
    stack(&mut b, "henderson", "hen1");
    let recorded = odds_of(&b, &b.call(proc::MELEE, &["hen1"], &["crom1"], &[]));
    assert_eq!(recorded, selected);
}
