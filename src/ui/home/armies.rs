//! The home screen's list of army files: files with problems first (every problem as
//! `path:line:col: message`), then the loaded armies grouped by rule system, each with its
//! side, size and a button to open its roster.

use std::path::Path;

use iced::widget::{Column, column, container, row, scrollable};
use iced::{Element, Fill};

use adjutant::army::{ArmyFile, Origin};
use adjutant::rules;

use super::Message;
use crate::ui::parts;
use crate::ui::theme::{self, gap};

/// The armies panel.
pub fn panel<'a>(armies: &'a [ArmyFile], user_dir: &'a Path) -> Element<'a, Message> {
    let mut list = Column::new().spacing(gap::M);
    // Problems first, where the player sees them.
    let broken: Vec<Element<'_, Message>> = armies
        .iter()
        .enumerate()
        .filter(|(_, f)| f.loaded.is_err())
        .map(|(i, f)| broken_file(i, f))
        .collect();
    if !broken.is_empty() {
        list = list.push(parts::strong("Files with problems (not loaded)"));
        list = list.push(Column::with_children(broken).spacing(gap::S));
    }
    for system in rules::standard() {
        let rows: Vec<Element<'_, Message>> = armies
            .iter()
            .enumerate()
            .filter(|(_, f)| f.loaded.as_ref().is_ok_and(|a| a.system == system.id()))
            .map(|(i, f)| army_row(i, f))
            .collect();
        list = list.push(
            row![
                container(parts::strong(system.name())).width(Fill),
                parts::button_text("New army")
                    .style(theme::quiet)
                    .on_press(Message::NewArmyPressed(super::picker::system_pick(&system))),
            ]
            .spacing(gap::S)
            .align_y(iced::Center),
        );
        list = list.push(Column::with_children(rows).spacing(gap::S));
    }
    if armies.is_empty() {
        list = list.push(parts::body("No army files were found."));
    }
    list = list.push(parts::caption(crate::ui::platform::armies_hint(user_dir)));
    parts::panel(
        "Armies",
        scrollable(list.padding(iced::padding::right(gap::L))).height(Fill),
    )
}

fn army_row(index: usize, file: &ArmyFile) -> Element<'_, Message> {
    let Ok(army) = &file.loaded else {
        return column![].into();
    };
    let origin = match file.origin {
        Origin::Shipped => "shipped",
        Origin::User => "your file",
    };
    parts::card(
        row![
            column![
                parts::strong(army.name.as_str()),
                parts::caption(format!(
                    "{} · {} · {} · {origin}",
                    army.side,
                    count(army.leaders.len(), "leader"),
                    count(army.units.len(), "unit")
                )),
            ]
            .width(Fill),
            parts::button_text("Edit")
                .style(theme::quiet)
                .on_press(Message::EditPressed(index)),
            parts::button_text("Roster")
                .style(theme::quiet)
                .on_press(Message::RosterOpened(index)),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
    )
}

/// A file that failed to load: its path and every problem as path:line:col: message.
fn broken_file(index: usize, file: &ArmyFile) -> Element<'_, Message> {
    let problems = file.loaded.as_ref().err().cloned().unwrap_or_default();
    let mut lines = Column::new().spacing(gap::XS).push(
        row![
            container(parts::strong(file.path.display().to_string())).width(Fill),
            parts::button_text("Fix in the builder")
                .style(theme::quiet)
                .on_press(Message::EditPressed(index)),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
    );
    if problems.is_empty() {
        lines = lines.push(parts::error_line("the file could not be loaded"));
    }
    for p in problems {
        lines = lines.push(parts::error_line(p.to_string()));
    }
    parts::card(lines)
}

/// "1 leader", "3 leaders".
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
