//! Whether the window can be opened at all: on Linux and the BSDs a desktop session must be
//! named by `WAYLAND_DISPLAY` (Wayland) or `DISPLAY` (X11) — said before the windowing library
//! starts — and its socket must answer, which [`watch`] checks on a thread of its own while the
//! window starts, so a display that answers costs the start no wait. What is wrong comes back
//! as words for the terminal: why, and what to set or install.
//!
//! "Answer" means more than accepting the connection: Adjutant sends the first message of the
//! display's protocol (X11's connection set-up, Wayland's `wl_display.sync`) and waits at most
//! [`ANSWER_WITHIN`] for the first byte back, so a socket that accepts and then says nothing
//! is named as such instead of hanging the start with no message.

#[cfg(all(unix, not(target_os = "macos")))]
use std::io::{Read, Write};
#[cfg(all(unix, not(target_os = "macos")))]
use std::path::PathBuf;
#[cfg(all(unix, not(target_os = "macos")))]
use std::time::Duration;

/// How long a display has to answer the first message once it has accepted the connection.
#[cfg(all(unix, not(target_os = "macos")))]
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);

/// How long connecting (finding the address, the connection and the answer together) may take
/// in all before the display is given up on.
#[cfg(all(unix, not(target_os = "macos")))]
const GIVE_UP_AFTER: Duration = Duration::from_secs(8);

/// What to say when the windowing library itself fails after these checks pass.
#[cfg(not(windows))]
pub const LIBRARY_ADVICE: &str = "If a library is missing, install libxkbcommon-x11-0 (X11) or \
     libwayland-client0 (Wayland); on a Wayland desktop, `WAYLAND_DISPLAY= adjutant` runs it \
     through X11 instead. `adjutant check`, `print` and `report` work without a window.";

/// What to say when the windowing library itself fails (Windows needs no extra library: the
/// window is drawn in software through the system's own).
#[cfg(windows)]
pub const LIBRARY_ADVICE: &str = "Check that the program is started from a signed-in desktop \
     session (not a service or a remote shell without one), or reinstall Adjutant. \
     `adjutant check`, `print` and `report` work without a window.";

/// The check's own connection to the display that answered, to be kept open until the window
/// has its own: an X server whose last client leaves resets itself, and a window that connects
/// during the reset waits for it (about 20 ms on a display that has no other client).
pub struct Kept {
    _connection: Option<Box<dyn Send>>,
}

impl Kept {
    fn nothing() -> Kept {
        Kept { _connection: None }
    }
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept")
    }
}

/// The display's connection when a desktop session answers (hold it until the window is
/// open); else why not and what to do.
#[cfg(all(unix, not(target_os = "macos")))]
pub fn reachable() -> Result<Kept, String> {
    if let Some(why) = unnamed() {
        return Err(why);
    }
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let (wayland, x11) = (var("WAYLAND_DISPLAY"), var("DISPLAY"));
    let mut problems = Vec::new();
    if let Some(name) = wayland {
        let shown = adjutant::words::quoted(&name);
        match within(GIVE_UP_AFTER, move || wayland_answers(&name)) {
            Ok(kept) => return Ok(kept),
            Err(e) => problems.push(format!("the Wayland display {shown} {e}")),
        }
    }
    if let Some(name) = x11 {
        let shown = adjutant::words::quoted(&name);
        match within(GIVE_UP_AFTER, move || x11_answers(&name)) {
            Ok(kept) => return Ok(kept),
            Err(e) => problems.push(format!("the X display {shown} {e}")),
        }
    }
    Err(format!(
        "{}. Check that the desktop session is running and that DISPLAY or WAYLAND_DISPLAY \
         names it (unset WAYLAND_DISPLAY to use X11 alone).",
        problems.join("; ")
    ))
}

/// Other platforms have one windowing system, always there.
#[cfg(not(all(unix, not(target_os = "macos"))))]
pub fn reachable() -> Result<Kept, String> {
    Ok(Kept::nothing())
}

