//! The armies inside a battle file, validated as army files are: every unit kind, statistic,
//! trait and leader checked against the rule system's army description, each army of the
//! battle's own rule system, and one army per side. Every problem is placed at its line and
//! column in the battle file, so a hand-edited battle is refused with the same messages an army
//! file would get — never loaded with a unit of strength 2 000 000 000.

use std::path::Path;

use ron::value::RawValue;

use super::StoreError;
use super::battle_file::BattleFileText;
use crate::army::locate::{At, Reporter, first_token_offset};
use crate::army::schema::explain;
use crate::army::{Army, Problem, validate};
use crate::words::count;

/// How many armies a battle has: one per side.
pub(crate) const SIDES: usize = 2;

/// The battle's armies, validated; or every problem found in them.
pub(crate) fn armies(
    file: &BattleFileText,
    text: &str,
    path: &Path,
) -> Result<Vec<Army>, StoreError> {
    let name = path.display().to_string();
    let list = file.armies.get_ron();
    let whole = Reporter::new(text);
    let start = offset_in(text, list);
    let top = whole.loc.position(start + first_token_offset(list));
    let raws: Vec<&RawValue> = ron::from_str(list).map_err(|e| {
        let at = shift(
            whole.loc.position(start),
            (e.span.start.line, e.span.start.col),
        );
        invalid(path, vec![problem(&name, at, explain(&e.code))])
    })?;
    let mut problems = Vec::new();
    if raws.len() != SIDES {
        let message = format!(
            "a battle has {SIDES} armies, one per side, but this one has {}",
            count(raws.len(), "army", "armies")
        );
        problems.push(problem(&name, top, message));
    }
    let mut armies = Vec::new();
    for raw in raws {
        match validate::load_embedded_army(&name, text, raw.get_ron(), &file.system) {
            Ok(army) => armies.push(army),
            Err(found) => problems.extend(found),
        }
    }
    match problems.is_empty() {
        true => Ok(armies),
        false => Err(invalid(path, problems)),
    }
}

/// Where a slice of `text` starts in it.
fn offset_in(text: &str, slice: &str) -> usize {
    (slice.as_ptr() as usize)
        .saturating_sub(text.as_ptr() as usize)
        .min(text.len())
}

/// A position inside a value's own text, placed in the file where the value starts at `top`.
fn shift(top: At, (line, col): At) -> At {
    match line {
        0 | 1 => (top.0, top.1 + col.saturating_sub(1)),
        n => (top.0 + n - 1, col.max(1)),
    }
}

fn problem(path: &str, (line, col): At, message: String) -> Problem {
    Problem {
        path: path.to_string(),
        line,
        col,
        message,
    }
}

fn invalid(path: &Path, problems: Vec<Problem>) -> StoreError {
    StoreError::Armies {
        path: path.to_path_buf(),
        problems,
    }
}
