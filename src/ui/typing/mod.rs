//! Text fields that type on a phone. Every text field of the window is a [`field`]: iced's
//! text input, told what it takes ([`Kind`]: words, a whole number, or a number that may be
//! below zero). On the desktop that is all it is. In a browser, where a canvas brings up no
//! on-screen keyboard, the window is wrapped in [`page`]: while a field has the focus a real
//! input of the page lies exactly over it (its bounds from the layout, in CSS pixels), with
//! the field's value and caret, focused in the tap that focused the field, asking a phone for
//! its numeric keyboard where the field takes a number. What is typed there reaches the field
//! as the field's own messages — each change as if typed into it, Enter as Enter — so undo,
//! the checks and the keys work as on the desktop; Tab moves to the next field, Escape and
//! Enter put the input away, and it goes when the field loses the focus, is scrolled out of
//! view or leaves the screen.
//!
//! - [`field`] — the field widget;
//! - `focused` — the field that has the focus, with its bounds on the screen (the page's
//!   input goes there; tests read every field's kind and bounds through it);
//! - `page` and `bridge` (browser only) — the window's wrapper that keeps the page's input
//!   over the focused field, and the page's input itself (web-sys).

#[cfg(target_arch = "wasm32")]
mod bridge;
mod field;
#[cfg(any(test, target_arch = "wasm32"))]
pub(crate) mod focused;
#[cfg(target_arch = "wasm32")]
mod page;

pub(crate) use field::field;

/// What a field takes, so a phone shows the keyboard for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// Words: names, notes, the find box.
    #[default]
    Text,
    /// A whole number from 0 up, or dice faces: the numeric keyboard.
    Whole,
    /// A whole number that may be below 0 (a modifier): the numeric keyboard, and a key of
    /// the page's own beside it that turns the sign, which a phone's numeric keyboard may lack.
    Signed,
}

/// Something typed on the page that is not an edit of the field: the window's own keys.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKey {
    /// An edit is waiting for its field (the window looks again).
    Typed,
    /// Tab, or Shift+Tab (`back`): the next or previous field.
    Tab {
        back: bool,
    },
    Undo,
    Redo,
}

/// The window's content, with the page's input kept over the focused field (browser
/// only). `zoom` is the window's scale factor (logical pixels to CSS pixels), `theme`
/// colours the input as the field is coloured.
#[cfg(target_arch = "wasm32")]
pub fn page<'a, M: 'a>(
    content: iced::Element<'a, M>,
    zoom: f32,
    theme: &iced::Theme,
) -> iced::Element<'a, M> {
    page::Page::wrap(content, zoom, theme)
}

/// The window's keys typed on the page, as they come (browser only).
#[cfg(target_arch = "wasm32")]
pub fn page_keys() -> iced::Subscription<PageKey> {
    iced::Subscription::run(bridge::keys)
}
