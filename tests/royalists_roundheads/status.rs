//! Unit status and the clock: the step-loss ladder of each unit kind, strength and morale
//! readers, the schema, the Charge progression, the sequence of play, entry and the draw.

use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::look;
use adjutant::rules::royalists_roundheads::phases::{
    self, MELEE, MOVEMENT, ORDERS, RALLY, VICTORY,
};

use super::common::*;

fn lose(b: &mut B, id: &str) {
    let call = b.call(proc::LOSE_STEP, &[id], &[], &[]);
    b.play(&call, &[]);
}

#[test]
fn cavalry_ladder_has_four_steps() {
    let mut b = B::new();
    b.enter_all();
    let u = b.id("hen1");
    assert_eq!(
        (
            look::strength(&b.ctx(), u),
            look::morale_rating(&b.ctx(), b.system.tables_in_force().as_ref(), u).0
        ),
        (4, 7)
    );
    let t = b.system.tables_in_force();
    let expect = [(true, false, 4, 6), (false, true, 2, 6), (true, true, 2, 5)];
    for (marker, reduced, strength, morale) in expect {
        lose(&mut b, "hen1");
        assert_eq!(b.flag("hen1", keys::STEP_LOSS_MARKER), marker);
        assert_eq!(b.flag("hen1", keys::REDUCED), reduced);
        assert_eq!(look::strength(&b.ctx(), u), strength);
        assert_eq!(look::morale_rating(&b.ctx(), &t, u).0, morale);
        assert!(!b.flag("hen1", keys::ELIMINATED));
    }
    lose(&mut b, "hen1");
    assert!(b.flag("hen1", keys::ELIMINATED));
    assert_eq!(b.track("hen1", keys::STEPS_LOST), 4);
    assert_eq!(look::strength(&b.ctx(), u), 0);
}

#[test]
fn one_sp_unit_has_two_steps() {
    let mut r = royalists();
    r.units.push(
        unit("lone", "Cavalry")
            .named("Lone Troop")
            .led_by("saville")
            .with_stats(&[
                ("strength", 1),
                ("morale", 7),
                ("movement", 8),
                ("entry_turn", 2),
            ]),
    );
    let mut b = B::with(
        adjutant::rules::royalists_roundheads::RoyalistsRoundheads::with_tables(
            adjutant::rules::royalists_roundheads::Tables::standard(),
        ),
        vec![r, parliament()],
    );
    b.enter_all();
    lose(&mut b, "lone");
    assert!(b.flag("lone", keys::STEP_LOSS_MARKER));
    assert!(!b.flag("lone", keys::ELIMINATED));
    lose(&mut b, "lone");
    assert!(b.flag("lone", keys::ELIMINATED));
}

#[test]
fn dragoons_are_eliminated_on_the_third_step_w9() {
    let mut b = B::new();
    b.enter_all();
    let t = b.system.tables_in_force();
    let d = b.id("verm1");
    lose(&mut b, "verm1");
    assert!(b.flag("verm1", keys::STEP_LOSS_MARKER));
    assert_eq!(look::morale_rating(&b.ctx(), &t, d).0, 5);
    lose(&mut b, "verm1");
    assert!(b.flag("verm1", keys::SECOND_MARKER));
    assert_eq!(look::morale_rating(&b.ctx(), &t, d).0, 4);
    assert_eq!(look::strength(&b.ctx(), d), 2);
    assert!(!b.flag("verm1", keys::ELIMINATED));
    lose(&mut b, "verm1");
    assert!(b.flag("verm1", keys::ELIMINATED));
}

#[test]
fn schema_declares_one_step_tracker_the_step_states_per_kind_and_a_secret_chit() {
    let b = B::new();
    let t = b.system.tables_in_force();
    let cav = b.system.piece_schema(&b.roster, b.id("hen1"));
    assert_eq!(cav.tracks[0].max, 4);
    assert!(cav.ladders.is_empty(), "one step tracker, not two");
    let unit = |id: &str| b.roster.unit(b.id(id)).unwrap().clone();
    assert_eq!(
        look::ladder_names(&unit("hen1"), &t),
        [
            "Full",
            "Full + Step-Loss marker",
            "Reduced",
            "Reduced + Step-Loss marker",
            "Eliminated"
        ]
    );
    let drag = b.system.piece_schema(&b.roster, b.id("verm1"));
    assert_eq!(drag.tracks[0].max, 3);
    assert_eq!(
        drag.flags
            .iter()
            .filter(|f| f.label == "Eliminated")
            .count(),
        1,
        "a dragoon lists Eliminated once"
    );
    assert_eq!(
        look::ladder_names(&unit("verm1"), &t),
        [
            "Full",
            "Full + Step-Loss marker",
            "Full + 2 Step-Loss markers",
            "Eliminated"
        ]
    );
    assert!(drag.flags.iter().any(|f| f.key == keys::DISMOUNTED));
    let leader = b.system.piece_schema(&b.roster, b.id("cromwell"));
    assert!(leader.marks[0].secret);
    assert_eq!(leader.marks[0].choices.len(), 9);
    assert!(leader.flags.iter().any(|f| f.key == keys::REPLACEMENT));
}

