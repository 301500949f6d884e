//! The home screen's bin, shown in place of the saved battles: each deleted battle with when
//! it was deleted, Put back, and Delete for good (which asks first: it cannot be undone);
//! battles go for good on their own [`KEEP_DAYS`] days after they were deleted.

use iced::widget::{Column, column, row};
use iced::{Element, Fill};

use adjutant::store::bin::KEEP_DAYS;

use super::{DELETE_FOR_GOOD, Home, Message, PUT_BACK};
use crate::ui::parts;
use crate::ui::theme::{self, gap};

/// The button that goes back from the bin to the saved battles.
pub const SAVED: &str = "← Saved battles";

impl Home {
    /// The battles in the bin.
    pub(super) fn bin_list(&self) -> Element<'_, Message> {
        let mut list = Column::new().spacing(gap::S).push(
            row![
                parts::button_text(SAVED)
                    .style(theme::quiet)
                    .on_press(Message::BinToggled),
            ]
            .push(
                iced::widget::container(parts::caption(format!(
                    "A deleted battle stays here {KEEP_DAYS} days, then goes for good."
                )))
                .width(Fill),
            )
            .spacing(gap::S)
            .align_y(iced::Center)
            .wrap()
            .vertical_spacing(gap::S),
        );
        for binned in &self.bin {
            let card: Element<'_, Message> = match self.confirming.as_ref() == Some(&binned.id) {
                true => column![
                    parts::body(format!(
                        "Delete “{}” for good? It cannot be put back.",
                        binned.title
                    )),
                    row![
                        parts::button_text(DELETE_FOR_GOOD)
                            .style(theme::risky)
                            .on_press(Message::DeleteForGoodAnswered(true)),
                        parts::button_text("Keep it")
                            .style(theme::quiet)
                            .on_press(Message::DeleteForGoodAnswered(false)),
                    ]
                    .spacing(gap::S),
                ]
                .spacing(gap::S)
                .into(),
                false => column![
                    parts::body(binned.title.as_str()),
                    parts::caption(binned.detail.as_str()),
                    row![
                        parts::button_text(PUT_BACK)
                            .style(theme::action)
                            .on_press(Message::PutBackPressed(binned.id.clone())),
                        parts::button_text(DELETE_FOR_GOOD)
                            .style(theme::quiet)
                            .on_press(Message::DeleteForGoodPressed(binned.id.clone())),
                    ]
                    .spacing(gap::S),
                ]
                .spacing(gap::XS)
                .width(Fill)
                .into(),
            };
            list = list.push(parts::card(card));
        }
        list.into()
    }
}
