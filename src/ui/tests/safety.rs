//! Nothing the player recorded is lost or hidden, in the window: every action is on disk
//! when the window's update returns (the battle screen asks, the window saves), a copy opened
//! with Ctrl+O is a new battle (the live one keeps its file), a second window cannot open the
//! battle the first one plays, a file changed behind the window's back is not written over,
//! leaving, closing or Ctrl+Q while the battle is not saved asks or stays first, and a
//! damaged battle offers its backup.

use std::path::{Path, PathBuf};

use adjutant::store::read_battle;

use super::files::{app_in_battle, click, press_ctrl, shows, type_path};
use crate::ui::battle::{self, leave, tray};
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen, home};

/// Types dice faces into the tray and enters them: one entry in the log.
fn roll(app: &mut App, faces: &str) {
    for m in [
        tray::Message::FacesChanged(faces.into()),
        tray::Message::FacesEntered,
    ] {
        let _ = app.update(Message::Battle(battle::Message::Tray(m)));
    }
}

fn game(app: &App) -> &adjutant::battle::Battle {
    match &app.screen {
        Screen::Battle(b) => b.game(),
        _ => panic!("the battle is not on screen"),
    }
}

fn file(app: &App) -> PathBuf {
    match &app.screen {
        Screen::Battle(b) => b.file().expect("the battle has a file").to_path_buf(),
        _ => panic!("the battle is not on screen"),
    }
}

fn entries(path: &Path) -> usize {
    read_battle(path).expect("the file loads").log().len()
}

/// Makes every save fail: a file stands where the battles folder was (its battle goes too).
fn block_saves(dir: &tempfile::TempDir) -> PathBuf {
    let battles = dir.path().join("data/battles");
    std::fs::remove_dir_all(&battles).unwrap();
    std::fs::write(&battles, "not a folder").unwrap();
    battles
}

/// Before, the copy was saved onto the live battle's file: 8 entries became 4.
#[test]
fn a_copy_opened_with_ctrl_o_is_a_new_battle_and_the_live_one_keeps_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    for faces in ["1 2", "3 4", "5 6"] {
        roll(&mut app, faces);
    }
    assert_eq!(game(&app).log().len(), 4);
    let live = file(&app);
    press_ctrl(&mut app, "s");
    let copy = dir.path().join("copy.ron");
    type_path(&mut app, &copy);
    click(&mut app, "Save copy");
    for faces in ["1 1", "2 2", "3 3", "4 4"] {
        roll(&mut app, faces);
    }
    assert_eq!(entries(&live), 8);

    click(&mut app, "← Home");
    press_ctrl(&mut app, "o");
    type_path(&mut app, &copy);
    click(&mut app, "Open the file");
    assert_eq!(game(&app).log().len(), 4, "the copy is on screen");
    assert_eq!(entries(&live), 8, "the live battle keeps its 8 entries");
    let new = file(&app);
    assert_ne!(new, live);
    assert_eq!(new.parent(), live.parent(), "in Adjutant's folder");
    roll(&mut app, "6 6");
    assert_eq!(entries(&new), 5);
    assert_eq!(entries(&live), 8);
    assert!(shows(&app, "Saved"));
}

/// Before, Ctrl+S with `battles/../battles/<name>.ron` replaced that battle's file with the
/// copy ("A copy of the battle was saved"). Now a path that reaches Adjutant's battles folder
/// in any way is refused in the window and nothing is written.
#[test]
fn a_copy_is_never_saved_into_the_battles_folder_by_another_path() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    roll(&mut app, "1 2");
    let live = file(&app);
    let before = std::fs::read(&live).unwrap();
    let battles = live.parent().unwrap();
    let around = battles
        .join("..")
        .join(battles.file_name().unwrap())
        .join(live.file_name().unwrap());
    roll(&mut app, "3 4");
    let after = std::fs::read(&live).unwrap();
    assert_ne!(after, before);
    press_ctrl(&mut app, "s");
    type_path(&mut app, &around);
    click(&mut app, "Save copy");
    let error = app.files.panel_error().expect("the refusal is shown");
    assert!(error.starts_with("Not saved: "), "{error}");
    assert!(error.contains("Adjutant's battles folder"), "{error}");
    assert!(app.files.panel_open(), "the panel stays for another path");
    assert_eq!(
        std::fs::read(&live).unwrap(),
        after,
        "the battle's file as it was"
    );
    assert_eq!(entries(&live), 3);
}

