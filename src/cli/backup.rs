//! `adjutant backup [-o PATH]` (one file of every saved battle, the player's own armies, table
//! files and settings) and `adjutant restore-backup FILE` (what the backup holds put back:
//! what is missing is added, a battle of the same name with another log kept beside it, what
//! is here already skipped; nothing is written over). The same file goes between the desktop
//! and the web page either way.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use adjutant::store::backup::{self, Made};
use adjutant::store::names::secs;
use adjutant::store::{Paths, SettingsStore};
use adjutant::words::one_line;
use adjutant_core::store::backup::Outcome;
use clap::Args;

/// `adjutant backup`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write: a file, or an existing folder to write adjutant-backup-<date>.ron
    /// into. Default: the current folder.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
}

fn data(data_dir: Option<PathBuf>) -> Result<Paths, ExitCode> {
    Paths::resolve(data_dir).map_err(|e| {
        eprintln!("adjutant: {e}");
        ExitCode::FAILURE
    })
}

/// Runs `adjutant backup`: says what it holds and where it went; exit 1 when a file had to
/// be left out (the rest is written) or nothing could be written.
pub fn make(data_dir: Option<PathBuf>, args: BackupArgs) -> ExitCode {
    let paths = match data(data_dir) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let now = adjutant::clock::now();
    let name = backup::file_name(now);
    let target = match &args.output {
        None => PathBuf::from(&name),
        Some(dir) if dir.is_dir() => dir.join(&name),
        Some(file) => file.clone(),
    };
    let made: Made = backup::make(&paths, now);
    if let Err(e) = backup::write_file(&paths, &target, &made.text) {
        eprintln!("adjutant: the backup was not written: {e}");
        return ExitCode::FAILURE;
    }
    println!("wrote {}: {}", shown(&target), made.holds());
    record(&paths, now);
    for why in &made.left_out {
        eprintln!("adjutant: not in the backup: {}", one_line(why));
    }
    match made.left_out.is_empty() {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

/// Notes in the settings when the backup was made, for the home screen; settings that do
/// not load are left as they are (the window says why when it starts).
fn record(paths: &Paths, now: std::time::SystemTime) {
    let mut store = SettingsStore::new(paths);
    if let (mut settings, None) = store.load() {
        settings.last_backup = Some(secs(now));
        if let Err(e) = store.save(&settings) {
            eprintln!("adjutant: warning: when the backup was made is not noted: {e}");
        }
    }
}

/// Runs `adjutant restore-backup FILE`: a line for each item of the backup, then what was
/// done; exit 1 when the file is no backup or is damaged (nothing is restored), or an item
/// could not be written.
pub fn restore(data_dir: Option<PathBuf>, file: &Path) -> ExitCode {
    let paths = match data(data_dir) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let restored =
        adjutant::store::read_file(file).and_then(|bytes| backup::restore(&paths, &bytes, file));
    let restored = match restored {
        Ok(r) => r,
        Err(e) => {
            eprintln!("adjutant: nothing was restored: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (_, path, outcome) in &restored.items {
        let line = match outcome {
            Outcome::Added(to) => format!("added {}", shown(to)),
            Outcome::Beside { kept, yours } => format!(
                "kept beside {} (which differs) as {}",
                shown(yours),
                shown(kept)
            ),
            Outcome::Same(here) => format!("already here: {}", shown(here)),
            Outcome::Yours(here) => {
                format!("your own settings are kept: {} differs", shown(here))
            }
            Outcome::Failed(e) => format!("not restored: {}: {e}", one_line(path)),
        };
        println!("{line}");
    }
    println!("{}", restored.summary());
    match restored.whole() {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

/// A path as one line.
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string()).into_owned()
}
