//! The rules as the original text writes them: each test quotes the lines of *Victory Without
//! Squares (v2)* it checks, with the Naseby armies and fixed dice faces and cards.

use super::*;

use adjutant_core::rules::victory_without_squares::movement::MOVES;
use adjutant_core::rules::victory_without_squares::tables::VwsSwitches;
use adjutant_core::rules::victory_without_squares::turn::{
    PHASE_INITIATIVE, PHASE_MOVES, end_of_turn,
};
use adjutant_core::rules::victory_without_squares::{VictoryWithoutSquares, fire::firing_figures};

/// The battle in turn 1's moves with `side` moving, and a position on top.
fn turn_of(side: usize, events: Vec<Event>) -> Battle {
    let mut all = vec![Event::Clock {
        turn: 1,
        phase: PHASE_MOVES,
        side,
    }];
    all.extend(events);
    with(&battle(), all)
}

/// Runs a call on another system value (switches set) the way [`run`] does.
fn refusal(b: &Battle, c: &Call) -> String {
    match SYSTEM.procedure(&b.context(), c) {
        Ok(_) => panic!("{} was not refused", c.id),
        Err(r) => format!("{} ({})", r.reason, r.rule),
    }
}

/// The battle after the end-of-turn events (marks of this turn cleared), in the next turn's
/// moves with `side` moving.
fn next_turn(b: &Battle, side: usize) -> Battle {
    let ctx = b.context();
    let events = end_of_turn(&ctx);
    let b = with(b, events);
    let turn = b.state().turn;
    with(
        &b,
        vec![Event::Clock {
            turn,
            phase: PHASE_MOVES,
            side,
        }],
    )
}

fn has_flag(events: &[Event], p: PieceId, key: &str, on: bool) -> bool {
    events.contains(&Event::Piece {
        piece: p,
        change: Change::Flag {
            key: key.into(),
            on,
        },
    })
}

#[test]
fn a_body_is_recorded_moving_and_needs_a_halt_card_to_stop() {
    // "NB Once a unit starts moving it will continue to do so until it is able to draw a card
    // to stop, meets an obstacle or comes within musket range of the enemy."
    let b = turn_of(1, vec![]);
    let f = id(&b, 1, "fairfax_f");
    let c = call(P_HALT, vec![f], vec![], &[]);
    assert!(refusal(&b, &c).contains("§3.2"), "not moving: no Halt draw");
    let (_, ev) = run(&b, &call(P_MOVE, vec![f], vec![], &[]), &[], &[]);
    assert!(has_flag(&ev, f, MOVING, true) && has_flag(&ev, f, MOVED, true));
    let b = with(&b, ev);
    // "Halt/Turn About  y y n n": a club keeps it moving, a heart halts it.
    let (s, ev) = run(&b, &c, &[], &["7C"]);
    assert_eq!(s, "not allowed");
    assert!(!has_flag(&ev, f, MOVING, false));
    let (s, ev) = run(&b, &c, &[], &["7H"]);
    assert_eq!(s, "halts");
    assert!(has_flag(&ev, f, MOVING, false));
    // An obstacle or musket range stops it with no card.
    let stop = call(P_MOVE, vec![f], vec![], &[(MOVE, MOVES[2])]);
    let (_, ev) = run(&b, &stop, &[], &[]);
    assert!(has_flag(&ev, f, MOVING, false));
}

#[test]
fn mounted_attackers_gain_against_moving_foot() {
    // "Mounted attackers vs moving foot/standing cavalry  -1"
    let b = turn_of(0, vec![]);
    let (h, f) = (id(&b, 0, "rupert_h"), id(&b, 1, "fairfax_f"));
    let b = with(&b, vec![rung(f, UNSTEADY)]);
    let oblique = call(P_COMBAT, vec![h], vec![f], &[(DIRECTION, "oblique")]);
    let mods = |b: &Battle| -> Vec<String> {
        let ctx = b.context();
        let p = SYSTEM.procedure(&ctx, &oblique).unwrap();
        let Step::Dice(req) = p.step(&ctx, &[]) else {
            panic!("a die")
        };
        req.dice.modifiers.iter().map(|m| m.label.clone()).collect()
    };
    let standing = mods(&b);
    assert!(!standing.iter().any(|l| l.contains("moving foot")));
    let moving = mods(&with(&b, vec![flag(f, MOVING)]));
    assert!(
        moving.iter().any(|l| l.contains("moving foot")),
        "{moving:?}"
    );
}

