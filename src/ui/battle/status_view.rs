//! Draws a piece's or a side's status from the rule system's [`StatusSchema`]: tracks as tick
//! boxes or numbers, ladders with the current rung highlighted, flags as chips, marks as
//! labelled chips — secret marks hidden from a viewer who may not see them, a mark that names a
//! piece by its army-file id showing the piece's name, and one whose value is its label
//! ("First player") showing the label alone. Boxes that set a track take a click, or on a
//! phone a tap on boxes a finger's size.

use iced::widget::{Row, button, container, row, text, tooltip};
use iced::{Element, Length};

use adjutant::battle::state::Roster;
use adjutant::status::{Change, Status, StatusSchema, TrackStyle};

use crate::ui::theme::{self, gap, size};

/// The most boxes a track is drawn with before it falls back to a number.
const MAX_BOXES: i32 = 12;
/// Box strings sliced for a track, so drawing one allocates nothing.
const FILLED: &str = "■■■■■■■■■■■■";
const EMPTY: &str = "□□□□□□□□□□□□";

/// Whose status is drawn: the roster and the side, to name the pieces marks name.
#[derive(Debug, Clone, Copy)]
pub struct Whose<'r> {
    pub roster: &'r Roster,
    pub side: usize,
}

/// Whether a boxed track's boxes set it, and how: a click, or a tap on a box a finger's
/// size ([`crate::ui::finger::TAP`] square).
#[derive(Clone, Copy)]
pub enum Adjust<'f, M> {
    No,
    Click(&'f dyn Fn(Change) -> M),
    Tap(&'f dyn Fn(Change) -> M),
}

/// Every item of the schema, wrapped onto as many lines as the width needs.
pub fn view<'a, M: Clone + 'a>(
    schema: &StatusSchema,
    status: &Status,
    whose: Whose<'_>,
    show_secrets: bool,
) -> Element<'a, M> {
    view_adjustable(schema, status, whose, show_secrets, Adjust::No)
}

/// [`view`], with each box of a boxed track a button that sets the track to it (a click on
/// the last filled box empties it) through `adjust`, when it says so.
pub fn view_adjustable<'a, M: Clone + 'a>(
    schema: &StatusSchema,
    status: &Status,
    whose: Whose<'_>,
    show_secrets: bool,
    adjust: Adjust<'_, M>,
) -> Element<'a, M> {
    let mut items: Vec<Element<'a, M>> = Vec::new();
    for t in &schema.tracks {
        let value = status.track(t.key);
        let span = t.max - t.min;
        if t.style == TrackStyle::Boxes && span > 0 && span <= MAX_BOXES {
            let filled = (value - t.min).clamp(0, span) as usize;
            let drawn: Element<'a, M> = match adjust {
                Adjust::Click(set) | Adjust::Tap(set) => {
                    let tap = matches!(adjust, Adjust::Tap(_));
                    let mut cells = Row::new();
                    for i in 0..span as usize {
                        let on = i < filled;
                        let to = if i + 1 == filled { i } else { i + 1 };
                        let glyph = text(if on { "■" } else { "□" }).style(if on {
                            theme::track_filled
                        } else {
                            theme::muted
                        });
                        let cell = match tap {
                            false => button(glyph.size(size::BODY)).padding([0.0, 1.0]),
                            true => button(glyph.size(size::HEADING).center())
                                .width(crate::ui::finger::TAP)
                                .height(crate::ui::finger::TAP)
                                .padding(0),
                        };
                        cells = cells.push(cell.style(button::text).on_press(set(Change::Track {
                            key: t.key.to_string(),
                            to: t.min + to as i32,
                        })));
                    }
                    match tap {
                        true => cells.wrap().into(),
                        false => cells.into(),
                    }
                }
                Adjust::No => row![
                    text(boxes(FILLED, filled))
                        .size(size::BODY)
                        .style(theme::track_filled),
                    text(boxes(EMPTY, span as usize - filled))
                        .size(size::BODY)
                        .style(theme::muted),
                ]
                .into(),
            };
            items.push(
                row![label(t.label.clone()), drawn,]
                    .spacing(gap::XS)
                    .align_y(iced::Center)
                    .wrap()
                    .into(),
            );
        } else {
            items.push(
                row![
                    text(value.to_string())
                        .size(size::BODY)
                        .font(theme::BOLD_FONT),
                    label(t.label.clone())
                ]
                .spacing(gap::XS)
                .align_y(iced::Center)
                .into(),
            );
        }
    }
    for l in &schema.ladders {
        // A ladder as a row of pips, the current rung filled and named; every rung on hover.
        let current = usize::from(status.rung(l.key)).min(l.rungs.len().saturating_sub(1));
        let pips: String = (0..l.rungs.len())
            .map(|i| if i == current { '●' } else { '○' })
            .collect();
        let name = l.rungs.get(current).cloned().unwrap_or_default();
        let shown = row![
            label(l.label.clone()),
            text(pips).size(size::CAPTION),
            container(text(name).size(size::CAPTION))
                .padding([0.0, gap::XS])
                .style(theme::rung_current),
        ]
        .spacing(gap::XS)
        .align_y(iced::Center)
        .wrap();
        let mut all = format!("{}:", l.label);
        for (i, r) in l.rungs.iter().enumerate() {
            all.push_str(if i == current { "\n▶ " } else { "\n   " });
            all.push_str(r);
        }
        items.push(
            tooltip(
                shown,
                container(text(all).size(size::CAPTION))
                    .padding(gap::S)
                    .style(theme::card),
                tooltip::Position::Bottom,
            )
            .into(),
        );
    }
    for f in schema.flags.iter().filter(|f| status.flag(f.key)) {
        items.push(chip(text(f.label.clone())));
    }
    for m in &schema.marks {
        let Some(value) = status.mark(m.key) else {
            continue;
        };
        let words = if m.secret && !show_secrets {
            format!("{}: hidden", m.label)
        } else if value == m.label {
            m.label.clone()
        } else {
            let value = whose.roster.mark_value(whose.side, value);
            format!("{}: {value}", m.label)
        };
        items.push(chip(text(words)));
    }
    Row::with_children(items)
        .spacing(gap::S)
        .align_y(iced::Center)
        .width(Length::Fill)
        .wrap()
        .vertical_spacing(gap::XS)
        .into()
}

/// The first `n` boxes of a box string (each box is one three-byte character).
fn boxes(all: &'static str, n: usize) -> &'static str {
    let end = all.char_indices().nth(n).map_or(all.len(), |(i, _)| i);
    &all[..end]
}

/// Whether the schema draws anything for this status.
pub fn is_empty(schema: &StatusSchema, status: &Status) -> bool {
    schema.tracks.is_empty()
        && schema.ladders.is_empty()
        && !schema.flags.iter().any(|f| status.flag(f.key))
        && !schema.marks.iter().any(|m| status.mark(m.key).is_some())
}

fn label<'a>(content: String) -> text::Text<'a> {
    text(content).size(size::CAPTION).style(theme::muted)
}

fn chip<'a, M: 'a>(content: text::Text<'a>) -> Element<'a, M> {
    container(content.size(size::CAPTION))
        .padding([1.0, gap::S])
        .style(theme::chip)
        .into()
}
