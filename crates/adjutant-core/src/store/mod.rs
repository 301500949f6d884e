//! The battle file format and the storage a front end keeps battles in.
//!
//! - [`battle_file`]: the versioned RON format of a battle, with migration and a check of the
//!   log before a battle is rebuilt from it.
//! - [`storage`]: the [`Storage`] trait — list, read, write atomically keeping a backup, lock —
//!   that the app implements on files and [`Memory`] in memory, and [`Battles`], saving and
//!   loading battles through it.
//! - [`backup`]: one file of every battle, army, table file and settings, and restoring it
//!   without writing over anything.
//! - [`bin`]: deleted battles kept in a bin, put back or deleted for good.
//! - [`when`]: times as names and messages write them.
//! - [`StoreError`]: why something could not be saved or loaded, naming the file.

pub(crate) mod armies;
pub mod backup;
pub mod battle_file;
pub mod bin;
mod check;
mod checksum;
mod migrate;
mod place;
pub mod storage;
mod values;
pub mod when;

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

pub use battle_file::{
    BATTLE_VERSION, BattleFile, battle_from_bytes_under, battle_from_ron, battle_from_ron_under,
    battle_to_ron, first_value_is, looks_like_battle_file,
};
pub use storage::{Battles, Memory, Storage};

/// The environment variable that overrides the data folder (when `--data-dir` is not given),
/// named in [`StoreError::NoHome`]; the app reads it.
pub const ENV_DATA_DIR: &str = "ADJUTANT_DATA_DIR";

/// The points in the write sequence, each just before the step it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WriteStep {
    /// Creating the temp file.
    CreateTemp,
    /// Writing the first half of the bytes.
    WriteFirstHalf,
    /// Writing the rest of the bytes (the temp file holds half of them).
    WriteRest,
    /// Syncing the temp file to disk.
    SyncTemp,
    /// Keeping the previous file as `<name>.bak`.
    Backup,
    /// Renaming the temp file over the old name.
    Rename,
    /// Syncing the folder so the rename is on disk (the new file is already in place).
    SyncDir,
}

impl WriteStep {
    /// Every step, in order.
    pub const ALL: [WriteStep; 7] = [
        WriteStep::CreateTemp,
        WriteStep::WriteFirstHalf,
        WriteStep::WriteRest,
        WriteStep::SyncTemp,
        WriteStep::Backup,
        WriteStep::Rename,
        WriteStep::SyncDir,
    ];
}

