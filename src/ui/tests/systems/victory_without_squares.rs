//! Victory Without Squares with the Naseby armies, played on the screen: the initiative D10s,
//! a division moved, a manoeuvre card drawn from the shared deck and read on the card table,
//! a volley of foot and a combat of horse.

use adjutant::cards::Suit;
use adjutant::rules::victory_without_squares::keys::*;

use super::Play;

const RIDER: &str = "Prince Rupert's Regiment of Horse";
const FIRER: &str = "Lord Astley's Tertia";
const FIRED_AT: &str = "Major-General Skippon's Regiment of Foot";
const ATTACKER: &str = "Prince Rupert's Lifeguard of Horse";
const DEFENDER: &str = "Colonel Edward Whalley's Regiment of Horse";

fn formation(play: &Play, unit: &str) -> u8 {
    play.game().state().piece(play.piece(unit)).rung(FORMATION)
}

/// The card-table row for crossing difficult ground (§4.1, columns ♥ ♦ ♣ ♠ by
/// default) and how a mounted body that is not in column reads each cell.
fn difficult_ground(suit: Suit) -> (&'static str, &'static str) {
    match suit {
        Suit::Hearts => ("n", ": not allowed"),
        Suit::Diamonds => ("y$", ": $ not if mounted, except Dragoons drawing Ace–10"),
        Suit::Clubs => ("y", ": allowed"),
        Suit::Spades => ("Y*", ": allowed, * losing a formation step (not in column)"),
    }
}

#[test]
fn naseby_manoeuvre_draw_fire_and_combat() {
    let mut play = Play::new("victory_without_squares", ["Royalist", "Parliament"], 1645);

    // Initiative: D10 each, 7 against 3; the Royalists choose to move first.
    play.start_offer(&[], &[], P_INITIATIVE);
    play.assert_proposal_explained();
    play.faces("7");
    play.faces("3");
    play.choose("Royalist moves first");
    assert!(play.shows("Turn 1 · Divisions · Royalist"));
    let offer = play.offer(&[], &[], P_DIVISION);
    let division = &offer.params[0];
    play.answer(&offer.id, division.key, &division.choices, "right");
    play.start_offer(&[], &[], P_DIVISION);
    assert!(play.game().state().sides[0].flag("moved_right"));

    // A manoeuvre draw: one card from the shared deck, read on the row for difficult ground.
    play.pick(RIDER);
    let offer = play.offer(&[RIDER], &[], P_DIFFICULT);
    let action = offer.label.trim_start_matches("Draw: ").to_string();
    let left = play.game().state().deck.cards_left();
    play.start_offer(&[RIDER], &[], P_DIFFICULT);
    assert!(play.shows("Draw one card."));
    play.assert_proposal_explained();
    play.click("Draw");
    assert!(play.game().pending().is_none());
    let deck = &play.game().state().deck;
    assert_eq!(deck.cards_left(), left - 1, "the card came from the deck");
    let card = *deck.discards.last().expect("a card was drawn");
    assert!(
        play.shows(&format!("{RIDER}: {action}: {card}")),
        "the draw is logged"
    );
    let (cell, reading) = difficult_ground(card.suit().expect("a suited card"));
    let read = |c: &str| format!("{card}: {action} column reads \"{c}\"{reading}");
    let explained = [read(cell), read(&cell.to_lowercase())];
    assert!(
        explained.iter().any(|line| play.count_part(line) == 2),
        "the row is explained in the log and under Last: {}",
        read(cell)
    );
    let expected = if card.suit() == Some(Suit::Spades) {
        UNSTEADY
    } else {
        FORMED
    };
    assert_eq!(formation(&play, RIDER), expected);

    // Fire: 6 bases less 2 pike is 4 firing figures; a D10 of 3 ≤ 4 hits (§3.6), and the
    // formed foot becomes Unsteady.
    play.clear();
    play.pick(FIRER);
    play.target(FIRED_AT);
    play.start_offer(&[FIRER], &[FIRED_AT], P_FIRE);
    // Shown the rules' way: the score held against the modified firing figures.
    assert!(play.shows_part("Score <= modified firing figures: 4"));
    assert!(play.shows_part("4 Firing figures  (§5.3)"));
    play.assert_proposal_explained();
    play.faces("3");
    assert!(play.game().pending().is_none());
    assert_eq!(formation(&play, FIRED_AT), UNSTEADY);
    assert!(play.shows(&format!("{FIRED_AT}: Formation → Unsteady")));
    assert!(play.game().state().piece(play.piece(FIRER)).flag(FIRED));

    // Combat: horse against standing horse (−1) of worse quality (−1, §3.8); a D10 of 5 scores
    // 3, "2–3: Defenders −1 step".
    play.clear();
    play.pick(ATTACKER);
    play.target(DEFENDER);
    play.start_offer(&[ATTACKER], &[DEFENDER], P_COMBAT);
    let Some(adjutant::procedure::Step::Dice(req)) = play.game().step() else {
        panic!("the combat asks for its D10");
    };
    assert_eq!(req.dice.modifier_total(), -2);
    assert!(play.shows_part("-1  mounted attackers vs moving foot / standing cavalry"));
    assert!(play.shows_part("-1  better quality than opponents"));
    play.assert_proposal_explained();
    play.faces("5");
    assert!(play.game().pending().is_none());
    assert!(play.shows_part("D10 [5]") && play.shows_part("= 3 (typed)"));
    assert!(
        play.shows_part("2–3: "),
        "the result table's row is in the log"
    );
    assert_eq!(formation(&play, DEFENDER), UNSTEADY);
    assert_eq!(formation(&play, ATTACKER), FORMED);
    assert!(play.shows(&format!("{DEFENDER}: Formation → Unsteady")));
}

