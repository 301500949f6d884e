//! Dice: the kinds Adjutant rolls (D3, D6, D10), dice expressions with labelled modifiers,
//! rolling with an injected random generator or taking faces the player typed, and the exact
//! distribution of a total by convolution.

use std::collections::BTreeMap;
use std::fmt;

use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A kind of die. A D3 is a D6 read 1,1,2,2,3,3; a D10 reads 0–9 (0 is zero, not ten).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Die {
    D3,
    D6,
    D10,
}

impl Die {
    /// Every kind, in the order a dice tray offers them.
    pub const ALL: [Die; 3] = [Die::D3, Die::D6, Die::D10];

    /// The lowest value this die reads.
    pub fn min(self) -> u8 {
        match self {
            Die::D3 | Die::D6 => 1,
            Die::D10 => 0,
        }
    }

    /// The highest value this die reads.
    pub fn max(self) -> u8 {
        match self {
            Die::D3 => 3,
            Die::D6 => 6,
            Die::D10 => 9,
        }
    }

    /// How many equally likely values the die shows.
    pub fn sides(self) -> u32 {
        u32::from(self.max() - self.min()) + 1
    }

    /// Whether `value` is something this die can show.
    pub fn can_show(self, value: u8) -> bool {
        (self.min()..=self.max()).contains(&value)
    }

    /// Reads a D6 face as a D3: 1–2 → 1, 3–4 → 2, 5–6 → 3.
    pub fn d3_from_d6(face: u8) -> u8 {
        face.div_ceil(2)
    }

    /// Rolls one die. A D3 is rolled as a D6 and read.
    pub fn roll<R: Rng + ?Sized>(self, rng: &mut R) -> u8 {
        match self {
            Die::D3 => Die::d3_from_d6(rng.random_range(1..=6)),
            Die::D6 => rng.random_range(1..=6),
            Die::D10 => rng.random_range(0..=9),
        }
    }

    /// The short name players use ("D6").
    pub fn name(self) -> &'static str {
        match self {
            Die::D3 => "D3",
            Die::D6 => "D6",
            Die::D10 => "D10",
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One modifier to a roll: how much, why, and the rule it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub label: String,
    pub rule: String,
}

impl Modifier {
    pub fn new(value: i32, label: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            value,
            label: label.into(),
            rule: rule.into(),
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {}", self.value, self.label)?;
        if !self.rule.is_empty() {
            write!(f, " ({})", self.rule)?;
        }
        Ok(())
    }
}

/// N dice of one kind plus modifiers: "2D6 −1 leader stacked".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    pub count: u8,
    pub die: Die,
    pub modifiers: Vec<Modifier>,
    /// Set when the roll is read by counting the dice that show at least this face: the
    /// roll then reads as "2 at 4+", not as a sum that means nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits_on: Option<u8>,
}

/// Why typed faces were refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FaceError {
    #[error("expected {expected} {die} face(s), got {got}")]
    WrongCount { expected: u8, die: Die, got: usize },
    #[error("a {die} cannot show {value}: its faces are {min}–{max}")]
    OutOfRange {
        die: Die,
        value: i64,
        min: u8,
        max: u8,
    },
    #[error("'{text}' is not a number")]
    NotANumber { text: String },
}

impl Dice {
    /// `count` dice of kind `die`, no modifiers.
    pub fn new(count: u8, die: Die) -> Self {
        Self {
            count,
            die,
            modifiers: Vec::new(),
            hits_on: None,
        }
    }

    /// Adds a modifier (builder style).
    pub fn with(mut self, modifier: Modifier) -> Self {
        self.modifiers.push(modifier);
        self
    }

