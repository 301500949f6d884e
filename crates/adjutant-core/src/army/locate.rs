//! Army files: turning places in the source text into the `line:col` positions that
//! problems are reported at ([`Locator`]), RON's errors into positioned messages, and
//! collecting the problems found in one file ([`Reporter`]). Lines and columns count from 1,
//! and columns count characters (not bytes), the way RON's own errors do.

use ron::Error as E;
use ron::error::{Position, SpannedError};

use super::Problem;
use super::schema::{Spanned, explain};

/// A line and column.
pub(crate) type At = (usize, usize);

/// The most problems reported for one file; a file with more is not worth reading further.
pub const MAX_PROBLEMS: usize = 500;

/// The most characters a name may have — an army's, a side's, a leader's or a unit's, an id, a
/// kind, a group or a reference to a leader — in army files and in the armies of battle
/// files: generous for any real name, and short enough that no name costs more than a line
/// to lay out, print or draw.
pub const MAX_NAME_CHARS: usize = 200;

/// The most characters notes or an army's description may have: a few pages of text.
pub const MAX_NOTES_CHARS: usize = 10_000;

/// The problems found in one source text so far.
#[derive(Debug)]
pub(crate) struct Reporter<'a> {
    pub(crate) loc: Locator<'a>,
    found: Vec<(At, String)>,
}

impl<'a> Reporter<'a> {
    /// Starts with no problems found in `text`.
    pub fn new(text: &'a str) -> Reporter<'a> {
        Reporter {
            loc: Locator::new(text),
            found: Vec::new(),
        }
    }

    /// Adds a problem at a line and column.
    pub(crate) fn report(&mut self, at: At, message: impl Into<String>) {
        self.found.push((at, message.into()));
    }

    /// Whether nothing has been found wrong.
    pub(crate) fn is_clean(&self) -> bool {
        self.found.is_empty()
    }

    /// The problems, in the order they appear in the file, labelled with `path`; past
    /// [`MAX_PROBLEMS`], one last problem says how many more there are.
    pub(crate) fn into_problems(mut self, path: &str) -> Vec<Problem> {
        self.found.sort_by_key(|(at, _)| *at);
        if self.found.len() > MAX_PROBLEMS {
            let more = self.found.len() - MAX_PROBLEMS;
            self.found.truncate(MAX_PROBLEMS + 1);
            self.found[MAX_PROBLEMS].1 = format!("... and {more} more problems");
        }
        let problems = self.found.into_iter();
        let problem = |((line, col), message)| Problem {
            path: path.to_string(),
            line,
            col,
            message,
        };
        problems.map(problem).collect()
    }

    /// The parsed value, or `None` after reporting why its text did not parse.
    pub(crate) fn value<'s, T>(&mut self, spanned: &'s Spanned<T>, fallback: At) -> Option<&'s T> {
        if let Some((at, message)) = self.loc.value_problem(spanned, fallback) {
            self.report(at, message);
        }
        spanned.ok()
    }

    /// Reports a problem at the start of a parsed value.
    pub(crate) fn report_at<T>(
        &mut self,
        spanned: &Spanned<T>,
        fallback: At,
        message: impl Into<String>,
    ) {
        self.report(self.loc.at(spanned, fallback), message);
    }

    /// The items of a parsed list (none if it did not parse).
    pub(crate) fn list<'s, T>(&mut self, spanned: &'s Spanned<Vec<T>>, fallback: At) -> &'s [T] {
        self.value(spanned, fallback).map_or(&[], Vec::as_slice)
    }

    /// A string that may be empty, unbounded.
    pub(crate) fn string(&mut self, spanned: &Spanned<String>, fallback: At) -> String {
        self.value(spanned, fallback).cloned().unwrap_or_default()
    }

    /// Notes or a description: may be empty, at most [`MAX_NOTES_CHARS`] characters (`what`
    /// names them in the message, "the unit's notes").
    pub(crate) fn notes(&mut self, spanned: &Spanned<String>, what: &str, fallback: At) -> String {
        let value = self.string(spanned, fallback);
        let noun = match what.ends_with("notes") {
            true => "notes",
            false => "a description",
        };
        self.bound(spanned, &value, what, (MAX_NOTES_CHARS, noun), fallback);
        value
    }

    /// A name or id that must not be empty, at most [`MAX_NAME_CHARS`] characters (`what`
    /// names it in the message).
    pub(crate) fn text(&mut self, spanned: &Spanned<String>, what: &str, fallback: At) -> String {
        let value = self.string(spanned, fallback);
        if spanned.ok().is_some_and(|v| v.trim().is_empty()) {
            self.report_at(spanned, fallback, format!("{what} is empty"));
        }
        self.bound(spanned, &value, what, (MAX_NAME_CHARS, "a name"), fallback);
        value
    }

    /// An optional reference or label, a name at most [`MAX_NAME_CHARS`] characters long:
    /// left out, `None` and `""` all mean none.
    pub(crate) fn optional(
        &mut self,
        spanned: &Spanned<Option<String>>,
        what: &str,
        fallback: At,
    ) -> Option<String> {
        let value = self.value(spanned, fallback)?.as_deref()?.trim();
        let value = (!value.is_empty()).then(|| value.to_string())?;
        self.bound(spanned, &value, what, (MAX_NAME_CHARS, "a name"), fallback);
        Some(value)
    }

    /// Reports a value longer than `max` characters, saying how long it is (never echoing
    /// it): "the army's name is 300000 characters long, more than the 200 a name may have".
    fn bound<T>(
        &mut self,
        spanned: &Spanned<T>,
        value: &str,
        what: &str,
        (max, noun): (usize, &str),
        fallback: At,
    ) {
        // A character is at least one byte: only a long text needs counting.
        if value.len() <= max {
            return;
        }
        let n = value.chars().count();
        if n > max {
            let is = if what.ends_with('s') { "are" } else { "is" };
            let message =
                format!("{what} {is} {n} characters long, more than the {max} {noun} may have");
            self.report_at(spanned, fallback, message);
        }
    }
}

