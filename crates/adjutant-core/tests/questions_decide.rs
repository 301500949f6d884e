//! Every question every procedure of every system asks before it starts is the player's to
//! answer: walked over the shipped armies of each system, at set-up and as the battle moves
//! on, for every piece alone, aimed at and aiming at the other side, each question that
//! starts answered starts at an answer the rules give — one in the reviewed list below, with
//! its rule — and never at the most a count can be; each question asked open is refused
//! unanswered by the battle ("answer … first"), so Start waits for it.

use std::collections::{BTreeMap, BTreeSet};

use adjutant_core::army::{Army, shipped};
use adjutant_core::battle::{Action, ActionError, Battle};
use adjutant_core::event::PieceId;
use adjutant_core::procedure::{Given, Offer, ParamSpec, Step};
use adjutant_core::rules;
use adjutant_core::rules::kit::offers::default_call;

/// The answers the rules give, by system, question key and choice (its text, or how it
/// begins where it names a number of the unit's), with the rule that gives each: the plain
/// case of the rule cited (no modifier, no cover, no feature, the check the phase calls for,
/// a target within the range the shot is declared at). A question found starting at any
/// other answer fails the walk.
const RULES_DEFAULTS: &[(&str, &str, &str, &str)] = &[
    ("d3_ecw", "charging", "yes", "§6.1"),
    ("d3_ecw", "flank", "no", "§6.4"),
    ("d3_ecw", "hill", "no", "§6.4"),
    ("d3_ecw", "blocked", "no", "§6.7"),
    ("d3_ecw", "terrain", "open", "§6.3"),
    ("d3_ecw", "terrain", "open or hedges", "§5.3"),
    ("d3_ecw", "terrain", "entrenched", "§5.3"),
    ("d3_ecw", "shooter_entrenched", "no", "§5.6"),
    ("d3_ecw", "shooter_entrenched", "yes", "§5.6"),
    ("d3_ecw", "units_seen", "0", "§7.3"),
    ("rcw", "attacker_cover", "Attacker in the open", "§5.1"),
    ("rcw", "facing", "In front", "§7.2"),
    ("rcw", "cover", "In the open", "§5.1"),
    ("rcw", "village", "Not in a village", "§8.2"),
    ("rcw", "range", "Within range (", "§6.2"),
    ("rcw", "objectives", "Not decided by objectives", "§9.2"),
    ("royalists_roundheads", "overall_stacked", "no", "§3.7"),
    ("royalists_roundheads", "within_overall_span", "no", "§3.7"),
    (
        "royalists_roundheads",
        "target_leader_stacked",
        "no",
        "§5.2",
    ),
    ("royalists_roundheads", "hexside", "none", "§11"),
    ("royalists_roundheads", "terrain", "Clear", "§11"),
    ("royalists_roundheads", "flank_rear", "no", "§6.5"),
    ("royalists_roundheads", "second_combat", "no", "§6.6"),
    ("royalists_roundheads", "leader_stacked", "no", "§7.1"),
    ("royalists_roundheads", "in_enemy_zoc", "no", "§7.4"),
    // The check the phase calls for: a Fire Combat Phase's, a Melee Phase's, else "Other".
    ("royalists_roundheads", "cause", "Fire Combat", "§7.2"),
    ("royalists_roundheads", "cause", "Melee", "§7.2"),
    ("royalists_roundheads", "cause", "Other", "§7.2"),
    ("victory_without_squares", "in_column", "no", "§4.2"),
    ("victory_without_squares", "under_fire", "no", "§4.2"),
    ("victory_without_squares", "next_to_enemy", "no", "§8.4"),
    ("victory_without_squares", "far_behind", "no", "§8.3"),
    ("victory_without_squares", "follow_up", "no", "§5.4"),
    ("victory_without_squares", "cover", "no", "§5.4"),
    ("victory_without_squares", "close_guns", "no", "§5.4"),
];

/// A system's shipped armies, in file-name order.
fn shipped(system: &str) -> Vec<Army> {
    shipped::ARMIES
        .iter()
        .filter(|a| a.path.starts_with(&format!("{system}/")))
        .map(|a| shipped::army(a.path))
        .collect()
}

/// The selections walked: nothing; every piece alone, as actor and as target; and every
/// piece against the first few of the other side.
fn selections(b: &Battle) -> Vec<(Vec<PieceId>, Vec<PieceId>)> {
    let sides = b.roster.armies.len();
    let of = |side: usize| -> Vec<PieceId> {
        b.roster
            .ids()
            .filter(|&id| b.roster.side_of(id) == side)
            .collect()
    };
    let mut out = vec![(Vec::new(), Vec::new())];
    for side in 0..sides {
        for a in of(side) {
            out.push((vec![a], Vec::new()));
            out.push((Vec::new(), vec![a]));
            for t in of((side + 1) % sides).into_iter().take(4) {
                out.push((vec![a], vec![t]));
            }
        }
    }
    out
}

