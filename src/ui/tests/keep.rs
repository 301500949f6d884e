//! The home screen's backup and bin, as a player uses them: Back up everything… writes one
//! file and the screen says when, Restore from a backup… brings it into another data folder
//! (and twice adds nothing), Delete moves a battle into the bin, from which Put back brings it
//! back byte for byte and Delete for good (asked first) removes it; a battle another window
//! plays is not deleted.

use std::path::{Path, PathBuf};

use super::files::{click, shows, type_path};
use crate::ui::home::{self, BACK_UP, DELETE, DELETE_FOR_GOOD, PUT_BACK, RESTORE_BACKUP};
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen};

/// An app on the home screen of a fresh data folder `data` under `dir`, with one battle
/// started and left (so saved), back on the home screen.
fn app_with_a_battle(dir: &Path) -> (App, PathBuf) {
    let mut app = App::new(Store::open(Some(dir.to_path_buf())));
    let _ = app.update(Message::Home(home::Message::NewBattle));
    let file = match &app.screen {
        Screen::Battle(b) => b.file().expect("saved").to_path_buf(),
        _ => panic!("the battle is up"),
    };
    click(&mut app, "← Home");
    assert!(matches!(app.screen, Screen::Home(_)));
    (app, file)
}

/// The home screen's notice.
fn notice(app: &App) -> String {
    match &app.screen {
        Screen::Home(h) => h.notice.clone().unwrap_or_default(),
        _ => panic!("not on the home screen"),
    }
}

fn battle_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn a_backup_is_written_and_restored_in_another_data_folder_and_twice_adds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, file) = app_with_a_battle(&dir.path().join("laptop"));
    assert!(shows(&app, BACK_UP) && shows(&app, RESTORE_BACKUP));
    assert!(shows(&app, "No backup made yet."));

    click(&mut app, BACK_UP);
    let backup = dir.path().join("backup.ron");
    type_path(&mut app, &backup);
    click(&mut app, "Write the backup");
    let said = notice(&app);
    assert!(
        said.starts_with(&format!("The backup was written to {}.", backup.display())),
        "{said}"
    );
    assert!(
        said.contains("It holds 1 battle and the settings."),
        "{said}"
    );
    let last = simulator_text(&app, "Last backup: ");
    assert!(last.ends_with("less than a day ago."), "{last}");
    // Opened as a file, it is sent where it belongs.
    super::files::press_ctrl(&mut app, "o");
    type_path(&mut app, &backup);
    click(&mut app, "Open the file");
    let refused = app.files.panel_error().expect("refused").to_string();
    assert!(refused.ends_with("is a backup of everything, not a battle or army file: restore it with Restore from a backup… on the home screen."), "{refused}");
    click(&mut app, "Cancel");

    // On another computer: the battle comes back byte for byte.
    let mut phone = App::new(Store::open(Some(dir.path().join("phone"))));
    for round in 0..2 {
        click(&mut phone, RESTORE_BACKUP);
        type_path(&mut phone, &backup);
        click(&mut phone, "Restore");
        let said = notice(&phone);
        match round {
            0 => assert_eq!(
                said,
                "Restored from backup.ron: Added 1 battle and the settings."
            ),
            _ => assert_eq!(
                said,
                "Restored from backup.ron: Already here, so skipped: 1 battle and the settings."
            ),
        }
    }
    let restored = battle_files(&dir.path().join("phone/battles"));
    assert_eq!(restored.len(), 1, "{restored:?}");
    assert_eq!(
        std::fs::read(&restored[0]).unwrap(),
        std::fs::read(&file).unwrap()
    );
    assert!(shows(
        &phone,
        "Resume: Winceby Royalists vs Winceby Parliament"
    ));
}

#[test]
fn a_damaged_backup_restores_nothing_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = app_with_a_battle(&dir.path().join("laptop"));
    click(&mut app, BACK_UP);
    let backup = dir.path().join("backup.ron");
    type_path(&mut app, &backup);
    click(&mut app, "Write the backup");
    let text = std::fs::read_to_string(&backup).unwrap();
    std::fs::write(&backup, text.replacen("Battle set up", "Battle set u!", 1)).unwrap();

    let mut phone = App::new(Store::open(Some(dir.path().join("phone"))));
    click(&mut phone, RESTORE_BACKUP);
    type_path(&mut phone, &backup);
    click(&mut phone, "Restore");
    let error = phone
        .files
        .panel_error()
        .expect("the refusal is shown")
        .to_string();
    assert!(
        error.starts_with(&format!("Nothing was restored: {}:", backup.display())),
        "{error}"
    );
    assert!(error.contains("does not match its checksum"), "{error}");
    assert!(battle_files(&dir.path().join("phone/battles")).is_empty());
}

