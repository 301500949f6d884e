//! Fuzz target: army-file text into the loader and validator. Every input must load, or be
//! refused with problems that each give the file, a line and column inside it, and a message.
#![no_main]

#[path = "../../tests/fuzz_loaders/checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::check_army_text(&String::from_utf8_lossy(data));
});
