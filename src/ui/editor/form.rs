//! The builder's form: the army's own fields, or one leader's or unit's — every statistic the
//! rule system defines with its allowed range, traits as toggles, leader links as pick lists —
//! each with the problems the loader finds in it right beneath; on a phone each label above
//! its field, and a statistic's label, field and range on one line.

use iced::widget::{Column, checkbox, column, pick_list, row};
use iced::{Element, Fill, Length};

use adjutant::army::StatSpec;
use adjutant::army::draft::{Field, Part, Roll};

use super::{Editor, Message, Selected};
use crate::ui::kept_inside::kept_inside;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};
use crate::ui::typing::{Kind, field};

/// What a leader's or unit's links show when there is none.
const NONE: &str = "(none)";

/// The label of a field of a leader or unit.
pub fn part_label(part: &Part) -> &str {
    match part {
        Part::Whole => "Entry",
        Part::Id => "Id",
        Part::Name => "Name",
        Part::Kind => "Kind",
        Part::Leader => "Leader",
        Part::Superior => "Superior",
        Part::Group => "Group",
        Part::Notes => "Notes",
        Part::Traits => "Traits",
        Part::Stat(key) => key,
    }
}

/// The form for the selected entry; on a `phone` each label above its field, the fields
/// as wide as the screen.
pub fn view(editor: &Editor, phone: bool) -> Element<'_, Message> {
    let form = Form { editor, phone };
    match editor.selected {
        Selected::Army => form.army(),
        Selected::Leader(i) => form.leader(i),
        Selected::Unit(i) => form.unit(i),
    }
}

/// The builder laid out for a phone or a wider window.
#[derive(Clone, Copy)]
struct Form<'a> {
    editor: &'a Editor,
    phone: bool,
}

/// The width of a field's label beside it (wider windows).
const LABEL: f32 = 170.0;

/// The width of a pick list (wider windows; on a phone, the screen's).
const PICK: f32 = 260.0;

/// The width of a statistic's field.
const STAT: f32 = 90.0;

/// The width of a statistic's range on a phone ("0 to 10", "not known").
const RANGE: f32 = 76.0;

