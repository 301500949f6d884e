//! Printing: roster sheets, quick-reference cards, the battle as it stands and the
//! after-action report, as PDF (printpdf, with DejaVu Sans embedded and subset) and the report
//! also as Markdown.
//!
//! Every sheet is built from the rule system's vocabulary — the [`ArmySpec`]'s statistic
//! labels, the [`StatusSchema`]s of pieces and sides, the phases, figures and tables — so a new
//! rule system prints without a line here. The layout layer ([`layout`], [`grid`],
//! [`widgets`]) is our own: printpdf draws, it does not lay out.
//!
//! [`ArmySpec`]: crate::army::ArmySpec
//! [`StatusSchema`]: crate::status::StatusSchema

mod battle;
pub(crate) mod fonts;
pub(crate) mod grid;
pub(crate) mod layout;
mod quickref;
mod report;
mod roster;
pub(crate) mod widgets;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

pub use battle::{battle_pdf, battle_pdf_with};
pub use quickref::quick_ref_pdf;
pub use report::{report_markdown, report_pdf};
pub use roster::roster_pdf;

/// A paper size, always portrait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// 8½ × 11 in.
    Letter,
}

impl Paper {
    /// Every size, for a picker.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Reads "a4" or "letter" (any case).
    pub fn parse(text: &str) -> Result<Paper, PrintError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" | "usletter" => Ok(Paper::Letter),
            _ => Err(PrintError::UnknownPaper(text.to_string())),
        }
    }

    /// Width and height in points.
    pub(crate) fn size_pt(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name [`Paper::parse`] reads.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Paper {
    type Err = PrintError;

    fn from_str(s: &str) -> Result<Paper, PrintError> {
        Paper::parse(s)
    }
}

/// How to print the battle as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PrintOptions {
    pub paper: Paper,
    /// Print secret marks (command chits) too; off by default, as the sheet lies on the table.
    pub show_secrets: bool,
}

/// Why a sheet could not be made or written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PrintError {
    #[error("unknown paper size '{0}': use a4 or letter")]
    UnknownPaper(String),
    #[error("the embedded font {0} could not be read")]
    Font(String),
    #[error("army '{army}' is for rule system '{army_system}', not '{system}'")]
    WrongSystem {
        army: String,
        army_system: String,
        system: String,
    },
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    /// Writing the file failed part-way (the message names the file and the step).
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
}

/// A trait or key as a reader would write it: `entry_roll` → "Entry roll".
fn humanize(key: &str) -> String {
    let text = key.replace('_', " ");
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