#[test]
fn a_deleted_battle_goes_into_the_bin_and_is_put_back_or_deleted_for_good() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, file) = app_with_a_battle(dir.path());
    let bytes = std::fs::read(&file).unwrap();
    assert!(!shows(&app, "Bin (1)"), "an empty bin shows no button");

    click(&mut app, DELETE);
    assert!(!file.exists());
    assert!(
        notice(&app).starts_with("“Winceby Royalists vs Winceby Parliament” is in the bin"),
        "{}",
        notice(&app)
    );
    assert!(shows(&app, "No saved battle to resume yet."));
    click(&mut app, "Bin (1)");
    assert!(shows(&app, "Bin"));
    assert!(shows(&app, "Winceby Royalists vs Winceby Parliament"));
    click(&mut app, PUT_BACK);
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "back byte for byte");
    assert!(shows(
        &app,
        "Resume: Winceby Royalists vs Winceby Parliament"
    ));
    assert!(!shows(&app, "Bin (1)"));

    click(&mut app, DELETE);
    click(&mut app, "Bin (1)");
    click(&mut app, DELETE_FOR_GOOD);
    assert!(shows(
        &app,
        "Delete “Winceby Royalists vs Winceby Parliament” for good? It cannot be put back."
    ));
    click(&mut app, "Keep it");
    assert!(shows(&app, PUT_BACK), "kept");
    click(&mut app, DELETE_FOR_GOOD);
    // The question's own button.
    click(&mut app, DELETE_FOR_GOOD);
    assert!(
        notice(&app).ends_with("was deleted for good."),
        "{}",
        notice(&app)
    );
    assert!(!shows(&app, "Bin (1)"));
    let bin = file.parent().unwrap().join("bin");
    assert_eq!(
        std::fs::read_dir(&bin).unwrap().count(),
        0,
        "nothing left in the bin"
    );
}

#[test]
fn a_battle_another_window_plays_is_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, file) = app_with_a_battle(dir.path());
    let other = Store::open(Some(dir.path().to_path_buf()));
    other.open_battle(&file).expect("the other window plays it");
    click(&mut app, DELETE);
    assert!(file.exists(), "still there");
    assert_eq!(
        notice(&app),
        "“Winceby Royalists vs Winceby Parliament” was not deleted: another Adjutant window \
         plays it. Leave it there first, then delete it."
    );
    other.release(&file);
    click(&mut app, DELETE);
    assert!(!file.exists());
}

/// The text on screen that starts with `start`.
fn simulator_text(app: &App, start: &str) -> String {
    let mut ui = super::simulator(app.view());
    ui.find(|c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text { content, .. } if content.starts_with(start) => {
            Some(content.to_string())
        }
        _ => None,
    })
    .unwrap_or_else(|_| panic!("no text starting {start:?}"))
}

/// At a phone's size and the desktop window's, the home screen's backup buttons are in view
/// (the desktop's list of battles with its Delete and the bin's Put back too), with no two
/// texts overlapping and none past an edge.
#[test]
fn the_backup_and_the_bin_fit_a_phone_and_the_desktop() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = app_with_a_battle(dir.path());
    let _ = app.update(Message::Home(home::Message::NewBattle));
    click(&mut app, "← Home");
    click(&mut app, DELETE);
    for (size, name) in [((390.0, 844.0), "phone"), ((1280.0, 800.0), "desktop")] {
        for bin in [false, true] {
            if bin {
                click(&mut app, "Bin (1)");
            }
            let mut ui = super::systems::at(size, app.view());
            let shown = super::layout::texts(&mut ui);
            if let Ok(dir) = std::env::var("ADJUTANT_KEEP_SHOTS") {
                let shot = ui.snapshot(&iced::Theme::Light).unwrap();
                let _ =
                    shot.matches_image(std::path::Path::new(&dir).join(format!("{name}-{bin}")));
            }
            for label in [BACK_UP, RESTORE_BACKUP] {
                assert!(
                    shown.iter().any(|(t, _)| t == label),
                    "{name}: {label} shown"
                );
            }
            let wanted = match bin {
                true => PUT_BACK,
                false => DELETE,
            };
            // A phone scrolls its list of battles; the desktop shows them.
            assert!(
                name == "phone" || shown.iter().any(|(t, _)| t == wanted),
                "{name}: {wanted} shown"
            );
            let problems = super::layout::problems(size, &shown);
            assert!(problems.is_empty(), "{name}, bin {bin}: {problems:#?}");
            drop(ui);
            if bin {
                click(&mut app, "← Saved battles");
            }
        }
    }
}