#[test]
fn out_of_powder_halves_even_a_one_base_gun() {
    // "Artillery bases count double when firing." "Guns rolling "0" when firing run out of
    // powder. Reduce effectiveness by half."
    let b = turn_of(0, vec![]);
    let gun = id(&b, 0, "royal_train"); // 1 base: 2 figures
    let t = id(&b, 1, "fairfax_f");
    let standard = VwsTables::standard();
    assert_eq!(firing_figures(&standard, &b.context(), gun), 2);
    let dry = with(&b, vec![flag(gun, OUT_OF_POWDER)]);
    assert_eq!(firing_figures(&standard, &dry.context(), gun), 1);
    let c = call(P_FIRE, vec![gun], vec![t], &[]);
    assert_eq!(run(&dry, &c, &[1], &[]).0, "hit");
    assert_eq!(run(&dry, &c, &[2], &[]).0, "miss", "1 figure: a 2 misses");
    // The switch: half the bases, at least one, so a one-base gun keeps 2 figures.
    let mut switched = VwsTables::standard();
    switched.switches = VwsSwitches {
        powder_halves_bases: true,
    };
    assert_eq!(firing_figures(&switched, &dry.context(), gun), 2);
    let system = VictoryWithoutSquares::with_tables(switched);
    let sw = system
        .tables()
        .into_iter()
        .find(|t| t.id == "switches")
        .unwrap();
    assert_eq!(sw.rows[0][0], "powder_halves_bases");
    assert_eq!(sw.rows[0][1], "1 (on)");
    assert_eq!(sw.rows[0][2], "0 (off)");
}

#[test]
fn the_side_not_moving_fires_only_on_its_card() {
    // "a. In their own turn when it is their turn to move. OR b. when the enemy come in range
    // if they draw the correct card (see above)." "Fire in opponent's turn  y y y n"
    let b = turn_of(0, vec![]);
    let (foot, horse) = (id(&b, 1, "fairfax_f"), id(&b, 0, "rupert_h"));
    let c = call(P_FIRE, vec![foot], vec![horse], &[]);
    let ctx = b.context();
    let p = SYSTEM.procedure(&ctx, &c).unwrap();
    assert!(
        matches!(p.step(&ctx, &[]), Step::Card(_)),
        "the opponent's turn asks for a card first"
    );
    let (s, ev) = run(&b, &c, &[], &["4S"]);
    assert_eq!(s, "may not fire");
    assert!(!has_flag(&ev, foot, FIRED, true));
    assert_eq!(run(&b, &c, &[0], &["4H"]).0, "hit");
    // In its own turn the same body fires with no card.
    let own = turn_of(1, vec![]);
    let ctx = own.context();
    let p = SYSTEM.procedure(&ctx, &c).unwrap();
    assert!(matches!(p.step(&ctx, &[]), Step::Dice(_)));
}

#[test]
fn a_body_fires_instead_of_moving_rallying_or_reforming() {
    // "Troops with firearms can fire once per turn instead of moving/ rallying/ reforming"
    let b = turn_of(1, vec![]);
    let (foot, t) = (id(&b, 1, "fairfax_f"), id(&b, 0, "bard_t"));
    let fire = call(P_FIRE, vec![foot], vec![t], &[]);
    let moved = with(&b, vec![flag(foot, MOVED)]);
    assert!(refusal(&moved, &fire).contains("§3.3"));
    let (_, ev) = run(&b, &fire, &[9], &[]);
    let fired = with(&b, ev);
    let mv = call(P_MOVE, vec![foot], vec![], &[]);
    assert!(refusal(&fired, &mv).contains("§3.3"));
    let shaken = with(&fired, vec![rung(foot, UNSTEADY)]);
    let reform = call(P_REFORM, vec![foot], vec![], &[]);
    assert!(refusal(&shaken, &reform).contains("§3.3"));
    let reformed = with(&b, vec![flag(foot, REFORMED)]);
    assert!(refusal(&reformed, &fire).contains("§3.3"));
    // "Cavalry: ... To wheel up to 90 o or about face or fire pistols deduct 4"": horse move
    // and fire.
    let horse = id(&b, 1, "pye_h");
    let ridden = with(&b, vec![flag(horse, MOVED)]);
    let pistols = call(P_FIRE, vec![horse], vec![t], &[]);
    assert_eq!(run(&ridden, &pistols, &[9], &[]).0, "miss");
}

