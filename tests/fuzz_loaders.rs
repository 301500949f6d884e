//! Fuzzing the loaders with proptest: army files (arbitrary bytes, and the shipped army files
//! with bytes flipped, cut short, or RON tokens put in), battle files (a real saved battle of
//! each rule system, mutated the same ways) and typed dice faces (arbitrary strings and
//! numbers). Each case must finish within [`LIMIT`] without a panic; a refused file must say
//! what is wrong and where (`path:line:col`), and a file that loads must behave (see
//! `fuzz_loaders/checks.rs`, which the cargo-fuzz targets in `fuzz/` share).
//!
//! `ADJUTANT_FUZZ_CASES` sets the cases per test (default 64, which takes CI well under a
//! minute); `docs/robustness.md` tells how to run a long session. Inputs that once broke a
//! loader live in `tests/fuzz_fixtures/` and are checked on every run.

#[path = "fuzz_loaders/checks.rs"]
mod checks;
#[path = "fuzz_loaders/mutants.rs"]
mod mutants;
#[path = "fuzz_loaders/mutate.rs"]
mod mutate;

use crate::common;
use common::script;

use std::sync::OnceLock;
use std::sync::mpsc::channel;
use std::time::Duration;

use std::collections::{BTreeMap, BTreeSet};

use adjutant::army::load_army;
use adjutant::battle::{Action, Battle, Pending};
use adjutant::cards::Deck;
use adjutant::dice::{Dice, Die, Rolled};
use adjutant::event::PieceId;
use adjutant::procedure::{Call, Input};
use adjutant::store::{BattleFile, battle_to_ron, read_battle};
use proptest::prelude::*;
use proptest::sample::Index;

use mutate::{mutate, mutation};

/// Longer than any one case takes (the slowest, a battle file, takes milliseconds).
const LIMIT: Duration = Duration::from_secs(20);

fn cases() -> u32 {
    std::env::var("ADJUTANT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Runs `check` on another thread and fails if it does not finish within [`LIMIT`]; a panic
/// in it fails the case, with the panic's message.
fn bounded(what: &str, check: impl FnOnce() + Send + 'static) {
    let (tx, rx) = channel();
    let worker = std::thread::spawn(move || {
        check();
        let _ = tx.send(());
    });
    match rx.recv_timeout(LIMIT) {
        Ok(()) => worker.join().expect("finished"),
        Err(_) if worker.is_finished() => {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(_) => panic!("{what}: no answer within {LIMIT:?}: a hang"),
    }
}

/// The text of every shipped army file.
fn shipped_armies() -> &'static [Vec<u8>] {
    static TEXTS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        script::systems()
            .iter()
            .flat_map(|s| script::shipped_army_paths(s))
            .map(|p| std::fs::read(p).expect("a shipped army file"))
            .collect()
    })
}

/// A saved battle of each rule system, 120 scripted steps in (rolls, draws, procedures,
/// undos, a procedure perhaps under way).
fn saved_battles() -> &'static [Vec<u8>] {
    static TEXTS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        script::systems()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut battle = script::start(s, 40 + i as u64);
                for step in 1..=120 {
                    script::step(&mut battle, 40 + i as u64, step);
                }
                battle_to_ron(&battle).expect("saves").into_bytes()
            })
            .collect()
    })
}

/// Army bytes: as text when they are UTF-8, and through a file every time (which is where
/// bytes that are not UTF-8 are refused).
fn check_army_bytes(bytes: Vec<u8>) {
    bounded("an army file", move || {
        if let Ok(text) = std::str::from_utf8(&bytes) {
            checks::check_army_text(text);
        }
        let dir = tempfile::tempdir().expect("a temp folder");
        let path = dir.path().join("army.ron");
        std::fs::write(&path, &bytes).expect("written");
        let name = path.display().to_string();
        if let Err(problems) = load_army(&path) {
            let text = String::from_utf8_lossy(&bytes);
            checks::check_problems(&text, &name, &problems);
        }
    });
}

/// Battle bytes: as text when they are UTF-8, otherwise through a file.
fn check_battle_bytes(bytes: Vec<u8>) {
    bounded("a battle file", move || match std::str::from_utf8(&bytes) {
        Ok(text) => checks::check_battle_text(text),
        Err(_) => {
            let dir = tempfile::tempdir().expect("a temp folder");
            let path = dir.path().join("battle.ron");
            std::fs::write(&path, &bytes).expect("written");
            let err = read_battle(&path).expect_err("not UTF-8");
            checks::check_store_error(&String::from_utf8_lossy(&bytes), &path, &err);
        }
    });
}

