//! The army builder, clicked and typed through as a player would: an army built from nothing
//! for each rule system, saved, read back by the loader and taken into a battle; a shipped army
//! edited and saved as the player's copy with its comments; problems shown at the field and a
//! save refused; undo and redo; the warning before leaving with edits not saved.

use iced_test::selector::id;
use iced_test::{Error, Simulator};

use adjutant::army::draft::{Field, Part};
use adjutant::army::{Origin, load_army};
use adjutant::battle::Battle;
use adjutant::rules;

use super::simulator;
use crate::ui::editor::Message as EditorMessage;
use crate::ui::home::Message as HomeMessage;
use crate::ui::home::picker::system_pick;
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen};

fn drive(app: &mut App, act: impl FnOnce(&mut Simulator<'_, Message>) -> Result<(), Error>) {
    let messages: Vec<Message> = {
        let mut ui = simulator(app.view());
        act(&mut ui).expect("the interaction finds its widgets");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

fn type_into(app: &mut App, field: &str, typed: &str) {
    let field = field.to_string();
    let typed = typed.to_string();
    drive(app, move |ui| {
        ui.click(id(field))?;
        let _ = ui.tap_key(iced::keyboard::key::Named::End);
        let _ = ui.typewrite(&typed);
        Ok(())
    });
}

/// Sets a field through the message its input sends (for fields the form has scrolled away).
fn set(app: &mut App, field: Field, value: &str) {
    let _ = app.update(Message::Editor(EditorMessage::FieldChanged(
        field,
        value.into(),
    )));
}

fn click(app: &mut App, label: &'static str) {
    drive(app, |ui| ui.click(label).map(|_| ()));
}

fn shows(app: &App, text: &str) -> bool {
    simulator(app.view()).find(text.to_string()).is_ok()
}

fn editor(app: &App) -> &crate::ui::editor::Editor {
    match &app.screen {
        Screen::Editor(e) => e,
        _ => panic!("the builder is not on show"),
    }
}

fn app(dir: &tempfile::TempDir) -> App {
    App::new(Store::open(Some(dir.path().to_path_buf())))
}

#[test]
fn an_army_is_built_from_nothing_for_each_system_saved_and_taken_into_a_battle() {
    for system in rules::standard() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = app(&dir);
        let _ = app.update(Message::Home(HomeMessage::NewArmyPressed(system_pick(
            &system,
        ))));
        assert!(shows(&app, "Army builder: a new army"), "{}", system.id());
        type_into(&mut app, "army-name", "Test Brigade");
        type_into(&mut app, "army-side", "Blue");
        let spec = system.army_spec();

        click(&mut app, "Add leader");
        for stat in spec.leader_stats.iter().filter(|s| s.required) {
            set(
                &mut app,
                Field::Leader(0, Part::Stat(stat.key.into())),
                &stat.min.to_string(),
            );
        }
        click(&mut app, "Add unit");
        let kind = spec.unit_kinds[0].name;
        let required: Vec<_> = spec
            .unit_stats
            .iter()
            .filter(|s| s.required && s.applies_to(kind))
            .collect();
        for (n, stat) in required.iter().enumerate() {
            let value = stat.min.max(1).min(stat.max).to_string();
            if n == 0 {
                type_into(&mut app, &format!("stat-{}", stat.key), &value);
            } else {
                set(
                    &mut app,
                    Field::Unit(0, Part::Stat(stat.key.into())),
                    &value,
                );
            }
        }
        // Enter in a field adds the next unit, as a spreadsheet adds a row.
        drive(&mut app, |ui| {
            ui.click(id("name"))?;
            let _ = ui.tap_key(iced::keyboard::key::Named::Enter);
            Ok(())
        });
        assert_eq!(editor(&app).draft().units.len(), 2, "{}", system.id());
        for stat in &required {
            let value = stat.min.max(1).min(stat.max).to_string();
            set(
                &mut app,
                Field::Unit(1, Part::Stat(stat.key.into())),
                &value,
            );
        }
        let leader = editor(&app).draft().leaders[0].id.clone();
        for unit in 0..2 {
            let field = Field::Unit(unit, Part::Leader);
            let _ = app.update(Message::Editor(EditorMessage::FieldChanged(
                field,
                leader.clone(),
            )));
        }
        assert!(
            shows(&app, "No problems: the army loads as shown."),
            "{}: {:?}",
            system.id(),
            editor(&app).problems()
        );

        click(&mut app, "Save");
        let path = editor(&app).target().expect("saved").to_path_buf();
        assert!(path.starts_with(dir.path().join("armies")));
        assert!(shows(
            &app,
            &format!("Saved to {} (checked: no problems).", path.display())
        ));
        let army = load_army(&path).unwrap_or_else(|p| panic!("{}: {p:?}", system.id()));
        assert_eq!(army.name, "Test Brigade");
        assert_eq!(army.units.len(), 2);
        let (report, ok) = adjutant::army::discover::check_files(std::slice::from_ref(&path));
        assert!(ok, "{report}");

        // Home lists it as the player's own, and it fights a shipped army of its system.
        click(&mut app, "← Home");
        let files = Store::open(Some(dir.path().to_path_buf())).armies();
        let mine = files.iter().find(|f| f.path == path).expect("listed");
        assert_eq!(mine.origin, Origin::User);
        let enemy = files
            .iter()
            .filter(|f| f.origin == Origin::Shipped)
            .filter_map(|f| f.loaded.as_ref().ok())
            .find(|a| a.system == system.id())
            .expect("a shipped army of the system")
            .clone();
        Battle::new(system.id(), vec![army, enemy], 3)
            .unwrap_or_else(|e| panic!("{}: {e:?}", system.id()));
    }
}

/// Opens the first shipped army of R&R in the builder.
fn edit_shipped(app: &mut App, dir: &tempfile::TempDir) -> std::path::PathBuf {
    assert!(matches!(app.screen, Screen::Home(_)), "home first");
    let files = Store::open(Some(dir.path().to_path_buf())).armies();
    let at = files
        .iter()
        .position(|f| f.path.ends_with("winceby_parliament.ron"))
        .expect("the shipped Winceby Parliament");
    let _ = app.update(Message::Home(HomeMessage::EditPressed(at)));
    files[at].path.clone()
}

#[test]
fn a_shipped_army_is_saved_as_the_players_copy_with_its_comments() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(&dir);
    let shipped = edit_shipped(&mut app, &dir);
    let before = std::fs::read_to_string(&shipped).unwrap();
    assert!(shows(&app, "Army builder: Winceby Parliament"));
    type_into(&mut app, "army-name", " (my copy)");
    click(&mut app, "Save");
    let copy = editor(&app).target().expect("saved").to_path_buf();
    assert_eq!(
        copy,
        dir.path()
            .join("armies/royalists_roundheads/winceby_parliament.ron")
    );
    assert_eq!(
        std::fs::read_to_string(&shipped).unwrap(),
        before,
        "the install is never written"
    );
    let saved = std::fs::read_to_string(&copy).unwrap();
    assert_eq!(
        saved,
        before.replace(
            "name: \"Winceby Parliament\"",
            "name: \"Winceby Parliament (my copy)\""
        )
    );
    assert!(!editor(&app).is_dirty());
}

#[test]
fn problems_show_at_the_field_and_a_save_is_refused_with_nothing_lost() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(&dir);
    edit_shipped(&mut app, &dir);
    let _ = app.update(Message::Editor(EditorMessage::Selected(
        crate::ui::editor::Selected::Unit(0),
    )));
    type_into(&mut app, "name", "!");
    set(
        &mut app,
        Field::Unit(0, Part::Stat("strength".into())),
        "40",
    );
    let problem = editor(&app)
        .problems()
        .iter()
        .find(|p| p.field == Field::Unit(0, Part::Stat("strength".into())))
        .expect("the range problem is at the strength field")
        .message
        .clone();
    assert!(problem.contains("out of range"), "{problem}");
    assert!(shows(&app, &problem), "shown beneath the field");
    click(&mut app, "Save");
    assert!(shows(&app, "Not saved: fix 1 problem first."));
    assert!(editor(&app).target().is_none(), "nothing was written");
    assert!(!dir.path().join("armies/royalists_roundheads").exists());
    // The typed value is still there to fix; undo takes it back.
    assert!(editor(&app).is_dirty());
    let _ = app.update(Message::UndoPressed);
    assert!(editor(&app).problems().is_empty());
    assert_eq!(editor(&app).draft().units[0].name, "Cromwell's Horse (1)!");
    let _ = app.update(Message::RedoPressed);
    assert_eq!(editor(&app).problems().len(), 1);
}

#[test]
fn leaving_with_edits_not_saved_asks_first_and_never_discards_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(&dir);
    edit_shipped(&mut app, &dir);
    type_into(&mut app, "army-side", "!");
    click(&mut app, "← Home");
    assert!(shows(&app, "This army has edits that are not saved."));
    click(&mut app, "Keep editing");
    assert!(matches!(app.screen, Screen::Editor(_)));
    click(&mut app, "← Home");
    click(&mut app, "Discard edits");
    assert!(matches!(app.screen, Screen::Home(_)));
}