#[test]
fn unlimbering_takes_the_full_turn() {
    // "Artillery: 4" per move. Full turn to unlimber"
    let b = turn_of(1, vec![]);
    let (gun, t) = (id(&b, 1, "nma_train"), id(&b, 0, "bard_t"));
    let limbered = with(&b, vec![flag(gun, LIMBERED)]);
    let fire = call(P_FIRE, vec![gun], vec![t], &[]);
    assert!(refusal(&limbered, &fire).contains("§3.4"));
    let unlimber = call(
        P_POSTURE,
        vec![gun],
        vec![],
        &[("change", "unlimber (a full turn)")],
    );
    let moved = with(&limbered, vec![flag(gun, MOVED)]);
    assert!(
        refusal(&moved, &unlimber).contains("§3.4"),
        "not after moving"
    );
    let (_, ev) = run(&limbered, &unlimber, &[], &[]);
    assert!(has_flag(&ev, gun, UNLIMBERING, true));
    let unlimbering = with(&limbered, ev);
    assert!(refusal(&unlimbering, &fire).contains("unlimbering"));
    assert!(refusal(&unlimbering, &call(P_MOVE, vec![gun], vec![], &[])).contains("§3.4"));
    // Next turn it fires.
    let next = next_turn(&unlimbering, 1);
    assert_eq!(run(&next, &fire, &[0], &[]).0, "hit, out of powder");
}

#[test]
fn a_beaten_army_may_not_advance() {
    // "Armies ending a turn with more broken or disordered bodies than otherwise are beaten,
    // and may not advance."
    let b = turn_of(0, vec![]);
    let (h, t) = (id(&b, 0, "rupert_h"), id(&b, 1, "vermuyden_h"));
    let beaten = with(
        &b,
        vec![Event::Side {
            side: 0,
            change: Change::Flag {
                key: BEATEN.into(),
                on: true,
            },
        }],
    );
    let attack = call(P_COMBAT, vec![h], vec![t], &[]);
    assert!(refusal(&beaten, &attack).contains("§10.2"));
    let advance = call(P_MOVE, vec![h], vec![], &[(MOVE, MOVES[0])]);
    assert!(refusal(&beaten, &advance).contains("§10.2"));
    let away = call(P_MOVE, vec![h], vec![], &[(MOVE, MOVES[1])]);
    assert_eq!(
        run(&beaten, &away, &[], &[]).0,
        format!("{} moves", beaten.roster.name(h))
    );
    // "Disordered  May not fire or approach the enemy."
    let shaken = with(&b, vec![rung(h, DISORDERED)]);
    assert!(refusal(&shaken, &advance).contains("§1.4"));
}

#[test]
fn foot_that_form_hedgehog_do_not_also_fire() {
    // "Infantry: Move 4" per turn (including an about face if required), or wheel up to 90 o,
    // or form hedgehog, or fire." "HEDGEHOGS: Fire 1 figure in any direction (up to 4)."
    let b = turn_of(1, vec![]);
    let (foot, t) = (id(&b, 1, "fairfax_f"), id(&b, 0, "bard_t"));
    let form = call(
        P_POSTURE,
        vec![foot],
        vec![],
        &[("change", "form hedgehog")],
    );
    let (_, ev) = run(&b, &form, &[], &[]);
    let formed = with(&b, ev);
    let fire = call(P_FIRE, vec![foot], vec![t], &[]);
    assert!(refusal(&formed, &fire).contains("§3.3"));
    let next = next_turn(&formed, 1);
    // One figure: a 1 hits, a 2 misses (the target is Formed, no other modifier).
    assert_eq!(run(&next, &fire, &[1], &[]).0, "hit");
    assert_eq!(run(&next, &fire, &[2], &[]).0, "miss");
}

