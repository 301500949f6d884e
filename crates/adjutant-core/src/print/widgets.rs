//! A piece's or side's status drawn from its [`StatusSchema`]: a row of tick boxes per track,
//! a ladder's rungs each with a box (the current one ticked and bold), a check box per flag
//! and a chit box per mark. Blank for a roster to write on; filled in from a [`Status`] for
//! the battle as it stands. Widgets flow left to right and wrap, each kept whole if it fits.

use crate::status::{Status, StatusSchema, TrackStyle};

use super::layout::{Paint, Sheet, Style};

/// The side of a tick box, in points.
pub(crate) const BOX: f32 = 8.0;
/// The height of one line of widgets.
pub(crate) const LINE: f32 = 13.0;
const GAP: f32 = 3.0;
const GROUP_GAP: f32 = 12.0;
/// More boxes than this and a track is drawn as a number box instead.
const MAX_BOXES: i32 = 30;
/// The widest a chit box grows for its longest choice, and the widest list of choices shown.
const MAX_CHIT: f32 = 150.0;
const MAX_HINT: f32 = 300.0;
const LABEL: Style = Style::regular(8.5);
const LABEL_BOLD: Style = Style::bold(8.5);
const HINT: Style = Style::small(7.0);

/// One drawable bit of a widget.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Bit {
    Text(String, Style),
    /// A row of tick boxes, the first `ticked` crossed.
    Boxes {
        count: usize,
        ticked: usize,
    },
    /// One check box.
    Check(bool),
    /// A box to write in, with what is written in it.
    Chit {
        width: f32,
        text: String,
    },
}

/// A widget: bits kept together on one line when they fit.
pub(crate) type Group = Vec<Bit>;

/// What to fill a schema's widgets in with: nothing (a blank roster) or a status.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Fill<'a> {
    pub(crate) status: Option<&'a Status>,
    /// Whether secret marks are printed.
    pub(crate) show_secrets: bool,
}

impl Sheet {
    fn bit_width(&self, bit: &Bit) -> f32 {
        match bit {
            Bit::Text(t, s) => self.measure(t, *s),
            Bit::Boxes { count, .. } => *count as f32 * (BOX + 1.5) - 1.5,
            Bit::Check(_) => BOX,
            Bit::Chit { width, .. } => *width,
        }
    }

    /// The widgets for `schema`, filled from `fill`.
    pub(crate) fn status_groups(&self, schema: &StatusSchema, fill: Fill) -> Vec<Group> {
        let mut groups = Vec::new();
        let status = fill.status;
        for t in &schema.tracks {
            let value = status.map(|s| s.track(t.key));
            let span = t.max - t.min;
            let mut g = vec![Bit::Text(t.label.clone(), LABEL)];
            if t.style == TrackStyle::Boxes && (1..=MAX_BOXES).contains(&span) {
                let ticked = value.map_or(0, |v| (v - t.min).clamp(0, span) as usize);
                g.push(Bit::Boxes {
                    count: span as usize,
                    ticked,
                });
                if let Some(v) = value {
                    g.push(Bit::Text(format!("{v}/{}", t.max), LABEL_BOLD));
                }
            } else {
                let text = value.map(|v| v.to_string()).unwrap_or_default();
                let width = self.measure(&t.max.to_string(), LABEL).max(18.0) + 10.0;
                g.push(Bit::Chit { width, text });
                g.push(Bit::Text(format!("({}–{})", t.min, t.max), HINT));
            }
            groups.push(g);
        }
        for l in &schema.ladders {
            let current = status.map(|s| usize::from(s.rung(l.key)));
            let mut g = vec![Bit::Text(format!("{}:", l.label), LABEL)];
            for (i, rung) in l.rungs.iter().enumerate() {
                let on = current == Some(i);
                g.push(Bit::Check(on));
                g.push(Bit::Text(rung.clone(), if on { LABEL_BOLD } else { LABEL }));
            }
            groups.push(g);
        }
        for f in &schema.flags {
            let on = status.is_some_and(|s| s.flag(f.key));
            let style = if on { LABEL_BOLD } else { LABEL };
            groups.push(vec![Bit::Check(on), Bit::Text(f.label.clone(), style)]);
        }
        for m in &schema.marks {
            let shown = !m.secret || fill.show_secrets;
            let text = status
                .and_then(|s| s.mark(m.key))
                .filter(|_| shown)
                .unwrap_or_default()
                .to_string();
            let widest = m
                .choices
                .iter()
                .map(|c| self.measure(c, LABEL_BOLD))
                .fold(30.0, f32::max)
                .min(MAX_CHIT);
            let mut g = vec![
                Bit::Text(m.label.clone(), LABEL),
                Bit::Chit {
                    width: widest + 8.0,
                    text,
                },
            ];
            let mut hint = m.choices.join(" / ");
            // Long lists (every unit of an army, say) are the player's to write, not ours.
            if self.measure(&hint, HINT) > MAX_HINT {
                hint.clear();
            }
            if m.secret {
                hint = format!("{hint} · secret")
                    .trim_start_matches(" · ")
                    .to_string();
            }
            if !hint.is_empty() {
                g.push(Bit::Text(hint, HINT));
            }
            groups.push(g);
        }
        groups
    }

