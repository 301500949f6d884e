//! The window's side of the army builder: it carries out what the builder asks — leaving for
//! where the player was going once nothing is left unsaved, and asking where to save a copy
//! of the army — and hands the chosen path back to the builder to write.

use std::path::PathBuf;

use iced::Task;

use super::{App, Message, Screen, editor, files};

impl App {
    pub(super) fn editor_update(&mut self, message: editor::Message) -> Task<Message> {
        if let Screen::Editor(e) = &mut self.screen {
            let action = e.update(message);
            return self.editor_act(action);
        }
        Task::none()
    }

    /// Does what the builder asked for.
    fn editor_act(&mut self, action: editor::Action) -> Task<Message> {
        match action {
            editor::Action::None => {}
            editor::Action::Go(next) => return self.go(next),
            editor::Action::SaveCopy => {
                return self.files_update(files::Message::SaveArmyAsPressed);
            }
        }
        self.files.take_focus()
    }

    /// Saves a copy of the builder's army at `path` (the builder edits it from then on); when
    /// the player was leaving, goes on where they were going.
    pub(super) fn save_army_copy(&mut self, path: PathBuf) -> Task<Message> {
        let Screen::Editor(e) = &mut self.screen else {
            self.files.report(Err(
                "The army is no longer on screen; nothing was saved.".into()
            ));
            return Task::none();
        };
        match e.save_copy(&path) {
            Ok(action) => {
                self.files.close_panel();
                self.editor_act(action)
            }
            Err(why) => {
                self.files.report(Err(why));
                Task::none()
            }
        }
    }
}
