//! Army files: turning places in the source text into the `line:col` positions that
//! problems are reported at. Lines and columns count from 1, and columns count characters
//! (not bytes), the way RON's own error positions do.

use ron::error::Position;

use super::schema::Spanned;

/// Finds lines and columns in one source text.
#[derive(Debug)]
pub struct Locator<'a> {
    text: &'a str,
    /// Byte offset of the start of each line.
    line_starts: Vec<usize>,
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Locator<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Locator { text, line_starts }
    }

    /// The line and column of a byte offset (clamped into the text).
    pub fn position(&self, offset: usize) -> (usize, usize) {
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
        let col = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().count());
        (line.max(1), col + 1)
    }

    /// The byte offset at which a parsed value's text starts, if it lies in this text.
    pub fn offset_of<T>(&self, spanned: &Spanned<T>) -> Option<usize> {
        let base = self.text.as_ptr() as usize;
        let offset = spanned.addr.checked_sub(base)?;
        let end = offset.checked_add(spanned.len)?;
        (spanned.is_given() && end <= self.text.len()).then_some(offset)
    }

    /// Where a parsed value starts, or `fallback` for a value the file left out.
    pub fn at<T>(&self, spanned: &Spanned<T>, fallback: (usize, usize)) -> (usize, usize) {
        self.offset_of(spanned)
            .map_or(fallback, |offset| self.position(offset))
    }

    /// Where a position inside a parsed value's own text (as in the span of the error that
    /// text gave) lies in the whole source.
    pub fn within<T>(
        &self,
        spanned: &Spanned<T>,
        inner: Position,
        fallback: (usize, usize),
    ) -> (usize, usize) {
        let (line, col) = self.at(spanned, fallback);
        if inner.line <= 1 {
            (line, col + inner.col.saturating_sub(1))
        } else {
            (line + inner.line - 1, inner.col.max(1))
        }
    }

    /// Where the first thing that is not blank or a comment starts (`Army(` in a good
    /// file), for problems with the army as a whole.
    pub fn first_token(&self) -> (usize, usize) {
        self.position(first_token_offset(self.text))
    }

    /// The text of a parsed value, if it lies in this text.
    pub fn text_of<T>(&self, spanned: &Spanned<T>) -> Option<&'a str> {
        let offset = self.offset_of(spanned)?;
        self.text.get(offset..offset + spanned.len)
    }
}

/// The byte offset of the first character that is not whitespace or inside a comment
/// (RON's `//` line comments and nesting `/* */` block comments).
pub fn first_token_offset(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b' ' | b'\t' | b'\r' | b'\n', _) => i += 1,
            (b'/', Some(b'/')) => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n + 1);
            }
            (b'/', Some(b'*')) => {
                let mut depth = 0usize;
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
            }
            _ => return i,
        }
    }
    0
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
    fn first_token_skips_comments() {
        assert_eq!(first_token_offset("  // a\n/* b /* c */ d */ Army("), 25);
        assert_eq!(first_token_offset("/* never closed"), 0);
        assert_eq!(first_token_offset(""), 0);
    }
}
