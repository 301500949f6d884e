//! The command-line commands that print: `adjutant print` (roster sheets, quick-reference
//! cards, a battle as it stands) and `adjutant report` (the after-action report as PDF or
//! Markdown). Each reads the player's table overrides first, so what is printed is what is in
//! force; each writes its files atomically and exits 1, writing nothing, when anything is
//! wrong with its input or where it would write: never into Adjutant's battles folder, over a
//! battle file or over a file another Adjutant window holds (`store::kept`). Each sheet is
//! named from its input's own name, bytes and all. [`battles`] lists and restores saved
//! battles; [`backup`] backs up and restores everything; [`bin`] deletes battles and puts them
//! back.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use adjutant::army::{Army, load_army};
use adjutant::print::{self, Paper};
use adjutant::rules::{OverrideProblem, RuleSystem, Systems, WithOverrides};
use adjutant::store::kept::kept_from_sheets;
use adjutant::store::{Paths, read_battle_under};
use clap::{ArgGroup, Args, ValueEnum};

pub mod backup;
pub mod battles;
pub mod bin;

/// Where printed files go when `-o` is not given.
const DEFAULT_DIR: &str = "";

/// A paper size on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// 210 × 297 mm.
    A4,
    /// 8½ × 11 in.
    Letter,
}

impl From<PaperArg> for Paper {
    fn from(p: PaperArg) -> Paper {
        match p {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        }
    }
}

/// `adjutant print`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("input").required(true).args(["armies", "battle"])))]
pub struct PrintArgs {
    /// Army files: one roster sheet each, written as <army file name>.pdf.
    #[arg(value_name = "ARMY", conflicts_with = "battle")]
    armies: Vec<PathBuf>,
    /// Print this saved battle as it stands instead (written as <battle file name>.pdf).
    #[arg(long, value_name = "FILE")]
    battle: Option<PathBuf>,
    /// Also print the quick-reference card of each army's rule system, with your table
    /// overrides in force (written as <system>-quick-ref.pdf).
    #[arg(long, conflicts_with = "battle")]
    quick_ref: bool,
    /// Where to write: a file (one army, or a battle; a quick-reference card then goes beside
    /// it as <name>-quick-ref.pdf) or an existing folder. Default: the current folder.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    paper: PaperArg,
}

/// `adjutant report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The saved battle.
    #[arg(value_name = "FILE")]
    battle: PathBuf,
    /// Write Markdown instead of PDF (to standard output unless -o is given).
    #[arg(long)]
    markdown: bool,
    /// Where to write: a file or an existing folder. Default: <battle file name>-report.pdf
    /// in the current folder (Markdown: standard output).
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Paper size (PDF only).
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    paper: PaperArg,
}

/// One file to write: its default name and its bytes.
struct Output {
    /// Made from the input's own name, bytes and all, so two inputs whose names are not
    /// UTF-8 never print to one name.
    name: OsString,
    bytes: Vec<u8>,
    /// A companion sheet (the quick-reference card), named beside the main one under `-o`.
    companion: bool,
}

/// The rule systems in force for this run: the shipped ones with the player's table files
/// read; the problems, as lines.
pub fn systems(data_dir: Option<PathBuf>) -> (Systems, Vec<String>) {
    match Paths::resolve(data_dir) {
        Ok(paths) => {
            let (systems, problems) = Systems::with_overrides(&paths.overrides_dir());
            (systems, notice_lines(&problems))
        }
        Err(e) => (
            Systems::shipped(),
            vec![format!("table overrides not read: {e}")],
        ),
    }
}

/// Problems with override files as lines, with which systems keep their shipped tables.
pub fn notice_lines(problems: &[OverrideProblem]) -> Vec<String> {
    let mut lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    let mut systems: Vec<&str> = problems.iter().filter_map(|p| p.system).collect();
    systems.dedup();
    if !systems.is_empty() {
        lines.push(format!(
            "The shipped tables stay in force for {}.",
            systems.join(", ")
        ));
    }
    lines
}

