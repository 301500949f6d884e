//! The turn banner over the centre of the battle: turn, phase and side to play with the phase's
//! summary, what is due now, each side's key figures and side status, and the result once the
//! battle is over.

use iced::widget::{Column, Row, column, container, row, scrollable, table, text};
use iced::{Element, Fill, Length};

use adjutant::battle::Battle;
use adjutant::status::Viewer;

use super::status_view;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// Values up to this many characters are drawn large; longer ones are words, drawn as text.
const SHORT: usize = 4;

/// How much of the banner shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The clock, the phase's summary and reminders, the figures and each side's status.
    Full,
    /// The clock, the figures and each side's status (while pieces are picked).
    Figures,
    /// The clock alone (while a procedure is under way, so an action reads without
    /// scrolling; the figures show over the narrow layout's log).
    Clock,
    /// The clock and each side's figures in a line or two of small text (over the narrow
    /// layout's procedures while none is under way: at 150 % the loss points and what wins
    /// stay in view).
    Compact,
    /// The clock on one line at body size, cut at the edge (over a phone's procedures, so
    /// the column under it keeps its place whatever the phase is called).
    Line,
}

/// The banner, as much of it as `shown` says.
pub fn view<'a, M: Clone + 'a>(game: &'a Battle, viewer: Viewer, shown: Shown) -> Element<'a, M> {
    let rules = game.rules();
    let ctx = game.context();
    let state = game.state();
    let phases = rules.phases();
    let phase = phases.get(state.phase);
    let clock = game.clock_line();
    let mut notes = Column::new().spacing(gap::XS);
    if let Some(p) = phase.filter(|p| !p.summary.is_empty()) {
        notes = notes.push(parts::body(p.summary.clone()));
    }
    for reminder in rules.reminders(&ctx) {
        notes = notes.push(parts::body(format!("• {reminder}")));
    }
    let clock = match shown {
        Shown::Line => container(
            text(clock)
                .size(size::BODY)
                .font(theme::BOLD_FONT)
                .wrapping(text::Wrapping::None),
        )
        .width(Fill)
        .clip(true)
        .into(),
        _ => parts::heading(clock),
    };
    let mut col = column![clock].spacing(gap::XS);
    if shown == Shown::Full {
        col = col.push(
            container(
                scrollable(notes.padding(iced::padding::right(gap::M))).height(Length::Shrink),
            )
            .max_height(110),
        );
    }
    if let Some(result) = &state.result {
        col = col.push(
            container(parts::strong(format!("Battle over: {result}")))
                .padding(gap::XS)
                .width(Fill)
                .style(theme::info_banner),
        );
    }

    let figures = matches!(shown, Shown::Full | Shown::Figures);
    if figures {
        col = col.push(figures_table(game));
    }
    if shown == Shown::Compact {
        col = col.push(figures_lines(game));
    }
    let side_schema = game.side_schema();
    let mut sides = Row::new().spacing(gap::S);
    let mut any = false;
    for (i, army) in game.armies().iter().enumerate() {
        let Some(status) = state.sides.get(i) else {
            continue;
        };
        if status_view::is_empty(side_schema, status) {
            continue;
        }
        any = true;
        sides = sides.push(
            column![
                parts::caption(army.side.clone()),
                status_view::view(
                    side_schema,
                    status,
                    status_view::Whose {
                        roster: &game.roster,
                        side: i,
                    },
                    viewer.sees_secrets_of(i)
                ),
            ]
            .width(Fill),
        );
    }
    if any && figures {
        col = col.push(sides);
    }

    container(col)
        .padding(if shown == Shown::Line { gap::S } else { gap::M })
        .width(Fill)
        .style(theme::panel)
        .into()
}

/// Each side's key figures in small text, a line (or two) per side: "Royalist: Loss points 0 ·
/// Enemy victory check: the enemy may roll to win at 10 loss points".
fn figures_lines<'a, M: 'a>(game: &'a Battle) -> Element<'a, M> {
    let lines = compact_figures(game);
    let mut col = Column::new().spacing(2);
    for (side, figures) in lines {
        col = col.push(
            row![
                text(format!("{side}:"))
                    .size(size::CAPTION)
                    .font(theme::BOLD_FONT),
                text(figures).size(size::CAPTION).width(Fill),
            ]
            .spacing(gap::XS),
        );
    }
    col.into()
}

/// Each side's name and its figures in one line of words, in the order the rules give them
/// (sides with no figure left out).
fn compact_figures(game: &Battle) -> Vec<(String, String)> {
    let figures = game.rules().figures(&game.context());
    game.armies()
        .iter()
        .enumerate()
        .filter_map(|(i, army)| {
            let words: Vec<String> = figures
                .iter()
                .filter(|f| f.side == i && !f.value.is_empty())
                .map(|f| match f.value.chars().count() <= SHORT {
                    true => format!("{} {}", f.label, f.value),
                    false => format!("{}: {}", f.label, f.value),
                })
                .collect();
            (!words.is_empty()).then(|| (army.side.clone(), words.join(" · ")))
        })
        .collect()
}

/// Each side's key figures as a table: one row per figure, one column per side.
fn figures_table<'a, M: 'a>(game: &'a Battle) -> Element<'a, M> {
    let figures = game.rules().figures(&game.context());
    let sides = game.armies().len();
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for f in figures {
        let at = match rows.iter().position(|(label, _)| *label == f.label) {
            Some(at) => at,
            None => {
                rows.push((f.label.clone(), vec![String::new(); sides]));
                rows.len() - 1
            }
        };
        if let Some(cell) = rows[at].1.get_mut(f.side) {
            *cell = f.value;
        }
    }
    if rows.is_empty() {
        return column![].into();
    }
    let mut columns = vec![
        table::column(text(""), |(label, _): (String, Vec<String>)| {
            parts::caption::<M>(label)
        })
        .width(Length::FillPortion(1)),
    ];
    for (i, army) in game.armies().iter().enumerate() {
        columns.push(
            table::column(
                parts::strong(army.side.clone()),
                move |(_, values): (String, Vec<String>)| {
                    let value = values.get(i).cloned().unwrap_or_default();
                    let text_size = if value.chars().count() <= SHORT {
                        size::HEADING
                    } else {
                        size::BODY
                    };
                    text(value).size(text_size).font(theme::BOLD_FONT)
                },
            )
            .width(Length::FillPortion(1))
            .align_x(iced::Center)
            .align_y(iced::Center),
        );
    }
    table::table(columns, rows)
        .padding_x(gap::S)
        .padding_y(1)
        .width(Fill)
        .into()
}
