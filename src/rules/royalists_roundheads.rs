//! Royalists & Roundheads: the core's system (`adjutant_core::rules::royalists_roundheads`),
//! and reading its table file from disk.

use std::path::Path;

pub use adjutant_core::rules::royalists_roundheads::*;

/// Reads an override file from disk.
pub fn load_overrides(path: &Path) -> Result<Tables, Vec<String>> {
    let shown = path.display().to_string();
    let text = super::registry::read(path)?;
    overrides::tables(&shown, &text)
}
