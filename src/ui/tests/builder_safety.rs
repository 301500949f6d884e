//! Nothing the player typed in the army builder is lost, and no path writes onto another
//! window's army: a file another program changed is not saved over (reload, save a copy or
//! overwrite), a second window cannot edit the army the first edits, every way out of the
//! builder with edits not saved asks first (Home, Ctrl+Q, the window's close button, Ctrl+O),
//! a named pipe or a device is never read, and a file that starts with a byte-order mark opens
//! as `adjutant check` reads it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
#[cfg(unix)]
use std::sync::mpsc;
use std::time::Duration;

use adjutant::army::load_army;

use super::files::{click, press_ctrl, shows, type_path};
use crate::ui::editor::{self, Editor};
use crate::ui::persist::Store;
use crate::ui::{App, Message, Screen, home};

/// Where the child keeps its data; its presence makes `builder_lock_child` run.
const ENV_CHILD_DATA: &str = "ADJUTANT_TEST_BUILDER_LOCK_DATA";

fn app(data: &Path) -> App {
    App::new(Store::open(Some(data.to_path_buf())))
}

fn editor(app: &App) -> &Editor {
    match &app.screen {
        Screen::Editor(e) => e,
        _ => panic!("the builder is not on show"),
    }
}

fn home_notice(app: &App) -> String {
    match &app.screen {
        Screen::Home(h) => h.notice.clone().unwrap_or_default(),
        _ => panic!("the home screen is not on show"),
    }
}

/// Presses the home screen's Edit (or "Fix in the builder") of the army file at `path`.
fn edit(app: &mut App, data: &Path, path: &Path) {
    let at = Store::open(Some(data.to_path_buf()))
        .armies()
        .iter()
        .position(|f| f.path == path)
        .unwrap_or_else(|| panic!("{} is listed", path.display()));
    let _ = app.update(Message::Home(home::Message::EditPressed(at)));
}

/// The player's own copy of the shipped Winceby Parliament, in `data`'s armies folder.
fn own_army(data: &Path) -> PathBuf {
    let shipped = adjutant::army::discover::shipped_armies_dir()
        .join("royalists_roundheads/winceby_parliament.ron");
    let path = data.join("armies/royalists_roundheads/winceby_parliament.ron");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::copy(shipped, &path).unwrap();
    path
}

/// Types onto the end of the army's side: an edit not saved.
fn type_side(app: &mut App, typed: &str) {
    let side = editor(app).draft().side.clone();
    let _ = app.update(Message::Editor(crate::ui::editor::Message::FieldChanged(
        adjutant::army::draft::Field::Side,
        format!("{side}{typed}"),
    )));
    assert!(editor(app).is_dirty());
}

/// The builder on the player's own army, with an edit not saved.
fn builder_with_an_edit(dir: &tempfile::TempDir) -> (App, PathBuf) {
    let path = own_army(dir.path());
    let mut app = app(dir.path());
    edit(&mut app, dir.path(), &path);
    type_side(&mut app, "!");
    (app, path)
}

/// Another program's version of the army: the same file with another name.
fn theirs(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .replace("name: \"Winceby Parliament\"", "name: \"Their Parliament\"")
}

/// Before, the builder saved over the other program's changes and said "Saved".
#[test]
fn an_army_changed_by_another_program_is_not_saved_over() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, path) = builder_with_an_edit(&dir);
    let their_text = theirs(&path);
    std::fs::write(&path, &their_text).unwrap();

    click(&mut app, "Save");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        their_text,
        "theirs is not written over"
    );
    assert!(editor(&app).is_dirty(), "the edit is kept");
    assert!(shows(&app, editor::CHANGED));
    for label in [editor::RELOAD, editor::SAVE_COPY, editor::OVERWRITE] {
        assert!(shows(&app, label), "offers {label:?}");
    }

    // Save a copy: the army goes to another file, which the builder edits from then on.
    click(&mut app, editor::SAVE_COPY);
    let copy = dir.path().join("my parliament.ron");
    type_path(&mut app, &copy);
    click(&mut app, "Save copy");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), their_text);
    assert_eq!(load_army(&copy).unwrap().side, "Parliament!");
    assert_eq!(editor(&app).target(), Some(copy.as_path()));
    assert!(!editor(&app).is_dirty());
}

#[test]
fn a_changed_army_can_be_reloaded_or_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, path) = builder_with_an_edit(&dir);
    let their_text = theirs(&path);
    std::fs::write(&path, &their_text).unwrap();
    click(&mut app, "Save");
    click(&mut app, editor::RELOAD);
    assert_eq!(editor(&app).draft().name, "Their Parliament");
    assert_eq!(
        editor(&app).draft().side,
        "Parliament",
        "the edit is dropped"
    );
    assert!(!editor(&app).is_dirty());
    // Reloaded, the file is the one noted: the next save goes through.
    type_side(&mut app, "?");
    click(&mut app, "Save");
    let saved = load_army(&path).unwrap();
    assert_eq!(
        (saved.name.as_str(), saved.side.as_str()),
        ("Their Parliament", "Parliament?")
    );

    std::fs::write(&path, theirs(&path).replace("Their", "Other")).unwrap();
    type_side(&mut app, "!");
    click(&mut app, "Save");
    assert!(shows(&app, editor::CHANGED));
    click(&mut app, editor::OVERWRITE);
    let saved = load_army(&path).unwrap();
    assert_eq!(
        (saved.name.as_str(), saved.side.as_str()),
        ("Their Parliament", "Parliament?!")
    );
    assert!(!editor(&app).is_dirty());
}

