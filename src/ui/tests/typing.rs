//! The text fields as the browser's page input finds them (`ui::typing`): every field says
//! what it takes (words, a whole number, a number that may be below zero) and is found at the
//! bounds iced lays its input out at; the field with the focus is found where the screen
//! shows it — moved by the panel it is scrolled in, or not at all once scrolled out of view —
//! with its value and its caret or selection counted as a page's input counts them (UTF-16).

use iced::keyboard::{self, Key, Modifiers};
use iced::{Event, Point, mouse};
use iced_test::selector::{Candidate, id};
use iced_test::{Selector as _, Simulator};

use adjutant::army::draft::{Field, Part, Roll};

use super::key_press;
use super::systems::{Play, at};
use crate::ui::battle::{roster_panel, tray};
use crate::ui::editor::{Message as EditorMessage, form::field_id};
use crate::ui::home::Message as HomeMessage;
use crate::ui::home::picker::system_pick;
use crate::ui::persist::Store;
use crate::ui::typing::Kind;
use crate::ui::typing::focused::{Every, Focused, Seen};
use crate::ui::{App, Message};

/// Every text field on show.
pub(super) fn fields<M>(ui: &mut Simulator<'_, M>) -> Vec<Seen> {
    let mut all = Vec::new();
    let mut every = Every(None);
    let _ = ui.find(|c: Candidate<'_>| {
        if let Some(seen) = every.select(c) {
            all.push(seen);
        }
        None::<()>
    });
    all
}

/// The field `name` among those on show, failing with their ids when it is not.
fn the(all: &[Seen], name: &str) -> Seen {
    let wanted = iced::widget::Id::from(name.to_string());
    all.iter()
        .find(|s| s.id == wanted)
        .cloned()
        .unwrap_or_else(|| {
            let ids: Vec<_> = all.iter().map(|s| format!("{:?}", s.id)).collect();
            panic!("no field {name}; the fields: {}", ids.join(", "))
        })
}

/// The field's bounds as iced's own selector finds its input.
fn laid_out<M>(ui: &mut Simulator<'_, M>, name: &str) -> iced::Rectangle {
    ui.find(id(name.to_string()))
        .unwrap_or_else(|_| panic!("iced finds {name}"))
        .bounds()
}

fn focused<M>(ui: &mut Simulator<'_, M>) -> Option<Seen> {
    ui.find(Focused).ok()
}

#[test]
fn every_field_says_what_it_takes_and_is_found_where_it_is_laid_out() {
    let play = Play::new("royalists_roundheads", ["Royalist", "Parliament"], 1);
    let mut ui = at(play.size, play.screen.view());
    let all = fields(&mut ui);
    for (name, kind) in [
        (roster_panel::FILTER, Kind::Text),
        (tray::FACES, Kind::Whole),
        (tray::MOD_LABEL, Kind::Text),
        (tray::MOD_VALUE, Kind::Signed),
    ] {
        let seen = the(&all, name);
        assert_eq!(seen.report.kind, kind, "{name}");
        assert_eq!(seen.bounds, laid_out(&mut ui, name), "{name}");
        let shown = seen.on_screen().expect("shows whole");
        assert!(
            (shown.y - seen.bounds.y).abs() < 0.01 && (shown.x - seen.bounds.x).abs() < 0.01,
            "{name} shows where it is laid out, nothing scrolled: {shown:?}"
        );
        assert!(!seen.report.focused, "{name}");
    }
    assert_eq!(focused(&mut ui), None, "no field has the focus");
    drop(ui);

    // The builder's statistics take whole numbers; its names, words.
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    let rr = adjutant::rules::standard()[0].clone();
    let _ = app.update(Message::Home(HomeMessage::NewArmyPressed(system_pick(&rr))));
    let _ = app.update(Message::Editor(EditorMessage::AddPressed(Roll::Units)));
    let mut ui = at((390.0, 844.0), app.view());
    let all = fields(&mut ui);
    for (field, kind) in [
        (Field::Unit(0, Part::Id), Kind::Text),
        (Field::Unit(0, Part::Name), Kind::Text),
        (Field::Unit(0, Part::Stat("strength".into())), Kind::Whole),
        (Field::Unit(0, Part::Stat("morale".into())), Kind::Whole),
    ] {
        let name = field_id(&field);
        let seen = the(&all, &name);
        assert_eq!(seen.report.kind, kind, "{name}");
        assert_eq!(seen.bounds, laid_out(&mut ui, &name), "{name}");
    }
}