/// Before, two windows on one data folder both played the battle and both said "Saved".
#[test]
fn a_second_window_cannot_open_the_battle_the_first_plays() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = app_in_battle(&dir);
    let path = file(&first);
    let mut second = App::new(Store::open(Some(dir.path().join("data"))));
    let _ = second.update(Message::Home(home::Message::BattleOpened(path.clone())));
    assert!(matches!(second.screen, Screen::Home(_)), "not opened");
    let notice = match &second.screen {
        Screen::Home(h) => h.notice.clone().expect("the second window says why"),
        _ => unreachable!(),
    };
    assert!(
        notice.contains("open in another Adjutant window"),
        "{notice}"
    );
    assert!(shows(&second, &notice));

    // Once the first window leaves the battle, the second may play it.
    roll(&mut first, "2 3");
    click(&mut first, "← Home");
    let _ = second.update(Message::Home(home::Message::BattleOpened(path.clone())));
    assert_eq!(game(&second).log().len(), 2);
}

/// Another program puts a file where the battle is saved: the window stops saving, keeps the
/// battle in memory, says so and offers a copy.
#[test]
fn a_battle_file_changed_behind_the_windows_back_is_not_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let path = file(&app);
    let theirs = b"// another program's file\n";
    adjutant::store::write_atomic(&path, theirs).unwrap();
    roll(&mut app, "4 5");
    assert_eq!(game(&app).log().len(), 2, "kept in memory");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        theirs,
        "theirs is not written over"
    );
    assert!(shows(&app, "Not saved"));
    assert!(shows(&app, leave::BANNER_COPY));
    click(&mut app, leave::BANNER_COPY);
    let copy = dir.path().join("mine.ron");
    type_path(&mut app, &copy);
    click(&mut app, "Save copy");
    assert_eq!(entries(&copy), 2, "the copy holds everything");
}

/// Before, "← Home" with the banner up threw the unsaved actions away.
#[test]
fn leaving_a_battle_that_is_not_saved_asks_and_never_discards_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let battles = block_saves(&dir);
    roll(&mut app, "3 3");
    roll(&mut app, "4 4");
    click(&mut app, "← Home");
    assert!(matches!(app.screen, Screen::Battle(_)), "still the battle");
    assert_eq!(game(&app).log().len(), 3);
    for label in [
        "This battle is not saved",
        leave::RETRY,
        leave::SAVE_COPY,
        leave::DISCARD,
        leave::STAY,
    ] {
        assert!(shows(&app, label), "the question offers {label:?}");
    }
    click(&mut app, leave::STAY);
    assert!(!shows(&app, leave::DISCARD), "the question is gone");
    assert_eq!(game(&app).log().len(), 3);

    click(&mut app, "← Home");
    click(&mut app, leave::RETRY);
    assert!(
        matches!(app.screen, Screen::Battle(_)),
        "the disk still refuses"
    );
    std::fs::remove_file(&battles).unwrap();
    click(&mut app, leave::RETRY);
    assert!(matches!(app.screen, Screen::Home(_)), "saved, then home");
    let saved = std::fs::read_dir(&battles)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("the battle was saved");
    assert_eq!(entries(&saved), 3);
}

#[test]
fn closing_the_window_while_not_saved_asks_and_a_copy_lets_it_close() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let window = iced::window::Id::unique();
    // Saved: the window closes at once.
    let mut saved = app_in_battle(&tempfile::tempdir().unwrap());
    let _ = saved.update(Message::CloseRequested(window));
    assert!(saved.closing());

    block_saves(&dir);
    roll(&mut app, "5 5");
    let _ = app.update(Message::CloseRequested(window));
    assert!(!app.closing(), "not closed with an action unsaved");
    assert!(shows(&app, leave::DISCARD));
    click(&mut app, leave::SAVE_COPY);
    let copy = dir.path().join("before closing.ron");
    type_path(&mut app, &copy);
    click(&mut app, "Save copy");
    assert_eq!(entries(&copy), 2);
    assert!(app.closing(), "with a copy safe, the window closes");
}

#[test]
fn only_discard_closes_the_window_without_the_unsaved_actions() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    block_saves(&dir);
    roll(&mut app, "6 1");
    let window = iced::window::Id::unique();
    let _ = app.update(Message::CloseRequested(window));
    // Other keys and clicks do not answer the question.
    let _ = app.update(Message::UndoPressed);
    assert_eq!(game(&app).log().len(), 2);
    assert!(!app.closing());
    click(&mut app, leave::DISCARD);
    assert!(app.closing());
}

