//! What the window reads and where it prints, made safe: a long battle saved with Save a
//! copy comes back through Open file… (battles are read with the store's limit, not the army
//! files'); a named pipe or a folder given to Open file… is named for what it is; a battle
//! file with a byte-order mark is listed and opened like any other; a battles folder that
//! cannot be read is said to be so on the home screen, never shown as no battles; Print…
//! never writes over a battle.

use std::path::Path;

use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::{BattleStore, Paths};

use super::files::{app_in_battle, click, press_ctrl, shows, type_path};
use crate::ui::files::{self, Purpose};
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen, home};

/// A Winceby battle with `entries` entries in its log (the set-up and tray rolls), saved in
/// the data folder under `data`; its file.
fn saved_battle(data: &Path, entries: usize) -> std::path::PathBuf {
    let mut battle = Battle::new(
        "royalists_roundheads",
        ["winceby_royalists", "winceby_parliament"]
            .map(|name| {
                let path = adjutant::army::discover::shipped_armies_dir()
                    .join("royalists_roundheads")
                    .join(format!("{name}.ron"));
                adjutant::army::load_army(&path).expect("a shipped army")
            })
            .to_vec(),
        5,
    )
    .unwrap();
    for _ in 1..entries {
        battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
        battle.roll().unwrap();
    }
    BattleStore::new(&Paths::portable(data))
        .save(&battle)
        .unwrap()
}

/// Whether a text on screen starts with `start` (or holds `within`, when given).
fn shows_text(app: &App, start: &str, within: &str) -> bool {
    super::simulator(app.view())
        .find(|c: iced_test::selector::Candidate<'_>| match c {
            iced_test::selector::Candidate::Text { content, .. }
                if content.starts_with(start) && content.contains(within) =>
            {
                Some(())
            }
            _ => None,
        })
        .is_ok()
}

fn entries_on_screen(app: &App) -> usize {
    match &app.screen {
        Screen::Battle(b) => b.game().log().len(),
        _ => panic!(
            "no battle on screen: {:?}",
            app.files.panel_error().or(app.files.notice())
        ),
    }
}

/// Before, Open file… read every file with the army files' 4 MiB limit, so the app's own copy
/// of a long battle ("army files may be at most 4 MiB") could not be brought back.
#[test]
fn a_long_battle_saved_as_a_copy_comes_back_through_open_file() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = saved_battle(&data, 20_900);
    let mut app = App::new(Store::open(Some(data)));
    let _ = app.update(Message::Home(home::Message::BattleOpened(path)));
    assert_eq!(entries_on_screen(&app), 20_900);
    let copy = dir.path().join("long copy.ron");
    let _ = app.update(Message::Files(files::Message::Chosen(
        Purpose::SaveBattleAs,
        Some(copy.clone()),
    )));
    let size = std::fs::metadata(&copy).expect("the copy is written").len();
    assert!(
        size > 4 * 1024 * 1024,
        "more than an army file may be: {size}"
    );

    let _ = app.update(Message::Battle(crate::ui::battle::Message::HomePressed));
    let _ = app.update(Message::Files(files::Message::Chosen(
        Purpose::Open,
        Some(copy),
    )));
    assert_eq!(entries_on_screen(&app), 20_900, "the copy is back");
}

/// Before: "pipe.ron:1:1: this is a named pipe (FIFO), not an army file" for any file Open
/// file… could not read as one.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_folder_given_to_open_file_is_named_for_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(Store::open(Some(dir.path().join("data"))));
    let fifo = dir.path().join("pipe.ron");
    let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    for (path, what) in [
        (fifo, "a named pipe (FIFO)"),
        (dir.path().to_path_buf(), "a folder"),
    ] {
        press_ctrl(&mut app, "o");
        type_path(&mut app, &path);
        click(&mut app, "Open the file");
        let error = app.files.panel_error().expect("refused").to_string();
        assert_eq!(
            error,
            format!(
                "The file was not opened: {} is {what}, not a file; choose an army file or a \
                 battle file",
                path.display()
            )
        );
        assert!(shows(&app, &error));
        click(&mut app, "Cancel");
    }
}

