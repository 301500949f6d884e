//! The store's side of the home screen's backup and bin: a backup of everything made (and when
//! the last one was, kept in the settings), one restored, a battle moved into the bin, put back
//! or deleted for good. Each answer is a sentence for the home screen; nothing here panics on
//! a bad file or a refused write.

use std::path::{Path, PathBuf};

use adjutant::store::StoreError;
use adjutant::store::backup::{self, Made};
use adjutant::store::bin::KEEP_DAYS;
use adjutant::store::names::secs;
use adjutant_core::store::backup::{Kind, Outcome};
use adjutant_core::store::when;

use super::{Store, entries, file_name};

/// A battle in the bin as the home screen lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinnedBattle {
    /// What names it in the bin, to put it back or delete it for good.
    pub id: PathBuf,
    pub title: String,
    /// "Deleted 2025-06-01 14:32 UTC · 12 entries".
    pub detail: String,
}

impl Store {
    /// A backup of everything, made now, and the name it is offered under.
    pub fn make_backup(&self) -> (String, Made) {
        let now = adjutant::clock::now();
        (backup::file_name(now), backup::make(&self.paths, now))
    }

    /// Writes a backup's text to a file the player chose (never into Adjutant's own folders).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn write_backup(&self, path: &Path, text: &str) -> Result<(), StoreError> {
        backup::write_file(&self.paths, path, text)
    }

    /// Notes that a backup was made now.
    pub fn backed_up(&self) -> Result<(), StoreError> {
        let now = secs(adjutant::clock::now());
        self.change_settings(|s| s.last_backup = Some(now))
    }

    /// When the last backup was made, in words for the home screen.
    pub fn last_backup(&self) -> String {
        let Some(at) = self.inner.borrow().settings.last_backup else {
            return "No backup made yet.".into();
        };
        let days = secs(adjutant::clock::now()).saturating_sub(at) / 86_400;
        let ago = match days {
            0 => "less than a day ago".to_string(),
            1 => "a day ago".to_string(),
            n => format!("{n} days ago"),
        };
        format!("Last backup: {}, {ago}.", when::date(at))
    }

    /// Restores the backup in `bytes` (the file `source`): what is missing is added and
    /// nothing is written over; says what was done. Settings restored are read again.
    pub fn restore_backup(&self, bytes: &[u8], source: &Path) -> Result<String, String> {
        let restored = backup::restore(&self.paths, bytes, source)
            .map_err(|e| format!("Nothing was restored: {e}"))?;
        let settings_added = restored
            .items
            .iter()
            .any(|(k, _, o)| *k == Kind::Settings && matches!(o, Outcome::Added(_)));
        if settings_added {
            let mut inner = self.inner.borrow_mut();
            let (settings, _) = inner.settings_file.load();
            inner.settings = settings;
        }
        // The same words on every platform: files by their names alone.
        Ok(format!(
            "Restored from {}: {}",
            file_name(source),
            restored.summary()
        ))
    }

    /// Moves a saved battle (and its backup) into the bin; says so.
    pub fn delete_battle(&self, path: &Path) -> Result<String, String> {
        let title = self.title_of(path);
        let mut inner = self.inner.borrow_mut();
        match inner.battles.delete(path) {
            Ok(_) => Ok(format!(
                "{title} is in the bin: Put back brings it back, until {KEEP_DAYS} days from \
                 now."
            )),
            Err(StoreError::Busy { .. }) => Err(format!(
                "{title} was not deleted: {}",
                super::super::platform::PLAYED_ELSEWHERE
            )),
            Err(e) => Err(format!("{title} was not deleted: {e}")),
        }
    }

    /// The battles in the bin, the last deleted first.
    pub fn bin(&self) -> Vec<BinnedBattle> {
        self.inner
            .borrow_mut()
            .battles
            .bin()
            .into_iter()
            .map(|b| BinnedBattle {
                detail: match b.entries {
                    Some(n) => format!("Deleted {} · {}", when::date(b.binned.deleted), entries(n)),
                    None => format!(
                        "Deleted {} · it does not load",
                        when::date(b.binned.deleted)
                    ),
                },
                id: b.binned.id,
                title: b.title,
            })
            .collect()
    }

    /// Puts a battle back from the bin; says under which name.
    pub fn put_back(&self, id: &Path) -> Result<String, String> {
        let title = self.bin().into_iter().find(|b| b.id == id).map(|b| b.title);
        let title = title.unwrap_or_else(|| file_name(id));
        let back = self.inner.borrow_mut().battles.put_back(id);
        back.map(|path| {
            format!(
                "{title} is back among the saved battles ({}).",
                file_name(&path)
            )
        })
        .map_err(|e| format!("{title} was not put back: {e}"))
    }

    /// Deletes a battle in the bin for good.
    pub fn delete_for_good(&self, id: &Path) -> Result<String, String> {
        let title = self.bin().into_iter().find(|b| b.id == id).map(|b| b.title);
        let title = title.unwrap_or_else(|| file_name(id));
        let gone = self.inner.borrow_mut().battles.delete_for_good(id);
        gone.map(|_| format!("{title} was deleted for good."))
            .map_err(|e| format!("{title} was not deleted: {e}"))
    }

    /// Deletes for good the battles deleted [`KEEP_DAYS`] or more ago.
    pub fn empty_bin(&self) {
        self.inner.borrow_mut().battles.empty_bin();
    }

    /// A saved battle's title, "A vs B", or its file's name.
    fn title_of(&self, path: &Path) -> String {
        let summary = self.inner.borrow_mut().battles.summary(path);
        match summary.title.is_empty() {
            true => file_name(path),
            false => format!("“{}”", summary.title),
        }
    }
}
