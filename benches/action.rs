//! One action on a big battle: the Winceby armies with every unit repeated to 60 a side (new
//! ids), all on the map in the Rally Phase. Target: one action — the core's update (start a
//! morale check, roll, answer the rout choice if it fails, fold its events into the state)
//! plus the battle screen's view — ≤ 1 ms. The atomic save that follows each action in the
//! window is file I/O and is timed on its own (and in `benches/store.rs`), as is undo, which
//! refolds the log. Run with `cargo bench --bench action`.
//!
//! The battle screen is the binary's (`src/ui/battle`), built into this bench with `#[path]`:
//! its modules name only `adjutant::…`, `super::…` and `crate::ui::…`, so a `ui` module here
//! holding the screen and the few modules it uses (`parts`, `tables_view`, `theme`), with the
//! window's store (`persist`) to do the saves the screen asks for, is all they need; a module
//! the screen starts to use is one more line there.
//!
//! Prints runs, best and median per row; pass/fail is judged on the median; exits 1 if a
//! target is missed.

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adjutant::army::{Army, load_army};
use adjutant::battle::{Action, Battle};
use adjutant::event::{Event, PieceId};
use adjutant::procedure::{Call, Step};
use adjutant::rules::royalists_roundheads::keys::{self, param, proc};
use adjutant::rules::royalists_roundheads::phases::RALLY;
use adjutant::status::Change;

/// The window's battle screen and what it uses, from the binary's sources (the folder given
/// to an inline module is where its children are found, as in `src/ui`).
#[path = "../src/ui"]
#[allow(dead_code, unused_imports, clippy::all)]
mod ui {
    pub mod battle;
    pub mod kept_inside;
    pub mod next;
    pub mod parts;
    pub mod persist;
    pub mod platform;
    pub mod tables_view;
    pub mod theme;

    /// The tray's Roll button pressed: one action through the screen's own update, then the
    /// save it asks for, through the store, as the window does before it shows the result.
    pub fn press_roll(screen: &mut battle::Battle, store: &persist::Store) {
        let action = screen.update(battle::Message::Tray(battle::tray::Message::Roll));
        if action == battle::Action::Save {
            let (game, file) = screen.for_saving();
            let result = store.save_to(game, file);
            let _ = screen.saved(result);
        }
    }

    /// A battle screen around `game`, in the folders of `store`.
    pub fn screen(store: &persist::Store, game: adjutant::battle::Battle) -> battle::Battle {
        battle::Battle::new(game, store.across_table(), store.overrides_dir())
    }
}

const SYSTEM: &str = "royalists_roundheads";
const UNITS_A_SIDE: usize = 60;

/// A shipped Winceby army with its units repeated (new ids and names) to `n` units.
fn scaled(army: &Army, n: usize) -> Army {
    let mut big = army.clone();
    big.units = (0..n)
        .map(|i| {
            let mut u = army.units[i % army.units.len()].clone();
            let k = i / army.units.len();
            if k > 0 {
                u.id = format!("{}_{k}", u.id);
                u.name = format!("{} #{k}", u.name);
            }
            u
        })
        .collect();
    big
}

/// The 2×60 battle, every piece on the map, in side 0's Rally Phase.
fn big_battle() -> Battle {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(SYSTEM);
    let armies: Vec<Army> = ["winceby_royalists", "winceby_parliament"]
        .iter()
        .map(|n| load_army(&dir.join(format!("{n}.ron"))).expect("shipped army loads"))
        .map(|a| scaled(&a, UNITS_A_SIDE))
        .collect();
    let b = Battle::new(SYSTEM, armies, 1643).expect("set up");
    let mut events: Vec<Event> = b
        .roster
        .ids()
        .map(|piece| Event::Piece {
            piece,
            change: Change::Flag {
                key: keys::ENTERED.into(),
                on: true,
            },
        })
        .collect();
    events.push(Event::Clock {
        turn: 3,
        phase: RALLY,
        side: 0,
    });
    b.with_position(events)
}

