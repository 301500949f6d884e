//! Back up everything… and Restore from a backup… (home screen), once the player has chosen
//! where: on the desktop a backup is written to the file chosen (never into Adjutant's own
//! folders) and a backup is read from the file chosen; in a browser a backup is downloaded,
//! and the file picked is handed over whole (never kept in the page's storage). What was
//! done shows on the home screen, whose last-backup line and lists are then read again; a
//! refusal shows in the panel (or along the bottom) and nothing changes.

use std::path::{Path, PathBuf};

use crate::ui::{App, Screen};

impl App {
    /// Writes a backup of everything to `path`; in a browser, downloads it under its name.
    pub(super) fn write_backup(&mut self, path: PathBuf) {
        let (_, made) = self.store.make_backup();
        let written = write(&self.store, &path, &made.text);
        let mut text = match written {
            Ok(said) => format!("{said} It holds {}.", made.holds()),
            Err(e) => return self.files.report(Err(format!("Not backed up: {e}"))),
        };
        self.files.close_panel();
        for why in &made.left_out {
            text.push_str(&format!(" Left out: {why}."));
        }
        if let Err(e) = self.store.backed_up() {
            text.push_str(&format!(" When it was made is not remembered: {e}."));
        }
        self.said(text);
    }

    /// Reads the backup file at `path` and restores it.
    pub(super) fn read_backup(&mut self, path: &Path) {
        match adjutant::store::read_file(path) {
            Ok(bytes) => self.restore_backup(path, &bytes),
            Err(e) => self.files.report(Err(format!("Nothing was restored: {e}"))),
        }
    }

    /// Restores the backup in `bytes` (the file `name`): what is missing is added, nothing is
    /// written over. Settings restored take effect at once.
    pub(super) fn restore_backup(&mut self, name: &Path, bytes: &[u8]) {
        match self.store.restore_backup(bytes, name) {
            Ok(text) => {
                self.files.close_panel();
                self.settings = self.store.settings();
                self.zoom = self.store.zoom();
                self.said(text);
            }
            Err(text) => self.files.report(Err(text)),
        }
    }

    /// Says what was done on the home screen, read again (or along the bottom, should the
    /// player have left it meanwhile).
    fn said(&mut self, text: String) {
        match self.screen {
            Screen::Home(_) => self.go_home(Some(text)),
            _ => self.files.report(Ok(text)),
        }
    }
}

/// Writes the backup to the file the player chose; says where it went.
#[cfg(not(target_arch = "wasm32"))]
fn write(store: &crate::ui::persist::Store, path: &Path, text: &str) -> Result<String, String> {
    store
        .write_backup(path, text)
        .map_err(|e| format!("{e}."))
        .map(|()| format!("The backup was written to {}.", path.display()))
}

/// Downloads the backup under the name of `path`.
#[cfg(target_arch = "wasm32")]
fn write(_store: &crate::ui::persist::Store, path: &Path, text: &str) -> Result<String, String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    super::download::download(&name, "application/octet-stream", text.as_bytes())?;
    Ok(format!("The backup was downloaded as {name}."))
}
