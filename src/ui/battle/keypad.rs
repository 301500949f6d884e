//! The dice keypad under a Roll row: one key for each face of the die asked for (a D10's read
//! 0–9, as the rules read it) and a key that clears what was tapped, so the faces thrown on
//! the table go in without a keyboard.

use iced::widget::{Button, Row, button, container, text};
use iced::{Element, Length};

use adjutant::dice::Die;

use crate::ui::theme::{self, gap, size};

/// The widget id of the key for `face` (tests use it).
pub fn face_id(face: u8) -> String {
    format!("keypad-face:{face}")
}

/// A key wide and tall enough for a fingertip: 44 logical pixels, the smallest touch target
/// phones' guidelines allow (the page draws a logical pixel as a CSS pixel).
pub const KEY: f32 = 44.0;

/// A square key of [`KEY`] each way with `label` bold in its middle (a die's face, a card's
/// rank or suit, a short answer); its style and message are the caller's.
pub fn key<'a, M: 'a>(label: impl text::IntoFragment<'a>) -> Button<'a, M> {
    button(
        text(label)
            .size(size::BODY)
            .font(theme::BOLD_FONT)
            .align_x(iced::Center)
            .align_y(iced::Center)
            .width(Length::Fill)
            .height(Length::Fill),
    )
    .width(Length::Fixed(KEY))
    .height(Length::Fixed(KEY))
    .padding(0)
}

/// The keys for the faces of `die`, then Clear.
pub fn view<'a, M: Clone + 'a>(die: Die, tap: impl Fn(u8) -> M, clear: M) -> Element<'a, M> {
    let mut keys = Row::new().spacing(gap::XS).align_y(iced::Center);
    for face in die.min()..=die.max() {
        keys = keys.push(
            container(
                key(face.to_string())
                    .style(theme::quiet)
                    .on_press(tap(face)),
            )
            .id(face_id(face)),
        );
    }
    keys = keys.push(
        button(
            text("Clear")
                .size(size::BODY)
                .align_y(iced::Center)
                .height(Length::Fill),
        )
        .height(Length::Fixed(KEY))
        .padding([0.0, gap::S])
        .style(theme::quiet)
        .on_press(clear),
    );
    keys.wrap().into()
}

/// `faces` with `face` added, one space between faces.
pub fn typed(faces: &str, face: u8) -> String {
    let kept = faces.trim_end();
    if kept.is_empty() {
        face.to_string()
    } else {
        format!("{kept} {face}")
    }
}

#[cfg(test)]
mod tests {
    use super::typed;

    #[test]
    fn tapped_faces_join_with_one_space() {
        assert_eq!(typed("", 6), "6");
        assert_eq!(typed("6", 5), "6 5");
        assert_eq!(typed("3 ", 0), "3 0");
    }
}
