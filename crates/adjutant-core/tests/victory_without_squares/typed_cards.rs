//! Cards from the real deck on the table: every card a procedure asks for may be entered as it
//! was drawn instead of drawn by Adjutant — checked against the deck as the battle knows it (a
//! card in the discard pile is refused, with why), with the odds before the draw from the deck
//! as it stands, and undone and redone as a draw is.

use super::*;

use adjutant_core::battle::ActionError;
use adjutant_core::cards::{Card, NotInDeck};
use adjutant_core::odds::procedure_odds;

/// The battle in turn 1's moves, the Royalists (side 0) moving: they won the initiative, 9
/// against 2.
fn royalists_moving() -> Battle {
    let mut b = battle();
    start(&mut b, call(P_INITIATIVE, vec![], vec![], &[]));
    b.enter_faces("9").unwrap();
    b.enter_faces("2").unwrap();
    while let Some(Step::Choice(req)) = b.step() {
        b.choose(req.assumed).unwrap();
    }
    assert_eq!((b.state().phase, b.state().side), (1, 0));
    b
}

fn start(b: &mut Battle, c: Call) {
    b.start(Action::Procedure(c)).expect("the procedure starts");
}

/// The odds of the procedure under way, from where it stands.
fn odds_now(b: &Battle) -> adjutant_core::odds::Odds {
    let p = b.pending_procedure().expect("a procedure under way");
    procedure_odds(p.as_ref(), &b.context(), &b.pending().unwrap().inputs)
}

/// The card the last entry drew, and whether it was entered.
fn last_draws(b: &Battle) -> Vec<(Card, bool)> {
    b.log()
        .last()
        .unwrap()
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Drew { card, typed, .. } => Some((*card, *typed)),
            _ => None,
        })
        .collect()
}

// "Cross difficult ground  n y$ y y*" (a hearts card may not cross); "Fire in opponent's turn
// y y y n"; "Black must pursue, Red may" — each drawn from the deck on the table and entered.
#[test]
fn a_manoeuvre_a_fire_and_a_combat_take_the_cards_drawn_on_the_table() {
    let mut b = royalists_moving();
    let foot = id(&b, 0, "bard_t");
    let horse = id(&b, 0, "northampton_h");
    let (their_foot, their_horse) = (id(&b, 1, "fairfax_f"), id(&b, 1, "vermuyden_h"));
    let rupert = id(&b, 0, "rupert_h");

    // The manoeuvre: the odds before the card are the whole deck's (13 hearts in 52 refuse).
    start(&mut b, call(P_DIFFICULT, vec![foot], vec![], &[]));
    assert!(matches!(b.step(), Some(Step::Card(_))));
    assert!((odds_now(&b).p("not allowed") - 13.0 / 52.0).abs() < 1e-12);
    b.enter_card(card("7C")).unwrap();
    assert!(b.pending().is_none(), "the draw is done");
    assert_eq!(last_draws(&b), [(card("7♣"), true)]);
    assert_eq!(b.state().deck.cards_left(), 51);
    assert_eq!(b.state().deck.discards, [card("7♣")]);

    // The fire in the opponent's turn: its card first, then the die.
    start(&mut b, call(P_FIRE, vec![their_foot], vec![rupert], &[]));
    assert!(matches!(b.step(), Some(Step::Card(_))));
    // A card already drawn is refused, with why, and the procedure still waits for its card.
    let before = b.revision();
    let err = b.enter_card(card("7♣")).unwrap_err();
    assert_eq!(
        err,
        ActionError::NotInDeck(NotInDeck::Discarded(card("7♣")))
    );
    assert!(err.to_string().contains("discard pile"), "{err}");
    assert_eq!(b.revision(), before, "nothing changed");
    let err = b.enter_card(Card::Joker(1)).unwrap_err();
    assert!(err.to_string().contains("no jokers"), "{err}");
    assert!(matches!(b.step(), Some(Step::Card(_))));
    // The odds before this card are from the 51 cards left (12 spades of them refuse).
    assert!((odds_now(&b).p("may not fire") - 13.0 / 51.0).abs() < 1e-12);
    b.enter_card(card("4H")).unwrap();
    assert!(
        matches!(b.step(), Some(Step::Dice(_))),
        "allowed: now the die"
    );
    // Cancel is refused once the card is drawn, and says so (not "dice are already rolled").
    let err = b.cancel().unwrap_err();
    assert_eq!(
        err.to_string(),
        "a card is already drawn for this procedure; finish it, then undo it"
    );
    b.enter_faces("0").unwrap();
    assert_eq!(last_draws(&b), [(card("4♥"), true)]);

    // The combat: a rear attack following up a success breaks the defenders; the pursuit card
    // is the table's black 2 — black must pursue.
    let strong = call(
        P_COMBAT,
        vec![horse],
        vec![their_horse],
        &[(DIRECTION, "rear"), (FOLLOW_UP, "yes")],
    );
    start(&mut b, strong);
    b.enter_faces("2").unwrap();
    assert!(matches!(b.step(), Some(Step::Card(_))), "the pursuit card");
    b.enter_card(card("2S")).unwrap();
    let entry = b.log().last().unwrap().clone();
    assert!(
        entry
            .events
            .iter()
            .any(|e| matches!(e, Event::Fact { text, .. } if text.contains("pursu"))),
        "{entry:?}"
    );
    assert_eq!(last_draws(&b), [(card("2♠"), true)]);
    assert_eq!(b.state().deck.cards_left(), 49);

    // Undone, the card is back in the deck; redone, the same card, not a new draw.
    b.undo().unwrap();
    assert_eq!(b.state().deck.cards_left(), 50);
    assert!(!b.state().deck.discards.contains(&card("2♠")));
    b.redo().unwrap();
    assert_eq!(b.log().last().unwrap(), &entry);
    assert!(b.state().deck.discards.contains(&card("2♠")));

    // Kept in the battle file and read back as it was played.
    let text = adjutant_core::store::battle_to_ron(&b).unwrap();
    let back =
        adjutant_core::store::battle_from_ron(&text, std::path::Path::new("cards.ron")).unwrap();
    assert_eq!(back.state(), b.state());
    assert!(text.contains("typed: true"), "the entered cards say so");
}

// The deck draws only what it still holds: an entered card drawn by Adjutant next is never the
// same card, and the app's own draw after entered ones still comes from what is left.
#[test]
fn an_entered_card_leaves_the_rest_of_the_deck_in_its_order() {
    let mut b = royalists_moving();
    let foot = id(&b, 0, "bard_t");
    let top = b.state().deck.top().unwrap();
    let other = adjutant_core::cards::Deck::full(false)
        .into_iter()
        .find(|&c| c != top)
        .unwrap();
    start(&mut b, call(P_DIFFICULT, vec![foot], vec![], &[]));
    b.enter_card(other).unwrap();
    assert_eq!(
        b.state().deck.top(),
        Some(top),
        "the order of the rest is kept"
    );
    let other_foot = id(&b, 0, "rupert_h");
    start(&mut b, call(P_DIFFICULT, vec![other_foot], vec![], &[]));
    b.draw().unwrap();
    assert_eq!(last_draws(&b), [(top, false)]);
}
