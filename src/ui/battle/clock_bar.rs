//! The foot of the battle's centre: the procedure the rule system names to move the clock on
//! (the next phase, the end of a player turn), always in this one place and on F8, with the
//! phase's reminder beside it, named as the current phase's ("Now, Command Phase: …") and
//! ended at a whole word when it is longer than the bar holds (F9 shows it whole) — or, when
//! the rules refuse it now, why. While a procedure is
//! under way the bar gives its room to the request (F8 waits for the procedure's end).

use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill, Length};

use adjutant::battle::{Action, Battle};
use adjutant::procedure::{Call, Offer};

use super::Message;
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// The key that starts it.
pub const KEY: &str = "F8";

/// The bar's height, kept whatever it says, so nothing above it moves.
const HEIGHT: f32 = 76.0;

/// The room the bar's Start, its padding and the space beside it take, and the width a
/// caption's character takes at most on average (DejaVu Sans at the caption's size), by
/// which the reminder is cut to the one line the bar keeps for it.
const BESIDE_WORDS: f32 = 140.0;
const CHAR_WIDTH: f32 = 9.0;

/// The most characters of the reminder that fit on one line of a bar `width` wide.
pub fn reminder_chars(width: f32) -> usize {
    (((width - BESIDE_WORDS) / CHAR_WIDTH).floor().max(0.0) as usize).clamp(24, 90)
}

/// The reminder as the bar says it: the phase it is for, and the words that fit in `max`
/// characters in all, ended at a whole word with "…" when they do not all fit.
pub fn reminder_line(phase: &str, reminder: &str, max: usize) -> String {
    let head = if phase.is_empty() {
        "Now".to_string()
    } else {
        format!("Now, {phase}")
    };
    let max = max.saturating_sub(head.chars().count() + 4).max(12);
    if reminder.chars().count() <= max {
        return format!("{head}: {reminder}");
    }
    let mut cut = String::new();
    for word in reminder.split_whitespace() {
        if cut.chars().count() + word.chars().count() + 1 > max {
            break;
        }
        if !cut.is_empty() {
            cut.push(' ');
        }
        cut.push_str(word);
    }
    let cut = cut.trim_end_matches([',', ';', ':', '.', ' ']);
    format!("{head}: {cut} …")
}

/// The offer that moves the clock on, as the rules make it now (nothing picked).
pub fn offer(game: &Battle) -> Option<Offer> {
    let id = game.rules().clock_offer()?;
    game.rules()
        .offers(&game.context(), &[], &[])
        .into_iter()
        .find(|o| o.id == id)
}

/// The call that starts it: nothing picked, each question at its default. `None` while the
/// rules refuse it or a procedure is under way.
pub fn call(game: &Battle) -> Option<Action> {
    let offer = offer(game).filter(|o| o.refused.is_none() && game.pending().is_none())?;
    let params = offer
        .params
        .iter()
        .filter_map(|p| Some((p.key.to_string(), p.choices.get(p.default()?)?.clone())))
        .collect();
    Some(Action::Procedure(Call {
        id: offer.id,
        actors: Vec::new(),
        targets: Vec::new(),
        params,
    }))
}

/// The bar, `width` wide, or nothing when the rules name no such procedure or one is under
/// way; `touch` makes its Start a finger's size. The reminder keeps to one line, so the
/// label over it may take two.
pub fn view(game: &Battle, touch: bool, width: f32) -> Option<Element<'_, Message>> {
    if game.pending().is_some() {
        return None;
    }
    let offer = offer(game)?;
    let phase = game
        .rules()
        .phases()
        .get(game.state().phase)
        .map(|p| (p.name.clone(), p.summary.clone()));
    let beside = match &offer.refused {
        Some(r) => format!("Not now: {} ({})", r.reason, r.rule),
        None => game
            .rules()
            .reminders(&game.context())
            .into_iter()
            .next()
            .or_else(|| phase.clone().map(|(_, s)| s).filter(|s| !s.is_empty()))
            .map(|r| {
                let name = phase.as_ref().map_or("", |(n, _)| n.as_str());
                reminder_line(name, &r, reminder_chars(width))
            })
            .unwrap_or_default(),
    };
    let start = button(
        row![
            text("Start").size(size::BODY),
            text(KEY).size(size::CAPTION).style(theme::muted),
        ]
        .spacing(gap::S)
        .align_y(iced::Center),
    )
    .padding([gap::XS + 2.0, gap::M])
    .style(theme::action)
    .on_press_maybe(offer.refused.is_none().then_some(Message::NextPhase));
    let start = parts::tap(start, touch);
    let beside = text(beside)
        .size(size::CAPTION)
        .style(theme::muted)
        .wrapping(text::Wrapping::None);
    let words = column![parts::strong(offer.label), beside].spacing(2);
    Some(
        container(
            // Start level with the label, however the reminder wraps.
            row![container(words).width(Fill).clip(true), start]
                .spacing(gap::S)
                .align_y(iced::alignment::Vertical::Top),
        )
        .padding([gap::XS, gap::M])
        .width(Fill)
        .height(Length::Fixed(HEIGHT))
        .clip(true)
        .style(theme::panel)
        .into(),
    )
}

#[cfg(test)]
mod tests {
    use super::reminder_line;

    #[test]
    fn the_reminder_names_its_phase_and_ends_at_a_whole_word() {
        assert_eq!(
            reminder_line("Command Phase", "Place chits.", 90),
            "Now, Command Phase: Place chits."
        );
        let long = "Check command span: mark units out of their leader's span, then move the \
                    leaders and units within it";
        let line = reminder_line("Command Phase", long, 63);
        assert_eq!(
            line,
            "Now, Command Phase: Check command span: mark units out of …"
        );
        assert!(
            long.starts_with(
                line.trim_start_matches("Now, Command Phase: ")
                    .trim_end_matches(" …")
            )
        );
    }
}