impl<'a> Form<'a> {
    fn army(self) -> Element<'a, Message> {
        let editor = self.editor;
        let draft = editor.draft();
        column![
            parts::heading("The army"),
            parts::caption(format!("Rule system: {}", editor.system_name)),
            self.input("Name", Field::Name, &draft.name),
            self.input("Side", Field::Side, &draft.side),
            self.input("Description", Field::Description, &draft.description),
            problems_at(editor, &Field::Leaders),
            problems_at(editor, &Field::Units),
        ]
        .spacing(gap::S)
        .into()
    }

    fn leader(self, i: usize) -> Element<'a, Message> {
        let editor = self.editor;
        let Some(l) = editor.draft().leaders.get(i) else {
            return parts::body("No such leader.");
        };
        let at = move |part| Field::Leader(i, part);
        let others: Vec<String> = editor
            .draft()
            .leaders
            .iter()
            .filter(|other| other.id != l.id)
            .map(|other| other.id.clone())
            .collect();
        let spec = &editor.spec;
        Column::new()
            .spacing(gap::S)
            .push(self.entry_bar(Roll::Leaders, i, format!("Leader {}", i + 1)))
            .push(problems_at(editor, &at(Part::Whole)))
            .push(self.input("Id", at(Part::Id), &l.id))
            .push(self.input("Name", at(Part::Name), &l.name))
            .push(self.link("Superior", at(Part::Superior), &l.superior, others))
            .push(self.stats(&spec.leader_stats, &l.stats, None, &|key| {
                at(Part::Stat(key))
            }))
            .push(traits(
                editor,
                &spec.leader_traits,
                &l.traits,
                at(Part::Traits),
            ))
            .push(self.input("Group (entry turn, division)", at(Part::Group), &l.group))
            .push(self.input("Notes", at(Part::Notes), &l.notes))
            .into()
    }

    fn unit(self, i: usize) -> Element<'a, Message> {
        let editor = self.editor;
        let Some(u) = editor.draft().units.get(i) else {
            return parts::body("No such unit.");
        };
        let at = move |part| Field::Unit(i, part);
        let leaders: Vec<String> = editor
            .draft()
            .leaders
            .iter()
            .map(|l| l.id.clone())
            .collect();
        let kinds: Vec<String> = editor
            .spec
            .unit_kinds
            .iter()
            .map(|k| k.name.to_string())
            .collect();
        let spec = &editor.spec;
        let kind_pick = kept_inside(
            pick_list(kinds, Some(u.kind.clone()), move |k| {
                Message::FieldChanged(at(Part::Kind), k)
            })
            .text_size(size::BODY)
            .width(self.pick_width()),
        );
        let kind_note = editor
            .spec
            .kind(&u.kind)
            .map(|k| parts::caption(k.description));
        Column::new()
            .spacing(gap::S)
            .push(self.entry_bar(Roll::Units, i, format!("Unit {}", i + 1)))
            .push(problems_at(editor, &at(Part::Whole)))
            .push(self.input("Id", at(Part::Id), &u.id))
            .push(self.input("Name", at(Part::Name), &u.name))
            .push(self.labelled("Kind", kind_pick))
            .push(kind_note)
            .push(problems_at(editor, &at(Part::Kind)))
            .push(self.link("Leader", at(Part::Leader), &u.leader, leaders))
            .push(
                self.stats(&spec.unit_stats, &u.stats, Some(&u.kind), &|key| {
                    at(Part::Stat(key))
                }),
            )
            .push(traits(
                editor,
                &spec.unit_traits,
                &u.traits,
                at(Part::Traits),
            ))
            .push(self.input("Group (entry turn, division)", at(Part::Group), &u.group))
            .push(self.input("Notes", at(Part::Notes), &u.notes))
            .into()
    }

    fn pick_width(self) -> Length {
        if self.phone {
            Fill
        } else {
            Length::Fixed(PICK)
        }
    }

    /// A label and what it labels: beside it in a column of labels, or on a phone above it.
    fn labelled(
        self,
        label: impl iced::widget::text::IntoFragment<'a>,
        content: impl Into<Element<'a, Message>>,
    ) -> Element<'a, Message> {
        if self.phone {
            return column![parts::body(label), content.into()]
                .spacing(gap::XS)
                .into();
        }
        row![
            iced::widget::container(parts::body(label)).width(Length::Fixed(LABEL)),
            content.into(),
        ]
        .spacing(gap::S)
        .align_y(iced::Center)
        .into()
    }

    /// The entry's title with its list buttons: up, down, duplicate, delete (on a phone, the
    /// buttons on a line of their own under the title).
    fn entry_bar(self, roll: Roll, i: usize, title: String) -> Element<'a, Message> {
        let buttons = row![
            parts::button_text("↑")
                .style(theme::quiet)
                .on_press(Message::MovePressed(roll, i, -1)),
            parts::button_text("↓")
                .style(theme::quiet)
                .on_press(Message::MovePressed(roll, i, 1)),
            parts::button_text("Duplicate")
                .style(theme::quiet)
                .on_press(Message::DuplicatePressed(roll, i)),
            parts::button_text("Delete")
                .style(theme::risky)
                .on_press(Message::DeletePressed(roll, i)),
        ]
        .spacing(gap::XS)
        .align_y(iced::Center);
        if self.phone {
            return column![parts::heading(title), buttons]
                .spacing(gap::XS)
                .into();
        }
        row![
            parts::heading(title),
            iced::widget::space::horizontal(),
            buttons
        ]
        .spacing(gap::XS)
        .align_y(iced::Center)
        .into()
    }

    /// A labelled text field with its problems beneath.
    fn input(self, label: &'a str, at: Field, value: &'a str) -> Element<'a, Message> {
        let on_input = {
            let at = at.clone();
            move |v| Message::FieldChanged(at.clone(), v)
        };
        let input = field(field_id(&at), label, value)
            .on_input(on_input)
            .on_submit(Message::FieldSubmitted)
            .size(size::BODY)
            .width(Fill);
        column![self.labelled(label, input), problems_at(self.editor, &at)]
            .spacing(gap::XS)
            .into()
    }

    /// A pick list of leader ids, "(none)" first.
    fn link(
        self,
        label: &'a str,
        at: Field,
        value: &str,
        ids: Vec<String>,
    ) -> Element<'a, Message> {
        let mut options = vec![NONE.to_string()];
        options.extend(ids);
        if !value.is_empty() && !options.iter().any(|o| o == value) {
            options.push(value.to_string()); // a dangling link stays visible until fixed
        }
        let selected = if value.is_empty() {
            NONE.to_string()
        } else {
            value.to_string()
        };
        let on_select = {
            let at = at.clone();
            move |v: String| {
                let v = if v == NONE { String::new() } else { v };
                Message::FieldChanged(at.clone(), v)
            }
        };
        let pick = kept_inside(
            pick_list(options, Some(selected), on_select)
                .text_size(size::BODY)
                .width(self.pick_width()),
        );
        column![self.labelled(label, pick), problems_at(self.editor, &at)]
            .spacing(gap::XS)
            .into()
    }

    /// Every statistic the rule system defines for this entry (with its range; required ones
    /// marked), then any other statistic the file gives, so a misspelt one can be fixed.
    fn stats(
        self,
        specs: &'a [StatSpec],
        given: &'a [(String, String)],
        kind: Option<&str>,
        at: &dyn Fn(String) -> Field,
    ) -> Element<'a, Message> {
        let mut list = Column::new()
            .spacing(gap::XS)
            .push(parts::strong("Statistics"));
        let value = |key: &str| {
            given
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str())
        };
        for spec in specs
            .iter()
            .filter(|s| kind.is_none_or(|k| s.applies_to(k)))
        {
            let mark = if spec.required { " *" } else { "" };
            let number = if spec.min < 0 {
                Kind::Signed
            } else {
                Kind::Whole
            };
            list = list.push(self.stat_row(
                format!("{}{mark}", spec.label),
                format!("{} to {}", spec.min, spec.max),
                at(spec.key.to_string()),
                value(spec.key),
                number,
            ));
        }
        for (key, v) in given
            .iter()
            .filter(|(k, _)| !specs.iter().any(|s| s.key == k))
        {
            list = list.push(self.stat_row(
                key.clone(),
                "not known".into(),
                at(key.clone()),
                v,
                Kind::Text,
            ));
        }
        list.into()
    }

    fn stat_row(
        self,
        label: String,
        range: String,
        at: Field,
        value: &'a str,
        kind: Kind,
    ) -> Element<'a, Message> {
        let on_input = {
            let at = at.clone();
            move |v| Message::FieldChanged(at.clone(), v)
        };
        let input = field(field_id(&at), "", value)
            .kind(kind)
            .on_input(on_input)
            .on_submit(Message::FieldSubmitted)
            .size(size::BODY)
            .width(Length::Fixed(STAT));
        // A statistic's line: its label (on a phone as wide as is left, wrapping), its
        // field and its range.
        let label: Element<'a, Message> = if self.phone {
            iced::widget::container(parts::body(label))
                .width(Fill)
                .into()
        } else {
            iced::widget::container(parts::body(label))
                .width(Length::Fixed(LABEL))
                .into()
        };
        // On a phone the ranges' column is as wide as the widest, so the fields line up.
        let range = iced::widget::container(parts::caption(range)).width(if self.phone {
            Length::Fixed(RANGE)
        } else {
            Length::Shrink
        });
        let line = row![label, input, range]
            .spacing(gap::S)
            .align_y(iced::Center);
        column![line, problems_at(self.editor, &at)]
            .spacing(gap::XS)
            .into()
    }
}

