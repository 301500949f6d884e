//! The two ways of asking the player for a file: the desktop's own dialog (through `rfd`: the
//! xdg desktop portal, or zenity where there is no portal) or, where neither is there, a path
//! typed into a field in the window. Which one is decided once at start-up, because `rfd`
//! answers "no file" both when the player cancels and when no dialog could be shown.

use std::path::{Path, PathBuf};

pub use super::request::{Dialogs, Request};

#[cfg(test)]
use super::slug;

/// Set to `path` to always type paths in the window, or `system` to always ask the desktop.
pub const DIALOG_VAR: &str = "ADJUTANT_FILE_DIALOG";

/// The line shown above the path field when the desktop has no file dialog.
pub const NO_DIALOG: &str = "No file dialog is available on this desktop; type a path.";

/// The print panel's button, and what it says happens.
pub const PRINT_BUTTON: &str = "Print to file…";
pub const PRINT_CAPTION: &str =
    "The sheet is written where you choose, then opened in your viewer to print.";

impl Dialogs {
    /// The desktop's dialog when a portal with a file chooser or zenity is there, else the path
    /// field; [`DIALOG_VAR`] overrides the guess.
    pub fn detect() -> Dialogs {
        match std::env::var(DIALOG_VAR).as_deref().map(str::trim) {
            Ok("path") => return Dialogs::PathField,
            Ok("system") => return Dialogs::System,
            _ => {}
        }
        if on_path("zenity") || portal_file_chooser() {
            Dialogs::System
        } else {
            Dialogs::PathField
        }
    }
}

/// Whether an executable of this name is in a folder on `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| {
            let file = dir.join(program);
            file.is_file() && is_executable(&file)
        })
    })
}

#[cfg(unix)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata()
        .is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(_file: &Path) -> bool {
    true
}

/// Whether a session bus is there and the desktop portal, with a back end that offers a file
/// chooser, is installed to be started on it.
fn portal_file_chooser() -> bool {
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty())
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| Path::new(&dir).join("bus").exists());
    if !bus {
        return false;
    }
    let data_dirs = std::env::var("XDG_DATA_DIRS")
        .ok()
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| "/usr/local/share:/usr/share".into());
    let dirs: Vec<PathBuf> = data_dirs.split(':').map(PathBuf::from).collect();
    let service = dirs.iter().any(|d| {
        d.join("dbus-1/services/org.freedesktop.portal.Desktop.service")
            .is_file()
    });
    service && dirs.iter().any(|d| back_end_offers_file_chooser(d))
}

/// Whether a portal back end described under `data_dir` implements the file chooser.
fn back_end_offers_file_chooser(data_dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(data_dir.join("xdg-desktop-portal/portals")) else {
        return false;
    };
    entries.flatten().any(|e| {
        std::fs::read_to_string(e.path())
            .is_ok_and(|text| text.contains("org.freedesktop.impl.portal.FileChooser"))
    })
}

/// What to ask the desktop's dialog for.
/// Shows the desktop's dialog on its own thread; `None` when the player cancels.
pub async fn ask(request: Request) -> Option<PathBuf> {
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title(request.title)
        .add_filter(request.filter.0, &[request.filter.1])
        .add_filter("All files", &["*"]);
    if portal_file_chooser() {
        // The portal takes the folder and the file's name apart.
        let (folder, name) = if request.save {
            let name = request.suggestion.file_name();
            (
                request.suggestion.parent(),
                name.map(|n| n.to_string_lossy()),
            )
        } else {
            (Some(request.suggestion.as_path()), None)
        };
        if let Some(folder) = folder.filter(|f| f.is_dir()) {
            dialog = dialog.set_directory(folder);
        }
        if let Some(name) = name {
            dialog = dialog.set_file_name(name);
        }
    } else {
        // zenity has no starting folder but starts in the folder of a whole path given as the
        // file name (a folder's path ends in '/').
        let mut whole = request.suggestion.display().to_string();
        if !request.save && !whole.ends_with('/') {
            whole.push('/');
        }
        dialog = dialog.set_file_name(whole);
    }
    let handle = if request.save {
        dialog.save_file().await
    } else {
        dialog.pick_file().await
    };
    handle.map(|h| h.path().to_path_buf())
}

/// The folder files are suggested in: the player's documents folder, else their home.
pub fn documents_dir() -> PathBuf {
    directories::UserDirs::new()
        .map(|u| {
            u.document_dir()
                .filter(|d| d.is_dir())
                .unwrap_or(u.home_dir())
                .to_path_buf()
        })
        .unwrap_or_else(std::env::temp_dir)
}

/// The path a player typed: `~` is their home, and a relative path is taken from home too
/// (a desktop app has no meaningful working folder). `None` when nothing was typed.
pub fn resolve_typed(text: &str) -> Option<PathBuf> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let home = || {
        directories::UserDirs::new()
            .map(|u| u.home_dir().to_path_buf())
            .unwrap_or_else(|| PathBuf::from("/"))
    };
    if text == "~" {
        return Some(home());
    }
    if let Some(rest) = text.strip_prefix("~/") {
        return Some(home().join(rest));
    }
    let path = PathBuf::from(text);
    Some(if path.is_absolute() {
        path
    } else {
        home().join(path)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_paths_are_taken_from_home() {
        assert_eq!(resolve_typed("  "), None);
        assert_eq!(
            resolve_typed("/tmp/x.pdf"),
            Some(PathBuf::from("/tmp/x.pdf"))
        );
        let home = resolve_typed("~").unwrap();
        assert_eq!(resolve_typed("~/a/b.ron"), Some(home.join("a/b.ron")));
        assert_eq!(resolve_typed("b.ron"), Some(home.join("b.ron")));
    }

    #[test]
    fn slugs_are_plain_file_names() {
        assert_eq!(
            slug("King's army vs Eastern Association"),
            "kings-army-vs-eastern-association"
        );
        assert_eq!(slug("Edgehill 1642: the Earl"), "edgehill-1642-the-earl");
        assert_eq!(slug("///"), "adjutant");
    }

    #[test]
    fn a_portal_back_end_counts_only_with_a_file_chooser() {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            !back_end_offers_file_chooser(dir.path()),
            "no portals folder"
        );
        let portals = dir.path().join("xdg-desktop-portal/portals");
        std::fs::create_dir_all(&portals).unwrap();
        std::fs::write(
            portals.join("a.portal"),
            "[portal]\nInterfaces=org.freedesktop.impl.portal.Settings\n",
        )
        .unwrap();
        assert!(!back_end_offers_file_chooser(dir.path()));
        std::fs::write(
            portals.join("gtk.portal"),
            "[portal]\nInterfaces=org.freedesktop.impl.portal.FileChooser;\n",
        )
        .unwrap();
        assert!(back_end_offers_file_chooser(dir.path()));
        assert!(!on_path("surely-no-such-program-for-adjutant"));
    }
}
