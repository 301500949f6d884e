//! How the battle deals cards under each of the deck's refill rules: reshuffled when empty,
//! never by itself (an empty deck is refused and nothing is lost), and before every draw.

use super::{Action, ActionError, Battle};
use crate::army::shipped;
use crate::cards::Refill;
use crate::event::Event;

/// A Victory Without Squares battle (the system that deals cards) with the deck's refill rule
/// set by hand, as a table file would set it.
fn battle(refill: Refill) -> Battle {
    let armies = ["naseby_royalists", "naseby_parliament"]
        .iter()
        .map(|n| shipped::army(&format!("victory_without_squares/{n}.ron")))
        .collect();
    let mut b = Battle::new("victory_without_squares", armies, 5).expect("set up");
    b.state.deck.refill = refill;
    b
}

/// Draws one card from the tray.
fn draw(b: &mut Battle) -> Result<(), ActionError> {
    b.start(Action::Draw)?;
    b.draw()
}

/// The events of the newest entry.
fn last_events(b: &Battle) -> &[Event] {
    &b.log().last().expect("an entry").events
}

#[test]
fn a_deck_that_never_refills_refuses_the_53rd_card_and_keeps_the_procedure() {
    let mut b = battle(Refill::Never);
    for _ in 0..52 {
        draw(&mut b).expect("a card is left");
    }
    assert_eq!(b.state().deck.cards_left(), 0);
    let entries = b.log().len();
    let err = draw(&mut b).expect_err("no card left");
    assert!(matches!(err, ActionError::DeckEmpty));
    assert!(err.to_string().contains("reshuffle the deck"), "{err}");
    assert!(b.pending().is_some(), "the draw waits; nothing is lost");
    assert_eq!(b.log().len(), entries, "nothing is recorded");
    b.cancel().expect("cancels");
    b.start(Action::Reshuffle).expect("the player reshuffles");
    assert_eq!(b.state().deck.cards_left(), 52);
    draw(&mut b).expect("deals again");
}

#[test]
fn a_deck_that_refills_when_empty_shuffles_only_for_the_53rd_card() {
    let mut b = battle(Refill::WhenEmpty);
    for _ in 0..52 {
        draw(&mut b).unwrap();
        let shuffled = last_events(&b)
            .iter()
            .any(|e| matches!(e, Event::Shuffled { .. }));
        assert!(!shuffled, "no shuffle while cards are left");
    }
    draw(&mut b).unwrap();
    assert!(matches!(
        &last_events(&b)[0],
        Event::Shuffled { order } if order.len() == 52
    ));
    assert_eq!(b.state().deck.cards_left(), 51);
}

#[test]
fn a_deck_that_refills_before_every_draw_deals_each_card_from_all_52() {
    let mut b = battle(Refill::EveryDraw);
    for _ in 0..3 {
        draw(&mut b).unwrap();
        let events = last_events(&b);
        assert!(
            matches!(&events[0], Event::Shuffled { order } if order.len() == 52),
            "the whole deck is shuffled first: {events:?}"
        );
        assert!(matches!(&events[1], Event::Drew { .. }));
        assert_eq!(b.state().deck.cards_left(), 51);
        assert_eq!(b.state().deck.discards.len(), 1);
    }
}

/// The core says when to save: every change to what the battle file holds moves the
/// revision, and a refused command leaves it where it was.
#[test]
fn every_change_moves_the_revision_and_a_refusal_does_not() {
    let mut b = battle(Refill::WhenEmpty);
    let mut last = b.revision();
    let mut moved = |b: &Battle, what: &str| {
        assert!(b.revision() > last, "{what} moves the revision");
        last = b.revision();
    };
    let dice = crate::dice::Dice::new(1, crate::dice::Die::D6);
    b.start(Action::Roll(dice.clone())).unwrap();
    moved(&b, "starting a roll");
    b.cancel().unwrap();
    moved(&b, "cancelling it");
    b.start(Action::Roll(dice.clone())).unwrap();
    moved(&b, "starting again");
    b.enter_faces("4").unwrap();
    moved(&b, "the faces typed, which finish it");
    draw(&mut b).unwrap();
    moved(&b, "a card drawn");
    b.undo().unwrap();
    moved(&b, "undo");
    b.redo().unwrap();
    moved(&b, "redo");
    let before = b.revision();
    assert!(b.redo().is_err() && b.cancel().is_err() && b.choose(0).is_err());
    b.start(Action::Roll(dice)).unwrap();
    let started = b.revision();
    assert!(b.enter_faces("9").is_err(), "a face a D6 cannot show");
    assert_eq!(b.revision(), started, "a refused face changes nothing");
    assert!(started > before);
    // Equality of battles ignores the count: a battle equals its reloaded copy.
    let mut copy = b.clone();
    copy.cancel().unwrap();
    b.cancel().unwrap();
    b.revision.0 += 5;
    assert_eq!(b, copy);
}