/// Before, two windows edited one army: the last save won and both said "Saved".
#[test]
fn a_second_window_cannot_edit_the_army_the_first_edits() {
    let dir = tempfile::tempdir().unwrap();
    let (mut first, path) = builder_with_an_edit(&dir);
    let mut second = app(dir.path());
    edit(&mut second, dir.path(), &path);
    assert!(matches!(second.screen, Screen::Home(_)), "not opened");
    let notice = home_notice(&second);
    let expected = format!(
        "{} is open in another Adjutant window (process {}); only that window saves it",
        path.display(),
        std::process::id()
    );
    assert!(notice.contains(&expected), "{notice}");
    assert!(shows(&second, &notice));

    // Once the first window leaves the army, the second may edit it.
    click(&mut first, "Save");
    click(&mut first, "← Home");
    edit(&mut second, dir.path(), &path);
    assert_eq!(editor(&second).draft().side, "Parliament!");
}

/// A folder where no lock can be made (here the lock's name is taken by a folder) does not
/// stop the builder.
#[test]
fn an_army_whose_lock_cannot_be_made_is_still_edited_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = own_army(dir.path());
    std::fs::create_dir(adjutant::store::owner::lock_path(&path)).unwrap();
    let mut app = app(dir.path());
    edit(&mut app, dir.path(), &path);
    type_side(&mut app, "!");
    click(&mut app, "Save");
    assert_eq!(load_army(&path).unwrap().side, "Parliament!");
}

/// The lock is held by another process: it is named, and it goes when that process dies.
#[test]
fn an_army_locked_by_another_process_is_refused_until_that_process_ends() {
    let dir = tempfile::tempdir().unwrap();
    let path = own_army(dir.path());
    let exe = std::env::current_exe().unwrap();
    let mut child = Killed(
        Command::new(exe)
            .args([
                "--exact",
                "ui::tests::builder_safety::builder_lock_child",
                "--ignored",
                "--nocapture",
            ])
            .env(ENV_CHILD_DATA, dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let stdout = child.0.stdout.take().unwrap();
    let locked = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find_map(|l| l.strip_prefix("editing ").map(PathBuf::from))
        .expect("the child opens the army in its builder");
    assert_eq!(locked, path);

    let mut app = app(dir.path());
    edit(&mut app, dir.path(), &path);
    let notice = home_notice(&app);
    assert!(
        notice.contains(&format!("(process {})", child.0.id())),
        "{notice}"
    );
    child.0.kill().unwrap();
    child.0.wait().unwrap();
    edit(&mut app, dir.path(), &path);
    assert!(
        matches!(app.screen, Screen::Editor(_)),
        "the lock died with it"
    );
}

/// A child process, killed when the test ends however it ends.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The child: opens the army in its builder, says so, and waits to be killed.
#[test]
#[ignore = "run by an_army_locked_by_another_process_is_refused_until_that_process_ends"]
fn builder_lock_child() {
    let Some(data) = std::env::var_os(ENV_CHILD_DATA) else {
        return;
    };
    let data = PathBuf::from(data);
    let path = data.join("armies/royalists_roundheads/winceby_parliament.ron");
    let mut app = app(&data);
    edit(&mut app, &data, &path);
    assert!(matches!(app.screen, Screen::Editor(_)));
    println!("editing {}", path.display());
    std::thread::sleep(Duration::from_secs(120));
}

/// Before, the window's close button left the builder's edits without a word.
#[test]
fn closing_the_window_with_builder_edits_asks_and_only_discard_closes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, path) = builder_with_an_edit(&dir);
    let window = iced::window::Id::unique();
    let _ = app.update(Message::CloseRequested(window));
    assert!(!app.closing(), "not closed with edits not saved");
    assert!(shows(&app, "This army has edits that are not saved."));
    click(&mut app, "Keep editing");
    assert!(!app.closing());
    assert!(editor(&app).is_dirty());

    let _ = app.update(Message::CloseRequested(window));
    click(&mut app, "Save");
    assert!(app.closing(), "saved, then closed");
    assert_eq!(load_army(&path).unwrap().side, "Parliament!");

    let dir = tempfile::tempdir().unwrap();
    let (mut app, path) = builder_with_an_edit(&dir);
    let _ = app.update(Message::CloseRequested(window));
    click(&mut app, "Discard edits");
    assert!(app.closing());
    assert_eq!(load_army(&path).unwrap().side, "Parliament", "discarded");
}

