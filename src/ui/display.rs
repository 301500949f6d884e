//! How the window shows things, whatever the screen: F9 switches a battle to the
//! across-the-table view and back, F11 toggles full screen, and Ctrl+= (or Ctrl++), Ctrl+-
//! and Ctrl+0 zoom in, out and back to 100 % in steps within the settings' zoom range. The
//! zoom and the across-the-table choice are saved in the settings.

use iced::keyboard::{Key, Modifiers, key::Named};
use iced::{Task, window};

use adjutant::store::settings::ZOOM_RANGE;

use super::{App, Screen, battle};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    AcrossToggled,
    FullScreenToggled,
    ZoomIn,
    ZoomOut,
    ZoomReset,
}

/// The zoom steps, as a browser offers them; the ends are the settings' zoom range.
const STEPS: [f32; 13] = [
    0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0,
];

/// The zoom at start and after Ctrl+0.
pub const NORMAL: f32 = 1.0;

/// The display message a key press stands for, if any.
pub fn key(key: &Key, modifiers: Modifiers) -> Option<Message> {
    match key.as_ref() {
        Key::Named(Named::F9) => Some(Message::AcrossToggled),
        Key::Named(Named::F11) => Some(Message::FullScreenToggled),
        // With Shift held, "=" arrives as "+" and "-" as "_"; the keypad sends "+" and "-".
        Key::Character("=" | "+") if modifiers.command() => Some(Message::ZoomIn),
        Key::Character("-" | "_") if modifiers.command() => Some(Message::ZoomOut),
        Key::Character("0") if modifiers.command() => Some(Message::ZoomReset),
        _ => None,
    }
}

/// Carries out a display message on the app.
pub fn update(app: &mut App, message: Message) -> Task<super::Message> {
    match message {
        Message::AcrossToggled => return app.battle_update(battle::Message::AcrossToggled),
        Message::FullScreenToggled => return toggle_full_screen(),
        Message::ZoomIn | Message::ZoomOut | Message::ZoomReset => {
            let zoom = zoomed(app.zoom, message);
            if zoom != app.zoom {
                app.zoom = zoom;
                if let Err(e) = app.store.save_zoom(zoom)
                    && let Screen::Home(home) = &mut app.screen
                {
                    home.notice = Some(format!("Settings not saved: {e}"));
                }
            }
        }
    }
    Task::none()
}

/// The zoom after a zoom message: the next step up or down, or back to 100 %.
pub fn zoomed(zoom: f32, message: Message) -> f32 {
    let (lo, hi) = ZOOM_RANGE;
    let next = match message {
        Message::ZoomIn => STEPS
            .iter()
            .copied()
            .find(|s| *s > zoom + 0.001)
            .unwrap_or(hi),
        Message::ZoomOut => STEPS
            .iter()
            .rev()
            .copied()
            .find(|s| *s < zoom - 0.001)
            .unwrap_or(lo),
        Message::ZoomReset => NORMAL,
        Message::AcrossToggled | Message::FullScreenToggled => zoom,
    };
    next.clamp(lo, hi)
}

/// Asks for the newest window's mode and switches it between full screen and windowed.
pub fn toggle_full_screen<T: Send + 'static>() -> Task<T> {
    window::latest()
        .and_then(|id| window::mode(id).then(move |mode| window::set_mode(id, flipped(mode))))
}

/// Full screen becomes windowed; anything else becomes full screen.
pub fn flipped(mode: window::Mode) -> window::Mode {
    match mode {
        window::Mode::Fullscreen => window::Mode::Windowed,
        window::Mode::Windowed | window::Mode::Hidden => window::Mode::Fullscreen,
    }
}