fn next(b: &mut B, script: &[A]) -> String {
    let call = b.call(proc::NEXT_PHASE, &[], &[], &[]);
    b.play(&call, script).summary
}

#[test]
fn the_royalists_move_first_whichever_slot_they_were_given() {
    use adjutant::battle::Battle;

    let b = Battle::new("royalists_roundheads", vec![parliament(), royalists()], 1).unwrap();
    let sides: Vec<&str> = b.armies().iter().map(|a| a.side.as_str()).collect();
    assert_eq!(sides, ["Royalists", "Parliament"], "seated Royalists first");
    assert_eq!(b.state().side, 0);
    let title = b
        .rules()
        .offers(&b.context(), &[], &[])
        .into_iter()
        .find(|o| o.id == proc::NEXT_PHASE)
        .expect("the phase advance is offered")
        .label;
    assert!(title.contains("Royalist"), "{title}");
    // Other systems keep the players' order (they roll for who goes first).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/d3_ecw");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.reverse();
    let armies: Vec<_> = files
        .iter()
        .map(|p| adjutant::army::load_army(p).unwrap())
        .collect();
    let names: Vec<String> = armies.iter().map(|a| a.name.clone()).collect();
    let d3 = Battle::new("d3_ecw", armies, 1).unwrap();
    let kept: Vec<String> = d3.armies().iter().map(|a| a.name.clone()).collect();
    assert_eq!(kept, names);
}

#[test]
fn sequence_of_play_walks_a_turn() {
    let mut b = B::new();
    let mut seen = vec![(b.state.turn, b.state.phase, b.state.side)];
    for _ in 0..11 {
        next(&mut b, &[]);
        seen.push((b.state.turn, b.state.phase, b.state.side));
    }
    let expect = [
        (1, ORDERS, 0),
        (1, MOVEMENT, 0),
        (1, 2, 0),
        (1, MELEE, 0),
        (1, RALLY, 0),
        (1, VICTORY, 1),
        (1, MOVEMENT, 1),
        (1, 2, 1),
        (1, MELEE, 1),
        (1, RALLY, 1),
        (1, VICTORY, 0),
        (2, ORDERS, 0),
    ];
    assert_eq!(seen, expect);
    assert_eq!(b.system.phases().len(), 6);
}

#[test]
fn reinforcements_enter_by_the_chart() {
    let mut b = B::new();
    next(&mut b, &[]); // Royalist Movement, turn 1
    assert!(b.flag("widdrington", keys::ENTERED) && b.flag("wid1", keys::ENTERED));
    assert!(!b.flag("henderson", keys::ENTERED));
    assert!(!b.flag("cromwell", keys::ENTERED));
    let r = b.system.reminders(&b.ctx());
    assert!(
        r.iter()
            .any(|x| x.contains("Place a command chit for Widdrington")),
        "{r:?}"
    );
    for _ in 0..5 {
        next(&mut b, &[]);
    }
    assert_eq!((b.state.phase, b.state.side), (MOVEMENT, 1));
    assert!(b.flag("cromwell", keys::ENTERED) && b.flag("verm3", keys::ENTERED));
    assert!(!b.flag("manchester", keys::ENTERED));
    assert!(!b.flag("hob1", keys::ENTERED));
}

#[test]
fn entry_roll_from_turn_seven() {
    let mut b = B::new();
    b.clock(7, ORDERS, 0);
    let call = b.call(proc::NEXT_PHASE, &[], &[], &[]);
    let (res, reqs) = b.run(&call, &[f(&[5])]).unwrap();
    assert_eq!(res.summary, "reinforcements held");
    assert_eq!(reqs[0].bands.len(), 2);
    let (res, _) = b.run(&call, &[f(&[6])]).unwrap();
    assert_eq!(res.summary, "reinforcements enter");
    b.apply(&res.events);
    assert!(b.flag("array1", keys::ENTERED) && b.flag("array2", keys::ENTERED));
    assert!(b.state.sides[0].flag(keys::REINFORCEMENTS_ENTERED));
    // Before turn 7 there is no roll.
    let mut b = B::new();
    b.clock(6, ORDERS, 0);
    assert_eq!(next(&mut b, &[]), "Movement Phase");
}

