//! When the battle is not saved: the banner that says so in the top bar, in the title's place
//! so that nothing below it moves (with Retry and Save a copy), and the question put when the
//! player leaves the battle — for the home screen, another file or by closing the window —
//! while it is not saved. The question offers to retry the save, to save a copy elsewhere or
//! to discard what is not saved; nothing is discarded unless the player presses that button,
//! and Stay keeps the battle on screen.

use iced::widget::{center, column, container, opaque, row, stack, text, tooltip};
use iced::{Element, Fill};

use super::Message as BattleMessage;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

pub use crate::ui::next::Next;

/// The answers to the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    Retry,
    SaveCopy,
    Discard,
    Stay,
}

/// The question's buttons, as the tests click them.
pub const RETRY: &str = "Retry saving";
pub const SAVE_COPY: &str = "Save a copy elsewhere…";
/// The banner's button for the same.
pub const BANNER_COPY: &str = "Save a copy…";
pub const DISCARD: &str = "Discard and leave";
pub const STAY: &str = "Stay";

/// The banner in the top bar, in the title's place, while the battle is not saved.
pub fn banner<'a>(reason: &impl std::fmt::Display) -> Element<'a, BattleMessage> {
    let words = format!(
        "Not saved: {reason}. Your battle is kept here in memory: Retry, or save a copy elsewhere."
    );
    // One line of it shows, cut at the banner's width; all of it under the pointer.
    let all = container(text(words.clone()).size(size::CAPTION))
        .padding(gap::S)
        .max_width(480.0)
        .style(theme::card);
    container(
        row![
            tooltip(
                container(
                    text(words)
                        .size(size::CAPTION)
                        .wrapping(text::Wrapping::None)
                )
                .width(Fill)
                .clip(true),
                all,
                tooltip::Position::Bottom
            ),
            parts::button_text("Retry")
                .style(theme::risky)
                .on_press(BattleMessage::RetrySave),
            parts::button_text(BANNER_COPY)
                .style(theme::risky)
                .on_press(BattleMessage::SaveCopyPressed),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
    )
    .padding([0.0, gap::S])
    .width(Fill)
    .height(Fill)
    .align_y(iced::Center)
    .style(theme::error_banner)
    .into()
}

/// The same banner for a phone, on a line of its own: all its words, wrapped (a touch screen
/// has no pointer to show them under), then its buttons, a finger's size.
pub fn wrapped_banner<'a>(reason: &impl std::fmt::Display) -> Element<'a, BattleMessage> {
    let words = format!(
        "Not saved: {reason}. Your battle is kept here in memory: Retry, or save a copy elsewhere."
    );
    container(
        column![
            text(words).size(size::CAPTION),
            row![
                parts::tap(
                    parts::touch_text("Retry", true)
                        .style(theme::risky)
                        .on_press(BattleMessage::RetrySave),
                    true
                ),
                parts::tap(
                    parts::touch_text(BANNER_COPY, true)
                        .style(theme::risky)
                        .on_press(BattleMessage::SaveCopyPressed),
                    true
                ),
            ]
            .spacing(gap::S),
        ]
        .spacing(gap::XS),
    )
    .padding(gap::S)
    .width(Fill)
    .style(theme::error_banner)
    .into()
}

/// `base` with the question over it, on a veil that keeps clicks from the screen behind.
pub fn over<'a>(
    base: Element<'a, BattleMessage>,
    reason: &impl std::fmt::Display,
) -> Element<'a, BattleMessage> {
    let card = container(
        column![
            parts::heading("This battle is not saved"),
            parts::body(format!("The last save failed: {reason}.")),
            parts::body(
                "What was done since the last save is only in this window. Leaving now would lose it."
            ),
            row![
                parts::button_text(RETRY)
                    .style(theme::action)
                    .on_press(Message::Retry),
                parts::button_text(SAVE_COPY)
                    .style(theme::quiet)
                    .on_press(Message::SaveCopy),
                parts::button_text(DISCARD)
                    .style(theme::risky)
                    .on_press(Message::Discard),
                parts::button_text(STAY)
                    .style(theme::quiet)
                    .on_press(Message::Stay),
            ]
            .spacing(gap::S),
        ]
        .spacing(gap::M),
    )
    .padding(gap::L)
    .max_width(640.0)
    .style(theme::panel);
    let card: Element<'a, Message> = card.into();
    let veil = center(card.map(BattleMessage::Leave)).style(theme::veil);
    stack![base, opaque(veil)].width(Fill).height(Fill).into()
}
