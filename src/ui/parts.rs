//! Small view pieces every screen uses: titles, body text, captions, labelled sections,
//! banners and odds bars, sized and styled from [`super::theme`]; buttons sized for a finger
//! on a phone ([`touch_text`], [`tap`]).

use iced::widget::{button, column, container, progress_bar, row, text};
use iced::{Element, Fill, Length};

use super::finger;
use super::theme::{self, gap, size};

/// A screen's title.
pub fn title<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content)
        .size(size::TITLE)
        .font(theme::BOLD_FONT)
        .into()
}

/// A panel's heading.
pub fn heading<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content)
        .size(size::HEADING)
        .font(theme::BOLD_FONT)
        .into()
}

/// Ordinary text.
pub fn body<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content).size(size::BODY).into()
}

/// Bold ordinary text.
pub fn strong<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content).size(size::BODY).font(theme::BOLD_FONT).into()
}

/// A secondary line: a rule reference, a count.
pub fn caption<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content).size(size::CAPTION).style(theme::muted).into()
}

/// A line that reports a problem, inline where it happened.
pub fn error_line<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content)
        .size(size::BODY)
        .style(theme::danger_text)
        .into()
}

/// A large figure (a dice total, a side's loss points).
pub fn figure<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content)
        .size(size::FIGURE)
        .font(theme::BOLD_FONT)
        .into()
}

/// A button with body-sized text.
pub fn button_text<'a, M: Clone + 'a>(label: impl text::IntoFragment<'a>) -> button::Button<'a, M> {
    button(text(label).size(size::BODY)).padding([gap::XS + 2.0, gap::M])
}

/// A button with body-sized text for a finger (`touch`: its label centred, so that [`tap`]
/// grows it to a finger's size around it) or for a mouse ([`button_text`]).
pub fn touch_text<'a, M: Clone + 'a>(
    label: impl text::IntoFragment<'a>,
    touch: bool,
) -> button::Button<'a, M> {
    if touch {
        button(
            text(label)
                .size(size::BODY)
                .align_x(iced::Center)
                .align_y(iced::Center),
        )
        .padding([gap::XS + 2.0, gap::M])
    } else {
        button_text(label)
    }
}

/// `target` (a button, a pick list) at least a finger's size each way when `touch`
/// ([`finger::TAP`]), in a box of its own size (so the tests find it); as it is for a mouse.
pub fn tap<'a, M: 'a>(target: impl Into<Element<'a, M>>, touch: bool) -> Element<'a, M> {
    if touch {
        container(finger::finger(target)).into()
    } else {
        target.into()
    }
}

/// A titled panel that fills its share of the screen.
pub fn panel<'a, M: 'a>(
    heading_text: impl text::IntoFragment<'a>,
    content: impl Into<Element<'a, M>>,
) -> Element<'a, M> {
    plain_panel(column![heading(heading_text), content.into()].spacing(gap::S))
}

/// A panel with no title (a tab above names it) that fills its share of the screen.
pub fn plain_panel<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Element<'a, M> {
    container(content)
        .padding(gap::M)
        .width(Fill)
        .height(Fill)
        .style(theme::panel)
        .into()
}

/// A boxed group inside a panel.
pub fn card<'a, M: 'a>(content: impl Into<Element<'a, M>>) -> Element<'a, M> {
    container(content)
        .padding(gap::S)
        .width(Fill)
        .style(theme::card)
        .into()
}

/// A full-width error banner with an optional action button.
pub fn error_banner<'a, M: Clone + 'a>(
    message: impl text::IntoFragment<'a>,
    action: Option<(&'a str, M)>,
) -> Element<'a, M> {
    let mut line = row![text(message).size(size::BODY).width(Fill)]
        .spacing(gap::M)
        .align_y(iced::Center);
    if let Some((label, on_press)) = action {
        line = line.push(button_text(label).style(theme::risky).on_press(on_press));
    }
    container(line)
        .padding(gap::S)
        .width(Fill)
        .style(theme::error_banner)
        .into()
}

/// One row of an odds list: the label, a bar, the percentage and the exact count.
pub fn odds_row<'a, M: 'a>(label: String, ways: u128, outcomes: u128) -> Element<'a, M> {
    let p = if outcomes == 0 {
        0.0
    } else {
        ways as f64 / outcomes as f64
    };
    odds_bar(label, p, format!("{ways}/{outcomes}"))
}

