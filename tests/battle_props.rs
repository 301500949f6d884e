//! Property tests of the battle log: random games of every rule system, between its shipped
//! armies — tray rolls (rolled by Adjutant or typed), card draws alone and in long runs that
//! empty the deck and reshuffle it, reshuffles, the system's own procedures started on random
//! pieces with random answers to their questions, then given what they ask for or something
//! they do not (which is refused), rolls and procedures started and cancelled, undos and redos
//! — checked for the promises the log makes: undo then redo is the identity, replaying the log
//! reproduces the state, a saved battle loads back equal, undo is never a re-roll, a cancel
//! leaves the battle as it was, and no card repeats before a reshuffle.
//!
//! `the_generated_games_reach_deep_states` measures the generator itself: how many of its steps
//! change the battle, and that every system's procedures are started, finished and cancelled.

use crate::common;
use common::script;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::event::Event;
use adjutant::procedure::Step;
use adjutant::store::{battle_from_ron, battle_to_ron};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// The rule systems, one of which each generated game is played under.
fn systems() -> Vec<&'static str> {
    script::systems()
}

/// One thing the player does.
#[derive(Debug, Clone)]
enum Op {
    /// Dice from the tray, rolled by Adjutant, or typed when `typed` holds raw face seeds.
    Roll {
        dice: Dice,
        typed: Option<Vec<u8>>,
    },
    /// Start a roll and leave it waiting for dice.
    Start(Dice),
    Draw,
    /// Draw this many cards one after another: a run longer than what is left of the deck
    /// empties it, and the next draw shuffles the discards back in.
    Draws(u8),
    Reshuffle,
    /// Play the rule system's own procedures as the crash script does, from this seed: give
    /// the procedure under way what it asks for (dice rolled or typed, a card, one of the
    /// choices; now and then a cancel instead), or with none under way start one on a random
    /// selection of pieces (up to five, until one is offered something) with random answers
    /// to its questions.
    Play(u64),
    /// Give the procedure under way something picked at random, mostly what it did not ask
    /// for or cannot take: a choice by number, typed text, a card, a roll.
    Junk(u64),
    Cancel,
    Undo,
    Redo,
}

fn dice() -> impl Strategy<Value = Dice> {
    (
        1u8..=3,
        prop_oneof![Just(Die::D3), Just(Die::D6), Just(Die::D10)],
        proptest::collection::vec(-3i32..=3, 0..3),
    )
        .prop_map(|(count, die, mods)| {
            mods.into_iter()
                .enumerate()
                .fold(Dice::new(count, die), |d, (i, v)| {
                    d.with(Modifier::new(v, format!("modifier {i}"), "test"))
                })
        })
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (dice(), proptest::option::of(proptest::collection::vec(any::<u8>(), 3)))
            .prop_map(|(dice, typed)| Op::Roll { dice, typed }),
        1 => dice().prop_map(Op::Start),
        2 => Just(Op::Draw),
        1 => (20u8..=60).prop_map(Op::Draws),
        1 => Just(Op::Reshuffle),
        14 => any::<u64>().prop_map(Op::Play),
        1 => any::<u64>().prop_map(Op::Junk),
        2 => Just(Op::Cancel),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
    ]
}

/// Does one op. Refusals (nothing to undo, another action under way, an input not asked for)
/// are part of the game.
fn apply(battle: &mut Battle, op: &Op) {
    match op {
        Op::Roll { dice, typed } => {
            if battle.start(Action::Roll(dice.clone())).is_ok() {
                match typed {
                    None => battle.roll().expect("the tray waits for dice"),
                    Some(seeds) => {
                        let (lo, n) = (dice.die.min(), dice.die.sides() as u8);
                        let faces: Vec<String> = seeds[..usize::from(dice.count)]
                            .iter()
                            .map(|s| (lo + s % n).to_string())
                            .collect();
                        battle
                            .enter_faces(&faces.join(" "))
                            .expect("faces in range are accepted");
                    }
                }
            }
        }
        Op::Start(dice) => {
            let _ = battle.start(Action::Roll(dice.clone()));
        }
        Op::Draw => draw(battle),
        Op::Draws(n) => (0..*n).for_each(|_| draw(battle)),
        Op::Reshuffle => {
            let _ = battle.start(Action::Reshuffle);
        }
        Op::Play(seed) => {
            let mut rng = Pcg64::seed_from_u64(*seed);
            if battle.pending().is_some() {
                script::answer(battle, &mut rng);
                return;
            }
            for _ in 0..5 {
                if script::procedure(battle, &mut rng).is_some() {
                    break;
                }
            }
        }
        Op::Junk(seed) => junk(battle, &mut Pcg64::seed_from_u64(*seed)),
        Op::Cancel => {
            let _ = battle.cancel();
        }
        Op::Undo => {
            let _ = battle.undo();
        }
        Op::Redo => {
            let _ = battle.redo();
        }
    }
}

