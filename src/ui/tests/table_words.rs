//! The battle screen's words and keys at the table: a phase change reads once in the log;
//! Ctrl+0 (zoom) types nothing into the find box; Return after keypad taps enters the faces
//! tapped.

use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::column::{FIRED_AT, FIRER, winceby_fire_combat};
use super::systems::Play;
use crate::ui::battle::{Message, describe, procedure_panel, roster_panel};

#[test]
fn a_phase_change_reads_once_in_the_log() {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    for _ in 0..3 {
        play.start_offer(&[], &[], rr::NEXT_PHASE);
        let game = play.game();
        let entry = game.log().last().expect("the phase change");
        let lines = describe::entry_lines(game, entry, play.screen.viewer());
        assert!(
            lines.iter().all(|l| !describe::same_words(l, &entry.title)),
            "{}: {lines:?}",
            entry.title
        );
        let turn_lines = lines.iter().filter(|l| l.starts_with("Turn ")).count();
        assert!(turn_lines == 0, "{}: {lines:?}", entry.title);
    }
}

#[test]
fn ctrl_zero_types_nothing_into_the_find_box() {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    let find = |s: &str| Message::Pieces(roster_panel::Message::FilterChanged(s.to_string()));
    let _ = play.screen.update(find("Crom"));
    let _ = play.screen.update(Message::CommandHeld(true));
    // Ctrl+0: the field would take "Crom0"; the zoom's key is not typing.
    let _ = play.screen.update(find("Crom0"));
    assert_eq!(play.screen.selection().filter(), "Crom");
    let _ = play.screen.update(Message::CommandHeld(false));
    let _ = play.screen.update(find("Crom0"));
    assert_eq!(
        play.screen.selection().filter(),
        "Crom0",
        "typed without Ctrl"
    );
}

#[test]
fn return_after_keypad_taps_enters_the_faces() {
    let mut play = winceby_fire_combat();
    play.pick(FIRER);
    play.target(FIRED_AT);
    play.start_offer(&[FIRER], &[FIRED_AT], rr::FIRE);
    let before = play.game().pending().map(|p| p.inputs.len());
    let _ = play
        .screen
        .update(Message::Procedure(procedure_panel::Message::FaceTapped(3)));
    let _ = play.screen.update(Message::EnterPressed);
    let after = play.game().pending().map(|p| p.inputs.len());
    assert!(
        after != before,
        "Return entered the tapped 3: {before:?} then {after:?}"
    );
}
