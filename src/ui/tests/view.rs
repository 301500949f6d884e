//! How the window shows things: F9's across-the-table view (turn, phase, last result and key
//! figures, remembered in the settings), the zoom keys (saved and restored), F11's full-screen
//! toggle driven through the window actions it asks for, the tables in force with where each
//! came from, and the theme (the desktop's, or the player's pick, saved).

use iced::futures::StreamExt;
use iced::futures::executor::block_on;
use iced::keyboard::{Key, Modifiers, key::Named};
use iced::{Element, Task, window};
use iced_test::runtime::{Action, task, window::Action as WindowAction};
use iced_test::selector::Candidate;

use adjutant::rules::registry::{load_overrides, override_file};

use super::{battle, simulator, type_faces};
use crate::ui::display::{self, Message as Display};
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen, shortcut, tables_view};

/// A key press as the window reports it.
fn press(key: Key, modifiers: Modifiers) -> iced::Event {
    super::key_press(key, modifiers)
}

/// The message the window's shortcut listener makes of a key press.
fn key(key: Key, modifiers: Modifiers) -> Option<Message> {
    shortcut(
        press(key, modifiers),
        iced::event::Status::Ignored,
        window::Id::unique(),
    )
}

fn character(c: &str) -> Key {
    Key::Character(c.into())
}

/// Presses a key on the app, which must make a display message, and returns the task.
fn press_on(app: &mut App, k: Key, modifiers: Modifiers) -> Task<Message> {
    match key(k, modifiers) {
        Some(m @ Message::Display(_)) => app.update(m),
        other => panic!("not a display key: {other:?}"),
    }
}

/// Every text on a view, in order.
fn texts<M>(view: Element<'_, M>) -> Vec<String> {
    let mut all = Vec::new();
    let _ = simulator(view).find(|c: Candidate<'_>| {
        if let Candidate::Text { content, .. } = c {
            all.push(content.to_string());
        }
        None::<()>
    });
    all
}

/// An app on the battle screen, started from the home screen's default picks in `dir`.
fn app_in_battle(dir: &tempfile::TempDir) -> App {
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    let messages: Vec<Message> = {
        let mut ui = simulator(app.view());
        ui.click("Start the battle").expect("a default battle");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
    assert!(matches!(app.screen, Screen::Battle(_)), "the battle is up");
    app
}

#[test]
fn f9_shows_turn_phase_last_result_and_figures_in_large_type_and_toggles_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let _ = press_on(&mut app, Key::Named(Named::F9), Modifiers::empty());
    let Screen::Battle(screen) = &app.screen else {
        panic!("still on the battle screen");
    };
    let game = screen.game();
    let state = game.state();
    let phase = &game.rules().phases()[state.phase].name;
    let side = &game.armies()[state.side].side;
    let figures = game.rules().figures(&game.context());
    assert!(
        !figures.is_empty(),
        "the battle's rule system keeps figures"
    );

    let shown = texts(app.view());
    let clock = format!("Turn {} · {phase} · {side}", state.turn);
    assert!(shown.contains(&clock), "{clock:?} in {shown:?}");
    assert!(
        shown.contains(&"Last: Battle set up".to_string()),
        "{shown:?}"
    );
    for f in &figures {
        assert!(shown.contains(&f.label), "{} in {shown:?}", f.label);
        assert!(shown.contains(&f.value), "{} in {shown:?}", f.value);
    }
    assert!(!shown.contains(&"Log".to_string()), "the panels are gone");
    assert!(
        Store::open(Some(dir.path().to_path_buf())).across_table(),
        "the choice is saved"
    );

    let _ = press_on(&mut app, Key::Named(Named::F9), Modifiers::empty());
    let shown = texts(app.view());
    assert!(shown.contains(&"Log".to_string()), "the panels are back");
    assert!(shown.contains(&"Across (F9)".to_string()), "{shown:?}");
    assert!(!Store::open(Some(dir.path().to_path_buf())).across_table());
}

/// Every text on show in a view at 1280×800, with the part of it in view.
fn shown_at_1280<M>(view: Element<'_, M>) -> Vec<(String, iced::Rectangle)> {
    let mut all = Vec::new();
    let _ = simulator(view).find(|c: Candidate<'_>| {
        if let Candidate::Text {
            content,
            bounds,
            visible_bounds,
            ..
        } = c
        {
            // Only the part inside the window (and any scrolled area) counts as in view.
            let window = iced::Rectangle::new(iced::Point::ORIGIN, iced::Size::new(1280.0, 800.0));
            let seen = visible_bounds
                .and_then(|v| v.intersection(&window))
                .filter(|v| v.height >= bounds.height - 0.5 && v.width >= bounds.width - 0.5);
            all.push((content.to_string(), seen.unwrap_or_default()));
        }
        None::<()>
    });
    all
}

