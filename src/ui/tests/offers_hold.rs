//! Nothing moves under the pointer within one pick: an offer that acts at once on what the
//! table cannot take back (an overrun) comes after the others and asks once before it acts —
//! its "Not now" where Start was, so a double click does nothing — and an offer started and
//! no longer offered leaves a "Done" line in its place, so the next one does not slide under
//! the Start just pressed. Winceby, at 1280×800.

use adjutant::rules::royalists_roundheads::keys::{self, proc as rr};

use super::column::{in_view, tap_where};
use super::systems::{Play, SIZES};

const LEADER: &str = "Sir William Widdrington";
const ENEMY: &str = "Cromwell's Horse (1)";

/// Winceby at Parliament's first Movement Phase (Cromwell's brigade entering), Widdrington
/// picked and a Parliament unit aimed at: the pick of a unit entering his hex.
fn overrun_pick() -> Play {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    for _ in 0..6 {
        let game = play.game();
        let chit = game
            .rules()
            .offers(&game.context(), &[play.piece(LEADER)], &[])
            .into_iter()
            .find(|o| o.id == rr::SET_CHIT);
        if chit.is_some_and(|o| o.refused.is_none()) {
            play.pick(LEADER);
            play.start_answered(&[LEADER], &[], rr::SET_CHIT, &[(keys::param::TO, "Attack")]);
            play.clear();
        }
        play.start_offer(&[], &[], rr::NEXT_PHASE);
    }
    assert!(play.shows("Turn 1 · Movement · Parliament"));
    play.pick(LEADER);
    play.target(ENEMY);
    play
}

#[test]
fn an_overrun_comes_after_the_others_and_asks_before_it_acts() {
    let size = SIZES[0];
    let mut play = overrun_pick();
    let charge = play.offer(&[LEADER], &[ENEMY], rr::CHARGE_CHECK);
    let overrun = play.offer(&[LEADER], &[ENEMY], rr::OVERRUN);
    assert_eq!(overrun.refused, None, "{:?}", overrun.refused);
    assert!(overrun.confirm.is_some(), "the overrun asks first");
    let first = in_view(&play, size, &charge.label).expect("the charge check in view");
    let below = in_view(&play, size, &overrun.label).expect("the overrun in view");
    assert!(
        below.y > first.y,
        "the irreversible offer comes after the others"
    );

    // Start, then a second click in the same place: the question, then "Not now" — nothing
    // is done.
    let log = play.game().log().len();
    let beside = move |b: iced::Rectangle| (b.center_y() - below.center_y()).abs() < below.height;
    let mut clicks = 0;
    tap_where(&mut play, size, "Start", beside, &mut clicks);
    assert!(play.shows_part(&format!("Overrun {LEADER}?")), "it asks");
    assert_eq!(play.game().log().len(), log, "nothing done yet");
    tap_where(&mut play, size, "Not now", beside, &mut clicks);
    assert_eq!(play.game().log().len(), log, "a double click does nothing");
    let leader = play.piece(LEADER);
    assert!(!play.game().state().piece(leader).flag(keys::REPLACEMENT));

    // Asked and answered: it acts.
    tap_where(&mut play, size, "Start", beside, &mut clicks);
    play.click("Yes");
    assert_eq!(play.game().log().len(), log + 1, "the overrun is done");
    assert!(play.game().state().piece(leader).flag(keys::REPLACEMENT));
}

#[test]
fn an_offer_done_keeps_its_place_and_the_next_does_not_slide_under_the_pointer() {
    let size = SIZES[0];
    let mut play = overrun_pick();
    let charge = play.offer(&[LEADER], &[ENEMY], rr::CHARGE_CHECK);
    let overrun = play.offer(&[LEADER], &[ENEMY], rr::OVERRUN);
    let was = in_view(&play, size, &charge.label).expect("the charge check in view");
    let overrun_was = in_view(&play, size, &overrun.label).expect("the overrun in view");
    play.start_offer(&[LEADER], &[ENEMY], rr::CHARGE_CHECK);
    while play.game().pending().is_some() {
        match play.game().step() {
            Some(adjutant::procedure::Step::Dice(_)) => play.faces("1 1"),
            Some(adjutant::procedure::Step::Choice(req)) => {
                let first = req.options[0].clone();
                play.choose(&first)
            }
            _ => break,
        }
    }
    // The charge check's place holds a "Done" line: the overrun's Start does not come up
    // where the charge check's Start was pressed.
    assert!(play.shows("Done"), "the charge check's place is kept");
    let now = in_view(&play, size, &overrun.label);
    assert!(
        now.is_none_or(|r| (r.center_y() - was.center_y()).abs() >= r.height),
        "the overrun slid under the pointer: the charge check was at {was:?}, the overrun is at {now:?}"
    );
    assert!(
        now.is_none_or(|r| r.y >= overrun_was.y),
        "the overrun moved up: {overrun_was:?} then {now:?}"
    );
}
