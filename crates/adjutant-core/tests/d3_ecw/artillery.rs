//! Fixed artillery (§4.3): once it has fired, a gun may not be activated to move, though it
//! still shoots. The test quotes the line of the original rules it checks.

use super::*;

use crate::common::flag_off as unflag;

#[test]
fn fixed_artillery_may_not_be_activated_to_move() {
    // "ARTILLRY — ... Once in position & firing they must stay in place & make no further
    // moves."
    let mut b = ready();
    let (art, t) = (id(&b, 0, "art"), id(&b, 1, "inf"));
    // Not yet fired: it may be activated to move.
    let activate = call(P_ACTIVATE, &[art], &[], &[]);
    assert!(SYSTEM.procedure(&b.context(), &activate).is_ok());
    // It fires at 4: D3−1, a 2 is 1 hit; now it is fixed.
    play(
        &mut b,
        call(P_SHOOT, &[art], &[t], &[(RANGE, "4")]),
        &[2],
        &[],
    );
    assert_eq!(b.state().piece(t).track(HITS), 1);
    assert!(b.state().piece(art).flag(EMPLACED));
    // Two turns on, free to fire again: it may not be activated to move...
    let later = in_turn(&b, 3, 0, 8);
    let mut later = with(&later, vec![unflag(art, ACTIVATED), unflag(art, ACTED)]);
    let r = refusal(&later, &activate);
    assert!(r.reason.contains("fixed in place"), "{r}");
    assert_eq!(r.rule, "§4.3");
    let offer = SYSTEM
        .offers(&later.context(), &[art], &[])
        .into_iter()
        .find(|o| o.id == P_ACTIVATE)
        .unwrap();
    assert_eq!(offer.refused.map(|r| r.rule), Some("§4.3".to_string()));
    // ...but it still shoots, spending its activation: a 3 is 2 hits.
    play(
        &mut later,
        call(P_SHOOT, &[art], &[t], &[(RANGE, "3")]),
        &[3],
        &[],
    );
    assert_eq!(later.state().piece(t).track(HITS), 3);
    assert_eq!(later.state().sides[0].track(ACTIVATIONS_USED), 1);
}
