//! The window's one door to the disk: finding army files, saving and loading battles, and the
//! player's settings, through the core's `store` and `army::discover`; backing everything up,
//! restoring a backup and the bin of deleted battles ([`keep`]). Every other UI module goes
//! through here. Errors come back as plain sentences for a banner; nothing here panics
//! on a bad file or a read-only folder.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use adjutant::army::ArmyFile;
use adjutant::army::discover::all_armies;
use adjutant::battle::Battle;
use adjutant::print::Paper;
use adjutant::rules::Systems;
use adjutant::store::settings::PaperChoice;
use adjutant::store::{BattleStore, Paths, SettingsStore, StoreError, ThemeChoice};

use super::theme::Choice;

mod keep;
pub use keep::BinnedBattle;

/// Where things are kept. Clones share one battle store, so a file that failed to load stays
/// protected from being written over for the whole session.
#[derive(Debug, Clone)]
pub struct Store {
    paths: Paths,
    inner: Rc<RefCell<Inner>>,
    /// Set when the data folders could not be found or made: the window says so and runs on.
    pub problem: Option<String>,
}

#[derive(Debug)]
struct Inner {
    battles: BattleStore,
    settings_file: SettingsStore,
    settings: adjutant::store::Settings,
    /// The last change of the settings was not written (the disk refused): the next one
    /// writes them, even if it changes nothing.
    settings_unsaved: bool,
}

/// A saved battle as the home screen lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedBattle {
    pub path: PathBuf,
    pub title: String,
    /// Where the battle stands, "Turn 3 · Fire Combat · Parliament", when it loads.
    pub clock: Option<String>,
    /// "12 entries", or why the file would not load.
    pub detail: String,
    pub loads: bool,
    /// When the file is missing or damaged and its backup loads: what the backup holds.
    pub backup: Option<String>,
}

/// The player's settings the window uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Settings {
    pub theme: Choice,
}

impl Store {
    /// The store under `data_dir` (from `--data-dir`), `ADJUTANT_DATA_DIR`, or the user's
    /// folders.
    pub fn open(data_dir: Option<PathBuf>) -> Store {
        let (paths, mut problem) = match Paths::resolve(data_dir) {
            Ok(paths) => (paths, None),
            Err(e) => {
                let fallback = std::env::temp_dir().join("adjutant");
                let note = format!("{e}. Using {} for now.", fallback.display());
                (Paths::portable(fallback), Some(note))
            }
        };
        if let Err(e) = paths.create_dirs() {
            problem = Some(format!("Battles cannot be saved: {e}"));
        }
        let mut settings_file = SettingsStore::new(&paths);
        let (settings, settings_error) = settings_file.load();
        if let Some(e) = settings_error {
            problem.get_or_insert(format!("Settings were reset to the defaults: {e}"));
        }
        let store = Store {
            inner: Rc::new(RefCell::new(Inner {
                battles: BattleStore::new(&paths),
                settings_file,
                settings,
                settings_unsaved: false,
            })),
            paths,
            problem,
        };
        // Battles deleted long enough ago go for good as the store opens.
        store.empty_bin();
        store
    }

    /// This store, with `systems` the rule systems in force: battles are started and loaded
    /// under them.
    pub fn with_systems(self, systems: Systems) -> Store {
        {
            let mut inner = self.inner.borrow_mut();
            let battles = std::mem::replace(&mut inner.battles, BattleStore::in_dir(""));
            inner.battles = battles.with_systems(systems);
        }
        self
    }

    /// The rule systems in force.
    pub fn systems(&self) -> Systems {
        self.inner.borrow().battles.systems().clone()
    }

    /// Every army file, shipped then the player's own, each loaded or with its problems.
    pub fn armies(&self) -> Vec<ArmyFile> {
        all_armies(&self.paths.user_armies_dir())
    }

    /// The folder the player's own army files go in.
    pub fn user_armies_dir(&self) -> PathBuf {
        self.paths.user_armies_dir()
    }

    /// The folder battles are saved in.
    pub fn battles_dir(&self) -> PathBuf {
        self.paths.battles_dir()
    }

    /// The paper the last sheet was printed on.
    pub fn paper(&self) -> Paper {
        match self.inner.borrow().settings.paper {
            PaperChoice::A4 => Paper::A4,
            PaperChoice::Letter => Paper::Letter,
        }
    }

    /// The folder the last sheet was printed to, when it is still there.
    pub fn print_folder(&self) -> Option<PathBuf> {
        self.inner
            .borrow()
            .settings
            .print_folder
            .clone()
            .filter(|d| d.is_dir())
    }

