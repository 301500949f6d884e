//! The window without a desktop to open it on: the binary started with no `DISPLAY` and no
//! `WAYLAND_DISPLAY`, or with ones that name nothing, says why and what to set on the
//! terminal and exits 1 — never a panic inside the windowing library (exit status 101).

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