    /// The sum of the modifiers.
    pub fn modifier_total(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// The modified total of the given faces.
    pub fn total(&self, faces: &[u8]) -> i32 {
        faces.iter().map(|&f| i32::from(f)).sum::<i32>() + self.modifier_total()
    }

    /// Rolls the dice with the generator passed in.
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<u8> {
        (0..self.count).map(|_| self.die.roll(rng)).collect()
    }

    /// Checks faces the player typed: the right number, each one a face this die shows.
    pub fn check_faces(&self, faces: &[i64]) -> Result<Vec<u8>, FaceError> {
        if faces.len() != usize::from(self.count) {
            return Err(FaceError::WrongCount {
                expected: self.count,
                die: self.die,
                got: faces.len(),
            });
        }
        faces
            .iter()
            .map(|&v| match u8::try_from(v) {
                Ok(f) if self.die.can_show(f) => Ok(f),
                _ => Err(FaceError::OutOfRange {
                    die: self.die,
                    value: v,
                    min: self.die.min(),
                    max: self.die.max(),
                }),
            })
            .collect()
    }

    /// Parses faces typed as text ("3 5", "3,5", "35" for single-digit dice) and checks them.
    pub fn parse_faces(&self, text: &str) -> Result<Vec<u8>, FaceError> {
        let parts: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|s| !s.is_empty())
            .collect();
        let parts: Vec<String> = if parts.len() == 1
            && usize::from(self.count) > 1
            && parts[0].len() == usize::from(self.count)
            && parts[0].chars().all(|c| c.is_ascii_digit())
        {
            parts[0].chars().map(String::from).collect()
        } else {
            parts.into_iter().map(String::from).collect()
        };
        let values = parts
            .iter()
            .map(|p| {
                p.parse::<i64>()
                    .map_err(|_| FaceError::NotANumber { text: p.clone() })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.check_faces(&values)
    }

    /// The exact distribution of the modified total.
    pub fn distribution(&self) -> Distribution {
        let mut counts: BTreeMap<i32, u128> = BTreeMap::from([(0, 1)]);
        for _ in 0..self.count {
            let mut next = BTreeMap::new();
            for (&sum, &n) in &counts {
                for face in self.die.min()..=self.die.max() {
                    *next.entry(sum + i32::from(face)).or_insert(0) += n;
                }
            }
            counts = next;
        }
        let shift = self.modifier_total();
        Distribution {
            counts: counts.into_iter().map(|(k, v)| (k + shift, v)).collect(),
            outcomes: u128::from(self.die.sides()).pow(u32::from(self.count)),
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 1 {
            write!(f, "{}", self.die)?;
        } else {
            write!(f, "{}{}", self.count, self.die)?;
        }
        let m = self.modifier_total();
        if m != 0 {
            write!(f, " {m:+}")?;
        }
        Ok(())
    }
}

/// The exact distribution of a total: how many of the equally likely outcomes give each total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    pub counts: BTreeMap<i32, u128>,
    pub outcomes: u128,
}

impl Distribution {
    /// The probability of exactly `total`.
    pub fn p(&self, total: i32) -> f64 {
        self.count_where(|t| t == total) as f64 / self.outcomes as f64
    }

    /// How many outcomes have a total satisfying `pred`.
    pub fn count_where(&self, pred: impl Fn(i32) -> bool) -> u128 {
        self.counts
            .iter()
            .filter(|(t, _)| pred(**t))
            .map(|(_, n)| *n)
            .sum()
    }

    /// The probability that the total satisfies `pred`.
    pub fn p_where(&self, pred: impl Fn(i32) -> bool) -> f64 {
        self.count_where(pred) as f64 / self.outcomes as f64
    }
}

/// Dice as they fell: the expression, the faces, and whether the player typed them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    pub dice: Dice,
    pub faces: Vec<u8>,
    pub typed: bool,
}

impl Rolled {
    /// The modified total.
    pub fn total(&self) -> i32 {
        self.dice.total(&self.faces)
    }
}

impl fmt::Display for Rolled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The dice without their modifier total: the modifiers are listed one by one below,
        // and showing both would read as if they applied twice.
        if self.dice.count != 1 {
            write!(f, "{}", self.dice.count)?;
        }
        let faces: Vec<String> = self.faces.iter().map(u8::to_string).collect();
        write!(f, "{} [{}]", self.dice.die, faces.join(" "))?;
        for m in &self.dice.modifiers {
            write!(f, " {:+} {}", m.value, m.label)?;
        }
        match self.dice.hits_on {
            Some(at_least) => {
                let hits = self.faces.iter().filter(|f| **f >= at_least).count();
                write!(f, " → {hits} at {at_least}+")
            }
            None => write!(f, " = {}", self.total()),
        }
    }
}