#[test]
fn horse_attacking_a_hedgehog_count_as_head_on() {
    // "Horse attacking hedgehogs count as attacking head on, see below." "Horse  Never attack
    // formed foot head on"
    let b = turn_of(0, vec![]);
    let (h, f) = (id(&b, 0, "rupert_h"), id(&b, 1, "fairfax_f"));
    let hedgehog = with(&b, vec![flag(f, HEDGEHOG)]);
    let flank = call(P_COMBAT, vec![h], vec![f], &[(DIRECTION, "oblique")]);
    assert!(refusal(&hedgehog, &flank).contains("head-on"));
    let shaken = with(&hedgehog, vec![rung(f, UNSTEADY)]);
    let ctx = shaken.context();
    let p = SYSTEM.procedure(&ctx, &flank).unwrap();
    let Step::Dice(req) = p.step(&ctx, &[]) else {
        panic!("a die")
    };
    assert!(
        !req.dice
            .modifiers
            .iter()
            .any(|m| m.label.contains("obliquely")),
        "no flank modifier against a hedgehog"
    );
}

#[test]
fn alls_lost_breaking_pikemen_throw_away_their_pikes() {
    // "Dragoons, commanded shot, gunners and disordered bodies break." "NB: Broken pikemen
    // throw away their pikes, and cannot be rallied. Remove the broken pike bases."
    let b = battle();
    let foot: Vec<PieceId> = ["astley_t", "bluecoats", "bernard_t", "bard_t", "lisle_t"]
        .iter()
        .map(|n| id(&b, 0, n))
        .collect();
    let mut position: Vec<Event> = foot.iter().map(|&f| rung(f, DISORDERED)).collect();
    for n in [
        "rupert_lg",
        "rupert_h",
        "maurice_h",
        "queens_h",
        "northampton_h",
    ] {
        position.push(rung(id(&b, 0, n), BROKEN));
    }
    let b = with(&b, position);
    let ctx = b.context();
    assert!(alls_lost(&ctx, 0));
    let ev = alls_lost_events(&ctx, 0);
    for f in foot {
        assert_eq!(rung_after(&ev, f), Some(BROKEN));
        assert!(has_flag(&ev, f, PIKE_LOST, true), "{}", b.roster.name(f));
    }
}

#[test]
fn only_the_moving_side_attacks() {
    // "Combat occurs when a moving body (Attackers) contacts an opposing body (Defenders)."
    let b = turn_of(0, vec![]);
    let (h, t) = (id(&b, 1, "pye_h"), id(&b, 0, "rupert_h"));
    let c = call(P_COMBAT, vec![h], vec![t], &[]);
    assert!(refusal(&b, &c).contains("only the side moving attacks"));
    let theirs = turn_of(1, vec![]);
    assert!(SYSTEM.procedure(&theirs.context(), &c).is_ok());
}

#[test]
fn parliamentarian_horse_before_1644_attack_only_after_pistols() {
    // "Parliamentarian Horse before 1644  Only attack after firing pistols"
    let mut armies = armies();
    let u = armies[1]
        .units
        .iter_mut()
        .find(|u| u.id == "pye_h")
        .unwrap();
    u.traits.insert(BEFORE_1644.into());
    let b = with(
        &battle_of(armies),
        vec![Event::Clock {
            turn: 1,
            phase: PHASE_MOVES,
            side: 1,
        }],
    );
    let (h, t) = (id(&b, 1, "pye_h"), id(&b, 0, "rupert_h"));
    let c = call(P_COMBAT, vec![h], vec![t], &[]);
    assert!(refusal(&b, &c).contains("before 1644"));
    let (_, ev) = run(&b, &call(P_FIRE, vec![h], vec![t], &[]), &[9], &[]);
    let fired = with(&b, ev);
    assert!(SYSTEM.procedure(&fired.context(), &c).is_ok());
}