/// Problems one per line, as `path:line:col: message`.
fn lines(problems: &[crate::army::Problem]) -> String {
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

/// Why something could not be saved or loaded. Every message names the file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// No home folder to put Adjutant's files in, and no override given.
    #[error(
        "cannot find a home folder for Adjutant's files; start it with --data-dir DIR or set {}",
        ENV_DATA_DIR
    )]
    NoHome,
    /// The operating system refused a read, write, rename or sync.
    #[error("cannot {action} {}: {message}", path.display())]
    Io {
        /// What was being done: "read", "write", "create the folder", "back up", ...
        action: &'static str,
        path: PathBuf,
        kind: io::ErrorKind,
        /// The system's own words, e.g. "Permission denied (os error 13)".
        message: String,
    },
    /// The file is not valid RON, or not the shape Adjutant expects, at this position.
    #[error("{}:{line}:{col}: {message}", path.display())]
    Parse {
        path: PathBuf,
        line: usize,
        col: usize,
        message: String,
    },
    /// The file was written by a newer Adjutant; it is left as it is.
    #[error(
        "{}: written by a newer Adjutant (version {found}); this one reads up to {supported}",
        path.display()
    )]
    Newer {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    /// The armies in the file are not valid armies: every problem, one per line.
    #[error("{}", lines(problems))]
    Armies {
        path: PathBuf,
        problems: Vec<crate::army::Problem>,
    },
    /// The file parses but what it says cannot be true (a piece that does not exist, a 7 on a D6).
    #[error("{}: corrupt battle file: {message}", path.display())]
    Corrupt { path: PathBuf, message: String },
    /// The file parses, but what it says cannot be true (a clock that jumps, a value out of
    /// its range, a piece that does not exist), or it does not match the checksum it was
    /// saved with; at the position of what is wrong.
    #[error("{}:{line}:{col}: corrupt battle file: {message}", path.display())]
    Untrue {
        path: PathBuf,
        line: usize,
        col: usize,
        message: String,
    },
    /// Saving was refused because the file there failed to load: it is kept for the player.
    #[error(
        "{}: not overwritten, because it failed to load and is kept as it was",
        path.display()
    )]
    Quarantined { path: PathBuf },
    /// Another Adjutant window (process) plays this battle: only it writes the file.
    #[error(
        "{} is open in another Adjutant window{}; only that window saves it",
        path.display(),
        pid.map_or(String::new(), |p| format!(" (process {p})"))
    )]
    Busy { path: PathBuf, pid: Option<u32> },
    /// The file is no longer the one this window last read or wrote: another program (or
    /// another Adjutant) replaced or changed it. It is not written over.
    #[error(
        "{} was changed by another program since this window last saved it, so it is not written over",
        path.display()
    )]
    Changed { path: PathBuf },
    /// A copy of a battle is never written into Adjutant's battles folder, however the path
    /// reaches it: it could replace a battle Adjutant keeps.
    #[error(
        "{} is {}; a copy is never written there. Choose a file outside that folder",
        path.display(),
        what
    )]
    Kept { path: PathBuf, what: String },
    /// A backup is kept as it is: a battle is never saved into it.
    #[error("{} is a backup; a battle is never saved into it", path.display())]
    Backup { path: PathBuf },
    /// A backup is only restored over a file that is missing or fails to load.
    #[error(
        "{} loads as it is, so its backup (one save older) is not put in its place",
        path.display()
    )]
    Loads { path: PathBuf },
    /// The data could not be written as RON (should not happen for Adjutant's own types).
    #[error("cannot write {} as RON: {message}", path.display())]
    Format { path: PathBuf, message: String },
    /// A write stopped part-way (a simulated crash, in tests): the old file is still in place.
    #[error("writing {} stopped at {step:?}; the previous file is untouched", path.display())]
    Interrupted { path: PathBuf, step: WriteStep },
}

impl StoreError {
    /// An I/O error while doing `action` to `path`.
    pub fn io(action: &'static str, path: &Path, err: &io::Error) -> StoreError {
        StoreError::Io {
            action,
            path: path.to_path_buf(),
            kind: err.kind(),
            message: err.to_string(),
        }
    }

    /// The file the error is about, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            StoreError::NoHome => None,
            StoreError::Io { path, .. }
            | StoreError::Parse { path, .. }
            | StoreError::Newer { path, .. }
            | StoreError::Corrupt { path, .. }
            | StoreError::Untrue { path, .. }
            | StoreError::Armies { path, .. }
            | StoreError::Quarantined { path }
            | StoreError::Busy { path, .. }
            | StoreError::Changed { path }
            | StoreError::Backup { path }
            | StoreError::Kept { path, .. }
            | StoreError::Loads { path }
            | StoreError::Format { path, .. }
            | StoreError::Interrupted { path, .. } => Some(path),
        }
    }

    /// A ron parse error in `text`, with the position it reports. An error at the very end
    /// of the text (or in its last word) says that the file ends early: it was cut short.
    pub fn parse(path: &Path, text: &str, err: &ron::error::SpannedError) -> StoreError {
        let (line, col) = (err.span.start.line, err.span.start.col);
        let offset = crate::army::locate::Locator::new(text).offset((line, col));
        let at_end = !text.trim().is_empty()
            && (matches!(err.code, ron::Error::Eof | ron::Error::ExpectedStringEnd)
                // Nothing after the error but the word it stopped in: a name or a
                // number cut in two.
                || text.get(offset..).is_none_or(|rest| {
                    rest.trim()
                        .chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
                }));
        if let ron::Error::ExceededRecursionLimit = err.code {
            return StoreError::Parse {
                path: path.to_path_buf(),
                line,
                col,
                message: "brackets are nested too deeply here (more than 128 levels): Adjutant \
                          never writes a file like this"
                    .into(),
            };
        }
        let message = match at_end {
            true => format!(
                "the file ends early, in the middle of what it holds (it was cut short, \
                 perhaps while being copied): {}",
                err.code
            ),
            false => err.code.to_string(),
        };
        StoreError::Parse {
            path: path.to_path_buf(),
            line,
            col,
            message: crate::words::one_line(&message).into_owned(),
        }
    }
}
