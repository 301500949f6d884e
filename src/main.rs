//! The adjutant binary: with no command it opens the window; `adjutant check FILE...` checks
//! army files and prints every problem as `path:line:col: message`; `adjutant print` and
//! `adjutant report` print roster sheets, quick-reference cards, a battle as it stands and the
//! after-action report (see [`cli`]); `adjutant battles` lists the saved battles and
//! `adjutant restore FILE` puts a damaged battle's backup back; `adjutant backup` and
//! `adjutant restore-backup FILE` carry everything to another device; `adjutant delete FILE`
//! and `adjutant bin` delete battles and put them back. The player's table overrides
//! are read at start-up.
//!
//! In a browser (wasm32) there is no command line: the page starts the window ([`web`]).
//!
//! On Windows the program is a windowed one (no console of its own pops up beside the window);
//! the commands attach to the console they were started from, so they print there as usual.

#![cfg_attr(windows, windows_subsystem = "windows")]

#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod desktop;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Arc, Mutex};

#[cfg(not(target_arch = "wasm32"))]
use adjutant::ui;
#[cfg(not(target_arch = "wasm32"))]
use clap::{Parser, Subcommand};

#[cfg(not(target_arch = "wasm32"))]
/// A table-side companion for miniatures wargames.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Keep battles, settings, your armies and table overrides in DIR instead of the user's
    /// data and config folders.
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Subcommand)]
enum Command {
    /// Check army files; print every problem and exit 1 when there are any.
    Check {
        /// The army files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print roster sheets (and quick-reference cards) for army files, or a saved battle as it
    /// stands, as PDF. Files go to the current folder unless -o is given.
    Print(cli::PrintArgs),
    /// Print a saved battle's after-action report as PDF, or as Markdown.
    Report(cli::ReportArgs),
    /// List the saved battles, each whole or with why not (and its backup, if that loads);
    /// exit 1 when any does not load.
    Battles,
    /// Put the backup of a damaged (or missing) battle file in its place, keeping the damaged
    /// file as FILE.broken-<time>.
    Restore {
        /// The battle file, or its name in the battles folder.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Write one backup file of every saved battle, your own armies, table files and
    /// settings, to restore on another computer or in the web page.
    Backup(cli::backup::BackupArgs),
    /// Restore a backup file: what is missing is added, a battle of the same name with
    /// another log is kept beside it, what is here already is skipped; nothing is written
    /// over. Exit 1 when the file is damaged or no backup (nothing is restored).
    RestoreBackup {
        /// The backup file (from `adjutant backup` or the window's Back up everything…).
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Move a saved battle, with its backup, into the bin, from which `adjutant bin
    /// --put-back` puts it back.
    Delete {
        /// The battle file, or its name in the battles folder.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// List the battles in the bin (each goes for good 30 days after it was deleted), or
    /// put one back, or delete it for good.
    Bin(cli::bin::BinArgs),
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    attach_console();
    let cli = Cli::parse();
    match cli.command {
        None => window(cli.data_dir),
        Some(Command::Check { files }) => check(&files),
        Some(Command::Print(args)) => cli::print(cli.data_dir, args),
        Some(Command::Report(args)) => cli::report(cli.data_dir, args),
        Some(Command::Battles) => cli::battles::list(cli.data_dir),
        Some(Command::Restore { file }) => cli::battles::restore(cli.data_dir, &file),
        Some(Command::Backup(args)) => cli::backup::make(cli.data_dir, args),
        Some(Command::RestoreBackup { file }) => cli::backup::restore(cli.data_dir, &file),
        Some(Command::Delete { file }) => cli::bin::delete(cli.data_dir, &file),
        Some(Command::Bin(args)) => cli::bin::bin(cli.data_dir, args),
    }
}

/// Windows: a windowed program starts with no console, so what the commands print would go
/// nowhere; attach to the console of the terminal that started it, if there is one. Started
/// from the Start menu there is none, and the window opens as before.
#[cfg(windows)]
fn attach_console() {
    use windows_sys::Win32::System::Console::{ATTACH_PARENT_PROCESS, AttachConsole};
    // SAFETY: AttachConsole takes a process id and touches no memory of ours; failing (no
    // parent console, or one already attached) leaves the process as it was.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}

#[cfg(not(any(windows, target_arch = "wasm32")))]
fn attach_console() {}

#[cfg(not(target_arch = "wasm32"))]
/// Checks army files (or folders of them): every problem on stderr, exit 1 when there are any.
fn check(files: &[PathBuf]) -> ExitCode {
    let (report, all_ok) = adjutant::army::discover::check_files(files);
    if all_ok {
        print!("{report}");
        ExitCode::SUCCESS
    } else {
        eprint!("{report}");
        ExitCode::FAILURE
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// Opens the window, after checking that there is a desktop session to open it on. A failure
/// of the windowing library (a panic inside it) is reported as a message too, never as a
/// panic's exit status.
fn window(data_dir: Option<PathBuf>) -> ExitCode {
    // No display named at all is said at once; whether the named one answers is checked
    // beside the window's start (`desktop::watch`), which ends the process with its own
    // message when it does not.
    if let Some(why) = desktop::unnamed() {
        eprintln!("adjutant: the window cannot be opened: {why}");
        return ExitCode::FAILURE;
    }
    let display = desktop::watch();
    // The window's own failure waits for the check's verdict: a display that does not answer
    // is named by the check, which ends the process; one that answers leaves the failure to
    // the windowing library, with what to install.
    let verdict = || {
        let _ = display.recv_timeout(desktop::WATCH_LIMIT);
    };
    let (systems, lines) = cli::systems(data_dir.clone());
    let notice =
        (!lines.is_empty()).then(|| format!("Table overrides not used:\n{}", lines.join("\n")));
    // Panics on the main thread (where the windowing library runs) are kept for the message;
    // any other thread's is shown as usual.
    let default_hook: Arc<dyn Fn(&std::panic::PanicHookInfo) + Send + Sync> =
        Arc::from(std::panic::take_hook());
    let caught = Arc::new(Mutex::new(None::<String>));
    let (keep, other) = (Arc::clone(&caught), Arc::clone(&default_hook));
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() != Some("main") {
            return other(info);
        }
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(ToString::to_string)
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unknown failure".into());
        let at = info
            .location()
            .map(|l| format!(" (at {l})"))
            .unwrap_or_default();
        if let Ok(mut slot) = keep.lock() {
            *slot = Some(format!("{message}{at}"));
        }
    }));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ui::run(data_dir, systems, notice)
    }));
    std::panic::set_hook(Box::new(move |info| default_hook(info)));
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            verdict();
            eprintln!(
                "adjutant: the window could not be opened: {e}\n{}",
                desktop::LIBRARY_ADVICE
            );
            ExitCode::FAILURE
        }
        Err(_) => {
            verdict();
            let what = caught
                .lock()
                .ok()
                .and_then(|m| m.clone())
                .unwrap_or_default();
            eprintln!(
                "adjutant: the window stopped: {what}\n{}",
                desktop::LIBRARY_ADVICE
            );
            ExitCode::FAILURE
        }
    }
}

/// In a browser: the page's module calls this once loaded.
#[cfg(target_arch = "wasm32")]
fn main() {
    web::start();
}
