//! Give ground (§6.6, §6.7): only a unit its commander cannot activate gives ground, and no
//! unit leaves a melee otherwise; the switch `give_ground_when_not_activated` gives the other
//! reading. Each test quotes the line of the original rules it checks.

use super::*;

/// The Royalist move with `n` activations, `used` of them spent, and the Royalist Infantry
/// in melee with the Parliament Trotters.
fn engaged_with(n: i32, used: i32) -> (Battle, PieceId, PieceId) {
    let b = in_turn(&new_battle(), 1, 0, n);
    let b = with(&b, vec![side_track(0, ACTIVATIONS_USED, used)]);
    let (inf, t) = (id(&b, 0, "inf"), id(&b, 1, "trot"));
    (engage(&b, inf, t), inf, t)
}

fn says(events: &[Event], part: &str) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Fact { text, .. } if text.contains(part)))
}

fn last_says(b: &Battle, part: &str) -> bool {
    says(&b.log().last().unwrap().events, part)
}

#[test]
fn give_ground_only_when_the_unit_cannot_be_activated() {
    // "If a commander is unable to activate a unit which is in melee to continue the fight, then
    // the unit must retire 1, but still remain facing the enemy. If they are unable to give
    // ground due to blocking terrain or units, then they must take a hit."
    // 3 activations, 2 used: he can still activate the infantry, so it may not give ground.
    let (b, inf, t) = engaged_with(3, 2);
    let r = refusal(&b, &call(P_GIVE_GROUND, &[inf], &[], &[]));
    assert!(
        r.reason
            .contains("can still be activated (2 of 3 activations used)"),
        "{r}"
    );
    assert_eq!(r.rule, "§6.6, §6.7");
    // All 3 used: it retires 1 and the melee ends, with no hit.
    let (mut spent, ..) = engaged_with(3, 3);
    play(&mut spent, call(P_GIVE_GROUND, &[inf], &[], &[]), &[], &[]);
    assert_eq!(spent.state().piece(inf).mark(IN_MELEE), None);
    assert_eq!(spent.state().piece(t).mark(IN_MELEE), None);
    assert_eq!(spent.state().piece(inf).track(HITS), 0);
    assert_eq!(
        spent.state().sides[0].track(ACTIVATIONS_USED),
        3,
        "no activation"
    );
    // Blocked: 1 hit, and still in the melee.
    let (mut blocked, ..) = engaged_with(3, 3);
    play(
        &mut blocked,
        call(P_GIVE_GROUND, &[inf], &[], &[(BLOCKED, "yes")]),
        &[],
        &[],
    );
    assert_eq!(blocked.state().piece(inf).track(HITS), 1);
    assert_eq!(
        blocked.state().piece(inf).mark(IN_MELEE),
        Some("Parliament Trotters")
    );
    // Beyond his sight or range he cannot activate it, whatever activations are left.
    let (mut far, ..) = engaged_with(3, 2);
    play(
        &mut far,
        call(P_GIVE_GROUND, &[inf], &[], &[(OUT_OF_COMMAND, "yes")]),
        &[],
        &[],
    );
    assert_eq!(far.state().piece(inf).mark(IN_MELEE), None);
    assert!(last_says(
        &far,
        "beyond its commander's sight or command range"
    ));
    // An answer that is neither yes nor no is refused, not read as "no".
    let r = refusal(
        &b,
        &call(P_GIVE_GROUND, &[inf], &[], &[(BLOCKED, "perhaps")]),
    );
    assert!(r.reason.contains("'perhaps' is not an answer"), "{r}");
}

