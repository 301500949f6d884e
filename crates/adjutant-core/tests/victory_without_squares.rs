//! Victory Without Squares (docs/rules/victory_without_squares.md): the Naseby armies, the formation ladder with the
//! commanded shot and dragoon skip, every card-table cell under the default reading, fire and
//! combat across the result table with fixed D10 faces, guns on a 0, leader cards by suit and
//! rank, pursuit by colour, All's Lost at the exact threshold, refusals and exact odds.

use adjutant_core::army::Army;
use adjutant_core::battle::{Action, Battle};
use adjutant_core::cards::Suit;
use adjutant_core::dice::Rolled;
use adjutant_core::event::{Event, PieceId};
use adjutant_core::odds::procedure_odds;
use adjutant_core::procedure::{Call, Input, Step};
use adjutant_core::rules::victory_without_squares::common::leader_card;
use adjutant_core::rules::victory_without_squares::keys::*;
use adjutant_core::rules::victory_without_squares::manoeuvre::{Situation, verdict};
use adjutant_core::rules::victory_without_squares::status::{alls_lost, lose, recover};
use adjutant_core::rules::victory_without_squares::tables::{Manoeuvre, VwsTables};
use adjutant_core::rules::victory_without_squares::turn::alls_lost_events;
use adjutant_core::rules::victory_without_squares::{SYSTEM, status};
use adjutant_core::rules::{RuleSystem, Source};
use adjutant_core::status::Change;

use crate::common;

use common::driver::odds_after_first_roll;
use common::{call as call_of, card, flag, mark, piece as id, with};

fn load(name: &str) -> Army {
    common::shipped_army("victory_without_squares", name)
}

fn armies() -> Vec<Army> {
    vec![load("naseby_royalists"), load("naseby_parliament")]
}

fn battle_of(armies: Vec<Army>) -> Battle {
    Battle::new("victory_without_squares", armies, 11).unwrap()
}

fn battle() -> Battle {
    battle_of(armies())
}

fn rung(p: PieceId, to: u8) -> Event {
    common::rung(p, FORMATION, to)
}

fn call(id: &str, actors: Vec<PieceId>, targets: Vec<PieceId>, params: &[(&str, &str)]) -> Call {
    call_of(id, &actors, &targets, params)
}

#[path = "victory_without_squares/citations.rs"]
mod citations;
#[path = "victory_without_squares/fidelity.rs"]
mod fidelity;
#[path = "victory_without_squares/typed_cards.rs"]
mod typed_cards;

/// A battle still at initiative put into the moves of the side acting, so that a test of fire
/// or combat need not set the turn up; any other battle as it is.
fn own_turn(b: &Battle, c: &Call) -> Battle {
    let turn_procedure = [P_INITIATIVE, P_DIVISION, P_PASS].contains(&c.id.as_str());
    match c.actors.first() {
        Some(&a) if b.state().phase == 0 && !turn_procedure => with(
            b,
            vec![common::clock(b.state().turn, 1, b.roster.side_of(a))],
        ),
        _ => b.clone(),
    }
}

/// Runs a procedure with dice faces and cards given in order, answering each request in turn.
fn run(b: &Battle, c: &Call, faces: &[u8], cards: &[&str]) -> (String, Vec<Event>) {
    let res = common::run_with(&SYSTEM, &own_turn(b, c), c, faces, cards);
    (res.summary, res.events)
}

fn rung_after(events: &[Event], p: PieceId) -> Option<u8> {
    events.iter().rev().find_map(|e| match e {
        Event::Piece {
            piece,
            change: Change::Ladder { key, to },
        } if *piece == p && key == FORMATION => Some(*to),
        _ => None,
    })
}

#[test]
fn naseby_armies_load_in_divisions() {
    for army in armies() {
        assert_eq!(army.system, "victory_without_squares");
        let overall: Vec<_> = army.leaders.iter().filter(|l| l.has(OVERALL)).collect();
        assert_eq!(overall.len(), 1, "{}: one overall commander", army.name);
        for d in DIVISIONS {
            assert!(
                army.leaders
                    .iter()
                    .any(|l| l.group.as_deref() == Some(d) && !l.has(SECOND))
            );
            assert!(army.units.iter().any(|u| u.group.as_deref() == Some(d)));
        }
        assert!(army.leaders.iter().filter(|l| l.has(SECOND)).count() >= 3);
        for kind in [HORSE, FOOT, COMMANDED_SHOT, DRAGOONS, TRAIN] {
            assert!(
                army.units.iter().any(|u| u.kind == kind),
                "{} lacks {kind}",
                army.name
            );
        }
        assert!(
            army.units
                .iter()
                .all(|u| u.stat(QUALITY) > 0 && u.stat(BASES) > 0)
        );
    }
    assert!(armies()[1].units.iter().any(|u| u.kind == HORSE_2_RANK));
}

