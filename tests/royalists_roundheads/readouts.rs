//! The movement allowance and command span a piece has now, written on it as status the
//! window renders (secret marks, since they can tell the chit).

use adjutant::rules::RuleSystem;
use adjutant::rules::royalists_roundheads::keys::{self, proc};
use adjutant::rules::royalists_roundheads::phases::MOVEMENT;

use super::common::*;

// Commands page, Charge: "The Charge command adds two movement points to the cavalry units
// with such a command". Rules VIII.A: a routed unit "has its movement allowance halved (drop
// fractions)" and "loses the benefits of a Charge Command". Commands page, Muster: "Leaders
// with a Muster Command have their Command Span increased by one hex."
#[test]
fn movement_allowance_and_span_are_shown_on_the_pieces() {
    let mut b = ready(MOVEMENT, 0);
    b.set_chit("cromwell", "Charge 2");
    b.set_chit("saville", "Muster");
    b.set_flag("crom2", keys::ROUTED, true);
    b.set_flag("hen1", keys::ROUTED, true);
    b.set_flag("verm1", keys::DISMOUNTED, true);
    let _ = b.play(&b.call(proc::NEXT_PHASE, &[], &[], &[]), &[]);
    let ma = |b: &B, u: &str| b.mark(u, keys::MOVEMENT_NOW);
    assert_eq!(ma(&b, "crom1").as_deref(), Some("10 (8, Charge +2)"));
    assert_eq!(ma(&b, "crom2").as_deref(), Some("4 (8 halved, routed)"));
    assert_eq!(ma(&b, "hen1").as_deref(), Some("4 (8 halved, routed)"));
    assert_eq!(ma(&b, "verm1").as_deref(), Some("4 (dismounted)"));
    assert_eq!(ma(&b, "hen2").as_deref(), Some("8"));
    assert_eq!(ma(&b, "hob1").as_deref(), Some("4"));
    let span = |b: &B, l: &str| b.mark(l, keys::SPAN_NOW);
    assert_eq!(span(&b, "saville").as_deref(), Some("4 (3, Muster +1)"));
    assert_eq!(span(&b, "henderson").as_deref(), Some("3"));
    // A later change is picked up by the next procedure: Cromwell's Charge ends in Muster.
    b.set_chit("cromwell", "Muster");
    let _ = b.play(&b.call(proc::LOSE_STEP, &["fair1"], &[], &[]), &[]);
    assert_eq!(ma(&b, "crom1").as_deref(), Some("8"));
    assert_eq!(span(&b, "cromwell").as_deref(), Some("5 (4, Muster +1)"));
    // Both are in the schema as secret marks, for the window to render.
    let schema = b.system.piece_schema(&b.roster, b.id("crom1"));
    let m = schema
        .marks
        .iter()
        .find(|m| m.key == keys::MOVEMENT_NOW)
        .unwrap();
    assert_eq!((m.label.as_str(), m.secret), ("Movement allowance", true));
    let schema = b.system.piece_schema(&b.roster, b.id("cromwell"));
    assert!(
        schema
            .marks
            .iter()
            .any(|m| m.key == keys::SPAN_NOW && m.secret)
    );
}

#[test]
fn an_eliminated_unit_loses_its_readout() {
    let mut b = ready(MOVEMENT, 0);
    let _ = b.play(&b.call(proc::NEXT_PHASE, &[], &[], &[]), &[]);
    assert!(b.mark("hen1", keys::MOVEMENT_NOW).is_some());
    b.set_flag("hen1", keys::ROUTED, true);
    let _ = b.play(&b.call(proc::LEAVE_MAP, &["hen1"], &[], &[]), &[]);
    assert_eq!(b.mark("hen1", keys::MOVEMENT_NOW), None);
}
