//! What the file commands put over the screen: the panel (Open…, Save battle as…, Print…)
//! centred on a veil that keeps clicks from the screen behind, and the last outcome as a line
//! along the bottom of the window.

use iced::widget::{
    Column, center, column, container, opaque, row, scrollable, space, stack, text,
};
use iced::{Element, Fill, Length};

use super::{Dialogs, Files, Message, NO_DIALOG, PATH_FIELD, Panel, Purpose, dialogs};
use crate::ui::Message as AppMessage;
use crate::ui::parts;
use crate::ui::theme::{self, gap};

/// The panel's width.
const PANEL_WIDTH: f32 = 620.0;

impl Files {
    /// `base` with the panel and the last outcome over it.
    pub fn view_over<'a>(&'a self, base: Element<'a, AppMessage>) -> Element<'a, AppMessage> {
        let mut layers = stack![base].width(Fill).height(Fill);
        if let Some(notice) = &self.notice {
            let line: Element<'_, Message> = if notice.is_error {
                parts::error_banner(
                    notice.text.as_str(),
                    Some(("Dismiss", Message::NoticeDismissed)),
                )
            } else {
                container(
                    row![
                        text(notice.text.as_str())
                            .size(theme::size::BODY)
                            .width(Fill),
                        parts::button_text("Dismiss")
                            .style(theme::quiet)
                            .on_press(Message::NoticeDismissed),
                    ]
                    .spacing(gap::M)
                    .align_y(iced::Center),
                )
                .padding(gap::S)
                .width(Fill)
                .style(theme::info_banner)
                .into()
            };
            layers = layers.push(
                column![
                    space::vertical(),
                    container(line.map(AppMessage::Files)).padding(gap::M)
                ]
                .width(Fill)
                .height(Fill),
            );
        }
        if let Some(panel) = &self.panel {
            let veil = center(panel_view(panel, self.dialogs).map(AppMessage::Files))
                .padding(gap::S)
                .style(theme::veil);
            layers = layers.push(opaque(veil));
        }
        layers.into()
    }
}

/// The panel: a title, the print choices, the path field where there is no dialog, a
/// problem, and the buttons.
fn panel_view(panel: &Panel, dialogs: Dialogs) -> Element<'_, Message> {
    let (title, confirm) = match (panel.purpose, dialogs) {
        (Purpose::Open, _) => ("Open an army or battle file", "Open the file"),
        (Purpose::SaveBattleAs, _) => ("Save a copy of the battle", "Save copy"),
        (Purpose::SaveArmyAs, _) => ("Save a copy of the army", "Save copy"),
        (Purpose::BackUp, _) => ("Back up everything", "Write the backup"),
        (Purpose::RestoreBackup, _) => ("Restore from a backup", "Restore"),
        (Purpose::Print, Dialogs::PathField) => ("Print", "Print to file"),
        (Purpose::Print, Dialogs::System) => ("Print", dialogs::PRINT_BUTTON),
    };
    let mut body = Column::new().spacing(gap::M).push(parts::heading(title));
    if let Some(print) = &panel.print {
        body = body.push(print.view().map(Message::Print));
    }
    match dialogs {
        Dialogs::PathField => {
            body = body.push(parts::caption(NO_DIALOG)).push(
                crate::ui::typing::field(PATH_FIELD, "/home/you/Documents/file", &panel.path)
                    .on_input(Message::PathChanged)
                    .on_submit(Message::Confirmed)
                    .size(theme::size::BODY)
                    .padding(gap::S),
            );
        }
        Dialogs::System if panel.purpose == Purpose::Print => {
            body = body.push(parts::caption(dialogs::PRINT_CAPTION));
        }
        Dialogs::System => {}
    }
    if let Some(error) = &panel.error {
        body = body.push(
            container(scrollable(parts::error_line(error.as_str())).height(Length::Shrink))
                .max_height(220.0),
        );
    }
    body = body.push(
        row![
            space::horizontal(),
            parts::button_text("Cancel")
                .style(theme::quiet)
                .on_press(Message::Cancelled),
            parts::button_text(confirm)
                .style(theme::action)
                .on_press(Message::Confirmed),
        ]
        .spacing(gap::S),
    );
    container(body)
        .padding(gap::L)
        // As wide as it is made, or as the screen (a phone's) lets it be.
        .width(Fill)
        .max_width(PANEL_WIDTH)
        .style(theme::panel)
        .into()
}
