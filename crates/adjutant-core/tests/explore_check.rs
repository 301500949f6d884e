//! The contract of [`Procedure::explore`], checked for every procedure every system offers:
//! the odds walked through a procedure's own `explore` (the kit's cursor, or a system's own)
//! equal, outcome by outcome to 1e-12, the odds walked by replaying `step` from the start
//! (the trait's default), with the same unexplored mass and assumptions — from the start and
//! part-way. The battles are the shipped armies of each system, at set-up and after a few
//! procedures have been played.

use adjutant_core::army::{Army, shipped};
use adjutant_core::battle::Battle;
use adjutant_core::battle::state::Context;
use adjutant_core::dice::Rolled;
use adjutant_core::event::PieceId;
use adjutant_core::odds::{Limits, Odds, procedure_odds_within};
use adjutant_core::procedure::{Call, Input, Offer, Procedure, Step};
use adjutant_core::rules;
use adjutant_core::rules::kit::offers::default_call;

/// A procedure seen only through `title` and `step`: the trait's replaying `explore`.
struct Replay<'a>(&'a dyn Procedure);

impl Procedure for Replay<'_> {
    fn title(&self) -> String {
        self.0.title()
    }
    fn step(&self, ctx: &Context, inputs: &[Input]) -> Step {
        self.0.step(ctx, inputs)
    }
}

/// The walk's limits here: deep enough for every shipped procedure's usual branches, small
/// enough that replaying stays quick. Both walks spend the same budget per request.
const LIMITS: Limits = Limits {
    max_depth: 24,
    max_steps: 4_000,
};

/// The two walks agree outcome by outcome (order, summary, probability) and on the rest; for
/// a procedure that says when it repeats (which replaying cannot hear), within what each walk
/// left unexplored.
pub(crate) fn same_odds(
    p: &dyn Procedure,
    ctx: &Context,
    inputs: &[Input],
    limits: Limits,
) -> Odds {
    let fast = procedure_odds_within(p, ctx, inputs, limits);
    let slow = procedure_odds_within(&Replay(p), ctx, inputs, limits);
    let what = p.title();
    if fast.repeats {
        return within_unexplored(&what, fast, &slow);
    }
    assert_eq!(
        fast.outcomes.len(),
        slow.outcomes.len(),
        "{what}: {fast:?} {slow:?}"
    );
    for ((s1, p1), (s2, p2)) in fast.outcomes.iter().zip(&slow.outcomes) {
        assert_eq!(s1, s2, "{what}");
        assert!((p1 - p2).abs() <= 1e-12, "{what}: {s1}: {p1} against {p2}");
    }
    assert!(
        (fast.unexplored - slow.unexplored).abs() <= 1e-12,
        "{what}: unexplored {} against {}",
        fast.unexplored,
        slow.unexplored
    );
    assert_eq!(fast.assumptions, slow.assumptions, "{what}");
    assert!((fast.total() - 1.0).abs() < 1e-9, "{what}: {fast:?}");
    fast
}

/// The odds of a procedure that repeats, summed (`fast`), against the same walked repeat by
/// repeat (`slow`): each result's chance lies between what a walk found and that plus what it
/// left unexplored, so the two ranges meet.
fn within_unexplored(what: &str, fast: Odds, slow: &Odds) -> Odds {
    let slack = 1e-12;
    for (summary, _) in fast.outcomes.iter().chain(&slow.outcomes) {
        let (f, s) = (fast.p(summary), slow.p(summary));
        assert!(
            f <= s + slow.unexplored + slack && s <= f + fast.unexplored + slack,
            "{what}: {summary}: {f} (unexplored {}) against {s} (unexplored {})",
            fast.unexplored,
            slow.unexplored
        );
    }
    assert_eq!(fast.assumptions, slow.assumptions, "{what}");
    assert!((fast.total() - 1.0).abs() < 1e-9, "{what}: {fast:?}");
    fast
}