/// For each rule system: a battle some steps in with nothing under way, and every procedure
/// id and parameter (key, choices) its offers name.
struct Offered {
    battle: Battle,
    ids: Vec<String>,
    params: Vec<(String, Vec<String>)>,
}

fn offered() -> &'static [Offered] {
    static OFFERED: OnceLock<Vec<Offered>> = OnceLock::new();
    OFFERED.get_or_init(|| {
        script::systems()
            .iter()
            .map(|s| {
                let mut battle = script::start(s, 9);
                for step in 1..=40 {
                    script::step(&mut battle, 9, step);
                }
                let _ = battle.cancel();
                let (mut ids, mut params) = (BTreeSet::new(), BTreeMap::new());
                let ctx = battle.context();
                let all: Vec<PieceId> = battle.roster.ids().collect();
                let mut picks = vec![(vec![], vec![])];
                for &a in &all {
                    picks.push((vec![a], vec![]));
                    picks.extend(all.iter().map(|&t| (vec![a], vec![t])));
                }
                for (actors, targets) in picks {
                    for offer in battle.rules().offers(&ctx, &actors, &targets) {
                        ids.insert(offer.id);
                        for p in offer.params {
                            params.insert(p.key.to_string(), p.choices);
                        }
                    }
                }
                Offered {
                    battle: battle.clone(),
                    ids: ids.into_iter().collect(),
                    params: params.into_iter().collect(),
                }
            })
            .collect()
    })
}

/// An input of any kind: dice (a face each die can show), a card, or a choice.
fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        (1u8..4, 0usize..3, any::<u64>()).prop_map(|(count, die, seed)| {
            let dice = Dice::new(count, Die::ALL[die]);
            let faces = (0..count)
                .map(|k| dice.die.min() + ((seed >> (8 * k)) % u64::from(dice.die.sides())) as u8)
                .collect();
            Input::Dice(Rolled {
                dice,
                faces,
                typed: true,
            })
        }),
        (0usize..52).prop_map(|i| Input::Card(Deck::full(false)[i])),
        prop_oneof![0usize..4, any::<usize>()].prop_map(Input::Choice),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// A file whose procedure under way is any procedure of its system, by any pieces, with
    /// any answers to any parameters and any inputs so far: the battle loads and behaves, or
    /// is refused with a message.
    #[test]
    fn battle_loader_takes_any_procedure_under_way(
        system in any::<Index>(),
        id in any::<Index>(),
        actors in proptest::collection::vec(any::<Index>(), 0..3),
        targets in proptest::collection::vec(any::<Index>(), 0..3),
        params in proptest::collection::vec((any::<Index>(), any::<Index>(), "\\PC{0,8}"), 0..4),
        inputs in proptest::collection::vec(input(), 0..4),
    ) {
        let o = &offered()[system.index(offered().len())];
        let pieces = o.battle.roster.pieces.len() + 1; // one past the end, now and then
        let piece = |i: &Index| PieceId(i.index(pieces) as u16);
        let mut answers = BTreeMap::new();
        for (key, pick, text) in &params {
            let (key, choices) = &o.params[key.index(o.params.len())];
            let value = choices.get(pick.index(choices.len() + 1)).cloned();
            answers.insert(key.clone(), value.unwrap_or_else(|| text.clone()));
        }
        let call = Call {
            id: o.ids[id.index(o.ids.len())].clone(),
            actors: actors.iter().map(piece).collect(),
            targets: targets.iter().map(piece).collect(),
            params: answers,
        };
        let mut file = BattleFile::from_battle(&o.battle);
        file.pending = Some(Pending {
            action: Action::Procedure(call),
            title: "Under way".into(),
            inputs,
            events: Vec::new(),
        });
        let text = ron::to_string(&file).expect("a battle file serialises");
        bounded("a procedure under way", move || checks::check_battle_text(&text));
    }

    #[test]
    fn army_loader_takes_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check_army_bytes(bytes);
    }

    #[test]
    fn army_loader_takes_mutated_shipped_files(
        file in any::<Index>(),
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        let shipped = shipped_armies();
        check_army_bytes(mutate(shipped[file.index(shipped.len())].clone(), &mutations));
    }

    #[test]
    fn battle_loader_takes_mutated_saved_battles(
        file in any::<Index>(),
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        let saved = saved_battles();
        check_battle_bytes(mutate(saved[file.index(saved.len())].clone(), &mutations));
    }

    #[test]
    fn battle_loader_takes_arbitrary_text(text in "\\PC{0,300}") {
        check_battle_bytes(format!("BattleFile({text}").into_bytes());
    }

    #[test]
    fn typed_faces_take_arbitrary_strings(text in prop_oneof![
        any::<String>(),
        "[0-9 ,+\\-]{0,40}",
        "[0-9]{0,300}",
    ]) {
        bounded("typed faces", move || checks::check_faces_text(&text));
    }

    #[test]
    fn face_values_take_arbitrary_numbers(
        die in prop_oneof![Just(Die::D3), Just(Die::D6), Just(Die::D10)],
        count in any::<u8>(),
        values in proptest::collection::vec(any::<i64>(), 0..8),
    ) {
        checks::check_face_values(die, count, &values);
        let fits: Vec<i64> = values.iter().map(|v| v.rem_euclid(i64::from(die.sides()))
            + i64::from(die.min())).collect();
        checks::check_face_values(die, fits.len() as u8, &fits);
    }
}