/// Why there is no display to check at all (neither `WAYLAND_DISPLAY` nor `DISPLAY` is set);
/// none when one is named. Answered at once, without connecting.
#[cfg(all(unix, not(target_os = "macos")))]
pub fn unnamed() -> Option<String> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    (var("WAYLAND_DISPLAY").is_none() && var("DISPLAY").is_none()).then(|| {
        "no desktop session to open it on: neither WAYLAND_DISPLAY (Wayland) nor DISPLAY \
         (X11) is set. Start Adjutant from a desktop session, or set DISPLAY (for example \
         DISPLAY=:0) to a running X server. `adjutant check`, `print` and `report` work \
         without a window."
            .into()
    })
}

/// Other platforms have one windowing system, always there.
#[cfg(not(all(unix, not(target_os = "macos"))))]
pub fn unnamed() -> Option<String> {
    None
}

/// How long the window's own failure waits for the check's verdict: both displays' limits.
pub const WATCH_LIMIT: std::time::Duration = std::time::Duration::from_secs(17);

/// Checks the display beside the window's start instead of before it, so a display that
/// answers costs the start no wait: the check runs on a thread of its own while the window
/// connects. When it finds no display that answers, it says why (after "adjutant: the window
/// cannot be opened: ") and ends the process with status 1 — a window blocked on a display
/// that accepts and never answers included. A display that answers keeps the check's
/// connection open for the life of the process (see [`Kept`]). The returned receiver gets a
/// message only when the display answered: the window's own failure waits on it (a refusal
/// ends the process from the check's thread first, with the better message).
pub fn watch() -> std::sync::mpsc::Receiver<()> {
    let (tx, rx) = std::sync::mpsc::channel();
    let started = std::thread::Builder::new()
        .name("display watch".into())
        .spawn(move || match reachable() {
            Ok(kept) => {
                // Closed by the system when the process ends.
                std::mem::forget(kept);
                let _ = tx.send(());
            }
            Err(why) => {
                eprintln!("adjutant: the window cannot be opened: {why}");
                std::process::exit(1);
            }
        });
    if started.is_err() {
        // No thread for the check: the window's start says what it finds.
        let (tx, rx) = std::sync::mpsc::channel();
        let _ = tx.send(());
        return rx;
    }
    rx
}

/// Why a display did not answer: the sentence that follows "the X display \":0\"".
#[cfg(all(unix, not(target_os = "macos")))]
#[derive(Debug)]
enum NoAnswer {
    /// No connection: the name is wrong, or nothing listens there (why, with the address).
    Unreachable(String),
    /// The socket at this address accepted the connection, then did this instead of answering.
    Silent { at: String, instead: String },
}

#[cfg(all(unix, not(target_os = "macos")))]
impl std::fmt::Display for NoAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoAnswer::Unreachable(why) => write!(f, "does not answer ({why})"),
            NoAnswer::Silent { at, instead } => {
                write!(f, "accepted the connection ({at}) but {instead}")
            }
        }
    }
}

/// Runs `probe` on a thread of its own and waits at most `limit` for it: a connection that
/// blocks (a name that takes long to look up, a socket whose queue is full) is given up on.
#[cfg(all(unix, not(target_os = "macos")))]
fn within<T: Send + 'static>(
    limit: Duration,
    probe: impl FnOnce() -> Result<T, NoAnswer> + Send + 'static,
) -> Result<T, NoAnswer> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("display check".into())
        .spawn(move || {
            let _ = tx.send(probe());
        });
    if let Err(e) = spawned {
        return Err(NoAnswer::Unreachable(format!(
            "cannot start the check: {e}"
        )));
    }
    // A probe still blocked after the limit is left to end with the process.
    rx.recv_timeout(limit).unwrap_or_else(|_| {
        Err(NoAnswer::Unreachable(format!(
            "connecting to it did not finish within {} s",
            limit.as_secs()
        )))
    })
}

