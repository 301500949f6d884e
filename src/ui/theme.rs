//! The look of the window in one place: the embedded fonts, the light and dark palettes, the
//! spacing and text-size scales, and named style functions. Views never name a colour; they
//! pick a style from here. The across-the-table view's scale and boxes are in [`far`], rule
//! tables' source chips in `chart`.

mod chart;
pub mod far;

use iced::widget::{button, container, progress_bar, text};
use iced::{Background, Border, Color, Font, Theme, border, font};

pub use chart::{Tone, tone_chip};

/// The embedded fonts (DejaVu Sans and its bold face), so text shows on a machine with no
/// fonts.
pub use adjutant::fonts::{BOLD_TTF as FONT_BOLD, REGULAR_TTF as FONT_REGULAR};

/// Hands the embedded fonts to the window's text system as they lie in the program, before
/// the window opens. (Given to iced as application fonts, each face would be copied onto the
/// heap whole, and every page of its embedded bytes read to copy it: the 1.4 MB of the two
/// faces in memory twice. Read in place, only the pages that the text on screen uses are.)
pub fn load_fonts() {
    use iced_graphics::text::{cosmic_text::fontdb::Source, font_system};
    use std::sync::Arc;

    let mut system = font_system()
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for face in [FONT_REGULAR, FONT_BOLD] {
        let _ = system
            .raw()
            .db_mut()
            .load_font_source(Source::Binary(Arc::new(face)));
    }
}

/// The default font of every text.
pub const BODY_FONT: Font = Font::with_name("DejaVu Sans");
/// Headings and emphasised figures.
pub const BOLD_FONT: Font = Font {
    weight: font::Weight::Bold,
    ..BODY_FONT
};

/// The spacing scale, in logical pixels.
pub mod gap {
    pub const XS: f32 = 4.0;
    pub const S: f32 = 8.0;
    pub const M: f32 = 12.0;
    pub const L: f32 = 16.0;
}

/// The text-size scale: everything a player reads at the table is at least 16 px.
pub mod size {
    /// Rule references, captions, secondary lines.
    pub const CAPTION: f32 = 16.0;
    /// Ordinary text, table cells, buttons.
    pub const BODY: f32 = 17.0;
    /// Panel titles.
    pub const HEADING: f32 = 21.0;
    /// Screen titles.
    pub const TITLE: f32 = 28.0;
    /// Key figures and dice totals, readable across the table.
    pub const FIGURE: f32 = 30.0;
}

/// Which theme the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Choice {
    /// Follow the desktop's dark/light setting.
    #[default]
    System,
    Light,
    Dark,
}

impl Choice {
    pub const ALL: [Choice; 3] = [Choice::System, Choice::Light, Choice::Dark];

    pub fn label(self) -> &'static str {
        match self {
            Choice::System => "System",
            Choice::Light => "Light",
            Choice::Dark => "Dark",
        }
    }
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// The theme for a choice, given what the desktop prefers.
pub fn resolve(choice: Choice, system_dark: bool) -> Theme {
    let dark = match choice {
        Choice::System => system_dark,
        Choice::Light => false,
        Choice::Dark => true,
    };
    if dark { dark_theme() } else { light_theme() }
}

/// A warm paper-like light theme.
pub fn light_theme() -> Theme {
    Theme::custom(
        "Adjutant Light",
        iced::theme::Palette {
            background: Color::from_rgb8(0xF5, 0xF1, 0xE8),
            text: Color::from_rgb8(0x1F, 0x1C, 0x17),
            primary: Color::from_rgb8(0x2B, 0x59, 0x8C),
            success: Color::from_rgb8(0x2E, 0x6B, 0x3A),
            warning: Color::from_rgb8(0xB0, 0x72, 0x12),
            danger: Color::from_rgb8(0xA8, 0x2B, 0x2B),
        },
    )
}

/// A dark theme for evening games.
pub fn dark_theme() -> Theme {
    Theme::custom(
        "Adjutant Dark",
        iced::theme::Palette {
            background: Color::from_rgb8(0x1D, 0x1F, 0x23),
            text: Color::from_rgb8(0xE9, 0xE5, 0xDB),
            primary: Color::from_rgb8(0x5E, 0x97, 0xD6),
            success: Color::from_rgb8(0x5B, 0xB0, 0x6C),
            warning: Color::from_rgb8(0xE0, 0xA5, 0x3A),
            danger: Color::from_rgb8(0xE3, 0x66, 0x66),
        },
    )
}

// ---- containers ----

/// A panel: one of the screen's columns.
/// The screen behind a panel that asks something (the file panels, leaving a battle): the
/// window's background, faded but still seen through.
pub fn veil(theme: &Theme) -> container::Style {
    let background = theme.palette().background;
    container::Style::default().background(Color {
        a: 0.7,
        ..background
    })
}

pub fn panel(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.weak.color.into()),
        border: Border {
            color: p.background.strong.color,
            width: 1.0,
            radius: 6.0.into(),
        },
        ..container::Style::default()
    }
}