fn draw(battle: &mut Battle) {
    if battle.start(Action::Draw).is_ok() {
        battle.draw().expect("the deck reshuffles when empty");
    }
}

/// Something at random for the procedure under way; whatever is refused must change nothing.
fn junk(battle: &mut Battle, rng: &mut Pcg64) {
    let before = battle.clone();
    let text: String = (0..rng.random_range(0..6))
        .map(|_| ['0', '1', '3', '6', '9', ' ', ',', '-', 'x'][rng.random_range(0..9usize)])
        .collect();
    let given = match rng.random_range(0..4u32) {
        0 => battle.choose(rng.random_range(0..6)),
        1 => battle.enter_faces(&text),
        2 => battle.draw(),
        _ => battle.roll(),
    };
    if given.is_err() {
        assert_eq!(*battle, before, "a refused input changed the battle");
    }
}

/// Finishes or cancels whatever is under way, so the battle takes a new action.
fn settle(battle: &mut Battle) {
    for _ in 0..100 {
        if battle.pending().is_none() || battle.cancel().is_ok() {
            return;
        }
        let given = match battle.step() {
            Some(Step::Dice(_)) => battle.roll(),
            Some(Step::Card(_)) => battle.draw(),
            Some(Step::Choice(_)) => battle.choose(0),
            other => panic!("a procedure under way asks for nothing: {other:?}"),
        };
        given.expect("what the procedure asks for");
    }
    panic!("a procedure asked for more than 100 inputs");
}

fn battle_after(system: usize, seed: u64, ops: &[Op]) -> Battle {
    let systems = systems();
    let mut battle = script::start(systems[system % systems.len()], seed);
    for op in ops {
        apply(&mut battle, op);
    }
    battle
}

fn ops(max: usize) -> impl Strategy<Value = Vec<Op>> {
    proptest::collection::vec(op(), 0..max)
}

