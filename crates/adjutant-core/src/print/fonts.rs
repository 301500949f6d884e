//! The two faces every sheet is set in — DejaVu Sans and DejaVu Sans Bold, embedded from
//! `assets/fonts` at build time and subset by printpdf when a file is saved — and the glyph
//! advances the layout layer measures text with.

use std::sync::OnceLock;

use printpdf::ParsedFont;

use super::PrintError;
use crate::fonts::{BOLD_TTF, REGULAR_TTF};

/// Which face a run of text is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// A parsed face with the advances of the first 256 code points cached, in em units.
pub(crate) struct Face {
    pub(crate) parsed: ParsedFont,
    latin: [f32; 256],
    fallback: f32,
}

impl Face {
    fn load(bytes: &[u8], name: &str) -> Result<Face, PrintError> {
        let parsed = ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
            .ok_or_else(|| PrintError::Font(name.to_string()))?;
        let upem = f32::from(parsed.font_metrics.units_per_em.max(1));
        let advance = |c: u32| {
            parsed
                .lookup_glyph_index(c)
                .map(|g| f32::from(parsed.get_horizontal_advance(g)) / upem)
        };
        let fallback = advance(u32::from('?')).unwrap_or(0.6);
        let mut latin = [fallback; 256];
        for (c, w) in latin.iter_mut().enumerate() {
            if let Some(a) = advance(c as u32) {
                *w = a;
            }
        }
        Ok(Face {
            parsed,
            latin,
            fallback,
        })
    }

    /// The advance of one character, in em units.
    pub(crate) fn advance(&self, c: char) -> f32 {
        let code = u32::from(c);
        if code < 256 {
            return self.latin[code as usize];
        }
        let upem = f32::from(self.parsed.font_metrics.units_per_em.max(1));
        self.parsed
            .lookup_glyph_index(code)
            .map_or(self.fallback, |g| {
                f32::from(self.parsed.get_horizontal_advance(g)) / upem
            })
    }

    /// The width of `text` set at `size` points, in points.
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.advance(c)).sum::<f32>() * size
    }
}

/// Both faces, parsed once per process (parsing costs more than laying out a sheet).
pub(crate) struct Faces {
    pub(crate) regular: Face,
    pub(crate) bold: Face,
}

impl Faces {
    /// The face for a weight.
    pub(crate) fn get(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }
}

static FACES: OnceLock<Result<Faces, PrintError>> = OnceLock::new();

/// The embedded faces, parsed on first use.
pub fn faces() -> Result<&'static Faces, PrintError> {
    FACES
        .get_or_init(|| {
            Ok(Faces {
                regular: Face::load(REGULAR_TTF, "DejaVuSans.ttf")?,
                bold: Face::load(BOLD_TTF, "DejaVuSans-Bold.ttf")?,
            })
        })
        .as_ref()
        .map_err(Clone::clone)
}
