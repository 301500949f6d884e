//! Headless tests of the window with `iced_test`: the dice tray (roll, typed faces, a refused
//! face), undo and redo, drawing a card, starting a procedure the rule system offers, the save
//! banner when the disk refuses, and the home screen. They click and type as a player would,
//! feed the messages back through `update`, and look for text on the rebuilt screen.

mod battle;
mod builder_phone;
mod builder_safety;
mod clicks;
mod clock_and_figures;
mod column;
mod counts;
mod editor;
mod files;
mod fonts;
mod home;
mod keep;
mod kept;
mod layout;
mod names;
mod offers_hold;
mod phone;
mod phone_army;
mod pickers;
mod reading;
mod safety;
mod steady;
mod swipe;
mod systems;
mod table;
mod table_words;
mod targets;
mod touch;
mod tray;
mod typing;
mod view;
mod words;

use iced::keyboard;
use iced::{Element, Settings};
use iced_test::selector::id;
use iced_test::{Error, Simulator};

use adjutant::army::Army;
use adjutant::rules;

use super::battle::{Action, Battle, Message};
use super::persist::Store;
use super::theme;

/// A simulator of `view` at the window's default size, with the embedded font.
pub fn simulator<'a, M>(view: Element<'a, M>) -> Simulator<'a, M> {
    Simulator::with_size(
        Settings {
            fonts: vec![theme::FONT_REGULAR.into(), theme::FONT_BOLD.into()],
            default_font: theme::BODY_FONT,
            ..Settings::default()
        },
        (1280.0, 800.0),
        view,
    )
}

/// The battle screen with the app's side of saving: each save it asks for is done through
/// the store before `update` returns, as [`super::App`] does. It shows as the screen itself.
pub struct BattleScreen {
    screen: Battle,
    store: Store,
}

impl BattleScreen {
    /// A screen around `game` in the folders of `store`, as the app opens it (not yet saved).
    pub fn new(store: Store, game: adjutant::battle::Battle) -> BattleScreen {
        let screen = Battle::new(game, store.across_table(), store.overrides_dir());
        BattleScreen { screen, store }
    }

    /// The screen's update, with the saves it asks for done; what else it asks comes back.
    pub fn update(&mut self, message: Message) -> Action {
        let mut action = self.screen.update(message);
        while action == Action::Save {
            action = super::battle_shell::save_battle(&self.store, &mut self.screen);
        }
        action
    }
}

impl std::ops::Deref for BattleScreen {
    type Target = Battle;

    fn deref(&self) -> &Battle {
        &self.screen
    }
}

/// A battle between the first two shipped armies of the first rule system that has two, in a
/// fresh data folder, saved as the app saves a new battle.
pub fn battle(dir: &tempfile::TempDir) -> BattleScreen {
    let store = Store::open(Some(dir.path().to_path_buf()));
    let armies: Vec<Army> = store
        .armies()
        .into_iter()
        .filter_map(|f| f.loaded.ok())
        .collect();
    let system = rules::standard()
        .into_iter()
        .find(|s| armies.iter().filter(|a| a.system == s.id()).count() >= 2)
        .expect("a rule system with two shipped armies");
    let two: Vec<Army> = armies
        .into_iter()
        .filter(|a| a.system == system.id())
        .take(2)
        .collect();
    let game =
        super::battle::new_game(&store.systems(), system.id(), two).expect("the battle sets up");
    let mut screen = BattleScreen::new(store, game);
    let _ = super::battle_shell::save_battle(&screen.store, &mut screen.screen);
    screen
}

/// Runs `act` on a simulator of the screen, then feeds the messages it produced to `update`.
pub fn interact(
    screen: &mut BattleScreen,
    act: impl FnOnce(&mut Simulator<'_, Message>) -> Result<(), Error>,
) {
    let messages: Vec<Message> = {
        let mut ui = simulator(screen.view());
        act(&mut ui).expect("the interaction finds its widgets");
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = screen.update(m);
    }
}

pub fn click(screen: &mut BattleScreen, text: &'static str) {
    interact(screen, |ui| ui.click(text).map(|_| ()));
}

pub fn shows(screen: &Battle, text: &str) -> bool {
    simulator(screen.view()).find(text.to_string()).is_ok()
}

/// Types into the dice tray's faces field and presses Enter.
pub fn type_faces(screen: &mut BattleScreen, faces: &str) {
    interact(screen, |ui| {
        ui.click(id(super::battle::tray::FACES))?;
        let _ = ui.typewrite(faces);
        let _ = ui.tap_key(keyboard::key::Named::Enter);
        Ok(())
    });
}

/// A key press as the window reports it.
pub fn key_press(key: iced::keyboard::Key, modifiers: iced::keyboard::Modifiers) -> iced::Event {
    iced::Event::Keyboard(keyboard::Event::KeyPressed {
        key: key.clone(),
        modified_key: key,
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: keyboard::Location::Standard,
        modifiers,
        repeat: false,
        text: None,
    })
}
