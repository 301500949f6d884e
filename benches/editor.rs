//! The army builder on a big army: the shipped Winceby Parliament with its units repeated (new
//! ids and names) to 120. Target: opening the builder on it (read the file, check it with the
//! loader, build the screen) ≤ 16 ms, and one edit (a statistic typed: apply, check, build the
//! screen) ≤ 16 ms — one frame each. Run with `cargo bench --bench editor`.
//!
//! The builder is the window's own (`adjutant::ui::editor`).
//!
//! Prints runs, best and median per row; pass/fail is judged on the median; exits 1 if a
//! target is missed.

use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adjutant::army::draft::{Field, Part};

use adjutant::ui;

const UNITS: usize = 120;

/// The Winceby Parliament file with its units repeated to `n`, as army-file text.
fn big_army_text(n: usize) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies/royalists_roundheads/winceby_parliament.ron");
    let text = std::fs::read_to_string(path).expect("the shipped army");
    let mut draft = adjutant::army::draft::Draft::from_text(&text).expect("it reads");
    let base = draft.units.clone();
    draft.units = (0..n)
        .map(|i| {
            let mut u = base[i % base.len()].clone();
            let k = i / base.len();
            if k > 0 {
                u.id = format!("{}_{k}", u.id);
                u.name = format!("{} #{k}", u.name);
            }
            u
        })
        .collect();
    adjutant::army::write::render(&draft).text
}

fn median(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[0], times[times.len() / 2])
}

fn main() -> ExitCode {
    const RUNS: usize = 60;
    let dir = tempfile::tempdir().expect("a temp folder");
    let path = dir.path().join("big.ron");
    std::fs::write(&path, big_army_text(UNITS)).expect("written");

    let mut open = Vec::new();
    for _ in 0..RUNS {
        let start = Instant::now();
        let editor =
            ui::editor::Editor::open(&path, false, dir.path().to_path_buf()).expect("opens");
        black_box(editor.view());
        open.push(start.elapsed());
    }
    let mut editor =
        ui::editor::Editor::open(&path, false, dir.path().to_path_buf()).expect("opens");
    assert!(editor.problems().is_empty(), "{:?}", editor.problems());
    assert_eq!(editor.draft().units.len(), UNITS);
    let _ = editor.update(ui::editor::Message::Selected(ui::editor::Selected::Unit(
        60,
    )));
    let mut edit = Vec::new();
    for i in 0..RUNS {
        let value = (2 + i % 3).to_string();
        let field = Field::Unit(60, Part::Stat("strength".into()));
        let start = Instant::now();
        let _ = editor.update(ui::editor::Message::FieldChanged(field, value));
        black_box(editor.view());
        edit.push(start.elapsed());
    }

    let mut failed = false;
    println!(
        "army: {UNITS} units, {} leaders",
        editor.draft().leaders.len()
    );
    for (name, times) in [("open the builder", open), ("one edit", edit)] {
        let (best, median) = median(times);
        let pass = median <= Duration::from_millis(16);
        failed |= !pass;
        println!(
            "{name:<20} runs {RUNS:>3}  best {best:>9.2?}  median {median:>9.2?}  target ≤ 16 ms  {}",
            if pass { "pass" } else { "FAIL" }
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