/// Finds lines and columns in one source text.
#[derive(Debug)]
pub struct Locator<'a> {
    text: &'a str,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
    /// Every [`MARK_STRIDE`] bytes (at a character boundary): the byte offset and how many
    /// characters come before it, so that a column on a very long line costs little.
    marks: Vec<(usize, usize)>,
}

const MARK_STRIDE: usize = 4096;

impl<'a> Locator<'a> {
    /// Indexes `text`'s lines (and long stretches of characters) once, up front.
    pub fn new(text: &'a str) -> Locator<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut marks = vec![(0, 0)];
        let mut next = MARK_STRIDE;
        while next < text.len() {
            let offset = (0..=next)
                .rev()
                .find(|&o| text.is_char_boundary(o))
                .unwrap_or(0);
            let &(last, chars) = marks.last().unwrap_or(&(0, 0));
            marks.push((offset, chars + text[last..offset].chars().count()));
            next += MARK_STRIDE;
        }
        Locator {
            text,
            line_starts,
            marks,
        }
    }

    /// How many characters come before a byte offset (a character boundary in the text).
    fn chars_before(&self, offset: usize) -> usize {
        let mark = self.marks.partition_point(|&(o, _)| o <= offset);
        let (start, chars) = self
            .marks
            .get(mark.saturating_sub(1))
            .copied()
            .unwrap_or((0, 0));
        chars
            + self
                .text
                .get(start..offset)
                .map_or(0, |s| s.chars().count())
    }

    /// The line and column of a byte offset (clamped into the text).
    pub fn position(&self, offset: usize) -> At {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self
            .line_starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        let col = self.chars_before(offset) - self.chars_before(start);
        (line.max(1), col + 1)
    }

