//! For Windows builds, first puts the icon and the version into adjutant.exe (see
//! [`windows_resources`]). Then, for x86-64 Linux, lays out the release binary's code by use: the functions listed in
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
    windows_resources();
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

/// For a Windows target: compiles packaging/windows/adjutant.ico and a version block into a
/// resource object with MinGW's windres and links it into adjutant.exe, so Explorer, the Start
/// menu and the task bar show Adjutant's icon and the file's properties its version. Without
/// windres (`x86_64-w64-mingw32-windres`, or `$WINDRES`) the program is built without them and
/// cargo says so.
fn windows_resources() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if !target.ends_with("-windows-gnu") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let icon = root.join("packaging/windows/adjutant.ico");
    println!("cargo::rerun-if-changed={}", icon.display());
    println!("cargo::rerun-if-env-changed=WINDRES");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let version = env!("CARGO_PKG_VERSION");
    let mut numbers: Vec<u32> = version
        .split(['.', '-', '+'])
        .map_while(|p| p.parse().ok())
        .collect();
    numbers.resize(4, 0);
    let numeric = numbers
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let rc = format!(
        r#"#pragma code_page(65001)
1 ICON "{icon}"
1 VERSIONINFO
FILEVERSION {numeric}
PRODUCTVERSION {numeric}
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "Adjutant"
      VALUE "FileDescription", "Adjutant"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "adjutant"
      VALUE "OriginalFilename", "adjutant.exe"
      VALUE "ProductName", "Adjutant"
      VALUE "ProductVersion", "{version}"
      VALUE "Comments", "{description}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#,
        icon = icon.display().to_string().replace('\\', "/"),
        description = env!("CARGO_PKG_DESCRIPTION"),
    );
    let rc_path = out.join("adjutant.rc");
    let object = out.join("adjutant-resources.o");
    std::fs::write(&rc_path, rc).expect("OUT_DIR is writable");
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| "x86_64-w64-mingw32-windres".into());
    let made = Command::new(&windres)
        .arg("--input")
        .arg(&rc_path)
        .args(["--input-format=rc", "--output-format=coff", "--output"])
        .arg(&object)
        .status();
    match made {
        Ok(status) if status.success() => {
            println!("cargo::rustc-link-arg-bin=adjutant={}", object.display());
        }
        Ok(status) => {
            println!("cargo::warning={windres} failed ({status}): no icon in adjutant.exe")
        }
        Err(e) => println!(
            "cargo::warning={windres} could not be started ({e}): no icon in adjutant.exe \
             (install mingw-w64)"
        ),
    }
}