/// A connected socket, Unix or TCP, whose reads and writes can be given a time limit.
#[cfg(all(unix, not(target_os = "macos")))]
trait Socket: Read + Write {
    fn time_limits(&self, limit: Duration) -> std::io::Result<()>;
}

#[cfg(all(unix, not(target_os = "macos")))]
impl Socket for std::os::unix::net::UnixStream {
    fn time_limits(&self, limit: Duration) -> std::io::Result<()> {
        self.set_read_timeout(Some(limit))?;
        self.set_write_timeout(Some(limit))
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
impl Socket for std::net::TcpStream {
    fn time_limits(&self, limit: Duration) -> std::io::Result<()> {
        self.set_read_timeout(Some(limit))?;
        self.set_write_timeout(Some(limit))
    }
}

/// Sends `hello` on a connected socket and waits at most [`ANSWER_WITHIN`] for the first byte
/// of the answer; `at` names the address in what is said.
#[cfg(all(unix, not(target_os = "macos")))]
fn first_answer(
    mut stream: impl Socket + Send + 'static,
    hello: &[u8],
    at: &str,
) -> Result<Kept, NoAnswer> {
    let silent = |instead: String| NoAnswer::Silent {
        at: at.to_string(),
        instead,
    };
    let timed_out = |e: &std::io::Error| {
        matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        )
    };
    let within = ANSWER_WITHIN.as_secs();
    stream
        .time_limits(ANSWER_WITHIN)
        .map_err(|e| NoAnswer::Unreachable(format!("{at}: {e}")))?;
    stream.write_all(hello).map_err(|e| match timed_out(&e) {
        true => silent(format!("did not take the first message within {within} s")),
        false => silent(format!("the first message could not be sent: {e}")),
    })?;
    let mut byte = [0u8; 1];
    let read = loop {
        match stream.read(&mut byte) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            read => break read,
        }
    };
    match read {
        Ok(0) => Err(silent("closed it without answering".into())),
        Ok(_) => Ok(Kept {
            _connection: Some(Box::new(stream)),
        }),
        Err(e) if timed_out(&e) => Err(silent(format!("did not answer within {within} s"))),
        Err(e) => Err(silent(format!("the answer could not be read: {e}"))),
    }
}

