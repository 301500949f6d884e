//! `adjutant delete FILE` (a saved battle moved, with its backup, into the bin of the battles
//! folder) and `adjutant bin` (the battles in the bin; `--put-back NAME` puts one back,
//! `--delete-for-good NAME` deletes it for good). Battles deleted 30 days ago or more go for
//! good when the bin is listed, as when the window opens.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use adjutant::store::bin::{BinnedSummary, KEEP_DAYS};
use adjutant::store::{BattleStore, Paths, StoreError};
use adjutant::words::{count, escaped, one_line};
use adjutant_core::store::when;
use clap::{ArgGroup, Args};

/// `adjutant bin`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("what").args(["put_back", "delete_for_good"])))]
pub struct BinArgs {
    /// Put this battle back into the saved battles (its file name, as the bin lists it).
    #[arg(long, value_name = "NAME")]
    put_back: Option<String>,
    /// Delete this battle in the bin for good.
    #[arg(long, value_name = "NAME")]
    delete_for_good: Option<String>,
}

fn store(data_dir: Option<PathBuf>) -> Result<BattleStore, ExitCode> {
    match Paths::resolve(data_dir) {
        Ok(paths) => Ok(BattleStore::new(&paths)),
        Err(e) => {
            eprintln!("adjutant: {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// Runs `adjutant delete FILE`: FILE is a battle file of the battles folder, as a path or as
/// its name there.
pub fn delete(data_dir: Option<PathBuf>, file: &Path) -> ExitCode {
    let mut store = match store(data_dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let file = match file.parent() {
        Some(p) if p.as_os_str().is_empty() => store.dir().join(file),
        _ => file.to_path_buf(),
    };
    let file = std::path::absolute(&file).unwrap_or(file);
    let dir = std::path::absolute(store.dir()).unwrap_or_else(|_| store.dir().to_path_buf());
    if file.parent() != Some(dir.as_path()) {
        eprintln!(
            "adjutant: {} is not a battle of Adjutant's battles folder {}; nothing was deleted",
            shown(&file),
            shown(&dir)
        );
        return ExitCode::FAILURE;
    }
    match store.delete(&file) {
        Ok(binned) => {
            println!(
                "moved {} into the bin: `adjutant bin --put-back {}` puts it back",
                shown(&file),
                shown(Path::new(&binned.name))
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("adjutant: {} was not deleted: {}", shown(&file), why(&e));
            ExitCode::FAILURE
        }
    }
}

/// Why a battle was not deleted or put back, in words.
fn why(e: &StoreError) -> String {
    match e {
        StoreError::Io { kind, .. } if *kind == std::io::ErrorKind::NotFound => {
            "there is no such battle".into()
        }
        e => e.to_string(),
    }
}

/// Runs `adjutant bin`: the battles in the bin, or one put back or deleted for good.
pub fn bin(data_dir: Option<PathBuf>, args: BinArgs) -> ExitCode {
    let mut store = match store(data_dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    for gone in store.empty_bin() {
        println!(
            "deleted for good {} (in the bin since {}, {KEEP_DAYS} days or more)",
            shown(Path::new(&gone.name)),
            when::date(gone.deleted)
        );
    }
    let list = store.bin();
    let find = |name: &str| {
        list.iter()
            .find(|b| {
                b.binned.name == name
                    || b.binned
                        .id
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy() == name)
            })
            .cloned()
    };
    let (name, put_back) = match (&args.put_back, &args.delete_for_good) {
        (Some(name), _) => (name, true),
        (None, Some(name)) => (name, false),
        (None, None) => return show(&store, &list),
    };
    let Some(found) = find(name) else {
        eprintln!(
            "adjutant: there is no battle {} in the bin (`adjutant bin` lists them)",
            shown(Path::new(name))
        );
        return ExitCode::FAILURE;
    };
    let id = found.binned.id.clone();
    let done = match put_back {
        true => store
            .put_back(&id)
            .map(|to| format!("put back {} as {}", escaped(&found.title), shown(&to))),
        false => store
            .delete_for_good(&id)
            .map(|_| format!("deleted {} for good", escaped(&found.title))),
    };
    match done {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("adjutant: {}", why(&e));
            ExitCode::FAILURE
        }
    }
}

/// The bin's listing: one line a battle, the last deleted first.
fn show(store: &BattleStore, list: &[BinnedSummary]) -> ExitCode {
    let bin = store.dir().join(adjutant::store::bin::BIN);
    if list.is_empty() {
        println!("The bin is empty ({}).", shown(&bin));
        return ExitCode::SUCCESS;
    }
    println!(
        "In the bin ({}; each goes for good {KEEP_DAYS} days after it was deleted):",
        shown(&bin)
    );
    for b in list {
        let entries = b
            .entries
            .map_or_else(|| "does not load".into(), |n| count(n, "entry", "entries"));
        println!(
            "{}  {} ({entries}), deleted {}",
            shown(Path::new(&b.binned.name)),
            escaped(&b.title),
            when::date(b.binned.deleted)
        );
    }
    println!("`adjutant bin --put-back NAME` puts one back.");
    ExitCode::SUCCESS
}

/// A path as one line.
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string()).into_owned()
}
