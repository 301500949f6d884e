//! Royalists & Roundheads on the screen: the movement allowance and command span a piece has
//! now are drawn with its status, as the rule system declares them — a leader taking Muster
//! shows his span one hex longer (Commands page, Muster: "Leaders with a Muster Command have
//! their Command Span increased by one hex").

use adjutant::rules::royalists_roundheads::keys::{self, param, proc as id};

use super::Play;

const WIDDRINGTON: &str = "Sir William Widdrington";

#[test]
fn movement_allowance_and_command_span_show_on_the_pieces() {
    let mut play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1643);
    play.clear();
    play.start_offer(&[], &[], id::NEXT_PHASE);
    assert!(play.shows("Turn 1 · Movement · Royalist"));
    // Widdrington's two regiments of horse, MA 8 as printed.
    assert!(play.count_part("Movement allowance: 8") >= 2);
    play.pick(WIDDRINGTON);
    let offer = play.offer(&[WIDDRINGTON], &[], id::SET_CHIT);
    let to = offer.params.iter().find(|p| p.key == param::TO).unwrap();
    play.answer(&offer.id, param::TO, &to.choices, "Muster");
    play.start_offer(&[WIDDRINGTON], &[], id::SET_CHIT);
    let p = play.piece(WIDDRINGTON);
    assert_eq!(
        play.game().state().piece(p).mark(keys::SPAN_NOW),
        Some("5 (4, Muster +1)")
    );
    assert!(play.shows("Command span: 5 (4, Muster +1)"));
}