#[test]
fn the_across_view_of_every_system_fits_1280_by_800_without_scrolling() {
    let mut failures = Vec::new();
    for system in adjutant::rules::standard() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(Some(dir.path().to_path_buf()));
        let armies: Vec<adjutant::army::Army> = store
            .armies()
            .into_iter()
            .filter_map(|f| f.loaded.ok())
            .filter(|a| a.system == system.id())
            .take(2)
            .collect();
        assert_eq!(armies.len(), 2, "{} ships two armies", system.id());
        let game = adjutant::battle::Battle::new(system.id(), armies, 7).unwrap();
        let mut screen = super::BattleScreen::new(store, game);
        let _ = screen.update(crate::ui::battle::Message::AcrossToggled);
        let game = screen.game();
        let figures = game.rules().figures(&game.context());
        let shown = shown_at_1280(screen.view());
        let whole = |text: &str| {
            shown
                .iter()
                .any(|(t, at)| t == text && at.width > 0.0 && at.height > 0.0)
        };
        let mut missing: Vec<String> = Vec::new();
        let clock = game.clock_line();
        for text in [clock.as_str(), "Back to the table (F9)"]
            .into_iter()
            .chain(
                figures
                    .iter()
                    .flat_map(|f| [f.label.as_str(), f.value.as_str()]),
            )
        {
            if !whole(text) {
                missing.push(text.to_string());
            }
        }
        if !missing.is_empty() {
            failures.push(format!("{}: {missing:?}", system.id()));
        }
    }
    assert!(
        failures.is_empty(),
        "not wholly in view at 1280×800:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_across_view_shows_the_newest_roll_and_opens_first_when_remembered() {
    let dir = tempfile::tempdir().unwrap();
    Store::open(Some(dir.path().to_path_buf()))
        .save_across_table(true)
        .unwrap();
    let mut screen = battle(&dir);
    let shown = texts(screen.view());
    assert!(
        shown.contains(&"Back to the table (F9)".to_string()),
        "{shown:?}"
    );

    let _ = screen.update(crate::ui::battle::Message::AcrossToggled);
    type_faces(&mut screen, "2 5");
    let _ = screen.update(crate::ui::battle::Message::AcrossToggled);
    let shown = texts(screen.view());
    assert!(shown.contains(&"Last: Roll 2D6".to_string()), "{shown:?}");
    assert!(
        shown.contains(&"2D6 [2 5] = 7 (typed)".to_string()),
        "the dice are the outcome: {shown:?}"
    );
}

#[test]
fn ctrl_plus_and_minus_zoom_in_steps_ctrl_0_resets_and_the_zoom_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let reopened = || Store::open(Some(dir.path().to_path_buf())).zoom();
    let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
    assert_eq!(app.scale_factor(), 1.0);

    let _ = press_on(&mut app, character("="), Modifiers::CTRL);
    assert_eq!(app.scale_factor(), 1.1);
    assert_eq!(reopened(), 1.1, "saved");
    let _ = press_on(&mut app, character("+"), Modifiers::CTRL | Modifiers::SHIFT);
    assert_eq!(app.scale_factor(), 1.25);
    let _ = press_on(&mut app, character("-"), Modifiers::CTRL);
    assert_eq!(app.scale_factor(), 1.1);
    assert_eq!(
        App::new(Store::open(Some(dir.path().to_path_buf()))).scale_factor(),
        1.1,
        "restored at start"
    );
    let _ = press_on(&mut app, character("0"), Modifiers::CTRL);
    assert_eq!(app.scale_factor(), 1.0);
    assert_eq!(reopened(), 1.0);

    assert!(
        key(character("="), Modifiers::empty()).is_none(),
        "Ctrl is needed"
    );
    let (lo, hi) = adjutant::store::settings::ZOOM_RANGE;
    let mut zoom = 1.0;
    for _ in 0..30 {
        zoom = display::zoomed(zoom, Display::ZoomIn);
    }
    assert_eq!(zoom, hi, "zoom stops at the top of the range");
    for _ in 0..30 {
        zoom = display::zoomed(zoom, Display::ZoomOut);
    }
    assert_eq!(zoom, lo, "and at the bottom");
}

