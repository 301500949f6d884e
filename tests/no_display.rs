//! The window without a desktop to open it on: the binary started with no `DISPLAY` and no
//! `WAYLAND_DISPLAY`, or with ones that name nothing or a socket that accepts and never
//! answers, says why and what to set on the terminal and exits 1 — never a panic inside the
//! windowing library (exit status 101), never a hang.

#![cfg(all(unix, not(target_os = "macos")))]

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `adjutant` (the window) with the desktop variables given and no others.
fn window(vars: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_adjutant"));
    command
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_RUNTIME_DIR", dir.path())
        .env("ADJUTANT_DATA_DIR", dir.path().join("data"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in vars {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("the adjutant binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("the window started with {vars:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn no_display_at_all_says_what_to_set() {
    let out = window(&[]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.starts_with("adjutant: the window cannot be opened: no desktop session"),
        "{err}"
    );
    assert!(
        err.contains("DISPLAY") && err.contains("WAYLAND_DISPLAY"),
        "{err}"
    );
    assert!(
        err.contains("`adjutant check`, `print` and `report` work"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn displays_that_do_not_answer_are_named() {
    let out = window(&[("DISPLAY", ":4242")]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains("the X display \":4242\" does not answer"),
        "{err}"
    );
    assert!(err.contains("/tmp/.X11-unix/X4242"), "{err}");

    let out = window(&[("WAYLAND_DISPLAY", "wayland-4242")]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the Wayland display \"wayland-4242\" does not answer"),
        "{err}"
    );

    let out = window(&[("WAYLAND_DISPLAY", "wayland-4242"), ("DISPLAY", ":4242")]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("Wayland") && err.contains("X display"),
        "{err}"
    );
}

/// Accepts every connection on `listener` and keeps it open, never answering.
fn never_answer(listener: std::os::unix::net::UnixListener) {
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
}

/// An X display (Linux's abstract socket `@/tmp/.X11-unix/X<N>`, the form `:N` names) that is
/// free for this test, bound and never answering; its number.
#[cfg(target_os = "linux")]
fn silent_x_display() -> u32 {
    use std::os::linux::net::SocketAddrExt;
    use std::os::unix::net::{SocketAddr, UnixListener};
    // A number of this process's own, so parallel runs of the test do not meet; both the
    // file-system socket and the abstract one must be free.
    let first = 20_000 + std::process::id() % 20_000;
    for n in (first..).take(1000) {
        let path = format!("/tmp/.X11-unix/X{n}");
        if std::path::Path::new(&path).exists() {
            continue;
        }
        let addr = SocketAddr::from_abstract_name(path.as_bytes()).unwrap();
        if let Ok(listener) = UnixListener::bind_addr(&addr) {
            never_answer(listener);
            return n;
        }
    }
    panic!("no free X display number from {first}");
}

/// A socket that accepts the connection and never answers: the start ends within the time
/// limit, exit 1, saying which display accepted and did not answer — never a hang with no
/// message.
#[test]
fn a_display_that_accepts_and_never_answers_is_named_in_time() {
    #[cfg(target_os = "linux")]
    {
        let n = silent_x_display();
        let display = format!(":{n}");
        let start = Instant::now();
        let out = window(&[("DISPLAY", &display)]);
        let err = said(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!(
                "the X display \":{n}\" accepted the connection (@/tmp/.X11-unix/X{n}) but did \
                 not answer within 5 s"
            )),
            "{err}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "{:?}",
            start.elapsed()
        );
    }

    let dir = tempfile::tempdir().unwrap();
    let socket = dir.path().join("wayland-silent");
    never_answer(std::os::unix::net::UnixListener::bind(&socket).unwrap());
    let name = socket.display().to_string();
    let start = Instant::now();
    let out = window(&[("WAYLAND_DISPLAY", &name)]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "the Wayland display \"{name}\" accepted the connection ({name}) but did not answer \
             within 5 s"
        )),
        "{err}"
    );
    assert!(
        err.starts_with("adjutant: the window cannot be opened: "),
        "{err}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
}
