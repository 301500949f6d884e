//! The Russian Civil War hex rules with the Tsaritsyn armies, played on the screen: the
//! roll-off, a machine-gun activated to shoot that pins a battalion, the player turn passed,
//! the pinned battalion activated to rally, and a close assault fought over two rounds.

use adjutant::rules::rcw::keys::*;

use super::Play;

const GUNS: &str = "Machine-gun detachment behind the wire";
const PINNED_UNIT: &str = "Caucasian Army rifle battalion";
const STORMER: &str = "Kuban Plastun battalion";
const STORMED: &str = "Mobilised Volga peasants";

fn flag(play: &Play, unit: &str, key: &str) -> bool {
    play.game().state().piece(play.piece(unit)).flag(key)
}

#[test]
fn tsaritsyn_shot_that_pins_rally_and_close_assault() {
    let mut play = Play::new("rcw", ["Reds", "Whites"], 1919);

    // Roll-off (§4.1): 5 against 2, the Reds play first.
    play.start_offer(&[], &[], P_FIRST_PLAYER);
    play.faces("5");
    play.assert_proposal_explained();
    play.faces("2");
    assert!(play.game().pending().is_none());
    assert_eq!(play.game().state().side, 0);
    assert!(play.shows("Reds win the roll-off and take the first player turn"));

    // The machine-guns declare Move and Shoot, then fire 3 dice hitting on 4+ at a battalion
    // in the open (§5.1): one die of 5 hits, and one hit pins.
    play.pick(GUNS);
    play.start_answered(
        &[GUNS],
        &[],
        P_ACTIVATE,
        &[(Q_FIRST, "Move"), (Q_SECOND, "Shoot")],
    );
    // The actions were this unit's: the next unit's activation starts with them unanswered.
    assert!(!play.screen.answer_given(P_ACTIVATE, Q_SECOND));
    assert!(flag(&play, GUNS, ACTIVATED));
    play.target(PINNED_UNIT);
    play.start_offer(&[GUNS], &[PINNED_UNIT], P_SHOOT);
    play.assert_proposal_explained();
    play.faces("5 2 1");
    assert!(play.game().pending().is_none());
    assert!(flag(&play, PINNED_UNIT, PINNED));
    assert!(!flag(&play, PINNED_UNIT, DESTROYED));
    assert!(play.shows(&format!("{PINNED_UNIT} is pinned")));
    assert!(play.shows(&format!("{PINNED_UNIT}: Pinned")));

    // The Reds end their player turn; the Whites rally the pinned battalion: Average, 4+ on
    // 1D6 (§5.5), and a 4 does it.
    play.clear();
    play.start_offer(&[], &[], P_END_TURN);
    assert_eq!(play.game().state().side, 1);
    play.pick(PINNED_UNIT);
    play.start_answered(
        &[PINNED_UNIT],
        &[],
        P_ACTIVATE,
        &[(Q_FIRST, "Rally"), (Q_SECOND, "None")],
    );
    play.start_offer(&[PINNED_UNIT], &[], P_RALLY);
    play.assert_proposal_explained();
    play.faces("4");
    assert!(play.game().pending().is_none());
    assert!(!flag(&play, PINNED_UNIT, PINNED));

    // The Plastuns declare Move and Close assault, then storm the peasants' hex. Round 1:
    // no die reaches 4 on either side, so both roll again (§7.3); each rolls 2 dice (§7.2). Round 2: both
    // attacker's dice hit; the first pins the conscripts, the second destroys them.
    play.clear();
    play.pick(STORMER);
    let offer = play.offer(&[STORMER], &[], P_ACTIVATE);
    let second = offer.params.iter().find(|p| p.key == Q_SECOND).unwrap();
    play.answer(&offer.id, Q_SECOND, &second.choices, "Close assault");
    play.start_offer(&[STORMER], &[], P_ACTIVATE);
    let orders = play.game().state().piece(play.piece(STORMER)).mark(ORDERS);
    assert_eq!(orders, Some("Move + Close assault"));
    play.target(STORMED);
    play.start_offer(&[STORMER], &[STORMED], P_ASSAULT);
    play.assert_proposal_explained();
    play.faces("1 2");
    play.faces("1 1");
    assert!(play.shows_part("2D6 [1 2] → 0 at 4+ (typed) → 0 hits: no effect"));
    assert!(play.shows_part(&format!("Round 2: {STORMER} rolls 2 dice hitting on 4+")));
    play.assert_proposal_explained();
    play.faces("6 5");
    play.faces("2 3");
    assert!(play.game().pending().is_none(), "the assault is over");
    assert!(flag(&play, STORMED, DESTROYED));
    assert!(!flag(&play, STORMER, PINNED));
    assert!(play.shows(&format!("{STORMED} destroyed; {STORMER} occupies")));
    assert!(play.shows(&format!("{STORMED} is destroyed")));
}
