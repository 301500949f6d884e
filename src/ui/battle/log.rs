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

/// How many entries are drawn at first, and how many more each "Show older" adds; older ones
/// are counted, not drawn, so a long battle stays quick.
const PAGE: usize = 40;

#[derive(Debug, Clone)]
pub struct State {
    error: Option<String>,
    /// How many of the newest entries are drawn.
    shown: usize,
}

impl Default for State {
    fn default() -> State {
        State {
            error: None,
            shown: PAGE,
        }
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    Undo,
    Redo,
    ShowOlder,
}

impl State {
    /// The command a message asks for, if any (showing older entries is the log's own).
    pub fn update(&mut self, message: Message) -> Option<Command> {
        match message {
            Message::Undo => Some(Command::Undo),
            Message::Redo => Some(Command::Redo),
            Message::ShowOlder => {
                self.shown += PAGE;
                None
            }
        }
    }

    pub fn finished(&mut self, result: Result<(), adjutant::battle::ActionError>) {
        self.error = result.err().map(|e| e.to_string());
    }

    /// The log; `touch` sizes its buttons for a finger.
    pub fn view<'a>(
        &'a self,
        game: &'a Battle,
        viewer: Viewer,
        touch: bool,
    ) -> Element<'a, Message> {
        let busy = game.pending().is_some();
        let header = row![
            parts::heading("Log"),
            space::horizontal(),
            parts::tap(
                parts::touch_text("Undo", touch)
                    .style(theme::quiet)
                    .on_press_maybe(game.can_undo().then_some(Message::Undo)),
                touch
            ),
            parts::tap(
                parts::touch_text("Redo", touch)
                    .style(theme::quiet)
                    .on_press_maybe(game.can_redo().then_some(Message::Redo)),
                touch
            ),
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
        for (n, entry) in log.iter().enumerate().rev().take(self.shown) {
            let mut lines =
                Column::new()
                    .spacing(2)
                    .push(parts::strong(format!("{}. {}", n + 1, entry.title)));
            for line in describe::entry_lines(game, entry, viewer) {
                lines = lines.push(parts::body(line));
            }
            list = list.push(parts::card(lines));
        }
        if log.len() > self.shown {
            let older = log.len() - self.shown;
            list = list.push(
                row![
                    parts::caption(format!(
                        "… and {older} older {}",
                        if older == 1 { "entry" } else { "entries" }
                    )),
                    space::horizontal(),
                    parts::tap(
                        parts::touch_text(format!("Show {} more", older.min(PAGE)), touch)
                            .style(theme::quiet)
                            .on_press(Message::ShowOlder),
                        touch
                    ),
                ]
                .spacing(gap::XS)
                .align_y(iced::Center),
            );
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
