//! The adjutant binary: with no command it opens the window; `adjutant check FILE...` checks
//! army files and prints every problem as `path:line:col: message`.

mod ui;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A table-side companion for miniatures wargames.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// Keep battles, settings and your armies in DIR instead of the user's data folder.
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Check army files; print every problem and exit 1 when there are any.
    Check {
        /// The army files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => match ui::run(cli.data_dir) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("adjutant: the window could not be opened: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Check { files }) => check(&files),
    }
}

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
