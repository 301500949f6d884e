//! The across-the-table look: a type scale for text read from two metres away on a 1280×800
//! screen, and the plain, high-contrast boxes that view is made of.

use iced::widget::container;
use iced::{Border, Theme};

/// Labels and the smallest words on the across-the-table view.
pub const LABEL: f32 = 28.0;
/// Words that explain a result or a figure.
pub const LINE: f32 = 36.0;
/// Each side's name.
pub const SIDE: f32 = 40.0;
/// Turn, phase and the side to play.
pub const CLOCK: f32 = 52.0;
/// A side's key figure.
pub const FIGURE: f32 = 60.0;
/// The last result.
pub const RESULT: f32 = 64.0;

/// The page: the theme's background with its text at full contrast.
pub fn page(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.base.color.into()),
        text_color: Some(p.background.base.text),
        ..container::Style::default()
    }
}

/// The last result: the page's colours swapped (dark on light in a dark theme, light on dark
/// in a light one), the most contrast either theme has, edged in the theme's accent.
pub fn result(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.base.text.into()),
        text_color: Some(p.background.base.color),
        border: Border {
            color: p.primary.base.color,
            width: 4.0,
            radius: 8.0.into(),
        },
        ..container::Style::default()
    }
}

/// One side's figures: a box with a heavy edge.
pub fn side(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.weak.color.into()),
        text_color: Some(p.background.weak.text),
        border: Border {
            color: p.background.strongest.color,
            width: 3.0,
            radius: 8.0.into(),
        },
        ..container::Style::default()
    }
}

/// The sizes a long last result steps down through, largest first, so it leaves room for the
/// figures.
pub const RESULT_STEPS: [f32; 5] = [RESULT, 54.0, 46.0, LINE, LABEL];

/// The average width of a bold character, as a share of the text size (the embedded font).
pub const BOLD_CHAR_WIDTH: f32 = 0.6;

/// Line height as a share of the text size.
pub const LINE_HEIGHT: f32 = 1.3;
