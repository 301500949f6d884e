//! Reading one table-override file: the size limit, the RON parse with every syntax error
//! placed at its `path:line:col`, and a [`Checker`] that gathers the problems found while
//! validating the parsed values, each at the line and column of the value it is about.

use std::ops::RangeInclusive;

use ron::Error as E;
use serde::Deserialize;

use crate::army::locate::{At, Reporter};
use crate::army::schema::{RECURSION_LIMIT, Spanned, ron_options};

/// The override file format version this Adjutant reads.
pub(crate) const VERSION: i64 = 1;

/// The largest override file read; a chart file is a few kilobytes.
pub const MAX_BYTES: usize = 1024 * 1024;

/// Parses `text` as RON into `T`; a syntax error (or a value of the wrong shape outside a
/// [`Spanned`]) becomes one `path:line:col: message`.
pub(crate) fn parse<'a, T: Deserialize<'a>>(path: &str, text: &'a str) -> Result<T, Vec<String>> {
    ron_options().from_str(text).map_err(|e| {
        let rep = Reporter::new(text);
        let ((line, col), mut message) = rep.loc.syntax_problem(&e);
        message = match &e.code {
            _ if text.trim().is_empty() => {
                format!("the file is empty; an override file starts with `(version: {VERSION},`")
            }
            E::MissingStructField {
                field: "version", ..
            } => format!("the override file has no `version`; add `version: {VERSION},`"),
            E::TrailingCharacters => "unexpected text after the closing `)` of the tables".into(),
            E::ExceededRecursionLimit => format!(
                "brackets are nested too deeply (more than {RECURSION_LIMIT} levels); an \
                 override file never needs that many"
            ),
            _ => message,
        };
        vec![format!("{path}:{line}:{col}: {message}")]
    })
}

/// Gathers the problems of one override file.
pub(crate) struct Checker<'a> {
    path: &'a str,
    rep: Reporter<'a>,
}

impl<'a> Checker<'a> {
    pub(crate) fn new(path: &'a str, text: &'a str) -> Checker<'a> {
        Checker {
            path,
            rep: Reporter::new(text),
        }
    }

    /// Where a value starts, or `fallback` when the file left it out.
    pub(crate) fn at<T>(&self, spanned: &Spanned<T>, fallback: At) -> At {
        self.rep.loc.at(spanned, fallback)
    }

    /// Where field `key` is written inside a value (say, one option inside `options: (...)`),
    /// or where the value starts when the key is not found.
    pub(crate) fn field_at<T>(&self, spanned: &Spanned<T>, key: &str, fallback: At) -> At {
        let (Some(text), Some(base)) = (
            self.rep.loc.text_of(spanned),
            self.rep.loc.offset_of(spanned),
        ) else {
            return self.at(spanned, fallback);
        };
        let found = text.match_indices(key).find(|&(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + key.len()..].trim_start();
            before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) && after.starts_with(':')
        });
        match found {
            Some((i, _)) => self.rep.loc.position(base + i),
            None => self.at(spanned, fallback),
        }
    }

    /// Where the file's first token is (for problems with the file as a whole).
    pub(crate) fn start(&self) -> At {
        self.rep.loc.first_token()
    }

    /// Records a problem at a line and column.
    pub(crate) fn report(&mut self, at: At, message: impl Into<String>) {
        self.rep.report(at, message);
    }

    /// The parsed value, or `None` after reporting why its text did not parse.
    pub(crate) fn value<'s, T>(&mut self, spanned: &'s Spanned<T>, fallback: At) -> Option<&'s T> {
        self.rep.value(spanned, fallback)
    }

    /// A part the file gave (a field left out is `None`): its value, if it reads, and where
    /// it is written.
    pub(crate) fn part<'s, T>(
        &mut self,
        part: &'s Option<Spanned<T>>,
        fallback: At,
    ) -> Option<(&'s T, At)> {
        let spanned = part.as_ref()?;
        let value = self.value(spanned, fallback)?;
        Some((value, self.at(spanned, fallback)))
    }

    /// Checks the `version` field.
    pub(crate) fn version(&mut self, version: &Spanned<i64>) {
        let start = self.start();
        if let Some(&v) = self.value(version, start)
            && v != VERSION
        {
            let at = self.at(version, start);
            self.report(
                at,
                format!("unknown version {v}; this Adjutant reads version {VERSION}"),
            );
        }
    }

    /// A whole number the file gave, checked against `range`; `None` when it was left out
    /// or is wrong (then a problem names `what` and the range).
    pub(crate) fn number(
        &mut self,
        spanned: &Spanned<i64>,
        fallback: At,
        what: &str,
        range: RangeInclusive<i64>,
    ) -> Option<i64> {
        if !spanned.is_given() {
            return None;
        }
        let &v = self.value(spanned, fallback)?;
        if range.contains(&v) {
            Some(v)
        } else {
            let at = self.at(spanned, fallback);
            self.report(
                at,
                format!(
                    "{what} {v} is out of range: it must be from {} to {}",
                    range.start(),
                    range.end()
                ),
            );
            None
        }
    }

    /// [`Checker::number`] put in `into` (narrowed to its type), which is left as it was when
    /// the number was left out or is wrong.
    pub(crate) fn number_into<T: TryFrom<i64> + Copy>(
        &mut self,
        spanned: &Spanned<i64>,
        fallback: At,
        what: &str,
        range: RangeInclusive<i64>,
        into: &mut T,
    ) {
        if let Some(n) = self.number(spanned, fallback, what, range) {
            *into = narrow(n, *into);
        }
    }

    /// Whether nothing has been found wrong so far.
    pub(crate) fn is_clean(&self) -> bool {
        self.rep.is_clean()
    }

    /// `Ok(())` when the file is clean, else every problem as `path:line:col: message`.
    pub(crate) fn finish(self) -> Result<(), Vec<String>> {
        if self.rep.is_clean() {
            return Ok(());
        }
        let problems = self.rep.into_problems(self.path);
        Err(problems.iter().map(ToString::to_string).collect())
    }
}

/// A number the file gave, narrowed to the table's type (the checked range fits it).
pub(crate) fn narrow<T: TryFrom<i64>>(value: i64, fallback: T) -> T {
    T::try_from(value).unwrap_or(fallback)
}