/// Runs `adjutant print`.
pub fn print(data_dir: Option<PathBuf>, args: PrintArgs) -> ExitCode {
    let systems = systems_warned(data_dir.clone());
    let paper = Paper::from(args.paper);
    let outputs = match &args.battle {
        Some(battle) => battle_sheet(&systems, battle, paper),
        None => army_sheets(&systems, &args.armies, args.quick_ref, paper),
    };
    let inputs: Vec<&Path> = match &args.battle {
        Some(battle) => vec![battle.as_path()],
        None => args.armies.iter().map(PathBuf::as_path).collect(),
    };
    let battles = battles_dir(data_dir);
    finish(outputs.and_then(|o| write_all(&o, args.output.as_deref(), &inputs, &battles)))
}

/// The battles folder, which printed sheets are kept out of (`None` when there is no data
/// folder to find).
fn battles_dir(data_dir: Option<PathBuf>) -> Option<PathBuf> {
    Paths::resolve(data_dir).ok().map(|p| p.battles_dir())
}

/// Runs `adjutant report`.
pub fn report(data_dir: Option<PathBuf>, args: ReportArgs) -> ExitCode {
    let systems = systems_warned(data_dir.clone());
    let battles = battles_dir(data_dir);
    let battle = match read_battle_under(&systems, &args.battle) {
        Ok(b) => b,
        Err(e) => return finish(Err(battles::battle_problem(&args.battle, &e))),
    };
    let stem = file_stem(&args.battle);
    let result = if args.markdown {
        let text = print::report_markdown(&battle);
        match &args.output {
            None => {
                print!("{text}");
                Ok(())
            }
            Some(out) => write_all(
                &[Output {
                    name: named(&stem, "-report.md"),
                    bytes: text.into_bytes(),
                    companion: false,
                }],
                Some(out),
                &[args.battle.as_path()],
                &battles,
            ),
        }
    } else {
        print::report_pdf(&battle, args.paper.into())
            .map_err(|e| vec![format!("{}: {e}", args.battle.display())])
            .and_then(|bytes| {
                write_all(
                    &[Output {
                        name: named(&stem, "-report.pdf"),
                        bytes,
                        companion: false,
                    }],
                    args.output.as_deref(),
                    &[args.battle.as_path()],
                    &battles,
                )
            })
    };
    finish(result)
}

/// The rule systems in force, each problem with a table file printed as a warning.
fn systems_warned(data_dir: Option<PathBuf>) -> Systems {
    let (systems, lines) = systems(data_dir);
    for line in lines {
        eprintln!("adjutant: warning: {line}");
    }
    systems
}

fn finish(result: Result<(), Vec<String>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            ExitCode::FAILURE
        }
    }
}

/// The file's name without its extension, as the system has it (not made UTF-8).
fn file_stem(path: &Path) -> OsString {
    path.file_stem()
        .map_or_else(|| OsString::from("sheet"), OsStr::to_os_string)
}

/// `stem` followed by `tail` (`b` and `-report.pdf`: `b-report.pdf`).
fn named(stem: &OsStr, tail: &str) -> OsString {
    let mut name = stem.to_os_string();
    name.push(tail);
    name
}

