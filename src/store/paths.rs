//! Where Adjutant keeps its files.
//!
//! By default the user's data and config folders from the `directories` crate, for the
//! project `org` / `Adjutant` / `adjutant` (on Linux `~/.local/share/adjutant` and
//! `~/.config/adjutant`; on macOS `~/Library/Application Support/org.Adjutant.adjutant`; on
//! Windows `%APPDATA%\Adjutant\adjutant\{data,config}`). A portable install or a test gives one
//! folder instead — `--data-dir DIR` on the command line, else the `ADJUTANT_DATA_DIR`
//! environment variable — and then everything lives under it: `DIR/battles`, `DIR/armies`,
//! `DIR/config`.

use std::ffi::OsString;
#[cfg(not(target_arch = "wasm32"))]
use std::fs;
use std::path::{Path, PathBuf};

#[cfg(not(target_arch = "wasm32"))]
use directories::ProjectDirs;

use super::StoreError;

pub use adjutant_core::store::ENV_DATA_DIR;

/// The `directories` project id: qualifier, organisation, application.
pub const PROJECT: (&str, &str, &str) = ("org", "Adjutant", "adjutant");

/// Adjutant's two folders: data (battles, the player's armies) and config (settings, tables).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    pub data: PathBuf,
    pub config: PathBuf,
}

impl Paths {
    /// The folders to use: `cli_override` (from `--data-dir`), else `ADJUTANT_DATA_DIR`, else
    /// the user's standard folders.
    pub fn resolve(cli_override: Option<PathBuf>) -> Result<Paths, StoreError> {
        Paths::resolve_from(cli_override, std::env::var_os(ENV_DATA_DIR))
    }

    /// [`Paths::resolve`] with the environment variable's value passed in (so tests need not
    /// change the process environment). An empty value counts as unset.
    pub fn resolve_from(
        cli_override: Option<PathBuf>,
        env: Option<OsString>,
    ) -> Result<Paths, StoreError> {
        let env = env.filter(|v| !v.is_empty()).map(PathBuf::from);
        if let Some(dir) = cli_override.or(env) {
            return Ok(Paths::portable(dir));
        }
        Paths::standard()
    }

    /// The user's standard folders.
    #[cfg(not(target_arch = "wasm32"))]
    fn standard() -> Result<Paths, StoreError> {
        let (qualifier, organisation, application) = PROJECT;
        let dirs =
            ProjectDirs::from(qualifier, organisation, application).ok_or(StoreError::NoHome)?;
        Ok(Paths {
            data: dirs.data_dir().to_path_buf(),
            config: dirs.config_dir().to_path_buf(),
        })
    }

    /// In a browser, keys in the page's storage: `adjutant/battles/…`, `adjutant/config/…`.
    #[cfg(target_arch = "wasm32")]
    fn standard() -> Result<Paths, StoreError> {
        Ok(Paths {
            data: PathBuf::from("adjutant"),
            config: PathBuf::from("adjutant/config"),
        })
    }

    /// Everything under one folder: `dir` for data, `dir/config` for config. A relative `dir`
    /// is taken from the current folder, so messages show where files really are.
    pub fn portable(dir: impl Into<PathBuf>) -> Paths {
        let dir = dir.into();
        let dir = std::path::absolute(&dir).unwrap_or(dir);
        Paths {
            config: dir.join("config"),
            data: dir,
        }
    }

    /// Saved battles: `<data>/battles`.
    pub fn battles_dir(&self) -> PathBuf {
        self.data.join("battles")
    }

    /// The player's own army files: `<data>/armies`.
    pub fn user_armies_dir(&self) -> PathBuf {
        self.data.join("armies")
    }

    /// The settings file: `<config>/settings.ron`.
    pub fn settings_file(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    /// Rule-table overrides (charts from the player's own copy of the rules): `<config>/tables`.
    pub fn overrides_dir(&self) -> PathBuf {
        self.config.join("tables")
    }

    /// Creates the battles, armies, config and overrides folders if they are missing.
    pub fn create_dirs(&self) -> Result<(), StoreError> {
        for dir in [
            self.battles_dir(),
            self.user_armies_dir(),
            self.config.clone(),
            self.overrides_dir(),
        ] {
            create_dir(&dir)?;
        }
        Ok(())
    }
}

/// Creates a folder and its parents, with a clear error.
#[cfg(not(target_arch = "wasm32"))]
pub fn create_dir(dir: &Path) -> Result<(), StoreError> {
    fs::create_dir_all(dir).map_err(|e| StoreError::io("create the folder", dir, &e))
}

/// A browser's storage has no folders: a file's key names its folder.
#[cfg(target_arch = "wasm32")]
pub fn create_dir(_dir: &Path) -> Result<(), StoreError> {
    Ok(())
}
