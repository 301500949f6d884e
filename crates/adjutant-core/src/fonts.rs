//! The two faces Adjutant sets every text in, on screen and on paper: DejaVu Sans and DejaVu
//! Sans Bold (assets/fonts, with their licence), embedded at build time so text shows on a
//! machine with no fonts. They are embedded once: the window's text system and the PDF
//! writer read the same bytes (statics, not constants: a constant's bytes may be copied into
//! every crate that uses it).

/// DejaVu Sans, the regular face.
pub static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