/// A box inside a panel: one army, one offer, one log entry.
pub fn card(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.base.color.into()),
        border: Border {
            color: p.background.strong.color,
            width: 1.0,
            radius: 4.0.into(),
        },
        ..container::Style::default()
    }
}

/// The request a procedure is waiting for: the thing to act on now.
pub fn request(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.base.color.into()),
        border: Border {
            color: p.primary.base.color,
            width: 2.0,
            radius: 6.0.into(),
        },
        ..container::Style::default()
    }
}

/// The top bar of every screen.
pub fn top_bar(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.background.strong.color.into()),
        text_color: Some(p.background.strong.text),
        ..container::Style::default()
    }
}

/// A banner telling the player something went wrong (not saved, file refused).
pub fn error_banner(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.danger.weak.color.into()),
        text_color: Some(p.danger.weak.text),
        border: border::rounded(4),
        ..container::Style::default()
    }
}

/// A banner with news that is not an error (battle over, reminders).
pub fn info_banner(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.primary.weak.color.into()),
        text_color: Some(p.primary.weak.text),
        border: border::rounded(4),
        ..container::Style::default()
    }
}

/// A small label chip: a flag that is set, a mark's value.
pub fn chip(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.secondary.weak.color.into()),
        text_color: Some(p.secondary.weak.text),
        border: border::rounded(10),
        ..container::Style::default()
    }
}

/// A ladder's current rung.
pub fn rung_current(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(p.primary.base.color.into()),
        text_color: Some(p.primary.base.text),
        border: border::rounded(3),
        ..container::Style::default()
    }
}

// ---- text ----

/// Secondary text: rule references, counts, captions.
pub fn muted(theme: &Theme) -> text::Style {
    let p = theme.extended_palette();
    text::Style {
        color: Some(blend(p.background.base.text, p.background.base.color, 0.4)),
    }
}

/// Text that reports a problem.
pub fn danger_text(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.extended_palette().danger.base.color),
    }
}

/// Text that reports something done well (saved, passed).
pub fn success_text(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.extended_palette().success.base.color),
    }
}

/// A red card's face.
pub fn red_card(theme: &Theme) -> text::Style {
    danger_text(theme)
}

/// A black card's face.
pub fn black_card(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.extended_palette().background.base.text),
    }
}

/// A track's filled boxes (hits taken).
pub fn track_filled(theme: &Theme) -> text::Style {
    danger_text(theme)
}

// ---- buttons ----

/// The main action of a panel (Roll, Start).
pub fn action(theme: &Theme, status: button::Status) -> button::Style {
    button::primary(theme, status)
}

/// A secondary action (Back, Cancel, Redo).
pub fn quiet(theme: &Theme, status: button::Status) -> button::Style {
    let p = theme.extended_palette();
    let mut style = button::background(theme, status);
    style.border = Border {
        color: p.background.strongest.color,
        width: 1.0,
        radius: 4.0.into(),
    };
    style
}

/// A destructive or irreversible action.
pub fn risky(theme: &Theme, status: button::Status) -> button::Style {
    button::danger(theme, status)
}

/// One of a set of toggles (die kind, count, viewer, tab): `on` marks the chosen one.
pub fn toggle(on: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |theme, status| {
        if on {
            button::primary(theme, status)
        } else {
            let p = theme.extended_palette();
            let mut style = button::background(theme, status);
            style.border = Border {
                color: p.background.strong.color,
                width: 1.0,
                radius: 4.0.into(),
            };
            style
        }
    }
}

/// How a piece row is marked: not selected, an actor, or a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pick {
    None,
    Actor,
    Target,
}

/// A piece row in the battle's roster panel.
pub fn piece_row(pick: Pick) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |theme, status| {
        let p = theme.extended_palette();
        let (background, edge) = match pick {
            Pick::None => (p.background.base.color, p.background.strong.color),
            Pick::Actor => (p.primary.weak.color, p.primary.base.color),
            Pick::Target => (p.danger.weak.color, p.danger.base.color),
        };
        let text_color = match pick {
            Pick::None => p.background.base.text,
            Pick::Actor => p.primary.weak.text,
            Pick::Target => p.danger.weak.text,
        };
        let background = match status {
            button::Status::Hovered if pick == Pick::None => p.background.weaker.color,
            _ => background,
        };
        button::Style {
            background: Some(Background::Color(background)),
            text_color,
            border: Border {
                color: edge,
                width: if pick == Pick::None { 1.0 } else { 2.0 },
                radius: 4.0.into(),
            },
            ..button::Style::default()
        }
    }
}

// ---- bars ----

/// A bar in an odds list.
pub fn odds_bar(theme: &Theme) -> progress_bar::Style {
    let p = theme.extended_palette();
    progress_bar::Style {
        background: p.background.weaker.color.into(),
        bar: p.primary.base.color.into(),
        border: border::rounded(2),
    }
}

/// `a` moved `f` of the way towards `b`, in sRGB (so the result looks as far as it says).
fn blend(a: Color, b: Color, f: f32) -> Color {
    Color {
        r: a.r + (b.r - a.r) * f,
        g: a.g + (b.g - a.g) * f,
        b: a.b + (b.b - a.b) * f,
        a: a.a,
    }
}
