//! Rule citations: every rule a system cites is `§N` or `§N.M`, a numbered heading of its own
//! reference `docs/rules/<system id>.md`. One checker for every system's tests: the section
//! numbers a text cites, the headings a reference has, whether a rule string cites only those,
//! and a walk over a system's source files. It reads the references from disk, so it lives
//! with the tests, not in the core; each system's test binary uses part of it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The source tree's root (the workspace's folder), under which `docs/rules/` and every
/// crate's sources are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the source tree's root")
}

/// The reference a system's citations point into, under the source tree's root.
pub fn reference(root: &Path, system: &str) -> PathBuf {
    root.join("docs/rules").join(format!("{system}.md"))
}

/// The section numbers of a reference's `##` and `###` headings: "## 6 Melee" gives "6",
/// "### 6.7 Give ground" gives "6.7"; headings without a number give nothing.
pub fn headings(doc: &str) -> BTreeSet<String> {
    doc.lines()
        .filter_map(|l| l.strip_prefix("### ").or_else(|| l.strip_prefix("## ")))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| {
            n.starts_with(|c: char| c.is_ascii_digit())
                && n.chars().all(|c| c.is_ascii_digit() || c == '.')
        })
        .map(|n| n.trim_end_matches('.').to_string())
        .collect()
}

/// Every section a text cites after a `§` ("§5.2–§5.4" gives 5.2 and 5.4; a bare "§" gives
/// an empty string, which no heading matches).
pub fn cited(text: &str) -> Vec<String> {
    text.split('§')
        .skip(1)
        .map(|rest| {
            let n: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            n.trim_end_matches('.').to_string()
        })
        .collect()
}

/// Whether a rule string cites only headings: one or more sections, "§5.1" or "§6.6, §6.7".
pub fn is_rule(rule: &str, heads: &BTreeSet<String>) -> bool {
    !rule.is_empty()
        && rule
            .split(", ")
            .all(|part| part.strip_prefix('§').is_some_and(|n| heads.contains(n)))
}

/// Every offer `system` refuses in `battle`, as (offer id, refusal): with nothing picked,
/// with each piece alone, and with each piece aimed at every `step`-th piece.
pub fn refusals(
    system: &dyn adjutant_core::rules::RuleSystem,
    battle: &adjutant_core::battle::Battle,
    step: usize,
) -> Vec<(String, adjutant_core::procedure::Refusal)> {
    let ctx = battle.context();
    let pieces: Vec<_> = battle.roster.ids().collect();
    let mut selections = vec![(vec![], vec![])];
    for &a in &pieces {
        selections.push((vec![a], vec![]));
        for &t in pieces.iter().step_by(step.max(1)) {
            selections.push((vec![a], vec![t]));
        }
    }
    selections
        .into_iter()
        .flat_map(|(actors, targets)| system.offers(&ctx, &actors, &targets))
        .filter_map(|offer| offer.refused.map(|r| (offer.id, r)))
        .collect()
}

/// Checks every `.rs` file of `crates/adjutant-core/src/rules/<system>/`: each section it cites is a heading of the reference, and none of `forbidden` (a
/// design note's name, gap codes) appears. Returns how many citations were checked, or every
/// fault found, one per line.
pub fn check_sources(root: &Path, system: &str, forbidden: &[&str]) -> Result<usize, String> {
    let doc_path = reference(root, system);
    let doc =
        std::fs::read_to_string(&doc_path).map_err(|e| format!("{}: {e}", doc_path.display()))?;
    let heads = headings(&doc);
    let dir = root.join("crates/adjutant-core/src/rules").join(system);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut faults = Vec::new();
    let mut count = 0;
    for file in files {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        for n in cited(&text) {
            count += 1;
            if !heads.contains(&n) {
                faults.push(format!(
                    "{}: §{n} is not a heading of {}",
                    file.display(),
                    doc_path.display()
                ));
            }
        }
        for f in forbidden {
            if text.contains(f) {
                faults.push(format!("{}: mentions {f:?}", file.display()));
            }
        }
    }
    if faults.is_empty() {
        Ok(count)
    } else {
        Err(faults.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_and_citations_are_read_by_number() {
        let doc = "# Title\n## 1 The game\n### 1.2 Dice\n## Notes\n### 10.1 Count\n";
        let heads = headings(doc);
        assert_eq!(
            heads.iter().map(String::as_str).collect::<Vec<_>>(),
            ["1", "1.2", "10.1"]
        );
        assert_eq!(cited("see §1.2, and §10.1."), ["1.2", "10.1"]);
        assert_eq!(cited("a bare § sign"), [""]);
        assert!(is_rule("§1.2, §10.1", &heads));
        assert!(!is_rule("§1.3", &heads));
        assert!(!is_rule("RULES §1", &heads));
        assert!(!is_rule("", &heads));
    }
}
