//! Files the player chooses: Open… (Ctrl+O: an army file, shown as its roster, or a battle
//! file), Save battle as… (Ctrl+S: a copy where the player wants it; the battle itself is
//! saved as it is played) and Print… (Ctrl+P: a panel of sheets, written where the player
//! wants — offered first in the folder printed to last — and handed to the desktop's viewer).
//!
//! The path comes from the desktop's dialog, run as a [`Task`] so the window keeps drawing,
//! or — where the desktop has none, and always in tests — from a field in a panel over the
//! screen ([`Dialogs`]). A file that cannot be read or written is reported with its path and
//! the system's reason, and the screen behind is left as it was.

// The browser's own: its file picker, and downloads for what is written.
#[cfg_attr(target_arch = "wasm32", path = "browser_dialogs.rs")]
mod dialogs;
#[cfg(target_arch = "wasm32")]
mod download;
mod keep;
mod print_panel;
mod request;
mod view;
mod work;

use std::path::PathBuf;

use iced::Task;

use super::{App, Message as AppMessage, Screen, battle, platform, roster};
pub use dialogs::{Dialogs, NO_DIALOG};
#[cfg(test)]
pub use print_panel::Document;
use print_panel::Source;
use work::Opened;

/// The id of the panel's path field (tests and focus use it).
pub const PATH_FIELD: &str = "files-path";

/// What a chosen path is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Open,
    SaveBattleAs,
    /// A copy of the builder's army (when its file changed on disk).
    SaveArmyAs,
    Print,
    /// A backup of everything (home screen).
    BackUp,
    /// A backup file to restore (home screen).
    RestoreBackup,
}

#[derive(Debug, Clone)]
pub enum Message {
    OpenPressed,
    SaveAsPressed,
    /// The builder's Save a copy….
    SaveArmyAsPressed,
    PrintPressed,
    /// Back up everything… (home screen).
    BackUpPressed,
    /// Restore from a backup… (home screen).
    RestoreBackupPressed,
    /// The desktop's dialog closed: the path chosen, or `None` when cancelled.
    Chosen(Purpose, Option<PathBuf>),
    /// The browser's picker closed: the file's name and bytes, or `None` when cancelled.
    Picked(Purpose, Option<(PathBuf, std::sync::Arc<[u8]>)>),
    PathChanged(String),
    /// The panel's main button (or Enter in its path field).
    Confirmed,
    Cancelled,
    Print(print_panel::Message),
    NoticeDismissed,
}

/// The file commands' state: how to ask for paths, the panel on show, the last outcome.
pub struct Files {
    dialogs: Dialogs,
    /// Hand printed sheets to the desktop's viewer (off in tests).
    show_printed: bool,
    panel: Option<Panel>,
    notice: Option<Notice>,
    /// A desktop dialog is up: further requests wait for it.
    asking: bool,
    /// A panel with a path field has just opened: the field takes the keyboard.
    focus_pending: bool,
}

/// The panel over the screen: what it is for, the typed path, the print choices, a problem.
struct Panel {
    purpose: Purpose,
    path: String,
    print: Option<print_panel::State>,
    error: Option<String>,
}

/// The outcome of the last file command, shown along the bottom of the window.
struct Notice {
    text: String,
    is_error: bool,
}

impl Files {
    /// File commands that ask with `dialogs`; `show_printed` opens written sheets in a viewer.
    pub fn new(dialogs: Dialogs, show_printed: bool) -> Files {
        Files {
            dialogs,
            show_printed,
            panel: None,
            notice: None,
            asking: false,
            focus_pending: false,
        }
    }

