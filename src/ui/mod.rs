//! The window: the application shell that owns the current screen (home, roster, battle),
//! routes each screen's messages and acts on what the screen asks for, follows the desktop's
//! dark/light theme, and turns Ctrl+Z / Ctrl+Shift+Z into undo and redo.

mod battle;
mod home;
mod parts;
mod persist;
mod roster;
mod theme;

#[cfg(test)]
mod tests;

use std::path::PathBuf;

use iced::keyboard::{self, Key, Modifiers};
use iced::widget::container;
use iced::{Element, Fill, Subscription, Task, Theme, event, window};

use adjutant::army::Army;
use persist::Store;

/// Opens the window and runs until it is closed.
pub fn run(data_dir: Option<PathBuf>) -> iced::Result {
    iced::application(move || App::boot(data_dir.clone()), App::update, App::view)
        .title("Adjutant")
        .font(theme::FONT_REGULAR)
        .font(theme::FONT_BOLD)
        .default_font(theme::BODY_FONT)
        .window(window::Settings {
            size: iced::Size::new(1280.0, 800.0),
            min_size: Some(iced::Size::new(1024.0, 700.0)),
            ..window::Settings::default()
        })
        .theme(App::theme)
        .subscription(App::subscription)
        .run()
}

/// The whole application state.
pub struct App {
    store: Store,
    settings: persist::Settings,
    system_dark: bool,
    screen: Screen,
}

/// The screen on show.
pub enum Screen {
    Home(home::Home),
    Roster(roster::Roster),
    Battle(Box<battle::Battle>),
}

/// Everything that can happen in the window.
#[derive(Debug, Clone)]
pub enum Message {
    Home(home::Message),
    Roster(roster::Message),
    Battle(battle::Message),
    SystemThemeChanged(iced::theme::Mode),
    ModifiersChanged(Modifiers),
    UndoPressed,
    RedoPressed,
}

impl App {
    /// The app on the home screen, asking the desktop for its theme.
    pub fn boot(data_dir: Option<PathBuf>) -> (App, Task<Message>) {
        let app = App::new(Store::open(data_dir));
        let task = iced::system::theme().map(Message::SystemThemeChanged);
        (app, task)
    }

    /// The app on the home screen, without talking to the desktop (tests use this).
    pub fn new(store: Store) -> App {
        let settings = store.settings();
        let screen = Screen::Home(home::Home::new(&store));
        App {
            store,
            settings,
            system_dark: false,
            screen,
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Home(m) => self.home_update(m),
            Message::Roster(m) => {
                if let Screen::Roster(r) = &mut self.screen {
                    match r.update(m) {
                        roster::Action::Back => self.go_home(None),
                    }
                }
            }
            Message::Battle(m) => self.battle_update(m),
            Message::SystemThemeChanged(mode) => self.system_dark = mode == iced::theme::Mode::Dark,
            Message::ModifiersChanged(m) => {
                self.battle_update(battle::Message::ShiftChanged(m.shift()))
            }
            Message::UndoPressed => self.battle_update(battle::Message::Undo),
            Message::RedoPressed => self.battle_update(battle::Message::Redo),
        }
        Task::none()
    }

    fn home_update(&mut self, message: home::Message) {
        let Screen::Home(home) = &mut self.screen else {
            return;
        };
        match home.update(message) {
            home::Action::None => {}
            home::Action::OpenRoster(army) => {
                self.screen = Screen::Roster(roster::Roster::new(*army))
            }
            home::Action::NewBattle { system, armies } => self.new_battle(&system, armies),
            home::Action::OpenBattle(path) => self.open_battle(&path),
            home::Action::ThemeChosen(choice) => {
                self.settings.theme = choice;
                if let Err(e) = self.store.save_settings(self.settings) {
                    home.notice = Some(format!("Settings not saved: {e}"));
                }
            }
        }
    }

    fn battle_update(&mut self, message: battle::Message) {
        if let Screen::Battle(b) = &mut self.screen {
            match b.update(message) {
                battle::Action::None => {}
                battle::Action::Home => self.go_home(None),
            }
        }
    }

    fn go_home(&mut self, notice: Option<String>) {
        let mut home = home::Home::new(&self.store);
        home.notice = notice;
        self.screen = Screen::Home(home);
    }

    fn new_battle(&mut self, system: &str, armies: Vec<Army>) {
        match battle::Battle::start(self.store.clone(), system, armies) {
            Ok(b) => self.screen = Screen::Battle(Box::new(b)),
            Err(e) => self.go_home(Some(format!("The battle could not be set up: {e}"))),
        }
    }

    fn open_battle(&mut self, path: &std::path::Path) {
        match battle::Battle::open(self.store.clone(), path) {
            Ok(b) => self.screen = Screen::Battle(Box::new(b)),
            Err(e) => self.go_home(Some(e)),
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let screen = match &self.screen {
            Screen::Home(h) => h.view(self.settings.theme).map(Message::Home),
            Screen::Roster(r) => r.view().map(Message::Roster),
            Screen::Battle(b) => b.view().map(Message::Battle),
        };
        container(screen).width(Fill).height(Fill).into()
    }

    pub fn theme(&self) -> Option<Theme> {
        Some(theme::resolve(self.settings.theme, self.system_dark))
    }

    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            iced::system::theme_changes().map(Message::SystemThemeChanged),
            // listen_with sees keys even while a text field has focus (keyboard::listen does not).
            event::listen_with(shortcut),
        ])
    }
}

/// Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes; modifier changes let shift-click pick targets.
fn shortcut(event: iced::Event, _status: event::Status, _window: window::Id) -> Option<Message> {
    let iced::Event::Keyboard(event) = event else {
        return None;
    };
    match event {
        keyboard::Event::ModifiersChanged(m) => Some(Message::ModifiersChanged(m)),
        keyboard::Event::KeyPressed { key, modifiers, .. } if modifiers.command() => {
            match key.as_ref() {
                Key::Character(c) if c.eq_ignore_ascii_case("z") && modifiers.shift() => {
                    Some(Message::RedoPressed)
                }
                Key::Character(c) if c.eq_ignore_ascii_case("z") => Some(Message::UndoPressed),
                Key::Character(c) if c.eq_ignore_ascii_case("y") => Some(Message::RedoPressed),
                _ => None,
            }
        }
        _ => None,
    }
}
