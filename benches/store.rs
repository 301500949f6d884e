//! Saving and loading a long battle: 10 000 events of tray rolls, typed faces, card draws and
//! reshuffles, written to a temp folder and read back. Run with `cargo bench --bench store`.
//! Prints name, iterations, best and median wall time, mean time on the CPU (where Linux
//! reports it) and target; exits 1 if a target is missed. Targets are judged on the median
//! run, so one lucky run cannot pass a target that most runs miss; on a loaded machine the
//! times include waiting for other processes (compare the CPU column).

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use adjutant::army::{Army, Unit};
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die, Modifier};
use adjutant::store::{BattleFile, BattleStore, battle_from_ron, battle_to_ron};

const SYSTEM: &str = "royalists_roundheads";

fn army(name: &str, n: usize) -> Army {
    Army {
        system: SYSTEM.into(),
        name: name.into(),
        side: name.into(),
        description: String::new(),
        leaders: Vec::new(),
        units: (0..n)
            .map(|i| Unit {
                id: format!("u{i}"),
                name: format!("{name} regiment {i}"),
                kind: "Cavalry".into(),
                leader: None,
                stats: BTreeMap::from([
                    ("strength".into(), 4),
                    ("morale".into(), 7),
                    ("movement".into(), 8),
                    ("entry_turn".into(), 1),
                ]),
                traits: BTreeSet::new(),
                group: None,
                notes: String::new(),
            })
            .collect(),
    }
}

/// A battle whose log holds at least `events` events.
fn long_battle(events: usize) -> Battle {
    let armies = vec![army("King's army", 12), army("Parliament", 12)];
    let mut b = Battle::new(SYSTEM, armies, 1643).expect("a known system");
    let mut i = 0;
    while b.log().iter().map(|e| e.events.len()).sum::<usize>() < events {
        match i % 7 {
            0 | 3 => {
                b.start(Action::Draw).unwrap();
                b.draw().unwrap();
            }
            6 if i % 70 == 6 => b.start(Action::Reshuffle).unwrap(),
            5 => {
                b.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
                b.enter_faces("3 4").unwrap();
            }
            _ => {
                let dice = Dice::new(2, Die::D6).with(Modifier::new(-1, "Disordered", "7.2"));
                b.start(Action::Roll(dice)).unwrap();
                b.roll().unwrap();
            }
        }
        i += 1;
    }
    b
}

/// Time this thread has spent on a CPU, where Linux reports it.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// A measurement: iterations, best and median wall time, mean CPU time.
struct Timing {
    n: u32,
    median: Duration,
    best: Duration,
    cpu: Option<Duration>,
}

/// Runs `f` at least `iterations` times and for half a second.
fn time(iterations: u32, mut f: impl FnMut()) -> Timing {
    f();
    let (start, cpu_start) = (Instant::now(), cpu_time());
    let mut runs = Vec::new();
    while runs.len() < iterations as usize || start.elapsed() < Duration::from_millis(500) {
        let run = Instant::now();
        f();
        runs.push(run.elapsed());
    }
    runs.sort();
    let n = runs.len() as u32;
    Timing {
        n,
        best: runs[0],
        median: runs[runs.len() / 2],
        cpu: cpu_start.zip(cpu_time()).map(|(a, b)| (b - a) / n),
    }
}

fn main() {
    let battle = long_battle(10_000);
    let events: usize = battle.log().iter().map(|e| e.events.len()).sum();
    let dir = tempfile::tempdir().expect("a temp folder");
    let mut store = BattleStore::in_dir(dir.path());
    let path = store.save(&battle).expect("saved");
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    let text = battle_to_ron(&battle).expect("serialised");
    println!(
        "battle: {} entries, {events} events, {:.1} MB on disk",
        battle.log().len(),
        bytes as f64 / 1e6
    );

    let rows: Vec<(&str, Timing, Option<Duration>)> = vec![
        (
            "load 10k-event battle (read, check, fold)",
            time(10, || {
                black_box(store.load(&path).expect("loads"));
            }),
            Some(Duration::from_millis(100)),
        ),
        (
            "save 10k-event battle (atomic, fsync, .bak)",
            time(10, || {
                black_box(store.save(&battle).expect("saves"));
            }),
            None,
        ),
        (
            "parse + check + fold (in memory)",
            time(10, || {
                black_box(battle_from_ron(&text, Path::new("bench.ron")).expect("parses"));
            }),
            None,
        ),
        (
            "  of which: RON parse only",
            time(10, || {
                black_box(ron::from_str::<BattleFile>(&text).expect("parses"));
            }),
            None,
        ),
        (
            "  of which: rebuild from parts (fold the log)",
            time(10, || {
                black_box(
                    BattleFile::from_battle(&battle)
                        .into_battle()
                        .expect("folds"),
                );
            }),
            None,
        ),
        (
            "serialise to RON (in memory)",
            time(10, || {
                black_box(battle_to_ron(&battle).expect("serialises"));
            }),
            None,
        ),
    ];

    println!(
        "{:<46} {:>10} {:>12} {:>12} {:>12} {:>10}",
        "name", "iterations", "best (wall)", "median", "mean (cpu)", "target"
    );
    let mut missed = false;
    for (name, t, target) in rows {
        let target_text = target.map_or("-".to_string(), |t| format!("≤ {t:?}"));
        let ok = target.is_none_or(|limit| t.median <= limit);
        missed |= !ok;
        let mark = if ok { "" } else { "  MISSED" };
        let cpu = t.cpu.map_or("-".to_string(), |c| format!("{c:.2?}"));
        println!(
            "{name:<46} {:>10} {:>12.2?} {:>12.2?} {cpu:>12} {target_text:>10}{mark}",
            t.n, t.best, t.median
        );
    }
    if missed {
        std::process::exit(1);
    }
}