/// Before, a battle file with a byte-order mark opened through Open file… but the home
/// screen called it damaged and offered to restore its older backup.
#[test]
fn a_battle_with_a_byte_order_mark_is_listed_and_opened_as_any_other() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = saved_battle(&data, 3);
    // A second save, so there is a backup to be offered if the file were called damaged.
    let mut store = BattleStore::new(&Paths::portable(&data));
    let mut battle = store.load(&path).unwrap();
    battle.start(Action::Draw).unwrap();
    battle.draw().unwrap();
    store.save(&battle).unwrap();
    drop(store);
    let mut marked = "\u{feff}".as_bytes().to_vec();
    marked.extend(std::fs::read(&path).unwrap());
    std::fs::write(&path, &marked).unwrap();

    let mut app = App::new(Store::open(Some(data)));
    assert!(shows_text(&app, "4 entries · ", ".ron"), "listed as whole");
    assert!(!shows(&app, home::RESTORE), "no backup offered");
    click(&mut app, "Open");
    assert_eq!(entries_on_screen(&app), 4);
}

/// Before, a battles folder that could not be read showed "No saved battle to resume yet"
/// and no battles. Now the home screen says what cannot be read and why.
#[test]
fn a_battles_folder_that_cannot_be_read_is_said_so_on_the_home_screen() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = saved_battle(&data, 2);
    let battles = path.parent().unwrap().to_path_buf();
    let aside = dir.path().join("aside");
    std::fs::rename(&battles, &aside).unwrap();
    std::fs::write(&battles, "a file where the folder was").unwrap();

    let app = App::new(Store::open(Some(data)));
    let why = format!(
        "The saved battles cannot be listed: cannot read the battles folder {}: ",
        battles.display()
    );
    assert!(matches!(app.screen, Screen::Home(_)));
    assert!(
        shows_text(&app, &why, "They are not deleted"),
        "the home screen says why"
    );
    assert!(!shows(&app, "No saved battle to resume yet."));
}

/// Before, Print… wrote over whatever file was chosen; now never over a battle file or into
/// the battles folder.
#[test]
fn print_never_writes_over_a_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let kept = match &app.screen {
        Screen::Battle(b) => b.file().unwrap().to_path_buf(),
        _ => unreachable!(),
    };
    let copy = dir.path().join("copy.ron");
    let _ = app.update(Message::Files(files::Message::Chosen(
        Purpose::SaveBattleAs,
        Some(copy.clone()),
    )));
    for (target, what) in [
        (kept.clone(), "in Adjutant's battles folder"),
        (copy.clone(), "is a battle file"),
    ] {
        let before = std::fs::read(&target).unwrap();
        press_ctrl(&mut app, "p");
        click(&mut app, "The battle as it stands");
        type_path(&mut app, &target);
        click(&mut app, "Print to file");
        let error = app.files.panel_error().expect("refused").to_string();
        assert!(error.starts_with("Not printed: "), "{error}");
        assert!(error.contains(what), "{error}");
        assert!(
            error.contains("a printed sheet is never written there"),
            "{error}"
        );
        assert_eq!(std::fs::read(&target).unwrap(), before);
        click(&mut app, "Cancel");
    }
    assert!(
        !kept.with_extension("ron.bak").exists() || {
            // The battle's own backup is the save before the last, never a sheet.
            !std::fs::read(kept.with_extension("ron.bak"))
                .unwrap()
                .starts_with(b"%PDF")
        }
    );
}

/// Before, a battle whose file name is not UTF-8 was left out of the home list.
#[cfg(unix)]
#[test]
fn a_battle_whose_file_name_is_not_utf8_is_listed_on_the_home_screen() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let path = saved_battle(&data, 2);
    let odd = path.with_file_name(std::ffi::OsStr::from_bytes(b"caf\xE9.ron"));
    std::fs::rename(&path, &odd).unwrap();
    let mut app = App::new(Store::open(Some(data)));
    assert!(shows_text(
        &app,
        "2 entries · caf\u{fffd}.ron",
        "(a file name that is not UTF-8: \u{fffd} stands for what is not)"
    ));
    click(&mut app, "Open");
    assert_eq!(entries_on_screen(&app), 2);
}
