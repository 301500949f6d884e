//! Army files: validate.
use std::path::Path;

use super::Army;

/// One problem in an army file, at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Loads and validates an army file.
pub fn load_army(_path: &Path) -> Result<Army, Vec<Problem>> {
    Err(Vec::new())
}

/// Loads and validates army text.
pub fn load_army_str(_path: &str, _text: &str) -> Result<Army, Vec<Problem>> {
    Err(Vec::new())
}
