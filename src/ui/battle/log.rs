//! The battle log: entries newest first, each with its events' text, dice and cards, and the
//! Undo / Redo buttons (also Ctrl+Z / Ctrl+Shift+Z). Undo steps back over a whole entry; redo
//! puts it back as recorded, never re-rolling.

use iced::widget::{Column, column, container, row, scrollable, space};
use iced::{Element, Fill};

use adjutant::battle::Battle;
use adjutant::status::Viewer;

use super::{Command, describe};
use crate::ui::parts;
use crate::ui::theme::{self, gap};

/// How many entries are drawn; older ones are counted, not drawn, so a long battle stays quick.
const SHOWN: usize = 150;

#[derive(Debug, Clone, Default)]
pub struct State {
    error: Option<String>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Undo,
    Redo,
}

impl State {
    pub fn update(&mut self, message: Message) -> Command {
        match message {
            Message::Undo => Command::Undo,
            Message::Redo => Command::Redo,
        }
    }

    pub fn finished(&mut self, result: Result<(), String>) {
        self.error = result.err();
    }

    pub fn view<'a>(&'a self, game: &'a Battle, viewer: Viewer) -> Element<'a, Message> {
        let busy = game.pending().is_some();
        let header = row![
            parts::heading("Log"),
            space::horizontal(),
            parts::button_text("Undo")
                .style(theme::quiet)
                .on_press_maybe(game.can_undo().then_some(Message::Undo)),
            parts::button_text("Redo")
                .style(theme::quiet)
                .on_press_maybe(game.can_redo().then_some(Message::Redo)),
        ]
        .spacing(gap::XS)
        .align_y(iced::Center);
        let mut content = column![header].spacing(gap::S);
        if busy {
            content = content.push(parts::caption(
                "Finish or cancel the procedure under way to undo.",
            ));
        }
        if let Some(e) = &self.error {
            content = content.push(parts::error_line(e.as_str()));
        }
        let mut list = Column::new().spacing(gap::XS);
        let log = game.log();
        for (n, entry) in log.iter().enumerate().rev().take(SHOWN) {
            let mut lines =
                Column::new()
                    .spacing(2)
                    .push(parts::strong(format!("{}. {}", n + 1, entry.title)));
            for e in &entry.events {
                lines = lines.push(parts::body(describe::event(game, e, viewer)));
            }
            list = list.push(parts::card(lines));
        }
        if log.len() > SHOWN {
            list = list.push(parts::caption(format!(
                "… and {} older entries",
                log.len() - SHOWN
            )));
        }
        content = content.push(scrollable(list.padding(iced::padding::right(gap::M))).height(Fill));
        container(content)
            .padding(gap::S)
            .width(Fill)
            .height(Fill)
            .style(theme::panel)
            .into()
    }
}