    /// Remembers the paper, and the folder printed to (`None`: the one remembered stays), for
    /// next time; writes nothing when both are as they were.
    pub fn save_print(&self, paper: Paper, folder: Option<&Path>) -> Result<(), StoreError> {
        self.change_settings(|s| {
            s.paper = match paper {
                Paper::A4 => PaperChoice::A4,
                Paper::Letter => PaperChoice::Letter,
            };
            if let Some(folder) = folder {
                s.print_folder = Some(folder.to_path_buf());
            }
        })
    }

    /// The window's zoom (its scale factor), within the settings' zoom range.
    pub fn zoom(&self) -> f32 {
        self.inner.borrow().settings.zoom
    }

    /// Remembers the zoom for next time.
    pub fn save_zoom(&self, zoom: f32) -> Result<(), StoreError> {
        self.change_settings(|s| s.zoom = zoom)
    }

    /// Whether battles open on the across-the-table view.
    pub fn across_table(&self) -> bool {
        self.inner.borrow().settings.across_table
    }

    /// Remembers whether battles open on the across-the-table view.
    pub fn save_across_table(&self, on: bool) -> Result<(), StoreError> {
        self.change_settings(|s| s.across_table = on)
    }

    /// Whether Adjutant opens the last battle when it starts.
    pub fn reopen_last(&self) -> bool {
        self.inner.borrow().settings.reopen_last
    }

    /// Remembers whether Adjutant opens the last battle when it starts.
    pub fn save_reopen_last(&self, on: bool) -> Result<(), StoreError> {
        self.change_settings(|s| s.reopen_last = on)
    }

    /// The window's size when it was last resized.
    pub fn window_size(&self) -> Option<(f32, f32)> {
        self.inner.borrow().settings.window_size
    }

    /// Remembers the window's size for next time.
    pub fn save_window_size(&self, size: (f32, f32)) -> Result<(), StoreError> {
        self.change_settings(|s| s.window_size = Some(size))
    }

    /// Where the player's rule-table override files go.
    pub fn overrides_dir(&self) -> PathBuf {
        self.paths.overrides_dir()
    }

    /// Changes the settings in memory, then saves them; a change that leaves them as they
    /// were writes nothing (a window opened at the size it was left at, say).
    fn change_settings(
        &self,
        change: impl FnOnce(&mut adjutant::store::Settings),
    ) -> Result<(), StoreError> {
        let mut inner = self.inner.borrow_mut();
        let Inner {
            settings_file,
            settings,
            settings_unsaved,
            ..
        } = &mut *inner;
        let before = settings.clone();
        change(settings);
        if *settings == before && !*settings_unsaved {
            return Ok(());
        }
        let saved = settings_file.save(settings);
        *settings_unsaved = saved.is_err();
        saved
    }

    /// Saves a battle to `file` — a new file of its own when it has none yet, which `file`
    /// then names — and remembers it as the one to resume.
    pub fn save_to(&self, battle: &Battle, file: &mut Option<PathBuf>) -> Result<(), StoreError> {
        let mut inner = self.inner.borrow_mut();
        let path = match file {
            Some(path) => {
                inner.battles.save_as(battle, path)?;
                path.clone()
            }
            None => {
                let path = inner.battles.save_new(battle)?;
                *file = Some(path.clone());
                path
            }
        };
        if inner.settings.last_battle.as_deref() != Some(path.as_path()) {
            inner.settings.last_battle = Some(path.clone());
            let Inner {
                settings_file,
                settings,
                ..
            } = &mut *inner;
            // The battle itself is saved; a settings file that cannot be written only loses
            // the "resume" shortcut, which the list of battles still offers.
            let _ = settings_file.save(settings);
        }
        drop(inner);
        // In a browser the write may not be kept yet (or no longer be this tab's to make).
        adjutant::store::check(&path)
    }

    /// Whether the battle in `path` is kept as this window last saved it; `Err` says why not
    /// (in a browser: a write not yet confirmed or refused since, the battle taken over by
    /// another tab). On the desktop a save that worked is kept.
    pub fn check(&self, path: &Path) -> Result<(), StoreError> {
        adjutant::store::check(path)
    }

    /// Whether the battle in `path` could be taken over from the window (in a browser, the
    /// tab) that holds it, at the player's word.
    pub fn may_take_over(&self, path: &Path) -> bool {
        adjutant::store::may_take_over(path)
    }

    /// Takes the battle in `path` over from the tab that holds it (that tab stops saving it
    /// and says why); the battle is then opened as usual.
    pub fn take_over(&self, path: &Path) -> Result<(), StoreError> {
        adjutant::store::take_over(path)
    }

