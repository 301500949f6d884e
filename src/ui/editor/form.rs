//! The builder's form: the army's own fields, or one leader's or unit's — every statistic the
//! rule system defines with its allowed range, traits as toggles, leader links as pick lists —
//! each with the problems the loader finds in it right beneath.

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

/// The form for the selected entry.
pub fn view(editor: &Editor) -> Element<'_, Message> {
    match editor.selected {
        Selected::Army => army(editor),
        Selected::Leader(i) => leader(editor, i),
        Selected::Unit(i) => unit(editor, i),
    }
}

fn army(editor: &Editor) -> Element<'_, Message> {
    let draft = editor.draft();
    column![
        parts::heading("The army"),
        parts::caption(format!("Rule system: {}", editor.system_name)),
        input(editor, "Name", Field::Name, &draft.name),
        input(editor, "Side", Field::Side, &draft.side),
        input(
            editor,
            "Description",
            Field::Description,
            &draft.description
        ),
        problems_at(editor, &Field::Leaders),
        problems_at(editor, &Field::Units),
    ]
    .spacing(gap::S)
    .into()
}

fn leader(editor: &Editor, i: usize) -> Element<'_, Message> {
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
    let mut form = Column::new()
        .spacing(gap::S)
        .push(entry_bar(Roll::Leaders, i, format!("Leader {}", i + 1)))
        .push(problems_at(editor, &at(Part::Whole)))
        .push(input(editor, "Id", at(Part::Id), &l.id))
        .push(input(editor, "Name", at(Part::Name), &l.name))
        .push(link(
            editor,
            "Superior",
            at(Part::Superior),
            &l.superior,
            others,
        ));
    form = form.push(stats(editor, &spec.leader_stats, &l.stats, None, &|key| {
        at(Part::Stat(key))
    }));
    form = form.push(traits(
        editor,
        &spec.leader_traits,
        &l.traits,
        at(Part::Traits),
    ));
    form = form
        .push(input(
            editor,
            "Group (entry turn, division)",
            at(Part::Group),
            &l.group,
        ))
        .push(input(editor, "Notes", at(Part::Notes), &l.notes));
    form.into()
}

fn unit(editor: &Editor, i: usize) -> Element<'_, Message> {
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
    let kind_row = row![
        field_label("Kind"),
        kept_inside(
            pick_list(kinds, Some(u.kind.clone()), move |k| Message::FieldChanged(
                at(Part::Kind),
                k
            ))
            .text_size(size::BODY)
            .width(Length::Fixed(260.0))
        ),
    ]
    .spacing(gap::S)
    .align_y(iced::Center);
    let kind_note = editor
        .spec
        .kind(&u.kind)
        .map(|k| parts::caption(k.description));
    let mut form = Column::new()
        .spacing(gap::S)
        .push(entry_bar(Roll::Units, i, format!("Unit {}", i + 1)))
        .push(problems_at(editor, &at(Part::Whole)))
        .push(input(editor, "Id", at(Part::Id), &u.id))
        .push(input(editor, "Name", at(Part::Name), &u.name))
        .push(kind_row)
        .push(kind_note)
        .push(problems_at(editor, &at(Part::Kind)))
        .push(link(editor, "Leader", at(Part::Leader), &u.leader, leaders));
    form = form.push(stats(
        editor,
        &spec.unit_stats,
        &u.stats,
        Some(&u.kind),
        &|key| at(Part::Stat(key)),
    ));
    form = form.push(traits(
        editor,
        &spec.unit_traits,
        &u.traits,
        at(Part::Traits),
    ));
    form = form
        .push(input(
            editor,
            "Group (entry turn, division)",
            at(Part::Group),
            &u.group,
        ))
        .push(input(editor, "Notes", at(Part::Notes), &u.notes));
    form.into()
}

/// The width of a field's label.
const LABEL: f32 = 170.0;

/// A field's label, in a column of its own width.
fn field_label<'a>(content: impl iced::widget::text::IntoFragment<'a>) -> Element<'a, Message> {
    iced::widget::container(parts::body(content))
        .width(Length::Fixed(LABEL))
        .into()
}

/// The entry's title with its list buttons: up, down, duplicate, delete.
fn entry_bar<'a>(roll: Roll, i: usize, title: String) -> Element<'a, Message> {
    row![
        parts::heading(title),
        iced::widget::space::horizontal(),
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
    .align_y(iced::Center)
    .into()
}

/// A labelled text field with its problems beneath.
fn input<'a>(
    editor: &'a Editor,
    label: &'a str,
    at: Field,
    value: &'a str,
) -> Element<'a, Message> {
    let on_input = {
        let at = at.clone();
        move |v| Message::FieldChanged(at.clone(), v)
    };
    column![
        row![
            field_label(label),
            field(field_id(&at), label, value)
                .on_input(on_input)
                .on_submit(Message::FieldSubmitted)
                .size(size::BODY)
                .width(Fill),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
        problems_at(editor, &at),
    ]
    .spacing(gap::XS)
    .into()
}

/// A pick list of leader ids, "(none)" first.
fn link<'a>(
    editor: &'a Editor,
    label: &'a str,
    field: Field,
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
        let field = field.clone();
        move |v: String| {
            let v = if v == NONE { String::new() } else { v };
            Message::FieldChanged(field.clone(), v)
        }
    };
    column![
        row![
            field_label(label),
            kept_inside(
                pick_list(options, Some(selected), on_select)
                    .text_size(size::BODY)
                    .width(Length::Fixed(260.0))
            ),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
        problems_at(editor, &field),
    ]
    .spacing(gap::XS)
    .into()
}

/// Every statistic the rule system defines for this entry (with its range; required ones
/// marked), then any other statistic the file gives, so a misspelt one can be fixed.
fn stats<'a>(
    editor: &'a Editor,
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
        let label = format!("{}{mark}", spec.label);
        let range = format!("{} to {}", spec.min, spec.max);
        let number = if spec.min < 0 {
            Kind::Signed
        } else {
            Kind::Whole
        };
        list = list.push(stat_row(
            editor,
            label,
            range,
            at(spec.key.to_string()),
            value(spec.key),
            number,
        ));
    }
    for (key, v) in given
        .iter()
        .filter(|(k, _)| !specs.iter().any(|s| s.key == k))
    {
        list = list.push(stat_row(
            editor,
            key.clone(),
            "not known".into(),
            at(key.clone()),
            v,
            Kind::Text,
        ));
    }
    list.into()
}

fn stat_row<'a>(
    editor: &'a Editor,
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
    column![
        row![
            field_label(label),
            field(field_id(&at), "", value)
                .kind(kind)
                .on_input(on_input)
                .on_submit(Message::FieldSubmitted)
                .size(size::BODY)
                .width(Length::Fixed(90.0)),
            parts::caption(range),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
        problems_at(editor, &at),
    ]
    .spacing(gap::XS)
    .into()
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