/// Which rule system a game is played under.
fn system() -> impl Strategy<Value = usize> {
    0..systems().len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn undo_n_then_redo_n_is_the_identity(
        system in system(), seed in any::<u64>(), ops in ops(60), pick in any::<usize>(),
    ) {
        let mut battle = battle_after(system, seed, &ops);
        settle(&mut battle);
        let before = battle.clone();
        let n = pick % battle.log().len();
        for _ in 0..n {
            battle.undo().expect("entries to undo");
        }
        prop_assert_eq!(battle.log().len(), before.log().len() - n);
        for _ in 0..n {
            battle.redo().expect("entries to redo");
        }
        prop_assert_eq!(battle.state(), before.state());
        prop_assert_eq!(&battle, &before);
    }

    #[test]
    fn replaying_the_log_reproduces_the_state(system in system(), seed in any::<u64>(), ops in ops(60)) {
        let battle = battle_after(system, seed, &ops);
        let replayed = Battle::from_parts(
            &adjutant::rules::Systems::shipped(),
            battle.system.clone(),
            battle.seed,
            battle.armies().to_vec(),
            battle.log().to_vec(),
            battle.redo_stack().to_vec(),
            battle.pending().cloned(),
        )
        .expect("a known system");
        prop_assert_eq!(replayed.state(), battle.state());
        prop_assert_eq!(replayed.step(), battle.step());
        prop_assert_eq!(&replayed, &battle);
    }

    #[test]
    fn save_then_load_gives_an_equal_battle(system in system(), seed in any::<u64>(), ops in ops(60)) {
        let battle = battle_after(system, seed, &ops);
        let text = battle_to_ron(&battle).expect("battles serialise");
        let loaded = battle_from_ron(&text, Path::new("prop.ron"));
        prop_assert!(loaded.is_ok(), "{:?}\n{}", loaded.err(), text);
        let loaded = loaded.unwrap();
        prop_assert_eq!(loaded.state(), battle.state());
        prop_assert_eq!(&loaded, &battle);
        // And it carries on alike: the procedure under way, then the same next roll and card.
        let (mut a, mut b) = (battle, loaded);
        settle(&mut a);
        settle(&mut b);
        for op in [Op::Roll { dice: Dice::new(2, Die::D6), typed: None }, Op::Draw] {
            apply(&mut a, &op);
            apply(&mut b, &op);
        }
        prop_assert_eq!(a, b);
    }

    #[test]
    fn undo_is_not_a_reroll(system in system(), seed in any::<u64>(), ops in ops(40), dice in dice()) {
        let mut battle = battle_after(system, seed, &ops);
        settle(&mut battle);
        for action in [Action::Roll(dice), Action::Draw] {
            battle.start(action.clone()).expect("nothing under way");
            match action {
                Action::Draw => battle.draw().expect("a card"),
                _ => battle.roll().expect("dice"),
            }
            let first = battle.log().last().cloned();
            battle.undo().expect("the entry just done");
            battle.start(action.clone()).expect("nothing under way");
            match action {
                Action::Draw => battle.draw().expect("a card"),
                _ => battle.roll().expect("dice"),
            }
            prop_assert_eq!(battle.log().last().cloned(), first);
        }
    }

    #[test]
    fn a_cancelled_roll_or_procedure_leaves_the_battle_as_it_was(
        system in system(), seed in any::<u64>(), ops in ops(40), dice in dice(), pick in any::<u64>(),
    ) {
        let mut battle = battle_after(system, seed, &ops);
        settle(&mut battle);
        let before = battle.clone();
        battle.start(Action::Roll(dice)).expect("nothing under way");
        battle.cancel().expect("nothing rolled yet");
        prop_assert_eq!(&battle, &before);
        // A procedure of the rule system, started on random pieces, cancelled before any input.
        let mut again = battle.clone();
        script::procedure(&mut battle, &mut Pcg64::seed_from_u64(pick));
        if battle.pending().is_some() {
            battle.cancel().expect("nothing given yet");
            prop_assert_eq!(&battle, &before);
            // Once dice are rolled for it, it is finished, never cancelled.
            script::procedure(&mut again, &mut Pcg64::seed_from_u64(pick));
            if matches!(again.step(), Some(Step::Dice(_))) {
                again.roll().expect("the procedure waits for dice");
                if again.pending().is_some() {
                    let rolled = again.clone();
                    prop_assert!(again.cancel().is_err());
                    prop_assert_eq!(&again, &rolled);
                }
            }
        }
    }

    #[test]
    fn cards_never_repeat_before_a_reshuffle(
        system in system(),
        seed in any::<u64>(),
        ops in proptest::collection::vec(
            prop_oneof![
                8 => Just(Op::Draw),
                2 => (20u8..=60).prop_map(Op::Draws),
                1 => Just(Op::Reshuffle),
                1 => Just(Op::Undo),
                1 => Just(Op::Redo),
            ],
            0..160,
        ),
    ) {
        let battle = battle_after(system, seed, &ops);
        let mut seen = BTreeSet::new();
        for event in battle.log().iter().flat_map(|e| &e.events) {
            match event {
                Event::Shuffled { .. } => seen.clear(),
                Event::Drew { card, .. } => prop_assert!(seen.insert(*card), "{} drawn twice", card),
                _ => {}
            }
        }
    }

    #[test]
    fn typed_faces_out_of_range_change_nothing(system in system(), seed in any::<u64>(), ops in ops(20), dice in dice()) {
        let mut battle = battle_after(system, seed, &ops);
        settle(&mut battle);
        battle.start(Action::Roll(dice.clone())).expect("nothing under way");
        let before = battle.clone();
        let bad = vec![(dice.die.max() + 1).to_string(); usize::from(dice.count)];
        prop_assert!(battle.enter_faces(&bad.join(" ")).is_err());
        prop_assert_eq!(battle, before);
    }
}

