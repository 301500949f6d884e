//! The builder's screen: the top bar (back, undo, redo, save), the notice (saved, refused with
//! the problems, comments that a save would drop, a file changed on disk, edits not saved),
//! the list of leaders and
//! units, the form of the selected one, and beside it every problem and a live roster preview.

use iced::widget::{Column, button, column, container, pick_list, row, scrollable, space, text};
use iced::{Element, Fill, Length};

use adjutant::army::Army;
use adjutant::army::draft::{Field, Roll};

use super::{CHANGED, Editor, Message, Notice, OVERWRITE, RELOAD, SAVE_COPY, Selected, form};
use crate::ui::kept_inside::kept_inside;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

pub fn screen(editor: &Editor) -> Element<'_, Message> {
    let draft = editor.draft();
    let state = if editor.is_dirty() {
        "Not saved"
    } else {
        "Saved"
    };
    let top = container(
        row![
            parts::button_text("← Home")
                .style(theme::quiet)
                .on_press(Message::BackPressed),
            parts::title(if draft.name.trim().is_empty() {
                "Army builder: a new army".to_string()
            } else {
                format!("Army builder: {}", draft.name)
            }),
            space::horizontal(),
            parts::caption(state),
            parts::button_text("Undo")
                .style(theme::quiet)
                .on_press_maybe(editor.editing.can_undo().then_some(Message::UndoPressed)),
            parts::button_text("Redo")
                .style(theme::quiet)
                .on_press_maybe(editor.editing.can_redo().then_some(Message::RedoPressed)),
            parts::button_text("Save")
                .style(theme::action)
                .on_press(Message::SavePressed),
        ]
        .spacing(gap::M)
        .align_y(iced::Center),
    )
    .padding([gap::S, gap::L])
    .width(Fill)
    .style(theme::top_bar);

    let mut page = Column::new().spacing(gap::M).push(top);
    if let Some(notice) = editor.notice() {
        page = page.push(container(notice_view(editor, notice)).padding([0.0, gap::L]));
    }
    let body = row![
        container(entries(editor)).width(Length::FillPortion(2)),
        container(parts::panel(
            "Details",
            scrollable(container(form::view(editor)).padding(iced::padding::right(gap::L)))
                .height(Fill)
        ))
        .width(Length::FillPortion(5)),
        container(check_panel(editor)).width(Length::FillPortion(3)),
    ]
    .spacing(gap::M)
    .padding([0.0, gap::L]);
    page.push(body).push(space().height(gap::S)).into()
}

fn notice_view<'a>(editor: &'a Editor, notice: &'a Notice) -> Element<'a, Message> {
    match notice {
        Notice::Saved(path) => info(format!(
            "Saved to {} (checked: no problems).",
            path.display()
        )),
        Notice::Reloaded(path) => info(format!(
            "Read {} again as it is on disk; the edits made here are gone.",
            path.display()
        )),
        Notice::Changed(path) => banner(
            column![
                parts::strong(CHANGED),
                parts::body(format!(
                    "{} was not written over. Reload the file (the edits here are dropped), save this army as a copy, or overwrite the other program's changes.",
                    path.display()
                )),
            ]
            .spacing(gap::XS)
            .into(),
            vec![
                (RELOAD, Message::ReloadPressed),
                (SAVE_COPY, Message::SaveCopyPressed),
                (OVERWRITE, Message::OverwritePressed),
                ("Cancel", Message::NoticeDismissed),
            ],
        ),
        Notice::Refused(lines) => {
            let mut list = Column::new().spacing(gap::XS).push(parts::strong(format!(
                "Not saved: fix {} first.",
                count(lines.len(), "problem")
            )));
            for line in lines.iter().take(12) {
                list = list.push(parts::body(line.as_str()));
            }
            if lines.len() > 12 {
                list = list.push(parts::caption(format!("… and {} more", lines.len() - 12)));
            }
            banner(list.into(), vec![("Dismiss", Message::NoticeDismissed)])
        }
        Notice::Comments(lost) => {
            let mut list = Column::new().spacing(gap::XS).push(parts::strong(
                "Saving rewrites part of the file, and these comments will not be kept:",
            ));
            for line in lost {
                list = list.push(parts::body(format!("• {line}")));
            }
            banner(
                list.into(),
                vec![
                    ("Save anyway", Message::SaveConfirmed),
                    ("Cancel", Message::NoticeDismissed),
                ],
            )
        }
        Notice::Leaving => {
            let line = if editor.problems().is_empty() {
                "This army has edits that are not saved."
            } else {
                "This army has edits that are not saved, and problems to fix before it can be."
            };
            banner(
                parts::strong(line),
                vec![
                    ("Save", Message::SavePressed),
                    ("Discard edits", Message::DiscardConfirmed),
                    ("Keep editing", Message::NoticeDismissed),
                ],
            )
        }
        Notice::Failed(why) => banner(
            parts::body(format!("Not saved: {why}")),
            vec![("Dismiss", Message::NoticeDismissed)],
        ),
    }
}

/// A line of good news, with Dismiss.
fn info<'a>(line: String) -> Element<'a, Message> {
    container(
        row![
            container(parts::body(line)).width(Fill),
            parts::button_text("Dismiss")
                .style(theme::quiet)
                .on_press(Message::NoticeDismissed),
        ]
        .align_y(iced::Center),
    )
    .padding(gap::S)
    .width(Fill)
    .style(theme::info_banner)
    .into()
}

