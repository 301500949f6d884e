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
