//! Open…, Save battle as… and Print… with the path typed into the window's field (the
//! fallback where the desktop has no file dialog, and the way tests always ask): the print
//! panel from Ctrl+P, a quick-reference card printed to a typed path and read back, a path
//! that cannot be written, a copy of the battle that loads back equal, and army files opened
//! with Ctrl+O — a broken one with its problems as path:line:col, a good one as its roster.

use std::path::Path;

use iced::keyboard::{self, Key, Modifiers};
use iced_test::selector::id;

use super::simulator;
use crate::ui::files::{self, NO_DIALOG, PATH_FIELD};
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen, home, shortcut};

/// An app in a fresh data folder, on the battle screen of the default new battle.
pub(super) fn app_in_battle(dir: &tempfile::TempDir) -> App {
    let mut app = App::new(Store::open(Some(dir.path().join("data"))));
    let _ = app.update(Message::Home(home::Message::NewBattle));
    assert!(matches!(app.screen, Screen::Battle(_)), "the battle is up");
    app
}

fn ctrl(c: &str) -> iced::Event {
    super::key_press(Key::Character(c.into()), Modifiers::CTRL)
}

/// Presses Ctrl and a letter as the window would, through the shortcut table.
pub(super) fn press_ctrl(app: &mut App, c: &str) {
    let window = iced::window::Id::unique();
    let message = shortcut(ctrl(c), iced::event::Status::Ignored, window)
        .unwrap_or_else(|| panic!("Ctrl+{c} is a shortcut"));
    let _ = app.update(message);
}