/// Every army validated (all problems from all files, or none), then its roster sheet, and
/// the quick-reference card of each rule system once.
fn army_sheets(
    systems: &Systems,
    files: &[PathBuf],
    quick_ref: bool,
    paper: Paper,
) -> Result<Vec<Output>, Vec<String>> {
    let mut armies: Vec<(&PathBuf, Army)> = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        match load_army(file) {
            Ok(army) => armies.push((file, army)),
            Err(ps) => problems.extend(ps.iter().map(ToString::to_string)),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut outputs = Vec::new();
    let mut cards: Vec<&'static str> = Vec::new();
    for (file, army) in &armies {
        let system = system_of(systems, file, army)?;
        let bytes = print::roster_pdf(army, system, paper)
            .map_err(|e| vec![format!("{}: {e}", file.display())])?;
        outputs.push(Output {
            name: named(&file_stem(file), ".pdf"),
            bytes,
            companion: false,
        });
        if quick_ref && !cards.contains(&system.id()) {
            cards.push(system.id());
            let bytes = print::quick_ref_pdf(system, paper)
                .map_err(|e| vec![format!("{}: {e}", system.name())])?;
            outputs.push(Output {
                name: format!("{}-quick-ref.pdf", system.id()).into(),
                bytes,
                companion: true,
            });
        }
    }
    Ok(outputs)
}

fn system_of<'a>(
    systems: &'a Systems,
    file: &Path,
    army: &Army,
) -> Result<&'a dyn RuleSystem, Vec<String>> {
    systems.by_id(&army.system).map(|s| &**s).ok_or_else(|| {
        vec![format!(
            "{}:1:1: unknown rule system '{}'",
            file.display(),
            army.system
        )]
    })
}

fn battle_sheet(systems: &Systems, path: &Path, paper: Paper) -> Result<Vec<Output>, Vec<String>> {
    let battle = read_battle_under(systems, path).map_err(|e| battles::battle_problem(path, &e))?;
    let bytes =
        print::battle_pdf(&battle, paper).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    Ok(vec![Output {
        name: named(&file_stem(path), ".pdf"),
        bytes,
        companion: false,
    }])
}

/// Where each output goes: by default into the current folder under its own name; with `-o`
/// naming a folder, into it; with `-o` naming a file, the one main sheet there and any
/// companion beside it as `<stem>-<companion name>`.
fn destinations(outputs: &[Output], out: Option<&Path>) -> Result<Vec<PathBuf>, Vec<String>> {
    let into = |dir: &Path| outputs.iter().map(|o| dir.join(&o.name)).collect();
    let paths: Vec<PathBuf> = match out {
        None => into(Path::new(DEFAULT_DIR)),
        Some(dir) if dir.is_dir() => into(dir),
        Some(file) => {
            if outputs.iter().filter(|o| !o.companion).count() > 1 {
                return Err(vec![format!(
                    "-o {}: there are several roster sheets to write, so -o must name an \
                     existing folder",
                    file.display()
                )]);
            }
            let stem = file_stem(file);
            outputs
                .iter()
                .map(|o| match o.companion {
                    false => file.to_path_buf(),
                    true => {
                        file.with_file_name(named(&stem, &format!("-{}", o.name.to_string_lossy())))
                    }
                })
                .collect()
        }
    };
    for (i, p) in paths.iter().enumerate() {
        if paths[..i].contains(p) {
            return Err(vec![format!(
                "two sheets would both be written to {}: give the army files different names",
                p.display()
            )]);
        }
    }
    Ok(paths)
}

/// Writes every output atomically; says where each went. Nothing is written when any
/// output would land on one of the `inputs`, in the `battles` folder, on a battle file or on
/// a file another Adjutant window holds.
fn write_all(
    outputs: &[Output],
    out: Option<&Path>,
    inputs: &[&Path],
    battles: &Option<PathBuf>,
) -> Result<(), Vec<String>> {
    let paths = destinations(outputs, out)?;
    for path in &paths {
        if let Some(input) = inputs.iter().find(|input| same_file(path, input)) {
            return Err(vec![format!(
                "{}: this is the input file {}, and writing there would replace it; name \
                 another file with -o",
                path.display(),
                input.display()
            )]);
        }
        if let Some(what) = kept_from_sheets(battles.as_deref(), path) {
            return Err(vec![format!(
                "adjutant: cannot write {}: it is {what}, and a printed sheet is never written \
                 there; name another file with -o",
                path.display()
            )]);
        }
    }
    for (o, path) in outputs.iter().zip(&paths) {
        print::write_pdf_atomically(path, &o.bytes).map_err(|e| vec![format!("adjutant: {e}")])?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// Whether two paths name one existing file (through links, `..` or a second hard link).
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (ma.dev(), ma.ino()) == (mb.dev(), mb.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
    }
}
