//! The embedded faces reach the window's text system in place: the font database reads the
//! very bytes embedded in the program (no copy on the heap), both faces, by family name.

use iced_graphics::text::cosmic_text::fontdb::{Source, Weight};
use iced_graphics::text::font_system;

use super::theme;

#[test]
fn both_embedded_faces_are_read_in_place_by_the_text_system() {
    theme::load_fonts();
    let mut system = font_system().write().unwrap();
    let db = system.raw().db();
    let mut found = Vec::new();
    for face in db.faces() {
        let Source::Binary(data) = &face.source else {
            continue;
        };
        let bytes: &[u8] = (**data).as_ref();
        for (name, embedded) in [("regular", theme::FONT_REGULAR), ("bold", theme::FONT_BOLD)] {
            if std::ptr::eq(bytes.as_ptr(), embedded.as_ptr()) && bytes.len() == embedded.len() {
                assert!(
                    face.families
                        .iter()
                        .any(|(family, _)| family == "DejaVu Sans"),
                    "the {name} face is not of the family the window asks for: {:?}",
                    face.families
                );
                let weight = if name == "bold" {
                    Weight::BOLD
                } else {
                    Weight::NORMAL
                };
                assert_eq!(face.weight, weight, "the {name} face's weight");
                found.push(name);
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    assert_eq!(found, ["bold", "regular"], "faces read in place");
}

/// The characters a face maps (its `cmap` table's format-4 subtable: the page's faces are cut
/// to the Basic Multilingual Plane).
fn mapped(face: &[u8]) -> std::collections::BTreeSet<u32> {
    let u16_at = |at: usize| u32::from(u16::from_be_bytes([face[at], face[at + 1]]));
    let u32_at =
        |at: usize| u32::from_be_bytes([face[at], face[at + 1], face[at + 2], face[at + 3]]);
    let tables = u16_at(4) as usize;
    let cmap = (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&at| &face[at..at + 4] == b"cmap")
        .map(|at| u32_at(at + 8) as usize)
        .expect("a cmap table");
    let mut chars = std::collections::BTreeSet::new();
    for i in 0..u16_at(cmap + 2) as usize {
        let sub = cmap + u32_at(cmap + 4 + 8 * i + 4) as usize;
        if u16_at(sub) != 4 {
            continue;
        }
        let segments = u16_at(sub + 6) as usize / 2;
        for s in 0..segments {
            let end = u16_at(sub + 14 + 2 * s);
            let start = u16_at(sub + 16 + 2 * segments + 2 * s);
            chars.extend(start..=end);
        }
    }
    chars
}

#[test]
fn the_phones_own_signs_are_in_the_pages_faces() {
    use crate::ui::battle::screen::{BACK, MENU};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts/web");
    for face in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
        let bytes = std::fs::read(root.join(face)).expect("the page's face");
        let chars = mapped(&bytes);
        for sign in [BACK, MENU, "▾", "▸", "■", "□", "−", "…"] {
            for c in sign.chars() {
                assert!(
                    chars.contains(&u32::from(c)),
                    "{face} has no {c:?} (U+{:04X}): the page would draw a box",
                    u32::from(c)
                );
            }
        }
    }
}