    /// Puts the keyboard in the path field of a panel that has just opened.
    pub fn take_focus<M: Send + 'static>(&mut self) -> Task<M> {
        if !std::mem::take(&mut self.focus_pending) {
            return Task::none();
        }
        iced::widget::operation::focus(PATH_FIELD)
            .chain(iced::widget::operation::move_cursor_to_end(PATH_FIELD))
    }

    /// Whether a panel is over the screen.
    #[cfg(test)]
    pub fn panel_open(&self) -> bool {
        self.panel.is_some()
    }

    /// The last outcome, if it is still on show.
    #[cfg(test)]
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|n| n.text.as_str())
    }

    /// The path the panel's field holds, if a panel is up.
    #[cfg(test)]
    pub fn panel_path(&self) -> Option<&str> {
        self.panel.as_ref().map(|p| p.path.as_str())
    }

    /// The problem shown in the panel, if any.
    #[cfg(test)]
    pub fn panel_error(&self) -> Option<&str> {
        self.panel.as_ref().and_then(|p| p.error.as_deref())
    }

    /// Closes the panel, if one is up.
    pub fn close_panel(&mut self) {
        self.panel = None;
    }

    fn open_panel(&mut self, purpose: Purpose, path: PathBuf, print: Option<print_panel::State>) {
        self.notice = None;
        self.focus_pending = self.dialogs == Dialogs::PathField;
        self.panel = Some(Panel {
            purpose,
            path: path.display().to_string(),
            print,
            error: None,
        });
    }

    /// Reports an outcome: a failure goes into the open panel, which stays; anything else
    /// closes the panel and shows along the bottom.
    pub(super) fn report(&mut self, outcome: Result<String, String>) {
        match (outcome, &mut self.panel) {
            (Err(e), Some(panel)) => panel.error = Some(e),
            (Err(e), None) => {
                self.notice = Some(Notice {
                    text: e,
                    is_error: true,
                })
            }
            (Ok(text), _) => {
                self.panel = None;
                self.notice = Some(Notice {
                    text,
                    is_error: false,
                });
            }
        }
    }
}

impl App {
    /// Routes a file command.
    pub(super) fn files_update(&mut self, message: Message) -> Task<AppMessage> {
        match message {
            Message::OpenPressed => return self.ask(Purpose::Open),
            Message::SaveAsPressed => return self.ask(Purpose::SaveBattleAs),
            Message::SaveArmyAsPressed => return self.ask(Purpose::SaveArmyAs),
            Message::PrintPressed => self.show_print_panel(),
            Message::BackUpPressed => return self.ask(Purpose::BackUp),
            Message::RestoreBackupPressed => return self.ask(Purpose::RestoreBackup),
            Message::Picked(purpose, picked) => {
                self.files.asking = false;
                if let (Purpose::RestoreBackup, Some((name, bytes))) = (purpose, picked) {
                    self.restore_backup(&name, &bytes);
                }
            }
            Message::Chosen(purpose, path) => {
                self.files.asking = false;
                if let Some(path) = path {
                    return self.use_path(purpose, path);
                }
            }
            Message::PathChanged(text) => {
                if let Some(panel) = &mut self.files.panel {
                    panel.path = text;
                    panel.error = None;
                }
            }
            Message::Confirmed => return self.confirm(),
            Message::Cancelled => self.files.panel = None,
            Message::Print(m) => {
                let source = source_of(&self.screen);
                if let (Some(panel), Some(source)) = (&mut self.files.panel, source)
                    && let Some(print) = &mut panel.print
                {
                    print.update(m);
                    panel.path = rename(&panel.path, &print.file_name(source));
                }
            }
            Message::NoticeDismissed => self.files.notice = None,
        }
        self.files.take_focus()
    }

    /// Asks for a path: the desktop's dialog at once, or a panel with a path field.
    fn ask(&mut self, purpose: Purpose) -> Task<AppMessage> {
        if self.files.asking || self.files.panel.is_some() {
            return Task::none();
        }
        let suggestion = match purpose {
            Purpose::Open | Purpose::RestoreBackup => dialogs::documents_dir(),
            Purpose::BackUp => dialogs::documents_dir()
                .join(adjutant::store::backup::file_name(adjutant::clock::now())),
            Purpose::SaveBattleAs => match &self.screen {
                Screen::Battle(b) => {
                    dialogs::documents_dir().join(format!("{}.ron", slug(&battle_title(b.game()))))
                }
                _ => {
                    self.files.report(Ok(
                        "Battles are saved as they are played; Ctrl+S saves a copy of the battle on screen.".into(),
                    ));
                    return Task::none();
                }
            },
            Purpose::SaveArmyAs => match &self.screen {
                Screen::Editor(e) => e.copy_suggestion(),
                _ => return Task::none(),
            },
            Purpose::Print => return Task::none(),
        };
        match self.files.dialogs {
            Dialogs::PathField => {
                let mut start = suggestion;
                if matches!(purpose, Purpose::Open | Purpose::RestoreBackup) {
                    start.push("");
                }
                self.files.open_panel(purpose, start, None);
                Task::none()
            }
            Dialogs::System => {
                let (title, save, filter) = match purpose {
                    Purpose::Open => (
                        "Open an army or battle file",
                        false,
                        ("Adjutant files", "ron"),
                    ),
                    Purpose::SaveArmyAs => {
                        ("Save a copy of the army", true, ("Adjutant armies", "ron"))
                    }
                    Purpose::BackUp => ("Back up everything", true, ("Adjutant backups", "ron")),
                    Purpose::RestoreBackup => {
                        ("Restore from a backup", false, ("Adjutant backups", "ron"))
                    }
                    _ => (
                        "Save a copy of the battle",
                        true,
                        ("Adjutant battles", "ron"),
                    ),
                };
                self.system_dialog(
                    purpose,
                    dialogs::Request {
                        title,
                        save,
                        suggestion,
                        filter,
                    },
                )
            }
        }
    }