#[test]
fn ladder_transitions_per_troop_type() {
    for kind in [HORSE, HORSE_2_RANK, FOOT, TRAIN] {
        assert_eq!(lose(kind, FORMED, 1), UNSTEADY, "{kind}");
        assert_eq!(lose(kind, UNSTEADY, 1), DISORDERED);
        assert_eq!(lose(kind, DISORDERED, 1), BROKEN);
        assert_eq!(lose(kind, FORMED, 2), DISORDERED);
        assert_eq!(lose(kind, FORMED, 3), BROKEN);
        assert_eq!(lose(kind, UNSTEADY, 3), BROKEN, "Broken is the floor");
        assert_eq!(recover(kind, DISORDERED), UNSTEADY);
        assert_eq!(recover(kind, UNSTEADY), FORMED);
    }
    for kind in [COMMANDED_SHOT, DRAGOONS] {
        assert_eq!(lose(kind, FORMED, 1), DISORDERED, "{kind} skips Unsteady");
        assert_eq!(lose(kind, FORMED, 2), BROKEN);
        assert_eq!(lose(kind, DISORDERED, 1), BROKEN);
        assert_eq!(recover(kind, DISORDERED), FORMED);
    }
    let b = battle();
    let drg = id(&b, 1, "okey_drg");
    let schema = SYSTEM.piece_schema(&b.roster, drg);
    assert_eq!(
        schema.ladders[0].rungs,
        ["Formed", "Unsteady", "Disordered", "Broken"]
    );
    assert!(b.context().status(drg).flag(MOUNTED));
}

#[test]
fn every_card_table_cell_under_the_default_reading() {
    let t = VwsTables::standard();
    let plain = Situation::default();
    let expect: [(Manoeuvre, [bool; 4]); 5] = [
        (Manoeuvre::Difficult, [false, true, true, true]),
        (Manoeuvre::ReactionFire, [true, true, true, false]),
        (Manoeuvre::Halt, [true, true, false, false]),
        (Manoeuvre::Reform, [true, true, false, false]),
        (Manoeuvre::Rally, [true, false, false, false]),
    ];
    for (action, cells) in expect {
        for (suit, allowed) in ["H", "D", "C", "S"].iter().zip(cells) {
            for rank in ["A", "7", "K"] {
                let v = verdict(&t, action, card(&format!("{rank}{suit}")), plain);
                assert_eq!(v.allowed, allowed, "{action:?} {rank}{suit}: {}", v.why);
            }
        }
    }
    // * loses a step unless in column; # refuses under fire; $ refuses mounted except dragoons A–10.
    let v = verdict(&t, Manoeuvre::Difficult, card("5S"), plain);
    assert!(v.allowed && v.step_loss);
    let col = Situation {
        in_column: true,
        ..plain
    };
    assert!(!verdict(&t, Manoeuvre::Difficult, card("5S"), col).step_loss);
    let fire = Situation {
        under_fire: true,
        ..plain
    };
    assert!(!verdict(&t, Manoeuvre::Reform, card("5D"), fire).allowed);
    assert!(verdict(&t, Manoeuvre::Reform, card("5H"), fire).allowed);
    assert!(!verdict(&t, Manoeuvre::Rally, card("5H"), fire).allowed);
    let horse = Situation {
        mounted: true,
        ..plain
    };
    assert!(!verdict(&t, Manoeuvre::Difficult, card("5D"), horse).allowed);
    let drg = Situation {
        mounted: true,
        dragoons: true,
        ..plain
    };
    assert!(verdict(&t, Manoeuvre::Difficult, card("10D"), drg).allowed);
    assert!(!verdict(&t, Manoeuvre::Difficult, card("JD"), drg).allowed);
    let tables = SYSTEM.tables();
    assert_eq!(tables[0].header, ["Action", "♥", "♦", "♣", "♠"]);
    assert_eq!(tables[0].source, Source::Default);
}

