//! A message never moves what can be clicked: the fire's Start, the clock bar's Start and,
//! with the fire under way, its Roll stay where they were when the "Not saved" banner comes
//! up, when typed faces are refused under the request, and when the dice tray refuses a
//! modifier — at 1280×800 and at 150 % zoom.

use iced::Rectangle;

use adjutant::rules::royalists_roundheads::keys::proc as rr;

use super::clock_and_figures::clock_start;
use super::column::{FIRED_AT, FIRER, in_view, winceby_fire_combat};
use super::systems::{Play, SIZES};
use crate::ui::battle::{Message, procedure_panel, tray};

/// Winceby's first fire, firer and target picked, played in a window of `size`; with
/// `refused`, the disk refuses the saves from the tray roll on.
fn at_the_fire(size: (f32, f32), refused: bool) -> Play {
    let mut play = winceby_fire_combat();
    play.size = size;
    if refused {
        play.refuse_saves();
    }
    // A roll in the dice tray: saved, or not.
    let _ = play.screen.update(Message::Tray(tray::Message::Roll));
    assert_eq!(
        play.shows_part("Not saved: "),
        refused,
        "the banner at {size:?}"
    );
    play.pick(FIRER);
    play.target(FIRED_AT);
    play
}

/// Where the fire's Start and the clock bar's Start show, whole, without scrolling.
fn starts(play: &Play, size: (f32, f32)) -> (Rectangle, Rectangle) {
    let offer = play.offer(&[FIRER], &[FIRED_AT], rr::FIRE);
    let label = in_view(play, size, &offer.label).expect("the fire's label in view");
    let mut ui = super::systems::at(size, play.screen.view());
    let mut start = None;
    let _ = ui.find(|c: iced_test::selector::Candidate<'_>| {
        if let iced_test::selector::Candidate::Text {
            content,
            visible_bounds: Some(b),
            ..
        } = c
            && content == "Start"
            && (b.center_y() - label.center_y()).abs() < label.height
        {
            start = Some(b);
        }
        None::<()>
    });
    (
        start.expect("the fire's Start in view"),
        clock_start(play, size).expect("the clock bar's Start in view"),
    )
}

fn same(a: Rectangle, b: Rectangle) -> bool {
    (a.x - b.x).abs() < 0.5 && (a.y - b.y).abs() < 0.5
}

#[test]
fn messages_move_nothing_that_can_be_clicked() {
    for size in SIZES {
        let mut saved = at_the_fire(size, false);
        let mut unsaved = at_the_fire(size, true);
        let (fire, clock) = starts(&saved, size);
        let (fire_then, clock_then) = starts(&unsaved, size);
        assert!(
            same(fire, fire_then),
            "{size:?}: the fire's Start moved from {fire:?} to {fire_then:?} under the banner"
        );
        assert!(
            same(clock, clock_then),
            "{size:?}: the clock bar's Start moved from {clock:?} to {clock_then:?}"
        );
        // The fire under way: Roll stays put under the banner and when faces are refused.
        saved.start_offer(&[FIRER], &[FIRED_AT], rr::FIRE);
        unsaved.start_offer(&[FIRER], &[FIRED_AT], rr::FIRE);
        let roll = in_view(&saved, size, "Roll").expect("Roll in view");
        let roll_then = in_view(&unsaved, size, "Roll").expect("Roll in view under the banner");
        assert!(
            same(roll, roll_then),
            "{size:?}: Roll {roll:?} → {roll_then:?}"
        );
        let _ = saved
            .screen
            .update(Message::Procedure(procedure_panel::Message::FacesChanged(
                "9".into(),
            )));
        let _ = saved
            .screen
            .update(Message::Procedure(procedure_panel::Message::FacesEntered));
        assert!(saved.shows_part("9"), "the refused faces are still typed");
        let refused = in_view(&saved, size, "Roll").expect("Roll in view");
        assert!(same(roll, refused), "{size:?}: Roll {roll:?} → {refused:?}");
    }
}

#[test]
fn the_dice_trays_messages_move_nothing_that_can_be_clicked() {
    let mut play = winceby_fire_combat();
    let roll = |play: &Play| in_view(play, SIZES[0], "Roll 2D6").expect("the tray's Roll");
    let before = roll(&play);
    let _ = play
        .screen
        .update(Message::Tray(tray::Message::ValueChanged("lots".into())));
    let _ = play
        .screen
        .update(Message::Tray(tray::Message::ModifierAdded));
    assert!(play.shows_part("is not a modifier"));
    let _ = play
        .screen
        .update(Message::Tray(tray::Message::FacesChanged("7 7".into())));
    let _ = play
        .screen
        .update(Message::Tray(tray::Message::FacesEntered));
    assert!(same(before, roll(&play)), "the tray's Roll stays put");
}