    fn system_dialog(&mut self, purpose: Purpose, request: dialogs::Request) -> Task<AppMessage> {
        self.files.asking = true;
        // The browser hands a backup to restore over whole, never kept in its storage.
        #[cfg(target_arch = "wasm32")]
        if purpose == Purpose::RestoreBackup {
            return Task::perform(dialogs::pick(request), move |picked| {
                AppMessage::Files(Message::Picked(purpose, picked))
            });
        }
        Task::perform(dialogs::ask(request), move |path| {
            AppMessage::Files(Message::Chosen(purpose, path))
        })
    }

    /// The print panel for the battle or roster on screen.
    pub(super) fn show_print_panel(&mut self) {
        if self.files.asking || self.files.panel.is_some() {
            return;
        }
        let Some(source) = source_of(&self.screen) else {
            self.files
                .report(Ok("Open a roster or a battle to print its sheets.".into()));
            return;
        };
        let mut state = print_panel::State::new(source, self.store.paper());
        state.show_secrets = matches!(&self.screen, Screen::Battle(b) if b.viewer() == adjutant::status::Viewer::Umpire);
        // The folder printed to last, while it is there; else the documents folder.
        let folder = self
            .store
            .print_folder()
            .unwrap_or_else(dialogs::documents_dir);
        let path = folder.join(state.file_name(source));
        self.files.open_panel(Purpose::Print, path, Some(state));
    }

    /// The panel's main button: use the typed path, or ask the desktop where to print.
    fn confirm(&mut self) -> Task<AppMessage> {
        let Some(panel) = &mut self.files.panel else {
            return Task::none();
        };
        let purpose = panel.purpose;
        if self.files.dialogs == Dialogs::System && purpose == Purpose::Print {
            let Some(print) = &panel.print else {
                return Task::none();
            };
            let filter = if print.markdown() {
                ("Markdown", "md")
            } else {
                ("PDF", "pdf")
            };
            let request = dialogs::Request {
                title: "Print to a file",
                save: true,
                suggestion: PathBuf::from(&panel.path),
                filter,
            };
            return self.system_dialog(purpose, request);
        }
        match dialogs::resolve_typed(&panel.path) {
            Some(path) => return self.use_path(purpose, path),
            None => panel.error = Some("Type the path of a file first.".into()),
        }
        Task::none()
    }

    /// Does what the path was chosen for.
    fn use_path(&mut self, purpose: Purpose, path: PathBuf) -> Task<AppMessage> {
        match purpose {
            Purpose::Open => self.open_chosen(path),
            Purpose::SaveBattleAs => return self.save_copy(path),
            Purpose::SaveArmyAs => return self.save_army_copy(path),
            Purpose::Print => self.print_to(path),
            Purpose::BackUp => self.write_backup(path),
            Purpose::RestoreBackup => self.read_backup(&path),
        }
        Task::none()
    }

    /// Saves a copy of the battle on screen; when the player was leaving a battle that is not
    /// saved, goes on where they were going once the copy is written.
    fn save_copy(&mut self, path: PathBuf) -> Task<AppMessage> {
        let outcome = match &self.screen {
            Screen::Battle(b) => work::save_copy(&self.store, b.game(), &path, !b.unsaved()),
            _ => Err("The battle is no longer on screen; nothing was saved.".into()),
        };
        let saved = outcome.is_ok();
        self.files.report(outcome);
        if saved
            && let Screen::Battle(b) = &mut self.screen
            && let Some(next) = b.take_leaving()
        {
            return self.go(next);
        }
        Task::none()
    }