#[test]
fn manoeuvre_draw_and_attached_leader_uses_the_better_card() {
    let b = battle();
    let h = id(&b, 0, "rupert_h");
    let b = with(&b, vec![flag(h, MOVING)]);
    let (s, ev) = run(&b, &call(P_HALT, vec![h], vec![], &[]), &[], &["3C"]);
    assert_eq!(s, "not allowed");
    assert!(!ev.is_empty());
    let (s, _) = run(&b, &call(P_HALT, vec![h], vec![], &[]), &[], &["3D"]);
    assert_eq!(s, "halts");
    let b = with(&b, vec![mark(h, ATTACHED, "rupert")]);
    let (s, ev) = run(&b, &call(P_HALT, vec![h], vec![], &[]), &[], &["3C", "QH"]);
    assert_eq!(s, "halts");
    assert!(ev.iter().any(|e| matches!(e, Event::Fact { text, .. } if text.contains("QH used") || text.contains("Q♥ used"))));
    // Reform Disordered foot on ♥; rally broken on ♥ only.
    let f = id(&b, 0, "bard_t");
    let b2 = with(&b, vec![rung(f, DISORDERED)]);
    let (_, ev) = run(&b2, &call(P_REFORM, vec![f], vec![], &[]), &[], &["9H"]);
    assert_eq!(rung_after(&ev, f), Some(UNSTEADY));
    let b3 = with(&b, vec![rung(f, BROKEN)]);
    let (s, _) = run(&b3, &call(P_RALLY, vec![f], vec![], &[]), &[], &["9D"]);
    assert_eq!(s, "not allowed");
    let (_, ev) = run(&b3, &call(P_RALLY, vec![f], vec![], &[]), &[], &["9H"]);
    assert_eq!(rung_after(&ev, f), Some(DISORDERED));
}

#[test]
fn fire_hits_on_a_score_at_or_below_the_figures() {
    let b = battle();
    let foot = id(&b, 1, "fairfax_f"); // 4 firing figures
    let horse = id(&b, 0, "rupert_h");
    let c = call(P_FIRE, vec![foot], vec![horse], &[]);
    for face in 0..=9u8 {
        let (s, ev) = run(&b, &c, &[face], &[]);
        if face <= 4 {
            assert_eq!(s, "hit", "face {face}");
            assert_eq!(rung_after(&ev, horse), Some(UNSTEADY));
        } else {
            assert_eq!(s, "miss", "face {face}");
        }
    }
    // Target Unsteady +1, oblique +1: hits up to 6.
    let b2 = with(&b, vec![rung(horse, UNSTEADY)]);
    let c2 = call(P_FIRE, vec![foot], vec![horse], &[(ANGLE, "oblique")]);
    assert_eq!(run(&b2, &c2, &[6], &[]).0, "hit");
    assert_eq!(run(&b2, &c2, &[7], &[]).0, "miss");
    // Pistols −1: horse (3 figures) hits up to 2.
    let foot_t = id(&b, 0, "bard_t");
    let c3 = call(P_FIRE, vec![id(&b, 1, "pye_h")], vec![foot_t], &[]);
    assert_eq!(run(&b, &c3, &[2], &[]).0, "hit");
    assert_eq!(run(&b, &c3, &[3], &[]).0, "miss");
}

#[test]
fn guns_rolling_zero_run_out_of_powder() {
    let b = battle();
    let guns = id(&b, 1, "nma_train"); // 2 bases = 4 figures
    let t = id(&b, 0, "bard_t");
    let c = call(P_FIRE, vec![guns], vec![t], &[]);
    let (s, ev) = run(&b, &c, &[0], &[]);
    assert_eq!(s, "hit, out of powder");
    assert!(ev.contains(&flag(guns, OUT_OF_POWDER)));
    assert_eq!(run(&b, &c, &[4], &[]).0, "hit");
    assert_eq!(run(&b, &c, &[5], &[]).0, "miss");
    let b2 = with(&b, vec![flag(guns, OUT_OF_POWDER)]);
    let (_, ev) = run(&b2, &c, &[3], &[]);
    assert_eq!(
        rung_after(&ev, t),
        None,
        "half effect: 2 figures, a 3 misses"
    );
}

#[test]
fn disordered_target_hit_again_draws_break_or_retire() {
    let b = battle();
    let foot = id(&b, 1, "fairfax_f");
    let t = id(&b, 0, "bard_t");
    let b = with(&b, vec![rung(t, DISORDERED)]);
    let c = call(P_FIRE, vec![foot], vec![t], &[]);
    let (s, ev) = run(&b, &c, &[0], &["4S"]);
    assert_eq!(s, "hit, breaks");
    assert_eq!(rung_after(&ev, t), Some(BROKEN));
    let (s, ev) = run(&b, &c, &[0], &["4H"]);
    assert_eq!(s, "hit, retires 4\"");
    assert_eq!(rung_after(&ev, t), None);
}

