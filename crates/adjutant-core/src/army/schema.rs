//! Army files: the raw input types, exactly as a RON army file spells them, before any
//! meaning is checked (that is [`super::validate`]'s job).
//!
//! # The format (version 1)
//!
//! ```ron
//! // Comments like this one may go anywhere.
//! Army(
//!     version: 1,                       // the file format's version; this Adjutant reads 1
//!     system: "royalists_roundheads",   // the rule system's id
//!     name: "Winceby Royalists",
//!     side: "Royalist",
//!     description: "Optional text.",    // optional, default ""
//!     leaders: [                        // optional, default []
//!         Leader(id: "widdrington", name: "Sir William Widdrington",
//!                stats: {"span": 4, "bonus": 1, "entry_turn": 1}, traits: ["overall"]),
//!         Leader(
//!             id: "henderson",          // unique in the file (leaders and units together)
//!             name: "Sir John Henderson",
//!             stats: {"command": 4, "span": 3, "bonus": 1, "entry_turn": 2},
//!             traits: [],               // optional, default []
//!             group: "Turn 2",          // optional: an entry group, a division
//!             superior: "widdrington",  // optional: the id of the leader this one answers to
//!             notes: "",                // optional, default ""
//!         ),
//!     ],
//!     units: [
//!         Unit(
//!             id: "henderson_horse_1",
//!             name: "Henderson's Horse (1)",
//!             kind: "Cavalry",          // one of the rule system's unit kinds
//!             leader: "henderson",      // optional: the id of its leader
//!             stats: {"strength": 4, "morale": 7, "movement": 8, "entry_turn": 2},
//!             traits: [],               // optional, default []
//!             group: "Turn 2",          // optional
//!             notes: "",                // optional, default ""
//!         ),
//!     ],
//! )
//! ```
//!
//! The optional references (`leader`, `superior`, `group`) are written as plain strings;
//! leave the field out when there is none. `Some("henderson")` and `None` are accepted too
//! (RON's `implicit_some` extension is always on), and an empty string counts as none.
//! Stat names are quoted strings and their values whole numbers.
//!
//! Every value that a problem may be reported against is parsed as a [`Spanned`]: the
//! outer parse keeps where its text sat, and a value of the wrong shape is kept as an error
//! instead of ending the whole parse, so one bad value does not hide the others.

use std::fmt;

use ron::error::SpannedError;
use ron::extensions::Extensions;
use ron::value::RawValue;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// The army file format version this Adjutant reads.
pub(crate) const CURRENT_VERSION: i64 = 1;

/// How deeply brackets may nest before the file is refused (army files need about six).
pub(crate) const RECURSION_LIMIT: usize = 64;

/// The RON options every army-file parse uses: a recursion limit and `implicit_some`.
pub(crate) fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_recursion_limit(RECURSION_LIMIT)
        .with_default_extension(Extensions::IMPLICIT_SOME)
}

/// A value together with where its text sat in the source, or the error its text gave.
///
/// `addr` is the memory address of the value's first byte inside the source string that was
/// parsed; [`super::locate::Locator`] turns it into a line and column. A value that was left
/// out of the file (a `#[serde(default)]`) has `len == 0` and `addr == 0`.
#[derive(Debug, Clone)]
pub(crate) struct Spanned<T> {
    pub(crate) addr: usize,
    pub(crate) len: usize,
    /// The value, or why its text does not fit; the error's span is relative to the text.
    pub(crate) value: Result<T, SpannedError>,
}

impl<T> Spanned<T> {
    /// Whether the value was written in the file (rather than defaulted).
    pub(crate) fn is_given(&self) -> bool {
        self.len > 0
    }

    /// The value if its text parsed.
    pub(crate) fn ok(&self) -> Option<&T> {
        self.value.as_ref().ok()
    }
}

