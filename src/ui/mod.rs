//! The window: the application shell that owns the current screen (home, roster, battle)
//! and the store, routes each screen's messages and acts on what the screen asks for, follows
//! the desktop's dark/light theme, and turns Ctrl+Z / Ctrl+Shift+Z into undo and redo. F9
//! (across-the-table view), F11 (full screen) and the zoom keys are handled in [`display`].
//! On a touch screen a drag scrolls wherever it starts and a tap is a tap only when the
//! finger did not travel ([`swipe`], around every screen).
//! Every text field is a [`typing`] field; in a browser the window is wrapped so the one with
//! the focus gets a real input of the page over it, and a phone's keyboard.
//!
//! Screens never touch the disk: they return actions, and the app carries them out through
//! its [`Store`]. The battle screen asks for a save ([`battle::Action::Save`]) whenever the
//! battle changed; the app ([`battle_shell`]) saves at once, in the same `update`, so every
//! action is saved before its result is shown, and hands the outcome back to the screen
//! (which keeps its "Not saved" banner). Leaving the battle — for home, another file, or by closing the
//! window — retries a refused save first and asks when it still fails; leaving the army
//! builder with edits not saved asks too ([`App::may_leave`]). The store holds the
//! lock of the battle on screen; the app lets go of it in the one place it replaces the
//! screen ([`App::show`]), so another window can open the battle once this one left it.

pub mod battle;
mod battle_shell;
mod display;
pub mod editor;
mod editor_shell;
mod files;
mod finger;
mod home;
mod kept_inside;
mod next;
mod parts;
mod pass_through;
pub mod persist;
mod platform;
mod roster;
mod shown;
mod swipe;
mod tables_view;
mod theme;
mod timing;
mod typing;

#[cfg(test)]
mod tests;

use std::path::PathBuf;

use iced::keyboard::{self, Key, Modifiers};
use iced::widget::container;
use iced::{Element, Fill, Subscription, Task, Theme, event, window};

use adjutant::rules::Systems;
use persist::Store;

/// Opens the window and runs until it is closed, with `systems` the rule systems in force;
/// `notice` (say, problems with the player's table overrides) is shown on the home screen.
pub fn run(data_dir: Option<PathBuf>, systems: Systems, notice: Option<String>) -> iced::Result {
    arm_first_frame_probe();
    let size = Store::open(data_dir.clone())
        .window_size()
        .map_or(iced::Size::new(1280.0, 800.0), |(w, h)| {
            iced::Size::new(w.max(1024.0), h.max(700.0))
        });
    let boot = move || {
        let (mut app, task) = App::boot(data_dir.clone(), systems.clone());
        if let Screen::Home(home) = &mut app.screen {
            home.notice = notice.clone();
        }
        (app, task)
    };
    theme::load_fonts();
    iced::application(boot, App::update, App::view)
        .title("Adjutant")
        .default_font(theme::BODY_FONT)
        .window(window::Settings {
            size,
            min_size: platform::MIN_WINDOW,
            icon: platform::window_icon(),
            // The id names the desktop file, so docks and task bars match the window to it
            // (the Wayland app id and the X11 WM_CLASS).
            #[cfg(target_os = "linux")]
            platform_specific: window::settings::PlatformSpecific {
                application_id: String::from("org.adjutant.Adjutant"),
                ..Default::default()
            },
            // A battle that is not saved asks before the window closes.
            exit_on_close_request: false,
            ..window::Settings::default()
        })
        .theme(App::theme)
        .scale_factor(App::scale_factor)
        .subscription(App::subscription)
        .run()
}

/// The whole application state.
pub struct App {
    store: Store,
    settings: persist::Settings,
    system_dark: bool,
    /// The window's scale factor (Ctrl+= / Ctrl+- / Ctrl+0), saved in the settings.
    zoom: f32,
    screen: Screen,
    files: files::Files,
    /// The window's size not yet written to the settings, and when the last was written.
    window_size: WindowSize,
    /// The window is closing: nothing is left unsaved, or the player chose to discard it.
    closing: bool,
}