#[test]
fn combat_across_the_whole_result_table() {
    let b = battle();
    let att = id(&b, 0, "northampton_h"); // quality 4
    let def = id(&b, 1, "vermuyden_h"); // quality 4, standing horse: mounted vs standing −1
    let c = call(P_COMBAT, vec![att], vec![def], &[]);
    let expect = |score: i32| -> (u8, u8) {
        match score {
            i32::MIN..=-1 => (3, 0),
            0..=1 => (2, 0),
            2..=3 => (1, 0),
            4..=7 => (1, 1),
            8..=9 => (0, 1),
            10..=11 => (0, 2),
            _ => (0, 3),
        }
    };
    for face in 0..=9u8 {
        let (s, _) = run(&b, &c, &[face], &["2H"]);
        let (d, a) = expect(i32::from(face) - 1);
        assert!(
            s.contains(&format!("Defenders −{d}, Attackers −{a}")),
            "face {face}: {s}"
        );
    }
    // Strong attack: rear −2, following up −2 (replaces mounted −1): face 2 scores −2.
    let strong = call(
        P_COMBAT,
        vec![att],
        vec![def],
        &[(DIRECTION, "rear"), (FOLLOW_UP, "yes")],
    );
    let (s, ev) = run(&b, &strong, &[2], &["2S"]);
    assert!(s.starts_with("less than 0: Defenders −3"), "{s}");
    assert_eq!(rung_after(&ev, def), Some(BROKEN));
    assert!(s.ends_with("pursues"), "black must pursue: {s}");
    let (s, _) = run(&b, &strong, &[2], &["2H"]);
    assert!(s.ends_with("holds"), "red may (the odds assume hold): {s}");
    // Weak attack: exposed rear +2, defenders' terrain +1, attacker Unsteady +1: face 9 → 12.
    let b2 = with(&b, vec![rung(att, UNSTEADY)]);
    let weak = call(
        P_COMBAT,
        vec![att],
        vec![def],
        &[(EXPOSED, "rear"), (TERRAIN, "defenders +1")],
    );
    let (s, ev) = run(&b2, &weak, &[9], &[]);
    assert!(s.starts_with("12+: Defenders −0, Attackers −3"), "{s}");
    assert_eq!(rung_after(&ev, att), Some(BROKEN));
    let t = VwsTables::standard();
    for score in -5..=15 {
        let r = t.result(score).unwrap();
        assert_eq!(
            (r.defender_steps, r.attacker_steps),
            expect(score),
            "score {score}"
        );
    }
}

#[test]
fn combat_texts_say_each_thing_once() {
    // "Per Formation step/ Terrain advantage -1": attacking a Disordered body from Formed is
    // two steps' advantage, −1 each — not "×-2".
    let b = battle();
    let att = id(&b, 0, "northampton_h");
    let def = id(&b, 1, "vermuyden_h");
    let c = call(P_COMBAT, vec![att], vec![def], &[]);
    let b = own_turn(&with(&b, vec![rung(def, DISORDERED)]), &c);
    let ctx = b.context();
    let p = SYSTEM.procedure(&ctx, &c).unwrap();
    let Step::Dice(req) = p.step(&ctx, &[]) else {
        panic!("combat rolls a D10")
    };
    let formation = req
        .dice
        .modifiers
        .iter()
        .find(|m| m.label.contains("formation step"))
        .expect("a formation modifier");
    assert_eq!(formation.value, -2);
    assert!(!formation.label.contains("×-"), "{}", formation.label);
    assert!(formation.label.ends_with("2 × −1"), "{}", formation.label);
    // The result rows: each band's label says the result, the range once (it is shown beside).
    let labels: Vec<&str> = req.bands.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels[1], "Defenders −2, Attackers −0");
    assert!(
        labels.iter().all(|l| l.starts_with("Defenders")),
        "{labels:?}"
    );
    // Each modifier carries its rule apart from its label: no "(§7.4) (§7.4)".
    for m in &VwsTables::standard().combat_modifiers {
        assert!(!m.label.contains('§'), "{}", m.label);
    }
}

#[test]
fn a_leader_casualty_card_that_does_nothing_says_so() {
    // "Draw card for leaders under fire/in combat, and see below if picture": any other card
    // leaves him unhurt, and the log says so.
    let b = battle();
    let ctx = b.context();
    let t = VwsTables::standard();
    let rupert = id(&b, 0, "rupert");
    let (s, ev) = leader_card(&t, &ctx, rupert, None, card("7C"));
    assert!(s.ends_with("unhurt"), "{s}");
    let said = ev.iter().any(|e| match e {
        Event::Fact { text, .. } => text.contains("unhurt") && text.contains("7"),
        _ => false,
    });
    assert!(said, "{ev:?}");
}