impl<T: Default> Default for Spanned<T> {
    fn default() -> Self {
        Spanned {
            addr: 0,
            len: 0,
            value: Ok(T::default()),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // A borrowed RawValue is a slice of the very source being parsed, so its address
        // places it; parsing that slice again gives the value with errors kept, not raised.
        let raw: &'de RawValue = Deserialize::deserialize(deserializer)?;
        let text: &'de str = raw.get_ron();
        Ok(Spanned {
            addr: text.as_ptr() as usize,
            len: text.len(),
            value: ron_options().from_str(text),
        })
    }
}

/// A whole army file.
#[derive(Debug, Deserialize)]
#[serde(rename = "Army", deny_unknown_fields)]
pub(crate) struct ArmySchema {
    pub(crate) version: Spanned<i64>,
    pub(crate) system: Spanned<String>,
    pub(crate) name: Spanned<String>,
    pub(crate) side: Spanned<String>,
    #[serde(default)]
    pub(crate) description: Spanned<String>,
    #[serde(default)]
    pub(crate) leaders: Spanned<Vec<Spanned<LeaderSchema>>>,
    pub(crate) units: Spanned<Vec<Spanned<UnitSchema>>>,
}

/// An army as a battle file holds it: an army file's fields less the version (the battle
/// file has its own).
#[derive(Debug, Deserialize)]
#[serde(rename = "Army", deny_unknown_fields)]
pub(crate) struct EmbeddedArmySchema {
    pub(crate) system: Spanned<String>,
    pub(crate) name: Spanned<String>,
    pub(crate) side: Spanned<String>,
    #[serde(default)]
    pub(crate) description: Spanned<String>,
    #[serde(default)]
    pub(crate) leaders: Spanned<Vec<Spanned<LeaderSchema>>>,
    pub(crate) units: Spanned<Vec<Spanned<UnitSchema>>>,
}

impl From<EmbeddedArmySchema> for ArmySchema {
    /// The army as if read from a file of the current version.
    fn from(a: EmbeddedArmySchema) -> ArmySchema {
        ArmySchema {
            version: Spanned {
                addr: 0,
                len: 0,
                value: Ok(CURRENT_VERSION),
            },
            system: a.system,
            name: a.name,
            side: a.side,
            description: a.description,
            leaders: a.leaders,
            units: a.units,
        }
    }
}

/// Just the version of an army file, read first so that a file from a newer Adjutant gets
/// one clear message instead of a list of puzzling ones.
#[derive(Debug, Deserialize)]
#[serde(rename = "Army")]
pub(crate) struct VersionProbe {
    #[serde(default)]
    pub(crate) version: Spanned<i64>,
}

/// A leader as written.
#[derive(Debug, Deserialize)]
#[serde(rename = "Leader", deny_unknown_fields)]
pub(crate) struct LeaderSchema {
    pub(crate) id: Spanned<String>,
    pub(crate) name: Spanned<String>,
    #[serde(default)]
    pub(crate) stats: Spanned<Stats>,
    #[serde(default)]
    pub(crate) traits: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    pub(crate) group: Spanned<Option<String>>,
    #[serde(default)]
    pub(crate) superior: Spanned<Option<String>>,
    #[serde(default)]
    pub(crate) notes: Spanned<String>,
}

/// A unit as written.
#[derive(Debug, Deserialize)]
#[serde(rename = "Unit", deny_unknown_fields)]
pub(crate) struct UnitSchema {
    pub(crate) id: Spanned<String>,
    pub(crate) name: Spanned<String>,
    pub(crate) kind: Spanned<String>,
    #[serde(default)]
    pub(crate) leader: Spanned<Option<String>>,
    #[serde(default)]
    pub(crate) stats: Spanned<Stats>,
    #[serde(default)]
    pub(crate) traits: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    pub(crate) group: Spanned<Option<String>>,
    #[serde(default)]
    pub(crate) notes: Spanned<String>,
}

/// A `{"name": value, ...}` table of statistics, in file order, repeats kept (so that
/// validation can point at them).
#[derive(Debug, Default)]
pub(crate) struct Stats(pub Vec<(Spanned<String>, Spanned<i64>)>);

impl<'de> Deserialize<'de> for Stats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct StatsVisitor;

        impl<'de> Visitor<'de> for StatsVisitor {
            type Value = Stats;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(r#"a table of stats like {"strength": 4}"#)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Stats, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(Stats(entries))
            }
        }

