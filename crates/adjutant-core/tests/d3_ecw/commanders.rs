//! The commander (§7): off the table he gives no activations and returns only in his side's
//! next move; attached, he is not contacted apart from his unit. Each test quotes the line of
//! the original rules it checks.

use super::*;

/// The Parliament move of turn 1, activations counted; the Royalists move next.
fn parliament_moving() -> Battle {
    in_turn(&new_battle(), 1, 1, 4)
}

fn contact_royalist_commander(b: &mut Battle) {
    let (t, cmd) = (id(b, 1, "trot"), id(b, 0, "cmd"));
    play(b, call(P_CONTACT, &[t], &[cmd], &[]), &[], &[]);
}

#[test]
fn a_commander_off_the_table_gives_no_activations_until_he_returns() {
    // "The number of units a commander can see & are within 2 determines number of activations
    // their army can make." / "If an enemy unit comes into contact with a commander, remove the
    // commander who can return next move from base edge of tabletop."
    let mut b = parliament_moving();
    contact_royalist_commander(&mut b);
    let cmd = id(&b, 0, "cmd");
    assert!(b.state().piece(cmd).flag(REMOVED));
    assert!(
        !b.state().piece(cmd).flag(REMOVED_OWN_MOVE),
        "removed in the enemy's move"
    );
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert_eq!((b.state().turn, b.state().side), (1, 0));
    // The Royalist move: 3 units counted while he is off the table is refused; 0 is offered.
    let r = refusal(&b, &call(P_COUNT, &[], &[], &[(UNITS_SEEN, "3")]));
    assert!(r.reason.contains("off the table"), "{r}");
    assert_eq!(r.rule, "§3.2, §7.3");
    let count = SYSTEM
        .offers(&b.context(), &[], &[])
        .into_iter()
        .find(|o| o.id == P_COUNT)
        .unwrap();
    assert_eq!(
        count.params[0].default(),
        Some(0),
        "off the table he sees none"
    );
    let mut counted = b.clone();
    play(
        &mut counted,
        call(P_COUNT, &[], &[], &[(UNITS_SEEN, "0")]),
        &[],
        &[],
    );
    assert_eq!(counted.state().sides[0].track(ACTIVATIONS), 0);
    let r = refusal(
        &counted,
        &call(P_ACTIVATE, &[id(&counted, 0, "inf")], &[], &[]),
    );
    assert!(r.reason.contains("no activations left: 0 of 0"), "{r}");
    // Back at the start of his move, he counts again: 3 units in sight of the base edge.
    play(&mut b, call(P_RETURN, &[cmd], &[], &[]), &[], &[]);
    assert!(!b.state().piece(cmd).flag(REMOVED));
    play(
        &mut b,
        call(P_COUNT, &[], &[], &[(UNITS_SEEN, "3")]),
        &[],
        &[],
    );
    assert_eq!(b.state().sides[0].track(ACTIVATIONS), 3);
    // A count larger than the army is refused, not read as another number.
    let fresh = with(
        &new_battle(),
        vec![Event::Clock {
            turn: 1,
            phase: 1,
            side: 0,
        }],
    );
    let r = refusal(&fresh, &call(P_COUNT, &[], &[], &[(UNITS_SEEN, "9")]));
    assert!(r.reason.contains("'9' is not an answer"), "{r}");
}

#[test]
fn he_returns_only_on_his_sides_next_move() {
    // "remove the commander who can return next move from base edge of tabletop."
    let mut b = parliament_moving();
    contact_royalist_commander(&mut b);
    let cmd = id(&b, 0, "cmd");
    // Not in the enemy's move in which he was removed.
    let r = refusal(&b, &call(P_RETURN, &[cmd], &[], &[]));
    assert!(r.reason.contains("only in his side's next move"), "{r}");
    assert_eq!(r.rule, "§7.4");
    // Nor attached, contacted again or counted meanwhile.
    let r = refusal(&b, &call(P_ATTACH, &[cmd], &[id(&b, 0, "inf")], &[]));
    assert_eq!(r.rule, "§7.3");
    // The Royalist move is his side's next: he returns.
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    play(&mut b, call(P_RETURN, &[cmd], &[], &[]), &[], &[]);
    assert!(!b.state().piece(cmd).flag(REMOVED));
}

