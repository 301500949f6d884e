//! Fuzz target: battle-file text into the battle loader. Every input must be refused with an
//! error naming the file (and its line and column, for a syntax error), or load into a battle
//! that saves and loads back equal, answers about every piece, undoes, redoes and plays on.
#![no_main]

#[path = "../../tests/fuzz_loaders/checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::check_battle_text(&String::from_utf8_lossy(data));
});
