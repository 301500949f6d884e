//! The chip that says where a rule table came from, in a tone the view picks without naming
//! a colour.

use iced::widget::container;
use iced::{Theme, border};

/// How a tag reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Settled: stated by the original.
    Good,
    /// Known from elsewhere.
    Info,
    /// A stand-in the player may want to replace.
    Caution,
    /// The player's own choice.
    Own,
}

/// A chip in one of the tones.
pub fn tone_chip(tone: Tone) -> impl Fn(&Theme) -> container::Style {
    move |theme| {
        let p = theme.extended_palette();
        let pair = match tone {
            Tone::Good => p.success.weak,
            Tone::Info => p.primary.weak,
            Tone::Caution => p.warning.weak,
            Tone::Own => p.secondary.strong,
        };
        container::Style {
            background: Some(pair.color.into()),
            text_color: Some(pair.text),
            border: border::rounded(4),
            ..container::Style::default()
        }
    }
}
