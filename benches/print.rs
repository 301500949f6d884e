//! Printing speed: both Winceby roster sheets plus the quick-reference card, as shipped and
//! with ten times the units. Targets: ≤ 100 ms as shipped; ten times the units ≤ ten times
//! the time. Run with `cargo bench --bench print`.

use std::path::Path;
use std::time::{Duration, Instant};

use adjutant::army::{Army, load_army};
use adjutant::print::{self, Paper};
use adjutant::rules::{self, RuleSystem};

const SYSTEM: &str = "royalists_roundheads";
const RUNS: usize = 15;

/// The shipped Winceby armies.
fn winceby() -> Vec<Army> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(SYSTEM);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| load_army(f).unwrap_or_else(|p| panic!("{}: {p:?}", f.display())))
        .collect()
}

/// The army with every unit repeated `times` times under the same leaders.
fn scaled(army: &Army, times: usize) -> Army {
    let mut big = army.clone();
    big.units = (0..times)
        .flat_map(|k| {
            army.units.iter().map(move |u| {
                let mut u = u.clone();
                u.id = format!("{}_{k}", u.id);
                u.name = format!("{} #{k}", u.name);
                u
            })
        })
        .collect();
    big
}

/// Prints every roster and the quick-reference card once; returns the bytes written.
fn print_all(armies: &[Army], rules: &dyn RuleSystem) -> usize {
    let mut bytes = print::quick_ref_pdf(rules, Paper::A4)
        .expect("quick reference")
        .len();
    for army in armies {
        bytes += print::roster_pdf(army, rules, Paper::A4)
            .expect("roster")
            .len();
    }
    bytes
}

/// The median time of `RUNS` runs, after one warm-up run (fonts are parsed once per process).
fn time(armies: &[Army], rules: &dyn RuleSystem) -> (Duration, usize) {
    let bytes = print_all(armies, rules);
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(print_all(armies, rules));
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[RUNS / 2], bytes)
}

fn main() {
    let rules = &*rules::by_id(SYSTEM).expect("the Winceby rule system is registered");
    let armies = winceby();
    let big: Vec<Army> = armies.iter().map(|a| scaled(a, 10)).collect();
    let units = |a: &[Army]| a.iter().map(|a| a.units.len()).sum::<usize>();
    let (t1, b1) = time(&armies, rules);
    let (t10, b10) = time(&big, rules);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{:<28} {:>6} {:>10} {:>10} {:>10}",
        "case", "units", "median ms", "KB out", "target"
    );
    println!(
        "{:<28} {:>6} {:>10.1} {:>10} {:>10}",
        "Winceby rosters + quick-ref",
        units(&armies),
        ms(t1),
        b1 / 1024,
        "≤ 100 ms"
    );
    println!(
        "{:<28} {:>6} {:>10.1} {:>10} {:>10}",
        "ten times the units",
        units(&big),
        ms(t10),
        b10 / 1024,
        format!("≤ {:.0} ms", ms(t1) * 10.0)
    );
    let ratio = t10.as_secs_f64() / t1.as_secs_f64();
    println!("ratio {ratio:.2} (target ≤ 10)");
    let ok = ms(t1) <= 100.0 && ratio <= 10.0;
    println!("{}", if ok { "within targets" } else { "OVER TARGET" });
}
