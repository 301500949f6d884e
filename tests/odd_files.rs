//! Files that are not what their names say, driving the real binary and the library: a named
//! pipe (FIFO) called `*.ron` where an army, a battle or a table override is read, `/dev/zero`,
//! a folder, links that loop back up the armies folder, an output that is one of the inputs,
//! an output onto a FIFO or a device, a backup to restore that is a FIFO or a device, a name
//! holding a newline or 900 KB long, and a battle file cut short. Each gets a clear message
//! and none hangs (every run of the binary has a time limit, and a memory limit).

// Named pipes, devices, symbolic links and memory limits are Unix's.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use adjutant::army::Origin;
use adjutant::army::discover::{check_files, discover};
use adjutant::battle::{Action, Battle};
use adjutant::dice::{Dice, Die};
use adjutant::store::{BattleStore, SettingsStore, battle_to_ron};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped(rel: &str) -> PathBuf {
    manifest().join("armies").join(rel)
}

/// The most memory (address space) a run of the binary may take: a file read without end
/// fails the run at this size rather than filling the machine.
const MEMORY_LIMIT: libc::rlim_t = 4 << 30;

/// Runs `adjutant ARGS` in `cwd` with data folder `data`; fails the test if it is still running
/// after 20 seconds (a hang), killing it. The run may take at most [`MEMORY_LIMIT`] of memory.
fn run(cwd: &Path, data: &Path, args: &[&str]) -> Output {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_adjutant"));
    command
        .args(args)
        .current_dir(cwd)
        .env("ADJUTANT_DATA_DIR", data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let limit = libc::rlimit {
        rlim_cur: MEMORY_LIMIT,
        rlim_max: MEMORY_LIMIT,
    };
    // SAFETY: setrlimit is async-signal-safe and touches nothing of the parent's.
    unsafe {
        command.pre_exec(move || match libc::setrlimit(libc::RLIMIT_AS, &limit) {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        });
    }
    let mut child = command.spawn().expect("the adjutant binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("adjutant {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// A Winceby battle saved in `dir` as `name`: set up and one tray roll.
fn saved_battle(dir: &Path, name: &str) -> PathBuf {
    let armies = ["winceby_royalists.ron", "winceby_parliament.ron"]
        .map(|f| adjutant::army::load_army(&shipped("royalists_roundheads").join(f)).unwrap());
    let mut battle = Battle::new("royalists_roundheads", armies.to_vec(), 7).unwrap();
    battle.start(Action::Roll(Dice::new(2, Die::D6))).unwrap();
    battle.roll().unwrap();
    let path = dir.join(name);
    BattleStore::in_dir(dir).save_as(&battle, &path).unwrap();
    path
}

#[test]
fn a_fifo_named_ron_is_named_and_never_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let fifo = dir.path().join("pipe.ron");
    mkfifo(&fifo);

    // `check` on the FIFO itself, and on a folder holding it beside a good army.
    let out = run(dir.path(), &data, &["check", "pipe.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "pipe.ron:1:1: this is a named pipe (FIFO), not an army file\n"
    );
    std::fs::copy(
        shipped("rcw/tsaritsyn_reds.ron"),
        dir.path().join("reds.ron"),
    )
    .unwrap();
    let out = run(dir.path(), &data, &["check", "."]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("./pipe.ron:1:1: this is a named pipe (FIFO)"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("./reds.ron: ok ("),
        "{}",
        stderr(&out)
    );

    // The window's start reads the armies folder, and the settings: neither waits.
    let found = discover(&[(dir.path().to_path_buf(), Origin::User)]);
    let pipe = found
        .iter()
        .find(|f| f.path == fifo)
        .expect("the FIFO is listed");
    let problems = pipe.loaded.as_ref().unwrap_err();
    assert!(
        problems[0].message.contains("named pipe (FIFO)"),
        "{problems:?}"
    );
    let settings = dir.path().join("settings.ron");
    mkfifo(&settings);
    let (_, err) = SettingsStore::at(settings.clone()).load();
    let err = err.expect("the FIFO is reported").to_string();
    assert!(err.contains("named pipe (FIFO), not a file"), "{err}");

    // A battle file that is a FIFO, for `report` and `print --battle`.
    let out = run(dir.path(), &data, &["report", "pipe.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("pipe.ron: it is a named pipe (FIFO)"),
        "{}",
        stderr(&out)
    );
    let out = run(dir.path(), &data, &["print", "--battle", "pipe.ron"]);
    assert_eq!(out.status.code(), Some(1));

    // A FIFO in the tables folder: `print` and `report` warn and go on with the shipped tables.
    let tables = data.join("config/tables");
    std::fs::create_dir_all(&tables).unwrap();
    mkfifo(&tables.join("rcw.ron"));
    let reds = dir.path().join("reds.ron").display().to_string();
    let out = run(dir.path(), &data, &["print", &reds, "-o", "reds.pdf"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("rcw.ron:1:1: this is a named pipe (FIFO), not an override file"),
        "{}",
        stderr(&out)
    );
    let battle = saved_battle(dir.path(), "winceby.ron");
    let out = run(
        dir.path(),
        &data,
        &["report", &battle.display().to_string()],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("named pipe (FIFO)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_device_and_a_folder_are_named_for_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = run(dir.path(), &data, &["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "/dev/zero:1:1: this is a device, not an army file\n"
    );
    let out = run(dir.path(), &data, &["report", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("/dev/zero: it is a device, not a file"),
        "{}",
        stderr(&out)
    );

    // A folder named like an army file, inside a folder that is checked, is walked into; an
    // empty folder says there is nothing to check.
    std::fs::create_dir(dir.path().join("old.ron")).unwrap();
    let out = run(dir.path(), &data, &["check", "old.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "old.ron: no army files (*.ron) in this folder or its sub-folders, so nothing was checked\n"
    );
}

#[test]
fn links_back_up_the_armies_folder_walk_each_folder_once() {
    let dir = tempfile::tempdir().unwrap();
    let armies = dir.path().join("armies");
    std::fs::create_dir(&armies).unwrap();
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), armies.join("reds.ron")).unwrap();
    for k in 0..4 {
        std::os::unix::fs::symlink(".", armies.join(format!("loop{k}"))).unwrap();
    }
    std::os::unix::fs::symlink("..", armies.join("up")).unwrap();
    let start = Instant::now();
    let found = discover(&[(armies.clone(), Origin::User)]);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        found.len(),
        1,
        "{:?}",
        found.iter().map(|f| &f.path).collect::<Vec<_>>()
    );
    assert_eq!(found[0].path, armies.join("reds.ron"));
    let (report, ok) = check_files(std::slice::from_ref(&armies));
    assert!(ok, "{report}");
    assert_eq!(report.lines().count(), 1, "{report}");
}

#[test]
fn an_output_that_is_one_of_the_inputs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let army = dir.path().join("a.ron");
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), &army).unwrap();
    let army_bytes = std::fs::read(&army).unwrap();
    let battle = saved_battle(dir.path(), "b.ron");
    let battle_bytes = std::fs::read(&battle).unwrap();

    for args in [
        &["print", "a.ron", "-o", "a.ron"][..],
        &["print", "a.ron", "-o", "./sub/../a.ron"],
        &["report", "b.ron", "-o", "b.ron"],
        &["report", "b.ron", "--markdown", "-o", "b.ron"],
        &["print", "--battle", "b.ron", "-o", "b.ron"],
    ] {
        std::fs::create_dir_all(dir.path().join("sub")).unwrap();
        let out = run(dir.path(), &data, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("this is the input file")
                && stderr(&out).contains("would replace it"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read(&army).unwrap(), army_bytes, "{args:?}");
        assert_eq!(std::fs::read(&battle).unwrap(), battle_bytes, "{args:?}");
    }
    // `-o DIR` that lands on the input: a battle named b.pdf printed into its own folder.
    let pdf_named = dir.path().join("sub/b.pdf");
    std::fs::copy(&battle, &pdf_named).unwrap();
    let out = run(
        dir.path(),
        &data,
        &["print", "--battle", "sub/b.pdf", "-o", "sub"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("this is the input file sub/b.pdf"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&pdf_named).unwrap(), battle_bytes);
    // And no `.bak` of an input was made.
    assert!(!dir.path().join("a.ron.bak").exists() && !dir.path().join("b.ron.bak").exists());
}

#[test]
fn names_with_newlines_stay_on_one_line_and_counts_are_singular_for_one() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let text = "Army(version: 1, system: \"rcw\", name: \"One\nLine\", side: \"Reds\",\n\
        leaders: [Leader(id: \"hq\", name: \"HQ\", stats: {\"command\": 2})],\n\
        units: [Unit(id: \"u\", name: \"U\", kind: \"Foot\nGuards\", leader: \"hq\", stats: {})])";
    std::fs::write(dir.path().join("bad.ron"), text).unwrap();
    let out = run(dir.path(), &data, &["check", "bad.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let line = err
        .lines()
        .find(|l| l.contains("unknown unit kind"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(line.starts_with("bad.ron:4:"), "{line}");
    assert!(
        line.contains("unknown unit kind \"Foot\\nGuards\""),
        "{line}"
    );
    assert!(err.lines().all(|l| l.starts_with("bad.ron:")), "{err}");

    let out = run(
        dir.path(),
        &data,
        &[
            "check",
            &shipped("rcw/tsaritsyn_reds.ron").display().to_string(),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let one =
        adjutant::army::load_army(&shipped("royalists_roundheads/winceby_royalists.ron")).unwrap();
    let mut single = one.clone();
    single.leaders.truncate(1);
    single.units.truncate(1);
    single.name = "Two\nLines".into();
    let army_text = army_file_text(&single);
    std::fs::write(dir.path().join("one.ron"), army_text).unwrap();
    let out = run(dir.path(), &data, &["check", "one.ron"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "one.ron: ok (Two\\nLines, 1 unit, 1 leader)\n"
    );
}

/// An army as an army file spells it (version 1).
fn army_file_text(army: &adjutant::army::Army) -> String {
    let quote = |s: &str| format!("{s:?}");
    let stats = |m: &std::collections::BTreeMap<String, i32>| {
        let parts: Vec<String> = m
            .iter()
            .map(|(k, v)| format!("{}: {v}", quote(k)))
            .collect();
        format!("{{{}}}", parts.join(", "))
    };
    let leaders: Vec<String> = army
        .leaders
        .iter()
        .map(|l| {
            let traits: Vec<String> = l.traits.iter().map(|t| quote(t)).collect();
            format!(
                "Leader(id: {}, name: {}, stats: {}, traits: [{}])",
                quote(&l.id),
                quote(&l.name),
                stats(&l.stats),
                traits.join(", ")
            )
        })
        .collect();
    let units: Vec<String> = army
        .units
        .iter()
        .map(|u| {
            let traits: Vec<String> = u.traits.iter().map(|t| quote(t)).collect();
            format!(
                "Unit(id: {}, name: {}, kind: {}, stats: {}, traits: [{}])",
                quote(&u.id),
                quote(&u.name),
                quote(&u.kind),
                stats(&u.stats),
                traits.join(", ")
            )
        })
        .collect();
    format!(
        "Army(version: 1, system: {}, name: {}, side: {}, leaders: [{}], units: [{}])",
        quote(&army.system),
        quote(&army.name),
        quote(&army.side),
        leaders.join(", "),
        units.join(", ")
    )
}

#[test]
fn a_battle_file_cut_short_says_it_ends_early() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let battle = saved_battle(dir.path(), "whole.ron");
    let text = std::fs::read_to_string(&battle).unwrap();
    // What the file holds ends before its checksum line, a comment.
    let body = text.len() - text.lines().last().unwrap().len() - 1;
    for cut in [text.len() / 3, text.len() / 2, body - 3] {
        std::fs::write(dir.path().join("cut.ron"), &text[..cut]).unwrap();
        let out = run(dir.path(), &data, &["report", "cut.ron", "--markdown"]);
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(err.starts_with("cut.ron:"), "{err}");
        assert!(err.contains("the file ends early"), "cut at {cut}: {err}");
    }
    // A whole file is not said to end early.
    assert!(battle_to_ron(&adjutant::store::read_battle(&battle).unwrap()).is_ok());
}

/// A battle file cut in half in a folder of its own, without a backup yet; its path and
/// bytes.
fn damaged_battle(dir: &Path) -> (PathBuf, Vec<u8>) {
    let battle = saved_battle(dir, "b.ron");
    let whole = std::fs::read(&battle).unwrap();
    std::fs::write(&battle, &whole[..whole.len() / 2]).unwrap();
    let damaged = std::fs::read(&battle).unwrap();
    (battle, damaged)
}

/// `adjutant restore` of `battle`, whose backup is not a file: refused, saying `what` it is,
/// and the damaged file is left as it was, nothing kept aside.
fn restore_is_refused(dir: &Path, battle: &Path, damaged: &[u8], what: &str) {
    let out = run(
        dir,
        &dir.join("data"),
        &["restore", &battle.display().to_string()],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!(
            "cannot read {}.bak: it is {what}, not a file",
            battle.display()
        )),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(battle).unwrap(), damaged);
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains("broken")), "{names:?}");
}

#[test]
fn restore_never_waits_on_a_backup_that_is_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let (battle, damaged) = damaged_battle(dir.path());
    mkfifo(&dir.path().join("b.ron.bak"));
    restore_is_refused(dir.path(), &battle, &damaged, "a named pipe (FIFO)");
}

#[test]
fn restore_never_reads_a_backup_that_is_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let (battle, damaged) = damaged_battle(dir.path());
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("b.ron.bak")).unwrap();
    restore_is_refused(dir.path(), &battle, &damaged, "a device");
}

#[test]
fn an_output_onto_a_fifo_or_a_device_is_refused() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), dir.path().join("a.ron")).unwrap();
    saved_battle(dir.path(), "b.ron");
    mkfifo(&dir.path().join("pipe.pdf"));
    // A link to a device stands for the device: `-o /dev/null` itself would be replaced by a
    // file if run as root.
    std::os::unix::fs::symlink("/dev/null", dir.path().join("null.pdf")).unwrap();

    for (args, what) in [
        (
            &["print", "a.ron", "-o", "pipe.pdf"][..],
            "a named pipe (FIFO)",
        ),
        (
            &["report", "b.ron", "-o", "pipe.pdf"],
            "a named pipe (FIFO)",
        ),
        (
            &["report", "b.ron", "--markdown", "-o", "pipe.pdf"],
            "a named pipe (FIFO)",
        ),
        (&["print", "a.ron", "-o", "null.pdf"], "a device"),
        (
            &["print", "--battle", "b.ron", "-o", "null.pdf"],
            "a device",
        ),
    ] {
        let out = run(dir.path(), &data, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!(
                "it is {what}, not a file, so it is not written over"
            )),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
    }
    let pipe = std::fs::symlink_metadata(dir.path().join("pipe.pdf")).unwrap();
    assert!(pipe.file_type().is_fifo());
    let link = dir.path().join("null.pdf");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("/dev/null"));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    // Nothing was left beside them: no temp file, no backup.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.ron", "b.ron", "null.pdf", "pipe.pdf"]);
}

#[test]
fn a_huge_unknown_kind_is_cut_in_the_message() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let kind = "Z".repeat(900_000);
    let text = format!(
        "Army(version: 1, system: \"rcw\", name: \"Reds\", side: \"Reds\",\n\
         units: [Unit(id: \"u\", name: \"U\", kind: \"{kind}\", stats: {{}})])"
    );
    std::fs::write(dir.path().join("huge.ron"), text).unwrap();
    let out = run(dir.path(), &data, &["check", "huge.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.len() < 2_000, "{} bytes of messages", err.len());
    let shown = format!(
        "unknown unit kind \"{}…\" (900000 characters)",
        "Z".repeat(60)
    );
    assert!(err.contains(&shown), "{err}");
}

/// Files that are not what the command reads, each answered with a plain sentence at a
/// line and column (before: RON's words — "Expected opening `(` for struct `BattleFile`",
/// "the file ends early … found `hello`", "Exceeded recursion limit, try increasing
/// `ron::Options::recursion_limit`", "bad UTF-8 at byte 1234"); and files whose lines end in
/// a carriage return alone (old Mac files), read as lines.
#[test]
fn files_that_are_not_battles_get_a_plain_sentence_where_they_go_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let data = root.join("data");
    let write = |name: &str, bytes: &[u8]| std::fs::write(root.join(name), bytes).unwrap();
    write("empty.ron", b"");
    write("blank.ron", b"  // only a comment\n\n");
    write("hello.ron", b"hello");
    std::fs::copy(shipped("rcw/tsaritsyn_reds.ron"), root.join("army.ron")).unwrap();
    let mut deep = b"BattleFile(version: 2, system: \"rcw\", seed: 1, armies: ".to_vec();
    deep.extend(std::iter::repeat_n(b'[', 1_000_000));
    write("deep.ron", &deep);
    let good = saved_battle(root, "good.ron");
    let text = std::fs::read_to_string(&good).unwrap();
    let line = text.lines().position(|l| l.contains("seed: 7")).unwrap() + 1;
    write(
        "latin1.ron",
        text.replacen("seed: 7", "seed: \u{e9}7", 1).as_bytes(),
    );
    let mut latin1 = std::fs::read(root.join("latin1.ron")).unwrap();
    let at = latin1
        .windows(2)
        .position(|w| w == "\u{e9}".as_bytes())
        .unwrap();
    latin1.splice(at..at + 2, [0xE9]);
    write("latin1.ron", &latin1);
    write("mac.ron", text.replace('\n', "\r").as_bytes());

    let expected = [
        (
            "empty.ron",
            "empty.ron:1:1: the file is empty: there is no battle in it (a battle file starts \
             with `BattleFile(`)"
                .to_string(),
        ),
        (
            "blank.ron",
            "blank.ron:1:1: the file is empty: there is no battle in it (a battle file starts \
             with `BattleFile(`)"
                .to_string(),
        ),
        (
            "hello.ron",
            "hello.ron:1:1: this is not a battle file: it starts with `hello`, where a battle \
             file starts with `BattleFile(`"
                .to_string(),
        ),
        (
            "army.ron",
            "army.ron:14:1: this is an army file, not a battle file: it starts with `Army(`, \
             where a battle file starts with `BattleFile(`"
                .to_string(),
        ),
        (
            "deep.ron",
            "deep.ron:1:119: brackets are nested too deeply here (more than 128 levels): \
             Adjutant never writes a file like this"
                .to_string(),
        ),
        (
            "latin1.ron",
            format!(
                "latin1.ron:{line}:9: the file is not UTF-8 text (byte 0xE9 here): it is not a \
                 battle file Adjutant wrote, or it was damaged"
            ),
        ),
    ];
    for (file, message) in expected {
        for args in [
            vec!["report", file],
            vec!["print", "--battle", file],
            vec!["report", file, "--markdown"],
        ] {
            let out = run(root, &data, &args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert_eq!(stderr(&out), format!("{message}\n"), "{args:?}");
        }
    }
    // Old Mac line ends: read as lines, the checksum and all.
    let out = run(root, &data, &["report", "mac.ron", "--markdown"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let army = std::fs::read_to_string(shipped("rcw/tsaritsyn_reds.ron")).unwrap();
    write("mac-army.ron", army.replace('\n', "\r").as_bytes());
    let out = run(root, &data, &["check", "mac-army.ron"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("mac-army.ron: ok (Tsaritsyn 1919"));
}

/// Before, a 300 000-character army name loaded, and printing its roster took 10 s and
/// 600 MB (1 000 000 characters: over 150 s and 7 GB); `check` echoed a 1 MB name whole.
/// Names are now at most 200 characters where armies are read, army files and battle files
/// alike, refused at the name with a message that does not echo it.
#[test]
fn a_name_longer_than_any_real_one_is_refused_where_armies_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let data = root.join("data");
    let army = std::fs::read_to_string(shipped("rcw/tsaritsyn_reds.ron")).unwrap();
    let name = "Tsaritsyn 1919: 10th Red Army";
    let long = "Ж".repeat(1_000_000);
    std::fs::write(root.join("long.ron"), army.replacen(name, &long, 1)).unwrap();
    let line = army.lines().position(|l| l.contains(name)).unwrap() + 1;
    for args in [&["check", "long.ron"][..], &["print", "long.ron"]] {
        let out = run(root, &data, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            stderr(&out),
            format!(
                "long.ron:{line}:11: the army's name is 1000000 characters long, more than the \
                 200 a name may have\n"
            ),
            "{args:?}"
        );
        assert!(!root.join("long.pdf").exists());
    }

    // In a battle file (edited by hand, its checksum line deleted): refused the same way.
    let battle = saved_battle(root, "b.ron");
    let text = std::fs::read_to_string(&battle).unwrap();
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("// Checksum: "))
        .map(|l| format!("{l}\n"))
        .collect();
    let king = "name: \"Winceby";
    let at = text.find(king).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let col = text[..at].rsplit('\n').next().unwrap().chars().count() + "name: ".len() + 1;
    let long = text.replacen(king, &format!("name: \"{}", "W".repeat(300_000)), 1);
    std::fs::write(&battle, long).unwrap();
    let out = run(root, &data, &["report", "b.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with(&format!(
            "b.ron:{line}:{col}: the army's name is 300010 characters long, more than the 200 a \
             name may have"
        )),
        "{}",
        &stderr(&out)[..stderr(&out).len().min(400)]
    );
    assert!(stderr(&out).len() < 1000, "nothing echoed whole");
}