/// The combat units of the battle, to take turns at the morale check.
fn units(b: &Battle) -> Vec<PieceId> {
    b.roster
        .ids()
        .filter(|&p| b.roster.unit(p).is_some())
        .collect()
}

/// One morale check called on `unit`: start, roll, and the rout choice if it failed.
fn morale_check(b: &mut Battle, unit: PieceId) {
    let call = Call {
        id: proc::MORALE.into(),
        actors: vec![unit],
        targets: vec![],
        params: [(param::CAUSE.to_string(), "Other".to_string())].into(),
    };
    b.start(Action::Procedure(call)).expect("allowed");
    while let Some(step) = b.step() {
        match step {
            Step::Dice(_) => b.roll().expect("rolls"),
            Step::Choice(_) => b.choose(0).expect("chooses"),
            other => panic!("unexpected {other:?}"),
        }
    }
}

struct Row {
    name: &'static str,
    times: Vec<Duration>,
    target: Option<Duration>,
}

impl Row {
    fn new(name: &'static str, mut times: Vec<Duration>, target_us: Option<u64>) -> Row {
        times.sort();
        Row {
            name,
            times,
            target: target_us.map(Duration::from_micros),
        }
    }
    fn best(&self) -> Duration {
        self.times[0]
    }
    fn median(&self) -> Duration {
        self.times[self.times.len() / 2]
    }
}

fn main() -> ExitCode {
    const RUNS: usize = 200;
    let mut game = big_battle();
    let units = units(&game);
    let dir = tempfile::tempdir().expect("a temp folder");
    let store = ui::persist::Store::open(Some(dir.path().to_path_buf()));
    println!(
        "battle: {} pieces ({} units), {} entries to start",
        game.roster.pieces.len(),
        units.len(),
        game.log().len()
    );

    let (mut core, mut view, mut both) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..RUNS {
        let start = Instant::now();
        morale_check(&mut game, units[i % units.len()]);
        let acted = start.elapsed();
        let unit = units[i % units.len()];
        let screen = ui::screen(&store, game);
        let start = Instant::now();
        black_box(screen.view());
        // The panel keeps each piece's row until the piece changes; the checked unit's row
        // is built again when the window next lays the view out.
        black_box(screen.piece_row(unit));
        let viewed = start.elapsed();
        game = screen.game().clone();
        core.push(acted);
        view.push(viewed);
        both.push(acted + viewed);
    }

    // The window's own update (tray roll) with its atomic save, and undo (a refold).
    let mut screen = ui::screen(&store, game.clone());
    let mut update = Vec::new();
    for _ in 0..RUNS / 4 {
        let start = Instant::now();
        ui::press_roll(&mut screen, &store);
        update.push(start.elapsed());
    }
    let mut undo = Vec::new();
    for _ in 0..RUNS / 4 {
        let start = Instant::now();
        game.undo().expect("undoes");
        undo.push(start.elapsed());
        game.redo().expect("redoes");
    }
    let entries = game.log().len();

    let rows = [
        Row::new("core: morale check (start, roll, fold)", core, None),
        Row::new("view: battle screen + the changed row built", view, None),
        Row::new("one action: core + view", both, Some(1_000)),
        Row::new("window update: tray roll + atomic save", update, None),
        Row::new("undo (refold of the log)", undo, None),
    ];
    println!("after: {entries} entries");
    println!(
        "{:<44} {:>6} {:>11} {:>11} {:>10}  result",
        "case", "runs", "best µs", "median µs", "target µs"
    );
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let mut missed = false;
    for row in &rows {
        let ok = row.target.is_none_or(|t| row.median() <= t);
        missed |= !ok;
        println!(
            "{:<44} {:>6} {:>11.1} {:>11.1} {:>10}  {}",
            row.name,
            row.times.len(),
            us(row.best()),
            us(row.median()),
            row.target.map_or("-".into(), |t| format!("{:.0}", us(t))),
            match (row.target, ok) {
                (None, _) => "-",
                (Some(_), true) => "pass",
                (Some(_), false) => "FAIL",
            }
        );
    }
    if missed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