/// Before, a damaged battle only said why it would not load, though its backup did.
#[test]
fn a_damaged_battle_offers_to_restore_its_backup() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    roll(&mut app, "1 6");
    roll(&mut app, "2 6");
    let path = file(&app);
    click(&mut app, "← Home");
    let broken = b"BattleFile(version: 1, seed: ".to_vec();
    std::fs::write(&path, &broken).unwrap();
    let mut app = App::new(Store::open(Some(dir.path().join("data"))));
    assert!(shows(
        &app,
        "Its backup loads: 2 entries, one save before the last."
    ));
    click(&mut app, home::RESTORE);
    assert_eq!(entries(&path), 2);
    let notice = match &app.screen {
        Screen::Home(h) => h.notice.clone().expect("what was done is shown"),
        _ => panic!("home stays"),
    };
    assert!(notice.contains("restored from its backup"), "{notice}");
    let kept = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains(".ron.broken-"))
        .expect("the damaged file is kept aside");
    assert!(notice.contains(&kept.display().to_string()), "{notice}");
    assert_eq!(std::fs::read(&kept).unwrap(), broken);
    let resume =
        super::simulator(app.view()).find(|c: iced_test::selector::Candidate<'_>| match c {
            iced_test::selector::Candidate::Text { content, .. }
                if content.starts_with("Resume: ") =>
            {
                Some(())
            }
            _ => None,
        });
    assert!(resume.is_ok(), "the battle can be resumed again");
}

/// Before, opening `X.ron.bak` from Adjutant's folder saved into `X.ron.bak.bak`.
#[test]
fn a_backup_opened_with_ctrl_o_is_a_new_battle() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    roll(&mut app, "3 1");
    let path = file(&app);
    click(&mut app, "← Home");
    let bak = path.with_extension("ron.bak");
    let before = std::fs::read(&bak).unwrap();
    press_ctrl(&mut app, "o");
    type_path(&mut app, &bak);
    click(&mut app, "Open the file");
    assert_eq!(game(&app).log().len(), 1);
    let new = file(&app);
    assert_ne!(new, bak);
    assert_ne!(new, path);
    roll(&mut app, "2 2");
    assert!(!path.with_extension("ron.bak.bak").exists());
    assert_eq!(std::fs::read(&bak).unwrap(), before);
    assert_eq!(entries(&path), 2, "the battle it backs up is untouched");
}

/// The battle screen never writes: a change comes back from its update as a request to save,
/// and the window saves it in the same update, so the file holds the action before anything
/// is shown.
#[test]
fn each_action_is_on_disk_when_the_windows_update_returns() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let path = file(&app);
    assert_eq!(
        entries(&path),
        1,
        "a new battle is saved before it is shown"
    );

    let Screen::Battle(b) = &mut app.screen else {
        panic!("the battle is not on screen");
    };
    let mut screen = battle::Battle::new(b.game().clone(), false, dir.path().join("tables"));
    let typed = screen.update(battle::Message::Tray(tray::Message::FacesChanged(
        "2 4".into(),
    )));
    assert_eq!(typed, battle::Action::None, "typing changes nothing");
    let entered = screen.update(battle::Message::Tray(tray::Message::FacesEntered));
    assert_eq!(entered, battle::Action::Save, "the change asks to be saved");
    assert_eq!(screen.game().log().len(), 2);
    assert_eq!(screen.file(), None, "the screen itself wrote nothing");
    let undone = screen.update(battle::Message::Undo);
    assert_eq!(undone, battle::Action::Save, "so does undo");
    let shown = screen.update(battle::Message::TabSelected(battle::Tab::Cards));
    assert_eq!(shown, battle::Action::None, "a tab is not a change");

    roll(&mut app, "2 4");
    assert_eq!(entries(&path), 2, "on disk when update returns");
    let _ = app.update(Message::UndoPressed);
    assert_eq!(entries(&path), 1, "undo too");
    let _ = app.update(Message::RedoPressed);
    assert_eq!(entries(&path), 2, "and redo");
    assert!(shows(&app, "Saved"));
}

/// The battle file made a folder: the save in the window's update fails, the banner is up
/// at once, leaving asks first, and Retry saves and leaves once the disk allows.
#[test]
fn a_save_refused_in_the_windows_update_shows_the_banner_and_leaving_asks() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let path = file(&app);
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    roll(&mut app, "1 2");
    assert!(path.is_dir(), "nothing is written over what stands there");
    assert!(shows(&app, "Not saved"), "the banner is up");
    assert_eq!(game(&app).log().len(), 2, "kept in memory");

    let _ = app.update(Message::Battle(battle::Message::HomePressed));
    assert!(matches!(app.screen, Screen::Battle(_)), "not left");
    assert!(shows(&app, "This battle is not saved"));
    let _ = app.update(Message::Battle(battle::Message::Leave(
        leave::Message::Retry,
    )));
    assert!(
        shows(&app, leave::DISCARD),
        "the disk still refuses: still asking"
    );

    std::fs::remove_dir(&path).unwrap();
    click(&mut app, leave::RETRY);
    assert!(matches!(app.screen, Screen::Home(_)), "saved, then home");
    assert_eq!(entries(&path), 2);
}