#[test]
fn combat_and_fire_refusals_carry_their_rule() {
    let b = battle();
    let horse = id(&b, 0, "rupert_h");
    let foot = id(&b, 1, "fairfax_f");
    let charge = call(P_COMBAT, vec![horse], vec![foot], &[]);
    let r = SYSTEM
        .procedure(&own_turn(&b, &charge).context(), &charge)
        .err()
        .unwrap();
    assert!(r.reason.contains("head-on") && r.rule.contains("§7.1"));
    let b2 = own_turn(
        &with(&b, vec![rung(foot, DISORDERED)]),
        &call(P_FIRE, vec![foot], vec![], &[]),
    );
    let ctx = b2.context();
    let r = SYSTEM
        .procedure(&ctx, &call(P_FIRE, vec![foot], vec![horse], &[]))
        .err()
        .unwrap();
    assert!(r.reason.contains("Disordered"));
    let r = SYSTEM
        .procedure(
            &ctx,
            &call(P_COMBAT, vec![foot], vec![horse], &[(DIRECTION, "rear")]),
        )
        .err()
        .unwrap();
    assert!(r.reason.contains("never attack"));
    let mut a = armies();
    a[0].units
        .iter_mut()
        .find(|u| u.id == "bard_t")
        .unwrap()
        .traits
        .insert(ALL_PIKE.into());
    let b3 = battle_of(a);
    let pike = id(&b3, 0, "bard_t");
    let b3 = with(&b3, vec![rung(pike, BROKEN)]);
    let r = SYSTEM
        .procedure(&b3.context(), &call(P_RALLY, vec![pike], vec![], &[]))
        .err()
        .unwrap();
    assert!(r.reason.contains("pike") && r.rule.contains("§6.3"));
    let shot = id(&b, 1, "forlorn");
    let b4 = with(&b, vec![rung(shot, BROKEN)]);
    let c = call(P_RALLY, vec![shot], vec![], &[(NEXT_TO_ENEMY, "yes")]);
    let r = SYSTEM.procedure(&b4.context(), &c).err().unwrap();
    assert!(r.reason.contains("next to the enemy"));
    let r = SYSTEM
        .procedure(&b4.context(), &call(P_HALT, vec![shot], vec![], &[]))
        .err()
        .unwrap();
    assert!(r.rule.contains("§3.2"));
}

#[test]
fn leader_cards_by_suit_and_rank() {
    let b = battle();
    let ctx = b.context();
    let t = VwsTables::standard();
    let rupert = id(&b, 0, "rupert");
    for (c, fate) in [
        ("JH", "unhorsed"),
        ("QD", "unhorsed"),
        ("KC", "killed"),
        ("JS", "killed"),
        ("10S", "unhurt"),
        ("AH", "unhurt"),
        ("7C", "unhurt"),
    ] {
        let (s, ev) = leader_card(&t, &ctx, rupert, None, card(c));
        assert!(s.ends_with(fate), "{c}: {s}");
        let want = match fate {
            "unhorsed" => Some(UNHORSED),
            "killed" => Some(KILLED),
            _ => None,
        };
        let got = ev.iter().find_map(|e| match e {
            Event::Piece {
                change: Change::Ladder { to, .. },
                ..
            } => Some(*to),
            _ => None,
        });
        assert_eq!(got, want, "{c}");
    }
}

#[test]
fn near_broken_friends_draw_by_suit() {
    let b = battle();
    let f = id(&b, 0, "astley_t");
    let c = call(P_NEAR_BROKEN, vec![f], vec![], &[]);
    assert_eq!(run(&b, &c, &[], &["3S"]).0, "−2 steps");
    assert_eq!(run(&b, &c, &[], &["3C"]).0, "−1 steps");
    assert_eq!(run(&b, &c, &[], &["3H"]).0, "−0 steps");
}

#[test]
fn alls_lost_at_the_exact_threshold() {
    let b = battle();
    let units: Vec<PieceId> = status::on_table(&b.context(), 0);
    assert_eq!(units.len(), 19);
    // 18 on the table: 9 broken or disordered against 9 is not "more".
    let mut ev = vec![flag(units[18], REMOVED)];
    ev.extend(
        units[..9]
            .iter()
            .enumerate()
            .map(|(i, &u)| rung(u, if i % 2 == 0 { BROKEN } else { DISORDERED })),
    );
    let b9 = with(&b, ev.clone());
    assert!(!alls_lost(&b9.context(), 0));
    assert!(alls_lost_events(&b9.context(), 0).is_empty());
    ev.push(rung(units[9], DISORDERED));
    let b10 = with(&b, ev);
    assert!(alls_lost(&b10.context(), 0));
    let events = alls_lost_events(&b10.context(), 0);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Fact { text, .. } if text.starts_with("All's Lost")))
    );
    let shot = id(&b, 0, "royal_shot");
    assert_eq!(
        rung_after(&events, shot),
        Some(BROKEN),
        "commanded shot break"
    );
    // Passing twice ends the turn and checks it.
    let mut b = with(
        &b10,
        vec![Event::Clock {
            turn: 1,
            phase: 1,
            side: 0,
        }],
    );
    b.start(Action::Procedure(call(P_PASS, vec![], vec![], &[])))
        .unwrap();
    b.start(Action::Procedure(call(P_PASS, vec![], vec![], &[])))
        .unwrap();
    assert!(b.state().sides[0].flag(BEATEN));
    assert!(!b.state().sides[1].flag(BEATEN));
    assert_eq!((b.state().turn, b.state().phase), (2, 0));
}