/// One row of an odds list from a probability, with `exact` (a count, or nothing) beside it.
pub fn odds_bar<'a, M: 'a>(label: String, p: f64, exact: String) -> Element<'a, M> {
    row![
        text(label).size(size::BODY).width(Length::FillPortion(3)),
        progress_bar(0.0..=1.0, p as f32)
            .girth(14)
            .length(Length::FillPortion(2))
            .style(theme::odds_bar),
        text(percent(p)).size(size::BODY).width(Length::Fixed(62.0)),
        text(exact)
            .size(size::CAPTION)
            .style(theme::muted)
            .width(Length::Fixed(64.0)),
    ]
    .spacing(gap::S)
    .align_y(iced::Center)
    .into()
}

/// A probability as a percentage with one decimal ("58.3%").
pub fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The faces typed into a [`roll_row`] and what was wrong with the last ones entered: the dice
/// tray's and the procedure panel's.
#[derive(Debug, Clone, Default)]
pub struct Faces {
    pub typed: String,
    pub error: Option<String>,
}

impl Faces {
    /// New text in the field: the message about the old goes.
    pub fn set(&mut self, typed: String) {
        self.typed = typed;
        self.error = None;
    }

    /// How entering them (or rolling) went: done, the field empties; refused, it says why.
    pub fn finished(&mut self, result: Result<(), adjutant::battle::ActionError>) {
        match result {
            Ok(()) => self.set(String::new()),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// The [`roll_row`] over these faces (its buttons a finger's size when `touch`).
    pub fn row<'a, M: Clone + 'a>(
        &'a self,
        label: impl text::IntoFragment<'a>,
        placeholder: &'a str,
        id: &'static str,
        on: RollMessages<M>,
        touch: bool,
    ) -> Element<'a, M> {
        roll_row(label, placeholder, &self.typed, id, on, touch)
    }
}

/// The messages of a [`roll_row`]: roll for me, the faces typed so far, enter them.
#[derive(Clone)]
pub struct RollMessages<M> {
    pub roll: M,
    pub typed: fn(String) -> M,
    pub enter: M,
}

/// One row to roll dice: a Roll button, a field for the faces rolled on the table (`id`, so
/// the keyboard can reach it) and Enter. The dice tray and the procedure panel both use it;
/// `touch` sizes its buttons for a finger.
pub fn roll_row<'a, M: Clone + 'a>(
    label: impl text::IntoFragment<'a>,
    placeholder: &'a str,
    faces: &'a str,
    id: &'static str,
    on: RollMessages<M>,
    touch: bool,
) -> Element<'a, M> {
    row![
        tap(
            touch_text(label, touch)
                .style(theme::action)
                .on_press(on.roll.clone()),
            touch
        ),
        faces_field(placeholder, faces, id, on, touch),
    ]
    .spacing(gap::XS)
    .align_y(iced::Center)
    .width(Fill)
    .into()
}

/// The field for the faces rolled on the table and its Enter, without the Roll
/// ([`roll_row`] puts it first; a phone's request has it at the top of its card).
pub fn faces_field<'a, M: Clone + 'a>(
    placeholder: &'a str,
    faces: &'a str,
    id: &'static str,
    on: RollMessages<M>,
    touch: bool,
) -> Element<'a, M> {
    row![
        crate::ui::typing::field(id, placeholder, faces)
            .kind(crate::ui::typing::Kind::Whole)
            .on_input(on.typed)
            .on_submit(on.enter.clone())
            .size(size::BODY)
            .width(Fill),
        tap(
            touch_text("Enter", touch)
                .style(theme::quiet)
                .on_press(on.enter),
            touch
        ),
    ]
    .spacing(gap::XS)
    .align_y(iced::Center)
    .width(Fill)
    .into()
}

/// A secondary line that asks for something before the player can go on ("answer this
/// first").
pub fn warning_caption<'a, M: 'a>(content: impl text::IntoFragment<'a>) -> Element<'a, M> {
    text(content)
        .size(size::CAPTION)
        .style(theme::danger_text)
        .into()
}
