//! Whether the window can be opened at all, found out before the windowing library is started
//! (which would otherwise stop with a panic): on Linux and the BSDs a desktop session must be
//! named by `WAYLAND_DISPLAY` (Wayland) or `DISPLAY` (X11), and its socket must answer. What is
//! wrong comes back as words for the terminal: why, and what to set or install.

#[cfg(all(unix, not(target_os = "macos")))]
use std::path::PathBuf;

/// What to say when the windowing library itself fails after these checks pass.
pub const LIBRARY_ADVICE: &str = "If a library is missing, install libxkbcommon-x11-0 (X11) or \
     libwayland-client0 (Wayland); on a Wayland desktop, `WAYLAND_DISPLAY= adjutant` runs it \
     through X11 instead. `adjutant check`, `print` and `report` work without a window.";

/// Ok when a desktop session answers; else why not and what to do.
#[cfg(all(unix, not(target_os = "macos")))]
pub fn reachable() -> Result<(), String> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let (wayland, x11) = (var("WAYLAND_DISPLAY"), var("DISPLAY"));
    if wayland.is_none() && x11.is_none() {
        return Err(
            "no desktop session to open it on: neither WAYLAND_DISPLAY (Wayland) nor DISPLAY \
             (X11) is set. Start Adjutant from a desktop session, or set DISPLAY (for example \
             DISPLAY=:0) to a running X server. `adjutant check`, `print` and `report` work \
             without a window."
                .into(),
        );
    }
    let mut problems = Vec::new();
    if let Some(name) = &wayland {
        match wayland_answers(name) {
            Ok(()) => return Ok(()),
            Err(e) => problems.push(format!(
                "the Wayland display \"{name}\" does not answer ({e})"
            )),
        }
    }
    if let Some(name) = &x11 {
        match x11_answers(name) {
            Ok(()) => return Ok(()),
            Err(e) => problems.push(format!("the X display \"{name}\" does not answer ({e})")),
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
pub fn reachable() -> Result<(), String> {
    Ok(())
}

/// Connects to the Wayland compositor's socket: `$XDG_RUNTIME_DIR/NAME`, or NAME if absolute.
#[cfg(all(unix, not(target_os = "macos")))]
fn wayland_answers(name: &str) -> Result<(), String> {
    let path = PathBuf::from(name);
    let path = if path.is_absolute() {
        path
    } else {
        let dir = std::env::var_os("XDG_RUNTIME_DIR")
            .filter(|d| !d.is_empty())
            .ok_or("XDG_RUNTIME_DIR is not set, so its socket cannot be found")?;
        PathBuf::from(dir).join(path)
    };
    std::os::unix::net::UnixStream::connect(&path)
        .map(drop)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Connects to the X server that `[host]:N[.screen]` names: its local socket (on the file
/// system, or Linux's abstract one) for no host, else TCP port 6000 + N.
#[cfg(all(unix, not(target_os = "macos")))]
fn x11_answers(display: &str) -> Result<(), String> {
    use std::os::unix::net::UnixStream;
    let Some((host, rest)) = display.rsplit_once(':') else {
        return Err("it is not of the form [host]:number".into());
    };
    if host.contains('/') {
        return Ok(()); // a launcher's socket path: let the library read it
    }
    let number: u16 = rest
        .split('.')
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or("it is not of the form [host]:number")?;
    if host.is_empty() || host == "unix" {
        let path = format!("/tmp/.X11-unix/X{number}");
        let local = UnixStream::connect(&path);
        #[cfg(target_os = "linux")]
        let local = local.or_else(|e| {
            use std::os::linux::net::SocketAddrExt;
            let addr = std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())?;
            UnixStream::connect_addr(&addr).map_err(|_| e)
        });
        return local.map(drop).map_err(|e| format!("{path}: {e}"));
    }
    let port = 6000u16.saturating_add(number);
    let addrs = std::net::ToSocketAddrs::to_socket_addrs(&(host, port))
        .map_err(|e| format!("{host}: {e}"))?;
    let mut last = format!("{host}: no address");
    for addr in addrs {
        match std::net::TcpStream::connect_timeout(&addr, std::time::Duration::from_secs(3)) {
            Ok(_) => return Ok(()),
            Err(e) => last = format!("{addr}: {e}"),
        }
    }
    Err(last)
}

#[cfg(all(test, unix, not(target_os = "macos")))]
mod tests {
    use super::*;

    #[test]
    fn display_names_are_read() {
        assert!(x11_answers("nonsense").is_err());
        assert!(x11_answers(":x").is_err());
        let e = x11_answers(":4242").unwrap_err();
        assert!(e.contains("/tmp/.X11-unix/X4242"), "{e}");
        assert!(x11_answers("/private/tmp/launch/org.x:0").is_ok());
    }
}
