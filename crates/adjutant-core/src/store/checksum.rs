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
//! match is refused as damaged (its backup is offered as for any damaged file); a file with no
//! checksum line — one edited by hand on purpose, with the line deleted, or one written before
//! there were checksums — is checked by what it holds alone.

use std::fmt::Write;

/// How the checksum line starts.
const PREFIX: &str = "// Checksum: ";
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
}

/// Checks the text against its checksum line, if its last line is one.
pub(crate) fn verify(text: &str) -> Seal {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let start = body.rfind('\n').map_or(0, |i| i + 1);
    let Some(rest) = body[start..].strip_prefix(PREFIX) else {
        return Seal::Absent;
    };
    let written = rest
        .get(..16)
        .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|hex| u64::from_str_radix(hex, 16).ok());
    match written == Some(fnv1a64(&text.as_bytes()[..start])) {
        true => Seal::Matches,
        false => Seal::Differs {
            line: text[..start].matches('\n').count() + 1,
        },
    }
}

/// The message for a text that does not match its checksum.
pub(crate) fn differs_message() -> String {
    "the file does not match the checksum Adjutant wrote on this line when it saved it: it \
     was damaged, or changed outside Adjutant. If you edited it on purpose, delete this line: \
     a battle file without a checksum is loaded after checking what it holds"
        .into()
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
}