/// Ctrl+Q asks, and saving from the question goes on to close.
#[test]
fn ctrl_q_with_builder_edits_asks_then_saves_and_closes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, path) = builder_with_an_edit(&dir);
    press_ctrl(&mut app, "q");
    assert!(!app.closing());
    assert!(shows(&app, "This army has edits that are not saved."));
    click(&mut app, "Save");
    assert_eq!(load_army(&path).unwrap().side, "Parliament!");
    assert!(app.closing(), "saved, then closed");
}

/// Before, Ctrl+O in the builder opened the file and dropped the edits.
#[test]
fn ctrl_o_in_the_builder_asks_before_leaving_the_edits() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, path) = builder_with_an_edit(&dir);
    let other = adjutant::army::discover::shipped_armies_dir()
        .join("royalists_roundheads/winceby_royalists.ron");
    let open = |app: &mut App| {
        press_ctrl(app, "o");
        type_path(app, &other);
        click(app, "Open the file");
    };
    open(&mut app);
    assert!(matches!(app.screen, Screen::Editor(_)), "still the builder");
    assert!(shows(&app, "This army has edits that are not saved."));
    click(&mut app, "Keep editing");
    assert_eq!(editor(&app).draft().side, "Parliament!", "the edit is kept");

    open(&mut app);
    click(&mut app, "Save");
    assert!(
        matches!(app.screen, Screen::Roster(_)),
        "saved, then opened"
    );
    assert_eq!(load_army(&path).unwrap().side, "Parliament!");

    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = builder_with_an_edit(&dir);
    open(&mut app);
    click(&mut app, "Discard edits");
    assert!(matches!(app.screen, Screen::Roster(_)));
}

/// Runs `act` on a fresh app in its own thread, and fails if it has not finished within ten
/// seconds (a builder waiting on a pipe never would).
#[cfg(unix)]
fn within_ten_seconds(act: impl FnOnce() -> String + Send + 'static) -> String {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(act());
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("done within ten seconds, not stuck reading the file")
}

/// Before, "Fix in the builder" on a FIFO hung the window.
#[cfg(unix)]
#[test]
fn fix_in_the_builder_on_a_fifo_says_what_it_is_and_never_waits() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("armies/rcw");
    std::fs::create_dir_all(&folder).unwrap();
    let fifo = folder.join("pipe.ron");
    let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let data = dir.path().to_path_buf();
    let notice = within_ten_seconds(move || {
        let mut app = app(&data);
        assert!(shows(&app, "Fix in the builder"));
        edit(&mut app, &data, &fifo);
        home_notice(&app)
    });
    assert!(notice.contains("pipe.ron"), "{notice}");
    assert!(
        notice.contains("this is a named pipe (FIFO), not an army file"),
        "{notice}"
    );
}

/// Before, "Fix in the builder" on a link to /dev/zero read until memory ran out.
#[cfg(unix)]
#[test]
fn fix_in_the_builder_on_a_link_to_a_device_says_what_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("armies/rcw");
    std::fs::create_dir_all(&folder).unwrap();
    let link = folder.join("zero.ron");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let data = dir.path().to_path_buf();
    let notice = within_ten_seconds(move || {
        let mut app = app(&data);
        edit(&mut app, &data, &link);
        home_notice(&app)
    });
    assert!(notice.contains("zero.ron"), "{notice}");
    assert!(
        notice.contains("this is a device, not an army file"),
        "{notice}"
    );
}

/// A file over the army files' size limit is refused unread, with the limit, as `check` does.
#[test]
fn fix_in_the_builder_on_a_file_over_the_size_limit_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("armies/rcw");
    std::fs::create_dir_all(&folder).unwrap();
    let big = folder.join("big.ron");
    let limit = adjutant::army::discover::MAX_FILE_BYTES;
    std::fs::write(&big, format!("Army({})", " ".repeat(limit))).unwrap();
    let mut app = app(dir.path());
    edit(&mut app, dir.path(), &big);
    let notice = home_notice(&app);
    assert!(
        notice.contains("army files may be at most 4 MiB"),
        "{notice}"
    );
}

/// Before, a file starting with a byte-order mark passed `check` and the home screen, but the
/// builder refused it ("1:1: Expected opening `(`").
#[test]
fn an_army_file_that_starts_with_a_byte_order_mark_opens_in_the_builder() {
    let dir = tempfile::tempdir().unwrap();
    let path = own_army(dir.path());
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let (report, ok) = adjutant::army::discover::check_files(std::slice::from_ref(&path));
    assert!(ok, "check accepts it: {report}");
    let mut app = app(dir.path());
    edit(&mut app, dir.path(), &path);
    assert!(
        matches!(app.screen, Screen::Editor(_)),
        "the builder opens it: {:?}",
        match &app.screen {
            Screen::Home(h) => h.notice.clone(),
            _ => None,
        }
    );
    type_side(&mut app, "!");
    click(&mut app, "Save");
    assert_eq!(load_army(&path).unwrap().side, "Parliament!");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text.replace("side: \"Parliament\"", "side: \"Parliament!\"")
    );
}