#[test]
fn f11_asks_for_the_window_mode_and_flips_it() {
    assert!(matches!(
        key(Key::Named(Named::F11), Modifiers::empty()),
        Some(Message::Display(Display::FullScreenToggled))
    ));
    for (now, then) in [
        (window::Mode::Windowed, window::Mode::Fullscreen),
        (window::Mode::Fullscreen, window::Mode::Windowed),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = App::new(Store::open(Some(dir.path().to_path_buf())));
        let task = press_on(&mut app, Key::Named(Named::F11), Modifiers::empty());
        let mut actions = task::into_stream(task).expect("F11 does something");
        let id = window::Id::unique();
        match block_on(actions.next()) {
            Some(Action::Window(WindowAction::GetLatest(reply))) => reply.send(Some(id)).unwrap(),
            _ => panic!("first the window is looked up"),
        }
        match block_on(actions.next()) {
            Some(Action::Window(WindowAction::GetMode(asked, reply))) => {
                assert_eq!(asked, id);
                reply.send(now).unwrap();
            }
            _ => panic!("then its mode"),
        }
        match block_on(actions.next()) {
            Some(Action::Window(WindowAction::SetMode(set, mode))) => {
                assert_eq!((set, mode), (id, then));
            }
            _ => panic!("then the mode is flipped"),
        }
    }
}

#[test]
fn the_tables_view_lists_each_table_with_its_source() {
    let dir = tempfile::tempdir().unwrap();
    let mut screen = battle(&dir);
    let _ = screen.update(crate::ui::battle::Message::TablesToggled);
    let rules = screen.game().rules();
    let tables = rules.tables();
    assert!(!tables.is_empty());
    let shown = texts(screen.view());
    assert!(
        shown.contains(&format!("Tables in force — {}", rules.name())),
        "{shown:?}"
    );
    // Each title is followed by its source's chip.
    let mut from = 0;
    for t in &tables {
        let at = from
            + shown[from..]
                .iter()
                .position(|s| *s == t.title)
                .unwrap_or_else(|| panic!("{} in order in {shown:?}", t.title));
        assert_eq!(
            shown.get(at + 1).map(String::as_str),
            Some(tables_view::tag(&t.source).0)
        );
        from = at + 1;
    }
    for tag in ["[RULES]", "[PUBLISHED]", "[DEFAULT]", "[OVERRIDE]"] {
        assert!(shown.iter().any(|s| s == tag), "{tag} in the legend");
    }
    let _ = screen.update(crate::ui::battle::Message::TablesToggled);
    assert!(texts(screen.view()).contains(&"Log".to_string()), "back");

    let overrides = tempfile::tempdir().unwrap();
    let path = override_file(overrides.path(), "d3_ecw");
    std::fs::write(
        &path,
        "(\n    version: 1,\n    options: (rout_at: 9, ammo_out_on: 2),\n)",
    )
    .unwrap();
    let loaded = load_overrides(overrides.path());
    let system = loaded.system("d3_ecw").expect("the override loads");
    let view = tables_view::State::new(&**system, overrides.path());
    let shown = texts(view.view(()));
    assert!(shown.contains(&"[OVERRIDE]".to_string()));
    assert!(
        shown.contains(&format!("From {}", path.display())),
        "the file it came from: {shown:?}"
    );
}

#[test]
fn the_theme_follows_the_desktop_until_the_player_picks_one_and_the_pick_is_saved() {
    use crate::ui::home::Message as HomeMessage;
    use crate::ui::theme::Choice;
    let dir = tempfile::tempdir().unwrap();
    let open = || App::new(Store::open(Some(dir.path().to_path_buf())));
    let name = |app: &App| app.theme().map(|t| t.to_string()).unwrap_or_default();
    let mut app = open();
    assert_eq!(name(&app), "Adjutant Light");
    let _ = app.update(Message::SystemThemeChanged(iced::theme::Mode::Dark));
    assert_eq!(name(&app), "Adjutant Dark", "System follows the desktop");

    let shown = texts(app.view());
    assert!(
        shown.contains(&"Theme".to_string()),
        "the picker is on the home screen"
    );
    let _ = app.update(Message::Home(HomeMessage::ThemeSelected(Choice::Light)));
    assert_eq!(name(&app), "Adjutant Light", "a pick overrides the desktop");
    assert_eq!(open().settings.theme, Choice::Light, "and is saved");
    let _ = app.update(Message::Home(HomeMessage::ThemeSelected(Choice::System)));
    assert_eq!(name(&app), "Adjutant Dark");
    assert_eq!(open().settings.theme, Choice::System);
}
