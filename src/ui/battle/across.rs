//! The across-the-table view: turn, phase and side to play, the last result and each side's key
//! figures in type large enough to read from the other side of the table (F9 toggles it). It
//! shows only what both players may see, in the core's vocabulary: the log's newest entry and
//! the rule system's figures. A phone ([`super::touch`]) has the same view at a smaller scale
//! ([`Scale`]), the sides' boxes one under the other when it is held upright.

use iced::widget::{
    Column, Row, button, column, container, responsive, row, scrollable, space, text,
};
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

/// The across-the-table sizes ([`far`]) at a scale: the desk's, or a phone's.
#[derive(Debug, Clone, Copy)]
struct Scale {
    of: f32,
    /// The sides' boxes one under the other (a phone held upright), not side by side.
    stacked: bool,
}

impl Scale {
    /// A phone's share of the desk's sizes: large for its screen, read at arm's length.
    const PHONE: f32 = 0.6;

    fn of(size: f32, by: Scale) -> f32 {
        (size * by.of).round()
    }
}

/// The view; `leave` is the message of its button back to the ordinary battle screen.
pub fn view<'a, M: Clone + 'a>(game: &'a Battle, leave: M) -> Element<'a, M> {
    responsive(move |whole| {
        let touch = super::touch(whole);
        let scale = Scale {
            of: if touch { Scale::PHONE } else { 1.0 },
            stacked: whole.width < super::PHONE,
        };
        let pad = if touch { gap::M } else { PAD };
        let room = Size::new(
            (whole.width - 2.0 * pad).max(0.0),
            (whole.height - 2.0 * pad).max(0.0),
        );
        container(page(game, leave.clone(), room, scale, touch))
            .padding(pad)
            .width(Fill)
            .height(Fill)
            .style(far::page)
            .into()
    })
    .into()
}

/// The page laid out for the room it has: the sides' figures take the height they need, the
/// result at most [`RESULT_SHARE`] of the height and no more than what is left, stepping down
/// in size to fit, so the figures below show whole without scrolling.
fn page<'a, M: Clone + 'a>(
    game: &'a Battle,
    leave: M,
    room: Size,
    scale: Scale,
    touch: bool,
) -> Element<'a, M> {
    let size = |s: f32| Scale::of(s, scale);
    let back = parts::tap(
        button(
            text(if touch {
                "Back"
            } else {
                "Back to the table (F9)"
            })
            .size(theme::size::BODY)
            .align_x(iced::Center)
            .align_y(iced::Center),
        )
        .padding([gap::S, gap::M])
        .style(theme::quiet)
        .on_press(leave),
        touch,
    );
    let header = row![
        text(game.clock_line())
            .size(size(far::CLOCK))
            .font(theme::BOLD_FONT)
            .width(Fill),
        back,
    ]
    .spacing(gap::L)
    .align_y(iced::Center);
    let mut page = column![header].spacing(gap::L);
    let figures = game.rules().figures(&game.context());
    // What the header, the gaps and the sides take; the result has the rest.
    // On a phone the clock may take more than a line (the desk's room takes it as one).
    let clock_lines = match touch {
        true => lines(&game.clock_line(), size(far::CLOCK), room.width - 100.0),
        false => 1.0,
    };
    let mut taken = clock_lines * size(far::CLOCK) * far::LINE_HEIGHT
        + 2.0 * gap::L
        + sides_height(game, &figures, room.width, scale);
    if let Some(pending) = game.pending() {
        let title = format!("Under way: {}", pending.title);
        let title_lines = match touch {
            true => lines(&title, size(far::LINE), room.width),
            false => 1.0,
        };
        taken += title_lines * size(far::LINE) * far::LINE_HEIGHT + gap::L;
        page = page.push(text(title).size(size(far::LINE)).font(theme::BOLD_FONT));
    }
    let result_room = (room.height - taken).min(room.height * RESULT_SHARE);
    let text_room = Size::new(
        room.width - 2.0 * gap::L,
        result_room - size(far::LABEL) * far::LINE_HEIGHT - gap::XS - 2.0 * gap::M,
    );
    page.push(result(game, text_room, scale))
        .push(scrollable(sides(game, figures, scale)).height(Fill))
        .into()
}

