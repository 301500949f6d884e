//! `adjutant battles` (the saved battles of the data folder, each whole or with why not, and
//! the backup of a damaged one) and `adjutant restore FILE` (a damaged battle's backup put in
//! its place, the damaged file kept aside). Commands that read a battle file name the backup
//! when the file fails and its backup loads. Names and paths are shown escaped, one line
//! each, as `check` shows them, so an army's name cannot forge a line of the listing.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use adjutant::store::listing::loadable_backup;
use adjutant::store::{BattleStore, Paths, StoreError, is_backup};
use adjutant::words::{count, escaped, one_line};

/// Runs `adjutant battles`: one line a battle, newest first; exit 1 when any is damaged.
pub fn list(data_dir: Option<PathBuf>) -> ExitCode {
    let paths = match Paths::resolve(data_dir) {
        Ok(paths) => paths,
        Err(e) => {
            eprintln!("adjutant: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut store = BattleStore::new(&paths);
    let list = match store.listing() {
        Ok(list) => list,
        Err(e) => {
            eprintln!(
                "adjutant: {}; the saved battles cannot be listed (they are not deleted: only \
                 the folder could not be read)",
                one_line(&e.to_string())
            );
            return ExitCode::FAILURE;
        }
    };
    if list.is_empty() {
        println!("No saved battles in {}.", store.dir().display());
        return ExitCode::SUCCESS;
    }
    let mut all_ok = true;
    for s in list {
        let (path, title) = (shown(&s.path), escaped(&s.title));
        match &s.ok_or_error {
            Ok(()) => println!("{path}  {title} ({})", entries(s.entries)),
            Err(e) => {
                all_ok = false;
                println!("{path}  {title}: does not load: {e}");
                if let Some(b) = &s.backup {
                    println!(
                        "    its backup {} loads ({}): `adjutant restore {}` puts it back",
                        plain(&b.path),
                        entries(b.entries),
                        plain(&s.path),
                    );
                }
            }
        }
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs `adjutant restore FILE`. FILE is a battle file (or its `.bak`), as a path or as a
/// name in the data folder's battles.
pub fn restore(data_dir: Option<PathBuf>, file: &Path) -> ExitCode {
    let file = if is_backup(file) {
        file.with_extension("")
    } else {
        file.to_path_buf()
    };
    let file = match (
        file.exists() || backup_beside(&file),
        Paths::resolve(data_dir),
    ) {
        (false, Ok(paths)) if file.parent() == Some(Path::new("")) => {
            paths.battles_dir().join(&file)
        }
        _ => file,
    };
    let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    match BattleStore::in_dir(dir).restore_backup(&file) {
        Ok(r) => {
            println!(
                "restored {} from its backup ({})",
                shown(&r.path),
                entries(r.entries)
            );
            if let Some(kept) = r.kept {
                println!("the damaged file is kept as {}", shown(&kept));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("adjutant: the backup was not restored: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The lines saying a battle file failed: the error, and the backup when it loads.
pub fn battle_problem(path: &Path, err: &StoreError) -> Vec<String> {
    let mut lines = vec![err.to_string()];
    if !is_backup(path)
        && let Some((b, _)) = loadable_backup(path)
    {
        lines.push(format!(
            "its backup {} loads ({}, one save before the last): `adjutant restore {}` puts it \
             back and keeps the damaged file aside",
            b.path.display(),
            entries(b.entries),
            path.display()
        ));
    }
    lines
}

/// A path as one line, as [`shown`] without the note on a name that is not UTF-8.
fn plain(path: &Path) -> String {
    one_line(&path.display().to_string()).into_owned()
}

/// A path as one line: a newline or other control character in a file name is escaped, so
/// a name cannot add a line of its own to a listing. A name that is not UTF-8 is shown with
/// U+FFFD (�) for its bytes that are not, and says so.
fn shown(path: &Path) -> String {
    let text = plain(path);
    match path.file_name().is_some_and(|n| n.to_str().is_none()) {
        true => format!("{text} (a file name that is not UTF-8: � stands for what is not)"),
        false => text,
    }
}

fn backup_beside(file: &Path) -> bool {
    adjutant::store::atomic::backup_path(file).exists()
}

fn entries(n: usize) -> String {
    count(n, "entry", "entries")
}