/// Runs `act` on a simulator of the window, then feeds the messages to `update`.
pub(super) fn interact(app: &mut App, act: impl FnOnce(&mut iced_test::Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let mut ui = simulator(app.view());
        act(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

pub(super) fn click(app: &mut App, label: &'static str) {
    interact(app, |ui| {
        ui.click(label)
            .unwrap_or_else(|e| panic!("no {label:?} to click: {e:?}"));
    });
}

pub(super) fn shows(app: &App, text: &str) -> bool {
    simulator(app.view()).find(text.to_string()).is_ok()
}

/// Replaces the path field's text as a player would: click, Ctrl+A, type.
pub(super) fn type_path(app: &mut App, path: &Path) {
    let typed = path.display().to_string();
    interact(app, |ui| {
        ui.click(id(PATH_FIELD)).expect("the path field is there");
        let modifiers = |m| iced::Event::Keyboard(keyboard::Event::ModifiersChanged(m));
        ui.simulate([
            modifiers(Modifiers::CTRL),
            ctrl("a"),
            modifiers(Modifiers::empty()),
        ]);
        let _ = ui.typewrite(&typed);
    });
}

fn pdf_text(path: &Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success(), "pdftotext reads {}", path.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn ctrl_p_opens_the_print_panel_with_every_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    assert!(!app.files.panel_open());
    press_ctrl(&mut app, "p");
    assert!(app.files.panel_open());
    let Screen::Battle(b) = &app.screen else {
        panic!("still the battle")
    };
    let rosters: Vec<String> = b
        .game()
        .armies()
        .iter()
        .map(|a| files::Document::Roster(0, a.name.clone()).label())
        .collect();
    for label in rosters.iter().map(String::as_str).chain([
        "Quick-reference card",
        "The battle as it stands",
        "After-action report",
        "A4",
        "Letter",
        NO_DIALOG,
    ]) {
        assert!(shows(&app, label), "the panel offers {label:?}");
    }
    click(&mut app, "Cancel");
    assert!(!app.files.panel_open());
}

#[test]
fn a_quick_reference_card_is_printed_to_the_typed_path() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    click(&mut app, "Print…");
    click(&mut app, "Quick-reference card");
    click(&mut app, "Letter");
    let target = dir.path().join("card.pdf");
    type_path(&mut app, &target);
    click(&mut app, "Print to file");

    assert_eq!(app.files.panel_error(), None);
    assert!(!app.files.panel_open(), "the panel closes once written");
    let bytes = std::fs::read(&target).expect("the card was written");
    assert!(bytes.starts_with(b"%PDF"));
    let text = pdf_text(&target);
    assert!(text.contains("Sequence of play"), "{text}");
    let Screen::Battle(b) = &app.screen else {
        panic!("still the battle")
    };
    if let Some(table) = b.game().rules().tables().first() {
        assert!(text.contains(&table.title), "{} in {text}", table.title);
    }
    let notice = app.files.notice().expect("the outcome is shown");
    assert!(notice.contains(&target.display().to_string()), "{notice}");
    assert!(shows(&app, notice));
    // The paper is remembered for the next time.
    let again = Store::open(Some(dir.path().join("data")));
    assert_eq!(again.paper(), adjutant::print::Paper::Letter);
}

/// The print panel offers the folder printed to last, on the desktop, in this window and the
/// next time Adjutant starts; printing there again, on the same paper, writes no settings.
#[test]
fn the_print_panel_offers_the_folder_printed_to_last() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let sheets = dir.path().join("sheets");
    std::fs::create_dir(&sheets).unwrap();
    click(&mut app, "Print…");
    let offered = app.files.panel_path().expect("the panel is up").to_string();
    assert!(
        !offered.starts_with(&sheets.display().to_string()),
        "{offered}: not yet the sheets folder"
    );
    click(&mut app, "Quick-reference card");
    type_path(&mut app, &sheets.join("card.pdf"));
    click(&mut app, "Print to file");
    assert_eq!(app.files.panel_error(), None);
    assert!(sheets.join("card.pdf").is_file());

    // Asked again: the same folder, the chosen sheet's own name in it.
    click(&mut app, "Print…");
    let offered = std::path::PathBuf::from(app.files.panel_path().expect("the panel is up"));
    assert_eq!(offered.parent(), Some(sheets.as_path()), "{offered:?}");
    click(&mut app, "Cancel");

    // And the next time Adjutant starts.
    drop(app);
    let store = Store::open(Some(dir.path().join("data")));
    assert_eq!(store.print_folder().as_deref(), Some(sheets.as_path()));
    let mut app = App::new(store);
    let _ = app.update(Message::Home(home::Message::NewBattle));
    click(&mut app, "Print…");
    let offered = std::path::PathBuf::from(app.files.panel_path().expect("the panel is up"));
    assert_eq!(offered.parent(), Some(sheets.as_path()), "{offered:?}");

    // Printed there again on the same paper: the settings are as they were, and not written.
    let settings = dir.path().join("data").join("config").join("settings.ron");
    assert!(settings.is_file(), "the settings were written once");
    std::fs::remove_file(&settings).unwrap();
    click(&mut app, "Quick-reference card");
    type_path(&mut app, &sheets.join("card-2.pdf"));
    click(&mut app, "Print to file");
    assert!(sheets.join("card-2.pdf").is_file());
    assert!(!settings.exists(), "nothing changed, nothing written");

    // A folder since removed is not offered: the documents folder is, as before.
    std::fs::remove_dir_all(&sheets).unwrap();
    click(&mut app, "Print…");
    let offered = std::path::PathBuf::from(app.files.panel_path().expect("the panel is up"));
    assert_ne!(offered.parent(), Some(sheets.as_path()), "{offered:?}");
}

#[test]
fn an_unwritable_path_is_reported_and_the_battle_stays() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let entries = match &app.screen {
        Screen::Battle(b) => b.game().log().len(),
        _ => unreachable!(),
    };
    press_ctrl(&mut app, "p");
    let target = dir.path().join("no such folder").join("sheet.pdf");
    type_path(&mut app, &target);
    click(&mut app, "Print to file");

    let error = app
        .files
        .panel_error()
        .expect("a problem is shown")
        .to_string();
    assert!(error.contains(&target.display().to_string()), "{error}");
    assert!(error.contains("does not exist"), "{error}");
    assert!(shows(&app, &error), "the problem is on screen");
    assert!(
        app.files.panel_open(),
        "the panel stays to try another path"
    );
    assert!(!target.exists());
    match &app.screen {
        Screen::Battle(b) => assert_eq!(b.game().log().len(), entries),
        _ => panic!("the battle is still on screen"),
    }
    click(&mut app, "Cancel");
    assert!(shows(&app, "1. Battle set up"));
}

#[test]
fn ctrl_s_saves_a_copy_that_loads_back_equal_and_opens_with_ctrl_o() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    press_ctrl(&mut app, "s");
    assert!(shows(&app, "Save a copy of the battle"));
    assert!(shows(&app, NO_DIALOG));
    let copy = dir.path().join("copy.ron");
    type_path(&mut app, &copy);
    click(&mut app, "Save copy");

    let Screen::Battle(b) = &app.screen else {
        panic!("still the battle")
    };
    let game = b.game().clone();
    let loaded = adjutant::store::read_battle(&copy).expect("the copy loads");
    assert_eq!(loaded, game);
    assert!(app.files.notice().is_some_and(|n| n.contains("copy.ron")));

    // A folder that is not there: the system's reason, and the battle untouched.
    press_ctrl(&mut app, "s");
    let nowhere = dir.path().join("missing").join("b.ron");
    type_path(&mut app, &nowhere);
    click(&mut app, "Save copy");
    let error = app.files.panel_error().expect("a problem").to_string();
    assert!(
        error.contains(&nowhere.display().to_string()) && error.contains("os error"),
        "{error}"
    );
    click(&mut app, "Cancel");

    // The copy opens again from home, as a battle of its own in Adjutant's folder.
    click(&mut app, "← Home");
    press_ctrl(&mut app, "o");
    type_path(&mut app, &copy);
    click(&mut app, "Open the file");
    match &app.screen {
        Screen::Battle(b) => assert_eq!(b.game(), &game),
        _ => panic!("the copy opens as a battle: {:?}", app.files.panel_error()),
    }
}