/// Whether the choices are a count (numbers rising by one) of more than two.
fn is_count(spec: &ParamSpec) -> bool {
    let n: Vec<Option<i64>> = spec.choices.iter().map(|c| c.parse().ok()).collect();
    n.len() > 2
        && n.windows(2)
            .all(|w| matches!(w, [Some(a), Some(b)] if b - a == 1))
}

/// What the walk found wrong, and the questions it saw.
#[derive(Default)]
struct Walk {
    faults: BTreeSet<String>,
    seen: BTreeSet<(String, String)>,
    open_checked: BTreeSet<(String, String, String)>,
    questions: usize,
}

impl Walk {
    fn check_offer(&mut self, system: &str, b: &Battle, offer: &Offer, sel: &[Vec<PieceId>; 2]) {
        for spec in &offer.params {
            self.questions += 1;
            self.seen.insert((offer.id.clone(), spec.key.to_string()));
            match spec.given {
                Given::Rules { choice, rule } => {
                    let text = spec.choices.get(choice).map_or("", String::as_str);
                    let listed = RULES_DEFAULTS.iter().any(|&(s, k, c, r)| {
                        s == system && k == spec.key && text.starts_with(c) && r == rule
                    });
                    if !listed {
                        self.faults.insert(format!(
                            "{system}: {} — \"{}\" ({}) starts at \"{text}\" ({rule}), not an answer the rules give in the reviewed list",
                            offer.id, spec.label, spec.key
                        ));
                    }
                    if is_count(spec) && choice + 1 == spec.choices.len() {
                        self.faults.insert(format!(
                            "{system}: {} — \"{}\" starts at its maximum, {text}",
                            offer.id, spec.label
                        ));
                    }
                }
                Given::Open => {
                    let key = (system.to_string(), offer.id.clone(), spec.key.to_string());
                    if offer.refused.is_some() || self.open_checked.contains(&key) {
                        continue;
                    }
                    // Answered, the call starts; without this answer the battle refuses it.
                    let call = default_call(&offer.id, &sel[0], &sel[1], &offer.params);
                    if b.clone().start(Action::Procedure(call.clone())).is_err() {
                        continue;
                    }
                    let mut unanswered = call;
                    unanswered.params.remove(spec.key);
                    match b.clone().start(Action::Procedure(unanswered)) {
                        Err(ActionError::Unanswered(label)) if label == spec.label => {}
                        other => {
                            self.faults.insert(format!(
                                "{system}: {} — \"{}\" asked open, yet started unanswered: {other:?}",
                                offer.id, spec.label
                            ));
                        }
                    }
                    self.open_checked.insert(key);
                }
            }
        }
    }
}

/// Plays the first offer not refused for this selection to its end (every question answered
/// at its first choice or the rules' default; rolling, drawing, taking the assumed option).
fn play_first(b: &mut Battle, actors: &[PieceId]) {
    let offers = b.rules().offers(&b.context(), actors, &[]);
    let Some(offer) = offers.iter().find(|o| o.refused.is_none()) else {
        return;
    };
    let call = default_call(&offer.id, actors, &[], &offer.params);
    if b.start(Action::Procedure(call)).is_err() {
        return;
    }
    for _ in 0..50 {
        let done = match b.step() {
            Some(Step::Dice(_)) => b.roll().is_err(),
            Some(Step::Card(_)) => b.draw().is_err(),
            Some(Step::Choice(req)) => b.choose(req.assumed).is_err(),
            _ => true,
        };
        if done {
            break;
        }
    }
    if b.pending().is_some() {
        b.cancel().expect("cancel");
    }
}

/// Moves a battle on: the first battle procedure, then the first procedure of each of the
/// first few pieces of the side to play.
fn advance(b: &mut Battle) {
    play_first(b, &[]);
    let side = b.state().side;
    let own: Vec<PieceId> = b
        .roster
        .ids()
        .filter(|&id| b.roster.side_of(id) == side)
        .take(4)
        .collect();
    for id in own {
        play_first(b, &[id]);
    }
}

#[test]
fn every_question_of_every_procedure_starts_open_or_at_an_answer_the_rules_give() {
    let systems = rules::standard();
    assert_eq!(systems.len(), 4, "the four systems");
    let mut walk = Walk::default();
    let mut by_system = BTreeMap::new();
    for system in systems {
        let id = system.id();
        let mut b = Battle::new(id, shipped(id), 7).expect("set up");
        let before = walk.seen.len();
        for _stage in 0..8 {
            for (actors, targets) in selections(&b) {
                for offer in b.rules().offers(&b.context(), &actors, &targets) {
                    walk.check_offer(id, &b, &offer, &[actors.clone(), targets.clone()]);
                }
            }
            advance(&mut b);
        }
        by_system.insert(id, walk.seen.len() - before);
    }
    println!("questions seen: {by_system:?}, {} asked", walk.questions);
    for (system, n) in &by_system {
        assert!(*n >= 3, "{system}: only {n} questions walked");
    }
    assert!(
        walk.faults.is_empty(),
        "{}",
        walk.faults.iter().cloned().collect::<Vec<_>>().join("\n")
    );
}