/// The window's size, written to the settings at most once a second while it is dragged
/// (and at the next message after).
#[derive(Debug, Default)]
struct WindowSize {
    pending: Option<iced::Size>,
    written: Option<std::time::SystemTime>,
}

/// The screen on show.
pub enum Screen {
    Home(home::Home),
    Roster(roster::Roster),
    Battle(Box<battle::Battle>),
    Editor(Box<editor::Editor>),
}

/// Everything that can happen in the window.
#[derive(Debug, Clone)]
pub enum Message {
    Home(home::Message),
    Roster(roster::Message),
    Battle(battle::Message),
    Editor(editor::Message),
    /// Open…, Save battle as…, Print… (Ctrl+O, Ctrl+S, Ctrl+P).
    Files(files::Message),
    SystemThemeChanged(iced::theme::Mode),
    ModifiersChanged(Modifiers),
    UndoPressed,
    RedoPressed,
    /// Tab or Shift+Tab (true): the keyboard moves to the next or previous field.
    FocusMoved(bool),
    /// Ctrl+F: the battle screen's find box.
    FindPressed,
    /// F8: the battle's procedure that moves the clock on.
    NextPhasePressed,
    /// Return, when no field took it.
    ReturnPressed,
    /// F9, F11, Ctrl+= / Ctrl+- / Ctrl+0.
    Display(display::Message),
    /// A frame was presented while the first-frame probe is armed (`ADJUTANT_BENCH_FIRST_FRAME`).
    FramePresented,
    /// The window was resized (logical pixels).
    WindowResized(iced::Size),
    /// Ctrl+Q: save, then close.
    QuitPressed,
    /// The window's close button (or the desktop) asks the window to close.
    CloseRequested(window::Id),
    /// The store has news (in a browser: a write confirmed or refused by IndexedDB, a battle
    /// taken over by another tab, files another tab changed).
    StoreNews,
    /// A saved battle read again from the store (in a browser, in case another tab played it
    /// since), to open now.
    OpenSaved(PathBuf),
    /// A key typed in the page's input over a text field (in a browser).
    #[cfg(target_arch = "wasm32")]
    PageKey(typing::PageKey),
}

impl App {
    /// The app on the home screen, asking the desktop for its theme.
    pub fn boot(data_dir: Option<PathBuf>, systems: Systems) -> (App, Task<Message>) {
        let mut app = App::new(Store::open(data_dir).with_systems(systems));
        app.files = files::Files::new(files::Dialogs::detect(), true);
        app.reopen_last_battle();
        let task = iced::system::theme().map(Message::SystemThemeChanged);
        (app, task)
    }

    /// Opens the battle to resume when the player asked for it at start-up; a battle that
    /// will not open leaves the home screen up with the reason.
    pub fn reopen_last_battle(&mut self) {
        if !self.store.reopen_last() {
            return;
        }
        let saved = self.store.battles().unwrap_or_default();
        if let Some(last) = self.store.last_battle(&saved) {
            self.open_battle(&last.path);
        }
    }

    /// The app on the home screen, without talking to the desktop (tests use this).
    pub fn new(store: Store) -> App {
        let settings = store.settings();
        let zoom = store.zoom();
        let screen = Screen::Home(home::Home::new(&store));
        // The only screen not put up through `show`: there is none before it to let go of.
        App {
            store,
            settings,
            system_dark: false,
            zoom,
            screen,
            // Tests type paths: a desktop dialog would wait for a person.
            files: files::Files::new(files::Dialogs::PathField, false),
            window_size: WindowSize::default(),
            closing: false,
        }
    }

    /// Whether the window is closing.
    #[cfg(test)]
    pub fn closing(&self) -> bool {
        self.closing
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let _timed = timing::Span::new("update");
        self.remember_window_size(&message);
        let task = self.act(message);
        platform::note_unsaved(self.unsaved());
        task
    }

