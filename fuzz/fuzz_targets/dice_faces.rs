//! Fuzz target: typed dice faces. The input is read as text for `Dice::parse_faces` (for every
//! kind of die and several counts), and as little-endian numbers for `Dice::check_faces`.
#![no_main]

#[path = "../../tests/fuzz_loaders/checks.rs"]
#[allow(dead_code)]
mod checks;

use adjutant::dice::Die;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    checks::check_faces_text(&String::from_utf8_lossy(data));
    if let Some((&head, rest)) = data.split_first() {
        let die = Die::ALL[usize::from(head) % Die::ALL.len()];
        let values: Vec<i64> = rest
            .chunks(8)
            .map(|c| {
                let mut b = [0u8; 8];
                b[..c.len()].copy_from_slice(c);
                i64::from_le_bytes(b)
            })
            .collect();
        checks::check_face_values(die, head >> 2, &values);
    }
});
