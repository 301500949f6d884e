//! The browser check's backup play (`web/test/keep.mjs`), at the phone's size and by taps:
//! Restore from a backup… on a fresh home screen (the backup the desktop made, handed over
//! as the browser's picker hands it), a battle started from the home screen that says what was
//! restored and left again, and Back up everything…. Each tap lands on a text drawn whole
//! inside the screen without scrolling, no two texts overlap, none runs past an edge.
//!
//! With `ADJUTANT_WEB_KEEP_TARGETS=FILE` it writes where each tap lands (JSON, as the fire's
//! play writes `ADJUTANT_WEB_TARGETS`); `ADJUTANT_WEB_BACKUP=FILE` names the backup to restore
//! (the one `scripts/check-web.sh` has the desktop binary make), else one is made here of the
//! saved battles of `tests/saved_battles/`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::Phone;
use crate::ui::files::{Message as FilesMessage, Purpose};
use crate::ui::home::{BACK_UP, RESTORE_BACKUP};
use crate::ui::{Message, Screen};

/// The backup to restore: its file's name and bytes.
fn desktop_backup() -> (PathBuf, Vec<u8>) {
    if let Ok(file) = std::env::var("ADJUTANT_WEB_BACKUP") {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("reading {file}: {e}"));
        let name = Path::new(&file).file_name().expect("a file name");
        return (PathBuf::from(name), bytes);
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let paths = adjutant::store::Paths::portable(dir.path());
    std::fs::create_dir_all(paths.battles_dir()).expect("the battles folder");
    let saved = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saved_battles");
    for entry in std::fs::read_dir(saved)
        .expect("the saved battles")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with("_v2.ron") {
            std::fs::copy(entry.path(), paths.battles_dir().join(name)).expect("copied");
        }
    }
    let made = adjutant::store::backup::make(&paths, adjutant::clock::now());
    (PathBuf::from("desktop-backup.ron"), made.text.into_bytes())
}

fn notice(phone: &Phone) -> String {
    match &phone.app.screen {
        Screen::Home(h) => h.notice.clone().unwrap_or_default(),
        _ => panic!("the home screen is up"),
    }
}

#[test]
fn a_backup_is_restored_and_one_made_on_a_phone_by_taps() {
    let mut phone = Phone::new();
    let (name, bytes) = desktop_backup();

    phone.part("restore");
    phone.tap("restore a backup", RESTORE_BACKUP);
    // The browser's picker hands the file over whole.
    let picked = Some((name.clone(), Arc::<[u8]>::from(bytes)));
    let _ = phone.app.update(Message::Files(FilesMessage::Picked(
        Purpose::RestoreBackup,
        picked,
    )));
    let restored = notice(&phone);
    let expected = format!("Restored from {}: Added ", name.display());
    assert!(restored.starts_with(&expected), "{restored}");

    phone.part("play");
    phone.tap("start a battle", "Start the battle");
    assert!(
        matches!(phone.app.screen, Screen::Battle(_)),
        "the battle is up"
    );
    phone.tap("back home", crate::ui::battle::screen::BACK);
    assert!(matches!(phone.app.screen, Screen::Home(_)), "home again");

    phone.part("backup");
    phone.tap("back up everything", BACK_UP);
    phone.end_part();

    if let Ok(file) = std::env::var("ADJUTANT_WEB_KEEP_TARGETS") {
        let json = phone.json(&[("restored", restored)]);
        std::fs::write(&file, json).unwrap_or_else(|e| panic!("writing {file}: {e}"));
    }
}
