//! The two faces Adjutant sets every text in, on screen and on paper: DejaVu Sans and DejaVu
//! Sans Bold (assets/fonts, with their licence), embedded at build time so text shows on a
//! machine with no fonts. They are embedded once: the window's text system and the PDF
//! writer read the same bytes (statics, not constants: a constant's bytes may be copied into
//! every crate that uses it).
//!
//! In a browser (wasm32) the faces are those of assets/fonts/web: the same faces cut down to
//! what Adjutant writes (`scripts/subset-web-fonts.sh`), since the page downloads every byte.

/// DejaVu Sans, the regular face.
#[cfg(not(target_arch = "wasm32"))]
pub static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
#[cfg(not(target_arch = "wasm32"))]
pub static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// DejaVu Sans, the regular face, cut down for the page.
#[cfg(target_arch = "wasm32")]
pub static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/web/DejaVuSans.ttf");
/// DejaVu Sans Bold, cut down for the page.
#[cfg(target_arch = "wasm32")]
pub static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/web/DejaVuSans-Bold.ttf");
