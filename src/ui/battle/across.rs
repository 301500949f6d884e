//! The across-the-table view: turn, phase and side to play, the last result and each side's key
//! figures in type large enough to read from the other side of the table (F9 toggles it). It
//! shows only what both players may see, in the core's vocabulary: the log's newest entry and
//! the rule system's figures.

use iced::widget::{Row, button, column, container, responsive, row, scrollable, space, text};
use iced::{Element, Fill, Length, Size};

use adjutant::battle::{Battle, Entry};
use adjutant::event::Event;
use adjutant::rules::Figure;
use adjutant::status::Viewer;

use super::describe;
use crate::ui::parts;
use crate::ui::theme::{self, far, gap, size};

/// Nobody's side: both players read this view, so every secret mark stays hidden.
const TABLE: Viewer = Viewer::Side(usize::MAX);

/// Values up to this many characters are drawn as a large figure beside their label.
const SHORT: usize = 5;

/// At most this many outcome lines are drawn; the rest are counted.
const MOST: usize = 5;

/// The page's margin.
const PAD: f32 = 24.0;

/// The share of the page's height the last result may take at most; it takes less when the
/// sides' figures need the room.
const RESULT_SHARE: f32 = 0.4;

/// The view; `leave` is the message of its button back to the ordinary battle screen.
pub fn view<'a, M: Clone + 'a>(game: &'a Battle, leave: M) -> Element<'a, M> {
    container(responsive(move |room| page(game, leave.clone(), room)))
        .padding(PAD)
        .width(Fill)
        .height(Fill)
        .style(far::page)
        .into()
}

/// The page laid out for the room it has: the sides' figures take the height they need, the
/// result at most [`RESULT_SHARE`] of the height and no more than what is left, stepping down
/// in size to fit, so the figures below show whole without scrolling.
fn page<'a, M: Clone + 'a>(game: &'a Battle, leave: M, room: Size) -> Element<'a, M> {
    let header = row![
        text(adjutant::rules::clock_line(game))
            .size(far::CLOCK)
            .font(theme::BOLD_FONT)
            .width(Fill),
        button(text("Back to the table (F9)").size(theme::size::BODY))
            .padding([gap::S, gap::M])
            .style(theme::quiet)
            .on_press(leave),
    ]
    .spacing(gap::L)
    .align_y(iced::Center);
    let mut page = column![header].spacing(gap::L);
    let figures = game.rules().figures(&game.context());
    // What the header, the gaps and the sides take; the result has the rest.
    let mut taken =
        far::CLOCK * far::LINE_HEIGHT + 2.0 * gap::L + sides_height(game, &figures, room.width);
    if let Some(pending) = game.pending() {
        taken += far::LINE * far::LINE_HEIGHT + gap::L;
        page = page.push(
            text(format!("Under way: {}", pending.title))
                .size(far::LINE)
                .font(theme::BOLD_FONT),
        );
    }
    let result_room = (room.height - taken).min(room.height * RESULT_SHARE);
    let text_room = Size::new(
        room.width - 2.0 * gap::L,
        result_room - far::LABEL * far::LINE_HEIGHT - gap::XS - 2.0 * gap::M,
    );
    page.push(result(game, text_room))
        .push(scrollable(sides(game, figures)).height(Fill))
        .into()
}

/// The height the sides' boxes need on a page `width` wide: the tallest box, its figures each
/// a large number beside its label or its words wrapped under it.
fn sides_height(game: &Battle, figures: &[Figure], width: f32) -> f32 {
    if figures.is_empty() {
        return size::CAPTION * far::LINE_HEIGHT;
    }
    let count = game.armies().len().max(1) as f32;
    let inner = (width - gap::L * (count - 1.0)) / count - 2.0 * gap::L;
    let rows = |words: &str, size: f32| {
        let per_row = (inner / (size * far::BOLD_CHAR_WIDTH)).floor().max(1.0);
        (words.chars().count() as f32 / per_row).ceil().max(1.0)
    };
    (0..game.armies().len())
        .map(|side| {
            let boxed: f32 = figures
                .iter()
                .filter(|f| f.side == side)
                .map(|f| {
                    gap::S
                        + if f.value.chars().count() <= SHORT {
                            far::FIGURE * far::LINE_HEIGHT
                        } else {
                            rows(&f.label, far::LABEL) * far::LABEL * far::LINE_HEIGHT
                                + rows(&f.value, far::LINE) * far::LINE * far::LINE_HEIGHT
                        }
                })
                .sum();
            far::SIDE * far::LINE_HEIGHT + boxed + 2.0 * gap::M
        })
        .fold(0.0, f32::max)
}

/// The battle's result once it is over, otherwise the newest log entry's outcome, sized to
/// fit `room`.
fn result<'a, M: 'a>(game: &'a Battle, room: Size) -> Element<'a, M> {
    let (title, lines) = if let Some(over) = &game.state().result {
        ("Battle over".to_string(), vec![over.to_string()])
    } else if let Some(entry) = game.log().last() {
        (format!("Last: {}", entry.title), outcome(game, entry))
    } else {
        ("Nothing has happened yet".to_string(), Vec::new())
    };
    let mut shown: Vec<String> = lines.iter().take(MOST).cloned().collect();
    if lines.len() > MOST {
        shown.push(format!("… and {} more in the log", lines.len() - MOST));
    }
    let size = fit(&shown, room);
    let mut body = column![text(title).size(far::LABEL).font(theme::BOLD_FONT)].spacing(gap::XS);
    for line in shown {
        body = body.push(text(line).size(size).font(theme::BOLD_FONT));
    }
    container(body)
        .padding([gap::M, gap::L])
        .width(Fill)
        .style(far::result)
        .into()
}

/// The largest of the result sizes at which `lines` fit in `room`, judged by the average
/// width of a bold character.
fn fit(lines: &[String], room: Size) -> f32 {
    let fits = |size: f32| {
        let per_row = (room.width / (size * far::BOLD_CHAR_WIDTH))
            .floor()
            .max(1.0);
        let rows: f32 = lines
            .iter()
            .map(|l| (l.chars().count() as f32 / per_row).ceil().max(1.0))
            .sum();
        rows * size * far::LINE_HEIGHT <= room.height
    };
    far::RESULT_STEPS
        .into_iter()
        .find(|size| fits(*size))
        .unwrap_or(far::LABEL)
}

/// The lines that say what an entry came to: its facts ("fires at …: no effect"), or when it
/// states none, its status changes, or when it was only dice or cards (a roll from the tray),
/// the dice and cards themselves.
fn outcome(game: &Battle, entry: &Entry) -> Vec<String> {
    let of = |keep: fn(&Event) -> bool| -> Vec<&Event> {
        describe::shown(game, &entry.events)
            .filter(|e| keep(e))
            .collect()
    };
    let facts = of(|e| matches!(e, Event::Fact { .. } | Event::Ended { .. }));
    let changes = of(|e| {
        matches!(
            e,
            Event::Piece { .. } | Event::Side { .. } | Event::Clock { .. }
        )
    });
    let shown = [facts, changes]
        .into_iter()
        .find(|lines| !lines.is_empty())
        .unwrap_or_else(|| describe::shown(game, &entry.events).collect());
    // "Roll 2D6: 2D6 [2 5] = 7" under the title "Roll 2D6" need not say "Roll 2D6" twice.
    let repeated = format!("{}: ", entry.title);
    shown
        .into_iter()
        .map(|e| {
            let line = describe::event(game, e, TABLE);
            match line.strip_prefix(&repeated) {
                Some(rest) => rest.to_string(),
                None => line,
            }
        })
        .collect()
}

/// One box per side with its key figures, side by side.
fn sides<'a, M: 'a>(game: &'a Battle, figures: Vec<Figure>) -> Element<'a, M> {
    if figures.is_empty() {
        return parts::caption("This rule system keeps no key figures for the sides.");
    }
    let mut boxes = Row::new().spacing(gap::L);
    for (i, army) in game.armies().iter().enumerate() {
        let mut list = column![
            text(army.side.clone())
                .size(far::SIDE)
                .font(theme::BOLD_FONT)
        ]
        .spacing(gap::S);
        for f in figures.iter().filter(|f| f.side == i) {
            list = list.push(figure(f.label.clone(), f.value.clone()));
        }
        boxes = boxes.push(
            container(list)
                .padding([gap::M, gap::L])
                .width(Length::FillPortion(1))
                .style(far::side),
        );
    }
    boxes.into()
}

/// A figure: a short value large beside its label, a long one (words) under it.
fn figure<'a, M: 'a>(label: String, value: String) -> Element<'a, M> {
    let label = text(label).size(far::LABEL);
    if value.chars().count() <= SHORT {
        row![
            label.width(Fill),
            space().width(gap::M),
            text(value).size(far::FIGURE).font(theme::BOLD_FONT),
        ]
        .align_y(iced::Center)
        .into()
    } else {
        column![label, text(value).size(far::LINE).font(theme::BOLD_FONT)].into()
    }
}
