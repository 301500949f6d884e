//! Our own small layout layer over printpdf, which draws but does not lay out: a [`Sheet`]
//! is a document with a cursor running down one or more columns of a portrait page, text set
//! and wrapped by measured glyph widths, boxes and lines, and page breaks (with a footer on
//! every page). Tables and the status widgets build on it in [`super::grid`] and
//! [`super::widgets`]. Positions are in points, measured from the top-left corner.

use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, PdfDocument, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, Rect, TextItem,
};

use super::fonts::{self, Faces, Weight};
use super::{Paper, PrintError};

/// How a run of text looks: its size in points, its weight and its grey (0 black, 1 white).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Style {
    pub(crate) size: f32,
    pub(crate) weight: Weight,
    pub(crate) grey: f32,
}

impl Style {
    /// Body text at `size`.
    pub(crate) const fn regular(size: f32) -> Style {
        Style {
            size,
            weight: Weight::Regular,
            grey: 0.0,
        }
    }

    /// Bold text at `size`.
    pub(crate) const fn bold(size: f32) -> Style {
        Style {
            size,
            weight: Weight::Bold,
            grey: 0.0,
        }
    }

    /// Small grey print (sources, notes, footers).
    pub(crate) const fn small(size: f32) -> Style {
        Style {
            size,
            weight: Weight::Regular,
            grey: 0.35,
        }
    }

    /// The distance from one baseline to the next.
    pub(crate) fn leading(&self) -> f32 {
        self.size * 1.25
    }
}

/// The page margin on every side, in points (12 mm).
pub(crate) const MARGIN: f32 = 34.0;
const GUTTER: f32 = 18.0;
const FOOTER: Style = Style::small(7.0);

/// A document being laid out.
pub(crate) struct Sheet {
    faces: &'static Faces,
    doc: PdfDocument,
    regular: FontId,
    bold: FontId,
    title: String,
    width: f32,
    height: f32,
    columns: usize,
    column: usize,
    /// Where the columns of the current band start, and the lowest any of them reached.
    band_top: f32,
    band_bottom: f32,
    pages: Vec<Vec<Op>>,
    ops: Vec<Op>,
    /// Where columns end in this band when balancing them; the page's foot otherwise.
    column_bottom: Option<f32>,
    /// The cursor: distance from the top of the page to the top of the next thing drawn.
    pub(crate) y: f32,
    /// Set table rows closer together.
    pub(crate) tight: bool,
}

impl Sheet {
    /// A new document of one empty page, with `columns` columns and `title` in its footer.
    pub fn new(title: &str, paper: Paper, columns: usize) -> Result<Sheet, PrintError> {
        let faces = fonts::faces()?;
        let mut doc = PdfDocument::new(title);
        let regular = doc.add_font(&faces.regular.parsed);
        let bold = doc.add_font(&faces.bold.parsed);
        let (width, height) = paper.size_pt();
        Ok(Sheet {
            faces,
            doc,
            regular,
            bold,
            title: title.to_string(),
            width,
            height,
            columns: columns.max(1),
            column: 0,
            band_top: MARGIN,
            band_bottom: MARGIN,
            pages: Vec::new(),
            ops: Vec::new(),
            column_bottom: None,
            y: MARGIN,
            tight: false,
        })
    }

    /// The left edge of the current column.
    pub(crate) fn left(&self) -> f32 {
        MARGIN + self.column as f32 * (self.frame_width() + GUTTER)
    }

    /// The width of a column.
    pub(crate) fn frame_width(&self) -> f32 {
        let all = self.width - 2.0 * MARGIN;
        (all - GUTTER * (self.columns - 1) as f32) / self.columns as f32
    }

    /// The lowest the cursor may go in this column.
    pub(crate) fn bottom(&self) -> f32 {
        let foot = self.height - MARGIN;
        match self.column_bottom {
            Some(b) if self.column + 1 < self.columns => b.min(foot),
            _ => foot,
        }
    }

