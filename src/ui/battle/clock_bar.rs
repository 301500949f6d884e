//! The foot of the battle's centre: the procedure the rule system names to move the clock on
//! (the next phase, the end of a player turn), always in this one place and on F8, with the
//! phase's reminder beside it — or, when the rules refuse it now, why. While a procedure is
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

/// The bar, or nothing when the rules name no such procedure or one is under way; `touch`
/// makes its Start a finger's size.
pub fn view(game: &Battle, touch: bool) -> Option<Element<'_, Message>> {
    if game.pending().is_some() {
        return None;
    }
    let offer = offer(game)?;
    let beside = match &offer.refused {
        Some(r) => format!("Not now: {} ({})", r.reason, r.rule),
        None => game
            .rules()
            .reminders(&game.context())
            .into_iter()
            .next()
            .or_else(|| {
                let phases = game.rules().phases();
                phases
                    .get(game.state().phase)
                    .map(|p| p.summary.clone())
                    .filter(|s| !s.is_empty())
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
    let words = column![parts::strong(offer.label), parts::caption(beside)].spacing(2);
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
