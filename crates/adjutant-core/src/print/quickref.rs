//! The quick-reference card of a rule system: the sequence of play, the unit kinds and every
//! table in force (a player's overrides included), each table with its source in small print.
//!
//! It is set as large as two pages allow: one column at 10 pt, else at 9 pt, else the wide
//! tables across the page first and the narrow ones after them in two columns, at 9 pt.

use crate::rules::RuleSystem;

use super::grid::Grid;
use super::layout::{Sheet, Style};
use super::{Paper, PrintError};

/// The most pages a card may take before a tighter setting is tried.
const MAX_PAGES: usize = 2;
/// A table is narrow when set in half the width it grows no more than this much taller.
const NARROW_GROWTH: f32 = 2.0;

/// The quick-reference card for `rules`.
pub fn quick_ref_pdf(rules: &dyn RuleSystem, paper: Paper) -> Result<Vec<u8>, PrintError> {
    let card = Card::read(rules);
    let settings = [
        (false, 10.0, false),
        (false, 9.0, false),
        (false, 9.0, true),
        (true, 9.0, true),
    ];
    let mut last = None;
    for (two_columns, size, tight) in settings {
        let sheet = card.lay_out(paper, two_columns, size, tight)?;
        if sheet.page_count() <= MAX_PAGES {
            return Ok(sheet.finish());
        }
        last = Some(sheet);
    }
    // Too much for two pages even at the tightest setting: print it all rather than drop any.
    Ok(last.expect("at least one setting").finish())
}

/// One titled table of the card.
struct Block {
    title: String,
    /// The section heading printed before this block, if it opens one.
    section: Option<&'static str>,
    source: Option<String>,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    note: String,
    fill: bool,
}

/// What the card says, read once from the rule system.
struct Card {
    title: String,
    blocks: Vec<Block>,
}

impl Card {
    fn read(rules: &dyn RuleSystem) -> Card {
        let mut blocks = Vec::new();
        let phases = rules.phases();
        if !phases.is_empty() {
            blocks.push(Block {
                title: "Sequence of play".into(),
                section: None,
                source: None,
                header: ["", "Phase", "What happens"].map(String::from).to_vec(),
                rows: phases
                    .iter()
                    .enumerate()
                    .map(|(i, p)| vec![format!("{}", i + 1), p.name.clone(), p.summary.clone()])
                    .collect(),
                note: String::new(),
                fill: true,
            });
        }
        let kinds = rules.army_spec().unit_kinds;
        if !kinds.is_empty() {
            blocks.push(Block {
                title: "Unit kinds".into(),
                section: None,
                source: None,
                header: ["Kind", "Notes"].map(String::from).to_vec(),
                rows: kinds
                    .iter()
                    .map(|k| vec![k.name.to_string(), k.description.to_string()])
                    .collect(),
                note: String::new(),
                fill: true,
            });
        }
        for (i, mut t) in rules.tables().into_iter().enumerate() {
            // The override files' keys are for the Tables view, not for the table: the card
            // leaves their column out.
            if let Some(k) = t.header.iter().position(|h| h == "Key") {
                t.header.remove(k);
                for row in &mut t.rows {
                    if k < row.len() {
                        row.remove(k);
                    }
                }
            }
            blocks.push(Block {
                title: t.title,
                section: (i == 0).then_some("Tables in force"),
                source: Some(format!("Source: {}", t.source.tag())),
                header: t.header,
                rows: t.rows,
                note: t.note,
                fill: false,
            });
        }
        Card {
            title: format!("{} — quick reference", rules.name()),
            blocks,
        }
    }

    fn lay_out(
        &self,
        paper: Paper,
        two_columns: bool,
        size: f32,
        tight: bool,
    ) -> Result<Sheet, PrintError> {
        let body = Style::regular(size);
        let mut sheet = Sheet::new(&self.title, paper, 1)?;
        sheet.tight = tight;
        sheet.paragraph(&self.title, Style::bold(16.0), 0.0);
        sheet.space(4.0);
        if self.blocks.is_empty() {
            let none = "This rule system lists no sequence of play and no tables yet.";
            sheet.paragraph(none, body, 0.0);
            return Ok(sheet);
        }
        if !two_columns {
            for block in &self.blocks {
                draw(&mut sheet, block, size, true);
            }
            return Ok(sheet);
        }
        let full = sheet.frame_width();
        let half = (full - 18.0) / 2.0;
        let narrow: Vec<bool> = self
            .blocks
            .iter()
            .map(|b| {
                let grid = b.grid(body);
                // The sequence of play and the unit kinds lead the card, across the page.
                b.source.is_some()
                    && sheet.least_width(&grid) <= half
                    && sheet.grid_height(&grid, half)
                        <= NARROW_GROWTH * sheet.grid_height(&grid, full)
            })
            .collect();
        for (block, _) in self.blocks.iter().zip(&narrow).filter(|(_, n)| !**n) {
            draw(&mut sheet, block, size, false);
        }
        sheet.set_columns(2);
        let rest: Vec<&Block> = (self.blocks.iter().zip(&narrow))
            .filter(|(_, n)| **n)
            .map(|(b, _)| b)
            .collect();
        // The narrow tables close the card: balance the two columns when they fit the page.
        let total: f32 = rest.iter().map(|b| b.height(&sheet, half, size)).sum();
        if sheet.y + total / 2.0 < sheet.bottom() {
            let widest = rest
                .iter()
                .map(|b| b.height(&sheet, half, size))
                .fold(0.0, f32::max);
            sheet.balance_at(Some(sheet.y + (total / 2.0).max(widest * 0.5) + size));
        }
        for block in rest {
            draw(&mut sheet, block, size, false);
        }
        Ok(sheet)
    }
}

impl Block {
    /// About how tall the block is set `width` points wide, title and note included.
    fn height(&self, sheet: &Sheet, width: f32, size: f32) -> f32 {
        let body = Style::regular(size);
        let note = sheet.wrap(&self.note, width, body).len() as f32 * body.leading();
        let title = (size + 3.0) * 1.9 + if self.source.is_some() { 10.5 } else { 0.0 };
        title + sheet.grid_height(&self.grid(body), width) + note
    }

    fn grid(&self, style: Style) -> Grid<'_> {
        Grid {
            header: &self.header,
            rows: &self.rows,
            style,
            fill: self.fill,
        }
    }
}

/// Sets one block: its section heading if in order, title, source, table and note.
fn draw(sheet: &mut Sheet, block: &Block, size: f32, in_order: bool) {
    let body = Style::regular(size);
    if let Some(section) = block.section.filter(|_| in_order) {
        sheet.heading(section, Style::bold(size + 3.0), 5.0 * size);
    }
    let title_style = if block.source.is_some() {
        Style::bold(size + 1.5)
    } else {
        Style::bold(size + 3.0)
    };
    // Keep the title and source with the header and first row of the table, the columns
    // sized as the whole table sets them.
    let source_h = if block.source.is_some() {
        Style::small(7.0).leading() + 1.5
    } else {
        0.0
    };
    let keep = sheet.head_height(&block.grid(body), sheet.frame_width()) + source_h + 2.0;
    sheet.heading(&block.title, title_style, keep);
    if let Some(source) = &block.source {
        sheet.paragraph(source, Style::small(7.0), 0.0);
        sheet.space(1.5);
    }
    sheet.table(&block.grid(body));
    if !block.note.is_empty() {
        sheet.space(2.0);
        sheet.paragraph(&block.note, body, 0.0);
    }
}