#[test]
fn a_manoeuvre_draw_through_the_battle_uses_the_shared_deck() {
    let mut b = battle();
    let f = id(&b, 0, "bard_t");
    b = with(&b, vec![rung(f, UNSTEADY)]);
    let left = b.state().deck.cards_left();
    b.start(Action::Procedure(call(P_REFORM, vec![f], vec![], &[])))
        .unwrap();
    b.draw().unwrap();
    assert!(b.pending().is_none());
    assert_eq!(b.state().deck.cards_left(), left - 1);
    assert!(
        b.log()
            .last()
            .unwrap()
            .events
            .iter()
            .any(|e| matches!(e, Event::Drew { .. }))
    );
}

#[test]
fn odds_sum_to_one() {
    let b = battle();
    let horse = id(&b, 0, "rupert_h");
    let foot = id(&b, 1, "fairfax_f");
    let guns = id(&b, 1, "nma_train");
    let def = id(&b, 1, "vermuyden_h");
    let b = with(
        &b,
        vec![mark(horse, ATTACHED, "rupert"), flag(horse, MOVING)],
    );
    let ctx = b.context();
    // The Royalists moving: the foot and guns fire in their opponent's turn, on a card.
    let moves = with(
        &b,
        vec![Event::Clock {
            turn: 1,
            phase: 1,
            side: 0,
        }],
    );
    let in_moves = moves.context();
    let calls = [
        call(P_FIRE, vec![foot], vec![horse], &[]),
        call(P_FIRE, vec![guns], vec![horse], &[(CLOSE_GUNS, "yes")]),
        call(P_COMBAT, vec![horse], vec![def], &[(DIRECTION, "rear")]),
        call(P_HALT, vec![horse], vec![], &[]),
        call(P_INITIATIVE, vec![], vec![], &[]),
    ];
    for c in calls {
        let ctx = if c.id == P_INITIATIVE {
            &ctx
        } else {
            &in_moves
        };
        let p = SYSTEM
            .procedure(ctx, &c)
            .unwrap_or_else(|r| panic!("{}: {r}", c.id));
        let odds = procedure_odds(p.as_ref(), ctx, &[]);
        assert!((odds.total() - 1.0).abs() < 1e-9, "{}: {odds:?}", c.id);
        assert!(odds.unexplored < 1e-3, "{}: {odds:?}", c.id);
    }
    let p = SYSTEM
        .procedure(&ctx, &call(P_INITIATIVE, vec![], vec![], &[]))
        .unwrap();
    let odds = procedure_odds(p.as_ref(), &ctx, &[]);
    // A tie is rolled again (gap V-13): each side's chance is (45/100) / (90/100), one half.
    assert!(odds.repeats, "{odds:?}");
    assert!(odds.unexplored < 1e-12, "{odds:?}");
    assert!(
        (odds.p("Royalist moves first") - 0.5).abs() < 1e-12,
        "{odds:?}"
    );
    // After the Royalists' 4 the Parliament wins on 5–9 (5/10), loses on 0–3 (4/10), and on a
    // 4 (1/10) both roll again, an even roll-off: 11/20 against 9/20.
    let odds = odds_after_first_roll(p.as_ref(), &ctx, vec![4]);
    assert!(odds.unexplored < 1e-12, "{odds:?}");
    assert!(
        (odds.p("Parliament moves first") - 11.0 / 20.0).abs() < 1e-12,
        "{odds:?}"
    );
    assert!(
        (odds.p("Royalist moves first") - 9.0 / 20.0).abs() < 1e-12,
        "{odds:?}"
    );
    // Halt with a leader: fail only if both cards are black: (26·25)/(52·51).
    let p = SYSTEM
        .procedure(&ctx, &call(P_HALT, vec![horse], vec![], &[]))
        .unwrap();
    let odds = procedure_odds(p.as_ref(), &ctx, &[]);
    assert!(
        (odds.p("not allowed") - 650.0 / 2652.0).abs() < 1e-9,
        "{odds:?}"
    );
}

#[test]
fn tables_are_data_and_overridable() {
    let mut t = VwsTables::standard();
    t.columns = [Suit::Spades, Suit::Diamonds, Suit::Clubs, Suit::Hearts];
    assert!(verdict(&t, Manoeuvre::Rally, card("2S"), Situation::default()).allowed);
    let text = ron::to_string(&VwsTables::standard()).unwrap();
    let back = adjutant_core::rules::victory_without_squares::overrides::tables("mine.ron", &text)
        .unwrap();
    assert_eq!(back.render()[0].source, Source::Override("mine.ron".into()));
    assert_eq!(SYSTEM.tables().len(), 6);
}

