//! Property tests of the battle log: random sequences of tray rolls (rolled by Adjutant or
//! typed), card draws, reshuffles, undos and redos, checked for the promises the log makes —
//! undo then redo is the identity, replaying the log reproduces the state, a saved battle
//! loads back equal, undo is never a re-roll, and no card repeats before a reshuffle.

use std::collections::BTreeSet;
use std::path::Path;

use adjutant::army::{Army, Leader, Unit};
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::event::Event;
use adjutant::store::{battle_from_ron, battle_to_ron};
use proptest::prelude::*;

mod common;

use common::army::{self, Build};

const SYSTEM: &str = "royalists_roundheads";

fn unit(id: &str, name: &str, kind: &str, leader: &str) -> Unit {
    army::unit(id, kind)
        .named(name)
        .led_by(leader)
        .with_stats(&[
            ("strength", 4),
            ("morale", 7),
            ("movement", 8),
            ("entry_turn", 1),
        ])
}

fn leader(id: &str, name: &str) -> Leader {
    army::leader(id, name).with_stats(&[("span", 3), ("bonus", 1), ("entry_turn", 1)])
}

/// Two small hand-built armies.
fn armies() -> Vec<Army> {
    vec![
        Army {
            name: "King's army".into(),
            description: "A test army".into(),
            ..army::army(
                SYSTEM,
                "Royalist",
                vec![leader("henderson", "Sir John Henderson")],
                vec![
                    unit("horse1", "Henderson's horse", "Cavalry", "henderson"),
                    unit("drag1", "Henderson's dragoons", "Dragoons", "henderson"),
                ],
            )
        },
        Army {
            name: "Eastern Association".into(),
            description: "Another test army".into(),
            ..army::army(
                SYSTEM,
                "Parliament",
                vec![leader("cromwell", "Oliver Cromwell")],
                vec![unit("ironsides", "Cromwell's horse", "Cavalry", "cromwell")],
            )
        },
    ]
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
    Reshuffle,
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
        4 => (dice(), proptest::option::of(proptest::collection::vec(any::<u8>(), 3)))
            .prop_map(|(dice, typed)| Op::Roll { dice, typed }),
        4 => Just(Op::Draw),
        1 => Just(Op::Reshuffle),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => dice().prop_map(Op::Start),
    ]
}

/// Does one op. Refusals (nothing to undo, another action under way) are part of the game.
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
        Op::Draw => {
            if battle.start(Action::Draw).is_ok() {
                battle.draw().expect("the deck reshuffles when empty");
            }
        }
        Op::Reshuffle => {
            let _ = battle.start(Action::Reshuffle);
        }
        Op::Undo => {
            let _ = battle.undo();
        }
        Op::Redo => {
            let _ = battle.redo();
        }
    }
}

fn battle_after(seed: u64, ops: &[Op]) -> Battle {
    let mut battle = Battle::new(SYSTEM, armies(), seed).expect("a known system");
    for op in ops {
        apply(&mut battle, op);
    }
    battle
}

fn ops(max: usize) -> impl Strategy<Value = Vec<Op>> {
    proptest::collection::vec(op(), 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn undo_n_then_redo_n_is_the_identity(seed in any::<u64>(), ops in ops(60), pick in any::<usize>()) {
        let mut battle = battle_after(seed, &ops);
        let _ = battle.cancel();
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
    fn replaying_the_log_reproduces_the_state(seed in any::<u64>(), ops in ops(60)) {
        let battle = battle_after(seed, &ops);
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
        prop_assert_eq!(&replayed, &battle);
    }

    #[test]
    fn save_then_load_gives_an_equal_battle(seed in any::<u64>(), ops in ops(60)) {
        let battle = battle_after(seed, &ops);
        let text = battle_to_ron(&battle).expect("battles serialise");
        let loaded = battle_from_ron(&text, Path::new("prop.ron"));
        prop_assert!(loaded.is_ok(), "{:?}\n{}", loaded.err(), text);
        let loaded = loaded.unwrap();
        prop_assert_eq!(loaded.state(), battle.state());
        prop_assert_eq!(&loaded, &battle);
        // And it carries on alike: the same next roll and the same next card.
        let (mut a, mut b) = (battle, loaded);
        for op in [Op::Roll { dice: Dice::new(2, Die::D6), typed: None }, Op::Draw] {
            let _ = a.cancel();
            let _ = b.cancel();
            apply(&mut a, &op);
            apply(&mut b, &op);
        }
        prop_assert_eq!(a, b);
    }

    #[test]
    fn undo_is_not_a_reroll(seed in any::<u64>(), ops in ops(40), dice in dice()) {
        let mut battle = battle_after(seed, &ops);
        let _ = battle.cancel();
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
    fn cards_never_repeat_before_a_reshuffle(
        seed in any::<u64>(),
        ops in proptest::collection::vec(
            prop_oneof![8 => Just(Op::Draw), 1 => Just(Op::Reshuffle), 1 => Just(Op::Undo), 1 => Just(Op::Redo)],
            0..160,
        ),
    ) {
        let battle = battle_after(seed, &ops);
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
    fn typed_faces_out_of_range_change_nothing(seed in any::<u64>(), ops in ops(20), dice in dice()) {
        let mut battle = battle_after(seed, &ops);
        let _ = battle.cancel();
        battle.start(Action::Roll(dice.clone())).expect("nothing under way");
        let before = battle.clone();
        let bad = vec![(dice.die.max() + 1).to_string(); usize::from(dice.count)];
        prop_assert!(battle.enter_faces(&bad.join(" ")).is_err());
        prop_assert_eq!(battle, before);
    }
}