    pub(super) fn open_chosen(&mut self, path: PathBuf) {
        let opened = work::open(&path);
        if let Opened::Refused(message) = opened {
            self.files.report(Err(message));
            return;
        }
        // Whatever opens takes the screen's place: a battle that is not saved, or the builder
        // with edits not saved, asks first.
        if !self.may_leave(battle::Next::Open(path.clone())) {
            self.files.panel = None;
            return;
        }
        match opened {
            Opened::Refused(_) => {}
            Opened::Army(army) => {
                let user = self.store.user_armies_dir();
                let mut screen = roster::Roster::new(*army);
                if !work::is_listed(&path, &user) {
                    screen = screen.offering(path.clone());
                }
                self.show(Screen::Roster(screen));
                self.files
                    .report(Ok(format!("Opened {}.", platform::file_words(&path))));
            }
            Opened::Battle(game) => {
                self.files.panel = None;
                if self.store.is_own_battle(&path) {
                    // One of Adjutant's own battles: opened in place, as from the list.
                    self.open_battle(&path);
                } else {
                    // A battle from elsewhere (or a backup) is a new battle, with a file of
                    // its own in Adjutant's folder: never saved onto the battle it came from.
                    self.show_battle(self.battle_screen(*game));
                    // While its banner says it is not saved, nothing says otherwise.
                    let saved = matches!(&self.screen, Screen::Battle(b) if !b.unsaved());
                    let how = match saved {
                        true => "it is saved in",
                        false => "it is not saved yet in",
                    };
                    self.files.report(Ok(format!(
                        "Opened a copy of {} as a new battle; {how} {} as you play.",
                        platform::file_words(&path),
                        platform::KEPT_IN
                    )));
                }
            }
        }
    }

    /// Copies an army file the player opened into their armies, for the new-battle picker.
    pub(super) fn keep_army(&mut self, from: PathBuf) {
        match work::copy_to_armies(&from, &self.store.user_armies_dir()) {
            Ok(to) => self.go_home(Some(format!(
                "The army was copied to {}: pick it for a new battle.",
                to.display()
            ))),
            Err(e) => self.files.report(Err(e)),
        }
    }

    fn print_to(&mut self, path: PathBuf) {
        let Some(print) = self.files.panel.as_ref().and_then(|p| p.print.clone()) else {
            return;
        };
        let outcome = match source_of(&self.screen) {
            Some(source) => print
                .render(source, &self.store.systems())
                .map_err(|e| format!("Not printed: {e}")),
            None => Err("There is nothing on screen to print.".into()),
        };
        let outcome = outcome
            .and_then(|bytes| work::write_sheet(&self.store, &path, &bytes))
            .map(|()| {
                let mut text = format!(
                    "{} {} {}.",
                    print.document().label(),
                    platform::WROTE,
                    platform::file_words(&path)
                );
                if self.files.show_printed
                    && let Err(e) = work::show_in_viewer(&path)
                {
                    text.push_str(&format!(" It could not be opened in a viewer: {e}."));
                }
                // A browser hands the sheet to its downloads: there is no folder to remember.
                let folder = path
                    .parent()
                    .filter(|d| !cfg!(target_arch = "wasm32") && !d.as_os_str().is_empty());
                if let Err(e) = self.store.save_print(print.paper, folder) {
                    text.push_str(&format!(
                        " The paper size and folder were not remembered: {e}."
                    ));
                }
                text
            });
        self.files.report(outcome);
    }
}

/// What the screen offers to print: the battle, or the army of the roster.
fn source_of(screen: &Screen) -> Option<Source<'_>> {
    match screen {
        Screen::Battle(b) => Some(Source::Battle(b.game())),
        Screen::Roster(r) => Some(Source::Army(r.army())),
        // The builder's army is printed once saved, from its roster.
        Screen::Home(_) | Screen::Editor(_) => None,
    }
}

/// A file name made from a title: lower case, words joined by `-` ("King's army" →
/// "kings-army").
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if (c.is_whitespace() || c == '-' || c == '_' || c == ':')
            && !out.is_empty()
            && !out.ends_with('-')
        {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    let mut out: String = out.chars().take(60).collect();
    if out.is_empty() {
        out.push_str("adjutant");
    }
    out
}

/// "A vs B" for a battle.
fn battle_title(game: &adjutant::battle::Battle) -> String {
    game.armies()
        .iter()
        .map(|a| a.name.as_str())
        .collect::<Vec<_>>()
        .join(" vs ")
}

/// The typed path with its file name replaced (the folder the player typed is kept).
fn rename(typed: &str, name: &str) -> String {
    let path = PathBuf::from(typed.trim());
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(name).display().to_string(),
        _ => name.to_string(),
    }
}