#[test]
fn every_piece_has_a_schema_and_offers() {
    let b = battle();
    let ctx = b.context();
    assert!(!SYSTEM.offers(&ctx, &[], &[]).is_empty());
    let enemy = id(&b, 1, "fairfax_f");
    for p in b.roster.ids() {
        let schema = SYSTEM.piece_schema(&b.roster, p);
        assert_eq!(schema.ladders.len(), 1, "{}", b.roster.name(p));
        let _ = SYSTEM.offers(&ctx, &[p], &[]);
        let _ = SYSTEM.offers(&ctx, &[p], &[enemy]);
    }
    assert_eq!(SYSTEM.figures(&ctx).len(), 2);
    assert!(adjutant_core::rules::by_id("victory_without_squares").is_some());
}

#[test]
fn pursuers_are_recalled_on_a_red_card_or_when_far_behind() {
    let b = battle();
    let horse = id(&b, 0, "northampton_h");
    let offered = |b: &Battle| {
        SYSTEM
            .offers(&b.context(), &[horse], &[])
            .iter()
            .any(|o| o.id == P_RECALL)
    };
    assert!(!offered(&b), "only a pursuing body can be recalled");
    let b = with(&b, vec![flag(horse, PURSUING)]);
    assert!(offered(&b));
    let stops = |ev: &[Event]| {
        ev.iter().any(|e| {
            matches!(e, Event::Piece { piece, change: Change::Flag { key, on: false } }
                if *piece == horse && key == PURSUING)
        })
    };
    let recall = call(P_RECALL, vec![horse], vec![], &[]);
    // §3.9: a red card recalls them; a black card does not.
    for red in ["2H", "KD"] {
        let (s, ev) = run(&b, &recall, &[], &[red]);
        assert_eq!(s, "recalled", "{red}");
        assert!(stops(&ev), "{red}");
    }
    for black in ["2S", "QC"] {
        let (s, ev) = run(&b, &recall, &[], &[black]);
        assert_eq!(s, "pursuit goes on", "{black}");
        assert!(!stops(&ev), "{black}");
    }
    // 4" or more behind: recalled with no card.
    let far = call(P_RECALL, vec![horse], vec![], &[(FAR_BEHIND, "yes")]);
    let (s, ev) = run(&b, &far, &[], &[]);
    assert_eq!(s, "Pursuers recalled");
    assert!(stops(&ev));
}

#[test]
fn formation_changes_hedgehog_shots_and_columns() {
    let b = battle();
    let foot = id(&b, 1, "fairfax_f");
    let horse = id(&b, 0, "rupert_h");
    let posture = |change: &str| call(P_POSTURE, vec![foot], vec![], &[("change", change)]);
    // Foot forms a hedgehog: the flag is set and the change is in the log.
    let (s, ev) = run(&b, &posture("form hedgehog"), &[], &[]);
    assert!(s.ends_with("form hedgehog"), "{s}");
    assert!(ev.contains(&flag(foot, HEDGEHOG)));
    // Horse cannot form a hedgehog; the train forms no column.
    let r = SYSTEM
        .procedure(
            &b.context(),
            &call(
                P_POSTURE,
                vec![horse],
                vec![],
                &[("change", "form hedgehog")],
            ),
        )
        .err()
        .expect("refused");
    assert!(r.reason.contains("cannot form hedgehog"), "{r}");
    let train = id(&b, 1, "nma_train");
    assert!(
        SYSTEM
            .procedure(
                &b.context(),
                &call(P_POSTURE, vec![train], vec![], &[("change", "form column")]),
            )
            .is_err()
    );
    // In a hedgehog the foot fires one figure, up to four separate shots a turn.
    let hedgehog = with(&b, vec![flag(foot, HEDGEHOG)]);
    let fire = call(P_FIRE, vec![foot], vec![horse], &[]);
    assert_eq!(run(&hedgehog, &fire, &[1], &[]).0, "hit");
    assert_eq!(run(&hedgehog, &fire, &[2], &[]).0, "miss");
    let shots = |n: i32| Event::Piece {
        piece: foot,
        change: Change::Track {
            key: SHOTS.into(),
            to: n,
        },
    };
    let three = with(&hedgehog, vec![shots(3), flag(foot, FIRED)]);
    assert!(
        SYSTEM
            .procedure(&own_turn(&three, &fire).context(), &fire)
            .is_ok(),
        "a fourth shot"
    );
    let four = with(&hedgehog, vec![shots(4), flag(foot, FIRED)]);
    let r = SYSTEM
        .procedure(&own_turn(&four, &fire).context(), &fire)
        .err()
        .expect("refused");
    assert!(r.reason.contains("hedgehog 4 times"), "{r}");
    // A column cannot fire (§3.4), and forming it leaves the hedgehog.
    let (_, ev) = run(&hedgehog, &posture("form column"), &[], &[]);
    assert!(ev.contains(&flag(foot, COLUMN)));
    assert!(ev.iter().any(|e| matches!(e, Event::Piece { piece, change: Change::Flag { key, on: false } } if *piece == foot && key == HEDGEHOG)));
    let column = with(&b, vec![flag(foot, COLUMN)]);
    let r = SYSTEM
        .procedure(&own_turn(&column, &fire).context(), &fire)
        .err()
        .expect("refused");
    assert_eq!(r.rule, "§3.4");
    // A column already formed is not formed twice.
    assert!(
        SYSTEM
            .procedure(&column.context(), &posture("form column"))
            .is_err()
    );
}