/// How many lines `words` take at `size` in `width`, judged by the average width of a bold
/// character.
fn lines(words: &str, size: f32, width: f32) -> f32 {
    let per_row = (width / (size * far::BOLD_CHAR_WIDTH)).floor().max(1.0);
    (words.chars().count() as f32 / per_row).ceil().max(1.0)
}

/// The height the sides' boxes need on a page `width` wide: the tallest box (or, stacked, all
/// of them), its figures each a large number beside its label or its words wrapped under it.
fn sides_height(game: &Battle, figures: &[Figure], width: f32, scale: Scale) -> f32 {
    if figures.is_empty() {
        return size::CAPTION * far::LINE_HEIGHT;
    }
    let size = |s: f32| Scale::of(s, scale);
    let count = game.armies().len().max(1) as f32;
    let across = if scale.stacked { 1.0 } else { count };
    let inner = (width - gap::L * (across - 1.0)) / across - 2.0 * gap::L;
    let heights = (0..game.armies().len()).map(|side| {
        let boxed: f32 = figures
            .iter()
            .filter(|f| f.side == side)
            .map(|f| {
                gap::S
                    + if f.value.chars().count() <= SHORT {
                        size(far::FIGURE) * far::LINE_HEIGHT
                    } else {
                        lines(&f.label, size(far::LABEL), inner)
                            * size(far::LABEL)
                            * far::LINE_HEIGHT
                            + lines(&f.value, size(far::LINE), inner)
                                * size(far::LINE)
                                * far::LINE_HEIGHT
                    }
            })
            .sum();
        size(far::SIDE) * far::LINE_HEIGHT + boxed + 2.0 * gap::M
    });
    if scale.stacked {
        heights.sum::<f32>() + gap::L * (count - 1.0)
    } else {
        heights.fold(0.0, f32::max)
    }
}

/// The battle's result once it is over, otherwise the newest log entry's outcome, sized to
/// fit `room`.
fn result<'a, M: 'a>(game: &'a Battle, room: Size, scale: Scale) -> Element<'a, M> {
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
    let size = fit(&shown, room, scale);
    let mut body = column![
        text(title)
            .size(Scale::of(far::LABEL, scale))
            .font(theme::BOLD_FONT)
    ]
    .spacing(gap::XS);
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
fn fit(shown: &[String], room: Size, scale: Scale) -> f32 {
    let fits = |size: f32| {
        let rows: f32 = shown.iter().map(|l| lines(l, size, room.width)).sum();
        rows * size * far::LINE_HEIGHT <= room.height
    };
    far::RESULT_STEPS
        .into_iter()
        .map(|size| Scale::of(size, scale))
        .find(|size| fits(*size))
        .unwrap_or(Scale::of(far::LABEL, scale))
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

/// One box per side with its key figures, side by side (or, stacked, one under the other).
fn sides<'a, M: 'a>(game: &'a Battle, figures: Vec<Figure>, scale: Scale) -> Element<'a, M> {
    if figures.is_empty() {
        return parts::caption("This rule system keeps no key figures for the sides.");
    }
    let mut boxes: Vec<Element<'a, M>> = Vec::new();
    for (i, army) in game.armies().iter().enumerate() {
        let mut list = column![
            text(army.side.clone())
                .size(Scale::of(far::SIDE, scale))
                .font(theme::BOLD_FONT)
        ]
        .spacing(gap::S);
        for f in figures.iter().filter(|f| f.side == i) {
            list = list.push(figure(f.label.clone(), f.value.clone(), scale));
        }
        boxes.push(
            container(list)
                .padding([gap::M, gap::L])
                .width(Length::FillPortion(1))
                .style(far::side)
                .into(),
        );
    }
    if scale.stacked {
        Column::with_children(boxes).spacing(gap::L).into()
    } else {
        Row::with_children(boxes).spacing(gap::L).into()
    }
}

/// A figure: a short value large beside its label, a long one (words) under it.
fn figure<'a, M: 'a>(label: String, value: String, scale: Scale) -> Element<'a, M> {
    let label = text(label).size(Scale::of(far::LABEL, scale));
    if value.chars().count() <= SHORT {
        row![
            label.width(Fill),
            space().width(gap::M),
            text(value)
                .size(Scale::of(far::FIGURE, scale))
                .font(theme::BOLD_FONT),
        ]
        .align_y(iced::Center)
        .into()
    } else {
        column![
            label,
            text(value)
                .size(Scale::of(far::LINE, scale))
                .font(theme::BOLD_FONT)
        ]
        .into()
    }
}