/// What the generated games did, counted over many of them.
#[derive(Debug, Default)]
struct Depth {
    steps: u64,
    /// Steps that changed the battle.
    took: u64,
    /// Steps and those that changed the battle, by kind of op.
    by_op: BTreeMap<&'static str, (u64, u64)>,
    /// Inputs given to each system's procedures.
    answered: BTreeMap<&'static str, u64>,
    /// Procedures of each system started (some finish at once), given an input, finished
    /// after being given inputs, and cancelled.
    started: BTreeMap<&'static str, u64>,
    finished: BTreeMap<&'static str, u64>,
    cancelled: BTreeMap<&'static str, u64>,
    /// Tray rolls started and cancelled before any dice were given.
    rolls_cancelled: u64,
    /// Draws that found the deck empty and shuffled the discards back in.
    reshuffled_when_empty: u64,
}

impl Depth {
    /// Does one op and counts what it did.
    fn step(&mut self, battle: &mut Battle, op: &Op) {
        let system = systems()
            .into_iter()
            .find(|s| *s == battle.system)
            .expect("a shipped system");
        let (revision, log) = (battle.revision(), battle.log().len());
        let was = battle.pending().cloned();
        apply(battle, op);
        let took = battle.revision() != revision;
        self.steps += 1;
        self.took += u64::from(took);
        let counts = self.by_op.entry(kind(op)).or_default();
        counts.0 += 1;
        counts.1 += u64::from(took);

        let procedure = |a: &Action| matches!(a, Action::Procedure(_));
        let committed = (battle.log().len() == log + 1).then(|| &battle.log()[log]);
        let now = battle.pending();
        match &was {
            None => {
                let started = now.map(|p| &p.action).or(committed.map(|e| &e.action));
                if started.is_some_and(procedure) {
                    *self.started.entry(system).or_default() += 1;
                }
            }
            Some(p) if procedure(&p.action) => {
                let given = now.map_or(0, |n| n.inputs.len()) > p.inputs.len();
                if given || committed.is_some() {
                    *self.answered.entry(system).or_default() += 1;
                }
                if committed.is_some() {
                    *self.finished.entry(system).or_default() += 1;
                } else if now.is_none() {
                    *self.cancelled.entry(system).or_default() += 1;
                }
            }
            Some(_) => self.rolls_cancelled += u64::from(now.is_none() && committed.is_none()),
        }
        self.reshuffled_when_empty += battle.log()[log.min(battle.log().len())..]
            .iter()
            .filter(|e| e.action == Action::Draw)
            .filter(|e| e.events.iter().any(|e| matches!(e, Event::Shuffled { .. })))
            .count() as u64;
    }
}

/// The name of an op's kind.
fn kind(op: &Op) -> &'static str {
    match op {
        Op::Roll { .. } => "roll",
        Op::Start(_) => "start a roll",
        Op::Draw => "draw",
        Op::Draws(_) => "draws",
        Op::Reshuffle => "reshuffle",
        Op::Play(_) => "play",
        Op::Junk(_) => "junk",
        Op::Cancel => "cancel",
        Op::Undo => "undo",
        Op::Redo => "redo",
    }
}

/// The generator reaches deep states: most steps change the battle, every rule system's
/// procedures are started, finished and cancelled, rolls are cancelled, and the deck runs out
/// and is shuffled again. The figures are printed (`--nocapture`).
#[test]
fn the_generated_games_reach_deep_states() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = (system(), any::<u64>(), ops(60));
    let mut depth = Depth::default();
    // As many games as each property test plays.
    for _ in 0..128 {
        let (system, seed, ops) = strategy.new_tree(&mut runner).unwrap().current();
        let mut battle = battle_after(system, seed, &[]);
        for op in &ops {
            depth.step(&mut battle, op);
        }
    }
    eprintln!("{depth:#?}");
    assert!(depth.took * 2 >= depth.steps, "{depth:#?}");
    for system in systems() {
        for (what, counts) in [
            ("started", &depth.started),
            ("given an input", &depth.answered),
            ("finished", &depth.finished),
            ("cancelled", &depth.cancelled),
        ] {
            assert!(
                counts.get(system).copied().unwrap_or(0) > 0,
                "no procedure of {system} {what}: {depth:#?}"
            );
        }
    }
    assert!(depth.rolls_cancelled > 0, "{depth:#?}");
    assert!(depth.reshuffled_when_empty > 0, "{depth:#?}");
}
