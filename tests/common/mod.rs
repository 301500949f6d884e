//! Builders shared by the app's tests, for every rule system: from crates/adjutant-testkit,
//! hand-made units, leaders, armies and battles ([`army`]), shipped armies and positions set
//! up by hand (`position`); here, the shipped army files on disk, a scripted game
//! ([`script`]), a battle written out as plain text ([`state_text`]), and the `adjutant`
//! binary run in a folder, or this test binary on one of its own tests ([`test_named`]).
//! `tests/app.rs` declares it once for every module.

// Shared with the core's tests and the benches, from crates/adjutant-testkit.
pub use adjutant_testkit::army;
pub mod script;
pub mod state_text;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub use adjutant_testkit::position::*;

/// The shipped army files of `system` in the source tree's `armies/`, sorted (none if the
/// folder is missing).
pub fn shipped_files(system: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("armies")
        .join(system);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// Runs `adjutant ARGS` in `cwd` with its data (and config) folder `data`.
pub fn adjutant(cwd: &Path, data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_adjutant"))
        .args(args)
        .current_dir(cwd)
        .env("ADJUTANT_DATA_DIR", data)
        .output()
        .expect("the adjutant binary runs")
}

/// The name the test harness gives the test function `name` of `module` (`module_path!()`
/// there), for re-running this test binary on that one test (`--exact`) as a child process.
pub fn test_named(module: &str, name: &str) -> String {
    let (_crate, path) = module
        .split_once("::")
        .expect("a test's module sits in the crate");
    format!("{path}::{name}")
}