/// Ctrl+Q retries a save the disk refused; while it still fails, it asks the question the
/// window's close button asks, and only an answer closes. Before, Ctrl+Q did nothing.
#[test]
fn ctrl_q_while_not_saved_asks_as_the_close_button_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let battles = block_saves(&dir);
    roll(&mut app, "4 1");
    press_ctrl(&mut app, "q");
    assert!(matches!(app.screen, Screen::Battle(_)));
    assert!(!app.closing(), "not closed with an action unsaved");
    assert!(shows(&app, "This battle is not saved"), "it asks");
    assert!(shows(&app, leave::DISCARD));
    // Other keys do not answer the question.
    let _ = app.update(Message::UndoPressed);
    assert_eq!(game(&app).log().len(), 2);
    assert!(!app.closing());
    click(&mut app, leave::DISCARD);
    assert!(app.closing(), "Discard and leave quits");

    // Saved once the disk allows: Ctrl+Q saves and quits with no question.
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let battles_again = block_saves(&dir);
    roll(&mut app, "2 3");
    std::fs::remove_file(&battles_again).unwrap();
    press_ctrl(&mut app, "q");
    assert!(app.closing(), "saved, then closed");
    assert_eq!(entries(&file(&app)), 2);
    let _ = battles;

    // Retry from the question saves and goes on to quit.
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let blocked = block_saves(&dir);
    roll(&mut app, "6 6");
    press_ctrl(&mut app, "q");
    assert!(!app.closing());
    std::fs::remove_file(&blocked).unwrap();
    click(&mut app, leave::RETRY);
    assert!(app.closing(), "saved from the question, then closed");
    assert_eq!(entries(&file(&app)), 2);
}

/// Whether some text on screen holds `words`.
fn says(app: &App, words: &str) -> bool {
    let mut ui = super::simulator(app.view());
    super::layout::texts(&mut ui)
        .iter()
        .any(|(t, _)| t.contains(words))
}

/// While the battle is not saved, the toast after Save a copy said the battle "goes on being
/// saved" under the red banner; it says now that the battle itself is still not saved.
#[test]
fn while_not_saved_nothing_says_the_battle_goes_on_being_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let battles = block_saves(&dir);
    roll(&mut app, "3 3");
    assert!(shows(&app, "Not saved"), "the banner is up");
    click(&mut app, leave::BANNER_COPY);
    let copy = dir.path().join("kept aside.ron");
    type_path(&mut app, &copy);
    click(&mut app, "Save copy");
    assert_eq!(entries(&copy), 2, "the copy is written");
    assert!(shows(&app, "Not saved"), "the banner stays");
    assert!(
        !says(&app, "goes on being saved"),
        "nothing says the battle is saved"
    );
    assert!(says(&app, "still not saved"), "the toast says it is not");

    // Saved again, a copy says the battle goes on being saved.
    std::fs::remove_file(&battles).unwrap();
    let _ = app.update(Message::Battle(battle::Message::RetrySave));
    assert!(!shows(&app, "Not saved"));
    press_ctrl(&mut app, "s");
    type_path(&mut app, &dir.path().join("second.ron"));
    click(&mut app, "Save copy");
    assert!(says(&app, "goes on being saved"));
}

/// The store's news (in a browser, IndexedDB's word on a commit, heard after the result was
/// shown) has the battle saved again when its file can be written: the banner goes, and with
/// the question about leaving up, the player goes on where they were going.
#[test]
fn the_stores_news_saves_a_battle_not_saved_again_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_in_battle(&dir);
    let path = file(&app);
    let battles = block_saves(&dir);
    roll(&mut app, "2 5");
    let _ = app.update(Message::StoreNews);
    assert!(shows(&app, "Not saved"), "the disk still refuses");
    let _ = app.update(Message::Battle(battle::Message::HomePressed));
    assert!(shows(&app, leave::DISCARD), "leaving asks");

    std::fs::remove_file(&battles).unwrap();
    let _ = app.update(Message::StoreNews);
    assert!(matches!(app.screen, Screen::Home(_)), "saved, then home");
    assert_eq!(entries(&path), 2);
}