#[test]
fn charge_progression_one_two_three_muster() {
    let mut b = B::new();
    b.enter_all();
    b.set_chit("cromwell", "Charge 1");
    let mut seen = Vec::new();
    for _ in 0..4 {
        b.clock(b.state.turn, VICTORY, 0);
        next(&mut b, &[]);
        assert_eq!(b.state.phase, ORDERS);
        seen.push(b.mark("cromwell", keys::CHIT).unwrap());
    }
    assert_eq!(seen, ["Charge 2", "Charge 3", "Muster", "Muster"]);
}

#[test]
fn fresh_muster_holds_for_a_turn() {
    let mut b = B::new();
    b.enter_all();
    b.set_chit("cromwell", "Charge 3");
    b.clock(1, VICTORY, 0);
    next(&mut b, &[]);
    assert!(b.flag("cromwell", keys::FRESH_MUSTER));
    let call = b.call(
        proc::CHANGE_COMMAND,
        &["cromwell"],
        &[],
        &[(param::TO, "Attack")],
    );
    let refused = b.start(&call).err().expect("refused");
    assert!(refused.reason.contains("following turn"), "{refused}");
    b.clock(2, VICTORY, 0);
    next(&mut b, &[]);
    assert!(b.start(&call).is_ok());
}

#[test]
fn the_last_turn_ends_in_a_draw() {
    let mut b = B::new();
    b.clock(13, VICTORY, 0);
    let s = next(&mut b, &[]);
    assert_eq!(s, "draw");
    assert!(b.state.result.as_deref().unwrap().starts_with("Draw"));
    let call = b.call(proc::NEXT_PHASE, &[], &[], &[]);
    assert!(b.start(&call).is_err());
    let _ = phases::phases();
}

#[test]
fn offers_with_nothing_selected_advance_the_phase() {
    let b = B::new();
    let offers = b.system.offers(&b.ctx(), &[], &[]);
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].id, proc::NEXT_PHASE);
    assert!(
        offers[0].label.contains("Royalists Movement"),
        "{}",
        offers[0].label
    );
}

#[test]
fn charge_morale_bonus_and_out_of_command() {
    let mut b = B::new();
    b.enter_all();
    b.set_chit("henderson", "Charge 1");
    let t = b.system.tables_in_force();
    let rating = |b: &B, id: &str| look::morale_rating(&b.ctx(), &t, b.id(id)).0;
    assert_eq!(rating(&b, "hen1"), 8, "cavalry under Charge: +1");
    assert_eq!(
        rating(&b, "array1"),
        7,
        "non-cavalry under a Charge leader: +2 (W-20)"
    );
    b.set_flag("hen1", keys::OUT_OF_COMMAND, true);
    assert_eq!(rating(&b, "hen1"), 7, "out of command: no chit effects");
    b.set_flag("array1", keys::ROUTED, true);
    assert_eq!(rating(&b, "array1"), 5, "routed: no Charge benefits");
    assert_eq!(
        look::unit_command(&b.ctx(), b.id("array1"))
            .map(|c| c.to_string())
            .as_deref(),
        Some("Muster")
    );
}

// A phase's tags go when it ends: "Morale checked this Fire Combat Phase" does not show in the
// Melee Phase (nor in the next turn's Orders), nor what the Combat Phase did in the Rally Phase.
#[test]
fn a_phase_tag_is_gone_once_its_phase_ends() {
    let mut b = ready(phases::FIRE, 0);
    b.set_flag("hen1", keys::MORALE_CHECKED_FIRE, true);
    b.set_flag("hen1", keys::FIRED, true);
    let res = b.play(&b.call(proc::NEXT_PHASE, &[], &[], &[]), &[]);
    assert_eq!(res.summary, "Melee Phase");
    assert!(
        !b.flag("hen1", keys::MORALE_CHECKED_FIRE),
        "fire's morale check tag gone"
    );
    b.set_flag("hen1", keys::MORALE_CHECKED_MELEE, true);
    b.set_flag("hen1", keys::MELEED, true);
    let res = b.play(&b.call(proc::NEXT_PHASE, &[], &[], &[]), &[]);
    assert_eq!(res.summary, "Rally Phase");
    for key in [keys::MORALE_CHECKED_MELEE, keys::MELEED, keys::FIRED] {
        assert!(!b.flag("hen1", key), "{key} gone at the Rally Phase");
    }
}
