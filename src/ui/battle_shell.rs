//! The window's side of the battle screen: it carries out what the screen asks for — a save
//! through the app's store, done in the same update so every action is on disk before its
//! result is shown, leaving (a refused save is retried first, and the screen asks when it
//! still fails), printing, saving a copy, remembering the across-the-table view — and puts a
//! new or saved battle up, saved before it is shown. In a browser it also hears the store's
//! news ([`App::store_news`]): a save IndexedDB refused after the result was shown, or one it
//! has now confirmed, and a battle another tab took over.

use iced::Task;

use adjutant::army::Army;

use super::persist::Store;
use super::{App, Message, Screen, battle, files};

impl App {
    pub(super) fn battle_update(&mut self, message: battle::Message) -> Task<Message> {
        if let Screen::Battle(b) = &mut self.screen {
            let action = b.update(message);
            return self.battle_act(action);
        }
        self.files.take_focus()
    }

    /// Does what the battle screen asked for. A save is done here and now, before the
    /// screen is shown again; the screen hears how it went and may ask for more.
    pub(super) fn battle_act(&mut self, action: battle::Action) -> Task<Message> {
        match action {
            battle::Action::None => {}
            battle::Action::Save => {
                let then = self.save_battle();
                return self.battle_act(then);
            }
            battle::Action::Leave(next) => return self.leave(next),
            battle::Action::Go(next) => return self.go(next),
            battle::Action::Print => self.show_print_panel(),
            battle::Action::SaveCopy => {
                return self.files_update(files::Message::SaveAsPressed);
            }
            battle::Action::RememberAcross(on) => {
                // Only the choice for next time is lost if the settings cannot be written.
                let _ = self.store.save_across_table(on);
            }
        }
        self.files.take_focus()
    }

    /// Saves the battle on screen, and what the screen asks next.
    fn save_battle(&mut self) -> battle::Action {
        match &mut self.screen {
            Screen::Battle(b) => save_battle(&self.store, b),
            _ => battle::Action::None,
        }
    }

    /// Leaves the screen for `next` — at once, unless it is a battle that is not saved and
    /// cannot be saved now, or the builder with edits not saved: then the screen asks what to
    /// do first.
    pub(super) fn leave(&mut self, next: battle::Next) -> Task<Message> {
        if !self.may_leave(next.clone()) {
            self.files.close_panel();
            return Task::none();
        }
        self.go(next)
    }

    /// Whether the screen may be left for `next`: it is not a battle, or the battle is saved
    /// or saves now (a save the disk refused is retried). Otherwise the battle screen puts up
    /// its question, and `next` waits for the answer.
    pub(super) fn battle_may_leave(&mut self, next: battle::Next) -> bool {
        let Screen::Battle(b) = &mut self.screen else {
            return true;
        };
        if b.unsaved() {
            // Where the player goes now answers a question already up, whatever the save
            // asks next.
            let _ = save_battle(&self.store, b);
        }
        b.ready_to_leave(next)
    }

    /// Puts a battle up and saves it before it is shown: a new battle gets its file, an
    /// opened one is remembered as the battle to resume. A failure shows in its banner.
    pub(super) fn show_battle(&mut self, b: battle::Battle) {
        self.show(Screen::Battle(Box::new(b)));
        // No question is up on a battle just put up: the save asks for nothing more.
        let _ = self.save_battle();
    }

    /// A battle screen around `game`, as the player's settings have it.
    pub(super) fn battle_screen(&self, game: adjutant::battle::Battle) -> battle::Battle {
        battle::Battle::new(game, self.store.across_table(), self.store.overrides_dir())
    }

    /// A new battle between these armies, saved before it is shown. In a browser, the
    /// browser is asked (once) to keep the battles for good.
    pub(super) fn new_battle(&mut self, system: &str, armies: Vec<Army>) {
        match battle::new_game(&self.store.systems(), system, armies) {
            Ok(game) => {
                self.show_battle(self.battle_screen(game));
                super::platform::ask_to_keep();
            }
            Err(e) => self.go_home(Some(format!("The battle could not be set up: {e}"))),
        }
    }

    /// A saved battle, loaded back (the store takes its lock) to be played in its own file.
    /// One another tab plays is not opened: the home screen says so, and offers to take it
    /// over.
    pub(super) fn open_battle(&mut self, path: &std::path::Path) {
        match self.store.open_battle(path) {
            Ok(game) => self.show_battle(self.battle_screen(game).in_file(path)),
            Err(e) => {
                self.go_home(Some(e));
                if self.store.may_take_over(path)
                    && let Screen::Home(home) = &mut self.screen
                {
                    home.offer_take_over(path.to_path_buf());
                }
            }
        }
    }

    /// Opens a saved battle the player picked: in a browser, read again from the store first
    /// (another tab may have played it since this one read it).
    pub(super) fn open_saved(&mut self, path: std::path::PathBuf) -> Task<Message> {
        match super::platform::read_again_first(&path) {
            Some(read) => read.map(move |()| Message::OpenSaved(path.clone())),
            None => {
                self.open_battle(&path);
                Task::none()
            }
        }
    }

    /// The store's news: the battle on screen shows "Not saved" when its file is not kept as
    /// last saved (IndexedDB refused it, another tab took the battle over), and saves again
    /// when it is (the banner goes once that save works); the home screen lists the battles
    /// again.
    pub(super) fn store_news(&mut self) -> Task<Message> {
        match &mut self.screen {
            Screen::Battle(b) => {
                let Some(file) = b.file().map(std::path::Path::to_path_buf) else {
                    return Task::none();
                };
                match self.store.check(&file) {
                    // The banner goes up; a failure never goes on where the player was going.
                    Err(e) => {
                        let _ = b.saved(Err(e));
                    }
                    Ok(()) if b.unsaved() => {
                        // Saved again now; with the question about leaving up, a save that
                        // works goes on where the player was going.
                        let then = save_battle(&self.store, b);
                        return self.battle_act(then);
                    }
                    Ok(()) => {}
                }
            }
            Screen::Home(home) => home.refresh_saved(&self.store),
            _ => {}
        }
        Task::none()
    }
}

/// Saves the battle on the battle screen through `store` and tells the screen how it went;
/// what the screen asks next comes back (going on where the player was going, when a retried
/// save works while the question about leaving is up).
pub(super) fn save_battle(store: &Store, b: &mut battle::Battle) -> battle::Action {
    let (game, file) = b.for_saving();
    let result = store.save_to(game, file);
    b.saved(result)
}