fn banner<'a>(
    content: Element<'a, Message>,
    buttons: Vec<(&'a str, Message)>,
) -> Element<'a, Message> {
    let mut line = row![container(content).width(Fill)]
        .spacing(gap::S)
        .align_y(iced::Center);
    for (label, message) in buttons {
        line = line.push(
            parts::button_text(label)
                .style(theme::risky)
                .on_press(message),
        );
    }
    container(line)
        .padding(gap::S)
        .width(Fill)
        .style(theme::error_banner)
        .into()
}

/// The army, its leaders and its units, each a button that shows its form; a mark on each
/// entry with problems.
fn entries(editor: &Editor) -> Element<'_, Message> {
    let draft = editor.draft();
    let flagged =
        |field: &dyn Fn(&Field) -> bool| editor.problems().iter().any(|p| field(&p.field));
    let mut list = Column::new().spacing(gap::XS);
    let army_flag = flagged(&|f| {
        matches!(
            f,
            Field::System
                | Field::Name
                | Field::Side
                | Field::Description
                | Field::Leaders
                | Field::Units
        )
    });
    list = list.push(entry_button(
        "The army".into(),
        army_flag,
        Selected::Army,
        editor.selected,
    ));
    list = list.push(parts::strong(format!("Leaders ({})", draft.leaders.len())));
    for (i, l) in draft.leaders.iter().enumerate() {
        let flag = flagged(&|f| matches!(f, Field::Leader(j, _) if *j == i));
        list = list.push(entry_button(
            l.name.clone(),
            flag,
            Selected::Leader(i),
            editor.selected,
        ));
    }
    list = list.push(
        parts::button_text("Add leader")
            .style(theme::quiet)
            .on_press(Message::AddPressed(Roll::Leaders)),
    );
    list = list.push(parts::strong(format!("Units ({})", draft.units.len())));
    for (i, u) in draft.units.iter().enumerate() {
        let flag = flagged(&|f| matches!(f, Field::Unit(j, _) if *j == i));
        let label = format!("{} · {}", u.name, u.kind);
        list = list.push(entry_button(
            label,
            flag,
            Selected::Unit(i),
            editor.selected,
        ));
    }
    let kinds: Vec<String> = editor
        .spec
        .unit_kinds
        .iter()
        .map(|k| k.name.to_string())
        .collect();
    list = list.push(
        row![
            parts::button_text("Add unit")
                .style(theme::quiet)
                .on_press(Message::AddPressed(Roll::Units)),
            kept_inside(
                pick_list(
                    kinds,
                    Some(editor.add_kind.clone()),
                    Message::AddKindSelected
                )
                .text_size(size::BODY)
                .width(Fill)
            ),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
    );
    parts::panel(
        "Entries",
        scrollable(list.padding(iced::padding::right(gap::L))).height(Fill),
    )
}

fn entry_button<'a>(
    label: String,
    flagged: bool,
    this: Selected,
    selected: Selected,
) -> Element<'a, Message> {
    let label = if flagged {
        format!("⚠ {label}")
    } else {
        label
    };
    let content = text(label).size(size::BODY);
    // Red on the selected button's blue would not read: the mark alone says it there.
    let content: Element<'a, Message> = if flagged && this != selected {
        content.style(theme::danger_text).into()
    } else {
        content.into()
    };
    button(content)
        .width(Fill)
        .padding([gap::XS, gap::S])
        .style(theme::toggle(this == selected))
        .on_press(Message::Selected(this))
        .into()
}

/// Every problem (each a button to its entry), then the roster as it would load.
fn check_panel(editor: &Editor) -> Element<'_, Message> {
    let mut list = Column::new().spacing(gap::S);
    match &editor.checked {
        Ok(army) => {
            list = list.push(parts::body("No problems: the army loads as shown."));
            list = list.push(preview(army));
        }
        Err(problems) => {
            list = list.push(parts::strong(count(problems.len(), "problem")));
            for p in problems {
                let target = match p.field {
                    Field::Leader(i, _) => Selected::Leader(i),
                    Field::Unit(i, _) => Selected::Unit(i),
                    _ => Selected::Army,
                };
                list = list.push(
                    button(
                        text(editor.describe(p))
                            .size(size::CAPTION)
                            .style(theme::danger_text),
                    )
                    .style(theme::quiet)
                    .width(Fill)
                    .on_press(Message::Selected(target)),
                );
            }
        }
    }
    parts::panel(
        "Check",
        scrollable(list.padding(iced::padding::right(gap::L))).height(Fill),
    )
}

/// The roster as it loads: each leader with the units under them, then any unled units.
fn preview(army: &Army) -> Element<'_, Message> {
    let mut list = Column::new().spacing(gap::XS);
    let stats = |stats: &std::collections::BTreeMap<String, i32>| {
        let parts: Vec<String> = stats.iter().map(|(k, v)| format!("{k} {v}")).collect();
        parts.join(", ")
    };
    let unit_line = |u: &adjutant::army::Unit| {
        parts::caption(format!("    {} · {} · {}", u.name, u.kind, stats(&u.stats)))
    };
    for leader in &army.leaders {
        list = list.push(parts::strong(leader.name.as_str()));
        list = list.push(parts::caption(stats(&leader.stats)));
        for u in army
            .units
            .iter()
            .filter(|u| u.leader.as_deref() == Some(&leader.id))
        {
            list = list.push(unit_line(u));
        }
    }
    let unled: Vec<&adjutant::army::Unit> = army
        .units
        .iter()
        .filter(|u| {
            u.leader
                .as_ref()
                .is_none_or(|l| !army.leaders.iter().any(|x| &x.id == l))
        })
        .collect();
    if !unled.is_empty() {
        list = list.push(parts::strong("Units with no leader"));
        for u in unled {
            list = list.push(unit_line(u));
        }
    }
    column![parts::heading("Roster"), list]
        .spacing(gap::S)
        .into()
}

/// "1 problem", "3 problems".
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