    /// Ends the columns of this band at `bottom` (all but the last), to balance them.
    pub(crate) fn balance_at(&mut self, bottom: Option<f32>) {
        self.column_bottom = bottom;
    }

    /// How many pages have been started so far.
    pub(crate) fn page_count(&self) -> usize {
        self.pages.len() + 1
    }

    /// Moves the cursor down.
    pub(crate) fn space(&mut self, h: f32) {
        self.y += h;
    }

    /// Breaks to the next column or page unless `h` points still fit, and again while they do
    /// not (a column that starts low on the page may be too short too). True if it broke.
    pub(crate) fn ensure(&mut self, h: f32) -> bool {
        let mut broke = false;
        while self.y + h > self.bottom() && self.y > MARGIN + 0.5 {
            self.next_frame();
            broke = true;
        }
        broke
    }

    /// Moves to the top of the next column, or of a new page after the last column.
    pub(crate) fn next_frame(&mut self) {
        self.band_bottom = self.band_bottom.max(self.y);
        if self.column + 1 < self.columns {
            self.column += 1;
            self.y = self.band_top;
        } else {
            self.new_page();
        }
    }

    /// Starts a new page.
    pub(crate) fn new_page(&mut self) {
        self.pages.push(std::mem::take(&mut self.ops));
        self.column = 0;
        self.y = MARGIN;
        self.band_top = MARGIN;
        self.band_bottom = MARGIN;
        self.column_bottom = None;
    }

    /// Switches to `columns` columns from below everything set so far on this page.
    pub(crate) fn set_columns(&mut self, columns: usize) {
        let columns = columns.max(1);
        if columns == self.columns {
            return;
        }
        let start = self.band_bottom.max(self.y);
        self.columns = columns;
        self.column = 0;
        self.band_top = start;
        self.band_bottom = start;
        self.y = start;
    }

    /// The width of `text` in `style`, in points.
    pub(crate) fn measure(&self, text: &str, style: Style) -> f32 {
        self.faces.get(style.weight).width(text, style.size)
    }

