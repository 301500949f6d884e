//! The melee modifiers as the Commands page writes them: Attack +1 in melee (attacking or
//! defending), Charge +2 and double strength also when the charging unit is attacked, and the
//! melee page's Attack reading behind the `attack_melee_page` switch.

use adjutant::rules::royalists_roundheads::keys::{param, proc};
use adjutant::rules::royalists_roundheads::phases::MELEE;

use super::common::*;

// Commands page, Attack Command: "Combat units with an Attack Command receive a +1 die roll
// modifier in Melee Combat."
#[test]
fn attack_gives_plus_one_to_cavalry_attacking() {
    let b = ready(MELEE, 0);
    let call = b.call(
        proc::MELEE,
        &["hen1"],
        &["crom1"],
        &[(param::TERRAIN, "Clear")],
    );
    let script = [
        f(&[1, 1]), // Henderson's Horse 1: 2 ≤ 7
        f(&[1, 1]), // Cromwell's Horse 1: 2 ≤ 8
        f(&[5]),    // attackers: 5 + 1 (Attack) = 6 on 4–6: M
        f(&[1]),    // defenders: 1 + 1 (Stand) = 2 on 4–6: –
        f(&[1, 1]), // Cromwell's Horse 1 checks: passes
    ];
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert_eq!(mods(&reqs[2]), [(1, "Attack".to_string())]);
    assert_eq!(reqs[2].dice.modifiers[0].rule, "§6.5");
    assert_eq!(
        res.summary,
        "defenders check morale; Cromwell's Horse 1 passes"
    );
}

// The Attack modifier is not limited to attacking (only Stand's is "if defending").
#[test]
fn attack_gives_plus_one_when_defending_too() {
    let b = ready(MELEE, 1);
    let call = b.call(
        proc::MELEE,
        &["crom1"],
        &["hen1"],
        &[(param::TERRAIN, "Clear")],
    );
    // Both pass; Cromwell (Stand, attacking) rolls 1: –; Henderson's Horse 1 (Attack,
    // defending) rolls 4 + 1 = 5 on 4–6: M, and Cromwell's Horse 1 checks (2 ≤ 8).
    let script = [f(&[1, 1]), f(&[1, 1]), f(&[1]), f(&[4]), f(&[1, 1])];
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert!(
        reqs[2].dice.modifiers.is_empty(),
        "Stand gives nothing attacking"
    );
    assert_eq!(mods(&reqs[3]), [(1, "Attack, defending".to_string())]);
    assert_eq!(
        res.summary,
        "attackers check morale; Cromwell's Horse 1 passes"
    );
}

// The melee page's reading, kept as a switch: cavalry +2 / infantry +1, attacking only.
#[test]
fn the_melee_page_reading_is_a_switch() {
    let b = ready_with("\"attack_melee_page\": 1", MELEE, 0);
    let call = b.call(
        proc::MELEE,
        &["hen1"],
        &["crom1"],
        &[(param::TERRAIN, "Clear")],
    );
    // 5 + 2 = 7 on 4–6: 1 step; Cromwell's Horse 1 then checks at 8 − 1 = 7: 1 + 1 passes.
    let script = [f(&[1, 1]), f(&[1, 1]), f(&[5]), f(&[1]), f(&[1, 1])];
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert_eq!(
        mods(&reqs[2]),
        [(
            2,
            "Attack (cavalry), attacking (switch attack_melee_page)".to_string()
        )]
    );
    assert_eq!(
        res.summary,
        "defenders lose 1 step and check morale; Cromwell's Horse 1 passes"
    );
    // Defending under Attack: nothing under this reading.
    let b = ready_with("\"attack_melee_page\": 1", MELEE, 1);
    let call = b.call(
        proc::MELEE,
        &["crom1"],
        &["hen1"],
        &[(param::TERRAIN, "Clear")],
    );
    let (_, reqs) = b
        .run(&call, &[f(&[1, 1]), f(&[1, 1]), f(&[1]), f(&[1])])
        .unwrap();
    assert!(reqs[3].dice.modifiers.is_empty());
}

// Commands page, Charge: "adds a +2 die roll modifier in Melee Combat, and doubles its combat
// strength during melee" — also when the charging unit is the one attacked.
#[test]
fn charging_cavalry_attacked_doubles_and_adds_two() {
    let mut b = ready(MELEE, 1);
    b.set_chit("henderson", "Charge 1");
    let call = b.call(
        proc::MELEE,
        &["crom1"],
        &["hen1"],
        &[(param::TERRAIN, "Clear")],
    );
    // Cromwell's Horse 1 passes (2 ≤ 8); Henderson's Horse 1 passes at 7 + 1 (Charge) = 8.
    // Attackers 1 on 4–6: –. Defenders: strength 4 × 2 = 8, column 7–10, 1 + 2 = 3: –.
    let script = [f(&[1, 1]), f(&[4, 4]), f(&[1]), f(&[1])];
    let (res, reqs) = b.run(&call, &script).unwrap();
    assert!(reqs[1].label.contains("morale 8"), "{}", reqs[1].label);
    assert!(
        reqs[3].label.contains("strength 8, column 7–10"),
        "{}",
        reqs[3].label
    );
    assert_eq!(mods(&reqs[3]), [(2, "Charge".to_string())]);
    assert_eq!(res.summary, "no effect on either side");
    // A 5 reads 7 on 7–10: one step on the attackers.
    let (res, _) = b
        .run(
            &call,
            &[f(&[1, 1]), f(&[4, 4]), f(&[1]), f(&[5]), f(&[1, 1])],
        )
        .unwrap();
    assert_eq!(
        res.summary,
        "attackers lose 1 step and check morale; Cromwell's Horse 1 passes"
    );
}
