//! Royalists & Roundheads with the Winceby armies, played on the screen: the phases walked
//! to Parliament's first Fire Combat, a fire that forces a morale check and a rout, a melee
//! with its attacker, defender and result morale checks, a command change in the next Orders
//! Phase, and its undo and redo.

use adjutant::rules::royalists_roundheads::keys::{self, param, proc as id};

use super::Play;

const CROMWELL: &str = "Colonel Oliver Cromwell";
const FIRER: &str = "Cromwell's Horse (1)";
const ATTACKER: &str = "Cromwell's Horse (2)";
const FIRED_AT: &str = "Widdrington's Horse (1)";
const DEFENDER: &str = "Widdrington's Horse (2)";

/// Moves the clock on one phase from the battle's offers (nothing picked); nothing is rolled.
fn next_phase(play: &mut Play) {
    play.clear();
    play.start_offer(&[], &[], id::NEXT_PHASE);
    assert!(play.game().pending().is_none(), "the phase needs no dice");
}

fn chit(play: &Play, leader: &str) -> Option<String> {
    let p = play.piece(leader);
    play.game()
        .state()
        .piece(p)
        .mark(keys::CHIT)
        .map(str::to_string)
}

fn flag(play: &Play, piece: &str, key: &str) -> bool {
    play.game().state().piece(play.piece(piece)).flag(key)
}

#[test]
fn winceby_fire_melee_command_change_and_undo() {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);

    // Turn 1: the Royalist phases, then Parliament's Victory Check and Movement, when
    // Cromwell's brigade enters and takes its chit.
    next_phase(&mut play);
    assert!(play.shows("Turn 1 · Movement · Royalist"));
    assert!(flag(&play, FIRED_AT, keys::ENTERED));
    for _ in 0..5 {
        next_phase(&mut play);
    }
    assert!(play.shows("Turn 1 · Movement · Parliament"));
    assert!(flag(&play, FIRER, keys::ENTERED));
    play.pick(CROMWELL);
    play.start_answered(&[CROMWELL], &[], id::SET_CHIT, &[(param::TO, "Advance")]);
    assert_eq!(chit(&play, CROMWELL).as_deref(), Some("Advance"));
    assert!(play.shows("Command: Advance"));

    // Fire Combat: cavalry at range 1 rolls 1D6 on the Cavalry column; a 6 makes the target
    // check morale (§5.2). Its 2D6 of 6 + 5 = 11 is over morale 7: it fails and routs.
    next_phase(&mut play);
    assert!(play.shows("Turn 1 · Fire Combat · Parliament"));
    play.pick(FIRER);
    play.target(FIRED_AT);
    play.start_offer(&[FIRER], &[FIRED_AT], id::FIRE);
    play.assert_proposal_explained();
    play.faces("6");
    assert!(play.shows_part(&format!("Morale check: {FIRED_AT} (morale 7")));
    play.assert_proposal_explained();
    play.faces("6 5");
    assert!(play.shows_part("2D6 [6 5] = 11 (typed) → > 7: fails"));
    play.choose(&format!("{FIRED_AT} routs and retreats 1–3 hexes"));
    assert!(play.game().pending().is_none(), "the fire is over");
    assert!(flag(&play, FIRED_AT, keys::ROUTED));
    assert!(flag(&play, FIRER, keys::FIRED));
    assert!(play.shows(&format!(
        "{FIRED_AT} fails its morale check (rolled 11 > 7)"
    )));
    assert!(play.shows(&format!("{FIRED_AT}: Routed")));

    // Melee: the attacker passes 3 + 4 = 7 ≤ 8, the defender 2 + 3 = 5 ≤ 7; both sides roll on
    // the 4–6 column, a 6 and a 5 each read "M" (§6.4), so every unit checks morale: the
    // defender's 11 > 7 routs it, the attacker's 4 ≤ 8 holds.
    play.clear();
    next_phase(&mut play);
    assert!(play.shows("Turn 1 · Melee · Parliament"));
    play.pick(ATTACKER);
    play.target(DEFENDER);
    play.start_offer(&[ATTACKER], &[DEFENDER], id::MELEE);
    play.assert_proposal_explained();
    play.faces("3 4");
    assert!(play.shows_part("2D6 [3 4] = 7 (typed) → ≤ 8: passes"));
    play.faces("2 3");
    assert!(play.shows_part("2D6 [2 3] = 5 (typed) → ≤ 7: passes"));
    play.assert_proposal_explained();
    play.faces("6");
    assert!(play.shows_part("D6 [6] = 6 (typed) → M"));
    play.faces("5");
    play.faces("6 5");
    play.look("winceby-rout-choice");
    play.choose(&format!("{DEFENDER} routs and retreats 1–3 hexes"));
    play.faces("2 2");
    assert!(play.game().pending().is_none(), "the melee is over");
    play.look("winceby-melee");
    assert!(play.shows(&format!(
        "{ATTACKER} passes its morale check (rolled 7 ≤ 8)"
    )));
    assert_eq!(
        play.count_part("attackers roll 6: M, defenders roll 5: M"),
        2,
        "the result shows in the log and under Last"
    );
    assert!(play.shows(&format!(
        "{DEFENDER} fails its morale check (rolled 11 > 7)"
    )));
    assert!(play.shows(&format!(
        "{ATTACKER} passes its morale check (rolled 4 ≤ 8)"
    )));
    assert!(flag(&play, DEFENDER, keys::ROUTED));
    assert!(!flag(&play, ATTACKER, keys::ROUTED));
    assert!(flag(&play, DEFENDER, keys::MORALE_CHECKED_MELEE));

    // Turn 2, Orders Phase: Cromwell (Command 5) tries for Stand; a 3 ≤ 5 changes it (§3.3).
    play.clear();
    while play.game().state().turn == 1 {
        next_phase(&mut play);
    }
    assert!(play.shows("Turn 2 · Orders · Royalist"));
    play.pick(CROMWELL);
    let offer = play.offer(&[CROMWELL], &[], id::CHANGE_COMMAND);
    let to = offer.params.iter().find(|p| p.key == param::TO).unwrap();
    play.answer(&offer.id, param::TO, &to.choices, "Stand");
    play.start_offer(&[CROMWELL], &[], id::CHANGE_COMMAND);
    assert!(play.shows_part(&format!("Command change: {CROMWELL} (Command 5)")));
    play.assert_proposal_explained();
    play.faces("3");
    assert_eq!(chit(&play, CROMWELL).as_deref(), Some("Stand"));
    assert!(play.shows("Command: Stand"));
    assert!(play.shows(&format!("{CROMWELL} changes command")));

    // Undo takes the whole entry back; redo puts it back with the same die.
    let entries = play.game().log().len();
    play.click("Undo");
    assert_eq!(play.game().log().len(), entries - 1);
    assert_eq!(chit(&play, CROMWELL).as_deref(), Some("Advance"));
    assert!(!flag(&play, CROMWELL, keys::COMMAND_TRIED));
    assert!(play.shows("Command: Advance"));
    assert!(!play.shows(&format!("{CROMWELL} changes command")));
    play.click("Redo");
    assert_eq!(play.game().log().len(), entries);
    assert_eq!(chit(&play, CROMWELL).as_deref(), Some("Stand"));
    assert!(play.shows_part("[3]"));
}