#[test]
fn removed_in_his_own_move_he_waits_for_the_next() {
    // "If unit eliminated, then general is treated as if he has been attacked (see above)."
    // The Royalist move with every activation used: the infantry in melee gives ground, is
    // blocked, takes its 7th hit and routs; the commander attached to it goes with it.
    let b = in_turn(&new_battle(), 1, 0, 0);
    let (inf, cmd, t) = (id(&b, 0, "inf"), id(&b, 0, "cmd"), id(&b, 1, "trot"));
    let mut b = with(
        &engage(&b, inf, t),
        vec![
            track(inf, HITS, 6),
            mark(cmd, ATTACHED, "Royalist Infantry"),
        ],
    );
    play(
        &mut b,
        call(P_GIVE_GROUND, &[inf], &[], &[(BLOCKED, "yes")]),
        &[],
        &[],
    );
    assert!(b.state().piece(inf).flag(ROUTED));
    let s = b.state().piece(cmd);
    assert!(s.flag(REMOVED) && s.flag(REMOVED_OWN_MOVE));
    assert_eq!(s.mark(ATTACHED), None);
    let r = refusal(&b, &call(P_RETURN, &[cmd], &[], &[]));
    assert!(r.reason.contains("removed in this move"), "{r}");
    assert_eq!(r.rule, "§7.4");
    // The Parliament move is not his.
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert_eq!(b.state().side, 1);
    assert!(!b.state().piece(cmd).flag(REMOVED_OWN_MOVE));
    assert_eq!(refusal(&b, &call(P_RETURN, &[cmd], &[], &[])).rule, "§7.4");
    // Nor is turn 2's initiative roll-off.
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert_eq!((b.state().turn, b.state().phase), (2, 0));
    assert_eq!(refusal(&b, &call(P_RETURN, &[cmd], &[], &[])).rule, "§7.4");
    // The Royalists win 5–2 and go first: his side's next move, and he returns.
    play(&mut b, call(P_INITIATIVE, &[], &[], &[]), &[5, 2], &[0]);
    assert_eq!((b.state().turn, b.state().phase, b.state().side), (2, 1, 0));
    play(&mut b, call(P_RETURN, &[cmd], &[], &[]), &[], &[]);
    assert!(!b.state().piece(cmd).flag(REMOVED));
}

#[test]
fn an_attached_commander_is_not_contacted_apart_from_his_unit() {
    // "Commanders can attach themselves to a unit for protection ... If unit eliminated, then
    // general is treated as if he has been attacked (see above)."
    // Attached in the Royalist move; contacted in the Parliament move that follows.
    let mut b = in_turn(&new_battle(), 1, 0, 4);
    let (cmd, inf, t) = (id(&b, 0, "cmd"), id(&b, 0, "inf"), id(&b, 1, "trot"));
    play(&mut b, call(P_ATTACH, &[cmd], &[inf], &[]), &[], &[]);
    play(&mut b, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert_eq!(b.state().side, 1);
    let r = refusal(&b, &call(P_CONTACT, &[t], &[cmd], &[]));
    assert!(
        r.reason.contains("not contacted apart from his unit"),
        "{r}"
    );
    assert_eq!(r.rule, "§7.2");
    let offer = SYSTEM
        .offers(&b.context(), &[t], &[cmd])
        .into_iter()
        .find(|o| o.id == P_CONTACT)
        .unwrap();
    assert_eq!(offer.refused.map(|r| r.rule), Some("§7.2".to_string()));
    // He detaches only in his own move, as his free move.
    let r = refusal(&b, &call(P_DETACH, &[cmd], &[], &[]));
    assert_eq!(r.rule, "§7.1");
    // Detached, he is contacted and removed.
    let unattached = Change::Mark {
        key: ATTACHED.into(),
        to: None,
    };
    let mut b = with(&b, vec![piece(cmd, unattached)]);
    play(&mut b, call(P_CONTACT, &[t], &[cmd], &[]), &[], &[]);
    assert!(b.state().piece(cmd).flag(REMOVED));
}

#[test]
fn the_commander_attaches_and_detaches_in_his_own_move() {
    // "A commander may move at no cost after all their units have moved. This includes any
    // unit they may be attached to."
    let b = new_battle();
    let (cmd, inf) = (id(&b, 0, "cmd"), id(&b, 0, "inf"));
    let attach = call(P_ATTACH, &[cmd], &[inf], &[]);
    // In the set-up, before the first initiative: yes.
    assert!(SYSTEM.procedure(&b.context(), &attach).is_ok());
    // In the enemy's move: no.
    let theirs = in_turn(&b, 1, 1, 4);
    let r = refusal(&theirs, &attach);
    assert!(r.reason.contains("only in the Royalist move"), "{r}");
    assert_eq!(r.rule, "§7.1");
    // In his own move: yes.
    assert!(SYSTEM.procedure(&ready().context(), &attach).is_ok());
}

#[test]
fn attached_his_range_of_command_drops_by_one_and_the_count_says_so() {
    // "Commanders can attach themselves to a unit for protection, but reduces the range of
    // command by 1." (§7.2)
    let mut b = new_battle();
    let (cmd, inf) = (id(&b, 0, "cmd"), id(&b, 0, "inf"));
    let label = |b: &Battle| {
        SYSTEM
            .offers(&b.context(), &[], &[])
            .into_iter()
            .find(|o| o.id == P_COUNT)
            .expect("the count is offered")
            .params[0]
            .label
            .clone()
    };
    let counting = |b: &Battle| with(b, vec![clock(1, 1, 0)]);
    let free = counting(&b);
    let range = label(&free);
    assert!(
        SYSTEM
            .reminders(&free.context())
            .iter()
            .all(|r| !r.contains("reduces his range")),
        "not attached: no reminder"
    );
    play(&mut b, call(P_ATTACH, &[cmd], &[inf], &[]), &[], &[]);
    let attached = counting(&b);
    let reminders = SYSTEM.reminders(&attached.context());
    assert!(
        reminders
            .iter()
            .any(|r| r.contains("which reduces his range of command by 1 (§7.2)")),
        "{reminders:?}"
    );
    let less = label(&attached);
    assert_ne!(less, range, "the question asks for the shorter range");
    let n = |l: &str| -> u32 { l.rsplit(' ').next().unwrap().parse().unwrap() };
    assert_eq!(n(&less) + 1, n(&range), "{range} then {less}");
}
