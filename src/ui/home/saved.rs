//! The home screen's saved battles: Back up everything… and Restore from a backup… at the top
//! with when the last backup was made, the battle to resume, reopening it at start, and each
//! saved battle — its armies, where it stands (turn, phase and side) — with Open (or Restore
//! the backup, when its file is damaged) and Delete, then (in a browser) whether the browser
//! keeps them and the room left; the bin's button under them, or the bin in their place
//! ([`super::bin`]).

use iced::widget::{Column, column, container, row, scrollable};
use iced::{Element, Fill};

use super::{BACK_UP, DELETE, Home, Message, RESTORE, RESTORE_BACKUP};
use crate::ui::parts;
use crate::ui::theme::{self, gap};

impl Home {
    /// The saved battles; scrolling in a panel of the height given it (`scrolls`), or as
    /// tall as they are, to go in a scrolling column. Back up everything… and Restore from a
    /// backup… stay at the top, never scrolled away; on a `phone` they share its width and the
    /// last-backup line goes with the list.
    pub(super) fn saved_panel(&self, scrolls: bool, phone: bool) -> Element<'_, Message> {
        let mut list = Column::new().spacing(gap::S);
        if !self.showing_bin {
            list = list.push(self.resume());
        }
        let last_backup = parts::caption(self.last_backup.as_str());
        let mut top = column![parts::heading(match self.showing_bin {
            true => "Bin",
            false => "Saved battles",
        })]
        .spacing(gap::S)
        .push(self.keep(phone));
        match phone {
            true => list = list.push(last_backup),
            false => top = top.push(last_backup),
        }
        list = match self.showing_bin {
            true => list.push(self.bin_list()),
            false => self.battles(list),
        };
        if !scrolls {
            return container(top.push(list))
                .padding(gap::M)
                .width(Fill)
                .style(theme::panel)
                .into();
        }
        parts::plain_panel(
            top.push(scrollable(list.padding(iced::padding::right(gap::M))).height(Fill)),
        )
    }

    /// The battle to resume, and whether it opens when Adjutant starts.
    fn resume(&self) -> Element<'_, Message> {
        let resume: Element<'_, Message> = match &self.last {
            Some(last) => parts::button_text(format!("Resume: {}", last.title))
                .style(theme::action)
                .width(Fill)
                .on_press(Message::BattleOpened(last.path.clone()))
                .into(),
            None if self.saved_problem.is_none() => parts::body("No saved battle to resume yet."),
            None => parts::error_line(self.saved_problem.as_deref().unwrap_or_default()),
        };
        column![
            resume,
            row![
                container(parts::body("Open the last battle when Adjutant starts")).width(Fill),
                parts::button_text(if self.reopen_last { "On" } else { "Off" })
                    .style(theme::toggle(self.reopen_last))
                    .on_press(Message::ReopenToggled),
            ]
            .spacing(gap::S)
            .align_y(iced::Center),
        ]
        .spacing(gap::S)
        .into()
    }

    /// Back up everything… and Restore from a backup…: side by side, the second under the
    /// first when they do not fit (at 150 %), or on a `phone` each half its width (their
    /// words wrapping).
    fn keep(&self, phone: bool) -> Element<'_, Message> {
        let button = |label, message| {
            let b = parts::button_text(label)
                .style(theme::quiet)
                .on_press(message);
            match phone {
                true => b.width(Fill),
                false => b,
            }
        };
        let buttons = row![
            button(BACK_UP, Message::BackUpPressed),
            button(RESTORE_BACKUP, Message::RestoreBackupPressed),
        ]
        .spacing(gap::S);
        match phone {
            true => buttons.into(),
            false => buttons.wrap().vertical_spacing(gap::S).into(),
        }
    }

    /// Each saved battle, then the bin's button when it holds any.
    fn battles<'a>(&'a self, mut list: Column<'a, Message>) -> Column<'a, Message> {
        for saved in &self.saved {
            let detail = if saved.loads {
                parts::caption(saved.detail.as_str())
            } else {
                parts::error_line(saved.detail.as_str())
            };
            let clock = saved.clock.as_deref().map(parts::caption);
            let mut about = column![parts::body(saved.title.as_str()), clock, detail].width(Fill);
            let button = match &saved.backup {
                Some(backup) => {
                    about = about.push(parts::body(backup.as_str()));
                    parts::button_text(RESTORE)
                        .style(theme::action)
                        .on_press(Message::RestorePressed(saved.path.clone()))
                }
                None => parts::button_text("Open")
                    .style(theme::quiet)
                    .on_press_maybe(
                        saved
                            .loads
                            .then(|| Message::BattleOpened(saved.path.clone())),
                    ),
            };
            let delete = parts::button_text(DELETE)
                .style(theme::quiet)
                .on_press(Message::DeletePressed(saved.path.clone()));
            list = list.push(parts::card(
                row![about, button, delete]
                    .spacing(gap::S)
                    .align_y(iced::Center),
            ));
        }
        for line in &self.keeping {
            list = list.push(parts::caption(line.as_str()));
        }
        if !self.bin.is_empty() {
            list = list.push(
                parts::button_text(bin_label(self.bin.len()))
                    .style(theme::quiet)
                    .on_press(Message::BinToggled),
            );
        }
        list
    }
}

/// "Bin (2)": the bin's button, with how many battles it holds.
pub fn bin_label(n: usize) -> String {
    format!("Bin ({n})")
}