/// The unmutated inputs load: the harness itself is sound.
#[test]
fn the_seeds_load() {
    for text in shipped_armies() {
        let text = std::str::from_utf8(text).expect("UTF-8");
        assert!(adjutant::army::load_army_str("a.ron", text).is_ok());
    }
    for text in saved_battles() {
        checks::check_battle_text(std::str::from_utf8(text).expect("UTF-8"));
    }
}

/// Every input a fuzzer once broke a loader with, checked as the fuzzers check it. The
/// folder of each fixture says which loader it is for: `army/`, `battle/` or `dice/`.
#[test]
fn fixtures_found_by_fuzzing() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_fixtures");
    let mut checked = 0;
    for (kind, check) in [
        ("army", check_army_bytes as fn(Vec<u8>)),
        ("battle", check_battle_bytes),
        ("dice", |b: Vec<u8>| {
            checks::check_faces_text(&String::from_utf8_lossy(&b))
        }),
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(kind)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "md") {
                continue;
            }
            check(std::fs::read(&path).expect("a fixture"));
            checked += 1;
        }
    }
    assert!(checked > 0, "fixtures in {}", root.display());
}

/// The saved battles' text without their checksum line: checked by what they hold alone.
fn without_checksum(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("// Checksum: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Tallies the mutants of every saved battle, every `stride`-th number; with `sealed` false,
/// of the battles without their checksum line.
fn tally_mutants(stride: usize, sealed: bool) -> (mutants::Tally, Vec<String>) {
    let mut all = mutants::Tally::default();
    let mut silent = Vec::new();
    for (system, bytes) in script::systems().iter().zip(saved_battles()) {
        let text = std::str::from_utf8(bytes).expect("UTF-8");
        let text = match sealed {
            true => text.to_string(),
            false => without_checksum(text),
        };
        let (tally, found) = mutants::tally(&text, stride);
        println!("{system}: {tally:?}");
        all.add(tally);
        silent.extend(found.into_iter().map(|f| format!("{system}: {f}")));
    }
    (all, silent)
}

/// A few dozen one-token mutants of each saved battle (numbers changed, entries swapped or
/// written twice): none loads as another battle without a word.
#[test]
fn no_mutant_of_a_saved_battle_changes_it_silently() {
    let (tally, silent) = tally_mutants(97, true);
    assert!(tally.refused >= 50, "{tally:?}");
    assert_eq!(tally.silent(), 0, "{tally:?}: {silent:#?}");
}

/// Every one-token mutant of each saved battle, counted, with the checksum line and without it
/// (the checks of what a file holds, alone). `ADJUTANT_MUTANT_STRIDE=N` takes every N-th number.
#[test]
#[ignore = "long: run by hand, see docs/robustness.md"]
fn every_mutant_of_the_saved_battles_counted() {
    let stride = std::env::var("ADJUTANT_MUTANT_STRIDE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    for sealed in [true, false] {
        let (tally, silent) = tally_mutants(stride, sealed);
        println!(
            "{}: {} mutants, {} refused, {} loaded: {} as the same battle, {} as another \
             ({} with another report, {} of them a report that panicked)",
            match sealed {
                true => "with the checksum",
                false => "without the checksum",
            },
            tally.refused + tally.loaded(),
            tally.refused,
            tally.loaded(),
            tally.same,
            tally.silent(),
            tally.changed_report,
            tally.panicked
        );
        let mut by_field = BTreeMap::new();
        for s in &silent {
            let field = s.rsplit(": ").next().unwrap_or("?").to_string();
            *by_field.entry(field).or_insert(0) += 1;
        }
        println!("  loaded as another battle, by the field changed: {by_field:?}");
    }
}