    /// Whether something on screen is not saved: a battle's save refused, or the builder's
    /// edits (the page asks before it is closed).
    fn unsaved(&self) -> bool {
        match &self.screen {
            Screen::Battle(b) => b.unsaved(),
            Screen::Editor(e) => e.is_dirty(),
            _ => false,
        }
    }

    fn act(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Home(m) => return self.home_update(m),
            Message::Roster(m) => {
                if let Screen::Roster(r) = &mut self.screen {
                    match r.update(m) {
                        roster::Action::Back => self.go_home(None),
                        roster::Action::Print => self.show_print_panel(),
                        roster::Action::Keep(path) => self.keep_army(path),
                    }
                }
            }
            Message::Battle(m) => return self.battle_update(m),
            Message::Editor(m) => return self.editor_update(m),
            Message::Files(m) if matches!(self.screen, Screen::Editor(_)) => {
                // The builder saves its army in place; there is no battle to save a copy of.
                if matches!(m, files::Message::SaveAsPressed) {
                    return self.editor_update(editor::Message::SavePressed);
                }
                return self.files_update(m);
            }
            Message::Files(m) => return self.files_update(m),
            Message::SystemThemeChanged(mode) => self.system_dark = mode == iced::theme::Mode::Dark,
            Message::ModifiersChanged(m) => {
                let _ = self.battle_update(battle::Message::CommandHeld(m.command()));
                return self
                    .battle_update(battle::Message::AddingChanged(m.shift() || m.command()));
            }
            Message::ReturnPressed => return self.battle_update(battle::Message::EnterPressed),
            Message::UndoPressed if matches!(self.screen, Screen::Editor(_)) => {
                return self.editor_update(editor::Message::UndoPressed);
            }
            Message::RedoPressed if matches!(self.screen, Screen::Editor(_)) => {
                return self.editor_update(editor::Message::RedoPressed);
            }
            Message::UndoPressed => return self.battle_update(battle::Message::Undo),
            Message::RedoPressed => return self.battle_update(battle::Message::Redo),
            Message::Display(m) => return display::update(self, m),
            Message::NextPhasePressed if matches!(self.screen, Screen::Battle(_)) => {
                return self.battle_update(battle::Message::NextPhase);
            }
            Message::NextPhasePressed => {}
            Message::FindPressed => {
                if let Screen::Battle(b) = &mut self.screen {
                    // At most a choice to remember: nothing to wait for.
                    let action = b.update(battle::Message::ShowDesk);
                    let _ = self.battle_act(action);
                    return iced::widget::operation::focus(battle::FIND_FIELD);
                }
            }
            Message::FramePresented => report_first_frame(),
            Message::FocusMoved(back) => {
                return if back {
                    iced::widget::operation::focus_previous()
                } else {
                    iced::widget::operation::focus_next()
                };
            }
            Message::WindowResized(_) => {}
            Message::QuitPressed => return self.quit(),
            Message::CloseRequested(id) => return self.leave(battle::Next::Exit(id)),
            Message::StoreNews => return self.store_news(),
            Message::OpenSaved(path) => {
                if matches!(self.screen, Screen::Home(_)) {
                    self.open_battle(&path);
                }
            }
            #[cfg(target_arch = "wasm32")]
            Message::PageKey(key) => return self.page_key(key),
        }
        // A file panel opened by a screen's button wants the keyboard in its path field.
        self.files.take_focus()
    }

    /// Notes a new window size, and writes the last one once it has settled.
    fn remember_window_size(&mut self, message: &Message) {
        let now = adjutant::clock::now();
        let w = &mut self.window_size;
        if let Message::WindowResized(size) = message {
            w.pending = Some(*size);
        }
        let settled = !matches!(message, Message::WindowResized(_))
            || w.written.is_none_or(|t| {
                now.duration_since(t)
                    .map_or(true, |d| d.as_secs_f32() >= 1.0)
            });
        if settled && let Some(size) = w.pending.take() {
            w.written = Some(now);
            // Only the size for next time is lost if the settings cannot be written.
            let _ = self.store.save_window_size((size.width, size.height));
        }
    }

    /// Ctrl+Q: the battle on screen saved (it is after every action; this retries a save
    /// the disk refused), the window's size remembered, then the window closed. A battle that
    /// still cannot be saved asks what to do, as the window's close button does (retry, save
    /// a copy elsewhere, discard, or stay); an army with edits not saved asks first, as every
    /// way out of the builder does.
    fn quit(&mut self) -> Task<Message> {
        self.leave(battle::Next::Quit)
    }

    fn home_update(&mut self, message: home::Message) -> Task<Message> {
        let Screen::Home(home) = &mut self.screen else {
            return Task::none();
        };
        match home.update(message) {
            home::Action::None => {}
            home::Action::OpenRoster(army) => self.show(Screen::Roster(roster::Roster::new(*army))),
            home::Action::NewBattle { system, armies } => self.new_battle(&system, armies),
            home::Action::OpenBattle(path) => return self.open_saved(path),
            home::Action::TakeOver(path) => match self.store.take_over(&path) {
                Ok(()) => return self.open_saved(path),
                Err(e) => home.notice = Some(format!("The battle was not taken over: {e}")),
            },
            home::Action::Restore(path) => {
                let notice = match self.store.restore(&path) {
                    Ok(text) => text,
                    Err(e) => format!("The backup was not restored: {e}"),
                };
                self.go_home(Some(notice));
            }
            home::Action::ThemeChosen(choice) => {
                self.settings.theme = choice;
                if let Err(e) = self.store.save_settings(self.settings) {
                    home.notice = Some(format!("Settings not saved: {e}"));
                }
            }
            home::Action::OpenFile => return self.files_update(files::Message::OpenPressed),
            home::Action::NewArmy(system) => {
                let dir = self.store.user_armies_dir();
                self.show(Screen::Editor(Box::new(editor::Editor::new_army(
                    &system, dir,
                ))));
            }
            home::Action::EditArmy { path, shipped } => {
                let dir = self.store.user_armies_dir();
                match editor::Editor::open(&path, shipped, dir) {
                    Ok(e) => self.show(Screen::Editor(Box::new(e))),
                    Err(why) => home.notice = Some(why),
                }
            }
            home::Action::ReopenChosen(on) => {
                if let Err(e) = self.store.save_reopen_last(on) {
                    home.notice = Some(format!("Settings not saved: {e}"));
                }
            }
            home::Action::BackUp => return self.files_update(files::Message::BackUpPressed),
            home::Action::RestoreBackup => {
                return self.files_update(files::Message::RestoreBackupPressed);
            }
            home::Action::Delete(path) => {
                let said = self.store.delete_battle(&path);
                self.go_home(Some(said.unwrap_or_else(|e| e)));
            }
            home::Action::PutBack(id) => {
                let said = self.store.put_back(&id);
                self.go_home(Some(said.unwrap_or_else(|e| e)));
                if let Screen::Home(home) = &mut self.screen {
                    home.show_bin();
                }
            }
            home::Action::DeleteForGood(id) => {
                let said = self.store.delete_for_good(&id);
                self.go_home(Some(said.unwrap_or_else(|e| e)));
                if let Screen::Home(home) = &mut self.screen {
                    home.show_bin();
                }
            }
        }
        Task::none()
    }

    /// Puts `screen` up in place of the one on show. The one place the screen is replaced:
    /// the battle left behind lets go of its lock here, so another window may open it.
    fn show(&mut self, screen: Screen) {
        let left = std::mem::replace(&mut self.screen, screen);
        if let Screen::Battle(b) = left
            && let Some(file) = b.file()
        {
            self.store.release(file);
        }
    }

    /// Whether the screen on show may be left for `next`: nothing on it is left unsaved, or
    /// it saves now. Otherwise the screen asks what to do first, and `next` waits for the
    /// answer.
    fn may_leave(&mut self, next: battle::Next) -> bool {
        match &mut self.screen {
            Screen::Editor(e) => e.ready_to_leave(next),
            _ => self.battle_may_leave(next),
        }
    }

    /// Goes to `next`, leaving the screen on show.
    fn go(&mut self, next: battle::Next) -> Task<Message> {
        match next {
            battle::Next::Home => self.go_home(None),
            battle::Next::Exit(id) => {
                self.closing = true;
                return window::close(id);
            }
            battle::Next::Quit => {
                if let Some(size) = self.window_size.pending.take() {
                    let _ = self.store.save_window_size((size.width, size.height));
                }
                self.closing = true;
                return iced::exit();
            }
            battle::Next::Open(path) => {
                self.go_home(None);
                self.open_chosen(path);
            }
        }
        Task::none()
    }

    fn go_home(&mut self, notice: Option<String>) {
        let mut home = home::Home::new(&self.store);
        home.notice = notice;
        self.show(Screen::Home(home));
    }

    pub fn view(&self) -> Element<'_, Message> {
        let _timed = timing::Span::new("view");
        shown::note(&self.screen);
        let screen = match &self.screen {
            Screen::Home(h) => h.view(self.settings.theme).map(Message::Home),
            Screen::Roster(r) => r.view().map(Message::Roster),
            Screen::Battle(b) => b.view().map(Message::Battle),
            Screen::Editor(e) => e.view().map(Message::Editor),
        };
        let screen = self.files.view_over(screen);
        // A finger that travels scrolls wherever it came down; one that does not, taps.
        let screen = swipe::swipe(container(screen).width(Fill).height(Fill));
        // In a browser, the page's input goes over the text field that has the focus.
        #[cfg(target_arch = "wasm32")]
        let screen = typing::page(
            screen,
            self.zoom,
            &self.theme().unwrap_or(iced::Theme::Light),
        );
        screen
    }

    /// A key typed in the page's input: the next or previous field, undo, redo, or an edit
    /// waiting for its field (which takes it as the window looks again, after this).
    #[cfg(target_arch = "wasm32")]
    fn page_key(&mut self, key: typing::PageKey) -> Task<Message> {
        match key {
            typing::PageKey::Typed => Task::none(),
            typing::PageKey::Tab { back } => self.update(Message::FocusMoved(back)),
            typing::PageKey::Undo => self.update(Message::UndoPressed),
            typing::PageKey::Redo => self.update(Message::RedoPressed),
        }
    }

    /// The zoom the player chose.
    pub fn scale_factor(&self) -> f32 {
        self.zoom
    }

    pub fn theme(&self) -> Option<Theme> {
        Some(theme::resolve(self.settings.theme, self.system_dark))
    }

    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            iced::system::theme_changes().map(Message::SystemThemeChanged),
            // listen_with sees keys even while a text field has focus (keyboard::listen does not).
            event::listen_with(shortcut),
            window::resize_events().map(|(_, size)| Message::WindowResized(size)),
            first_frame_probe(),
            window::close_requests().map(Message::CloseRequested),
            platform::store_news().map(|()| Message::StoreNews),
            #[cfg(target_arch = "wasm32")]
            typing::page_keys().map(Message::PageKey),
        ])
    }
}