#[test]
fn ctrl_o_shows_a_broken_army_with_path_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().join("data"))));
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "Army(\n    version: 1,\n    name: \n").unwrap();
    press_ctrl(&mut app, "o");
    assert!(shows(&app, "Open an army or battle file"));
    type_path(&mut app, &broken);
    click(&mut app, "Open the file");

    let error = app
        .files
        .panel_error()
        .expect("the problems are shown")
        .to_string();
    let prefix = format!("{}:", broken.display());
    let line = error
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("a path:line:col line in {error}"));
    let mut parts = line[prefix.len()..].split(':');
    assert!(
        parts.next().is_some_and(|l| l.parse::<usize>().is_ok()),
        "{line}"
    );
    assert!(
        parts.next().is_some_and(|c| c.parse::<usize>().is_ok()),
        "{line}"
    );
    assert!(shows(&app, &error));
    assert!(matches!(app.screen, Screen::Home(_)), "home stays");
}

#[test]
fn a_good_army_opens_as_its_roster_and_can_join_the_armies() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().join("data"))));
    let shipped = adjutant::army::discover::shipped_armies_dir();
    let source = std::fs::read_dir(shipped.join("d3_ecw"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("a shipped army");
    let mine = dir.path().join("my army.ron");
    std::fs::copy(&source, &mine).unwrap();
    click(&mut app, "Open file…");
    type_path(&mut app, &mine);
    click(&mut app, "Open the file");
    assert!(
        matches!(app.screen, Screen::Roster(_)),
        "{:?}",
        app.files.panel_error()
    );
    click(&mut app, "Print…");
    assert!(shows(&app, "Quick-reference card"));
    click(&mut app, "Cancel");
    click(&mut app, "Use in a new battle");
    assert!(matches!(app.screen, Screen::Home(_)));
    let kept = dir.path().join("data/armies/my army.ron");
    assert_eq!(std::fs::read(kept).unwrap(), std::fs::read(&mine).unwrap());
}

/// Prints the battle as it stands to `target` from the screen as it is.
fn print_battle(app: &mut App, target: &Path) -> String {
    press_ctrl(app, "p");
    click(app, "The battle as it stands");
    type_path(app, target);
    click(app, "Print to file");
    assert_eq!(app.files.panel_error(), None);
    pdf_text(target)
}

#[test]
fn the_battle_printed_from_the_umpire_view_shows_the_command_chits() {
    use crate::ui::battle::{Message as BattleMessage, procedure_panel};
    use adjutant::battle::adjust::Subject;
    use adjutant::status::{Change, Viewer};
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let Screen::Battle(b) = &app.screen else {
        unreachable!()
    };
    // A leader with a secret mark: set its chit by hand.
    let game = b.game();
    let (leader, side, key, value) = game
        .roster
        .ids()
        .find_map(|p| {
            let m = game.piece_schema(p).marks.iter().find(|m| m.secret)?;
            Some((
                p,
                game.roster.side_of(p),
                m.key.to_string(),
                m.choices[0].clone(),
            ))
        })
        .expect("a leader with a secret chit");
    let _ = app.update(Message::Battle(BattleMessage::Procedure(
        procedure_panel::Message::Adjust(
            Subject::Piece(leader),
            Change::Mark {
                key,
                to: Some(value.clone()),
            },
        ),
    )));
    let umpire = print_battle(&mut app, &dir.path().join("umpire.pdf"));
    let _ = app.update(Message::Battle(BattleMessage::ViewerSelected(
        Viewer::Side(1 - side),
    )));
    let other = print_battle(&mut app, &dir.path().join("side.pdf"));
    assert!(
        umpire.matches(value.as_str()).count() > other.matches(value.as_str()).count(),
        "the chit {value} shows from the umpire's view only:\n{umpire}\n---\n{other}"
    );
}