#[test]
fn bodies_leave_play_and_an_unhorsed_leader_overrun_is_captured() {
    // "Unhorsed – ineffective 1 turn: captured if overrun" "Foot next to formed enemy and 12"
    // or more from unbroken friends surrender." "may not rally next to enemy or return after
    // leaving table."
    let b = turn_of(0, vec![]);
    let (f, bard) = (id(&b, 0, "bard_t"), id(&b, 0, "bard"));
    let capture = call(P_CAPTURE, vec![bard], vec![], &[]);
    assert!(refusal(&b, &capture).contains("§9.3"), "only when unhorsed");
    let b = with(
        &b,
        vec![
            mark(f, ATTACHED, "bard"),
            mark(bard, ATTACHED, &b.roster.name(f)),
            Event::Piece {
                piece: bard,
                change: Change::Ladder {
                    key: LEADER.into(),
                    to: UNHORSED,
                },
            },
        ],
    );
    let overrun = call(
        P_REMOVE,
        vec![f],
        vec![],
        &[(REASON, "overrun or contacted")],
    );
    let (_, ev) = run(&b, &overrun, &[], &[]);
    assert!(has_flag(&ev, f, REMOVED, true));
    assert!(ev.contains(&Event::Piece {
        piece: bard,
        change: Change::Ladder {
            key: LEADER.into(),
            to: CAPTURED,
        },
    }));
    let surrender = call(P_REMOVE, vec![f], vec![], &[(REASON, "surrendered")]);
    let (_, ev) = run(&b, &surrender, &[], &[]);
    assert!(has_flag(&ev, f, REMOVED, true));
    assert!(!ev.iter().any(|e| matches!(e, Event::Piece { piece, change: Change::Ladder { to, .. } } if *piece == bard && *to == CAPTURED)));
    // The capture action by itself, and a removed body does nothing more.
    assert_eq!(
        run(&b, &capture, &[], &[]).0,
        format!("{} captured", b.roster.name(bard))
    );
    let gone = with(&b, ev);
    assert!(refusal(&gone, &call(P_MOVE, vec![f], vec![], &[])).contains("§8.6"));
}

#[test]
fn bodies_overrun_by_fleeing_friends_lose_a_level() {
    // "Bodies overrun by fleeing friends lose a formation level."
    let b = turn_of(0, vec![]);
    let (f, shot) = (id(&b, 0, "bard_t"), id(&b, 0, "royal_shot"));
    let (_, ev) = run(&b, &call(P_OVERRUN, vec![f], vec![], &[]), &[], &[]);
    assert_eq!(rung_after(&ev, f), Some(UNSTEADY));
    // "NB: Commanded Shot and Dragoons go directly from Formed to Disordered."
    let (_, ev) = run(&b, &call(P_OVERRUN, vec![shot], vec![], &[]), &[], &[]);
    assert_eq!(rung_after(&ev, shot), Some(DISORDERED));
}

/// A procedure whose card requests read the whole card: the odds walk then branches once per
/// card, as it did before card classes.
struct EveryCard<'a>(&'a dyn adjutant_core::procedure::Procedure);

impl adjutant_core::procedure::Procedure for EveryCard<'_> {
    fn title(&self) -> String {
        self.0.title()
    }

    fn step(&self, ctx: &adjutant_core::battle::state::Context, inputs: &[Input]) -> Step {
        match self.0.step(ctx, inputs) {
            Step::Card(mut r) => {
                r.reads = adjutant_core::procedure::CardRead::Exact;
                Step::Card(r)
            }
            s => s,
        }
    }
}

#[test]
fn card_classes_give_the_same_odds_as_every_card() {
    // Every card reading of the rules is by suit and picture: "Draw card for leaders under
    // fire/in combat, and see below if picture", "♥ ♦ Unhorsed", "♣ ♠ Killed", "must pursue
    // on a Black, and may do so on Red", "Dragoons drawing Ace-10". So the walk may branch per
    // class; the odds must match the walk over all 52 cards, outcome by outcome.
    let b = turn_of(0, vec![]);
    let (foot, horse, def) = (
        id(&b, 1, "fairfax_f"),
        id(&b, 0, "rupert_h"),
        id(&b, 1, "vermuyden_h"),
    );
    let b = with(
        &b,
        vec![
            mark(horse, ATTACHED, "rupert"),
            rung(horse, DISORDERED),
            flag(horse, MOVING),
            flag(def, MOVING),
        ],
    );
    let drg = id(&b, 0, "royal_drg");
    let calls = [
        call(P_FIRE, vec![foot], vec![horse], &[]),
        call(P_HALT, vec![horse], vec![], &[]),
        call(P_DIFFICULT, vec![drg], vec![], &[]),
        call(P_NEAR_BROKEN, vec![drg], vec![], &[]),
    ];
    let ctx = b.context();
    for c in calls {
        let p = SYSTEM
            .procedure(&ctx, &c)
            .unwrap_or_else(|r| panic!("{}: {r}", c.id));
        let classes = procedure_odds(p.as_ref(), &ctx, &[]);
        let every = procedure_odds(&EveryCard(p.as_ref()), &ctx, &[]);
        assert_eq!(classes.unexplored, 0.0, "{}", c.id);
        assert_eq!(every.unexplored, 0.0, "{}", c.id);
        assert_eq!(classes.outcomes.len(), every.outcomes.len(), "{}", c.id);
        for (summary, q) in &every.outcomes {
            assert!(
                (classes.p(summary) - q).abs() < 1e-12,
                "{}: {summary}",
                c.id
            );
        }
    }
    // The combat of Rupert's horse (Formed again) into Vermuyden's: D10, Rupert's card, and
    // the pursuit card.
    let b = with(&b, vec![rung(horse, FORMED)]);
    let ctx = b.context();
    let c = call(P_COMBAT, vec![horse], vec![def], &[(DIRECTION, "rear")]);
    let p = SYSTEM.procedure(&ctx, &c).unwrap();
    let classes = procedure_odds(p.as_ref(), &ctx, &[]);
    let every = procedure_odds(&EveryCard(p.as_ref()), &ctx, &[]);
    assert_eq!(every.unexplored, 0.0);
    for (summary, q) in &every.outcomes {
        assert!((classes.p(summary) - q).abs() < 1e-12, "combat: {summary}");
    }
}

