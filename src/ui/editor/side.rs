//! The builder's screen: the top bar (back, undo, redo, save), the notice (saved, refused with
//! the problems, comments that a save would drop, a file changed on disk, edits not saved),
//! the list of leaders and units, the form of the selected one, and beside it every problem
//! and a live roster preview — in a window too narrow for three columns (a tablet upright,
//! a phone) one column, the three a tab each.

use iced::widget::{
    Column, Row, button, column, container, pick_list, row, scrollable, space, text,
};
use iced::{Element, Fill, Length};

use adjutant::army::Army;
use adjutant::army::draft::{Field, Roll};

use super::{CHANGED, Editor, Message, Notice, OVERWRITE, Pane, RELOAD, SAVE_COPY, Selected, form};
use crate::ui::kept_inside::kept_inside;
use crate::ui::parts;
use crate::ui::platform::file_words;
use crate::ui::theme::{self, gap, size};

/// The builder at a width: when `narrow`, one column — the top bar on two lines, then a tab
/// each for the entries, the selected one's details and the check (problems and roster) —
/// and otherwise the three side by side. On a `phone` (narrower still) each field's label
/// stands above it, and the margins are smaller.
pub fn screen(editor: &Editor, narrow: bool, phone: bool) -> Element<'_, Message> {
    let draft = editor.draft();
    let state = if editor.is_dirty() {
        "Not saved"
    } else {
        "Saved"
    };
    let title = if draft.name.trim().is_empty() {
        "Army builder: a new army".to_string()
    } else {
        format!("Army builder: {}", draft.name)
    };
    let side = if phone { gap::S } else { gap::L };
    let buttons = [
        parts::button_text("Undo")
            .style(theme::quiet)
            .on_press_maybe(editor.editing.can_undo().then_some(Message::UndoPressed)),
        parts::button_text("Redo")
            .style(theme::quiet)
            .on_press_maybe(editor.editing.can_redo().then_some(Message::RedoPressed)),
        parts::button_text("Save")
            .style(theme::action)
            .on_press(Message::SavePressed),
    ];
    let home = parts::button_text("← Home")
        .style(theme::quiet)
        .on_press(Message::BackPressed);
    let bar: Element<'_, Message> = if narrow {
        column![
            row![home, space::horizontal()]
                .extend(buttons.map(Element::from))
                .spacing(gap::S)
                .align_y(iced::Center),
            row![
                container(parts::strong(title)).width(Fill),
                parts::caption(state)
            ]
            .spacing(gap::S)
            .align_y(iced::Center),
        ]
        .spacing(gap::XS)
        .into()
    } else {
        row![
            home,
            parts::title(title),
            space::horizontal(),
            parts::caption(state)
        ]
        .extend(buttons.map(Element::from))
        .spacing(gap::M)
        .align_y(iced::Center)
        .into()
    };
    let top = container(bar)
        .padding([gap::S, side])
        .width(Fill)
        .style(theme::top_bar);

    // The notice has a place of its own whether shown or not, so the panels below keep
    // theirs among the window's widgets, and with it how far they are scrolled.
    let spacing = if phone { gap::S } else { gap::M };
    let notice: Element<'_, Message> = match editor.notice() {
        Some(notice) => column![
            container(notice_view(editor, notice, narrow)).padding([0.0, side]),
            space().height(spacing)
        ]
        .into(),
        None => space().height(0).into(),
    };
    let page = column![top, space().height(spacing), notice];
    let details = || {
        parts::panel(
            "Details",
            scrollable(container(form::view(editor, phone)).padding(iced::padding::right(gap::L)))
                .height(Fill),
        )
    };
    if narrow {
        let problems = editor.problems().len();
        let check = if problems == 0 {
            "Check".to_string()
        } else {
            format!("Check ({problems})")
        };
        let mut tabs = row![].spacing(gap::XS);
        for (pane, label) in [
            (Pane::Entries, "Entries".to_string()),
            (Pane::Details, "Details".to_string()),
            (Pane::Check, check),
        ] {
            tabs = tabs.push(
                parts::button_text(label)
                    .style(theme::toggle(editor.pane == pane))
                    .on_press(Message::PaneSelected(pane)),
            );
        }
        let shown = match editor.pane {
            Pane::Entries => entries(editor),
            Pane::Details => details(),
            Pane::Check => check_panel(editor),
        };
        let body = column![tabs, container(shown).height(Fill)]
            .spacing(gap::S)
            .padding([0.0, side]);
        return page
            .push(body)
            .push(space().height(spacing))
            .push(space().height(gap::S))
            .into();
    }
    let body = row![
        container(entries(editor)).width(Length::FillPortion(2)),
        container(details()).width(Length::FillPortion(5)),
        container(check_panel(editor)).width(Length::FillPortion(3)),
    ]
    .spacing(gap::M)
    .padding([0.0, gap::L]);
    page.push(body)
        .push(space().height(spacing))
        .push(space().height(gap::S))
        .into()
}

fn notice_view<'a>(editor: &'a Editor, notice: &'a Notice, narrow: bool) -> Element<'a, Message> {
    match notice {
        Notice::Saved(path) => info(format!(
            "Saved to {} (checked: no problems).",
            file_words(path)
        )),
        Notice::Reloaded(path) => info(format!(
            "Read {} again as it is on disk; the edits made here are gone.",
            file_words(path)
        )),
        Notice::Changed(path) => banner(
            column![
                parts::strong(CHANGED),
                parts::body(format!(
                    "{} was not written over. Reload the file (the edits here are dropped), save this army as a copy, or overwrite the other program's changes.",
                    file_words(path)
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
            narrow,
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
            banner(
                list.into(),
                vec![("Dismiss", Message::NoticeDismissed)],
                narrow,
            )
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
                narrow,
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
                narrow,
            )
        }
        Notice::Failed(why) => banner(
            parts::body(format!("Not saved: {why}")),
            vec![("Dismiss", Message::NoticeDismissed)],
            narrow,
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

/// A question or a refusal, with its buttons beside it (when `narrow`, beneath it, as many
/// to a line as fit).
fn banner<'a>(
    content: Element<'a, Message>,
    buttons: Vec<(&'a str, Message)>,
    narrow: bool,
) -> Element<'a, Message> {
    let buttons = buttons.into_iter().map(|(label, message)| {
        parts::button_text(label)
            .style(theme::risky)
            .on_press(message)
            .into()
    });
    let line: Element<'a, Message> = if narrow {
        column![
            content,
            Row::with_children(buttons)
                .spacing(gap::S)
                .wrap()
                .vertical_spacing(gap::S),
        ]
        .spacing(gap::S)
        .into()
    } else {
        row![container(content).width(Fill)]
            .extend(buttons)
            .spacing(gap::S)
            .align_y(iced::Center)
            .into()
    };
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
