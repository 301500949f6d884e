//! One-token mutants of real saved battles: every number in the file (outside strings and
//! comments) made one more, one less, 0, 99 and 2^64−1, and each entry of the log swapped with
//! the next or written twice. Each mutant is loaded and counted: refused, loaded as the very
//! battle that was saved, or loaded as another battle — with the after-action report changed
//! or not. A mutant that loads as another battle changes play without a word; the loader's
//! checks are there to leave none.

use std::path::Path;

use adjutant::battle::Battle;
use adjutant::print::report_markdown;
use adjutant::store::battle_from_ron;

/// The replacements for a number.
const VALUES: [&str; 3] = ["0", "99", "18446744073709551615"];

/// What the mutants of one or more files did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub refused: usize,
    /// Loaded as the battle that was saved (a mutation that changes nothing, such as
    /// `version: 2` made `version: 1` in a file without doubled rolls).
    pub same: usize,
    /// Loaded as another battle, with the same report.
    pub changed_quietly: usize,
    /// Loaded as another battle, with another report (or a report that panicked: counted
    /// here too, and in `panicked`).
    pub changed_report: usize,
    pub panicked: usize,
}

impl Tally {
    pub fn loaded(&self) -> usize {
        self.same + self.changed_quietly + self.changed_report
    }

    /// Mutants that load as another battle without a word.
    pub fn silent(&self) -> usize {
        self.changed_quietly + self.changed_report
    }

    pub fn add(&mut self, other: Tally) {
        self.refused += other.refused;
        self.same += other.same;
        self.changed_quietly += other.changed_quietly;
        self.changed_report += other.changed_report;
        self.panicked += other.panicked;
    }
}

/// Where each number token is: its byte range. Strings, comments and names (`D6`) are skipped.
pub fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
            }
            c if c.is_ascii_digit()
                || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) =>
            {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                found.push((start, i));
            }
            _ => i += 1,
        }
    }
    found
}

/// The mutants of one number: one more, one less, and each of [`VALUES`] (never itself).
fn number_mutants(text: &str, (start, end): (usize, usize)) -> Vec<String> {
    let old = &text[start..end];
    let mut values: Vec<String> = VALUES.iter().map(|v| v.to_string()).collect();
    if let Ok(n) = old.parse::<i128>() {
        values.push((n + 1).to_string());
        values.push((n - 1).to_string());
    }
    values.sort();
    values.dedup();
    values
        .into_iter()
        .filter(|v| v != old)
        .map(|v| format!("{}{v}{}", &text[..start], &text[end..]))
        .collect()
}

/// The byte range of each entry of the log, from its `Entry(` line to its closing `),` line.
fn entries(text: &str) -> Vec<(usize, usize)> {
    let Some(log) = text.find("\n  log: [\n") else {
        return Vec::new();
    };
    let end = text[log..].find("\n  ],\n").map_or(text.len(), |e| log + e);
    let mut found = Vec::new();
    let mut offset = log + 1;
    let mut open = None;
    for line in text[log + 1..end + 1].split_inclusive('\n') {
        if line == "    Entry(\n" {
            open = Some(offset);
        } else if line == "    ),\n"
            && let Some(start) = open.take()
        {
            found.push((start, offset + line.len()));
        }
        offset += line.len();
    }
    found
}

/// Each entry after the set-up swapped with the next, and each written twice.
fn entry_mutants(text: &str) -> Vec<String> {
    let all = entries(text);
    let mut mutants = Vec::new();
    for (i, &(start, end)) in all.iter().enumerate().skip(1) {
        let entry = &text[start..end];
        mutants.push(format!("{}{entry}{entry}{}", &text[..start], &text[end..]));
        if let Some(&(_, next_end)) = all.get(i + 1) {
            let next = &text[end..next_end];
            mutants.push(format!(
                "{}{next}{entry}{}",
                &text[..start],
                &text[next_end..]
            ));
        }
    }
    mutants
}

/// Every mutant of `text`: of every `stride`-th number, and of its entries (marked `true`).
pub fn mutants(text: &str, stride: usize) -> Vec<(bool, String)> {
    let mut all: Vec<(bool, String)> = numbers(text)
        .into_iter()
        .step_by(stride.max(1))
        .flat_map(|at| number_mutants(text, at))
        .map(|m| (false, m))
        .collect();
    let entries = entry_mutants(text).into_iter().step_by(stride.max(1));
    all.extend(entries.map(|m| (true, m)));
    all
}

/// Loads each mutant and counts what it did, against the battle the text holds.
pub fn tally(text: &str, stride: usize) -> (Tally, Vec<String>) {
    let path = Path::new("mutant.ron");
    let original: Battle = battle_from_ron(text, path).expect("the saved battle loads");
    let report = report_markdown(&original);
    let mut tally = Tally::default();
    let mut silent = Vec::new();
    for (entries, mutant) in mutants(text, stride) {
        match battle_from_ron(&mutant, path) {
            Err(_) => tally.refused += 1,
            Ok(b) if b == original => tally.same += 1,
            Ok(b) => {
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| report_markdown(&b)))
                {
                    Ok(r) if r == report => tally.changed_quietly += 1,
                    Ok(_) => tally.changed_report += 1,
                    Err(_) => {
                        tally.changed_report += 1;
                        tally.panicked += 1;
                    }
                }
                silent.push(match entries {
                    true => "entries".to_string(),
                    false => first_difference(text, &mutant),
                });
            }
        }
    }
    (tally, silent)
}

/// Where a mutant of a number first differs from the text: the line, and the name of the
/// field or value the number is in (`faces`, `turn`, `strength`, `PieceId`).
fn first_difference(text: &str, mutant: &str) -> String {
    let at = text
        .bytes()
        .zip(mutant.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(0);
    let line = text[..at].matches('\n').count() + 1;
    format!("line {line}: {}", field_at(text, at))
}

/// The name of the field or value a byte offset is in.
fn field_at(text: &str, at: usize) -> &str {
    let before = &text[..at];
    let Some(end) = before.rfind([':', '(']) else {
        return "?";
    };
    let name = before[..end].trim_end_matches('"');
    let start = name
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    &name[start..]
}