/// The first message of the X11 protocol: the connection set-up, least significant byte first,
/// protocol 11.0, no authorisation. Any X server answers it (with success, failure or a
/// request to authenticate) at once.
#[cfg(all(unix, not(target_os = "macos")))]
const X11_SETUP: [u8; 12] = [b'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// A Wayland `wl_display.sync` request (object 1, opcode 0, 12 bytes, new callback id 2), in
/// the machine's byte order as the protocol wants; a compositor answers with the callback's
/// `done` event.
#[cfg(all(unix, not(target_os = "macos")))]
fn wayland_sync() -> Vec<u8> {
    [1u32, 12 << 16, 2]
        .iter()
        .flat_map(|w| w.to_ne_bytes())
        .collect()
}

/// Connects to the Wayland compositor's socket: `$XDG_RUNTIME_DIR/NAME`, or NAME if absolute.
#[cfg(all(unix, not(target_os = "macos")))]
fn wayland_answers(name: &str) -> Result<Kept, NoAnswer> {
    let path = PathBuf::from(name);
    let path = if path.is_absolute() {
        path
    } else {
        let dir = std::env::var_os("XDG_RUNTIME_DIR")
            .filter(|d| !d.is_empty())
            .ok_or_else(|| {
                NoAnswer::Unreachable(
                    "XDG_RUNTIME_DIR is not set, so its socket cannot be found".into(),
                )
            })?;
        PathBuf::from(dir).join(path)
    };
    let at = path.display().to_string();
    let stream = std::os::unix::net::UnixStream::connect(&path)
        .map_err(|e| NoAnswer::Unreachable(format!("{at}: {e}")))?;
    first_answer(stream, &wayland_sync(), &at)
}

/// Connects to the X server that `[host]:N[.screen]` names: its local socket (on the file
/// system, or Linux's abstract one) for no host, else TCP port 6000 + N.
#[cfg(all(unix, not(target_os = "macos")))]
fn x11_answers(display: &str) -> Result<Kept, NoAnswer> {
    use std::os::unix::net::UnixStream;
    let malformed = || NoAnswer::Unreachable("it is not of the form [host]:number".into());
    let Some((host, rest)) = display.rsplit_once(':') else {
        return Err(malformed());
    };
    if host.contains('/') {
        return Ok(Kept::nothing()); // a launcher's socket path: let the library read it
    }
    let number: u16 = rest
        .split('.')
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(malformed)?;
    if host.is_empty() || host == "unix" {
        let path = format!("/tmp/.X11-unix/X{number}");
        let local = UnixStream::connect(&path).map(|s| (s, path.clone()));
        #[cfg(target_os = "linux")]
        let local = local.or_else(|e| {
            use std::os::linux::net::SocketAddrExt;
            let addr = std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())?;
            UnixStream::connect_addr(&addr)
                .map(|s| (s, format!("@{path}")))
                .map_err(|_| e)
        });
        let (stream, at) = local.map_err(|e| NoAnswer::Unreachable(format!("{path}: {e}")))?;
        return first_answer(stream, &X11_SETUP, &at);
    }
    let port = 6000u16.saturating_add(number);
    let addrs = std::net::ToSocketAddrs::to_socket_addrs(&(host, port))
        .map_err(|e| NoAnswer::Unreachable(format!("{host}: {e}")))?;
    let mut last = format!("{host}: no address");
    for addr in addrs {
        match std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(3)) {
            Ok(stream) => return first_answer(stream, &X11_SETUP, &addr.to_string()),
            Err(e) => last = format!("{addr}: {e}"),
        }
    }
    Err(NoAnswer::Unreachable(last))
}

#[cfg(all(test, unix, not(target_os = "macos")))]
mod tests {
    use super::*;

    #[test]
    fn display_names_are_read() {
        assert!(x11_answers("nonsense").is_err());
        assert!(x11_answers(":x").is_err());
        let e = x11_answers(":4242").unwrap_err().to_string();
        assert!(e.contains("/tmp/.X11-unix/X4242"), "{e}");
        assert!(x11_answers("/private/tmp/launch/org.x:0").is_ok());
    }

    /// A display that answers the first message passes; one that takes it and closes the
    /// connection is named as such. (One that never answers is run by `tests/no_display.rs`.)
    #[test]
    fn the_first_byte_back_is_an_answer() {
        use std::os::unix::net::UnixStream;
        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let server = std::thread::spawn(move || {
            let mut hello = [0u8; 12];
            theirs.read_exact(&mut hello).unwrap();
            theirs.write_all(&[1, 0, 11, 0]).unwrap();
            hello
        });
        first_answer(ours, &X11_SETUP, "here").unwrap();
        assert_eq!(server.join().unwrap(), X11_SETUP);

        let (ours, mut theirs) = UnixStream::pair().unwrap();
        let server = std::thread::spawn(move || {
            let mut sync = [0u8; 12];
            theirs.read_exact(&mut sync).unwrap();
            sync
        });
        let e = first_answer(ours, &wayland_sync(), "@here").unwrap_err();
        assert_eq!(
            e.to_string(),
            "accepted the connection (@here) but closed it without answering"
        );
        let sync = server.join().unwrap();
        assert_eq!(sync[..4], 1u32.to_ne_bytes(), "wl_display is object 1");
        assert_eq!(
            sync[4..8],
            (12u32 << 16).to_ne_bytes(),
            "12 bytes, opcode 0"
        );
    }
}