    /// The byte offset at which a parsed value's text starts, if it lies in this text.
    pub(crate) fn offset_of<T>(&self, spanned: &Spanned<T>) -> Option<usize> {
        let base = self.text.as_ptr() as usize;
        let offset = spanned.addr.checked_sub(base)?;
        let end = offset.checked_add(spanned.len)?;
        (spanned.is_given() && end <= self.text.len()).then_some(offset)
    }

    /// Where a parsed value starts, or `fallback` for a value the file left out.
    pub(crate) fn at<T>(&self, spanned: &Spanned<T>, fallback: At) -> At {
        self.offset_of(spanned)
            .map_or(fallback, |offset| self.position(offset))
    }

    /// Where a position inside a parsed value's own text (as in the span of the error that
    /// text gave) lies in the whole source.
    pub(crate) fn within<T>(&self, spanned: &Spanned<T>, inner: Position, fallback: At) -> At {
        let (line, col) = self.at(spanned, fallback);
        if inner.line <= 1 {
            (line, col + inner.col.saturating_sub(1))
        } else {
            (line + inner.line - 1, inner.col.max(1))
        }
    }

    /// Where the first thing that is not blank or a comment starts (`Army(` in a good
    /// file), for problems with the army as a whole.
    pub(crate) fn first_token(&self) -> At {
        self.position(first_token_offset(self.text))
    }

    /// The byte offset of a line and column (clamped into the text).
    pub(crate) fn offset(&self, (line, col): At) -> usize {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        let rest = self.text.get(start..end).unwrap_or_default();
        let rest = rest.strip_suffix('\n').unwrap_or(rest);
        let skip = rest.char_indices().nth(col.saturating_sub(1));
        start + skip.map_or(rest.len(), |(i, _)| i)
    }

    /// The first line and column at or after `at` that is not blank or a comment.
    pub(crate) fn next_token(&self, at: At) -> At {
        let offset = self.offset(at);
        let rest = &self.text[offset..];
        let skip = first_token_offset(rest);
        match skip == 0 && rest.trim().is_empty() {
            true => at,
            false => self.position(offset + skip),
        }
    }

    /// The line on which the last string before `at` opened, when that string runs over a
    /// line break or never closes — the usual sign of a missing closing quote.
    pub(crate) fn open_quote_before(&self, at: At) -> Option<usize> {
        let (end, bytes) = (self.offset(at), self.text.as_bytes());
        let (mut i, mut last) = (0, None);
        while i < end.min(bytes.len()) {
            match (bytes[i], bytes.get(i + 1)) {
                (b'/', Some(b'/' | b'*')) => match first_token_offset(&self.text[i..]) {
                    0 => break, // the comment runs to the end
                    skip => i += skip,
                },
                (b'"', _) => {
                    let start = i;
                    i += 1;
                    let mut suspicious = true; // until it closes on its own line
                    while i < bytes.len() {
                        match bytes[i] {
                            b'\\' => i += 2,
                            b'\n' => break,
                            b'"' => {
                                suspicious = false;
                                i += 1;
                                break;
                            }
                            _ => i += 1,
                        }
                    }
                    if suspicious {
                        // Skip to the string's real end, as RON reads it.
                        while i < bytes.len() && bytes[i] != b'"' {
                            i += if bytes[i] == b'\\' { 2 } else { 1 };
                        }
                        i += 1;
                    }
                    last = Some((start, suspicious));
                }
                _ => i += 1,
            }
        }
        last.filter(|&(_, suspicious)| suspicious)
            .map(|(start, _)| self.position(start).0)
    }