#[test]
fn an_attack_on_a_column_counts_as_a_flank_attack() {
    let b = battle();
    let att = id(&b, 0, "northampton_h");
    let def = id(&b, 1, "vermuyden_h");
    let c = call(P_COMBAT, vec![att], vec![def], &[]);
    let column = with(&b, vec![flag(def, COLUMN)]);
    // Head-on against a column is read as oblique/flank: the same score as declaring it.
    let flank = call(
        P_COMBAT,
        vec![att],
        vec![def],
        &[(DIRECTION, "oblique or flank")],
    );
    for face in [0u8, 3, 6, 9] {
        let (on_column, _) = run(&column, &c, &[face], &["2H"]);
        let (declared, _) = run(&b, &flank, &[face], &["2H"]);
        assert_eq!(on_column, declared, "face {face}");
    }
    let (front, _) = run(&b, &c, &[3], &["2H"]);
    let (on_column, _) = run(&column, &c, &[3], &["2H"]);
    assert_ne!(front, on_column, "the column changes the score");
}

/// The leader's "Attached to" set by hand (the leader's row, or the correction by hand): the
/// battle's record, which the body's own mark follows.
fn attach_by_hand(b: &mut Battle, leader: PieceId, unit: Option<PieceId>) {
    use adjutant_core::battle::adjust::Subject;
    let to = unit.map(|u| b.roster.name(u).to_string());
    b.adjust(
        Subject::Piece(leader),
        Change::Mark {
            key: adjutant_core::status::WITH.into(),
            to,
        },
    )
    .unwrap();
}

// §4.3: "A leader attached: draw two, use the better"; the combat table's "own body has a
// leader attached" / "opponent's body has a leader attached". The attachment recorded on the
// leader's row is the one the draw and the combat read.
#[test]
fn a_leader_attached_by_hand_draws_two_cards_and_counts_in_combat() {
    let mut b = battle();
    let rupert = id(&b, 0, "rupert");
    let h = id(&b, 0, "rupert_h");
    let def = id(&b, 1, "vermuyden_h");
    let combat_mods = |b: &Battle| -> Vec<(i32, String)> {
        let c = call(P_COMBAT, vec![h], vec![def], &[]);
        let b = own_turn(b, &c);
        let ctx = b.context();
        let p = SYSTEM.procedure(&ctx, &c).unwrap();
        match p.step(&ctx, &[]) {
            Step::Dice(req) => req
                .dice
                .modifiers
                .iter()
                .map(|m| (m.value, m.label.clone()))
                .collect(),
            other => panic!("{other:?}"),
        }
    };
    let before = combat_mods(&b);
    assert!(
        !before
            .iter()
            .any(|(_, l)| l.contains("own body has a leader"))
    );
    b = with(&b, vec![flag(h, MOVING)]);
    attach_by_hand(&mut b, rupert, Some(h));
    assert_eq!(b.state().piece(h).mark(ATTACHED), Some("rupert"));
    let (s, ev) = run(&b, &call(P_HALT, vec![h], vec![], &[]), &[], &["3C", "QH"]);
    assert_eq!(s, "halts");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Fact { text, .. } if text.contains("used")))
    );
    let after = combat_mods(&b);
    assert!(
        after
            .iter()
            .any(|(v, l)| *v == -1 && l.contains("own body has a leader attached")),
        "{after:?}"
    );
    // Moved to another body by hand: the first is no longer led; cleared: neither is.
    let f = id(&b, 0, "rupert_lg");
    attach_by_hand(&mut b, rupert, Some(f));
    assert_eq!(b.state().piece(h).mark(ATTACHED), None);
    assert_eq!(b.state().piece(f).mark(ATTACHED), Some("rupert"));
    attach_by_hand(&mut b, rupert, None);
    assert_eq!(b.state().piece(f).mark(ATTACHED), None);
    b.undo().unwrap();
    assert_eq!(b.state().piece(f).mark(ATTACHED), Some("rupert"));
    // The body's "Leader attached" cleared by hand ends the leader's record too.
    b.adjust(
        adjutant_core::battle::adjust::Subject::Piece(f),
        Change::Mark {
            key: ATTACHED.into(),
            to: None,
        },
    )
    .unwrap();
    assert_eq!(b.state().piece(rupert).mark(ATTACHED), None);
}