/// Escape closes the print or save panel. Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes; modifier changes let shift-click pick targets.
/// Ctrl+O opens a file, Ctrl+S saves a copy of the battle, Ctrl+P prints, Ctrl+F finds a piece.
/// F8 starts the battle's procedure that moves the clock on; Return, when no field takes it,
/// enters the faces or the card tapped on the battle's keys.
fn shortcut(event: iced::Event, status: event::Status, _window: window::Id) -> Option<Message> {
    if let iced::Event::Keyboard(keyboard::Event::KeyPressed { key, modifiers, .. }) = &event
        && let Some(m) = display::key(key, *modifiers)
    {
        return Some(Message::Display(m));
    }
    let iced::Event::Keyboard(event) = event else {
        return None;
    };
    match event {
        keyboard::Event::KeyPressed {
            key: Key::Named(keyboard::key::Named::Escape),
            ..
        } => Some(Message::Files(files::Message::Cancelled)),
        keyboard::Event::ModifiersChanged(m) => Some(Message::ModifiersChanged(m)),
        keyboard::Event::KeyPressed {
            key: Key::Named(keyboard::key::Named::F8),
            ..
        } => Some(Message::NextPhasePressed),
        keyboard::Event::KeyPressed {
            key: Key::Named(keyboard::key::Named::Enter),
            modifiers,
            ..
        } if status == event::Status::Ignored && modifiers.is_empty() => {
            Some(Message::ReturnPressed)
        }
        keyboard::Event::KeyPressed {
            key: Key::Named(keyboard::key::Named::Tab),
            modifiers,
            ..
        } if !modifiers.command() && !modifiers.alt() => {
            Some(Message::FocusMoved(modifiers.shift()))
        }
        keyboard::Event::KeyPressed { key, modifiers, .. } if modifiers.command() => {
            match key.as_ref() {
                Key::Character(c) if c.eq_ignore_ascii_case("z") && modifiers.shift() => {
                    Some(Message::RedoPressed)
                }
                Key::Character(c) if c.eq_ignore_ascii_case("z") => Some(Message::UndoPressed),
                Key::Character(c) if c.eq_ignore_ascii_case("y") => Some(Message::RedoPressed),
                Key::Character(c) if c.eq_ignore_ascii_case("o") => {
                    Some(Message::Files(files::Message::OpenPressed))
                }
                Key::Character(c) if c.eq_ignore_ascii_case("s") => {
                    Some(Message::Files(files::Message::SaveAsPressed))
                }
                Key::Character(c) if c.eq_ignore_ascii_case("p") => {
                    Some(Message::Files(files::Message::PrintPressed))
                }
                Key::Character(c) if c.eq_ignore_ascii_case("f") => Some(Message::FindPressed),
                Key::Character(c) if c.eq_ignore_ascii_case("q") => Some(Message::QuitPressed),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Armed by `ADJUTANT_BENCH_FIRST_FRAME` in the environment (`scripts/bench-window.sh` sets it);
/// disarmed once the first frame is reported, so the window then redraws only on change. With
/// the value `exit` the process ends after reporting.
static FIRST_FRAME_PENDING: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

fn arm_first_frame_probe() {
    let armed = std::env::var_os("ADJUTANT_BENCH_FIRST_FRAME").is_some();
    FIRST_FRAME_PENDING.store(armed, std::sync::atomic::Ordering::Relaxed);
}

/// While armed, listens for presented frames; otherwise nothing.
fn first_frame_probe() -> Subscription<Message> {
    if FIRST_FRAME_PENDING.load(std::sync::atomic::Ordering::Relaxed) {
        window::frames().map(|_| Message::FramePresented)
    } else {
        Subscription::none()
    }
}

/// Prints `first-frame-unix-ns N cpu-ns C` once (the wall clock, and the CPU time of the
/// process's threads so far): iced hands over a frame's message after presenting it.
fn report_first_frame() {
    if FIRST_FRAME_PENDING.swap(false, std::sync::atomic::Ordering::Relaxed) {
        let ns = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let cpu_ns: u64 = std::fs::read_dir("/proc/self/task")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
            .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
            .sum();
        println!("first-frame-unix-ns {ns} cpu-ns {cpu_ns}");
        // `exit` ends the process there, so tools that time or count a whole run see only
        // start-up.
        if std::env::var_os("ADJUTANT_BENCH_FIRST_FRAME").is_some_and(|v| v == "exit") {
            std::process::exit(0);
        }
    }
}