    /// Where and what a syntax error that stopped the whole parse is.
    pub(crate) fn syntax_problem(&self, e: &SpannedError) -> (At, String) {
        let mut at = (e.span.start.line, e.span.start.col);
        let mut message = explain(&e.code);
        match e.code {
            _ if self.text.trim().is_empty() => {
                at = (1, 1);
                message = "the file is empty; an army file starts with `Army(`".into();
            }
            E::MissingStructField { .. } => at = self.first_token(),
            E::TrailingCharacters => at = self.next_token(at),
            E::UnclosedBlockComment => {
                at = self.position(self.offset(at).saturating_sub(2)); // back to the `/*`
            }
            _ => {
                if let Some(line) = self.open_quote_before(at) {
                    message += &format!(" (is the quote opened on line {line} closed?)");
                }
            }
        }
        (at, message)
    }

    /// Where and what is wrong with a value whose text did not parse, if it did not.
    pub(crate) fn value_problem<T>(
        &self,
        spanned: &Spanned<T>,
        fallback: At,
    ) -> Option<(At, String)> {
        let e = spanned.value.as_ref().err()?;
        let start = self.at(spanned, fallback);
        let text = self.text_of(spanned);
        let short = text.filter(|t| t.len() <= 40 && !t.contains('\n'));
        Some(match (&e.code, short) {
            // RON puts this at the closing bracket; the item's start is clearer.
            (E::MissingStructField { .. }, _) => (start, explain(&e.code)),
            // RON reads `7.5` as `7` followed by stray text.
            (E::TrailingCharacters, Some(t)) if t.parse::<f64>().is_ok() => {
                (start, format!("expected a whole number, not {t}"))
            }
            (
                E::ExpectedString | E::ExpectedInteger | E::ExpectedArray | E::ExpectedMap,
                Some(t),
            ) => (start, format!("{}, not {t}", explain(&e.code))),
            _ => (
                self.within(spanned, e.span.start, fallback),
                explain(&e.code),
            ),
        })
    }

    /// The text of a parsed value, if it lies in this text.
    pub(crate) fn text_of<T>(&self, spanned: &Spanned<T>) -> Option<&'a str> {
        let offset = self.offset_of(spanned)?;
        self.text.get(offset..offset + spanned.len)
    }
}

/// The text with its line ends read as line feeds when it has only carriage returns (old Mac
/// files: no LF at all), so comments end at the end of their line and problems are placed on
/// their own lines. A CR is one byte, as an LF is, so every offset stays where it was; a text
/// with any LF (Unix, or Windows' CR LF) is left as it is.
pub fn lf_line_ends(text: &str) -> std::borrow::Cow<'_, str> {
    match text.contains('\r') && !text.contains('\n') {
        true => text.replace('\r', "\n").into(),
        false => text.into(),
    }
}

/// The line and column of byte `good` of `bytes` — the first that is not UTF-8, all before it
/// being text — counted as the loaders count the text's lines ([`lf_line_ends`]).
pub fn position_of_byte(bytes: &[u8], good: usize) -> At {
    let before = std::str::from_utf8(&bytes[..good.min(bytes.len())]).unwrap_or_default();
    match bytes.contains(&b'\r') && !bytes.contains(&b'\n') {
        true => Locator::new(&before.replace('\r', "\n")).position(good),
        false => Locator::new(before).position(good),
    }
}

/// The byte offset of the first character that is not whitespace or inside a comment
/// (RON's `//` line comments and nesting `/* */` block comments).
pub(crate) fn first_token_offset(text: &str) -> usize {
    let mut i = 0;
    while i < text.len() {
        match blank_end(text, i) {
            Some(next) => i = next,
            None => return i,
        }
    }
    0
}

/// The byte offset just past the last character that is not whitespace or inside a comment:
/// only whitespace and comments follow it. Strings are read whole, so a `//` inside one is no
/// comment.
pub(crate) fn last_token_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut i, mut end) = (0, 0);
    while i < bytes.len() {
        if let Some(next) = blank_end(text, i) {
            i = next;
            continue;
        }
        i = if bytes[i] == b'"' {
            string_end(bytes, i)
        } else {
            i + 1
        };
        end = i;
    }
    end
}

