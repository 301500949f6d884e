//! The rule systems in force, with the player's table overrides.
//!
//! A player may replace any system's charts with those of their own copy of the rules by
//! putting a RON file named after the system's id — `royalists_roundheads.ron`, `d3_ecw.ron`,
//! `victory_without_squares.ron`, `rcw.ron` — in the config folder's `tables` folder
//! (the app's `Paths::overrides_dir`). The app reads them and [`overrides_from`] builds each
//! system with its tables, with no global state; [`crate::rules::Systems::from_overrides`]
//! puts them in force for a run. A file with problems is reported, every problem as
//! `path:line:col: message`, and that system keeps its shipped tables.

pub mod file;

use std::fmt;
use std::path::{Path, PathBuf};

use super::{System, standard};

/// An override file's extension; its stem is the rule system's id.
pub(crate) const OVERRIDE_EXTENSION: &str = "ron";

/// The shipped system with this id, if a player's table file can replace its tables.
pub fn loader(id: &str) -> Option<System> {
    standard()
        .into_iter()
        .find(|s| s.id() == id && s.reads_table_file())
}

/// The override file for a system in `dir`: `<dir>/<id>.ron`.
pub fn override_file(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.{OVERRIDE_EXTENSION}"))
}

/// Something wrong with an override file; the shipped tables stay in force for its system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverrideProblem {
    /// The file.
    pub path: PathBuf,
    /// The rule system's name, when the file is named for one.
    pub system: Option<&'static str>,
    /// `path:line:col: message`.
    pub message: String,
}

impl fmt::Display for OverrideProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The systems read from an override folder.
pub struct Overrides {
    /// Each system whose file loaded, built with the file's tables.
    pub systems: Vec<System>,
    /// Every problem found; the systems concerned are not in [`Overrides::systems`].
    pub problems: Vec<OverrideProblem>,
}

impl Overrides {
    /// The loaded system with this id, if its file loaded.
    pub fn system(&self, id: &str) -> Option<&System> {
        self.systems.iter().find(|s| s.id() == id)
    }
}

/// A file's text, or every reason it could not be read (each as `path:line:col: message`).
pub(crate) type FileText = Result<String, Vec<String>>;

/// The systems built from the override files in `dir`: `read` gives the text of a file, or
/// `None` when there is none, or why it could not be read (as `path:1:1: message`); `names`
/// are the `.ron` files in the folder, so one named for no rule system is reported and a
/// misspelt name is not silently ignored. The app reads a folder of files with it
/// (`adjutant::rules::registry::load_overrides`).
pub fn overrides_from(
    dir: &Path,
    read: &mut dyn FnMut(&Path) -> Option<FileText>,
    names: &[PathBuf],
) -> Overrides {
    let mut out = Overrides {
        systems: Vec::new(),
        problems: Vec::new(),
    };
    let systems = standard();
    for system in &systems {
        let path = override_file(dir, system.id());
        let Some(text) = read(&path) else {
            continue;
        };
        let problem = |message: String| OverrideProblem {
            path: path.clone(),
            system: Some(system.name()),
            message,
        };
        if !system.reads_table_file() {
            let shown = path.display();
            out.problems.push(problem(format!(
                "{shown}:1:1: {} has no tables that can be overridden",
                system.name()
            )));
            continue;
        }
        let loaded =
            text.and_then(|text| system.with_table_file(&path.display().to_string(), &text));
        match loaded {
            Ok(s) => out.systems.push(s),
            Err(messages) => out.problems.extend(messages.into_iter().map(problem)),
        }
    }
    out.problems.extend(strays(names, &systems));
    out
}

/// The `.ron` files among `files` named for no rule system.
fn strays(files: &[PathBuf], systems: &[System]) -> Vec<OverrideProblem> {
    let names: Vec<String> = systems
        .iter()
        .map(|s| format!("{}.{OVERRIDE_EXTENSION}", s.id()))
        .collect();
    let mut out: Vec<OverrideProblem> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == OVERRIDE_EXTENSION))
        .filter(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            !systems.iter().any(|s| s.id() == stem)
        })
        .map(|p| OverrideProblem {
            path: p.clone(),
            message: format!(
                "{}:1:1: no rule system has this name, so the file is not read; override \
                 files are named {}",
                p.display(),
                names.join(", ")
            ),
            system: None,
        })
        .collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}