    /// Writes a copy of a battle to `path`, outside Adjutant's battles folder (however the
    /// path reaches it, the folder is refused and nothing is written); the battle goes on
    /// being saved to its own file.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn save_copy(&self, battle: &Battle, path: &Path) -> Result<(), StoreError> {
        self.inner.borrow().battles.save_copy(battle, path)
    }

    /// Loads a saved battle to play it in this window, which holds it until
    /// [`Store::release`]: another window cannot open it meanwhile. A file that fails to load
    /// is kept as it is and never overwritten.
    pub fn open_battle(&self, path: &Path) -> Result<Battle, String> {
        self.inner
            .borrow_mut()
            .battles
            .open(path)
            .map_err(|e| match e {
                StoreError::Busy { .. } => super::platform::busy(&e),
                e => format!("The battle was not opened: {e}"),
            })
    }

    /// Lets go of a battle this window played.
    pub fn release(&self, path: &Path) {
        if let Ok(mut inner) = self.inner.try_borrow_mut() {
            inner.battles.release(path);
        }
    }

    /// Puts a damaged battle's backup in its place; says what was done.
    pub fn restore(&self, path: &Path) -> Result<String, StoreError> {
        let restored = self.inner.borrow_mut().battles.restore_backup(path)?;
        let mut text = format!(
            "{} was restored from its backup ({}).",
            file_name(&restored.path),
            entries(restored.entries)
        );
        if let Some(kept) = &restored.kept {
            text.push_str(&format!(" The damaged file is kept as {}.", kept.display()));
        }
        Ok(text)
    }

    /// Whether `path` is a battle file of Adjutant's own folder (not a backup or another file
    /// kept there), to be opened in place.
    pub fn is_own_battle(&self, path: &Path) -> bool {
        let name = file_name(path);
        path.parent() == Some(self.battles_dir().as_path())
            && name.ends_with(".ron")
            && !name.starts_with('.')
    }

    /// The saved battles, newest first, those that fail to load with the reason; or, when
    /// the battles folder cannot be read, a sentence saying so and why (never an empty list,
    /// which would tell the player the battles are gone).
    pub fn battles(&self) -> Result<Vec<SavedBattle>, String> {
        let list = self.inner.borrow_mut().battles.listing().map_err(|e| {
            format!(
                "The saved battles cannot be listed: {e}. They are not deleted: Adjutant could \
                 not read their folder. Check the drive or the folder's permissions, then come \
                 back to this screen."
            )
        })?;
        Ok(list
            .into_iter()
            .map(|s| SavedBattle {
                detail: match &s.ok_or_error {
                    Ok(()) => format!("{} · {}", entries(s.entries), shown_name(&s.path)),
                    Err(StoreError::Io { kind, .. }) if *kind == std::io::ErrorKind::NotFound => {
                        format!("The battle file {} is missing.", s.path.display())
                    }
                    Err(e) => e.to_string(),
                },
                backup: s.backup.as_ref().map(|b| {
                    format!(
                        "Its backup loads: {}, one save before the last.",
                        entries(b.entries)
                    )
                }),
                loads: s.ok_or_error.is_ok(),
                clock: s.clock.filter(|_| s.ok_or_error.is_ok()),
                path: s.path,
                title: s.title,
            })
            .collect())
    }

    /// The battle to resume: the one open when Adjutant last closed, else the newest that loads.
    pub fn last_battle(&self, battles: &[SavedBattle]) -> Option<SavedBattle> {
        let remembered = self.inner.borrow().settings.last_battle.clone();
        remembered
            .and_then(|p| battles.iter().find(|b| b.path == p && b.loads))
            .or_else(|| battles.iter().find(|b| b.loads))
            .cloned()
    }

    /// The settings read at start-up (defaults when missing or broken).
    pub fn settings(&self) -> Settings {
        let theme = match self.inner.borrow().settings.theme {
            ThemeChoice::System => Choice::System,
            ThemeChoice::Light => Choice::Light,
            ThemeChoice::Dark => Choice::Dark,
        };
        Settings { theme }
    }

    /// Saves the settings.
    pub fn save_settings(&self, settings: Settings) -> Result<(), StoreError> {
        let mut inner = self.inner.borrow_mut();
        inner.settings.theme = match settings.theme {
            Choice::System => ThemeChoice::System,
            Choice::Light => ThemeChoice::Light,
            Choice::Dark => ThemeChoice::Dark,
        };
        let Inner {
            settings_file,
            settings,
            ..
        } = &mut *inner;
        settings_file.save(settings)
    }
}

/// "1 entry", "12 entries".
fn entries(n: usize) -> String {
    format!("{n} {}", if n == 1 { "entry" } else { "entries" })
}

/// A battle's file name as listed; one that is not UTF-8 says so, U+FFFD standing for the
/// bytes that are not.
fn shown_name(path: &Path) -> String {
    let name = file_name(path);
    match path.file_name().is_some_and(|n| n.to_str().is_none()) {
        true => format!("{name} (a file name that is not UTF-8: � stands for what is not)"),
        false => name,
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
