//! Lays out the release binary's code by use: the functions listed in
//! packaging/hot-functions.txt (those a player's first minutes run, recorded by
//! scripts/order-functions.sh) are placed together at the start of the program's code, so the
//! window maps about a third of its code instead of nearly all of it (benches/README.md,
//! "Memory: code laid out by use").
//!
//! Only where the linker is LLD, which reads such a list: release builds for x86-64 Linux
//! with Rust 1.90 or later, whose default linker it is, unless the build names a linker of its
//! own. Anywhere else the binary is built as usual. Names in the list that a build no longer
//! has are skipped; the layout then only covers less.

use std::path::Path;
use std::process::Command;

fn main() {
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/hot-functions.txt");
    println!("cargo::rerun-if-changed={}", list.display());
    if std::env::var("PROFILE").as_deref() != Ok("release")
        || std::env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu")
        || !list.is_file()
        || names_own_linker()
        || !rustc_links_with_lld()
    {
        return;
    }
    println!(
        "cargo::rustc-link-arg-bin=adjutant=-Wl,--symbol-ordering-file={}",
        list.display()
    );
    println!("cargo::rustc-link-arg-bin=adjutant=-Wl,--no-warn-symbol-ordering");
}

/// Whether the build's flags choose the linker themselves.
fn names_own_linker() -> bool {
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    flags.contains("linker") || flags.contains("link-self-contained")
}

/// Whether this rustc links x86-64 Linux programs with its own LLD (1.90 and later).
fn rustc_links_with_lld() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("--version").output() else {
        return false;
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let version = String::from_utf8_lossy(&out.stdout);
    let mut parts = version
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .split('.')
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    (major, minor) >= (1, 90)
}