/// Where the whitespace or comment at byte `i` ends, or `None` when a token starts there.
fn blank_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match (bytes[i], bytes.get(i + 1)) {
        (b' ' | b'\t' | b'\r' | b'\n', _) => Some(i + 1),
        (b'/', Some(b'/')) => Some(text[i..].find('\n').map_or(bytes.len(), |n| i + n + 1)),
        (b'/', Some(b'*')) => {
            let (mut i, mut depth) = (i, 0usize);
            while i < bytes.len() {
                match (bytes[i], bytes.get(i + 1)) {
                    (b'/', Some(b'*')) => {
                        depth += 1;
                        i += 2;
                    }
                    (b'*', Some(b'/')) => {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => i += 1,
                }
            }
            Some(i)
        }
        _ => None,
    }
}

/// Just past the string that opens with the quote at `start` (or the end of the text).
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let loc = Locator::new("ab\nçd\n\nx");
        assert_eq!(loc.position(0), (1, 1));
        assert_eq!(loc.position(2), (1, 3));
        assert_eq!(loc.position(3), (2, 1));
        assert_eq!(loc.position(5), (2, 2)); // after the two-byte ç
        assert_eq!(loc.position(4), (2, 1)); // inside ç: clamped back to its start
        assert_eq!(loc.position(7), (3, 1));
        assert_eq!(loc.position(8), (4, 1));
        assert_eq!(loc.position(99), (4, 2));
    }

    #[test]
    fn columns_on_a_long_line() {
        let text = format!("{}\n{}x", "é".repeat(10_000), "ab".repeat(5_000));
        let loc = Locator::new(&text);
        assert_eq!(loc.position(20_000), (1, 10_001));
        assert_eq!(loc.position(20_001 + 10_000), (2, 10_001));
        assert_eq!(loc.position(9_999), (1, 5_000)); // inside an é: back to its start
    }

    #[test]
    fn offsets_and_tokens() {
        let loc = Locator::new("ab\nçd  // x\n  e");
        assert_eq!(loc.offset((2, 2)), 5);
        assert_eq!(loc.offset((2, 99)), 12);
        assert_eq!(loc.offset((9, 1)), 16);
        assert_eq!(loc.next_token((2, 3)), (3, 3));
        assert_eq!(loc.next_token((3, 4)), (3, 4));
    }

    #[test]
    fn open_quotes_are_found() {
        let loc = Locator::new("a: \"ok\",\nb: \"open,\nc: \"x\"\n");
        assert_eq!(loc.open_quote_before((3, 5)), Some(2));
        assert_eq!(loc.open_quote_before((2, 3)), None);
        let loc = Locator::new("a: \"ok\", /* \" */ b: \"never");
        assert_eq!(loc.open_quote_before((1, 30)), Some(1));
        assert_eq!(loc.open_quote_before((1, 10)), None);
    }

    #[test]
    fn carriage_returns_alone_are_read_as_line_ends() {
        assert_eq!(lf_line_ends("a\r// c\rb"), "a\n// c\nb");
        assert_eq!(
            lf_line_ends("a\r\nb\r"),
            "a\r\nb\r",
            "a file with LF is left"
        );
        assert_eq!(lf_line_ends("ab"), "ab");
    }

    #[test]
    fn first_token_skips_comments() {
        assert_eq!(first_token_offset("  // a\n/* b /* c */ d */ Army("), 25);
        assert_eq!(first_token_offset("/* never closed"), 0);
        assert_eq!(first_token_offset(""), 0);
    }

    #[test]
    fn last_token_leaves_the_comments_after_it() {
        assert_eq!(last_token_end(" 5 /* was 4 */ // old\n "), 2);
        assert_eq!(last_token_end("\"a // b\" // c"), 8);
        assert_eq!(last_token_end("\"a \\\" b\" "), 8);
        assert_eq!(last_token_end("{\"s\": 1, // x\n \"m\": 2} /* y */"), 22);
        assert_eq!(last_token_end("/* only */"), 0);
    }
}