/// From the start, within [`LIMITS`] and tight limits, and part-way (after a first roll of
/// all sixes, or the first option).
pub(crate) fn check_procedure(p: &dyn Procedure, ctx: &Context) {
    same_odds(p, ctx, &[], LIMITS);
    let tight = Limits {
        max_depth: 3,
        max_steps: 30,
    };
    same_odds(p, ctx, &[], tight);
    let first = match p.step(ctx, &[]) {
        Step::Dice(req) => Input::Dice(Rolled {
            faces: vec![req.dice.die.max(); usize::from(req.dice.count)],
            dice: req.dice,
            typed: true,
        }),
        Step::Choice(_) => Input::Choice(0),
        _ => return,
    };
    same_odds(p, ctx, &[first], LIMITS);
}

/// A system's shipped armies, in file-name order.
fn shipped(system: &str) -> Vec<Army> {
    shipped::ARMIES
        .iter()
        .filter(|a| a.path.starts_with(&format!("{system}/")))
        .map(|a| shipped::army(a.path))
        .collect()
}

/// The selections tried: nothing; each of the first few pieces of each side alone, as actor
/// and as target; and those pieces against the first few of the other side.
fn selections(b: &Battle) -> Vec<(Vec<PieceId>, Vec<PieceId>)> {
    let sides = b.roster.armies.len();
    let few = |side: usize| -> Vec<PieceId> {
        b.roster
            .ids()
            .filter(|&id| b.roster.side_of(id) == side)
            .take(3)
            .collect()
    };
    let mut out = vec![(Vec::new(), Vec::new())];
    for side in 0..sides {
        for a in few(side) {
            out.push((vec![a], Vec::new()));
            out.push((Vec::new(), vec![a]));
            for t in few((side + 1) % sides) {
                out.push((vec![a], vec![t]));
            }
        }
    }
    out
}

/// The calls an offer stands for: its defaults, and each other answer to each question.
fn calls(offer: &Offer, actors: &[PieceId], targets: &[PieceId]) -> Vec<Call> {
    let base = default_call(&offer.id, actors, targets, &offer.params);
    let mut out = vec![base.clone()];
    for spec in &offer.params {
        for (i, choice) in spec.choices.iter().enumerate().take(3) {
            if i != spec.assumed() {
                let mut call = base.clone();
                call.params.insert(spec.key.to_string(), choice.clone());
                out.push(call);
            }
        }
    }
    out
}

/// Checks every procedure offered (and not refused) for every selection; how many.
fn check_battle(b: &Battle) -> usize {
    let ctx = b.context();
    let rules = b.rules();
    let mut checked = 0;
    for (actors, targets) in selections(b) {
        for offer in rules.offers(&ctx, &actors, &targets) {
            if offer.refused.is_some() {
                continue;
            }
            for call in calls(&offer, &actors, &targets) {
                if let Ok(p) = rules.procedure(&ctx, &call) {
                    check_procedure(p.as_ref(), &ctx);
                    checked += 1;
                }
            }
        }
    }
    checked
}

/// Plays the first offer not refused for this selection to its end (rolling, drawing and
/// taking the assumed option); whether one was played.
fn play_first(b: &mut Battle, actors: &[PieceId]) -> bool {
    let offers = b.rules().offers(&b.context(), actors, &[]);
    let Some(offer) = offers.iter().find(|o| o.refused.is_none()) else {
        return false;
    };
    let call = default_call(&offer.id, actors, &[], &offer.params);
    if b.start(adjutant_core::battle::Action::Procedure(call))
        .is_err()
    {
        return false;
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
    true
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
        .take(3)
        .collect();
    for id in own {
        play_first(b, &[id]);
    }
}

fn check_system(system: &str) {
    let mut b = Battle::new(system, shipped(system), 7).expect("set up");
    let mut checked = 0;
    for _stage in 0..3 {
        checked += check_battle(&b);
        advance(&mut b);
    }
    assert!(checked >= 10, "{system}: only {checked} procedures checked");
}

/// Every shipped system, from the registry: a system added there is checked with no edit here.
#[test]
fn every_system_explore_matches_replay() {
    let systems = rules::standard();
    assert!(!systems.is_empty(), "no rule system is registered");
    for system in systems {
        check_system(system.id());
    }
}
