//! The dice tray and the card panel, clicked and typed into as a player would: a roll shows
//! in the history and the log, typed faces give their total (those of several kinds typed as
//! one run of digits too), a face the die cannot show is refused, modifiers change the roll
//! and its odds, and a drawn card is shown and counted.

use iced::keyboard;
use iced_test::selector::id;

use super::{battle, click, interact, shows, type_faces};
use crate::ui::battle::tray;

#[test]
fn rolling_in_the_tray_shows_the_result_in_the_history_and_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    assert!(shows(&screen, "No tray rolls yet."));
    click(&mut screen, "Roll 2D6");
    assert_eq!(screen.game().log().len(), 2, "one entry for the roll");
    assert!(shows(&screen, "2. Roll 2D6"), "the log shows the roll");
    assert!(
        !shows(&screen, "No tray rolls yet."),
        "the history shows it"
    );
    assert!(shows(&screen, "Saved"));
}

#[test]
fn typed_faces_give_their_total() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    type_faces(&mut screen, "3 4");
    assert!(
        shows(&screen, "2D6 [3 4] = 7"),
        "the history shows the typed roll"
    );
    assert!(
        shows(&screen, "Roll 2D6: 2D6 [3 4] = 7 (typed)"),
        "the log too"
    );
}

/// A phone's numeric keyboard may have no space: the faces of a roll of several kinds are
/// typed as one run of digits too, one a die, in the order the kinds are listed.
#[test]
fn the_faces_of_several_kinds_are_typed_as_one_run_of_digits() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    click(&mut screen, "+ kind");
    click(&mut screen, "D3");
    type_faces(&mut screen, "342");
    assert!(
        shows(&screen, "2D6 [3 4] + D3 [2] = 9"),
        "the history shows the typed roll"
    );
}

#[test]
fn a_face_the_die_cannot_show_is_refused_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    // From two dice down to one.
    click(&mut screen, "−");
    assert!(shows(&screen, "Roll D6"));
    type_faces(&mut screen, "7");
    assert!(shows(&screen, "a D6 cannot show 7: its faces are 1–6"));
    assert_eq!(screen.game().log().len(), 1, "nothing was recorded");
}

#[test]
fn modifiers_are_added_to_the_roll_and_its_odds() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    interact(&mut screen, |ui| {
        ui.click(id(tray::MOD_LABEL))?;
        let _ = ui.typewrite("uphill");
        ui.click(id(tray::MOD_VALUE))?;
        let _ = ui.typewrite("+1");
        let _ = ui.tap_key(keyboard::key::Named::Enter);
        Ok(())
    });
    assert!(shows(&screen, "+1 uphill"));
    assert!(shows(&screen, "Roll 2D6 +1"));
    assert!(shows(&screen, "13"), "the odds list reaches 13");
    type_faces(&mut screen, "6 6");
    assert!(shows(&screen, "2D6 [6 6] +1 uphill = 13"));
}

#[test]
fn drawing_a_card_shows_it_and_counts_the_deck() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    click(&mut screen, "Cards");
    assert!(shows(&screen, "52 cards left"));
    click(&mut screen, "Draw a card");
    assert!(shows(&screen, "51 cards left"));
    assert!(shows(&screen, "Discard pile (1)"));
    let card = screen.game().state().deck.discards[0].to_string();
    assert!(shows(&screen, &card), "the card drawn is shown");
    assert!(shows(&screen, "2. Draw a card"));
}

#[test]
fn a_refused_modifier_moves_nothing_that_can_be_clicked() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    let roll_at = |screen: &super::BattleScreen| {
        super::simulator(screen.view())
            .find("Roll 2D6")
            .expect("the tray's Roll")
            .bounds()
    };
    let before = roll_at(&screen);
    interact(&mut screen, |ui| {
        ui.click(id(tray::MOD_VALUE))?;
        let _ = ui.typewrite("lots");
        let _ = ui.tap_key(keyboard::key::Named::Enter);
        Ok(())
    });
    assert!(shows(
        &screen,
        "'lots' is not a modifier: write a whole number such as +1 or -2"
    ));
    assert_eq!(roll_at(&screen), before, "Roll stays where it was");
}