        deserializer.deserialize_map(StatsVisitor)
    }
}

/// Says what a RON error means, in words for someone editing an army file by hand.
pub(crate) fn explain(error: &ron::Error) -> String {
    use ron::Error as E;
    match error {
        E::Eof => "the file ends too soon: a bracket or a quote is never closed".into(),
        E::ExpectedComma => "a comma is missing before this".into(),
        E::ExpectedArray => "expected a list in square brackets".into(),
        E::ExpectedArrayEnd => "expected `]` to close the list".into(),
        E::ExpectedMap => r#"expected a table in braces, like {"strength": 4}"#.into(),
        E::ExpectedMapEnd => "expected `}` to close the table".into(),
        E::ExpectedMapColon => "expected a colon after the name".into(),
        E::ExpectedStructLikeEnd | E::ExpectedOptionEnd => "expected `)` to close".into(),
        E::ExpectedStructLike => "expected `(`".into(),
        E::ExpectedNamedStructLike(name) => format!("expected `{name}(` here"),
        E::ExpectedDifferentStructName { expected, found } => {
            format!("expected `{expected}(...)` here, not `{found}(...)`")
        }
        E::ExpectedString | E::ExpectedStringEnd => "expected text in double quotes".into(),
        E::ExpectedInteger => "expected a whole number".into(),
        E::IntegerOutOfBounds => "this number is too large".into(),
        E::InvalidValueForType { expected, found } => {
            format!("expected {} but found {found}", plain_type(expected))
        }
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            let outer = outer.as_deref().unwrap_or("this");
            match did_you_mean(found, expected.iter().copied()) {
                Some(field) => format!("`{outer}` has no field `{found}`; did you mean `{field}`?"),
                None => format!(
                    "`{outer}` has no field `{found}`; its fields are: {}",
                    expected.join(", ")
                ),
            }
        }
        E::MissingStructField {
            field: "version", ..
        } => format!("the army file has no `version`; add `version: {CURRENT_VERSION},`"),
        E::MissingStructField { field, outer } => format!(
            "`{}` is missing its `{field}` field",
            outer.as_deref().unwrap_or("this")
        ),
        E::DuplicateStructField { field, .. } => format!("the `{field}` field is given twice"),
        E::UnexpectedChar(c) => format!("unexpected character {c:?}"),
        E::TrailingCharacters => "unexpected text after the end of the army".into(),
        E::UnclosedBlockComment => "a /* comment */ is never closed".into(),
        E::ExceededRecursionLimit => format!(
            "brackets are nested too deeply (more than {RECURSION_LIMIT} levels); \
             an army file never needs that many"
        ),
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => "the file could not be read as RON".into(),
            }
        }
    }
}

/// Serde's name for a type, as a player would say it.
fn plain_type(expected: &str) -> &str {
    match expected {
        "i64" | "i32" | "u32" | "u64" | "usize" => "a whole number",
        "a string" => "text in double quotes",
        "a sequence" => "a list in square brackets",
        other => other,
    }
}

/// The candidate `word` was most likely meant to be: the same but for case, or a letter
/// or two (one per four letters) out.
pub(crate) fn did_you_mean<'c>(
    word: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let word: Vec<char> = word.to_lowercase().chars().collect();
    let limit = (word.len() / 4).max(1);
    candidates
        .into_iter()
        // Words whose lengths differ by more than the limit cannot be near enough.
        .filter(|c| c.chars().count().abs_diff(word.len()) <= limit)
        .map(|c| {
            let candidate: Vec<char> = c.to_lowercase().chars().collect();
            (edits(&word, &candidate), c)
        })
        .filter(|&(distance, _)| distance <= limit && distance < word.len())
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, c)| c)
}

/// The Levenshtein distance between two words.
fn edits(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn suggests_near_misses_only() {
        let stats = ["strength", "reduced_strength", "morale", "movement"];
        assert_eq!(did_you_mean("strenght", stats), Some("strength"));
        assert_eq!(did_you_mean("Morale", stats), Some("morale"));
        assert_eq!(did_you_mean("pikes", stats), None);
        assert_eq!(did_you_mean("m", ["x"]), None);
    }
}