// Victory Without Squares is played with a real deck: the card drawn on the table is tapped
// in on the card keys (rank, then suit, then Enter or Return) in place of a draw, and one
// already drawn is refused with why.
#[test]
fn naseby_takes_the_card_drawn_on_the_table_by_taps() {
    use crate::ui::battle::{Message, card_keys};
    use adjutant::cards::Card;
    let mut play = Play::new("victory_without_squares", ["Royalist", "Parliament"], 1645);
    play.start_offer(&[], &[], P_INITIATIVE);
    play.faces("7");
    play.faces("3");
    play.choose("Royalist moves first");
    play.start_answered(&[], &[], P_DIVISION, &[(DIVISION_PARAM, "right")]);

    play.pick(RIDER);
    let left = play.game().state().deck.cards_left();
    play.start_offer(&[RIDER], &[], P_DIFFICULT);
    assert!(play.shows("Or tap the card drawn on the table:"));
    play.click_id(&card_keys::rank_id(7));
    play.click_id(&card_keys::suit_id(Suit::Clubs));
    assert!(play.shows("Card drawn: 7♣"));
    play.click_id(card_keys::ENTER);
    assert!(play.game().pending().is_none(), "the card was the draw");
    let deck = &play.game().state().deck;
    assert_eq!(deck.cards_left(), left - 1);
    let seven: Card = "7C".parse().unwrap();
    assert_eq!(deck.discards.last(), Some(&seven));
    assert!(
        play.shows_part("7♣ (entered)"),
        "the log says it was entered"
    );

    // The next manoeuvre: the same card tapped again, entered with Return, is refused.
    play.pick(ATTACKER);
    play.start_offer(&[ATTACKER], &[], P_DIFFICULT);
    play.click_id(&card_keys::rank_id(7));
    play.click_id(&card_keys::suit_id(Suit::Clubs));
    let _ = play.screen.update(Message::EnterPressed);
    assert!(
        play.game().pending().is_some(),
        "still waiting for its card"
    );
    assert!(play.shows_part("is in the discard pile"));
    assert_eq!(play.game().state().deck.cards_left(), left - 1);
}