#[test]
fn foot_and_dragoons_do_one_of_their_alternatives_a_turn() {
    // MOVEMENT 1: "Infantry: Move 4" per turn (including an about face if required), or wheel
    // up to 90 o, or form hedgehog, or fire." MOVEMENT 3: dragoons "To dismount/dismount takes
    // 4" movement from the move allowance at the start of the turn. (ie cannot mount up and
    // ride off in same turn)". Each alternative excludes the others.
    let b = turn_of(1, vec![]);
    let (foot, drg) = (id(&b, 1, "fairfax_f"), id(&b, 1, "okey_drg"));
    let move_of = |p| call(P_MOVE, vec![p], vec![], &[]);
    let hedgehog = call(
        P_POSTURE,
        vec![foot],
        vec![],
        &[("change", "form hedgehog")],
    );
    let (_, ev) = run(&b, &move_of(foot), &[], &[]);
    let moved = with(&b, ev);
    assert!(
        refusal(&moved, &hedgehog).contains("§3.4"),
        "no hedgehog after moving"
    );
    let (_, ev) = run(&b, &hedgehog, &[], &[]);
    let formed = with(&b, ev);
    assert!(
        refusal(&formed, &move_of(foot)).contains("§3.4"),
        "no move after forming hedgehog"
    );
    // Dragoons: mounting or dismounting, or riding off, not both.
    let change = if b.state().piece(drg).flag(MOUNTED) {
        "dismount"
    } else {
        "mount"
    };
    let swap = call(P_POSTURE, vec![drg], vec![], &[("change", change)]);
    let (_, ev) = run(&b, &move_of(drg), &[], &[]);
    let rode = with(&b, ev);
    assert!(refusal(&rode, &swap).contains("§3.4"), "not after moving");
    let (_, ev) = run(&b, &swap, &[], &[]);
    let swapped = with(&b, ev);
    assert!(
        refusal(&swapped, &move_of(drg)).contains("§3.4"),
        "cannot {change} and ride off in the same turn"
    );
    // Next turn the dragoons move again.
    let next = next_turn(&swapped, 1);
    run(&next, &move_of(drg), &[], &[]);
}

#[test]
fn the_header_names_the_side_to_move_once_the_initiative_is_won() {
    // TURN SEQUENCE 1: "Roll a D10. Highest decides which side moves first." Until then no
    // side is to move.
    let mut b = battle();
    assert_eq!(b.state().phase, PHASE_INITIATIVE);
    assert_eq!(b.clock_line(), "Turn 1 · Initiative");
    let roll = call(P_INITIATIVE, vec![], vec![], &[]);
    let (_, ev) = run(&b, &roll, &[2, 7], &[]);
    b = with(&b, ev);
    let side = b.armies()[1].side.clone();
    assert_eq!(b.clock_line(), format!("Turn 1 · Divisions · {side}"));
}

#[test]
fn a_failed_rally_is_not_called_rallied() {
    // The mark set by a rally or a reform is set whether it succeeds or not (one try a turn):
    // it reads as the try, not as a rally made.
    let b = turn_of(1, vec![]);
    let foot = id(&b, 1, "fairfax_f");
    let spec = b
        .piece_schema(foot)
        .flags
        .iter()
        .find(|f| f.key == REFORMED)
        .expect("the mark of a rally or reform tried");
    assert_eq!(spec.label, "Tried to rally or reform this turn");
}
