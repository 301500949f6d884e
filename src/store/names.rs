//! Names of battle files: a new battle's id from the time and its armies, the time tag of a
//! damaged file kept aside when its backup is restored (the core's [`when`], from the clock's
//! time as [`secs`]), and a battle's lock file (the same name on a disk and in a browser).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use adjutant_core::store::when::{self, civil_from_days};

use crate::battle::Battle;

/// The lock file of a battle file: `.<name>.lock` in the same folder.
pub fn lock_path(battle: &Path) -> PathBuf {
    let name = battle.file_name().unwrap_or_default().to_string_lossy();
    battle.with_file_name(format!(".{name}.lock"))
}

/// Whether a file name is a battle's lock file.
pub fn is_lock_name(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(".lock")
}

/// Seconds since 1970 (UTC); 0 for a time before.
pub fn secs(now: SystemTime) -> u64 {
    now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// An id for a new battle: `YYYY-MM-DD-HHMM-<army>-vs-<army>` (UTC).
pub fn battle_id(battle: &Battle, now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let (hh, mm) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let mut id = format!("{y:04}-{m:02}-{d:02}-{hh:02}{mm:02}");
    let armies: Vec<String> = battle.armies().iter().map(|a| slug(&a.name)).collect();
    let armies = armies.join("-vs-");
    if !armies.is_empty() {
        id.push('-');
        id.push_str(&armies);
    }
    id
}

/// `YYYY-MM-DD-HHMMSS` (UTC), for a file kept aside at that time.
pub fn time_tag(now: SystemTime) -> String {
    when::tag(secs(now))
}

/// Lower-case letters and digits, whole words joined by '-', at most 24 characters.
fn slug(name: &str) -> String {
    let lower = name.to_lowercase();
    let mut out = String::new();
    for word in lower.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        let extra = usize::from(!out.is_empty()) + word.len();
        if out.len() + extra > 24 {
            if out.is_empty() {
                out.push_str(&word[..24]);
            }
            break;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(word);
    }
    if out.is_empty() { "army".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }

    #[test]
    fn time_tags() {
        let t = UNIX_EPOCH + std::time::Duration::from_secs(19_782 * 86_400 + 3_723);
        assert_eq!(time_tag(t), "2024-02-29-010203");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("King's Army (Newark)"), "king-s-army-newark");
        assert_eq!(slug("!!!"), "army");
        assert_eq!(
            slug("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
            "aaaaaaaaaaaaaaaaaaaaaaaa"
        );
        assert_eq!(
            slug("Eastern Association of the Counties"),
            "eastern-association-of"
        );
    }
}