/// A wheel turned over `point` by `dy` logical pixels (down is negative, as a wheel reports).
fn scroll<M>(ui: &mut Simulator<'_, M>, point: Point, dy: f32) {
    ui.point_at(point);
    let _ = ui.simulate([Event::Mouse(mouse::Event::WheelScrolled {
        delta: mouse::ScrollDelta::Pixels { x: 0.0, y: dy },
    })]);
}

#[test]
fn the_focused_field_is_found_where_the_screen_shows_it_with_its_value_and_caret() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    let rr = adjutant::rules::standard()[0].clone();
    let _ = app.update(Message::Home(HomeMessage::NewArmyPressed(system_pick(&rr))));
    let _ = app.update(Message::Editor(EditorMessage::AddPressed(Roll::Units)));
    // Two letters and a die: four UTF-16 code units, three characters.
    let notes = Field::Unit(0, Part::Notes);
    let _ = app.update(Message::Editor(EditorMessage::FieldChanged(
        notes.clone(),
        "é🎲x".into(),
    )));
    let name = field_id(&notes);

    // A short window: the unit's form is longer than the screen.
    let size = (1280.0, 560.0);
    let mut ui = at(size, app.view());
    let laid = laid_out(&mut ui, &name);
    assert!(
        laid.y > size.1,
        "the notes are below the screen until the form is scrolled ({laid:?})"
    );
    let form = Point::new(size.0 / 2.0, size.1 / 2.0);
    scroll(&mut ui, form, -2000.0);
    ui.click(id(name.clone())).expect("the notes are in view");
    let seen = focused(&mut ui).expect("the notes have the focus");
    assert_eq!(seen.id, iced::widget::Id::from(name.clone()));
    assert_eq!(seen.report.kind, Kind::Text);
    assert_eq!(seen.report.value, "é🎲x");
    assert_eq!(seen.report.placeholder, "Notes");
    assert_eq!(seen.report.size, crate::ui::theme::size::BODY);
    assert_eq!(seen.bounds, laid, "the layout is not moved by scrolling");
    let shown = seen.on_screen().expect("the notes show whole");
    assert_eq!((shown.x, shown.width), (laid.x, laid.width));
    assert!((shown.height - laid.height).abs() < 0.01);
    assert!(
        shown.y < laid.y && shown.y + shown.height <= size.1,
        "on the screen the notes are where the scrolled form shows them ({shown:?})"
    );
    // Tapped past the end of the text: the caret after the three characters, at code unit 4.
    assert_eq!(seen.report.selection, (4, 4));

    let _ = ui.tap_key(keyboard::key::Named::Home);
    assert_eq!(focused(&mut ui).expect("focused").report.selection, (0, 0));
    let _ = ui.simulate([
        Event::Keyboard(keyboard::Event::ModifiersChanged(Modifiers::COMMAND)),
        key_press(Key::Character("a".into()), Modifiers::COMMAND),
        Event::Keyboard(keyboard::Event::ModifiersChanged(Modifiers::empty())),
    ]);
    assert_eq!(
        focused(&mut ui).expect("focused").report.selection,
        (0, 4),
        "all selected"
    );

    // Scrolled back up, the notes are out of view: no place on the screen to type over.
    scroll(&mut ui, form, 2000.0);
    let seen = focused(&mut ui).expect("the notes keep the focus");
    assert_eq!(seen.on_screen(), None, "{:?}", seen.visible);
}