    /// Where each bit goes: (line, x offset) per bit of every group, wrapping at `width`.
    fn place(&self, groups: &[Group], width: f32) -> Vec<(usize, f32)> {
        let mut spots = Vec::new();
        let (mut line, mut x) = (0usize, 0.0f32);
        for g in groups {
            let widths: Vec<f32> = g.iter().map(|b| self.bit_width(b)).collect();
            let whole = widths.iter().sum::<f32>() + GAP * (g.len().saturating_sub(1)) as f32;
            if x > 0.0 && x + whole > width {
                line += 1;
                x = 0.0;
            }
            for w in widths {
                if x > 0.0 && x + w > width {
                    line += 1;
                    x = 0.0;
                }
                spots.push((line, x));
                x += w + GAP;
            }
            x += GROUP_GAP - GAP;
        }
        spots
    }

    /// The height `groups` take when wrapped at `width`.
    pub(crate) fn flow_height(&self, groups: &[Group], width: f32) -> f32 {
        let lines = self.place(groups, width).last().map_or(0, |s| s.0 + 1);
        lines as f32 * LINE
    }

    /// Draws `groups` from `(x, top)` wrapped at `width`; returns the height used.
    pub(crate) fn draw_flow(&mut self, groups: &[Group], x: f32, top: f32, width: f32) -> f32 {
        let spots = self.place(groups, width);
        let bits = groups.iter().flatten();
        for (bit, &(line, dx)) in bits.zip(&spots) {
            let line_top = top + line as f32 * LINE;
            let box_top = line_top + (LINE - BOX) / 2.0;
            let baseline = line_top + LINE / 2.0 + 3.0;
            let left = x + dx;
            match bit {
                Bit::Text(t, s) => self.text_at(left, baseline, t, *s),
                Bit::Boxes { count, ticked } => {
                    for i in 0..*count {
                        let bx = left + i as f32 * (BOX + 1.5);
                        self.tick_box(bx, box_top, BOX, i < *ticked);
                    }
                }
                Bit::Check(on) => self.tick_box(left, box_top, BOX, *on),
                Bit::Chit { width, text } => {
                    self.rect(left, line_top + 1.0, *width, LINE - 2.0, Paint::Stroke(0.6));
                    let shown = self.fit(text, width - 5.0, LABEL_BOLD);
                    self.text_at(left + 3.0, baseline, &shown, LABEL_BOLD);
                }
            }
        }
        spots.last().map_or(0.0, |s| (s.0 + 1) as f32 * LINE)
    }
}
