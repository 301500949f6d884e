//! The card panel: draw from the battle's deck — or enter the card drawn from the deck on the
//! table on the card keys — see the last card large, the cards left and the discard pile, and
//! shuffle the discards back in. Draws are log entries like any other.

use iced::widget::{Row, column, container, row, scrollable, space, text};
use iced::{Element, Fill};

use adjutant::battle::{Action, Battle};
use adjutant::cards::Card;

use super::{Command, card_keys};
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

#[derive(Debug, Clone, Default)]
pub struct State {
    error: Option<String>,
    keys: card_keys::State,
}

#[derive(Debug, Clone)]
pub enum Message {
    Draw,
    Reshuffle,
    /// The card keys: a card drawn on the table.
    Keys(card_keys::Message),
}

impl State {
    pub fn update(&mut self, message: Message) -> Option<Command> {
        match message {
            Message::Draw => Some(Command::TrayDraw),
            Message::Reshuffle => Some(Command::Start(Action::Reshuffle)),
            Message::Keys(m) => self
                .keys
                .update(m)
                .map(|card_keys::Entered::Card(c)| Command::TrayCard(c)),
        }
    }

    pub fn finished(&mut self, result: Result<(), adjutant::battle::ActionError>) {
        self.keys.finished(&result);
        self.error = result.err().map(|e| e.to_string());
    }

    /// The panel; `touch` sizes its buttons for a finger.
    pub fn view<'a>(&'a self, game: &'a Battle, touch: bool) -> Element<'a, Message> {
        let deck = &game.state().deck;
        let actions = row![
            parts::tap(
                parts::touch_text("Draw a card", touch)
                    .style(theme::action)
                    .on_press(Message::Draw),
                touch
            ),
            parts::tap(
                parts::touch_text("Reshuffle", touch)
                    .style(theme::quiet)
                    .on_press_maybe((!deck.discards.is_empty()).then_some(Message::Reshuffle)),
                touch
            ),
            space::horizontal(),
            parts::body(format!("{} cards left", deck.cards_left())),
        ]
        .spacing(gap::S)
        .align_y(iced::Center);
        let rule = parts::caption(format!("The deck is {}.", deck.refill.describe()));
        let keys = self.keys.view(deck.jokers, Message::Keys);
        let mut content = column![actions, rule, keys].spacing(gap::M);
        if let Some(e) = &self.error {
            content = content.push(parts::error_line(e.as_str()));
        }
        match deck.discards.last() {
            Some(&card) => {
                content = content.push(
                    row![
                        parts::caption("Last card"),
                        container(face(card, size::FIGURE * 1.5))
                            .padding([gap::S, gap::L])
                            .style(theme::card),
                    ]
                    .spacing(gap::M)
                    .align_y(iced::Center),
                );
            }
            None => content = content.push(parts::caption("No card drawn since the last shuffle.")),
        }
        content = content.push(parts::strong(format!(
            "Discard pile ({})",
            deck.discards.len()
        )));
        let pile = Row::with_children(deck.discards.iter().rev().map(|&c| face(c, size::HEADING)))
            .spacing(gap::M)
            .wrap()
            .vertical_spacing(gap::XS);
        content = content.push(pile);
        scrollable(content.width(Fill).padding(iced::padding::right(gap::M)))
            .height(Fill)
            .into()
    }
}

/// A card's face in its suit's colour.
fn face<'a>(card: Card, text_size: f32) -> Element<'a, Message> {
    let style = if card.is_red() {
        theme::red_card
    } else {
        theme::black_card
    };
    text(card.to_string())
        .size(text_size)
        .font(theme::BOLD_FONT)
        .style(style)
        .into()
}
