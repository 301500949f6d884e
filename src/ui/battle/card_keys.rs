//! The card keys under a card to draw: the card drawn from the real deck on the table, entered
//! by taps as the dice keypad enters faces — its rank (A, 2–10, J, Q, K, or a joker when the
//! deck has them), its suit (♠ ♥ ♦ ♣), then Enter (or Return) — instead of a card drawn by
//! Adjutant. The battle checks it against the deck as it knows it and says why it refuses one
//! (already in the discard pile, not in this deck).

use iced::widget::{Row, button, column, container, row, text};
use iced::{Element, Fill, Length};

use adjutant::cards::{Card, Rank, Suit};

use super::keypad::{self, KEY};
use crate::ui::parts;
use crate::ui::theme::{self, gap, size};

/// The widget id of a rank's key (1 the ace … 13 the king; 14 and 15 the jokers).
pub fn rank_id(rank: u8) -> String {
    format!("card-rank:{rank}")
}

/// The widget id of a suit's key.
pub fn suit_id(suit: Suit) -> String {
    format!("card-suit:{suit:?}")
}

/// The widget id of Enter.
pub const ENTER: &str = "card-enter";

/// The card tapped so far.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// 1 (ace) to 13 (king), or 14 and 15 for the jokers.
    rank: Option<u8>,
    suit: Option<Suit>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Rank(u8),
    Suit(Suit),
    Clear,
    Enter,
}

/// What the keys ask of the battle: take this card as the one drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Entered {
    Card(Card),
}

impl State {
    /// The card tapped, once it is whole.
    pub fn card(&self) -> Option<Card> {
        match (self.rank?, self.suit) {
            (14, _) => Some(Card::Joker(1)),
            (15, _) => Some(Card::Joker(2)),
            (r, Some(s)) => Some(Card::Suited(Rank::new(r)?, s)),
            (_, None) => None,
        }
    }

    pub fn update(&mut self, message: Message) -> Option<Entered> {
        match message {
            Message::Rank(r) => {
                self.rank = Some(r);
                if r > 13 {
                    self.suit = None;
                }
            }
            Message::Suit(s) => {
                self.suit = Some(s);
                if self.rank.is_some_and(|r| r > 13) {
                    self.rank = None;
                }
            }
            Message::Clear => *self = State::default(),
            Message::Enter => return self.card().map(Entered::Card),
        }
        None
    }

    /// How entering went: taken, the keys clear; refused, the card stays for the player to
    /// change (the reason shows where the panel shows errors).
    pub fn finished<E>(&mut self, result: &Result<(), E>) {
        if result.is_ok() {
            *self = State::default();
        }
    }

    /// The keys: the ranks, the suits, and a line with the card so far, Clear and Enter.
    pub fn view<'a, M: Clone + 'a>(
        &self,
        jokers: bool,
        on: impl Fn(Message) -> M + 'a,
    ) -> Element<'a, M> {
        const RANKS: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        let key = |label: String, on_press: M, lit: bool, id: String| {
            container(
                keypad::key(label)
                    .style(theme::toggle(lit))
                    .on_press(on_press),
            )
            .id(id)
        };
        let mut ranks = Row::new().spacing(gap::XS);
        for (i, label) in RANKS.iter().enumerate() {
            let r = i as u8 + 1;
            ranks = ranks.push(key(
                (*label).to_string(),
                on(Message::Rank(r)),
                self.rank == Some(r),
                rank_id(r),
            ));
        }
        let mut suits = Row::new().spacing(gap::XS).align_y(iced::Center);
        for s in Suit::ALL {
            let symbol = Card::Suited(Rank::ACE, s).to_string().replace('A', "");
            suits = suits.push(key(
                symbol,
                on(Message::Suit(s)),
                self.suit == Some(s),
                suit_id(s),
            ));
        }
        if jokers {
            for (n, r) in [(1, 14), (2, 15)] {
                suits = suits.push(
                    container(
                        button(text(format!("Joker {n}")).size(size::BODY))
                            .height(Length::Fixed(KEY))
                            .padding([0.0, gap::S])
                            .style(theme::toggle(self.rank == Some(r)))
                            .on_press(on(Message::Rank(r))),
                    )
                    .id(rank_id(r)),
                );
            }
        }
        let so_far = match (self.card(), self.rank, self.suit) {
            (Some(c), ..) => format!("Card drawn: {c}"),
            (None, Some(r), _) => format!("Card drawn: {} …", RANKS[usize::from(r - 1)]),
            (None, None, Some(s)) => format!(
                "Card drawn: … {}",
                Card::Suited(Rank::ACE, s).to_string().replace('A', "")
            ),
            (None, None, None) => "Or tap the card drawn on the table:".to_string(),
        };
        let done = row![
            container(parts::body(so_far)).width(Fill),
            wide_key("Clear")
                .style(theme::quiet)
                .on_press(on(Message::Clear)),
            container(
                wide_key("Enter")
                    .style(theme::action)
                    .on_press_maybe(self.card().map(|_| on(Message::Enter))),
            )
            .id(ENTER),
        ]
        .spacing(gap::XS)
        .align_y(iced::Center);
        column![
            done,
            ranks.wrap().vertical_spacing(gap::XS),
            suits.wrap().vertical_spacing(gap::XS)
        ]
        .spacing(gap::XS)
        .into()
    }
}

/// A key with a word on it, as tall as the card keys, its word in the middle.
fn wide_key<'a, M: 'a>(word: &'a str) -> button::Button<'a, M> {
    button(
        text(word)
            .size(size::BODY)
            .align_y(iced::Center)
            .height(Fill),
    )
    .height(Length::Fixed(KEY))
    .padding([0.0, gap::M])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rank_and_a_suit_make_a_card_and_a_joker_needs_no_suit() {
        let mut keys = State::default();
        assert_eq!(keys.update(Message::Enter), None, "nothing tapped");
        keys.update(Message::Rank(12));
        assert_eq!(keys.update(Message::Enter), None, "no suit yet");
        keys.update(Message::Suit(Suit::Hearts));
        assert_eq!(
            keys.update(Message::Enter),
            Some(Entered::Card("QH".parse().unwrap()))
        );
        keys.update(Message::Rank(14));
        assert_eq!(keys.card(), Some(Card::Joker(1)));
        keys.update(Message::Suit(Suit::Spades));
        assert_eq!(
            keys.card(),
            None,
            "a suit after a joker starts a card afresh"
        );
        keys.update(Message::Rank(1));
        assert_eq!(keys.card(), Some("A♠".parse().unwrap()));
        keys.update(Message::Clear);
        assert_eq!(keys.card(), None);
    }
}
