//! D3 English Civil War with the Edgehill armies, played on the screen: the initiative
//! roll-off, counting activations, a unit activated to move that then shoots, and a galloper
//! charge into melee that spends an activation of its own.

use adjutant::rules::d3_ecw::keys::*;

use super::Play;

const SHOOTER: &str = "Sir Thomas Salusbury's Regiment of Foot";
const SHOT_AT: &str = "Lord Brooke's Regiment of Foot";
const CHARGER: &str = "Prince Rupert's Regiment of Horse";
const CHARGED: &str = "Sir Philip Stapleton's Regiment of Horse";

fn hits(play: &Play, unit: &str) -> i32 {
    play.game().state().piece(play.piece(unit)).track(HITS)
}

#[test]
fn edgehill_activation_with_a_shot_and_a_melee() {
    let mut play = Play::new("d3_ecw", ["Royalist", "Parliament"], 1642);

    // Initiative (D3-3): 5 against 2, the Royalists win and go first.
    play.start_offer(&[], &[], P_INITIATIVE);
    play.assert_proposal_explained();
    play.faces("5");
    play.faces("2");
    play.assert_proposal_explained();
    play.choose("Royalist goes first");
    assert!(play.shows("Turn 1 · Activations · Royalist"));

    // Count activations: the count is the player's (asked open); every unit on the table in
    // sight.
    let counted = play.count_all_seen();
    // The answer was this count's: the next count (the other side's) starts unanswered.
    assert!(
        !play.screen.answer_given(P_COUNT, UNITS_SEEN),
        "the count's answer is not carried over"
    );
    let next = play.offer(&[], &[], P_COUNT);
    assert_eq!(
        next.params[0].default(),
        None,
        "asked open, never at its maximum"
    );
    let side = &play.game().state().sides[0];
    assert_eq!(side.track(ACTIVATIONS), counted);
    assert_eq!(side.track(ACTIVATIONS_USED), 0);
    assert!(play.shows(&format!("0 of {counted}")));

    // Activate the foot to move, then shoot: Infantry shoot D3 (§2.2), no cover; a 2 is 2 hits.
    play.pick(SHOOTER);
    play.start_offer(&[SHOOTER], &[], P_ACTIVATE);
    assert!(
        play.game()
            .state()
            .piece(play.piece(SHOOTER))
            .flag(ACTIVATED)
    );
    assert!(play.shows(&format!("1 of {counted}")));
    play.target(SHOT_AT);
    play.start_offer(&[SHOOTER], &[SHOT_AT], P_SHOOT);
    play.assert_proposal_explained();
    play.faces("2");
    assert!(play.game().pending().is_none());
    assert_eq!(hits(&play, SHOT_AT), 2);
    assert!(play.game().state().piece(play.piece(SHOOTER)).flag(ACTED));
    assert!(
        !play
            .game()
            .state()
            .piece(play.piece(SHOOTER))
            .flag(OUT_OF_AMMO)
    );
    assert!(play.shows(&format!("Shooting: {SHOT_AT} takes 2 hits (2 in all)")));
    assert!(
        play.shows(&format!("1 of {counted}")),
        "the shot used the same activation"
    );

    // Gallopers charging in hit D3+1 (§2.6): a 2 is 3 hits on the trotters, and both units
    // are now in melee. The charge spends a second activation.
    play.clear();
    play.pick(CHARGER);
    play.target(CHARGED);
    play.start_offer(&[CHARGER], &[CHARGED], P_MELEE);
    assert!(play.shows_part("+1  Gallopers charging in"));
    play.assert_proposal_explained();
    play.faces("2");
    assert!(play.game().pending().is_none());
    assert_eq!(hits(&play, CHARGED), 3);
    let state = play.game().state();
    assert_eq!(
        state.piece(play.piece(CHARGER)).mark(IN_MELEE),
        Some(CHARGED)
    );
    assert_eq!(
        state.piece(play.piece(CHARGED)).mark(IN_MELEE),
        Some(CHARGER)
    );
    assert_eq!(state.sides[0].track(ACTIVATIONS_USED), 2);
    assert!(play.shows(&format!("Melee: {CHARGED} takes 3 hits (3 in all)")));
    assert!(play.shows(&format!("2 of {counted}")));
}