    /// Breaks `text` into lines no wider than `width`, at spaces where it can and inside a
    /// word only when the word alone is too wide. Newlines in `text` are kept.
    pub(crate) fn wrap(&self, text: &str, width: f32, style: Style) -> Vec<String> {
        let face = self.faces.get(style.weight);
        let space = face.width(" ", style.size);
        let mut lines = Vec::new();
        for para in text.split('\n') {
            let mut line = String::new();
            let mut used = 0.0;
            for word in para.split_whitespace() {
                let w = face.width(word, style.size);
                if !line.is_empty() && used + space + w <= width {
                    line.push(' ');
                    line.push_str(word);
                    used += space + w;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                used = 0.0;
                for c in word.chars() {
                    let cw = face.advance(c) * style.size;
                    if used + cw > width && !line.is_empty() {
                        lines.push(std::mem::take(&mut line));
                        used = 0.0;
                    }
                    line.push(c);
                    used += cw;
                }
            }
            lines.push(line);
        }
        lines
    }

    /// `text` cut to `width` points, ending in "…" when cut.
    pub(crate) fn fit(&self, text: &str, width: f32, style: Style) -> String {
        if self.measure(text, style) <= width {
            return text.to_string();
        }
        let face = self.faces.get(style.weight);
        let mut used = face.advance('…') * style.size;
        let mut out = String::new();
        for c in text.chars() {
            used += face.advance(c) * style.size;
            if used > width {
                break;
            }
            out.push(c);
        }
        out.push('…');
        out
    }

    /// Sets one line of text with its baseline `baseline` points from the top of the page.
    pub(crate) fn text_at(&mut self, x: f32, baseline: f32, text: &str, style: Style) {
        if text.is_empty() {
            return;
        }
        #[cfg(test)]
        work::count(text.len());
        let font = match style.weight {
            Weight::Regular => self.regular.clone(),
            Weight::Bold => self.bold.clone(),
        };
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFillColor {
                col: grey(style.grey),
            },
            Op::SetFont {
                font: PdfFontHandle::External(font),
                size: Pt(style.size),
            },
            Op::SetTextCursor {
                pos: Point {
                    x: Pt(x),
                    y: Pt(self.height - baseline),
                },
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_string())],
            },
            Op::EndTextSection,
        ]);
    }

    /// Sets `text` wrapped to the column (less `indent`), breaking pages between lines.
    pub(crate) fn paragraph(&mut self, text: &str, style: Style, indent: f32) {
        let width = self.frame_width() - indent;
        for line in self.wrap(text, width, style) {
            self.ensure(style.leading());
            let baseline = self.y + style.size;
            let x = self.left() + indent;
            self.text_at(x, baseline, &line, style);
            self.y += style.leading();
        }
    }

    /// A heading: a little space above, the text, and the space a heading keeps with what
    /// follows (`keep` points) so it is never stranded at the foot of a column.
    pub(crate) fn heading(&mut self, text: &str, style: Style, keep: f32) {
        if self.y > MARGIN + 0.5 {
            self.space(style.size * 0.5);
        }
        self.ensure(style.leading() + keep);
        self.paragraph(text, style, 0.0);
        self.space(style.size * 0.2);
    }

    /// A rectangle `(x, top, w, h)`, stroked with a line `stroke` points wide or filled grey.
    pub(crate) fn rect(&mut self, x: f32, top: f32, w: f32, h: f32, paint: Paint) {
        let (mode, op) = match paint {
            Paint::Stroke(width) => (PaintMode::Stroke, Op::SetOutlineThickness { pt: Pt(width) }),
            Paint::Fill(g) => (PaintMode::Fill, Op::SetFillColor { col: grey(g) }),
        };
        self.ops.extend([
            Op::SetOutlineColor { col: grey(0.0) },
            op,
            Op::DrawRectangle {
                rectangle: Rect {
                    mode: Some(mode),
                    ..Rect::from_xywh(Pt(x), Pt(self.height - top - h), Pt(w), Pt(h))
                },
            },
        ]);
    }

    /// A straight line from `(x1, y1)` to `(x2, y2)`, `width` points wide.
    pub(crate) fn line(&mut self, (x1, y1): (f32, f32), (x2, y2): (f32, f32), width: f32) {
        let point = |x: f32, y: f32| LinePoint {
            p: Point {
                x: Pt(x),
                y: Pt(self.height - y),
            },
            bezier: false,
        };
        let line = Line {
            points: vec![point(x1, y1), point(x2, y2)],
            is_closed: false,
        };
        self.ops.extend([
            Op::SetOutlineColor { col: grey(0.0) },
            Op::SetOutlineThickness { pt: Pt(width) },
            Op::DrawLine { line },
        ]);
    }

    /// A square box `size` points wide at `(x, top)`, crossed through when `ticked`.
    pub(crate) fn tick_box(&mut self, x: f32, top: f32, size: f32, ticked: bool) {
        self.rect(x, top, size, size, Paint::Stroke(0.6));
        if ticked {
            let (a, b) = (1.5, size - 1.5);
            self.line((x + a, top + a), (x + b, top + b), 1.1);
            self.line((x + b, top + a), (x + a, top + b), 1.1);
        }
    }

    /// Writes every page's footer ("title · page i of n", the title cut to the line once, so
    /// a long title costs no more than one line a page) and returns the PDF bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.pages.push(std::mem::take(&mut self.ops));
        let n = self.pages.len();
        let numbers = format!(" · page {n} of {n}");
        let room = self.width - 2.0 * MARGIN - self.measure(&numbers, FOOTER);
        let title = self.fit(&self.title, room, FOOTER);
        let mut pages = Vec::with_capacity(n);
        for (i, ops) in std::mem::take(&mut self.pages).into_iter().enumerate() {
            self.ops = ops;
            let footer = format!("{title} · page {} of {}", i + 1, n);
            let baseline = self.height - MARGIN / 2.0;
            self.text_at(MARGIN, baseline, &footer, FOOTER);
            let mm = |pt: f32| Mm::from(Pt(pt));
            pages.push(PdfPage::new(
                mm(self.width),
                mm(self.height),
                std::mem::take(&mut self.ops),
            ));
        }
        self.doc.with_pages(pages);
        self.doc.save(&PdfSaveOptions::default(), &mut Vec::new())
    }
}

