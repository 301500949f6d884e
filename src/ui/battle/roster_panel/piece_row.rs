//! One row of the pieces list: a piece's name and kind over its status, the button that picks
//! it, its step boxes as the screen takes them (a mouse's, a finger's or drawn only), its
//! Target button, a leader's fold, and under a leader the "with …" choice of the unit he is
//! with (a unit's row says which leaders are with it).

use iced::widget::{button, column, container, pick_list, row, space};
use iced::{Element, Fill};

use adjutant::battle::Battle;
use adjutant::battle::state::Role;
use adjutant::event::PieceId;
use adjutant::rules::kit::with;
use adjutant::status::{Change, StatusSchema, WITH};

use super::super::{adjust_panel, status_view};
use super::Message;
use crate::ui::parts;
use crate::ui::theme::{self, Pick, gap, size};

/// How one row is drawn.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub pick: Pick,
    pub show_secrets: bool,
    /// A leader with a command: whether it is folded away.
    pub fold: Option<bool>,
    /// Whether the row offers its one-click Target button.
    pub aim: bool,
    /// How its step boxes take a click or a tap, and whether it is laid out for a finger.
    pub boxes: Boxes,
}

/// A row's step boxes: buttons for a mouse (the desktop), drawn only (a phone's rows but
/// the one piece picked), or buttons a finger's size (that piece's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Boxes {
    Click,
    Shown,
    Tap,
}

impl Boxes {
    /// Whether the row is laid out for a finger.
    fn touch(self) -> bool {
        self != Boxes::Click
    }
}

impl Row {
    /// A piece's row: its name and kind over its status, a button that picks it.
    pub fn view(self, game: &Battle, id: PieceId) -> Element<'static, Message> {
        let roster = &game.roster;
        let status = game.state().piece(id);
        let schema = game.piece_schema(id);
        // A leader's record of the unit he is with shows as its own choice under the row,
        // not as a chip too; on a phone, only under the one piece picked (the others' show
        // as a chip when it is set).
        let with = schema
            .marks
            .iter()
            .find(|m| m.key == WITH && !m.choices.is_empty() && roster.leader(id).is_some())
            .filter(|_| self.boxes != Boxes::Shown);
        let trimmed;
        let schema = match with {
            Some(_) => {
                trimmed = StatusSchema {
                    marks: schema
                        .marks
                        .iter()
                        .filter(|m| m.key != WITH)
                        .cloned()
                        .collect(),
                    ..schema.clone()
                };
                &trimmed
            }
            None => schema,
        };
        let (name, detail, indent) = match (roster.unit(id), roster.leader(id)) {
            (Some(u), _) => (roster.name(id).into_owned(), u.kind.clone(), gap::L),
            (_, Some(_)) => (roster.name(id).into_owned(), "Leader".to_string(), 0.0),
            _ => (roster.name(id).to_string(), String::new(), 0.0),
        };
        let mut content = column![
            row![
                container(parts::strong(name)).width(Fill),
                parts::caption(detail)
            ]
            .spacing(gap::XS)
            .align_y(iced::Center)
        ]
        .spacing(gap::XS);
        let led = leaders_with(game, id);
        if !led.is_empty() {
            let names: Vec<_> = led.iter().map(|&l| roster.name(l)).collect();
            content = content.push(parts::caption(format!("{} with it", names.join(", "))));
        }
        let one_line = led.is_empty() && status_view::is_empty(schema, status);
        if !status_view::is_empty(schema, status) {
            let adjust = move |change| Message::Adjust(id, change);
            content = content.push(status_view::view_adjustable(
                schema,
                status,
                status_view::Whose {
                    roster,
                    side: roster.side_of(id),
                },
                self.show_secrets,
                match self.boxes {
                    Boxes::Click => status_view::Adjust::Click(&adjust),
                    Boxes::Tap => status_view::Adjust::Tap(&adjust),
                    Boxes::Shown => status_view::Adjust::No,
                },
            ));
        }
        let touch = self.boxes.touch();
        let fold = self.fold.map(|folded| {
            parts::tap(
                button(
                    iced::widget::text(if folded { "▸" } else { "▾" })
                        .size(size::BODY)
                        .align_x(iced::Center)
                        .align_y(iced::Center),
                )
                .padding([gap::XS, gap::XS])
                .style(theme::quiet)
                .on_press(Message::FoldToggled(id)),
                touch,
            )
        });
        let mut line = row![].spacing(gap::XS).align_y(iced::Center);
        // A leader's fold is at the left of his row; on a phone at its right end, so that his
        // units are set in no more than a finger's width is worth.
        let (left, right) = match touch {
            true => (None, fold),
            false => (fold, None),
        };
        line = match left {
            Some(fold) => line.push(fold),
            None => line.push(space().width(indent)),
        };
        // A row of one line is a finger's height on a phone.
        let padding = match touch && one_line {
            true => (crate::ui::finger::TAP - size::BODY * 1.3) / 2.0,
            false => gap::XS,
        };
        line = line.push(parts::tap(
            button(content)
                .padding([padding, gap::S])
                .width(Fill)
                .style(theme::piece_row(self.pick))
                .on_press(Message::PieceClicked { id, adding: false }),
            touch,
        ));
        if self.aim {
            line = line.push(parts::tap(
                button(
                    iced::widget::text("Target")
                        .size(size::CAPTION)
                        .align_x(iced::Center)
                        .align_y(iced::Center),
                )
                .padding([gap::XS, gap::XS])
                .style(theme::quiet)
                .on_press(Message::TargetClicked { id, adding: false }),
                touch,
            ));
        }
        if let Some(fold) = right {
            line = line.push(fold);
        }
        match with {
            Some(m) => column![line, with_line(id, &m.choices, status.mark(WITH), touch)]
                .spacing(gap::XS)
                .into(),
            None => line.into(),
        }
    }
}

/// The words before a leader's "with …" choice.
pub const WITH_LABEL: &str = "with";

/// Under a leader's row: "with" and the choice of his side's units he may be with, "none"
/// first to clear it. Always drawn, so recording a leader moves nothing under the pointer.
fn with_line(
    id: PieceId,
    units: &[String],
    now: Option<&str>,
    touch: bool,
) -> Element<'static, Message> {
    let mut options = vec![adjust_panel::NONE.to_string()];
    options.extend(units.iter().cloned());
    let chosen = now.map(str::to_string);
    let picker = pick_list(options, chosen, move |v: String| {
        Message::Adjust(
            id,
            Change::Mark {
                key: WITH.into(),
                to: (v != adjust_panel::NONE).then_some(v),
            },
        )
    })
    .placeholder("no unit")
    .text_size(size::CAPTION)
    .padding([1.0, gap::S])
    .width(Fill);
    row![
        space().width(gap::L),
        parts::caption(WITH_LABEL),
        parts::tap(picker, touch)
    ]
    .spacing(gap::XS)
    .align_y(iced::Center)
    .into()
}

/// The leaders recorded as with a unit; none for a leader, or for a unit whose own mark says
/// who is with it (its status shows that).
pub(super) fn leaders_with(game: &Battle, id: PieceId) -> Vec<PieceId> {
    let own = game.piece_schema(id).marks.iter().any(|m| m.key == WITH);
    match game.roster.piece(id).role {
        Role::Unit if !own => {
            with::leaders_with(&game.roster, |p| game.state().piece(p), id).collect()
        }
        _ => Vec::new(),
    }
}