#[test]
fn no_leaving_a_melee_otherwise() {
    // "Units may not leave a melee unless by giving ground."
    let (b, inf, t) = engaged_with(3, 0);
    // Not activated to move away...
    let r = refusal(&b, &call(P_ACTIVATE, &[inf], &[], &[]));
    assert!(r.reason.contains("may not leave the melee"), "{r}");
    assert_eq!(r.rule, "§6.6");
    // ...nor to attack another unit, nor to shoot...
    let other = id(&b, 1, "inf");
    let r = refusal(&b, &call(P_MELEE, &[inf], &[other], &[]));
    assert_eq!(r.rule, "§6.6");
    let r = refusal(&b, &call(P_SHOOT, &[inf], &[other], &[]));
    assert_eq!(r.rule, "§5.1, §6.6");
    // ...it fights on: Infantry D3, a 2 is 2 hits on the Trotters, and the melee goes on.
    let mut fought = b.clone();
    play(&mut fought, call(P_MELEE, &[inf], &[t], &[]), &[2], &[]);
    assert_eq!(fought.state().piece(t).track(HITS), 2);
    assert_eq!(
        fought.state().piece(inf).mark(IN_MELEE),
        Some("Parliament Trotters")
    );
    assert_eq!(fought.state().sides[0].track(ACTIVATIONS_USED), 1);
    let r = refusal(&fought, &call(P_GIVE_GROUND, &[inf], &[], &[]));
    assert!(r.reason.contains("fights on"), "{r}");
    // Ending the move with activations left: it stays in melee, not having fought.
    let mut ended = b.clone();
    play(&mut ended, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert_eq!(
        ended.state().piece(inf).mark(IN_MELEE),
        Some("Parliament Trotters")
    );
    assert!(last_says(&ended, "stays in melee without fighting"));
    // With every activation used, the reminder and the end of the move say it must give ground.
    let (mut spent, ..) = engaged_with(2, 2);
    assert!(
        SYSTEM
            .reminders(&spent.context())
            .iter()
            .any(|r| r.contains("cannot be activated: it must give ground"))
    );
    play(&mut spent, call(P_END_TURN, &[], &[], &[]), &[], &[]);
    assert!(last_says(
        &spent,
        "could not activate it: it must give ground"
    ));
}

#[test]
fn the_switch_lets_a_unit_not_activated_give_ground() {
    // The other reading: a unit in melee that its commander "cannot (or does not)" activate
    // gives ground. Off by default; on, the log names the switch.
    let mut tables = D3Tables::standard();
    tables.switches.give_ground_when_not_activated = true;
    let system = D3Ecw::with_tables(tables);
    let (b, inf, _) = engaged_with(3, 2);
    let c = call(P_GIVE_GROUND, &[inf], &[], &[]);
    let (reqs, res) = run_choosing(&system, &b, &c, &[], &[]);
    assert!(reqs.is_empty(), "no dice");
    assert!(says(&res.events, "Switch give_ground_when_not_activated"));
    assert!(says(&res.events, "retires 1 hex"));
    // The Switches table shows it on, and its default off.
    let sw = system
        .tables()
        .into_iter()
        .find(|t| t.id == "switches")
        .unwrap();
    assert_eq!(
        sw.rows[0][..3],
        ["give_ground_when_not_activated", "on", "off"]
    );
    assert_eq!(sw.source, Source::Default);
    // From the table file, marked with its path.
    let text = "(switches: (give_ground_when_not_activated: true))";
    let t = adjutant_core::rules::d3_ecw::overrides::tables("mine.ron", text).unwrap();
    assert!(t.switches.give_ground_when_not_activated);
    assert_eq!(t.options, D3Tables::standard().options);
    let sw = D3Ecw::with_tables(t)
        .tables()
        .into_iter()
        .find(|t| t.id == "switches")
        .unwrap();
    assert_eq!(sw.source, Source::Override("mine.ron".into()));
    assert_eq!(sw.rows[0][1], "on");
    // A misspelt switch is reported with its place, and nothing is read.
    let e = adjutant_core::rules::d3_ecw::overrides::tables(
        "mine.ron",
        "(switches: (give_ground: true))",
    )
    .unwrap_err();
    assert!(e[0].starts_with("mine.ron:1:"), "{e:?}");
}
