//! Rule tables as data: a titled grid of cells with where it came from ([RULES], [PUBLISHED],
//! [DEFAULT] or a player's override), for the window and the quick-reference sheet.

/// Where a table's numbers come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Stated in the original rules.
    Rules,
    /// Found in other published material.
    Published,
    /// Adjutant's stated default where the rules are silent.
    Default,
    /// A player's override file.
    Override(String),
}

impl Source {
    pub fn tag(&self) -> String {
        match self {
            Source::Rules => "[RULES]".into(),
            Source::Published => "[PUBLISHED]".into(),
            Source::Default => "[DEFAULT]".into(),
            Source::Override(path) => format!("[OVERRIDE {path}]"),
        }
    }
}

/// A printed chart: header row, body rows, a source and a footnote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub id: String,
    pub title: String,
    pub source: Source,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub note: String,
}