/// The rule system's traits as toggles, and any other trait the entry has.
fn traits<'a>(
    editor: &'a Editor,
    known: &'a [&'static str],
    has: &'a [String],
    field: Field,
) -> Element<'a, Message> {
    let mut boxes = Column::new().spacing(gap::XS);
    if !known.is_empty() || !has.is_empty() {
        boxes = boxes.push(parts::strong("Traits"));
    }
    let names = known
        .iter()
        .map(|t| t.to_string())
        .chain(has.iter().filter(|t| !known.contains(&t.as_str())).cloned());
    for name in names {
        let on = has.contains(&name);
        let toggled = {
            let (field, name) = (field.clone(), name.clone());
            move |_| Message::TraitToggled(field.clone(), name.clone())
        };
        boxes = boxes.push(
            checkbox(on)
                .label(name)
                .text_size(size::BODY)
                .on_toggle(toggled),
        );
    }
    boxes.push(problems_at(editor, &field)).into()
}

/// The id of a field's text input on the form ("name", "stat-strength"): one entry's form is
/// on show at a time, so the entry's place is left out.
pub fn field_id(field: &Field) -> String {
    let part = |p: &Part| match p {
        Part::Stat(key) => format!("stat-{key}"),
        other => part_label(other).to_lowercase(),
    };
    match field {
        Field::Leader(_, p) | Field::Unit(_, p) => part(p),
        other => format!("army-{other:?}").to_lowercase(),
    }
}

/// The problems the loader finds in one field, one line each.
pub fn problems_at<'a>(editor: &'a Editor, field: &Field) -> Element<'a, Message> {
    let lines = editor
        .problems()
        .iter()
        .filter(|p| &p.field == field)
        .map(|p| parts::error_line(p.message.as_str()));
    Column::with_children(lines).spacing(gap::XS).into()
}
