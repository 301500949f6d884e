//! Tables on a [`Sheet`]: column widths from the measured text (every column at least as
//! wide as its longest word, the rest shared by need), rows whose cells wrap, a shaded header
//! row repeated after every page or column break.

use super::fonts::Weight;
use super::layout::{Paint, Sheet, Style};

/// Space between a cell's text and its rules, across and down, in points; tight sheets
/// (see [`Sheet::tight`]) use [`TIGHT_PAD_Y`] down.
pub(crate) const PAD_X: f32 = 3.0;
pub(crate) const PAD_Y: f32 = 2.5;
pub(crate) const TIGHT_PAD_Y: f32 = 1.2;
/// The grey a header row is shaded with.
pub(crate) const HEADER_SHADE: f32 = 0.88;

/// A table to set: a header row, body rows and the style of the body.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid<'a> {
    pub(crate) header: &'a [String],
    pub(crate) rows: &'a [Vec<String>],
    pub(crate) style: Style,
    /// Stretch the columns to the full column width.
    pub(crate) fill: bool,
}

impl Grid<'_> {
    /// How many columns the widest row has.
    pub(crate) fn columns(&self) -> usize {
        self.rows
            .iter()
            .map(Vec::len)
            .chain([self.header.len()])
            .max()
            .unwrap_or(0)
    }
}

impl Sheet {
    /// The space above and below a cell's text.
    pub(crate) fn pad_y(&self) -> f32 {
        if self.tight { TIGHT_PAD_Y } else { PAD_Y }
    }

    /// Each column's natural width (its widest cell on one line; a header's longest word)
    /// and least width (its longest word).
    fn measure_columns(&self, grid: &Grid) -> (Vec<f32>, Vec<f32>) {
        let n = grid.columns();
        let head = Style {
            weight: Weight::Bold,
            ..grid.style
        };
        let mut natural = vec![0.0f32; n];
        let mut least = vec![0.0f32; n];
        let rows = std::iter::once((grid.header, head))
            .chain(grid.rows.iter().map(|r| (r.as_slice(), grid.style)));
        for (r, (row, style)) in rows.enumerate() {
            for (i, cell) in row.iter().enumerate() {
                let word = cell
                    .split_whitespace()
                    .map(|w| self.measure(w, style))
                    .fold(0.0, f32::max);
                least[i] = least[i].max(word + 2.0 * PAD_X);
                // A header is glad to wrap at its spaces; the body's width is what it needs.
                let whole = if r == 0 {
                    word
                } else {
                    self.measure(cell, style)
                };
                natural[i] = natural[i].max(whole + 2.0 * PAD_X);
            }
        }
        (natural, least)
    }

    /// The narrowest `grid` can be set without breaking a word.
    pub(crate) fn least_width(&self, grid: &Grid) -> f32 {
        self.measure_columns(grid).1.iter().sum()
    }

    /// Column widths for `grid` in `width` points.
    pub(crate) fn column_widths(&self, grid: &Grid, width: f32) -> Vec<f32> {
        let n = grid.columns();
        if n == 0 {
            return Vec::new();
        }
        let (natural, least) = self.measure_columns(grid);
        let total: f32 = natural.iter().sum();
        if total <= width {
            if !grid.fill {
                return natural;
            }
            let extra = (width - total) / n as f32;
            return natural.iter().map(|w| w + extra).collect();
        }
        let floor: f32 = least.iter().sum();
        if floor >= width {
            // Even the longest words do not fit: share the width by them, words will break.
            return least.iter().map(|w| w * width / floor).collect();
        }
        let want: f32 = natural.iter().zip(&least).map(|(n, l)| n - l).sum();
        let share = (width - floor) / want.max(f32::EPSILON);
        natural
            .iter()
            .zip(&least)
            .map(|(n, l)| l + (n - l) * share)
            .collect()
    }

    /// The height a row of `cells` takes in columns `widths`.
    pub(crate) fn row_height(&self, cells: &[String], widths: &[f32], style: Style) -> f32 {
        let lines = cells
            .iter()
            .zip(widths)
            .map(|(c, w)| self.wrap(c, w - 2.0 * PAD_X, style).len())
            .max()
            .unwrap_or(1)
            .max(1);
        lines as f32 * style.leading() + 2.0 * self.pad_y() - (style.leading() - style.size) * 0.5
    }

    /// Draws one row at the cursor from the column's left edge, shaded if `shade` is given,
    /// and moves the cursor below it. Returns its height.
    pub(crate) fn draw_row(
        &mut self,
        cells: &[String],
        widths: &[f32],
        style: Style,
        shade: Option<f32>,
    ) -> f32 {
        let h = self.row_height(cells, widths, style);
        let top = self.y;
        let mut x = self.left();
        for (i, w) in widths.iter().enumerate() {
            if let Some(g) = shade {
                self.rect(x, top, *w, h, Paint::Fill(g));
            }
            self.rect(x, top, *w, h, Paint::Stroke(0.4));
            let text = cells.get(i).map_or("", String::as_str);
            for (k, line) in self.wrap(text, w - 2.0 * PAD_X, style).iter().enumerate() {
                let baseline = top + self.pad_y() + style.size * 0.9 + k as f32 * style.leading();
                self.text_at(x + PAD_X, baseline, line, style);
            }
            x += w;
        }
        self.y += h;
        h
    }

    /// Draws the header row (bold, shaded).
    pub(crate) fn draw_header(&mut self, header: &[String], widths: &[f32], style: Style) -> f32 {
        let head = Style {
            weight: Weight::Bold,
            ..style
        };
        self.draw_row(header, widths, head, Some(HEADER_SHADE))
    }

    /// The height `grid` takes set `width` points wide.
    pub(crate) fn grid_height(&self, grid: &Grid, width: f32) -> f32 {
        self.rows_height(grid, width, grid.rows)
    }

    /// The height of `grid`'s header and first row set `width` points wide, the columns
    /// sized for the whole grid: what a heading must keep with it.
    pub(crate) fn head_height(&self, grid: &Grid, width: f32) -> f32 {
        self.rows_height(grid, width, &grid.rows[..grid.rows.len().min(1)])
    }

    /// The height of `grid`'s header and `rows` (some of its rows) set `width` points wide,
    /// the columns sized for the whole grid.
    fn rows_height(&self, grid: &Grid, width: f32, rows: &[Vec<String>]) -> f32 {
        let widths = self.column_widths(grid, width);
        std::iter::once(grid.header)
            .filter(|h| !h.is_empty())
            .chain(rows.iter().map(Vec::as_slice))
            .map(|r| self.row_height(r, &widths, grid.style))
            .sum()
    }

    /// Sets a whole table at the cursor, breaking between rows and repeating the header.
    pub(crate) fn table(&mut self, grid: &Grid) {
        let widths = self.column_widths(grid, self.frame_width());
        let head_h = self.row_height(grid.header, &widths, grid.style);
        let first = grid
            .rows
            .first()
            .map_or(0.0, |r| self.row_height(r, &widths, grid.style));
        self.ensure(head_h + first);
        if !grid.header.is_empty() {
            self.draw_header(grid.header, &widths, grid.style);
        }
        for row in grid.rows {
            let h = self.row_height(row, &widths, grid.style);
            if self.ensure(h) && !grid.header.is_empty() {
                self.draw_header(grid.header, &widths, grid.style);
            }
            self.draw_row(row, &widths, grid.style, None);
        }
    }
}
