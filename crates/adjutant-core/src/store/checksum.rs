//! The checksum on the last line of every battle file Adjutant writes:
//!
//! ```text
//! // Checksum: 5c1e0a9b3f7d2e41 (FNV-1a 64 of everything above this line; ...)
//! ```
//!
//! It tells a file damaged, or changed outside Adjutant, from one Adjutant wrote: a digit
//! changed in a die's faces or a turn number, an entry written twice, loads as a battle that
//! never was unless something says so. The sum is FNV-1a (64 bits) of the file's bytes up to
//! the line, written here so it never changes with the compiler. A file whose sum does not
//! match is refused as damaged (its backup is offered as for any damaged file), and so is one
//! with anything but blank lines after the line, so nothing appended turns the check off; a
//! file whose lines end in CR LF (a copy through Windows) is read as written. A file with no
//! checksum line — one edited by hand on purpose, with the line deleted, or one written before
//! there were checksums — is checked by what it holds alone.

use std::fmt::Write;

/// How the checksum line starts.
const PREFIX: &str = "// Checksum: ";
/// The checksum line where it follows another line.
const LINE_PREFIX: &str = "\n// Checksum: ";
/// What follows the sum, for someone reading the file.
const SUFFIX: &str =
    " (FNV-1a 64 of everything above this line; to load a copy edited by hand, delete this line)";

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Appends the checksum line for the text so far.
pub(crate) fn seal(text: &mut String) {
    let sum = fnv1a64(text.as_bytes());
    let _ = writeln!(text, "{PREFIX}{sum:016x}{SUFFIX}");
}

/// What the checksum line of a text says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seal {
    /// No checksum line: the file is checked by what it holds alone.
    Absent,
    /// The text is as Adjutant wrote it.
    Matches,
    /// The text (or the line itself) was changed since: the checksum line's number.
    Differs { line: usize },
    /// Something other than blank lines follows the checksum line, which Adjutant writes
    /// last: the checksum line's number, and the line where the added text starts.
    Followed { line: usize, at: usize },
}

/// Checks the text against its checksum line, wherever it is: the first line that starts as
/// one. The sum covers everything above it; below it only blank lines may follow (a
/// trailing newline added by an editor), so nothing appended — a second checksum line
/// included — can turn the check off. Line
/// ends are read as Adjutant writes them, so a copy whose lines end in CR LF (Windows)
/// matches: Adjutant never writes a CR itself (a string's CR is written `\r`).
pub(crate) fn verify(text: &str) -> Seal {
    let start = match text.starts_with(PREFIX) {
        true => 0,
        false => match text.find(LINE_PREFIX) {
            Some(i) => i + 1,
            None => return Seal::Absent,
        },
    };
    let line = || text[..start].matches('\n').count() + 1;
    let end = text[start..]
        .find('\n')
        .map_or(text.len(), |i| start + i + 1);
    let after = &text[end..];
    if let Some(first) = after.find(|c: char| !c.is_whitespace()) {
        let line = line();
        let at = line + 1 + after[..first].matches('\n').count();
        return Seal::Followed { line, at };
    }
    let written = text[start + PREFIX.len()..]
        .get(..16)
        .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|hex| u64::from_str_radix(hex, 16).ok());
    let body = &text[..start];
    let sum = match body.contains('\r') {
        true => fnv1a64(body.replace("\r\n", "\n").as_bytes()),
        false => fnv1a64(body.as_bytes()),
    };
    match written == Some(sum) {
        true => Seal::Matches,
        false => Seal::Differs { line: line() },
    }
}

/// The message for a text that does not match its checksum.
pub(crate) fn differs_message() -> String {
    "the file does not match the checksum Adjutant wrote on this line when it saved it: it \
     was damaged, or changed outside Adjutant. If you edited it on purpose, delete this line: \
     a battle file without a checksum is loaded after checking what it holds"
        .into()
}

/// The message for text after the checksum line, which Adjutant writes last.
pub(crate) fn followed_message(line: usize) -> String {
    format!(
        "there is text after the checksum line (line {line}), which Adjutant writes last: it \
         was added outside Adjutant. If you added it, delete it; if you edited the file on \
         purpose, delete the checksum line too: a battle file without a checksum is loaded \
         after checking what it holds"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_64_has_its_published_values() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_sealed_text_matches_and_any_change_is_seen() {
        let mut text = String::from("BattleFile(\n  seed: 7,\n)\n");
        assert_eq!(verify(&text), Seal::Absent);
        seal(&mut text);
        assert_eq!(verify(&text), Seal::Matches);
        assert_eq!(
            verify(text.trim_end()),
            Seal::Matches,
            "without the last newline"
        );
        let changed = text.replace("seed: 7", "seed: 8");
        assert_eq!(verify(&changed), Seal::Differs { line: 4 });
        let line = text.lines().last().unwrap();
        let damaged = text.replace(&line[PREFIX.len()..PREFIX.len() + 1], "z");
        assert_eq!(verify(&damaged), Seal::Differs { line: 4 });
        let without = text.replace(line, "");
        assert_eq!(verify(&without), Seal::Absent);
    }

    /// Whatever follows the checksum line, it stays in force: blank lines after it are
    /// nothing, anything else there is refused, and an edit above it is seen either way.
    #[test]
    fn what_follows_the_checksum_line_never_turns_it_off() {
        let mut text = String::from("BattleFile(\n  faces: [3],\n)\n");
        seal(&mut text);
        let edited = text.replace("[3]", "[4]");
        for blank in ["\n", "\n\n", "  \n", "\r\n", "\n\t \n"] {
            assert_eq!(
                verify(&format!("{text}{blank}")),
                Seal::Matches,
                "{blank:?}"
            );
            assert_eq!(
                verify(&format!("{edited}{blank}")),
                Seal::Differs { line: 4 },
                "an edit with {blank:?} after the line"
            );
        }
        for added in ["// a note\n", "\n/* x */", "\n\n// Checksum: 0\n", "x"] {
            for body in [&text, &edited] {
                assert!(
                    matches!(
                        verify(&format!("{body}{added}")),
                        Seal::Followed { line: 4, .. }
                    ),
                    "{added:?} after the line: {:?}",
                    verify(&format!("{body}{added}"))
                );
            }
        }
        assert_eq!(
            verify(&format!("{text}\n// a note")),
            Seal::Followed { line: 4, at: 6 }
        );
    }

    /// A file whose line ends became Windows' (CR LF), by an editor or a copy, still matches;
    /// an edit in it is still seen.
    #[test]
    fn windows_line_ends_keep_the_checksum() {
        let mut text = String::from("BattleFile(\n  faces: [3],\n)\n");
        seal(&mut text);
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(verify(&crlf), Seal::Matches);
        assert_eq!(verify(crlf.trim_end()), Seal::Matches);
        assert_eq!(
            verify(&crlf.replace("[3]", "[4]")),
            Seal::Differs { line: 4 }
        );
    }
}
