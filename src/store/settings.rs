//! The player's settings: theme, zoom, the battle to resume, the across-the-table view, the
//! paper size last printed on and the folder printed to, when the last backup was made.
//!
//! Saved atomically as RON in the config folder (`settings.ron`). A missing file means the
//! defaults. A broken one means the defaults too, with a message for the player, and the file
//! is kept: the first save afterwards first copies it aside to `settings.ron.broken`. Missing
//! fields take their defaults and unknown ones are ignored, so older and newer Adjutants can
//! share one file.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::StoreError;
use super::atomic::write_atomic;
use super::paths::{Paths, create_dir};

/// The version of the settings format this Adjutant writes.
pub const SETTINGS_VERSION: u32 = 1;

/// The zoom range the window offers.
pub const ZOOM_RANGE: (f32, f32) = (0.5, 3.0);

/// The window sizes (either side, logical pixels) remembered; others are forgotten.
pub const WINDOW_RANGE: (f32, f32) = (200.0, 16_384.0);

/// Which colour theme to use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    /// Follow the system's light or dark setting.
    #[default]
    System,
    Light,
    Dark,
}

/// The paper size sheets are printed on (the last one chosen).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaperChoice {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// 8½ × 11 in.
    Letter,
}

/// The player's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub version: u32,
    pub theme: ThemeChoice,
    /// The window's scale factor, within [`ZOOM_RANGE`].
    pub zoom: f32,
    /// The battle open when Adjutant last closed, to resume.
    pub last_battle: Option<PathBuf>,
    /// Open battles on the large-type view read from across the table (F9 toggles it).
    pub across_table: bool,
    /// Show the exact odds of each outcome before rolling.
    pub show_odds: bool,
    /// The paper the last sheet was printed on, offered first next time.
    pub paper: PaperChoice,
    /// The folder the last sheet was printed to (on the desktop), offered first next time.
    pub print_folder: Option<PathBuf>,
    /// Open the last battle when Adjutant starts, instead of the home screen.
    pub reopen_last: bool,
    /// The window's size (logical pixels) when it was last resized, to open at next time.
    pub window_size: Option<(f32, f32)>,
    /// When the last backup of everything was made (seconds since 1970, UTC).
    pub last_backup: Option<u64>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            version: SETTINGS_VERSION,
            theme: ThemeChoice::System,
            zoom: 1.0,
            last_battle: None,
            across_table: false,
            show_odds: true,
            paper: PaperChoice::A4,
            print_folder: None,
            reopen_last: false,
            window_size: None,
            last_backup: None,
        }
    }
}

impl Settings {
    /// Reads settings from RON text; `path` is only used in messages. Values out of range
    /// (a zoom of 0) are brought back to their defaults.
    pub fn from_ron(text: &str, path: &Path) -> Result<Settings, StoreError> {
        let settings: Settings =
            ron::from_str(text).map_err(|e| StoreError::parse(path, text, &e))?;
        Ok(settings.sanitized())
    }

    /// The settings as RON text.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let pretty = ron::ser::PrettyConfig::new()
            .struct_names(true)
            .indentor("  ");
        let mut text = ron::ser::to_string_pretty(self, pretty)?;
        text.push('\n');
        Ok(text)
    }

    /// The same settings with every value in its range.
    pub fn sanitized(mut self) -> Settings {
        let (lo, hi) = ZOOM_RANGE;
        if !(lo..=hi).contains(&self.zoom) {
            self.zoom = Settings::default().zoom;
        }
        let fits = |v: f32| (WINDOW_RANGE.0..=WINDOW_RANGE.1).contains(&v);
        if let Some((w, h)) = self.window_size
            && !(fits(w) && fits(h))
        {
            self.window_size = None;
        }
        self
    }
}

/// The settings file, remembering whether it was broken when read.
#[derive(Debug, Clone)]
pub struct SettingsStore {
    path: PathBuf,
    broken: bool,
}

impl SettingsStore {
    /// The store for `paths.settings_file()`.
    pub fn new(paths: &Paths) -> SettingsStore {
        SettingsStore::at(paths.settings_file())
    }

    /// A store for the settings file at `path`.
    pub fn at(path: impl Into<PathBuf>) -> SettingsStore {
        SettingsStore {
            path: path.into(),
            broken: false,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where a broken settings file is kept when settings are next saved.
    pub fn broken_path(&self) -> PathBuf {
        let mut name = self.path.file_name().unwrap_or_default().to_os_string();
        name.push(".broken");
        self.path.with_file_name(name)
    }

    /// Reads the settings: the defaults if there is no file; the defaults and the reason if
    /// the file cannot be read. The file itself is never changed here.
    pub fn load(&mut self) -> (Settings, Option<StoreError>) {
        let read = super::read_file(&self.path).and_then(|bytes| {
            String::from_utf8(bytes).map_err(|e| StoreError::Corrupt {
                path: self.path.clone(),
                message: format!(
                    "it is not text (bad UTF-8 at byte {})",
                    e.utf8_error().valid_up_to()
                ),
            })
        });
        let text = match read {
            Ok(text) => text,
            Err(StoreError::Io {
                kind: io::ErrorKind::NotFound,
                ..
            }) => {
                self.broken = false;
                return (Settings::default(), None);
            }
            Err(e) => {
                self.broken = true;
                return (Settings::default(), Some(e));
            }
        };
        match Settings::from_ron(&text, &self.path) {
            Ok(settings) => {
                self.broken = false;
                (settings, None)
            }
            Err(err) => {
                self.broken = true;
                (Settings::default(), Some(err))
            }
        }
    }

    /// Saves the settings atomically. If the file was broken when read, it is first copied
    /// aside to [`SettingsStore::broken_path`].
    pub fn save(&mut self, settings: &Settings) -> Result<(), StoreError> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            create_dir(dir)?;
        }
        if self.broken {
            match super::read_file(&self.path) {
                Ok(old) => write_atomic(&self.broken_path(), &old)?,
                Err(StoreError::Io {
                    kind: io::ErrorKind::NotFound,
                    ..
                }) => {}
                // Not a file (a named pipe, a folder): there is nothing to keep aside.
                Err(StoreError::Io {
                    kind: io::ErrorKind::InvalidInput,
                    ..
                }) => {}
                Err(e) => return Err(e),
            }
            self.broken = false;
        }
        let mut settings = settings.clone();
        settings.version = SETTINGS_VERSION;
        let text = settings.to_ron().map_err(|e| StoreError::Format {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        write_atomic(&self.path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_from_before_the_paper_setting_loads_with_a4() {
        let old = "Settings(version: 1, theme: Dark, zoom: 1.5, show_odds: false)";
        let settings = Settings::from_ron(old, Path::new("settings.ron")).unwrap();
        assert_eq!(settings.paper, PaperChoice::A4);
        assert_eq!(settings.theme, ThemeChoice::Dark);
        assert!(!settings.show_odds);
    }

    #[test]
    fn the_paper_choice_is_saved_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = SettingsStore::at(dir.path().join("settings.ron"));
        let letter = Settings {
            paper: PaperChoice::Letter,
            ..Settings::default()
        };
        store.save(&letter).unwrap();
        let text = std::fs::read_to_string(store.path()).unwrap();
        assert!(text.contains("paper: Letter"), "{text}");
        assert_eq!(store.load(), (letter, None));
    }
}