/// How a rectangle is painted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Paint {
    /// Outlined with a line this many points wide.
    Stroke(f32),
    /// Filled with this grey (0 black, 1 white).
    Fill(f32),
}

fn grey(g: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent: g,
        icc_profile: None,
    })
}

/// How much text the sheets of this thread have set so far, in bytes: what saving a PDF
/// costs grows with it (each character is encoded, its glyph looked up and subset), so tests
/// compare it across inputs of different sizes instead of timing them.
#[cfg(test)]
pub(crate) mod work {
    use std::cell::Cell;

    thread_local! {
        static SET: Cell<usize> = const { Cell::new(0) };
    }

    pub(crate) fn count(bytes: usize) {
        SET.with(|set| set.set(set.get() + bytes));
    }

    /// The bytes of text set by `f`.
    pub(crate) fn of(f: impl FnOnce()) -> usize {
        let before = SET.with(Cell::get);
        f();
        SET.with(Cell::get) - before
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::{Army, load_army_str, shipped};
    use crate::battle::Battle;

    fn army(path: &str) -> Army {
        let file = shipped::ARMIES.iter().find(|a| a.path == path).unwrap();
        load_army_str(file.path, file.text).unwrap()
    }

    /// The text every sheet of an army and a battle sets, with the first army's name `name`.
    fn text_set(name: &str) -> usize {
        let mut reds = army("rcw/tsaritsyn_reds.ron");
        reds.name = name.to_string();
        let whites = army("rcw/tsaritsyn_whites.ron");
        let system = crate::rules::by_id("rcw").unwrap();
        let battle = Battle::new("rcw", vec![reds.clone(), whites], 3).unwrap();
        work::of(|| {
            super::super::roster_pdf(&reds, &*system, Paper::A4).unwrap();
            super::super::report_pdf(&battle, Paper::A4).unwrap();
            super::super::battle_pdf(&battle, Paper::A4).unwrap();
        })
    }

    /// A name twice as long costs at most about twice as much to print. Before, the whole
    /// title went into the footer of every page, and a long name makes many pages: a
    /// 300 000-character name took 10 s and 600 MB to print, 1 000 000 over 150 s and 7 GB.
    /// (Loading refuses such a name; a sheet must still cost no more than its text.)
    #[test]
    fn printing_costs_in_proportion_to_a_names_length() {
        for unit in ["word ", "W"] {
            let name = |n: usize| unit.repeat(n / unit.len());
            let (short, long) = (text_set(&name(20_000)), text_set(&name(40_000)));
            assert!(
                long * 10 <= short * 22,
                "{unit:?}: {short} bytes set for 20 000 characters, {long} for 40 000"
            );
        }
    }

    /// A block too tall for what is left of a two-column band low on the page goes to the
    /// next page, not to the top of the band's second column, which is just as short.
    #[test]
    fn a_break_moves_on_until_the_block_fits() {
        let mut sheet = Sheet::new("t", Paper::A4, 1).unwrap();
        let low = sheet.bottom() - 60.0;
        sheet.space(low - MARGIN);
        sheet.set_columns(2);
        assert_eq!(sheet.page_count(), 1);
        assert!(sheet.ensure(100.0), "it broke");
        assert_eq!(sheet.page_count(), 2, "on to a new page");
        assert!((sheet.y - MARGIN).abs() < 0.01, "at the top of it");
        // A block that fits breaks nothing.
        assert!(!sheet.ensure(100.0));
        assert_eq!(sheet.page_count(), 2);
    }
}
